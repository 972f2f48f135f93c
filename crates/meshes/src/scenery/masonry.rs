//! Brick and concrete: walls with framed openings, the ruined wall, the barrier, the
//! loading dock, floor slabs and roofs, and the generic block, silo and rubble.

use glam::{Affine3A, Quat, Vec2, Vec3};
use redline_content::schema::{OpeningKind, Shape};

use super::{PartCtx, RECESS, SceneryVisual, paint, pick};
use crate::model::Model;
use crate::sculpt::Sculpt;
use crate::shape::{Shading, bevel_block, extrude, lathe, prism};
use crate::surface::Surface;

/// Brick tints: plain, a little sooty, a little pale.
const BRICKS: [u32; 3] = [0xffffff, 0xe6dfda, 0xf2ece2];
/// Tints of a timber house's planks.
const PLANKS: [u32; 3] = [0xc9b59a, 0xb8a48a, 0xd6c4a8];

/// An opening as spans along the wall (x from its centre) and up it.
#[derive(Clone, Copy)]
struct Gap {
    a0: f32,
    a1: f32,
    bottom: f32,
    top: f32,
    door: bool,
}

fn gaps(ctx: &PartCtx, h: f32) -> Vec<Gap> {
    let mut g: Vec<Gap> = ctx
        .part
        .openings
        .iter()
        .map(|o| Gap {
            a0: o.along - o.width / 2.0,
            a1: o.along + o.width / 2.0,
            bottom: o.sill,
            top: (o.sill + o.height).min(h),
            door: o.kind == OpeningKind::Door,
        })
        .collect();
    g.sort_by(|a, b| a.a0.total_cmp(&b.a0));
    g
}

/// Which face of the wall looks away from the piece's centre: +1 for +z, −1 for −z.
fn outside(ctx: &PartCtx) -> f32 {
    let n = Quat::from_rotation_y(ctx.part.rotation_deg.to_radians()) * Vec3::Z;
    if n.x * ctx.part.at[0] + n.z * ctx.part.at[2] >= 0.0 {
        1.0
    } else {
        -1.0
    }
}

pub(super) fn brick_wall(ctx: &PartCtx) -> Model {
    let Shape::Wall {
        length,
        thickness,
        height: h,
    } = ctx.part.shape
    else {
        return Model::new();
    };
    let (hl, ht) = (length / 2.0, thickness / 2.0);
    let gaps = gaps(ctx, h);
    // A timber house is built as a brick wall is, in planks.
    let (b, brick) = if ctx.visual == SceneryVisual::TimberHouse {
        (Surface::Wood, pick(&PLANKS, ctx.variant))
    } else {
        (Surface::Brick, pick(&BRICKS, ctx.variant))
    };
    let mut s = Sculpt::new();
    let span = |s: &mut Sculpt, a0: f32, a1: f32, y0: f32, y1: f32, out: f32| {
        if a1 - a0 > 1e-3 && y1 - y0 > 1e-3 {
            s.cube(
                b,
                brick,
                Vec3::new(a0, y0, -ht - out),
                Vec3::new(a1, y1, ht + out),
            );
        }
    };
    // The body, split round the openings as the engine splits it.
    let mut cursor = -hl;
    for g in &gaps {
        span(&mut s, cursor, g.a0, 0.0, h, 0.0);
        span(&mut s, g.a0, g.a1, 0.0, g.bottom, 0.0);
        span(&mut s, g.a0, g.a1, g.top, h, 0.0);
        cursor = g.a1;
    }
    span(&mut s, cursor, hl, 0.0, h, 0.0);
    let clear = |a0: f32, a1: f32| gaps.iter().all(|g| a1 <= g.a0 || a0 >= g.a1);
    // Coping along the top, a plinth course along the foot (not across doors).
    s.cube(
        Surface::Concrete,
        [1.0; 4],
        Vec3::new(-hl, h - 0.08, -ht - 0.03),
        Vec3::new(hl, h, ht + 0.03),
    );
    let mut cursor = -hl;
    for g in gaps.iter().filter(|g| g.door) {
        span(&mut s, cursor, g.a0, 0.0, 0.14, 0.025);
        cursor = g.a1;
    }
    span(&mut s, cursor, hl, 0.0, 0.14, 0.025);
    // Piers every couple of inches, where they miss the openings.
    let n = (length / 1.8).round().max(1.0) as usize;
    for i in 0..=n {
        let x = -hl + 0.15 + (length - 0.3) * i as f32 / n as f32;
        if clear(x - 0.3, x + 0.3) {
            span(&mut s, x - 0.15, x + 0.15, 0.14, h - 0.08, 0.035);
        }
    }
    let out = outside(ctx);
    for g in &gaps {
        opening(&mut s, g, ht, h);
        if g.door {
            door_leaf(&mut s, g, &gaps, hl, ht, -out);
            if ctx.visual == SceneryVisual::Tenement {
                shopfront(&mut s, g, ht, h, out);
            }
        }
    }
    s.model
}

