//! Checking a team against the building rules; every violation is reported.

use std::collections::BTreeMap;

use super::{TeamError, TeamRules, TeamSpec};
use crate::limits;
use crate::load::{Catalog, Character};
use crate::schema::{CardKeyword, GearCard, GearKeyword, GonkCard, ProgramCard};

/// EB added per Veteran star in a one-off game (TEAM-11).
pub const EB_PER_STAR: u32 = 5;

/// Figures of a checked team, for the team builder's header and for the AI.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct TeamSummary {
    /// Total EB: characters (with star surcharge), Gonks, Gear and programs (TEAM-5).
    pub cost: u32,
    /// The limit including bonus EB (TEAM-18).
    pub limit: u32,
    /// Stars on characters plus bonus Street Cred (TEAM-15, TEAM-19).
    pub street_cred: u32,
    /// Total Influence of the characters (TEAM-6).
    pub influence: i32,
    /// Gonks in the team.
    pub gonks: usize,
    /// Mercs in the team.
    pub mercs: usize,
}

/// A member's card.
#[derive(Clone, Copy)]
pub(crate) enum Card<'a> {
    Character(&'a Character),
    Gonk(&'a GonkCard),
}

/// Looks a member's card up.
pub(crate) fn card<'a>(catalog: &'a Catalog, id: &str) -> Option<Card<'a>> {
    catalog
        .characters
        .get(id)
        .map(Card::Character)
        .or_else(|| catalog.gonks.get(id).map(Card::Gonk))
}

/// The EB cost of a character under the rules (TEAM-11, TEAM-12); a cost beyond `u32::MAX`
/// (only a pack past its limits) stays at `u32::MAX`.
pub fn character_cost(character: &Character, rules: &TeamRules) -> u32 {
    let surcharge = if rules.star_surcharge() {
        EB_PER_STAR.saturating_mul(u32::from(character.stars))
    } else {
        0
    };
    character.cost.saturating_add(surcharge)
}

fn eb(cost: i32) -> u32 {
    u32::try_from(cost).unwrap_or(0)
}

/// A team's EB total that never wraps: once a sum would pass `u32::MAX` it is `None` for
/// good, reported as [`TeamError::CostTooLarge`].
#[derive(Clone, Copy)]
struct Total(Option<u32>);

impl Total {
    fn add(&mut self, eb: u32) {
        self.0 = self.0.and_then(|t| t.checked_add(eb));
    }
}

/// The limits on the team's size and its EB limit (docs/limits.md), checked before anything
/// else so a hostile team file costs no more than a legal one.
fn check_limits(spec: &TeamSpec, rules: &TeamRules) -> Vec<TeamError> {
    let mut errors = Vec::new();
    if spec.members.len() > limits::MAX_TEAM_MODELS {
        errors.push(TeamError::TooManyModels {
            count: spec.members.len(),
            max: limits::MAX_TEAM_MODELS,
        });
    }
    for (member, m) in spec
        .members
        .iter()
        .enumerate()
        .take(limits::MAX_TEAM_MODELS)
    {
        let count = m.gear.len().saturating_add(m.programs.len());
        if count > limits::MAX_CARDS_PER_MODEL {
            errors.push(TeamError::TooManyCards {
                member,
                count,
                max: limits::MAX_CARDS_PER_MODEL,
            });
        }
    }
    let limit = u64::from(rules.eb_limit) + u64::from(rules.bonus_eb);
    if limit > u64::from(limits::MAX_EB_LIMIT) {
        errors.push(TeamError::LimitTooLarge {
            limit,
            max: limits::MAX_EB_LIMIT,
        });
    }
    errors
}

