//! `redline-cli script`: the steps and checks for Gear and program actions, drones deployed
//! during the game, Blasts and Impact tokens, refusals by their words, reach and distance, and
//! the engine's own defence. Each is tried on the repository's scripts, right and broken: a
//! broken step exits 2 at its file:line:col, a check that does not hold exits 1.

mod common;

use common::{TempDir, arg, cli, code, line_col_of, stderr, stdout};

const GRENADE: &str = include_str!("../../../tests/scripts/kw_7_kw_8_face_or_escape_a_grenade.ron");
const MISSED: &str = include_str!("../../../tests/scripts/kw_9_shift_a_missed_grenade.ron");
const DRONE: &str = include_str!("../../../tests/scripts/drone_8_launch_and_name_a_kitehawk.ron");

/// Writes `text` as a script and runs it.
fn run_script(name: &str, text: &str, json: bool) -> (std::process::Output, TempDir) {
    let dir = TempDir::new(name, &[("script.ron", text)]);
    let file = dir.join("script.ron");
    let mut args = vec!["script", arg(&file)];
    if json {
        args.push("--json");
    }
    let output = cli(&args);
    (output, dir)
}

/// Runs a script that holds.
fn holds(name: &str, text: &str) -> String {
    let (output, _dir) = run_script(name, text, false);
    assert_eq!(
        code(&output),
        0,
        "{name}: {}{}",
        stdout(&output),
        stderr(&output)
    );
    stdout(&output)
}

/// Runs a script whose check at `at` fails; returns stdout.
fn fails(name: &str, text: &str, at: &str) -> String {
    let (output, _dir) = run_script(name, text, false);
    assert_eq!(code(&output), 1, "{name}: {}", stderr(&output));
    let out = stdout(&output);
    let (line, col) = line_col_of(text, at);
    assert!(
        out.contains(&format!("{line}:{col} FAILED")),
        "{name}: {out}"
    );
    out
}

/// Runs a broken script; checks exit 2 and that stderr starts with `file:line:col` (of the
/// first `at` in the text) and contains `message`, in text and in JSON.
fn broken(name: &str, text: &str, at: &str, message: &str) -> String {
    let (output, dir) = run_script(name, text, false);
    assert_eq!(code(&output), 2, "{name}: {}", stdout(&output));
    let (line, col) = line_col_of(text, at);
    let err = stderr(&output);
    let prefix = format!(
        "redline-cli: {}:{line}:{col}: ",
        arg(&dir.join("script.ron"))
    );
    assert!(err.starts_with(&prefix), "{name}: wanted {prefix}\n{err}");
    assert!(err.contains(message), "{name}: wanted {message}\n{err}");
    let (output, _dir) = run_script(name, text, true);
    assert_eq!(code(&output), 2);
    let json: serde_json::Value = serde_json::from_slice(&output.stdout).expect("JSON");
    assert_eq!(json["details"]["line"], line, "{json}");
    assert_eq!(json["details"]["column"], col, "{json}");
    err
}

#[test]
fn a_gear_action_is_named_by_its_id_name_card_or_card_and_id() {
    for name in [
        "throw",
        "Throw",
        "gear_frag/throw",
        "gear_frag",
        "Pipe Grenade",
    ] {
        let text = GRENADE.replace("action: \"throw\"", &format!("action: \"{name}\""));
        holds("script-gear-name", &text);
    }
    // The engine's own index of a card action works too.
    holds(
        "script-gear-index",
        &GRENADE.replace("action: \"throw\"", "action: 1024"),
    );
    let err = broken(
        "script-gear-unknown",
        &GRENADE.replace("action: \"throw\"", "action: \"grenade\""),
        "Act(",
        "queen has no action 'grenade'",
    );
    assert!(
        err.contains("gear_frag/throw"),
        "the list names card actions: {err}"
    );
}

#[test]
fn drone_8_a_drone_is_named_by_the_step_that_launches_it() {
    // Left out, the label is the drone card's id.
    let text = DRONE
        .replace(", label: \"hawk\"", "")
        .replace("\"hawk\"", "\"drone_kitehawk\"");
    holds("script-drone-default-label", &text);
    // `Engine(...)` takes the drone's number from its launch on: the setup's two models
    // first, so the Kitehawk is model 2.
    let text = DRONE.replace(
        "Act(model: \"hawk\", action: \"dart\", at: \"rival\")",
        "Engine(Act((model: (2), action: 9, token: None, target: Model((1)))))",
    );
    holds("script-drone-engine-id", &text);
    // A step before the launch can't name it.
    broken(
        "script-drone-too-early",
        &DRONE.replacen(
            "Activate(\"handler\"),",
            "Activate(\"handler\"), Expect([InPlay(\"hawk\")]),",
            1,
        ),
        "InPlay(\"hawk\")",
        "no model is labelled 'hawk'",
    );
    broken(
        "script-drone-engine-too-early",
        &DRONE.replacen("Activate(\"handler\"),", "Engine(Activate(model: (2))),", 1),
        "Engine(",
        "model (2) does not exist",
    );
    // A label on a step that deploys nothing.
    broken(
        "script-drone-label-no-drone",
        &DRONE.replace(
            "action: \"move\", token: 0, to: [(6, 0, 7)]",
            "action: \"move\", token: 0, to: [(6, 0, 7)], label: \"mover\"",
        ),
        "Act(model: \"handler\", action: \"move\"",
        "this step deploys none",
    );
    // A lost launch roll: the first step naming the drone stops the script, saying why.
    let lost = DRONE.replace("dice: [8, 3, 2, 8]", "dice: [1, 9, 2, 8]");
    let launch = "Act(model: \"handler\", action: \"Launch Kitehawk\", point: (8, 0, 11)";
    let err = broken(
        "script-drone-lost-launch",
        &lost.replacen(
            "        Expect([\n            Event(DroneDeployed",
            "        SkipGonk(\"hawk\"),\n        Expect([\n            Event(DroneDeployed",
            1,
        ),
        "SkipGonk(\"hawk\")",
        "'hawk' has not entered play",
    );
    let (line, col) = line_col_of(&lost, launch);
    assert!(
        err.contains(&format!("the launch at {line}:{col}")),
        "{err}"
    );
    // A check on it fails instead.
    let cut = lost
        .find("        // A token spent")
        .expect("the move step");
    let checks_only = format!("{}    ],\n)\n", &lost[..cut]);
    let out = fails("script-drone-lost-check", &checks_only, "InPlay(\"hawk\")");
    assert!(out.contains("'hawk' has not entered play"), "{out}");
}

