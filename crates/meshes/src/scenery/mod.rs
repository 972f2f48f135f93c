//! Scenery pieces modelled as what they are, part by part, on the very solids the engine
//! measures.
//!
//! # What you see is what the rules measure
//!
//! Each part of a piece is dressed inside its own solid (the pack's `Box`, `Cylinder`,
//! `Wall` or `Hull` at the part's `at` and `rotation_deg`): decoration never stands more
//! than [`SHELL_TOLERANCE`] proud of the solid, the visual reaches every face of the solid
//! to within the same tolerance, and a wall's doors and windows are left open. The crate's
//! tests check this for every part of every starter kind against the solids the content
//! crate builds for the engine.
//!
//! # Choosing a visual
//!
//! [`SceneryVisual`] names the visuals; [`SceneryVisual::for_piece`] picks one for a piece:
//! the visual the pack names for it (see below), else the starter kind's own, else
//! [`SceneryVisual::Generic`], which dresses any part by its shape (brick for walls,
//! concrete for boxes, a steel post, a drum or a concrete silo for cylinders, rubble for hulls).
//!
//! A content pack names a visual with the `visual` field of its scenery piece, written in
//! RON as `visual: "shipping_container"`; the names are the content crate's
//! `redline_content::visuals::SCENERY_VISUALS`, which the pack validator checks too.

mod container;
mod masonry;
mod props;
mod steel;
mod vehicles;
mod wire;

use glam::{Affine3A, Quat, Vec3};
use redline_content::schema::{Part, SceneryPiece, SceneryTag, Shape};
use redline_content::visuals::SCENERY_VISUALS;

use crate::model::Model;
use crate::surface::{Surface, Texture};

/// How far decoration may stand proud of the engine's solid, and how near the visual must
/// come to each of the solid's faces, in inches.
pub const SHELL_TOLERANCE: f32 = 0.05;

/// A scenery visual: how a piece's parts are dressed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum SceneryVisual {
    /// A 20-foot shipping container: corrugated sides, corner posts, doors with locking bars.
    ShippingContainer,
    /// Containers stacked, each painted differently, with any ladders the parts name.
    StackedContainers,
    /// A brick wall with piers and coping; its doors and windows framed, with sills and
    /// lintels.
    BrickWall,
    /// A broken brick wall with a jagged top and fallen bricks.
    RuinedWall,
    /// A concrete traffic barrier (Jersey profile), in two sections.
    ConcreteBarricade,
    /// A burnt-out car: scorched body, bare rims, an empty cabin.
    BurntOutCar,
    /// A delivery van on its side, wheels toward the viewer.
    OverturnedVan,
    /// A steel oil drum with rolling hoops and a bunged lid.
    OilDrum,
    /// Oil drums, each painted differently.
    DrumCluster,
    /// A wooden cargo crate with battens.
    CargoCrate,
    /// A concrete loading dock with steps cut into its sides and rubber bumpers.
    LoadingDock,
    /// A wooden water tank on steel legs with a ladder up its side.
    WaterTank,
    /// A steel catwalk: a grated deck on stringers with hand rails along its long edges
    /// ([`outside_the_solids`]), pipe posts, a ladder (and railings for thin upright parts on
    /// the deck).
    SteelCatwalk,
    /// A two-storey brick tenement: walls with framed doors and windows, a shop sign,
    /// concrete floors and roof, a fire ladder.
    Tenement,
    /// A chain-link fence: steel posts, a diamond-mesh panel and a top rail (SEC-14).
    ChainLinkFence,
    /// A razor-wire coil: tilted loops of wire pegged along the ground (SEC-14).
    RazorWireCoil,
    /// A timber shophouse: plank walls with framed doors and windows and a board roof.
    TimberHouse,
    /// Any part dressed by its shape: the default for a kind with no visual of its own.
    Generic,
}

