//! `redline-cli sim --save-replays` and `redline-cli replay`: saved games replay with every
//! hash matching; an altered hash, a refused command, another format version and broken RON
//! are each reported with the right exit code and a message naming the step or the position.

mod common;

use std::path::Path;

use common::{TempDir, arg, cli, code, json_expecting, line_col_of, run_expecting, stderr, stdout};
use redline_rules::{Command, Entry, Replay};
use serde_json::Value;

const GAMES: u64 = 3;
const SEED: u64 = 21;

/// Plays `GAMES` short games saving their replays in `dir`; returns the sim report.
fn sim_saving_replays(dir: &TempDir) -> Value {
    let games = GAMES.to_string();
    let seed = SEED.to_string();
    let replays = dir.join("replays");
    json_expecting(
        0,
        &[
            "sim",
            "--scenario",
            "street_claim",
            "--teams",
            "ashfall,tidewater",
            "--games",
            &games,
            "--seed",
            &seed,
            "--turn-limit",
            "12",
            "--save-replays",
            arg(&replays),
        ],
    )
}

/// The recorded hash of every step of a replay file, with where each number sits in `text`.
fn step_hashes(text: &str) -> Vec<(u64, std::ops::Range<usize>)> {
    let mut hashes = Vec::new();
    let mut offset = 0;
    for line in text.split_inclusive('\n') {
        let trimmed = line.trim();
        if let Some(number) = trimmed
            .strip_prefix("hash: ")
            .and_then(|r| r.strip_suffix(','))
        {
            let start = offset + line.find(number).expect("number in line");
            hashes.push((
                number.parse().expect("a u64 hash"),
                start..start + number.len(),
            ));
        }
        offset += line.len();
    }
    hashes
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).expect("replay file")
}

#[test]
fn sim_saves_replays_that_replay_verifies() {
    let dir = TempDir::new("replay-saved", &[]);
    let report = sim_saving_replays(&dir);
    assert_eq!(report["replays_saved"], GAMES, "{report}");
    assert_eq!(report["replay_dir"], arg(&dir.join("replays")), "{report}");

    let mut names: Vec<String> = std::fs::read_dir(dir.join("replays"))
        .expect("replay folder")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    let expected: Vec<String> = (SEED..SEED + GAMES)
        .map(|s| format!("game-{s}.ron"))
        .collect();
    // One file per game, and no temporary file left behind.
    assert_eq!(names, expected);

    let mut seat0_wins = 0;
    for name in &expected {
        let file = dir.join("replays").join(name);
        let text = read(&file);
        let hashes = step_hashes(&text);
        assert!(!hashes.is_empty(), "{name} records no step");
        // FIELD-7: the game opens with the teams deployed through the engine.
        let parsed = Replay::from_ron(&text).expect("a replay");
        assert!(matches!(parsed.steps[0].command, Command::Deploy { .. }));
        assert!(parsed.setup.models.iter().any(|m| m.entry == Entry::Deploy));
        let recorded_final = format!("{:016x}", hashes.last().expect("a step").0);

        let replay = json_expecting(0, &["replay", arg(&file)]);
        assert_eq!(replay["verified"], true, "{replay}");
        assert_eq!(replay["steps"], hashes.len() as u64, "{replay}");
        assert_eq!(replay["steps_verified"], hashes.len() as u64, "{replay}");
        assert_eq!(replay["final_hash"], recorded_final.as_str(), "{replay}");
        assert_eq!(replay["recorded_final_hash"], recorded_final.as_str());
        assert!(replay["failure"].is_null(), "{replay}");
        assert!(replay["turns"].as_u64().unwrap() <= 12, "{replay}");
        // With a turn limit every game ends; the sim counted the same results.
        let outcome = &replay["outcome"];
        assert!(!outcome.is_null(), "{replay}");
        if outcome["Win"]["seats"]
            .as_array()
            .is_some_and(|s| s.contains(&Value::from(0)))
        {
            seat0_wins += 1;
        }

        let text = run_expecting(0, &["replay", arg(&file)]);
        assert!(
            text.contains(&format!("final state hash: {recorded_final}\n")),
            "{text}"
        );
        assert!(text.contains(&format!("steps: {}", hashes.len())), "{text}");
        assert!(text.contains("outcome: "), "{text}");
        assert!(text.contains("street_claim on pier_nine: ashfall vs tidewater"));
    }
    assert_eq!(report["seats"][0]["wins"], seat0_wins, "{report}");
}

#[test]
fn a_replay_of_a_table_set_up_before_the_deployment_phase_still_verifies() {
    // Written by the build before the engine deployed teams: every model placed in the
    // setup. It plays back to the same state hash at every step.
    let file = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/replays/placed_before_deployment.ron");
    let replay = json_expecting(0, &["replay", arg(&file)]);
    assert_eq!(replay["verified"], true, "{replay}");
    assert_eq!(replay["steps_verified"], 15, "{replay}");
    assert_eq!(replay["final_hash"], "2bab7e8d2a372802", "{replay}");
    let parsed = Replay::from_ron(&read(&file)).expect("a replay");
    assert!(parsed.setup.models.iter().all(|m| m.entry != Entry::Deploy));
}

