//! What a printed or drawn table shows: each placed piece's footprint seen from above, its
//! name, the tags the players agree before the game (FIELD-11) and how far it stands from the
//! table's edges. The PDF, SVG and PNG exports all draw from a [`TablePlan`].

use redline_battlespace::Hypot;
/// The convex hull of a footprint, counter-clockwise: the geometry's own.
pub use redline_battlespace::convex_hull;
use redline_battlespace::{Edge, OpeningKind, SceneryKind, SceneryPiece, SceneryShape};
use redline_content::Catalog;
use redline_content::convert::to_battlespace_layout_of;
use redline_content::schema::Layout;
use serde::Serialize;

use crate::PlanError;

/// Segments used to draw a cylinder's round footprint.
const CIRCLE_SEGMENTS: usize = 32;

/// A whole table ready to draw, in table inches: x along the long edge (west to east), z from
/// the north edge to the south edge.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct TablePlan {
    /// The layout's id.
    pub id: String,
    /// The layout's name.
    pub name: String,
    /// Size along x, inches.
    pub width: f32,
    /// Size along z, inches.
    pub depth: f32,
    /// Every placed piece, in layout order.
    pub pieces: Vec<PieceOutline>,
}

/// One placed piece as drawn.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PieceOutline {
    /// 1-based number, printed on the footprint and in the overview's list.
    pub number: usize,
    /// The placed piece's label, or the piece's name.
    pub name: String,
    /// The agreed tags, in a fixed order: "barrier" or "obstacle", the height, then
    /// "elevated", "easy to climb", ladders, doors, windows, "draggable".
    pub tags: Vec<String>,
    /// Each part's footprint.
    pub parts: Vec<PartOutline>,
    /// Where the name goes: the middle of the footprint's bounding box.
    pub label_at: [f32; 2],
    /// The footprint's bounding box: `[min x, min z, max x, max z]`.
    pub bounds: [f32; 4],
    /// The turn the piece was placed at, degrees.
    pub rotation_deg: f32,
    /// How far the footprint stands from the nearer west/east edge and the nearer
    /// north/south edge: what a player measures to set it on the real table.
    pub from_edges: [EdgeDistance; 2],
}

/// A distance from one table edge to the nearest point of a footprint.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct EdgeDistance {
    /// The edge measured from.
    pub edge: Edge,
    /// Inches from that edge to the footprint.
    pub inches: f32,
}

/// One part's footprint.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PartOutline {
    /// The footprint's corners, counter-clockwise or clockwise, not closed.
    pub polygon: Vec<[f32; 2]>,
    /// Obstacle or barrier.
    pub kind: SceneryKind,
    /// Whether models may stand on its top.
    pub elevated: bool,
    /// Whether every face is easy to climb (MOVE-27).
    pub easy_climb: bool,
    /// Whether it is light enough to drag (MOVE-14).
    pub draggable: bool,
    /// Height of its top above the table, inches.
    pub top: f32,
    /// Doors and windows of a wall, as stretches of its centre line.
    pub openings: Vec<OpeningMark>,
    /// Where ladders stand.
    pub ladders: Vec<[f32; 2]>,
}

/// A door or window drawn across a wall.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct OpeningMark {
    /// Door or window.
    pub kind: OpeningKind,
    /// One end of the opening on the wall's centre line.
    pub from: [f32; 2],
    /// The other end.
    pub to: [f32; 2],
}