/// Checks a team. On success returns its figures; otherwise every violation found.
pub fn check_team(
    catalog: &Catalog,
    spec: &TeamSpec,
    rules: &TeamRules,
) -> Result<TeamSummary, Vec<TeamError>> {
    let errors = check_limits(spec, rules);
    if !errors.is_empty() {
        return Err(errors);
    }
    let mut errors = Vec::new();
    let faction = spec.faction.as_str();
    if !catalog.factions.contains(faction) {
        errors.push(TeamError::UnknownFaction {
            faction: faction.to_owned(),
        });
    }
    // At most MAX_TEAM_MODELS cards of a few stars each: no overflow.
    let street_cred: u32 = spec
        .members
        .iter()
        .filter_map(|m| catalog.characters.get(&m.card))
        .map(|c| u32::from(c.stars))
        .sum::<u32>()
        + u32::from(rules.bonus_street_cred);
    let mut total = Total(Some(0));
    let mut summary = TeamSummary {
        // Within MAX_EB_LIMIT: checked above.
        limit: rules.eb_limit.saturating_add(rules.bonus_eb),
        street_cred,
        ..TeamSummary::default()
    };
    let mut leaders = Vec::new();
    let mut unique: BTreeMap<&str, usize> = BTreeMap::new();
    let mut copies: BTreeMap<&str, (u8, usize)> = BTreeMap::new();

    for (member, m) in spec.members.iter().enumerate() {
        let Some(card) = card(catalog, &m.card) else {
            errors.push(TeamError::UnknownCard {
                member,
                card: m.card.clone(),
            });
            continue;
        };
        match card {
            Card::Character(c) => {
                total.add(character_cost(c, rules));
                summary.influence += i32::from(c.skills.influence);
                let merc = c.has(CardKeyword::Merc);
                if merc {
                    summary.mercs += 1;
                }
                if c.faction.as_deref() != Some(faction) && !merc {
                    errors.push(TeamError::WrongFaction {
                        member,
                        card: c.id.clone(),
                        faction: faction.to_owned(),
                    });
                }
                if c.has(CardKeyword::Leader) {
                    leaders.push(c.id.clone());
                }
                if c.has(CardKeyword::Leader) || c.has(CardKeyword::Specialist) {
                    *unique.entry(c.basic_id()).or_default() += 1;
                }
                if rules.mode == (super::GameMode::Campaign { first_game: true }) && c.stars > 0 {
                    errors.push(TeamError::VeteranInFirstGame {
                        member,
                        card: c.id.clone(),
                    });
                }
                if !c.has(CardKeyword::Netrunner) && !m.programs.is_empty() {
                    errors.push(TeamError::NotANetrunner {
                        member,
                        card: c.id.clone(),
                    });
                }
            }
            Card::Gonk(g) => {
                total.add(eb(g.cost));
                summary.gonks += 1;
                if g.merc {
                    summary.mercs += 1;
                }
                if g.faction.as_deref() != Some(faction) && !g.merc {
                    errors.push(TeamError::WrongFaction {
                        member,
                        card: g.id.clone(),
                        faction: faction.to_owned(),
                    });
                }
                if !m.gear.is_empty() {
                    errors.push(TeamError::GearOnGonk {
                        member,
                        card: g.id.clone(),
                    });
                }
                if !m.programs.is_empty() {
                    errors.push(TeamError::NotANetrunner {
                        member,
                        card: g.id.clone(),
                    });
                }
            }
        }
        gear(
            catalog,
            spec,
            rules,
            member,
            card,
            &summary,
            &mut copies,
            &mut errors,
        );
        programs(
            catalog,
            spec,
            member,
            card,
            &summary,
            &mut copies,
            &mut errors,
        );
        for g in m.gear.iter().filter_map(|g| catalog.gear.get(g)) {
            total.add(eb(g.cost));
        }
        for p in m.programs.iter().filter_map(|p| catalog.programs.get(p)) {
            total.add(eb(p.cost));
        }
    }
    match total.0 {
        Some(cost) => summary.cost = cost,
        None => {
            summary.cost = u32::MAX;
            errors.push(TeamError::CostTooLarge);
        }
    }

    if let Some(error) = mixed_gonk_types(catalog, spec) {
        errors.push(error);
    }
    if let Some(error) = constructs_without_technicians(catalog, spec, rules) {
        errors.push(error);
    }
    match leaders.len() {
        0 => errors.push(TeamError::NoLeader),
        1 => {}
        _ => errors.push(TeamError::TooManyLeaders { leaders }),
    }
    for (character, n) in unique {
        if n > 1 {
            errors.push(TeamError::NotUnique {
                character: character.to_owned(),
                copies: n,
            });
        }
    }
    for (name, (rarity, n)) in copies {
        if n > usize::from(rarity) {
            errors.push(TeamError::RarityExceeded {
                name: name.to_owned(),
                rarity,
                copies: n,
            });
        }
    }
    if total.0.is_some() && summary.cost > summary.limit {
        errors.push(TeamError::OverBudget {
            cost: summary.cost,
            limit: summary.limit,
        });
    }
    if i32::try_from(summary.gonks).unwrap_or(i32::MAX) > summary.influence {
        errors.push(TeamError::TooManyGonks {
            gonks: summary.gonks,
            influence: summary.influence,
        });
    }
    if let Some(max) = rules.merc_limit()
        && summary.mercs > max
    {
        errors.push(TeamError::TooManyMercs {
            count: summary.mercs,
            max,
        });
    }
    if errors.is_empty() {
        Ok(summary)
    } else {
        Err(errors)
    }
}

