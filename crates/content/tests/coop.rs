//! Co-op scenarios (docs/rules/coop.md): the starter pack's three load and set up for two
//! and for three people against the computer's crews and waves (COOP-1, COOP-4, COOP-5), a
//! broken co-op sheet is reported at its field, and the builder refuses the wrong number of
//! people.

use redline_content::coop::{coop_scenarios, coop_skirmish};
use redline_content::load::starter_source;
use redline_content::schema::TeamFormat;
use redline_content::skirmish::{SkirmishError, quick_team};
use redline_content::team::{TeamRules, TeamSpec};
use redline_content::{Catalog, PackSource, Problem, ProblemKind, load, starter};
use redline_rules::{Entry, Game, Seat, TeamId};

const COOP: [&str; 3] = ["pumphouse_holdout", "witness_run", "glass_vault"];

fn people(catalog: &Catalog, factions: &[&str]) -> Vec<TeamSpec> {
    factions
        .iter()
        .map(|f| quick_team(catalog, f, &TeamRules::one_off(75)).unwrap())
        .collect()
}

#[test]
fn coop_1_the_starter_pack_has_three_coop_scenarios_kept_out_of_random_picks() {
    let catalog = starter();
    let ids: Vec<&str> = coop_scenarios(&catalog)
        .iter()
        .map(|s| s.id.as_str())
        .collect();
    assert_eq!(ids, COOP);
    for s in coop_scenarios(&catalog) {
        assert_eq!(s.teams, TeamFormat::Coop);
        assert!(
            !catalog
                .scenarios_for(s.players)
                .iter()
                .any(|r| r.id == s.id)
        );
    }
}

#[test]
fn coop_1_coop_4_coop_5_two_or_three_people_share_a_team_against_the_computer() {
    let catalog = starter();
    for id in COOP {
        let mut wave_sizes = Vec::new();
        let mut computer_models = Vec::new();
        for crews in [
            &["ashfall", "choir"][..],
            &["choir", "glasswork", "lantern"],
        ] {
            let game = coop_skirmish(&catalog, id, None, &people(&catalog, crews)).unwrap();
            let n = crews.len();
            assert_eq!(game.computer_seats, vec![Seat(0)], "{id}");
            let want: Vec<Seat> = (1..=n as u8).map(Seat).collect();
            assert_eq!(game.people_seats, want, "{id}");
            let setup = &game.skirmish.setup;
            // COOP-5: one seat per person past the computer's; no zone for a missing seat.
            assert_eq!(setup.players.len(), n + 1, "{id}");
            assert!(
                game.skirmish
                    .scenario
                    .deployment
                    .iter()
                    .all(|d| usize::from(d.seat) <= n)
            );
            // COOP-1: the computer on one team, every person on the other.
            assert_eq!(setup.players[0].team, TeamId(0), "{id}");
            assert!(
                setup.players[1..].iter().all(|p| p.team == TeamId(1)),
                "{id}"
            );
            assert!(game.is_computer(Seat(0)) && !game.is_computer(Seat(1)));
            // COOP-2: every wave model waits in Reserve, owned by the computer.
            let waves = &setup.scenario.waves;
            assert!(!waves.is_empty(), "{id}");
            for w in waves {
                for &m in &w.models {
                    let model = &setup.models[m.index()];
                    assert_eq!(
                        (model.owner, model.entry),
                        (Seat(0), Entry::Reserve),
                        "{id}"
                    );
                }
            }
            wave_sizes.push(waves.iter().map(|w| w.models.len()).sum::<usize>());
            computer_models.push(game.skirmish.teams[0].summary.cost);
            Game::new(setup.clone(), 1).unwrap();
        }
        // COOP-4: a third person brings a bigger computer crew and bigger waves.
        assert!(wave_sizes[1] > wave_sizes[0], "{id}: {wave_sizes:?}");
        assert!(
            computer_models[1] > computer_models[0],
            "{id}: {computer_models:?}"
        );
    }
}

