//! What a bot answers with: a [`Choice`], the command and why; and the answer of last resort.

use redline_rules::Command;

/// A command and why it was chosen.
#[derive(Debug, Clone, PartialEq)]
pub struct Choice {
    /// The answer to the decision.
    pub command: Command,
    /// Why, in a sentence a player understands.
    pub why: String,
}

impl Choice {
    /// A choice with its reason.
    pub fn new(command: Command, why: impl Into<String>) -> Choice {
        Choice {
            command,
            why: why.into(),
        }
    }
}

/// The first legal answer: what a bot gives to a decision it has no policy for (a new
/// DecisionKind of the engine), so it never stalls and never answers illegally.
pub(crate) fn fallback(legal: &[Command], what: &str) -> Choice {
    match legal.first() {
        Some(c) => Choice::new(c.clone(), format!("{what}: the first legal answer")),
        None => Choice::new(Command::EndActivation, format!("{what}: no legal answer")),
    }
}
