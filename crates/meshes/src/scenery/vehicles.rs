//! Wrecks: a burnt-out car inside its hull, a delivery van on its side inside its box.

use std::f32::consts::FRAC_PI_2;

use glam::{Affine3A, Vec2, Vec3};
use redline_content::schema::Shape;

use super::{PartCtx, RECESS, paint, pick};
use crate::model::Model;
use crate::sculpt::Sculpt;
use crate::shape::{capsule, cylinder, extrude, prism};
use crate::surface::Surface;

/// Van paints: dirty white, stone grey, faded blue-grey.
const VANS: [u32; 3] = [0xa9aaa4, 0x8e8b84, 0x6f7c88];

pub(super) fn car(ctx: &PartCtx) -> Model {
    let Shape::Hull {
        footprint,
        height: h,
    } = &ctx.part.shape
    else {
        return Model::new();
    };
    let pts: Vec<Vec2> = footprint.iter().map(|p| Vec2::from(*p)).collect();
    let (lo, hi) = pts
        .iter()
        .fold((Vec2::MAX, Vec2::MIN), |(a, b), p| (a.min(*p), b.max(*p)));
    let (c, half) = ((lo + hi) / 2.0, (hi - lo) / 2.0);
    // Build with the car's length along x; turn it if the footprint is longer in z.
    let long_x = half.x >= half.y;
    let (hl, hw) = if long_x {
        (half.x, half.y)
    } else {
        (half.y, half.x)
    };
    let turn = Affine3A::from_translation(Vec3::new(c.x, 0.0, c.y))
        * if long_x {
            Affine3A::IDENTITY
        } else {
            Affine3A::from_rotation_y(FRAC_PI_2)
        };
    let char_ = paint(0x5a524c);
    let mut s = Sculpt::new();
    // The lower body is the footprint itself, between the wheels' tops and the beltline.
    s.put(
        Surface::BurntMetal,
        char_,
        prism(&pts, 0.3, 0.82),
        &Affine3A::IDENTITY,
    );
    let mut body = Sculpt::new();
    let h = *h;
    let bw = hw - 0.14;
    let wheel = |s: &mut Sculpt, surface: Surface, colour: [f32; 4], r: f32, len: f32, at: Vec3| {
        let t = Affine3A::from_translation(at - Vec3::Z * len / 2.0)
            * Affine3A::from_rotation_x(FRAC_PI_2);
        s.put(surface, colour, cylinder(r, len, 14), &t);
    };
    for sx in [1.0f32, -1.0] {
        for sz in [1.0f32, -1.0] {
            let at = Vec3::new(sx * hl * 0.6, 0.3, sz * (hw - 0.13));
            wheel(
                &mut body,
                Surface::BurntMetal,
                paint(0x77706a),
                0.24,
                0.2,
                at,
            );
            // Two tyres half burnt away; the other wheels are bare rims.
            if sx * sz > 0.0 {
                wheel(&mut body, Surface::Rubber, [1.0; 4], 0.3, 0.12, at);
            }
            // The dark arch over the wheel.
            let z = sz * hw;
            body.cube(
                RECESS,
                [1.0; 4],
                Vec3::new(at.x - 0.36, 0.3, z - 0.004),
                Vec3::new(at.x + 0.36, 0.62, z + 0.004),
            );
        }
    }
    // The cabin: roof, pillars, no glass left.
    let (front, back) = (hl * 0.35, -hl * 0.42);
    body.cube(
        Surface::BurntMetal,
        char_,
        Vec3::new(back, h - 0.08, -bw),
        Vec3::new(front - 0.55, h, bw),
    );
    for sz in [1.0f32, -1.0] {
        let z = sz * (bw - 0.03);
        let pillar = |s: &mut Sculpt, a: Vec3, b: Vec3| {
            s.put(
                Surface::BurntMetal,
                char_,
                capsule(a, b, 0.045, 0.045, 6),
                &Affine3A::IDENTITY,
            );
        };
        pillar(
            &mut body,
            Vec3::new(front, 0.86, z),
            Vec3::new(front - 0.55, h - 0.05, z),
        );
        pillar(
            &mut body,
            Vec3::new((front + back) / 2.0 - 0.2, 0.86, z),
            Vec3::new((front + back) / 2.0 - 0.2, h - 0.05, z),
        );
        pillar(
            &mut body,
            Vec3::new(back - 0.45, 0.86, z),
            Vec3::new(back, h - 0.05, z),
        );
        // Beltline rail.
        body.cube(
            Surface::BurntMetal,
            char_,
            Vec3::new(back - 0.5, 0.82, z - 0.04),
            Vec3::new(front + 0.05, 0.9, z + 0.04),
        );
    }
    // Bonnet and boot, scorched seats inside.
    body.cube(
        Surface::BurntMetal,
        char_,
        Vec3::new(front, 0.82, -bw + 0.05),
        Vec3::new(hl - 0.35, 0.92, bw - 0.05),
    );
    body.cube(
        Surface::BurntMetal,
        char_,
        Vec3::new(-hl + 0.35, 0.82, -bw + 0.05),
        Vec3::new(back - 0.45, 0.9, bw - 0.05),
    );
    for x in [front - 0.7, back + 0.25] {
        for z in [-bw * 0.5, bw * 0.5] {
            body.cube(
                RECESS,
                [1.0; 4],
                Vec3::new(x - 0.22, 0.82, z - 0.25),
                Vec3::new(x + 0.22, 1.0, z + 0.25),
            );
            body.cube(
                RECESS,
                [1.0; 4],
                Vec3::new(x + 0.12, 1.0, z - 0.25),
                Vec3::new(x + 0.22, 1.3, z + 0.25),
            );
        }
    }
    s.model.merge(&body.model.transformed(&turn));
    s.model
}

