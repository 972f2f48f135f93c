//! Path of Attack (POA-1..14, OPEN-5..7, OPEN-31, KW-20, KW-28), built from hand-placed
//! scenery and models.

mod common;

use common::*;
use redline_battlespace::*;

fn poa(bs: &Battlespace, a: &ModelBase, b: &ModelBase, others: &[ModelBase]) -> PathOfAttack {
    bs.path_of_attack(a, b, others, PoaOptions::default())
}

fn reasons(p: &PathOfAttack) -> Vec<(CoverSource, CoverReason)> {
    p.cover.iter().map(|c| (c.source, c.reason)).collect()
}

#[test]
fn poa_1_poa_2_poa_4_an_open_path_is_a_straight_strip_with_no_modifier() {
    let bs = space(vec![]);
    let (a, b) = (model(1, 0, 5.0, 10.0), model(2, 1, 15.0, 10.0));
    let p = poa(&bs, &a, &b, &[]);
    assert!(p.visible() && p.targetable());
    assert_eq!(p.modifier(), 0);
    assert!(!p.obscured);
    // POA-2: a model 0.6" off the centre line (its base edge inside the 1" strip) counts.
    let beside = model(3, 0, 10.0, 10.0 + 0.5 + BASE_27MM_RADIUS - 0.1);
    assert_eq!(poa(&bs, &a, &b, &[beside]).modifier(), 1);
    let clear = model(4, 0, 10.0, 10.0 + 0.5 + BASE_27MM_RADIUS + 0.2);
    assert_eq!(poa(&bs, &a, &b, &[clear]).modifier(), 0);
}

#[test]
fn poa_3_act_4_long_range_has_no_limit_and_ranged_actions_stop_at_green() {
    let bs = space(vec![]);
    let (a, b) = (model(1, 0, 1.0, 10.0), model(2, 1, 28.0, 10.0));
    let long = bs.path_of_attack(
        &a,
        &b,
        &[],
        PoaOptions {
            indirect: false,
            range: None,
        },
    );
    assert!(long.in_range && long.band == RangeBand::Long);
    let green = bs.path_of_attack(
        &a,
        &b,
        &[],
        PoaOptions {
            indirect: false,
            range: Some(GREEN),
        },
    );
    assert!(!green.in_range && green.visible());
    assert!(matches!(
        bs.require_target(&green, Some(GREEN)),
        Err(TargetingError::OutOfRange { .. })
    ));
}

#[test]
fn poa_5_open_5_an_obstacle_that_enters_or_crosses_adds_one_each_counted_once() {
    let bs = space(vec![
        boxp(1, "Crates", O, 10.0, 10.0, [1.0, 1.5, 4.0]), // crosses
        boxp(2, "Barrels", O, 14.0, 10.6, [1.0, 1.0, 1.0]), // enters one side
        boxp(3, "Far bins", O, 14.0, 14.0, [1.0, 1.0, 1.0]), // out of the strip
    ]);
    let (a, b) = (model(1, 0, 5.0, 10.0), model(2, 1, 18.0, 10.0));
    let p = poa(&bs, &a, &b, &[]);
    assert_eq!(
        reasons(&p),
        vec![
            (CoverSource::Scenery(SceneryId(1)), CoverReason::Obstacle),
            (CoverSource::Scenery(SceneryId(2)), CoverReason::Obstacle),
        ]
    );
    assert!(p.visible());
    // KW-28 / OPEN-31: the crossing obstacle obscures it.
    assert!(p.obscured);
}

#[test]
fn poa_6_open_6_every_other_model_in_the_path_adds_one() {
    let bs = space(vec![]);
    let (a, b) = (model(1, 0, 5.0, 10.0), model(2, 1, 18.0, 10.0));
    let friend = model(3, 0, 9.0, 10.0);
    let rival = model(4, 1, 13.0, 10.3);
    let p = poa(&bs, &a, &b, &[a, b, friend, rival]);
    assert_eq!(
        reasons(&p),
        vec![
            (CoverSource::Model(3), CoverReason::Model),
            (CoverSource::Model(4), CoverReason::Model),
        ]
    );
}

#[test]
fn poa_7_poa_8_a_barrier_entering_adds_one_one_crossing_blocks() {
    let bs = space(vec![
        wall(1, "Wall end", [10.0, 10.3], [10.0, 14.0], 3.0), // enters from the side
        wall(2, "Wall", [20.0, 5.0], [20.0, 15.0], 3.0),      // crosses everything
    ]);
    let (a, b) = (model(1, 0, 5.0, 10.0), model(2, 1, 15.0, 10.0));
    let p = poa(&bs, &a, &b, &[]);
    assert_eq!(
        reasons(&p),
        vec![(
            CoverSource::Scenery(SceneryId(1)),
            CoverReason::BarrierEnters
        )]
    );
    assert!(!p.obscured);
    let behind = model(3, 1, 24.0, 10.0);
    let p = poa(&bs, &a, &behind, &[]);
    assert_eq!(p.blocked_by, Some(SceneryId(2)));
    assert!(!p.visible() && p.cover.is_empty() && p.obscured);
    assert!(matches!(
        bs.require_target(&p, Some(GREEN)),
        Err(TargetingError::Blocked {
            piece: SceneryId(2),
            ..
        })
    ));
    // POA-4: visibility is symmetric.
    assert!(!bs.visible(&behind, &a));
}