#[test]
fn coop_1_a_coop_game_is_for_two_or_three_people() {
    let catalog = starter();
    for crews in [
        &["ashfall"][..],
        &["ashfall", "choir", "glasswork", "lantern"],
    ] {
        let err = coop_skirmish(&catalog, "witness_run", None, &people(&catalog, crews));
        assert!(
            matches!(err, Err(SkirmishError::CoopPeople { given, .. }) if given == crews.len())
        );
    }
    let err = coop_skirmish(
        &catalog,
        "street_claim",
        None,
        &people(&catalog, &["ashfall", "choir"]),
    );
    assert!(matches!(err, Err(SkirmishError::NotCoop(_))));
}

const MANIFEST: &str = r#"PackManifest(id: "test", name: "Test", version: 1, files: ["coop.ron"])"#;

/// A co-op sheet of one computer seat and three people, over the starter pack's cards.
const SHEET: &str = "Scenario(id: \"c\", name: \"C\", players: 4, teams: Coop, setup: (table: (30.0, 22.0)), \
    deployment: [(seat: 0, zone: Edge(edge: North, within: Band(Red))), (seat: 1, zone: Edge(edge: South, within: Band(Red))), \
    (seat: 2, zone: Edge(edge: South, within: Band(Red))), (seat: 3, zone: Edge(edge: South, within: Band(Red)))], \
    first_control: Seat(0), special_rules: [InspireLimit(4)], win: [LastStanding], \
    sides: [(seat: 0, role: Attacker, win: [TakeOut(4)]), (seat: 1, role: Defender, win: [HoldOut]), \
    (seat: 2, role: Defender, win: [HoldOut]), (seat: 3, role: Defender, win: [HoldOut])], \
    coop: (computer: [(faction: \"ashfall\", eb: 100)], waves: [(seat: 0, after: 2, models: [\"ash_cinderling\"])]))";

fn errors(text: &str) -> Vec<Problem> {
    let pack = PackSource::from_memory(MANIFEST, &[("coop.ron", text)]);
    match load(&[starter_source(), pack]) {
        Ok(_) => Vec::new(),
        Err(err) => err.errors().cloned().collect(),
    }
}

#[test]
fn coop_1_a_valid_coop_sheet_loads() {
    assert_eq!(errors(&format!("[{SHEET}]")), Vec::new());
}

#[test]
fn coop_1_coop_2_coop_5_a_broken_coop_sheet_is_reported_at_its_field() {
    let cases: Vec<(&str, String, &str)> = vec![
        (
            "seats for two people only",
            SHEET.replace("players: 4", "players: 3"),
            "players",
        ),
        (
            "a co-op sheet in free for all",
            SHEET.replace("teams: Coop, ", ""),
            "teams",
        ),
        (
            "a wave for a person's seat",
            SHEET.replace("(seat: 0, after: 2", "(seat: 2, after: 2"),
            "waves",
        ),
        (
            "a person on the computer's side",
            SHEET.replace("(seat: 3, role: Defender", "(seat: 3, role: Attacker"),
            "sides",
        ),
        (
            "first Control to the third person's seat",
            SHEET.replace("first_control: Seat(0)", "first_control: Seat(3)"),
            "first_control",
        ),
        (
            "no computer crew",
            SHEET.replace(
                "computer: [(faction: \"ashfall\", eb: 100)]",
                "computer: []",
            ),
            "computer",
        ),
    ];
    for (label, item, field) in cases {
        let text = format!("[\n    {item},\n]");
        let errs = errors(&text);
        assert!(!errs.is_empty(), "{label}");
        let p = &errs[0];
        assert!(
            matches!(&p.kind, ProblemKind::BadValue { field: f, .. } if f == field),
            "{label}: {p}"
        );
        // pack/file:line:col.
        assert_eq!(p.location.file, "coop.ron", "{label}");
        assert!(p.location.line == 2 && p.location.col > 1, "{label}: {p}");
        assert!(p.to_string().contains("COOP-"), "{label}: {p}");
    }
    // A wave of a card no pack has.
    let text = format!(
        "[\n    {},\n]",
        SHEET.replace("ash_cinderling", "no_such_gonk")
    );
    let errs = errors(&text);
    assert!(
        errs.iter().any(|p| p.to_string().contains("no_such_gonk")),
        "{errs:#?}"
    );
}
