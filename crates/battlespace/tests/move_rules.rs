//! Movement along the bent Limiter on hand-placed tables: length, open moves, obstacle and
//! model crossings in order, doors and windows, barriers, climbing (EX-16), falling
//! (EX-18), routes round a container, quarters and zones (MOVE-1..27, FIELD-3, FIELD-4,
//! FIELD-10).

mod common;

use common::*;
use redline_battlespace::*;

fn pt(x: f32, z: f32) -> [f32; 3] {
    [x, 0.0, z]
}

/// What a planned move crosses, in order, and whether each crossing needs a roll.
fn crossings(plan: &MovePlan) -> Vec<(CrossingKind, bool)> {
    plan.crossings
        .iter()
        .map(|c| (c.kind, c.needs_roll))
        .collect()
}

#[test]
fn move_1_a_move_may_end_anywhere_within_the_tokens_length() {
    let bs = space(vec![]);
    let m = model(1, 0, 5.0, 11.0);
    let plan = bs.check_move(&m, &[pt(12.0, 11.0)], YELLOW, &[]).unwrap();
    assert!((plan.length - 7.0).abs() < 1e-4);
    assert_eq!(plan.end, [12.0, 0.0, 11.0]);
    let err = bs
        .check_move(&m, &[pt(12.5, 11.0)], YELLOW, &[])
        .unwrap_err();
    assert!(matches!(err, MoveError::TooLong { .. }), "{err}");
    assert!(err.to_string().contains("7.5"), "{err}");
}

#[test]
fn move_3_open_ground_needs_no_roll() {
    let bs = space(vec![]);
    let m = model(1, 0, 5.0, 11.0);
    let plan = bs.check_move(&m, &[pt(8.0, 11.0)], RED, &[]).unwrap();
    assert!(plan.is_open());
    assert_eq!(plan.rolls(), 0);
}

#[test]
fn move_8_move_9_each_obstacle_is_a_roll_in_route_order() {
    let first = boxp(1, "Barrels", O, 8.0, 11.0, [0.6, 1.0, 3.0]);
    let second = boxp(2, "Fence", O, 12.0, 11.0, [0.3, 1.0, 3.0]);
    let bs = space(vec![second, first]);
    let m = model(9, 0, 5.0, 11.0);
    let plan = bs.check_move(&m, &[pt(15.0, 11.0)], GREEN, &[]).unwrap();
    let kinds: Vec<CrossingKind> = plan.crossings.iter().map(|c| c.kind).collect();
    assert_eq!(
        kinds,
        vec![
            CrossingKind::Obstacle {
                piece: SceneryId(1)
            },
            CrossingKind::Obstacle {
                piece: SceneryId(2)
            },
        ]
    );
    assert_eq!(plan.rolls(), 2);
    // A failed roll leaves the model where its base reached the obstacle.
    let stop = plan.crossings[0].stop;
    assert!(stop[0] <= 8.0 - 0.3 - BASE_27MM_RADIUS + 0.02, "{stop:?}");
    assert!(stop[0] > 7.0 - BASE_27MM_RADIUS, "{stop:?}");
    assert!(plan.crossings[0].at < plan.crossings[1].at);
}

#[test]
fn move_2_move_11_bend_the_limiter_round_a_container() {
    // A container (barrier, taller than RED) between the model and where it wants to be.
    let container = boxp(4, "Container", B, 10.0, 11.0, [2.5, 3.5, 6.0]);
    let bs = space(vec![container]);
    let m = model(1, 0, 7.0, 11.0);
    let err = bs
        .check_move(&m, &[pt(13.0, 11.0)], YELLOW, &[])
        .unwrap_err();
    assert!(
        matches!(
            err,
            MoveError::Barrier {
                piece: SceneryId(4),
                ..
            }
        ),
        "straight through the container: {err}"
    );
    // Round its end: (7,11) → (7,14.8) → (13,14.8) → (13,11) is 3.8 + 6 + 3.8 = 13.6".
    let bent = [pt(7.0, 14.8), pt(13.0, 14.8), pt(13.0, 11.0)];
    let plan = bs.check_move(&m, &bent, GREEN + 2.0, &[]).unwrap();
    assert!(plan.is_open());
    let err = bs.check_move(&m, &bent, GREEN, &[]).unwrap_err();
    assert!(matches!(err, MoveError::TooLong { .. }), "{err}");
    // The route finder finds a way round within GREEN+ and check_move accepts it.
    let route = bs.find_route(&m, pt(13.0, 11.0), GREEN + 2.0, &[]).unwrap();
    let again = bs
        .check_move(&m, &route.waypoints, GREEN + 2.0, &[])
        .unwrap();
    assert_eq!(again.rolls(), 0);
    assert!((again.end[0] - 13.0).abs() < 0.3 && (again.end[2] - 11.0).abs() < 0.3);
}

