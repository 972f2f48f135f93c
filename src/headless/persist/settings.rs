//! The game settings a player chose last, saved in the data folder so the next new game
//! starts from them: for now the game size (FIELD-1, TEAM-5). A file written before a
//! setting existed loads with that setting at its default (every field is optional), so an
//! older settings file without a size starts games as before: at the scenario's own EB
//! limit and on its own tables.

use bevy::prelude::*;
use redline_content::game_size::GameSize;
use redline_content::store;
use serde::{Deserialize, Serialize};

use crate::headless::persist::data_dir::DataDir;
use crate::headless::persist::refusals::{Refusals, read_recording};

/// The kind written in the settings file's envelope.
pub const SETTINGS_KIND: &str = "redline-settings";
/// The settings format this build writes and reads.
pub const SETTINGS_VERSION: u32 = 1;

/// The saved game settings.
#[derive(Resource, Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameSettings {
    /// The game size last chosen, by its EB limit (100, 150 or 200); `None` plays each
    /// scenario at its own limit. Absent from older files.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub size_eb: Option<u32>,
}

impl GameSettings {
    /// The game size last chosen; a number that is none of the three sizes reads as none.
    pub fn size(&self) -> Option<GameSize> {
        self.size_eb.and_then(GameSize::from_eb)
    }

    /// Remembers `size` as the size last chosen.
    pub fn set_size(&mut self, size: Option<GameSize>) {
        self.size_eb = size.map(GameSize::eb);
    }

    /// Writes them to the data folder.
    pub fn write(&self, dir: &DataDir) -> Result<(), store::StoreError> {
        store::write(&dir.settings(), SETTINGS_KIND, SETTINGS_VERSION, self)
    }
}

/// Remembers `size` as the size last chosen and saves it in the data folder (when there is
/// one), for the next new game; a failed write is logged, the game goes on.
pub fn remember_size(settings: &mut GameSettings, dir: Option<&DataDir>, size: Option<GameSize>) {
    settings.set_size(size);
    if let Some(dir) = dir
        && let Err(e) = settings.write(dir)
    {
        warn!("the game settings were not saved: {e}");
    }
}

/// The saved settings, or their previous copy, or the defaults; a refused file is recorded
/// in `refusals` (and kept untouched), never fatal.
pub fn read_settings(dir: &DataDir, refusals: &mut Refusals) -> GameSettings {
    read_recording(&dir.settings(), SETTINGS_KIND, SETTINGS_VERSION, refusals).unwrap_or_default()
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<GameSettings>();
    app.add_systems(Startup, load_settings);
}

fn load_settings(
    mut settings: ResMut<GameSettings>,
    dir: Res<DataDir>,
    mut refusals: ResMut<Refusals>,
) {
    *settings = read_settings(&dir, &mut refusals);
}
