//! Climbing routes onto elevated tops (MOVE-17, MOVE-22..27) and saved layouts (versioned,
//! atomic, broken text located by line and column).

use std::fs;
use std::path::PathBuf;

use redline_battlespace::{Battlespace, SceneryKind, SceneryPiece, SceneryShape, Table};
use redline_content::schema::{Layout, PlacedPiece};
use redline_content::store::{StoreError, previous_path};
use redline_planner::save::{self, LAYOUT_KIND};
use redline_planner::{WayUp, battlespace_of, climbing_routes};

fn boxed(id: u32, name: &str, centre: [f32; 2], size: [f32; 3]) -> SceneryPiece {
    SceneryPiece::new(
        id,
        name,
        SceneryKind::Barrier,
        SceneryShape::Box {
            centre,
            size,
            yaw_degrees: 0.0,
        },
    )
    .elevated()
}

fn space(pieces: Vec<SceneryPiece>) -> Battlespace {
    Battlespace::new(Table::standard(), pieces).unwrap()
}

#[test]
fn move_23_a_plain_top_taller_than_red_is_a_climb_with_a_roll() {
    let s = space(vec![boxed(0, "Container", [10.0, 10.0], [6.0, 3.5, 3.0])]);
    let routes = climbing_routes(&s);
    assert_eq!(routes.len(), 1);
    let r = &routes[0];
    assert_eq!(r.way, WayUp::Climb, "{:?}", r.steps);
    assert_eq!(r.rolls(), 1);
    assert!((r.top - 3.5).abs() < 1e-4);
    assert!(
        r.steps[0].contains("Climb up 3.5\" onto 'Container'"),
        "{:?}",
        r.steps
    );
    assert!(r.steps[0].contains("MOVE-23"));
}

#[test]
fn move_27_a_ladder_makes_the_way_up_free() {
    let s = space(vec![
        boxed(0, "Tower", [10.0, 10.0], [4.0, 5.0, 4.0]).with_ladder([12.0, 10.0], 1.0),
    ]);
    let r = &climbing_routes(&s)[0];
    assert_eq!(r.way, WayUp::Free, "{:?}", r.steps);
    assert_eq!(r.rolls(), 0);
    assert!(
        r.steps.iter().any(|s| s.contains("MOVE-27")),
        "{:?}",
        r.steps
    );
    // The model starts by the ladder's face.
    let from = r.from.unwrap();
    assert!(from[0] > 12.0, "{from:?}");
}

#[test]
fn move_25_a_top_taller_than_green_is_a_two_action_climb() {
    let s = space(vec![boxed(0, "Silo", [10.0, 10.0], [4.0, 13.0, 4.0])]);
    let r = &climbing_routes(&s)[0];
    assert_eq!(r.way, WayUp::TwoActions, "{:?}", r.steps);
    // One roll for each action (MOVE-25), the plan the battle itself would accept.
    assert_eq!(r.rolls(), 2);
    let plan = r.plan.as_ref().unwrap();
    assert!((plan.end[1] - 13.0).abs() < 0.05, "{:?}", plan.end);
    assert!(
        r.steps[0].contains("Two-action climb up 13.0\" onto 'Silo'"),
        "{:?}",
        r.steps
    );
    assert!(
        r.steps.iter().any(|s| s.contains("MOVE-25")),
        "{:?}",
        r.steps
    );
    // Failing the first roll falls at most one GREEN action's climb (MOVE-24, OPEN-24);
    // failing the second falls from the height it would have reached: the top.
    assert!(r.steps[1].contains("falls 12.0\""), "{:?}", r.steps);
    assert!(r.steps[2].contains("falls 13.0\""), "{:?}", r.steps);
    // The model starts on the table at the foot of a face.
    let from = r.from.unwrap();
    assert!(from[1].abs() < 1e-4, "{from:?}");
}

#[test]
fn move_25_a_top_taller_than_two_green_moves_has_no_way_up() {
    let s = space(vec![boxed(0, "Mast", [10.0, 10.0], [4.0, 25.0, 4.0])]);
    let r = &climbing_routes(&s)[0];
    assert_eq!(r.way, WayUp::None);
    assert!(r.plan.is_none());
    assert!(r.steps[0].contains("MOVE-25"), "{:?}", r.steps);
}

#[test]
fn only_elevated_pieces_are_listed_and_starter_tables_all_answer() {
    let mut wall = boxed(1, "Wall", [20.0, 10.0], [6.0, 4.0, 0.5]);
    wall.elevated = false;
    let s = space(vec![
        boxed(0, "Container", [10.0, 10.0], [6.0, 3.5, 3.0]),
        wall,
    ]);
    assert_eq!(climbing_routes(&s).len(), 1);

    let catalog = redline_content::starter();
    for layout in catalog.layouts.iter() {
        let s = battlespace_of(&catalog, layout).unwrap();
        for r in climbing_routes(&s) {
            assert!(!r.steps.is_empty(), "{}: {}", layout.id, r.name);
            assert_eq!(r.plan.is_some(), r.way != WayUp::None);
        }
    }
}

