//! Steelwork and the water tank: the tank on its legs with a ladder, catwalk decks, pipe
//! posts, ladders and railings.

use std::f32::consts::{FRAC_PI_2, FRAC_PI_4};

use glam::{Affine3A, Vec2, Vec3};
use redline_content::schema::Shape;

use super::{PartCtx, paint};
use crate::model::Model;
use crate::sculpt::Sculpt;
use crate::shape::{Shading, capsule, frustum, lathe};
use crate::surface::Surface;

/// Fraction of the tank's height taken by its legs.
const LEGS: f32 = 0.45;

pub(super) fn tank(ctx: &PartCtx) -> Model {
    let Shape::Cylinder {
        radius: r,
        height: h,
    } = ctx.part.shape
    else {
        return Model::new();
    };
    let mut s = Sculpt::new();
    let (y0, y1) = (h * LEGS, h - 0.3f32.min(h * 0.1));
    let stave = r - 0.035;
    // The wooden tank: staves between steel hoops, a conical roof with a cap.
    let mut p = vec![Vec2::new(0.0, y0), Vec2::new(stave, y0)];
    p.push(Vec2::new(stave, y1));
    p.push(Vec2::new(0.0, y1));
    s.put(
        Surface::Wood,
        paint(0xb8a48c),
        lathe(&p, 32, Shading::Sharp),
        &Affine3A::IDENTITY,
    );
    let hoops = 3;
    for k in 0..hoops {
        let y = y0 + 0.12 + (y1 - y0 - 0.24) * k as f32 / (hoops - 1) as f32;
        let band = [
            Vec2::new(stave, y - 0.04),
            Vec2::new(r, y - 0.03),
            Vec2::new(r, y + 0.03),
            Vec2::new(stave, y + 0.04),
        ];
        s.put(
            Surface::RustedSteel,
            [1.0; 4],
            lathe(&band, 32, Shading::Sharp),
            &Affine3A::IDENTITY,
        );
    }
    let roof = [
        Vec2::new(r, y1),
        Vec2::new(r * 0.15, h - 0.04),
        Vec2::new(0.08, h),
        Vec2::new(0.0, h),
    ];
    s.put(
        Surface::Wood,
        paint(0x7d6e60),
        lathe(&roof, 32, Shading::Sharp),
        &Affine3A::IDENTITY,
    );
    // Four legs splayed a little, braced, on concrete footings.
    let leg = |k: i32, y: f32| {
        let a = FRAC_PI_4 + k as f32 * FRAC_PI_2;
        let rr = r * (0.86 - 0.16 * y / y0);
        Vec3::new(a.cos() * rr, y, -a.sin() * rr)
    };
    for k in 0..4 {
        s.put(
            Surface::RustedSteel,
            [1.0; 4],
            frustum(leg(k, 0.0), leg(k, y0), 0.07, 0.06, 8),
            &Affine3A::IDENTITY,
        );
        let foot = leg(k, 0.0);
        s.cube(
            Surface::Concrete,
            [1.0; 4],
            foot - Vec3::new(0.12, 0.0, 0.12),
            foot + Vec3::new(0.12, 0.1, 0.12),
        );
        for (ya, yb) in [(0.25, y0 - 0.2), (y0 - 0.2, 0.25)] {
            s.put(
                Surface::RustedSteel,
                [1.0; 4],
                capsule(leg(k, ya), leg(k + 1, yb), 0.022, 0.022, 6),
                &Affine3A::IDENTITY,
            );
        }
    }
    for a in [0.0f32, FRAC_PI_2] {
        let d = Vec3::new(a.cos(), 0.0, -a.sin()) * (r * 0.8);
        s.put(
            Surface::RustedSteel,
            [1.0; 4],
            capsule(
                -d + Vec3::Y * (y0 - 0.06),
                d + Vec3::Y * (y0 - 0.06),
                0.06,
                0.06,
                6,
            ),
            &Affine3A::IDENTITY,
        );
    }
    // The ladder up the side facing +x: on the ground, past the legs, up the staves.
    let x0 = r - 0.05;
    let x1 = r + 0.02;
    for z in [-0.2f32, 0.2] {
        s.cube(
            Surface::RustedSteel,
            [1.0; 4],
            Vec3::new(x0, 0.0, z - 0.025),
            Vec3::new(x1, y1, z + 0.025),
        );
    }
    let mut y = 0.3;
    while y < y1 - 0.1 {
        s.put(
            Surface::RustedSteel,
            [1.0; 4],
            capsule(
                Vec3::new(r - 0.01, y, -0.2),
                Vec3::new(r - 0.01, y, 0.2),
                0.016,
                0.016,
                6,
            ),
            &Affine3A::IDENTITY,
        );
        y += 0.3;
    }
    s.model
}

