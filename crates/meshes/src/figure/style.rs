//! Each crew's look per role: colours, coat, headgear, what is on the back, armour, and
//! where the team's colour goes.

use std::f32::consts::{FRAC_PI_2, PI, TAU};

use glam::{Affine3A, Quat, Vec2, Vec3};

use super::body::{Sculpt, aim, head_frame, torso_frame};
use super::pose::Skeleton;
use super::{Crew, FigureSpec, Kit, Pose, Role, tint};
use crate::shape::{Shading, capsule, cylinder, extrude, frustum, lathe, lathe_arc, torus_profile};
use crate::surface::Surface;

/// A long garment hanging from the waist.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Coat {
    /// Height of the hem in the torso's frame (below the hips: negative).
    pub hem: f32,
    /// Radius at the hem.
    pub flare: f32,
    pub surface: Surface,
    pub colour: [f32; 4],
}

/// What a figure wears on its head.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Headgear {
    WeldingMask,
    MaskRaised,
    Hood,
    Mitre,
    SouWester,
    CaptainHat,
    Beanie,
    Helmet,
    CommandHelmet,
    Cap,
}

/// What a figure carries on its back.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Back {
    Nothing,
    Tanks,
    Transmitter,
    RopeCoil,
    Mast,
    DronePack,
    Cape,
    /// A lit lamp hung from a crooked pole rising over the shoulder.
    LampPole,
    /// A messenger bag on the hip.
    Satchel,
}

/// Where the team colour goes besides the base's rim.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Band {
    /// A thick scarf round the neck and bands round both upper arms.
    Scarf,
    /// A stole hanging down the front of a robe.
    Stole,
    /// A stripe across the chest plate and the shoulder plates.
    Stripe,
    /// A sash from shoulder to hip.
    Sash,
}

/// A figure's full look.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Style {
    pub skin: [f32; 4],
    pub trousers: [f32; 4],
    pub top: [f32; 4],
    pub sleeves: [f32; 4],
    pub belt: [f32; 4],
    pub lower_leg: (Surface, [f32; 4]),
    pub boots: (Surface, [f32; 4]),
    pub hands: (Surface, [f32; 4]),
    pub coat: Option<Coat>,
    pub headgear: Headgear,
    pub back: Back,
    pub mantle: Option<(Surface, [f32; 4])>,
    pub plates: bool,
    pub band: Band,
}

const SKIN: [u32; 5] = [0xe0b49a, 0xc08a6a, 0x9a6a4e, 0x6e4a36, 0xd6a488];

