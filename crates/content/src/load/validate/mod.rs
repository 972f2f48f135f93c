//! Semantic validation after parsing: duplicate ids, values out of range, dangling
//! references, Veteran inheritance, and warnings. Every check reports and carries on, so one
//! load lists every problem.

mod behaviour;
mod construct;
mod coop;
mod lint;
mod modules;
mod refs;
mod values;

use std::collections::BTreeMap;

use super::catalog::Catalog;
use super::files::{Files, Origin};
use super::parse::Parsed;
use super::problem::{Problem, ProblemKind, Severity};
use crate::schema::{
    CharacterCard, DroneCard, Entry, FactionDef, GearCard, GonkCard, Layout, LootCard,
    ObjectiveCard, ProgramCard, Scenario, SceneryPiece,
};

/// Collects problems with the locations the files give.
pub(crate) struct Ctx<'a> {
    pub files: &'a Files,
    pub problems: &'a mut Vec<Problem>,
}

impl Ctx<'_> {
    fn push(&mut self, severity: Severity, location: crate::source::Location, kind: ProblemKind) {
        self.problems.push(Problem {
            severity,
            location,
            kind,
        });
    }

    /// A value out of range, located at its field.
    pub fn bad(&mut self, origin: &Origin, field: &str, message: impl Into<String>) {
        let location = self.files.field(origin, field);
        let kind = ProblemKind::BadValue {
            field: field.to_owned(),
            message: message.into(),
        };
        self.push(Severity::Error, location, kind);
    }

    /// A value out of range inside a nested item, located at the nested item's id string.
    pub fn bad_at(&mut self, origin: &Origin, near: &str, field: &str, message: impl Into<String>) {
        let location = self.files.string(origin, near);
        let kind = ProblemKind::BadValue {
            field: field.to_owned(),
            message: message.into(),
        };
        self.push(Severity::Error, location, kind);
    }

    /// A reference to a missing item, located at the referring string.
    pub fn dangling(&mut self, origin: &Origin, kind: &'static str, id: &str, note: &str) {
        let location = self.files.string(origin, id);
        let problem = ProblemKind::DanglingReference {
            kind,
            id: id.to_owned(),
            note: note.to_owned(),
        };
        self.push(Severity::Error, location, problem);
    }

    /// A warning at an item's id.
    pub fn warn(&mut self, origin: &Origin, id: &str, kind: ProblemKind) {
        let location = self.files.string(origin, id);
        self.push(Severity::Warning, location, kind);
    }
}

/// Parsed items grouped by kind, each with its origin.
#[derive(Default)]
pub(crate) struct Items {
    pub factions: Vec<(FactionDef, Origin)>,
    pub characters: Vec<(CharacterCard, Origin)>,
    pub gonks: Vec<(GonkCard, Origin)>,
    pub gear: Vec<(GearCard, Origin)>,
    pub programs: Vec<(ProgramCard, Origin)>,
    pub drones: Vec<(DroneCard, Origin)>,
    pub loot: Vec<(LootCard, Origin)>,
    pub objectives: Vec<(ObjectiveCard, Origin)>,
    pub scenery: Vec<(SceneryPiece, Origin)>,
    pub layouts: Vec<(Layout, Origin)>,
    pub scenarios: Vec<(Scenario, Origin)>,
    pub third_forces: Vec<(crate::schema::ThirdForceDef, Origin)>,
    pub coop_arcs: Vec<(crate::schema::CoopArc, Origin)>,
}

