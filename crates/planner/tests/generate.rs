//! The generator over 1,000 seeds: never two pieces overlapping, never a piece in a deployment
//! zone (FIELD-4, FIELD-7), always a buildable table; density inside FIELD-2 on an open table.

use redline_battlespace::{
    BASE_27MM_RADIUS, Battlespace, DeploymentZone, ModelBase, SceneryShape, Table,
};
use redline_content::convert::to_battlespace_layout_of;
use redline_planner::density::density;
use redline_planner::zones::scenario_zones;
use redline_planner::{GenerateOptions, Symmetry, generate};

/// A circle about the part's footprint that holds it (worked from the geometry's shapes, not
/// from the generator's own bound).
fn footprint_circle(shape: &SceneryShape) -> ([f32; 2], f32) {
    match shape {
        SceneryShape::Box { centre, size, .. } => (*centre, (size[0] / 2.0).hypot(size[2] / 2.0)),
        SceneryShape::Cylinder { centre, radius, .. } => (*centre, *radius),
        SceneryShape::Hull { footprint, .. } => {
            let n = footprint.len() as f32;
            let c = [
                footprint.iter().map(|p| p[0]).sum::<f32>() / n,
                footprint.iter().map(|p| p[1]).sum::<f32>() / n,
            ];
            let r = footprint
                .iter()
                .map(|p| (p[0] - c[0]).hypot(p[1] - c[1]))
                .fold(0.0, f32::max);
            (c, r)
        }
        SceneryShape::Wall {
            from,
            to,
            thickness,
            ..
        } => {
            let c = [(from[0] + to[0]) / 2.0, (from[1] + to[1]) / 2.0];
            let half = (to[0] - from[0]).hypot(to[1] - from[1]) / 2.0;
            (c, half.hypot(thickness / 2.0))
        }
    }
}

/// Every spot of the zone a 27 mm base could stand on an empty table (1" grid) is still clear.
fn zone_untouched(space: &Battlespace, zone: DeploymentZone) -> bool {
    let t = *space.table();
    (0..=t.width as i32).all(|i| {
        (0..=t.depth as i32).all(|k| {
            let base =
                ModelBase::new(0, 0, [i as f32, 0.0, k as f32]).with_radius(BASE_27MM_RADIUS);
            !t.in_zone(&base, zone) || space.can_place(&base, &[])
        })
    })
}

// FIELD-7: over 1,000 seeds (every starter scenario's zones, all three symmetries, both table
// sizes) no two pieces overlap and no piece takes a spot of a deployment zone.
#[test]
fn field_7_a_thousand_seeds_never_overlap_or_block_a_zone() {
    let catalog = redline_content::starter();
    let scenarios: Vec<_> = catalog
        .scenarios
        .iter()
        .filter(|s| !s.deployment.is_empty())
        .collect();
    assert!(!scenarios.is_empty());
    let symmetries = [Symmetry::None, Symmetry::Mirror, Symmetry::Rotational];
    let mut placed_total = 0;
    for seed in 0..1000u64 {
        let scenario = scenarios[seed as usize % scenarios.len()];
        let zones: Vec<DeploymentZone> = scenario_zones(scenario)
            .into_iter()
            .map(|(_, z)| z)
            .collect();
        let mut opts = GenerateOptions::new(scenario.setup.table, seed);
        opts.symmetry = symmetries[(seed / 7) as usize % 3];
        opts.zones = zones.clone();
        let layout = generate(&catalog, &opts).unwrap();
        placed_total += layout.pieces.len();
        let parts = to_battlespace_layout_of(&catalog, &layout).unwrap();
        // Which placed piece each part belongs to.
        let owner: Vec<usize> = layout
            .pieces
            .iter()
            .enumerate()
            .flat_map(|(i, p)| {
                let n = catalog.scenery.get(&p.piece).unwrap().parts.len();
                std::iter::repeat_n(i, n)
            })
            .collect();
        let circles: Vec<_> = parts
            .scenery
            .iter()
            .map(|p| footprint_circle(&p.shape))
            .collect();
        for a in 0..circles.len() {
            for b in a + 1..circles.len() {
                if owner[a] == owner[b] {
                    continue;
                }
                let ((ca, ra), (cb, rb)) = (circles[a], circles[b]);
                assert!(
                    (ca[0] - cb[0]).hypot(ca[1] - cb[1]) > ra + rb,
                    "seed {seed}: '{}' overlaps '{}'",
                    parts.scenery[a].name,
                    parts.scenery[b].name
                );
            }
        }
        let space = Battlespace::from_layout(parts).unwrap();
        for zone in &zones {
            assert!(
                zone_untouched(&space, *zone),
                "seed {seed}: {zone:?} blocked"
            );
        }
    }
    // The generator really places scenery, not an empty table.
    assert!(
        placed_total > 8 * 1000,
        "{placed_total} pieces in 1,000 tables"
    );
}

// FIELD-2: with no zones to keep clear, a 22" x 30" table gets 10-15 pieces, 3-4 a quarter.
#[test]
fn field_2_open_tables_meet_the_density_guidance() {
    let catalog = redline_content::starter();
    for seed in 0..50 {
        let layout = generate(&catalog, &GenerateOptions::new([30.0, 22.0], seed)).unwrap();
        let d = density(&layout);
        assert!(d.findings.is_empty(), "seed {seed}: {:?}", d.findings);
    }
}

#[test]
fn the_same_seed_gives_the_same_table_and_symmetry_holds() {
    let catalog = redline_content::starter();
    let mut opts = GenerateOptions::new([30.0, 22.0], 42);
    opts.symmetry = Symmetry::Mirror;
    let a = generate(&catalog, &opts).unwrap();
    assert_eq!(a, generate(&catalog, &opts).unwrap());
    assert_eq!(a.pieces.len() % 2, 0);
    for pair in a.pieces.chunks(2) {
        assert_eq!(pair[0].piece, pair[1].piece);
        assert!((pair[0].at[0] + pair[1].at[0] - 30.0).abs() < 1e-4);
        assert!((pair[0].at[1] - pair[1].at[1]).abs() < 1e-4);
    }
    let table = Table::new(30.0, 22.0);
    assert!(density(&a).per_quarter.iter().all(|&n| n > 0), "{table:?}");
}
