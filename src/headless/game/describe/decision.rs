//! The prompt's title for each decision the engine asks for.

use redline_rules::{Decision, DecisionKind, Game};

use super::{colour_word, model, seat};
use crate::headless::game::meta::MatchMeta;

/// The prompt's title for a decision: who decides what.
pub fn decision(game: &Game, meta: &MatchMeta, d: &Decision) -> String {
    let who = seat(meta, d.seat);
    let m = |id| model(game, id);
    use DecisionKind as K;
    match &d.kind {
        K::TakeControl { may_inspire, .. } if may_inspire.is_empty() => {
            format!("{who} has Control: activate a character")
        }
        K::TakeControl { .. } => format!("{who} has Control: activate a character or Inspire"),
        K::NextAction { model: id } => format!("{who}: {}'s next action", m(*id)),
        K::InspireGonks { .. } => format!("{who} Inspires: each Gonk may take one action"),
        K::ChooseDefence {
            defender,
            actor,
            action,
            ..
        } => format!(
            "{who}: {} defends against {}'s {action}",
            m(*defender),
            m(*actor)
        ),
        K::OfferLuck {
            model: Some(id),
            die,
            ..
        } => {
            format!("{who}: re-roll {}'s {} with Luck?", m(*id), die.label())
        }
        K::OfferLuck {
            model: None, die, ..
        } => {
            format!("{who}: re-roll the {} with Luck?", die.label())
        }
        K::OfferReaction { model: id, .. } => {
            format!("{who}: {} was wounded and may [RE]act", m(*id))
        }
        K::AllocateWound {
            model: id,
            wounds_left,
            ..
        } => format!("{who}: place {wounds_left} wound(s) on {}'s tokens", m(*id)),
        K::ChooseHealedToken { model: id, .. } => {
            format!("{who}: which RED token of {} is healed?", m(*id))
        }
        K::ChooseOpposer { mover, .. } => format!("{who}: who opposes {}?", m(*mover)),
        K::Deploy { model: id, .. } => format!("{who}: where does {} enter the table?", m(*id)),
        K::ChooseFirstControl { .. } => {
            format!("{who} won the roll-off: who takes Control first?")
        }
        K::BreakBrawlTie { target, .. } => format!(
            "{who}: the shot at {} hits one of the tied models",
            m(*target)
        ),
        K::ChooseLootedCard { looter, from, .. } => format!(
            "{who}: which card does {} take from {}'s body?",
            m(*looter),
            m(*from)
        ),
        K::CombatNetrunning {
            launcher,
            target,
            program,
            ..
        } => format!(
            "{who}: who opposes {}'s {program} against {}?",
            m(*launcher),
            m(*target)
        ),
        K::MemoryLeak { model: id, .. } => {
            format!(
                "{who}: which Ready token of {} does the memory leak flip?",
                m(*id)
            )
        }
        K::FreeMoves { colour, .. } => format!(
            "{who}: free {} moves — move each model or end them",
            colour_word(*colour)
        ),
        K::PlaceImpact {
            actor,
            target,
            fumble,
            ..
        } => format!(
            "{who}: where does the Impact token of {}'s {} at {} land?",
            m(*actor),
            if *fumble { "fumbled shot" } else { "shot" },
            m(*target)
        ),
        K::BlastEscape { .. } => format!("{who}: models caught in the Blast escape or face it"),
        K::NextRepetition {
            model: id,
            number,
            of,
            ..
        } => format!(
            "{who}: {}'s attack {number} of {of}: repeat or stop",
            m(*id)
        ),
        K::ChooseStunnedToken {
            model: id, left, ..
        } => {
            format!("{who}: which token of {} is Stunned ({left} left)?", m(*id))
        }
        K::ChooseRefreshedToken {
            model: id, left, ..
        } => {
            format!(
                "{who}: which token of {} is Refreshed ({left} left)?",
                m(*id)
            )
        }
    }
}
