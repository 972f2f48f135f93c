//! Turning pack layouts into the geometry crate's scenery: each part of each placed piece
//! becomes one [`redline_battlespace::SceneryPiece`] in table coordinates.

use redline_battlespace as bs;

use redline_rules::{Module, Modules};

use crate::load::Catalog;
use crate::schema::{Layout, Material, Part, PlacedPiece, SceneryTag, Shape, Zone};

/// Why a layout can't become a battlespace layout.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ConvertError {
    /// No layout has this id.
    #[error("no layout '{0}'")]
    UnknownLayout(String),
    /// A placed piece names a piece the catalog doesn't have.
    #[error("layout '{layout}' places unknown scenery '{piece}'")]
    UnknownPiece {
        /// Layout id.
        layout: String,
        /// Piece id.
        piece: String,
    },
    /// The tags agreed for a placed piece don't fit it (FIELD-11).
    #[error("layout '{layout}', piece '{piece}': {why}")]
    BadTags {
        /// Layout id.
        layout: String,
        /// The placed piece's label or name.
        piece: String,
        /// What is wrong.
        why: String,
    },
}

/// Turns `(x, z)` by `degrees` the way the geometry crate turns boxes (a rotation about +Y).
fn turn([x, z]: [f32; 2], degrees: f32) -> [f32; 2] {
    let (s, c) = degrees.to_radians().sin_cos();
    [x * c + z * s, -x * s + z * c]
}

fn add(a: [f32; 2], b: [f32; 2]) -> [f32; 2] {
    [a[0] + b[0], a[1] + b[1]]
}

/// The geometry crate's layout for a catalog layout. Piece ids number the parts in order;
/// names are the placed piece's label (or the piece's name), plus the part's name for
/// pieces of several parts. Each part carries the tags the players agreed for it
/// ([`PlacedPiece::agreed_part`]), else the pack's.
pub fn to_battlespace_layout(
    catalog: &Catalog,
    layout_id: &str,
) -> Result<bs::Layout, ConvertError> {
    let layout = layout_of(catalog, layout_id)?;
    to_battlespace_layout_of(catalog, layout)
}

/// As [`to_battlespace_layout`], for a layout value (from the planner, say).
pub fn to_battlespace_layout_of(
    catalog: &Catalog,
    layout: &Layout,
) -> Result<bs::Layout, ConvertError> {
    let mut scenery = Vec::new();
    for placed in &layout.pieces {
        let piece = piece_of(catalog, layout, placed)?;
        let label = placed.label.clone().unwrap_or_else(|| piece.name.clone());
        if let Some(why) = placed.tags_problem(&piece.parts) {
            return Err(ConvertError::BadTags {
                layout: layout.id.clone(),
                piece: label,
                why,
            });
        }
        for (index, part) in piece.parts.iter().enumerate() {
            // What the players agreed the part is (FIELD-11) decides how the game treats it.
            let part = &placed.agreed_part(index, part);
            let name = if piece.parts.len() == 1 || part.name.is_empty() {
                label.clone()
            } else {
                format!("{label} ({})", part.name)
            };
            let id = u32::try_from(scenery.len()).unwrap_or(u32::MAX);
            scenery.push(convert_part(id, name, placed, part));
        }
    }
    Ok(bs::Layout {
        table: bs::Table::new(layout.size[0], layout.size[1]),
        scenery,
    })
}

/// What the damaging-scenery module reads of a part (MODULES.md Data; TERR-2..TERR-8):
/// `None` for an Immune part, which can't be targeted (TERR-3). The material sets the
/// Hardness unless the part names its own; a Soft part leaves no rubble unless it says so.
pub fn damageable(part: &Part) -> Option<bs::Damageable> {
    let material = part.material.unwrap_or(Material::Immune);
    let hardness = part.hardness.or(material.hardness())?;
    if material == Material::Immune {
        return None;
    }
    let soft = material == Material::Soft;
    Some(bs::Damageable {
        hardness,
        structure: part.structure,
        section_len: part.section_len.unwrap_or(bs::SECTION_LEN),
        rubble: part.rubble.unwrap_or(!soft),
        soft,
    })
}

/// What the optional modules read of one battlespace piece (MODULES.md Data).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ModuleData {
    /// Hardness, Structure and sections, for the damaging-scenery module ([`damageable`]).
    pub damage: Option<bs::Damageable>,
    /// The building storey the part belongs to (MOD-9).
    pub storey: Option<bs::StoreyOf>,
    /// Its Fuel (FIRE-4): a part in no storey has its own (`None`: it never burns); a part
    /// of a building storey carries its compartment's, 1 unless the pack says otherwise.
    pub fuel: Option<u8>,
    /// What it is as a fence (SEC-14); `None` for a part that is no fence.
    pub fence: Option<bs::FenceKind>,
    /// The rooms of the part's storey on the table (MOD-9), each a footprint of (x, z)
    /// points; empty for a storey that is one compartment and for a part in no storey.
    pub rooms: Vec<Vec<[f32; 2]>>,
    /// The pack's names of those rooms, in their order (`None` for one left unnamed); empty
    /// when the pack names none.
    pub room_names: Vec<Option<String>>,
}

