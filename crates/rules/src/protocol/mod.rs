//! The engine's language with its players: the [`command::Command`]s they answer with, the
//! [`decision::Decision`]s the engine asks, the [`event::Event`]s that happened (a move
//! with its [`route::RouteLeg`]s), how a game ended, and why a command was refused and by
//! which rule.

pub mod command;
pub mod decision;
pub mod error;
pub mod event;
pub mod outcome;
pub mod route;
pub mod rule;