/// GEN-10: a faction with several Gonk types lets the team choose one of them
/// (docs/decisions/gonk-types.md); Merc Gonks are hired under TEAM-13 and don't count.
fn mixed_gonk_types(catalog: &Catalog, spec: &TeamSpec) -> Option<TeamError> {
    let mut types = spec
        .members
        .iter()
        .filter_map(|m| catalog.gonks.get(&m.card))
        .filter(|g| !g.merc)
        .map(|g| g.id.as_str());
    let first = types.next()?;
    let second = types.find(|g| *g != first)?;
    Some(TeamError::MixedGonkTypes {
        first: first.to_owned(),
        second: second.to_owned(),
    })
}

/// Checks one member's Gear (TEAM-1, TEAM-7..TEAM-10, TEAM-15).
#[allow(clippy::too_many_arguments)]
fn gear<'a>(
    catalog: &'a Catalog,
    spec: &TeamSpec,
    rules: &TeamRules,
    member: usize,
    card: Card<'_>,
    summary: &TeamSummary,
    copies: &mut BTreeMap<&'a str, (u8, usize)>,
    errors: &mut Vec<TeamError>,
) {
    let m = &spec.members[member];
    let mut names: Vec<&str> = Vec::new();
    let mut bulky = Vec::new();
    let printed: Vec<&GearCard> = match card {
        Card::Character(c) => c
            .printed_gear
            .iter()
            .filter_map(|g| catalog.gear.get(g))
            .collect(),
        Card::Gonk(_) => Vec::new(),
    };
    for g in &printed {
        names.push(&g.name);
        if g.has(GearKeyword::Bulky) {
            bulky.push(g.id.clone());
        }
    }
    for id in &m.gear {
        let Some(g) = catalog.gear.get(id) else {
            errors.push(TeamError::UnknownGear {
                member,
                gear: id.clone(),
            });
            continue;
        };
        let entry = copies.entry(g.name.as_str()).or_insert((g.rarity, 0));
        entry.1 += 1;
        if let Some(deck) = &g.faction
            && deck != &spec.faction
            && !rules.shared_market
        {
            errors.push(TeamError::OtherFactionsDeck {
                member,
                card: g.id.clone(),
                deck: deck.clone(),
                faction: spec.faction.clone(),
            });
        }
        if u32::from(g.street_cred) > summary.street_cred && !rules.shared_market {
            errors.push(TeamError::StreetCredTooLow {
                member,
                card: g.id.clone(),
                required: g.street_cred,
                street_cred: summary.street_cred,
            });
        }
        if names.contains(&g.name.as_str()) {
            errors.push(TeamError::DuplicateGearName {
                member,
                name: g.name.clone(),
            });
        }
        names.push(&g.name);
        if g.has(GearKeyword::Bulky) {
            bulky.push(g.id.clone());
        }
        if g.reward_only && !rules.earned_gear.contains(&g.id) {
            errors.push(TeamError::NotEarned {
                member,
                gear: g.id.clone(),
            });
        }
        if let (Some(allowed), Card::Character(c)) = (&g.only_for, card)
            && allowed != c.basic_id()
        {
            errors.push(TeamError::CybergearForOtherModel {
                member,
                gear: g.id.clone(),
                allowed: allowed.clone(),
            });
        }
    }
    if bulky.len() > 1 {
        errors.push(TeamError::TooManyBulky {
            member,
            gear: bulky,
        });
    }
}

