//! What every app test does to drive the headless app: a fresh data folder, the real
//! `core_plugin` under `MinimalPlugins`, sending an intent and reading the screen.

use std::path::{Path, PathBuf};

use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use redline::options::LaunchOptions;
use redline::screens::Screen;

/// An empty data folder of this test process, named after the test.
pub fn data_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("redline-app-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

/// The app on a data folder, updated twice so the loading screen has opened the menu.
pub fn new_app(dir: &Path) -> App {
    let mut app = App::new();
    app.insert_resource(LaunchOptions {
        data_dir: Some(dir.to_owned()),
        ..default()
    });
    app.add_plugins((MinimalPlugins, StatesPlugin, redline::core_plugin));
    app.update();
    app.update();
    app
}

/// The screen the app shows.
pub fn screen(app: &App) -> Screen {
    *app.world().resource::<State<Screen>>().get()
}

/// Sends one intent, as a click on a screen does, and runs a frame.
pub fn send<M: Message>(app: &mut App, message: M) {
    app.world_mut().write_message(message);
    app.update();
}
