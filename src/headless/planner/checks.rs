//! The live checks of the layout being planned, as a player reads a table: pieces per quarter
//! and per square foot (FIELD-2, FIELD-3), room in each deployment zone (FIELD-4, FIELD-7),
//! open firing lanes longer than GREEN and, on request, the exposure heat map and the
//! climbing routes to elevated tops (one or two actions, MOVE-22..27, MOVE-17), what the
//! optional modules read of each part and whether the layout has what the scenario's modules
//! need (MOD-1). All of it comes from `redline-planner` on the same geometry the battle uses,
//! built with the tags the players agreed for each piece (FIELD-11).

use redline_battlespace::{Battlespace, DeploymentZone, SceneryKind};
use redline_content::Catalog;
use redline_content::schema::{Layout, Scenario};
use redline_planner::density::density;
use redline_planner::modules::{module_findings, modules_of};
use redline_planner::zones::{scenario_zones, zone_findings};
use redline_planner::{
    ClimbRoute, Density, Finding, FiringLane, HeatMap, HeatMapOptions, ModuleNeed, PartModuleTags,
    ZoneCheck, battlespace_of, check_module_needs, check_zones, climbing_routes, heat_map,
    module_tags, open_lanes,
};
use redline_rules::modules::Modules;

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
    /// What the optional modules read of each part, in the geometry's order.
    pub module_tags: Vec<PartModuleTags>,
    /// What each module the scenario requires needs of the scenery, and how much is there
    /// (MOD-1); empty when it requires none.
    pub module_needs: Vec<ModuleNeed>,
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
        self.module_tags = geometry.module_tags;
    }

    /// What the modules read of the parts of the placed piece `index`.
    pub fn module_tags_of(&self, index: usize) -> impl Iterator<Item = &PartModuleTags> {
        self.module_tags
            .iter()
            .filter(move |t| t.piece == index + 1)
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
    /// What the optional modules read of each part (empty when the layout can't be read).
    pub module_tags: Vec<PartModuleTags>,
}

impl Geometry {
    /// Builds the geometry of `layout` (with the tags the players agreed) and its outlines.
    pub fn of(catalog: &Catalog, layout: &Layout) -> Geometry {
        let module_tags = module_tags(catalog, layout).unwrap_or_default();
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
                    module_tags,
                }
            }
            Err(e) => Geometry {
                space: None,
                error: Some(e.to_string()),
                parts: Vec::new(),
                module_tags,
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
    modules: Modules,
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
            // MOD-1: the modules a game of the scenario has on at the least.
            modules: modules_of(scenario, &Modules::new()).unwrap_or_default(),
            heat,
            climbs,
        }
    }

    /// Runs the checks: density, the room in the zones, the open lanes, what the modules
    /// need and, when asked for, the heat map and the climbing routes.
    pub fn run(self) -> Checks {
        let density = density(&self.layout);
        let mut findings = density.findings.clone();
        let Geometry {
            space,
            error,
            parts,
            module_tags,
        } = self.geometry;
        let module_needs = check_module_needs(&module_tags, &self.modules);
        findings.extend(module_findings(&module_needs));
        let mut checks = Checks {
            parts,
            module_tags,
            module_needs,
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
