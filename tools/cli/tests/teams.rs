//! `redline-cli teams list | quick | check`: what factions hire and at what cost, quick teams
//! that are legal files, and every TEAM violation reported with its rule ID.

mod common;

use std::collections::BTreeSet;

use common::{TempDir, arg, cli, code, json_expecting, line_col_of, run_expecting, stderr};
use serde_json::Value;

fn violations(report: &Value) -> BTreeSet<String> {
    report["violations"]
        .as_array()
        .expect("violations")
        .iter()
        .map(|v| v["rule"].as_str().unwrap_or("-").to_owned())
        .collect()
}

#[test]
fn teams_list_shows_every_faction_with_costs_and_keywords() {
    let report = json_expecting(0, &["teams", "list"]);
    let factions = report["factions"].as_array().unwrap();
    let ids: Vec<&str> = factions.iter().map(|f| f["id"].as_str().unwrap()).collect();
    for id in ["ashfall", "choir", "tidewater", "glasswork"] {
        assert!(ids.contains(&id), "{id} missing from {ids:?}");
    }
    for faction in factions {
        let characters = faction["characters"].as_array().unwrap();
        assert!(
            characters
                .iter()
                .any(|c| c["keywords"].as_array().unwrap().contains(&"Leader".into())),
            "{} has no Leader",
            faction["id"]
        );
        assert!(!faction["gonks"].as_array().unwrap().is_empty());
        for c in characters {
            // TEAM-11: a one-off game charges 5 EB per Veteran star on top of the card.
            let stars = c["stars"].as_u64().unwrap();
            assert_eq!(
                c["cost"].as_u64().unwrap(),
                c["printed_cost"].as_u64().unwrap() + 5 * stars,
                "{c}"
            );
            assert_eq!(c["veteran_of"].is_string(), stars > 0, "{c}");
        }
    }
    let mercs = report["mercs"]["characters"].as_array().unwrap();
    assert!(mercs.len() >= 4, "{report}");
    assert!(
        mercs
            .iter()
            .all(|c| c["keywords"].as_array().unwrap().contains(&"Merc".into()))
    );

    let text = run_expecting(0, &["teams", "list", "ashfall"]);
    assert!(text.starts_with("ashfall — Ashfall Crew\n"), "{text}");
    assert!(!text.contains("choir —"), "{text}");
    assert!(text.contains("Leader"), "{text}");
}

#[test]
fn teams_quick_prints_a_team_file_that_checks_legal() {
    for faction in ["ashfall", "choir", "tidewater", "glasswork"] {
        let text = run_expecting(0, &["teams", "quick", faction]);
        let dir = TempDir::new(&format!("quick-{faction}"), &[("team.ron", &text)]);
        let file = dir.join("team.ron");

        let check = json_expecting(0, &["teams", "check", arg(&file)]);
        assert_eq!(check["legal"], true, "{text}\n{check}");
        assert_eq!(check["faction"], faction);

        let quick = json_expecting(0, &["teams", "quick", faction]);
        assert_eq!(quick["summary"], check["summary"]);
        assert_eq!(quick["spec"]["faction"], faction);
        let cost = quick["summary"]["cost"].as_u64().unwrap();
        assert!(cost > 50 && cost <= 100, "{quick}");
        // The JSON's RON is the file the text output holds.
        assert!(text.ends_with(&format!("{}\n", quick["ron"].as_str().unwrap())));
    }
}

#[test]
fn teams_quick_stays_within_the_budget_it_is_given() {
    let quick = json_expecting(0, &["teams", "quick", "tidewater", "--eb", "60"]);
    assert_eq!(quick["eb_limit"], 60);
    assert!(quick["summary"]["cost"].as_u64().unwrap() <= 60, "{quick}");

    let output = cli(&["teams", "quick", "tidewater", "--eb", "5"]);
    assert_eq!(code(&output), 1, "no legal team fits in 5 EB");
    assert!(stderr(&output).contains("5 EB"), "{}", stderr(&output));

    let output = cli(&["teams", "quick", "pirates"]);
    assert_eq!(code(&output), 2);
    assert!(
        stderr(&output).contains("unknown faction 'pirates'"),
        "{}",
        stderr(&output)
    );
}

#[test]
fn teams_check_reports_every_violation_with_its_rule_id() {
    let dir = TempDir::new(
        "check-violations",
        &[
            // Two Leaders (TEAM-3), the same Specialist twice (TEAM-4), Gear on a Gonk
            // (TEAM-8), more Gonks than Influence (TEAM-6) and, at 40 EB, over budget (TEAM-5).
            (
                "bad.ron",
                r#"TeamSpec(faction: "ashfall", members: [
                    (card: "ash_furnace_mother"),
                    (card: "ash_furnace_mother_v"),
                    (card: "ash_torchhand"),
                    (card: "ash_torchhand"),
                    (card: "ash_cinderling", gear: ["ash_scrap_plate"]),
                    (card: "ash_cinderling"), (card: "ash_cinderling"), (card: "ash_cinderling"),
                    (card: "ash_cinderling"), (card: "ash_cinderling"), (card: "ash_cinderling"),
                ])"#,
            ),
            (
                "leaderless.ron",
                r#"(faction: "ashfall", members: [(card: "ash_scrapper")])"#,
            ),
        ],
    );
    let bad = dir.join("bad.ron");
    let report = json_expecting(1, &["teams", "check", arg(&bad), "--eb", "40"]);
    assert_eq!(report["legal"], false);
    assert!(report["summary"].is_null());
    let rules = violations(&report);
    for rule in ["TEAM-3", "TEAM-4", "TEAM-5", "TEAM-6", "TEAM-8"] {
        assert!(rules.contains(rule), "{rule} not reported: {report}");
    }
    for v in report["violations"].as_array().unwrap() {
        let message = v["message"].as_str().unwrap();
        assert!(
            !message.contains("(TEAM-"),
            "rule ID left in the message: {message}"
        );
    }

    let text = run_expecting(1, &["teams", "check", arg(&bad), "--eb", "40"]);
    assert!(text.contains("error: TEAM-5: the team costs "), "{text}");
    assert!(text.contains("; the limit is 40 EB\n"), "{text}");

    let leaderless = dir.join("leaderless.ron");
    let report = json_expecting(1, &["teams", "check", arg(&leaderless)]);
    assert_eq!(violations(&report), BTreeSet::from(["TEAM-3".to_owned()]));
}

#[test]
fn teams_check_bad_ron_is_located_and_exits_2() {
    let text = "TeamSpec(\n    faction: \"ashfall\",\n    members: [(card: ash_scrapper)],\n)\n";
    let dir = TempDir::new("check-bad-ron", &[("team.ron", text)]);
    let file = dir.join("team.ron");
    // ron points at the gap before the value it can't read.
    let (line, col) = line_col_of(text, " ash_scrapper");

    let output = cli(&["teams", "check", arg(&file)]);
    assert_eq!(code(&output), 2);
    let expected = format!("{}:{line}:{col}: ", file.display());
    assert!(stderr(&output).contains(&expected), "{}", stderr(&output));

    let error = json_expecting(2, &["teams", "check", arg(&file)]);
    assert_eq!(error["kind"], "bad_input");
    assert_eq!(error["exit_code"], 2);
    assert_eq!(error["details"]["line"], line);
    assert_eq!(error["details"]["column"], col);

    let missing = dir.join("missing.ron");
    assert_eq!(code(&cli(&["teams", "check", arg(&missing)])), 2);
}