/// The look of a figure.
pub(crate) fn style(spec: &FigureSpec) -> Style {
    let skin = tint(SKIN[(spec.variant % SKIN.len() as u32) as usize]);
    let role = spec.role;
    let leader = role == Role::Leader;
    let gonk = role == Role::Gonk;
    let net = role == Role::Netrunner;
    match spec.crew {
        Crew::Ashfall => {
            let coat = tint(0x4e3c2f);
            Style {
                skin,
                trousers: tint(0x37312c),
                top: if gonk { tint(0x5b4a3a) } else { coat },
                sleeves: if gonk { tint(0x5b4a3a) } else { coat },
                belt: tint(0x2a211b),
                lower_leg: (Surface::Cloth, tint(0x37312c)),
                boots: (Surface::Leather, tint(0x2b221c)),
                hands: (Surface::Leather, tint(0x6a4a34)),
                coat: (!gonk).then_some(Coat {
                    hem: if net { -0.2 } else { -0.36 },
                    flare: 0.2,
                    surface: Surface::Leather,
                    colour: coat,
                }),
                headgear: if leader {
                    Headgear::MaskRaised
                } else {
                    Headgear::WeldingMask
                },
                back: match (spec.kit, net) {
                    (_, true) => Back::Mast,
                    (Kit::Torch, _) => Back::Tanks,
                    _ => Back::Nothing,
                },
                mantle: leader.then_some((Surface::Leather, tint(0x3a2c22))),
                plates: false,
                band: Band::Scarf,
            }
        }
        Crew::Choir => {
            let robe = tint(0x3d3936);
            Style {
                skin,
                trousers: tint(0x2e2b29),
                top: robe,
                sleeves: robe,
                belt: tint(0x5b4634),
                lower_leg: (Surface::Cloth, tint(0x2e2b29)),
                boots: (Surface::Leather, tint(0x2a2420)),
                hands: (Surface::Skin, skin),
                coat: Some(Coat {
                    hem: if gonk { -0.3 } else { -0.56 },
                    flare: if leader { 0.27 } else { 0.22 },
                    surface: Surface::Cloth,
                    colour: robe,
                }),
                headgear: if leader {
                    Headgear::Mitre
                } else {
                    Headgear::Hood
                },
                back: if gonk {
                    Back::Nothing
                } else {
                    Back::Transmitter
                },
                mantle: None,
                plates: false,
                band: Band::Stole,
            }
        }
        Crew::Tidewater => {
            let oilskin = tint(0x34404a);
            Style {
                skin,
                trousers: tint(0x3a3a36),
                top: if gonk { tint(0x4a4c48) } else { oilskin },
                sleeves: if gonk { tint(0x4a4c48) } else { oilskin },
                belt: tint(0x2a2623),
                lower_leg: (Surface::Rubber, tint(0x9aa2a6)),
                boots: (Surface::Rubber, tint(0x9aa2a6)),
                hands: (Surface::Skin, skin),
                coat: (!gonk).then_some(Coat {
                    hem: if leader { -0.42 } else { -0.32 },
                    flare: if leader { 0.24 } else { 0.19 },
                    surface: Surface::Leather,
                    colour: oilskin,
                }),
                headgear: match role {
                    Role::Leader => Headgear::CaptainHat,
                    Role::Gonk => Headgear::Beanie,
                    _ => Headgear::SouWester,
                },
                back: if gonk || net {
                    Back::Nothing
                } else {
                    Back::RopeCoil
                },
                mantle: None,
                plates: false,
                band: Band::Scarf,
            }
        }
        Crew::Glasswork => {
            let suit = tint(0x2b2f35);
            Style {
                skin,
                trousers: suit,
                top: suit,
                sleeves: suit,
                belt: tint(0x1e2125),
                lower_leg: (Surface::Cloth, suit),
                boots: (Surface::Rubber, tint(0x6a6e72)),
                hands: (Surface::Rubber, tint(0x55595e)),
                coat: None,
                headgear: if leader {
                    Headgear::CommandHelmet
                } else {
                    Headgear::Helmet
                },
                back: match role {
                    Role::Leader => Back::Cape,
                    Role::Netrunner => Back::DronePack,
                    _ => Back::Nothing,
                },
                mantle: None,
                plates: true,
                band: Band::Stripe,
            }
        }
        Crew::Lantern => {
            let coat = tint(0x2f3548);
            Style {
                skin,
                trousers: tint(0x3a3530),
                top: if gonk { tint(0x5a4e3c) } else { coat },
                sleeves: if gonk { tint(0x5a4e3c) } else { coat },
                belt: tint(0x6a4a2a),
                lower_leg: (Surface::Cloth, tint(0x3a3530)),
                boots: (Surface::Leather, tint(0x4a3526)),
                hands: (Surface::Leather, tint(0x7a5a3a)),
                coat: (!gonk).then_some(Coat {
                    hem: if leader { -0.3 } else { -0.2 },
                    flare: if leader { 0.22 } else { 0.18 },
                    surface: Surface::Cloth,
                    colour: coat,
                }),
                headgear: if gonk { Headgear::Cap } else { Headgear::Hood },
                back: if gonk || net {
                    Back::Satchel
                } else {
                    Back::LampPole
                },
                mantle: leader.then_some((Surface::Cloth, tint(0x262a3a))),
                plates: false,
                band: Band::Sash,
            }
        }
        Crew::Freelance => {
            let jacket = tint(0x4f4a42);
            Style {
                skin,
                trousers: tint(0x34363a),
                top: jacket,
                sleeves: jacket,
                belt: tint(0x2a2520),
                lower_leg: (Surface::Cloth, tint(0x34363a)),
                boots: (Surface::Leather, tint(0x2e2824)),
                hands: (Surface::Skin, skin),
                coat: (leader || net).then_some(Coat {
                    hem: -0.3,
                    flare: 0.18,
                    surface: Surface::Leather,
                    colour: jacket,
                }),
                headgear: Headgear::Cap,
                back: Back::Nothing,
                mantle: None,
                plates: false,
                band: Band::Sash,
            }
        }
    }
}

