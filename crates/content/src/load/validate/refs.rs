//! Reference checks (every id an item names must exist and be of the right kind) and the
//! resolution of Veteran cards against their basic cards.

use std::collections::{BTreeMap, BTreeSet};

use redline_rules::card::{ActionDef, Effect};

use super::{Ctx, Items};
use crate::load::catalog::Character;
use crate::load::files::Origin;
use crate::schema::{CardKeyword, CharacterCard, GearKeyword, ObjectiveKind, Reward};

/// Ids of each kind, for lookups (sets, so a pack of many items is checked in n log n).
struct Ids<'a> {
    factions: BTreeSet<&'a str>,
    characters: BTreeMap<&'a str, &'a CharacterCard>,
    gonks: BTreeSet<&'a str>,
    gear: BTreeMap<&'a str, &'a crate::schema::GearCard>,
    drones: BTreeSet<&'a str>,
    scenery: BTreeSet<&'a str>,
    layouts: BTreeSet<&'a str>,
}

pub(super) fn check(ctx: &mut Ctx<'_>, items: &Items) {
    let ids = Ids {
        factions: items.factions.iter().map(|(x, _)| x.id.as_str()).collect(),
        characters: items
            .characters
            .iter()
            .map(|(x, _)| (x.id.as_str(), x))
            .collect(),
        gonks: items.gonks.iter().map(|(x, _)| x.id.as_str()).collect(),
        gear: items.gear.iter().map(|(x, _)| (x.id.as_str(), x)).collect(),
        drones: items.drones.iter().map(|(x, _)| x.id.as_str()).collect(),
        scenery: items.scenery.iter().map(|(x, _)| x.id.as_str()).collect(),
        layouts: items.layouts.iter().map(|(x, _)| x.id.as_str()).collect(),
    };
    for (c, o) in &items.characters {
        faction(ctx, &ids, o, c.faction.as_deref());
        if let Some(basic) = &c.veteran_of {
            match ids.characters.get(basic.as_str()) {
                None => ctx.dangling(o, "basic character", basic, ""),
                Some(b) if b.veteran_of.is_some() => {
                    ctx.dangling(o, "basic character", basic, "it is itself a Veteran card")
                }
                Some(_) => {}
            }
        }
        for g in c.printed_gear.iter().flatten() {
            gear(ctx, &ids, o, g);
        }
        actions(ctx, &ids, o, c.actions.iter().flatten());
    }
    for (g, o) in &items.gonks {
        faction(ctx, &ids, o, g.faction.as_deref());
        actions(ctx, &ids, o, &g.actions);
    }
    for (g, o) in &items.gear {
        faction(ctx, &ids, o, g.faction.as_deref());
        if let Some(who) = &g.only_for
            && !ids.characters.contains_key(who.as_str())
        {
            ctx.dangling(o, "character", who, "");
        }
        actions(ctx, &ids, o, &g.actions);
    }
    for (p, o) in &items.programs {
        faction(ctx, &ids, o, p.faction.as_deref());
        actions(ctx, &ids, o, std::iter::once(&p.loaded));
    }
    for (d, o) in &items.drones {
        actions(ctx, &ids, o, &d.actions);
    }
    for (l, o) in &items.loot {
        actions(ctx, &ids, o, &l.actions);
    }
    for (obj, o) in &items.objectives {
        faction(ctx, &ids, o, Some(&obj.faction));
        reward(ctx, &ids, o, &obj.reward);
        if obj.kind == ObjectiveKind::Cybergear
            && let Some(g) = &obj.reward.gear
            && let Some(card) = ids.gear.get(g.as_str())
            && !card.has(GearKeyword::Cybergear)
        {
            ctx.dangling(o, "Cybergear card", g, "the Gear has no Cybergear keyword");
        }
    }
    for (l, o) in &items.layouts {
        for p in &l.pieces {
            if !ids.scenery.contains(p.piece.as_str()) {
                ctx.dangling(o, "scenery piece", &p.piece, "");
            }
        }
    }
    for (s, o) in &items.scenarios {
        for l in &s.setup.layouts {
            if !ids.layouts.contains(l.as_str()) {
                ctx.dangling(o, "layout", l, "");
            }
        }
        reward(ctx, &ids, o, &s.consequences.winner);
        reward(ctx, &ids, o, &s.consequences.loser);
        if let Some(f) = &s.third_force
            && !items.third_forces.iter().any(|(t, _)| &t.id == f)
        {
            ctx.dangling(o, "third force", f, "");
        }
        if let Some(coop) = &s.coop {
            coop_refs(ctx, &ids, o, coop);
        }
    }
    third_forces(ctx, &ids, items);
}

/// COOP-4: the computer's factions and every card of its waves exist.
fn coop_refs(ctx: &mut Ctx<'_>, ids: &Ids<'_>, o: &Origin, coop: &crate::schema::CoopSheet) {
    for crew in &coop.computer {
        faction(ctx, ids, o, Some(&crew.faction));
    }
    let cards = coop
        .waves
        .iter()
        .flat_map(|w| w.models.iter().chain(&w.per_person));
    for card in cards {
        if !ids.characters.contains_key(card.as_str()) && !ids.gonks.contains(card.as_str()) {
            ctx.dangling(o, "character or Gonk card", card, "");
        }
    }
}

