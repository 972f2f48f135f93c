//! The main menu's choices: a new hot-seat, solo or co-op game, a quick skirmish, host or join an
//! online match, continue the autosaved game, load a save, the terrain planner, back to the
//! menu, quit.

use std::path::{Path, PathBuf};

use bevy::prelude::*;
use redline_content::store;

use crate::headless::content::Content;
use crate::headless::flow::coop::CoopSetup;
use crate::headless::flow::new_game::NewGame;
use crate::headless::flow::start::begin_match;
use crate::headless::game::feed::log_of_replay;
use crate::headless::game::log::BattleLog;
use crate::headless::game::match_state::Match;
use crate::headless::game::quick::quick_match;
use crate::headless::notice::Notice;
use crate::headless::options::LaunchOptions;
use crate::headless::persist::data_dir::DataDir;
use crate::headless::persist::refusals::{Refusal, Refusals};
use crate::headless::persist::saves::{self, LoadError};
use crate::headless::persist::settings::GameSettings;
use crate::headless::schedule::{AppSystems, PlaySystems};
use crate::headless::screen::{Screen, loading_done};

/// A main-menu choice (or "back to the menu" from anywhere).
#[derive(Message, Debug, Clone, PartialEq, Eq)]
pub enum MenuIntent {
    /// Set up a new hot-seat game.
    NewGame,
    /// Set up a new solo game (seat 2 played by the computer; changeable in the settings).
    NewSolo,
    /// Set up a new co-op game: two or three people against the computer's crews (COOP-1).
    NewCoop,
    /// Play the starter pack's quick skirmish straight away.
    QuickSkirmish,
    /// Continue the autosaved game (offered only when it loads).
    Continue,
    /// Continue from the autosave's previous copy (offered when the autosave is refused and
    /// the copy loads).
    ContinuePrevious,
    /// Load a saved game.
    Load(PathBuf),
    /// Open the terrain planner.
    Planner,
    /// Host an online match (its settings first).
    HostOnline,
    /// Join an online match with a code.
    JoinOnline,
    /// Back to the main menu.
    ToMenu,
    /// Leave the game.
    Quit,
}

pub(super) fn plugin(app: &mut App) {
    app.add_message::<MenuIntent>();
    app.add_systems(Update, apply_menu.in_set(PlaySystems::Apply));
    app.add_systems(
        Update,
        leave_loading
            .in_set(AppSystems::Update)
            .run_if(in_state(Screen::Loading).and_then(loading_done)),
    );
}

/// The Loading screen leaves for the first real screen once nothing holds it: the starter
/// pack is embedded in the binary (DESIGN.md §4) and ready at once; the view holds the
/// screen while its textures load. With `--battle` (or a smoke scene of the battle) the
/// quick skirmish starts right away.
fn leave_loading(
    options: Res<LaunchOptions>,
    mut next: ResMut<NextState<Screen>>,
    mut menu: MessageWriter<MenuIntent>,
) {
    next.set(options.first_screen());
    if options.quick_battle() {
        menu.write(MenuIntent::QuickSkirmish);
    }
}

fn apply_menu(
    mut commands: Commands,
    mut intents: MessageReader<MenuIntent>,
    content: Res<Content>,
    (dir, settings): (Res<DataDir>, Res<GameSettings>),
    said: (ResMut<Notice>, ResMut<Refusals>),
    mut next: ResMut<NextState<Screen>>,
    mut exit: MessageWriter<AppExit>,
) {
    let (mut notice, mut refusals) = said;
    for intent in intents.read() {
        match intent {
            MenuIntent::NewGame => {
                let game = NewGame::new(&content.0).with_settings(&content.0, &settings);
                commands.insert_resource(game);
                *notice = Notice::default();
                next.set(Screen::Setup);
            }
            MenuIntent::NewSolo => {
                let game = NewGame::solo(&content.0).with_settings(&content.0, &settings);
                commands.insert_resource(game);
                *notice = Notice::default();
                next.set(Screen::Setup);
            }
            MenuIntent::NewCoop => {
                commands.insert_resource(CoopSetup::new(&content.0));
                *notice = Notice::default();
                next.set(Screen::CoopSetup);
            }
            MenuIntent::QuickSkirmish => match quick_match(&content.0, 1) {
                Ok(started) => {
                    commands.insert_resource(BattleLog::default());
                    begin_match(&mut commands, started, None);
                }
                Err(e) => notice.error(e.to_string()),
            },
            MenuIntent::Continue => {
                let loaded = saves::load_autosave(&dir);
                let said = resume(&mut commands, loaded, &dir.autosave());
                report(said, &mut notice, &mut refusals);
            }
            MenuIntent::ContinuePrevious => {
                let loaded = saves::load_previous_autosave(&dir);
                let path = store::previous_path(&dir.autosave());
                report(
                    resume(&mut commands, loaded, &path),
                    &mut notice,
                    &mut refusals,
                );
            }
            MenuIntent::Load(path) => {
                let loaded = saves::load_match(path);
                report(
                    resume(&mut commands, loaded, path),
                    &mut notice,
                    &mut refusals,
                );
            }
            MenuIntent::Planner => {
                *notice = Notice::default();
                next.set(Screen::Planner);
            }
            MenuIntent::HostOnline => {
                *notice = Notice::default();
                next.set(Screen::HostOnline);
            }
            MenuIntent::JoinOnline => {
                *notice = Notice::default();
                next.set(Screen::JoinOnline);
            }
            MenuIntent::ToMenu => next.set(Screen::MainMenu),
            MenuIntent::Quit => {
                exit.write(AppExit::Success);
            }
        }
    }
}

/// Tells the player how a load went; a refused file is recorded with its reason.
fn report(loaded: Result<(), Refusal>, notice: &mut Notice, refusals: &mut Refusals) {
    match loaded {
        Ok(()) => notice.info("Game loaded."),
        Err(refusal) => {
            notice.error(refusal.sentence());
            refusals.push(refusal);
        }
    }
}

fn resume(
    commands: &mut Commands,
    loaded: Result<Match, LoadError>,
    path: &Path,
) -> Result<(), Refusal> {
    let resumed = loaded.map_err(|e| {
        // A refused save offers its previous copy when that one loads.
        let previous = store::previous_path(path);
        let loads = saves::load_match(&previous).is_ok();
        Refusal::new(path, e, loads.then_some(previous))
    })?;
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
    begin_match(commands, resumed, None);
    Ok(())
}
