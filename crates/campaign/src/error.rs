//! Why a campaign step is refused: a sentence a player understands, naming the rule.

use redline_content::skirmish::SkirmishError;

/// A refused campaign step. The campaign is left exactly as it was.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum CampaignError {
    /// A rule forbids the step.
    #[error("{why} ({rule})")]
    Refused {
        /// The rule ID ("CAMP-9").
        rule: &'static str,
        /// What is wrong, in a sentence.
        why: String,
    },
    /// The game's table or teams could not be set up.
    #[error("the game cannot be set up: {0}")]
    Setup(#[from] SkirmishError),
}

impl CampaignError {
    /// The rule ID a refusal names, if any.
    pub fn rule(&self) -> Option<&'static str> {
        match self {
            CampaignError::Refused { rule, .. } => Some(rule),
            CampaignError::Setup(_) => None,
        }
    }
}

/// Shorthand for a refusal.
pub(crate) fn refuse<T>(rule: &'static str, why: impl Into<String>) -> Result<T, CampaignError> {
    Err(CampaignError::Refused {
        rule,
        why: why.into(),
    })
}
