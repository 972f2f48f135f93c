//! What can still be added to a team: for the team-builder UI and for AI team picking.

use super::check::{Card, card, character_cost};
use super::{MemberSpec, TeamError, TeamRules, TeamSpec, check_team};
use crate::load::Catalog;

/// One card that can be added without breaking a rule the team doesn't already break.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Addition {
    /// Hire a character (cost includes any Veteran surcharge).
    Character {
        /// Card id.
        card: String,
        /// EB it adds.
        cost: u32,
    },
    /// Add one Gonk.
    Gonk {
        /// Card id.
        card: String,
        /// EB it adds.
        cost: u32,
    },
    /// Equip Gear to a member.
    Gear {
        /// Member index.
        member: usize,
        /// Gear id.
        gear: String,
        /// EB it adds.
        cost: u32,
    },
    /// Install a program on a Netrunner.
    Program {
        /// Member index.
        member: usize,
        /// Program id.
        program: String,
        /// EB it adds.
        cost: u32,
    },
}

/// Every single card that could be added to `spec` within the budget without causing a
/// violation the team doesn't already have. A missing Leader is not held against any
/// addition, so an empty team lists everything hireable.
pub fn available_additions(catalog: &Catalog, spec: &TeamSpec, rules: &TeamRules) -> Vec<Addition> {
    let before = errors(catalog, spec, rules);
    let fits = |candidate: &TeamSpec| {
        errors(catalog, candidate, rules).iter().all(|e| {
            e.is_incomplete() || before.contains(e) && !matches!(e, TeamError::OverBudget { .. })
        })
    };
    let mut out = Vec::new();
    let mut ids: Vec<&str> = catalog
        .hireable_characters(&spec.faction)
        .iter()
        .map(|c| c.id.as_str())
        .collect();
    ids.extend(
        catalog
            .hireable_gonks(&spec.faction)
            .iter()
            .map(|g| g.id.as_str()),
    );
    for id in ids {
        let candidate = spec.clone().with(MemberSpec::new(id));
        if !fits(&candidate) {
            continue;
        }
        out.push(match card(catalog, id) {
            Some(Card::Character(c)) => Addition::Character {
                card: id.to_owned(),
                cost: character_cost(c, rules),
            },
            Some(Card::Gonk(g)) => Addition::Gonk {
                card: id.to_owned(),
                cost: u32::try_from(g.cost).unwrap_or(0),
            },
            None => continue,
        });
    }
    for (member, m) in spec.members.iter().enumerate() {
        if !matches!(card(catalog, &m.card), Some(Card::Character(_))) {
            continue;
        }
        // A kit only a module reads does nothing in a core game: never offered (MOD-2).
        for g in catalog
            .gear_for(&spec.faction)
            .into_iter()
            .filter(|g| !g.module_only())
        {
            let mut candidate = spec.clone();
            candidate.members[member].gear.push(g.id.clone());
            if fits(&candidate) {
                let cost = u32::try_from(g.cost).unwrap_or(0);
                out.push(Addition::Gear {
                    member,
                    gear: g.id.clone(),
                    cost,
                });
            }
        }
        for p in catalog.programs.iter() {
            if p.faction.as_deref().is_some_and(|f| f != spec.faction) {
                continue;
            }
            let mut candidate = spec.clone();
            candidate.members[member].programs.push(p.id.clone());
            if fits(&candidate) {
                let cost = u32::try_from(p.cost).unwrap_or(0);
                out.push(Addition::Program {
                    member,
                    program: p.id.clone(),
                    cost,
                });
            }
        }
    }
    out
}

fn errors(catalog: &Catalog, spec: &TeamSpec, rules: &TeamRules) -> Vec<TeamError> {
    check_team(catalog, spec, rules).err().unwrap_or_default()
}
