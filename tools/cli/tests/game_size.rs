//! `--size 100|150|200` on the commands that set a game up (FIELD-1, TEAM-5): the EB limit
//! and the table follow the size, and any other size is refused as bad input.

mod common;

use common::{cli, code, json_expecting, stderr};

#[test]
fn field_1_team_5_sim_at_200_eb_plays_on_44_by_30_with_200_eb_teams() {
    let report = json_expecting(
        0,
        &[
            "sim",
            "--scenario",
            "street_claim",
            "--teams",
            "ashfall,tidewater",
            "--size",
            "200",
            "--games",
            "2",
            "--seed",
            "3",
            "--turn-limit",
            "12",
        ],
    );
    assert_eq!(report["eb_limit"], 200); // TEAM-5
    assert_eq!(report["table"][0], 44.0); // FIELD-1
    assert_eq!(report["table"][1], 30.0);
    assert_eq!(report["layout"], "freight_yard");
    let seats = report["seats"].as_array().unwrap();
    let costs: Vec<u64> = seats.iter().map(|s| s["cost"].as_u64().unwrap()).collect();
    assert!(costs.iter().all(|&c| c <= 200), "{costs:?}");
    assert!(costs.iter().any(|&c| c > 150), "{costs:?}");
    assert!(
        report["failures"].as_array().unwrap().is_empty(),
        "{report}"
    );
}

#[test]
fn field_1_sim_refuses_a_layout_not_of_the_sizes_table() {
    let output = cli(&[
        "sim",
        "--scenario",
        "street_claim",
        "--layout",
        "pier_nine",
        "--teams",
        "ashfall,tidewater",
        "--size",
        "200",
        "--games",
        "1",
    ]);
    assert_eq!(code(&output), 2, "{}", stderr(&output));
    assert!(
        stderr(&output).contains("a 200 EB game is played on 44\" × 30\""),
        "{}",
        stderr(&output)
    );
}

#[test]
fn a_size_other_than_100_150_or_200_is_refused_by_every_command() {
    let commands: [&[&str]; 6] = [
        &[
            "sim",
            "--scenario",
            "street_claim",
            "--teams",
            "ashfall,choir",
        ],
        &["arena", "easy:random", "--games", "2"],
        &["teams", "quick", "ashfall"],
        &["teams", "check", "team.ron"],
        &["layout", "generate"],
        &["join", "127.0.0.1:9", "--create", "street_claim"],
    ];
    for args in commands {
        let mut full = args.to_vec();
        full.extend_from_slice(&["--size", "175"]);
        let output = cli(&full);
        assert_eq!(code(&output), 2, "{full:?}: {}", stderr(&output));
        assert!(
            stderr(&output).contains("a game is 100, 150 or 200 EB"),
            "{full:?}: {}",
            stderr(&output)
        );
    }
}

#[test]
fn team_5_teams_quick_builds_within_the_sizes_limit() {
    for (size, limit) in [("100", 100), ("200", 200)] {
        let report = json_expecting(0, &["teams", "quick", "ashfall", "--size", size]);
        assert_eq!(report["eb_limit"], limit, "{report}");
        assert!(
            report["summary"]["cost"].as_u64().unwrap() <= limit,
            "{report}"
        );
    }
}

#[test]
fn field_1_layout_generate_at_200_eb_makes_a_44_by_30_table() {
    let report = json_expecting(
        0,
        &[
            "layout",
            "generate",
            "--size",
            "200",
            "--scenario",
            "street_claim",
        ],
    );
    assert_eq!(report["layout"]["size"][0], 44.0, "{report}"); // FIELD-1
    assert_eq!(report["layout"]["size"][1], 30.0);
}

#[test]
fn field_1_team_5_arena_at_200_eb_plays_its_tables_on_44_by_30() {
    let report = json_expecting(
        0,
        &["arena", "random:random", "--games", "2", "--size", "200"],
    );
    assert_eq!(report["broken_games"], 0, "{report}");
}