#[test]
fn poa_9_scenery_within_reach_of_the_attacker_is_ignored_models_are_not() {
    let bs = space(vec![
        boxp(1, "Crates", O, 6.2, 10.0, [0.5, 1.0, 3.0]),
        boxp(2, "Barrels", O, 12.0, 10.0, [0.5, 1.0, 3.0]),
    ]);
    let (a, b) = (model(1, 0, 5.0, 10.0), model(2, 1, 16.0, 10.0));
    let next_to_me = model(3, 1, 6.5, 10.0 + 0.9);
    let p = poa(&bs, &a, &b, &[next_to_me]);
    // The crates hug the attacker's base and add nothing; the barrels and the model do.
    assert_eq!(
        reasons(&p),
        vec![
            (CoverSource::Scenery(SceneryId(2)), CoverReason::Obstacle),
            (CoverSource::Model(3), CoverReason::Model),
        ]
    );
    // Shooting the other way the crates are within the target's area, not the attacker's.
    let back = poa(&bs, &b, &a, &[]);
    assert_eq!(back.modifier(), 2);
}

#[test]
fn poa_10_a_defender_at_a_roof_edge_gets_the_edge_as_an_obstacle_not_when_it_attacks() {
    let roof = boxp(1, "Roof", B, 8.0, 10.0, [6.0, 4.0, 6.0]).elevated();
    let bs = space(vec![roof]);
    // On the roof (x 5..11), within reach of its east edge.
    let up = model_at(1, 0, 10.2, 4.0, 10.0);
    let below = model(2, 1, 18.0, 10.0);
    let attacked = poa(&bs, &below, &up, &[]);
    assert!(attacked.visible());
    assert_eq!(
        reasons(&attacked),
        vec![(
            CoverSource::Scenery(SceneryId(1)),
            CoverReason::ElevatedEdge
        )]
    );
    let attacking = poa(&bs, &up, &below, &[]);
    assert!(attacking.visible() && attacking.cover.is_empty());
    // OPEN-7: away from the edge, the roof blocks the path to and from the street.
    let middle = model_at(3, 0, 6.0, 4.0, 10.0);
    assert_eq!(
        poa(&bs, &below, &middle, &[]).blocked_by,
        Some(SceneryId(1))
    );
    assert_eq!(
        poa(&bs, &middle, &below, &[]).blocked_by,
        Some(SceneryId(1))
    );
}

#[test]
fn open_7_low_scenery_below_a_raised_path_adds_nothing() {
    let bs = space(vec![
        boxp(1, "Roof A", B, 4.0, 10.0, [4.0, 5.0, 4.0]).elevated(),
        boxp(2, "Roof B", B, 20.0, 10.0, [4.0, 5.0, 4.0]).elevated(),
        boxp(3, "Crates", O, 12.0, 10.0, [1.0, 1.0, 4.0]),
    ]);
    let a = model_at(1, 0, 5.5, 5.0, 10.0);
    let b = model_at(2, 1, 18.5, 5.0, 10.0);
    let p = poa(&bs, &a, &b, &[]);
    assert!(p.visible());
    assert!(
        !p.cover
            .iter()
            .any(|c| c.source == CoverSource::Scenery(SceneryId(3)))
    );
}

#[test]
fn poa_11_kw_20_indirect_ignores_obstacles_but_not_barriers() {
    let bs = space(vec![
        boxp(1, "Crates", O, 10.0, 10.0, [1.0, 1.0, 4.0]),
        wall(2, "Wall end", [14.0, 10.3], [14.0, 14.0], 3.0),
        wall(3, "Wall", [22.0, 5.0], [22.0, 15.0], 3.0),
    ]);
    let (a, b) = (model(1, 0, 5.0, 10.0), model(2, 1, 18.0, 10.0));
    let indirect = PoaOptions {
        indirect: true,
        range: None,
    };
    let p = bs.path_of_attack(&a, &b, &[], indirect);
    assert_eq!(
        reasons(&p),
        vec![(
            CoverSource::Scenery(SceneryId(2)),
            CoverReason::BarrierEnters
        )]
    );
    assert_eq!(poa(&bs, &a, &b, &[]).modifier(), 2);
    let behind = model(3, 1, 25.0, 10.0);
    assert_eq!(
        bs.path_of_attack(&a, &behind, &[], indirect).blocked_by,
        Some(SceneryId(3))
    );
}

