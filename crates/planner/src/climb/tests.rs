//! The bucketed search for tops to jump from gives what looking at every pair of tops gives
//! (MOVE-17), on random tables from sparse to crowded.

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use redline_battlespace::RED;
use redline_content::schema::{Layout, PlacedPiece};

use super::near::{TopIndex, gap_between, nearest_all_pairs};
use super::{MAX_JUMP_FROM, climbing_routes, routes_with, tops_of};
use crate::battlespace_of;

/// Random boxes on a 30" × 22" table: `n` of them, each up to `size` on a side, some
/// snapped to whole inches so gaps of exactly RED and boxes that only touch occur.
fn random_boxes(rng: &mut ChaCha8Rng, n: usize, size: f32) -> Vec<[f32; 4]> {
    (0..n)
        .map(|_| {
            let snap = rng.random_bool(0.3);
            let mut v = |hi: f32| {
                let x = rng.random_range(0.0..hi);
                if snap { x.round() } else { x }
            };
            let (x, z) = (v(30.0 - size), v(22.0 - size));
            let (w, d) = (v(size).max(0.5), v(size).max(0.5));
            [x, z, x + w, z + d]
        })
        .collect()
}

#[test]
fn move_17_the_index_finds_the_tops_to_jump_from_that_every_pair_finds() {
    let mut rng = ChaCha8Rng::seed_from_u64(17);
    for case in 0..300 {
        let n = [1, 2, 5, 20, 80, 300][case % 6];
        let size = [1.0, 3.0, 6.0, 12.0][case % 4];
        let mut bounds = random_boxes(&mut rng, n, size);
        if case % 5 == 0 {
            // Some tops stacked on one spot: ties broken by piece order.
            let copies: Vec<_> = bounds.iter().take(n / 3).copied().collect();
            bounds.extend(copies);
        }
        let index = TopIndex::new(&bounds);
        for i in 0..bounds.len() {
            for count in [0, 1, MAX_JUMP_FROM, 8] {
                assert_eq!(
                    index.nearest(i, count),
                    nearest_all_pairs(&bounds, i, count),
                    "case {case}, top {i}, count {count}"
                );
            }
        }
    }
}

#[test]
fn move_17_a_gap_of_exactly_red_is_near_enough_and_a_hair_more_is_not() {
    let bounds = [
        [0.0, 0.0, 2.0, 2.0],
        [2.0 + RED, 0.0, 4.0 + RED, 2.0],
        [0.0, 2.0 + RED + 0.02, 2.0, 4.0 + RED],
    ];
    assert!((gap_between(bounds[0], bounds[1]) - RED).abs() < 1e-6);
    let index = TopIndex::new(&bounds);
    assert_eq!(index.nearest(0, 3), vec![1]);
    assert_eq!(index.nearest(0, 3), nearest_all_pairs(&bounds, 0, 3));
}

/// Starter scenery placed at random, elevated tops among it.
fn random_layout(rng: &mut ChaCha8Rng, n: usize, spread: [f32; 2]) -> Layout {
    const KINDS: [&str; 6] = [
        "container",
        "container_stack",
        "loading_dock",
        "catwalk",
        "water_tank",
        "crate",
    ];
    let pieces = (0..n)
        .map(|_| {
            let kind = KINDS[rng.random_range(0..KINDS.len())];
            let at = [
                15.0 + rng.random_range(-spread[0]..=spread[0]),
                11.0 + rng.random_range(-spread[1]..=spread[1]),
            ];
            let mut p = PlacedPiece::new(kind, at);
            p.rotation_deg = 15.0 * f32::from(rng.random_range(0u8..24));
            p
        })
        .collect();
    Layout {
        id: "random".into(),
        name: "Random".into(),
        size: [30.0, 22.0],
        pieces,
        text: String::new(),
    }
}

#[test]
fn move_17_climbing_routes_are_those_found_trying_every_pair_of_tops() {
    let catalog = redline_content::starter();
    let mut rng = ChaCha8Rng::seed_from_u64(18);
    let shapes = [
        (6, [9.0, 5.0]),
        (12, [6.0, 4.0]),
        (24, [8.0, 4.0]),
        (10, [1.0, 1.0]),
    ];
    for (n, spread) in shapes {
        let layout = random_layout(&mut rng, n, spread);
        let space = battlespace_of(&catalog, &layout).unwrap();
        let tops = tops_of(&space);
        let bounds: Vec<[f32; 4]> = tops.iter().map(|t| t.bounds).collect();
        let reference = routes_with(&space, &tops, |i| {
            nearest_all_pairs(&bounds, i, MAX_JUMP_FROM)
        });
        assert!(!reference.is_empty());
        assert_eq!(climbing_routes(&space), reference, "{n} pieces");
    }
}
