//! Compiling a checked team into the engine's model profiles: the character card → tokens,
//! Skills, Armor, actions and defenses; its Gear → engine cards with their own Armor,
//! actions and abilities (TOK-12, GEN-13); its programs → engine programs with the drones
//! they deploy (NET-2, DRONE-2). Also the Loot deck (BASIC-14).

use std::sync::Arc;

use redline_rules::card::{Effect, ModelKeyword, ModelProfile, Skills};
use redline_rules::cards::{Ability, CardDef, CardKind};
use redline_rules::construct::ConstructProfile;
use redline_rules::program::ProgramDef;

use super::check::{Card, card};
use super::{MemberSpec, TeamError, TeamRules, TeamSpec, TeamSummary, check_team};
use crate::load::{Catalog, Character};
use crate::schema::{
    CardKeyword, DroneCard, GearCard, GearKeyword, LootCard, Passive, ProgramCard,
};

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
    /// Luck tokens beyond the 3 every team starts with (LUCK-1), from character cards and
    /// Gear. The engine adds them itself from the profiles (`ModelProfile::luck`, Gear
    /// `Ability::ExtraLuck`); this total is for display.
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
        let programs: Vec<ProgramCard> = m
            .programs
            .iter()
            .filter_map(|p| catalog.programs.get(p))
            .cloned()
            .collect();
        let (profile, passives) = match card {
            Card::Character(c) => {
                let gear: Vec<&GearCard> = c
                    .printed_gear
                    .iter()
                    .chain(&m.gear)
                    .filter_map(|g| catalog.gear.get(g))
                    .collect();
                let (mut profile, passives) = compile_character(c, &gear);
                profile.programs = programs
                    .iter()
                    .map(|p| compile_program(catalog, p))
                    .collect();
                (profile, passives)
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
                    actions: g.actions.clone(),
                    defenses: defenses(&g.passives),
                    cards: Vec::new(),
                    programs: Vec::new(),
                    luck: luck(&g.passives),
                    stars: 0,
                    base_mm: DEFAULT_BASE_MM,
                    construct: None,
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
            programs,
            reserve: passives.contains(&Passive::Reserve),
        });
    }
    (models, extra_luck)
}

/// A character's profile with its Gear, and every passive it has (the card's and its
/// Gear's, for the team's Reserve and Luck).
fn compile_character(c: &Character, gear: &[&GearCard]) -> (ModelProfile, Vec<Passive>) {
    let mut keywords = Vec::new();
    keywords.extend(c.faction.clone().map(ModelKeyword::Faction));
    for k in &c.keywords {
        keywords.push(match k {
            CardKeyword::Leader => ModelKeyword::Leader,
            CardKeyword::Specialist => ModelKeyword::Specialist,
            CardKeyword::Merc => ModelKeyword::Merc,
            CardKeyword::Netrunner => ModelKeyword::Netrunner,
            // Carried by the profile's `construct` data instead (BOT-1, BOT-8).
            CardKeyword::Construct | CardKeyword::Heavy => continue,
        });
    }
    if gear.iter().any(|g| g.has(GearKeyword::Cybergear)) {
        keywords.push(ModelKeyword::CyberCharacter);
    }
    // The card's own passives are part of the card; Gear abilities stay on the Gear, so
    // they move with it when it is looted and stop when it is exhausted or discarded.
    let profile = ModelProfile {
        card_id: c.id.clone(),
        name: c.name.clone(),
        keywords,
        tokens: c.tokens.clone(),
        gonk_colour: None,
        skills: apply_bonuses(c.skills, &c.passives),
        card_armor: c.armor,
        actions: c.actions.clone(),
        defenses: defenses(&c.passives),
        cards: gear.iter().map(|g| gear_card(g)).collect(),
        programs: Vec::new(),
        luck: luck(&c.passives),
        stars: c.stars,
        base_mm: c.base_mm,
        construct: construct(c),
    };
    let mut passives = c.passives.clone();
    for g in gear {
        passives.extend(g.passives.iter().copied());
    }
    (profile, passives)
}