/// Frame, sill and lintel of one opening, all within the wall's shell.
fn opening(s: &mut Sculpt, g: &Gap, ht: f32, h: f32) {
    let wood = Surface::Wood;
    let frame = paint(0x6d655c);
    let (a0, a1) = (g.a0, g.a1);
    s.cube(
        wood,
        frame,
        Vec3::new(a0, g.bottom, -0.06),
        Vec3::new(a0 + 0.04, g.top, 0.06),
    );
    s.cube(
        wood,
        frame,
        Vec3::new(a1 - 0.04, g.bottom, -0.06),
        Vec3::new(a1, g.top, 0.06),
    );
    s.cube(
        wood,
        frame,
        Vec3::new(a0, g.top - 0.04, -0.06),
        Vec3::new(a1, g.top, 0.06),
    );
    let lintel_top = (g.top + 0.1).min(h - 0.08);
    if lintel_top > g.top + 0.02 {
        s.cube(
            Surface::Concrete,
            [1.0; 4],
            Vec3::new(a0 - 0.08, g.top, -ht - 0.01),
            Vec3::new(a1 + 0.08, lintel_top, ht + 0.01),
        );
    }
    if g.door {
        s.cube(
            Surface::Concrete,
            [1.0; 4],
            Vec3::new(a0, 0.0, -ht),
            Vec3::new(a1, 0.02, ht),
        );
    } else {
        s.cube(
            wood,
            frame,
            Vec3::new(a0, g.bottom, -0.06),
            Vec3::new(a1, g.bottom + 0.04, 0.06),
        );
        s.cube(
            Surface::Concrete,
            [1.0; 4],
            Vec3::new(a0 - 0.08, g.bottom - 0.07, -ht - 0.045),
            Vec3::new(a1 + 0.08, g.bottom, ht + 0.045),
        );
    }
}

/// The door itself, swung right back against the wall's face on side `face` (±1) so the
/// doorway stays open; on whichever side of the doorway has room.
fn door_leaf(s: &mut Sculpt, g: &Gap, all: &[Gap], hl: f32, ht: f32, face: f32) {
    let w = g.a1 - g.a0;
    let free = |a0: f32, a1: f32| {
        a0 >= -hl && a1 <= hl && all.iter().all(|o| a1 <= o.a0 - 0.1 || a0 >= o.a1 + 0.1)
    };
    let span = if free(g.a1 + 0.02, g.a1 + 0.02 + w) {
        (g.a1 + 0.02, g.a1 + 0.02 + w)
    } else if free(g.a0 - 0.02 - w, g.a0 - 0.02) {
        (g.a0 - 0.02 - w, g.a0 - 0.02)
    } else {
        return;
    };
    let (z0, z1) = if face > 0.0 {
        (ht + 0.005, ht + 0.045)
    } else {
        (-ht - 0.045, -ht - 0.005)
    };
    let leaf = paint(0x5a6470);
    s.cube(
        Surface::Wood,
        leaf,
        Vec3::new(span.0, 0.03, z0),
        Vec3::new(span.1, g.top - 0.05, z1),
    );
    let k = if face > 0.0 { z1 } else { z0 };
    for (y0, y1) in [(0.2, g.top * 0.45), (g.top * 0.52, g.top - 0.2)] {
        s.cube(
            Surface::Wood,
            leaf.map(|c| c * 0.8),
            Vec3::new(span.0 + 0.15, y0, k.min(k + face * 0.004)),
            Vec3::new(span.1 - 0.15, y1, k.max(k + face * 0.004)),
        );
    }
}

