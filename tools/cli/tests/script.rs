//! `redline-cli script`: every script in the repository's `tests/scripts/` (the rulebook's
//! worked examples among them) runs through the real binary and holds; broken scripts are
//! refused with the right exit code and a message that points at file:line:col.

mod common;

use std::path::PathBuf;

use common::{TempDir, arg, cli, code, json_expecting, line_col_of, stderr, stdout};

/// The repository's `tests/scripts/` folder.
fn scripts_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/scripts")
}

#[test]
fn every_script_in_tests_scripts_holds() {
    let mut files: Vec<PathBuf> = std::fs::read_dir(scripts_dir())
        .expect("tests/scripts exists")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "ron"))
        .collect();
    files.sort();
    assert!(files.len() >= 17, "only {} scripts found", files.len());
    for file in &files {
        let output = cli(&["script", arg(file)]);
        assert_eq!(
            code(&output),
            0,
            "{}\nstdout:\n{}\nstderr:\n{}",
            file.display(),
            stdout(&output),
            stderr(&output)
        );
        assert!(
            stdout(&output).contains("\nOK: all "),
            "{}",
            stdout(&output)
        );
    }
    // Each worked example the suite must cover is cited by at least one script.
    let cited: String = files
        .iter()
        .map(|f| std::fs::read_to_string(f).expect("script"))
        .collect();
    for n in (1..=21).chain([26, 27, 30]) {
        let id = format!("EX-{n}");
        let found = cited
            .match_indices(&id)
            .any(|(i, _)| !cited[i + id.len()..].starts_with(|c: char| c.is_ascii_digit()));
        let in_range = [(1, 4), (5, 10)]
            .iter()
            .any(|&(a, b)| (a..=b).contains(&n) && cited.contains(&format!("EX-{a}..EX-{b}")));
        assert!(found || in_range, "no script cites {id}");
    }
}

const DUEL: &str = r#"// A short duel.
Script(
    title: "duel",
    players: [
        (name: "north", luck: 0, models: [(label: "marksman", card: "glass_marksman", at: (8, 0, 7))]),
        (name: "south", luck: 0, models: [(label: "queen", card: "tide_harbour_queen", at: (8, 0, 17))]),
    ],
    dice: [7, 2],
    steps: [
        Activate("marksman"),
        Act(model: "marksman", action: "ranged", token: 0, at: "queen"),
        Defend(token: 1),
        Expect([Tokens("queen", [Ready(Green), Ready(Red), Ready(Yellow)])]),
    ],
    expect: [DiceLeft(0), Control("north")],
)
"#;

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

