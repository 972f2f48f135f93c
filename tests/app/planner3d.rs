//! The planner's 3D view, headless: toggling it sets the battle's scenery models on the
//! table where the engine measures each piece, and follows the edits; the model's-eye
//! camera stands at a clicked point at a figure's eye height, on whatever top the engine
//! stands a model on there; the picture of the view is asked for in the exports folder.
//! And the visuals packs name: every starter scenery kind and character role gets its own,
//! a pack's kind or crew without one (or with an unknown name) falls back.

use bevy::prelude::*;
use redline::headless::content::Content;
use redline::headless::flow::menu::MenuIntent;
use redline::headless::notice::Notice;
use redline::headless::persist::data_dir::DataDir;
use redline::headless::planner::view3d::{PlannerView, PlannerViewIntent, figure_eye_height};
use redline::headless::planner::{Planner, PlannerIntent};
use redline::headless::screen::Screen;
use redline::table::planner_scene::{PlannerPiece, PlannerTable};
use redline::table::set_table::figure_of;
use redline::table::spawn::{DressedScenery, Table};
use redline_battlespace::SceneryShape;
use redline_content::load::starter_source;
use redline_content::team::{MemberSpec, compile_member};
use redline_content::{PackSource, load};
use redline_meshes::scenery::SceneryVisual;
use redline_meshes::{Crew, Role};

use crate::driver::{data_dir, new_app, screen, send};

fn open_planner(app: &mut App) {
    send(app, MenuIntent::Planner);
    app.update();
    assert_eq!(screen(app), Screen::Planner);
}

fn place(app: &mut App, piece: &str, at: [f32; 2]) {
    send(
        app,
        PlannerIntent::Place {
            piece: piece.into(),
            at,
        },
    );
}

/// The 3D view's pieces: (layout index, what it draws, where).
fn pieces_3d(app: &mut App) -> Vec<(usize, DressedScenery, Transform)> {
    let mut query = app
        .world_mut()
        .query::<(&PlannerPiece, &DressedScenery, &Transform)>();
    let mut found: Vec<_> = query
        .iter(app.world())
        .map(|(p, d, t)| (p.0, d.clone(), *t))
        .collect();
    found.sort_by_key(|(i, _, _)| *i);
    found
}

fn view(app: &App) -> &PlannerView {
    app.world().resource::<PlannerView>()
}

