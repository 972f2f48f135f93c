//! Path of Attack, Blast and Push cases a player would argue about at the table: scenery
//! half within the attacker's reach, low platforms, Indirect over heads, a Blast going up
//! past a roof edge, a pushed model landing on another (POA-9, POA-10, KW-20, KW-11, KW-12,
//! MOVE-21, OPEN-29).

mod common;

use common::*;
use redline_battlespace::*;

fn reasons(p: &PathOfAttack) -> Vec<(CoverSource, CoverReason)> {
    p.cover.iter().map(|c| (c.source, c.reason)).collect()
}

#[test]
fn poa_9_a_piece_within_reach_of_the_attacker_is_ignored_however_far_it_runs() {
    // A line of crates from 0.5" in front of the attacker's base to 4" along the path.
    let crates = boxp(1, "Crate line", O, 8.2, 11.0, [3.5, 1.0, 0.8]);
    let bs = space(vec![crates]);
    let a = model(1, 0, 5.9, 11.0); // base edge at 6.43, crates from 6.45
    let t = model(2, 1, 16.0, 11.0);
    let p = bs.path_of_attack(&a, &t, &[], PoaOptions::default());
    assert_eq!(p.modifier(), 0, "{:?}", p.cover);
    // Shooting the other way the crates are not within the attacker's reach: +1.
    let back = bs.path_of_attack(&t, &a, &[], PoaOptions::default());
    assert_eq!(
        reasons(&back),
        vec![(CoverSource::Scenery(SceneryId(1)), CoverReason::Obstacle)]
    );
    // Stepped 1.2" back, the crates are out of reach and count.
    let a2 = model(1, 0, 4.7, 11.0);
    assert_eq!(
        bs.path_of_attack(&a2, &t, &[], PoaOptions::default())
            .modifier(),
        1
    );
}

#[test]
fn poa_10_only_a_barrier_taller_than_red_is_elevated() {
    // A 2" loading platform models stand on: not elevated in the POA-10 sense, so a model at
    // its edge gets the +1 only if the platform itself is in the path (it is not here: the
    // path runs above it from the street).
    let platform = boxp(1, "Platform", B, 8.0, 11.0, [6.0, 2.0, 6.0]).elevated();
    let bs = space(vec![platform]);
    let up = model_at(1, 0, 10.2, 2.0, 11.0);
    let street = model(2, 1, 20.0, 11.0);
    let p = bs.path_of_attack(&street, &up, &[], PoaOptions::default());
    assert!(
        !reasons(&p)
            .iter()
            .any(|(_, r)| *r == CoverReason::ElevatedEdge),
        "{:?}",
        p.cover
    );
    // The same spot on a 4" roof is an elevated edge.
    let roof = boxp(1, "Roof", B, 8.0, 11.0, [6.0, 4.0, 6.0]).elevated();
    let bs = space(vec![roof]);
    let up = model_at(1, 0, 10.2, 4.0, 11.0);
    let p = bs.path_of_attack(&street, &up, &[], PoaOptions::default());
    assert_eq!(
        reasons(&p),
        vec![(
            CoverSource::Scenery(SceneryId(1)),
            CoverReason::ElevatedEdge
        )]
    );
}

#[test]
fn kw_20_poa_11_indirect_ignores_models_and_elevated_edges_as_obstacles() {
    let roof = boxp(1, "Roof", B, 8.0, 11.0, [6.0, 4.0, 6.0]).elevated();
    let bs = space(vec![roof]);
    let up = model_at(1, 0, 10.2, 4.0, 11.0);
    let street = model(2, 1, 20.0, 11.0);
    let between = model(3, 1, 18.2, 11.0);
    let direct = bs.path_of_attack(&street, &up, &[between], PoaOptions::default());
    assert_eq!(direct.modifier(), 2, "{:?}", direct.cover);
    let indirect = PoaOptions {
        indirect: true,
        range: None,
    };
    let lobbed = bs.path_of_attack(&street, &up, &[between], indirect);
    assert_eq!(lobbed.modifier(), 0, "{:?}", lobbed.cover);
    assert!(lobbed.visible());
}

