//! The figure's skeleton in each pose: joint positions worked out from a few targets (feet,
//! hands on the weapon) with two-bone reaching, so every crew and role shares one rig.
//!
//! Figure space: inches, origin at the top centre of the base, Y up, facing −Z; the figure's
//! right hand is on +X. Index 0 of a pair is the right side, 1 the left.

use glam::{Quat, Vec3};

use super::{Grip, Held, Pose, Role};

/// Lengths of the rig, in inches (a heroic 32 mm figure with its eyes 1.2" above the base).
pub(crate) mod len {
    /// Hip joint to knee.
    pub const THIGH: f32 = 0.31;
    /// Knee to ankle.
    pub const SHIN: f32 = 0.30;
    /// Shoulder to elbow.
    pub const UPPER_ARM: f32 = 0.25;
    /// Elbow to wrist.
    pub const FOREARM: f32 = 0.23;
    /// Pelvis (between the hip joints) to the base of the neck.
    pub const SPINE: f32 = 0.41;
    /// Half the distance between the shoulder joints.
    pub const SHOULDER: f32 = 0.175;
    /// Half the distance between the hip joints.
    pub const HIP: f32 = 0.085;
    /// Base of the neck to the centre of the head.
    pub const NECK: f32 = 0.13;
    /// Ankle joint height above the sole.
    pub const ANKLE: f32 = 0.06;
}

/// Joint positions and body frames of one figure in one pose.
#[derive(Clone, Debug)]
pub(crate) struct Skeleton {
    /// Between the hip joints.
    pub pelvis: Vec3,
    /// The torso's turn from rest (rest: up +Y, facing −Z).
    pub torso: Quat,
    /// Base of the neck.
    pub neck: Vec3,
    /// Centre of the head.
    pub head: Vec3,
    /// The head's turn from rest.
    pub head_turn: Quat,
    pub shoulder: [Vec3; 2],
    pub elbow: [Vec3; 2],
    pub wrist: [Vec3; 2],
    pub hip: [Vec3; 2],
    pub knee: [Vec3; 2],
    pub ankle: [Vec3; 2],
    /// Which way each foot points (horizontal for a standing foot).
    pub toe: [Vec3; 2],
    /// The held item, where it sits and which way it points.
    pub held: Held,
    /// The pose the rig is in.
    pub pose: Pose,
}

/// The middle joint of a two-bone limb from `root` reaching for `target`, bending toward
/// `pole`; returns (middle, end), the end pulled in when the target is out of reach.
pub(crate) fn reach(root: Vec3, target: Vec3, l1: f32, l2: f32, pole: Vec3) -> (Vec3, Vec3) {
    let to = target - root;
    let dir = to.normalize_or(Vec3::NEG_Y);
    let d = to.length().clamp((l1 - l2).abs() + 1e-3, l1 + l2 - 1e-3);
    let end = root + dir * d;
    let a = (l1 * l1 - l2 * l2 + d * d) / (2.0 * d);
    let h = (l1 * l1 - a * a).max(0.0).sqrt();
    let side = (pole - dir * pole.dot(dir)).normalize_or(dir.any_orthonormal_vector());
    (root + dir * a + side * h, end)
}

/// The rest frame turned so that rest +Y points along `up` and rest −Z as close to
/// `forward` as it can.
pub(crate) fn frame(up: Vec3, forward: Vec3) -> Quat {
    let up = up.normalize();
    let back = (-forward - up * (-forward).dot(up)).normalize_or(up.any_orthonormal_vector());
    let right = up.cross(back);
    Quat::from_mat3(&glam::Mat3::from_cols(right, up, back))
}

/// What a pose asks of the rig before the limbs are solved.
struct Plan {
    pelvis: Vec3,
    up: Vec3,
    facing: Vec3,
    look: Vec3,
    feet: [Vec3; 2],
    knee_pole: [Vec3; 2],
    toe: [Vec3; 2],
    hands: [Vec3; 2],
    elbow_pole: [Vec3; 2],
    held: Held,
}

impl Skeleton {
    /// The rig of a figure holding `grip` in `pose`.
    pub(crate) fn new(role: Role, grip: Grip, pose: Pose) -> Skeleton {
        let plan = match pose {
            Pose::Standing => standing(role, grip),
            Pose::Kneeling => kneeling(role, grip),
            Pose::Lying => lying(grip),
        };
        Skeleton::solve(plan, pose)
    }

