//! A seeded random layout that follows the density guidance (FIELD-2, FIELD-3), with optional
//! mirror or rotational symmetry for fair play, that never overlaps two pieces and never
//! reaches into a deployment zone (FIELD-4, FIELD-7).
//!
//! Each library piece is bounded by the smallest circle about its origin that holds every
//! part at any turn; two pieces are apart when their circles are at least `gap` apart, and a
//! piece stays out of a zone when its circle does. The test is conservative: some tight
//! arrangements are never tried, but every one made is clear.

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use redline_battlespace::Hypot;
use redline_battlespace::{DeploymentZone, Edge, Quarter, Table};
use redline_content::Catalog;
use redline_content::schema::{Layout, PlacedPiece, SceneryPiece, Shape};
use serde::Serialize;

use crate::density::Guidance;

/// How the generated table repeats itself so both sides get the same ground.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize)]
pub enum Symmetry {
    /// No symmetry.
    #[default]
    None,
    /// The east half mirrors the west half across the north–south centre line.
    Mirror,
    /// The south half is the north half turned half a circle about the table's centre.
    Rotational,
}

/// What to generate.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct GenerateOptions {
    /// Table size (x, z) in inches.
    pub table: [f32; 2],
    /// The seed: the same seed and options give the same layout.
    pub seed: u64,
    /// Symmetry.
    pub symmetry: Symmetry,
    /// Deployment zones to keep clear.
    pub zones: Vec<DeploymentZone>,
    /// Library piece ids to choose from; empty = every piece in the catalog.
    pub palette: Vec<String>,
    /// Fewest inches between two pieces' bounding circles (room for a base to pass is 1.1").
    pub gap: f32,
}

impl GenerateOptions {
    /// Options for a table with no symmetry, no zones, the whole catalog and a 1" gap.
    pub fn new(table: [f32; 2], seed: u64) -> GenerateOptions {
        GenerateOptions {
            table,
            seed,
            symmetry: Symmetry::None,
            zones: Vec::new(),
            palette: Vec::new(),
            gap: 1.0,
        }
    }
}

/// Why no layout could be generated.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum GenerateError {
    /// The palette names a piece the catalog doesn't have.
    #[error("there is no scenery piece '{0}' in the loaded packs")]
    UnknownPiece(String),
    /// There is nothing to place.
    #[error("there are no scenery pieces to choose from")]
    EmptyPalette,
    /// The table size is not usable.
    #[error("the table must have a positive size, not {0}\" x {1}\"")]
    BadTable(f32, f32),
    /// The table is beyond the limits on input (docs/limits.md).
    #[error("the table is refused: {0}")]
    TableTooLarge(String),
}

/// Tries per piece before the generator gives up on that piece.
const TRIES: usize = 120;

/// Whole-table rounds before the generator settles for the fullest one.
const ROUNDS: usize = 8;

/// Radius of the circle about the piece's origin that holds every part at any turn.
pub fn bounding_radius(piece: &SceneryPiece) -> f32 {
    piece
        .parts
        .iter()
        .map(|part| {
            let offset = part.at[0].hypot_exact(part.at[2]);
            let extent = match &part.shape {
                Shape::Box { width, depth, .. } => (width / 2.0).hypot_exact(depth / 2.0),
                Shape::Cylinder { radius, .. } => *radius,
                Shape::Wall {
                    length, thickness, ..
                } => (length / 2.0).hypot_exact(thickness / 2.0),
                Shape::Hull { footprint, .. } => footprint
                    .iter()
                    .map(|p| p[0].hypot_exact(p[1]))
                    .fold(0.0, f32::max),
            };
            offset + extent
        })
        .fold(0.0, f32::max)
}

/// Whether a circle at (x, z) of radius `r` reaches into the zone.
pub fn circle_in_zone(table: &Table, [x, z]: [f32; 2], r: f32, zone: DeploymentZone) -> bool {
    match zone {
        DeploymentZone::Edge { edge, distance } => {
            let from_edge = match edge {
                Edge::West => x,
                Edge::East => table.width - x,
                Edge::North => z,
                Edge::South => table.depth - z,
            };
            from_edge - r < distance
        }
        DeploymentZone::Corner { corner, distance } => {
            let [cx, cz] = table.corner(corner);
            (x - cx).hypot_exact(z - cz) - r < distance
        }
        DeploymentZone::Centre { distance } => {
            let [cx, cz] = table.centre();
            (x - cx).hypot_exact(z - cz) - r < distance
        }
    }
}

struct Placed {
    kind: usize,
    at: [f32; 2],
    rotation: f32,
    radius: f32,
}

fn quarter_bounds(table: &Table, q: Quarter) -> ([f32; 2], [f32; 2]) {
    let (hx, hz) = (table.width / 2.0, table.depth / 2.0);
    let (x, z) = match q {
        Quarter::NorthWest => ([0.0, hx], [0.0, hz]),
        Quarter::NorthEast => ([hx, table.width], [0.0, hz]),
        Quarter::SouthWest => ([0.0, hx], [hz, table.depth]),
        Quarter::SouthEast => ([hx, table.width], [hz, table.depth]),
    };
    (x, z)
}

/// The image of a placement under the symmetry, if it has one.
fn image(table: &Table, s: Symmetry, at: [f32; 2], rotation: f32) -> Option<([f32; 2], f32)> {
    match s {
        Symmetry::None => None,
        Symmetry::Mirror => Some(([table.width - at[0], at[1]], (360.0 - rotation) % 360.0)),
        Symmetry::Rotational => Some((
            [table.width - at[0], table.depth - at[1]],
            (rotation + 180.0) % 360.0,
        )),
    }
}