/// Garments, armour, the team band, headgear and back items.
pub(crate) fn dress(s: &mut Sculpt, sk: &Skeleton, st: &Style, spec: &FigureSpec) {
    let t = torso_frame(sk);
    if let Some(mut c) = st.coat {
        // Off its feet the coat is drawn shorter, so the bent legs read.
        let hem = match sk.pose {
            Pose::Standing => c.hem,
            Pose::Kneeling => c.hem.max(-0.14),
            Pose::Lying => c.hem.max(-0.08),
        };
        c.flare = 0.15 + (c.flare - 0.15) * (hem - 0.06) / (c.hem - 0.06);
        c.hem = hem;
        coat(s, &t, c);
    }
    if st.plates {
        plates(s, sk, &t, spec.role);
    }
    if let Some((surface, colour)) = st.mantle {
        // From the shoulders' edge up to the neck, so its faces point out.
        let p = [
            Vec2::new(0.25, 0.22),
            Vec2::new(0.23, 0.33),
            Vec2::new(0.15, 0.41),
            Vec2::new(0.07, 0.43),
        ];
        let m = lathe(&p, 14, Shading::Smooth);
        s.put(
            surface,
            colour,
            m,
            &(t * Affine3A::from_scale(Vec3::new(1.0, 1.0, 0.8))),
        );
    }
    band(s, sk, &t, st);
    headgear(s, sk, st.headgear);
    back(s, &t, st.back, st.top);
    if spec.role == Role::Netrunner {
        netrunner(s, sk);
    }
}

fn coat(s: &mut Sculpt, t: &Affine3A, c: Coat) {
    let p = [
        Vec2::new(0.148, 0.2),
        Vec2::new(0.142, 0.06),
        Vec2::new((0.142 + c.flare) / 2.0 + 0.01, (0.06 + c.hem) / 2.0),
        Vec2::new(c.flare, c.hem),
        Vec2::new(c.flare - 0.02, c.hem - 0.005),
    ];
    // Profile runs downward: reverse it so faces point out.
    let mut rev = p.to_vec();
    rev.reverse();
    let m = lathe(&rev, 14, Shading::Smooth);
    s.put(
        c.surface,
        c.colour,
        m,
        &(*t * Affine3A::from_scale(Vec3::new(1.0, 1.0, 0.8))),
    );
    // Collar.
    let collar = [
        Vec2::new(0.1, 0.36),
        Vec2::new(0.095, 0.46),
        Vec2::new(0.085, 0.47),
    ];
    s.put(c.surface, c.colour, lathe(&collar, 12, Shading::Smooth), t);
}

fn plates(s: &mut Sculpt, sk: &Skeleton, t: &Affine3A, role: Role) {
    let ceramic = tint(0xffffff);
    let at = |x: f32, y: f32, z: f32| *t * Affine3A::from_translation(Vec3::new(x, y, z));
    s.slab(
        Surface::Ceramic,
        ceramic,
        Vec3::new(0.3, 0.21, 0.1),
        0.035,
        &at(0.0, 0.3, -0.045),
    );
    s.slab(
        Surface::Ceramic,
        ceramic,
        Vec3::new(0.28, 0.24, 0.08),
        0.03,
        &at(0.0, 0.3, 0.05),
    );
    s.slab(
        Surface::Ceramic,
        ceramic,
        Vec3::new(0.22, 0.09, 0.07),
        0.025,
        &at(0.0, 0.15, -0.055),
    );
    for i in 0..2 {
        let out = (sk.shoulder[i] - sk.neck).normalize_or(Vec3::X);
        s.ball(
            Surface::Ceramic,
            ceramic,
            Vec3::new(0.085, 0.055, 0.08),
            &Affine3A::from_rotation_translation(
                Quat::from_rotation_arc(Vec3::Y, (out * 0.4 + (sk.torso * Vec3::Y)).normalize()),
                sk.shoulder[i] + out * 0.02 + sk.torso * Vec3::Y * 0.02,
            ),
        );
        if role != Role::Gonk {
            let shin = sk.ankle[i] - sk.knee[i];
            s.limb(
                Surface::Ceramic,
                ceramic,
                sk.knee[i] + shin * 0.05,
                sk.knee[i] + shin * 0.7,
                0.062,
                0.052,
            );
            let thigh = sk.knee[i] - sk.hip[i];
            s.limb(
                Surface::Ceramic,
                ceramic,
                sk.hip[i] + thigh * 0.3,
                sk.hip[i] + thigh * 0.8,
                0.075,
                0.062,
            );
        }
    }
}

