//! Compiling a checked team into the engine's model profiles: card + Gear → tokens, Skills,
//! Armor, actions and defenses.

use redline_rules::card::{ActionDef, ModelKeyword, ModelProfile, Skills};

use super::check::{Card, card};
use super::{MemberSpec, TeamError, TeamRules, TeamSpec, TeamSummary, check_team};
use crate::load::{Catalog, Character};
use crate::schema::{CardKeyword, DroneCard, GearCard, GearKeyword, Passive, ProgramCard};

/// Default base diameter in millimetres (GEN-3).
const DEFAULT_BASE_MM: f32 = 27.0;

/// One model ready for the engine.
#[derive(Debug, Clone, PartialEq)]
pub struct CompiledModel {
    /// Index of the member in the [`TeamSpec`].
    pub member: usize,
    /// The engine profile.
    pub profile: ModelProfile,
    /// Installed programs (NET-2), in the order picked.
    pub programs: Vec<ProgramCard>,
    /// Starts in Reserve (FIELD-8).
    pub reserve: bool,
}

/// A legal team compiled for play.
#[derive(Debug, Clone, PartialEq)]
pub struct CompiledTeam {
    /// Faction id.
    pub faction: String,
    /// Models in member order.
    pub models: Vec<CompiledModel>,
    /// Cost, Street Cred and counts.
    pub summary: TeamSummary,
    /// Luck tokens beyond the 3 every team starts with (LUCK-1).
    pub extra_luck: u8,
}

/// Checks and compiles a team.
pub fn compile_team(
    catalog: &Catalog,
    spec: &TeamSpec,
    rules: &TeamRules,
) -> Result<CompiledTeam, Vec<TeamError>> {
    let summary = check_team(catalog, spec, rules)?;
    let (models, extra_luck) = compile_members(catalog, spec);
    Ok(CompiledTeam {
        faction: spec.faction.clone(),
        models,
        summary,
        extra_luck,
    })
}

