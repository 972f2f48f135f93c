//! `redline-cli arena`: a tiny run end to end (JSON figures, text, the PNG chart), seed file
//! mistakes reported with file:line:col, bad pairings refused.

mod common;

use common::{TempDir, arg, cli, code, json_expecting, run_expecting, stderr};

const SEEDS: &str = r#"// two tables, three seeds
(
    eb: 100,
    turn_limit: Some(6),
    tables: [
        (scenario: "street_claim", layout: "pier_nine", teams: ["ashfall", "tidewater"]),
        (scenario: "salvage_run", layout: "refinery_row", teams: ["choir", "glasswork"]),
    ],
    seeds: [11, 22, 33],
)
"#;

#[test]
fn a_tiny_arena_reports_every_game_and_draws_a_chart() {
    let dir = TempDir::new("arena-tiny", &[("seeds.ron", SEEDS)]);
    let chart = dir.join("chart.png");
    let report = json_expecting(
        0,
        &[
            "arena",
            "easy:random",
            "normal:easy",
            "--seeds",
            arg(&dir.join("seeds.ron")),
            "--games",
            "6",
            "--chart",
            arg(&chart),
        ],
    );
    let pairings = report["pairings"].as_array().unwrap();
    assert_eq!(pairings.len(), 2, "{report}");
    for p in pairings {
        let n = |k: &str| p[k].as_u64().unwrap();
        assert_eq!(n("games"), 6, "{p}");
        assert_eq!(n("wins") + n("draws") + n("losses"), 6, "{p}");
        let (lo, hi) = (
            p["win_ci95"][0].as_f64().unwrap(),
            p["win_ci95"][1].as_f64().unwrap(),
        );
        let rate = p["win_rate"].as_f64().unwrap();
        assert!(lo <= rate && rate <= hi, "{p}");
        assert!(p["first_decisions"]["count"].as_u64().unwrap() > 0, "{p}");
        assert!(p["first_decisions"]["median_ms"].as_f64().unwrap() >= 0.0);
        assert!(p["broken"].as_array().unwrap().is_empty(), "{p}");
    }
    assert_eq!(report["broken_games"], 0);
    let png = std::fs::read(&chart).unwrap();
    assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n");

    // The same run as text, and again the same figures (deterministic bots and dice).
    let text = run_expecting(
        0,
        &[
            "arena",
            "easy:random",
            "--seeds",
            arg(&dir.join("seeds.ron")),
            "--games",
            "6",
        ],
    );
    assert!(text.contains("easy vs random: 6 games"), "{text}");
    assert!(text.contains("95% CI"), "{text}");
    assert!(
        text.contains("ms per decision") || text.contains("decisions: median"),
        "{text}"
    );
    let wins = pairings[0]["wins"].as_u64().unwrap();
    assert!(text.contains(&format!("first bot wins {wins} ")), "{text}");
}

#[test]
fn a_broken_seed_file_is_reported_with_line_and_column() {
    let bad = "(\n    eb: 100,\n    tables: [],\n    seeds: [1, 2,, 3],\n)\n";
    let dir = TempDir::new("arena-bad", &[("seeds.ron", bad)]);
    let path = dir.join("seeds.ron");
    let out = cli(&["arena", "easy:random", "--seeds", arg(&path)]);
    assert_eq!(code(&out), 2);
    let err = stderr(&out);
    assert!(err.contains(&format!("{}:4:18:", path.display())), "{err}");
}

#[test]
fn a_bad_pairing_or_game_count_is_bad_input() {
    for args in [
        vec!["arena", "easy-random"],
        vec!["arena", "easy:grandmaster"],
        vec!["arena", "easy:random", "--games", "3"],
    ] {
        let out = cli(&args);
        assert_eq!(code(&out), 2, "{args:?}: {}", stderr(&out));
    }
}

/// The chunk files docs/ai.md's figures were measured on are slices of the built-in list:
/// chunk k has its tables, budget and turn limit, and its seeds 10k..10k+9.
#[test]
fn the_measurement_chunks_are_slices_of_the_built_in_list() {
    #[derive(serde::Deserialize, Debug, PartialEq)]
    struct Table {
        scenario: String,
        layout: String,
        teams: Vec<String>,
    }
    #[derive(serde::Deserialize, Debug)]
    struct List {
        eb: u32,
        turn_limit: Option<u32>,
        tables: Vec<Table>,
        seeds: Vec<u64>,
    }
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/arena");
    let read = |p: std::path::PathBuf| -> List {
        let text = std::fs::read_to_string(&p).unwrap();
        ron::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
    };
    let all = read(dir.join("seeds.ron"));
    assert_eq!(all.seeds.len(), 200);
    for k in 0..20 {
        let chunk = read(dir.join(format!("chunks/chunk_{k:02}.ron")));
        assert_eq!(
            (chunk.eb, chunk.turn_limit),
            (all.eb, all.turn_limit),
            "chunk {k}"
        );
        assert_eq!(chunk.tables, all.tables, "chunk {k}");
        assert_eq!(chunk.seeds, all.seeds[10 * k..10 * k + 10], "chunk {k}");
    }
}