fn band(s: &mut Sculpt, sk: &Skeleton, t: &Affine3A, st: &Style) {
    let team = [1.0; 4];
    let cloth = Surface::TeamCloth;
    let armbands = |s: &mut Sculpt| {
        for i in 0..2 {
            let d = sk.elbow[i] - sk.shoulder[i];
            s.limb(
                cloth,
                team,
                sk.shoulder[i] + d * 0.3,
                sk.shoulder[i] + d * 0.62,
                0.056,
                0.05,
            );
        }
    };
    match st.band {
        Band::Scarf => {
            let p = torus_profile(0.1, 0.04, 8);
            s.put(
                cloth,
                team,
                lathe(&p, 14, Shading::Smooth),
                &(*t * Affine3A::from_translation(Vec3::new(0.0, 0.4, -0.01))
                    * Affine3A::from_scale(Vec3::new(1.0, 0.8, 0.9))),
            );
            // The knot's tails at the front.
            s.slab(
                cloth,
                team,
                Vec3::new(0.09, 0.14, 0.03),
                0.012,
                &(*t * Affine3A::from_rotation_translation(
                    Quat::from_rotation_x(-0.25),
                    Vec3::new(0.02, 0.32, -0.13),
                )),
            );
            armbands(s);
        }
        Band::Stole => {
            // Down to the robe's hem, shorter when the robe is drawn shorter.
            let hem = match sk.pose {
                Pose::Standing => -0.48,
                Pose::Kneeling => -0.12,
                Pose::Lying => -0.06,
            };
            for x in [-0.055f32, 0.055] {
                let pts = [
                    Vec3::new(x * 1.3, 0.44, -0.06),
                    Vec3::new(x, 0.3, -0.118),
                    Vec3::new(x, 0.1, -0.105),
                    Vec3::new(x, -0.2, -0.16),
                    Vec3::new(x, -0.48, -0.2),
                ];
                for w in pts.windows(2).filter(|w| w[0].y > hem) {
                    let end = if w[1].y < hem {
                        w[0].lerp(w[1], (w[0].y - hem) / (w[0].y - w[1].y))
                    } else {
                        w[1]
                    };
                    strip(s, cloth, team, t, w[0], end, 0.075);
                }
            }
        }
        Band::Stripe => {
            s.slab(
                cloth,
                team,
                Vec3::new(0.305, 0.05, 0.1),
                0.012,
                &(*t * Affine3A::from_translation(Vec3::new(0.0, 0.33, -0.052))),
            );
            armbands(s);
        }
        Band::Sash => {
            strip(
                s,
                cloth,
                team,
                t,
                Vec3::new(0.14, 0.44, -0.08),
                Vec3::new(-0.13, 0.08, -0.1),
                0.07,
            );
            strip(
                s,
                cloth,
                team,
                t,
                Vec3::new(0.14, 0.44, 0.08),
                Vec3::new(-0.13, 0.08, 0.1),
                0.07,
            );
            armbands(s);
        }
    }
}

/// A flat strip of cloth from `a` to `b` (torso frame), facing forward.
fn strip(s: &mut Sculpt, surface: Surface, c: [f32; 4], t: &Affine3A, a: Vec3, b: Vec3, w: f32) {
    let d = b - a;
    let rot = Quat::from_rotation_arc(Vec3::Y, d.normalize());
    s.put(
        surface,
        c,
        crate::shape::cuboid(Vec3::new(w, d.length() + 0.02, 0.02)),
        &(*t * Affine3A::from_rotation_translation(rot, (a + b) / 2.0)),
    );
}