/// A roller-shutter box over the shop door and a neon sign beside it, on the street side.
fn shopfront(s: &mut Sculpt, g: &Gap, ht: f32, h: f32, face: f32) {
    let z = |d0: f32, d1: f32| {
        let (a, b) = (face * (ht + d0), face * (ht + d1));
        (a.min(b), a.max(b))
    };
    let (z0, z1) = z(-0.02, 0.045);
    let top = (g.top + 0.25).min(h - 0.1);
    s.cube(
        Surface::RustedSteel,
        [1.0; 4],
        Vec3::new(g.a0 - 0.05, g.top, z0),
        Vec3::new(g.a1 + 0.05, top, z1),
    );
    let (z0, z1) = z(0.0, 0.04);
    let sign_x = if g.a0 > 0.0 { g.a0 - 0.9 } else { g.a1 + 0.25 };
    s.cube(
        Surface::Marker,
        [1.0; 4],
        Vec3::new(sign_x, top + 0.05, z0),
        Vec3::new(sign_x + 0.7, top + 0.4, z1),
    );
    let (z0, z1) = z(0.0, 0.048);
    for (k, surface) in [(0.0, Surface::GlowMagenta), (1.0, Surface::GlowCyan)] {
        let y = top + 0.12 + k * 0.14;
        s.cube(
            surface,
            [1.0; 4],
            Vec3::new(sign_x + 0.08, y, z0),
            Vec3::new(sign_x + 0.62, y + 0.06, z1),
        );
    }
}

pub(super) fn ruined_wall(ctx: &PartCtx) -> Model {
    let Shape::Wall {
        length,
        thickness,
        height: h,
    } = ctx.part.shape
    else {
        return Model::new();
    };
    let hl = length / 2.0;
    // A jagged top: full height near one end, broken down toward the middle.
    let steps = (length / 0.32).round().max(3.0) as usize;
    let mut outline = vec![Vec2::new(-hl, 0.0), Vec2::new(hl, 0.0)];
    let mut rng = ctx.variant;
    for i in (0..=steps).rev() {
        let t = i as f32 / steps as f32;
        let x = -hl + length * t;
        let base = 0.62
            + 0.38 * ((1.0 - t) * 3.0).min(1.0) * (1.0 - 0.55 * (t * std::f32::consts::PI).sin());
        rng = rng.wrapping_mul(1_103_515_245).wrapping_add(12_345);
        let jag = ((rng >> 16) & 0xff) as f32 / 255.0 * 0.16;
        let y = if i == 0 {
            h
        } else {
            (base * h - jag).clamp(0.3 * h, h)
        };
        outline.push(Vec2::new(x, y));
    }
    let brick = pick(&BRICKS, ctx.variant);
    let mut s = Sculpt::new();
    s.put(
        Surface::Brick,
        brick,
        extrude(&outline, thickness),
        &Affine3A::IDENTITY,
    );
    // Fallen bricks on the broken top, a plinth course along the foot.
    let ht = thickness / 2.0;
    for (i, p) in outline.iter().enumerate().skip(3).step_by(3) {
        if p.y < h * 0.8 {
            let dz = if i % 2 == 0 { 0.04 } else { -0.06 };
            s.put(
                Surface::Brick,
                brick.map(|c| c * 0.85),
                crate::shape::bevel_box(Vec3::new(0.24, 0.08, 0.12), 0.015, 1),
                &Affine3A::from_rotation_translation(
                    Quat::from_rotation_y(0.3 * i as f32),
                    Vec3::new(p.x, p.y - 0.02, dz),
                ),
            );
        }
    }
    s.cube(
        Surface::Concrete,
        [1.0; 4],
        Vec3::new(-hl, 0.0, -ht - 0.025),
        Vec3::new(hl, 0.12, ht + 0.025),
    );
    s.model
}

