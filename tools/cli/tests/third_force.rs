//! `--third-force` (THIRD-1): `scenarios` lists the packs' third forces, `sim` plays games
//! with one that replay hash for hash, the arena takes one, and an unknown id is refused.

mod common;

use common::{TempDir, cli, code, json_expecting, run_expecting, stderr};

const SIM: [&str; 8] = [
    "sim",
    "--scenario",
    "street_claim",
    "--teams",
    "ashfall,tidewater",
    "--games",
    "2",
    "--third-force",
];

#[test]
fn third_1_scenarios_lists_the_third_forces() {
    let report = json_expecting(0, &["scenarios"]);
    let ids: Vec<&str> = report["third_forces"]
        .as_array()
        .expect("a list")
        .iter()
        .map(|f| f["id"].as_str().expect("an id"))
        .collect();
    assert!(ids.contains(&"tf_tidebreaker") && ids.contains(&"tf_saltmarsh_drifters"));
}

#[test]
fn third_1_sim_plays_with_a_third_force_and_its_games_replay() {
    let dir = TempDir::new("third-force-sim", &[]);
    let out = dir.0.to_str().expect("path");
    let mut args = SIM.to_vec();
    args.extend(["tf_saltmarsh_drifters", "--save-replays", out]);
    let report = json_expecting(0, &args);
    assert_eq!(report["games_played"], 2, "{report}");
    assert!(
        report["failures"].as_array().is_some_and(Vec::is_empty),
        "{report}"
    );
    let replay = dir.0.join("game-0.ron");
    let text = std::fs::read_to_string(&replay).expect("replay saved");
    assert!(
        text.contains("third_force"),
        "the replay's setup carries it"
    );
    let verdict = run_expecting(0, &["replay", replay.to_str().expect("path")]);
    assert!(verdict.contains("OK: all"), "{verdict}");
}

#[test]
fn third_1_an_unknown_third_force_is_refused() {
    let mut args = SIM.to_vec();
    args.push("tf_nobody");
    let output = cli(&args);
    assert_eq!(code(&output), 2);
    assert!(stderr(&output).contains("no third force 'tf_nobody'"));
    let arena = cli(&[
        "arena",
        "easy:easy",
        "--games",
        "2",
        "--third-force",
        "tf_nobody",
    ]);
    assert_eq!(code(&arena), 2, "{}", stderr(&arena));
}

#[test]
fn third_1_the_arena_takes_a_third_force() {
    let report = json_expecting(
        0,
        &[
            "arena",
            "random:random",
            "--games",
            "2",
            "--third-force",
            "tf_tidebreaker",
        ],
    );
    assert_eq!(report["broken_games"], 0, "{report}");
    assert_eq!(report["pairings"][0]["games"], 2, "{report}");
}