/// A construct's card data for the engine (BOT-1, BOT-8, BOT-9, BOT-11); `None` for a
/// character without the Construct keyword.
fn construct(c: &Character) -> Option<ConstructProfile> {
    c.has(CardKeyword::Construct).then(|| ConstructProfile {
        systems: c.systems.clone(),
        heavy: c.has(CardKeyword::Heavy),
        height: c.height,
        mass: c.mass,
        self_repair: c.passives.contains(&Passive::SelfRepair),
    })
}

/// The abilities the engine keeps on a card (GEN-9); Reserve is a team-building matter.
fn abilities(passives: &[Passive]) -> Vec<Ability> {
    passives
        .iter()
        .filter_map(|p| match *p {
            Passive::Defense(skill, x) => Some(Ability::Defense(skill, x)),
            Passive::SkillBonus(skill, x) => Some(Ability::SkillBonus(skill, x)),
            Passive::ExtraLuck(x) => Some(Ability::ExtraLuck(x)),
            Passive::FirstAid(x) => Some(Ability::FirstAid(x)),
            Passive::ToolKit(x) => Some(Ability::ToolKit(x)),
            Passive::PrecisionKit => Some(Ability::PrecisionKit),
            Passive::WireCutters => Some(Ability::WireCutters),
            Passive::Reserve | Passive::SelfRepair => None,
        })
        .collect()
}

/// A Gear card as the engine holds it in play (GEN-13, ARM-2, TEAM-9).
pub fn gear_card(gear: &GearCard) -> CardDef {
    CardDef {
        armor: if gear.has(GearKeyword::Armor) {
            gear.armor
        } else {
            0
        },
        bulky: gear.has(GearKeyword::Bulky),
        actions: gear.actions.clone(),
        abilities: abilities(&gear.passives),
        ..CardDef::new(&gear.id, &gear.name, CardKind::Gear)
    }
}

/// A Loot card as the engine holds it in play (BASIC-16).
pub fn loot_card(loot: &LootCard) -> CardDef {
    CardDef {
        actions: loot.actions.clone(),
        abilities: abilities(&loot.passives),
        ..CardDef::new(&loot.id, &loot.name, CardKind::Loot)
    }
}

/// The Loot deck of the loaded packs, one card per copy, in pack order (BASIC-14).
pub fn compile_loot_deck(catalog: &Catalog) -> Vec<CardDef> {
    catalog.loot_deck().into_iter().map(loot_card).collect()
}

/// A program as the engine runs it, with the drone its Loaded action deploys (NET-8,
/// DRONE-2).
pub fn compile_program(catalog: &Catalog, program: &ProgramCard) -> ProgramDef {
    let drone = program.loaded.effects.iter().find_map(|e| match e {
        Effect::DeployDrone { drone, .. } => catalog.drones.get(drone),
        _ => None,
    });
    ProgramDef {
        id: program.id.clone(),
        name: program.name.clone(),
        quality: program.quality,
        loaded: program.loaded.clone(),
        running: program.running.clone(),
        reload: program.reload,
        drone: drone.map(|d| Arc::new(compile_drone(d))),
    }
}

fn luck(passives: &[Passive]) -> u8 {
    passives
        .iter()
        .map(|p| match p {
            Passive::ExtraLuck(n) => *n,
            _ => 0,
        })
        .fold(0, u8::saturating_add)
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

/// A drone's profile (DRONE-1): no tokens, its card colour, the Drone keyword, and
/// Flying if it flies.
pub fn compile_drone(drone: &DroneCard) -> ModelProfile {
    let mut keywords = vec![ModelKeyword::Drone];
    if drone.flies {
        keywords.push(ModelKeyword::Flying);
    }
    ModelProfile {
        card_id: drone.id.clone(),
        name: drone.name.clone(),
        keywords,
        tokens: Vec::new(),
        gonk_colour: Some(drone.colour),
        skills: drone.skills,
        card_armor: 0,
        actions: drone.actions.clone(),
        defenses: Vec::new(),
        cards: Vec::new(),
        programs: Vec::new(),
        luck: 0,
        stars: 0,
        base_mm: drone.base_mm.unwrap_or(DEFAULT_BASE_MM),
        construct: None,
    }
}