fn headgear(s: &mut Sculpt, sk: &Skeleton, gear: Headgear) {
    let h = head_frame(sk);
    let at = |x: f32, y: f32, z: f32| h * Affine3A::from_translation(Vec3::new(x, y, z));
    let rusted = tint(0xffffff);
    let leather = tint(0x3c2e24);
    match gear {
        Headgear::WeldingMask | Headgear::MaskRaised => {
            s.ball(
                Surface::Leather,
                leather,
                Vec3::new(0.086, 0.07, 0.094),
                &at(0.0, 0.035, 0.006),
            );
            let (place, glass) = if gear == Headgear::WeldingMask {
                (
                    at(0.0, -0.005, -0.092) * Affine3A::from_rotation_x(0.12),
                    true,
                )
            } else {
                (
                    at(0.0, 0.105, -0.045) * Affine3A::from_rotation_x(1.25),
                    false,
                )
            };
            s.slab(
                Surface::RustedSteel,
                rusted,
                Vec3::new(0.16, 0.165, 0.035),
                0.014,
                &place,
            );
            if glass {
                s.slab(
                    Surface::Rubber,
                    [0.2, 0.2, 0.2, 1.0],
                    Vec3::new(0.11, 0.03, 0.01),
                    0.003,
                    &(place * Affine3A::from_translation(Vec3::new(0.0, 0.025, -0.018))),
                );
            }
            for x in [-0.085f32, 0.085] {
                s.put(
                    Surface::RustedSteel,
                    [1.0; 4],
                    cylinder(0.018, 0.02, 8),
                    &(at(x, 0.02, -0.035) * Affine3A::from_rotation_z(FRAC_PI_2)),
                );
            }
            if gear == Headgear::MaskRaised {
                // A chimney-like crest: the Furnace Mother's furnace-key crown.
                s.put(
                    Surface::RustedSteel,
                    rusted,
                    frustum(Vec3::ZERO, Vec3::Y * 0.13, 0.04, 0.03, 8),
                    &at(0.0, 0.09, 0.03),
                );
                s.put(
                    Surface::GlowEmber,
                    [1.0; 4],
                    cylinder(0.026, 0.015, 8),
                    &at(0.0, 0.215, 0.03),
                );
            }
        }
        Headgear::Hood => {
            let p = [
                Vec2::new(0.12, -0.14),
                Vec2::new(0.115, -0.04),
                Vec2::new(0.108, 0.05),
                Vec2::new(0.075, 0.115),
                Vec2::new(0.0, 0.13),
            ];
            let m = lathe_arc(
                &p,
                12,
                Shading::Smooth,
                FRAC_PI_2 + 0.75,
                FRAC_PI_2 + TAU - 0.75,
            );
            s.put(Surface::Cloth, tint(0x2c2927), m, &at(0.0, 0.0, 0.012));
        }
        Headgear::Mitre => {
            let shape = [
                Vec2::new(-0.085, 0.0),
                Vec2::new(0.085, 0.0),
                Vec2::new(0.1, 0.16),
                Vec2::new(0.0, 0.29),
                Vec2::new(-0.1, 0.16),
            ];
            s.put(
                Surface::Cloth,
                tint(0xb8ad9a),
                extrude(&shape, 0.13),
                &at(0.0, 0.05, 0.0),
            );
            s.slab(
                Surface::TeamCloth,
                [1.0; 4],
                Vec3::new(0.04, 0.24, 0.14),
                0.008,
                &at(0.0, 0.17, 0.0),
            );
            s.put(
                Surface::Copper,
                [1.0; 4],
                capsule(Vec3::ZERO, Vec3::Y * 0.2, 0.009, 0.006, 6),
                &at(0.0, 0.32, 0.0),
            );
            s.ball(
                Surface::GlowValve,
                [1.0; 4],
                Vec3::splat(0.022),
                &at(0.0, 0.53, 0.0),
            );
        }
        Headgear::SouWester | Headgear::CaptainHat => {
            let captain = gear == Headgear::CaptainHat;
            let oil = if captain {
                tint(0x2a2c30)
            } else {
                tint(0x34404a)
            };
            let crown_h = if captain { 0.1 } else { 0.07 };
            let crown = [
                Vec2::new(0.092, 0.0),
                Vec2::new(0.09, crown_h),
                Vec2::new(0.06, crown_h + 0.035),
                Vec2::new(0.0, crown_h + 0.045),
            ];
            s.put(
                Surface::Leather,
                oil,
                lathe(&crown, 12, Shading::Smooth),
                &at(0.0, 0.03, 0.0),
            );
            let (r, droop) = if captain {
                (0.21, -0.035)
            } else {
                (0.165, 0.04)
            };
            let brim = [
                Vec2::new(r, 0.03 - droop),
                Vec2::new(r - 0.01, 0.035 - droop),
                Vec2::new(0.09, 0.04),
                Vec2::new(0.09, 0.025),
                Vec2::new(r, 0.02 - droop),
            ];
            let m = lathe(&brim[..4], 16, Shading::Sharp);
            let under = lathe(&[brim[3], brim[4], brim[0]], 16, Shading::Sharp);
            // Sou'westers reach further over the neck than over the eyes.
            let stretch = at(0.0, 0.0, if captain { 0.0 } else { 0.03 })
                * Affine3A::from_scale(Vec3::new(1.0, 1.0, if captain { 0.85 } else { 1.2 }));
            s.put(Surface::Leather, oil, m, &stretch);
            s.put(Surface::Leather, oil, under, &stretch);
            s.put(
                Surface::TeamCloth,
                [1.0; 4],
                lathe(
                    &[Vec2::new(0.095, 0.04), Vec2::new(0.094, 0.065)],
                    12,
                    Shading::Sharp,
                ),
                &at(0.0, 0.03, 0.0),
            );
            if captain {
                // A plume swept back over the brim.
                let pts = [
                    Vec3::new(0.07, 0.1, -0.02),
                    Vec3::new(0.11, 0.2, 0.06),
                    Vec3::new(0.1, 0.22, 0.16),
                    Vec3::new(0.07, 0.15, 0.24),
                ];
                for (k, w) in pts.windows(2).enumerate() {
                    let r = 0.03 - k as f32 * 0.007;
                    s.put(
                        Surface::Cloth,
                        tint(0xc8c4bc),
                        capsule(w[0], w[1], r, r - 0.006, 6),
                        &h,
                    );
                }
            }
        }
        Headgear::Beanie => {
            s.ball(
                Surface::Cloth,
                tint(0x4a3f3a),
                Vec3::new(0.088, 0.075, 0.096),
                &at(0.0, 0.04, 0.005),
            );
            s.put(
                Surface::Cloth,
                tint(0x4a3f3a),
                lathe(
                    &[Vec2::new(0.094, -0.0), Vec2::new(0.096, 0.035)],
                    12,
                    Shading::Sharp,
                ),
                &(at(0.0, 0.0, 0.005) * Affine3A::from_scale(Vec3::new(1.0, 1.0, 1.1))),
            );
        }
        Headgear::Helmet | Headgear::CommandHelmet => {
            let ceramic = tint(0xffffff);
            s.ball(
                Surface::Ceramic,
                ceramic,
                Vec3::new(0.096, 0.098, 0.104),
                &at(0.0, 0.02, 0.01),
            );
            let visor = [Vec2::new(0.102, -0.045), Vec2::new(0.104, 0.03)];
            let arc = (FRAC_PI_2 - 1.2, FRAC_PI_2 + 1.2);
            s.put(
                Surface::Glass,
                [1.0; 4],
                lathe_arc(&visor, 12, Shading::Sharp, arc.0, arc.1),
                &(at(0.0, 0.0, 0.0) * Affine3A::from_scale(Vec3::new(0.97, 1.0, 1.0))),
            );
            s.put(
                Surface::GlowCyan,
                [1.0; 4],
                lathe_arc(
                    &[Vec2::new(0.107, 0.0), Vec2::new(0.107, 0.012)],
                    12,
                    Shading::Sharp,
                    arc.0 + 0.2,
                    arc.1 - 0.2,
                ),
                &h,
            );
            // Chin guard.
            s.put(
                Surface::Ceramic,
                ceramic,
                lathe_arc(
                    &[Vec2::new(0.085, -0.1), Vec2::new(0.1, -0.05)],
                    10,
                    Shading::Smooth,
                    arc.0,
                    arc.1,
                ),
                &h,
            );
            if gear == Headgear::CommandHelmet {
                let fin = [
                    Vec2::new(0.12, 0.0),
                    Vec2::new(-0.1, 0.0),
                    Vec2::new(-0.05, 0.07),
                    Vec2::new(0.06, 0.05),
                ];
                s.put(
                    Surface::TeamCloth,
                    [1.0; 4],
                    extrude(&fin, 0.03),
                    &(at(0.0, 0.1, 0.0) * Affine3A::from_rotation_y(FRAC_PI_2)),
                );
                s.put(
                    Surface::BrushedMetal,
                    [1.0; 4],
                    capsule(Vec3::ZERO, Vec3::new(0.0, 0.28, 0.04), 0.007, 0.005, 6),
                    &at(0.08, 0.05, 0.05),
                );
            }
        }
        Headgear::Cap => {
            let cap = tint(0x3b4046);
            s.ball(
                Surface::Cloth,
                cap,
                Vec3::new(0.088, 0.06, 0.095),
                &at(0.0, 0.045, 0.004),
            );
            s.slab(
                Surface::Cloth,
                cap,
                Vec3::new(0.13, 0.012, 0.09),
                0.005,
                &(at(0.0, 0.05, -0.105) * Affine3A::from_rotation_x(-0.15)),
            );
        }
    }
}

