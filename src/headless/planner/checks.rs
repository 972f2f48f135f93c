//! The live checks of the layout being planned, as a player reads a table: pieces per quarter
//! and per square foot (FIELD-2, FIELD-3), room in each deployment zone (FIELD-4, FIELD-7),
//! open firing lanes longer than GREEN and, on request, the exposure heat map and the
//! climbing routes to elevated tops (one or two actions, MOVE-22..27, MOVE-17). All of it
//! comes from `redline-planner` on the same geometry the battle uses, built with the tags the
//! players agreed for each piece (FIELD-11).

use redline_battlespace::{Battlespace, DeploymentZone, SceneryKind};
use redline_content::Catalog;
use redline_content::schema::{Layout, Scenario};
use redline_planner::density::density;
use redline_planner::zones::{scenario_zones, zone_findings};
use redline_planner::{
    ClimbRoute, Density, Finding, FiringLane, HeatMap, HeatMapOptions, ZoneCheck, battlespace_of,
    check_zones, climbing_routes, heat_map, open_lanes,
};

use crate::headless::planner::footprint::{contains, outline};

/// Spacing of the lines searched for open firing lanes, in inches.
pub const LANE_SPACING: f32 = 2.0;

/// One solid of a placed piece, seen from above.
#[derive(Debug, Clone, PartialEq)]
pub struct PartOutline {
    /// Index of the placed piece it belongs to.
    pub owner: usize,
    /// The name the battle gives it.
    pub name: String,
    /// Its footprint (x, z).
    pub polygon: Vec<[f32; 2]>,
    /// Barrier (true) or obstacle.
    pub barrier: bool,
    /// Whether models can stand on its top.
    pub elevated: bool,
    /// Height of its top above the table.
    pub top: f32,
}

/// Everything the planner shows about the layout as it stands.
#[derive(Debug, Clone)]
pub struct Checks {
    /// The geometry of the layout, when it can be built.
    pub space: Option<Battlespace>,
    /// Why the geometry could not be built.
    pub error: Option<String>,
    /// Each part's footprint.
    pub parts: Vec<PartOutline>,
    /// Pieces per quarter and per square foot against the guidance.
    pub density: Density,
    /// The scenario's zones with the room left in each.
    pub zones: Vec<ZoneCheck>,
    /// Density and zone findings, each naming its rule.
    pub findings: Vec<Finding>,
    /// Open firing lanes longer than GREEN.
    pub lanes: Vec<FiringLane>,
    /// The exposure heat map, when asked for.
    pub heat: Option<HeatMap>,
    /// The easiest way onto each elevated top, when asked for.
    pub climbs: Vec<ClimbRoute>,
}

impl Checks {
    /// Runs every check of `layout` with the deployment zones of `scenario`; the heat map
    /// and the climbing routes (the slowest checks) only with `heat` and `climbs`.
    pub fn run(
        catalog: &Catalog,
        layout: &Layout,
        scenario: Option<&Scenario>,
        heat: bool,
        climbs: bool,
    ) -> Checks {
        CheckRequest::new(catalog, layout, scenario, heat, climbs).run()
    }

    /// Puts the geometry of a newer layout (its outlines, what a click hits) in place,
    /// keeping the other checks as they were until they are run again.
    pub fn set_geometry(&mut self, geometry: Geometry) {
        self.space = geometry.space;
        self.error = geometry.error;
        self.parts = geometry.parts;
    }

    /// The placed piece whose footprint holds the point (x, z); the last drawn (topmost)
    /// wins.
    pub fn piece_at(&self, point: [f32; 2]) -> Option<usize> {
        self.parts
            .iter()
            .rev()
            .find(|p| contains(&p.polygon, point))
            .map(|p| p.owner)
    }
}

