//! Redline, the Bevy app: screens, the 3D battle view, egui panels and the smoke mode.
//!
//! [`core_plugin`] holds the logic that needs no window or GPU (screen states, the whole
//! flow of a match in `play`, saves and settings in `persist`, the battle's entities,
//! selection, the Limiter), so `tests/` can play a match under `MinimalPlugins`.
//! [`RedlinePlugin`] is the whole game: Bevy's default plugins, third-party plugins,
//! rendering, camera, panels and, with `--smoke`, the screenshot run.

use bevy::prelude::*;
use bevy::render::RenderPlugin;
use bevy::winit::WinitSettings;

pub mod battle;
pub mod campaign;
pub mod options;
pub mod persist;
pub mod play;
pub mod screens;

mod camera;
mod render_quality;
mod smoke;
mod third_party;
mod ui;

use options::LaunchOptions;

/// The app's `Update` systems run in these sets, in this order.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum AppSystems {
    /// Advance timers.
    TickTimers,
    /// Turn input (clicks, keys, the smoke script) into requests.
    RecordInput,
    /// Everything else: apply requests, update entities.
    Update,
}

/// Logic that runs headless: states, the match flow, persistence, battle entities,
/// selection and the Limiter.
///
/// Needs `StatesPlugin` (part of `DefaultPlugins`; add it by hand next to `MinimalPlugins`).
/// Insert [`options::LaunchOptions`] (e.g. with `data_dir`) and [`play::Content`] before
/// adding it to change their defaults.
pub fn core_plugin(app: &mut App) {
    app.configure_sets(
        Update,
        (
            AppSystems::TickTimers,
            AppSystems::RecordInput,
            AppSystems::Update,
        )
            .chain(),
    );
    app.init_resource::<LaunchOptions>();
    app.add_plugins((
        screens::plugin,
        play::plugin,
        persist::plugin,
        battle::plugin,
        campaign::plugin,
    ));
}

/// The whole game, as `main.rs` runs it.
pub struct RedlinePlugin {
    /// The parsed command line.
    pub options: LaunchOptions,
    /// The content: the embedded starter pack plus any `--pack`.
    pub catalog: redline_content::Catalog,
}

impl Plugin for RedlinePlugin {
    fn build(&self, app: &mut App) {
        let smoke = self.options.smoke.is_some();
        app.add_plugins(
            DefaultPlugins
                .set(WindowPlugin {
                    primary_window: Some(Window {
                        title: "Redline".into(),
                        resolution: (1280, 720).into(),
                        ..default()
                    }),
                    ..default()
                })
                .set(RenderPlugin {
                    // A smoke run must not photograph a scene whose pipelines are still
                    // compiling in the background.
                    synchronous_pipeline_compilation: smoke,
                    ..default()
                }),
        );
        // A turn-based table only needs to redraw on input or animation; the smoke run
        // has no input, so it renders continuously.
        app.insert_resource(if smoke {
            WinitSettings::continuous()
        } else {
            WinitSettings::desktop_app()
        });
        app.insert_resource(self.options.clone());
        // The quick skirmish, from the loaded content (packs listed in the log).
        let packs: Vec<String> = self
            .catalog
            .packs
            .iter()
            .map(|p| format!("{} v{}", p.id, p.version))
            .collect();
        info!("content packs: {}", packs.join(", "));
        app.insert_resource(
            battle::scene::BattleScene::starter_from(&self.catalog)
                .expect("the starter pack's quick skirmish is always in the catalog"),
        );
        app.insert_resource(play::Content(self.catalog.clone()));
        app.add_plugins((
            third_party::plugin,
            core_plugin,
            render_quality::plugin,
            battle::visuals::plugin,
            camera::plugin,
            ui::plugin,
        ));
        if smoke {
            app.add_plugins(smoke::plugin);
        }
    }
}
