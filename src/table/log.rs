//! The battle log: lines the log panel shows, newest last.

use bevy::prelude::*;

use crate::headless::screen::Screen;
use crate::table::scene::BattleScene;

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
    app.add_systems(OnEnter(Screen::Battle), start_log);
    app.add_systems(OnEnter(Screen::MainMenu), clear_log);
}

fn clear_log(mut log: ResMut<BattleLog>) {
    *log = BattleLog::default();
}

/// Opens a new battle's log with the table and the teams; a loaded game's log (played
/// back from its replay) is kept as it is.
fn start_log(mut log: ResMut<BattleLog>, scene: Res<BattleScene>) {
    if !log.entries().is_empty() {
        return;
    }
    log.push(format!(
        "Table set: {} ({}\" × {}\"), {} scenery pieces.",
        scene.name,
        scene.table.depth,
        scene.table.width,
        scene.scenery.len()
    ));
    for (seat, team) in scene.teams.iter().enumerate() {
        let models = scene.miniatures.iter().filter(|m| m.team == seat).count();
        log.push(format!(
            "{} brings {models} models and {} Luck.",
            team.name, team.luck
        ));
    }
}