/// THIRD-1: a third force has 1 to 6 models, each a character or Gonk card of the packs.
fn third_forces(ctx: &mut Ctx<'_>, ids: &Ids<'_>, items: &Items) {
    for (t, o) in &items.third_forces {
        if t.members.is_empty() || t.members.len() > 6 {
            ctx.bad(o, "members", "a third force has 1 to 6 models");
        }
        for m in &t.members {
            let gonk = items.gonks.iter().any(|(g, _)| &g.id == m);
            if !gonk && !ids.characters.contains_key(m.as_str()) {
                ctx.dangling(o, "character or Gonk", m, "");
            }
        }
    }
}

fn faction(ctx: &mut Ctx<'_>, ids: &Ids<'_>, o: &Origin, faction: Option<&str>) {
    if let Some(f) = faction
        && !ids.factions.contains(f)
    {
        ctx.dangling(o, "faction", f, "");
    }
}

fn gear(ctx: &mut Ctx<'_>, ids: &Ids<'_>, o: &Origin, gear: &str) {
    if !ids.gear.contains_key(gear) {
        ctx.dangling(o, "gear", gear, "");
    }
}

fn reward(ctx: &mut Ctx<'_>, ids: &Ids<'_>, o: &Origin, reward: &Reward) {
    if let Some(g) = &reward.gear {
        gear(ctx, ids, o, g);
    }
    if let Some(c) = &reward.character
        && !ids.characters.contains_key(c.as_str())
    {
        ctx.dangling(o, "character", c, "");
    }
}

fn actions<'a>(
    ctx: &mut Ctx<'_>,
    ids: &Ids<'_>,
    o: &Origin,
    actions: impl IntoIterator<Item = &'a ActionDef>,
) {
    for a in actions {
        for e in &a.effects {
            if let Effect::DeployDrone { drone, .. } = e
                && !ids.drones.contains(drone.as_str())
            {
                ctx.dangling(o, "drone", drone, "");
            }
        }
    }
}

/// Resolves every character card: a Veteran takes each field it leaves out from its basic
/// card. A Veteran whose basic card is missing is left out of the catalog; its dangling
/// reference was already reported.
pub(super) fn resolve_characters(ctx: &mut Ctx<'_>, items: &Items) -> Vec<Character> {
    let by_id: BTreeMap<&str, &CharacterCard> = items
        .characters
        .iter()
        .map(|(c, _)| (c.id.as_str(), c))
        .collect();
    let mut out = Vec::new();
    for (card, o) in &items.characters {
        let basic = card
            .veteran_of
            .as_deref()
            .and_then(|b| by_id.get(b).copied())
            .filter(|b| b.veteran_of.is_none());
        if card.veteran_of.is_some() && basic.is_none() {
            // Its dangling reference is already reported; resolving it alone would only
            // add follow-on errors (no name, no tokens).
            continue;
        }
        let name = card
            .name
            .clone()
            .or_else(|| basic.and_then(|b| b.name.clone()));
        let tokens = card
            .tokens
            .clone()
            .or_else(|| basic.and_then(|b| b.tokens.clone()));
        let Some(name) = name else {
            ctx.bad(o, "name", "a basic character card needs a name");
            continue;
        };
        // An empty or over-long list written on a card is reported by the value checks;
        // here only a card with no tokens anywhere, its own or its basic card's.
        if tokens.is_none() {
            ctx.bad(
                o,
                "tokens",
                "a character needs at least one action token (TOK-2)",
            );
        }
        let tokens = tokens.unwrap_or_default();
        let character = Character {
            id: card.id.clone(),
            veteran_of: card.veteran_of.clone(),
            name,
            faction: card
                .faction
                .clone()
                .or_else(|| basic.and_then(|b| b.faction.clone())),
            keywords: inherit(&card.keywords, basic, |c| &c.keywords).unwrap_or_default(),
            stars: card.stars,
            cost: u32::try_from(card.cost).unwrap_or(0),
            tokens,
            skills: card
                .skills
                .or_else(|| basic.and_then(|b| b.skills))
                .unwrap_or_default(),
            armor: card
                .armor
                .or_else(|| basic.and_then(|b| b.armor))
                .unwrap_or(0),
            actions: inherit(&card.actions, basic, |c| &c.actions).unwrap_or_default(),
            passives: inherit(&card.passives, basic, |c| &c.passives).unwrap_or_default(),
            printed_gear: inherit(&card.printed_gear, basic, |c| &c.printed_gear)
                .unwrap_or_default(),
            base_mm: card
                .base_mm
                .or_else(|| basic.and_then(|b| b.base_mm))
                .unwrap_or(27.0),
            systems: inherit(&card.systems, basic, |c| &c.systems).unwrap_or_default(),
            height: inherit(&card.height, basic, |c| &c.height),
            mass: inherit(&card.mass, basic, |c| &c.mass),
            text: inherit(&card.text, basic, |c| &c.text).unwrap_or_default(),
            visual: inherit(&card.visual, basic, |c| &c.visual),
        };
        if character.faction.is_none() && !character.has(CardKeyword::Merc) {
            ctx.bad(
                o,
                "faction",
                "a character without a faction must be a Merc (TEAM-2)",
            );
        }
        if let Some(b) = basic {
            let basic_faction = b.faction.as_deref();
            if card.faction.is_some() && card.faction.as_deref() != basic_faction {
                ctx.bad(
                    o,
                    "faction",
                    "a Veteran belongs to its basic card's faction",
                );
            }
        }
        out.push(character);
    }
    out
}

/// A Veteran's own value, or its basic card's when it leaves the field out.
fn inherit<T: Clone>(
    own: &Option<T>,
    basic: Option<&CharacterCard>,
    from: fn(&CharacterCard) -> &Option<T>,
) -> Option<T> {
    own.clone().or_else(|| basic.and_then(|b| from(b).clone()))
}
