//! The user's data folder: `--data-dir DIR`, else `$XDG_DATA_HOME/redline`, else
//! `~/.local/share/redline` (`%APPDATA%\redline` on Windows), else `./redline-data`.

use std::path::{Path, PathBuf};

use bevy::prelude::*;

use crate::headless::options::LaunchOptions;

/// Where saves, rosters and settings live.
#[derive(Resource, Debug, Clone, PartialEq, Eq)]
pub struct DataDir(pub PathBuf);

impl DataDir {
    /// The folder of saved games.
    pub fn saves(&self) -> PathBuf {
        self.0.join("saves")
    }

    /// The autosave, written after every activation.
    pub fn autosave(&self) -> PathBuf {
        self.saves().join("autosave.ron")
    }

    /// A named save.
    pub fn save_named(&self, name: &str) -> PathBuf {
        self.saves().join(format!("{}.ron", file_stem(name)))
    }

    /// The team rosters.
    pub fn rosters(&self) -> PathBuf {
        self.0.join("rosters.ron")
    }

    /// The folder of layouts saved in the planner.
    pub fn layouts(&self) -> PathBuf {
        self.0.join("layouts")
    }

    /// The folder exports are written to: the planner's PDF, SVG and PNG, exported
    /// campaigns.
    pub fn exports(&self) -> PathBuf {
        self.0.join("exports")
    }

    /// The folder of campaign files (each with its seats and kept battle beside it).
    pub fn campaigns(&self) -> PathBuf {
        self.0.join("campaigns")
    }

    /// The key bindings.
    pub fn bindings(&self) -> PathBuf {
        self.0.join("bindings.ron")
    }

    /// The game settings last chosen (the game size).
    pub fn settings(&self) -> PathBuf {
        self.0.join("settings.ron")
    }
}

/// A name made safe for a file: letters, digits, `-` and `_` kept, the rest become `_`.
pub fn file_stem(name: &str) -> String {
    let stem: String = name
        .trim()
        .chars()
        .map(|c| {
            if c.is_alphanumeric() || c == '-' || c == '_' {
                c
            } else {
                '_'
            }
        })
        .collect();
    if stem.is_empty() {
        "save".to_string()
    } else {
        stem
    }
}

/// The default data folder from the environment.
pub fn default_dir() -> PathBuf {
    let env = |name: &str| std::env::var_os(name).filter(|v| !v.is_empty());
    if let Some(xdg) = env("XDG_DATA_HOME") {
        return Path::new(&xdg).join("redline");
    }
    if cfg!(windows)
        && let Some(appdata) = env("APPDATA")
    {
        return Path::new(&appdata).join("redline");
    }
    if let Some(home) = env("HOME") {
        return Path::new(&home).join(".local/share/redline");
    }
    PathBuf::from("redline-data")
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(PreStartup, choose_dir);
}

fn choose_dir(mut commands: Commands, options: Res<LaunchOptions>) {
    let dir = options.data_dir.clone().unwrap_or_else(default_dir);
    info!("data folder: {}", dir.display());
    commands.insert_resource(DataDir(dir));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn save_names_become_safe_file_names() {
        assert_eq!(file_stem("Friday night!"), "Friday_night_");
        assert_eq!(file_stem("../etc"), "___etc");
        assert_eq!(file_stem("  "), "save");
    }
}