#[test]
fn the_3d_view_sets_each_piece_where_the_engine_measures_it() {
    let dir = data_dir("planner-3d-pieces");
    let mut app = new_app(&dir);
    open_planner(&mut app);
    place(&mut app, "container", [8.0, 6.0]);
    place(&mut app, "catwalk", [15.0, 11.0]);
    send(&mut app, PlannerIntent::Rotate(30.0));
    place(&mut app, "tenement", [22.0, 15.0]);
    place(&mut app, "barrel_cluster", [5.0, 17.0]);
    assert!(
        pieces_3d(&mut app).is_empty(),
        "the top-down editor shows no models"
    );

    send(&mut app, PlannerViewIntent::ThreeD(true));
    let planner = app.world().resource::<Planner>();
    let layout = planner.layout().clone();
    let space = (planner.checks.space.clone()).expect("the layout builds");
    let found = pieces_3d(&mut app);
    assert_eq!(found.len(), layout.pieces.len());
    let catalog = &app.world().resource::<Content>().0;
    let mut solid = 0;
    for (index, dressed, transform) in &found {
        let placed = &layout.pieces[*index];
        let piece = catalog.scenery.get(&placed.piece).expect("a pack piece");
        assert_eq!(dressed.0.piece.id, placed.piece);
        assert_eq!(dressed.0.visual, SceneryVisual::for_piece(piece, None));
        assert_ne!(dressed.0.visual, SceneryVisual::Generic, "{}", piece.id);
        // Each part, carried by the piece's transform, lands on the engine's solid.
        for part in &piece.parts {
            let at = transform.transform_point(Vec3::from(part.at));
            let engine = &space.pieces()[solid];
            solid += 1;
            let centre = match &engine.shape {
                SceneryShape::Box { centre, .. } | SceneryShape::Cylinder { centre, .. } => *centre,
                SceneryShape::Wall { from, to, .. } => {
                    [(from[0] + to[0]) / 2.0, (from[1] + to[1]) / 2.0]
                }
                SceneryShape::Hull { .. } => continue,
            };
            assert!(
                (at.x - centre[0]).abs() < 1e-3 && (at.z - centre[1]).abs() < 1e-3,
                "{} {}: drawn at {at}, measured at {centre:?}",
                piece.id,
                part.name
            );
        }
    }
    assert_eq!(solid, space.pieces().len());
    let mut tables = app.world_mut().query::<(&PlannerTable, &Table)>();
    let sizes: Vec<[f32; 2]> = tables
        .iter(app.world())
        .map(|(_, t)| [t.width, t.depth])
        .collect();
    assert_eq!(sizes, vec![layout.size]);

    // The view follows the edits and closes with the top-down editor.
    send(&mut app, PlannerIntent::Delete);
    assert_eq!(pieces_3d(&mut app).len(), layout.pieces.len() - 1);
    send(&mut app, PlannerViewIntent::ThreeD(false));
    app.update();
    assert!(pieces_3d(&mut app).is_empty());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_models_eye_stands_at_the_clicked_point_at_eye_height() {
    let dir = data_dir("planner-3d-eye");
    let mut app = new_app(&dir);
    open_planner(&mut app);
    place(&mut app, "container", [20.0, 6.0]);
    send(&mut app, PlannerViewIntent::ThreeD(true));
    let eye_height = figure_eye_height();
    // A 1.3" figure on its 27 mm base.
    assert!((1.2..=1.45).contains(&eye_height), "{eye_height}");

    send(&mut app, PlannerViewIntent::EyeAt([4.0, 5.0]));
    let eye = view(&app).eye.expect("the eye camera");
    assert_eq!(eye.standing, Vec3::new(4.0, 0.0, 5.0));
    assert!((eye.eye - Vec3::new(4.0, eye_height, 5.0)).length() < 1e-4);
    // Looking at the table's middle, level.
    assert!((eye.look_at.xz() - Vec2::new(15.0, 11.0)).length() < 1e-4);

    // On the container's roof, the model stands on the top the engine finds there.
    send(&mut app, PlannerViewIntent::EyeAt([20.0, 6.0]));
    let eye = view(&app).eye.expect("the eye camera");
    let planner = app.world().resource::<Planner>();
    let top = planner
        .checks
        .space
        .as_ref()
        .expect("space")
        .level_at(20.0, 6.0, 1000.0);
    assert!(top > 1.0, "the container's roof is {top}\" up");
    assert!((eye.standing.y - top).abs() < 1e-4);
    assert!((eye.eye.y - (top + eye_height)).abs() < 1e-4);

    send(&mut app, PlannerViewIntent::Orbit);
    assert_eq!(view(&app).eye, None);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_picture_of_the_3d_view_goes_where_the_exports_go() {
    let dir = data_dir("planner-3d-picture");
    let mut app = new_app(&dir);
    open_planner(&mut app);
    send(&mut app, PlannerIntent::Rename("Pier table".into()));
    send(&mut app, PlannerViewIntent::Picture);
    assert_eq!(view(&app).picture, None, "no 3D view open, no picture");
    assert!(app.world().resource::<Notice>().error);

    send(&mut app, PlannerViewIntent::ThreeD(true));
    send(&mut app, PlannerViewIntent::Picture);
    let wanted = DataDir(dir.clone()).exports().join("Pier_table-3d.png");
    assert_eq!(view(&app).picture.as_ref(), Some(&wanted));
    let notice = app.world().resource::<Notice>();
    assert!(!notice.error);
    assert!(
        notice.text.contains(&wanted.display().to_string()),
        "{}",
        notice.text
    );
    // Leaving the planner forgets the view.
    send(&mut app, PlannerIntent::Back);
    app.update();
    assert_eq!(*view(&app), PlannerView::default());
    let _ = std::fs::remove_dir_all(&dir);
}

const PACK: &str = r#"PackManifest(id: "quay", name: "Quay", version: 1, files: ["quay.ron"])"#;

/// A pack with a faction drawn as the Choir, one of its characters as Glasswork, one with
/// an unknown crew, and three scenery kinds: one named a starter visual, one with none and
/// one with an unknown name.
const QUAY: &str = r#"[
    Faction(id: "quay", name: "Quay Wardens", visual: "choir"),
    Character(id: "quay_boss", name: "Warden", faction: "quay", keywords: [Leader],
        cost: 20, tokens: [Green, Yellow], skills: (influence: 2)),
    Character(id: "quay_guard", name: "Guard", faction: "quay", cost: 10, tokens: [Yellow],
        visual: "glasswork"),
    Character(id: "quay_odd", name: "Odd", faction: "quay", cost: 10, tokens: [Yellow],
        visual: "pirates"),
    Scenery(id: "quay_drum", name: "Drum", visual: "oil_drum",
        parts: [(shape: Cylinder(radius: 0.6, height: 1.4), tags: [Obstacle])]),
    Scenery(id: "quay_kiosk", name: "Kiosk",
        parts: [(shape: Box(width: 2.0, depth: 2.0, height: 2.5), tags: [Barrier])]),
    Scenery(id: "quay_shed", name: "Shed", visual: "pagoda",
        parts: [(shape: Box(width: 3.0, depth: 2.0, height: 2.5), tags: [Barrier])]),
]"#;

#[test]
fn every_starter_kind_and_role_gets_its_visual_and_a_pack_without_one_falls_back() {
    let loaded = load(&[
        starter_source(),
        PackSource::from_memory(PACK, &[("quay.ron", QUAY)]),
    ])
    .expect("the pack loads");
    let catalog = loaded.catalog;
    // Unknown names are warned about, not refused.
    let unknown = loaded
        .warnings
        .iter()
        .filter(|w| matches!(w.kind, redline_content::ProblemKind::UnknownVisual { .. }))
        .count();
    assert_eq!(unknown, 2, "{:?}", loaded.warnings);

    // Characters: every starter card and Gonk in its faction's own style, every role drawn.
    let mut roles = std::collections::BTreeSet::new();
    let cards = catalog
        .characters
        .iter()
        .map(|c| c.id.clone())
        .chain(catalog.gonks.iter().map(|g| g.id.clone()));
    for id in cards {
        let model = compile_member(&catalog, &MemberSpec::new(&id)).expect("compiles");
        let figure = figure_of(&catalog, &model.profile);
        roles.insert(figure.role);
        if id.starts_with("quay") {
            continue;
        }
        assert_eq!(figure.crew, Crew::of_profile(&model.profile), "{id}");
        let faction = catalog.characters.get(&id).and_then(|c| c.faction.clone());
        if faction.is_some() {
            assert_ne!(figure.crew, Crew::Freelance, "{id} has its faction's style");
        }
    }
    for role in [Role::Leader, Role::Character, Role::Gonk, Role::Netrunner] {
        assert!(roles.contains(&role), "no starter card drawn as {role:?}");
    }
    let drones: Vec<Role> = catalog
        .drones
        .iter()
        .map(|d| {
            let profile = redline_content::team::compile_drone(d);
            figure_of(&catalog, &profile).role
        })
        .collect();
    assert!(drones.iter().all(|r| r.is_drone()), "{drones:?}");

    // The pack's crews: the faction's named style, a card's own, an unknown name falls back.
    let crew = |id: &str| {
        let model = compile_member(&catalog, &MemberSpec::new(id)).expect("compiles");
        figure_of(&catalog, &model.profile).crew
    };
    assert_eq!(crew("quay_boss"), Crew::Choir);
    assert_eq!(crew("quay_guard"), Crew::Glasswork);
    assert_eq!(crew("quay_odd"), Crew::Choir);

    // Scenery in the planner's 3D view: every starter kind its own visual, the pack's
    // kinds the one they name or the plain one.
    let dir = data_dir("planner-3d-visuals");
    let mut app = new_app(&dir);
    app.world_mut().resource_mut::<Content>().0 = catalog.clone();
    open_planner(&mut app);
    send(&mut app, PlannerIntent::Mat([72.0, 44.0]));
    let kinds: Vec<String> = catalog.scenery.iter().map(|p| p.id.clone()).collect();
    for (i, kind) in kinds.iter().enumerate() {
        let at = [8.0 + (i % 6) as f32 * 12.0, 8.0 + (i / 6) as f32 * 12.0];
        place(&mut app, kind, at);
    }
    send(&mut app, PlannerViewIntent::ThreeD(true));
    let found = pieces_3d(&mut app);
    assert_eq!(found.len(), kinds.len());
    for (index, dressed, _) in found {
        let id = &kinds[index];
        let wanted = match id.as_str() {
            "quay_drum" => SceneryVisual::OilDrum,
            "quay_kiosk" | "quay_shed" => SceneryVisual::Generic,
            starter => SceneryVisual::of_starter_kind(starter)
                .unwrap_or_else(|| panic!("starter kind {starter} has no visual")),
        };
        assert_eq!(dressed.0.visual, wanted, "{id}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}
