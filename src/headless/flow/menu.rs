//! The main menu's choices: a new hot-seat or solo game, a quick skirmish, continue the autosaved
//! game, load a save, the terrain planner, back to the menu, quit.

use std::path::PathBuf;

use bevy::prelude::*;
use redline_content::Catalog;
use redline_content::skirmish::{SkirmishError, quick_team, skirmish};
use redline_content::team::TeamRules;

use crate::headless::content::Content;
use crate::headless::flow::battle::begin_match;
use crate::headless::flow::new_game::NewGame;
use crate::headless::game::feed::log_of_replay;
use crate::headless::game::match_state::Match;
use crate::headless::game::meta::MatchMeta;
use crate::headless::notice::Notice;
use crate::headless::persist::data_dir::DataDir;
use crate::headless::persist::saves::{self, LoadError};
use crate::headless::schedule::PlaySystems;
use crate::headless::screen::Screen;
use crate::table::log::BattleLog;
use crate::table::starter_scene::{QUICK_FACTIONS, QUICK_SCENARIO};

/// A main-menu choice (or "back to the menu" from anywhere).
#[derive(Message, Debug, Clone, PartialEq, Eq)]
pub enum MenuIntent {
    /// Set up a new hot-seat game.
    NewGame,
    /// Set up a new solo game (seat 2 played by the computer; changeable in the settings).
    NewSolo,
    /// Play the starter pack's quick skirmish straight away.
    QuickSkirmish,
    /// Continue the autosaved game.
    Continue,
    /// Load a saved game.
    Load(PathBuf),
    /// Open the terrain planner.
    Planner,
    /// Back to the main menu.
    ToMenu,
    /// Leave the game.
    Quit,
}

/// The quick skirmish as a match: [`QUICK_SCENARIO`] on its first layout, the quick team of
/// each of [`QUICK_FACTIONS`], deployed by the skirmish set-up, shared screen.
pub fn quick_match(catalog: &Catalog, seed: u64) -> Result<Match, SkirmishError> {
    let rules = TeamRules::one_off(
        catalog
            .scenarios
            .get(QUICK_SCENARIO)
            .map_or(100, |s| s.eb_limit),
    );
    let teams = QUICK_FACTIONS
        .iter()
        .map(|f| quick_team(catalog, f, &rules))
        .collect::<Result<Vec<_>, _>>()?;
    let set_up = skirmish(catalog, QUICK_SCENARIO, None, &teams, seed)?;
    let meta = MatchMeta::of_skirmish(catalog, &set_up, &teams, false);
    Match::new(set_up.setup, seed, meta).map_err(|e| SkirmishError::BadTable {
        layout: QUICK_SCENARIO.into(),
        reason: e.to_string(),
    })
}

pub(super) fn plugin(app: &mut App) {
    app.add_message::<MenuIntent>();
    app.add_systems(Update, apply_menu.in_set(PlaySystems::Apply));
}

fn apply_menu(
    mut commands: Commands,
    mut intents: MessageReader<MenuIntent>,
    content: Res<Content>,
    dir: Res<DataDir>,
    mut notice: ResMut<Notice>,
    mut next: ResMut<NextState<Screen>>,
    mut exit: MessageWriter<AppExit>,
) {
    for intent in intents.read() {
        match intent {
            MenuIntent::NewGame => {
                commands.insert_resource(NewGame::new(&content.0));
                *notice = Notice::default();
                next.set(Screen::Setup);
            }
            MenuIntent::NewSolo => {
                commands.insert_resource(NewGame::solo(&content.0));
                *notice = Notice::default();
                next.set(Screen::Setup);
            }
            MenuIntent::QuickSkirmish => match quick_match(&content.0, 1) {
                Ok(started) => {
                    commands.insert_resource(BattleLog::default());
                    begin_match(&mut commands, &content.0, started, true);
                }
                Err(e) => notice.error(e.to_string()),
            },
            MenuIntent::Continue => resume(
                &mut commands,
                &content.0,
                saves::load_autosave(&dir),
                &mut notice,
            ),
            MenuIntent::Load(path) => resume(
                &mut commands,
                &content.0,
                saves::load_match(path),
                &mut notice,
            ),
            MenuIntent::Planner => {
                *notice = Notice::default();
                next.set(Screen::Planner);
            }
            MenuIntent::ToMenu => next.set(Screen::MainMenu),
            MenuIntent::Quit => {
                exit.write(AppExit::Success);
            }
        }
    }
}

fn resume(
    commands: &mut Commands,
    catalog: &Catalog,
    loaded: Result<Match, LoadError>,
    notice: &mut Notice,
) {
    match loaded {
        Ok(resumed) => {
            let mut log = BattleLog::default();
            for line in log_of_replay(resumed.replay(), &resumed.meta) {
                log.push(line);
            }
            log.push(format!(
                "Game loaded: turn {}, {}.",
                resumed.game().turns() + 1,
                resumed.meta.scenario_name
            ));
            commands.insert_resource(log);
            notice.info("Game loaded.");
            begin_match(commands, catalog, resumed, true);
        }
        Err(e) => notice.error(e.to_string()),
    }
}
