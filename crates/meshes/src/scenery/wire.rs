//! Wire fences (SEC-14): a chain-link run of steel posts, a diamond-mesh panel and a top
//! rail, and a razor-wire coil of tilted loops pegged along the ground. Both stay inside
//! their wall solid and see-through, as the rules treat them (an obstacle, not a barrier).

use std::f32::consts::TAU;

use glam::{Affine3A, Vec3};
use redline_content::schema::Shape;

use super::{PartCtx, paint};
use crate::model::Model;
use crate::sculpt::Sculpt;
use crate::shape::{along, cuboid};
use crate::surface::Surface;

/// About how far apart a chain-link run's posts stand, inches.
const POST_SPACING: f32 = 4.0;

/// The spacing of the chain-link's diamonds, inches.
const MESH: f32 = 0.45;

/// The thickness of a strand of wire, inches.
const STRAND: f32 = 0.025;

/// A strand of square section from `a` to `b`.
fn strand(s: &mut Sculpt, surface: Surface, colour: [f32; 4], a: Vec3, b: Vec3) {
    let len = a.distance(b);
    let t = along(a, b) * Affine3A::from_translation(Vec3::new(0.0, len / 2.0, 0.0));
    s.put(surface, colour, cuboid(Vec3::new(STRAND, len, STRAND)), &t);
}

pub(super) fn chain_link(ctx: &PartCtx) -> Model {
    let Shape::Wall {
        length,
        thickness,
        height: h,
    } = ctx.part.shape
    else {
        return Model::new();
    };
    let (hl, ht) = (length / 2.0, thickness / 2.0);
    let steel = paint(0x666a6e);
    let mut s = Sculpt::new();
    let spans = (length / POST_SPACING).ceil().max(1.0) as usize;
    let post = 0.12f32.min(length / 4.0);
    for i in 0..=spans {
        let x = -hl + length * i as f32 / spans as f32;
        let (x0, x1) = ((x - post / 2.0).max(-hl), (x + post / 2.0).min(hl));
        s.cube(
            Surface::PaintedSteel,
            steel,
            Vec3::new(x0, 0.0, -ht),
            Vec3::new(x1, h, ht),
        );
    }
    let rail = (ht * 0.6).max(STRAND);
    s.cube(
        Surface::PaintedSteel,
        steel,
        Vec3::new(-hl, h - 0.06, -rail),
        Vec3::new(hl, h, rail),
    );
    // The diamonds: two families of strands at 45°, clipped to the panel below the rail.
    let (y0, y1) = (0.05, h - 0.06);
    let link = paint(0x9aa0a4);
    let mut c = -hl - (y1 - y0);
    while c < hl {
        for dir in [1.0f32, -1.0] {
            // The strand x = c + t, y = y0 + t (or its mirror), clipped to the panel.
            let t0 = (-hl - c).max(0.0);
            let t1 = (hl - c).min(y1 - y0);
            if t1 - t0 > 0.05 {
                let x = |t: f32| dir * (c + t);
                let a = Vec3::new(x(t0), y0 + t0, 0.0);
                let b = Vec3::new(x(t1), y0 + t1, 0.0);
                strand(&mut s, Surface::BrushedMetal, link, a, b);
            }
        }
        c += MESH;
    }
    s.model
}

/// How many loops of wire a coil has per inch of run.
const LOOPS_PER_INCH: f32 = 2.5;

/// How many strands make one loop.
const LOOP_SIDES: usize = 10;

pub(super) fn razor_coil(ctx: &PartCtx) -> Model {
    let Shape::Wall {
        length,
        thickness,
        height: h,
    } = ctx.part.shape
    else {
        return Model::new();
    };
    let hl = length / 2.0;
    let (ry, rz) = (h / 2.0 - STRAND, thickness / 2.0 - STRAND);
    let tilt = 0.25f32;
    let reach = rz * tilt.sin() + STRAND;
    let loops = ((length - 2.0 * reach) * LOOPS_PER_INCH).round().max(2.0) as usize;
    let wire = paint(0xa7adb2);
    let mut s = Sculpt::new();
    for i in 0..loops {
        let x = -hl + reach + (length - 2.0 * reach) * i as f32 / (loops - 1) as f32;
        let lean = if i % 2 == 0 { tilt } else { -tilt };
        let turn = Affine3A::from_translation(Vec3::new(x, h / 2.0, 0.0))
            * Affine3A::from_rotation_y(lean);
        let point = |k: usize| {
            let a = TAU * k as f32 / LOOP_SIDES as f32;
            turn.transform_point3(Vec3::new(0.0, ry * a.sin(), rz * a.cos()))
        };
        for k in 0..LOOP_SIDES {
            strand(&mut s, Surface::BrushedMetal, wire, point(k), point(k + 1));
        }
    }
    // Pegs at both ends hold it to the ground.
    for x in [-hl + 0.05, hl - 0.05] {
        s.cube(
            Surface::RustedSteel,
            paint(0x5a4a3e),
            Vec3::new(x - 0.04, 0.0, -0.04),
            Vec3::new(x + 0.04, h * 0.6, 0.04),
        );
    }
    s.model
}
