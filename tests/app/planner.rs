//! The terrain planner through the app's own systems, headless: placing, moving, turning,
//! raising, duplicating and deleting pieces with undo / redo and snapping; a layout saved in
//! the data folder reloads identical; the share code round-trips; the live checks follow the
//! layout; "Play this layout" starts a match on exactly that table, with the tags the players
//! agreed (FIELD-11); tags are edited and suggested (MOVE-7, POA-10); exports land in the data
//! folder; the climbing-route overlay follows the tags (MOVE-23, MOVE-27). The checks run on
//! the task pool: each step here waits for them ([`until_checked`]).

use std::path::PathBuf;
use std::time::{Duration, Instant};

use bevy::prelude::*;
use redline::headless::content::Content;
use redline::headless::flow::menu::MenuIntent;
use redline::headless::flow::new_game::{NewGame, SetupIntent};
use redline::headless::game::match_state::Match;
use redline::headless::notice::Notice;
use redline::headless::persist::data_dir::DataDir;
use redline::headless::persist::layouts::{layout_path, list_layouts, load_layout};
use redline::headless::planner::footprint::{contains, convex_hull, outline};
use redline::headless::planner::{ExportKind, Planner, PlannerIntent};
use redline::headless::screen::Screen;
use redline_battlespace::{SceneryKind, SceneryShape};
use redline_content::schema::SceneryTag;
use redline_planner::{Paper, Symmetry, WayUp};

use crate::driver::{data_dir, deploying, end_deployment, new_app, screen, until_deployment_over};

/// Sends one intent, as a click on a screen does, and runs frames until the planner's
/// checks (run on the task pool) follow it.
fn send<M: Message>(app: &mut App, message: M) {
    crate::driver::send(app, message);
    until_checked(app);
}

/// On the Planner screen, runs frames until the checks shown are of the layout, scenario
/// and overlays as they stand.
pub(crate) fn until_checked(app: &mut App) {
    let start = Instant::now();
    while screen(app) == Screen::Planner
        && app
            .world()
            .get_resource::<Planner>()
            .is_some_and(Planner::checking)
    {
        assert!(
            start.elapsed() < Duration::from_secs(300),
            "the planner's checks never caught up"
        );
        std::thread::sleep(Duration::from_millis(1));
        app.update();
    }
}

fn planner(app: &App) -> &Planner {
    app.world().resource::<Planner>()
}

fn open_planner(app: &mut App) {
    send(app, MenuIntent::Planner);
    app.update();
    assert_eq!(screen(app), Screen::Planner);
}

/// Places the pack's shipping container in the middle of the table.
fn place_a_container(app: &mut App) {
    let piece = "container".into();
    send(
        app,
        PlannerIntent::Place {
            piece,
            at: [15.0, 11.0],
        },
    );
}

/// The planner open on a fresh data folder named `name`, a container in the middle of the
/// table; the folder and the app.
fn planner_with_a_container(name: &str) -> (PathBuf, App) {
    let dir = data_dir(name);
    let mut app = new_app(&dir);
    open_planner(&mut app);
    place_a_container(&mut app);
    (dir, app)
}

