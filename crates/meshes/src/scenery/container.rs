//! Shipping containers: corner posts and rails, corrugated sides, a roof, doors with
//! locking bars at one end, and ladders where the part names them.

use glam::{Vec2, Vec3};

use super::{PartCtx, pick};
use crate::model::Model;
use crate::sculpt::Sculpt;
use crate::shape::{cylinder, prism};
use crate::surface::Surface;

/// Weathered container paints: slate blue, oxide brown, grey teal, sand, dark grey.
const PAINTS: [u32; 5] = [0x4d5d6e, 0x6b4d40, 0x4f605c, 0x857a66, 0x55585c];

/// Depth of the corrugation, inches.
const RIB: f32 = 0.07;
/// Corner post and rail size, inches.
const FRAME: f32 = 0.16;

pub(super) fn container(ctx: &PartCtx) -> Model {
    let Some((width, depth, height)) = ctx.box_size() else {
        return Model::new();
    };
    let (hw, hd, h) = (width / 2.0, depth / 2.0, height);
    let colour = pick(&PAINTS, ctx.variant);
    let frame = colour.map(|c| c * 0.7);
    let mut s = Sculpt::new();
    let steel = Surface::PaintedSteel;
    // Corner posts.
    for (sx, sz) in [(1.0, 1.0), (1.0, -1.0), (-1.0, 1.0), (-1.0, -1.0)] {
        let lo = Vec3::new(
            if sx > 0.0 { hw - FRAME } else { -hw },
            0.0,
            if sz > 0.0 { hd - FRAME } else { -hd },
        );
        s.cube(steel, frame, lo, lo + Vec3::new(FRAME, h, FRAME));
    }
    // Top and bottom rails, all round.
    for (y0, y1) in [(0.0, 0.18), (h - FRAME, h)] {
        for sz in [1.0f32, -1.0] {
            let z = if sz > 0.0 { hd - 0.12 } else { -hd };
            s.cube(
                steel,
                frame,
                Vec3::new(-hw + FRAME, y0, z),
                Vec3::new(hw - FRAME, y1, z + 0.12),
            );
        }
        for sx in [1.0f32, -1.0] {
            let x = if sx > 0.0 { hw - 0.12 } else { -hw };
            s.cube(
                steel,
                frame,
                Vec3::new(x, y0, -hd + FRAME),
                Vec3::new(x + 0.12, y1, hd - FRAME),
            );
        }
    }
    // Corrugated long sides and the closed end.
    let (y0, y1) = (0.18, h - FRAME);
    for side in [1.0f32, -1.0] {
        let outline = corrugation(-hw + FRAME, hw - FRAME, side * hd, -side);
        let pts: Vec<Vec2> = outline.iter().map(|p| Vec2::new(p.x, p.y)).collect();
        s.put(
            steel,
            colour,
            prism(&pts, y0, y1),
            &glam::Affine3A::IDENTITY,
        );
    }
    let end = corrugation(-hd + FRAME, hd - FRAME, -hw, 1.0);
    let pts: Vec<Vec2> = end.iter().map(|p| Vec2::new(p.y, p.x)).collect();
    s.put(
        steel,
        colour,
        prism(&pts, y0, y1),
        &glam::Affine3A::IDENTITY,
    );
    doors(&mut s, hw, hd, h, colour);
    // Roof panel just under the rails' top, with shallow cross ribs.
    s.cube(
        steel,
        colour,
        Vec3::new(-hw + FRAME, h - 0.08, -hd + FRAME),
        Vec3::new(hw - FRAME, h - 0.03, hd - FRAME),
    );
    let mut x = -hw + 0.5;
    while x < hw - 0.4 {
        s.cube(
            steel,
            colour,
            Vec3::new(x, h - 0.03, -hd + FRAME),
            Vec3::new(x + 0.12, h - 0.01, hd - FRAME),
        );
        x += 0.6;
    }
    // A faded stencil panel near the top of each long side.
    for side in [1.0f32, -1.0] {
        let z = side * hd;
        s.cube(
            Surface::LanePaint,
            [0.55, 0.55, 0.55, 1.0],
            Vec3::new(-hw + 0.6, h - 0.75, z - 0.004),
            Vec3::new(-hw + 2.4, h - 0.45, z + 0.004),
        );
    }
    for l in &ctx.part.ladders {
        ladder(&mut s, hw, hd, h, l.at, l.width);
    }
    s.model
}