/// The starter pack's scenery kinds and their visuals: every starter kind has one (a test
/// checks it, so a new starter kind without a visual fails).
const STARTER_VISUALS: [(&str, SceneryVisual); 18] = [
    ("container", SceneryVisual::ShippingContainer),
    ("container_stack", SceneryVisual::StackedContainers),
    ("wall_window", SceneryVisual::BrickWall),
    ("wall_door", SceneryVisual::BrickWall),
    ("wall_ruined", SceneryVisual::RuinedWall),
    ("barricade", SceneryVisual::ConcreteBarricade),
    ("wrecked_car", SceneryVisual::BurntOutCar),
    ("wrecked_van", SceneryVisual::OverturnedVan),
    ("barrel", SceneryVisual::OilDrum),
    ("barrel_cluster", SceneryVisual::DrumCluster),
    ("crate", SceneryVisual::CargoCrate),
    ("loading_dock", SceneryVisual::LoadingDock),
    ("water_tank", SceneryVisual::WaterTank),
    ("catwalk", SceneryVisual::SteelCatwalk),
    ("tenement", SceneryVisual::Tenement),
    ("fence_chain", SceneryVisual::ChainLinkFence),
    ("fence_razor", SceneryVisual::RazorWireCoil),
    ("shophouse", SceneryVisual::TimberHouse),
];

impl SceneryVisual {
    /// Every visual.
    pub const ALL: [SceneryVisual; 18] = [
        SceneryVisual::ShippingContainer,
        SceneryVisual::StackedContainers,
        SceneryVisual::BrickWall,
        SceneryVisual::RuinedWall,
        SceneryVisual::ConcreteBarricade,
        SceneryVisual::BurntOutCar,
        SceneryVisual::OverturnedVan,
        SceneryVisual::OilDrum,
        SceneryVisual::DrumCluster,
        SceneryVisual::CargoCrate,
        SceneryVisual::LoadingDock,
        SceneryVisual::WaterTank,
        SceneryVisual::SteelCatwalk,
        SceneryVisual::Tenement,
        SceneryVisual::ChainLinkFence,
        SceneryVisual::RazorWireCoil,
        SceneryVisual::TimberHouse,
        SceneryVisual::Generic,
    ];

    /// The visual a pack names: the names are the content crate's [`SCENERY_VISUALS`], in
    /// the order of [`SceneryVisual::ALL`].
    pub fn from_name(name: &str) -> Option<SceneryVisual> {
        SCENERY_VISUALS
            .iter()
            .position(|n| *n == name)
            .map(|i| SceneryVisual::ALL[i])
    }

    /// The name a pack writes for this visual.
    pub fn name(self) -> &'static str {
        SCENERY_VISUALS[self as usize]
    }

    /// The visual of a starter scenery kind, by its id.
    pub fn of_starter_kind(id: &str) -> Option<SceneryVisual> {
        STARTER_VISUALS
            .iter()
            .find(|(k, _)| *k == id)
            .map(|(_, v)| *v)
    }

    /// The visual for a piece: the one named (`named`, else the piece's own `visual`, when it
    /// is a known name), else its starter kind's, else [`SceneryVisual::Generic`].
    pub fn for_piece(piece: &SceneryPiece, named: Option<&str>) -> SceneryVisual {
        named
            .and_then(SceneryVisual::from_name)
            .or_else(|| piece.visual.as_deref().and_then(SceneryVisual::from_name))
            .or_else(|| SceneryVisual::of_starter_kind(&piece.id))
            .unwrap_or(SceneryVisual::Generic)
    }

    /// How this visual dresses one part of a piece.
    fn dressing(self, piece: &SceneryPiece, index: usize) -> Dressing {
        use SceneryVisual as V;
        let part = &piece.parts[index];
        let tags = &part.tags;
        let climb = tags.contains(&SceneryTag::EasyClimb);
        let elevated = tags.contains(&SceneryTag::Elevated);
        match (self, &part.shape) {
            (V::ShippingContainer | V::StackedContainers, Shape::Box { .. }) => Dressing::Container,
            (V::BrickWall | V::Tenement | V::TimberHouse, Shape::Wall { .. }) => {
                Dressing::BrickWall
            }
            (V::RuinedWall, Shape::Wall { .. }) => Dressing::RuinedWall,
            (V::ConcreteBarricade, Shape::Box { .. }) => Dressing::Barricade,
            (V::BurntOutCar, Shape::Hull { .. }) => Dressing::Car,
            (V::OverturnedVan, Shape::Box { .. }) => Dressing::Van,
            (V::OilDrum | V::DrumCluster, Shape::Cylinder { .. }) => Dressing::Drum,
            (V::CargoCrate, Shape::Box { .. }) => Dressing::Crate,
            (V::LoadingDock, Shape::Box { .. }) => Dressing::Dock,
            (V::WaterTank, Shape::Cylinder { .. }) => Dressing::Tank,
            (V::ChainLinkFence, Shape::Wall { .. }) => Dressing::ChainLink,
            (V::RazorWireCoil, Shape::Wall { .. }) => Dressing::RazorCoil,
            (V::SteelCatwalk | V::Tenement, Shape::Box { .. }) if climb && !elevated => {
                Dressing::Ladder
            }
            (V::SteelCatwalk, Shape::Box { height, .. }) if elevated && *height <= 0.5 => {
                Dressing::Deck
            }
            (V::SteelCatwalk, Shape::Box { width, depth, .. }) if width.min(*depth) <= 0.25 => {
                Dressing::Railing
            }
            (V::SteelCatwalk, Shape::Cylinder { .. }) => Dressing::Post,
            (V::Tenement | V::TimberHouse, Shape::Box { .. }) if elevated => Dressing::Floor {
                roof: is_highest(piece, index),
            },
            _ => generic(part),
        }
    }
}

