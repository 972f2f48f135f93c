//! Open firing lanes: straight corridors longer than GREEN where a model at one end can attack
//! one at the other with no cover at all — the long, open shots that make an open table
//! favour ranged attacks (FIELD-3).
//!
//! The planner looks along lines parallel to the table's edges, every `spacing` inches, with a
//! model every inch along each line, and reports each longest clear stretch whose end models
//! are more than GREEN apart (base to base, OPEN-1).

use redline_battlespace::{BASE_27MM_RADIUS, Battlespace, GREEN, ModelBase, PoaOptions};
use serde::Serialize;

/// One open lane.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct FiringLane {
    /// One end (x, z): the centre of a model's base.
    pub from: [f32; 2],
    /// The other end (x, z).
    pub to: [f32; 2],
    /// Distance between the two bases, more than GREEN.
    pub length: f32,
}

fn clean(space: &Battlespace, a: &ModelBase, b: &ModelBase) -> bool {
    let poa = space.path_of_attack(a, b, &[], PoaOptions::default());
    poa.visible() && poa.cover.is_empty()
}

/// The lanes along one line of model positions (`None` where no model can stand).
fn lanes_along(space: &Battlespace, line: &[Option<ModelBase>], out: &mut Vec<FiringLane>) {
    let n = line.len();
    let mut i = 0;
    let mut reported_end = 0;
    while i < n {
        let Some(a) = line[i] else {
            i += 1;
            continue;
        };
        // Grow the stretch from `i` while the far model still has a clean path to `a`; a
        // corridor inside a clean one is clean too, so the next start can keep the far end.
        let mut j = i.max(reported_end);
        while j + 1 < n && line[j + 1].is_some_and(|b| clean(space, &a, &b)) {
            j += 1;
        }
        if let Some(b) = line[j]
            && j > reported_end
        {
            let length = a.distance_to(&b);
            if length > GREEN {
                out.push(FiringLane {
                    from: [a.position[0], a.position[2]],
                    to: [b.position[0], b.position[2]],
                    length,
                });
                reported_end = j;
            }
        }
        if j + 1 >= n {
            break;
        }
        i += 1;
    }
}

/// Every open firing lane longer than GREEN, on lines `spacing` inches apart along both axes.
pub fn open_lanes(space: &Battlespace, spacing: f32) -> Vec<FiringLane> {
    let table = *space.table();
    let spacing = spacing.max(0.5);
    let r = BASE_27MM_RADIUS;
    let model = |x: f32, z: f32| {
        let y = space.level_at(x, z, 0.0);
        let base = ModelBase::new(0, 0, [x, y, z]).with_radius(r);
        space.can_place(&base, &[]).then_some(base)
    };
    let stops = |len: f32| -> Vec<f32> {
        let count = (len - 2.0 * r).floor().max(0.0) as usize;
        (0..=count).map(|k| r + k as f32).collect()
    };
    let offsets = |len: f32| -> Vec<f32> {
        let count = (len / spacing).floor() as usize;
        (0..count).map(|k| (k as f32 + 0.5) * spacing).collect()
    };
    let mut out = Vec::new();
    for z in offsets(table.depth) {
        let line: Vec<_> = stops(table.width)
            .into_iter()
            .map(|x| model(x, z))
            .collect();
        lanes_along(space, &line, &mut out);
    }
    for x in offsets(table.width) {
        let line: Vec<_> = stops(table.depth)
            .into_iter()
            .map(|z| model(x, z))
            .collect();
        lanes_along(space, &line, &mut out);
    }
    out
}
