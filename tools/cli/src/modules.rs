//! `--modules terr,fire,...`: the optional rule modules the players turn on for a game, read
//! and checked against the scenario's list by the engine's rule (MOD-1).

use redline_content::skirmish::Skirmish;
use redline_rules::modules::{Modules, parse_modules};

use crate::exit::CliError;

/// Reads a `--modules` list.
pub fn parse(list: &str) -> Result<Modules, CliError> {
    parse_modules(list).map_err(|e| CliError::bad_input(e.to_string()))
}

/// The skirmish with the modules of `list` on, plus the scenario's required ones; a module
/// the scenario forbids is refused with the reason (MOD-1).
pub fn chosen(skirmish: Skirmish, list: &str) -> Result<Skirmish, CliError> {
    let modules = parse(list)?;
    skirmish
        .with_modules(&modules)
        .map_err(|e| CliError::bad_input(e.to_string()))
}
