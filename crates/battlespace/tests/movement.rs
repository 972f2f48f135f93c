//! Movement along the bent Limiter (MOVE-1..29, OPEN-23, OPEN-24, EX-16, EX-18, EX-19), built
//! from hand-placed scenery and models.

mod common;

use common::*;
use redline_battlespace::*;

fn kinds(plan: &MovePlan) -> Vec<CrossingKind> {
    plan.crossings.iter().map(|c| c.kind).collect()
}

/// A 4"-high building models can stand on, x 10..16, z 8..12 (EX-16).
fn building(height: f32) -> SceneryPiece {
    boxp(1, "Building", B, 13.0, 10.0, [6.0, height, 4.0]).elevated()
}

#[test]
fn move_1_move_3_open_move_fits_its_colour_and_needs_no_roll() {
    let bs = space(vec![]);
    let m = model(1, 0, 5.0, 5.0);
    let plan = bs.check_move(&m, &[[12.0, 0.0, 5.0]], YELLOW, &[]).unwrap();
    assert!(plan.is_open());
    assert!((plan.length - 7.0).abs() < 1e-4);
    let err = bs
        .check_move(&m, &[[12.5, 0.0, 5.0]], YELLOW, &[])
        .unwrap_err();
    assert!(matches!(err, MoveError::TooLong { .. }), "{err}");
    // MOVE-28: a free move's length comes from the effect; RED refuses what GREEN allows.
    assert!(bs.check_move(&m, &[[16.0, 0.0, 5.0]], GREEN, &[]).is_ok());
    let err = bs
        .check_move(&m, &[[16.0, 0.0, 5.0]], RED, &[])
        .unwrap_err();
    assert!(matches!(err, MoveError::TooLong { .. }), "{err}");
}

#[test]
fn move_2_ex_19_bending_the_limiter_round_a_container_avoids_the_roll() {
    // A container low enough to be crossed (OPEN-23) between the model and where it goes.
    let bs = space(vec![boxp(1, "Container", B, 10.0, 10.0, [4.0, 2.5, 2.0])]);
    let m = model(1, 0, 6.6, 10.0);
    let straight = bs.check_move(&m, &[[13.4, 0.0, 10.0]], GREEN, &[]).unwrap();
    assert_eq!(straight.rolls(), 1);
    assert!(matches!(
        kinds(&straight)[0],
        CrossingKind::LowBarrier {
            piece: SceneryId(1),
            ..
        }
    ));
    // Bent round it: longer, but no roll (EX-19: the Limiter curved round the container).
    let bent = [[7.2, 0.0, 12.0], [12.8, 0.0, 12.0], [13.4, 0.0, 10.0]];
    let plan = bs.check_move(&m, &bent, GREEN, &[]).unwrap();
    assert!(plan.is_open(), "{:?}", plan.crossings);
    assert!(plan.length > 9.0);
}

#[test]
fn move_4_friends_are_passed_freely_but_no_move_ends_on_a_base() {
    let bs = space(vec![]);
    let m = model(1, 0, 5.0, 5.0);
    let friend = model(2, 0, 8.0, 5.0);
    let plan = bs
        .check_move(&m, &[[11.0, 0.0, 5.0]], YELLOW, &[friend])
        .unwrap();
    assert_eq!(kinds(&plan), vec![CrossingKind::FriendlyModel { model: 2 }]);
    assert!(plan.is_open());
    let err = bs
        .check_move(&m, &[[8.5, 0.0, 5.0]], YELLOW, &[friend])
        .unwrap_err();
    assert_eq!(err, MoveError::EndOverlapsModel { model: 2 });
}

#[test]
fn move_5_move_6_move_8_an_obstacle_needs_a_roll_and_failure_stops_at_it() {
    let bs = space(vec![boxp(1, "Crates", O, 10.0, 10.0, [1.0, 1.0, 3.0])]);
    let m = model(1, 0, 7.0, 10.0);
    let plan = bs
        .check_move(&m, &[[13.0, 0.0, 10.0]], YELLOW, &[])
        .unwrap();
    assert_eq!(
        kinds(&plan),
        vec![CrossingKind::Obstacle {
            piece: SceneryId(1)
        }]
    );
    let c = plan.crossings[0];
    assert!(c.needs_roll);
    // Stopped where the base meets the obstacle, before its near face (x = 9.5).
    assert!(
        c.stop[0] + BASE_27MM_RADIUS <= 9.5 + 0.02 && c.stop[0] > 8.5,
        "{:?}",
        c.stop
    );
    assert_eq!(c.fall_on_failure, None);
}

