//! Markers and tokens: action-token pips on a plate, the active model's ring, the Body
//! token, objective beacons, state icons and deployment-zone hatching.
//!
//! Every state reads by shape as well as colour (ART.md "State"): a Ready pip is a filled
//! disc and a Used one a hollow ring; each icon has its own outline. Plates, pips and icons
//! are built in the XY plane facing +Z: the app turns them toward the camera.

use std::f32::consts::{FRAC_PI_2, FRAC_PI_4, TAU};

use glam::{Affine3A, Vec2, Vec3};
use redline_battlespace::{BASE_27MM_RADIUS, DeploymentZone, ModelBase, Table};

use crate::mesh::Mesh;
use crate::model::Model;
use crate::sculpt::Sculpt;
use crate::shape::{Shading, at, cylinder, extrude, lathe, ring};
use crate::surface::Surface;

/// Radius of a token pip, inches.
pub const PIP_RADIUS: f32 = 0.09;
/// Distance between pip centres on a plate, inches.
pub const PIP_SPACING: f32 = 0.24;

/// Whether an action token is Ready or Used.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PipState {
    /// Ready: a filled disc.
    Ready,
    /// Used: a hollow ring.
    Used,
}

/// A pip standing up in the XY plane, facing +Z, in [`Surface::TokenColour`] (the app colours
/// it with its token's colour).
pub fn pip(state: PipState) -> Model {
    let face = Affine3A::from_rotation_x(FRAC_PI_2);
    let mut m = Model::new();
    let mesh = match state {
        PipState::Ready => cylinder(PIP_RADIUS, 0.03, 16),
        PipState::Used => {
            let p = [
                Vec2::new(PIP_RADIUS * 0.55, 0.0),
                Vec2::new(PIP_RADIUS, 0.0),
                Vec2::new(PIP_RADIUS, 0.03),
                Vec2::new(PIP_RADIUS * 0.55, 0.03),
                Vec2::new(PIP_RADIUS * 0.55, 0.0),
            ];
            lathe(&p, 16, Shading::Sharp)
        }
    };
    m.add_at(Surface::TokenColour, mesh, &face);
    m
}

/// Where the pips of a plate for `count` tokens sit (centres, in the plate's frame), left to
/// right, just in front of the plate.
pub fn pip_slots(count: usize) -> Vec<[f32; 3]> {
    let w = (count.max(1) - 1) as f32 * PIP_SPACING;
    (0..count)
        .map(|i| [-w / 2.0 + i as f32 * PIP_SPACING, 0.0, 0.02])
        .collect()
}

/// A dark rounded plate for `count` pips, its border in the team's colour, facing +Z.
pub fn token_plate(count: usize) -> Model {
    let w = (count.max(1) - 1) as f32 * PIP_SPACING + 2.0 * PIP_RADIUS + 0.1;
    let h = 2.0 * PIP_RADIUS + 0.1;
    let mut s = Sculpt::new();
    s.slab(
        Surface::TeamRim,
        [1.0; 4],
        Vec3::new(w + 0.05, h + 0.05, 0.02),
        0.012,
        &at(0.0, 0.0, -0.015),
    );
    s.slab(
        Surface::Marker,
        [1.0; 4],
        Vec3::new(w, h, 0.03),
        0.012,
        &Affine3A::IDENTITY,
    );
    s.model
}

/// A ring round the active model's base on the table (radius of the base it marks), with
/// four chevrons pointing in.
pub fn active_ring(base_radius: f32) -> Model {
    let mut s = Sculpt::new();
    let r = base_radius + 0.08;
    s.put(
        Surface::MarkerGlyph,
        [1.0; 4],
        ring(r, r + 0.05, 40),
        &at(0.0, 0.006, 0.0),
    );
    for k in 0..4 {
        let a = FRAC_PI_4 + k as f32 * FRAC_PI_2;
        // An arrowhead pointing in at the base.
        let pts = [
            Vec2::new(0.0, 0.0),
            Vec2::new(0.2, 0.13),
            Vec2::new(0.2, 0.06),
            Vec2::new(0.09, 0.0),
            Vec2::new(0.2, -0.06),
            Vec2::new(0.2, -0.13),
        ];
        let lay = Affine3A::from_rotation_y(a)
            * at(r + 0.07, 0.012, 0.0)
            * Affine3A::from_rotation_x(-FRAC_PI_2);
        s.put(Surface::MarkerGlyph, [1.0; 4], extrude(&pts, 0.012), &lay);
    }
    s.model
}

