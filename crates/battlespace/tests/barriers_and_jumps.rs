//! Barriers that only block together (POA-7, POA-8, OPEN-5, MOVE-11, OPEN-23): two wall
//! segments meeting end to end or at a corner, a gap too narrow for a base or the path, and a
//! thin wall lying across the path at a slant. A wall split into touching pieces must count
//! exactly as the whole wall, for Paths of Attack and for movement. And the route planner
//! jumping gaps between raised tops (MOVE-17, MOVE-18).

mod common;

use common::*;
use proptest::prelude::*;
use redline_battlespace::*;

/// A wall along z = 11 from x = 5 to x = 25, split at `split` with a gap `gap` wide.
fn split_wall(split: f32, gap: f32, height: f32) -> Vec<SceneryPiece> {
    vec![
        wall(
            1,
            "West wall",
            [5.0, 11.0],
            [split - gap / 2.0, 11.0],
            height,
        ),
        wall(
            2,
            "East wall",
            [split + gap / 2.0, 11.0],
            [25.0, 11.0],
            height,
        ),
    ]
}

fn whole_wall(height: f32) -> Vec<SceneryPiece> {
    vec![wall(1, "Wall", [5.0, 11.0], [25.0, 11.0], height)]
}

fn poa(bs: &Battlespace, a: &ModelBase, b: &ModelBase) -> PathOfAttack {
    bs.path_of_attack(a, b, &[], PoaOptions::default())
}

#[test]
fn poa_8_open_5_two_wall_segments_meeting_block_together() {
    let bs = space(split_wall(15.0, 0.0, 3.0));
    let (a, b) = (model(1, 0, 15.0, 8.0), model(2, 1, 15.0, 14.0));
    for (x, y) in [(&a, &b), (&b, &a)] {
        let p = poa(&bs, x, y);
        assert!(p.blocked_by.is_some(), "{p:?}");
        assert!(!p.visible() && p.cover.is_empty() && p.obscured);
    }
    // Exactly as the unsplit wall.
    assert!(poa(&space(whole_wall(3.0)), &a, &b).blocked_by.is_some());
}

#[test]
fn poa_7_a_gap_the_path_gets_through_leaves_two_entering_barriers() {
    // A 0.6" gap: no barrier crosses the 1" path, each enters it (+1 each).
    let bs = space(split_wall(15.0, 0.6, 3.0));
    let (a, b) = (model(1, 0, 15.0, 8.0), model(2, 1, 15.0, 14.0));
    let p = poa(&bs, &a, &b);
    assert_eq!(p.blocked_by, None);
    let reasons: Vec<_> = p.cover.iter().map(|c| (c.source, c.reason)).collect();
    assert_eq!(
        reasons,
        vec![
            (
                CoverSource::Scenery(SceneryId(1)),
                CoverReason::BarrierEnters
            ),
            (
                CoverSource::Scenery(SceneryId(2)),
                CoverReason::BarrierEnters
            ),
        ]
    );
}

#[test]
fn poa_8_open_5_a_thin_wall_across_the_path_at_a_slant_blocks() {
    // A 0.25" wall at 45° to the path: no square cut across the path lies inside it, yet it
    // spans the path's whole width (OPEN-5) and no line in the path gets past it.
    let bs = space(vec![wall(1, "Slant", [10.0, 6.0], [20.0, 16.0], 3.0)]);
    let (a, b) = (model(1, 0, 15.0, 8.0), model(2, 1, 15.0, 14.0));
    assert_eq!(poa(&bs, &a, &b).blocked_by, Some(SceneryId(1)));
    assert_eq!(poa(&bs, &b, &a).blocked_by, Some(SceneryId(1)));
    // Past its end only the corner enters the path: +1, not blocked (POA-7).
    let (c, d) = (model(3, 0, 20.5, 14.0), model(4, 1, 20.5, 20.0));
    let p = poa(&bs, &c, &d);
    assert_eq!(p.blocked_by, None, "{p:?}");
    assert_eq!(
        p.cover,
        vec![Cover {
            source: CoverSource::Scenery(SceneryId(1)),
            reason: CoverReason::BarrierEnters
        }]
    );
}