/// The plan of `layout`: every placed piece's footprint, name, tags and edge distances.
pub fn table_plan(catalog: &Catalog, layout: &Layout) -> Result<TablePlan, PlanError> {
    crate::within_limits(layout)?;
    let mut pieces = Vec::with_capacity(layout.pieces.len());
    for (i, placed) in layout.pieces.iter().enumerate() {
        // One placed piece at a time, so its parts stay together (the other pieces are
        // not copied: that would make the plan quadratic in pieces).
        let single = Layout {
            id: layout.id.clone(),
            name: String::new(),
            size: layout.size,
            pieces: vec![placed.clone()],
            text: String::new(),
        };
        let parts = to_battlespace_layout_of(catalog, &single)?.scenery;
        let name = placed.label.clone().unwrap_or_else(|| {
            catalog
                .scenery
                .get(&placed.piece)
                .map(|p| p.name.clone())
                .unwrap_or_else(|| placed.piece.clone())
        });
        pieces.push(piece_outline(
            i + 1,
            name,
            placed.rotation_deg,
            &parts,
            layout.size,
        ));
    }
    Ok(TablePlan {
        id: layout.id.clone(),
        name: layout.name.clone(),
        width: layout.size[0],
        depth: layout.size[1],
        pieces,
    })
}

fn piece_outline(
    number: usize,
    name: String,
    rotation_deg: f32,
    parts: &[SceneryPiece],
    [width, depth]: [f32; 2],
) -> PieceOutline {
    let parts: Vec<PartOutline> = parts.iter().map(part_outline).collect();
    let mut b = [f32::MAX, f32::MAX, f32::MIN, f32::MIN];
    for p in parts.iter().flat_map(|p| &p.polygon) {
        b = [
            b[0].min(p[0]),
            b[1].min(p[1]),
            b[2].max(p[0]),
            b[3].max(p[1]),
        ];
    }
    let nearer = |low: (Edge, f32), high: (Edge, f32)| {
        let (edge, inches) = if low.1 <= high.1 { low } else { high };
        EdgeDistance {
            edge,
            inches: inches.max(0.0),
        }
    };
    PieceOutline {
        number,
        name,
        tags: tags_of(&parts),
        label_at: [(b[0] + b[2]) / 2.0, (b[1] + b[3]) / 2.0],
        bounds: b,
        rotation_deg,
        from_edges: [
            nearer((Edge::West, b[0]), (Edge::East, width - b[2])),
            nearer((Edge::North, b[1]), (Edge::South, depth - b[3])),
        ],
        parts,
    }
}

/// The tags of a piece of several parts: the strongest kind, the tallest top, and each
/// property any part has.
fn tags_of(parts: &[PartOutline]) -> Vec<String> {
    let barrier = parts.iter().any(|p| p.kind == SceneryKind::Barrier);
    let top = parts.iter().map(|p| p.top).fold(0.0, f32::max);
    let mut tags = vec![
        if barrier { "barrier" } else { "obstacle" }.to_owned(),
        format!("{top:.1}\" high"),
    ];
    if parts.iter().any(|p| p.elevated) {
        tags.push("elevated".to_owned());
    }
    if parts.iter().any(|p| p.easy_climb) {
        tags.push("easy to climb".to_owned());
    }
    let count = |kind| {
        parts
            .iter()
            .flat_map(|p| &p.openings)
            .filter(|o| o.kind == kind)
            .count()
    };
    let ladders: usize = parts.iter().map(|p| p.ladders.len()).sum();
    for (n, one, many) in [
        (ladders, "ladder", "ladders"),
        (count(OpeningKind::Door), "door", "doors"),
        (count(OpeningKind::Window), "window", "windows"),
    ] {
        match n {
            0 => {}
            1 => tags.push(format!("1 {one}")),
            n => tags.push(format!("{n} {many}")),
        }
    }
    if parts.iter().any(|p| p.draggable) {
        tags.push("draggable".to_owned());
    }
    tags
}

