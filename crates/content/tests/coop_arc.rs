//! Co-op campaign arcs as pack data (COOP-7..COOP-10): the starter pack's Chrome Run, and an
//! arc's mistakes reported at their file, line and column.

use redline_content::coop::{CoopExtras, coop_skirmish, coop_skirmish_with};
use redline_content::load::starter_source;
use redline_content::schema::ArcReinforcement;
use redline_content::skirmish::quick_team;
use redline_content::team::TeamRules;
use redline_content::{PackSource, Problem, load, starter};
use redline_rules::Entry;

const MANIFEST: &str = r#"PackManifest(id: "test", name: "Test", version: 1, files: ["arc.ron"])"#;

/// The errors of the starter pack with `arc` added as one more file.
fn errors(arc: &str) -> Vec<Problem> {
    let sources = [
        starter_source(),
        PackSource::from_memory(MANIFEST, &[("arc.ron", arc)]),
    ];
    match load(&sources) {
        Ok(_) => panic!("expected errors"),
        Err(err) => err.errors().cloned().collect(),
    }
}

fn arc(games: &str) -> String {
    format!("[\n  CoopArc(id: \"a\", name: \"A\", games: [\n{games}\n  ]),\n]")
}

fn game(scenario: &str, title: &str, lost_extra: &str) -> String {
    format!(
        "    (scenario: \"{scenario}\", title: \"{title}\", won: (text: \"w\"),\n     lost: (text: \"l\"{lost_extra})),"
    )
}

#[test]
fn coop_7_the_starter_pack_has_the_chrome_run() {
    let catalog = starter();
    let arc = catalog.coop_arcs.get("chrome_run").expect("the Chrome Run");
    let scenarios: Vec<&str> = arc.games.iter().map(|g| g.scenario.as_str()).collect();
    assert_eq!(
        scenarios,
        ["glass_vault", "witness_run", "pumphouse_holdout"]
    );
    // COOP-10: the last game carries nothing; the others carry something either way.
    let last = arc.games.last().unwrap();
    assert!(last.won.is_text_only() && last.lost.is_text_only());
    for g in &arc.games[..2] {
        assert!(
            !g.won.is_text_only() && !g.lost.is_text_only(),
            "{}",
            g.title
        );
    }
}

#[test]
fn coop_7_an_arc_game_on_a_scenario_that_is_not_co_op_is_located() {
    let text = arc(&[
        game("glass_vault", "One", ""),
        game("street_claim", "Two", ""),
    ]
    .join("\n"));
    let errs = errors(&text);
    let e = errs
        .iter()
        .find(|p| p.to_string().contains("COOP-7"))
        .unwrap_or_else(|| panic!("{errs:?}"));
    assert_eq!(
        (e.location.file.as_str(), e.location.line),
        ("arc.ron", 5),
        "{e}"
    );
    assert!(e.location.col > 1, "{e}");
}

#[test]
fn coop_9_coop_10_reinforcements_of_a_missing_wave_or_after_the_last_game_are_refused() {
    let text = arc(&[
        game(
            "glass_vault",
            "One",
            ", reinforce: [(wave: 5, models: [\"nobody\"])]",
        ),
        game(
            "witness_run",
            "Two",
            ", reinforce: [(wave: 0, models: [\"tide_dockhand\"])]",
        ),
    ]
    .join("\n"));
    let errs = errors(&text);
    let text_of: Vec<String> = errs.iter().map(ToString::to_string).collect();
    assert!(
        text_of
            .iter()
            .any(|e| e.contains("COOP-9") && e.contains("arc.ron:4:")),
        "{text_of:?}"
    );
    assert!(
        text_of
            .iter()
            .any(|e| e.contains("COOP-10") && e.contains("arc.ron:5:")),
        "{text_of:?}"
    );
    assert!(text_of.iter().any(|e| e.contains("nobody")), "{text_of:?}");
}

#[test]
fn coop_7_an_arc_of_one_game_is_refused() {
    let errs = errors(&arc(&game("glass_vault", "One", "")));
    assert!(
        errs.iter()
            .any(|p| p.to_string().contains("two or more (COOP-7)")),
        "{errs:?}"
    );
}

#[test]
fn coop_9_reinforcements_join_the_named_wave_in_reserve() {
    let catalog = starter();
    let rules = TeamRules::one_off(75);
    let people: Vec<_> = ["choir", "lantern"]
        .iter()
        .map(|f| quick_team(&catalog, f, &rules).unwrap())
        .collect();
    let plain = coop_skirmish(&catalog, "witness_run", None, &people).unwrap();
    let extras = CoopExtras {
        people_rules: Vec::new(),
        reinforce: vec![ArcReinforcement {
            wave: 0,
            models: vec!["tide_dockhand".into(), "tide_dockhand".into()],
        }],
    };
    let grown = coop_skirmish_with(&catalog, "witness_run", None, &people, &extras).unwrap();
    let reserves = |g: &redline_content::coop::CoopGame| {
        g.skirmish
            .setup
            .models
            .iter()
            .filter(|m| m.entry == Entry::Reserve)
            .count()
    };
    assert_eq!(reserves(&grown), reserves(&plain) + 2);
    let waves = |g: &redline_content::coop::CoopGame| {
        g.skirmish
            .setup
            .scenario
            .waves
            .iter()
            .map(|w| w.models.len())
            .collect::<Vec<_>>()
    };
    assert_eq!(waves(&grown)[0], waves(&plain)[0] + 2);
    assert_eq!(waves(&grown)[1], waves(&plain)[1]);
}