/// Checks one member's programs (NET-2, NET-3, TEAM-1, TEAM-15).
fn programs<'a>(
    catalog: &'a Catalog,
    spec: &TeamSpec,
    member: usize,
    card: Card<'_>,
    summary: &TeamSummary,
    copies: &mut BTreeMap<&'a str, (u8, usize)>,
    errors: &mut Vec<TeamError>,
) {
    let m = &spec.members[member];
    let mut seen: Vec<&str> = Vec::new();
    let found: Vec<&ProgramCard> = m
        .programs
        .iter()
        .filter_map(|id| {
            let p = catalog.programs.get(id);
            if p.is_none() {
                errors.push(TeamError::UnknownProgram {
                    member,
                    program: id.clone(),
                });
            }
            p
        })
        .collect();
    for p in &found {
        // Copies are counted by name, like Rarity: two cards with one name are one program.
        if seen.contains(&p.name.as_str()) {
            errors.push(TeamError::DuplicateProgram {
                member,
                program: p.id.clone(),
            });
        }
        seen.push(&p.name);
        let entry = copies.entry(p.name.as_str()).or_insert((p.rarity, 0));
        entry.1 += 1;
        if let Some(deck) = &p.faction
            && deck != &spec.faction
        {
            errors.push(TeamError::OtherFactionsDeck {
                member,
                card: p.id.clone(),
                deck: deck.clone(),
                faction: spec.faction.clone(),
            });
        }
        if u32::from(p.street_cred) > summary.street_cred {
            errors.push(TeamError::StreetCredTooLow {
                member,
                card: p.id.clone(),
                required: p.street_cred,
                street_cred: summary.street_cred,
            });
        }
    }
    if let Card::Character(c) = card
        && c.has(CardKeyword::Netrunner)
        && found.len() > usize::try_from(c.skills.tech.max(0)).unwrap_or(0)
    {
        errors.push(TeamError::TooManyPrograms {
            member,
            installed: found.len(),
            tech: c.skills.tech,
        });
    }
}

/// BOT-13: with BOT on, a team fields at most one construct for each other character in it
/// with Tech 1 or more. A construct never counts as another construct's technician.
fn constructs_without_technicians(
    catalog: &Catalog,
    spec: &TeamSpec,
    rules: &TeamRules,
) -> Option<TeamError> {
    if !rules.modules.contains(&redline_rules::Module::Bot) {
        return None;
    }
    let characters = spec
        .members
        .iter()
        .filter_map(|m| catalog.characters.get(&m.card));
    let (constructs, technicians) = characters.fold((0, 0), |(c, t), ch| {
        if ch.has(CardKeyword::Construct) {
            (c + 1, t)
        } else {
            (c, t + usize::from(ch.skills.tech >= 1))
        }
    });
    (constructs > technicians).then_some(TeamError::TooManyConstructs {
        constructs,
        technicians,
    })
}
