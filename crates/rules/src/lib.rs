//! Redline's rules engine: a headless, deterministic implementation of the [RE]action
//! skirmish rules (see `docs/rules/` for the rule IDs cited throughout).
//!
//! Build a [`Setup`], start a [`Game`], then answer [`Game::decision`] with [`Command`]s
//! through [`Game::apply`], which returns the [`Event`]s that happened.

pub mod basic;
pub mod card;
pub mod cards;
pub mod command;
pub mod decision;
pub mod dice;
pub mod error;
pub mod event;
pub mod geometry;
pub mod ids;
pub mod model;
pub mod odds;
pub mod outcome;
pub mod program;
pub mod replay;
pub mod scenario;
pub mod setup;

mod act;
mod availability;
mod blast;
mod climb;
mod contest;
mod control;
mod deploy;
mod deployment;
mod dicebox;
mod drone;
mod effects;
mod first_control;
mod flow;
mod game;
mod hand;
mod hash;
mod keywords;
mod legal;
mod legal_kw;
mod loot;
mod luck;
mod luck_view;
mod markers;
mod movement;
mod net;
mod plan_cache;
mod rapid;
mod sample;
mod scenario_state;
mod torrent;
mod victory;
mod wound;

pub use command::{ActionCommand, Command, Defence, DefenceBonus, FreeMove, Target};
pub use decision::{Decision, DecisionKind, OpposerReason};
pub use error::RuleError;
pub use event::{DieResult, Event, StopReason};
pub use game::Game;
pub use geometry::Battlespace;
pub use ids::{BodyId, ModelId, Seat, TeamId};
pub use model::Token;
pub use movement::fall_wounds;
pub use outcome::Outcome;
pub use replay::{REPLAY_VERSION, Replay, ReplayError, ReplayStep};
pub use scenario::{EndReason, Entry, Placement, ScenarioRules, WinCondition};
pub use scenario_state::Marker;
pub use setup::{ModelSetup, PlayerSetup, Setup, SetupError, Victory};