/// For each battlespace piece of the layout, in order, what the modules read of it; set on
/// the pieces only by [`with_module_data`] (MOD-2).
pub fn module_data(catalog: &Catalog, layout_id: &str) -> Result<Vec<ModuleData>, ConvertError> {
    module_data_of(catalog, layout_of(catalog, layout_id)?)
}

/// [`module_data`] for a layout that need not be in the catalog (one laid out in the
/// planner): one entry per battlespace piece, in the order [`to_battlespace_layout_of`]
/// makes them.
pub fn module_data_of(catalog: &Catalog, layout: &Layout) -> Result<Vec<ModuleData>, ConvertError> {
    let mut out = Vec::new();
    for (building, placed) in layout.pieces.iter().enumerate() {
        let piece = piece_of(catalog, layout, placed)?;
        out.extend(piece.parts.iter().map(|part| {
            let storey = piece
                .storeys
                .iter()
                .enumerate()
                .find(|(_, s)| s.parts.contains(&part.name));
            ModuleData {
                damage: damageable(part),
                storey: storey.map(|(k, s)| bs::StoreyOf {
                    building: building as u32,
                    number: (k + 1) as u8,
                    structure: s.structure.unwrap_or_else(|| storey_structure(piece, s)),
                    slab: part.is_slab(),
                }),
                fuel: match storey {
                    Some((_, s)) => Some(s.fuel.unwrap_or(1)),
                    None => part.fuel,
                },
                fence: part.fence,
                rooms: storey.map_or_else(Vec::new, |(_, s)| rooms_on_table(placed, s)),
                room_names: storey.map_or_else(Vec::new, |(_, s)| room_names(s)),
            }
        }));
    }
    Ok(out)
}

/// A storey's rooms (MOD-9), each footprint moved from the piece's origin to the table as
/// the piece is placed and turned.
fn rooms_on_table(placed: &PlacedPiece, storey: &crate::schema::Storey) -> Vec<Vec<[f32; 2]>> {
    storey
        .rooms
        .iter()
        .map(|r| {
            r.footprint
                .iter()
                .map(|p| add(placed.at, turn(*p, placed.rotation_deg)))
                .collect()
        })
        .collect()
}

/// A storey's room names (FIRE-15), in its rooms' order; empty when it names none, so a
/// battlespace without names is as before.
fn room_names(storey: &crate::schema::Storey) -> Vec<Option<String>> {
    if storey.rooms.iter().all(|r| r.name.is_none()) {
        return Vec::new();
    }
    storey.rooms.iter().map(|r| r.name.clone()).collect()
}

/// The battlespace with each piece's module data from `data` (in piece order), each field
/// kept only while a module that reads it is on and cleared otherwise (MOD-2): damage with
/// TERR, storeys with TERR or FIRE, Fuel and rooms (with their names) with FIRE, the fence
/// with SEC. With SEC and TERR on a fence is Soft: Hardness 0, Structure 1 a section, and
/// it leaves nothing (SEC-14). A game with those modules off carries none, so its layout
/// serialises and hashes as the core game's.
pub fn with_module_data(
    space: &bs::Battlespace,
    data: &[ModuleData],
    modules: &Modules,
) -> Result<bs::Battlespace, bs::LayoutError> {
    let terr = modules.contains(&Module::Terr);
    let fire = modules.contains(&Module::Fire);
    let sec = modules.contains(&Module::Sec);
    let pieces = space
        .pieces()
        .iter()
        .enumerate()
        .map(|(i, p)| {
            let mut p = p.clone();
            let d = data.get(i).cloned().unwrap_or_default();
            p.damage = d.damage.filter(|_| terr);
            p.storey = d.storey.filter(|_| terr || fire);
            p.fuel = d.fuel.filter(|_| fire);
            p.fence = d.fence.filter(|_| sec);
            if p.fence.is_some() && terr {
                p.damage = Some(soft_fence(d.damage));
            }
            (p.rooms, p.room_names) = if fire {
                (d.rooms, d.room_names)
            } else {
                (Vec::new(), Vec::new())
            };
            p
        })
        .collect();
    bs::Battlespace::new(*space.table(), pieces)
}

