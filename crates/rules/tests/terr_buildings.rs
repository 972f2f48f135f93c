//! TERR on buildings (MOD-9): markers on a storey and its Structure (TERR-5), debris
//! (TERR-11), holes in walls (TERR-12), and a collapse with its falls, Hazards, Shaken models
//! and rubble (TERR-13..TERR-15). The building is the starter pack's two-storey tenement as
//! Refinery Row places it, at (8, 11).

mod common;

use common::*;
use redline_battlespace::{
    BuildingPlace, Damageable, SceneryId, SceneryKind, SceneryPiece, StoreyOf,
};
use redline_rules::card::{Keyword, ModelProfile, RangeSpec, Skill};
use redline_rules::{Command, Event, Game, Module, Setup, Target, basic};

/// The first action on the model's own card.
const OWN: u16 = basic::COUNT;

fn of(number: u8, structure: u8, slab: bool) -> Option<StoreyOf> {
    Some(StoreyOf {
        building: 0,
        number,
        structure,
        slab,
    })
}

fn wall(id: u32, from: [f32; 2], to: [f32; 2], (base, height): (f32, f32)) -> SceneryPiece {
    let mut w = wall_piece(id, from, to, 0.4, height);
    w.base = base;
    w.damage = Some(brick());
    w
}

fn slab(id: u32, base: f32) -> SceneryPiece {
    let mut s = scenery_box(
        id,
        "slab",
        SceneryKind::Barrier,
        [8.0, 11.0],
        [8.0, 0.3, 6.0],
    )
    .elevated();
    s.base = base;
    s.damage = Some(brick());
    s
}

/// The tenement: storey 1 (parts 0–4: four walls and the first floor), storey 2 (parts
/// 5–9: four walls and the roof) and the fire ladder (part 10, in no storey), with the
/// storeys' Structure as given.
fn tenement([s1, s2]: [u8; 2]) -> Vec<SceneryPiece> {
    let low = (0.0, 3.5);
    let high = (3.8, 3.2);
    let mut parts = vec![
        wall(0, [4.0, 13.8], [12.0, 13.8], low),
        wall(1, [4.0, 8.2], [12.0, 8.2], low),
        wall(2, [4.2, 8.4], [4.2, 13.6], low),
        wall(3, [11.8, 8.4], [11.8, 13.6], low),
        slab(4, 3.5),
        wall(5, [4.0, 13.8], [12.0, 13.8], high),
        wall(6, [4.0, 8.2], [12.0, 8.2], high),
        wall(7, [4.2, 8.4], [4.2, 13.6], high),
        wall(8, [11.8, 8.4], [11.8, 13.6], high),
        slab(9, 7.0),
    ];
    for (i, p) in parts.iter_mut().enumerate() {
        let number = if i < 5 { 1 } else { 2 };
        p.storey = of(number, if i < 5 { s1 } else { s2 }, i == 4 || i == 9);
    }
    let mut ladder = scenery_box(
        10,
        "ladder",
        SceneryKind::Barrier,
        [12.15, 11.0],
        [0.3, 7.3, 1.0],
    );
    ladder.easy_climb = true;
    ladder.damage = Some(Damageable {
        hardness: 2,
        structure: Some(1),
        ..brick()
    });
    parts.push(ladder);
    parts
}

/// P (seat 0, Ranged 2) with a Breach 2 rifle at (6, 19); for seat 1, A on the roof at
/// (9, 11), B inside storey 1 at (6, 10), C outside at (8, 7.1) by the back wall.
fn refinery_row(structure: [u8; 2], modules: &[Module], faces: &[u8]) -> Game {
    let mut rifle = attack_action(
        "Demolition Rifle",
        Skill::Ranged,
        RangeSpec {
            green: true,
            ..RED_YELLOW
        },
    );
    rifle.keywords = vec![Keyword::Breach(2)];
    let p = ModelProfile {
        actions: vec![rifle],
        ..character("P")
    };
    let setup = Setup {
        battlespace: table(tenement(structure)),
        modules: modules.iter().copied().collect(),
        ..no_luck_with(vec![
            model(p, 0, [6.0, 0.0, 19.0]),
            model(character("A"), 1, [9.0, 7.3, 11.0]),
            model(character("B"), 1, [6.0, 0.0, 10.0]),
            model(character("C"), 1, [8.0, 0.0, 7.1]),
        ])
    };
    start_active(setup, faces, m(0))
}

/// P's rifle, with its GREEN token, at section `section` of the front wall.
fn at_front_wall(section: u8) -> Command {
    act(m(0), OWN, Some(0), Target::Scenery { part: 0, section })
}