#[test]
fn move_7_move_11_a_tall_barrier_cannot_be_walked_through() {
    let bs = space(vec![wall(1, "Wall", [10.0, 6.0], [10.0, 14.0], 4.0)]);
    let m = model(1, 0, 8.0, 10.0);
    let err = bs
        .check_move(&m, &[[12.0, 0.0, 10.0]], GREEN, &[])
        .unwrap_err();
    assert!(
        matches!(
            err,
            MoveError::Barrier {
                piece: SceneryId(1),
                ..
            }
        ),
        "{err}"
    );
    // Going round the end of the wall is fine (MOVE-11).
    let round = [[9.5, 0.0, 15.0], [10.5, 0.0, 15.0], [12.0, 0.0, 10.0]];
    assert!(bs.check_move(&m, &round, GREEN, &[]).unwrap().is_open());
}

#[test]
fn move_9_parkour_one_roll_per_obstacle_and_rival_in_route_order() {
    let bs = space(vec![
        boxp(1, "Crates", O, 8.0, 10.0, [1.0, 1.0, 3.0]),
        boxp(2, "Barrels", O, 14.0, 10.0, [1.0, 1.0, 3.0]),
    ]);
    let m = model(1, 0, 5.0, 10.0);
    let rival = model(9, 1, 11.0, 10.0);
    let plan = bs
        .check_move(&m, &[[17.0, 0.0, 10.0]], GREEN, &[rival])
        .unwrap();
    assert_eq!(
        kinds(&plan),
        vec![
            CrossingKind::Obstacle {
                piece: SceneryId(1)
            },
            CrossingKind::RivalModel { model: 9 },
            CrossingKind::Obstacle {
                piece: SceneryId(2)
            },
        ]
    );
    assert_eq!(plan.rolls(), 3);
}

#[test]
fn move_10_ex_19_moving_through_a_rival_rolls_and_failure_stops_within_its_reach() {
    let bs = space(vec![]);
    let m = model(1, 0, 5.0, 5.0);
    let rival = model(2, 1, 9.0, 5.0);
    let plan = bs
        .check_move(&m, &[[12.0, 0.0, 5.0]], YELLOW, &[rival])
        .unwrap();
    let c = plan.crossings[0];
    assert_eq!(c.kind, CrossingKind::RivalModel { model: 2 });
    assert!(c.needs_roll);
    // BRAWL-1: stopped within reach of the rival, so they are Brawling.
    let stopped = m.at(c.stop);
    assert!(bs.within_reach(&stopped, &rival));
    assert!(!stopped.overlaps(&rival));
}

#[test]
fn move_12_move_13_a_window_is_an_obstacle_a_door_is_free() {
    let w = wall(1, "Wall", [10.0, 2.0], [10.0, 18.0], 3.5)
        .with_opening(door(3.0))
        .with_opening(window(12.0));
    let bs = space(vec![w]);
    // Through the door at z = 5.
    let m = model(1, 0, 7.0, 5.0);
    let plan = bs.check_move(&m, &[[13.0, 0.0, 5.0]], YELLOW, &[]).unwrap();
    assert_eq!(
        kinds(&plan),
        vec![CrossingKind::Door {
            piece: SceneryId(1)
        }]
    );
    assert!(plan.is_open());
    // Through the window at z = 14.
    let m = model(2, 0, 7.0, 14.0);
    let plan = bs
        .check_move(&m, &[[13.0, 0.0, 14.0]], YELLOW, &[])
        .unwrap();
    assert_eq!(
        kinds(&plan),
        vec![CrossingKind::Window {
            piece: SceneryId(1)
        }]
    );
    assert_eq!(plan.rolls(), 1);
}

