//! Redline's terrain planner, headless: what a player planning a physical table needs before
//! the game, on the same geometry the battle uses (`redline-battlespace`).
//!
//! * [`density`]: pieces per quarter and per square foot against the rulebook's guidance
//!   (FIELD-2, FIELD-3).
//! * [`zones`]: the scenario's deployment zones (FIELD-4, FIELD-7) and how much room scenery
//!   leaves in them.
//! * [`path`]: a Path of Attack between two points, explained the way the battle does.
//! * [`lanes`]: open firing lanes longer than GREEN with nothing in the way.
//! * [`markers`]: the scenery within reach of each of the scenario's markers (GEN-7,
//!   FIELD-6).
//! * [`heatmap`]: the exposure heat map — from how many sample points of each deployment zone
//!   a spot can be attacked within GREEN, and how many of those attacks find it without cover.
//! * [`share`]: a short text code holding a whole layout, to paste into a chat.
//! * [`climb`]: climbing routes to elevated tops — whether and how a model gets up (MOVE-17,
//!   MOVE-22..27), found with the battle's route finder.
//! * [`outline`]: each placed piece's footprint, name, tags and distances from the edges, as
//!   drawn by [`export`]: a 1:1 tiled PDF with an overview page, an SVG and a PNG.
//! * [`modules`]: what the optional modules read of each part (material and Hardness,
//!   Structure, Fuel, storey, doors and windows to lock), and whether the layout has the
//!   pieces the modules on need (MOD-1).
//! * [`tags`]: the rulebook's guidance for what each part is (MOVE-7, MOVE-12, MOVE-13,
//!   POA-10), suggested beside what the players agreed (FIELD-11).
//! * [`save`]: layouts saved as versioned RON through the shared atomic store (format 2 adds
//!   agreed tags; format 1 files are migrated on reading).
//! * [`generate`]: a seeded random layout that follows the density guidance, optionally
//!   symmetric, never overlapping pieces and never reaching into a deployment zone.
//!
//! Layouts are the content packs' [`redline_content::schema::Layout`] (placed pieces of the
//! scenery library); the checks turn them into a [`redline_battlespace::Battlespace`] with
//! [`redline_content::convert`].

pub mod climb;
pub mod density;
pub mod export;
pub mod generate;
pub mod heatmap;
pub mod lanes;
pub mod markers;
pub mod modules;
pub mod outline;
pub mod path;
pub mod save;
pub mod share;
pub mod tags;
pub mod zones;

pub use climb::{ClimbRoute, WayUp, climbing_routes};
pub use density::{Density, Finding, Guidance};
pub use export::{Paper, Tiling, tiling};
pub use generate::{GenerateError, GenerateOptions, Symmetry, generate};
pub use heatmap::{CellExposure, HeatMap, HeatMapOptions, ZoneHeat, heat_map};
pub use lanes::{FiringLane, open_lanes};
pub use markers::{MarkerCheck, check_markers};
pub use modules::{ModuleNeed, PartModuleTags, check_module_needs, module_tags};
pub use outline::{TablePlan, table_plan};
pub use path::{PathCheck, path_check};
pub use share::{ShareError, decode, encode};
pub use zones::{ZONE_SPOTS_NEEDED, ZoneCheck, check_zones};

use redline_battlespace::{Battlespace, LayoutError};
use redline_content::Catalog;
use redline_content::convert::{ConvertError, to_battlespace_layout_of};
use redline_content::schema::Layout;

/// Why a layout can't be checked.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum PlanError {
    /// A placed piece names scenery the catalog doesn't have.
    #[error(transparent)]
    Convert(#[from] ConvertError),
    /// The layout breaks a limit on input (docs/limits.md): a table larger than any the
    /// rulebook plays on, too many pieces, a piece off the table.
    #[error("layout '{layout}' is refused: {why}")]
    Limits {
        /// The layout's id (cut to a short excerpt).
        layout: String,
        /// Which limit.
        why: String,
    },
    /// The geometry refused the layout (a piece off the table, a bad size).
    #[error("layout '{layout}': {source}")]
    Geometry {
        /// The layout's id.
        layout: String,
        /// What the geometry said.
        source: LayoutError,
    },
}

/// Refuses a layout beyond the limits on input before any check works on it.
pub fn within_limits(layout: &Layout) -> Result<(), PlanError> {
    match layout.limits_problem() {
        None => Ok(()),
        Some(why) => Err(PlanError::Limits {
            layout: redline_content::limits::excerpt(&layout.id).into_owned(),
            why,
        }),
    }
}

/// The battlespace a pack layout makes: each part of each placed piece is one scenery piece.
/// A layout beyond the limits on input is refused ([`within_limits`]).
pub fn battlespace_of(catalog: &Catalog, layout: &Layout) -> Result<Battlespace, PlanError> {
    within_limits(layout)?;
    let bs_layout = to_battlespace_layout_of(catalog, layout)?;
    Battlespace::from_layout(bs_layout).map_err(|source| PlanError::Geometry {
        layout: layout.id.clone(),
        source,
    })
}