fn back(s: &mut Sculpt, t: &Affine3A, item: Back, top: [f32; 4]) {
    let at = |x: f32, y: f32, z: f32| *t * Affine3A::from_translation(Vec3::new(x, y, z));
    match item {
        Back::Nothing => {}
        Back::Tanks => {
            for x in [-0.065f32, 0.065] {
                s.put(
                    Surface::RustedSteel,
                    [1.0; 4],
                    capsule(Vec3::ZERO, Vec3::Y * 0.26, 0.058, 0.058, 10),
                    &at(x, 0.15, 0.15),
                );
            }
            s.put(
                Surface::GlowEmber,
                [1.0; 4],
                cylinder(0.02, 0.03, 6),
                &at(0.065, 0.47, 0.15),
            );
        }
        Back::Transmitter => {
            s.slab(
                Surface::Bakelite,
                [1.0; 4],
                Vec3::new(0.22, 0.25, 0.11),
                0.025,
                &at(0.0, 0.3, 0.15),
            );
            for x in [-0.06f32, 0.0, 0.06] {
                s.put(
                    Surface::GlowValve,
                    [1.0; 4],
                    capsule(Vec3::ZERO, Vec3::Y * 0.04, 0.018, 0.016, 6),
                    &at(x, 0.43, 0.15),
                );
            }
            // The whip antenna: the Choir's silhouette.
            s.put(
                Surface::Copper,
                [1.0; 4],
                capsule(Vec3::ZERO, Vec3::new(0.05, 0.62, 0.07), 0.011, 0.006, 6),
                &at(0.08, 0.4, 0.17),
            );
            s.ball(
                Surface::GlowValve,
                [1.0; 4],
                Vec3::splat(0.018),
                &at(0.13, 1.02, 0.24),
            );
            // Loudspeaker horn on the shoulder.
            s.put(
                Surface::Copper,
                [1.0; 4],
                frustum(Vec3::ZERO, Vec3::new(0.0, 0.02, -0.12), 0.02, 0.06, 10),
                &at(-0.14, 0.47, 0.05),
            );
        }
        Back::RopeCoil => {
            let p = torus_profile(0.1, 0.028, 6);
            s.put(
                Surface::Canvas,
                tint(0xb09a78),
                lathe(&p, 12, Shading::Smooth),
                &(at(0.0, 0.27, 0.13) * Affine3A::from_rotation_x(FRAC_PI_2 + 0.2)),
            );
        }
        Back::Mast => {
            s.put(
                Surface::RustedSteel,
                [1.0; 4],
                capsule(Vec3::ZERO, Vec3::Y * 0.75, 0.014, 0.01, 6),
                &at(0.05, 0.2, 0.14),
            );
            for (y, w) in [(0.7f32, 0.14f32), (0.82, 0.1)] {
                s.put(
                    Surface::RustedSteel,
                    [1.0; 4],
                    capsule(
                        Vec3::new(-w / 2.0, 0.0, 0.0),
                        Vec3::new(w / 2.0, 0.0, 0.0),
                        0.009,
                        0.009,
                        6,
                    ),
                    &at(0.05, y, 0.14),
                );
            }
            s.ball(
                Surface::GlowEmber,
                [1.0; 4],
                Vec3::splat(0.02),
                &at(0.05, 0.97, 0.14),
            );
            s.slab(
                Surface::Leather,
                top,
                Vec3::new(0.16, 0.18, 0.07),
                0.02,
                &at(0.0, 0.28, 0.12),
            );
        }
        Back::DronePack => {
            s.slab(
                Surface::Ceramic,
                [1.0; 4],
                Vec3::new(0.2, 0.24, 0.08),
                0.03,
                &at(0.0, 0.3, 0.13),
            );
            s.put(
                Surface::GlowCyan,
                [1.0; 4],
                cylinder(0.02, 0.02, 8),
                &(at(0.0, 0.36, 0.172) * Affine3A::from_rotation_x(FRAC_PI_2)),
            );
        }
        Back::LampPole => lamp_pole(s, &at),
        Back::Satchel => {
            s.slab(
                Surface::Canvas,
                tint(0x8a6a44),
                Vec3::new(0.07, 0.17, 0.22),
                0.025,
                &at(-0.19, 0.06, 0.02),
            );
            s.slab(
                Surface::Leather,
                tint(0x5a3e26),
                Vec3::new(0.075, 0.07, 0.225),
                0.015,
                &at(-0.19, 0.13, 0.02),
            );
        }
        Back::Cape => {
            let p = [
                Vec2::new(0.22, -0.46),
                Vec2::new(0.2, 0.0),
                Vec2::new(0.19, 0.3),
                Vec2::new(0.15, 0.42),
                Vec2::new(0.09, 0.45),
            ];
            let m = lathe_arc(&p, 10, Shading::Smooth, -PI + 0.5, -0.5);
            s.put(
                Surface::Cloth,
                tint(0x22262b),
                m,
                &(*t * Affine3A::from_scale(Vec3::new(1.0, 1.0, 0.75))),
            );
            let inside = m_inside(&p);
            s.put(
                Surface::Cloth,
                tint(0x22262b),
                inside,
                &(*t * Affine3A::from_scale(Vec3::new(1.0, 1.0, 0.75))),
            );
        }
    }
}

