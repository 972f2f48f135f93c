//! Property tests over the busy 22"×30" layout: Path of Attack blocking is symmetric (POA-4,
//! OPEN-5), a found route is accepted by the movement check (MOVE-2), and no returned end
//! position overlaps a base (MOVE-4).

mod common;

use std::sync::OnceLock;

use common::*;
use proptest::prelude::*;
use redline_battlespace::*;

fn bs() -> &'static Battlespace {
    static BS: OnceLock<Battlespace> = OnceLock::new();
    BS.get_or_init(|| space(busy_layout()))
}

/// A standing spot on the table surface where a model may be placed.
fn spot(x: f32, z: f32, id: u32) -> Option<ModelBase> {
    let y = bs().surface_height_at(x, z);
    let m = ModelBase::new(id, (id % 2) as u8, [x, y, z]);
    bs().can_place(&m, &[]).then_some(m)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    #[test]
    fn poa_4_poa_8_blocking_is_symmetric(
        ax in 1.0f32..29.0, az in 1.0f32..21.0, bx in 1.0f32..29.0, bz in 1.0f32..21.0,
    ) {
        let (Some(a), Some(b)) = (spot(ax, az, 1), spot(bx, bz, 2)) else { return Ok(()) };
        let ab = bs().path_of_attack(&a, &b, &[], PoaOptions::default());
        let ba = bs().path_of_attack(&b, &a, &[], PoaOptions::default());
        prop_assert_eq!(ab.visible(), ba.visible(), "{:?} vs {:?}", ab.blocked_by, ba.blocked_by);
    }

    #[test]
    fn move_2_move_4_a_found_route_passes_check_move_and_ends_on_no_base(
        sx in 1.0f32..29.0, sz in 1.0f32..21.0, dx in -7.0f32..7.0, dz in -7.0f32..7.0,
    ) {
        let others = busy_models();
        let Some(m) = spot(sx, sz, 100) else { return Ok(()) };
        if others.iter().any(|o| o.overlaps(&m)) {
            return Ok(());
        }
        let goal = [sx + dx, 0.0, sz + dz];
        if let Ok(route) = bs().find_route(&m, goal, YELLOW, &others) {
            let plan = bs().check_move(&m, &route.waypoints, YELLOW, &others);
            prop_assert!(plan.is_ok(), "{:?}", plan);
            let end = m.at(plan.unwrap().end);
            prop_assert!(others.iter().all(|o| !o.overlaps(&end)));
            prop_assert!(route.plan.length <= YELLOW + EPSILON);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 6, ..ProptestConfig::default() })]

    #[test]
    fn move_4_no_reachable_spot_overlaps_a_base(sx in 1.0f32..29.0, sz in 1.0f32..21.0) {
        let others = busy_models();
        let Some(m) = spot(sx, sz, 100) else { return Ok(()) };
        if others.iter().any(|o| o.overlaps(&m)) {
            return Ok(());
        }
        let area = bs().reachable_area(&m, YELLOW, &others);
        for c in &area.cells {
            let at = m.at(c.position);
            prop_assert!(others.iter().all(|o| !o.overlaps(&at)), "{:?}", c);
            prop_assert!(bs().can_place(&at, &others), "{:?}", c);
        }
    }
}
