//! Runs the `redline-cli` binary as a user would and checks its numbers against odds worked out
//! here independently, by counting faces with the dice rules written out again (DICE-4..10).

use std::process::{Command, Output};

use serde_json::Value;

fn cli(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_redline-cli"))
        .args(args)
        .output()
        .expect("redline-cli runs")
}

fn stdout_of(args: &[&str]) -> String {
    let output = cli(args);
    assert!(
        output.status.success(),
        "redline-cli {args:?} failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout).expect("UTF-8 output")
}

fn json_of(args: &[&str]) -> Value {
    serde_json::from_str(&stdout_of(args)).expect("valid JSON")
}

/// The dice rules, written out again: Fumble fails (both Fumble: defender), a rival Fumble
/// loses, a Crit wins unless both Crit (defender), otherwise a strictly higher total wins.
fn attacker_wins(face: u64, faces: u64, bonus: i64, rival: u64, rival_faces: u64) -> bool {
    if face == 1 {
        false
    } else if rival == 1 {
        true
    } else if rival == rival_faces {
        false
    } else if face == faces {
        true
    } else {
        face as i64 + bonus > rival as i64
    }
}

/// Exact chance without Luck as (wins, outcomes), with `bonus` = attacker minus defender.
fn plain_odds(faces: u64, bonus: i64, rival_faces: u64) -> (u64, u64) {
    let wins = (1..=faces)
        .flat_map(|face| (1..=rival_faces).map(move |rival| (face, rival)))
        .filter(|&(face, rival)| attacker_wins(face, faces, bonus, rival, rival_faces))
        .count() as u64;
    (wins, faces * rival_faces)
}

fn faces_of(name: &str) -> u64 {
    match name {
        "green" => 12,
        "yellow" => 8,
        "red" => 6,
        "obstacle" => 10,
        other => panic!("unknown die {other}"),
    }
}

/// Whether the JSON fraction `{numerator, denominator}` equals `wins / outcomes`.
fn same_fraction(fraction: &Value, (wins, outcomes): (u64, u64)) -> bool {
    let numerator = fraction["numerator"].as_u64().expect("numerator");
    let denominator = fraction["denominator"].as_u64().expect("denominator");
    numerator * outcomes == wins * denominator
}

#[test]
fn help_lists_the_odds_command_with_examples() {
    let help = stdout_of(&["--help"]);
    assert!(help.contains("odds"), "{help}");
    assert!(help.contains("Examples:"), "{help}");
    assert!(help.contains("--json"), "{help}");

    let odds_help = stdout_of(&["odds", "--help"]);
    assert!(odds_help.contains("--attacker-luck"), "{odds_help}");
    assert!(
        odds_help.contains("redline-cli odds --table"),
        "{odds_help}"
    );
}

#[test]
fn dice_5_green_against_the_obstacle_die_as_text() {
    let (wins, outcomes) = plain_odds(12, 0, 10);
    assert_eq!((wins, outcomes), (63, 120));
    let text = stdout_of(&["odds", "--attacker", "green", "--defender", "obstacle"]);
    assert!(text.contains("52.50% (21/40)"), "{text}");
    assert!(
        !text.contains("with Luck "),
        "no Luck was asked for: {text}"
    );
}

#[test]
fn odds_json_matches_an_independent_count() {
    let args = [
        "odds",
        "--attacker",
        "green",
        "--attacker-mod",
        "2",
        "--defender",
        "yellow",
        "--defender-mod",
        "1",
        "--json",
    ];
    let report = json_of(&args);
    let exact = &report["without_luck"]["exact"];
    assert!(
        same_fraction(&exact["success"], plain_odds(12, 1, 8)),
        "{report}"
    );
    // Crit success: GREEN 12 against any YELLOW but 8.
    assert!(same_fraction(&exact["crit_success"], (7, 96)), "{report}");
    assert!(same_fraction(&exact["fumble"], (1, 12)), "{report}");
    let float = report["without_luck"]["odds"]["success"].as_f64().unwrap();
    let (wins, outcomes) = plain_odds(12, 1, 8);
    assert!((float - wins as f64 / outcomes as f64).abs() < 1e-12);
    assert!(report["with_luck"].is_null());
}

#[test]
fn luck_2_attacker_luck_red_against_red() {
    // Re-roll every loss except against a Crit (a re-roll can't beat one, DICE-8).
    let mut wins = 0;
    for face in 1..=6 {
        for rival in 1..=6 {
            if attacker_wins(face, 6, 0, rival, 6) {
                wins += 6;
            } else if rival != 6 {
                wins += (1..=6)
                    .filter(|&again| attacker_wins(again, 6, 0, rival, 6))
                    .count();
            }
        }
    }
    let args = [
        "odds",
        "--attacker",
        "red",
        "--defender",
        "red",
        "--attacker-luck",
        "--json",
    ];
    let report = json_of(&args);
    assert!(same_fraction(
        &report["with_luck"]["exact"]["success"],
        (wins as u64, 216)
    ));
    assert!(same_fraction(
        &report["without_luck"]["exact"]["success"],
        (15, 36)
    ));

    let text = stdout_of(&args[..args.len() - 1]);
    assert!(text.contains("with Luck"), "{text}");
    assert!(text.contains("Lucky Streak"), "{text}");
}

#[test]
fn odds_table_json_covers_every_pair_at_modifier_zero() {
    let report = json_of(&["odds", "--table", "--json"]);
    let cells = report["cells"].as_array().expect("cells");
    assert_eq!(cells.len(), 12);
    for cell in cells {
        let attacker = cell["attacker"].as_str().unwrap();
        let defender = cell["defender"].as_str().unwrap();
        let expected = plain_odds(faces_of(attacker), 0, faces_of(defender));
        assert!(same_fraction(&cell["exact"]["success"], expected), "{cell}");
    }
    assert_eq!(report["attacker_mod"], 0);
    assert_eq!(report["defender_mod"], 0);
}

#[test]
fn odds_table_as_text_shows_every_die() {
    let text = stdout_of(&["odds", "--table"]);
    for label in ["d12 GREEN", "d8 YELLOW", "d6 RED", "d10 Obstacle"] {
        assert!(text.contains(label), "{label} missing: {text}");
    }
    assert!(text.contains("52.50% 21/40"), "{text}");
}

#[test]
fn bad_arguments_are_refused() {
    assert!(
        !cli(&["odds", "--attacker", "purple", "--defender", "red"])
            .status
            .success()
    );
    assert!(!cli(&["odds", "--attacker", "green"]).status.success());
    assert!(
        !cli(&["odds", "--attacker", "obstacle", "--defender", "red"])
            .status
            .success()
    );
    assert!(
        !cli(&["odds", "--table", "--attacker", "green"])
            .status
            .success()
    );
}

#[test]
fn every_subcommand_has_help_with_an_example() {
    let help = stdout_of(&["--help"]);
    assert!(help.contains("--pack <DIR>"), "{help}");
    for command in [
        &["odds"][..],
        &["validate"],
        &["teams"],
        &["teams", "list"],
        &["teams", "quick"],
        &["teams", "check"],
        &["scenarios"],
        &["sim"],
        &["replay"],
        &["script"],
    ] {
        assert!(help.contains(command[0]), "{command:?} missing from {help}");
        let mut args = command.to_vec();
        args.push("--help");
        let text = stdout_of(&args);
        assert!(text.contains("Examples:"), "{command:?}: {text}");
        let example = format!("redline-cli {}", command.join(" "));
        assert!(
            text.contains(&example),
            "{command:?} has no example: {text}"
        );
    }
}

#[test]
fn bad_arguments_exit_with_code_2() {
    for args in [
        &["odds", "--attacker", "purple", "--defender", "red"][..],
        &["sim", "--teams", "ashfall,choir"],
        &["teams", "frobnicate"],
        &["no-such-command"],
    ] {
        assert_eq!(cli(args).status.code(), Some(2), "{args:?}");
    }
}
