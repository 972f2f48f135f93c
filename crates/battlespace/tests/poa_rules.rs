//! Path of Attack rules on hand-placed tables: cover from obstacles, models and barriers,
//! blocking, visibility, reach of the attacker, elevated edges, Indirect, long range, and
//! the Torrent / Blast areas built on the same corridor (POA-1..13, KW Blast and Torrent).

mod common;

use common::*;
use redline_battlespace::*;

const NONE: PoaOptions = PoaOptions {
    indirect: false,
    range: None,
};

fn green() -> PoaOptions {
    PoaOptions {
        indirect: false,
        range: Some(12.0),
    }
}

fn reasons(poa: &PathOfAttack) -> Vec<(CoverSource, CoverReason)> {
    poa.cover.iter().map(|c| (c.source, c.reason)).collect()
}

#[test]
fn poa_1_poa_2_open_ground_gives_a_clear_path() {
    let bs = space(vec![]);
    let (a, t) = (model(1, 0, 5.0, 11.0), model(2, 1, 15.0, 11.0));
    let poa = bs.path_of_attack(&a, &t, &[a, t], green());
    assert!(poa.targetable());
    assert_eq!(poa.modifier(), 0);
    assert_eq!(poa.blocked_by, None);
    assert!(!poa.obscured);
}

#[test]
fn poa_5_an_obstacle_crossing_the_path_adds_one() {
    let crates = boxp(7, "Crates", O, 10.0, 11.0, [1.0, 1.0, 1.0]);
    let bs = space(vec![crates]);
    let (a, t) = (model(1, 0, 5.0, 11.0), model(2, 1, 15.0, 11.0));
    let poa = bs.path_of_attack(&a, &t, &[], green());
    assert_eq!(
        reasons(&poa),
        vec![(CoverSource::Scenery(SceneryId(7)), CoverReason::Obstacle)]
    );
    assert_eq!(poa.modifier(), 1);
}

#[test]
fn poa_2_poa_5_the_path_is_one_inch_wide() {
    // The strip runs from z = 10.5 to 11.5; a box reaching 0.1" into it counts, one
    // stopping 0.1" short does not.
    let inside = boxp(1, "In", O, 10.0, 11.9, [1.0, 1.0, 1.0]);
    let outside = boxp(2, "Out", O, 12.0, 9.4, [1.0, 1.0, 0.6]);
    let bs = space(vec![inside, outside]);
    let (a, t) = (model(10, 0, 5.0, 11.0), model(11, 1, 15.0, 11.0));
    let poa = bs.path_of_attack(&a, &t, &[], green());
    assert_eq!(
        reasons(&poa),
        vec![(CoverSource::Scenery(SceneryId(1)), CoverReason::Obstacle)]
    );
}

#[test]
fn poa_6_each_other_model_in_the_path_adds_one() {
    let bs = space(vec![]);
    let (a, t) = (model(1, 0, 5.0, 11.0), model(2, 1, 15.0, 11.0));
    let friend = model(3, 0, 9.0, 11.0);
    let rival = model(4, 1, 12.0, 11.3);
    let aside = model(5, 1, 10.0, 14.0);
    let poa = bs.path_of_attack(&a, &t, &[a, t, friend, rival, aside], green());
    let mut got = reasons(&poa);
    got.sort_by_key(|(s, _)| format!("{s:?}"));
    assert_eq!(
        got,
        vec![
            (CoverSource::Model(3), CoverReason::Model),
            (CoverSource::Model(4), CoverReason::Model),
        ]
    );
}

#[test]
fn poa_7_a_barrier_entering_without_crossing_adds_one() {
    // A tall wall that reaches into the strip from the side and stops in it.
    let wall = wall(3, "Yard wall", [10.0, 11.1], [10.0, 16.0], 4.0);
    let bs = space(vec![wall]);
    let (a, t) = (model(1, 0, 5.0, 11.0), model(2, 1, 15.0, 11.0));
    let poa = bs.path_of_attack(&a, &t, &[], green());
    assert!(poa.targetable());
    assert_eq!(
        reasons(&poa),
        vec![(
            CoverSource::Scenery(SceneryId(3)),
            CoverReason::BarrierEnters
        )]
    );
}