#[test]
fn move_14_move_15_move_16_dragging_a_light_object() {
    let crate_ = boxp(1, "Crate", O, 10.0, 10.0, [1.0, 1.0, 1.0]).draggable();
    let bs = space(vec![crate_, boxp(2, "Car", O, 20.0, 10.0, [3.0, 1.5, 1.6])]);
    let near = model(1, 0, 8.6, 10.0);
    let far = model(2, 0, 5.0, 10.0);
    assert!(bs.can_drag(&near, SceneryId(1)));
    assert!(!bs.can_drag(&far, SceneryId(1)));
    assert!(!bs.can_drag(&model(3, 0, 17.6, 10.0), SceneryId(2)));
    // MOVE-15: the dragger moves at most RED.
    assert!(bs.check_move(&near, &[[5.6, 0.0, 10.0]], RED, &[]).is_ok());
    let err = bs
        .check_move(&near, &[[5.5, 0.0, 10.0]], RED, &[])
        .unwrap_err();
    assert!(matches!(err, MoveError::TooLong { .. }), "{err}");
    // MOVE-16: the object is put down within reach of where the model ended.
    let moved = bs.with_object_moved(SceneryId(1), -3.0, 0.0).unwrap();
    let ended = near.at([5.6, 0.0, 10.0]);
    assert!(moved.distance_to_piece(&ended, SceneryId(1)).unwrap() <= REACH);
    assert!(bs.distance_to_piece(&ended, SceneryId(1)).unwrap() > REACH);
    assert!(matches!(
        bs.with_object_moved(SceneryId(2), 1.0, 0.0),
        Err(LayoutError::NotDraggable { .. })
    ));
}

#[test]
fn move_17_move_18_jumping_a_gap_of_red_or_less_between_roofs() {
    let bs = space(vec![
        boxp(1, "Roof A", B, 6.0, 10.0, [4.0, 4.0, 4.0]).elevated(),
        boxp(2, "Roof B", B, 12.0, 10.0, [4.0, 4.0, 4.0]).elevated(),
    ]);
    let m = model_at(1, 0, 6.0, 4.0, 10.0);
    let plan = bs
        .check_move(&m, &[[12.0, 0.0, 10.0]], YELLOW, &[])
        .unwrap();
    let jump = plan
        .crossings
        .iter()
        .find(|c| matches!(c.kind, CrossingKind::Jump { .. }));
    let jump = jump.expect("a jump");
    let CrossingKind::Jump { gap, from, to } = jump.kind else {
        unreachable!()
    };
    assert!((gap - 2.0).abs() < 0.05, "{gap}");
    assert_eq!((from, to), (SceneryId(1), Some(SceneryId(2))));
    assert!(jump.needs_roll);
    // MOVE-18: a failed jump drops to the surface under the gap's midpoint.
    assert!((jump.stop[0] - 9.0).abs() < 0.05 && jump.stop[1] == 0.0);
    assert_eq!(jump.fall_on_failure, Some(4.0));
    assert_eq!(FallDamage::of(4.0), FallDamage::Wound);
    assert!((plan.end[1] - 4.0).abs() < 1e-4);
    // A gap longer than RED can't be jumped.
    let wide = space(vec![
        boxp(1, "Roof A", B, 5.0, 10.0, [4.0, 4.0, 4.0]).elevated(),
        boxp(2, "Roof B", B, 14.0, 10.0, [4.0, 4.0, 4.0]).elevated(),
    ]);
    let m = model_at(1, 0, 6.0, 4.0, 10.0);
    if let Ok(plan) = wide.check_move(&m, &[[13.0, 0.0, 10.0]], GREEN, &[]) {
        assert!(
            !plan
                .crossings
                .iter()
                .any(|c| matches!(c.kind, CrossingKind::Jump { .. }))
        );
    }
}