#[test]
fn open_31_kw_28_an_obstacle_across_the_path_at_a_slant_obscures_it() {
    // A thin fence at 45° spans the path's width (OPEN-5), so it obscures the path for Silent
    // (OPEN-31), and gives +1 (POA-5); it never blocks (POA-8 is for barriers).
    let mut fence = wall(1, "Fence", [10.0, 6.0], [20.0, 16.0], 1.5);
    fence.kind = O;
    let bs = space(vec![fence]);
    let (a, b) = (model(1, 0, 15.0, 8.0), model(2, 1, 15.0, 14.0));
    let p = poa(&bs, &a, &b);
    assert_eq!(p.blocked_by, None);
    assert!(p.obscured, "{p:?}");
    assert_eq!(p.modifier(), 1);
    // Past its end only its corner enters: +1, not obscured.
    let (c, d) = (model(3, 0, 20.5, 14.0), model(4, 1, 20.5, 20.0));
    let p = poa(&bs, &c, &d);
    assert!(!p.obscured && p.modifier() == 1, "{p:?}");
}

#[test]
fn poa_8_two_walls_meeting_at_a_corner_block_a_path_through_the_corner() {
    let bs = space(vec![
        wall(1, "South wall", [10.0, 11.0], [15.0, 11.0], 3.0),
        wall(2, "East wall", [15.0, 11.0], [15.0, 16.0], 3.0),
    ]);
    let (a, b) = (model(1, 0, 12.0, 14.0), model(2, 1, 18.0, 8.0));
    assert!(poa(&bs, &a, &b).blocked_by.is_some());
    assert!(poa(&bs, &b, &a).blocked_by.is_some());
}

#[test]
fn kw_32_open_30_a_torrent_stops_at_two_walls_meeting() {
    let bs = space(split_wall(15.0, 0.0, 3.0));
    let from = model(1, 0, 15.0, 8.0);
    let beyond = model(2, 1, 15.0, 14.0);
    let t = bs.torrent(&from, beyond.position, Some(GREEN), &[from, beyond]);
    assert!(t.stopped_by.is_some());
    assert!(t.targets.is_empty(), "{t:?}");
}

fn cross(bs: &Battlespace, x0: f32, x1: f32, max: f32) -> Result<MovePlan, MoveError> {
    let mover = model(1, 0, x0, 9.0);
    bs.check_move(&mover, &[[x1, 0.0, 13.0]], max, &[])
}

#[test]
fn move_11_open_23_over_the_joint_of_two_low_walls_is_one_crossing() {
    let whole = cross(&space(whole_wall(1.5)), 15.0, 15.0, YELLOW).expect("legal");
    assert_eq!(whole.rolls(), 1);
    assert!((whole.length - (4.0 + 3.0)).abs() < 1e-3, "{whole:?}");
    let joint = cross(&space(split_wall(15.0, 0.0, 1.5)), 15.0, 15.0, YELLOW).expect("legal");
    assert_eq!(joint.rolls(), 1, "{joint:?}");
    assert_eq!(joint.length, whole.length);
    assert!(matches!(
        joint.crossings[0].kind,
        CrossingKind::LowBarrier { height, .. } if (height - 1.5).abs() < 1e-3
    ));
}

#[test]
fn move_11_open_23_a_gap_narrower_than_the_base_is_climbed_not_squeezed_through() {
    // 0.8" between the walls: a 27 mm base (1.06") can't pass, so it goes over.
    let narrow = cross(&space(split_wall(15.0, 0.8, 1.5)), 15.0, 15.0, YELLOW).expect("legal");
    assert_eq!(narrow.rolls(), 1, "{narrow:?}");
    assert!((narrow.length - 7.0).abs() < 1e-3);
    // 1.5" between them: the base walks through with no roll (MOVE-3).
    let wide = cross(&space(split_wall(15.0, 1.5, 1.5)), 15.0, 15.0, YELLOW).expect("legal");
    assert!(wide.is_open(), "{wide:?}");
    assert!((wide.length - 4.0).abs() < 1e-3);
}

