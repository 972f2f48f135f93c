//! Buildings (MOD-9): a building's storeys, their floors and footprints, where a model
//! stands in or on one, and the battlespace after storeys collapse (TERR-13, TERR-15).
//!
//! A part belongs to a storey when its [`StoreyOf`] says so. The queries read the
//! battlespace they are asked of, so a storey that collapsed, and whose parts were taken out,
//! no longer counts.

use crate::error::LayoutError;
use crate::model::ModelBase;
use crate::scenery::{SceneryKind, SceneryPiece, SceneryShape};
use crate::space::Battlespace;
use crate::units::{Hypot, REACH, STEP};

/// Where a model stands with respect to a building (MOD-9).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BuildingPlace {
    /// On the floor of the storey, within the footprint its walls enclose.
    In {
        /// The building.
        building: u32,
        /// The storey, from 1.
        storey: u8,
    },
    /// On the roof: the top storey's slab.
    On {
        /// The building.
        building: u32,
    },
}

impl BuildingPlace {
    /// The building this place is in or on.
    pub fn building(self) -> u32 {
        match self {
            BuildingPlace::In { building, .. } | BuildingPlace::On { building } => building,
        }
    }
}

impl Battlespace {
    /// The buildings standing on the table, by number, ascending.
    pub fn buildings(&self) -> Vec<u32> {
        let mut out: Vec<u32> = self
            .pieces()
            .iter()
            .filter_map(|p| p.storey.map(|s| s.building))
            .collect();
        out.sort_unstable();
        out.dedup();
        out
    }

    /// The parts of storey `number` of `building` still standing, in piece order.
    pub fn storey_parts(&self, building: u32, number: u8) -> Vec<&SceneryPiece> {
        self.pieces()
            .iter()
            .filter(|p| {
                p.storey
                    .is_some_and(|s| s.building == building && s.number == number)
            })
            .collect()
    }

    /// The building's highest storey still standing; 0 when none stands.
    pub fn top_storey(&self, building: u32) -> u8 {
        self.pieces()
            .iter()
            .filter_map(|p| p.storey.filter(|s| s.building == building))
            .map(|s| s.number)
            .max()
            .unwrap_or(0)
    }

    /// The floor of a storey: the lowest foot of its parts (MOD-9: the table for storey 1,
    /// the slab of the storey below for any other). `None` when the storey doesn't stand.
    pub fn storey_floor(&self, building: u32, number: u8) -> Option<f32> {
        self.storey_parts(building, number)
            .iter()
            .filter(|p| !p.storey.is_some_and(|s| s.slab))
            .map(|p| p.base)
            .reduce(f32::min)
    }

    /// The roof: the top of the highest standing storey's slab, if it has one.
    pub fn roof_height(&self, building: u32) -> Option<f32> {
        let top = self.top_storey(building);
        self.storey_parts(building, top)
            .iter()
            .find(|p| p.storey.is_some_and(|s| s.slab))
            .map(|p| p.top())
    }

    /// The footprint a storey's parts enclose: the convex hull of their corners (x, z),
    /// counter-clockwise. Empty when the storey doesn't stand.
    pub fn storey_footprint(&self, building: u32, number: u8) -> Vec<[f32; 2]> {
        let points: Vec<[f32; 2]> = self
            .storey_parts(building, number)
            .iter()
            .flat_map(|p| corners(p))
            .collect();
        convex_hull(&points)
    }

    /// Where the model stands with respect to the buildings (MOD-9): in a storey when it
    /// stands on that storey's floor within its footprint, on a building when it stands on
    /// its roof; `None` anywhere else.
    pub fn building_place(&self, base: &ModelBase) -> Option<BuildingPlace> {
        let [x, y, z] = base.position;
        for building in self.buildings() {
            let top = self.top_storey(building);
            for storey in 1..=top {
                let on_floor = self
                    .storey_floor(building, storey)
                    .is_some_and(|f| (f - y).abs() <= STEP);
                if on_floor && inside(&self.storey_footprint(building, storey), [x, z]) {
                    return Some(BuildingPlace::In { building, storey });
                }
            }
            let on_roof = self
                .roof_height(building)
                .is_some_and(|r| (r - y).abs() <= STEP);
            if on_roof && inside(&self.storey_footprint(building, top), [x, z]) {
                return Some(BuildingPlace::On { building });
            }
        }
        None
    }

    /// Whether the model's base is within reach of the building's footprint, seen from
    /// above (GEN-7, TERR-14); a model over the footprint is.
    pub fn within_reach_of_building(&self, base: &ModelBase, building: u32) -> bool {
        let footprint = self.storey_footprint(building, 1);
        let [x, _, z] = base.position;
        footprint.len() >= 3 && distance_outside(&footprint, [x, z]) - base.radius <= REACH
    }

    /// The battlespace after storey `from` of `building` and every storey above it collapse
    /// (TERR-13, TERR-15): their parts are taken out, and rubble `rubble_id` covers the
    /// footprint of storey `from` on its floor. Models stand on the rubble: it is a surface,
    /// but only 1" high, so it is never an elevated edge (POA-10).
    pub fn with_collapse(
        &self,
        building: u32,
        from: u8,
        rubble_id: u32,
    ) -> Result<Battlespace, LayoutError> {
        let footprint = self.storey_footprint(building, from);
        let floor = self.storey_floor(building, from).unwrap_or(0.0);
        let mut pieces: Vec<SceneryPiece> = self
            .pieces()
            .iter()
            .filter(|p| {
                !p.storey
                    .is_some_and(|s| s.building == building && s.number >= from)
            })
            .cloned()
            .collect();
        if footprint.len() >= 3 {
            let shape = SceneryShape::Hull {
                footprint,
                height: crate::breach::RUBBLE_HEIGHT,
            };
            let mut rubble = SceneryPiece::new(
                rubble_id,
                "rubble of a collapsed building",
                SceneryKind::Obstacle,
                shape,
            )
            .elevated();
            rubble.base = floor;
            pieces.push(rubble);
        }
        Battlespace::new(*self.table(), pieces)
    }
}