/// SEC-14: with TERR on a fence is Soft, Hardness 0, Structure 1 a section, and leaves
/// nothing when destroyed; its sections keep the pack's length.
fn soft_fence(data: Option<bs::Damageable>) -> bs::Damageable {
    bs::Damageable {
        hardness: 0,
        structure: Some(1),
        section_len: data.map_or(bs::SECTION_LEN, |d| d.section_len),
        rubble: false,
        soft: true,
    }
}

/// The catalog's layout `layout_id`.
fn layout_of<'c>(catalog: &'c Catalog, layout_id: &str) -> Result<&'c Layout, ConvertError> {
    catalog
        .layouts
        .get(layout_id)
        .ok_or_else(|| ConvertError::UnknownLayout(layout_id.to_owned()))
}

/// The catalog's scenery piece a layout places, or which layout names an unknown one.
fn piece_of<'c>(
    catalog: &'c Catalog,
    layout: &Layout,
    placed: &PlacedPiece,
) -> Result<&'c crate::schema::SceneryPiece, ConvertError> {
    catalog
        .scenery
        .get(&placed.piece)
        .ok_or_else(|| ConvertError::UnknownPiece {
            layout: layout.id.clone(),
            piece: placed.piece.clone(),
        })
}
/// TERR-5's Structure of a storey by the material of its walls: Wood or Metal 3, Brick 4,
/// Reinforced 5 (the hardest wall decides).
fn storey_structure(piece: &crate::schema::SceneryPiece, storey: &crate::schema::Storey) -> u8 {
    let hardest = piece
        .parts
        .iter()
        .filter(|p| storey.parts.contains(&p.name))
        .filter_map(|p| p.hardness.or(p.material.and_then(Material::hardness)))
        .max()
        .unwrap_or(1);
    match hardest {
        0..=2 => 3,
        3 | 4 => 4,
        _ => 5,
    }
}

fn convert_part(id: u32, name: String, placed: &PlacedPiece, part: &Part) -> bs::SceneryPiece {
    let yaw = placed.rotation_deg + part.rotation_deg;
    let centre = add(
        placed.at,
        turn([part.at[0], part.at[2]], placed.rotation_deg),
    );
    let shape = match &part.shape {
        Shape::Box {
            width,
            depth,
            height,
        } => bs::SceneryShape::Box {
            centre,
            size: [*width, *height, *depth],
            yaw_degrees: yaw,
        },
        Shape::Cylinder { radius, height } => bs::SceneryShape::Cylinder {
            centre,
            radius: *radius,
            height: *height,
        },
        Shape::Wall {
            length,
            thickness,
            height,
        } => bs::SceneryShape::Wall {
            from: add(centre, turn([-length / 2.0, 0.0], yaw)),
            to: add(centre, turn([length / 2.0, 0.0], yaw)),
            thickness: *thickness,
            height: *height,
        },
        Shape::Hull { footprint, height } => bs::SceneryShape::Hull {
            footprint: footprint
                .iter()
                .map(|p| add(centre, turn(*p, yaw)))
                .collect(),
            height: *height,
        },
    };
    let kind = if part.tags.contains(&SceneryTag::Barrier) {
        bs::SceneryKind::Barrier
    } else {
        bs::SceneryKind::Obstacle
    };
    let mut out = bs::SceneryPiece::new(id, &name, kind, shape);
    out.base = placed.elevation + part.at[1];
    out.elevated = part.tags.contains(&SceneryTag::Elevated);
    out.easy_climb = part.tags.contains(&SceneryTag::EasyClimb);
    out.draggable = part.tags.contains(&SceneryTag::Draggable);
    if let Shape::Wall { length, .. } = part.shape {
        out.openings = part
            .openings
            .iter()
            .map(|o| bs::Opening {
                kind: o.kind,
                along: o.along + length / 2.0,
                width: o.width,
                bottom: o.sill,
                top: o.sill + o.height,
            })
            .collect();
    }
    out.ladders = part
        .ladders
        .iter()
        .map(|l| bs::Ladder {
            at: add(centre, turn(l.at, yaw)),
            width: l.width,
        })
        .collect();
    out
}

impl Zone {
    /// The geometry crate's deployment zone (FIELD-4).
    pub fn to_battlespace(self) -> bs::DeploymentZone {
        match self {
            Zone::Edge { edge, within } => bs::DeploymentZone::Edge {
                edge,
                distance: within.inches(),
            },
            Zone::Corner { corner, within } => bs::DeploymentZone::Corner {
                corner,
                distance: within.inches(),
            },
            Zone::Centre { within } => bs::DeploymentZone::Centre {
                distance: within.inches(),
            },
        }
    }
}
