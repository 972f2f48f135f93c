//! Redline, the Bevy app, in two layers: the match layer ([`headless`]: screen states, the
//! flow of a match, saves, campaigns and the terrain planner, with no window) and the view
//! over it ([`table`]: the 3D table; `screens`: the egui screens; `smoke`: the screenshot
//! run), which reads the match layer and sends it intents. `tests/` plays the app with
//! [`headless::plugin`] and [`table::plugin`] under `MinimalPlugins`.
//! [`RedlinePlugin`] is the whole game: Bevy's default plugins, third-party plugins,
//! rendering, camera, panels and, with `--smoke`, the screenshot run.

use bevy::prelude::*;
use bevy::render::RenderPlugin;

pub mod headless;
mod screens;
mod smoke;
pub mod table;
mod third_party;
#[cfg(target_arch = "wasm32")]
mod web_probe;

use headless::options::LaunchOptions;

/// The whole game, as `main.rs` runs it.
pub struct RedlinePlugin {
    /// The parsed command line.
    pub options: LaunchOptions,
    /// The content: the embedded starter pack plus any `--pack`.
    pub catalog: redline_content::Catalog,
}

/// The game's window: 1280 x 720 on the desktop; in the browser the page's `#redline` canvas,
/// filling its parent (`web/index.html`).
fn primary_window() -> Window {
    Window {
        title: "Redline".into(),
        resolution: (1280, 720).into(),
        ..platform_window()
    }
}

#[cfg(not(target_arch = "wasm32"))]
fn platform_window() -> Window {
    Window::default()
}

#[cfg(target_arch = "wasm32")]
fn platform_window() -> Window {
    Window {
        canvas: Some("#redline".into()),
        fit_canvas_to_parent: true,
        ..default()
    }
}

impl Plugin for RedlinePlugin {
    fn build(&self, app: &mut App) {
        let smoke = self.options.smoke.is_some();
        app.add_plugins(
            DefaultPlugins
                .set(WindowPlugin {
                    primary_window: Some(primary_window()),
                    ..default()
                })
                .set(RenderPlugin {
                    // A smoke run must not photograph a scene whose pipelines are still
                    // compiling in the background.
                    synchronous_pipeline_compilation: smoke,
                    ..default()
                }),
        );
        // A turn-based table draws on input and while something moves (`table::pace`); the
        // smoke run has no input, so it draws continuously.
        let pace = if smoke {
            table::pace::Pace::Always
        } else {
            table::pace::Pace::Idle
        };
        app.insert_resource(pace).insert_resource(pace.settings());
        app.insert_resource(self.options.clone());
        // The loaded content (packs listed in the log).
        let packs: Vec<String> = self
            .catalog
            .packs
            .iter()
            .map(|p| format!("{} v{}", p.id, p.version))
            .collect();
        info!("content packs: {}", packs.join(", "));
        app.insert_resource(headless::content::Content(self.catalog.clone()));
        app.add_plugins((
            third_party::plugin,
            headless::plugin,
            table::plugin,
            table::view_plugin,
            screens::plugin,
        ));
        if smoke {
            app.add_plugins(smoke::plugin);
        }
        // The browser test's window on the app (`data-redline-*` on the page's body).
        #[cfg(target_arch = "wasm32")]
        app.add_plugins(web_probe::plugin);
    }
}