/// The Body token a taken-out model leaves: a dark disc with a raised cross.
pub fn body_token() -> Model {
    let mut s = Sculpt::new();
    let r = BASE_27MM_RADIUS * 0.9;
    let edge = [
        Vec2::new(0.0, 0.0),
        Vec2::new(r, 0.0),
        Vec2::new(r, 0.05),
        Vec2::new(r - 0.03, 0.08),
        Vec2::new(0.0, 0.08),
    ];
    s.put(
        Surface::Marker,
        [1.0; 4],
        lathe(&edge, 28, Shading::Sharp),
        &Affine3A::IDENTITY,
    );
    for a in [FRAC_PI_4, -FRAC_PI_4] {
        s.slab(
            Surface::MarkerGlyph,
            [1.0; 4],
            Vec3::new(r * 1.3, 0.03, 0.1),
            0.01,
            &(at(0.0, 0.09, 0.0) * Affine3A::from_rotation_y(a)),
        );
    }
    s.model
}

/// An objective marker: a low disc with a glowing diamond floating over it and a halo ring
/// (bright, small, and in none of the rules' colours).
pub fn objective_beacon() -> Model {
    let mut s = Sculpt::new();
    let disc_profile = [
        Vec2::new(0.0, 0.0),
        Vec2::new(0.5, 0.0),
        Vec2::new(0.5, 0.05),
        Vec2::new(0.45, 0.08),
        Vec2::new(0.0, 0.08),
    ];
    s.put(
        Surface::Marker,
        [1.0; 4],
        lathe(&disc_profile, 28, Shading::Sharp),
        &Affine3A::IDENTITY,
    );
    s.put(
        Surface::Beacon,
        [1.0; 4],
        ring(0.32, 0.4, 28),
        &at(0.0, 0.085, 0.0),
    );
    let diamond = [
        Vec2::new(0.0, 0.0),
        Vec2::new(0.12, 0.18),
        Vec2::new(0.0, 0.36),
    ];
    s.put(
        Surface::Beacon,
        [1.0; 4],
        lathe(&diamond, 4, Shading::Sharp),
        &at(0.0, 0.35, 0.0),
    );
    s.put(
        Surface::Beacon,
        [1.0; 4],
        cylinder(0.015, 0.27, 6),
        &at(0.0, 0.08, 0.0),
    );
    s.model
}

/// A state shown over a model.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum StateIcon {
    /// In a Brawl: crossed blades.
    Brawl,
    /// Hacked: a lightning zigzag.
    Hacked,
    /// Stunned: three stars on a ring.
    Stunned,
    /// Vulnerable: a split shield.
    Vulnerable,
    /// Carrying a marker: a crate.
    Carrying,
}

impl StateIcon {
    /// Every icon.
    pub const ALL: [StateIcon; 5] = [
        StateIcon::Brawl,
        StateIcon::Hacked,
        StateIcon::Stunned,
        StateIcon::Vulnerable,
        StateIcon::Carrying,
    ];
}

