//! Redline's rules engine: a headless, deterministic implementation of the [RE]action
//! skirmish rules (see `../shared/rules/RULES.md` for the rule IDs cited throughout).

pub mod card;
pub mod dice;