/// A pole strapped up the back, crooked out over the shoulder, a lit lamp hanging from it:
/// the Lanternwick Couriers' silhouette.
fn lamp_pole(s: &mut Sculpt, at: &dyn Fn(f32, f32, f32) -> Affine3A) {
    let wood = tint(0x6a4e34);
    let foot = Vec3::new(-0.08, 0.05, 0.15);
    let top = Vec3::new(0.1, 0.98, 0.16);
    let tip = Vec3::new(0.3, 1.0, 0.1);
    s.put(
        Surface::Wood,
        wood,
        capsule(foot, top, 0.014, 0.012, 6),
        &at(0.0, 0.0, 0.0),
    );
    s.put(
        Surface::Wood,
        wood,
        capsule(top, tip, 0.012, 0.01, 6),
        &at(0.0, 0.0, 0.0),
    );
    // The lamp: a cap, a glowing glass body and a foot, hanging under the tip.
    let lamp = at(tip.x, tip.y - 0.12, tip.z);
    s.put(
        Surface::Copper,
        [1.0; 4],
        frustum(Vec3::ZERO, Vec3::Y * 0.035, 0.05, 0.012, 8),
        &(lamp * Affine3A::from_translation(Vec3::Y * 0.045)),
    );
    s.ball(
        Surface::GlowEmber,
        [1.0; 4],
        Vec3::new(0.042, 0.055, 0.042),
        &lamp,
    );
    s.put(
        Surface::Copper,
        [1.0; 4],
        cylinder(0.038, 0.014, 8),
        &(lamp * Affine3A::from_translation(Vec3::Y * -0.055)),
    );
    s.put(
        Surface::Copper,
        [1.0; 4],
        capsule(Vec3::Y * 0.08, Vec3::Y * 0.12, 0.005, 0.005, 4),
        &lamp,
    );
}