impl SceneryPiece {
    /// Whether the two parts' footprints overlap seen from above, judged by the boxes along
    /// the table's axes that hold them (with a wall's thickness), so a part resting on
    /// another can be told from one that merely stands at the same height (TERR-10).
    pub fn footprint_overlaps(&self, other: &SceneryPiece) -> bool {
        let (a, b) = (bounds(self), bounds(other));
        a[0] <= b[2] + 1e-3 && b[0] <= a[2] + 1e-3 && a[1] <= b[3] + 1e-3 && b[1] <= a[3] + 1e-3
    }
}

/// The part's footprint's bounds along the table's axes: min x, min z, max x, max z.
fn bounds(p: &SceneryPiece) -> [f32; 4] {
    let pad = match p.shape {
        SceneryShape::Wall { thickness, .. } => thickness / 2.0,
        _ => 0.0,
    };
    corners(p).iter().fold(
        [f32::MAX, f32::MAX, f32::MIN, f32::MIN],
        |[x0, z0, x1, z1], [x, z]| {
            [
                x0.min(x - pad),
                z0.min(z - pad),
                x1.max(x + pad),
                z1.max(z + pad),
            ]
        },
    )
}

/// The corners of a part's footprint (x, z): a wall's centre-line ends, a box's four
/// corners, a cylinder's bounding square, a hull's points.
fn corners(p: &SceneryPiece) -> Vec<[f32; 2]> {
    match &p.shape {
        SceneryShape::Wall { from, to, .. } => vec![*from, *to],
        SceneryShape::Box {
            centre,
            size,
            yaw_degrees,
        } => {
            let (s, c) = yaw_degrees.to_radians().sin_cos();
            let (hx, hz) = (size[0] / 2.0, size[2] / 2.0);
            [(-hx, -hz), (hx, -hz), (hx, hz), (-hx, hz)]
                .iter()
                .map(|&(dx, dz)| [centre[0] + dx * c - dz * s, centre[1] + dx * s + dz * c])
                .collect()
        }
        SceneryShape::Cylinder { centre, radius, .. } => {
            let [x, z] = *centre;
            vec![
                [x - radius, z - radius],
                [x + radius, z - radius],
                [x + radius, z + radius],
                [x - radius, z + radius],
            ]
        }
        SceneryShape::Hull { footprint, .. } => footprint.clone(),
    }
}

/// The convex hull of `points` (Andrew's monotone chain), as the geometry treats a hull:
/// counter-clockwise, without repeated points. Fewer than three distinct points come back
/// as they are.
pub fn convex_hull(points: &[[f32; 2]]) -> Vec<[f32; 2]> {
    let mut points = points.to_vec();
    points.sort_by(|a, b| a[0].total_cmp(&b[0]).then(a[1].total_cmp(&b[1])));
    points.dedup();
    if points.len() < 3 {
        return points;
    }
    let cross = |o: [f32; 2], a: [f32; 2], b: [f32; 2]| {
        (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])
    };
    let mut hull: Vec<[f32; 2]> = Vec::with_capacity(points.len() * 2);
    for pass in [points.clone(), points.into_iter().rev().collect()] {
        let start = hull.len();
        for p in pass {
            while hull.len() >= start + 2
                && cross(hull[hull.len() - 2], hull[hull.len() - 1], p) <= 0.0
            {
                hull.pop();
            }
            hull.push(p);
        }
        hull.pop();
    }
    hull
}

/// Whether the point lies inside (or on the edge of) the counter-clockwise convex polygon.
pub(crate) fn inside(polygon: &[[f32; 2]], p: [f32; 2]) -> bool {
    polygon.len() >= 3
        && (0..polygon.len()).all(|i| {
            let (a, b) = (polygon[i], polygon[(i + 1) % polygon.len()]);
            (b[0] - a[0]) * (p[1] - a[1]) - (b[1] - a[1]) * (p[0] - a[0]) >= -1e-4
        })
}

/// How far the point lies outside the convex polygon; 0 inside it.
pub(crate) fn distance_outside(polygon: &[[f32; 2]], p: [f32; 2]) -> f32 {
    if inside(polygon, p) {
        return 0.0;
    }
    (0..polygon.len())
        .map(|i| segment_distance(polygon[i], polygon[(i + 1) % polygon.len()], p))
        .fold(f32::INFINITY, f32::min)
}

/// The distance from `p` to the segment `a`–`b`.
fn segment_distance(a: [f32; 2], b: [f32; 2], p: [f32; 2]) -> f32 {
    let (dx, dz) = (b[0] - a[0], b[1] - a[1]);
    let len2 = dx * dx + dz * dz;
    let t = if len2 < 1e-9 {
        0.0
    } else {
        (((p[0] - a[0]) * dx + (p[1] - a[1]) * dz) / len2).clamp(0.0, 1.0)
    };
    (p[0] - a[0] - t * dx).hypot_exact(p[1] - a[1] - t * dz)
}
