//! The battle log: lines the log panel shows, newest last.

use bevy::prelude::*;

use crate::headless::screen::Screen;

/// What happened in this battle, in words a player reads.
#[derive(Resource, Debug, Clone, Default)]
pub struct BattleLog {
    entries: Vec<String>,
}

impl BattleLog {
    /// Appends a line.
    pub fn push(&mut self, line: impl Into<String>) {
        self.entries.push(line.into());
    }

    /// All lines, oldest first.
    pub fn entries(&self) -> &[String] {
        &self.entries
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<BattleLog>();
    app.add_systems(OnEnter(Screen::MainMenu), clear_log);
}

fn clear_log(mut log: ResMut<BattleLog>) {
    *log = BattleLog::default();
}
