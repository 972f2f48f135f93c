//! The body on the rig: limbs, torso, head and hands, then the crew's garments, headgear
//! and kit.

use glam::{Affine3A, Mat3, Quat, Vec2, Vec3};

use super::kit;
use super::pose::Skeleton;
use super::style::{self, Style};
use super::{FigureSpec, Grip};
use crate::model::Model;
pub(crate) use crate::sculpt::Sculpt;
use crate::shape::{Shading, lathe};
use crate::surface::Surface;

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
        s.limb(
            Surface::Cloth,
            st.trousers,
            sk.hip[i],
            sk.knee[i],
            0.07,
            0.052,
        );
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
    // Hips to shoulders in one turned profile, flattened front to back.
    let profile = [
        Vec2::new(0.0, -0.07),
        Vec2::new(0.1, -0.055),
        Vec2::new(0.138, 0.02),
        Vec2::new(0.126, 0.13),
        Vec2::new(0.145, 0.22),
        Vec2::new(0.168, 0.31),
        Vec2::new(0.158, 0.37),
        Vec2::new(0.11, 0.42),
        Vec2::new(0.0, 0.44),
    ];
    let body = lathe(&profile, 10, Shading::Smooth);
    let flat = t * Affine3A::from_scale(Vec3::new(1.0, 1.0, 0.68));
    s.put(Surface::Cloth, st.top, body, &flat);
    // Trousers over the hips, then the belt.
    let hips = [
        Vec2::new(0.0, -0.075),
        Vec2::new(0.105, -0.06),
        Vec2::new(0.142, 0.0),
        Vec2::new(0.14, 0.07),
    ];
    s.put(
        Surface::Cloth,
        st.trousers,
        lathe(&hips, 10, Shading::Smooth),
        &flat,
    );
    let belt = [Vec2::new(0.142, 0.06), Vec2::new(0.138, 0.1)];
    s.put(
        Surface::Leather,
        st.belt,
        lathe(&belt, 10, Shading::Sharp),
        &flat,
    );
}

fn arms(s: &mut Sculpt, sk: &Skeleton, st: &Style) {
    for i in 0..2 {
        s.ball(
            Surface::Cloth,
            st.top,
            Vec3::splat(0.054),
            &Affine3A::from_translation(sk.shoulder[i]),
        );
        s.limb(
            Surface::Cloth,
            st.sleeves,
            sk.shoulder[i],
            sk.elbow[i],
            0.05,
            0.041,
        );
        s.limb(
            Surface::Cloth,
            st.sleeves,
            sk.elbow[i],
            sk.wrist[i],
            0.042,
            0.034,
        );
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
    s.limb(
        Surface::Skin,
        st.skin,
        sk.neck,
        sk.head - (sk.head - sk.neck) * 0.4,
        0.045,
        0.042,
    );
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