/// How [`SceneryVisual::Generic`] dresses a part: by its shape.
fn generic(part: &Part) -> Dressing {
    let climb = part.tags.contains(&SceneryTag::EasyClimb);
    match &part.shape {
        Shape::Wall { .. } => Dressing::BrickWall,
        Shape::Box { width, depth, .. } if climb && width.min(*depth) <= 0.5 => Dressing::Ladder,
        Shape::Box { .. } => Dressing::Block,
        Shape::Cylinder { radius, height } if *height > 4.0 * radius => Dressing::Post,
        Shape::Cylinder { radius, .. } if *radius <= 0.8 => Dressing::Drum,
        Shape::Cylinder { .. } => Dressing::Silo,
        Shape::Hull { .. } => Dressing::Rubble,
    }
}

/// Whether no elevated part of the piece stands higher than this one.
fn is_highest(piece: &SceneryPiece, index: usize) -> bool {
    let top = |p: &Part| p.at[1] + shape_height(&p.shape);
    let mine = top(&piece.parts[index]);
    piece
        .parts
        .iter()
        .filter(|p| p.tags.contains(&SceneryTag::Elevated))
        .all(|p| top(p) <= mine + 1e-4)
}

fn shape_height(shape: &Shape) -> f32 {
    match shape {
        Shape::Box { height, .. }
        | Shape::Cylinder { height, .. }
        | Shape::Wall { height, .. }
        | Shape::Hull { height, .. } => *height,
    }
}

/// The dressings parts are built with, each inside its part's solid.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Dressing {
    Container,
    BrickWall,
    RuinedWall,
    Barricade,
    Car,
    Van,
    Drum,
    Crate,
    Dock,
    Tank,
    Deck,
    Post,
    Ladder,
    Railing,
    Floor { roof: bool },
    Block,
    Silo,
    Rubble,
    ChainLink,
    RazorCoil,
}

/// What a dressing needs to know about its part and piece.
pub(crate) struct PartCtx<'a> {
    /// The part.
    pub part: &'a Part,
    /// Varies colours between parts and pieces.
    pub variant: u32,
    /// The visual dressing it (trims differ between a tenement and a lone wall).
    pub visual: SceneryVisual,
}

impl PartCtx<'_> {
    /// The part's width, depth and height when it is a box; `None` for another shape.
    pub(crate) fn box_size(&self) -> Option<(f32, f32, f32)> {
        match self.part.shape {
            Shape::Box {
                width,
                depth,
                height,
            } => Some((width, depth, height)),
            _ => None,
        }
    }
}

