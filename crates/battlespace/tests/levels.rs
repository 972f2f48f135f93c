//! Scenery with more than one level: a catwalk on posts that models walk under or climb onto
//! by its ladder, and a two-storey building whose ground floor lies under its upper floor
//! (GEN-3 "standing on the surface below", MOVE-11, MOVE-22..27, FIELD-7).

mod common;

use common::*;
use redline_battlespace::*;

/// A deck 3.5"–3.7" up over x 10..18, z 10..11.2 on two thin posts, reached by a ladder (a
/// piece of its own, easy to climb) at its east end, as the starter pack builds it.
fn catwalk() -> Vec<SceneryPiece> {
    let mut deck = boxp(1, "Catwalk deck", B, 14.0, 10.6, [8.0, 0.2, 1.2]).elevated();
    deck.base = 3.5;
    let post = |id, x| {
        SceneryPiece::new(
            id,
            "Catwalk post",
            O,
            SceneryShape::Cylinder {
                centre: [x, 10.6],
                radius: 0.2,
                height: 3.5,
            },
        )
    };
    vec![
        deck,
        post(2, 10.4),
        post(3, 17.6),
        boxp(4, "Catwalk ladder", B, 18.15, 10.6, [0.3, 3.7, 1.0]).easy_climb(),
    ]
}

#[test]
fn move_3_a_model_walks_under_a_catwalk_without_climbing() {
    let bs = space(catwalk());
    let m = model(1, 0, 14.0, 8.0);
    let plan = bs
        .check_move(&m, &[[14.0, 0.0, 13.0]], YELLOW, &[])
        .unwrap();
    assert!(plan.is_open(), "{:?}", plan.crossings);
    assert_eq!(plan.end[1], 0.0);
    assert!((plan.length - 5.0).abs() < 1e-3);
    // Standing under it is a legal place, and the deck is not what it stands on.
    let under = model(2, 0, 14.0, 10.6);
    assert!(bs.can_place(&under, &[]));
    assert_eq!(bs.standing_on(&under), None);
    assert_eq!(bs.level_at(14.0, 10.6, 0.0), 0.0);
    assert!((bs.level_at(14.0, 10.6, 3.7) - 3.7).abs() < 1e-4);
    assert_eq!(bs.standing_levels(14.0, 10.6).len(), 2);
}

#[test]
fn move_27_the_catwalk_ladder_takes_a_model_up_with_no_roll() {
    let bs = space(catwalk());
    // At the foot of the ladder, east of the deck's end.
    let m = model(1, 0, 18.3 + BASE_27MM_RADIUS + 0.05, 10.6);
    // The route point's height says "onto the deck", not "under it".
    let plan = bs
        .check_move(&m, &[[16.0, 3.7, 10.6]], YELLOW, &[])
        .unwrap();
    let kinds: Vec<CrossingKind> = plan.crossings.iter().map(|c| c.kind).collect();
    assert!(
        matches!(
            kinds[..],
            [CrossingKind::Climb {
                piece: SceneryId(1),
                up: true,
                easy: true,
                ..
            }]
        ),
        "{kinds:?}"
    );
    assert!(plan.is_open());
    assert!((plan.end[1] - 3.7).abs() < 1e-4);
    assert_eq!(bs.standing_on(&m.at(plan.end)), Some(SceneryId(1)));
    // The climbed height counts toward the Limiter: 3.7" up and about 2.9" along.
    assert!(
        plan.length > 6.0 && plan.length <= YELLOW,
        "{}",
        plan.length
    );
    // From the walkway south of it, the same point at ground level is under the deck...
    let south = model(2, 0, 16.0, 13.0);
    let under = bs
        .check_move(&south, &[[16.0, 0.0, 10.6]], YELLOW, &[])
        .unwrap();
    assert_eq!(under.end[1], 0.0);
    assert!(under.is_open());
    // ...and the deck itself can't be reached there: no ladder, and a climb that needs a roll
    // must start the action at its foot (MOVE-22).
    let err = bs
        .check_move(&south, &[[16.0, 3.7, 10.6]], YELLOW, &[])
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
}

