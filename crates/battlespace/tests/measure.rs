//! Distances, bands, reach, Brawls and falling (GEN-3, GEN-6, GEN-7, OPEN-1, OPEN-2,
//! BRAWL-1, BRAWL-4..6, OPEN-20, MOVE-19, OPEN-43).

mod common;

use common::*;
use redline_battlespace::*;

#[test]
fn open_1_distance_is_between_the_nearest_base_edges() {
    let bs = space(vec![]);
    let (a, b) = (model(1, 0, 5.0, 5.0), model(2, 1, 10.0, 5.0));
    let d = bs.distance(&a, &b);
    assert!((d - (5.0 - 2.0 * BASE_27MM_RADIUS)).abs() < 1e-4, "{d}");
    // GEN-3: a larger base is closer.
    let big = b.with_radius(1.0);
    assert!(bs.distance(&a, &big) < d);
}

#[test]
fn open_1_distance_is_the_shortest_3d_distance() {
    let bs = space(vec![]);
    // GEN-3: bases are measured, not figures. One model on a 4" roof straight above another:
    // 4" from base to base, however tall the figures are.
    let low = model(1, 0, 5.0, 5.0);
    let high = model_at(2, 1, 5.0, 4.0, 5.0);
    assert!((bs.distance(&low, &high) - 4.0).abs() < 1e-4);
    assert!(!bs.within_reach(&model_at(4, 1, 5.0, 1.2, 5.0), &low));
    let high_far = model_at(3, 1, 9.0, 4.0, 5.0);
    let flat = 4.0 - 2.0 * BASE_27MM_RADIUS;
    let expect = flat.hypot(4.0);
    assert!((bs.distance(&low, &high_far) - expect).abs() < 1e-4);
}

#[test]
fn open_2_gen_6_bands_include_their_edges() {
    assert_eq!(RangeBand::of(3.0), RangeBand::Red);
    assert_eq!(RangeBand::of(3.01), RangeBand::Yellow);
    assert_eq!(RangeBand::of(7.0), RangeBand::Yellow);
    assert_eq!(RangeBand::of(12.0), RangeBand::Green);
    assert_eq!(RangeBand::of(12.01), RangeBand::Long);
    let bs = space(vec![]);
    let a = model(1, 0, 5.0, 5.0);
    let b = model(2, 1, 5.0 + 7.0 + 2.0 * BASE_27MM_RADIUS, 5.0);
    assert_eq!(bs.band(&a, &b), RangeBand::Yellow);
}

#[test]
fn gen_7_open_2_reach_is_one_inch_inclusive() {
    let bs = space(vec![]);
    let a = model(1, 0, 5.0, 5.0);
    let at_edge = model(2, 1, 5.0 + 1.0 + 2.0 * BASE_27MM_RADIUS, 5.0);
    let beyond = model(3, 1, 5.05 + 1.0 + 2.0 * BASE_27MM_RADIUS, 5.0);
    assert!(bs.within_reach(&a, &at_edge));
    assert!(!bs.within_reach(&a, &beyond));
}

#[test]
fn brawl_1_rivals_within_reach_are_brawling_friends_are_not() {
    let bs = space(vec![]);
    let models = [
        model(1, 0, 5.0, 5.0),
        model(2, 1, 6.5, 5.0),
        model(3, 0, 5.0, 6.5),
        model(4, 1, 15.0, 5.0),
    ];
    assert_eq!(bs.brawls(&models), vec![(1, 2)]);
    assert_eq!(bs.brawling_with(&models[0], &models), vec![2]);
    assert_eq!(bs.in_reach(&models[0], &models), vec![2, 3]);
    assert!(bs.brawling_with(&models[3], &models).is_empty());
}

#[test]
fn brawl_4_a_move_in_a_brawl_must_end_within_reach_of_every_rival() {
    let bs = space(vec![]);
    let me = model(1, 0, 5.0, 5.0);
    let rival = model(2, 1, 6.5, 5.0);
    assert!(bs.stays_in_brawl(&me.at([5.0, 0.0, 4.0]), &[rival]));
    assert!(!bs.stays_in_brawl(&me.at([2.0, 0.0, 5.0]), &[rival]));
}

#[test]
fn brawl_5_leaving_reach_is_an_escape_and_brawl_6_open_20_outnumbering_frees_it() {
    let bs = space(vec![]);
    let me = model(1, 0, 5.0, 5.0);
    let rival = model(2, 1, 6.5, 5.0);
    let friend = model(3, 0, 5.0, 6.5);
    let friend2 = model(4, 0, 3.5, 5.0);
    // BRAWL-5: one friend vs one rival does not outnumber (OPEN-20), so leaving is an escape.
    assert_eq!(bs.reach_counts(&me, &[rival, friend]), (1, 1));
    assert!(!bs.outnumbers(&me, &[rival, friend]));
    // BRAWL-6: two friends vs one rival outnumbers; the model itself is not counted.
    assert!(bs.outnumbers(&me, &[me, rival, friend, friend2]));
}

#[test]
fn move_19_open_43_falling_damage_bands() {
    assert_eq!(FallDamage::of(3.0), FallDamage::None);
    assert_eq!(FallDamage::of(4.0), FallDamage::Wound);
    assert_eq!(FallDamage::of(12.0), FallDamage::Wound);
    assert_eq!(FallDamage::of(12.5), FallDamage::TakenOut);
}

#[test]
fn a_line_through_a_wall_runs_its_thickness_inside_scenery() {
    // A 3" wall, 0.25" thick, across x = 10: the line from one side to the other at 1" up
    // runs 0.25" inside it; a line over its top or beside it runs through nothing.
    let bs = space(vec![wall(1, "wall", [10.0, 2.0], [10.0, 8.0], 3.0)]);
    let through = bs.length_inside_scenery([5.0, 1.0, 5.0], [15.0, 1.0, 5.0]);
    assert!((through - 0.25).abs() < 1e-3, "{through}");
    assert_eq!(
        bs.length_inside_scenery([5.0, 4.0, 5.0], [15.0, 4.0, 5.0]),
        0.0
    );
    assert_eq!(
        bs.length_inside_scenery([5.0, 1.0, 12.0], [15.0, 1.0, 12.0]),
        0.0
    );
}