#[test]
fn move_4_friends_are_passed_freely_but_no_move_ends_on_a_base() {
    let bs = space(vec![]);
    let m = model(1, 0, 5.0, 11.0);
    let friend = model(2, 0, 8.0, 11.0);
    let plan = bs
        .check_move(&m, &[pt(11.0, 11.0)], YELLOW, &[friend])
        .unwrap();
    assert_eq!(
        crossings(&plan),
        vec![(CrossingKind::FriendlyModel { model: 2 }, false)]
    );
    let err = bs
        .check_move(&m, &[pt(8.5, 11.0)], YELLOW, &[friend])
        .unwrap_err();
    assert_eq!(err, MoveError::EndOverlapsModel { model: 2 });
}

#[test]
fn move_10_moving_through_a_rival_needs_a_roll() {
    let bs = space(vec![]);
    let m = model(1, 0, 5.0, 11.0);
    let rival = model(2, 1, 8.0, 11.0);
    let plan = bs
        .check_move(&m, &[pt(11.0, 11.0)], YELLOW, &[rival])
        .unwrap();
    assert_eq!(plan.crossings.len(), 1);
    assert_eq!(
        plan.crossings[0].kind,
        CrossingKind::RivalModel { model: 2 }
    );
    assert!(plan.crossings[0].needs_roll);
}

#[test]
fn move_13_a_door_is_free_move_12_a_window_is_an_obstacle() {
    let with_door = wall(3, "Door wall", [10.0, 5.0], [10.0, 17.0], 4.0).with_opening(door(6.0));
    let bs = space(vec![with_door]);
    let m = model(1, 0, 7.0, 11.0);
    let plan = bs.check_move(&m, &[pt(13.0, 11.0)], YELLOW, &[]).unwrap();
    assert_eq!(
        crossings(&plan),
        vec![(
            CrossingKind::Door {
                piece: SceneryId(3)
            },
            false
        )]
    );

    let with_window =
        wall(4, "Shop wall", [10.0, 5.0], [10.0, 17.0], 4.0).with_opening(window(6.0));
    let bs = space(vec![with_window]);
    let plan = bs.check_move(&m, &[pt(13.0, 11.0)], YELLOW, &[]).unwrap();
    assert_eq!(
        crossings(&plan),
        vec![(
            CrossingKind::Window {
                piece: SceneryId(4)
            },
            true
        )]
    );
    // Beside the opening the wall is a barrier.
    let err = bs
        .check_move(&m, &[pt(13.0, 7.0)], YELLOW, &[])
        .unwrap_err();
    assert!(matches!(err, MoveError::Barrier { .. }), "{err}");
}

fn tower() -> SceneryPiece {
    // A 4" tall building from x = 10 to 14: taller than RED, so it must be climbed.
    boxp(5, "Hab tower", B, 12.0, 11.0, [4.0, 4.0, 6.0]).elevated()
}

#[test]
fn move_22_move_23_ex_16_climb_four_inches_then_move_three_with_yellow() {
    let bs = space(vec![tower()]);
    // At the foot of the wall: base edge touching x = 10.
    let m = model(1, 0, 10.0 - BASE_27MM_RADIUS - 0.01, 11.0);
    let goal = [m.position[0] + 2.95, 4.0, 11.0];
    let plan = bs.check_move(&m, &[goal], YELLOW, &[]).unwrap();
    assert!(
        (plan.climbed - 4.0).abs() < 0.05,
        "climbed {}",
        plan.climbed
    );
    assert!(plan.length <= YELLOW + 1e-3, "{}", plan.length);
    assert!(
        (plan.end[1] - 4.0).abs() < 1e-3,
        "ends on the roof: {:?}",
        plan.end
    );
    let climb = plan
        .crossings
        .iter()
        .find(|c| matches!(c.kind, CrossingKind::Climb { .. }))
        .expect("a climb");
    assert!(climb.needs_roll);
    assert!(matches!(
        climb.kind,
        CrossingKind::Climb {
            up: true,
            easy: false,
            ..
        }
    ));
    // One step further and 4" up + the walk no longer fit in YELLOW.
    let far = [m.position[0] + 3.6, 4.0, 11.0];
    assert!(matches!(
        bs.check_move(&m, &[far], YELLOW, &[]),
        Err(MoveError::TooLong { .. })
    ));
}

#[test]
fn move_27_a_ladder_is_climbed_with_no_roll() {
    let ladder = tower().with_ladder([10.0, 11.0], 1.0);
    let bs = space(vec![ladder]);
    let m = model(1, 0, 10.0 - BASE_27MM_RADIUS - 0.01, 11.0);
    let plan = bs
        .check_move(&m, &[[m.position[0] + 2.0, 4.0, 11.0]], YELLOW, &[])
        .unwrap();
    let climb = plan
        .crossings
        .iter()
        .find(|c| matches!(c.kind, CrossingKind::Climb { .. }))
        .expect("a climb");
    assert!(!climb.needs_roll);
}