/// A random layout following the options. The number of pieces aims inside the guidance; on
/// a table crowded by zones it may fall short (the density check then says so).
pub fn generate(catalog: &Catalog, opts: &GenerateOptions) -> Result<Layout, GenerateError> {
    let [w, d] = opts.table;
    if !(w.is_finite() && d.is_finite() && w > 0.0 && d > 0.0) {
        return Err(GenerateError::BadTable(w, d));
    }
    if let Some(why) = redline_content::limits::table_problem(opts.table) {
        return Err(GenerateError::TableTooLarge(why));
    }
    let table = Table::new(w, d);
    let palette: Vec<&SceneryPiece> = if opts.palette.is_empty() {
        catalog.scenery.iter().collect()
    } else {
        opts.palette
            .iter()
            .map(|id| {
                catalog
                    .scenery
                    .get(id)
                    .ok_or_else(|| GenerateError::UnknownPiece(id.clone()))
            })
            .collect::<Result<_, _>>()?
    };
    if palette.is_empty() {
        return Err(GenerateError::EmptyPalette);
    }
    let radii: Vec<f32> = palette.iter().map(|p| bounding_radius(p)).collect();
    let mut by_size: Vec<usize> = (0..palette.len()).collect();
    by_size.sort_by(|&a, &b| radii[a].total_cmp(&radii[b]));
    let mut rng = ChaCha8Rng::seed_from_u64(opts.seed);
    let guidance = Guidance::for_table(&table);
    let primaries: &[Quarter] = match opts.symmetry {
        Symmetry::None => &Quarter::ALL,
        Symmetry::Mirror => &[Quarter::NorthWest, Quarter::SouthWest],
        Symmetry::Rotational => &[Quarter::NorthWest, Quarter::NorthEast],
    };
    let copies = if opts.symmetry == Symmetry::None {
        1
    } else {
        2
    };
    let (qlow, qhigh) = guidance.per_quarter;
    let (low, high) = guidance.total;
    let mut counts = vec![qlow; primaries.len()];
    for _ in 0..20 {
        counts = primaries
            .iter()
            .map(|_| rng.random_range(qlow..=qhigh.max(qlow)))
            .collect();
        let total = counts.iter().sum::<usize>() * copies;
        if (low..=high).contains(&total) {
            break;
        }
    }
    let clear = |placed: &[Placed], at: [f32; 2], r: f32| {
        at[0] - r >= 0.0
            && at[0] + r <= w
            && at[1] - r >= 0.0
            && at[1] + r <= d
            && !opts
                .zones
                .iter()
                .any(|&zone| circle_in_zone(&table, at, r, zone))
            && placed
                .iter()
                .all(|p| (p.at[0] - at[0]).hypot_exact(p.at[1] - at[1]) >= p.radius + r + opts.gap)
    };
    // A round places each quarter's count; a round that falls short in some quarter (big
    // pieces crowding it) is tried again, up to ROUNDS times, keeping the fullest table.
    let wanted: usize = counts.iter().sum::<usize>() * copies;
    let mut best: Vec<Placed> = Vec::new();
    for _ in 0..ROUNDS {
        let mut placed: Vec<Placed> = Vec::new();
        for (&q, &count) in primaries.iter().zip(&counts) {
            let ([x0, x1], [z0, z1]) = quarter_bounds(&table, q);
            for _ in 0..count {
                for attempt in 0..TRIES {
                    // Late tries pick from the smaller half of the palette: a crowded quarter
                    // still takes a barrel where a building no longer fits.
                    let pool = if attempt < TRIES / 2 {
                        by_size.len()
                    } else {
                        by_size.len().div_ceil(2)
                    };
                    let kind = by_size[rng.random_range(0..pool)];
                    let r = radii[kind];
                    let at = [rng.random_range(x0..x1), rng.random_range(z0..z1)];
                    let rotation = (rng.random_range(0..24u32) * 15) as f32;
                    if !clear(&placed, at, r) {
                        continue;
                    }
                    let mirrored = image(&table, opts.symmetry, at, rotation);
                    if let Some((at2, _)) = mirrored {
                        let own = Placed {
                            kind,
                            at,
                            rotation,
                            radius: r,
                        };
                        if !clear(std::slice::from_ref(&own), at2, r) || !clear(&placed, at2, r) {
                            continue;
                        }
                    }
                    placed.push(Placed {
                        kind,
                        at,
                        rotation,
                        radius: r,
                    });
                    if let Some((at2, rot2)) = mirrored {
                        placed.push(Placed {
                            kind,
                            at: at2,
                            rotation: rot2,
                            radius: r,
                        });
                    }
                    break;
                }
            }
        }
        if placed.len() > best.len() {
            best = placed;
        }
        if best.len() >= wanted {
            break;
        }
    }
    let placed = best;
    let pieces = placed
        .iter()
        .enumerate()
        .map(|(i, p)| {
            let piece = palette[p.kind];
            let same = placed.iter().filter(|o| o.kind == p.kind).count();
            let nth = placed[..=i].iter().filter(|o| o.kind == p.kind).count();
            PlacedPiece {
                piece: piece.id.clone(),
                at: p.at,
                elevation: 0.0,
                rotation_deg: p.rotation,
                label: (same > 1).then(|| format!("{} {nth}", piece.name)),
                tags: Vec::new(),
            }
        })
        .collect();
    let symmetry = match opts.symmetry {
        Symmetry::None => "no symmetry",
        Symmetry::Mirror => "mirrored east to west",
        Symmetry::Rotational => "turned half a circle about the centre",
    };
    Ok(Layout {
        id: format!("generated_{}", opts.seed),
        name: format!("Generated table {}", opts.seed),
        size: opts.table,
        pieces,
        text: format!("Generated from seed {} ({symmetry}).", opts.seed),
    })
}