fn dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("redline-planner-{name}-{}", std::process::id()));
    let _ = fs::remove_dir_all(&d);
    fs::create_dir_all(&d).unwrap();
    d
}

fn layout(x: f32) -> Layout {
    Layout {
        id: "mine".into(),
        name: "My table".into(),
        size: [30.0, 22.0],
        pieces: vec![PlacedPiece {
            piece: "crate".into(),
            at: [x, 4.0],
            elevation: 0.0,
            rotation_deg: 15.0,
            label: None,
            tags: Vec::new(),
        }],
        text: "for Friday".into(),
    }
}

#[test]
fn a_saved_layout_loads_back_and_the_replaced_one_is_kept() {
    let d = dir("save");
    let path = d.join("friday.layout.ron");
    save::save(&path, &layout(3.0)).unwrap();
    assert_eq!(save::load(&path).unwrap(), layout(3.0));
    let text = fs::read_to_string(&path).unwrap();
    assert!(
        text.contains(LAYOUT_KIND) && text.contains("version: 2"),
        "{text}"
    );
    save::save(&path, &layout(5.0)).unwrap();
    assert_eq!(save::load(&path).unwrap(), layout(5.0));
    assert_eq!(save::load(&previous_path(&path)).unwrap(), layout(3.0));
}

#[test]
fn a_bare_pack_layout_file_loads_too() {
    let d = dir("bare");
    let path = d.join("bare.ron");
    let text = ron::ser::to_string_pretty(&layout(7.0), Default::default()).unwrap();
    fs::write(&path, text).unwrap();
    assert_eq!(save::load(&path).unwrap(), layout(7.0));
}

#[test]
fn broken_ron_names_file_line_and_column() {
    let d = dir("broken");
    let path = d.join("broken.layout.ron");
    save::save(&path, &layout(3.0)).unwrap();
    let text = fs::read_to_string(&path).unwrap();
    // Break the table size on its line: `size: (30.0, 22.0),` loses its closing bracket.
    let broken = text.replacen("22.0),", "22.0,", 1);
    let line = broken.lines().position(|l| l.contains("22.0,")).unwrap() + 1;
    fs::write(&path, &broken).unwrap();
    match save::load(&path) {
        Err(StoreError::Damaged {
            path: p,
            line: l,
            column,
            ..
        }) => {
            assert_eq!(p, path);
            assert!(l >= line && l <= line + 1, "line {l}, broken on {line}");
            assert!(column >= 1);
        }
        other => panic!("{other:?}"),
    }
    let message = save::load(&path).unwrap_err().to_string();
    assert!(
        message.starts_with(&format!("{}:", path.display())),
        "{message}"
    );
    // A bare layout with a typo is located the same way.
    let bare = d.join("bare.ron");
    fs::write(
        &bare,
        "(\n  id: \"x\",\n  name: \"y\",\n  size: (30.0, 22.0),\n  pieces: [ oops ],\n)\n",
    )
    .unwrap();
    match save::load(&bare) {
        Err(StoreError::Damaged { line, column, .. }) => {
            assert_eq!(line, 5);
            assert!(column > 10, "column {column}");
        }
        other => panic!("{other:?}"),
    }
    assert!(save::load(&d.join("missing.ron")).unwrap_err().is_missing());
}

#[test]
fn move_17_a_deck_with_no_face_to_climb_is_reached_by_a_jump_from_a_tower() {
    // A walkway deck 3.5" up on thin air (its posts left out) and a tower with a ladder, 1"
    // away: the deck's edge is no barrier face to climb, so the way up is the ladder, then a
    // jump across the gap.
    let mut deck = boxed(0, "Deck", [10.0, 10.0], [6.0, 0.2, 1.2]);
    deck.base = 3.5;
    let tower = boxed(1, "Tower", [14.5, 10.0], [2.0, 3.7, 2.0]).with_ladder([15.5, 10.0], 1.0);
    let s = space(vec![deck, tower]);
    let routes = climbing_routes(&s);
    let r = routes.iter().find(|r| r.name == "Deck").unwrap();
    assert_eq!(r.way, WayUp::Jump, "{:?}", r.steps);
    assert!(
        r.steps
            .iter()
            .any(|s| s.contains("Jump the") && s.contains("MOVE-17")),
        "{:?}",
        r.steps
    );
}