#[test]
fn move_18_move_21_a_model_falling_into_the_gap_lands_on_the_model_below() {
    let bs = space(vec![
        boxp(1, "Roof A", B, 6.0, 10.0, [4.0, 5.0, 4.0]).elevated(),
        boxp(2, "Roof B", B, 12.0, 10.0, [4.0, 5.0, 4.0]).elevated(),
    ]);
    let jumper = model_at(1, 0, 7.5, 5.0, 10.0);
    // Let go 5" up over the gap's midpoint (x = 9), back toward Roof A (-x).
    let below = model(2, 1, 9.0, 10.0);
    let landing = bs.land(&jumper, [9.0, 5.0, 10.0], [-1.0, 0.0], &[jumper, below]);
    // MOVE-18: it drops to the first surface under the point, 5" down (MOVE-19) ...
    assert_eq!(landing.fall, Some(5.0));
    // ... onto the model standing there, which takes the same fall (MOVE-21) ...
    assert_eq!(landing.lands_on, Some(2));
    // ... and it ends in base contact with it, on the ground, where it can stand.
    let landed = jumper.at(landing.end);
    assert_eq!(landing.end[1], 0.0);
    assert!(!landed.overlaps(&below));
    assert!(bs.distance(&landed, &below) < 0.05, "{:?}", landing.end);
    assert!(bs.can_place(&landed, &[below]));
    // Nobody there: it lands under the point.
    let clear = bs.land(&jumper, [9.0, 5.0, 10.0], [-1.0, 0.0], &[jumper]);
    assert_eq!(
        (clear.end, clear.fall, clear.lands_on),
        ([9.0, 0.0, 10.0], Some(5.0), None)
    );
    // Let go on a surface: no fall, and nobody is under it.
    let put = bs.land(&jumper, [6.0, 5.0, 10.0], [1.0, 0.0], &[jumper, below]);
    assert_eq!(
        (put.end, put.fall, put.lands_on),
        ([6.0, 5.0, 10.0], None, None)
    );
}

#[test]
fn move_22_move_23_ex_16_climb_4_then_move_3_with_yellow() {
    let bs = space(vec![building(4.0)]);
    // At the foot of the 4" building.
    let m = model(1, 0, 10.0 - BASE_27MM_RADIUS - 0.05, 10.0);
    let end_x = m.position[0] + 3.0;
    let plan = bs
        .check_move(&m, &[[end_x, 0.0, 10.0]], YELLOW, &[])
        .unwrap();
    assert_eq!(
        kinds(&plan),
        vec![CrossingKind::Climb {
            piece: SceneryId(1),
            height: 4.0,
            up: true,
            easy: false
        }]
    );
    assert!((plan.length - 7.0).abs() < 1e-3, "{}", plan.length);
    assert!((plan.climbed - 4.0).abs() < 1e-4);
    assert!((plan.end[1] - 4.0).abs() < 1e-4);
    assert_eq!(bs.standing_on(&m.at(plan.end)), Some(SceneryId(1)));
    // One inch more is beyond YELLOW.
    let err = bs
        .check_move(&m, &[[end_x + 0.2, 0.0, 10.0]], YELLOW, &[])
        .unwrap_err();
    assert!(matches!(err, MoveError::TooLong { .. }));
    // MOVE-24 / EX-16 failure: the model stays put and falls 4": 1 wound.
    let c = plan.crossings[0];
    assert!(c.needs_roll);
    assert!((c.stop[0] - m.position[0]).abs() < 1e-4 && c.stop[1] == 0.0);
    assert_eq!(
        c.fall_on_failure.map(FallDamage::of),
        Some(FallDamage::Wound)
    );
    // MOVE-22: a climb must start at the barrier's foot.
    let away = model(2, 0, 6.0, 10.0);
    let err = bs
        .check_move(&away, &[[11.5, 0.0, 10.0]], GREEN, &[])
        .unwrap_err();
    assert!(matches!(err, MoveError::Barrier { .. }), "{err}");
}

#[test]
fn move_23_one_action_climbs_up_and_down_a_wall() {
    let bs = space(vec![wall(1, "Wall", [10.0, 4.0], [10.0, 16.0], 4.0)]);
    let m = model(1, 0, 10.0 - 0.125 - BASE_27MM_RADIUS - 0.05, 10.0);
    let plan = bs.check_move(&m, &[[11.0, 0.0, 10.0]], GREEN, &[]).unwrap();
    assert!(matches!(
        kinds(&plan)[..],
        [CrossingKind::Climb {
            piece: SceneryId(1),
            up: true,
            ..
        }]
    ));
    assert!((plan.climbed - 8.0).abs() < 1e-3, "{}", plan.climbed);
    let err = bs
        .check_move(&m, &[[11.0, 0.0, 10.0]], YELLOW, &[])
        .unwrap_err();
    assert!(matches!(err, MoveError::TooLong { .. }), "{err}");
}