#[test]
fn move_19_ex_18_falls_within_red_are_free_yellow_wounds_beyond_green_takes_out() {
    assert_eq!(FallDamage::of(2.0), FallDamage::None);
    assert_eq!(FallDamage::of(3.0), FallDamage::None);
    // EX-18: a ledge of YELLOW height: one wound.
    assert_eq!(FallDamage::of(5.0), FallDamage::Wound);
    assert_eq!(FallDamage::of(12.0), FallDamage::Wound);
    assert_eq!(FallDamage::of(12.5), FallDamage::TakenOut);
}

#[test]
fn move_24_a_failed_climb_falls_from_the_barriers_height() {
    let bs = space(vec![tower()]);
    let m = model(1, 0, 10.0 - BASE_27MM_RADIUS - 0.01, 11.0);
    let plan = bs
        .check_move(&m, &[[m.position[0] + 2.0, 4.0, 11.0]], YELLOW, &[])
        .unwrap();
    let climb = plan.crossings.iter().find(|c| c.needs_roll).unwrap();
    let fall = climb.fall_on_failure.expect("a failed climb falls");
    assert!(fall > 0.0 && fall <= 4.0 + 1e-3, "{fall}");
    assert!(climb.stop[1].abs() < 1e-3, "the model stays at the foot");
}

#[test]
fn field_3_field_10_tables_of_any_size_split_into_four_quarters() {
    let small = Table::standard();
    assert_eq!((small.width, small.depth), (30.0, 22.0));
    let big = Table::double();
    assert_eq!((big.width, big.depth), (44.0, 30.0));
    let odd = Table::new(36.0, 36.0);
    assert_eq!(odd.quarter_at(1.0, 1.0), Quarter::NorthWest);
    assert_eq!(odd.quarter_at(35.0, 1.0), Quarter::NorthEast);
    assert_eq!(odd.quarter_at(1.0, 35.0), Quarter::SouthWest);
    assert_eq!(odd.quarter_at(35.0, 35.0), Quarter::SouthEast);
    // A base across the middle line is wholly in no quarter.
    let straddling = model(1, 0, 18.0, 5.0);
    assert_eq!(odd.quarter_of(&straddling), None);
    assert_eq!(
        odd.quarter_of(&model(2, 0, 5.0, 5.0)),
        Some(Quarter::NorthWest)
    );
}

#[test]
fn field_4_deployment_zones_measure_from_an_edge_a_corner_or_the_centre() {
    let t = Table::standard();
    let edge = DeploymentZone::Edge {
        edge: Edge::North,
        distance: RED,
    };
    assert!(t.in_zone(&model(1, 0, 15.0, 2.0), edge));
    assert!(!t.in_zone(&model(1, 0, 15.0, 3.0), edge), "base pokes out");
    let corner = DeploymentZone::Corner {
        corner: Corner::SouthEast,
        distance: YELLOW,
    };
    assert!(t.in_zone(&model(2, 0, 27.0, 19.0), corner));
    assert!(!t.in_zone(&model(2, 0, 22.0, 19.0), corner));
    let centre = DeploymentZone::Centre { distance: RED };
    assert!(t.in_zone(&model(3, 0, 15.0, 12.0), centre));
    assert!(!t.in_zone(&model(3, 0, 15.0, 15.0), centre));
}

#[test]
fn field_7_deployment_spots_lie_in_the_zone_clear_of_scenery_and_bases() {
    let container = boxp(4, "Container", B, 5.0, 1.6, [6.0, 3.0, 2.6]);
    let bs = space(vec![container]);
    let zone = DeploymentZone::Edge {
        edge: Edge::North,
        distance: RED,
    };
    let placed = [model(1, 0, 15.0, 1.5)];
    let spots = bs.placements_in_zone(zone, BASE_27MM_RADIUS, 0.5, &placed);
    assert!(!spots.is_empty());
    for s in &spots {
        let base = ModelBase::new(9, 0, *s);
        assert!(bs.table().in_zone(&base, zone), "{s:?}");
        assert!(bs.can_place(&base, &placed), "{s:?}");
        assert!(
            !(s[0] > 1.5 && s[0] < 8.5 && s[2] < 3.5),
            "inside the container: {s:?}"
        );
    }
    assert!(
        !bs.can_place(&model(9, 0, 5.0, 1.5), &[]),
        "inside the container"
    );
    assert!(
        !bs.can_place(&model(9, 0, 15.5, 1.5), &placed),
        "overlaps a base"
    );
}
