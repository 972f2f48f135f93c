//! The key-bindings window: each binding with its key; click one, press a key, and it is
//! saved to the data folder.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::headless::notice::Notice;
use crate::headless::persist::bindings::{Binding, Bindings, key_name};
use crate::headless::persist::data_dir::DataDir;

/// Whether the window is open.
#[derive(Resource, Debug, Clone, Copy, Default)]
pub struct SettingsOpen(pub bool);

/// The binding waiting for a key.
#[derive(Resource, Debug, Clone, Copy, Default)]
struct Listening(Option<Binding>);

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<SettingsOpen>();
    app.init_resource::<Listening>();
    app.add_systems(EguiPrimaryContextPass, settings_window);
    app.add_systems(Update, listen_for_key);
}

fn settings_window(
    mut contexts: EguiContexts,
    mut open: ResMut<SettingsOpen>,
    mut bindings: ResMut<Bindings>,
    mut listening: ResMut<Listening>,
    dir: Option<Res<DataDir>>,
    mut notice: ResMut<Notice>,
) -> Result {
    if !open.0 {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    let mut keep = true;
    egui::Window::new("Key bindings")
        .open(&mut keep)
        .resizable(false)
        .show(ctx, |ui| {
            egui::Grid::new("bindings").striped(true).show(ui, |ui| {
                for b in Binding::ALL {
                    ui.label(b.label());
                    let text = if listening.0 == Some(b) {
                        "press a key…".to_string()
                    } else {
                        key_name(bindings.key(b))
                    };
                    if ui.button(text).clicked() {
                        listening.0 = Some(b);
                    }
                    ui.end_row();
                }
            });
            ui.label(
                egui::RichText::new(
                    "Mouse: left click selects / aims, right drag orbits, middle drag pans, wheel zooms.",
                )
                .weak(),
            );
            if ui.button("Reset to defaults").clicked() {
                listening.0 = None;
                *bindings = Bindings::default();
                if let Some(dir) = dir.as_deref()
                    && let Err(e) = bindings.write(dir)
                {
                    notice.error(e.to_string());
                }
            }
        });
    open.0 = keep;
    Ok(())
}

fn listen_for_key(
    keys: Res<ButtonInput<KeyCode>>,
    mut listening: ResMut<Listening>,
    mut bindings: ResMut<Bindings>,
    dir: Option<Res<DataDir>>,
    mut notice: ResMut<Notice>,
) {
    let mut changed = false;
    if let Some(binding) = listening.0
        && let Some(key) = keys.get_just_pressed().next()
    {
        if *key != KeyCode::Escape {
            bindings.set(binding, *key);
            changed = true;
        }
        listening.0 = None;
    }
    if changed
        && let Some(dir) = dir
        && let Err(e) = bindings.write(&dir)
    {
        notice.error(e.to_string());
    }
}