/// The geometry of a layout and each part's outline: what the table draws and a click
/// hits, quick to build (linear in the pieces) so it follows every edit at once.
#[derive(Debug, Clone)]
pub struct Geometry {
    /// The geometry of the layout, when it can be built.
    pub space: Option<Battlespace>,
    /// Why the geometry could not be built.
    pub error: Option<String>,
    /// Each part's footprint.
    pub parts: Vec<PartOutline>,
}

impl Geometry {
    /// Builds the geometry of `layout` (with the tags the players agreed) and its outlines.
    pub fn of(catalog: &Catalog, layout: &Layout) -> Geometry {
        match battlespace_of(catalog, layout) {
            Ok(space) => {
                let owners = part_owners(catalog, layout);
                let parts = space
                    .pieces()
                    .iter()
                    .zip(owners)
                    .map(|(p, owner)| PartOutline {
                        owner,
                        name: p.name.clone(),
                        polygon: outline(&p.shape),
                        barrier: p.kind == SceneryKind::Barrier,
                        elevated: p.elevated,
                        top: p.top(),
                    })
                    .collect();
                Geometry {
                    space: Some(space),
                    error: None,
                    parts,
                }
            }
            Err(e) => Geometry {
                space: None,
                error: Some(e.to_string()),
                parts: Vec::new(),
            },
        }
    }
}

/// Everything the slower checks need, owned, so they can run away from the frame (on a
/// task): the layout, its geometry, the scenario's zones and which overlays are on.
#[derive(Debug, Clone)]
pub struct CheckRequest {
    layout: Layout,
    geometry: Geometry,
    zones: Vec<(u8, DeploymentZone)>,
    heat: bool,
    climbs: bool,
}

impl CheckRequest {
    /// What checking `layout` with `scenario`'s zones needs; builds the geometry.
    pub fn new(
        catalog: &Catalog,
        layout: &Layout,
        scenario: Option<&Scenario>,
        heat: bool,
        climbs: bool,
    ) -> CheckRequest {
        CheckRequest::with_geometry(
            Geometry::of(catalog, layout),
            layout,
            scenario,
            heat,
            climbs,
        )
    }

    /// The same, on geometry already built from `layout`.
    pub fn with_geometry(
        geometry: Geometry,
        layout: &Layout,
        scenario: Option<&Scenario>,
        heat: bool,
        climbs: bool,
    ) -> CheckRequest {
        CheckRequest {
            layout: layout.clone(),
            geometry,
            zones: scenario.map(scenario_zones).unwrap_or_default(),
            heat,
            climbs,
        }
    }

    /// Runs the checks: density, the room in the zones, the open lanes and, when asked
    /// for, the heat map and the climbing routes.
    pub fn run(self) -> Checks {
        let density = density(&self.layout);
        let mut findings = density.findings.clone();
        let Geometry {
            space,
            error,
            parts,
        } = self.geometry;
        let mut checks = Checks {
            parts,
            density,
            zones: Vec::new(),
            findings: Vec::new(),
            lanes: Vec::new(),
            heat: None,
            climbs: Vec::new(),
            space: None,
            error,
        };
        if let Some(space) = space {
            checks.zones = check_zones(&space, &self.zones);
            findings.extend(zone_findings(&checks.zones));
            checks.lanes = open_lanes(&space, LANE_SPACING);
            if self.heat {
                checks.heat = Some(heat_map(&space, &self.zones, HeatMapOptions::default()));
            }
            if self.climbs {
                checks.climbs = climbing_routes(&space);
            }
            checks.space = Some(space);
        }
        checks.findings = findings;
        checks
    }
}

/// For each part the geometry makes of the layout, the index of its placed piece (the
/// conversion numbers parts in placement order).
fn part_owners(catalog: &Catalog, layout: &Layout) -> Vec<usize> {
    layout
        .pieces
        .iter()
        .enumerate()
        .flat_map(|(i, p)| {
            let parts = catalog.scenery.get(&p.piece).map_or(0, |s| s.parts.len());
            std::iter::repeat_n(i, parts)
        })
        .collect()
}