#[test]
fn move_12_a_window_in_the_path_is_an_obstacle_and_a_door_is_clear() {
    let w = wall(1, "Wall", [10.0, 2.0], [10.0, 18.0], 3.5)
        .with_opening(door(3.0))
        .with_opening(window(12.0));
    let bs = space(vec![w]);
    let through_window = poa(&bs, &model(1, 0, 5.0, 14.0), &model(2, 1, 15.0, 14.0), &[]);
    assert!(through_window.visible());
    assert_eq!(
        reasons(&through_window),
        vec![(CoverSource::Scenery(SceneryId(1)), CoverReason::Window)]
    );
    let through_door = poa(&bs, &model(1, 0, 5.0, 5.0), &model(2, 1, 15.0, 5.0), &[]);
    assert!(through_door.visible() && through_door.cover.is_empty());
}

#[test]
fn poa_12_poa_13_kw_32_ex_22_a_yellow_torrent_hits_the_two_within_yellow_only() {
    let bs = space(vec![]);
    let me = model(1, 0, 3.0, 10.0);
    let one = model(2, 1, 6.0, 10.2);
    let two = model(3, 1, 9.0, 9.8);
    let three = model(4, 1, 15.0, 10.0);
    let off = model(5, 1, 9.0, 14.0);
    let all = [me, one, two, three, off];
    let t = bs.torrent(&me, three.position, Some(YELLOW), &all);
    assert_eq!(t.targets, vec![2, 3]);
    assert_eq!(t.stopped_by, None);
    // POA-12: each target opposes with its own Path of Attack: the nearer one shields the
    // second (POA-6).
    assert_eq!(poa(&bs, &me, &one, &all).modifier(), 0);
    assert_eq!(poa(&bs, &me, &two, &all).modifier(), 1);
    // A GREEN-range Torrent reaches the third.
    assert_eq!(
        bs.torrent(&me, three.position, Some(GREEN), &all).targets,
        vec![2, 3, 4]
    );
}

#[test]
fn open_31_kw_28_only_a_crossing_piece_obscures() {
    let bs = space(vec![boxp(1, "Barrels", O, 10.0, 10.6, [1.0, 1.0, 1.0])]);
    let (a, b) = (model(1, 0, 5.0, 10.0), model(2, 1, 15.0, 10.0));
    let p = poa(&bs, &a, &b, &[]);
    assert_eq!(p.modifier(), 1);
    assert!(!p.obscured, "an obstacle entering one side doesn't obscure");
    let blocker = model(3, 0, 10.0, 10.0);
    assert!(poa(&bs, &a, &b, &[blocker]).obscured);
}

#[test]
fn open_31_kw_28_open_5_a_waist_high_fence_across_the_whole_width_obscures() {
    let (a, b) = (model(1, 0, 5.0, 10.0), model(2, 1, 15.0, 10.0));
    // A 0.6" fence spans the path's 1" width (OPEN-5) though it is lower than a model: +1
    // (POA-5), and it obscures the path for Silent both ways (OPEN-31).
    let bs = space(vec![boxp(1, "Fence", O, 10.0, 10.0, [0.2, 0.6, 4.0])]);
    let p = poa(&bs, &a, &b, &[]);
    assert!(p.visible() && p.modifier() == 1, "{p:?}");
    assert!(p.obscured, "{p:?}");
    assert!(poa(&bs, &b, &a, &[]).obscured);
    // The same at a slant.
    let mut slant = wall(2, "Slanting fence", [8.0, 7.0], [12.0, 13.0], 0.6);
    slant.kind = O;
    let p = poa(&space(vec![slant]), &a, &b, &[]);
    assert!(p.obscured && p.modifier() == 1, "{p:?}");
    // A low barrier across: it enters the 3D strip without blocking it (POA-7, OPEN-7) and
    // obscures it.
    let bs = space(vec![wall(3, "Low wall", [10.0, 6.0], [10.0, 14.0], 0.6)]);
    let p = poa(&bs, &a, &b, &[]);
    assert!(p.visible() && p.modifier() == 1 && p.obscured, "{p:?}");
    // A low fence entering one side only: +1, not obscured.
    let bs = space(vec![boxp(4, "Stub", O, 10.0, 11.0, [0.2, 0.6, 1.6])]);
    let p = poa(&bs, &a, &b, &[]);
    assert!(!p.obscured && p.modifier() == 1, "{p:?}");
}

#[test]
fn poa_14_brawl_7_a_shot_into_a_brawl_also_targets_everyone_within_reach_of_the_target() {
    let bs = space(vec![]);
    let shooter = model(1, 0, 3.0, 10.0);
    let target = model(2, 1, 12.0, 10.0);
    let friend_in_brawl = model(3, 0, 13.5, 10.0);
    let far = model(4, 0, 18.0, 10.0);
    let all = [shooter, target, friend_in_brawl, far];
    // BRAWL-7: the action also targets every model within reach of the target.
    assert_eq!(bs.in_reach(&target, &all), vec![3]);
    // OPEN-6: leave the other Brawl members out of `others` so they don't cover each other.
    let p = poa(
        &bs,
        &shooter,
        &friend_in_brawl,
        &[shooter, friend_in_brawl, far],
    );
    assert!(p.visible() && p.cover.is_empty());
}
