//! What figures hold: guns, torches, mauls, rams, hooks, knives, horns, decks and bags,
//! each in its crew's materials, placed in the hands the rig solved for.

use std::f32::consts::FRAC_PI_2;

use glam::{Affine3A, Vec2, Vec3};

use super::body::{Sculpt, aim};
use super::pose::Skeleton;
use super::{Crew, FigureSpec, Grip, Kit, tint};
use crate::shape::{Shading, capsule, cylinder, extrude, frustum, lathe};
use crate::surface::Surface;

/// How a crew holds a kit.
pub(crate) fn grip(kit: Kit, crew: Crew) -> Grip {
    match (kit, crew) {
        (Kit::Rifle, _) => Grip::Long { reach: 0.26 },
        (Kit::Torch, _) => Grip::Long { reach: 0.2 },
        (Kit::Pistol, _) => Grip::Pistol,
        (Kit::Heavy, Crew::Glasswork) => Grip::Ram,
        (Kit::Heavy | Kit::Melee, Crew::Tidewater) => Grip::Pole,
        (Kit::Heavy, _) => Grip::Shoulder,
        (Kit::Melee | Kit::Speaker, _) => Grip::OneHand,
        (Kit::Deck, _) => Grip::Deck,
        (Kit::MedKit, _) => Grip::Bag,
        (Kit::Unarmed, _) => Grip::Fists,
    }
}

/// Puts the held item in the hands.
pub(crate) fn hold(s: &mut Sculpt, sk: &Skeleton, spec: &FigureSpec) {
    let held = sk.held;
    let up = match held.grip {
        Grip::Pole | Grip::Shoulder => sk.torso * Vec3::NEG_Z,
        Grip::Bag => sk.torso * Vec3::X,
        _ => sk.torso * Vec3::Y,
    };
    let t = Affine3A::from_rotation_translation(aim(held.dir, up), held.at);
    let crew = spec.crew;
    match spec.kit {
        Kit::Rifle => rifle(s, &t, crew),
        Kit::Torch => torch(s, &t),
        Kit::Pistol => pistol(s, &t, crew),
        Kit::Heavy => match held.grip {
            Grip::Ram => ram(s, &t),
            Grip::Pole => pole(s, &t, true),
            _ => maul(s, &t, crew),
        },
        Kit::Melee => match held.grip {
            Grip::Pole => pole(s, &t, false),
            _ => hand_weapon(s, &t, crew),
        },
        Kit::Speaker => speaker(s, &t),
        Kit::Deck => deck(s, &t),
        Kit::MedKit => bag(s, &t),
        Kit::Unarmed => {}
    }
}

/// A box from `lo` to `hi` in the item's frame.
fn part(s: &mut Sculpt, surface: Surface, c: [f32; 4], t: &Affine3A, lo: Vec3, hi: Vec3) {
    s.slab(
        surface,
        c,
        hi - lo,
        0.006,
        &(*t * Affine3A::from_translation((lo + hi) / 2.0)),
    );
}

fn rod(s: &mut Sculpt, surface: Surface, t: &Affine3A, z0: f32, z1: f32, r: f32) {
    s.put(
        surface,
        [1.0; 4],
        frustum(Vec3::new(0.0, 0.0, z0), Vec3::new(0.0, 0.0, z1), r, r, 8),
        t,
    );
}