#[test]
fn move_22_move_23_climbing_over_the_joint_of_two_tall_walls_is_one_climb() {
    // 4" walls, climbed from the foot (MOVE-22): one climb up and down (8") plus 2.2" of
    // route is a GREEN move; counted twice it would not fit.
    let bs = space(split_wall(15.0, 0.0, 4.0));
    let mover = model(1, 0, 15.0, 10.3);
    let plan = bs
        .check_move(&mover, &[[15.0, 0.0, 12.5]], GREEN, &[])
        .expect("legal");
    assert_eq!(plan.rolls(), 1, "{plan:?}");
    assert!(matches!(
        plan.crossings[0].kind,
        CrossingKind::Climb { height, up: true, easy: false, .. } if (height - 4.0).abs() < 1e-3
    ));
    assert!((plan.length - 10.2).abs() < 1e-3, "{plan:?}");
    // A taller segment meeting a lower one: the taller one is what is climbed.
    let mut pieces = split_wall(15.0, 0.0, 2.0);
    pieces[1] = wall(2, "East wall", [15.0, 11.0], [25.0, 11.0], 3.0);
    let plan = cross(&space(pieces), 15.0, 15.0, GREEN).expect("legal");
    assert_eq!(plan.rolls(), 1);
    assert!(matches!(
        plan.crossings[0].kind,
        CrossingKind::LowBarrier { piece: SceneryId(2), height } if (height - 3.0).abs() < 1e-3
    ));
    assert!((plan.length - 10.0).abs() < 1e-3);
}

proptest! {
    #![proptest_config(proptest_config(96))]

    /// POA-8, OPEN-5, MOVE-11, OPEN-23: a wall cut into two touching segments anywhere, or
    /// with a gap narrower than a base, is the same wall: every path across it between models
    /// on either side is blocked (at any slant), and every move over it needs one roll and
    /// the same Limiter length as over the whole wall.
    #[test]
    fn poa_8_move_11_a_split_wall_counts_as_the_whole_wall(
        split in 7.0f32..23.0,
        gap in prop_oneof![Just(0.0f32), 0.0f32..0.9],
        x0 in 7.0f32..23.0,
        x1 in 7.0f32..23.0,
        z0 in 7.0f32..10.2,
        z1 in 11.8f32..15.0,
        low in any::<bool>(),
    ) {
        let height = if low { 1.5 } else { 2.5 };
        let whole = space(whole_wall(height));
        let split_bs = space(split_wall(split, gap, height));
        let (a, b) = (model(1, 0, x0, z0), model(2, 1, x1, z1));
        prop_assert!(poa(&whole, &a, &b).blocked_by.is_some());
        if gap == 0.0 {
            prop_assert!(poa(&split_bs, &a, &b).blocked_by.is_some());
            prop_assert!(poa(&split_bs, &b, &a).blocked_by.is_some());
        }
        let route = [[x1, 0.0, z1]];
        let w = whole.check_move(&a, &route, 30.0, &[]);
        let s = split_bs.check_move(&a, &route, 30.0, &[]);
        match (w, s) {
            (Ok(w), Ok(s)) => {
                prop_assert_eq!(w.rolls(), 1);
                prop_assert_eq!(s.rolls(), 1, "{:?}", s);
                prop_assert!((w.length - s.length).abs() < 1e-3, "{} vs {}", w.length, s.length);
            }
            (w, s) => prop_assert!(false, "whole {:?}, split {:?}", w, s),
        }
    }
}

/// Two 4" roofs: A (x 2..8, z 2..8) and B (x 10..16, z 6..20), 2" apart where they face
/// each other (z 6..8) and further apart everywhere else.
fn roofs(gap: f32) -> Battlespace {
    space(vec![
        boxp(1, "Roof A", B, 5.0, 5.0, [6.0, 4.0, 6.0]).elevated(),
        boxp(2, "Roof B", B, 13.0 + gap - 2.0, 13.0, [6.0, 4.0, 14.0]).elevated(),
    ])
}

