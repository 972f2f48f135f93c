//! The scenery data only the optional modules read (MODULES.md, Data): material and the
//! values of TERR and FIRE on each part, and a building's storeys (MOD-9). Checked whether
//! or not a game turns the modules on, so a pack is either valid or not; a game with every
//! module off ignores these fields (MOD-2).

use super::Ctx;
use crate::load::Catalog;
use crate::load::files::Origin;
use crate::schema::{Lighter, Material, Part, Passive, SceneryPiece, SceneryTag};

/// Checks a card's kit passives: a `FirstAid(x)` kit adds 1 or 2 (AID-6), and so does a
/// `ToolKit(x)` (BOT-6).
pub(super) fn kits(ctx: &mut Ctx<'_>, o: &Origin, passives: &[Passive]) {
    for p in passives {
        let why = match *p {
            Passive::FirstAid(x) if !(1..=2).contains(&x) => {
                format!("FirstAid({x}): a kit adds 1 or 2 to First Aid (AID-6)")
            }
            Passive::ToolKit(x) if !(1..=2).contains(&x) => {
                format!("ToolKit({x}): a kit adds 1 or 2 to Field Patch (BOT-6)")
            }
            _ => continue,
        };
        ctx.bad(o, "passives", why);
    }
}

/// Checks a piece's module data.
pub(super) fn scenery(ctx: &mut Ctx<'_>, o: &Origin, piece: &SceneryPiece) {
    for part in &piece.parts {
        part_values(ctx, o, part);
    }
    storeys(ctx, o, piece);
}

fn part_values(ctx: &mut Ctx<'_>, o: &Origin, part: &Part) {
    let name = &part.name;
    let mut bad = |field: &str, why: String| {
        if name.is_empty() {
            ctx.bad(o, field, why);
        } else {
            ctx.bad_at(o, name, field, why);
        }
    };
    if let Some(h) = part.hardness.filter(|h| *h > 9) {
        bad(
            "hardness",
            format!("part '{name}': Hardness {h}; 0 to 9 (TERR-2)"),
        );
    }
    if let Some(s) = part.structure.filter(|s| !(1..=9).contains(s)) {
        bad(
            "structure",
            format!("part '{name}': Structure {s}; 1 to 9 (TERR-5)"),
        );
    }
    if let Some(l) = part.section_len.filter(|l| !(l.is_finite() && *l > 0.0)) {
        bad(
            "section_len",
            format!("part '{name}': section length {l}; above 0 (TERR-4)"),
        );
    }
    if let Some(f) = part.fuel.filter(|f| *f > 2) {
        bad("fuel", format!("part '{name}': Fuel {f}; 0 to 2 (FIRE-4)"));
    }
    if part.fence.is_some() {
        fence(part, bad);
    }
}

/// SEC-14: a fence is an obstacle of Soft material, which never burns.
fn fence(part: &Part, mut bad: impl FnMut(&str, String)) {
    let name = &part.name;
    if !part.tags.contains(&SceneryTag::Obstacle) {
        let why = format!("part '{name}' is a fence, so an Obstacle (SEC-14)");
        bad("fence", why);
    }
    if let Some(m) = part.material.filter(|m| *m != Material::Soft) {
        let why = format!("part '{name}' is a fence, so Soft, not {m:?} (SEC-14, TERR-3)");
        bad("material", why);
    }
    if part.fuel.is_some() {
        let why = format!("part '{name}' is a wire fence, which never burns (FIRE-4)");
        bad("fuel", why);
    }
}

/// MOD-9: every part named exists, a part is in at most one storey, a storey has at most one
/// slab, values in range, rooms with real footprints and names of their own.
fn storeys(ctx: &mut Ctx<'_>, o: &Origin, piece: &SceneryPiece) {
    let mut seen: Vec<&str> = Vec::new();
    for (k, storey) in piece.storeys.iter().enumerate() {
        let number = k + 1;
        let mut slabs = 0;
        for name in &storey.parts {
            let Some(part) = piece.parts.iter().find(|p| &p.name == name) else {
                let why = format!("storey {number} names '{name}', which is no part of the piece");
                ctx.bad_at(o, name, "storeys", why);
                continue;
            };
            if seen.contains(&name.as_str()) {
                let why = format!("part '{name}' is in more than one storey (MOD-9)");
                ctx.bad_at(o, name, "storeys", why);
            }
            seen.push(name);
            slabs += usize::from(part.is_slab());
            if slabs == 2 {
                let why = format!("storey {number} has a second slab, '{name}' (MOD-9)");
                ctx.bad_at(o, name, "storeys", why);
            }
        }
        if let Some(s) = storey.structure.filter(|s| !(1..=9).contains(s)) {
            let why = format!("storey {number}: Structure {s}; 1 to 9 (TERR-5)");
            ctx.bad(o, "structure", why);
        }
        if let Some(f) = storey.fuel.filter(|f| *f > 2) {
            ctx.bad(
                o,
                "fuel",
                format!("storey {number}: Fuel {f}; 0 to 2 (FIRE-4)"),
            );
        }
        for (k, room) in storey.rooms.iter().enumerate() {
            let name = room.name.as_deref();
            if name.is_some() && storey.rooms[..k].iter().any(|r| r.name.as_deref() == name) {
                let why = format!(
                    "storey {number}: two rooms are named '{}'",
                    name.unwrap_or_default()
                );
                ctx.bad(o, "rooms", why);
            }
            let finite = room.footprint.iter().flatten().all(|v| v.is_finite());
            if room.footprint.len() < 3 || !finite {
                let why = format!("storey {number}: a room needs 3 or more (x, z) points");
                ctx.bad(o, "rooms", why);
            }
        }
    }
}

/// FIRE-15: a scenario's starting fires require FIRE, name a seat of the scenario as their
/// lighter, and place on every layout the scenario suggests: a storey of the piece (one of
/// its rooms, by name), or a flammable part of it in no storey.
pub(super) fn scenario_fires(ctx: &mut Ctx<'_>, catalog: &Catalog, origins: &[(String, Origin)]) {
    for (id, o) in origins {
        let Some(scenario) = catalog.scenarios.get(id) else {
            continue;
        };
        if scenario.fires.is_empty() {
            continue;
        }
        if !scenario
            .modules
            .require
            .contains(&redline_rules::Module::Fire)
        {
            let why =
                "a scenario with starting fires must require FIRE: `modules: (require: [Fire])`";
            ctx.bad(o, "fires", why);
        }
        for f in &scenario.fires {
            let Lighter::Seat(seat) = f.lighter;
            if seat >= scenario.players {
                let why = format!(
                    "the fire on '{}' names seat {seat} as its lighter; the scenario seats {}",
                    f.piece, scenario.players
                );
                ctx.bad_at(o, &f.piece, "fires", why);
            }
            for layout_id in &scenario.setup.layouts {
                let Some(layout) = catalog.layouts.get(layout_id) else {
                    continue; // reported as a dangling layout
                };
                if let Err(why) = crate::fires::fire_place(catalog, layout, f) {
                    let why = format!(
                        "scenario '{id}': the fire on '{}' on layout '{layout_id}': {why}",
                        f.piece
                    );
                    ctx.bad_at(o, &f.piece, "fires", why);
                }
            }
        }
    }
}
