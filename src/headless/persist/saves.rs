//! Saved games: a save is the match's replay (setup, seed, every command with the state
//! hash after it) plus the app's record of the match. Loading plays the replay again and
//! checks every hash and the final one, so a save that doesn't reproduce is refused, not
//! half-loaded. The autosave follows the match's messages: written when a match starts and
//! after every activation, removed when the game ends; the main menu offers "Continue"
//! while it loads, and when it is refused says why and offers its previous copy if that
//! loads ([`AutosaveState`]). A campaign's game is not autosaved: the campaign keeps it beside its
//! own file (`campaign::battle`), so "Continue" never plays it as a one-off whose result the
//! campaign would not see, nor replaces or removes a one-off game's autosave.

use std::path::{Path, PathBuf};

use bevy::prelude::*;
use redline_content::store::{self, StoreError};
use redline_rules::{REPLAY_VERSION, Replay, ReplayError};
use serde::{Deserialize, Serialize};

use crate::headless::game::match_state::{CampaignGame, Match, OnlineGame};
use crate::headless::game::messages::{ActivationClosed, MatchEnded, MatchStarted};
use crate::headless::game::meta::MatchMeta;
use crate::headless::notice::Notice;
use crate::headless::persist::data_dir::DataDir;
use crate::headless::persist::refusals::{Refusal, Refusals};
use crate::headless::schedule::PlaySystems;
use crate::headless::screen::Screen;

/// The kind written in every save's envelope.
pub const SAVE_KIND: &str = "redline-save";
/// The save format this build writes and reads.
pub const SAVE_VERSION: u32 = 1;

/// What a save file holds.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct SaveFile {
    /// Scenario, layout, seats, kit.
    pub meta: MatchMeta,
    /// Setup, seed and every command.
    pub replay: Replay,
    /// `Game::state_hash` when saved; loading must arrive at the same.
    pub state_hash: u64,
    /// Seconds since 1970 when saved.
    pub saved_at: u64,
}

/// Why a save can't be loaded. Nothing on disk is changed by a failed load.
#[derive(Debug, thiserror::Error)]
pub enum LoadError {
    /// The file is missing, damaged, of another kind or from a newer version.
    #[error(transparent)]
    Store(#[from] StoreError),
    /// The replay inside doesn't play back.
    #[error("{}: the saved game does not play back: {source}", .path.display())]
    Replay {
        /// The file.
        path: PathBuf,
        /// Where it went wrong.
        source: ReplayError,
    },
    /// The replay plays back to another state than the one saved.
    #[error(
        "{}: the saved game plays back to another state (hash {found:016x}, saved {saved:016x})",
        .path.display()
    )]
    Hash {
        /// The file.
        path: PathBuf,
        /// Hash in the file.
        saved: u64,
        /// Hash reached.
        found: u64,
    },
}

/// A save shown in the load list.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SaveEntry {
    /// The file.
    pub path: PathBuf,
    /// Its name without the folder and `.ron`.
    pub name: String,
}

impl SaveFile {
    /// The save of a match as it stands.
    pub fn of(current: &Match) -> SaveFile {
        SaveFile {
            meta: current.meta.clone(),
            replay: current.replay().clone(),
            state_hash: current.game().state_hash(),
            saved_at: crate::headless::clock::since_epoch().map_or(0, |d| d.as_secs()),
        }
    }
}

/// Writes the match to `path` (atomically; the file it replaces is kept as the previous
/// copy).
pub fn save_match(path: &Path, current: &Match) -> Result<(), StoreError> {
    store::write(path, SAVE_KIND, SAVE_VERSION, &SaveFile::of(current))
}

/// Reads a save and plays it back; the match continues exactly where it was saved.
pub fn load_match(path: &Path) -> Result<Match, LoadError> {
    let save: SaveFile = store::read(path, SAVE_KIND, SAVE_VERSION)?;
    resume(path, save)
}

/// Plays a read save back and checks it reproduces.
pub fn resume(path: &Path, save: SaveFile) -> Result<Match, LoadError> {
    let replay_error = |source| LoadError::Replay {
        path: path.to_owned(),
        source,
    };
    if save.replay.version != REPLAY_VERSION {
        return Err(replay_error(ReplayError::Version {
            found: save.replay.version,
            supported: REPLAY_VERSION,
        }));
    }
    let game = save.replay.verify().map_err(replay_error)?;
    let found = game.state_hash();
    if found != save.state_hash {
        return Err(LoadError::Hash {
            path: path.to_owned(),
            saved: save.state_hash,
            found,
        });
    }
    Ok(Match::resumed(game, save.replay, save.meta))
}

/// The saved games in the data folder, autosave first, then by name.
pub fn list_saves(dir: &DataDir) -> Vec<SaveEntry> {
    let mut entries: Vec<SaveEntry> = store::list(&dir.saves())
        .into_iter()
        .filter(|p| p.extension().is_some_and(|x| x == "ron"))
        .map(|path| SaveEntry {
            name: path
                .file_stem()
                .map_or_else(String::new, |s| s.to_string_lossy().into_owned()),
            path,
        })
        .collect();
    entries.sort_by(|a, b| (a.name != "autosave", &a.name).cmp(&(b.name != "autosave", &b.name)));
    entries
}

/// Asks to save or load.
#[derive(Message, Debug, Clone, PartialEq, Eq)]
pub enum SaveIntent {
    /// Save the match under this name.
    Save(String),
}

