//! A scenario's starting fires (FIRE-15): placed on the layout at setup with the lighter the
//! sheet names, carried into the game only with FIRE on (MOD-2), and refused at
//! file:line:column when they can't be placed or the scenario doesn't require FIRE.

use redline_content::skirmish::{quick_team, skirmish};
use redline_content::team::TeamRules;
use redline_content::{PackSource, Problem, load};
use redline_rules::card::Colour;
use redline_rules::{Fire, FirePlace, Game, Module, Seat};

#[test]
fn fire_15_lantern_fire_starts_with_the_tenements_ground_floor_burning() {
    let catalog = redline_content::starter();
    let rules = TeamRules::one_off(100);
    let teams = ["ashfall", "tidewater"].map(|f| quick_team(&catalog, f, &rules).unwrap());
    let s = skirmish(&catalog, "lantern_fire", None, &teams, 1).unwrap();
    assert!(s.setup.modules.contains(&Module::Fire)); // MOD-1: required
    // The tenement is the seventh piece the night market places.
    let fire = Fire {
        place: FirePlace::Compartment {
            building: 6,
            storey: 1,
            room: 0,
        },
        colour: Colour::Red,
        lighter: Seat(0),
    };
    assert_eq!(s.setup.scenario.fires, vec![fire]); // FIRE-15
    let game = Game::new(s.setup, 1).unwrap();
    assert_eq!(game.fires(), &[fire][..]);
}

const MANIFEST: &str = r#"PackManifest(id: "test", name: "Test", version: 1,
    files: ["scenery.ron", "layouts.ron", "scenarios.ron"])"#;

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
        storeys: [(parts: ["wall", "roof"])],
    ),
]"#;

const LAYOUTS: &str = r#"[
    Layout(id: "lay", name: "L", size: (30.0, 22.0),
        pieces: [(piece: "hut", at: (10.0, 10.0), label: "Old Hut")]),
]"#;

/// A two-player scenario on the layout; `extra` is spliced into its fields.
fn scenario(extra: &str) -> String {
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
{extra}
    ),
]"#
    )
}

fn problems(extra: &str) -> Vec<Problem> {
    let text = scenario(extra);
    let files = [
        ("scenery.ron", SCENERY),
        ("layouts.ron", LAYOUTS),
        ("scenarios.ron", text.as_str()),
    ];
    match load(&[PackSource::from_memory(MANIFEST, &files)]) {
        Ok(_) => Vec::new(),
        Err(err) => err.errors().cloned().collect(),
    }
}

#[test]
fn fire_15_a_fire_on_a_storey_of_the_layout_loads() {
    let ok = r#"        modules: (require: [Fire]),
        fires: [(piece: "Old Hut", storey: Some(1), colour: Yellow, lighter: Seat(1))],"#;
    assert!(problems(ok).is_empty(), "{:?}", problems(ok));
}

#[test]
fn fire_15_a_fire_the_layout_cant_place_is_refused_at_its_piece() {
    let cases = [
        (
            "no such piece",
            r#"(piece: "Shed", storey: Some(1), colour: Red, lighter: Seat(0))"#,
        ),
        (
            "no such storey",
            r#"(piece: "Old Hut", storey: Some(2), colour: Red, lighter: Seat(0))"#,
        ),
        (
            "no such seat",
            r#"(piece: "Old Hut", storey: Some(1), colour: Red, lighter: Seat(2))"#,
        ),
        (
            "nothing flammable",
            r#"(piece: "Old Hut", colour: Red, lighter: Seat(0))"#,
        ),
    ];
    for (case, fire) in cases {
        let extra = format!("        modules: (require: [Fire]),\n        fires: [{fire}],");
        let errs = problems(&extra);
        assert_eq!(errs.len(), 1, "{case}: {errs:?}");
        let text = scenario(&extra);
        let line = text.lines().position(|l| l.contains("fires: [")).unwrap() + 1;
        assert_eq!(errs[0].location.line, line, "{case}: {}", errs[0]); // FIRE-15
        assert!(errs[0].to_string().contains("fire"), "{case}: {}", errs[0]);
    }
}

#[test]
fn fire_15_a_scenario_with_fires_must_require_fire() {
    let extra =
        r#"        fires: [(piece: "Old Hut", storey: Some(1), colour: Red, lighter: Seat(0))],"#;
    let errs = problems(extra);
    assert_eq!(errs.len(), 1, "{errs:?}");
    assert!(errs[0].to_string().contains("require FIRE"), "{}", errs[0]); // MOD-2
}