/// An icon about 0.35" across in the XY plane facing +Z: a light glyph on a dark disc.
pub fn state_icon(icon: StateIcon) -> Model {
    let mut s = Sculpt::new();
    let face = Affine3A::from_rotation_x(FRAC_PI_2);
    s.put(
        Surface::Marker,
        [1.0; 4],
        cylinder(0.19, 0.02, 20),
        &(at(0.0, 0.0, -0.02) * face),
    );
    let glyph = |s: &mut Sculpt, pts: &[Vec2], t: Affine3A| {
        s.put(
            Surface::MarkerGlyph,
            [1.0; 4],
            extrude(pts, 0.03),
            &(at(0.0, 0.0, 0.012) * t),
        );
    };
    match icon {
        StateIcon::Brawl => {
            let blade = [
                Vec2::new(-0.015, -0.15),
                Vec2::new(0.015, -0.15),
                Vec2::new(0.015, -0.09),
                Vec2::new(0.05, -0.09),
                Vec2::new(0.05, -0.07),
                Vec2::new(0.022, -0.07),
                Vec2::new(0.022, 0.1),
                Vec2::new(0.0, 0.15),
                Vec2::new(-0.022, 0.1),
                Vec2::new(-0.022, -0.07),
                Vec2::new(-0.05, -0.07),
                Vec2::new(-0.05, -0.09),
                Vec2::new(-0.015, -0.09),
            ];
            glyph(&mut s, &blade, Affine3A::from_rotation_z(FRAC_PI_4));
            glyph(
                &mut s,
                &blade,
                Affine3A::from_rotation_z(-FRAC_PI_4) * at(0.0, 0.0, 0.004),
            );
        }
        StateIcon::Hacked => {
            let bolt = [
                Vec2::new(0.03, 0.15),
                Vec2::new(-0.08, -0.01),
                Vec2::new(-0.01, -0.01),
                Vec2::new(-0.04, -0.15),
                Vec2::new(0.08, 0.03),
                Vec2::new(0.01, 0.03),
            ];
            glyph(&mut s, &bolt, Affine3A::IDENTITY);
        }
        StateIcon::Stunned => {
            let star: Vec<Vec2> = (0..8)
                .map(|i| {
                    let a = i as f32 / 8.0 * TAU;
                    let r = if i % 2 == 0 { 0.055 } else { 0.02 };
                    Vec2::new(a.cos() * r, a.sin() * r)
                })
                .collect();
            for k in 0..3 {
                let a = k as f32 / 3.0 * TAU + FRAC_PI_2;
                glyph(&mut s, &star, at(a.cos() * 0.09, a.sin() * 0.09, 0.0));
            }
        }
        StateIcon::Vulnerable => {
            let left = [
                Vec2::new(-0.012, 0.13),
                Vec2::new(-0.11, 0.1),
                Vec2::new(-0.1, -0.02),
                Vec2::new(-0.012, -0.14),
                Vec2::new(-0.04, -0.03),
                Vec2::new(0.0, 0.02),
            ];
            let right: Vec<Vec2> = left
                .iter()
                .rev()
                .map(|p| Vec2::new(-p.x + 0.03, p.y))
                .collect();
            glyph(&mut s, &left, Affine3A::IDENTITY);
            glyph(&mut s, &right, Affine3A::IDENTITY);
        }
        StateIcon::Carrying => {
            s.slab(
                Surface::MarkerGlyph,
                [1.0; 4],
                Vec3::new(0.2, 0.16, 0.03),
                0.01,
                &at(0.0, -0.01, 0.012),
            );
            s.slab(
                Surface::Marker,
                [1.0; 4],
                Vec3::new(0.2, 0.025, 0.035),
                0.004,
                &at(0.0, 0.02, 0.014),
            );
            s.slab(
                Surface::Marker,
                [1.0; 4],
                Vec3::new(0.025, 0.16, 0.035),
                0.004,
                &at(0.0, -0.01, 0.014),
            );
        }
    }
    s.model
}

/// Diagonal hatching over a deployment zone, lying on the table (the app gives it the
/// team's colour, translucent). Which points are in the zone is the engine's answer
/// ([`Table::in_zone`] for a point-sized base).
pub fn zone_hatch(table: &Table, zone: DeploymentZone) -> Mesh {
    let mut m = Mesh::default();
    let (spacing, width, step) = (1.0f32, 0.22f32, 0.1f32);
    let inside =
        |x: f32, z: f32| table.in_zone(&ModelBase::new(0, 0, [x, 0.0, z]).with_radius(1e-3), zone);
    // Lines x − z = c, walked along their length in short steps.
    let dir = Vec2::new(1.0, 1.0).normalize();
    let across = Vec2::new(-dir.y, dir.x) * (width / 2.0);
    let mut c = -table.depth;
    while c < table.width {
        let mut run: Option<Vec2> = None;
        let mut t = 0.0;
        let len = (table.width + table.depth) * std::f32::consts::SQRT_2;
        while t <= len {
            let p = Vec2::new(c.max(0.0), (-c).max(0.0)) + dir * t;
            let on = inside(p.x, p.y);
            match (on, run) {
                (true, None) => run = Some(p),
                (false, Some(start)) => {
                    strip(&mut m, start, p - dir * step, across);
                    run = None;
                }
                _ => {}
            }
            t += step;
        }
        if let Some(start) = run {
            strip(
                &mut m,
                start,
                Vec2::new(c.max(0.0), (-c).max(0.0)) + dir * (t - step),
                across,
            );
        }
        c += spacing * std::f32::consts::SQRT_2;
    }
    m
}

/// A flat strip from `a` to `b` on the table, half-width `across`.
fn strip(m: &mut Mesh, a: Vec2, b: Vec2, across: Vec2) {
    if a.distance(b) < 1e-3 {
        return;
    }
    let y = 0.008;
    let p = |v: Vec2| Vec3::new(v.x, y, v.y);
    let k = [a - across, b - across, b + across, a + across].map(|v| m.vertex(p(v), Vec3::Y, v));
    // Counter-clockwise seen from above (+Y).
    m.quad(k[0], k[3], k[2], k[1]);
}