#[test]
fn move_22_no_climbing_up_through_a_deck_from_underneath() {
    let bs = space(catwalk());
    let under = model(1, 0, 13.0, 10.6);
    // Asking for the deck from below it leaves the model on the ground: no entry edge.
    let plan = bs
        .check_move(&under, &[[14.0, 3.7, 10.6]], YELLOW, &[])
        .unwrap();
    assert_eq!(plan.end[1], 0.0);
    // And the route finder won't claim it can get there from underneath in one RED move.
    let err = bs.find_route(&under, [14.0, 3.7, 10.6], RED, &[]);
    assert!(
        matches!(err, Err(RouteError::Unreachable { .. })),
        "{err:?}"
    );
}

#[test]
fn move_2_the_route_finder_uses_the_ladder_and_reaches_the_deck() {
    let bs = space(catwalk());
    let m = model(1, 0, 20.0, 10.6);
    let route = bs
        .find_route(&m, [15.0, 3.7, 10.6], GREEN, &[])
        .expect("up the ladder");
    assert!(
        (route.plan.end[1] - 3.7).abs() < 1e-3,
        "{:?}",
        route.plan.end
    );
    assert_eq!(route.plan.rolls(), 0, "{:?}", route.plan.crossings);
    let again = bs
        .check_move(&m, &route.waypoints, GREEN, &[])
        .expect("check_move accepts the route");
    assert_eq!(again, route.plan);
    // And to the walkway under it, at ground level.
    let low = bs
        .find_route(&m, [15.0, 0.0, 10.6], GREEN, &[])
        .expect("under the deck");
    assert_eq!(low.plan.end[1], 0.0);
}

#[test]
fn move_1_the_reachable_area_holds_both_levels_under_a_catwalk() {
    let bs = space(catwalk());
    let m = model(1, 0, 20.0, 10.6);
    let area = bs.reachable_area(&m, GREEN, &[]);
    let at = |x: f32, y: f32| {
        area.cells.iter().any(|c| {
            (c.position[0] - x).abs() < 0.3
                && (c.position[2] - 10.75).abs() < 0.3
                && (c.position[1] - y).abs() < 0.01
        })
    };
    assert!(at(15.25, 0.0), "the walkway under the deck");
    assert!(at(15.25, 3.7), "the deck itself, by the ladder");
    for c in &area.cells {
        assert!(bs.can_place(&m.at(c.position), &[]), "{c:?}");
    }
}

/// A building x 10..18, z 6..12: four walls 3.5" high with a door in the south wall, an
/// upper floor 3.5"–3.8" over the whole footprint, and a roof 7"–7.3".
fn tenement() -> Vec<SceneryPiece> {
    let mut floor = boxp(5, "Upper floor", B, 14.0, 9.0, [8.0, 0.3, 6.0]).elevated();
    floor.base = 3.5;
    let mut roof = boxp(6, "Roof", B, 14.0, 9.0, [8.0, 0.3, 6.0]).elevated();
    roof.base = 7.0;
    let mut upper = wall(7, "Upper wall", [10.2, 6.2], [17.8, 6.2], 3.2);
    upper.base = 3.8;
    vec![
        wall(1, "South wall", [10.2, 11.8], [17.8, 11.8], 3.5).with_opening(door(3.8)),
        wall(2, "North wall", [10.2, 6.2], [17.8, 6.2], 3.5),
        wall(3, "West wall", [10.2, 6.2], [10.2, 11.8], 3.5),
        wall(4, "East wall", [17.8, 6.2], [17.8, 11.8], 3.5),
        floor,
        roof,
        upper,
    ]
}

