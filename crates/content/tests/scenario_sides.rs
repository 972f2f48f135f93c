//! Scenarios with sides (CTRL-18): the starter pack's attacker/defender scenarios load and
//! deploy (FIELD-4, FIELD-7), their sides reach the engine, and a sheet's sides are checked
//! with `pack/file:line:col` errors.

use redline_content::scenario_rules::scenario_rules;
use redline_content::schema::Role;
use redline_content::skirmish::{quick_team, skirmish};
use redline_content::team::{TeamRules, TeamSpec};
use redline_content::{PackSource, Problem, ProblemKind, load, starter};
use redline_rules::scenario::{ExitEdge, WinCondition};
use redline_rules::{Entry, Game, Seat};

const SIDED: [&str; 4] = [
    "relay_siege",
    "boxed_in",
    "king_of_the_heap",
    "smash_and_grab",
];

#[test]
fn ctrl_18_the_starter_pack_has_four_scenarios_with_an_attacker_and_a_defender() {
    let catalog = starter();
    for id in SIDED {
        let s = catalog.scenarios.get(id).expect(id);
        let roles: Vec<Role> = s.sides.iter().map(|d| d.role).collect();
        assert!(
            roles.contains(&Role::Attacker) && roles.contains(&Role::Defender),
            "{id}"
        );
        let (rules, _) = scenario_rules(s);
        assert_eq!(rules.sides.len(), 2, "{id}");
        // CTRL-21: every side has a way to win of its own.
        for seat in [Seat(0), Seat(1)] {
            assert!(rules.win_for(seat).len() > rules.win.len(), "{id} {seat:?}");
        }
        // The round limit the defender holds out to (CTRL-21).
        assert!(rules.inspire_limit().is_some(), "{id}");
    }
}

#[test]
fn field_4_field_7_centre_and_every_edge_zones_reach_the_engine() {
    let catalog = starter();
    let (rules, _) = scenario_rules(catalog.scenarios.get("boxed_in").unwrap());
    assert!(matches!(
        rules.zone_of(Seat(0)),
        Some(redline_battlespace::DeploymentZone::Centre { .. })
    ));
    assert_eq!(rules.zones_of(Seat(1)).len(), 4);
    // A centre side escapes over any edge: its sheet's `edge: None`.
    assert!(rules.win_for(Seat(0)).contains(&WinCondition::Escape {
        count: 2,
        edge: ExitEdge::OppositeZone
    }));
}

#[test]
fn field_7_a_side_with_several_zones_deals_its_models_over_all_of_them() {
    let catalog = starter();
    let s = catalog.scenarios.get("boxed_in").unwrap();
    let rules = TeamRules::one_off(s.eb_limit);
    let teams: Vec<TeamSpec> = ["ashfall", "choir"]
        .iter()
        .map(|f| quick_team(&catalog, f, &rules).unwrap())
        .collect();
    for layout in &s.setup.layouts {
        let sk = skirmish(&catalog, "boxed_in", Some(layout), &teams, 1).unwrap();
        let table = *sk.setup.battlespace.table();
        let rivals: Vec<[f32; 3]> = sk
            .setup
            .models
            .iter()
            .filter(|m| m.owner == Seat(1) && m.entry == Entry::Table)
            .map(|m| m.position)
            .collect();
        assert!(rivals.len() >= 4, "{layout}");
        // North, south, west and east each get a rival (FIELD-7).
        let near = |p: &[f32; 3]| {
            [
                p[2] < 3.0,
                p[2] > table.depth - 3.0,
                p[0] < 3.0,
                p[0] > table.width - 3.0,
            ]
        };
        for k in 0..4 {
            assert!(rivals.iter().any(|p| near(p)[k]), "{layout}: edge {k}");
        }
        Game::new(sk.setup, 1).unwrap();
    }
}

const MANIFEST: &str =
    r#"PackManifest(id: "test", name: "Test", version: 1, files: ["cards.ron"])"#;

const SCENARIO: &str = "Scenario(id: \"s\", name: \"S\", players: 2, setup: (table: (30.0, 22.0)), \
    deployment: [(seat: 0, zone: Centre(within: Band(Yellow))), (seat: 1, zone: Edge(edge: North, within: Band(Red))), \
    (seat: 1, zone: Edge(edge: South, within: Band(Red)))], \
    first_control: Seat(0), special_rules: [InspireLimit(5)], win: [LastStanding], \
    sides: [(seat: 0, role: Attacker, win: [Escape(count: 1, edge: None)]), (seat: 1, role: Defender, win: [HoldOut])])";

fn errors(text: &str) -> Vec<Problem> {
    match load(&[PackSource::from_memory(MANIFEST, &[("cards.ron", text)])]) {
        Ok(_) => Vec::new(),
        Err(err) => err.errors().cloned().collect(),
    }
}

/// The text a problem points at, from its line and column.
fn text_at<'a>(text: &'a str, p: &Problem) -> &'a str {
    let line = text.lines().nth(p.location.line - 1).unwrap();
    let start = line
        .char_indices()
        .nth(p.location.col - 1)
        .map_or(line.len(), |(i, _)| i);
    &line[start..]
}

#[test]
fn ctrl_18_a_valid_sheet_with_sides_loads() {
    assert!(errors(&format!("[{SCENARIO}]")).is_empty());
}

#[test]
fn ctrl_18_ctrl_21_field_7_bad_sides_are_reported_at_their_field() {
    let five = "(seat: 1, zone: Edge(edge: South, within: Band(Red)))], ";
    let cases: Vec<(&str, String, &str)> = vec![
        (
            "holding out with no round limit",
            SCENARIO.replace("special_rules: [InspireLimit(5)], ", ""),
            "sides",
        ),
        (
            "holding out shared by everyone",
            SCENARIO.replace("win: [LastStanding]", "win: [LastStanding, HoldOut]"),
            "win",
        ),
        (
            "two attackers",
            SCENARIO.replace("role: Defender", "role: Attacker"),
            "sides",
        ),
        (
            "a seat named twice and one left out",
            SCENARIO.replace("(seat: 1, role: Defender", "(seat: 0, role: Defender"),
            "sides",
        ),
        (
            "five zones for one seat",
            SCENARIO.replace(
                five,
                &format!(
                    "(seat: 1, zone: Edge(edge: South, within: Band(Red))), {}], ",
                    ["West", "East", "North"]
                        .map(|e| format!("(seat: 1, zone: Edge(edge: {e}, within: Reach))"))
                        .join(", ")
                ),
            ),
            "deployment",
        ),
    ];
    for (label, item, field) in cases {
        let text = format!("[\n    {item},\n]");
        let errs = errors(&text);
        assert_eq!(errs.len(), 1, "{label}: {errs:#?}");
        let p = &errs[0];
        assert!(
            matches!(&p.kind, ProblemKind::BadValue { field: f, .. } if f == field),
            "{label}: {p}"
        );
        // pack/file:line:col, at the field's name.
        assert_eq!(p.location.file, "cards.ron", "{label}");
        assert!(p.location.line == 2 && p.location.col > 1, "{label}: {p}");
        assert!(
            text_at(&text, p).starts_with(&format!("{field}:")),
            "{label}: {p} points at {:?}",
            text_at(&text, p)
        );
    }
}