#[test]
fn kw_11_kw_12_a_blast_reaches_up_past_the_roof_a_model_stands_on() {
    let roof = boxp(1, "Container", B, 10.0, 11.0, [6.0, 2.5, 2.0]).elevated();
    let bs = space(vec![roof]);
    // Token at the container's foot (z = 12); a model on its top, near that side.
    let centre = [10.0, 0.0, 12.6];
    let on_top = model_at(1, 1, 10.0, 2.5, 11.5);
    // A model at the far side of the container, on the ground: the container shelters it.
    let behind = model(2, 1, 10.0, 9.4);
    let area = bs.blast(centre, &[on_top, behind]);
    assert_eq!(area.caught, vec![1]);
    assert_eq!(area.sheltered, vec![(2, SceneryId(1))]);
    // And down from a token on the roof to a model at its foot (KW-11).
    let up_centre = [10.0, 2.5, 11.5];
    let at_foot = model(3, 1, 10.0, 13.0);
    assert_eq!(bs.blast(up_centre, &[at_foot]).caught, vec![3]);
}

#[test]
fn move_21_open_29_a_model_pushed_off_a_roof_onto_another_ends_in_base_contact() {
    let roof = boxp(1, "Ledge", B, 6.0, 10.0, [6.0, 7.0, 6.0]).elevated();
    let bs = space(vec![roof]);
    let active = model_at(1, 0, 6.0, 7.0, 10.0);
    let target = model_at(2, 1, 8.3, 7.0, 10.0);
    let below = model(3, 0, 11.3, 10.0);
    let r = bs.push(&active, &target, &[active, below]);
    assert_eq!(r.lands_on, Some(3));
    assert_eq!(r.fall, Some(7.0));
    assert_eq!(FallDamage::of(7.0), FallDamage::Wound);
    let landed = target.at(r.end);
    assert!(!landed.overlaps(&below));
    assert!(
        bs.distance(&landed, &below) < 0.05,
        "{}",
        bs.distance(&landed, &below)
    );
    assert!(bs.can_place(&landed, &[below]));
}

#[test]
fn open_1_gen_3_reach_and_bands_measure_base_to_base_in_3d() {
    let bs = space(vec![]);
    // A model on a 1" crate beside another: bases 0.5" apart across, 1" apart up.
    let low = model(1, 0, 5.0, 5.0);
    let up = model_at(2, 1, 5.0 + 2.0 * BASE_27MM_RADIUS + 0.5, 1.0, 5.0);
    let d = bs.distance(&low, &up);
    assert!((d - 0.5f32.hypot(1.0)).abs() < 1e-4, "{d}");
    assert!(!bs.within_reach(&low, &up));
    let up_close = model_at(3, 1, 5.0 + 2.0 * BASE_27MM_RADIUS + 0.3, 0.9, 5.0);
    assert!(bs.within_reach(&low, &up_close));
}

#[test]
fn kw_4_the_impact_token_rests_on_the_targets_surface() {
    let roof = boxp(1, "Roof", B, 8.0, 11.0, [6.0, 4.0, 6.0]).elevated();
    let bs = space(vec![roof]);
    // On the roof's east rim (x 5..11), shot at from the street to the east: the side facing
    // the shooter hangs over the edge, so the token goes round to rest on the roof.
    let target = model_at(1, 1, 10.4, 4.0, 11.0);
    let shooter = model(2, 0, 20.0, 11.0);
    let p = bs.impact_point(&target, shooter.position);
    assert!((bs.level_at(p[0], p[2], 4.0) - 4.0).abs() < 1e-3, "{p:?}");
    let touching = (p[0] - 10.4).hypot(p[2] - 11.0);
    assert!((touching - (BASE_27MM_RADIUS + IMPACT_TOKEN_RADIUS)).abs() < 1e-3);
    // In the open it faces the shooter.
    let open = model(3, 1, 15.0, 5.0);
    let q = bs.impact_point(&open, shooter.position);
    let (ux, uz) = (5.0 / 61f32.sqrt(), 6.0 / 61f32.sqrt());
    let d = BASE_27MM_RADIUS + IMPACT_TOKEN_RADIUS;
    assert!(
        (q[0] - (15.0 + ux * d)).abs() < 1e-3 && (q[2] - (5.0 + uz * d)).abs() < 1e-3,
        "{q:?}"
    );
}