#[test]
fn kw_7_kw_8_kw_9_blast_steps_are_played_and_checked() {
    let out = holds("script-blast", GRENADE);
    assert!(
        out.contains("south: target stays and faces the Blast"),
        "{out}"
    );
    assert!(
        out.contains("south: beside escapes the Blast with token 0 to (20, 0, 11)"),
        "{out}"
    );
    let out = holds("script-impact", MISSED);
    assert!(
        out.contains("put the Impact token down at (8, 0, 7)"),
        "{out}"
    );
    broken(
        "script-face-unknown",
        &GRENADE.replace("FaceBlast(\"target\")", "FaceBlast(\"targt\")"),
        "FaceBlast(",
        "no model is labelled 'targt'",
    );
    // The engine refuses an escape too short: its rule, at the step.
    let err = broken(
        "script-escape-refused",
        &GRENADE.replace("to: [(20, 0, 11)]", "to: [(11, 0, 11)]"),
        "EscapeBlast(model: \"beside\", token: 0, to: [(11,",
        "the engine refuses `beside escapes the Blast",
    );
    assert!(err.contains("(KW-7)"), "{err}");
    let err = broken(
        "script-impact-refused",
        &MISSED.replace("PlaceImpact((8, 0, 7))", "PlaceImpact((8, 0, 3))"),
        "PlaceImpact((8, 0, 3))",
        "up to RED",
    );
    assert!(err.contains("(KW-9)"), "{err}");
}

#[test]
fn a_refusal_is_checked_by_its_words() {
    let text = MISSED.replace("says: \"up to RED\"", "says: \"UP TO red\"");
    holds("script-says-any-case", &text);
    let text = MISSED.replace("says: \"up to RED\"", "says: \"too far\"");
    let out = fails("script-says-wrong", &text, "Refused(command: PlaceImpact");
    assert!(
        out.contains("expected: a refusal saying \"too far\""),
        "{out}"
    );
    assert!(
        out.contains("shifted up to RED (3\"), not 4.5\" (KW-9)"),
        "{out}"
    );
}

#[test]
fn gen_7_open_1_reach_and_distance_checks_ask_the_engine() {
    let text = GRENADE.replace(
        "NotInReach(\"beside\", \"target\")",
        "InReach(\"beside\", \"target\")",
    );
    let out = fails("script-reach-fails", &text, "InReach(\"beside\"");
    assert!(
        out.contains("expected: beside within reach of target"),
        "{out}"
    );
    assert!(out.contains("apart (closest distance)"), "{out}");
    let text = DRONE.replace(
        "Within(\"hawk\", \"handler\", 4)",
        "Within(\"hawk\", \"handler\", 2)",
    );
    let out = fails(
        "script-within-fails",
        &text,
        "Within(\"hawk\", \"handler\", 2)",
    );
    assert!(
        out.contains("expected: hawk within 2\" of handler"),
        "{out}"
    );
    broken(
        "script-reach-unknown",
        &GRENADE.replace(
            "InReach(\"target\", \"beside\")",
            "InReach(\"target\", \"besid\")",
        ),
        "InReach(",
        "no model is labelled 'besid'",
    );
}

#[test]
fn act_10_a_defend_step_after_the_engine_defended_says_so() {
    // The Goon had no choice: the shot rolled at once, so a `Defend` after it is out of turn.
    let text = DRONE.replace(
        "Refused(command: Defend(), rule: \"CTRL-2\", says: \"waiting for\"),",
        "Defend(),",
    );
    let err = broken(
        "script-auto-defence",
        &text,
        "Defend(),",
        "the engine refuses",
    );
    assert!(
        err.contains("the engine defended by itself: no choice to make"),
        "{err}"
    );
    assert!(
        err.contains("the engine says: The game is waiting for"),
        "{err}"
    );
    // A `Defend` out of turn with no roll before it keeps the engine's reason alone.
    let text = DRONE.replacen(
        "Activate(\"handler\"),",
        "Activate(\"handler\"), Defend(),",
        1,
    );
    let err = broken(
        "script-defend-out-of-turn",
        &text,
        "Defend(),",
        "the engine refuses",
    );
    assert!(!err.contains("defended by itself"), "{err}");
}
