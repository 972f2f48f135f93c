//! `redline-cli scenarios` and `redline-cli sim`: the scenario list, seeded games between
//! random bots reported per seat, reproducibly, with bad input refused and Ctrl-C handled.

mod common;

use common::{BIN, TempDir, arg, cli, code, json_expecting, run_expecting, stderr};
use serde_json::Value;

#[test]
fn scenarios_lists_players_layouts_eb_limit_and_win_conditions() {
    let report = json_expecting(0, &["scenarios"]);
    let layouts: Vec<&str> = report["layouts"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l["id"].as_str().unwrap())
        .collect();
    assert!(layouts.len() >= 4, "{report}");
    let scenarios = report["scenarios"].as_array().unwrap();
    assert!(scenarios.len() >= 8, "{report}");
    for s in scenarios {
        let players = s["players"].as_u64().unwrap();
        assert!((2..=4).contains(&players), "{s}");
        assert!(s["eb_limit"].as_u64().unwrap() > 0, "{s}");
        // Every seat has a zone; a side whose rivals come from every edge has up to four.
        let zones: Vec<&str> = s["deployment"]
            .as_array()
            .unwrap()
            .iter()
            .map(|z| z.as_str().unwrap())
            .collect();
        for seat in 0..players {
            let n = zones
                .iter()
                .filter(|z| z.starts_with(&format!("seat {seat} ")))
                .count();
            assert!((1..=4).contains(&n), "{s}");
        }
        assert!(zones.iter().all(|z| z.starts_with("seat ")), "{s}");
        let suggested = s["layouts"].as_array().unwrap();
        assert!(!suggested.is_empty(), "{s}");
        for layout in suggested {
            assert!(layouts.contains(&layout.as_str().unwrap()), "{s}");
        }
        let win = s["win"].as_array().unwrap();
        assert!(!win.is_empty(), "{s}");
        assert_eq!(win.len(), s["win_text"].as_array().unwrap().len());
    }
    for players in [3, 4] {
        assert!(scenarios.iter().any(|s| s["players"] == players));
    }
    assert!(scenarios.iter().any(|s| s["two_vs_two"] == true));

    let four = json_expecting(0, &["scenarios", "--players", "4"]);
    let four = four["scenarios"].as_array().unwrap();
    assert!(!four.is_empty() && four.iter().all(|s| s["players"] == 4));

    let text = run_expecting(0, &["scenarios"]);
    assert!(text.starts_with("Scenarios\n"), "{text}");
    assert!(text.contains("\nLayouts\n"), "{text}");
    assert!(text.contains("win: "), "{text}");
}

/// The per-seat counts add up to the games that ended, and nothing failed.
fn check_totals(report: &Value) {
    let played = report["games_played"].as_u64().unwrap();
    let unfinished = report["unfinished"].as_u64().unwrap();
    assert!(
        report["failures"].as_array().unwrap().is_empty(),
        "{report}"
    );
    for seat in report["seats"].as_array().unwrap() {
        let total = ["wins", "draws", "losses"]
            .iter()
            .map(|k| seat[*k].as_u64().unwrap())
            .sum::<u64>();
        assert_eq!(total + unfinished, played, "{report}");
    }
}

