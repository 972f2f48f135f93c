//! Redline's rules engine: a headless, deterministic implementation of the [RE]action
//! skirmish rules (see `docs/rules/` for the rule IDs cited throughout).
//!
//! Build a [`Setup`], start a [`Game`], then answer [`Game::decision`] with [`Command`]s
//! through [`Game::apply`], which returns the [`Event`]s that happened.
//!
//! The modules sit in folders by what they do. The words a game is told in: `setup/` (what a
//! game starts from: teams, cards, programs, scenarios), `dice/` (the dice, Luck, odds) and
//! `protocol/` (commands, decisions, events, refusals, the outcome). `state/` holds the game,
//! its hash, its replay and the dice an online replica is shown. The rules, by section of the
//! rulebook, each add their part of `impl Game`: `flow/` (Control, opposed rolls), `actions/`
//! (actions, moves, climbs, wounds, Loot, cards in hand), `keywords/`, `netrunning/`
//! (programs, drones), `field/` (the scenario: deployment, markers, victory) and `legal/`
//! (every legal answer).

pub mod dice;
pub mod geometry;
pub mod ids;
pub mod setup;

mod actions;
mod field;
mod flow;
mod keywords;
mod legal;
mod netrunning;
mod optional;
mod protocol;
mod state;

pub use dice::odds;
pub use protocol::{command, decision, error, event, outcome, route, rule};
pub use setup::modules::{Module, ModuleError, ModuleRules, Modules};
pub use setup::third_force::{Destination, ThirdForce, ThirdForceSpec};
pub use setup::{basic, card, cards, construct, modules, program, scenario, security, third_force};
pub use state::{model, replay};

pub use actions::movement::fall_wounds;
pub use field::Marker;
pub use geometry::Battlespace;
pub use ids::{BodyId, ModelId, Seat, TeamId};
pub use optional::aid::FIRST_AID;
pub use optional::bot::{FIELD_PATCH, STAND_UP, START_REPAIR, TOPPLE};
pub use optional::fire::{Fire, FirePlace, INFERNO_MARGIN, IgniteTorrentPreview, ignite_of};
pub use optional::hazard::HazardSource;
pub use optional::sec::{
    CUT_FENCE, CUT_WIDTH, FORCE_THE_DOOR, FREE_YOURSELF, LockKnowledge, PICK_THE_LOCK,
    SHOOT_THE_LOCK, TRY_IT,
};
pub use optional::terr::breach_of;
pub use optional::third_force::{Heading, ThirdForceEvent};
pub use protocol::command::{ActionCommand, Command, Defence, DefenceBonus, FreeMove, Target};
pub use protocol::decision::{Decision, DecisionKind, OpposerReason};
pub use protocol::error::RuleError;
pub use protocol::event::{
    AidEvent, BotEvent, DieResult, Event, SecEvent, SecurityStepEvent, StopReason,
};
pub use protocol::outcome::Outcome;
pub use protocol::route::{LegKind, RouteLeg};
pub use protocol::rule::Rule;
pub use setup::scenario::{EndReason, Entry, Placement, ScenarioRules, WinCondition};
pub use setup::{ModelSetup, PlayerSetup, Setup, SetupError, Victory};
pub use state::Game;
pub use state::model::Token;
pub use state::replay::{REPLAY_VERSION, Replay, ReplayError, ReplayStep};
