//! The route a move walks, for its `Moved` event: the geometry's 3D path cut into stretches
//! (walked, climbed, dropped, jumped), and the part of it a model walked before it stopped.

use redline_battlespace as bs;

use crate::protocol::route::{LegKind, RouteLeg};

/// How close (inches, along the route) a jump crossing's start must be to a stretch's.
const JUMP_MATCH: f32 = 0.05;

/// How far from its route a move's end may lie and still be on it, inches: a move stopped
/// at a crossing ends on its route, short of what it crosses.
const ON_ROUTE: f32 = 0.5;

/// The stretches of a legal move's plan, from where the mover stands.
pub(crate) fn legs_of_plan(plan: &bs::MovePlan) -> Vec<RouteLeg> {
    let jumps: Vec<f32> = plan
        .crossings
        .iter()
        .filter(|c| matches!(c.kind, bs::CrossingKind::Jump { .. }))
        .map(|c| c.at)
        .collect();
    legs_of(&plan.path, &jumps)
}

/// The stretches between a path's points: vertical ones climb or drop, a level one that
/// starts where a jump crossing does (`jumps`: horizontal distances along the route) is a
/// jump (MOVE-17), the rest are walked.
fn legs_of(path: &[[f32; 3]], jumps: &[f32]) -> Vec<RouteLeg> {
    let mut along = 0.0;
    let mut legs = Vec::new();
    for pair in path.windows(2) {
        let ([ax, ay, az], [bx, by, bz]) = (pair[0], pair[1]);
        let level = (bx - ax).hypot(bz - az);
        let kind = if level < 1e-3 {
            if by > ay {
                LegKind::Climb
            } else {
                LegKind::Drop
            }
        } else if jumps.iter().any(|j| (j - along).abs() < JUMP_MATCH) {
            LegKind::Jump
        } else {
            LegKind::Walk
        };
        if level >= 1e-3 || (by - ay).abs() >= 1e-3 {
            legs.push(RouteLeg { to: pair[1], kind });
        }
        along += level;
    }
    legs
}

/// The part of the route `legs` (from `from`) a model walked to end at `to`: cut on the
/// stretch nearest `to`, which then ends there. Empty when `to` lies off the route.
pub(crate) fn walked(legs: &[RouteLeg], from: [f32; 3], to: [f32; 3]) -> Vec<RouteLeg> {
    let mut start = from;
    let mut best: Option<(f32, usize)> = None;
    for (i, leg) in legs.iter().enumerate() {
        let d = distance_to_segment(to, start, leg.to);
        if best.is_none_or(|(b, _)| d <= b + 1e-4) {
            best = Some((d, i));
        }
        start = leg.to;
    }
    let Some((_, i)) = best.filter(|(d, _)| *d <= ON_ROUTE) else {
        return Vec::new();
    };
    let mut out = legs[..=i].to_vec();
    if let Some(last) = out.last_mut() {
        last.to = to;
    }
    out
}

fn distance_to_segment(p: [f32; 3], a: [f32; 3], b: [f32; 3]) -> f32 {
    let ab = [b[0] - a[0], b[1] - a[1], b[2] - a[2]];
    let ap = [p[0] - a[0], p[1] - a[1], p[2] - a[2]];
    let dot = |u: [f32; 3], v: [f32; 3]| u[0] * v[0] + u[1] * v[1] + u[2] * v[2];
    let t = (dot(ap, ab) / dot(ab, ab).max(1e-9)).clamp(0.0, 1.0);
    let q = [ap[0] - ab[0] * t, ap[1] - ab[1] * t, ap[2] - ab[2] * t];
    dot(q, q).sqrt()
}

#[cfg(test)]
mod tests {
    use super::*;

    const PATH: [[f32; 3]; 6] = [
        [0.0, 0.0, 0.0],
        [2.0, 0.0, 0.0],
        [2.0, 3.0, 0.0],
        [4.0, 3.0, 0.0],
        [6.0, 3.0, 0.0],
        [6.0, 0.0, 0.0],
    ];

    #[test]
    fn vertical_steps_climb_or_drop_and_a_jump_is_found_by_its_start() {
        let kinds: Vec<LegKind> = legs_of(&PATH, &[4.0]).iter().map(|l| l.kind).collect();
        assert_eq!(
            kinds,
            [
                LegKind::Walk,
                LegKind::Climb,
                LegKind::Walk,
                LegKind::Jump,
                LegKind::Drop
            ]
        );
    }

    #[test]
    fn a_stop_on_the_route_cuts_it_and_one_off_the_route_leaves_none() {
        let legs = legs_of(&PATH, &[4.0]);
        let cut = walked(&legs, PATH[0], [3.0, 3.0, 0.0]);
        assert_eq!(cut.len(), 3);
        assert_eq!(cut[2].to, [3.0, 3.0, 0.0]);
        assert_eq!(cut[1].kind, LegKind::Climb);
        assert!(walked(&legs, PATH[0], [5.0, 0.0, 4.0]).is_empty());
    }
}
