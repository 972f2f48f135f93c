//! The engine's side of the optional rule modules (MODULES.md): the common mechanisms every
//! module builds on. Which modules a game has on is in `setup/modules.rs`; nothing here runs
//! unless a module on in the game calls it (MOD-2).

pub(crate) mod aid;
pub(crate) mod bot;
pub(crate) mod building;
pub(crate) mod fire;
pub(crate) mod hazard;
pub(crate) mod sec;
pub(crate) mod terr;
pub(crate) mod third_force;
