//! The terrain planner, headless: the [`Planner`] resource holds the layout being edited
//! (with its selection and undo history, [`editor`]) and the live checks ([`checks`]);
//! [`PlannerIntent`] messages — from the egui screen, a test or the smoke script — change
//! it. Layouts are saved in the data folder (`persist::layouts`), shared as codes, generated
//! from a seed, and played through the ordinary game set-up ("Play this layout").

use std::path::PathBuf;

use bevy::prelude::*;
use redline_content::schema::{Layout, OpeningKind, SceneryTag};
use redline_planner::tags::suggested_tags;
use redline_planner::{
    GenerateOptions, Paper, PathCheck, Symmetry, decode, encode, export, generate, path_check,
    table_plan, tiling,
};

use crate::headless::content::Content;
use crate::headless::flow::new_game::{NewGame, planned_id};
use crate::headless::notice::Notice;
use crate::headless::persist::data_dir::{DataDir, file_stem};
use crate::headless::persist::layouts::{load_layout, save_layout};
use crate::headless::schedule::PlaySystems;
use crate::headless::screen::Screen;

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

/// What to export for the real table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ExportKind {
    /// The tiled 1:1 PDF on this paper.
    Pdf(Paper),
    /// The SVG at 1:1.
    Svg,
    /// The top-down PNG at [`EXPORT_PPI`].
    Png,
}

/// Pixels per inch of the exported PNG.
pub const EXPORT_PPI: u32 = 40;

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
    /// Climbing routes to elevated tops on or off.
    Climbs(bool),
    /// What the players agreed one part of a placed piece is (FIELD-11): its tags and its
    /// openings' kinds (door or window), in place of the pack's.
    Tags {
        /// Index of the placed piece.
        index: usize,
        /// Index of the part in the scenery piece.
        part: usize,
        /// Exactly one of Obstacle or Barrier, plus any others.
        tags: Vec<SceneryTag>,
        /// Door or window for each of the part's openings, in order.
        openings: Vec<OpeningKind>,
    },
    /// Every part of the selected pieces as the rulebook's guidance suggests (MOVE-7,
    /// MOVE-12, MOVE-13, POA-10), as one undoable edit.
    SuggestTags,
    /// Write the layout for the real table into the data folder's `exports/`.
    Export(ExportKind),
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
            PlannerIntent::Climbs(on) => p.show_climbs = *on,
            PlannerIntent::Tags {
                index,
                part,
                tags,
                openings,
            } => {
                let pack = ed
                    .layout()
                    .pieces
                    .get(*index)
                    .and_then(|placed| catalog.scenery.get(&placed.piece))
                    .and_then(|piece| piece.parts.get(*part));
                match pack {
                    Some(pack) => {
                        let pack = pack.clone();
                        ed.set_tags(*index, *part, &pack, tags.clone(), openings.clone());
                    }
                    None => notice.error("That piece or part is no longer on the table."),
                }
            }
            PlannerIntent::SuggestTags => {
                if !suggest_tags(ed, catalog) {
                    notice.info("The selection already follows the rulebook's guidance.");
                }
            }
            PlannerIntent::Export(kind) => match dir.as_deref() {
                Some(dir) => match write_export(dir, catalog, ed.layout(), *kind) {
                    Ok((path, what)) => {
                        notice.info(format!("{what} written to {}", path.display()));
                        p.exported = vec![path];
                    }
                    Err(e) => notice.error(e),
                },
                None => notice.error("No data folder to export to."),
            },
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

/// Puts the rulebook's suggestion on every part of the selected pieces, as one edit.
fn suggest_tags(ed: &mut Editor, catalog: &redline_content::Catalog) -> bool {
    let mut next = ed.layout().clone();
    for &i in ed.selection() {
        let placed = &mut next.pieces[i];
        let Some(piece) = catalog.scenery.get(&placed.piece) else {
            continue;
        };
        for (n, pack) in piece.parts.iter().enumerate() {
            let (tags, openings) = suggested_tags(&placed.agreed_part(n, pack));
            placed.agree(n, pack, tags, openings);
        }
    }
    ed.edit(|layout, _| *layout = next)
}

/// Writes one export of `layout` under `exports/` in the data folder; returns the file and
/// what it is, in words.
fn write_export(
    dir: &DataDir,
    catalog: &redline_content::Catalog,
    layout: &Layout,
    kind: ExportKind,
) -> Result<(PathBuf, String), String> {
    let plan = table_plan(catalog, layout).map_err(|e| e.to_string())?;
    let stem = file_stem(&layout.name);
    let (name, bytes, what) = match kind {
        ExportKind::Pdf(paper) => {
            let tiles = tiling(plan.width, plan.depth, paper);
            (
                format!("{stem}-{}.pdf", paper.name().to_lowercase()),
                export::pdf::pdf(&plan, paper),
                format!(
                    "PDF for {} ({} pages: overview + {} sheets at 1:1)",
                    paper.name(),
                    1 + tiles.tiles(),
                    tiles.tiles()
                ),
            )
        }
        ExportKind::Svg => (
            format!("{stem}.svg"),
            export::svg::svg(&plan).into_bytes(),
            "SVG (1:1)".to_owned(),
        ),
        ExportKind::Png => (
            format!("{stem}.png"),
            export::png::png(&plan, EXPORT_PPI).map_err(|e| e.to_string())?,
            format!("PNG ({EXPORT_PPI} pixels per inch)"),
        ),
    };
    let path = dir.exports().join(name);
    std::fs::create_dir_all(dir.exports())
        .and_then(|()| std::fs::write(&path, bytes))
        .map_err(|e| format!("Cannot write {}: {e}", path.display()))?;
    Ok((path, what))
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
