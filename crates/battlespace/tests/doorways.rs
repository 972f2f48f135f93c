//! Paths of Attack partly through a doorway and past a window above the path, on walls laid
//! out as on the starter pack's pier (its centre line, (3, 11) to (27, 11)): which wall
//! blocks, which only enters (POA-7, POA-8, OPEN-5, OPEN-7, MOVE-12, MOVE-13). See
//! `docs/decisions/geometry-doorway-and-window-paths.md`.

mod common;

use common::*;
use redline_battlespace::*;

/// A 6" brick wall along x = 8 from z = 13.5 to 7.5 (4" tall, 0.5" thick), with a 1.5" door
/// 3" high from z = 12.75 to 11.25: the pier's wall with the door.
fn door_wall() -> SceneryPiece {
    SceneryPiece::new(
        1,
        "Wall with door",
        B,
        SceneryShape::Wall {
            from: [8.0, 13.5],
            to: [8.0, 7.5],
            thickness: 0.5,
            height: 4.0,
        },
    )
    .with_opening(Opening {
        kind: OpeningKind::Door,
        along: 1.5,
        width: 1.5,
        bottom: 0.0,
        top: 3.0,
    })
}

/// The same wall along x = 22 from z = 14.5 to 8.5, with a 1.5" window from z = 12.25 to
/// 10.75 whose sill is 1.5" up: above a standing model's head (MODEL_HEIGHT is 1.25").
fn window_wall(sill: f32) -> SceneryPiece {
    SceneryPiece::new(
        2,
        "Wall with window",
        B,
        SceneryShape::Wall {
            from: [22.0, 14.5],
            to: [22.0, 8.5],
            thickness: 0.5,
            height: 4.0,
        },
    )
    .with_opening(Opening {
        kind: OpeningKind::Window,
        along: 3.0,
        width: 1.5,
        bottom: sill,
        top: 3.0,
    })
}

fn across(bs: &Battlespace) -> (PathOfAttack, PathOfAttack) {
    let (a, b) = (model(1, 0, 3.0, 11.0), model(2, 1, 27.0, 11.0));
    (
        bs.path_of_attack(&a, &b, &[], PoaOptions::default()),
        bs.path_of_attack(&b, &a, &[], PoaOptions::default()),
    )
}

#[test]
fn poa_7_open_5_move_13_a_path_partly_through_a_doorway_is_not_blocked_by_that_wall() {
    // The path's band runs z 10.5..11.5; the wall holds z ≤ 11.25 and the doorway (free
    // passage, MOVE-13) the rest: straight lines in the path get through the doorway, so the
    // wall enters the path without crossing it (OPEN-5) and gives +1 (POA-7).
    let bs = space(vec![door_wall()]);
    for poa in [across(&bs).0, across(&bs).1] {
        assert_eq!(poa.blocked_by, None);
        assert_eq!(
            poa.cover,
            vec![Cover {
                source: CoverSource::Scenery(SceneryId(1)),
                reason: CoverReason::BarrierEnters,
            }]
        );
        assert!(!poa.obscured, "the doorway leaves part of the path clear");
    }
    // Wholly through the doorway: nothing in the way at all (MOVE-13).
    let (a, b) = (model(1, 0, 3.0, 12.0), model(2, 1, 14.0, 12.0));
    let poa = bs.path_of_attack(&a, &b, &[], PoaOptions::default());
    assert!(poa.visible() && poa.cover.is_empty());
}

#[test]
fn poa_8_open_7_a_window_sill_above_the_path_and_the_wall_beside_it_block_it_together() {
    // The sill (z 10.75..12.25, 1.5" up) and the wall beside it (z ≤ 10.75) hold the whole
    // 1.25"-tall path between them: one wall crossing the path, so it is blocked (POA-8, OPEN-5
    // with OPEN-7's 3D strip), the same both ways.
    let bs = space(vec![window_wall(1.5)]);
    for poa in [across(&bs).0, across(&bs).1] {
        assert_eq!(poa.blocked_by, Some(SceneryId(2)));
        assert!(poa.cover.is_empty());
    }
    // A window low enough to shoot through is an opening in the path (MOVE-12): +1.
    let bs = space(vec![window_wall(0.5)]);
    let (poa, back) = across(&bs);
    assert_eq!(poa.blocked_by, None);
    assert_eq!(back.blocked_by, None);
    assert_eq!(
        poa.cover,
        vec![Cover {
            source: CoverSource::Scenery(SceneryId(2)),
            reason: CoverReason::Window,
        }]
    );
}

#[test]
fn poa_8_open_5_the_wall_named_as_blocking_is_the_one_the_path_cannot_get_past() {
    // Both walls on the pier's centre line: the path gets past the first through its doorway
    // and is cut by the second. The blocker named (for the player's "Blocked by …" and the
    // planner's highlight) is the wall with the window, not the wall with the door, from
    // either end.
    let bs = space(vec![door_wall(), window_wall(1.5)]);
    let (poa, back) = across(&bs);
    assert_eq!(poa.blocked_by, Some(SceneryId(2)));
    assert_eq!(back.blocked_by, Some(SceneryId(2)));
    // A Torrent along the same line stops at the window wall, so a model between the walls
    // in the doorway's lane is still taken (KW-32, OPEN-30).
    let me = model(1, 0, 3.0, 11.0);
    let between = model(3, 1, 15.0, 11.3);
    let t = bs.torrent(&me, [27.0, 0.0, 11.0], None, &[me, between]);
    assert_eq!(t.stopped_by, Some(SceneryId(2)));
    assert_eq!(t.targets, vec![3]);
}
