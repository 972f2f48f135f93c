//! FIRE-12 on a Breach's path (TERR-2): each burning part or compartment the Path of Attack
//! to a scenery target enters or crosses adds +1 to the Obstacle die's side, as it adds to a
//! model target's Opposed Roll; the Breach odds count it. The targeted part's own fire adds
//! nothing (the path ends at it), a burning compartment whose wall is the target counts,
//! and burning scenery within reach of the actor doesn't (POA-9). With FIRE off, nothing.

mod common;

use common::*;
use redline_battlespace::{SceneryKind, SceneryPiece, SceneryShape};
use redline_rules::card::{Colour, Keyword, ModelProfile, RangeSpec, Skill, Skills};
use redline_rules::odds::OddsQuery;
use redline_rules::{
    ActionCommand, Command, Event, Fire, FirePlace, Game, Module, ScenarioRules, Setup, Target,
    basic,
};

/// Part 0: a brick wall from (22, 8.5) to (22, 14.5), 3" high, two 3" sections.
fn wall() -> SceneryPiece {
    let mut wall = SceneryPiece::new(
        0,
        "Brick Wall",
        SceneryKind::Barrier,
        SceneryShape::Wall {
            from: [22.0, 8.5],
            to: [22.0, 14.5],
            thickness: 0.5,
            height: 3.0,
        },
    );
    wall.damage = Some(brick());
    wall
}

/// Part 1: a hedge (Fuel 1) across the path from (15, 10) to the wall, at x = `x`.
fn hedge(x: f32) -> SceneryPiece {
    let mut h = scenery_box(
        1,
        "hedge",
        SceneryKind::Obstacle,
        [x, 10.0],
        [0.5, 1.0, 4.0],
    );
    h.fuel = Some(1); // FIRE-4: hedges
    h
}

/// A breacher with Ranged 1 and a rifle with Breach 1.
fn breacher() -> ModelProfile {
    let mut rifle = attack_action(
        "Breaching Rifle",
        Skill::Ranged,
        RangeSpec {
            green: true,
            ..RED_YELLOW
        },
    );
    rifle.keywords = vec![Keyword::Breach(1)];
    ModelProfile {
        skills: Skills {
            ranged: 1,
            reflexes: 1,
            ..Skills::default()
        },
        actions: vec![rifle],
        ..character("A")
    }
}

/// A RED fire lit by seat 0 (FIRE-15).
fn red(place: FirePlace) -> Fire {
    Fire {
        place,
        colour: Colour::Red,
        lighter: P0,
    }
}

/// A (seat 0) at (15, 10) with the rifle, a rival far off; `pieces` on the table, `fires`
/// burning from the start; A active.
fn game(modules: &[Module], pieces: Vec<SceneryPiece>, fires: Vec<Fire>, faces: &[u8]) -> Game {
    let base = no_luck_with(vec![
        model(breacher(), 0, [15.0, 0.0, 10.0]),
        model(character("B"), 1, [2.0, 0.0, 22.0]),
    ]);
    let setup = Setup {
        battlespace: table(pieces),
        modules: modules.iter().copied().collect(),
        scenario: ScenarioRules {
            fires,
            ..base.scenario.clone()
        },
        ..base
    };
    start_active(setup, faces, m(0))
}

/// The wall's north section behind the burning hedge at x = 18.5.
fn behind_the_burning_hedge(modules: &[Module], faces: &[u8]) -> Game {
    game(
        modules,
        vec![wall(), hedge(18.5)],
        vec![red(FirePlace::Part(1))],
        faces,
    )
}

fn breach(part: u32, section: u8) -> ActionCommand {
    ActionCommand {
        model: m(0),
        action: basic::COUNT,
        token: Some(1),
        target: Target::Scenery { part, section },
    }
}

#[test]
fn fire_12_terr_2_a_burning_hedge_on_the_breach_path_adds_one_to_the_obstacle_die() {
    let g = behind_the_burning_hedge(&[Module::Terr, Module::Fire], &[]);
    assert_eq!(g.smoke_to_scenery(m(0), 0, 0), vec![FirePlace::Part(1)]); // FIRE-12
    // YELLOW 7 + Ranged 1 + Large Target 2 = 10 against Obstacle 5 + Hardness 3 + hedge 1
    // (POA-5) + smoke 1 (FIRE-12) = 10: a tie goes to the scenery.
    let mut g = behind_the_burning_hedge(&[Module::Terr, Module::Fire], &[7, 5]);
    let events = ok(&mut g, Command::Act(breach(0, 0)));
    let dice = rolled(&events);
    assert_eq!((dice[0].face, dice[0].total), (7, 10)); // TERR-2
    assert_eq!((dice[1].face, dice[1].total), (5, 10)); // TERR-2, FIRE-12
    assert!(
        !events
            .iter()
            .any(|e| matches!(e, Event::DamageMarked { .. })),
        "{events:?}"
    );
    assert_eq!(g.damage_markers(0, 0), 0);
}