#[test]
fn a_script_prints_events_and_final_state_and_json() {
    let (output, _dir) = run_script("script-ok", DUEL, false);
    assert_eq!(code(&output), 0, "{}", stderr(&output));
    let out = stdout(&output);
    assert!(
        out.contains(r#"Wounded(model: "queen", by: "marksman", token: 1)"#),
        "{out}"
    );
    assert!(out.contains("final state after 1 turns"), "{out}");
    assert!(out.contains("OK: all 3 checks hold"), "{out}");

    let dir = TempDir::new("script-json", &[("script.ron", DUEL)]);
    let report = json_expecting(0, &["script", arg(&dir.join("script.ron"))]);
    assert_eq!(report["ok"], true, "{report}");
    assert_eq!(report["checks"], 3, "{report}");
    let steps = report["steps"].as_array().expect("steps");
    assert_eq!(steps.len(), 4);
    assert_eq!(steps[2]["player"], "south");
    let events = steps[2]["events"].as_array().expect("events");
    assert!(
        events.iter().any(|e| e["event"]["Wounded"]["token"] == 1),
        "{report}"
    );
    assert_eq!(
        report["state"]["models"][1]["tokens"],
        "[Ready(Green), Ready(Red), Ready(Yellow)]"
    );
    assert_eq!(report["state"]["hash"].as_str().map(str::len), Some(16));
}

#[test]
fn a_check_that_does_not_hold_exits_1_with_expected_and_found() {
    let text = DUEL.replace(
        "[Ready(Green), Ready(Red), Ready(Yellow)]",
        "[Ready(Green), Ready(Yellow), Ready(Yellow)]",
    );
    let (output, _dir) = run_script("script-fails", &text, false);
    assert_eq!(code(&output), 1, "{}", stderr(&output));
    let out = stdout(&output);
    let (line, col) = line_col_of(&text, "Tokens(");
    assert!(
        out.contains(&format!("{line}:{col} FAILED: Tokens(\"queen\"")),
        "{out}"
    );
    assert!(
        out.contains("expected: [Ready(Green), Ready(Yellow), Ready(Yellow)]"),
        "{out}"
    );
    assert!(
        out.contains("found:    [Ready(Green), Ready(Red), Ready(Yellow)]"),
        "{out}"
    );
    assert!(out.contains("FAILED: 1 of 3 checks do not hold"), "{out}");

    let (output, _dir) = run_script("script-fails-json", &text, true);
    assert_eq!(code(&output), 1);
    let report: serde_json::Value = serde_json::from_slice(&output.stdout).expect("JSON");
    assert_eq!(report["failed"], 1);
    let check = &report["steps"][3]["checks"][0];
    assert_eq!(check["ok"], false);
    assert_eq!(check["line"], line);
    assert_eq!(
        check["diff"]["found"],
        "[Ready(Green), Ready(Red), Ready(Yellow)]"
    );
}

#[test]
fn react_1_availability_checks_ask_the_engine_why_an_action_is_greyed_out() {
    // The wounded Queen is offered a [RE]action: her ranged attack is on offer, the
    // marksman's is not (only the wounded model may [RE]act), and a check naming another
    // rule than the engine's reason fails.
    let on_offer = DUEL.replace(
        "Expect([Tokens(",
        "Expect([Available(model: \"queen\", action: \"ranged\"), Unavailable(model: \"marksman\", action: \"ranged\", rule: \"REACT-1\"), Tokens(",
    );
    let (output, _dir) = run_script("script-available", &on_offer, false);
    assert_eq!(code(&output), 0, "{}", stdout(&output));
    let greyed = DUEL.replace(
        "Expect([Tokens(",
        "Expect([Unavailable(model: \"marksman\", action: \"ranged\", rule: \"TOK-3\"), Tokens(",
    );
    let (output, _dir) = run_script("script-unavailable", &greyed, false);
    assert_eq!(code(&output), 1, "{}", stderr(&output));
    let out = stdout(&output);
    assert!(out.contains("expected: not on offer (TOK-3)"), "{out}");
    assert!(
        out.contains("found:    not on offer: Only the wounded"),
        "{out}"
    );
    assert!(out.contains("(REACT-1)"), "{out}");
}

/// Runs a broken script; checks exit 2 and that stderr starts with `file:line:col` and
/// contains `message`.
fn refused(name: &str, text: &str, at: &str, message: &str) {
    let (output, dir) = run_script(name, text, false);
    assert_eq!(code(&output), 2, "{name}: {}", stdout(&output));
    let (line, col) = line_col_of(text, at);
    let err = stderr(&output);
    let file = dir.join("script.ron");
    let prefix = format!("redline-cli: {}:{line}:{col}: ", arg(&file));
    assert!(err.starts_with(&prefix), "{name}: wanted {prefix}\n{err}");
    assert!(err.contains(message), "{name}: wanted {message}\n{err}");

    let (output, _dir) = run_script(name, text, true);
    assert_eq!(code(&output), 2);
    let json: serde_json::Value = serde_json::from_slice(&output.stdout).expect("JSON");
    assert_eq!(json["details"]["line"], line, "{json}");
    assert_eq!(json["details"]["column"], col, "{json}");
}

#[test]
fn broken_scripts_exit_2_at_file_line_col() {
    // Bad RON: a missing comma.
    let text = DUEL.replace("Defend(token: 1),", "Defend(token: 1)");
    let (output, _dir) = run_script("script-bad-ron", &text, false);
    assert_eq!(code(&output), 2);
    let (line, _) = line_col_of(&text, "Expect(");
    assert!(
        stderr(&output).contains(&format!(":{line}:")),
        "{}",
        stderr(&output)
    );
    assert!(
        stderr(&output).contains("not a valid script"),
        "{}",
        stderr(&output)
    );

    refused(
        "script-unknown-card",
        &DUEL.replace(
            "card: \"tide_harbour_queen\"",
            "card: \"tide_harbour_king\"",
        ),
        "\"tide_harbour_king\"",
        "no character or Gonk card 'tide_harbour_king'",
    );
    refused(
        "script-unknown-label",
        &DUEL.replace("at: \"queen\"", "at: \"qeen\""),
        "Act(",
        "no model is labelled 'qeen' (models: marksman, queen)",
    );
    refused(
        "script-unknown-action",
        &DUEL.replace("action: \"ranged\"", "action: \"laser\""),
        "Act(",
        "marksman has no action 'laser'",
    );
    refused(
        "script-unknown-event",
        &DUEL.replace(
            "expect: [DiceLeft(0)",
            "expect: [Event(Wound(model: \"queen\")), DiceLeft(0)",
        ),
        "Event(Wound",
        "there is no 'Wound'",
    );
    refused(
        "script-unknown-player",
        &DUEL.replace("Control(\"north\")", "Control(\"west\")"),
        "Control(",
        "no player is named 'west'",
    );
    // The engine refuses the command: its reason and rule ID, at the step's line.
    let text = DUEL.replace("at: (8, 0, 17)", "at: (8, 0, 23)");
    refused(
        "script-refused",
        &text,
        "Act(",
        "the engine refuses `marksman: Basic Ranged Attack with token 0 at queen`",
    );
    let (output, _dir) = run_script("script-refused-rule", &text, false);
    assert!(stderr(&output).contains("(ACT-"), "{}", stderr(&output));
    assert!(stdout(&output).contains("STOPPED"), "{}", stdout(&output));

    let missing = cli(&["script", "no/such/script.ron"]);
    assert_eq!(code(&missing), 2);
    assert!(stderr(&missing).contains("cannot read script file"));
}

#[test]
fn script_help_has_an_example() {
    let output = cli(&["script", "--help"]);
    assert_eq!(code(&output), 0);
    assert!(stdout(&output).contains("redline-cli script tests/scripts/"));
    assert!(stdout(&output).contains("docs/scripts.md"));
}
