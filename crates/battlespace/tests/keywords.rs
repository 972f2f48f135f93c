//! Blast, Torrent, Push and Indirect geometry (KW-4..12, KW-20, KW-22, KW-26, KW-32,
//! OPEN-29, OPEN-30, EX-18, EX-22, EX-23), built from hand-placed scenery and models.

mod common;

use common::*;
use redline_battlespace::*;

#[test]
fn kw_4_kw_5_kw_6_ex_23_blast_hits_the_target_and_models_within_red_of_the_token() {
    let bs = space(vec![]);
    let shooter = model(9, 0, 2.0, 10.0);
    let target = model(1, 1, 12.0, 10.0);
    let near = model(2, 1, 14.5, 11.5);
    let outside = model(3, 1, 19.0, 10.0);
    // KW-4: the Impact token touches the target's base, on the shooter's side.
    let impact = bs.impact_point(&target, shooter.position);
    let d = (impact[0] - 12.0).abs();
    assert!((d - (BASE_27MM_RADIUS + IMPACT_TOKEN_RADIUS)).abs() < 1e-4 && impact[0] < 12.0);
    let area = bs.blast(impact, &[shooter, target, near, outside]);
    // KW-5 / KW-6: the target (touching the token) and model 2 within RED; model 3 is out.
    assert_eq!(area.caught, vec![1, 2]);
    assert!(area.sheltered.is_empty());
}

#[test]
fn kw_7_kw_8_kw_9_open_26_an_escape_must_end_further_than_red_from_the_token() {
    let bs = space(vec![]);
    let m = model(2, 1, 12.0, 10.0);
    // KW-9: after a miss the token is shifted up to RED; the Blast resolves there.
    let shifted = [13.5, 0.0, 10.0];
    assert_eq!(bs.blast(shifted, &[m]).caught, vec![2]);
    // KW-7: a Basic Move out of the area (YELLOW) gets it clear; KW-8: a RED move doesn't.
    let plan = bs.check_move(&m, &[[6.0, 0.0, 10.0]], YELLOW, &[]).unwrap();
    assert!(bs.blast(shifted, &[m.at(plan.end)]).caught.is_empty());
    let short = bs.check_move(&m, &[[9.5, 0.0, 10.0]], RED, &[]).unwrap();
    assert_eq!(bs.blast(shifted, &[m.at(short.end)]).caught, vec![2]);
}

#[test]
fn kw_10_open_27_open_22_a_fumbled_blast_lands_touching_the_attacker_and_takes_friends() {
    let bs = space(vec![]);
    let attacker = model(1, 0, 10.0, 10.0);
    let friend = model(2, 0, 12.0, 10.0);
    let impact = bs.impact_point(&attacker, friend.position);
    let area = bs.blast(impact, &[attacker, friend]);
    assert_eq!(area.caught, vec![1, 2]);
}

#[test]
fn kw_11_the_blast_sphere_reaches_up_and_down() {
    let roof = boxp(1, "Roof", O, 12.0, 4.0, [4.0, 2.0, 4.0]).elevated();
    let bs = space(vec![roof]);
    let centre = [12.0, 0.0, 8.0];
    let above = model_at(2, 1, 12.0, 2.0, 5.0); // on the roof, 2" up
    let high = model_at(3, 1, 12.0, 6.0, 8.0); // 6" straight up
    let area = bs.blast(centre, &[above, high]);
    assert_eq!(area.caught, vec![2]);
}

#[test]
fn kw_12_ex_23_a_model_behind_a_barrier_is_not_affected() {
    let bs = space(vec![wall(1, "Barrier", [14.0, 6.0], [14.0, 14.0], 3.0)]);
    let centre = [12.5, 0.0, 10.0];
    let exposed = model(1, 1, 11.0, 11.5);
    let behind = model(2, 1, 15.0, 10.0);
    let area = bs.blast(centre, &[exposed, behind]);
    assert_eq!(area.caught, vec![1]);
    assert_eq!(area.sheltered, vec![(2, SceneryId(1))]);
    // An obstacle gives no shelter.
    let crates = space(vec![boxp(1, "Crates", O, 14.0, 10.0, [0.5, 1.0, 8.0])]);
    assert_eq!(crates.blast(centre, &[exposed, behind]).caught, vec![1, 2]);
}

#[test]
fn kw_32_poa_13_ex_22_open_22_three_in_a_torrent_the_third_beyond_yellow_is_missed() {
    let bs = space(vec![]);
    let me = model(1, 0, 2.0, 10.0);
    let a = model(2, 1, 5.0, 10.0);
    let b = model(3, 0, 8.0, 10.4); // friendly models are caught too (KW-32)
    let c = model(4, 1, 13.0, 10.0);
    let t = bs.torrent(&me, c.position, Some(YELLOW), &[me, a, b, c]);
    assert_eq!(t.targets, vec![2, 3]);
}