fn rifle(s: &mut Sculpt, t: &Affine3A, crew: Crew) {
    let (body, c) = match crew {
        Crew::Glasswork => (Surface::BrushedMetal, [1.0; 4]),
        Crew::Choir => (Surface::Bakelite, [1.0; 4]),
        Crew::Tidewater => (Surface::Wood, tint(0x9a8a78)),
        Crew::Lantern => (Surface::Wood, tint(0x7a5a3a)),
        _ => (Surface::RustedSteel, [1.0; 4]),
    };
    part(
        s,
        body,
        c,
        t,
        Vec3::new(-0.022, -0.05, 0.0),
        Vec3::new(0.022, 0.025, 0.14),
    );
    part(
        s,
        body,
        c,
        t,
        Vec3::new(-0.025, -0.02, -0.22),
        Vec3::new(0.025, 0.045, 0.0),
    );
    part(
        s,
        Surface::BrushedMetal,
        [1.0; 4],
        t,
        Vec3::new(-0.015, -0.1, -0.12),
        Vec3::new(0.015, -0.02, -0.08),
    );
    let muzzle = match crew {
        Crew::Freelance => -0.56,
        _ => -0.48,
    };
    rod(s, Surface::BrushedMetal, t, -0.22, muzzle, 0.014);
    match crew {
        Crew::Glasswork => {
            part(
                s,
                Surface::BrushedMetal,
                [1.0; 4],
                t,
                Vec3::new(-0.012, 0.045, -0.14),
                Vec3::new(0.012, 0.07, -0.05),
            );
            s.put(
                Surface::GlowCyan,
                [1.0; 4],
                cylinder(0.01, 0.01, 6),
                &(*t * Affine3A::from_translation(Vec3::new(0.0, 0.058, -0.15))
                    * Affine3A::from_rotation_x(FRAC_PI_2)),
            );
        }
        Crew::Tidewater => {
            // A harpoon in the barrel, its head proud of the muzzle.
            s.put(
                Surface::BrushedMetal,
                [1.0; 4],
                frustum(
                    Vec3::new(0.0, 0.0, muzzle),
                    Vec3::new(0.0, 0.0, muzzle - 0.1),
                    0.028,
                    0.0,
                    6,
                ),
                t,
            );
        }
        Crew::Lantern => {
            // A fat silencer: the couriers strike quietly.
            rod(s, Surface::Rubber, t, muzzle + 0.16, muzzle - 0.02, 0.028);
        }
        Crew::Freelance => {
            rod(s, Surface::Rubber, t, muzzle + 0.12, muzzle, 0.024);
            rod(s, Surface::BrushedMetal, t, -0.02, -0.16, 0.02);
        }
        Crew::Ashfall => {
            s.put(
                Surface::RustedSteel,
                [1.0; 4],
                cylinder(0.045, 0.05, 10),
                &(*t * Affine3A::from_translation(Vec3::new(-0.025, 0.01, -0.1))
                    * Affine3A::from_rotation_z(FRAC_PI_2)),
            );
        }
        Crew::Choir => {
            let p = crate::shape::torus_profile(0.022, 0.006, 4);
            for z in [-0.26f32, -0.3, -0.34] {
                s.put(
                    Surface::Copper,
                    [1.0; 4],
                    lathe(&p, 8, Shading::Smooth),
                    &(*t * Affine3A::from_translation(Vec3::new(0.0, 0.0, z))
                        * Affine3A::from_rotation_x(FRAC_PI_2)),
                );
            }
        }
    }
}

fn torch(s: &mut Sculpt, t: &Affine3A) {
    part(
        s,
        Surface::RustedSteel,
        [1.0; 4],
        t,
        Vec3::new(-0.03, -0.06, -0.05),
        Vec3::new(0.03, 0.04, 0.1),
    );
    rod(s, Surface::RustedSteel, t, -0.05, -0.34, 0.02);
    s.put(
        Surface::BrushedMetal,
        [1.0; 4],
        frustum(
            Vec3::new(0.0, 0.0, -0.34),
            Vec3::new(0.0, 0.0, -0.42),
            0.024,
            0.036,
            8,
        ),
        t,
    );
    s.put(
        Surface::GlowEmber,
        [1.0; 4],
        frustum(
            Vec3::new(0.0, 0.0, -0.42),
            Vec3::new(0.0, 0.0, -0.5),
            0.03,
            0.0,
            8,
        ),
        t,
    );
}

