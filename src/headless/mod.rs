//! The match layer: everything the app does with no window, no rendering and no egui. The
//! `Screen` state, the flow of a match from the main menu to its result (`flow`), the match
//! itself and its words (`game`), what is kept on disk (`persist`), campaigns (`campaign`),
//! the terrain planner (`planner`) and online play (`online`). The view layer (`table`,
//! `screens`, `smoke`) reads it and sends it intents; nothing here imports the view.
//!
//! Needs `StatesPlugin` (part of `DefaultPlugins`; add it by hand next to `MinimalPlugins`).
//! Insert [`options::LaunchOptions`] (e.g. with `data_dir`) and [`content::Content`] before
//! adding it to change their defaults.

use bevy::prelude::*;

pub mod campaign;
pub mod clock;
pub mod content;
pub mod flow;
pub mod game;
pub mod notice;
pub mod online;
pub mod options;
pub mod persist;
pub mod planner;
pub mod schedule;
pub mod screen;
#[cfg(target_arch = "wasm32")]
pub mod web_files;

/// The match layer's plugin.
pub fn plugin(app: &mut App) {
    app.init_resource::<options::LaunchOptions>();
    app.init_resource::<content::Content>();
    app.init_resource::<notice::Notice>();
    app.add_plugins((
        schedule::plugin,
        content::plugin,
        screen::plugin,
        game::plugin,
        flow::plugin,
        persist::plugin,
        campaign::plugin,
        planner::plugin,
        online::plugin,
    ));
}
