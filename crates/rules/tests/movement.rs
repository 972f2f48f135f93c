//! MOVE (rules side): distance by colour, obstacle rolls in order stopping where one fails,
//! rivals opposing a move through them, doors and windows, climbing and falling.

mod common;

use common::*;
use redline_battlespace::{Opening, OpeningKind, SceneryKind, SceneryPiece, SceneryShape};
use redline_rules::{
    Command, Event, Game, LegKind, RouteLeg, StopReason, Target, basic, fall_wounds,
};

/// A thin box across the z axis at `z`, spanning the whole table width.
fn across(id: u32, name: &str, kind: SceneryKind, z: f32, height: f32) -> SceneryPiece {
    scenery_box(id, name, kind, [12.0, z], [24.0, height, 0.5])
}

fn wall_with(opening: OpeningKind) -> SceneryPiece {
    SceneryPiece::new(
        1,
        "Wall",
        SceneryKind::Barrier,
        SceneryShape::Wall {
            from: [0.0, 12.0],
            to: [24.0, 12.0],
            thickness: 0.25,
            height: 5.0,
        },
    )
    .with_opening(Opening {
        kind: opening,
        along: 8.0,
        width: 2.0,
        bottom: if opening == OpeningKind::Door {
            0.0
        } else {
            0.5
        },
        top: 2.5,
    })
}

/// A runner (0) for seat 0 at (8, 7), a far-off rival (1), and this scenery.
fn runner(pieces: Vec<SceneryPiece>, faces: &[u8]) -> Game {
    let setup = alone_with_scenery("Runner", [8.0, 0.0, 7.0], pieces);
    start_active(setup, faces, m(0))
}

fn go(g: &mut Game, token: u8, to: [f32; 3]) -> Vec<Event> {
    ok(
        g,
        act(m(0), basic::MOVE, Some(token), Target::Route(vec![to])),
    )
}

fn rolls(ev: &[Event]) -> usize {
    ev.iter()
        .filter(|e| matches!(e, Event::Rolled { .. }))
        .count()
}

fn moved_to(ev: &[Event]) -> [f32; 3] {
    ev.iter()
        .rev()
        .find_map(|e| match e {
            Event::Moved { model, to, .. } if *model == m(0) => Some(*to),
            _ => None,
        })
        .expect("a Moved event")
}

#[test]
fn move_1_distance_comes_from_the_token_colour() {
    let g = runner(Vec::new(), &[]);
    // RED is 3": a 5" move is refused, GREEN 12" is fine.
    assert_eq!(
        refusal(g.check(&move_to(m(0), 2, [8.0, 0.0, 12.0]))),
        Rule::Move1
    );
    assert!(g.check(&move_to(m(0), 1, [8.0, 0.0, 13.0])).is_ok());
    assert_eq!(
        refusal(g.check(&move_to(m(0), 1, [8.0, 0.0, 15.0]))),
        Rule::Move1
    );
    assert!(g.check(&move_to(m(0), 0, [8.0, 0.0, 19.0])).is_ok());
}

#[test]
fn move_3_basic_2_open_movement_needs_no_roll() {
    let mut g = runner(Vec::new(), &[]);
    let ev = go(&mut g, 0, [8.0, 0.0, 15.0]);
    assert_eq!(rolls(&ev), 0);
    assert_eq!(moved_to(&ev), [8.0, 0.0, 15.0]);
    assert_eq!(g.position(m(0)), [8.0, 0.0, 15.0]);
}

#[test]
fn move_2_a_bent_route_around_an_obstacle_needs_no_roll() {
    let barrels = scenery_box(
        1,
        "Barrels",
        SceneryKind::Obstacle,
        [8.0, 11.0],
        [2.0, 1.0, 1.0],
    );
    let mut g = runner(vec![barrels], &[]);
    let ev = ok(
        &mut g,
        act(
            m(0),
            basic::MOVE,
            Some(0),
            Target::Route(vec![[11.0, 0.0, 9.0], [11.0, 0.0, 13.0], [8.0, 0.0, 15.0]]),
        ),
    );
    assert_eq!(rolls(&ev), 0);
    assert_eq!(moved_to(&ev), [8.0, 0.0, 15.0]);
}

