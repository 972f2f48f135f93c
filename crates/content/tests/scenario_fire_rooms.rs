//! A scenario's starting fire naming a room (FIRE-15, MOD-9): `room` picks one room of the
//! storey by the name the piece gives it (or its number from 1), the game starts with that
//! room burning and no other, and a room the piece doesn't have is refused at
//! file:line:column naming the scenario, the piece and the room.

use redline_battlespace::{Compartment, ModelBase};
use redline_content::skirmish::{quick_team, skirmish};
use redline_content::team::TeamRules;
use redline_content::{PackSource, Problem, load};
use redline_rules::card::Colour;
use redline_rules::{Fire, FirePlace, Game, Module, Seat};

/// The shophouse's back store: the first piece of Shop Row, storey 1, its second room.
const BACK_STORE: FirePlace = FirePlace::Compartment {
    building: 0,
    storey: 1,
    room: 1,
};

#[test]
fn fire_15_back_room_blaze_starts_with_the_shophouse_back_store_burning_alone() {
    let catalog = redline_content::starter();
    let rules = TeamRules::one_off(100);
    let teams = ["ashfall", "tidewater"].map(|f| quick_team(&catalog, f, &rules).unwrap());
    let s = skirmish(&catalog, "back_room_blaze", None, &teams, 1).unwrap();
    assert!(s.setup.modules.contains(&Module::Fire)); // MOD-1: required
    let fire = Fire {
        place: BACK_STORE,
        colour: Colour::Red,
        lighter: Seat(0),
    };
    assert_eq!(s.setup.scenario.fires, vec![fire]); // FIRE-15
    let game = Game::new(s.setup, 1).unwrap();
    assert_eq!(game.fires(), &[fire][..]); // the back store only
    // MOD-9: the burning room is the east one, the store with the side door; the front
    // room, west of the partition, doesn't burn.
    let at = |x: f32| {
        game.battlespace()
            .compartment_of(&ModelBase::new(99, 0, [x, 0.0, 11.0]))
    };
    assert_eq!(at(17.0), BACK_STORE.as_compartment());
    assert_eq!(
        at(13.0),
        Some(Compartment {
            building: 0,
            storey: 1,
            room: 0
        })
    );
}

const MANIFEST: &str = r#"PackManifest(id: "test", name: "Test", version: 1,
    files: ["scenery.ron", "layouts.ron", "scenarios.ron"])"#;

/// A hut of two rooms, the first named "shop", the second unnamed.
const SCENERY: &str = r#"[
    Scenery(
        id: "hut",
        name: "Hut",
        parts: [
            (name: "wall", shape: Wall(length: 4.0, thickness: 0.4, height: 3.0),
             tags: [Barrier]),
            (name: "roof", shape: Box(width: 4.0, depth: 4.0, height: 0.3), at: (0.0, 3.0, 0.0),
             tags: [Barrier, Elevated]),
        ],
        storeys: [(parts: ["wall", "roof"], rooms: [
            (name: Some("shop"), footprint: [(-2.0, -2.0), (0.0, -2.0), (0.0, 2.0), (-2.0, 2.0)]),
            (footprint: [(0.0, -2.0), (2.0, -2.0), (2.0, 2.0), (0.0, 2.0)]),
        ])],
    ),
]"#;

const LAYOUTS: &str = r#"[
    Layout(id: "lay", name: "L", size: (30.0, 22.0),
        pieces: [(piece: "hut", at: (10.0, 10.0), label: "Old Hut")]),
]"#;

/// A two-player scenario on the layout with one fire, `fire`.
fn scenario(fire: &str) -> String {
    format!(
        r#"[
    Scenario(
        id: "burn",
        name: "Burn",
        players: 2,
        setup: (table: (30.0, 22.0), layouts: ["lay"]),
        deployment: [
            (seat: 0, zone: Edge(edge: North, within: Band(Red))),
            (seat: 1, zone: Edge(edge: South, within: Band(Red))),
        ],
        first_control: Seat(0),
        win: [LastStanding],
        modules: (require: [Fire]),
        fires: [{fire}],
    ),
]"#
    )
}