#[test]
fn move_25_open_24_a_climb_longer_than_the_colour_needs_a_second_action() {
    // OPEN-24: one action plans a single climb; 8" can't be climbed with YELLOW at once.
    let bs = space(vec![building(8.0)]);
    let m = model(1, 0, 10.0 - BASE_27MM_RADIUS - 0.05, 10.0);
    let err = bs
        .check_move(&m, &[[11.0, 0.0, 10.0]], YELLOW, &[])
        .unwrap_err();
    assert!(matches!(err, MoveError::TooLong { .. }), "{err}");
    assert!(bs.check_move(&m, &[[11.0, 0.0, 10.0]], GREEN, &[]).is_ok());
}

#[test]
fn move_26_a_failed_climb_down_leaves_the_model_at_the_foot_with_falling_damage() {
    let bs = space(vec![building(4.0)]);
    let m = model_at(1, 0, 15.4, 4.0, 10.0);
    let plan = bs
        .check_move(&m, &[[17.5, 0.0, 10.0]], YELLOW, &[])
        .unwrap();
    let c = plan.crossings[0];
    assert_eq!(
        c.kind,
        CrossingKind::Climb {
            piece: SceneryId(1),
            height: 4.0,
            up: false,
            easy: false
        }
    );
    assert!(c.needs_roll);
    assert_eq!(c.stop[1], 0.0);
    assert_eq!(c.fall_on_failure, Some(4.0));
    assert!((plan.length - (2.1 + 4.0)).abs() < 1e-3);
}

#[test]
fn move_27_a_ladder_makes_the_climb_easy() {
    let bs = space(vec![building(4.0).with_ladder([10.0, 10.0], 1.0)]);
    let m = model(1, 0, 10.0 - BASE_27MM_RADIUS - 0.05, 10.0);
    let plan = bs
        .check_move(&m, &[[12.0, 0.0, 10.0]], YELLOW, &[])
        .unwrap();
    assert!(matches!(
        kinds(&plan)[0],
        CrossingKind::Climb { easy: true, .. }
    ));
    assert!(plan.is_open());
    // The face away from the ladder is not easy.
    let side = model(2, 0, 12.0, 8.0 - BASE_27MM_RADIUS - 0.05);
    let plan = bs
        .check_move(&side, &[[12.0, 0.0, 9.5]], YELLOW, &[])
        .unwrap();
    assert!(matches!(
        kinds(&plan)[0],
        CrossingKind::Climb { easy: false, .. }
    ));
}

#[test]
fn open_23_a_barrier_up_to_red_is_crossed_with_one_roll_and_its_height_counts() {
    let bs = space(vec![wall(1, "Low wall", [10.0, 4.0], [10.0, 16.0], 1.5)]);
    let m = model(1, 0, 8.0, 10.0);
    let plan = bs
        .check_move(&m, &[[12.0, 0.0, 10.0]], YELLOW, &[])
        .unwrap();
    assert!(matches!(
        kinds(&plan)[..],
        [CrossingKind::LowBarrier {
            piece: SceneryId(1),
            ..
        }]
    ));
    assert_eq!(plan.rolls(), 1);
    // Up and down again: 4" + 2 × 1.5".
    assert!((plan.length - 7.0).abs() < 1e-3, "{}", plan.length);
    // Failure leaves it at the wall, without falling.
    assert!(plan.crossings[0].stop[0] < 10.0);
    assert_eq!(plan.crossings[0].fall_on_failure, None);
}

#[test]
fn move_29_brawl_4_a_brawling_model_must_end_within_reach_of_its_rivals() {
    let bs = space(vec![]);
    let me = model(1, 0, 5.0, 5.0);
    let rival = model(2, 1, 6.5, 5.0);
    let side = bs
        .check_move(&me, &[[5.5, 0.0, 6.0]], RED, &[rival])
        .unwrap();
    assert!(bs.stays_in_brawl(&me.at(side.end), &[rival]));
    let away = bs
        .check_move(&me, &[[2.0, 0.0, 5.0]], RED, &[rival])
        .unwrap();
    assert!(!bs.stays_in_brawl(&me.at(away.end), &[rival]));
}

