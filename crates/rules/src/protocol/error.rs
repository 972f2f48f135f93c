//! Why a command was refused: one sentence a player understands, and the rule behind it.

use thiserror::Error;

use crate::protocol::rule::Rule;

/// A refused command. The game state is untouched.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("{message} ({rule})")]
pub struct RuleError {
    /// The rule from the rules reference, `docs/rules/` (e.g. [`Rule::Ctrl4`], "CTRL-4").
    pub rule: Rule,
    /// What is wrong, in a player's words.
    pub message: String,
}

impl RuleError {
    /// Builds an error.
    pub fn new(rule: Rule, message: impl Into<String>) -> RuleError {
        RuleError {
            rule,
            message: message.into(),
        }
    }
}

/// Shorthand: `Err(RuleError)`.
pub(crate) fn refuse<T>(rule: Rule, message: impl Into<String>) -> Result<T, RuleError> {
    Err(RuleError::new(rule, message))
}
