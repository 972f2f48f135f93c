//! A fire in one room of a building (MOD-9, FIRE-3): on Shop Row the Timber Shophouse's one
//! storey is two rooms, and a fire in one of them shows flames over that room's footprint
//! only, and the log names the room by the pack's name (FIRE-15) or, left unnamed, by its
//! compass point, and the floor, not the storey.

use bevy::prelude::*;
use redline::headless::content::Content;
use redline::headless::flow::menu::MenuIntent;
use redline::headless::game::describe;
use redline::headless::game::match_state::Match;
use redline::headless::game::meta::MatchMeta;
use redline::headless::persist::data_dir::DataDir;
use redline::headless::persist::saves;
use redline::headless::screen::Screen;
use redline::table::fires::FireMark;
use redline_battlespace::{Battlespace, Compartment};
use redline_content::skirmish::{quick_team, skirmish_with_rules};
use redline_content::team::TeamRules;
use redline_rules::card::Colour;
use redline_rules::{Command, Event, Fire, FirePlace, Game, Module, Seat};

use crate::driver::{data_dir, new_app_with_visuals, screen, send};

/// The starter pack with Shop Row among Street Claim's layouts.
fn with_shop_row() -> Content {
    Content(crate::edited_starter::starter_edited(|path, text| {
        if path == "scenarios.ron" {
            text.replacen(
                "layouts: [\"pier_nine\", \"tenement_yard\"],",
                "layouts: [\"pier_nine\", \"tenement_yard\", \"shop_row\"],",
                1,
            )
        } else {
            text.to_owned()
        }
    }))
}

/// Street Claim on Shop Row with FIRE on, and `room` of the shophouse's storey burning
/// YELLOW; with the building's number.
fn shop_row_with_a_room_fire(catalog: &Content, room: u8) -> (Match, u32) {
    let catalog = &catalog.0;
    let mut rules = TeamRules::one_off(150);
    rules.modules = [Module::Fire].into();
    let teams: Vec<_> = ["ashfall", "tidewater"]
        .iter()
        .map(|f| quick_team(catalog, f, &rules).unwrap())
        .collect();
    let table = skirmish_with_rules(
        catalog,
        "street_claim",
        Some("shop_row"),
        &teams,
        &[rules.clone(), rules.clone()],
    )
    .unwrap()
    .with_modules(&rules.modules)
    .unwrap();
    let meta = MatchMeta::of_skirmish(catalog, &table, &teams, false);
    let mut setup = table.setup.clone();
    let building = setup
        .battlespace
        .pieces()
        .iter()
        .filter_map(|p| p.storey)
        .map(|s| s.building)
        .find(|b| setup.battlespace.storey_rooms(*b, 1).len() == 2)
        .expect("MOD-9: the shophouse's two rooms");
    setup.scenario.fires.push(Fire {
        place: FirePlace::Compartment {
            building,
            storey: 1,
            room,
        },
        colour: Colour::Yellow,
        lighter: Seat(0),
    });
    (Match::new(setup, 5, meta).unwrap(), building)
}

/// Whether (x, z) lies inside a convex footprint (either winding), or on its edge.
fn inside(footprint: &[[f32; 2]], p: Vec2) -> bool {
    let sides: Vec<f32> = (0..footprint.len())
        .map(|i| {
            let a = Vec2::from(footprint[i]);
            let b = Vec2::from(footprint[(i + 1) % footprint.len()]);
            (b - a).perp_dot(p - a)
        })
        .collect();
    sides.iter().all(|s| *s >= -1e-4) || sides.iter().all(|s| *s <= 1e-4)
}

fn fire_marks(app: &mut App) -> Vec<(FireMark, Vec3)> {
    let world = app.world_mut();
    let mut q = world.query::<(&FireMark, &Transform)>();
    q.iter(world).map(|(m, t)| (*m, t.translation)).collect()
}

#[test]
fn mod_9_fire_3_a_burning_room_shows_over_its_own_footprint_and_is_named_by_the_room() {
    let dir = data_dir("room-fires");
    let app = new_app_with_visuals(&dir);
    let content = with_shop_row();
    let (started, building) = shop_row_with_a_room_fire(&content, 1);
    let autosave = app.world().resource::<DataDir>().autosave();
    drop(app);
    saves::save_match(&autosave, &started).unwrap();
    let mut app = new_app_with_visuals(&dir);
    send(&mut app, MenuIntent::Continue);
    app.update();
    assert_eq!(screen(&app), Screen::Battle);

    let game: Game = app.world().resource::<Match>().game().clone();
    let burning = Compartment {
        building,
        storey: 1,
        room: 1,
    };
    let place = FirePlace::compartment(burning);
    assert_eq!(game.fires().len(), 1, "FIRE-3: the room burns");
    let space = game.battlespace();
    let own = space.compartment_footprint(burning);
    let other = space.compartment_footprint(Compartment { room: 0, ..burning });
    let marks = fire_marks(&mut app);
    assert!(!marks.is_empty(), "the fire shows on the table");
    for (mark, at) in &marks {
        assert_eq!(mark.place, place);
        let p = Vec2::new(at.x, at.z);
        assert!(inside(&own, p), "MOD-9: flames over the burning room, {p}");
        // Clear of the room next door (not on the partition between them).
        assert!(!inside(&other, p), "MOD-9: none over the other room, {p}");
    }

    // The log and the buttons name the room and its floor, not "storey 1".
    let meta = app.world().resource::<Match>().meta.clone();
    let started = Event::FireStarted {
        place,
        colour: Colour::Yellow,
        lighter: Seat(0),
    };
    let line = describe::event(&game, &meta, &started).expect("a line in the log");
    let room = describe::compartment(&game, building, 1, 1);
    // FIRE-15: the pack names the shophouse's rooms `front` and `back`.
    assert_eq!(room, "the back room, ground floor of Timber Shophouse");
    assert!(line.contains(&room), "{line}");
    assert!(!line.contains("storey"), "{line}");
    let other_room = describe::compartment(&game, building, 1, 0);
    assert_eq!(
        other_room,
        "the front room, ground floor of Timber Shophouse"
    );
    let roll = describe::command(&game, &Command::RollFire { place });
    assert!(roll.contains(&room), "{roll}");
}

#[test]
fn mod_9_a_room_the_pack_leaves_unnamed_is_named_by_its_compass_point() {
    let (started, building) = shop_row_with_a_room_fire(&with_shop_row(), 1);
    let mut setup = started.game().setup().clone();
    let space = &setup.battlespace;
    let mut pieces = space.pieces().to_vec();
    for p in &mut pieces {
        p.room_names.clear();
    }
    setup.battlespace = Battlespace::new(*space.table(), pieces).unwrap();
    let game = Game::new(setup, 5).unwrap();
    // Placed at (15, 11): the front room lies west of the storey's middle, the back east.
    let back = describe::compartment(&game, building, 1, 1);
    assert_eq!(back, "the east room, ground floor of Timber Shophouse");
    let front = describe::compartment(&game, building, 1, 0);
    assert_eq!(front, "the west room, ground floor of Timber Shophouse");
}