#[test]
fn poa_8_poa_4_a_barrier_across_the_whole_path_blocks_it() {
    let wall = wall(3, "Yard wall", [10.0, 5.0], [10.0, 17.0], 4.0);
    let bs = space(vec![wall]);
    let (a, t) = (model(1, 0, 5.0, 11.0), model(2, 1, 15.0, 11.0));
    let poa = bs.path_of_attack(&a, &t, &[], green());
    assert_eq!(poa.blocked_by, Some(SceneryId(3)));
    assert!(!poa.visible() && !poa.targetable());
    assert!(poa.cover.is_empty());
    assert!(!bs.visible(&a, &t));
    // The refusal names the wall.
    let err = bs.require_target(&poa, Some(12.0)).unwrap_err();
    assert!(err.to_string().contains("Yard wall"), "{err}");
}

#[test]
fn poa_8_blocking_is_the_same_both_ways() {
    let wall = wall(3, "Yard wall", [10.0, 5.0], [10.0, 17.0], 4.0);
    let bs = space(vec![wall]);
    let (a, t) = (model(1, 0, 5.0, 11.0), model(2, 1, 15.0, 12.0));
    assert_eq!(
        bs.path_of_attack(&a, &t, &[], NONE).blocked_by,
        bs.path_of_attack(&t, &a, &[], NONE).blocked_by
    );
}

#[test]
fn poa_4_visibility_ignores_range_poa_3_long_range_has_no_end() {
    let bs = space(vec![]);
    let (a, t) = (model(1, 0, 2.0, 11.0), model(2, 1, 28.0, 11.0));
    let green = bs.path_of_attack(&a, &t, &[], green());
    assert!(green.visible());
    assert!(!green.in_range && !green.targetable());
    assert_eq!(green.band, RangeBand::Long);
    let long = bs.path_of_attack(&a, &t, &[], NONE);
    assert!(long.in_range && long.targetable());
}

#[test]
fn poa_9_scenery_within_the_attackers_reach_is_ignored_models_are_not() {
    // The whole barrel lies within 1" of the attacker's base (x 6.05..6.45).
    let barrel = boxp(4, "Barrel", O, 6.25, 11.0, [0.4, 1.0, 1.0]);
    let bs = space(vec![barrel]);
    let a = model(1, 0, 5.0, 11.0);
    let t = model(2, 1, 15.0, 11.0);
    let poa = bs.path_of_attack(&a, &t, &[], green());
    assert_eq!(poa.modifier(), 0, "{:?}", poa.cover);
    // A model right beside the attacker still counts (POA-6).
    let bystander = model(3, 0, 6.4, 11.0);
    let bs = space(vec![]);
    let poa = bs.path_of_attack(&a, &t, &[bystander], green());
    assert_eq!(
        reasons(&poa),
        vec![(CoverSource::Model(3), CoverReason::Model)]
    );
}

#[test]
fn poa_10_a_rooftop_edge_covers_the_model_on_it_but_not_its_own_attacks() {
    let roof = boxp(9, "Warehouse", B, 20.0, 11.0, [4.0, 4.0, 6.0]).elevated();
    let bs = space(vec![roof]);
    let street = model(1, 0, 8.0, 11.0);
    // On the roof, 0.3" from the edge facing the street.
    let sniper = model_at(2, 1, 18.0 + 0.3 + BASE_27MM_RADIUS, 4.0, 11.0);
    let at_sniper = bs.path_of_attack(&street, &sniper, &[], green());
    assert!(at_sniper.visible());
    assert!(
        reasons(&at_sniper).contains(&(
            CoverSource::Scenery(SceneryId(9)),
            CoverReason::ElevatedEdge
        )),
        "{:?}",
        at_sniper.cover
    );
    let from_sniper = bs.path_of_attack(&sniper, &street, &[], green());
    assert!(from_sniper.visible());
    assert_eq!(from_sniper.modifier(), 0, "{:?}", from_sniper.cover);
}

#[test]
fn poa_10_away_from_the_edge_the_roof_gives_no_cover_edge() {
    let roof = boxp(9, "Warehouse", B, 20.0, 11.0, [4.0, 4.0, 6.0]).elevated();
    let bs = space(vec![roof]);
    let street = model(1, 0, 2.0, 11.0);
    // Far side of the roof: 3" from the near edge.
    let sniper = model_at(2, 1, 21.5, 4.0, 11.0);
    let poa = bs.path_of_attack(&street, &sniper, &[], NONE);
    assert!(
        !reasons(&poa)
            .iter()
            .any(|(_, r)| *r == CoverReason::ElevatedEdge),
        "{:?}",
        poa.cover
    );
}

