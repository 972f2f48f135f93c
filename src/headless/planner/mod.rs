//! The terrain planner, headless: the [`Planner`] resource holds the layout being edited
//! (with its selection and undo history, [`editor`]) and the live checks ([`checks`]);
//! [`PlannerIntent`] messages — from the egui screen, a test or the smoke script — change
//! it. Layouts are saved in the data folder (`persist::layouts`), shared as codes, generated
//! from a seed, and played through the ordinary game set-up ("Play this layout").

use std::path::PathBuf;

use bevy::prelude::*;
use redline_content::schema::Layout;
use redline_planner::{PathCheck, Symmetry, path_check};

use crate::headless::flow::new_game::planned_id;

pub mod checks;
pub mod editor;
pub mod footprint;
mod intents;
pub mod tags;
pub mod view3d;

pub use intents::{EXPORT_PPI, ExportKind, PlannerIntent};

use checks::Checks;
use editor::Editor;

/// Height to look for a standing surface at when a point is clicked for the Path of Attack
/// checker: the highest top there, so a click on a roof stands on the roof.
const CLICK_HEIGHT: f32 = 1000.0;

/// The planner's state: the layout, its checks and what the screen shows.
#[derive(Resource, Debug, Clone)]
pub struct Planner {
    /// The layout, its selection and history.
    pub editor: Editor,
    /// Scenario whose deployment zones are shown and kept clear.
    pub scenario: String,
    /// Whether the exposure heat map is computed and drawn.
    pub show_heat: bool,
    /// Whether open firing lanes are drawn.
    pub show_lanes: bool,
    /// Whether climbing routes to elevated tops are found and drawn.
    pub show_climbs: bool,
    /// The files the last export wrote.
    pub exported: Vec<PathBuf>,
    /// The first point clicked for the Path of Attack checker.
    pub poa_from: Option<[f32; 2]>,
    /// The last Path of Attack checked.
    pub poa: Option<PathCheck>,
    /// The share code of the layout, once asked for.
    pub share_code: String,
    /// Seed for the generator.
    pub seed: u64,
    /// Symmetry for the generator.
    pub symmetry: Symmetry,
    /// The checks of the layout, as of `checked`.
    pub checks: Checks,
    /// What the checks were run for: layout revision, scenario, heat map on, climbs on.
    checked: (u64, String, bool, bool),
}

impl Planner {
    /// An empty 30"×22" table with the first two-player scenario's zones.
    pub fn new(catalog: &redline_content::Catalog) -> Planner {
        let layout = Layout {
            id: planned_id("my-table"),
            name: "My table".into(),
            size: [30.0, 22.0],
            pieces: Vec::new(),
            text: String::new(),
        };
        let scenario = catalog
            .scenarios_for(2)
            .first()
            .map(|s| s.id.clone())
            .or_else(|| catalog.scenarios.iter().next().map(|s| s.id.clone()))
            .unwrap_or_default();
        let checks = Checks::run(
            catalog,
            &layout,
            catalog.scenarios.get(&scenario),
            false,
            false,
        );
        Planner {
            editor: Editor::new(layout),
            checked: (0, scenario.clone(), false, false),
            scenario,
            show_heat: false,
            show_lanes: true,
            show_climbs: false,
            exported: Vec::new(),
            poa_from: None,
            poa: None,
            share_code: String::new(),
            seed: 1,
            symmetry: Symmetry::Mirror,
            checks,
        }
    }

    /// The layout being edited.
    pub fn layout(&self) -> &Layout {
        self.editor.layout()
    }

    /// Runs the checks again if the layout, the scenario or an overlay switch changed.
    pub fn refresh(&mut self, catalog: &redline_content::Catalog) {
        let wanted = (
            self.editor.revision(),
            self.scenario.clone(),
            self.show_heat,
            self.show_climbs,
        );
        if wanted == self.checked {
            return;
        }
        self.checks = Checks::run(
            catalog,
            self.editor.layout(),
            catalog.scenarios.get(&self.scenario),
            self.show_heat,
            self.show_climbs,
        );
        self.checked = wanted;
        // A Path of Attack checked on the old table no longer holds.
        if let (Some(space), Some(poa)) = (&self.checks.space, &self.poa) {
            let (from, to) = (poa.from, poa.to);
            self.poa = Some(path_check(
                space,
                ([from[0], from[2]], CLICK_HEIGHT),
                ([to[0], to[2]], CLICK_HEIGHT),
            ));
        }
    }
}

pub(super) fn plugin(app: &mut App) {
    app.add_plugins((intents::plugin, view3d::plugin));
}
