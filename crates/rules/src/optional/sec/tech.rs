//! The Tech test (SEC-3, SEC-4): who may take one, and what is added to the actor's total.

use crate::ids::ModelId;
use crate::protocol::error::{RuleError, refuse};
use crate::protocol::rule::Rule;
use crate::setup::card::Skill;
use crate::setup::cards::Ability;
use crate::state::Game;

/// Without a Tool Kit, a Tech test takes 2 (SEC-4).
const NO_TOOL_KIT: i16 = -2;

impl Game {
    /// SEC-3: only a character with Tech 1 or more takes a Tech test; TOK-9's unskilled
    /// actions don't apply, and Gonks never take one.
    pub(crate) fn check_tech_test(&self, m: ModelId) -> Result<(), RuleError> {
        if self.is_gonk(m) {
            return refuse(Rule::Sec3, "Gonks can't take a Tech test");
        }
        if self.skill(m, Skill::Tech) < 1 {
            return refuse(
                Rule::Sec3,
                "A Tech test needs Tech 1 or more: this character has none",
            );
        }
        Ok(())
    }

    /// SEC-4: what the actor adds to a Tech test: −2 without a Tool Kit, +1 with a Precision
    /// Kit (which is a Tool Kit too), and −1 in Dim or −2 in Dark light.
    pub fn tech_modifier(&self, m: ModelId) -> i16 {
        let kit = self
            .abilities(m)
            .filter_map(|a| match a {
                Ability::ToolKit(_) => Some(0),
                Ability::PrecisionKit => Some(1),
                _ => None,
            })
            .max()
            .unwrap_or(NO_TOOL_KIT);
        kit + self.st.setup.scenario.light.tech_modifier()
    }
}
