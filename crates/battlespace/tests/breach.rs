//! Scenery as a target and scenery that changes (MOD-7, TERR-4, TERR-8, TERR-16, TERR-17):
//! sections of a wall, distance and Path of Attack to one, and the table after a section or
//! a part is destroyed, with rubble where it stood.

mod common;

use common::*;
use redline_battlespace::{CrossingKind, PoaOptions, RUBBLE_HEIGHT, SceneryId, SceneryKind};

/// A 6" wall 3" high along z at x = 12, from z = 6 to z = 12, cut in 3" sections.
fn six_inch_wall() -> redline_battlespace::SceneryPiece {
    let mut w = wall(1, "Wall", [12.0, 6.0], [12.0, 12.0], 3.0);
    w.damage = Some(redline_battlespace::Damageable {
        hardness: 3,
        structure: None,
        section_len: 3.0,
        rubble: true,
        soft: false,
    });
    w
}

#[test]
fn terr_4_a_wall_is_cut_into_equal_sections_of_the_pack_length() {
    let w = six_inch_wall();
    assert_eq!(w.section_count(), 2); // TERR-4: ⌈6 ÷ 3⌉
    let mut four = w.clone();
    four.damage = four.damage.map(|d| redline_battlespace::Damageable {
        section_len: 4.0,
        ..d
    });
    assert_eq!(four.section_count(), 2); // ⌈6 ÷ 4⌉ = 2 sections of 3"
    assert_eq!(four.section_span(1), (3.0, 6.0));
    let crate_box = boxp(2, "Crate", SceneryKind::Obstacle, 4.0, 4.0, [1.5, 1.0, 1.5]);
    assert_eq!(crate_box.section_count(), 1);
}

#[test]
fn mod_7_range_is_to_the_sections_nearest_point() {
    let bs = space(vec![six_inch_wall()]);
    let a = model(0, 0, 6.0, 7.0);
    // The body's edge at x = 6.525 to the wall's near face at x = 11.875.
    let d0 = bs
        .distance_to_section(&a, SceneryId(1), 0)
        .expect("section 0");
    assert!((d0 - 5.35).abs() < 0.02, "{d0}");
    // Section 1 starts at z = 9: farther off, diagonally.
    let d1 = bs
        .distance_to_section(&a, SceneryId(1), 1)
        .expect("section 1");
    assert!(d1 > d0 + 0.3, "{d1}");
    assert!(bs.distance_to_section(&a, SceneryId(1), 2).is_none());
}

#[test]
fn mod_7_the_aimed_at_wall_adds_nothing_to_its_own_path() {
    let bs = space(vec![six_inch_wall()]);
    let a = model(0, 0, 6.0, 7.0);
    let poa = bs
        .path_to_section(&a, SceneryId(1), 0, &[], PoaOptions::default())
        .expect("a path");
    assert_eq!(poa.blocked_by, None); // MOD-7
    assert_eq!(poa.modifier(), 0);
    // Another barrier across the way still blocks (POA-8).
    let screen = boxp(2, "Screen", SceneryKind::Barrier, 9.0, 7.0, [0.5, 3.0, 3.0]);
    let bs = space(vec![six_inch_wall(), screen]);
    let poa = bs
        .path_to_section(&a, SceneryId(1), 0, &[], PoaOptions::default())
        .expect("a path");
    assert_eq!(poa.blocked_by, Some(SceneryId(2)));
}

#[test]
fn terr_17_a_destroyed_section_is_a_gap_with_rubble_in_it() {
    let bs = space(vec![six_inch_wall()]);
    let a = model(0, 0, 8.0, 7.5);
    let b = model(1, 1, 16.0, 7.5);
    assert!(
        bs.path_of_attack(&a, &b, &[], PoaOptions::default())
            .blocked_by
            .is_some()
    );
    let after = bs
        .with_section_destroyed(SceneryId(1), 0, Some(9))
        .expect("the section comes down");
    // TERR-16: rubble 1" high over the section's footprint, an Immune obstacle.
    let rubble = after.piece(SceneryId(9)).expect("rubble");
    assert_eq!(rubble.kind, SceneryKind::Obstacle);
    assert_eq!(rubble.shape.height(), RUBBLE_HEIGHT);
    assert!(rubble.damage.is_none());
    // TERR-17: the path now enters the rubble instead of the wall: +1.
    let poa = after.path_of_attack(&a, &b, &[], PoaOptions::default());
    assert_eq!(poa.blocked_by, None);
    assert_eq!(poa.modifier(), 1);
    // A move through the gap crosses the rubble as an obstacle (MOVE-6, TERR-16).
    let plan = after
        .check_move(&a, &[[15.0, 0.0, 7.5]], 7.0, &[])
        .expect("through the gap");
    assert!(
        plan.crossings.iter().any(|c| c.kind
            == CrossingKind::Obstacle {
                piece: SceneryId(9)
            }),
        "{:?}",
        plan.crossings
    );
    // The other section still stands: still a barrier there.
    let c = model(0, 0, 8.0, 10.5);
    let d = model(1, 1, 16.0, 10.5);
    assert!(
        after
            .path_of_attack(&c, &d, &[], PoaOptions::default())
            .blocked_by
            .is_some()
    );
    // The original is untouched.
    assert!(
        bs.path_of_attack(&a, &b, &[], PoaOptions::default())
            .blocked_by
            .is_some()
    );
}

#[test]
fn terr_8_a_destroyed_part_is_removed_and_a_soft_one_leaves_nothing() {
    let hedge = boxp(3, "Hedge", SceneryKind::Obstacle, 6.0, 6.0, [3.0, 1.5, 1.0]);
    let bs = space(vec![hedge]);
    let after = bs
        .with_section_destroyed(SceneryId(3), 0, None)
        .expect("the hedge goes");
    assert!(after.pieces().is_empty()); // TERR-8: Soft, no rubble
}

#[test]
fn terr_4_a_point_along_a_wall_falls_in_one_section() {
    let mut w = redline_battlespace::SceneryPiece::new(
        0,
        "Wall",
        redline_battlespace::SceneryKind::Barrier,
        redline_battlespace::SceneryShape::Wall {
            from: [2.0, 10.0],
            to: [14.0, 10.0],
            thickness: 0.5,
            height: 3.0,
        },
    );
    w.damage = Some(redline_battlespace::Damageable {
        hardness: 3,
        structure: None,
        section_len: 4.0,
        rubble: true,
        soft: false,
    });
    assert_eq!(w.section_count(), 3); // TERR-4
    assert_eq!(w.section_at(3.0, 10.2), 0);
    assert_eq!(w.section_at(9.9, 9.8), 1);
    assert_eq!(w.section_at(13.9, 10.0), 2);
    assert_eq!(w.section_at(40.0, 10.0), 2); // past the end: the last section
}
