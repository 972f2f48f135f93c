//! The body on the rig: limbs, torso, head and hands, then the crew's garments, headgear
//! and kit.

use glam::{Affine3A, Mat3, Quat, Vec3};

use super::kit;
use super::pose::Skeleton;
use super::style::{self, Style};
use super::{FigureSpec, Grip};
use crate::mesh::Mesh;
use crate::model::Model;
use crate::shape::{bevel_box, capsule, ellipsoid};
use crate::surface::Surface;

/// Facets round a limb.
pub(crate) const LIMB_SIDES: u32 = 8;

/// A model under construction, with shorthands for tinted body parts.
pub(crate) struct Sculpt {
    pub model: Model,
}

impl Sculpt {
    pub(crate) fn new() -> Sculpt {
        Sculpt {
            model: Model::new(),
        }
    }

    /// Adds a mesh, tinted, moved by `t`.
    pub(crate) fn put(&mut self, s: Surface, c: [f32; 4], mesh: Mesh, t: &Affine3A) {
        self.model.add_at(s, mesh.tinted(c), t);
    }

    /// A tapered limb from `a` to `b`.
    pub(crate) fn limb(&mut self, s: Surface, c: [f32; 4], a: Vec3, b: Vec3, ra: f32, rb: f32) {
        self.put(s, c, capsule(a, b, ra, rb, LIMB_SIDES), &Affine3A::IDENTITY);
    }

    /// An ellipsoid of semi-axes `radii` placed by `t`.
    pub(crate) fn ball(&mut self, s: Surface, c: [f32; 4], radii: Vec3, t: &Affine3A) {
        self.put(s, c, ellipsoid(radii, 10), t);
    }

    /// A bevelled box of `size` placed by `t`.
    pub(crate) fn slab(&mut self, s: Surface, c: [f32; 4], size: Vec3, bevel: f32, t: &Affine3A) {
        self.put(s, c, bevel_box(size, bevel, 1), t);
    }
}

/// The rotation turning rest −Z exactly onto `forward`, rest +Y as near `up` as it goes.
pub(crate) fn aim(forward: Vec3, up: Vec3) -> Quat {
    let back = -forward.normalize();
    let right = up.cross(back).normalize_or(back.any_orthonormal_vector());
    let up = back.cross(right);
    Quat::from_mat3(&Mat3::from_cols(right, up, back))
}

/// The frame of the torso: origin between the hips, turned with the torso.
pub(crate) fn torso_frame(sk: &Skeleton) -> Affine3A {
    Affine3A::from_rotation_translation(sk.torso, sk.pelvis)
}

/// The frame of the head: origin at its centre, turned with it.
pub(crate) fn head_frame(sk: &Skeleton) -> Affine3A {
    Affine3A::from_rotation_translation(sk.head_turn, sk.head)
}

/// The body of a figure on a rig, in figure space (origin at the base's top).
pub(crate) fn sculpt(spec: &FigureSpec, sk: &Skeleton) -> Model {
    let st = style::style(spec);
    let mut s = Sculpt::new();
    legs(&mut s, sk, &st);
    torso(&mut s, sk, &st);
    arms(&mut s, sk, &st);
    head(&mut s, sk, &st);
    style::dress(&mut s, sk, &st, spec);
    kit::hold(&mut s, sk, spec);
    s.model
}

fn legs(s: &mut Sculpt, sk: &Skeleton, st: &Style) {
    for i in 0..2 {
        s.limb(Surface::Cloth, st.trousers, sk.hip[i], sk.knee[i], 0.07, 0.052);
        let (ls, lc) = st.lower_leg;
        s.limb(ls, lc, sk.knee[i], sk.ankle[i], 0.054, 0.042);
        let up = (sk.knee[i] - sk.ankle[i]).normalize_or(Vec3::Y);
        let rot = aim(sk.toe[i], up);
        let centre = sk.ankle[i] + sk.toe[i] * 0.035 - up * 0.03;
        let (bs, bc) = st.boots;
        s.slab(
            bs,
            bc,
            Vec3::new(0.085, 0.065, 0.17),
            0.025,
            &Affine3A::from_rotation_translation(rot, centre),
        );
    }
}

fn torso(s: &mut Sculpt, sk: &Skeleton, st: &Style) {
    let t = torso_frame(sk);
    let part = |x: f32, y: f32, z: f32| t * Affine3A::from_translation(Vec3::new(x, y, z));
    s.ball(Surface::Cloth, st.trousers, Vec3::new(0.135, 0.085, 0.095), &part(0.0, 0.02, 0.0));
    s.ball(Surface::Cloth, st.top, Vec3::new(0.125, 0.13, 0.09), &part(0.0, 0.15, 0.0));
    s.ball(Surface::Cloth, st.top, Vec3::new(0.165, 0.14, 0.105), &part(0.0, 0.29, 0.0));
    // Belt.
    s.put(
        Surface::Leather,
        st.belt,
        crate::shape::lathe(
            &[glam::Vec2::new(0.132, 0.07), glam::Vec2::new(0.132, 0.105)],
            12,
            crate::shape::Shading::Sharp,
        ),
        &(t * Affine3A::from_scale(Vec3::new(1.0, 1.0, 0.76))),
    );
}

fn arms(s: &mut Sculpt, sk: &Skeleton, st: &Style) {
    for i in 0..2 {
        s.ball(
            Surface::Cloth,
            st.top,
            Vec3::splat(0.058),
            &Affine3A::from_translation(sk.shoulder[i]),
        );
        s.limb(Surface::Cloth, st.sleeves, sk.shoulder[i], sk.elbow[i], 0.05, 0.041);
        s.limb(Surface::Cloth, st.sleeves, sk.elbow[i], sk.wrist[i], 0.042, 0.034);
        let dir = (sk.wrist[i] - sk.elbow[i]).normalize_or(Vec3::NEG_Y);
        let (hs, hc) = st.hands;
        let fist = matches!(sk.held.grip, Grip::Fists);
        let r = if fist { 0.05 } else { 0.042 };
        s.ball(
            hs,
            hc,
            Vec3::new(r, r * 1.1, r * 0.85),
            &Affine3A::from_rotation_translation(
                Quat::from_rotation_arc(Vec3::Y, dir),
                sk.wrist[i] + dir * 0.035,
            ),
        );
    }
}

fn head(s: &mut Sculpt, sk: &Skeleton, st: &Style) {
    s.limb(Surface::Skin, st.skin, sk.neck, sk.head - (sk.head - sk.neck) * 0.4, 0.045, 0.042);
    let h = head_frame(sk);
    s.ball(Surface::Skin, st.skin, Vec3::new(0.078, 0.098, 0.088), &h);
    // Nose and brow: enough for a face to read up close.
    s.ball(
        Surface::Skin,
        st.skin,
        Vec3::new(0.014, 0.026, 0.02),
        &(h * Affine3A::from_translation(Vec3::new(0.0, -0.01, -0.082))),
    );
}
