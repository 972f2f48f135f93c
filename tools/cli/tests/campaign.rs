//! `redline-cli campaign`: a scripted campaign between bots, saved after every step, shown.

mod common;

use common::{TempDir, arg, json_expecting, run_expecting};

#[test]
fn campaign_sim_plays_games_step_by_step_and_saves_a_file_show_reads() {
    let dir = TempDir::new("campaign-sim", &[]);
    let file = dir.join("bots.campaign.ron");
    let text = run_expecting(
        0,
        &[
            "campaign",
            "sim",
            "--seed",
            "3",
            "--max-games",
            "2",
            "--save",
            arg(&file),
        ],
    );
    assert!(text.contains("== Game 1: before the game"), "{text}");
    assert!(text.contains("(CAMP-10)"), "{text}");
    assert!(text.contains("== Game 2: after the game"), "{text}");
    assert!(text.contains("(CAMP-34)"), "{text}");
    let shown = run_expecting(0, &["campaign", "show", arg(&file)]);
    assert!(shown.contains("Street Cred"), "{shown}");
    assert!(shown.contains("game 2:"), "{shown}");
    let report = json_expecting(0, &["campaign", "show", arg(&file)]);
    assert_eq!(report["games"].as_array().unwrap().len(), 2, "{report}");
}

#[test]
fn campaign_sim_reaches_a_prove_your_worth_winner() {
    let report = json_expecting(
        0,
        &[
            "campaign",
            "sim",
            "--seed",
            "2",
            "--bots",
            "easy",
            "--max-games",
            "30",
        ],
    );
    assert!(report["winner"].is_string(), "{report}");
    let log = log_lines(&report);
    assert!(log.iter().any(|l| l.contains("(CAMP-38)")), "{log:?}");
}

#[test]
fn campaign_show_reports_a_broken_file_with_line_and_column() {
    let dir = TempDir::new(
        "campaign-broken",
        &[(
            "x.campaign.ron",
            "(kind: \"redline-campaign\", version: 1, data: (name: 3))",
        )],
    );
    let out = common::cli(&["campaign", "show", arg(&dir.join("x.campaign.ron"))]);
    assert_eq!(common::code(&out), 2);
    assert!(
        common::stderr(&out).contains("x.campaign.ron:1:"),
        "{}",
        common::stderr(&out)
    );
}

#[test]
fn campaign_sim_script_five_games_ends_with_a_prove_your_worth_winner() {
    let script = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../tests/campaign/five_games.ron"
    );
    let report = json_expecting(0, &["campaign", "sim", "--script", script]);
    assert_eq!(report["games"], 5, "{report}");
    assert_eq!(report["winner"], "Ana", "{report}");
    let log = log_lines(&report);
    assert!(log.iter().any(|l| l.contains("(CAMP-38)")), "{log:?}");
    assert!(log.iter().any(|l| l.contains("reveals")), "{log:?}");
}

#[test]
fn mod_1_a_campaign_sim_plays_with_the_modules_it_names_and_show_lists_them() {
    let dir = TempDir::new("campaign-modules", &[]);
    let file = dir.join("mods.campaign.ron");
    let args = ["campaign", "sim", "--seed", "3", "--max-games", "1"];
    let with = [&args[..], &["--modules", "terr,aid", "--save", arg(&file)]].concat();
    run_expecting(0, &with);
    let shown = run_expecting(0, &["campaign", "show", arg(&file)]);
    assert!(
        shown.contains("Optional rule modules: terr, aid (MOD-1)"),
        "{shown}"
    );
    let report = json_expecting(0, &["campaign", "show", arg(&file)]);
    assert_eq!(
        report["modules"],
        serde_json::json!(["terr", "aid"]),
        "{report}"
    );
    let out = common::cli(&[&args[..], &["--modules", "terr,lava"]].concat());
    assert_eq!(common::code(&out), 2);
    assert!(
        common::stderr(&out).contains("MOD-1"),
        "{}",
        common::stderr(&out)
    );
}

#[test]
fn campaign_sim_refuses_five_factions_and_reports_a_broken_script() {
    let out = common::cli(&[
        "campaign",
        "sim",
        "--factions",
        "ashfall,tidewater,choir,glasswork,ashfall",
    ]);
    assert_eq!(common::code(&out), 2);
    let dir = TempDir::new(
        "campaign-script",
        &[("bad.ron", "CampaignScript(\n  seed: x,\n)")],
    );
    let out = common::cli(&["campaign", "sim", "--script", arg(&dir.join("bad.ron"))]);
    assert_eq!(common::code(&out), 2);
    assert!(
        common::stderr(&out).contains("bad.ron:2:"),
        "{}",
        common::stderr(&out)
    );
}

/// The lines of a `campaign sim --json` report's log.
fn log_lines(report: &serde_json::Value) -> Vec<&str> {
    report["log"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l.as_str().unwrap())
        .collect()
}

#[test]
fn coop_7_coop_10_campaign_sim_plays_a_co_op_arc_to_its_ending() {
    let args = [
        "campaign",
        "sim",
        "--arc",
        "chrome_run",
        "--factions",
        "choir,lantern",
        "--bots",
        "easy",
        "--computer",
        "easy",
        "--seed",
        "11",
    ];
    let dir = TempDir::new("campaign-arc", &[]);
    let file = dir.join("arc.campaign.ron");
    let mut saved = args.to_vec();
    saved.extend(["--save", arg(&file)]);
    let report = json_expecting(0, &saved);
    assert_eq!(report["games"], 3, "{report}");
    let shown = run_expecting(0, &["campaign", "show", arg(&file)]);
    assert!(shown.contains("Co-op arc The Chrome Run"), "{shown}");
    let arc = &report["arc"];
    assert_eq!(arc["results"].as_array().unwrap().len(), 3, "{report}");
    assert!(!arc["ending"].as_str().unwrap().is_empty(), "{report}");
    let log = log_lines(&report);
    assert!(log.iter().any(|l| l.contains("(COOP-9)")), "{log:?}");
    assert!(log.iter().any(|l| l.contains("(COOP-10)")), "{log:?}");
    // Several arcs, counted.
    let mut many = args.to_vec();
    many.extend(["--arcs", "2"]);
    let tally = json_expecting(0, &many);
    assert_eq!(tally["arcs"], 2, "{tally}");
    assert_eq!(tally["runs"].as_array().unwrap().len(), 2, "{tally}");
    // COOP-1: four people are refused.
    let mut four = args.to_vec();
    four[5] = "choir,lantern,ashfall,tidewater";
    let out = common::cli(&four);
    assert_eq!(out.status.code(), Some(2), "{out:?}");
}