fn pistol(s: &mut Sculpt, t: &Affine3A, crew: Crew) {
    let body = match crew {
        Crew::Glasswork => Surface::BrushedMetal,
        Crew::Choir => Surface::Bakelite,
        _ => Surface::RustedSteel,
    };
    part(
        s,
        body,
        [1.0; 4],
        t,
        Vec3::new(-0.016, -0.085, -0.01),
        Vec3::new(0.016, 0.0, 0.035),
    );
    part(
        s,
        body,
        [1.0; 4],
        t,
        Vec3::new(-0.02, 0.0, -0.17),
        Vec3::new(0.02, 0.045, 0.035),
    );
    if crew == Crew::Choir {
        s.put(
            Surface::Copper,
            [1.0; 4],
            frustum(
                Vec3::new(0.0, 0.022, -0.17),
                Vec3::new(0.0, 0.022, -0.22),
                0.015,
                0.035,
                8,
            ),
            t,
        );
    }
}

fn maul(s: &mut Sculpt, t: &Affine3A, crew: Crew) {
    rod(s, Surface::Wood, t, 0.14, -0.5, 0.018);
    part(
        s,
        Surface::RustedSteel,
        [1.0; 4],
        t,
        Vec3::new(-0.085, -0.055, -0.62),
        Vec3::new(0.085, 0.055, -0.5),
    );
    if crew == Crew::Ashfall {
        part(
            s,
            Surface::GlowEmber,
            [1.0; 4],
            t,
            Vec3::new(-0.09, -0.02, -0.6),
            Vec3::new(0.09, 0.02, -0.52),
        );
    }
}

fn ram(s: &mut Sculpt, t: &Affine3A) {
    s.put(
        Surface::BrushedMetal,
        [1.0; 4],
        frustum(
            Vec3::new(0.0, -0.07, 0.1),
            Vec3::new(0.0, -0.07, -0.36),
            0.06,
            0.06,
            12,
        ),
        t,
    );
    s.put(
        Surface::Ceramic,
        [1.0; 4],
        frustum(
            Vec3::new(0.0, -0.07, -0.36),
            Vec3::new(0.0, -0.07, -0.42),
            0.075,
            0.075,
            12,
        ),
        t,
    );
    for z in [0.0f32, -0.22] {
        s.put(
            Surface::Rubber,
            [1.0; 4],
            capsule(
                Vec3::new(0.0, -0.02, z + 0.04),
                Vec3::new(0.0, 0.0, z - 0.04),
                0.012,
                0.012,
                6,
            ),
            t,
        );
    }
}

fn pole(s: &mut Sculpt, t: &Affine3A, anchor: bool) {
    rod(s, Surface::Wood, t, 0.8, -0.78, 0.016);
    // The hook: a curve of steel bending forward and down.
    let pts = [
        Vec3::new(0.0, 0.0, -0.76),
        Vec3::new(0.0, 0.0, -0.9),
        Vec3::new(0.0, 0.06, -0.98),
        Vec3::new(0.0, 0.13, -0.96),
        Vec3::new(0.0, 0.15, -0.89),
    ];
    for w in pts.windows(2) {
        s.put(
            Surface::RustedSteel,
            [1.0; 4],
            capsule(w[0], w[1], 0.017, 0.014, 6),
            t,
        );
    }
    if anchor {
        s.put(
            Surface::RustedSteel,
            [1.0; 4],
            capsule(
                Vec3::new(0.0, -0.1, -0.86),
                Vec3::new(0.0, 0.0, -0.88),
                0.015,
                0.015,
                6,
            ),
            t,
        );
    }
}