/// The outline of a corrugated panel along x from `x0` to `x1`: ribs out to the face at
/// z = `face`, valleys `RIB` in, closed by a straight back `inward` of the face. Points are
/// (x, z).
fn corrugation(x0: f32, x1: f32, face: f32, inward: f32) -> Vec<Vec2> {
    let pitch = 0.3;
    let n = ((x1 - x0) / pitch).floor().max(1.0) as usize;
    let step = (x1 - x0) / n as f32;
    let valley = face + inward * RIB;
    let mut pts = vec![Vec2::new(x0, valley)];
    for i in 0..n {
        let a = x0 + i as f32 * step;
        pts.push(Vec2::new(a + step * 0.2, face));
        pts.push(Vec2::new(a + step * 0.55, face));
        pts.push(Vec2::new(a + step * 0.75, valley));
        pts.push(Vec2::new(a + step, valley));
    }
    let back = face + inward * (RIB + 0.06);
    pts.push(Vec2::new(x1, back));
    pts.push(Vec2::new(x0, back));
    pts
}

/// Two door leaves at the +x end, four vertical locking bars with handles, hinges.
fn doors(s: &mut Sculpt, hw: f32, hd: f32, h: f32, colour: [f32; 4]) {
    let steel = Surface::PaintedSteel;
    let leaf = colour.map(|c| c * 0.92);
    let (y0, y1) = (0.18, h - FRAME);
    for sz in [1.0f32, -1.0] {
        let (z0, z1) = if sz > 0.0 {
            (0.01, hd - FRAME)
        } else {
            (-hd + FRAME, -0.01)
        };
        s.cube(
            steel,
            leaf,
            Vec3::new(hw - 0.12, y0, z0),
            Vec3::new(hw - 0.06, y1, z1),
        );
        // Horizontal door ribs.
        for k in 1..4 {
            let y = y0 + (y1 - y0) * k as f32 / 4.0;
            s.cube(
                steel,
                leaf,
                Vec3::new(hw - 0.06, y - 0.04, z0 + 0.05),
                Vec3::new(hw - 0.03, y + 0.04, z1 - 0.05),
            );
        }
        for bar in [0.3f32, 0.7] {
            let z = z0 + (z1 - z0) * bar;
            let rod = cylinder(0.025, y1 - y0 + 0.05, 8);
            s.put(
                Surface::BrushedMetal,
                [1.0; 4],
                rod,
                &glam::Affine3A::from_translation(Vec3::new(hw - 0.03, y0 - 0.02, z)),
            );
            s.cube(
                Surface::BrushedMetal,
                [1.0; 4],
                Vec3::new(hw - 0.05, 1.1, z - 0.02),
                Vec3::new(hw - 0.005, 1.16, z + 0.2 * sz),
            );
        }
        for y in [y0 + 0.3, y1 - 0.3] {
            s.cube(
                Surface::BrushedMetal,
                [1.0; 4],
                Vec3::new(hw - 0.06, y, sz * (hd - FRAME - 0.08)),
                Vec3::new(hw - 0.01, y + 0.1, sz * (hd - FRAME)),
            );
        }
    }
}

/// A welded ladder flat on the face nearest the spot `at` (x, z), rails and rungs standing
/// no more than 0.03" proud of the face.
fn ladder(s: &mut Sculpt, hw: f32, hd: f32, h: f32, at: [f32; 2], width: f32) {
    let steel = Surface::RustedSteel;
    let [x, z] = at;
    // Distances to the four faces; the ladder goes on the nearest.
    let faces = [(hw - x, 0), (x + hw, 1), (hd - z, 2), (z + hd, 3)];
    let (_, face) = faces
        .iter()
        .copied()
        .fold((f32::MAX, 0), |a, b| if b.0 < a.0 { b } else { a });
    // Work in (along, out) for the face, then map back.
    let (along, out_at, dir) = match face {
        0 => (z, hw, Vec3::X),
        1 => (z, -hw, Vec3::NEG_X),
        2 => (x, hd, Vec3::Z),
        _ => (x, -hd, Vec3::NEG_Z),
    };
    let side = if face < 2 { Vec3::Z } else { Vec3::X };
    let normal_axis = dir.abs();
    let sign = dir.dot(normal_axis);
    let put = |s: &mut Sculpt, a0: f32, a1: f32, o0: f32, o1: f32, y0: f32, y1: f32| {
        // `o` is measured outward from the face.
        let p = |a: f32, o: f32, y: f32| side * a + normal_axis * (out_at + o * sign) + Vec3::Y * y;
        let (p0, p1) = (p(a0, o0, y0), p(a1, o1, y1));
        s.cube(steel, [1.0; 4], p0.min(p1), p0.max(p1));
    };
    let half = width / 2.0 * 0.8;
    for a in [along - half, along + half] {
        put(s, a - 0.03, a + 0.03, -0.03, 0.03, 0.0, h);
    }
    let mut y = 0.3;
    while y < h - 0.1 {
        put(s, along - half, along + half, -0.01, 0.025, y, y + 0.035);
        y += 0.3;
    }
}