#[test]
fn place_move_rotate_raise_duplicate_delete_with_undo_and_redo() {
    let dir = data_dir("planner-edit");
    let mut app = new_app(&dir);
    open_planner(&mut app);
    assert!(planner(&app).layout().pieces.is_empty());

    // Snapping on: the origin lands on the 1" grid.
    send(
        &mut app,
        PlannerIntent::Place {
            piece: "container".into(),
            at: [10.4, 8.7],
        },
    );
    let p = planner(&app);
    assert_eq!(p.layout().pieces.len(), 1);
    assert_eq!(p.layout().pieces[0].at, [10.0, 9.0]);
    assert_eq!(
        p.editor.selection().iter().copied().collect::<Vec<_>>(),
        [0]
    );
    assert_eq!(p.checks.density.pieces, 1);

    send(&mut app, PlannerIntent::Move([3.3, -1.2]));
    assert_eq!(planner(&app).layout().pieces[0].at, [13.0, 8.0]);
    // A turn snaps to 15°: 20° becomes 15°, then -30° wraps round to 345°.
    send(&mut app, PlannerIntent::Rotate(20.0));
    assert_eq!(planner(&app).layout().pieces[0].rotation_deg, 15.0);
    send(&mut app, PlannerIntent::Rotate(-30.0));
    assert_eq!(planner(&app).layout().pieces[0].rotation_deg, 345.0);
    send(&mut app, PlannerIntent::Raise(2.0));
    assert_eq!(planner(&app).layout().pieces[0].elevation, 2.0);
    send(&mut app, PlannerIntent::Raise(-5.0));
    assert_eq!(
        planner(&app).layout().pieces[0].elevation,
        0.0,
        "never below the table"
    );

    // Snapping off: positions and angles are kept as given.
    send(&mut app, PlannerIntent::Snap(false));
    send(&mut app, PlannerIntent::Move([0.25, 0.5]));
    send(&mut app, PlannerIntent::Rotate(7.0));
    let piece = planner(&app).layout().pieces[0].clone();
    assert_eq!(piece.at, [13.25, 8.5]);
    assert_eq!(piece.rotation_deg, 352.0);
    // A move off the table stops at the edge.
    send(&mut app, PlannerIntent::Move([100.0, 0.0]));
    assert_eq!(planner(&app).layout().pieces[0].at, [30.0, 8.5]);
    send(&mut app, PlannerIntent::Undo);
    assert_eq!(planner(&app).layout().pieces[0].at, [13.25, 8.5]);

    // Duplicate selects the copy; multi-select takes both; delete removes both.
    send(&mut app, PlannerIntent::Snap(true));
    send(&mut app, PlannerIntent::Duplicate);
    let p = planner(&app);
    assert_eq!(p.layout().pieces.len(), 2);
    assert_eq!(p.layout().pieces[1].at, [15.0, 11.0]);
    assert_eq!(
        p.editor.selection().iter().copied().collect::<Vec<_>>(),
        [1]
    );
    send(
        &mut app,
        PlannerIntent::Select {
            index: Some(0),
            add: true,
        },
    );
    assert_eq!(planner(&app).editor.selection().len(), 2);
    send(&mut app, PlannerIntent::Move([-1.0, 0.0]));
    let p = planner(&app);
    assert_eq!(
        p.layout().pieces[0].at,
        [12.0, 9.0],
        "13.25 - 1 snaps to 12"
    );
    assert_eq!(p.layout().pieces[1].at, [14.0, 11.0]);
    let before_delete = p.layout().clone();
    send(&mut app, PlannerIntent::Delete);
    assert!(planner(&app).layout().pieces.is_empty());

    // Undo walks back through every step; redo comes forward again.
    send(&mut app, PlannerIntent::Undo);
    assert_eq!(planner(&app).layout(), &before_delete);
    send(&mut app, PlannerIntent::Redo);
    assert!(planner(&app).layout().pieces.is_empty());
    for _ in 0..50 {
        send(&mut app, PlannerIntent::Undo);
    }
    assert!(
        planner(&app).layout().pieces.is_empty(),
        "back to the empty table"
    );
    assert!(!planner(&app).editor.can_undo());
    send(&mut app, PlannerIntent::Redo);
    assert_eq!(planner(&app).layout().pieces[0].at, [10.0, 9.0]);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_saved_layout_reloads_identical_and_the_share_code_round_trips() {
    let dir = data_dir("planner-save");
    let mut app = new_app(&dir);
    open_planner(&mut app);
    send(&mut app, PlannerIntent::Mat([44.0, 30.0]));
    send(
        &mut app,
        PlannerIntent::Generate {
            seed: 7,
            symmetry: Symmetry::Rotational,
        },
    );
    send(&mut app, PlannerIntent::Rename("Dockside 7".into()));
    let made = planner(&app).layout().clone();
    assert_eq!(made.size, [44.0, 30.0]);
    assert!(made.pieces.len() >= 20, "FIELD-2 guidance for 44\"x30\"");
    send(&mut app, PlannerIntent::Save);
    let saved = DataDir(dir.clone());
    let path = layout_path(&saved, "Dockside 7");
    assert!(path.exists(), "{}", app.world().resource::<Notice>().text);
    assert_eq!(load_layout(&path).unwrap().0, made);
    assert_eq!(list_layouts(&saved).len(), 1);

    // Saving again keeps the earlier file as the previous copy: nothing is lost.
    send(&mut app, PlannerIntent::Rotate(15.0));
    send(&mut app, PlannerIntent::Save);
    assert!(redline_content::store::previous_path(&path).exists());

    // Clear the table, then load the file back: identical.
    send(&mut app, PlannerIntent::New);
    assert!(planner(&app).layout().pieces.is_empty());
    send(&mut app, PlannerIntent::Load(path.clone()));
    assert_eq!(planner(&app).layout(), &load_layout(&path).unwrap().0);

    // The share code holds the whole layout.
    send(&mut app, PlannerIntent::ShareOut);
    let code = planner(&app).share_code.clone();
    assert!(!code.is_empty());
    let shared = planner(&app).layout().clone();
    send(&mut app, PlannerIntent::New);
    send(&mut app, PlannerIntent::ShareIn(code.clone()));
    assert_eq!(planner(&app).layout(), &shared);
    // A damaged code is refused and leaves the table alone.
    send(&mut app, PlannerIntent::ShareIn("not a code".into()));
    assert!(app.world().resource::<Notice>().error);
    assert_eq!(planner(&app).layout(), &shared);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_live_checks_follow_the_layout() {
    let dir = data_dir("planner-checks");
    let mut app = new_app(&dir);
    open_planner(&mut app);
    // An empty 30"x22" table: sparse (FIELD-2), and open lanes longer than GREEN.
    let p = planner(&app);
    assert!(p.checks.findings.iter().any(|f| f.rule == "FIELD-2"));
    assert!(!p.checks.lanes.is_empty());
    assert_eq!(p.checks.zones.len(), 2, "both seats' zones");
    assert!(p.checks.heat.is_none());

    // A tall container in the middle: a click on it selects it, and a Path of Attack
    // straight through it is blocked, naming it.
    place_a_container(&mut app);
    send(
        &mut app,
        PlannerIntent::Select {
            index: None,
            add: false,
        },
    );
    let hit = planner(&app).checks.piece_at([15.0, 11.0]);
    assert_eq!(hit, Some(0));
    assert_eq!(planner(&app).checks.piece_at([2.0, 2.0]), None);
    send(&mut app, PlannerIntent::PoaPoint([9.0, 11.0]));
    send(&mut app, PlannerIntent::PoaPoint([21.0, 11.0]));
    let poa = planner(&app).poa.clone().expect("two points checked");
    assert!(poa.poa.blocked_by.is_some(), "{:?}", poa.explanation);
    assert!(poa.explanation.iter().any(|l| l.starts_with("Blocked by")));

    // The heat map is computed when asked for, with one zone per seat.
    send(&mut app, PlannerIntent::HeatMap(true));
    let heat = planner(&app).checks.heat.clone().expect("heat map on");
    assert_eq!(heat.zones.len(), 2);
    assert_eq!((heat.columns, heat.rows), (30, 22));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn footprints_pick_the_turned_piece_not_its_old_corner() {
    let shape = SceneryShape::Box {
        centre: [10.0, 10.0],
        size: [4.0, 2.0, 2.0],
        yaw_degrees: 90.0,
    };
    let o = outline(&shape);
    assert!(contains(&o, [10.0, 11.8]));
    assert!(!contains(&o, [11.8, 10.0]));
    let hull = convex_hull(&[[0.0, 0.0], [2.0, 0.0], [1.0, 1.0], [2.0, 2.0], [0.0, 2.0]]);
    assert_eq!(hull.len(), 4);
}

#[test]
fn play_this_layout_starts_a_match_on_it() {
    let dir = data_dir("planner-play");
    let mut app = new_app(&dir);
    open_planner(&mut app);
    send(
        &mut app,
        PlannerIntent::Generate {
            seed: 3,
            symmetry: Symmetry::Mirror,
        },
    );
    send(&mut app, PlannerIntent::Rename("Yard".into()));
    // The players agree the first piece's first part is the other kind (MOVE-5, FIELD-11).
    let first = planner(&app).checks.parts[0].barrier;
    let agreed = if first {
        SceneryTag::Obstacle
    } else {
        SceneryTag::Barrier
    };
    send(
        &mut app,
        PlannerIntent::Tags {
            index: 0,
            part: 0,
            tags: vec![agreed],
            openings: Vec::new(),
        },
    );
    let planned = planner(&app).layout().clone();
    assert_eq!(planned.pieces[0].tags.len(), 1);
    send(&mut app, PlannerIntent::Play { solo: true });
    app.update();
    assert_eq!(screen(&app), Screen::Setup);
    let game = app.world().resource::<NewGame>().clone();
    assert_eq!(
        game.planned.as_ref().map(|l| l.pieces.clone()),
        Some(planned.pieces.clone())
    );
    crate::driver::start_with_an_ashfall_quick_team(&mut app);
    assert_eq!(
        screen(&app),
        Screen::Battle,
        "{}",
        app.world().resource::<Notice>().text
    );
    assert!(deploying(&app).is_some());
    end_deployment(&mut app);
    until_deployment_over(&mut app);
    let m = app.world().resource::<Match>();
    assert_eq!(m.meta.layout_name, "Yard");
    // The battle's scenery is the planned table, part for part.
    let catalog = &app.world().resource::<Content>().0;
    let expected = redline_planner::battlespace_of(catalog, &planned).unwrap();
    let space = &m.game().setup().battlespace;
    assert_eq!(space.table(), expected.table());
    assert_eq!(space.pieces(), expected.pieces());
    assert_eq!(
        space.pieces()[0].kind == SceneryKind::Barrier,
        !first,
        "the game plays the agreed kind"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn field_11_tags_are_edited_suggested_undone_and_saved() {
    let (dir, mut app) = planner_with_a_container("planner-tags");
    assert!(planner(&app).checks.parts[0].barrier);
    // The players call it an obstacle, not elevated: the checks see it at once.
    send(
        &mut app,
        PlannerIntent::Tags {
            index: 0,
            part: 0,
            tags: vec![SceneryTag::Obstacle],
            openings: Vec::new(),
        },
    );
    let part = &planner(&app).checks.parts[0];
    assert!(!part.barrier && !part.elevated);
    // MOVE-7 / POA-10: the suggestion puts back barrier and elevated, as one undo step.
    send(&mut app, PlannerIntent::SuggestTags);
    let part = &planner(&app).checks.parts[0];
    assert!(part.barrier && part.elevated);
    assert!(
        planner(&app).layout().pieces[0].tags.is_empty(),
        "same as the pack"
    );
    send(&mut app, PlannerIntent::Undo);
    assert!(!planner(&app).checks.parts[0].barrier);
    // Saved and loaded again, the agreement is kept.
    send(&mut app, PlannerIntent::Rename("Agreed".into()));
    send(&mut app, PlannerIntent::Save);
    let path = layout_path(&DataDir(dir.clone()), "Agreed");
    let loaded = load_layout(&path).unwrap().0;
    assert_eq!(loaded.pieces[0].tags, planner(&app).layout().pieces[0].tags);
    // A part that isn't there is refused with a sentence, nothing changes.
    let before = planner(&app).layout().clone();
    send(
        &mut app,
        PlannerIntent::Tags {
            index: 0,
            part: 9,
            tags: vec![SceneryTag::Barrier],
            openings: Vec::new(),
        },
    );
    assert_eq!(planner(&app).layout(), &before);
    assert!(app.world().resource::<Notice>().text.contains("no longer"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn move_27_the_climbing_overlay_follows_the_agreed_tags() {
    let (dir, mut app) = planner_with_a_container("planner-climbs");
    assert!(planner(&app).checks.climbs.is_empty(), "off until asked");
    send(&mut app, PlannerIntent::Climbs(true));
    let climbs = &planner(&app).checks.climbs;
    assert_eq!(climbs.len(), 1);
    assert_eq!(climbs[0].way, WayUp::Climb, "MOVE-23: one roll");
    send(
        &mut app,
        PlannerIntent::Tags {
            index: 0,
            part: 0,
            tags: vec![
                SceneryTag::Barrier,
                SceneryTag::Elevated,
                SceneryTag::EasyClimb,
            ],
            openings: Vec::new(),
        },
    );
    assert_eq!(planner(&app).checks.climbs[0].way, WayUp::Free);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn exports_are_written_to_the_data_folder_and_named() {
    let (dir, mut app) = planner_with_a_container("planner-export");
    send(&mut app, PlannerIntent::Rename("Café table".into()));
    let exports = DataDir(dir.clone()).exports();
    for (kind, file, magic) in [
        (
            ExportKind::Pdf(Paper::A4),
            "Café_table-a4.pdf",
            &b"%PDF-"[..],
        ),
        (
            ExportKind::Pdf(Paper::Letter),
            "Café_table-letter.pdf",
            b"%PDF-",
        ),
        (ExportKind::Svg, "Café_table.svg", b"<svg"),
        (ExportKind::Png, "Café_table.png", b"\x89PNG"),
    ] {
        send(&mut app, PlannerIntent::Export(kind));
        let path = exports.join(file);
        let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        assert!(bytes.starts_with(magic), "{file}");
        let notice = &app.world().resource::<Notice>().text;
        assert!(notice.contains(&path.display().to_string()), "{notice}");
        assert_eq!(planner(&app).exported, vec![path]);
    }
    let notice = {
        send(&mut app, PlannerIntent::Export(ExportKind::Pdf(Paper::A4)));
        app.world().resource::<Notice>().text.clone()
    };
    assert!(notice.contains("13 pages"), "{notice}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_setup_screen_plays_a_layout_saved_in_the_planner() {
    let (dir, mut app) = planner_with_a_container("planner-setup");
    send(&mut app, PlannerIntent::Rename("One box".into()));
    send(&mut app, PlannerIntent::Save);
    send(&mut app, PlannerIntent::Back);
    app.update();
    send(&mut app, MenuIntent::NewGame);
    app.update();
    let saved = list_layouts(&DataDir(dir.clone()));
    assert_eq!(saved.len(), 1);
    send(
        &mut app,
        SetupIntent::SavedLayout(Some(saved[0].path.clone())),
    );
    let game = app.world().resource::<NewGame>().clone();
    let planned = game.planned.clone().expect("the saved layout chosen");
    assert_eq!(planned.pieces.len(), 1);
    assert_eq!(game.layout_id(), "planner:One_box");
    // The catalog the game is set up from holds it as one of the scenario's tables.
    let catalog = game.catalog_for(&app.world().resource::<Content>().0);
    assert!(
        catalog
            .scenarios
            .get(&game.scenario)
            .unwrap()
            .setup
            .layouts
            .contains(&planned.id)
    );
    send(&mut app, SetupIntent::SavedLayout(None));
    assert!(app.world().resource::<NewGame>().planned.is_none());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn mod_1_the_planner_shows_module_tags_and_what_a_scenario_s_module_lacks() {
    let (dir, mut app) = planner_with_a_container("planner-modules");
    // No module on: nothing is needed, but the container's data is there to read.
    assert!(planner(&app).checks.module_needs.is_empty());
    let tags: Vec<String> = planner(&app)
        .checks
        .module_tags_of(0)
        .flat_map(|t| t.words())
        .collect();
    assert!(tags.iter().any(|w| w == "Metal, Hardness 2"), "{tags:?}"); // TERR-3
    // Through the Wall requires TERR: the container is a part a Breach can damage.
    send(&mut app, PlannerIntent::Scenario("through_the_wall".into()));
    let needs = planner(&app).checks.module_needs.clone();
    assert_eq!(needs.len(), 1, "{needs:?}");
    assert!(!needs[0].missing()); // TERR-3: one part to breach
    assert_eq!(needs[0].found, 1);
    // With the container gone, the check names what TERR lacks.
    send(
        &mut app,
        PlannerIntent::Select {
            index: Some(0),
            add: false,
        },
    );
    send(&mut app, PlannerIntent::Delete);
    let p = planner(&app);
    assert!(p.checks.module_needs[0].missing());
    assert!(
        p.checks
            .findings
            .iter()
            .any(|f| f.rule == "TERR-3" && f.message.contains("Damaging scenery")),
        "{:?}",
        p.checks.findings
    );
    let _ = std::fs::remove_dir_all(&dir);
}