#[test]
fn sim_reports_each_seat_and_repeats_exactly_with_the_same_seed() {
    let args = [
        "sim",
        "--scenario",
        "street_claim",
        "--teams",
        "ashfall,tidewater",
        "--games",
        "6",
        "--seed",
        "11",
        "--turn-limit",
        "16",
    ];
    let first = json_expecting(0, &args);
    assert_eq!(first["games_requested"], 6);
    assert_eq!(first["games_played"], 6);
    assert_eq!(first["interrupted"], false);
    assert_eq!(first["turn_limit"], 16);
    assert_eq!(first["layout"], "pier_nine");
    check_totals(&first);
    let seats = first["seats"].as_array().unwrap();
    assert_eq!(seats.len(), 2);
    assert_eq!(seats[0]["faction"], "ashfall");
    assert_eq!(seats[1]["team"]["quick"]["faction"], "tidewater");
    assert!(seats.iter().all(|s| s["cost"].as_u64().unwrap() <= 100));
    let turns = first["mean_turns"].as_f64().unwrap();
    assert!(turns > 0.0 && turns <= 16.0, "{first}");
    assert!(first["mean_commands"].as_f64().unwrap() >= turns);
    assert!(first["games_per_second"].as_f64().unwrap() > 0.0);
    assert_eq!(first["bots"], serde_json::json!(["random", "random"]));
    assert!(first["mean_rolls"].as_f64().unwrap() > 0.0, "{first}");
    assert!(first["mean_rerolls"].as_f64().unwrap() >= 0.0, "{first}");
    // Each player starts with 3 Luck and may win some back (LUCK-5), but spends some.
    let spent: u64 = seats
        .iter()
        .map(|s| s["luck_spent"].as_u64().unwrap())
        .sum();
    assert!(spent > 0, "{first}");
    assert_eq!(seats[1]["team_id"], 1);

    let again = json_expecting(0, &args);
    for key in [
        "seats",
        "mean_rolls",
        "draws",
        "mean_turns",
        "mean_commands",
        "mean_events",
    ] {
        assert_eq!(first[key], again[key], "{key} differs between runs");
    }

    let text = run_expecting(0, &args);
    assert!(
        text.starts_with("Street Claim (street_claim) at 100 EB on pier_nine (30\" x 22\"), seed 11: 6 of 6 games"),
        "{text}"
    );
    assert!(text.contains("games/s"), "{text}");
    assert!(text.contains("ashfall (quick team)"), "{text}");
}

#[test]
fn sim_plays_team_files_and_two_against_two() {
    let team = run_expecting(0, &["teams", "quick", "choir"]);
    let dir = TempDir::new("sim-team-file", &[("choir.ron", &team)]);
    let file = dir.join("choir.ron");
    let teams = format!("ashfall,{},tidewater,glasswork", arg(&file));
    let report = json_expecting(
        0,
        &[
            "sim",
            "--scenario",
            "alliance_night",
            "--teams",
            &teams,
            "--games",
            "3",
            "--turn-limit",
            "12",
        ],
    );
    check_totals(&report);
    let seats = report["seats"].as_array().unwrap();
    assert_eq!(seats.len(), 4);
    assert_eq!(seats[1]["faction"], "choir");
    assert_eq!(seats[1]["team"]["file"]["path"], arg(&file));
    // CTRL-20: seats 0 and 2 win and lose together, as do seats 1 and 3.
    let results = |s: &Value| (s["wins"].clone(), s["draws"].clone(), s["losses"].clone());
    assert_eq!(results(&seats[0]), results(&seats[2]), "{report}");
    assert_eq!(results(&seats[1]), results(&seats[3]), "{report}");
}

#[test]
fn coop_1_sim_seats_the_computer_first_and_the_people_together_with_normal_bots() {
    for teams in ["ashfall,choir", "ashfall,choir,lantern"] {
        let report = json_expecting(
            0,
            &[
                "sim",
                "--scenario",
                "witness_run",
                "--teams",
                teams,
                "--games",
                "1",
                "--bots",
                "normal",
            ],
        );
        check_totals(&report);
        let seats = report["seats"].as_array().unwrap();
        let people = teams.split(',').count();
        assert_eq!(seats.len(), people + 1, "{report}");
        assert_eq!(seats[0]["team"]["computer"]["faction"], "tidewater");
        assert_eq!(seats[1]["team"]["quick"]["faction"], "ashfall");
        // COOP-1: the people win and lose together, against the computer.
        let results = |s: &Value| (s["wins"].clone(), s["losses"].clone());
        for s in &seats[2..] {
            assert_eq!(results(s), results(&seats[1]), "{report}");
        }
        assert_ne!(results(&seats[0]), results(&seats[1]), "{report}");
        assert_eq!(report["unfinished"], 0, "{report}");
        let endings = report["endings"].as_object().unwrap();
        assert!(!endings.keys().any(|k| k.contains("Turns")), "{report}");
    }
}