#[test]
fn mod_2_with_fire_off_the_hedge_is_only_an_obstacle_on_the_breach_path() {
    let g = behind_the_burning_hedge(&[Module::Terr], &[]);
    assert!(g.smoke_to_scenery(m(0), 0, 0).is_empty()); // MOD-2
    // The same dice: 10 against 5 + 3 + 1 = 9, one marker.
    let mut g = behind_the_burning_hedge(&[Module::Terr], &[7, 5]);
    let events = ok(&mut g, Command::Act(breach(0, 0)));
    assert_eq!(rolled(&events)[1].total, 9);
    assert_eq!(g.damage_markers(0, 0), 1); // TERR-2
}

#[test]
fn fire_12_terr_2_breach_odds_count_the_smoke() {
    let odds = |modules: &[Module]| {
        behind_the_burning_hedge(modules, &[])
            .breach_odds(&breach(0, 0))
            .expect("a legal Breach")
            .success
    };
    let exact = |against: i16| {
        OddsQuery::new(
            redline_rules::dice::Die::Action(Colour::Yellow),
            3,
            redline_rules::dice::Die::Obstacle,
            against,
        )
        .without_luck()
        .odds()
        .success
    };
    // Hardness 3 + hedge 1, and + smoke 1 with FIRE on (FIRE-12).
    assert!((odds(&[Module::Terr]) - exact(4)).abs() < 1e-9);
    assert!((odds(&[Module::Terr, Module::Fire]) - exact(5)).abs() < 1e-9);
    assert!(odds(&[Module::Terr, Module::Fire]) < odds(&[Module::Terr]));
}

#[test]
fn fire_12_the_targeted_parts_own_fire_and_fires_within_reach_add_no_smoke() {
    // Aimed at the burning hedge itself: the path ends at it.
    let g = behind_the_burning_hedge(&[Module::Terr, Module::Fire], &[]);
    assert!(g.smoke_to_scenery(m(0), 1, 0).is_empty()); // FIRE-12, MOD-7
    // POA-9: the burning hedge within reach of A is ignored.
    let near = game(
        &[Module::Terr, Module::Fire],
        vec![wall(), hedge(16.2)],
        vec![red(FirePlace::Part(1))],
        &[],
    );
    assert!(near.smoke_to_scenery(m(0), 0, 0).is_empty()); // FIRE-12, POA-9
}

/// A wall of building 1's one storey, Fuel 1, 3" tall, Brick.
fn storey_wall(id: u32, from: [f32; 2], to: [f32; 2]) -> SceneryPiece {
    let mut w = burning_wall(id, (1, 1), from, to, 3.0);
    w.damage = Some(brick());
    w
}

#[test]
fn fire_12_terr_2_a_burning_compartment_counts_for_a_breach_at_its_own_wall() {
    // A roofless hut, building 1, from x = 18 to 22, z = 8 to 12; A breaches its west wall
    // (part 0) from outside.
    let hut = vec![
        storey_wall(0, [18.0, 8.0], [18.0, 12.0]),
        storey_wall(1, [18.0, 12.0], [22.0, 12.0]),
        storey_wall(2, [22.0, 12.0], [22.0, 8.0]),
        storey_wall(3, [22.0, 8.0], [18.0, 8.0]),
    ];
    let place = FirePlace::Compartment {
        building: 1,
        storey: 1,
        room: 0,
    };
    let g = game(
        &[Module::Terr, Module::Fire],
        hut.clone(),
        vec![red(place)],
        &[],
    );
    assert_eq!(g.smoke_to_scenery(m(0), 0, 0), vec![place]); // FIRE-12
    let cold = game(&[Module::Terr, Module::Fire], hut, Vec::new(), &[]);
    let with = g.breach_odds(&breach(0, 0)).expect("legal").success;
    let without = cold.breach_odds(&breach(0, 0)).expect("legal").success;
    assert!(with < without, "{with} vs {without}"); // FIRE-12, TERR-2
}
