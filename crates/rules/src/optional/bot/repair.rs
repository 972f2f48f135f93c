//! Repairing, not healing (BOT-6): Medical actions never target a construct.

use crate::ids::ModelId;
use crate::protocol::error::{RuleError, refuse};
use crate::protocol::rule::Rule;
use crate::setup::card::{ActionDef, Skill};
use crate::state::Game;

impl Game {
    /// BOT-6: a Medical action (Triage, a Medical heal) can't target a construct.
    pub(crate) fn check_medical_on_construct(
        &self,
        def: &ActionDef,
        target: ModelId,
    ) -> Result<(), RuleError> {
        let medical = def.skill == Some(Skill::Medical);
        if medical && self.construct(target).is_some() {
            return refuse(
                Rule::Bot6,
                format!(
                    "{} can't target a construct: it needs repair, not medicine",
                    def.name
                ),
            );
        }
        Ok(())
    }
}
