//! Small props: oil drums and cargo crates.

use glam::{Affine3A, Vec2, Vec3};
use redline_content::schema::Shape;

use super::{PartCtx, pick};
use crate::model::Model;
use crate::sculpt::Sculpt;
use crate::shape::{Shading, cylinder, lathe};
use crate::surface::Surface;

/// Drum paints: faded blue, rust brown, dark grey, stone grey, dull plum.
const DRUMS: [u32; 5] = [0x48596a, 0x6e4c3a, 0x3e4145, 0x7c786e, 0x5a4552];

/// Crate woods: pale pine, grey weathered, darker stained.
const WOODS: [u32; 3] = [0xf0e2cc, 0xbfb6aa, 0xa8876a];

pub(super) fn drum(ctx: &PartCtx) -> Model {
    let Shape::Cylinder {
        radius: r,
        height: h,
    } = ctx.part.shape
    else {
        return Model::new();
    };
    let body = r * 0.965;
    let hoop = |y: f32| {
        [
            Vec2::new(body, y - 0.035),
            Vec2::new(r, y - 0.015),
            Vec2::new(r, y + 0.015),
            Vec2::new(body, y + 0.035),
        ]
    };
    let mut p = vec![
        Vec2::new(0.0, 0.0),
        Vec2::new(body, 0.0),
        Vec2::new(r, 0.03),
        Vec2::new(r, 0.06),
        Vec2::new(body, 0.08),
    ];
    p.extend(hoop(h / 3.0));
    p.extend(hoop(2.0 * h / 3.0));
    p.extend([
        Vec2::new(body, h - 0.08),
        Vec2::new(r, h - 0.06),
        Vec2::new(r, h - 0.01),
        Vec2::new(r * 0.92, h - 0.01),
        Vec2::new(r * 0.9, h - 0.045),
        Vec2::new(0.0, h - 0.045),
    ]);
    let mut s = Sculpt::new();
    let paint = pick(&DRUMS, ctx.variant);
    s.put(
        Surface::PaintedSteel,
        paint,
        lathe(&p, 24, Shading::Sharp),
        &Affine3A::IDENTITY,
    );
    // Two bungs on the lid.
    for (x, rr) in [(r * 0.55, 0.07f32), (-r * 0.5, 0.045)] {
        s.put(
            Surface::BrushedMetal,
            [1.0; 4],
            cylinder(rr, 0.03, 10),
            &Affine3A::from_translation(Vec3::new(x, h - 0.045, 0.1 * r)),
        );
    }
    s.model
}

pub(super) fn crate_box(ctx: &PartCtx) -> Model {
    let Some((width, depth, h)) = ctx.box_size() else {
        return Model::new();
    };
    let (hw, hd) = (width / 2.0, depth / 2.0);
    let wood = pick(&WOODS, ctx.variant);
    let dark = wood.map(|c| c * 0.7);
    let mut s = Sculpt::new();
    let w = Surface::Wood;
    let inset = 0.035;
    // The boarded core, a little inside the battens.
    s.cube(
        w,
        wood,
        Vec3::new(-hw + inset, inset, -hd + inset),
        Vec3::new(hw - inset, h - inset, hd - inset),
    );
    // Board gaps on the four sides.
    let boards = 4;
    for k in 1..boards {
        let y = h * k as f32 / boards as f32;
        s.cube(
            w,
            dark,
            Vec3::new(-hw + inset - 0.004, y - 0.012, -hd + inset - 0.004),
            Vec3::new(hw - inset + 0.004, y + 0.012, hd - inset + 0.004),
        );
    }
    // Battens along every edge.
    let b = 0.1;
    for (sx, sz) in [(1.0f32, 1.0f32), (1.0, -1.0), (-1.0, 1.0), (-1.0, -1.0)] {
        let x = if sx > 0.0 { hw - b } else { -hw };
        let z = if sz > 0.0 { hd - b } else { -hd };
        s.cube(w, wood, Vec3::new(x, 0.0, z), Vec3::new(x + b, h, z + b));
    }
    for y in [0.0, h - b] {
        for sz in [1.0f32, -1.0] {
            let z = if sz > 0.0 { hd - b } else { -hd };
            s.cube(
                w,
                wood,
                Vec3::new(-hw + b, y, z),
                Vec3::new(hw - b, y + b, z + b),
            );
        }
        for sx in [1.0f32, -1.0] {
            let x = if sx > 0.0 { hw - b } else { -hw };
            s.cube(
                w,
                wood,
                Vec3::new(x, y, -hd + b),
                Vec3::new(x + b, y + b, hd - b),
            );
        }
    }
    // A diagonal brace on the long faces.
    let len = ((2.0 * hw - 2.0 * b).powi(2) + (h - 2.0 * b).powi(2)).sqrt();
    let angle = (h - 2.0 * b).atan2(2.0 * hw - 2.0 * b);
    for sz in [1.0f32, -1.0] {
        let z = sz * (hd - inset / 2.0);
        s.slab(
            w,
            wood,
            Vec3::new(len - 0.05, 0.09, inset),
            0.005,
            &(Affine3A::from_translation(Vec3::new(0.0, h / 2.0, z))
                * Affine3A::from_rotation_z(angle)),
        );
    }
    s.model
}
