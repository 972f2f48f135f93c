//! The terrain planner, headless: the [`Planner`] resource holds the layout being edited
//! (with its selection and undo history, [`editor`]) and the live checks ([`checks`]): the
//! geometry follows each edit at once, the slower checks run on Bevy's
//! `AsyncComputeTaskPool`, one task at a time, so a crowded table never holds up a frame;
//! [`PlannerIntent`] messages — from the egui screen, a test or the smoke script — change
//! it. Layouts are saved in the data folder (`persist::layouts`), shared as codes, generated
//! from a seed, and played through the ordinary game set-up ("Play this layout").

use std::path::PathBuf;

use bevy::prelude::*;
use bevy::tasks::{AsyncComputeTaskPool, Task, futures::check_ready};
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

use checks::{CheckRequest, Checks, Geometry};
use editor::Editor;

/// Height to look for a standing surface at when a point is clicked for the Path of Attack
/// checker: the highest top there, so a click on a roof stands on the roof.
const CLICK_HEIGHT: f32 = 1000.0;

/// What a set of checks is for: layout revision, scenario, heat map on, climbs on.
type CheckedFor = (u64, String, bool, bool);

/// The planner's state: the layout, its checks and what the screen shows.
#[derive(Resource, Debug)]
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
    /// The checks of the layout: its geometry and outlines (`space`, `error`, `parts`) as
    /// it stands, the rest as of `checked` (see [`Planner::checking`]).
    pub checks: Checks,
    /// What the checks other than the geometry were run for.
    checked: CheckedFor,
    /// The layout revision the geometry in `checks` is of.
    outlined: u64,
    /// The checks running on the task pool, and what for.
    running: Option<(CheckedFor, Task<Checks>)>,
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
            outlined: 0,
            running: None,
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

    /// What the checks should be for now.
    fn wanted(&self) -> CheckedFor {
        (
            self.editor.revision(),
            self.scenario.clone(),
            self.show_heat,
            self.show_climbs,
        )
    }

    /// Whether the checks shown are older than the layout, the scenario or the overlays
    /// (newer ones are being run).
    pub fn checking(&self) -> bool {
        self.checked != self.wanted()
    }

    /// The layout revision the checks shown (other than the geometry) were run on.
    pub fn checked_revision(&self) -> u64 {
        self.checked.0
    }

    /// Follows the layout: rebuilds the geometry and outlines at once when it changed (and
    /// the Path of Attack on them), takes in the checks a task finished (dropped when the
    /// layout, scenario or overlays moved on since) and starts a task for newer ones when
    /// none runs. Called every frame.
    pub fn refresh(&mut self, catalog: &redline_content::Catalog) {
        let revision = self.editor.revision();
        if self.outlined != revision {
            self.checks
                .set_geometry(Geometry::of(catalog, self.editor.layout()));
            self.outlined = revision;
            self.recheck_poa();
        }
        let wanted = self.wanted();
        if let Some((made_for, task)) = &mut self.running
            && let Some(checks) = check_ready(task)
        {
            if *made_for == wanted {
                self.checks = checks;
                self.checked = wanted.clone();
            }
            self.running = None;
        }
        if self.running.is_some() || self.checked == wanted {
            return;
        }
        let request = CheckRequest::with_geometry(
            Geometry {
                space: self.checks.space.clone(),
                error: self.checks.error.clone(),
                parts: self.checks.parts.clone(),
                module_tags: self.checks.module_tags.clone(),
            },
            self.editor.layout(),
            catalog.scenarios.get(&self.scenario),
            self.show_heat,
            self.show_climbs,
        );
        let task = AsyncComputeTaskPool::get().spawn(async move { request.run() });
        self.running = Some((wanted, task));
    }

    /// A Path of Attack checked on the old table no longer holds: checks it again.
    fn recheck_poa(&mut self) {
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