/// Validates parsed items and builds the catalog from the ones that are sound enough to
/// keep (a duplicate is dropped; everything else is kept so later checks still run).
pub(crate) fn build(files: &Files, parsed: Vec<Parsed>, problems: &mut Vec<Problem>) -> Catalog {
    let mut ctx = Ctx { files, problems };
    let items = dedupe(&mut ctx, parsed);
    values::check(&mut ctx, &items);
    behaviour::check(&mut ctx, &items);
    refs::check(&mut ctx, &items);
    let characters = refs::resolve_characters(&mut ctx, &items);
    construct::check(&mut ctx, &items, &characters);
    lint::check(&mut ctx, &items, &characters);
    coop::check_arcs(&mut ctx, &items);

    let scenario_origins: Vec<(String, Origin)> = items
        .scenarios
        .iter()
        .map(|(s, o)| (s.id.clone(), o.clone()))
        .collect();
    let mut catalog = Catalog::default();
    for (x, _) in items.factions {
        catalog.factions.insert(&x.id.clone(), x);
    }
    for x in characters {
        catalog.characters.insert(&x.id.clone(), x);
    }
    for (x, _) in items.gonks {
        catalog.gonks.insert(&x.id.clone(), x);
    }
    for (x, _) in items.gear {
        catalog.gear.insert(&x.id.clone(), x);
    }
    for (x, _) in items.programs {
        catalog.programs.insert(&x.id.clone(), x);
    }
    for (x, _) in items.drones {
        catalog.drones.insert(&x.id.clone(), x);
    }
    for (x, _) in items.loot {
        catalog.loot.insert(&x.id.clone(), x);
    }
    for (x, _) in items.objectives {
        catalog.objectives.insert(&x.id.clone(), x);
    }
    for (x, _) in items.scenery {
        catalog.scenery.insert(&x.id.clone(), x);
    }
    for (x, _) in items.layouts {
        catalog.layouts.insert(&x.id.clone(), x);
    }
    for (x, _) in items.scenarios {
        catalog.scenarios.insert(&x.id.clone(), x);
    }
    for (x, _) in items.third_forces {
        catalog.third_forces.insert(&x.id.clone(), x);
    }
    for (x, _) in items.coop_arcs {
        catalog.coop_arcs.insert(&x.id.clone(), x);
    }
    modules::scenario_fires(&mut ctx, &catalog, &scenario_origins);
    catalog
}

/// Drops items whose id was already used (ids are unique across all kinds and packs) and
/// sorts the rest by kind.
fn dedupe(ctx: &mut Ctx<'_>, parsed: Vec<Parsed>) -> Items {
    let mut seen: BTreeMap<String, Origin> = BTreeMap::new();
    let mut items = Items::default();
    for Parsed { entry, origin } in parsed {
        let id = entry.id().to_owned();
        if id.trim().is_empty() {
            ctx.bad(&origin, "id", "an id can't be empty");
            continue;
        }
        if let Some(why) = crate::limits::length_problem("the id", &id, crate::limits::MAX_ID_BYTES)
        {
            ctx.bad(&origin, "id", why);
            continue;
        }
        if let Some(first) = seen.get(&id) {
            let first = ctx.files.string(first, &id);
            let location = ctx.files.string(&origin, &id);
            ctx.push(
                Severity::Error,
                location,
                ProblemKind::DuplicateId { id, first },
            );
            continue;
        }
        seen.insert(id, origin.clone());
        match entry {
            Entry::Faction(x) => items.factions.push((x, origin)),
            Entry::Character(x) => items.characters.push((x, origin)),
            Entry::Gonk(x) => items.gonks.push((x, origin)),
            Entry::Gear(x) => items.gear.push((x, origin)),
            Entry::Program(x) => items.programs.push((x, origin)),
            Entry::Drone(x) => items.drones.push((x, origin)),
            Entry::Loot(x) => items.loot.push((x, origin)),
            Entry::Objective(x) => items.objectives.push((x, origin)),
            Entry::Scenery(x) => items.scenery.push((x, origin)),
            Entry::Layout(x) => items.layouts.push((x, origin)),
            Entry::Scenario(x) => items.scenarios.push((x, origin)),
            Entry::ThirdForce(x) => items.third_forces.push((x, origin)),
            Entry::CoopArc(x) => items.coop_arcs.push((x, origin)),
        }
    }
    items
}