pub(super) fn deck(ctx: &PartCtx) -> Model {
    let Some((width, depth, h)) = ctx.box_size() else {
        return Model::new();
    };
    let (hw, hd) = (width / 2.0, depth / 2.0);
    let along_x = width >= depth;
    let (hl, hs) = if along_x { (hw, hd) } else { (hd, hw) };
    let mut s = Sculpt::new();
    let steel = paint(0x5e6166);
    // Channel stringers along both long edges, cross members, a grating on top.
    for side in [1.0f32, -1.0] {
        let (a, b) = if side > 0.0 {
            (hs - 0.07, hs)
        } else {
            (-hs, -hs + 0.07)
        };
        s.cube(
            Surface::PaintedSteel,
            steel,
            Vec3::new(-hl, 0.0, a),
            Vec3::new(hl, h, b),
        );
    }
    let n = (2.0 * hl / 1.0).round().max(1.0) as usize;
    for i in 0..=n {
        let x = -hl + 2.0 * hl * i as f32 / n as f32;
        let (x0, x1) = ((x - 0.04).max(-hl), (x + 0.04).min(hl));
        s.cube(
            Surface::PaintedSteel,
            steel,
            Vec3::new(x0, 0.02, -hs + 0.07),
            Vec3::new(x1, h - 0.04, hs - 0.07),
        );
    }
    s.cube(
        Surface::RustedSteel,
        [0.45, 0.45, 0.47, 1.0],
        Vec3::new(-hl, h - 0.04, -hs + 0.07),
        Vec3::new(hl, h - 0.01, hs - 0.07),
    );
    // Grating bars across the deck.
    let mut x = -hl + 0.1;
    while x < hl - 0.05 {
        s.cube(
            Surface::BrushedMetal,
            [0.5, 0.5, 0.5, 1.0],
            Vec3::new(x, h - 0.01, -hs + 0.07),
            Vec3::new(x + 0.03, h, hs - 0.07),
        );
        x += 0.15;
    }
    let t = if along_x {
        Affine3A::IDENTITY
    } else {
        Affine3A::from_rotation_y(FRAC_PI_2)
    };
    s.model.transformed(&t)
}

pub(super) fn post(ctx: &PartCtx) -> Model {
    let Shape::Cylinder {
        radius: r,
        height: h,
    } = ctx.part.shape
    else {
        return Model::new();
    };
    let p = [
        Vec2::new(0.0, 0.0),
        Vec2::new(r, 0.0),
        Vec2::new(r, 0.06),
        Vec2::new(r * 0.7, 0.08),
        Vec2::new(r * 0.7, h - 0.1),
        Vec2::new(r, h - 0.08),
        Vec2::new(r, h),
        Vec2::new(0.0, h),
    ];
    let mut m = Model::new();
    m.add(
        Surface::PaintedSteel,
        &lathe(&p, 16, Shading::Sharp).tinted(paint(0x5e6166)),
    );
    m
}