    fn solve(p: Plan, pose: Pose) -> Skeleton {
        let torso = frame(p.up, p.facing);
        let right = torso * Vec3::X;
        let neck = p.pelvis + p.up.normalize() * len::SPINE;
        let head = neck + (p.up.normalize() * 0.85 + p.look * 0.15).normalize() * len::NECK;
        let head_turn = frame(
            (p.up.normalize() * 0.7 + (head - neck).normalize() * 0.3).normalize(),
            p.look,
        );
        let shoulder = [1.0, -1.0].map(|s| neck + right * (s * len::SHOULDER) - p.up * 0.05);
        let hip = [1.0, -1.0].map(|s| p.pelvis + right * (s * len::HIP));
        let mut elbow = [Vec3::ZERO; 2];
        let mut wrist = [Vec3::ZERO; 2];
        let mut knee = [Vec3::ZERO; 2];
        let mut ankle = [Vec3::ZERO; 2];
        for i in 0..2 {
            let (e, w) = reach(
                shoulder[i],
                p.hands[i],
                len::UPPER_ARM,
                len::FOREARM,
                p.elbow_pole[i],
            );
            elbow[i] = e;
            wrist[i] = w;
            let (k, a) = reach(hip[i], p.feet[i], len::THIGH, len::SHIN, p.knee_pole[i]);
            knee[i] = k;
            ankle[i] = a;
        }
        Skeleton {
            pelvis: p.pelvis,
            torso,
            neck,
            head,
            head_turn,
            shoulder,
            elbow,
            wrist,
            hip,
            knee,
            ankle,
            toe: p.toe,
            held: p.held,
            pose,
        }
    }
}

const FWD: Vec3 = Vec3::NEG_Z;

/// Where the hands go for a held item, relative to a pelvis at the origin of an upright
/// torso, and the item's placement; `free` is where an unused hand rests.
fn hands_for(grip: Grip, role: Role) -> ([Vec3; 2], [Vec3; 2], Held) {
    let down = Vec3::new(0.0, -0.12, -1.0).normalize();
    let side_l = Vec3::new(-0.24, -0.02, -0.02);
    let out_r = Vec3::new(1.0, -0.6, 0.3);
    let out_l = Vec3::new(-1.0, -0.6, 0.3);
    match grip {
        Grip::Long { reach: r } => {
            let at = Vec3::new(0.07, 0.28, -0.14);
            let g = Held::new(grip, at, down);
            ([at, at + down * r], [out_r, out_l], g)
        }
        Grip::Pistol => {
            let at = Vec3::new(0.09, 0.36, -0.40);
            let g = Held::new(grip, at, FWD);
            // A Leader points the way with the other hand.
            let free = if role == Role::Leader {
                Vec3::new(-0.2, 0.5, -0.44)
            } else {
                side_l
            };
            ([at, free], [out_r, out_l], g)
        }
        Grip::Shoulder => {
            // A heavy tool on the right shoulder, head behind.
            let at = Vec3::new(0.16, 0.24, -0.16);
            let dir = Vec3::new(0.05, 0.75, 0.6).normalize();
            let g = Held::new(grip, at, dir);
            (
                [at, at + dir * 0.16 + Vec3::new(-0.08, 0.0, -0.02)],
                [out_r, out_l],
                g,
            )
        }
        Grip::Pole => {
            // A long pole held upright beside the right hip, foot on the ground.
            let at = Vec3::new(0.22, 0.22, -0.14);
            let dir = Vec3::new(0.03, 1.0, -0.12).normalize();
            let g = Held::new(grip, at, dir);
            (
                [at, at + dir * 0.2 + Vec3::new(-0.03, 0.0, 0.0)],
                [out_r, out_l],
                g,
            )
        }
        Grip::OneHand => {
            let at = Vec3::new(0.16, 0.16, -0.22);
            let dir = Vec3::new(0.15, 0.55, -1.0).normalize();
            let g = Held::new(grip, at, dir);
            let free = Vec3::new(-0.17, 0.22, -0.22);
            ([at, free], [out_r, out_l], g)
        }
        Grip::Ram => {
            let at = Vec3::new(0.06, 0.24, -0.16);
            let dir = Vec3::new(-0.08, 0.0, -1.0).normalize();
            let g = Held::new(grip, at, dir);
            ([at, at + dir * 0.22], [out_r, out_l], g)
        }
        Grip::Deck => {
            let at = Vec3::new(0.0, 0.26, -0.24);
            let g = Held::new(grip, at, Vec3::new(0.0, 0.5, -1.0).normalize());
            (
                [
                    at + Vec3::new(0.08, 0.0, 0.01),
                    at + Vec3::new(-0.08, 0.0, 0.01),
                ],
                [out_r, out_l],
                g,
            )
        }
        Grip::Bag => {
            let at = Vec3::new(-0.25, -0.12, -0.02);
            let g = Held::new(grip, at, Vec3::NEG_Y);
            ([Vec3::new(0.14, 0.22, -0.24), at], [out_r, out_l], g)
        }
        Grip::Fists => {
            let g = Held::new(grip, Vec3::ZERO, FWD);
            (
                [Vec3::new(0.1, 0.38, -0.26), Vec3::new(-0.08, 0.32, -0.3)],
                [out_r, out_l],
                g,
            )
        }
    }
}

