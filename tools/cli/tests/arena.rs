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
        // Every turn of Control holds at least one activation; a Command adds more.
        let count = |k: &str| p[k]["count"].as_u64().unwrap();
        assert!(
            count("first_activations") >= count("first_turns_of_control"),
            "{p}"
        );
        assert!(
            p["first_activations"]["max_ms"].as_f64().unwrap() >= 0.0,
            "{p}"
        );
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
fn turn_limit_replaces_the_list_s_backstop() {
    let dir = TempDir::new("arena-limit", &[("seeds.ron", SEEDS)]);
    let seeds = dir.join("seeds.ron");
    let play = |limit: &str| {
        let report = json_expecting(
            0,
            &[
                "arena",
                "random:random",
                "--seeds",
                arg(&seeds),
                "--games",
                "6",
                "--turn-limit",
                limit,
            ],
        );
        report["pairings"][0].clone()
    };
    // Two random teams finish nothing in three turns of Control: every game stops at the
    // backstop given, not at the list's six.
    let short = play("3");
    assert_eq!(short["mean_turns"].as_f64(), Some(3.0), "{short}");
    let endings = short["endings"].as_object().expect("endings");
    assert!(
        endings.keys().all(|e| e.contains("Turns(3) limit")),
        "{short}"
    );
    let long = play("40");
    assert!(long["mean_turns"].as_f64().unwrap() > 6.0, "{long}");
    // A backstop of 0 turns is refused before anything is played.
    let out = cli(&["arena", "random:random", "--turn-limit", "0"]);
    assert_eq!(code(&out), 2, "{}", stderr(&out));
    assert!(stderr(&out).contains("turn-limit"), "{}", stderr(&out));
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

#[derive(serde::Deserialize, Debug, PartialEq)]
struct ListTable {
    scenario: String,
    layout: String,
    teams: Vec<String>,
}

#[derive(serde::Deserialize, Debug)]
struct List {
    eb: u32,
    turn_limit: Option<u32>,
    tables: Vec<ListTable>,
    seeds: Vec<u64>,
}

/// The seed list at `tests/arena/NAME`.
fn seed_list(name: &str) -> List {
    let p = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/arena")
        .join(name);
    let text = std::fs::read_to_string(&p).unwrap();
    ron::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
}

/// The one-scenario lists docs/ai.md's screening runs use play exactly that scenario's
/// games of the built-in list (or of the faction list): its tables in order, each chunk's
/// seeds for those tables in chunk order (a pair plays table `p % tables` with seed
/// `p % seeds`, so `--games 80` plays the 80 games the full run gives those tables).
#[test]
fn the_scenario_lists_play_the_built_in_list_s_games_of_that_scenario() {
    for (base, file, scenario, count) in [
        ("seeds.ron", "take_the_head.ron", "take_the_head", 2),
        ("seeds.ron", "breakout.ron", "breakout", 2),
        ("seeds.ron", "salvage_run.ron", "salvage_run", 2),
        (
            "factions.ron",
            "factions_timed_heist.ron",
            "timed_heist",
            20,
        ),
    ] {
        let all = seed_list(base);
        let list = seed_list(file);
        let at: Vec<usize> = (0..all.tables.len())
            .filter(|&i| all.tables[i].scenario == scenario)
            .collect();
        assert_eq!(at.len(), count, "{file}");
        assert_eq!(
            (list.eb, list.turn_limit),
            (all.eb, all.turn_limit),
            "{file}"
        );
        let tables: Vec<&ListTable> = at.iter().map(|&i| &all.tables[i]).collect();
        assert_eq!(
            list.tables.iter().collect::<Vec<_>>(),
            tables,
            "{file}: the tables"
        );
        let n = all.tables.len();
        let seeds: Vec<u64> = (0..all.seeds.len() / n)
            .flat_map(|k| at.iter().map(move |&i| n * k + i))
            .map(|i| all.seeds[i])
            .collect();
        assert_eq!(list.seeds, seeds, "{file}: the seeds");
    }
}

/// The chunk files docs/ai.md's figures were measured on are slices of the built-in list:
/// chunk k has its tables, budget and turn limit, and its seeds 10k..10k+9.
#[test]
fn the_measurement_chunks_are_slices_of_the_built_in_list() {
    let all = seed_list("seeds.ron");
    assert_eq!(all.seeds.len(), 200);
    for k in 0..20 {
        let chunk = seed_list(&format!("chunks/chunk_{k:02}.ron"));
        assert_eq!(
            (chunk.eb, chunk.turn_limit),
            (all.eb, all.turn_limit),
            "chunk {k}"
        );
        assert_eq!(chunk.tables, all.tables, "chunk {k}");
        assert_eq!(chunk.seeds, all.seeds[10 * k..10 * k + 10], "chunk {k}");
    }
}

const FACTION_SEEDS: &str = r#"// one pair of factions both ways round, and a mirror table
(
    eb: 100,
    turn_limit: Some(8),
    tables: [
        (scenario: "street_claim", layout: "pier_nine", teams: ["tidewater", "ashfall"]),
        (scenario: "street_claim", layout: "pier_nine", teams: ["ashfall", "tidewater"]),
        (scenario: "street_claim", layout: "pier_nine", teams: ["choir", "choir"]),
    ],
    seeds: [11, 22, 33, 44, 55, 66],
)
"#;

/// The `by faction` block credits each game to the faction in the winning seat: checked
/// against the per-table tally by seat (`by_table_seats`), which knows nothing of factions.
#[test]
fn the_by_faction_block_credits_the_faction_in_the_winning_seat() {
    let dir = TempDir::new("arena-factions", &[("seeds.ron", FACTION_SEEDS)]);
    let seeds = dir.join("seeds.ron");
    let args = [
        "arena",
        "easy:random",
        "--seeds",
        arg(&seeds),
        "--games",
        "12",
    ];
    let report = json_expecting(0, &args);
    let p = &report["pairings"][0];
    let pairs = p["by_faction"].as_array().expect("by_faction");
    // The mirror table is left out; the pair is named in order of the factions' names.
    assert_eq!(pairs.len(), 1, "{p}");
    let f = &pairs[0];
    assert_eq!(
        (&f["first"], &f["second"]),
        (&"ashfall".into(), &"tidewater".into())
    );
    // Seat s's wins and the draws on table k, from the tally by seat.
    let seat_tally = |k: usize, what: &str| -> u64 {
        let key = format!("{k} street_claim on pier_nine");
        p["by_table_seats"][key.as_str()]
            .as_object()
            .map_or(0, |m| {
                m.iter()
                    .filter(|(e, _)| e.starts_with(what))
                    .map(|(_, n)| n.as_u64().unwrap())
                    .sum()
            })
    };
    // Ashfall sits in seat 1 on table 0 and in seat 0 on table 1.
    let expected = [
        [
            seat_tally(1, "seat 0 won"),
            seat_tally(1, "draw"),
            seat_tally(1, "seat 1 won"),
        ],
        [
            seat_tally(0, "seat 1 won"),
            seat_tally(0, "draw"),
            seat_tally(0, "seat 0 won"),
        ],
    ];
    let by_seat: Vec<Vec<u64>> = (0..2)
        .map(|s| {
            (0..3)
                .map(|c| f["by_seat"][s][c].as_u64().unwrap())
                .collect()
        })
        .collect();
    assert_eq!(by_seat, expected.map(Vec::from).to_vec(), "{p}");
    let n = |k: &str| f[k].as_u64().unwrap();
    assert_eq!(
        n("games"),
        8,
        "two tables of the three, four games each: {f}"
    );
    assert_eq!(n("wins"), expected[0][0] + expected[1][0], "{f}");
    assert_eq!(n("draws"), expected[0][1] + expected[1][1], "{f}");
    assert_eq!(n("losses"), expected[0][2] + expected[1][2], "{f}");
    let rate = f["win_rate"].as_f64().unwrap();
    assert!((rate - n("wins") as f64 / 8.0).abs() < 1e-12, "{f}");
    let (lo, hi) = (
        f["win_ci95"][0].as_f64().unwrap(),
        f["win_ci95"][1].as_f64().unwrap(),
    );
    assert!(lo <= rate && rate <= hi, "{f}");

    let text = run_expecting(0, &args);
    let line = format!(
        "ashfall vs tidewater: 8 games, {}/{}/{} ",
        n("wins"),
        n("draws"),
        n("losses")
    );
    assert!(text.contains("by faction"), "{text}");
    assert!(text.contains(&line), "{line} in {text}");
}

/// The style block gives each bot's share of actions by kind for each faction it played,
/// in the text and in `--json`; `--generic` plays the same games with the generic deck.
#[test]
fn the_style_block_shows_each_faction_s_share_of_attacks_moves_brawls_and_net_actions() {
    let dir = TempDir::new("arena-styles", &[("seeds.ron", SEEDS)]);
    let seeds = dir.join("seeds.ron");
    let args = ["arena", "easy:easy", "--seeds", arg(&seeds), "--games", "4"];
    let report = json_expecting(0, &args);
    let rows = report["pairings"][0]["by_faction_style"]
        .as_array()
        .expect("by_faction_style");
    // Easy plays the four factions of the two tables, each first in one seat and second in
    // the other, under one level name.
    let factions: Vec<&str> = rows
        .iter()
        .map(|r| r["faction"].as_str().unwrap())
        .collect();
    assert_eq!(
        factions,
        ["ashfall", "choir", "glasswork", "tidewater"],
        "{rows:?}"
    );
    for r in rows {
        assert_eq!(r["bot"], "easy", "{r}");
        assert!(r["actions"].as_u64().unwrap() > 0, "{r}");
        let share = |k: &str| r[k].as_f64().unwrap();
        for k in [
            "attack_share",
            "toward_goal_share",
            "brawl_share",
            "net_share",
        ] {
            assert!((0.0..=1.0).contains(&share(k)), "{k} in {r}");
        }
        // A brawl is an attack.
        assert!(share("brawl_share") <= share("attack_share"), "{r}");
    }
    assert!(
        rows.iter()
            .any(|r| r["attack_share"].as_f64().unwrap() > 0.0)
    );
    let text = run_expecting(0, &args);
    assert!(text.contains("style by faction"), "{text}");
    let generic = json_expecting(
        0,
        &[
            "arena",
            "easy:easy",
            "--seeds",
            arg(&seeds),
            "--games",
            "4",
            "--generic",
        ],
    );
    assert_eq!(
        generic["pairings"][0]["by_faction_style"]
            .as_array()
            .unwrap()
            .len(),
        4
    );
}

/// `tests/arena/factions.ron` (docs/ai.md's faction balance) gives every pair of the five
/// starter factions the same tables with either faction in seat 0, and its default run
/// (twice its seeds, game pair p on table p mod tables) 200 games or more a pair.
#[test]
fn the_faction_list_plays_every_pair_both_ways_round_on_the_same_tables() {
    let list = seed_list("factions.ron");
    let factions = ["ashfall", "choir", "glasswork", "lantern", "tidewater"];
    let spots = |a: &str, b: &str| -> Vec<(&str, &str)> {
        let mut v: Vec<(&str, &str)> = list
            .tables
            .iter()
            .filter(|t| t.teams == [a, b])
            .map(|t| (t.scenario.as_str(), t.layout.as_str()))
            .collect();
        v.sort_unstable();
        v
    };
    let first = spots("ashfall", "choir");
    assert!(
        first.len() >= 5,
        "a spread of scenarios and layouts: {first:?}"
    );
    let mut pairs = 0;
    for (i, a) in factions.iter().enumerate() {
        for b in &factions[i + 1..] {
            assert_eq!(spots(a, b), first, "{a} in seat 0 against {b}");
            assert_eq!(spots(b, a), first, "{b} in seat 0 against {a}");
            pairs += 1;
        }
    }
    assert_eq!(
        pairs * 2 * first.len(),
        list.tables.len(),
        "no other tables"
    );
    // Every table gets the same number of game pairs, two games each.
    assert_eq!(list.seeds.len() % list.tables.len(), 0);
    let per_pair = 2 * list.seeds.len() / pairs;
    assert!(per_pair >= 200, "{per_pair} games a pair");
}