/// The inside face of the cape: the same arc seen from the axis.
fn m_inside(p: &[Vec2]) -> crate::mesh::Mesh {
    let inner: Vec<Vec2> = p
        .iter()
        .rev()
        .map(|v| Vec2::new(v.x - 0.012, v.y))
        .collect();
    lathe_arc(&inner, 10, Shading::Smooth, -PI + 0.5, -0.5)
}

fn netrunner(s: &mut Sculpt, sk: &Skeleton) {
    let h = head_frame(sk);
    // A visor band glowing over the eyes.
    s.put(
        Surface::GlowCyan,
        [1.0; 4],
        lathe_arc(
            &[Vec2::new(0.094, -0.005), Vec2::new(0.094, 0.03)],
            10,
            Shading::Sharp,
            FRAC_PI_2 - 1.0,
            FRAC_PI_2 + 1.0,
        ),
        &h,
    );
    // Cables from the deck to the back of the head.
    let deck = sk.held.at + sk.held.dir * 0.02;
    let jack = h.transform_point3(Vec3::new(0.06, -0.02, 0.07));
    let mid = (deck + jack) / 2.0 + sk.torso * Vec3::new(0.16, -0.05, 0.02);
    for (a, b) in [(deck, mid), (mid, jack)] {
        s.put(
            Surface::Rubber,
            [1.0; 4],
            capsule(a, b, 0.009, 0.009, 5),
            &Affine3A::IDENTITY,
        );
    }
    // Two jack antennas rising from the back of the head, lit at the tips: a Netrunner's
    // silhouette in any crew.
    for x in [-0.05f32, 0.05] {
        let foot = Vec3::new(x, 0.06, 0.06);
        let tip = Vec3::new(x * 2.6, 0.26, 0.11);
        s.put(
            Surface::Rubber,
            [1.0; 4],
            capsule(foot, tip, 0.008, 0.006, 5),
            &h,
        );
        s.ball(
            Surface::GlowCyan,
            [1.0; 4],
            Vec3::splat(0.022),
            &(h * Affine3A::from_translation(tip)),
        );
    }
    let _ = aim;
}
