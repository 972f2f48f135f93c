//! What the planner's screen asks (edits, views, files, play), applied to the [`Planner`].

use std::path::PathBuf;

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use redline_content::Catalog;
use redline_content::schema::{Layout, OpeningKind, SceneryTag};
use redline_planner::tags::suggested_tags;
use redline_planner::{
    GenerateOptions, Paper, Symmetry, decode, encode, export, generate, path_check, table_plan,
    tiling,
};

use super::editor::Editor;
use super::{CLICK_HEIGHT, Planner};
use crate::headless::content::Content;
use crate::headless::flow::new_game::{NewGame, planned_id};
use crate::headless::notice::Notice;
use crate::headless::persist::data_dir::{DataDir, file_stem};
use crate::headless::persist::layouts::{load_layout, save_layout};
use crate::headless::schedule::PlaySystems;
use crate::headless::screen::Screen;

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

/// What an intent has the notice say.
enum Said {
    /// Nothing new.
    Nothing,
    /// This.
    Info(String),
    /// Clear it.
    Clear,
}

type Answer = Result<Said, String>;

fn info(text: impl Into<String>) -> Answer {
    Ok(Said::Info(text.into()))
}

/// What applying a planner intent reads and changes besides the planner.
#[derive(SystemParam)]
struct Planning<'w, 's> {
    commands: Commands<'w, 's>,
    content: Res<'w, Content>,
    dir: Option<Res<'w, DataDir>>,
    notice: ResMut<'w, Notice>,
    next: ResMut<'w, NextState<Screen>>,
    redraw: MessageWriter<'w, bevy::window::RequestRedraw>,
}

fn apply_planner(
    mut intents: MessageReader<PlannerIntent>,
    mut planner: ResMut<Planner>,
    mut world: Planning,
) {
    let p = planner.as_mut();
    for intent in intents.read() {
        let catalog = &world.content.0;
        let said = match intent {
            PlannerIntent::Export(_)
            | PlannerIntent::Generate { .. }
            | PlannerIntent::ShareOut
            | PlannerIntent::ShareIn(_)
            | PlannerIntent::Save
            | PlannerIntent::Load(_) => files(p, catalog, world.dir.as_deref(), intent),
            PlannerIntent::Play { solo } => play(p, *solo, &mut world),
            PlannerIntent::Back => {
                world.next.set(Screen::MainMenu);
                Ok(Said::Nothing)
            }
            _ => edit(p, catalog, intent),
        };
        match said {
            Ok(Said::Nothing) => {}
            Ok(Said::Info(text)) => world.notice.info(text),
            Ok(Said::Clear) => *world.notice = Notice::default(),
            Err(e) => world.notice.error(e),
        }
    }
    p.refresh(&world.content.0);
    if p.checking() {
        // Keep frames coming in the reactive window mode until the checks are in.
        world.redraw.write(bevy::window::RequestRedraw);
    }
}

/// The edits of the layout, its selection and what the screen shows.
fn edit(p: &mut Planner, catalog: &Catalog, intent: &PlannerIntent) -> Answer {
    let ed = &mut p.editor;
    match intent {
        PlannerIntent::New => {
            let mut empty = ed.layout().clone();
            empty.pieces.clear();
            ed.replace(empty);
        }
        PlannerIntent::Mat(size) => _ = ed.set_mat(*size),
        PlannerIntent::Scenario(id) if catalog.scenarios.contains(id) => p.scenario = id.clone(),
        PlannerIntent::Scenario(id) => return Err(format!("No scenario '{id}'")),
        PlannerIntent::Place { piece, at } if catalog.scenery.contains(piece) => {
            ed.place(piece, *at);
        }
        PlannerIntent::Place { piece, .. } => {
            return Err(format!("The packs have no scenery piece '{piece}'"));
        }
        PlannerIntent::Select { index: None, .. } => ed.select_none(),
        PlannerIntent::Select {
            index: Some(i),
            add,
        } => ed.select(*i, *add),
        PlannerIntent::SelectOnly(list) => ed.select_only(list.iter().copied()),
        PlannerIntent::Move(delta) => _ = ed.move_by(*delta),
        PlannerIntent::Rotate(degrees) => _ = ed.rotate_by(*degrees),
        PlannerIntent::Raise(by) => _ = ed.raise_by(*by),
        PlannerIntent::Duplicate => _ = ed.duplicate(),
        PlannerIntent::Delete => _ = ed.delete(),
        PlannerIntent::Snap(on) => ed.snap = *on,
        PlannerIntent::Undo if !ed.undo() => return info("Nothing to undo."),
        PlannerIntent::Redo if !ed.redo() => return info("Nothing to redo."),
        PlannerIntent::Rename(name) => _ = ed.rename(name),
        PlannerIntent::HeatMap(on) => p.show_heat = *on,
        PlannerIntent::Lanes(on) => p.show_lanes = *on,
        PlannerIntent::Climbs(on) => p.show_climbs = *on,
        PlannerIntent::Tags { .. } => agree_tags(ed, catalog, intent)?,
        PlannerIntent::SuggestTags if !suggest_tags(ed, catalog) => {
            return info("The selection already follows the rulebook's guidance.");
        }
        PlannerIntent::PoaPoint(point) => poa_point(p, *point),
        PlannerIntent::ClearPoa => {
            p.poa_from = None;
            p.poa = None;
        }
        _ => {}
    }
    Ok(Said::Nothing)
}

