//! Checks on a faction's computer play: its behaviour deck (one card per situation, named,
//! each list ending on a rule that always answers) and its personality's weights.

use std::collections::BTreeSet;

use super::{Ctx, Items};
use crate::load::files::Origin;
use crate::schema::{ActionRule, BehaviourCard, ControlRule, Personality, Situation};

pub(super) fn check(ctx: &mut Ctx<'_>, items: &Items) {
    for (f, o) in &items.factions {
        if !f.behaviour.is_empty() {
            deck(ctx, o, &f.behaviour);
        }
        if let Some(p) = &f.personality {
            personality(ctx, o, p);
        }
    }
}

fn deck(ctx: &mut Ctx<'_>, o: &Origin, cards: &[BehaviourCard]) {
    let mut names = BTreeSet::new();
    let mut seen = BTreeSet::new();
    for c in cards {
        if c.name.trim().is_empty() {
            ctx.bad(
                o,
                "behaviour",
                "a behaviour card needs a name (the log shows it)",
            );
        } else if !names.insert(c.name.as_str()) {
            ctx.bad_at(
                o,
                &c.name,
                "name",
                format!("two behaviour cards are named {:?}", c.name),
            );
        }
        if !seen.insert(c.situation) {
            ctx.bad_at(
                o,
                &c.name,
                "situation",
                format!(
                    "a second {:?} card; a deck has one card per situation",
                    c.situation
                ),
            );
        }
        if c.control.last() != Some(&ControlRule::ActivateFirst) {
            ctx.bad_at(
                o,
                &c.name,
                "control",
                "the control rules must end with ActivateFirst, so the card always answers",
            );
        }
        if c.actions.last() != Some(&ActionRule::Stop) {
            ctx.bad_at(
                o,
                &c.name,
                "actions",
                "the action rules must end with Stop, so the card always answers",
            );
        }
    }
    let missing: Vec<String> = Situation::ALL
        .iter()
        .filter(|s| !seen.contains(s))
        .map(|s| format!("{s:?}"))
        .collect();
    if !missing.is_empty() {
        ctx.bad(
            o,
            "behaviour",
            format!(
                "the deck has no card for {}; it needs one per situation",
                missing.join(", ")
            ),
        );
    }
}

fn personality(ctx: &mut Ctx<'_>, o: &Origin, p: &Personality) {
    for (field, w) in p.weights() {
        if !(Personality::MIN_WEIGHT..=Personality::MAX_WEIGHT).contains(&w) {
            ctx.bad(
                o,
                field,
                format!(
                    "weight {w} out of range; a personality weight lies in {}..={}",
                    Personality::MIN_WEIGHT,
                    Personality::MAX_WEIGHT
                ),
            );
        }
    }
}