/// A piece's visual in the piece's own frame (the placed piece's `at`, `elevation` and
/// `rotation_deg` make its transform: translate to (x, elevation, z), turn about +Y).
pub fn scenery(visual: SceneryVisual, piece: &SceneryPiece) -> Model {
    let mut m = Model::new();
    for i in 0..piece.parts.len() {
        m.merge(&scenery_part(visual, piece, i));
    }
    m.merge(&outside_the_solids(visual, piece));
    m
}

/// What a visual adds outside the engine's solids, in the piece's frame: the steel
/// catwalk's hand rails along both long edges of its deck. Visual only: the rules measure
/// the deck's solid, so a model climbs onto the deck and sees over it as if there were no
/// rails, and the shell check of [`scenery_part`] leaves them out.
pub fn outside_the_solids(visual: SceneryVisual, piece: &SceneryPiece) -> Model {
    let mut m = Model::new();
    for (index, part) in piece.parts.iter().enumerate() {
        if visual.dressing(piece, index) != Dressing::Deck {
            continue;
        }
        let ctx = PartCtx {
            part,
            variant: 0,
            visual,
        };
        let mut rails = steel::deck_rails(&ctx).transformed(&part_transform(part));
        textured_uvs(&mut rails);
        m.merge(&rails);
    }
    m
}

/// One part's visual in the piece's frame.
pub fn scenery_part(visual: SceneryVisual, piece: &SceneryPiece, index: usize) -> Model {
    let part = &piece.parts[index];
    let variant = piece
        .id
        .bytes()
        .fold(2_166_136_261u32, |h, b| {
            (h ^ u32::from(b)).wrapping_mul(16_777_619)
        })
        .wrapping_add(index as u32 * 7919);
    let ctx = PartCtx {
        part,
        variant,
        visual,
    };
    let local = match visual.dressing(piece, index) {
        Dressing::Container => container::container(&ctx),
        Dressing::BrickWall => masonry::brick_wall(&ctx),
        Dressing::RuinedWall => masonry::ruined_wall(&ctx),
        Dressing::Barricade => masonry::barricade(&ctx),
        Dressing::Car => vehicles::car(&ctx),
        Dressing::Van => vehicles::van(&ctx),
        Dressing::Drum => props::drum(&ctx),
        Dressing::Crate => props::crate_box(&ctx),
        Dressing::Dock => masonry::dock(&ctx),
        Dressing::Tank => steel::tank(&ctx),
        Dressing::Deck => steel::deck(&ctx),
        Dressing::Post => steel::post(&ctx),
        Dressing::Ladder => steel::ladder(&ctx),
        Dressing::Railing => steel::railing(&ctx),
        Dressing::Floor { roof } => masonry::floor(&ctx, roof),
        Dressing::Block => masonry::block(&ctx),
        Dressing::Silo => masonry::silo(&ctx),
        Dressing::Rubble => masonry::rubble(&ctx),
        Dressing::ChainLink => wire::chain_link(&ctx),
        Dressing::RazorCoil => wire::razor_coil(&ctx),
    };
    let mut placed = local.transformed(&part_transform(part));
    textured_uvs(&mut placed);
    placed
}

/// The transform from a part's own frame to its piece's frame.
pub fn part_transform(part: &Part) -> Affine3A {
    Affine3A::from_rotation_translation(
        Quat::from_rotation_y(part.rotation_deg.to_radians()),
        Vec3::from(part.at),
    )
}

/// Textured surfaces get UVs projected in the piece's frame, continuous across parts.
fn textured_uvs(m: &mut Model) {
    for s in crate::surface::Surface::ALL {
        if s.material().texture.is_some_and(|t| t != Texture::Canvas) && m.get(s).is_some() {
            m.mesh(s).box_uvs();
        }
    }
}

/// Linear RGBA of an sRGB hex colour.
pub(crate) fn paint(hex: u32) -> [f32; 4] {
    crate::figure::tint(hex)
}

/// A colour picked from a palette by a variant number.
pub(crate) fn pick(palette: &[u32], variant: u32) -> [f32; 4] {
    paint(palette[(variant % palette.len() as u32) as usize])
}

/// The surface every scenery dressing uses for dark recesses and shadows in openings.
pub(crate) const RECESS: Surface = Surface::Rubber;