#[test]
fn sim_refuses_bad_input_with_exit_code_2() {
    let over_budget = r#"TeamSpec(faction: "ashfall", members: [
        (card: "ash_furnace_mother_v"), (card: "ash_torchhand_v"), (card: "ash_scrapper_v"),
        (card: "ash_flue_rat_v"), (card: "ash_tar_medic_v"),
    ])"#;
    let dir = TempDir::new("sim-bad", &[("big.ron", over_budget)]);
    let big = dir.join("big.ron");
    let big_teams = format!("{},tidewater", arg(&big));
    let cases: [(&[&str], &str); 7] = [
        (
            &[
                "--scenario",
                "street_claim",
                "--teams",
                "ashfall,choir",
                "--bots",
                "random,greedy",
            ],
            "unknown bot 'greedy' (known bots: random, easy, normal, hard)",
        ),
        (
            &[
                "--scenario",
                "street_claim",
                "--teams",
                "ashfall,choir",
                "--bots",
                "random,random,random",
            ],
            "--bots names 3 bots for 2 seats",
        ),
        (
            &["--scenario", "nowhere", "--teams", "ashfall,choir"],
            "unknown scenario 'nowhere'",
        ),
        (
            &["--scenario", "street_claim", "--teams", "ashfall"],
            "is for 2 players, 1 teams were given",
        ),
        (
            &["--scenario", "street_claim", "--teams", "ashfall,pirates"],
            "team 'pirates' is neither a faction",
        ),
        (
            &[
                "--scenario",
                "street_claim",
                "--layout",
                "freight_yard",
                "--teams",
                "ashfall,choir",
            ],
            "is not played on layout 'freight_yard'",
        ),
        (
            &["--scenario", "street_claim", "--teams", &big_teams],
            "(TEAM-5)",
        ),
    ];
    for (args, message) in cases {
        let mut full = vec!["sim", "--games", "1"];
        full.extend_from_slice(args);
        let output = cli(&full);
        assert_eq!(code(&output), 2, "{full:?}: {}", stderr(&output));
        assert!(
            stderr(&output).contains(message),
            "{full:?}: {}",
            stderr(&output)
        );
    }
}

#[cfg(unix)]
#[test]
fn ctrl_c_stops_after_the_current_game_and_still_reports() {
    use std::io::{BufRead, BufReader, Read};
    use std::process::{Command, Stdio};

    let requested = 1_000_000u64;
    let mut child = Command::new(BIN)
        .args([
            "sim",
            "--scenario",
            "street_claim",
            "--teams",
            "ashfall,choir",
        ])
        .args(["--games", &requested.to_string(), "--json"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("redline-cli starts");
    let mut err = BufReader::new(child.stderr.take().expect("stderr"));
    // The start line is printed once the Ctrl-C handler is in place.
    let mut line = String::new();
    while !line.contains("Ctrl-C stops") {
        line.clear();
        assert!(
            err.read_line(&mut line).expect("stderr") > 0,
            "no start line"
        );
    }
    let kill = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .expect("kill runs");
    assert!(kill.success());
    let mut rest = String::new();
    err.read_to_string(&mut rest).expect("stderr");
    let output = child.wait_with_output().expect("redline-cli ends");
    assert_eq!(output.status.code(), Some(0), "{rest}");
    let report: Value = serde_json::from_slice(&output.stdout).expect("one JSON document");
    assert_eq!(report["interrupted"], true, "{report}");
    let played = report["games_played"].as_u64().unwrap();
    assert!(played < requested, "{report}");
    check_totals(&report);
}
