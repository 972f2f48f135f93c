//! Reading an action's keywords (KW-2) and the limits some keywords put on the [RE]actions
//! against them: Silent (KW-28, OPEN-31) and Suppression (KW-31, REACT-14).

pub(crate) mod blast;
mod effects;
pub(crate) mod rapid;
mod torrent;

use serde::Serialize;

use crate::geometry;
use crate::ids::ModelId;
use crate::protocol::error::{RuleError, refuse};
use crate::protocol::rule::Rule;
use crate::setup::card::{ActionDef, Effect, Keyword, Skill};
use crate::state::Game;

/// How an action spreads over models once it is aimed at one.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
pub(crate) enum Spread {
    /// One target (or, into a Brawl, the BRAWL-7 group, of which one is affected).
    #[default]
    Single,
    /// Every model in the corridor, each affected on its own roll (KW-32, POA-12).
    Torrent,
    /// The target, then the area around the Impact token (KW-4..KW-12).
    Blast,
}

impl Spread {
    /// The spread of an action; Blast and Torrent replace the Brawl rules (BRAWL-10).
    pub fn of(def: &ActionDef) -> Spread {
        if def.keywords.contains(&Keyword::Blast) {
            Spread::Blast
        } else if def.keywords.contains(&Keyword::Torrent) {
            Spread::Torrent
        } else {
            Spread::Single
        }
    }
}

/// The X of a keyword that carries one (KW-2), summed if it is printed twice; 0 if absent.
pub(crate) fn x_of(def: &ActionDef, pick: fn(&Keyword) -> Option<u8>) -> u8 {
    def.keywords
        .iter()
        .filter_map(pick)
        .fold(0u8, |a, x| a.saturating_add(x))
}

/// Rapid X (KW-24): how many times the action is made in all; 1 without Rapid.
pub(crate) fn rapid(def: &ActionDef) -> u8 {
    x_of(def, |k| {
        if let Keyword::Rapid(x) = k {
            Some(*x)
        } else {
            None
        }
    })
    .max(1)
}

/// Stun X (KW-29).
pub(crate) fn stun(def: &ActionDef) -> u8 {
    x_of(def, |k| {
        if let Keyword::Stun(x) = k {
            Some(*x)
        } else {
            None
        }
    })
}

/// Refresh X (KW-23).
pub(crate) fn refresh(def: &ActionDef) -> u8 {
    x_of(def, |k| {
        if let Keyword::Refresh(x) = k {
            Some(*x)
        } else {
            None
        }
    })
}

/// Defense [Skill X] keywords on the action (KW-17).
pub(crate) fn defenses(def: &ActionDef) -> impl Iterator<Item = (Skill, u8)> + '_ {
    def.keywords.iter().filter_map(|k| match k {
        Keyword::Defense(s, x) => Some((*s, *x)),
        _ => None,
    })
}

/// What the action just taken allows as a [RE]action against it (REACT-14).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
pub(crate) struct ReactionLimits {
    /// Silent: attack [RE]actions need an unobscured path back (KW-28).
    pub silent: bool,
    /// Suppression: only move [RE]actions (KW-31).
    pub suppression: bool,
}

impl ReactionLimits {
    pub fn of(def: &ActionDef) -> ReactionLimits {
        ReactionLimits {
            silent: def.keywords.contains(&Keyword::Silent),
            suppression: def.keywords.contains(&Keyword::Suppression),
        }
    }
}

impl Game {
    /// Whether a [RE]action `def` by `m` against `wounder` is allowed by the keywords of the
    /// action that wounded it (KW-28, KW-31, REACT-14, OPEN-31).
    pub(crate) fn check_reaction_limits(
        &self,
        m: ModelId,
        def: &ActionDef,
        wounder: ModelId,
    ) -> Result<(), RuleError> {
        let limits = self.reaction_limits;
        let is_move = def.effects.iter().any(|e| matches!(e, Effect::Move { .. }));
        if limits.suppression && !is_move {
            return refuse(
                Rule::Kw31,
                "That attack had Suppression: the only [RE]action allowed against it is a move",
            );
        }
        if limits.silent && def.attack {
            let poa = geometry::path_of_attack(
                self.space(),
                &self.base(m),
                &self.base(wounder),
                &self.bases_in_play(),
                false,
            );
            if poa.obscured || poa.blocked_by.is_some() {
                return refuse(
                    Rule::Kw28,
                    "That attack was Silent: an attack [RE]action needs a Path of Attack back \
                     to the attacker that nothing crosses (OPEN-31)",
                );
            }
        }
        Ok(())
    }
}
