//! What the battle's widgets ask for in a frame: collected while the panels are drawn and
//! sent once they are.

use crate::headless::flow::aim::AimIntent;
use crate::headless::flow::battle::BattleIntent;

/// What the prompt asks for this frame.
#[derive(Default)]
pub(super) struct Out {
    /// Answers to the game's decision.
    pub answers: Vec<BattleIntent>,
    /// Changes to the action being aimed.
    pub aims: Vec<AimIntent>,
}