pub(super) fn barricade(ctx: &PartCtx) -> Model {
    let Some((width, depth, h)) = ctx.box_size() else {
        return Model::new();
    };
    let hd = depth / 2.0;
    // The Jersey profile across the depth (z, y), extruded along x.
    let profile = [
        Vec2::new(-hd, 0.0),
        Vec2::new(hd, 0.0),
        Vec2::new(hd, 0.1 * h),
        Vec2::new(hd * 0.52, 0.3 * h),
        Vec2::new(hd * 0.36, h),
        Vec2::new(-hd * 0.36, h),
        Vec2::new(-hd * 0.52, 0.3 * h),
        Vec2::new(-hd, 0.1 * h),
    ];
    // Extrusion runs along z; swap z and x so it runs along the barrier's length.
    let swap = Affine3A::from_cols(
        Vec3::Z.into(),
        Vec3::Y.into(),
        Vec3::X.into(),
        Vec3::ZERO.into(),
    );
    let mut s = Sculpt::new();
    let hw = width / 2.0;
    let sections = (width / 2.0).round().max(1.0) as usize;
    let len = (width - 0.04 * (sections - 1) as f32) / sections as f32;
    for k in 0..sections {
        let x0 = -hw + k as f32 * (len + 0.04);
        let at = Affine3A::from_translation(Vec3::new(x0 + len / 2.0, 0.0, 0.0));
        s.put(
            Surface::Concrete,
            [1.0; 4],
            extrude(&profile, len),
            &(at * swap),
        );
        // A faded reflective band near the top, and the lifting slot.
        s.cube(
            Surface::LanePaint,
            [0.7, 0.7, 0.7, 1.0],
            Vec3::new(x0 + 0.1, 0.78 * h, -hd * 0.41),
            Vec3::new(x0 + len - 0.1, 0.86 * h, hd * 0.41),
        );
        s.cube(
            RECESS,
            [1.0; 4],
            Vec3::new(x0 + len / 2.0 - 0.15, 0.02, -hd - 0.004),
            Vec3::new(x0 + len / 2.0 + 0.15, 0.1, hd + 0.004),
        );
    }
    s.model
}

