//! Dragging scenery objects (MOVE-14..MOVE-16, MOVE-21): the Drag action aimed at a
//! draggable piece within reach, the piece moving with the dragger and changing Paths of
//! Attack, and every refusal naming its rule.

mod common;

use common::*;
use redline_battlespace::{CoverSource, SceneryId, SceneryKind};
use redline_rules::{Command, Event, Game, Rule, Target, basic};

const CRATE: u32 = 1;
const WALL: u32 = 2;

/// The hauler (0) stands 0.2" from a draggable crate with a heavy wall beside it; a rival
/// (1) waits at (11, 0, 20) and a friend (2) at (11, 0, 2). The hauler is active and the
/// drag roll is loaded with `faces`.
fn hauler_by_a_crate(faces: &[u8]) -> Game {
    let crate_piece = scenery_box(
        CRATE,
        "Crate",
        SceneryKind::Obstacle,
        [8.0, 11.5],
        [1.5, 1.0, 1.5],
    )
    .draggable();
    let wall = scenery_box(
        WALL,
        "Wall",
        SceneryKind::Barrier,
        [6.5, 10.0],
        [1.0, 3.0, 4.0],
    );
    let setup = redline_rules::Setup {
        battlespace: table(vec![crate_piece, wall]),
        ..no_luck_with(vec![
            model(character("Hauler"), 0, [8.0, 0.0, 10.0]),
            model(character("Rival"), 1, [11.0, 0.0, 20.0]),
            model(character("Friend"), 0, [11.0, 0.0, 2.0]),
        ])
    };
    let mut g = start_loaded(setup, faces);
    ok(&mut g, Command::Activate { model: m(0) });
    g
}

fn drag(object: u32, to: [f32; 3], shift: [f32; 2]) -> Command {
    act(
        m(0),
        basic::DRAG,
        Some(0),
        Target::DragObject {
            object,
            route: vec![to],
            shift,
        },
    )
}

fn crate_cover(g: &Game) -> bool {
    g.path_of_attack(m(1), m(2), basic::RANGED)
        .cover
        .iter()
        .any(|c| c.source == CoverSource::Scenery(SceneryId(CRATE)))
}

#[track_caller]
fn refused_with(g: &mut Game, cmd: Command, rule: Rule) {
    let before = g.state_hash();
    let err = g.apply(cmd).unwrap_err();
    assert_eq!(err.rule, rule, "{err:?}");
    assert_eq!(g.state_hash(), before, "a refused drag changes nothing");
}

#[test]
fn move_14_move_16_the_dragged_crate_moves_with_the_hauler_and_paths_of_attack_change() {
    let mut g = hauler_by_a_crate(&[9, 2]);
    assert!(!crate_cover(&g));
    let events = ok(&mut g, drag(CRATE, [11.0, 0.0, 10.0], [3.0, 0.0]));
    assert!(events.contains(&Event::ObjectMoved {
        object: CRATE,
        by: [3.0, 0.0, 0.0],
    }));
    assert_eq!(g.position(m(0)), [11.0, 0.0, 10.0]);
    let piece = g.battlespace().piece(SceneryId(CRATE)).unwrap();
    assert_eq!(piece.centre(), [11.0, 11.5]); // MOVE-16
    assert_eq!(g.moved_objects(), &[(CRATE, [3.0, 0.0, 0.0])]);
    // The crate now lies across the rival's Path of Attack to the friend (POA-5).
    assert!(crate_cover(&g));
}

#[test]
fn move_16_the_state_hash_and_a_replay_follow_the_object() {
    let mut a = hauler_by_a_crate(&[9, 2]);
    let mut b = hauler_by_a_crate(&[9, 2]);
    ok(&mut a, drag(CRATE, [11.0, 0.0, 10.0], [3.0, 0.0]));
    ok(&mut b, drag(CRATE, [11.0, 0.0, 10.0], [3.0, -0.1]));
    assert_ne!(
        a.state_hash(),
        b.state_hash(),
        "the crate's place is in the hash"
    );
    let mut again = hauler_by_a_crate(&[9, 2]);
    ok(&mut again, drag(CRATE, [11.0, 0.0, 10.0], [3.0, 0.0]));
    assert_eq!(again.state_hash(), a.state_hash());
    assert_eq!(again.battlespace().pieces(), a.battlespace().pieces());
}

#[test]
fn move_14_a_lost_drag_roll_leaves_the_object_and_the_dragger_where_they_were() {
    let mut g = hauler_by_a_crate(&[1, 5]);
    let events = ok(&mut g, drag(CRATE, [11.0, 0.0, 10.0], [3.0, 0.0]));
    assert!(
        !events
            .iter()
            .any(|e| matches!(e, Event::ObjectMoved { .. }))
    );
    assert_eq!(g.position(m(0)), [8.0, 0.0, 10.0]);
    assert!(g.moved_objects().is_empty());
}