#[test]
fn mod_9_models_are_in_a_storey_on_the_roof_or_outside() {
    let g = refinery_row([4, 4], &[Module::Terr], &[]);
    assert_eq!(
        g.building_place(m(1)),
        Some(BuildingPlace::On { building: 0 })
    ); // MOD-9: on the roof
    assert_eq!(
        g.building_place(m(2)),
        Some(BuildingPlace::In {
            building: 0,
            storey: 1
        })
    ); // MOD-9: inside storey 1
    assert_eq!(g.building_place(m(3)), None);
    assert!(g.battlespace().within_reach_of_building(
        &redline_battlespace::ModelBase::new(3, 1, g.position(m(3))),
        0
    )); // TERR-14: C is within reach of the footprint
    assert_eq!(g.structure(0), Some(4)); // TERR-5: the storey's, not the section's
    assert_eq!(g.structure(10), Some(1));
}

fn face(model: u16, token: u8) -> Command {
    Command::FaceHazard {
        model: m(model),
        token: Some(token),
    }
}

fn stun(token: u8) -> Command {
    Command::StunToken { token }
}

fn rolled_faces(events: &[Event]) -> Vec<u8> {
    rolled(events).iter().map(|d| d.face).collect()
}

#[test]
fn terr_13_terr_14_terr_15_a_storey_collapses_with_the_one_above_and_leaves_rubble() {
    // Storey 1 has Structure 3 here. GREEN 12 (a Crit) + Ranged 2 + 2 = 16 against Obstacle
    // 9 + Hardness 3 = 12: 2 + 1 = 3 markers, which collapse it (TERR-13). Then the
    // Hazards (d12, then the model's die): A 9 against GREEN 5; B 3 against GREEN 6; C a
    // Fumble against YELLOW 4.
    let mut g = refinery_row([3, 4], &[Module::Terr], &[12, 9, 9, 5, 3, 6, 1, 4]);
    let events = ok(&mut g, at_front_wall(0));
    assert!(events.contains(&Event::StoreyMarked {
        building: 0,
        storey: 1,
        markers: 3,
        total: 3,
    })); // TERR-2, TERR-5: the markers go on the storey
    assert!(events.contains(&Event::StoreyCollapsed {
        building: 0,
        storey: 1,
        rubble: 11,
    })); // TERR-13
    assert!(g.storey_collapsed(0, 1) && g.storey_collapsed(0, 2)); // TERR-13: and the one above
    // TERR-14: A falls from the roof to the table, 7.3": one wound, its owner's choice.
    assert!(events.contains(&Event::Fell {
        model: m(1),
        height: 7.3
    }));
    assert!(
        !events
            .iter()
            .any(|e| matches!(e, Event::Fell { model, .. } if *model == m(2)))
    );
    ok(&mut g, Command::AllocateWound { token: 1 });
    // TERR-14: then a GREEN Hazard for A and B, who were in or on it, and C, within reach.
    let a = ok(&mut g, face(1, 0));
    assert_eq!(rolled_faces(&a), vec![9, 5]);
    let b = ok(&mut g, face(2, 0));
    assert_eq!(rolled_faces(&b), vec![3, 6]);
    let c = ok(&mut g, face(3, 1));
    assert_eq!(rolled_faces(&c), vec![1, 4]);
    // TERR-14: each is Shaken afterwards.
    ok(&mut g, stun(0));
    ok(&mut g, stun(1));
    let last = ok(&mut g, stun(0));
    assert!(
        last.iter()
            .any(|e| matches!(e, Event::Stunned { model, .. } if *model == m(3)))
    );
    // TERR-15: the storeys' parts are gone, rubble covers the footprint and the models
    // stand on it; the ladder, whose foot is on the table, stays (TERR-10).
    let space = g.battlespace();
    assert!((0..10).all(|p| space.piece(SceneryId(p)).is_none()));
    assert!(space.piece(SceneryId(10)).is_some());
    let rubble = space.piece(SceneryId(11)).expect("rubble");
    assert!((rubble.top() - 1.0).abs() < 1e-4); // TERR-16: 1" high
    assert!((g.position(m(2))[1] - 1.0).abs() < 1e-4);
    assert!((g.position(m(1))[1] - 1.0).abs() < 1e-4);
    assert_eq!(g.building_place(m(2)), None);
    // TERR-15: what fell can't be aimed at any more.
    let cmd = act(
        m(0),
        OWN,
        Some(1),
        Target::Scenery {
            part: 5,
            section: 0,
        },
    );
    assert_eq!(refusal(g.check(&cmd)), Rule::Terr15);
}

