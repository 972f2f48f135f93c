//! The terrain planner, headless: the [`Planner`] resource holds the layout being edited
//! (with its selection and undo history, [`editor`]) and the live checks ([`checks`]);
//! [`PlannerIntent`] messages — from the egui screen, a test or the smoke script — change
//! it. Layouts are saved in the data folder (`persist::layouts`), shared as codes, generated
//! from a seed, and played through the ordinary game set-up ("Play this layout").

use std::path::PathBuf;

use bevy::prelude::*;
use redline_content::schema::Layout;
use redline_planner::{GenerateOptions, PathCheck, Symmetry, decode, encode, generate, path_check};

use crate::persist::data_dir::DataDir;
use crate::persist::layouts::{load_layout, save_layout};
use crate::play::new_game::{NewGame, planned_id};
use crate::play::{Content, Notice, PlaySystems};
use crate::screens::Screen;

pub mod checks;
pub mod editor;
pub mod footprint;
pub mod tags;

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
    /// What the checks were run for: layout revision, scenario, heat map on.
    checked: (u64, String, bool),
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
        let checks = Checks::run(catalog, &layout, catalog.scenarios.get(&scenario), false);
        Planner {
            editor: Editor::new(layout),
            checked: (0, scenario.clone(), false),
            scenario,
            show_heat: false,
            show_lanes: true,
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

    /// Runs the checks again if the layout, the scenario or the heat map switch changed.
    pub fn refresh(&mut self, catalog: &redline_content::Catalog) {
        let wanted = (
            self.editor.revision(),
            self.scenario.clone(),
            self.show_heat,
        );
        if wanted == self.checked {
            return;
        }
        self.checks = Checks::run(
            catalog,
            self.editor.layout(),
            catalog.scenarios.get(&self.scenario),
            self.show_heat,
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

/// A change asked of the planner.
#[derive(Message, Debug, Clone, PartialEq)]
pub enum PlannerIntent {
    /// Start again on an empty table of the same size.
    New,
    /// The mat's size (x, z) in inches.
    Mat([f32; 2]),
    /// Show (and keep clear) this scenario's deployment zones.
    Scenario(String),
    /// Place a library piece at (x, z).
    Place {
        /// Scenery piece id.
        piece: String,
        /// Where its origin goes.
        at: [f32; 2],
    },
    /// Select a piece (`add` toggles it in a multi-selection); `None` selects nothing.
    Select {
        /// Index of the placed piece.
        index: Option<usize>,
        /// Add to (or take out of) the selection instead of replacing it.
        add: bool,
    },
    /// Select exactly these pieces (a box drawn round them).
    SelectOnly(Vec<usize>),
    /// Move the selection by (x, z) inches.
    Move([f32; 2]),
    /// Turn the selection by degrees.
    Rotate(f32),
    /// Raise the selection by inches (negative lowers).
    Raise(f32),
    /// Copy the selection.
    Duplicate,
    /// Take the selection off the table.
    Delete,
    /// Snapping on or off.
    Snap(bool),
    /// Undo the last edit.
    Undo,
    /// Redo the last undone edit.
    Redo,
    /// Name the layout.
    Rename(String),
    /// Exposure heat map on or off.
    HeatMap(bool),
    /// Open firing lanes on or off.
    Lanes(bool),
    /// A point clicked for the Path of Attack checker: the first is the attacker, the
    /// second the target; a third starts again.
    PoaPoint([f32; 2]),
    /// Forget the Path of Attack.
    ClearPoa,
    /// A random layout from the seed and symmetry, keeping the scenario's zones clear.
    Generate {
        /// The seed.
        seed: u64,
        /// The symmetry.
        symmetry: Symmetry,
    },
    /// Make the share code of the layout.
    ShareOut,
    /// Load a layout from a share code.
    ShareIn(String),
    /// Save the layout under its name in the data folder.
    Save,
    /// Load a saved layout.
    Load(PathBuf),
    /// Start a game on this layout with the scenario's rules: hot-seat, or solo against
    /// the computer.
    Play {
        /// Seat 2 played by the computer.
        solo: bool,
    },
    /// Back to the main menu.
    Back,
}

pub(super) fn plugin(app: &mut App) {
    app.add_message::<PlannerIntent>();
    app.add_systems(OnEnter(Screen::Planner), open_planner);
    app.add_systems(
        Update,
        apply_planner
            .in_set(PlaySystems::Apply)
            .run_if(in_state(Screen::Planner).and_then(resource_exists::<Planner>)),
    );
}

/// Opens the planner on the layout left there last time, or an empty table.
fn open_planner(mut commands: Commands, planner: Option<Res<Planner>>, content: Res<Content>) {
    if planner.is_none() {
        commands.insert_resource(Planner::new(&content.0));
    }
}

fn apply_planner(
    mut commands: Commands,
    mut intents: MessageReader<PlannerIntent>,
    mut planner: ResMut<Planner>,
    content: Res<Content>,
    dir: Option<Res<DataDir>>,
    mut notice: ResMut<Notice>,
    mut next: ResMut<NextState<Screen>>,
) {
    let catalog = &content.0;
    let p = planner.as_mut();
    for intent in intents.read() {
        let ed = &mut p.editor;
        match intent {
            PlannerIntent::New => {
                let mut empty = ed.layout().clone();
                empty.pieces.clear();
                ed.replace(empty);
            }
            PlannerIntent::Mat(size) => {
                ed.set_mat(*size);
            }
            PlannerIntent::Scenario(id) if catalog.scenarios.contains(id) => {
                p.scenario = id.clone();
            }
            PlannerIntent::Scenario(id) => notice.error(format!("No scenario '{id}'")),
            PlannerIntent::Place { piece, at } if catalog.scenery.contains(piece) => {
                ed.place(piece, *at);
            }
            PlannerIntent::Place { piece, .. } => {
                notice.error(format!("The packs have no scenery piece '{piece}'"));
            }
            PlannerIntent::Select { index: None, .. } => ed.select_none(),
            PlannerIntent::Select {
                index: Some(i),
                add,
            } => ed.select(*i, *add),
            PlannerIntent::SelectOnly(list) => ed.select_only(list.iter().copied()),
            PlannerIntent::Move(delta) => {
                ed.move_by(*delta);
            }
            PlannerIntent::Rotate(degrees) => {
                ed.rotate_by(*degrees);
            }
            PlannerIntent::Raise(by) => {
                ed.raise_by(*by);
            }
            PlannerIntent::Duplicate => {
                ed.duplicate();
            }
            PlannerIntent::Delete => {
                ed.delete();
            }
            PlannerIntent::Snap(on) => ed.snap = *on,
            PlannerIntent::Undo => {
                if !ed.undo() {
                    notice.info("Nothing to undo.");
                }
            }
            PlannerIntent::Redo => {
                if !ed.redo() {
                    notice.info("Nothing to redo.");
                }
            }
            PlannerIntent::Rename(name) => {
                ed.rename(name);
            }
            PlannerIntent::HeatMap(on) => p.show_heat = *on,
            PlannerIntent::Lanes(on) => p.show_lanes = *on,
            PlannerIntent::PoaPoint(point) => poa_point(p, *point),
            PlannerIntent::ClearPoa => {
                p.poa_from = None;
                p.poa = None;
            }
            PlannerIntent::Generate { seed, symmetry } => {
                p.seed = *seed;
                p.symmetry = *symmetry;
                let mut opts = GenerateOptions::new(ed.layout().size, *seed);
                opts.symmetry = *symmetry;
                opts.zones = catalog
                    .scenarios
                    .get(&p.scenario)
                    .map(|s| {
                        s.deployment
                            .iter()
                            .map(|d| d.zone.to_battlespace())
                            .collect()
                    })
                    .unwrap_or_default();
                match generate(catalog, &opts) {
                    Ok(mut layout) => {
                        layout.name = format!("Generated, seed {seed}");
                        ed.replace(layout);
                        notice.info(format!(
                            "A new table from seed {seed}; undo puts the old one back."
                        ));
                    }
                    Err(e) => notice.error(e.to_string()),
                }
            }
            PlannerIntent::ShareOut => {
                p.share_code = encode(ed.layout());
                notice.info("The share code holds the whole layout: paste it in a chat.");
            }
            PlannerIntent::ShareIn(code) => match decode(code) {
                Ok(layout) => match redline_planner::battlespace_of(catalog, &layout) {
                    Ok(_) => {
                        let name = layout.name.clone();
                        ed.replace(layout);
                        p.share_code = code.trim().to_owned();
                        notice.info(format!("Loaded '{name}' from the share code."));
                    }
                    Err(e) => notice.error(format!("The share code's table can't be used: {e}")),
                },
                Err(e) => notice.error(e.to_string()),
            },
            PlannerIntent::Save => {
                let Some(dir) = dir.as_deref() else {
                    notice.error("No data folder to save in.");
                    continue;
                };
                let name = ed.layout().name.clone();
                match save_layout(dir, &name, ed.layout()) {
                    Ok(path) => notice.info(format!("Saved to {}", path.display())),
                    Err(e) => notice.error(e.to_string()),
                }
            }
            PlannerIntent::Load(path) => match load_layout(path) {
                Ok(layout) => match redline_planner::battlespace_of(catalog, &layout) {
                    Ok(_) => {
                        let name = layout.name.clone();
                        ed.replace(layout);
                        notice.info(format!("Loaded '{name}'."));
                    }
                    Err(e) => notice.error(format!("'{}' can't be used: {e}", path.display())),
                },
                Err(e) => notice.error(e.to_string()),
            },
            PlannerIntent::Play { solo } => {
                let mut layout = ed.layout().clone();
                layout.id = planned_id(&layout.name);
                if let Err(e) = redline_planner::battlespace_of(catalog, &layout) {
                    notice.error(e.to_string());
                    continue;
                }
                commands.insert_resource(NewGame::on_planned(catalog, &p.scenario, layout, *solo));
                *notice = Notice::default();
                next.set(Screen::Setup);
            }
            PlannerIntent::Back => next.set(Screen::MainMenu),
        }
    }
    p.refresh(catalog);
}

/// The Path of Attack checker: two clicks, attacker then target.
fn poa_point(p: &mut Planner, point: [f32; 2]) {
    let point = [
        point[0].clamp(0.0, p.layout().size[0]),
        point[1].clamp(0.0, p.layout().size[1]),
    ];
    match p.poa_from.take() {
        None => {
            p.poa_from = Some(point);
            p.poa = None;
        }
        Some(from) => {
            p.poa = p
                .checks
                .space
                .as_ref()
                .map(|space| path_check(space, (from, CLICK_HEIGHT), (point, CLICK_HEIGHT)));
        }
    }
}