#[test]
fn open_30_a_torrent_stops_at_the_first_barrier_that_crosses_it() {
    let bs = space(vec![wall(1, "Wall", [8.0, 6.0], [8.0, 14.0], 3.0)]);
    let me = model(1, 0, 2.0, 10.0);
    let a = model(2, 1, 5.0, 10.0);
    let b = model(3, 1, 10.0, 10.0);
    let t = bs.torrent(&me, b.position, Some(GREEN), &[a, b]);
    assert_eq!(t.targets, vec![2]);
    assert_eq!(t.stopped_by, Some(SceneryId(1)));
}

#[test]
fn kw_22_open_29_push_moves_red_straight_away_and_stops_at_a_barrier() {
    let bs = space(vec![wall(1, "Wall", [16.0, 6.0], [16.0, 14.0], 3.0)]);
    let active = model(1, 0, 8.0, 10.0);
    let target = model(2, 1, 10.0, 10.0);
    let free = bs.push(&active, &target, &[]);
    assert!((free.moved - RED).abs() < 1e-4 && free.stopped_by.is_none());
    assert!((free.end[0] - 13.0).abs() < 1e-4 && (free.end[2] - 10.0).abs() < 1e-4);
    let near_wall = model(3, 1, 14.0, 10.0);
    let stopped = bs.push(&active, &near_wall, &[]);
    assert_eq!(stopped.stopped_by, Some(PushStop::Scenery(SceneryId(1))));
    assert!(stopped.end[0] + BASE_27MM_RADIUS <= 16.0 - 0.125 + 0.02);
    // Another base and the table edge also stop it.
    let blocker = model(4, 0, 12.0, 10.0);
    let by_model = bs.push(&active, &target, &[blocker]);
    assert_eq!(by_model.stopped_by, Some(PushStop::Model(4)));
    assert!(!target.at(by_model.end).overlaps(&blocker));
    let at_edge = bs.push(&model(5, 0, 27.0, 10.0), &model(6, 1, 28.5, 10.0), &[]);
    assert_eq!(at_edge.stopped_by, Some(PushStop::TableEdge));
    assert!(
        bs.table()
            .contains_base(&model(6, 1, 28.5, 10.0).at(at_edge.end))
    );
}

#[test]
fn ex_18_move_19_move_21_pushed_off_a_yellow_ledge_falls_for_one_wound_onto_a_model() {
    let roof = boxp(1, "Ledge", B, 6.0, 10.0, [6.0, 7.0, 6.0]).elevated();
    let bs = space(vec![roof]);
    let active = model_at(1, 0, 6.0, 7.0, 10.0);
    let target = model_at(2, 1, 8.3, 7.0, 10.0);
    let below = model(3, 0, 11.3, 10.0);
    let r = bs.push(&active, &target, &[below]);
    assert_eq!(r.fall, Some(7.0));
    assert_eq!(r.end[1], 0.0);
    assert_eq!(FallDamage::of(7.0), FallDamage::Wound);
    assert_eq!(r.lands_on, Some(3));
}

#[test]
fn kw_26_walking_fire_switches_only_to_a_target_within_red_of_the_last() {
    let bs = space(vec![]);
    let first = model(1, 1, 10.0, 10.0);
    let close = model(2, 1, 13.5, 10.0);
    let far = model(3, 1, 16.0, 10.0);
    assert_eq!(bs.band(&first, &close), RangeBand::Red);
    assert_ne!(bs.band(&first, &far), RangeBand::Red);
}

#[test]
fn brawl_10_a_torrent_into_a_brawl_takes_every_model_in_its_path_by_its_own_rules() {
    let bs = space(vec![]);
    let me = model(1, 0, 2.0, 10.0);
    let rival = model(2, 1, 8.0, 10.0);
    let friend_brawling = model(3, 0, 9.6, 10.0);
    let beside = model(4, 1, 8.0, 11.6); // within reach of the rival, outside the strip
    let all = [me, rival, friend_brawling, beside];
    assert!(bs.brawling_with(&rival, &all).contains(&3));
    let t = bs.torrent(&me, rival.position, Some(GREEN), &all);
    // Not BRAWL-7: the model within reach of the target but outside the path is not taken.
    assert_eq!(t.targets, vec![2, 3]);
}

#[test]
fn kw_13_a_complex_action_is_barred_by_an_enemy_within_red() {
    let bs = space(vec![]);
    let me = model(1, 0, 5.0, 10.0);
    let close = model(2, 1, 7.0 + 2.0 * BASE_27MM_RADIUS, 10.0);
    let clear = model(3, 1, 8.2 + 2.0 * BASE_27MM_RADIUS, 10.0);
    assert_eq!(bs.band(&me, &close), RangeBand::Red);
    assert_eq!(bs.band(&me, &clear), RangeBand::Yellow);
}