#[test]
fn terr_11_terr_12_a_breach_that_doesnt_collapse_holes_the_wall_and_showers_debris() {
    // GREEN 7 + 2 + 2 = 11 against Obstacle 2 + 3 = 5: 2 markers on storey 1 (of 4).
    // Debris (YELLOW d8): A 8 against GREEN 2 + 1, B 1 (a Fumble) against GREEN 3.
    let mut g = refinery_row([4, 4], &[Module::Terr], &[7, 2, 8, 2, 1, 3]);
    let p = redline_battlespace::ModelBase::new(0, 0, g.position(m(0)));
    let b = redline_battlespace::ModelBase::new(2, 1, g.position(m(2)));
    let poa = |g: &Game| {
        g.battlespace()
            .path_of_attack(&p, &b, &[], redline_battlespace::PoaOptions::default())
    };
    assert!(
        poa(&g).blocked_by.is_some(),
        "POA-8: the front wall blocks it"
    );
    let events = ok(&mut g, at_front_wall(0));
    assert_eq!(g.storey_markers(0, 1), 2); // TERR-5
    assert!(!g.storey_collapsed(0, 1));
    // TERR-12, MOPEN-3: the section hit is holed, with rubble on the storey's floor.
    assert!(g.scenery_destroyed(0, 0));
    assert!(!g.scenery_destroyed(0, 1));
    assert!(events.contains(&Event::SceneryDestroyed {
        part: 0,
        section: 0,
        rubble: Some(11),
    }));
    let through = poa(&g);
    assert!(through.blocked_by.is_none()); // TERR-12: the gap is crossed, not blocked
    assert!(through.modifier() >= 1); // TERR-16: the rubble in it adds +1
    // TERR-11: a YELLOW Hazard for each model in or on the building, and none for C.
    let a = ok(&mut g, face(1, 0));
    assert_eq!(rolled_faces(&a), vec![8, 2]);
    assert!(
        a.iter()
            .any(|e| matches!(e, Event::Wounded { model, .. } if *model == m(1)))
    );
    let b_events = ok(&mut g, face(2, 0));
    assert_eq!(rolled_faces(&b_events), vec![1, 3]);
    assert_eq!(g.decision().map(|d| d.seat), Some(redline_rules::Seat(0)));
}

#[test]
fn terr_12_a_slab_takes_markers_but_never_opens() {
    // A Breach 1 rifle on the roof slab from a model standing on the roof: GREEN 9 + 2 + 2
    // = 13 against Obstacle 1 + 3 = 4; the debris Hazard then falls on A (the only model in
    // or on the building besides P2 on the roof): both roll.
    let mut rifle = attack_action("Pry Charge", Skill::Ranged, RED_YELLOW);
    rifle.keywords = vec![Keyword::Breach(1)];
    let p2 = ModelProfile {
        actions: vec![rifle],
        ..character("P2")
    };
    let setup = Setup {
        battlespace: table(tenement([4, 4])),
        modules: [Module::Terr].into_iter().collect(),
        ..no_luck_with(vec![
            model(p2, 0, [6.0, 7.3, 12.0]),
            model(character("A"), 1, [9.0, 7.3, 11.0]),
        ])
    };
    let mut g = start_active(setup, &[9, 1, 12, 12, 12, 12], m(0));
    let events = ok(
        &mut g,
        act(
            m(0),
            OWN,
            Some(0),
            Target::Scenery {
                part: 9,
                section: 0,
            },
        ),
    );
    assert_eq!(g.storey_markers(0, 2), 1); // TERR-5
    assert!(!g.scenery_destroyed(9, 0)); // TERR-12: a slab never opens
    assert!(
        !events
            .iter()
            .any(|e| matches!(e, Event::SceneryDestroyed { .. }))
    );
}

#[test]
fn mod_3_storey_markers_and_collapses_are_in_the_state_hash_and_the_clone() {
    let mut g = refinery_row([3, 4], &[Module::Terr], &[12, 9, 9, 5, 3, 6, 1, 4]);
    let before = g.state_hash();
    ok(&mut g, at_front_wall(0));
    assert_ne!(g.state_hash(), before); // MOD-3
    let cloned = g.clone();
    assert_eq!(cloned.state_hash(), g.state_hash());
    assert!(cloned.storey_collapsed(0, 2));
    assert!(cloned.battlespace().piece(SceneryId(9)).is_none());
}