#[test]
fn an_altered_hash_or_a_refused_command_exits_1_naming_the_step() {
    let dir = TempDir::new("replay-altered", &[]);
    sim_saving_replays(&dir);
    let text = read(&dir.join("replays").join(format!("game-{SEED}.ron")));
    let hashes = step_hashes(&text);
    let k = hashes.len() / 2;
    let (original, range) = hashes[k].clone();
    let altered = original ^ 1;
    let mut bad = text.clone();
    bad.replace_range(range, &altered.to_string());
    let file = dir.join("altered.ron");
    std::fs::write(&file, &bad).expect("write");

    let report = json_expecting(1, &["replay", arg(&file)]);
    assert_eq!(report["verified"], false, "{report}");
    assert_eq!(report["steps_verified"], k as u64, "{report}");
    let failure = &report["failure"];
    assert_eq!(failure["kind"], "mismatch", "{report}");
    assert_eq!(failure["step"], k as u64, "{report}");
    assert_eq!(failure["expected_hash"], format!("{altered:016x}"));
    assert_eq!(failure["got_hash"], format!("{original:016x}"));
    assert!(!failure["command"].as_str().unwrap().is_empty(), "{report}");

    let output = cli(&["replay", arg(&file)]);
    assert_eq!(code(&output), 1);
    let out = stdout(&output);
    assert!(
        out.contains(&format!(
            "FAILED: step {k}: state hash differs: expected {altered:016x}, got {original:016x}"
        )),
        "{out}"
    );
    assert!(out.contains("  command:  "), "{out}");

    // The first command swapped for one that needs an active model: refused at step 0.
    let steps = text.find("steps: [").expect("the steps");
    let command =
        steps + text[steps..].find("command: ").expect("a first command") + "command: ".len();
    let hash = command + text[command..].find("hash: ").expect("its hash");
    let end = command + text[command..hash].rfind(',').expect("end of the command");
    let mut refused = text.clone();
    refused.replace_range(command..end, "EndActivation");
    let file = dir.join("refused.ron");
    std::fs::write(&file, &refused).expect("write");
    let report = json_expecting(1, &["replay", arg(&file)]);
    let failure = &report["failure"];
    assert_eq!(failure["kind"], "refused", "{report}");
    assert_eq!(failure["step"], 0, "{report}");
    assert!(!failure["reason"].as_str().unwrap().is_empty(), "{report}");
    let out = run_expecting(1, &["replay", arg(&file)]);
    assert!(
        out.contains("FAILED: step 0: the engine refused the command: "),
        "{out}"
    );
}

#[test]
fn another_version_or_broken_ron_exits_2() {
    let dir = TempDir::new("replay-bad-input", &[]);
    sim_saving_replays(&dir);
    let text = read(&dir.join("replays").join(format!("game-{SEED}.ron")));

    let newer = text.replacen("version: 2,", "version: 7,", 1);
    assert_ne!(newer, text);
    let file = dir.join("newer.ron");
    std::fs::write(&file, &newer).expect("write");
    let output = cli(&["replay", arg(&file)]);
    assert_eq!(code(&output), 2, "{}", stdout(&output));
    let err = stderr(&output);
    assert!(
        err.contains("unsupported replay version 7") && err.contains("this build reads version 2"),
        "{err}"
    );
    let json = json_expecting(2, &["replay", arg(&file)]);
    assert_eq!(json["details"]["version"], 7, "{json}");

    // A value of the wrong type: the message points at its line.
    let seed_line = format!("seed: {SEED},");
    let broken = text.replacen(&seed_line, "seed: twelve,", 1);
    assert_ne!(broken, text);
    let (line, column) = line_col_of(&broken, "twelve");
    let file = dir.join("broken.ron");
    std::fs::write(&file, &broken).expect("write");
    let output = cli(&["replay", arg(&file)]);
    assert_eq!(code(&output), 2, "{}", stdout(&output));
    let err = stderr(&output);
    assert!(err.contains(&format!("{}:{line}:", arg(&file))), "{err}");
    let json = json_expecting(2, &["replay", arg(&file)]);
    assert_eq!(json["details"]["line"], line, "{json}");
    let found = json["details"]["column"].as_u64().unwrap();
    assert!(found + 1 == column || found == column, "{json}");

    // A file cut short in the middle of a recorded hash: the position is on that line.
    let (_, range) = step_hashes(&text)[1].clone();
    let truncated = &text[..range.start + 3];
    let last_line = truncated.lines().count() as u64;
    let file = dir.join("truncated.ron");
    std::fs::write(&file, truncated).expect("write");
    let json = json_expecting(2, &["replay", arg(&file)]);
    assert_eq!(json["details"]["line"], last_line, "{json}");
    assert!(json["details"]["column"].as_u64().unwrap() > 0, "{json}");
    assert!(
        json["error"]
            .as_str()
            .unwrap()
            .starts_with(&format!("{}:{last_line}:", arg(&file))),
        "{json}"
    );

    let missing = dir.join("missing.ron");
    let output = cli(&["replay", arg(&missing)]);
    assert_eq!(code(&output), 2);
    assert!(
        stderr(&output).contains("cannot read replay file"),
        "{}",
        stderr(&output)
    );
}

#[test]
fn replay_help_has_an_example() {
    let help = run_expecting(0, &["replay", "--help"]);
    assert!(help.contains("redline-cli replay "), "{help}");
    let help = run_expecting(0, &["sim", "--help"]);
    assert!(help.contains("--save-replays"), "{help}");

    // A replay folder that can't be made is bad input, before any game is played.
    let dir = TempDir::new("replay-no-folder", &[("taken", "a file, not a folder")]);
    let output = cli(&[
        "sim",
        "--scenario",
        "street_claim",
        "--teams",
        "ashfall,choir",
        "--games",
        "1",
        "--save-replays",
        arg(&dir.join("taken")),
    ]);
    assert_eq!(code(&output), 2, "{}", stdout(&output));
    assert!(
        stderr(&output).contains("cannot create the replay folder"),
        "{}",
        stderr(&output)
    );
}