/// The footprint of one geometry piece.
pub(crate) fn part_outline(piece: &SceneryPiece) -> PartOutline {
    let mut openings = Vec::new();
    if let SceneryShape::Wall { from, to, .. } = &piece.shape {
        let (dx, dz) = (to[0] - from[0], to[1] - from[1]);
        let len = dx.hypot_exact(dz).max(f32::EPSILON);
        let (ux, uz) = (dx / len, dz / len);
        for o in &piece.openings {
            let at = |s: f32| [from[0] + ux * s, from[1] + uz * s];
            openings.push(OpeningMark {
                kind: o.kind,
                from: at(o.along - o.width / 2.0),
                to: at(o.along + o.width / 2.0),
            });
        }
    }
    PartOutline {
        polygon: footprint(&piece.shape),
        kind: piece.kind,
        elevated: piece.elevated,
        easy_climb: piece.easy_climb,
        draggable: piece.draggable,
        top: piece.top(),
        openings,
        ladders: piece.ladders.iter().map(|l| l.at).collect(),
    }
}

/// A shape seen from above: one convex polygon (x, z), turned as the geometry turns it. The
/// exports draw it and the app's Planner screen draws and picks with it.
pub fn footprint(shape: &SceneryShape) -> Vec<[f32; 2]> {
    match shape {
        SceneryShape::Box {
            centre,
            size,
            yaw_degrees,
        } => {
            let (hx, hz) = (size[0] / 2.0, size[2] / 2.0);
            [[-hx, -hz], [hx, -hz], [hx, hz], [-hx, hz]]
                .into_iter()
                .map(|p| add(*centre, turn(p, *yaw_degrees)))
                .collect()
        }
        SceneryShape::Cylinder { centre, radius, .. } => (0..CIRCLE_SEGMENTS)
            .map(|i| {
                let a = std::f32::consts::TAU * i as f32 / CIRCLE_SEGMENTS as f32;
                [centre[0] + radius * a.cos(), centre[1] + radius * a.sin()]
            })
            .collect(),
        SceneryShape::Hull { footprint, .. } => convex_hull(footprint),
        SceneryShape::Wall {
            from,
            to,
            thickness,
            ..
        } => {
            let (dx, dz) = (to[0] - from[0], to[1] - from[1]);
            let len = dx.hypot_exact(dz).max(f32::EPSILON);
            let (nx, nz) = (-dz / len * thickness / 2.0, dx / len * thickness / 2.0);
            vec![
                [from[0] + nx, from[1] + nz],
                [to[0] + nx, to[1] + nz],
                [to[0] - nx, to[1] - nz],
                [from[0] - nx, from[1] - nz],
            ]
        }
    }
}

/// Turns `(x, z)` by `degrees` as the geometry turns boxes (a rotation about +Y).
fn turn([x, z]: [f32; 2], degrees: f32) -> [f32; 2] {
    let (s, c) = degrees.to_radians().sin_cos();
    [x * c + z * s, -x * s + z * c]
}

fn add(a: [f32; 2], b: [f32; 2]) -> [f32; 2] {
    [a[0] + b[0], a[1] + b[1]]
}

/// The word for an edge in measurements ("west").
pub fn edge_word(edge: Edge) -> &'static str {
    match edge {
        Edge::West => "west",
        Edge::East => "east",
        Edge::North => "north",
        Edge::South => "south",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hull_drops_inner_points() {
        let hull = convex_hull(&[[0.0, 0.0], [2.0, 0.0], [1.0, 0.5], [2.0, 2.0], [0.0, 2.0]]);
        assert_eq!(hull.len(), 4);
        assert!(!hull.contains(&[1.0, 0.5]));
    }

    #[test]
    fn a_turned_box_keeps_its_size() {
        let piece = SceneryPiece::new(
            0,
            "crate",
            SceneryKind::Obstacle,
            SceneryShape::Box {
                centre: [5.0, 5.0],
                size: [4.0, 1.0, 2.0],
                yaw_degrees: 90.0,
            },
        );
        let o = part_outline(&piece);
        let xs: Vec<f32> = o.polygon.iter().map(|p| p[0]).collect();
        let span = xs.iter().cloned().fold(f32::MIN, f32::max)
            - xs.iter().cloned().fold(f32::MAX, f32::min);
        assert!(
            (span - 2.0).abs() < 1e-4,
            "turned a quarter, the 4\" side runs along z: {span}"
        );
    }
}