fn standing(role: Role, grip: Grip) -> Plan {
    // Gonks stoop: the torso leans forward and the head pokes out.
    let hunch = if role == Role::Gonk { 0.22 } else { 0.04 };
    let up = Vec3::new(0.0, 1.0, -hunch).normalize();
    let drop = if role == Role::Gonk { 0.03 } else { 0.0 };
    let pelvis = Vec3::new(0.0, 0.64 - drop, 0.02);
    let look = match grip {
        Grip::Deck => Vec3::new(0.0, -0.6, -1.0).normalize(),
        _ => FWD,
    };
    let (hands, elbow_pole, g) = hands_for(grip, role);
    let tilt = frame(up, FWD);
    Plan {
        pelvis,
        up,
        facing: FWD,
        look,
        feet: [
            Vec3::new(0.12, len::ANKLE, 0.07),
            Vec3::new(-0.1, len::ANKLE, -0.1),
        ],
        knee_pole: [Vec3::new(0.2, 0.0, -1.0), Vec3::new(-0.2, 0.0, -1.0)],
        toe: [
            Vec3::new(0.35, 0.0, -1.0).normalize(),
            Vec3::new(-0.15, 0.0, -1.0).normalize(),
        ],
        hands: hands.map(|h| pelvis + tilt * h),
        elbow_pole,
        held: g.moved(pelvis, tilt),
    }
}

fn kneeling(role: Role, grip: Grip) -> Plan {
    // Down on one knee and bowed: hurt, still holding on to the weapon.
    let up = Vec3::new(0.0, 1.0, -0.3).normalize();
    let pelvis = Vec3::new(0.0, 0.33, 0.12);
    let (hands, elbow_pole, g) = hands_for(grip, role);
    let tilt = frame(up, FWD);
    let look = Vec3::new(0.0, -0.45, -1.0).normalize();
    Plan {
        pelvis,
        up,
        facing: FWD,
        look,
        // Right foot planted ahead with the knee up; left knee down, its shin back along
        // the ground.
        feet: [
            Vec3::new(0.1, len::ANKLE, -0.24),
            Vec3::new(-0.1, 0.07, 0.4),
        ],
        knee_pole: [Vec3::new(0.0, 1.0, -1.0), Vec3::new(0.0, -1.0, -0.4)],
        toe: [
            Vec3::new(0.2, 0.0, -1.0).normalize(),
            Vec3::new(0.0, -0.9, 0.4).normalize(),
        ],
        hands: hands.map(|h| pelvis + tilt * h),
        elbow_pole,
        held: g.moved(pelvis, tilt),
    }
}

fn lying(grip: Grip) -> Plan {
    // On the back, head toward the front of the base, knees up, arms flung out; the held
    // item dropped beside.
    let pelvis = Vec3::new(0.0, 0.1, 0.14);
    let up = Vec3::new(0.0, 0.08, -1.0).normalize();
    let facing = Vec3::Y;
    let dropped = Held::new(
        grip,
        Vec3::new(0.34, 0.03, 0.08),
        Vec3::new(0.3, 0.0, -1.0).normalize(),
    );
    Plan {
        pelvis,
        up,
        facing,
        look: Vec3::new(0.35, 1.0, -0.2).normalize(),
        feet: [
            Vec3::new(0.13, len::ANKLE, 0.45),
            Vec3::new(-0.16, len::ANKLE, 0.4),
        ],
        knee_pole: [Vec3::new(0.2, 1.0, 0.0), Vec3::new(-0.3, 1.0, 0.0)],
        toe: [
            Vec3::new(0.2, 0.0, 1.0).normalize(),
            Vec3::new(-0.3, 0.0, 1.0).normalize(),
        ],
        hands: [Vec3::new(0.36, 0.05, -0.2), Vec3::new(-0.35, 0.05, -0.05)],
        elbow_pole: [Vec3::new(1.0, 0.0, 0.2), Vec3::new(-1.0, 0.0, 0.2)],
        held: dropped,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reach_keeps_bone_lengths() {
        let root = Vec3::new(0.0, 1.0, 0.0);
        for target in [
            Vec3::new(0.2, 0.6, -0.3),
            Vec3::new(0.0, 0.0, 0.0),
            Vec3::new(5.0, 0.0, 0.0),
        ] {
            let (mid, end) = reach(root, target, 0.3, 0.25, Vec3::Z);
            assert!((mid.distance(root) - 0.3).abs() < 1e-4);
            assert!((end.distance(mid) - 0.25).abs() < 1e-3);
        }
    }

    #[test]
    fn frame_maps_rest_axes() {
        let q = frame(Vec3::Y, Vec3::NEG_Z);
        assert!((q * Vec3::X).distance(Vec3::X) < 1e-5);
        let q = frame(Vec3::NEG_Z, Vec3::Y);
        assert!((q * Vec3::Y).distance(Vec3::NEG_Z) < 1e-5);
        assert!((q * Vec3::NEG_Z).distance(Vec3::Y) < 1e-5);
    }
}
