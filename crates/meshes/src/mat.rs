//! The mat: harbour asphalt with faded lane paint, manhole covers and drains over the
//! playing area, a quay with bollards and fenders beyond the north edge, and a wooden frame
//! round it all. Built in table coordinates (the table's corner at the origin, x along the
//! long edge) for any table size.
//!
//! Everything on the playing area lies flat (no more than [`MAT_RELIEF`] high), so nothing
//! on the mat stands in for scenery the rules don't know; the quay and the frame lie
//! outside the table.

use glam::{Affine3A, Vec2, Vec3};

use crate::model::Model;
use crate::sculpt::Sculpt;
use crate::shape::{Shading, at, block, cylinder, disc, lathe, ring};
use crate::surface::Surface;

/// The highest anything on the playing area rises above the table, in inches.
pub const MAT_RELIEF: f32 = 0.01;

/// Width of the quay strip beyond the north edge (z < 0), in inches.
pub const QUAY: f32 = 2.5;
/// Width of the water beyond the quay, in inches.
const WATER: f32 = 3.0;
/// Width of the frame round the board, in inches.
const FRAME: f32 = 1.2;

/// The mat of a `width` × `depth` table.
pub fn mat(width: f32, depth: f32) -> Model {
    let mut s = Sculpt::new();
    surface(&mut s, width, depth);
    paint(&mut s, width, depth);
    ironwork(&mut s, width, depth);
    quay(&mut s, width);
    frame(&mut s, width, depth);
    s.model
}

fn surface(s: &mut Sculpt, width: f32, depth: f32) {
    s.cube(
        Surface::Asphalt,
        [1.0; 4],
        Vec3::new(0.0, -0.2, 0.0),
        Vec3::new(width, 0.0, depth),
    );
}

/// A small integer hash for placing things the same way every time.
fn hash(x: u32) -> u32 {
    let mut h = x.wrapping_mul(0x9e37_79b9) ^ 0x85eb_ca6b;
    h ^= h >> 13;
    h = h.wrapping_mul(0xc2b2_ae35);
    h ^ (h >> 16)
}

/// Faded lane paint: a broken centre line along the table, edge lines, parking bays by the
/// quay, a worn crossing near the west end. Gaps in every line where the paint wore off.
fn paint(s: &mut Sculpt, width: f32, depth: f32) {
    let y = (0.003, 0.005);
    let faded = [0.8, 0.8, 0.8, 1.0];
    let line = |s: &mut Sculpt, x0: f32, z0: f32, x1: f32, z1: f32, seed: u32| {
        // Skip a worn stretch now and then.
        if hash(seed).is_multiple_of(5) {
            return;
        }
        s.cube(
            Surface::LanePaint,
            faded,
            Vec3::new(x0, y.0, z0),
            Vec3::new(x1, y.1, z1),
        );
    };
    let mid = depth * 0.55;
    let mut x = 1.0;
    let mut k = 0;
    while x + 2.0 < width - 1.0 {
        line(s, x, mid - 0.08, x + 2.0, mid + 0.08, 100 + k);
        x += 3.5;
        k += 1;
    }
    for (z0, seed) in [(1.2, 200), (depth - 1.4, 300)] {
        let mut x = 0.5;
        let mut k = 0;
        while x < width - 0.5 {
            let x1 = (x + 5.0).min(width - 0.5);
            line(s, x, z0, x1, z0 + 0.12, seed + k);
            x = x1 + 0.4;
            k += 1;
        }
    }
    // Parking bays along the quay side.
    let mut x = width * 0.45;
    let mut k = 0;
    while x < width - 2.0 {
        line(s, x, 1.32, x + 0.1, 4.2, 400 + k);
        x += 2.4;
        k += 1;
    }
    // A crossing near the west end.
    let cx = (width * 0.14).max(3.0);
    let mut z = mid + 0.6;
    let mut k = 0;
    while z < depth - 1.6 {
        line(s, cx, z, cx + 2.2, z + 0.35, 500 + k);
        z += 0.7;
        k += 1;
    }
}

/// Manhole covers and drain grates, flush with the asphalt.
fn ironwork(s: &mut Sculpt, width: f32, depth: f32) {
    let covers = ((width * depth) / 250.0).round().max(2.0) as u32;
    for k in 0..covers {
        let x = 2.0 + (hash(600 + k) % 1000) as f32 / 1000.0 * (width - 4.0);
        let z = 2.0 + (hash(700 + k) % 1000) as f32 / 1000.0 * (depth - 4.0);
        let c = at(x, 0.0, z);
        s.put(
            Surface::RustedSteel,
            [0.3, 0.3, 0.31, 1.0],
            ring(0.5, 0.58, 24),
            &(c * at(0.0, 0.006, 0.0)),
        );
        s.put(
            Surface::RustedSteel,
            [0.42, 0.42, 0.43, 1.0],
            disc(0.5, 24),
            &(c * at(0.0, 0.004, 0.0)),
        );
        for r in [0.18f32, 0.34] {
            s.put(
                Surface::RustedSteel,
                [0.3, 0.3, 0.31, 1.0],
                ring(r, r + 0.04, 24),
                &(c * at(0.0, 0.007, 0.0)),
            );
        }
    }
    let mut x = 4.0;
    while x < width - 2.0 {
        let z = depth - 0.6;
        s.cube(
            Surface::RustedSteel,
            [0.5, 0.5, 0.5, 1.0],
            Vec3::new(x, 0.002, z - 0.25),
            Vec3::new(x + 0.9, 0.006, z + 0.25),
        );
        for k in 0..5 {
            let gx = x + 0.1 + k as f32 * 0.17;
            s.cube(
                Surface::Rubber,
                [1.0; 4],
                Vec3::new(gx, 0.006, z - 0.2),
                Vec3::new(gx + 0.08, 0.008, z + 0.2),
            );
        }
        x += 11.0;
    }
}

