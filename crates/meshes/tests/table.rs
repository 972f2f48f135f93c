//! The mat and the markers: sound meshes, a flat playing area on any table size, and states
//! that read by shape.

use glam::Vec3;
use redline_battlespace::{Corner, DeploymentZone, Edge, ModelBase, Table};
use redline_meshes::markers::{
    PipState, StateIcon, active_ring, body_token, objective_beacon, pip, pip_slots, state_icon,
    token_plate, zone_hatch,
};
use redline_meshes::mat::{MAT_RELIEF, mat};
use redline_meshes::{Model, Surface};

#[test]
fn the_mat_fits_any_table_and_keeps_the_playing_area_flat() {
    for (w, d) in [(22.0, 30.0), (30.0, 22.0), (44.0, 30.0), (60.0, 44.0)] {
        let m = mat(w, d);
        assert!(m.problems().is_empty(), "{w}x{d}: {:?}", m.problems());
        let asphalt = m.get(Surface::Asphalt).expect("asphalt");
        let (lo, hi) = asphalt.bounds().expect("bounds");
        assert!(
            lo.x <= 0.0 && lo.z <= 0.0 && hi.x >= w && hi.z >= d,
            "{w}x{d}: asphalt {lo} {hi}"
        );
        // On the playing area nothing stands higher than the mat's relief.
        let raised = m
            .positions()
            .filter(|p| p.x > 0.01 && p.x < w - 0.01 && p.z > 0.01 && p.z < d - 0.01)
            .map(|p| p.y)
            .fold(f32::MIN, f32::max);
        assert!(
            raised <= MAT_RELIEF,
            "{w}x{d}: something {raised:.3}\" high on the table"
        );
        // A quay with bollards past the north edge, a frame all round.
        assert!(m.get(Surface::Water).is_some() && m.get(Surface::Wood).is_some());
        let (lo, hi) = m.bounds().expect("bounds");
        assert!(lo.x < 0.0 && hi.x > w && lo.z < -2.0 && hi.z > d);
        assert!(
            m.triangle_count() < 12_000,
            "{w}x{d}: {} triangles",
            m.triangle_count()
        );
        assert!(m.draw_calls() <= 8, "{w}x{d}: {} meshes", m.draw_calls());
    }
}

/// Whether a ray down the pip's axis (it faces +Z) through `x, y` meets it.
fn solid_at(m: &Model, x: f32, y: f32) -> bool {
    m.parts().any(|(_, mesh)| {
        (0..mesh.triangle_count()).any(|i| {
            let [a, b, c] = mesh.triangle_corners(i);
            // Point-in-triangle in the XY plane.
            let s = |p: Vec3, q: Vec3| (q.x - p.x) * (y - p.y) - (x - p.x) * (q.y - p.y);
            let (d1, d2, d3) = (s(a, b), s(b, c), s(c, a));
            let neg = d1 < 0.0 || d2 < 0.0 || d3 < 0.0;
            let pos = d1 > 0.0 || d2 > 0.0 || d3 > 0.0;
            !(neg && pos) && (d1 != 0.0 || d2 != 0.0 || d3 != 0.0)
        })
    })
}

#[test]
fn a_ready_pip_is_filled_and_a_used_one_hollow() {
    let (ready, used) = (pip(PipState::Ready), pip(PipState::Used));
    for m in [&ready, &used] {
        assert!(m.problems().is_empty(), "{:?}", m.problems());
        assert!(m.get(Surface::TokenColour).is_some());
    }
    assert!(
        solid_at(&ready, 0.0, 0.0),
        "a Ready pip is solid in the middle"
    );
    assert!(
        !solid_at(&used, 0.0, 0.0),
        "a Used pip is hollow in the middle"
    );
    assert!(solid_at(&used, 0.08, 0.0), "a Used pip has its ring");
}

#[test]
fn plates_hold_their_pips() {
    for n in 1..=4 {
        let plate = token_plate(n);
        assert!(plate.problems().is_empty());
        let (lo, hi) = plate.bounds().expect("bounds");
        for slot in pip_slots(n) {
            assert!(slot[0] > lo.x && slot[0] < hi.x && slot[1] > lo.y && slot[1] < hi.y);
            assert!(slot[2] > hi.z - 0.05, "pips sit in front of the plate");
        }
        assert!(
            plate.get(Surface::TeamRim).is_some(),
            "the border shows the team"
        );
    }
}

#[test]
fn each_state_icon_has_its_own_outline() {
    let glyph_cover = |icon: StateIcon| -> Vec<bool> {
        let m = state_icon(icon);
        assert!(m.problems().is_empty(), "{icon:?}: {:?}", m.problems());
        let mut glyph = Model::new();
        glyph.add(
            Surface::MarkerGlyph,
            m.get(Surface::MarkerGlyph).expect("a glyph"),
        );
        // A 9×9 sample of where the glyph covers the icon.
        (0..81)
            .map(|k| {
                solid_at(
                    &glyph,
                    -0.16 + 0.04 * (k % 9) as f32,
                    -0.16 + 0.04 * (k / 9) as f32,
                )
            })
            .collect()
    };
    let covers: Vec<Vec<bool>> = StateIcon::ALL.iter().map(|i| glyph_cover(*i)).collect();
    for i in 0..covers.len() {
        for j in i + 1..covers.len() {
            let differ = covers[i]
                .iter()
                .zip(&covers[j])
                .filter(|(a, b)| a != b)
                .count();
            assert!(
                differ >= 6,
                "{:?} and {:?} differ in only {differ} of 81 samples",
                StateIcon::ALL[i],
                StateIcon::ALL[j]
            );
        }
    }
}

#[test]
fn tokens_and_beacons_are_sound() {
    for m in [body_token(), objective_beacon(), active_ring(0.53)] {
        assert!(m.problems().is_empty(), "{:?}", m.problems());
        assert!(m.triangle_count() < 1_500);
    }
    // The beacon is in no rules colour: its light is its own surface.
    assert!(objective_beacon().get(Surface::Beacon).is_some());
}

#[test]
fn zone_hatching_lies_in_the_zone_the_engine_defines() {
    let table = Table::double();
    for zone in [
        DeploymentZone::Edge {
            edge: Edge::South,
            distance: 4.0,
        },
        DeploymentZone::Edge {
            edge: Edge::West,
            distance: 6.0,
        },
        DeploymentZone::Corner {
            corner: Corner::NorthEast,
            distance: 9.0,
        },
        DeploymentZone::Centre { distance: 5.0 },
    ] {
        let m = zone_hatch(&table, zone);
        assert!(m.problems().is_empty(), "{zone:?}: {:?}", m.problems());
        assert!(m.triangle_count() > 10, "{zone:?}: hatched");
        // Every strip's centre line is in the zone (its corners stick out by half a strip).
        for tri in m.indices.chunks_exact(6) {
            let c: Vec3 = tri
                .iter()
                .map(|&i| Vec3::from(m.positions[i as usize]))
                .sum::<Vec3>()
                / 6.0;
            let base = ModelBase::new(0, 0, [c.x, 0.0, c.z]).with_radius(1e-3);
            assert!(
                table.in_zone(&base, zone),
                "{zone:?}: a strip at {c} is outside"
            );
        }
    }
}
