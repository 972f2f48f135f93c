//! Saved team rosters: teams a player built, by name, to pick again in the team builder.

use bevy::prelude::*;
use redline_content::store;
use redline_content::team::TeamSpec;
use serde::{Deserialize, Serialize};

use crate::headless::persist::data_dir::DataDir;
use crate::headless::persist::refusals::{Refusals, read_recording};

/// The kind written in the roster file's envelope.
pub const ROSTERS_KIND: &str = "redline-rosters";
/// The roster format this build writes and reads.
pub const ROSTERS_VERSION: u32 = 1;

/// One saved team.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Roster {
    /// The name the player gave it.
    pub name: String,
    /// The EB limit it was built for.
    pub eb_limit: u32,
    /// The team.
    pub team: TeamSpec,
}

/// Every saved roster, by name.
#[derive(Resource, Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Rosters {
    /// In the order saved; names are unique.
    pub list: Vec<Roster>,
}

impl Rosters {
    /// Adds a roster, replacing one of the same name.
    pub fn put(&mut self, roster: Roster) {
        match self.list.iter_mut().find(|r| r.name == roster.name) {
            Some(existing) => *existing = roster,
            None => self.list.push(roster),
        }
    }

    /// Writes them to the data folder.
    pub fn write(&self, dir: &DataDir) -> Result<(), store::StoreError> {
        store::write(&dir.rosters(), ROSTERS_KIND, ROSTERS_VERSION, self)
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Rosters>();
    app.add_systems(Startup, load_rosters);
}

fn load_rosters(mut rosters: ResMut<Rosters>, dir: Res<DataDir>, mut refusals: ResMut<Refusals>) {
    if let Some(loaded) =
        read_recording::<Rosters>(&dir.rosters(), ROSTERS_KIND, ROSTERS_VERSION, &mut refusals)
    {
        *rosters = loaded;
    }
}