#[test]
fn move_6_move_8_clearing_an_obstacle_keeps_moving() {
    let mut g = runner(
        vec![across(1, "Fence", SceneryKind::Obstacle, 12.0, 1.0)],
        &[9, 2],
    );
    let ev = go(&mut g, 0, [8.0, 0.0, 15.0]);
    assert_eq!(rolls(&ev), 1);
    assert!(ev.contains(&Event::Crossed {
        model: m(0),
        what: "Fence".into()
    }));
    assert_eq!(moved_to(&ev), [8.0, 0.0, 15.0]);
}

#[test]
fn move_8_a_failed_obstacle_roll_stops_at_the_obstacle() {
    let mut g = runner(
        vec![across(1, "Fence", SceneryKind::Obstacle, 12.0, 1.0)],
        &[2, 9],
    );
    let ev = go(&mut g, 0, [8.0, 0.0, 15.0]);
    assert!(ev.contains(&Event::MoveStopped {
        model: m(0),
        reason: StopReason::Obstacle("Fence".into())
    }));
    let at = moved_to(&ev);
    assert!(at[2] < 12.0 && at[2] > 10.0, "stopped at {at:?}");
}

#[test]
fn move_9_one_roll_per_obstacle_in_order_stopping_at_the_first_failure() {
    let pieces = vec![
        across(1, "Fence", SceneryKind::Obstacle, 10.0, 1.0),
        across(2, "Hedge", SceneryKind::Obstacle, 13.0, 1.0),
        across(3, "Crates", SceneryKind::Obstacle, 16.0, 1.0),
    ];
    let mut g = runner(pieces, &[9, 2, 2, 9, 9, 2]);
    let ev = go(&mut g, 0, [8.0, 0.0, 18.0]);
    let steps = only(&ev, |e| {
        matches!(e, Event::Crossed { .. } | Event::MoveStopped { .. })
    });
    assert_eq!(
        steps,
        vec![
            Event::Crossed {
                model: m(0),
                what: "Fence".into()
            },
            Event::MoveStopped {
                model: m(0),
                reason: StopReason::Obstacle("Hedge".into())
            },
        ]
    );
    assert_eq!(rolls(&ev), 2);
    let at = moved_to(&ev);
    assert!(at[2] > 10.0 && at[2] < 13.0, "stopped at {at:?}");
    // The third die was never rolled.
    assert_eq!(g.loaded_dice_left(), 2);
}

#[test]
fn move_10_moving_through_a_rival_is_opposed_by_its_reflexes() {
    let mut g = start_loaded(duel(), &[9, 2]);
    ok(&mut g, Command::Activate { model: m(0) });
    ok(&mut g, move_to(m(0), 0, [8.0, 0.0, 19.0]));
    let ev = ok(&mut g, defend(Some(1)));
    let dice = rolled(&ev);
    assert_eq!(dice[1].model, Some(m(1)));
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::Crossed { model, .. } if *model == m(0)))
    );
    assert_eq!(g.position(m(0)), [8.0, 0.0, 19.0]);
}

#[test]
fn move_10_failing_to_pass_a_rival_stops_in_a_brawl() {
    let mut g = start_loaded(duel(), &[2, 9]);
    ok(&mut g, Command::Activate { model: m(0) });
    ok(&mut g, move_to(m(0), 0, [8.0, 0.0, 19.0]));
    let ev = ok(&mut g, defend(Some(1)));
    assert!(ev.contains(&Event::MoveStopped {
        model: m(0),
        reason: StopReason::Rival(m(1))
    }));
    assert!(ev.contains(&Event::BrawlEntered {
        model: m(0),
        with: vec![m(1)]
    }));
    assert_eq!(g.brawling_with(m(0)), vec![m(1)]);
}