pub(super) fn ladder(ctx: &PartCtx) -> Model {
    let Some((width, depth, h)) = ctx.box_size() else {
        return Model::new();
    };
    // Rungs span the wider side; the rails' depth fills the narrow one.
    let along_z = depth >= width;
    let (span, deep) = if along_z {
        (depth / 2.0, width / 2.0)
    } else {
        (width / 2.0, depth / 2.0)
    };
    let mut s = Sculpt::new();
    for side in [1.0f32, -1.0] {
        let (a, b) = if side > 0.0 {
            (span - 0.06, span)
        } else {
            (-span, -span + 0.06)
        };
        s.cube(
            Surface::RustedSteel,
            [1.0; 4],
            Vec3::new(-deep, 0.0, a),
            Vec3::new(deep, h, b),
        );
    }
    let mut y = 0.25;
    while y < h - 0.05 {
        s.put(
            Surface::RustedSteel,
            [1.0; 4],
            capsule(
                Vec3::new(0.0, y, -span + 0.05),
                Vec3::new(0.0, y, span - 0.05),
                0.02,
                0.02,
                6,
            ),
            &Affine3A::IDENTITY,
        );
        y += 0.3;
    }
    // Brackets at the top and the foot.
    for y in [0.0, h - 0.08] {
        s.cube(
            Surface::RustedSteel,
            [1.0; 4],
            Vec3::new(-deep, y, -span),
            Vec3::new(deep, y + 0.08, span),
        );
    }
    let t = if along_z {
        Affine3A::IDENTITY
    } else {
        Affine3A::from_rotation_y(FRAC_PI_2)
    };
    s.model.transformed(&t)
}

pub(super) fn railing(ctx: &PartCtx) -> Model {
    let Some((width, depth, h)) = ctx.box_size() else {
        return Model::new();
    };
    let along_x = width >= depth;
    let (hl, hs) = if along_x {
        (width / 2.0, depth / 2.0)
    } else {
        (depth / 2.0, width / 2.0)
    };
    let t = if along_x {
        Affine3A::IDENTITY
    } else {
        Affine3A::from_rotation_y(FRAC_PI_2)
    };
    rail(hl, hs, h, true).transformed(&t)
}

/// Height of the catwalk's hand rails over its deck, inches (about waist height for a
/// 1.3" figure).
const DECK_RAIL_HEIGHT: f32 = 0.8;

/// Hand rails standing on a deck's top along both long edges, set in from the edge; the
/// ends stay open for the ladder.
pub(super) fn deck_rails(ctx: &PartCtx) -> Model {
    let Some((width, depth, h)) = ctx.box_size() else {
        return Model::new();
    };
    let along_x = width >= depth;
    let (hl, hs) = if along_x {
        (width / 2.0, depth / 2.0)
    } else {
        (depth / 2.0, width / 2.0)
    };
    let inset = 0.06f32.min(hs / 2.0);
    let mut m = Model::new();
    for side in [1.0f32, -1.0] {
        let t = Affine3A::from_translation(Vec3::new(0.0, h, side * (hs - inset)));
        m.merge(&rail(hl, 0.04, DECK_RAIL_HEIGHT, false).transformed(&t));
    }
    let t = if along_x {
        Affine3A::IDENTITY
    } else {
        Affine3A::from_rotation_y(FRAC_PI_2)
    };
    m.transformed(&t)
}

/// A pipe railing along x, `2 hl` long, `h` high, within `hs` of its line: posts about an
/// inch apart, a top and a middle rail, and a kick plate when `kick` is set.
fn rail(hl: f32, hs: f32, h: f32, kick: bool) -> Model {
    let r = hs.min(0.04);
    let mut s = Sculpt::new();
    let steel = paint(0x5e6166);
    let n = (2.0 * hl).round().max(1.0) as usize;
    for i in 0..=n {
        let x = (-hl + r + (2.0 * hl - 2.0 * r) * i as f32 / n as f32).clamp(-hl + r, hl - r);
        s.put(
            Surface::PaintedSteel,
            steel,
            frustum(Vec3::new(x, 0.0, 0.0), Vec3::new(x, h - r, 0.0), r, r, 6),
            &Affine3A::IDENTITY,
        );
    }
    for y in [h - r, h * 0.5] {
        s.put(
            Surface::PaintedSteel,
            steel,
            capsule(
                Vec3::new(-hl + r, y, 0.0),
                Vec3::new(hl - r, y, 0.0),
                r,
                r,
                6,
            ),
            &Affine3A::IDENTITY,
        );
    }
    if kick {
        s.cube(
            Surface::PaintedSteel,
            steel,
            Vec3::new(-hl, 0.0, -hs),
            Vec3::new(hl, 0.1f32.min(h), hs),
        );
    }
    s.model
}