#[test]
fn poa_11_indirect_ignores_obstacles_but_not_barriers() {
    let crates = boxp(7, "Crates", O, 10.0, 11.0, [1.0, 1.0, 1.0]);
    let bs = space(vec![crates]);
    let (a, t) = (model(1, 0, 5.0, 11.0), model(2, 1, 15.0, 11.0));
    let indirect = PoaOptions {
        indirect: true,
        range: Some(12.0),
    };
    assert_eq!(bs.path_of_attack(&a, &t, &[], indirect).modifier(), 0);

    let wall = wall(3, "Yard wall", [10.0, 5.0], [10.0, 17.0], 4.0);
    let bs = space(vec![wall]);
    let poa = bs.path_of_attack(&a, &t, &[], indirect);
    assert_eq!(poa.blocked_by, Some(SceneryId(3)));
}

#[test]
fn move_12_a_window_in_a_barrier_counts_as_an_obstacle() {
    // The window spans 1" either side of the wall's middle, from 0.5" to 2.5" high.
    let wall = wall(3, "Shopfront", [10.0, 5.0], [10.0, 17.0], 4.0).with_opening(window(6.0));
    let bs = space(vec![wall]);
    let (a, t) = (model(1, 0, 5.0, 11.0), model(2, 1, 15.0, 11.0));
    let poa = bs.path_of_attack(&a, &t, &[], green());
    assert_eq!(poa.blocked_by, None, "the window lets the path through");
    assert_eq!(
        reasons(&poa),
        vec![(CoverSource::Scenery(SceneryId(3)), CoverReason::Window)]
    );
}

#[test]
fn poa_13_ex_22_a_yellow_torrent_takes_the_two_near_models_not_the_third() {
    let bs = space(vec![]);
    let hose = model(1, 0, 3.0, 11.0);
    // Three rivals in a line: 2", 5" and 9" away (edge to edge).
    let step = 2.0 * BASE_27MM_RADIUS;
    let near = model(2, 1, 3.0 + step + 2.0, 11.0);
    let mid = model(3, 1, 3.0 + step + 5.0, 11.2);
    let far = model(4, 1, 3.0 + step + 9.0, 10.8);
    let off = model(5, 1, 8.0, 15.0);
    let models = [hose, near, mid, far, off];
    let area = bs.torrent(&hose, near.position, Some(7.0), &models);
    assert_eq!(area.targets, vec![2, 3]);
    assert_eq!(area.stopped_by, None);
    // Long range would take all three in the strip.
    let area = bs.torrent(&hose, near.position, None, &models);
    assert_eq!(area.targets, vec![2, 3, 4]);
}

#[test]
fn kw_torrent_takes_friends_too_and_stops_at_a_barrier() {
    let wall = wall(8, "Fence", [12.0, 5.0], [12.0, 17.0], 4.0);
    let bs = space(vec![wall]);
    let hose = model(1, 0, 3.0, 11.0);
    let friend = model(2, 0, 7.0, 11.0);
    let behind = model(3, 1, 14.0, 11.0);
    let area = bs.torrent(&hose, behind.position, Some(12.0), &[hose, friend, behind]);
    assert_eq!(area.targets, vec![2]);
    assert_eq!(area.stopped_by, Some(SceneryId(8)));
}

#[test]
fn kw_blast_catches_models_within_red_except_behind_a_barrier() {
    // EX-23: the Impact token at (10, 11); one model 2" away in the open, one 2" away
    // behind a tall wall, one 4" away.
    let wall = wall(5, "Blast wall", [11.5, 13.0], [11.5, 9.0], 4.0);
    let bs = space(vec![wall]);
    let open = model(1, 1, 10.0, 11.0 - 2.0 - BASE_27MM_RADIUS);
    let sheltered = model(2, 1, 10.0 + 2.0 + BASE_27MM_RADIUS, 11.0);
    let far = model(3, 1, 10.0, 11.0 + 4.0 + BASE_27MM_RADIUS);
    let area = bs.blast([10.0, 0.0, 11.0], &[open, sheltered, far]);
    assert_eq!(area.caught, vec![1]);
    assert_eq!(area.sheltered, vec![(2, SceneryId(5))]);
}