#[test]
fn move_4_friends_pass_freely_but_bases_cant_overlap_at_the_end() {
    let setup = no_luck_with(vec![
        model(character("Runner"), 0, [8.0, 0.0, 7.0]),
        model(character("Friend"), 0, [8.0, 0.0, 10.0]),
        model(character("Far"), 1, [22.0, 0.0, 22.0]),
    ]);
    let mut g = start(setup);
    ok(&mut g, Command::Activate { model: m(0) });
    // The engine names every refused route MOVE-1; the words say which rule refused it.
    let err = g.check(&move_to(m(0), 0, [8.0, 0.0, 10.2])).unwrap_err();
    assert_eq!(err.rule, Rule::Move1);
    assert!(err.message.contains("ends overlapping model 1"), "{err:?}"); // MOVE-4
    let ev = ok(&mut g, move_to(m(0), 0, [8.0, 0.0, 14.0]));
    assert_eq!(rolls(&ev), 0);
}

#[test]
fn move_7_move_11_a_tall_barrier_cant_be_walked_through() {
    let wall = across(1, "Wall", SceneryKind::Barrier, 12.0, 5.0);
    let g = runner(vec![wall], &[]);
    // Walking straight through is not a move; the model must climb from the edge.
    let err = g.check(&move_to(m(0), 0, [8.0, 0.0, 15.0])).unwrap_err();
    assert_eq!(err.rule, Rule::Move1);
    assert!(
        err.message.contains("crosses the barrier 'Wall'"),
        "{err:?}"
    ); // MOVE-11
}

#[test]
fn move_13_a_door_needs_no_roll() {
    let mut g = runner(vec![wall_with(OpeningKind::Door)], &[]);
    let ev = go(&mut g, 0, [8.0, 0.0, 15.0]);
    assert_eq!(rolls(&ev), 0);
    assert_eq!(moved_to(&ev), [8.0, 0.0, 15.0]);
}

#[test]
fn move_12_a_window_counts_as_an_obstacle() {
    let mut g = runner(vec![wall_with(OpeningKind::Window)], &[9, 2]);
    let ev = go(&mut g, 0, [8.0, 0.0, 15.0]);
    assert_eq!(rolls(&ev), 1);
    assert_eq!(moved_to(&ev), [8.0, 0.0, 15.0]);
}

#[test]
fn move_19_falling_damage_by_height() {
    assert_eq!(fall_wounds(2.5), Some(0));
    assert_eq!(fall_wounds(3.0), Some(0));
    assert_eq!(fall_wounds(5.0), Some(1));
    assert_eq!(fall_wounds(12.0), Some(1));
    assert_eq!(fall_wounds(12.5), None);
}

/// A 5" tall barrier block (z 10..14) the runner stands at the edge of (z = 9.45).
fn block(easy: bool) -> SceneryPiece {
    let p = scenery_box(
        1,
        "Block",
        SceneryKind::Barrier,
        [8.0, 12.0],
        [6.0, 5.0, 4.0],
    )
    .elevated();
    if easy { p.easy_climb() } else { p }
}

fn climber(easy: bool, faces: &[u8]) -> Game {
    let setup = alone_with_scenery("Climber", [8.0, 0.0, 9.45], vec![block(easy)]);
    start_active(setup, faces, m(0))
}

#[test]
fn move_22_move_23_a_successful_climb_reaches_the_top() {
    let mut g = climber(false, &[9, 2]);
    let ev = go(&mut g, 0, [8.0, 5.0, 12.0]);
    assert_eq!(rolls(&ev), 1);
    assert_eq!(g.position(m(0)), [8.0, 5.0, 12.0]);
}

/// The route the mover's Moved event says it walked.
fn route_walked(ev: &[Event]) -> Vec<RouteLeg> {
    ev.iter()
        .find_map(|e| match e {
            Event::Moved { model, route, .. } if *model == m(0) => Some(route.clone()),
            _ => None,
        })
        .expect("a Moved event")
}

fn kinds(route: &[RouteLeg]) -> Vec<LegKind> {
    route.iter().map(|l| l.kind).collect()
}