#[test]
fn move_17_the_planner_jumps_the_narrow_gap_between_two_roofs() {
    let bs = roofs(2.0);
    let mover = model_at(1, 0, 6.0, 4.0, 6.5);
    let goal = [12.0, 4.0, 13.0];
    // Straight at the goal the gap is nearly 4": too far to jump, and a climb down must
    // start at the edge (MOVE-22).
    let err = bs.check_move(&mover, &[goal], GREEN, &[]).unwrap_err();
    // MOVE-22: a climb starts at the foot (or a climb down at the edge).
    assert!(
        matches!(&err, MoveError::Barrier { why, .. } if why.contains("MOVE-22")),
        "{err}"
    );
    let route = bs
        .find_route(&mover, goal, GREEN, &[])
        .expect("a route with a jump");
    let jumps: Vec<_> = route
        .plan
        .crossings
        .iter()
        .filter_map(|c| match c.kind {
            CrossingKind::Jump { gap, from, to } => Some((gap, from, to)),
            _ => None,
        })
        .collect();
    assert_eq!(jumps.len(), 1, "{:?}", route.plan);
    let (gap, from, to) = jumps[0];
    assert!(gap <= RED + EPSILON, "gap {gap}");
    assert_eq!((from, to), (SceneryId(1), Some(SceneryId(2))));
    assert_eq!(route.plan.rolls(), 1);
    assert!((route.plan.end[1] - 4.0).abs() < 1e-3);
    assert!(route.plan.length <= GREEN + EPSILON);
    // The route is what check_move accepts (MOVE-2).
    let again = bs
        .check_move(&mover, &route.waypoints, GREEN, &[])
        .expect("legal");
    assert_eq!(again, route.plan);
    // MOVE-18: failing the jump drops the model to the ground under the gap, 4" down.
    let jump = again
        .crossings
        .iter()
        .find(|c| matches!(c.kind, CrossingKind::Jump { .. }))
        .expect("the jump");
    assert_eq!(jump.fall_on_failure, Some(4.0));
    assert_eq!(jump.stop[1], 0.0);
    // The reachable area reaches roof B too, with that one roll.
    let area = bs.reachable_area(&mover, GREEN, &[]);
    let on_b: Vec<_> = area
        .cells
        .iter()
        .filter(|c| c.position[0] > 10.0 && (c.position[1] - 4.0).abs() < 1e-3)
        .collect();
    assert!(!on_b.is_empty());
    assert!(on_b.iter().all(|c| c.rolls >= 1));
}

#[test]
fn move_17_no_jump_is_planned_across_a_gap_wider_than_red() {
    let bs = roofs(4.0);
    let mover = model_at(1, 0, 6.0, 4.0, 6.5);
    let err = bs.find_route(&mover, [14.0, 4.0, 13.0], GREEN, &[]);
    assert!(
        matches!(err, Err(RouteError::Unreachable { .. })),
        "{err:?}"
    );
    let area = bs.reachable_area(&mover, GREEN, &[]);
    assert!(
        area.cells
            .iter()
            .all(|c| c.position[0] < 12.0 || c.position[1] < 1.0),
        "nothing on roof B"
    );
}

#[test]
fn move_13_a_move_may_end_in_a_doorway_short_of_going_through() {
    // The busy layout's north wall has a 2" door at x 4..6. A base ending in the doorway with
    // its centre short of the wall's middle met only the door's empty space: no crossing, and
    // not a climb of the wall (found by the reachable-area property test).
    let bs = space(busy_layout());
    let mover = model(1, 0, 7.5, 16.5);
    let plan = bs
        .check_move(&mover, &[[4.75, 0.0, 14.25]], YELLOW, &[])
        .expect("into the doorway");
    assert!(plan.is_open(), "{plan:?}");
    let route = bs
        .find_route(&mover, [4.75, 0.0, 14.25], YELLOW, &[])
        .expect("a route");
    assert!(route.plan.is_open());
    // Going on through the door is a Door crossing with no roll (MOVE-13).
    let through = bs
        .check_move(&mover, &[[4.75, 0.0, 14.25], [5.0, 0.0, 12.5]], YELLOW, &[])
        .expect("through the door");
    assert!(matches!(
        through.crossings[..],
        [Crossing {
            kind: CrossingKind::Door { .. },
            needs_roll: false,
            ..
        }]
    ));
}
