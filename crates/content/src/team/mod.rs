//! Team building (TEAM-1..TEAM-19, NET-1..NET-3): a [`TeamSpec`] says which cards a player
//! picked; [`check_team`] tests it against the rules and reports every violation;
//! [`available_additions`] lists what could still be added; [`compile_team`] turns a legal
//! team into the engine's [`redline_rules::card::ModelProfile`]s.

mod additions;
mod check;
mod compile;
mod error;
mod spec;

pub use additions::{Addition, available_additions};
pub use check::{EB_PER_STAR, TeamSummary, check_team};
pub use compile::{
    CompiledModel, CompiledTeam, compile_drone, compile_loot_deck, compile_member, compile_program,
    compile_team, gear_card, loot_card,
};
pub use error::TeamError;
pub use spec::{GameMode, MemberSpec, TeamRules, TeamSpec};