#[test]
fn move_22_the_moved_event_carries_the_climb_up_the_face() {
    let mut g = climber(false, &[9, 2]);
    let ev = go(&mut g, 0, [8.0, 5.0, 12.0]);
    let route = route_walked(&ev);
    // MOVE-22: to the face, straight up it to the top, then on to the end.
    assert_eq!(
        kinds(&route),
        [LegKind::Walk, LegKind::Climb, LegKind::Walk],
        "{route:?}"
    );
    assert_eq!(route[0].to, [8.0, 0.0, 10.0], "at the foot of the face");
    assert_eq!(route[1].to, [8.0, 5.0, 10.0], "straight up to the top");
    assert_eq!(route[2].to, [8.0, 5.0, 12.0]);
}

#[test]
fn move_17_the_moved_event_carries_the_jump_across_the_gap() {
    // YELLOW 9 + Reflexes 1 against the Obstacle die's 2: the jump succeeds.
    let mut g = jump_over([20.0, 0.0, 2.0], &[9, 2]);
    let ev = go(&mut g, 1, [8.0, 5.0, 16.0]);
    let route = route_walked(&ev);
    // MOVE-17: to the edge, across the 2" gap at the roofs' height, on to the end.
    assert_eq!(
        kinds(&route),
        [LegKind::Walk, LegKind::Jump, LegKind::Walk],
        "{route:?}"
    );
    assert_eq!(
        route[0].to,
        [8.0, 5.0, 12.0],
        "at the edge of the west roof"
    );
    assert_eq!(
        route[1].to,
        [8.0, 5.0, 14.0],
        "on the edge of the east roof"
    );
    assert_eq!(route[2].to, [8.0, 5.0, 16.0]);
}

#[test]
fn move_18_a_failed_jump_drops_off_its_route() {
    let mut g = jump_over([20.0, 0.0, 2.0], &[2, 9]);
    let ev = go(&mut g, 1, [8.0, 5.0, 16.0]);
    // MOVE-18: it lands under the gap, off the route it meant to walk: no route to follow.
    assert!(route_walked(&ev).is_empty());
}

#[test]
fn move_24_move_20_wound_4_a_failed_climb_falls_and_wounds_the_spent_token() {
    let mut g = climber(false, &[2, 9]);
    let ev = go(&mut g, 1, [8.0, 5.0, 10.6]);
    assert_failed_climb(&ev, m(0), 5.0, 1);
    assert_eq!(g.position(m(0)), [8.0, 0.0, 9.45]);
    // REACT-4: a fall allows no [RE]action; the climber carries on.
    assert_eq!(
        g.decision().unwrap().kind,
        redline_rules::DecisionKind::NextAction { model: m(0) }
    );
}

#[test]
fn move_27_an_easy_climb_needs_no_roll() {
    let mut g = climber(true, &[]);
    let ev = go(&mut g, 0, [8.0, 5.0, 12.0]);
    assert_eq!(rolls(&ev), 0);
    assert_eq!(g.position(m(0)), [8.0, 5.0, 12.0]);
}

#[test]
fn move_26_a_failed_climb_down_lands_at_the_foot_and_falls() {
    let setup = alone_with_scenery("Climber", [8.0, 5.0, 10.6], vec![block(false)]);
    let mut g = start_loaded(setup, &[2, 9]);
    ok(&mut g, Command::Activate { model: m(0) });
    let ev = go(&mut g, 0, [8.0, 0.0, 9.0]);
    assert!(ev.contains(&Event::MoveStopped {
        model: m(0),
        reason: StopReason::Climb
    }));
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::Fell { model, .. } if *model == m(0)))
    );
    let at = g.position(m(0));
    assert_eq!(at[1], 0.0, "at the foot: {at:?}");
    assert_eq!(g.tokens(m(0))[0].colour, redline_rules::card::Colour::Red);
}

/// A character with two YELLOW tokens, so a wound it takes needs no choice (WOUND-7).
fn twin(name: &str) -> redline_rules::card::ModelProfile {
    use redline_rules::card::Colour;
    redline_rules::card::ModelProfile {
        tokens: vec![Colour::Yellow, Colour::Yellow],
        ..character(name)
    }
}

