//! Warnings: things that load but are probably mistakes.

use std::collections::{BTreeMap, BTreeSet};

use redline_rules::card::Effect;

use super::{Ctx, Items};
use crate::load::catalog::Character;
use crate::load::files::Origin;
use crate::load::problem::ProblemKind;
use crate::schema::CardKeyword;

/// Objective cards drawn before each game (CAMP-10, OPEN-12).
const OBJECTIVES_DRAWN: usize = 4;

pub(super) fn check(ctx: &mut Ctx<'_>, items: &Items, characters: &[Character]) {
    // Looked up per faction and per drone through sets, so a pack of many items stays
    // n log n.
    let led: BTreeSet<&str> = characters
        .iter()
        .filter(|c| c.has(CardKeyword::Leader))
        .filter_map(|c| c.faction.as_deref())
        .collect();
    let mut decks: BTreeMap<&str, usize> = BTreeMap::new();
    for (obj, _) in &items.objectives {
        *decks.entry(obj.faction.as_str()).or_default() += 1;
    }
    for (f, o) in &items.factions {
        if !led.contains(f.id.as_str()) {
            ctx.warn(
                o,
                &f.id,
                ProblemKind::FactionWithoutLeader {
                    faction: f.id.clone(),
                },
            );
        }
        let count = decks.get(f.id.as_str()).copied().unwrap_or(0);
        if count < OBJECTIVES_DRAWN {
            ctx.warn(
                o,
                &f.id,
                ProblemKind::SmallObjectiveDeck {
                    faction: f.id.clone(),
                    count,
                },
            );
        }
    }
    let deployed: BTreeSet<&str> = all_actions(items)
        .chain(items.programs.iter().map(|(p, o)| (&p.loaded, o)))
        .flat_map(|(a, _)| a.effects.iter())
        .filter_map(|e| match e {
            Effect::DeployDrone { drone, .. } => Some(drone.as_str()),
            _ => None,
        })
        .collect();
    for (d, o) in &items.drones {
        if !deployed.contains(d.id.as_str()) {
            ctx.warn(
                o,
                &d.id,
                ProblemKind::UnusedDrone {
                    drone: d.id.clone(),
                },
            );
        }
    }
    visuals(ctx, items);
    let idle: Vec<_> = all_actions(items)
        .filter(|(a, _)| a.keywords.is_empty() && a.effects.is_empty() && !a.attack)
        .map(|(a, o)| (a.id.clone(), o.clone()))
        .collect();
    for (id, o) in idle {
        ctx.warn(
            &o,
            &id,
            ProblemKind::ActionDoesNothing { action: id.clone() },
        );
    }
}

/// Every action written in any card, with the card's origin.
fn all_actions(
    items: &Items,
) -> impl Iterator<Item = (&redline_rules::card::ActionDef, &crate::load::files::Origin)> {
    let chars = items
        .characters
        .iter()
        .flat_map(|(c, o)| c.actions.iter().flatten().map(move |a| (a, o)));
    let gonks = items
        .gonks
        .iter()
        .flat_map(|(c, o)| c.actions.iter().map(move |a| (a, o)));
    let gear = items
        .gear
        .iter()
        .flat_map(|(c, o)| c.actions.iter().map(move |a| (a, o)));
    // A program whose Loaded side only starts its Running side does nothing else on success.
    let programs = items
        .programs
        .iter()
        .filter(|(p, _)| p.running.is_empty())
        .map(|(p, o)| (&p.loaded, o));
    let drones = items
        .drones
        .iter()
        .flat_map(|(c, o)| c.actions.iter().map(move |a| (a, o)));
    let loot = items
        .loot
        .iter()
        .flat_map(|(c, o)| c.actions.iter().map(move |a| (a, o)));
    chars
        .chain(gonks)
        .chain(gear)
        .chain(programs)
        .chain(drones)
        .chain(loot)
}

/// A `visual` that names no built-in visual is drawn with the default: a warning at the name.
fn visuals(ctx: &mut Ctx<'_>, items: &Items) {
    use crate::visuals::{CREW_VISUALS, SCENERY_VISUALS, is_crew_visual, is_scenery_visual};
    let crews = items
        .factions
        .iter()
        .map(|(f, o)| (f.visual.as_deref(), o))
        .chain(
            items
                .characters
                .iter()
                .map(|(c, o)| (c.visual.as_deref(), o)),
        );
    let mut unknown: Vec<(String, Origin, &[&str])> = Vec::new();
    for (name, o) in crews {
        if let Some(name) = name.filter(|n| !is_crew_visual(n)) {
            unknown.push((name.to_owned(), o.clone(), &CREW_VISUALS));
        }
    }
    for (piece, o) in &items.scenery {
        if let Some(name) = piece.visual.as_deref().filter(|n| !is_scenery_visual(n)) {
            unknown.push((name.to_owned(), o.clone(), &SCENERY_VISUALS));
        }
    }
    for (name, o, expected) in unknown {
        ctx.warn(
            &o,
            &name,
            ProblemKind::UnknownVisual {
                name: name.clone(),
                expected: expected.iter().map(|n| (*n).to_owned()).collect(),
            },
        );
    }
}