pub(super) fn dock(ctx: &PartCtx) -> Model {
    let Some((width, depth, h)) = ctx.box_size() else {
        return Model::new();
    };
    let (hw, hd) = (width / 2.0, depth / 2.0);
    let (stair, deep) = (0.5f32.min(hw / 3.0), 0.6f32.min(hd / 3.0));
    let xs = [-hw, -hw + deep, -stair, stair, hw - deep, hw];
    let zs = [-hd, -hd + deep, -stair, stair, hd - deep, hd];
    let mut s = Sculpt::new();
    let c = Surface::Concrete;
    let rise = h / 3.0;
    for i in 0..5 {
        for j in 0..5 {
            let (x0, x1, z0, z1) = (xs[i], xs[i + 1], zs[j], zs[j + 1]);
            // Steps cut into the middle of each side: two steps, then the top.
            let out = match (i, j) {
                (0, 2) => Some(Vec3::NEG_X),
                (4, 2) => Some(Vec3::X),
                (2, 0) => Some(Vec3::NEG_Z),
                (2, 4) => Some(Vec3::Z),
                _ => None,
            };
            let (lo, hi) = (Vec3::new(x0, 0.0, z0), Vec3::new(x1, 0.0, z1));
            match out {
                Some(dir) => {
                    let axis = dir.abs();
                    let mid = (lo + hi) / 2.0;
                    let cut_lo = lo * (Vec3::ONE - axis) + mid * axis;
                    let cut_hi = hi * (Vec3::ONE - axis) + mid * axis;
                    let (outer, inner) = if dir.dot(axis) > 0.0 {
                        ((cut_lo, hi), (lo, cut_hi))
                    } else {
                        ((lo, cut_hi), (cut_lo, hi))
                    };
                    let step = [0.8, 0.8, 0.8, 1.0];
                    s.cube(c, step, outer.0, outer.1 + Vec3::Y * rise);
                    s.cube(c, step, inner.0, inner.1 + Vec3::Y * 2.0 * rise);
                    // Pale nosing along the outer edge of each tread and of the top.
                    let out = dir.dot(axis) > 0.0;
                    let nosing = |s: &mut Sculpt, lo: Vec3, hi: Vec3, y: f32| {
                        let (a0, a1) = if out {
                            (hi.dot(axis) - 0.06, hi.dot(axis))
                        } else {
                            (lo.dot(axis), lo.dot(axis) + 0.06)
                        };
                        let keep = Vec3::ONE - axis;
                        s.cube(
                            Surface::LanePaint,
                            [0.75, 0.75, 0.75, 1.0],
                            lo * keep + axis * a0 + Vec3::Y * y,
                            hi * keep + axis * a1 + Vec3::Y * (y + 0.004),
                        );
                    };
                    let back = dir * (deep / 2.0);
                    nosing(&mut s, outer.0, outer.1, rise);
                    nosing(&mut s, inner.0, inner.1, 2.0 * rise);
                    nosing(&mut s, inner.0 - back, inner.1 - back, h);
                }
                None => s.cube(c, [1.0; 4], lo, hi + Vec3::Y * h),
            }
        }
    }
    // Steel angle on the top edges (not across the stairs), rubber bumpers on the long
    // sides, a pale line painted round the top.
    let steel = Surface::BrushedMetal;
    for (a0, a1) in [(-hw, -stair), (stair, hw)] {
        for z in [-hd, hd - 0.06] {
            s.cube(
                steel,
                [1.0; 4],
                Vec3::new(a0, h - 0.06, z),
                Vec3::new(a1, h, z + 0.06),
            );
        }
    }
    for (a0, a1) in [(-hd, -stair), (stair, hd)] {
        for x in [-hw, hw - 0.06] {
            s.cube(
                steel,
                [1.0; 4],
                Vec3::new(x, h - 0.06, a0),
                Vec3::new(x + 0.06, h, a1),
            );
        }
    }
    for x in [-hw * 0.6, hw * 0.6] {
        for z in [-hd - 0.04, hd] {
            s.cube(
                Surface::Rubber,
                [1.0; 4],
                Vec3::new(x - 0.2, h * 0.25, z),
                Vec3::new(x + 0.2, h * 0.75, z + 0.04),
            );
        }
    }
    for (lo, hi) in [
        (
            Vec3::new(-hw + 0.2, h, -hd + 0.2),
            Vec3::new(-stair - 0.1, h + 0.004, -hd + 0.28),
        ),
        (
            Vec3::new(stair + 0.1, h, -hd + 0.2),
            Vec3::new(hw - 0.2, h + 0.004, -hd + 0.28),
        ),
        (
            Vec3::new(-hw + 0.2, h, hd - 0.28),
            Vec3::new(-stair - 0.1, h + 0.004, hd - 0.2),
        ),
        (
            Vec3::new(stair + 0.1, h, hd - 0.28),
            Vec3::new(hw - 0.2, h + 0.004, hd - 0.2),
        ),
    ] {
        s.cube(Surface::LanePaint, [0.8, 0.8, 0.8, 1.0], lo, hi);
    }
    s.model
}

pub(super) fn floor(ctx: &PartCtx, roof: bool) -> Model {
    let Some((width, depth, h)) = ctx.box_size() else {
        return Model::new();
    };
    let (hw, hd) = (width / 2.0, depth / 2.0);
    let mut s = Sculpt::new();
    s.cube(
        Surface::Concrete,
        [0.85, 0.85, 0.85, 1.0],
        Vec3::new(-hw, 0.0, -hd),
        Vec3::new(hw, h, hd),
    );
    // A cornice band round the edge.
    let band = [0.95, 0.93, 0.9, 1.0];
    let (y0, y1) = (h * 0.35, h * 0.8);
    for sz in [1.0f32, -1.0] {
        let (z0, z1) = if sz > 0.0 {
            (hd - 0.04, hd + 0.03)
        } else {
            (-hd - 0.03, -hd + 0.04)
        };
        s.cube(
            Surface::Concrete,
            band,
            Vec3::new(-hw - 0.03, y0, z0),
            Vec3::new(hw + 0.03, y1, z1),
        );
    }
    for sx in [1.0f32, -1.0] {
        let (x0, x1) = if sx > 0.0 {
            (hw - 0.04, hw + 0.03)
        } else {
            (-hw - 0.03, -hw + 0.04)
        };
        s.cube(
            Surface::Concrete,
            band,
            Vec3::new(x0, y0, -hd - 0.03),
            Vec3::new(x1, y1, hd + 0.03),
        );
    }
    if roof {
        // Tar over the slab, a hatch and two vents, all flush.
        s.cube(
            Surface::Asphalt,
            [0.7, 0.7, 0.7, 1.0],
            Vec3::new(-hw + 0.1, h, -hd + 0.1),
            Vec3::new(hw - 0.1, h + 0.005, hd - 0.1),
        );
        s.cube(
            RECESS,
            [1.0; 4],
            Vec3::new(hw - 1.6, h + 0.005, -0.4),
            Vec3::new(hw - 0.8, h + 0.03, 0.4),
        );
        for x in [-hw + 1.0, -hw + 2.2] {
            s.cube(
                Surface::BrushedMetal,
                [1.0; 4],
                Vec3::new(x, h + 0.005, hd - 1.0),
                Vec3::new(x + 0.5, h + 0.045, hd - 0.6),
            );
        }
    }
    s.model
}