pub(super) fn van(ctx: &PartCtx) -> Model {
    let Some((width, depth, h)) = ctx.box_size() else {
        return Model::new();
    };
    // Built upright — length along x, its height up y', its width across z' — then laid on
    // its side: its roof toward +z, its wheels toward −z.
    let hl = width / 2.0;
    let vh = depth;
    let vw = h / 2.0 - 0.03;
    let colour = pick(&VANS, ctx.variant);
    let outline = [
        Vec2::new(-hl, 0.3),
        Vec2::new(hl - 0.05, 0.3),
        Vec2::new(hl, 0.42),
        Vec2::new(hl, 0.95),
        Vec2::new(hl - 0.2, 1.1),
        Vec2::new(hl - 0.62, 1.2),
        Vec2::new(hl - 1.15, vh - 0.06),
        Vec2::new(hl - 1.3, vh),
        Vec2::new(-hl + 0.06, vh),
        Vec2::new(-hl, vh - 0.06),
    ];
    let mut s = Sculpt::new();
    s.put(
        Surface::PaintedSteel,
        colour,
        extrude(&outline, 2.0 * vw),
        &Affine3A::IDENTITY,
    );
    // Windscreen, side windows, lights, bumpers, a faded stripe, the rear doors' seam.
    let (a, b) = (Vec2::new(hl - 0.62, 1.2), Vec2::new(hl - 1.15, vh - 0.06));
    let d = b - a;
    let mid = (a + b) / 2.0;
    let normal = Vec2::new(d.y, -d.x).normalize();
    s.slab(
        Surface::Glass,
        [1.0; 4],
        Vec3::new(d.length() - 0.1, 0.02, 2.0 * vw - 0.3),
        0.005,
        &(Affine3A::from_translation(Vec3::new(
            mid.x + normal.x * 0.005,
            mid.y + normal.y * 0.005,
            0.0,
        )) * Affine3A::from_rotation_z(d.y.atan2(d.x))),
    );
    for sz in [1.0f32, -1.0] {
        let z = sz * vw;
        s.cube(
            Surface::Glass,
            [1.0; 4],
            Vec3::new(hl - 1.75, 1.3, z - 0.005),
            Vec3::new(hl - 1.2, vh - 0.25, z + 0.005),
        );
        s.cube(
            Surface::PaintedSteel,
            paint(0x4e5d6c),
            Vec3::new(-hl + 0.1, 0.95, z - 0.006),
            Vec3::new(hl - 0.3, 1.08, z + 0.006),
        );
        s.cube(
            RECESS,
            [1.0; 4],
            Vec3::new(hl - 2.0, 0.35, z - 0.005),
            Vec3::new(hl - 1.98, vh - 0.15, z + 0.005),
        );
        s.cube(
            Surface::Glass,
            [1.0; 4],
            Vec3::new(hl - 0.02, 0.75, sz * (vw - 0.32) - 0.15),
            Vec3::new(hl + 0.004, 0.9, sz * (vw - 0.32) + 0.15),
        );
    }
    s.cube(
        Surface::Rubber,
        [1.0; 4],
        Vec3::new(hl - 0.06, 0.32, -vw),
        Vec3::new(hl + 0.02, 0.55, vw),
    );
    s.cube(
        Surface::Rubber,
        [1.0; 4],
        Vec3::new(-hl - 0.02, 0.32, -vw),
        Vec3::new(-hl + 0.06, 0.55, vw),
    );
    s.cube(
        RECESS,
        [1.0; 4],
        Vec3::new(-hl - 0.004, 0.6, -0.01),
        Vec3::new(-hl + 0.004, vh - 0.15, 0.01),
    );
    // Wheels and the chassis under the floor.
    for x in [hl - 0.95, -hl + 0.95] {
        for sz in [1.0f32, -1.0] {
            let z = sz * (vw - 0.16);
            let t = Affine3A::from_translation(Vec3::new(x, 0.34, z - 0.13))
                * Affine3A::from_rotation_x(FRAC_PI_2);
            s.put(Surface::Rubber, [1.0; 4], cylinder(0.34, 0.26, 16), &t);
            s.put(
                Surface::BrushedMetal,
                [1.0; 4],
                cylinder(0.17, 0.02, 10),
                &(Affine3A::from_translation(Vec3::new(x, 0.34, z + sz * 0.13 - 0.01))
                    * Affine3A::from_rotation_x(FRAC_PI_2)),
            );
        }
    }
    for z in [-vw * 0.5, vw * 0.5] {
        s.cube(
            RECESS,
            [1.0; 4],
            Vec3::new(-hl + 0.4, 0.12, z - 0.08),
            Vec3::new(hl - 0.4, 0.3, z + 0.08),
        );
    }
    let lay = Affine3A::from_translation(Vec3::new(0.0, h / 2.0, -depth / 2.0))
        * Affine3A::from_rotation_x(FRAC_PI_2);
    s.model.transformed(&lay)
}