#[test]
fn move_13_through_the_door_onto_the_ground_floor_under_two_storeys() {
    let bs = space(tenement());
    let m = model(1, 0, 14.0, 14.0);
    let plan = bs.check_move(&m, &[[14.0, 0.0, 9.0]], YELLOW, &[]).unwrap();
    assert_eq!(
        plan.crossings.iter().map(|c| c.kind).collect::<Vec<_>>(),
        vec![CrossingKind::Door {
            piece: SceneryId(1)
        }]
    );
    assert_eq!(plan.end[1], 0.0);
    let inside = m.at(plan.end);
    assert!(bs.can_place(&inside, &[]));
    assert_eq!(bs.standing_on(&inside), None);
    // FIELD-7: deployment spots may lie on the ground floor too.
    let zone = DeploymentZone::Centre { distance: RED };
    let spots = bs.placements_in_zone(zone, BASE_27MM_RADIUS, 0.5, &[]);
    assert!(
        spots
            .iter()
            .any(|p| p[1] == 0.0 && (p[2] - 9.0).abs() < 1.0)
    );
    // A model on the upper floor stands on it, under the roof.
    let upstairs = model_at(2, 0, 14.0, 3.8, 9.0);
    assert!(bs.can_place(&upstairs, &[]));
    assert_eq!(bs.standing_on(&upstairs), Some(SceneryId(5)));
    let walk = bs
        .check_move(&upstairs, &[[12.0, 0.0, 9.0]], RED, &[])
        .unwrap();
    assert!(
        (walk.end[1] - 3.8).abs() < 1e-4,
        "stays upstairs: {:?}",
        walk.end
    );
}

#[test]
fn move_4_no_route_ends_on_a_base_on_the_ground_floor() {
    let bs = space(tenement());
    let m = model(1, 0, 14.0, 14.0);
    let sitting = model(2, 1, 14.0, 9.0);
    let err = bs.find_route(&m, [14.0, 0.0, 9.0], YELLOW, &[sitting]);
    assert!(matches!(err, Err(RouteError::BadDestination(_))), "{err:?}");
    let route = bs
        .find_route(&m, [12.5, 0.0, 9.0], YELLOW, &[sitting])
        .unwrap();
    assert!(!m.at(route.plan.end).overlaps(&sitting));
    assert_eq!(route.plan.end[1], 0.0);
}

#[test]
fn move_22_a_deck_on_posts_has_no_face_to_climb_and_no_spot_says_otherwise() {
    // The levels layout's catwalk deck (x 10..18, z 4.0..5.2, 3.5" up on thin posts) has no
    // vertical barrier face at ground level (MOVE-22): standing under its rim, the model can't
    // climb it, and neither the move check, the route finder nor the reachable area says it
    // can (the area used to offer the deck from there).
    let bs = space(levels_layout());
    let below = ModelBase::new(1, 0, [15.5, 0.0, 3.5]);
    for goal in [[15.5, 3.7, 4.6], [15.75, 3.7, 4.25]] {
        let err = bs.check_move(&below, &[goal], YELLOW, &[]).unwrap_err();
        assert!(err.to_string().contains("MOVE-22"), "{err}");
        let err = bs.find_route(&below, goal, YELLOW, &[]);
        assert!(
            matches!(err, Err(RouteError::Unreachable { .. })),
            "{err:?}"
        );
    }
    let area = bs.reachable_area(&below, YELLOW, &[]);
    assert!(
        !area
            .cells
            .iter()
            .any(|c| (c.position[1] - 3.7).abs() < 0.01 && c.position[0] < 17.0),
        "the deck offered from below"
    );
}

#[test]
fn move_4_a_move_to_a_spot_exactly_on_a_tops_rim_ends_on_the_top() {
    // The levels layout's container (x 22..28, z 18.75..21.25, 2.5" high): its corner
    // (22.25, 18.75) is on the rim. A base centred there can stand only on the top
    // (`standing_levels`), and a move asked to end there climbs onto it at the very end,
    // rather than ending on the ground inside the container's side.
    let bs = space(levels_layout());
    assert_eq!(bs.standing_levels(22.25, 18.75), vec![2.5]);
    let m = ModelBase::new(1, 0, [21.5, 0.0, 18.0]);
    let plan = bs
        .check_move(&m, &[[22.25, 2.5, 18.75]], YELLOW, &[])
        .unwrap();
    assert!((plan.end[1] - 2.5).abs() < 1e-3, "{:?}", plan.end);
    assert_eq!(plan.rolls(), 1, "{:?}", plan.crossings);
    assert!((plan.climbed - 2.5).abs() < 1e-3);
}