/// Two 5" roofs (z 4..12 and 14..22, x 4..12) with a 2" gap between them; the jumper (0,
/// seat 0) on the west roof at z = 11, and the rival (1, seat 1) standing in the gap below
/// at `below`.
fn jump_over(below: [f32; 3], faces: &[u8]) -> Game {
    let roof = |id: u32, z: f32| {
        scenery_box(
            id,
            &format!("Roof {id}"),
            SceneryKind::Barrier,
            [8.0, z],
            [8.0, 5.0, 8.0],
        )
        .elevated()
    };
    let setup = redline_rules::Setup {
        battlespace: table(vec![roof(1, 8.0), roof(2, 18.0)]),
        ..no_luck_with(vec![
            model(character("Jumper"), 0, [8.0, 5.0, 11.0]),
            model(twin("Below"), 1, below),
        ])
    };
    start_active(setup, faces, m(0))
}

#[test]
fn move_18_move_21_a_failed_jump_falls_onto_the_model_below_the_gap() {
    // YELLOW 2 + Reflexes 1 against the Obstacle die's 9: the jump fails.
    let mut g = jump_over([8.0, 0.0, 13.0], &[2, 9]);
    let ev = go(&mut g, 1, [8.0, 5.0, 16.0]);
    // MOVE-18: it drops 5" to the ground under the gap's midpoint; one wound on the jump
    // token (MOVE-19, MOVE-20).
    assert_failed_climb(&ev, m(0), 5.0, 1);
    // MOVE-21: the rival standing there takes falling damage for the same 5".
    assert!(ev.contains(&Event::Fell {
        model: m(1),
        height: 5.0
    }));
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::Wounded { model, by: None, .. } if *model == m(1))),
        "{ev:?}"
    );
    // ... and the jumper is put on the ground in base contact with it, not on the roof.
    let jumper = g.position(m(0));
    assert_eq!(jumper[1], 0.0, "{jumper:?}");
    let (a, b) = (g.position(m(0)), g.position(m(1)));
    let centres = (a[0] - b[0]).hypot(a[2] - b[2]);
    let touching = 2.0 * redline_battlespace::BASE_27MM_RADIUS;
    assert!(
        centres >= touching - 1e-3 && centres < touching + 0.05,
        "base contact: {a:?} {b:?}"
    );
    // A fall allows no [RE]action (REACT-4): the jumper's activation goes on.
    assert_eq!(
        g.decision().unwrap().kind,
        redline_rules::DecisionKind::NextAction { model: m(0) }
    );
}

#[test]
fn move_18_a_failed_jump_with_nobody_below_lands_under_the_gaps_midpoint() {
    let mut g = jump_over([20.0, 0.0, 2.0], &[2, 9]);
    let ev = go(&mut g, 1, [8.0, 5.0, 16.0]);
    assert_failed_climb(&ev, m(0), 5.0, 1);
    assert!(
        !ev.iter()
            .any(|e| matches!(e, Event::Fell { model, .. } if *model == m(1)))
    );
    assert_eq!(g.position(m(0)), [8.0, 0.0, 13.0]);
}

#[test]
fn move_26_move_21_a_failed_climb_down_onto_a_model_at_the_foot_wounds_it_too() {
    // The climber on the 5" block (z 10..14) climbs down its north face; a rival stands at
    // the foot where it falls.
    let setup = redline_rules::Setup {
        battlespace: table(vec![block(false)]),
        ..no_luck_with(vec![
            model(character("Climber"), 0, [8.0, 5.0, 10.6]),
            model(twin("Below"), 1, [8.0, 0.0, 9.3]),
        ])
    };
    let mut g = start_active(setup, &[2, 9], m(0));
    let ev = go(&mut g, 0, [9.5, 0.0, 7.5]);
    assert_failed_climb(&ev, m(0), 5.0, 0);
    assert!(ev.contains(&Event::Fell {
        model: m(1),
        height: 5.0
    }));
    let (a, b) = (g.position(m(0)), g.position(m(1)));
    assert_eq!(a[1], 0.0);
    let centres = (a[0] - b[0]).hypot(a[2] - b[2]);
    assert!(
        centres < 2.0 * redline_battlespace::BASE_27MM_RADIUS + 0.05,
        "{a:?} {b:?}"
    );
    assert!(
        centres >= 2.0 * redline_battlespace::BASE_27MM_RADIUS - 1e-3,
        "{a:?} {b:?}"
    );
}