fn hand_weapon(s: &mut Sculpt, t: &Affine3A, crew: Crew) {
    // The grip runs along the item's −Z; the hand holds it at the origin.
    match crew {
        Crew::Glasswork => {
            rod(s, Surface::Rubber, t, 0.05, -0.06, 0.018);
            rod(s, Surface::BrushedMetal, t, -0.06, -0.3, 0.016);
            s.put(
                Surface::GlowCyan,
                [1.0; 4],
                frustum(
                    Vec3::new(0.0, 0.0, -0.3),
                    Vec3::new(0.0, 0.0, -0.33),
                    0.018,
                    0.012,
                    8,
                ),
                t,
            );
        }
        Crew::Choir => {
            rod(s, Surface::Bakelite, t, 0.05, -0.05, 0.016);
            let blade = [
                Vec2::new(-0.018, 0.0),
                Vec2::new(0.018, 0.0),
                Vec2::new(0.0, 0.22),
            ];
            s.put(
                Surface::BrushedMetal,
                [1.0; 4],
                extrude(&blade, 0.008),
                &(*t * Affine3A::from_translation(Vec3::new(0.0, 0.0, -0.05))
                    * Affine3A::from_rotation_x(-FRAC_PI_2)),
            );
        }
        Crew::Ashfall => {
            rod(s, Surface::RustedSteel, t, 0.06, -0.28, 0.016);
            part(
                s,
                Surface::RustedSteel,
                [1.0; 4],
                t,
                Vec3::new(-0.03, -0.05, -0.36),
                Vec3::new(0.03, 0.06, -0.27),
            );
            part(
                s,
                Surface::GlowEmber,
                [1.0; 4],
                t,
                Vec3::new(-0.032, 0.045, -0.34),
                Vec3::new(0.032, 0.062, -0.29),
            );
        }
        _ => {
            s.put(
                Surface::Wood,
                [1.0; 4],
                frustum(
                    Vec3::new(0.0, 0.0, 0.06),
                    Vec3::new(0.0, 0.0, -0.34),
                    0.016,
                    0.03,
                    8,
                ),
                t,
            );
        }
    }
}

fn speaker(s: &mut Sculpt, t: &Affine3A) {
    rod(s, Surface::Bakelite, t, 0.04, -0.06, 0.02);
    s.slab(
        Surface::Bakelite,
        [1.0; 4],
        Vec3::new(0.06, 0.06, 0.08),
        0.01,
        &(*t * Affine3A::from_translation(Vec3::new(0.0, 0.0, -0.1))),
    );
    s.put(
        Surface::Copper,
        [1.0; 4],
        frustum(
            Vec3::new(0.0, 0.0, -0.13),
            Vec3::new(0.0, 0.0, -0.32),
            0.03,
            0.1,
            12,
        ),
        t,
    );
    s.put(
        Surface::Bakelite,
        [1.0; 4],
        crate::shape::disc(0.09, 12),
        &(*t * Affine3A::from_translation(Vec3::new(0.0, 0.0, -0.3))
            * Affine3A::from_rotation_x(-FRAC_PI_2)),
    );
}

fn deck(s: &mut Sculpt, t: &Affine3A) {
    s.slab(
        Surface::Rubber,
        [1.0; 4],
        Vec3::new(0.24, 0.035, 0.16),
        0.01,
        t,
    );
    // The screen, lit and a little larger than the deck's top, so it reads from afar.
    s.slab(
        Surface::GlowCyan,
        [1.0; 4],
        Vec3::new(0.2, 0.012, 0.13),
        0.003,
        &(*t * Affine3A::from_translation(Vec3::new(0.0, 0.02, 0.0))),
    );
}

fn bag(s: &mut Sculpt, t: &Affine3A) {
    s.slab(
        Surface::Canvas,
        tint(0xb8bcc2),
        Vec3::new(0.16, 0.09, 0.12),
        0.03,
        &(*t * Affine3A::from_translation(Vec3::new(0.0, 0.0, -0.09))),
    );
    s.slab(
        Surface::MarkerGlyph,
        [1.0; 4],
        Vec3::new(0.04, 0.095, 0.125),
        0.005,
        &(*t * Affine3A::from_translation(Vec3::new(0.0, 0.0, -0.09))),
    );
}
