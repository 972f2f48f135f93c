//! The `Match` resource: the rules `Game` being played, its replay (setup, seed, every
//! command with the state hash after it) and the app's record of it. The UI only ever
//! answers the game's current decision through [`Match::answer`]; nothing here decides a
//! rule.

use bevy::prelude::*;
use redline_rules::{Command, Event, Game, Replay, RuleError, Seat, Setup, SetupError};

use crate::headless::game::meta::MatchMeta;

/// A game state to go back to: taken before a step that rolled no dice and revealed
/// nothing, while the same player is still deciding.
#[derive(Debug, Clone)]
struct UndoPoint {
    game: Game,
    steps: usize,
    seat: Seat,
}

/// The match in play.
#[derive(Resource, Debug, Clone)]
pub struct Match {
    game: Game,
    replay: Replay,
    /// Scenario, layout, seats, kit.
    pub meta: MatchMeta,
    undo: Vec<UndoPoint>,
    /// Why the last command was refused, for the prompt.
    pub last_refusal: Option<String>,
}

impl Match {
    /// Starts a match from a setup: one that leaves models to place opens with the
    /// engine's deployment (FIELD-7), the standard spots in [`MatchMeta::deployment`].
    pub fn new(setup: Setup, seed: u64, meta: MatchMeta) -> Result<Match, SetupError> {
        let game = Game::new(setup, seed)?;
        let label = format!("{} on {}", meta.scenario_name, meta.layout_name);
        let replay = Replay::start(&game, label);
        Ok(Match {
            game,
            replay,
            meta,
            undo: Vec::new(),
            last_refusal: None,
        })
    }

    /// A match resumed from a verified replay: `game` is the replay's final state.
    pub fn resumed(game: Game, replay: Replay, meta: MatchMeta) -> Match {
        Match {
            game,
            replay,
            meta,
            undo: Vec::new(),
            last_refusal: None,
        }
    }

    /// The game.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The replay so far.
    pub fn replay(&self) -> &Replay {
        &self.replay
    }

    /// The point on the table's top surface at (x, z): where a base set down there stands.
    pub fn table_spot(&self, [x, z]: [f32; 2]) -> [f32; 3] {
        let height = self.game.battlespace().surface_height_at(x, z);
        [x, height, z]
    }

    /// The seat that must decide now, if the game is not over.
    pub fn decider(&self) -> Option<Seat> {
        self.game.decision().map(|d| d.seat)
    }

    /// Answers the current decision. A refused command changes nothing and its reason is
    /// kept in [`Match::last_refusal`].
    pub fn answer(&mut self, command: Command) -> Result<Vec<Event>, RuleError> {
        let before = UndoPoint {
            game: self.game.clone(),
            steps: self.replay.steps.len(),
            seat: self.decider().unwrap_or(Seat(0)),
        };
        let events = match self.game.apply(command.clone()) {
            Ok(events) => events,
            Err(error) => {
                self.last_refusal = Some(error.to_string());
                return Err(error);
            }
        };
        self.last_refusal = None;
        self.replay.record(command, &self.game);
        if events.iter().any(reveals) {
            // Never after a roll: the dice (and anything drawn) are known now.
            self.undo.clear();
        } else {
            self.undo.push(before);
        }
        Ok(events)
    }

    /// Deploys every seat by the standard deployment ([`MatchMeta::deployment`]) through
    /// the engine (FIELD-7), each placement recorded in the replay, and leaves nothing to
    /// take back: for a match that opens on its first decision after the deployment (the
    /// quick skirmish). The engine's first refusal stops it.
    pub fn deploy_as_planned(&mut self) -> Result<Vec<Event>, RuleError> {
        let mut events = Vec::new();
        while let Some(cmd) = self.game.planned_placement(&self.meta.deployment) {
            events.extend(self.answer(cmd)?);
        }
        self.forget_undo();
        Ok(events)
    }

    /// Forgets the steps that could be taken back: the steps the app took for a player (the
    /// standard spots of a deployment) are where that player starts, not moves to undo.
    pub fn forget_undo(&mut self) {
        self.undo.clear();
    }

    /// Whether the last step can be taken back: it rolled nothing, revealed nothing, and
    /// the player who took it is still the one deciding.
    pub fn can_undo(&self) -> bool {
        self.undo
            .last()
            .is_some_and(|p| Some(p.seat) == self.decider())
    }

    /// Plays a step the host of an online match played: the dice it drew (revealed after
    /// the roll), then its command, recorded in the replay. Nothing here can be taken back:
    /// the host owns the game. A step the engine refuses here leaves the game as it was
    /// (the dice revealed for it aside): take the replica's game then ([`Match::mirror`]).
    pub fn follow(&mut self, command: Command, draws: &[u32]) -> Result<Vec<Event>, RuleError> {
        self.game.reveal_draws(draws);
        let events = self.game.apply(command.clone())?;
        self.replay.record(command, &self.game);
        self.undo.clear();
        self.last_refusal = None;
        Ok(events)
    }

    /// Takes the host's game as the replica holds it, when following it step by step went
    /// astray: the replay is started again from it.
    pub fn mirror(&mut self, game: &Game) {
        self.game = game.clone();
        self.replay = Replay::start(&self.game, self.replay.label.clone());
        self.undo.clear();
    }

    /// Takes the last step back; false if it can't be.
    pub fn undo(&mut self) -> bool {
        if !self.can_undo() {
            return false;
        }
        let Some(point) = self.undo.pop() else {
            return false;
        };
        self.game = point.game;
        self.replay.steps.truncate(point.steps);
        self.last_refusal = None;
        true
    }
}

/// Whether an event belongs to a roll or shows something that can't be taken back: a die
/// face, a roll's verdict or what followed from it, a drawn card, a revealed Objective's
/// Luck.
fn reveals(event: &Event) -> bool {
    matches!(
        event,
        Event::Rolled { .. }
            | Event::Rerolled { .. }
            | Event::RollDecided { .. }
            | Event::Wounded { .. }
            | Event::LootDrawn { .. }
            | Event::LuckGained { .. }
    )
}

/// Marks the match on the table as a campaign's game: the campaign keeps it beside its own
/// file and records its result, so it is not autosaved as a one-off game.
#[derive(Resource, Debug, Clone, Copy, PartialEq, Eq)]
pub struct CampaignGame;

/// Marks the match on the table as an online match: the host rolls and keeps it (so it is
/// not autosaved here), and this app answers only for its own seats, through the host.
#[derive(Resource, Debug, Clone, PartialEq, Eq)]
pub struct OnlineGame {
    /// The seats this app plays.
    pub seats: Vec<Seat>,
}

impl OnlineGame {
    /// Whether this app plays the seat.
    pub fn plays(&self, seat: Seat) -> bool {
        self.seats.contains(&seat)
    }
}