#[test]
fn move_14_only_an_object_agreed_to_be_draggable_can_be_dragged() {
    let mut g = hauler_by_a_crate(&[9, 2]);
    refused_with(
        &mut g,
        drag(WALL, [11.0, 0.0, 10.0], [3.0, 0.0]),
        Rule::Move14,
    );
    refused_with(
        &mut g,
        drag(99, [11.0, 0.0, 10.0], [3.0, 0.0]),
        Rule::Move14,
    );
}

#[test]
fn move_14_the_object_must_be_within_reach() {
    let mut g = hauler_by_a_crate(&[9, 2]);
    // 1.5" back: the crate is out of reach before the drag starts.
    ok(&mut g, move_to(m(0), 1, [9.5, 0.0, 8.5]));
    refused_with(
        &mut g,
        drag(CRATE, [12.5, 0.0, 8.5], [3.0, 0.0]),
        Rule::Move14,
    );
}

#[test]
fn move_15_a_dragging_model_moves_at_most_red() {
    let mut g = hauler_by_a_crate(&[9, 2]);
    // A GREEN token, but 4" is beyond RED.
    refused_with(
        &mut g,
        drag(CRATE, [12.0, 0.0, 10.0], [4.0, 0.0]),
        Rule::Move1,
    );
    // Within RED it is allowed.
    assert!(g.check(&drag(CRATE, [11.0, 0.0, 10.0], [3.0, 0.0])).is_ok());
}

#[test]
fn move_16_the_object_is_put_down_within_reach_and_clear_of_the_dragger() {
    let mut g = hauler_by_a_crate(&[9, 2]);
    // Left behind: 3" from where the hauler ends.
    refused_with(
        &mut g,
        drag(CRATE, [11.0, 0.0, 10.0], [0.0, 0.0]),
        Rule::Move16,
    );
    // Put down where the hauler ends: its move would end inside the crate.
    refused_with(
        &mut g,
        drag(CRATE, [11.0, 0.0, 10.0], [3.0, -1.5]),
        Rule::Move1,
    );
}

#[test]
fn move_14_legal_commands_offer_dragging_the_crate() {
    let g = hauler_by_a_crate(&[9, 2]);
    let drags: Vec<Command> = g
        .legal_commands()
        .into_iter()
        .filter(|c| {
            matches!(c, Command::Act(a) if matches!(a.target, Target::DragObject { object, .. } if object == CRATE))
        })
        .collect();
    assert!(!drags.is_empty(), "the crate within reach is offered");
    assert!(drags.iter().all(|c| g.check(c).is_ok()));
    // The wall is never offered.
    assert!(!g.legal_commands().iter().any(
        |c| matches!(c, Command::Act(a) if matches!(a.target, Target::DragObject { object, .. } if object == WALL))
    ));
}

#[test]
fn move_14_an_unavailable_drag_names_the_nearest_object_out_of_reach() {
    let mut g = hauler_by_a_crate(&[9, 2]);
    // Within reach of the crate and of no model: the Drag is on offer.
    assert_eq!(g.why_unavailable(m(0), basic::DRAG), None);
    // 1.5" back: the crate is the nearest thing to drag and out of reach; the refusal is
    // the object's (MOVE-14), not a model's (BRAWL-11).
    ok(&mut g, move_to(m(0), 1, [9.5, 0.0, 8.5]));
    let why = g
        .why_unavailable(m(0), basic::DRAG)
        .expect("nothing within reach");
    assert_eq!(why.rule, Rule::Move14, "{why:?}"); // MOVE-14
}

#[test]
fn move_14_a_drag_of_an_object_has_the_odds_of_its_roll_against_the_obstacle_die() {
    let g = hauler_by_a_crate(&[9, 2]);
    let odds = |token: u8, object: u32| {
        let mut cmd = drag(object, [11.0, 0.0, 10.0], [3.0, 0.0]);
        let Command::Act(a) = &mut cmd else {
            unreachable!()
        };
        a.token = Some(token);
        g.drag_odds(a)
    };
    // GREEN d12 + Reflexes 1 against the d10 Obstacle die; RED d6 + 1 against it.
    let green = odds(0, CRATE).expect("a legal drag").success;
    assert!((green - 71.0 / 120.0).abs() < 1e-12, "{green}");
    let red = odds(2, CRATE).expect("a legal drag").success;
    assert!((red - 23.0 / 60.0).abs() < 1e-12, "{red}");
    // Refused as the drag would be: the wall is no draggable object.
    assert_eq!(refusal(odds(0, WALL)), Rule::Move14);
}