/// Compiles one member on its own, without the team-building checks: for game scripts and
/// tests that set down single models (a lone Gonk, two Leaders) no legal team would hold.
/// Still refuses ids the catalog doesn't have, and programs on a model that isn't a
/// Netrunner.
pub fn compile_member(
    catalog: &Catalog,
    member: &MemberSpec,
) -> Result<CompiledModel, Vec<TeamError>> {
    let mut errors = Vec::new();
    match card(catalog, &member.card) {
        None => errors.push(TeamError::UnknownCard {
            member: 0,
            card: member.card.clone(),
        }),
        Some(Card::Character(c)) => {
            if !member.programs.is_empty() && !c.has(CardKeyword::Netrunner) {
                errors.push(TeamError::NotANetrunner {
                    member: 0,
                    card: c.id.clone(),
                });
            }
        }
        Some(Card::Gonk(g)) => {
            if !member.gear.is_empty() {
                errors.push(TeamError::GearOnGonk {
                    member: 0,
                    card: g.id.clone(),
                });
            }
            if !member.programs.is_empty() {
                errors.push(TeamError::NotANetrunner {
                    member: 0,
                    card: g.id.clone(),
                });
            }
        }
    }
    for gear in member.gear.iter().filter(|g| !catalog.gear.contains(g)) {
        errors.push(TeamError::UnknownGear {
            member: 0,
            gear: gear.clone(),
        });
    }
    for program in member
        .programs
        .iter()
        .filter(|p| !catalog.programs.contains(p))
    {
        errors.push(TeamError::UnknownProgram {
            member: 0,
            program: program.clone(),
        });
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    let spec = TeamSpec {
        faction: String::new(),
        members: vec![member.clone()],
    };
    let (mut models, _) = compile_members(catalog, &spec);
    models.pop().ok_or(errors)
}

/// Every member's model and the team's extra Luck, for a spec whose ids are known.
fn compile_members(catalog: &Catalog, spec: &TeamSpec) -> (Vec<CompiledModel>, u8) {
    let mut models = Vec::new();
    let mut extra_luck = 0u8;
    for (member, m) in spec.members.iter().enumerate() {
        let Some(card) = card(catalog, &m.card) else {
            continue;
        };
        let (profile, passives) = match card {
            Card::Character(c) => {
                let gear: Vec<&GearCard> = c
                    .printed_gear
                    .iter()
                    .chain(&m.gear)
                    .filter_map(|g| catalog.gear.get(g))
                    .collect();
                compile_character(c, &gear)
            }
            Card::Gonk(g) => {
                let mut keywords = vec![ModelKeyword::Gonk];
                keywords.extend(g.faction.clone().map(ModelKeyword::Faction));
                if g.merc {
                    keywords.push(ModelKeyword::Merc);
                }
                let profile = ModelProfile {
                    card_id: g.id.clone(),
                    name: g.name.clone(),
                    keywords,
                    tokens: Vec::new(),
                    gonk_colour: Some(g.colour),
                    skills: apply_bonuses(g.skills, &g.passives),
                    card_armor: g.armor,
                    gear_armor: Vec::new(),
                    actions: g.actions.clone(),
                    defenses: defenses(&g.passives),
                    stars: 0,
                    base_mm: DEFAULT_BASE_MM,
                };
                (profile, g.passives.clone())
            }
        };
        for p in &passives {
            if let Passive::ExtraLuck(n) = p {
                extra_luck = extra_luck.saturating_add(*n);
            }
        }
        models.push(CompiledModel {
            member,
            profile,
            programs: m
                .programs
                .iter()
                .filter_map(|p| catalog.programs.get(p))
                .cloned()
                .collect(),
            reserve: passives.contains(&Passive::Reserve),
        });
    }
    (models, extra_luck)
}

/// A character's profile with its Gear, and every passive it has.
fn compile_character(c: &Character, gear: &[&GearCard]) -> (ModelProfile, Vec<Passive>) {
    let mut keywords = Vec::new();
    keywords.extend(c.faction.clone().map(ModelKeyword::Faction));
    for k in &c.keywords {
        keywords.push(match k {
            CardKeyword::Leader => ModelKeyword::Leader,
            CardKeyword::Specialist => ModelKeyword::Specialist,
            CardKeyword::Merc => ModelKeyword::Merc,
            CardKeyword::Netrunner => ModelKeyword::Netrunner,
        });
    }
    if gear.iter().any(|g| g.has(GearKeyword::Cybergear)) {
        keywords.push(ModelKeyword::CyberCharacter);
    }
    let mut passives = c.passives.clone();
    let mut actions = c.actions.clone();
    for g in gear {
        passives.extend(g.passives.iter().copied());
        actions.extend(g.actions.iter().map(|a| gear_action(g, a)));
    }
    let profile = ModelProfile {
        card_id: c.id.clone(),
        name: c.name.clone(),
        keywords,
        tokens: c.tokens.clone(),
        gonk_colour: None,
        skills: apply_bonuses(c.skills, &passives),
        card_armor: c.armor,
        gear_armor: gear
            .iter()
            .filter(|g| g.armor > 0)
            .map(|g| (g.id.clone(), g.armor))
            .collect(),
        actions,
        defenses: defenses(&passives),
        stars: c.stars,
        base_mm: c.base_mm,
    };
    (profile, passives)
}

/// A Gear action with its id prefixed by the Gear's, so ids stay unique on the model.
fn gear_action(gear: &GearCard, action: &ActionDef) -> ActionDef {
    ActionDef {
        id: format!("{}/{}", gear.id, action.id),
        ..action.clone()
    }
}

fn apply_bonuses(mut skills: Skills, passives: &[Passive]) -> Skills {
    for p in passives {
        if let Passive::SkillBonus(skill, by) = p {
            let value = match skill {
                redline_rules::card::Skill::Reflexes => &mut skills.reflexes,
                redline_rules::card::Skill::Ranged => &mut skills.ranged,
                redline_rules::card::Skill::Melee => &mut skills.melee,
                redline_rules::card::Skill::Medical => &mut skills.medical,
                redline_rules::card::Skill::Tech => &mut skills.tech,
                redline_rules::card::Skill::Influence => &mut skills.influence,
            };
            *value = value.saturating_add(*by);
        }
    }
    skills
}

fn defenses(passives: &[Passive]) -> Vec<(redline_rules::card::Skill, u8)> {
    passives
        .iter()
        .filter_map(|p| match p {
            Passive::Defense(skill, x) => Some((*skill, *x)),
            _ => None,
        })
        .collect()
}

/// A drone's profile (DRONE-1): no tokens, its card colour, the Drone keyword.
pub fn compile_drone(drone: &DroneCard) -> ModelProfile {
    ModelProfile {
        card_id: drone.id.clone(),
        name: drone.name.clone(),
        keywords: vec![ModelKeyword::Drone],
        tokens: Vec::new(),
        gonk_colour: Some(drone.colour),
        skills: drone.skills,
        card_armor: 0,
        gear_armor: Vec::new(),
        actions: drone.actions.clone(),
        defenses: Vec::new(),
        stars: 0,
        base_mm: drone.base_mm.unwrap_or(DEFAULT_BASE_MM),
    }
}
