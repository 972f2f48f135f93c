//! POA (rules side): cover from the Path of Attack added to the target's Opposed Roll, and
//! barriers that block the path.

mod common;

use common::*;
use redline_battlespace::{SceneryKind, SceneryPiece};
use redline_rules::card::{ActionDef, Keyword, ModelProfile, RangeSpec, Skill};
use redline_rules::{Command, Event, Game, ModelSetup, Setup, Target, basic};

fn piece(id: u32, name: &str, kind: SceneryKind, x: f32, z: f32, size: [f32; 3]) -> SceneryPiece {
    scenery_box(id, name, kind, [x, z], size)
}

/// Shooter (0) at (8, 7) and target (1) at (8, 17), plus extra models and scenery.
fn range(pieces: Vec<SceneryPiece>, extra: Vec<ModelSetup>, shooter: ModelProfile) -> Game {
    let mut models = vec![
        model(shooter, 0, [8.0, 0.0, 7.0]),
        model(character("Target"), 1, [8.0, 0.0, 17.0]),
    ];
    models.extend(extra);
    let setup = Setup {
        battlespace: table(pieces),
        ..no_luck_with(models)
    };
    start_active(setup, &[5, 5], m(0))
}

/// The target's modifier on the Opposed Roll of a Basic Ranged Attack (Reflexes 1 + cover).
fn target_modifier(g: &mut Game, action: u16) -> i16 {
    ok(g, act(m(0), action, Some(0), Target::Model(m(1))));
    let ev = ok(g, defend(Some(0)));
    ev.iter()
        .find_map(|e| match e {
            Event::Rolled { dice } => Some(dice[1].modifier),
            _ => None,
        })
        .unwrap()
}

#[test]
fn poa_1_poa_4_a_clear_path_adds_nothing() {
    let mut g = range(Vec::new(), Vec::new(), character("Shooter"));
    assert_eq!(target_modifier(&mut g, basic::RANGED), 1);
}

#[test]
fn poa_5_each_obstacle_across_the_path_adds_one() {
    let pieces = vec![
        piece(
            1,
            "Fence",
            SceneryKind::Obstacle,
            8.0,
            11.0,
            [6.0, 1.0, 0.5],
        ),
        piece(2, "Car", SceneryKind::Obstacle, 8.0, 14.0, [4.0, 1.5, 1.0]),
    ];
    let mut g = range(pieces, Vec::new(), character("Shooter"));
    assert_eq!(target_modifier(&mut g, basic::RANGED), 3);
}

#[test]
fn poa_6_other_models_in_the_path_add_one_each() {
    let extra = vec![model(character("Bystander"), 1, [8.0, 0.0, 12.0])];
    let mut g = range(Vec::new(), extra, character("Shooter"));
    assert_eq!(target_modifier(&mut g, basic::RANGED), 2);
}

#[test]
fn poa_7_a_barrier_entering_part_of_the_path_adds_one() {
    let corner = piece(
        1,
        "Corner",
        SceneryKind::Barrier,
        10.0,
        12.0,
        [3.4, 5.0, 2.0],
    );
    let mut g = range(vec![corner], Vec::new(), character("Shooter"));
    assert_eq!(target_modifier(&mut g, basic::RANGED), 2);
}

#[test]
fn poa_8_a_barrier_across_the_whole_path_blocks_the_target() {
    let wall = piece(1, "Wall", SceneryKind::Barrier, 8.0, 12.0, [10.0, 5.0, 0.5]);
    let g = range(vec![wall], Vec::new(), character("Shooter"));
    assert_eq!(refusal(g.check(&ranged_attack(m(0), 0, m(1)))), Rule::Poa8);
}

#[test]
fn poa_9_scenery_within_the_attackers_reach_is_ignored() {
    let crate_ = piece(1, "Crate", SceneryKind::Obstacle, 8.0, 7.9, [3.0, 1.0, 0.5]);
    let mut g = range(vec![crate_], Vec::new(), character("Shooter"));
    assert_eq!(target_modifier(&mut g, basic::RANGED), 1);
}

#[test]
fn poa_11_indirect_ignores_obstacles_but_not_barriers() {
    let lob = ActionDef {
        keywords: vec![Keyword::Indirect],
        ..attack_action("Lob", Skill::Ranged, RangeSpec::YELLOW_GREEN)
    };
    let grenadier = ModelProfile {
        actions: vec![lob],
        ..character("Grenadier")
    };
    let fence = piece(
        1,
        "Fence",
        SceneryKind::Obstacle,
        8.0,
        11.0,
        [6.0, 1.0, 0.5],
    );
    let mut g = range(vec![fence], Vec::new(), grenadier.clone());
    assert_eq!(target_modifier(&mut g, basic::COUNT), 1);
    let wall = piece(1, "Wall", SceneryKind::Barrier, 8.0, 12.0, [10.0, 5.0, 0.5]);
    let g = range(vec![wall], Vec::new(), grenadier);
    assert_eq!(
        refusal(g.check(&act(m(0), basic::COUNT, Some(0), Target::Model(m(1))))),
        Rule::Poa8
    );
}

#[test]
fn poa_1_friendly_targets_need_a_path_too() {
    let wall = piece(1, "Wall", SceneryKind::Barrier, 8.0, 8.0, [10.0, 5.0, 0.3]);
    let medic = ModelProfile {
        tokens: vec![redline_rules::card::Colour::Green],
        ..character("Medic")
    };
    let g = range(
        vec![wall],
        vec![model(character("Pal"), 0, [8.0, 0.0, 8.9])],
        medic,
    );
    assert_eq!(
        refusal(g.check(&act(m(0), basic::COMMAND, Some(0), Target::Model(m(2))))),
        Rule::Poa8
    );
}

#[test]
fn poa_10_an_elevated_edge_covers_the_model_on_it_only_when_attacked() {
    let roof = piece(1, "Roof", SceneryKind::Barrier, 8.0, 13.0, [8.0, 4.0, 6.0]).elevated();
    let setup = |first| Setup {
        battlespace: table(vec![roof.clone()]),
        models: vec![
            model(character("Ground"), 0, [8.0, 0.0, 3.0]),
            model(character("Roof"), 1, [8.0, 4.0, 10.7]),
        ],
        first_control: first,
        ..no_luck()
    };
    let mut g = start_loaded(setup(P0), &[5, 5]);
    ok(&mut g, Command::Activate { model: m(0) });
    assert_eq!(target_modifier(&mut g, basic::RANGED), 2);
    // The roof model shooting down gets no bonus for its own edge, nor does its target.
    let mut g = start_loaded(setup(P1), &[5, 5]);
    ok(&mut g, Command::Activate { model: m(1) });
    ok(&mut g, ranged_attack(m(1), 0, m(0)));
    let ev = ok(&mut g, defend(Some(0)));
    let dice = rolled(&ev);
    assert_eq!(dice[1].modifier, 1);
}