pub(super) fn block(ctx: &PartCtx) -> Model {
    let Some((width, depth, h)) = ctx.box_size() else {
        return Model::new();
    };
    let (hw, hd) = (width / 2.0, depth / 2.0);
    let mut s = Sculpt::new();
    let bevel = 0.04f32.min(width.min(depth).min(h) / 4.0);
    s.put(
        Surface::Concrete,
        [1.0; 4],
        bevel_block(Vec3::new(-hw, 0.0, -hd), Vec3::new(hw, h, hd), bevel),
        &Affine3A::IDENTITY,
    );
    // Form-work seams.
    let mut y = 0.5;
    while y < h - 0.2 {
        s.cube(
            RECESS,
            [1.0; 4],
            Vec3::new(-hw - 0.004, y, -hd - 0.004),
            Vec3::new(hw + 0.004, y + 0.02, hd + 0.004),
        );
        y += 0.75;
    }
    s.model
}

pub(super) fn silo(ctx: &PartCtx) -> Model {
    let Shape::Cylinder {
        radius: r,
        height: h,
    } = ctx.part.shape
    else {
        return Model::new();
    };
    let mut p = vec![Vec2::new(0.0, 0.0), Vec2::new(r - 0.03, 0.0)];
    let bands = (h / 1.0).floor().max(1.0) as usize;
    for i in 0..bands {
        let y = h * (i as f32 + 0.5) / bands as f32;
        p.extend([
            Vec2::new(r - 0.03, y - 0.06),
            Vec2::new(r, y - 0.04),
            Vec2::new(r, y + 0.04),
            Vec2::new(r - 0.03, y + 0.06),
        ]);
    }
    p.extend([Vec2::new(r - 0.03, h), Vec2::new(0.0, h)]);
    let mut m = Model::new();
    m.add(Surface::Concrete, &lathe(&p, 32, Shading::Sharp));
    m
}

pub(super) fn rubble(ctx: &PartCtx) -> Model {
    let Shape::Hull {
        footprint,
        height: h,
    } = &ctx.part.shape
    else {
        return Model::new();
    };
    let pts: Vec<Vec2> = footprint.iter().map(|p| Vec2::from(*p)).collect();
    let centre = pts.iter().copied().sum::<Vec2>() / pts.len() as f32;
    let mut s = Sculpt::new();
    s.put(
        Surface::Concrete,
        [0.9, 0.9, 0.9, 1.0],
        prism(&pts, 0.0, h * 0.45),
        &Affine3A::IDENTITY,
    );
    let inner: Vec<Vec2> = pts.iter().map(|p| centre + (*p - centre) * 0.55).collect();
    s.put(
        Surface::Concrete,
        [1.0; 4],
        prism(&inner, h * 0.45, h * 0.8),
        &Affine3A::IDENTITY,
    );
    let core: Vec<Vec2> = pts.iter().map(|p| centre + (*p - centre) * 0.2).collect();
    s.put(
        Surface::Brick,
        [0.9, 0.9, 0.9, 1.0],
        prism(&core, h * 0.8, *h),
        &Affine3A::IDENTITY,
    );
    s.model
}