pub(super) fn plugin(app: &mut App) {
    app.add_message::<SaveIntent>();
    app.add_systems(
        Update,
        save_on_request
            .in_set(PlaySystems::Apply)
            .run_if(resource_exists::<Match>),
    );
    app.add_systems(Update, follow_the_match.in_set(PlaySystems::Derive));
    app.init_resource::<AutosaveState>();
    app.add_systems(OnEnter(Screen::MainMenu), check_on_menu);
}

/// What the match says about keeping it.
#[derive(bevy::ecs::system::SystemParam)]
struct MatchNews<'w, 's> {
    started: MessageReader<'w, 's, MatchStarted>,
    closed: MessageReader<'w, 's, ActivationClosed>,
    ended: MessageReader<'w, 's, MatchEnded>,
}

/// The autosave follows a one-off match: written as it starts and after each activation, so
/// a crash can be continued, and removed once the game is over. A campaign keeps its own
/// game, and an online match is kept by its host.
fn follow_the_match(
    mut news: MatchNews,
    current: Option<Res<Match>>,
    dir: Res<DataDir>,
    kept_elsewhere: (Option<Res<CampaignGame>>, Option<Res<OnlineGame>>),
    mut notice: ResMut<Notice>,
) {
    let started = news.started.read().count() > 0;
    let closed = news.closed.read().count() > 0;
    let ended = news.ended.read().count() > 0;
    let (campaign, online) = kept_elsewhere;
    let Some(current) = current.filter(|_| campaign.is_none() && online.is_none()) else {
        return;
    };
    if ended {
        if let Err(e) = store::remove(&dir.autosave()) {
            notice.error(e.to_string());
        }
    } else if started || closed {
        autosave(&dir, &current, &mut notice);
    }
}

fn save_on_request(
    mut requests: MessageReader<SaveIntent>,
    current: Res<Match>,
    dir: Res<DataDir>,
    kept_elsewhere: (Option<Res<CampaignGame>>, Option<Res<OnlineGame>>),
    mut notice: ResMut<Notice>,
) {
    let (campaign, online) = kept_elsewhere;
    for SaveIntent::Save(name) in requests.read() {
        if online.is_some() {
            notice.error(
                "An online match is kept by its host after every activation: to go on later, \
                 join it again with your code.",
            );
            continue;
        }
        // A copy loaded from the menu would be played as a one-off game whose result the
        // campaign never sees; the campaign keeps its game after every command itself.
        if campaign.is_some() {
            notice.error(
                "A campaign's game is kept with the campaign after every step: to go on later, \
                 open the campaign and choose \"Resume the battle\".",
            );
            continue;
        }
        let path = dir.save_named(name);
        match save_match(&path, &current) {
            Ok(()) => notice.info(format!("Saved to {}", path.display())),
            Err(e) => notice.error(e.to_string()),
        }
    }
}

/// Writes the autosave; a failure is reported, never fatal.
pub fn autosave(dir: &DataDir, current: &Match, notice: &mut Notice) {
    if let Err(e) = save_match(&dir.autosave(), current) {
        notice.error(format!("Autosave failed: {e}"));
    }
}

/// What the main menu can offer for the unfinished game, checked when the menu opens.
#[derive(Resource, Debug, Clone, Default, PartialEq, Eq)]
pub enum AutosaveState {
    /// No autosave (and no previous copy): nothing to continue.
    #[default]
    Nothing,
    /// The autosave loads and plays back: "Continue" is offered.
    Ready,
    /// The autosave is refused (kept untouched); "Continue" is not offered, its previous
    /// copy is when the refusal names one that loads.
    Refused(Refusal),
}

impl AutosaveState {
    /// Whether "Continue" (the autosave itself) is offered.
    pub fn can_continue(&self) -> bool {
        matches!(self, AutosaveState::Ready)
    }

    /// The previous copy offered instead of a refused autosave.
    pub fn previous(&self) -> Option<&Path> {
        match self {
            AutosaveState::Refused(r) => r.previous.as_deref(),
            _ => None,
        }
    }
}

/// Checks the autosave as loading would (read, play back, compare the hash), and its
/// previous copy when the autosave is refused. Nothing on disk is changed.
pub fn check_autosave(dir: &DataDir) -> AutosaveState {
    let path = dir.autosave();
    let previous = store::previous_path(&path);
    match load_match(&path) {
        Ok(_) => AutosaveState::Ready,
        Err(e) => {
            let prev_loads = load_match(&previous).is_ok();
            if is_missing(&e) && !prev_loads {
                return AutosaveState::Nothing;
            }
            let reason = if is_missing(&e) {
                "the autosave is missing (a write was interrupted)".to_owned()
            } else {
                e.to_string()
            };
            AutosaveState::Refused(Refusal::new(&path, reason, prev_loads.then_some(previous)))
        }
    }
}

fn is_missing(e: &LoadError) -> bool {
    matches!(e, LoadError::Store(s) if s.is_missing())
}

/// Loads the autosave itself (never its previous copy: that one is offered by name).
pub fn load_autosave(dir: &DataDir) -> Result<Match, LoadError> {
    load_match(&dir.autosave())
}

/// Loads the autosave's previous copy.
pub fn load_previous_autosave(dir: &DataDir) -> Result<Match, LoadError> {
    load_match(&store::previous_path(&dir.autosave()))
}

fn check_on_menu(mut commands: Commands, dir: Res<DataDir>, mut refusals: ResMut<Refusals>) {
    let state = check_autosave(&dir);
    if let AutosaveState::Refused(r) = &state {
        warn!("{}", r.sentence());
        refusals.push(r.clone());
    }
    commands.insert_resource(state);
}