#[test]
fn move_25_open_24_two_actions_climb_what_one_cannot() {
    // An 8" building climbed with two YELLOW actions: 7" in the first, 1" + 3" in the second.
    let bs = space(vec![building(8.0)]);
    let m = model(1, 0, 10.0 - BASE_27MM_RADIUS - 0.05, 10.0);
    let route = [[m.position[0] + 3.0, 8.0, 10.0]];
    assert!(matches!(
        bs.check_move(&m, &route, YELLOW, &[]),
        Err(MoveError::TooLong { .. })
    ));
    let plan = bs
        .check_two_action_climb(&m, &route, YELLOW, YELLOW, &[])
        .unwrap();
    let climbs: Vec<&Crossing> = plan
        .crossings
        .iter()
        .filter(|c| matches!(c.kind, CrossingKind::Climb { up: true, .. }))
        .collect();
    assert_eq!(climbs.len(), 2, "one roll per action");
    assert!(climbs.iter().all(|c| c.needs_roll));
    // MOVE-24 / OPEN-24: the first failure falls from what one action could climb (7");
    // MOVE-25: the second from where the second action would have reached (the top, 8").
    assert_eq!(climbs[0].fall_on_failure, Some(YELLOW));
    assert_eq!(climbs[1].fall_on_failure, Some(8.0));
    assert!(climbs.iter().all(|c| c.stop[1] == 0.0));
    assert!((plan.end[1] - 8.0).abs() < 1e-4);
    assert!((plan.length - 11.0).abs() < 1e-3, "{}", plan.length);
    // A climb one action manages is not a two-action climb.
    let low = space(vec![building(4.0)]);
    assert!(matches!(
        low.check_two_action_climb(&m, &[[m.position[0] + 1.0, 4.0, 10.0]], YELLOW, YELLOW, &[]),
        Err(MoveError::NotATwoActionClimb { .. })
    ));
    // Nor is a move that doesn't begin at the foot (MOVE-22).
    let away = model(2, 0, 7.0, 10.0);
    let err = bs
        .check_two_action_climb(&away, &[[11.0, 8.0, 10.0]], YELLOW, YELLOW, &[])
        .unwrap_err();
    // MOVE-22: a climb starts at the foot (or a climb down at the edge).
    assert!(
        matches!(&err, MoveError::Barrier { why, .. } if why.contains("MOVE-22")),
        "{err}"
    );
}

#[test]
fn move_22_a_climb_down_starts_the_action_at_the_edge_unless_it_climbed_up_first() {
    let bs = space(vec![building(4.0)]);
    // In the middle of the roof (x 10..16): walking to the edge and climbing down in one
    // action is refused.
    let mid = model_at(1, 0, 13.0, 4.0, 10.0);
    let err = bs
        .check_move(&mid, &[[17.0, 0.0, 10.0]], GREEN, &[])
        .unwrap_err();
    assert!(matches!(err, MoveError::Barrier { .. }), "{err}");
    assert!(err.to_string().contains("edge"), "{err}");
    // At the edge it may.
    let edge = model_at(2, 0, 15.6, 4.0, 10.0);
    assert!(
        bs.check_move(&edge, &[[17.0, 0.0, 10.0]], GREEN, &[])
            .is_ok()
    );
    // MOVE-23: up one side, across and down the other in one action (a long free move).
    let foot = model(3, 0, 10.0 - BASE_27MM_RADIUS - 0.05, 10.0);
    let plan = bs
        .check_move(&foot, &[[16.8, 0.0, 10.0]], 16.0, &[])
        .unwrap();
    let climbs: Vec<bool> = plan
        .crossings
        .iter()
        .filter_map(|c| match c.kind {
            CrossingKind::Climb { up, .. } => Some(up),
            _ => None,
        })
        .collect();
    assert_eq!(climbs, vec![true, false]);
}