/// The quay beyond the north edge: a concrete strip with a stone kerb, bollards and
/// fenders, the quay wall dropping to dark water.
fn quay(s: &mut Sculpt, width: f32) {
    let water_y = -0.9;
    s.cube(
        Surface::Concrete,
        [0.85, 0.85, 0.85, 1.0],
        Vec3::new(0.0, -0.2, -QUAY),
        Vec3::new(width, 0.0, 0.0),
    );
    s.cube(
        Surface::Concrete,
        [1.0; 4],
        Vec3::new(0.0, water_y - 0.4, -QUAY - 0.3),
        Vec3::new(width, 0.06, -QUAY),
    );
    s.cube(
        Surface::Water,
        [1.0; 4],
        Vec3::new(0.0, water_y - 0.4, -QUAY - WATER),
        Vec3::new(width, water_y, -QUAY - 0.3),
    );
    let mut x = 3.0;
    let mut k = 0;
    while x < width - 1.0 {
        let bollard = [
            Vec2::new(0.0, 0.0),
            Vec2::new(0.3, 0.0),
            Vec2::new(0.3, 0.06),
            Vec2::new(0.2, 0.1),
            Vec2::new(0.18, 0.42),
            Vec2::new(0.3, 0.5),
            Vec2::new(0.3, 0.58),
            Vec2::new(0.0, 0.6),
        ];
        s.put(
            Surface::RustedSteel,
            [0.7, 0.72, 0.75, 1.0],
            lathe(&bollard, 14, Shading::Sharp),
            &at(x, 0.0, -QUAY + 0.7),
        );
        if k % 2 == 0 {
            // A tyre fender on the quay wall.
            let p = crate::shape::torus_profile(0.26, 0.09, 8);
            s.put(
                Surface::Rubber,
                [1.0; 4],
                lathe(&p, 14, Shading::Smooth),
                &(at(x + 1.5, -0.4, -QUAY - 0.38)
                    * Affine3A::from_rotation_x(std::f32::consts::FRAC_PI_2)),
            );
        }
        x += 6.0;
        k += 1;
    }
    // A ladder down the quay wall.
    let lx = width * 0.6;
    for dx in [-0.25f32, 0.25] {
        s.cube(
            Surface::RustedSteel,
            [1.0; 4],
            Vec3::new(lx + dx - 0.03, water_y, -QUAY - 0.36),
            Vec3::new(lx + dx + 0.03, 0.3, -QUAY - 0.3),
        );
    }
    let mut y = water_y + 0.1;
    while y < 0.0 {
        s.cube(
            Surface::RustedSteel,
            [1.0; 4],
            Vec3::new(lx - 0.25, y, -QUAY - 0.35),
            Vec3::new(lx + 0.25, y + 0.04, -QUAY - 0.31),
        );
        y += 0.25;
    }
    let _ = cylinder;
}

/// A wooden frame round the board (table, quay and water), its top a little above the mat.
fn frame(s: &mut Sculpt, width: f32, depth: f32) {
    let (x0, x1) = (-FRAME, width + FRAME);
    let (z0, z1) = (-QUAY - WATER - FRAME, depth + FRAME);
    let (y0, y1) = (-1.4, 0.25);
    let wood = [0.55, 0.45, 0.38, 1.0];
    let side = |s: &mut Sculpt, lo: Vec3, hi: Vec3| {
        s.put(
            Surface::Wood,
            wood,
            crate::shape::bevel_block(lo, hi, 0.08),
            &Affine3A::IDENTITY,
        );
    };
    side(s, Vec3::new(x0, y0, z0), Vec3::new(x1, y1, z0 + FRAME));
    side(s, Vec3::new(x0, y0, z1 - FRAME), Vec3::new(x1, y1, z1));
    side(
        s,
        Vec3::new(x0, y0, z0 + FRAME),
        Vec3::new(x0 + FRAME, y1, z1 - FRAME),
    );
    side(
        s,
        Vec3::new(x1 - FRAME, y0, z0 + FRAME),
        Vec3::new(x1, y1, z1 - FRAME),
    );
    s.put(
        Surface::Wood,
        [0.35, 0.3, 0.27, 1.0],
        block(
            Vec3::new(x0 + FRAME, y0, z0 + FRAME),
            Vec3::new(x1 - FRAME, y0 + 0.1, z1 - FRAME),
        ),
        &Affine3A::IDENTITY,
    );
}