/// What the players agreed one part of a placed piece is.
fn agree_tags(ed: &mut Editor, catalog: &Catalog, intent: &PlannerIntent) -> Result<(), String> {
    let PlannerIntent::Tags {
        index,
        part,
        tags,
        openings,
    } = intent
    else {
        return Ok(());
    };
    let pack = ed
        .layout()
        .pieces
        .get(*index)
        .and_then(|placed| catalog.scenery.get(&placed.piece))
        .and_then(|piece| piece.parts.get(*part))
        .cloned()
        .ok_or("That piece or part is no longer on the table.")?;
    ed.set_tags(*index, *part, &pack, tags.clone(), openings.clone());
    Ok(())
}

/// Exports, a generated table, share codes, saved layouts.
fn files(
    p: &mut Planner,
    catalog: &Catalog,
    dir: Option<&DataDir>,
    intent: &PlannerIntent,
) -> Answer {
    let ed = &mut p.editor;
    match intent {
        PlannerIntent::Export(kind) => {
            let dir = dir.ok_or("No data folder to export to.")?;
            let (path, told) = write_export(dir, catalog, ed.layout(), *kind)?;
            p.exported = vec![path];
            info(told)
        }
        PlannerIntent::Generate { seed, symmetry } => generated(p, catalog, *seed, *symmetry),
        PlannerIntent::ShareOut => {
            p.share_code = encode(ed.layout());
            info("The share code holds the whole layout: paste it in a chat.")
        }
        PlannerIntent::ShareIn(code) => {
            let layout = decode(code).map_err(|e| e.to_string())?;
            redline_planner::battlespace_of(catalog, &layout)
                .map_err(|e| format!("The share code's table can't be used: {e}"))?;
            let name = layout.name.clone();
            ed.replace(layout);
            p.share_code = code.trim().to_owned();
            info(format!("Loaded '{name}' from the share code."))
        }
        PlannerIntent::Save => {
            let dir = dir.ok_or("No data folder to save in.")?;
            let name = ed.layout().name.clone();
            let path = save_layout(dir, &name, ed.layout()).map_err(|e| e.to_string())?;
            info(format!("Saved to {}", path.display()))
        }
        PlannerIntent::Load(path) => {
            let (layout, refusal) = load_layout(path).map_err(|e| e.to_string())?;
            redline_planner::battlespace_of(catalog, &layout)
                .map_err(|e| format!("'{}' can't be used: {e}", path.display()))?;
            let name = layout.name.clone();
            ed.replace(layout);
            let kept = refusal.map_or_else(String::new, |r| format!(" {}", r.sentence()));
            info(format!("Loaded '{name}'.{kept}"))
        }
        _ => Ok(Said::Nothing),
    }
}

/// A random layout from the seed and symmetry, keeping the scenario's zones clear.
fn generated(p: &mut Planner, catalog: &Catalog, seed: u64, symmetry: Symmetry) -> Answer {
    p.seed = seed;
    p.symmetry = symmetry;
    let mut opts = GenerateOptions::new(p.editor.layout().size, seed);
    opts.symmetry = symmetry;
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
    let mut layout = generate(catalog, &opts).map_err(|e| e.to_string())?;
    layout.name = format!("Generated, seed {seed}");
    p.editor.replace(layout);
    info(format!(
        "A new table from seed {seed}; undo puts the old one back."
    ))
}

/// A game on the layout with the scenario's rules: on to its settings.
fn play(p: &Planner, solo: bool, world: &mut Planning) -> Answer {
    let catalog = &world.content.0;
    let mut layout = p.editor.layout().clone();
    layout.id = planned_id(&layout.name);
    redline_planner::battlespace_of(catalog, &layout).map_err(|e| e.to_string())?;
    let game = NewGame::on_planned(catalog, &p.scenario, layout, solo);
    world.commands.insert_resource(game);
    world.next.set(Screen::Setup);
    Ok(Said::Clear)
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

/// Writes one export of `layout` under `exports/` in the data folder (in the browser: offers
/// it as a download); returns the file and what was done, in words.
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
    let path = dir.exports().join(&name);
    #[cfg(not(target_arch = "wasm32"))]
    {
        std::fs::create_dir_all(dir.exports())
            .and_then(|()| std::fs::write(&path, bytes))
            .map_err(|e| format!("Cannot write {}: {e}", path.display()))?;
        let told = format!("{what} written to {}", path.display());
        Ok((path, told))
    }
    #[cfg(target_arch = "wasm32")]
    {
        crate::headless::persist::download::offer(&name, &bytes)
            .map_err(|e| format!("Cannot offer {name} as a download: {e}"))?;
        Ok((path, format!("{what} offered as a download ({name})")))
    }
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
