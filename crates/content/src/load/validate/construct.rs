//! A construct's card data (MODULES.md, Data for BOT): one system per token, Arms that name
//! the card's own or printed Gear's actions, Heavy with a height, Mass 0 to 2. Checked on the
//! resolved cards, so a Veteran is judged with what it inherits; checked whether or not a game
//! turns BOT on, so a pack is either valid or not (MOD-2).

use super::{Ctx, Items};
use crate::load::catalog::Character;
use crate::schema::CardKeyword;
use redline_rules::construct::System;

/// Most Mass a card may give (BOT-11).
const MAX_MASS: u8 = 2;

/// Checks every resolved character's construct data.
pub(super) fn check(ctx: &mut Ctx<'_>, items: &Items, characters: &[Character]) {
    for c in characters {
        let Some((_, o)) = items.characters.iter().find(|(card, _)| card.id == c.id) else {
            continue;
        };
        let construct = c.has(CardKeyword::Construct);
        if !construct {
            if !c.systems.is_empty() {
                ctx.bad(o, "systems", "systems need the Construct keyword (BOT-1)");
            }
            if c.has(CardKeyword::Heavy) {
                ctx.bad(o, "keywords", "Heavy is a construct keyword (BOT-8)");
            }
            continue;
        }
        if c.systems.len() != c.tokens.len() {
            let why = format!(
                "{} systems for {} tokens; a construct binds one system to each token (BOT-1)",
                c.systems.len(),
                c.tokens.len()
            );
            ctx.bad(o, "systems", why);
        }
        for id in arm_actions(&c.systems) {
            if !mounted(items, c, id) {
                let why = format!(
                    "an Arm names '{id}', which is no action of the card or its printed Gear \
                     (BOT-2)"
                );
                ctx.bad_at(o, id, "systems", why);
            }
        }
        match c.height {
            Some(h) if !(h.is_finite() && h > 0.0) => {
                ctx.bad(o, "height", format!("height {h}; above 0 inches (BOT-8)"));
            }
            None if c.has(CardKeyword::Heavy) => {
                ctx.bad(o, "keywords", "a Heavy construct needs a height (BOT-8)");
            }
            _ => {}
        }
        if let Some(m) = c.mass.filter(|m| *m > MAX_MASS) {
            ctx.bad(o, "mass", format!("Mass {m}; 0 to {MAX_MASS} (BOT-11)"));
        }
    }
}

/// Every action id the construct's Arms name.
fn arm_actions(systems: &[System]) -> impl Iterator<Item = &str> {
    systems
        .iter()
        .flat_map(|s| match s {
            System::Arm(ids) => ids.as_slice(),
            _ => &[],
        })
        .map(String::as_str)
}

/// Whether `id` is an action of the card or of one of its printed Gear.
fn mounted(items: &Items, c: &Character, id: &str) -> bool {
    c.actions.iter().any(|a| a.id == id)
        || items
            .gear
            .iter()
            .filter(|(g, _)| c.printed_gear.contains(&g.id))
            .any(|(g, _)| g.actions.iter().any(|a| a.id == id))
}