#[test]
fn move_27_an_easy_climb_is_moved_normally_anywhere_in_the_move() {
    // With a ladder, the model may walk up to the building and go up it in the same action.
    let bs = space(vec![building(4.0).with_ladder([10.0, 10.0], 1.0)]);
    let m = model(1, 0, 7.0, 10.0);
    let plan = bs.check_move(&m, &[[10.8, 4.0, 10.0]], GREEN, &[]).unwrap();
    assert!(plan.is_open(), "{:?}", plan.crossings);
    assert!((plan.end[1] - 4.0).abs() < 1e-4);
    assert!((plan.length - (3.8 + 4.0)).abs() < 1e-3, "{}", plan.length);
    // Without it the same move is refused: a climb needing a roll starts at the foot.
    let bare = space(vec![building(4.0)]);
    let err = bare
        .check_move(&m, &[[10.8, 4.0, 10.0]], GREEN, &[])
        .unwrap_err();
    // MOVE-22: a climb starts at the foot (or a climb down at the edge).
    assert!(
        matches!(&err, MoveError::Barrier { why, .. } if why.contains("MOVE-22")),
        "{err}"
    );
}

#[test]
fn move_26_climb_down_spots_lie_straight_across_each_edge_the_model_is_at() {
    // The 4" building is x 10..16, z 8..12. At its east edge (centre 0.6" in): one spot,
    // straight out east on the ground, the base clear of the face; the move there is a climb
    // down with a roll that leaves the model at the foot if it fails (MOVE-26).
    let bs = space(vec![building(4.0)]);
    let r = BASE_27MM_RADIUS;
    let edge = model_at(1, 0, 15.4, 4.0, 10.0);
    let spots = bs.climb_down_spots(&edge);
    assert_eq!(spots.len(), 1, "{spots:?}");
    let [x, y, z] = spots[0];
    assert_eq!(y, 0.0);
    assert!((z - 10.0).abs() < 1e-3, "straight across: {z}");
    assert!(x - r >= 16.0 && x - r < 16.1, "clear of the face: {x}");
    let plan = bs.check_move(&edge, &spots, YELLOW, &[]).unwrap();
    assert!(matches!(
        kinds(&plan)[..],
        [CrossingKind::Climb {
            up: false,
            easy: false,
            ..
        }]
    ));
    assert_eq!(plan.crossings[0].fall_on_failure, Some(4.0));
    assert_eq!(plan.crossings[0].stop[1], 0.0, "at the foot");
    // `climb_spots` gives the climbs down too.
    assert_eq!(bs.climb_spots(&edge), spots);
    // At the north-east corner: one spot across each side.
    let corner = model_at(2, 0, 15.5, 4.0, 11.5);
    let spots = bs.climb_down_spots(&corner);
    assert_eq!(spots.len(), 2, "{spots:?}");
    assert!(
        spots
            .iter()
            .any(|s| s[0] > 16.0 && (s[2] - 11.5).abs() < 0.05)
    );
    assert!(
        spots
            .iter()
            .any(|s| s[2] > 12.0 && (s[0] - 15.5).abs() < 0.05)
    );
    for s in &spots {
        assert!(bs.check_move(&corner, &[*s], YELLOW, &[]).is_ok(), "{s:?}");
    }
}

#[test]
fn move_22_move_26_no_climb_down_away_from_an_edge_off_a_low_top_or_from_the_table() {
    let bs = space(vec![building(4.0)]);
    // In the middle of the roof: not at an edge (MOVE-22).
    assert!(
        bs.climb_down_spots(&model_at(1, 0, 13.0, 4.0, 10.0))
            .is_empty()
    );
    // 0.9" in from the edge: beyond the tolerance.
    assert!(
        bs.climb_down_spots(&model_at(1, 0, 15.1, 4.0, 10.0))
            .is_empty()
    );
    // On the table beside it: nothing to climb down.
    assert!(bs.climb_down_spots(&model(1, 0, 17.0, 10.0)).is_empty());
    // Off a top RED high or lower the model steps down: no climb.
    let low = space(vec![building(RED)]);
    assert!(
        low.climb_down_spots(&model_at(1, 0, 15.4, RED, 10.0))
            .is_empty()
    );
}