fn problems_with(scenery: &str, fire: &str) -> Vec<Problem> {
    let text = scenario(fire);
    let files = [
        ("scenery.ron", scenery),
        ("layouts.ron", LAYOUTS),
        ("scenarios.ron", text.as_str()),
    ];
    match load(&[PackSource::from_memory(MANIFEST, &files)]) {
        Ok(_) => Vec::new(),
        Err(err) => err.errors().cloned().collect(),
    }
}

fn problems(fire: &str) -> Vec<Problem> {
    problems_with(SCENERY, fire)
}

#[test]
fn fire_15_mod_9_a_fire_names_a_room_by_its_name_or_its_number() {
    for room in ["\"shop\"", "\"2\""] {
        let fire = format!(
            r#"(piece: "Old Hut", storey: Some(1), room: Some({room}), colour: Red, lighter: Seat(0))"#
        );
        assert!(problems(&fire).is_empty(), "{room}: {:?}", problems(&fire));
    }
}

#[test]
fn fire_15_mod_9_an_unknown_room_is_refused_naming_the_scenario_piece_and_room() {
    let fire = r#"(piece: "Old Hut", storey: Some(1), room: Some("attic"), colour: Red, lighter: Seat(0))"#;
    let errs = problems(fire);
    assert_eq!(errs.len(), 1, "{errs:?}");
    let text = scenario(fire);
    let line = text.lines().position(|l| l.contains("fires: [")).unwrap() + 1;
    assert_eq!(errs[0].location.line, line, "{}", errs[0]); // file:line:column
    let message = errs[0].to_string();
    for part in ["'burn'", "'Old Hut'", "'attic'", "'shop'", "'2'"] {
        assert!(message.contains(part), "{part}: {message}"); // FIRE-15, MOD-9
    }
}

#[test]
fn fire_15_mod_9_a_room_needs_a_storey_and_a_storey_with_rooms() {
    let no_storey = r#"(piece: "Old Hut", room: Some("shop"), colour: Red, lighter: Seat(0))"#;
    let errs = problems(no_storey);
    assert_eq!(errs.len(), 1, "{errs:?}");
    assert!(
        errs[0].to_string().contains("name the storey"),
        "{}",
        errs[0]
    );
    // A storey of one compartment has no rooms to name.
    let one = SCENERY.replace(
        r#"rooms: [
            (name: Some("shop"), footprint: [(-2.0, -2.0), (0.0, -2.0), (0.0, 2.0), (-2.0, 2.0)]),
            (footprint: [(0.0, -2.0), (2.0, -2.0), (2.0, 2.0), (0.0, 2.0)]),
        ]"#,
        "rooms: []",
    );
    let fire =
        r#"(piece: "Old Hut", storey: Some(1), room: Some("shop"), colour: Red, lighter: Seat(0))"#;
    let errs = problems_with(&one, fire);
    assert_eq!(errs.len(), 1, "{errs:?}");
    assert!(errs[0].to_string().contains("no rooms"), "{}", errs[0]);
}

#[test]
fn mod_9_two_rooms_of_a_storey_cannot_share_a_name() {
    let twins = SCENERY.replace(
        "(footprint: [(0.0, -2.0)",
        "(name: Some(\"shop\"), footprint: [(0.0, -2.0)",
    );
    let fire = r#"(piece: "Old Hut", storey: Some(1), colour: Red, lighter: Seat(0))"#;
    let errs = problems_with(&twins, fire);
    assert_eq!(errs.len(), 1, "{errs:?}");
    assert!(
        errs[0].to_string().contains("two rooms are named 'shop'"),
        "{}",
        errs[0]
    );
}
