//! `redline-cli validate` and the global `--pack DIR`: the starter pack is clean, a user pack
//! with a new faction loads next to it, and broken packs are reported at pack/file:line:col.

mod common;

use common::{
    RATS_CARDS, cli, code, json_expecting, line_col_of, rats_pack, run_expecting, stderr,
};
use serde_json::Value;

#[test]
fn starter_pack_validates_with_zero_warnings() {
    let report = json_expecting(0, &["validate"]);
    assert_eq!(report["ok"], true, "{report}");
    assert_eq!(report["errors"], 0, "{report}");
    assert_eq!(report["warnings"], 0, "{report}");
    assert_eq!(report["problems"].as_array().unwrap().len(), 0);
    assert_eq!(report["packs"][0]["id"], "starter");
    let factions = report["factions"].as_array().unwrap();
    assert!(factions.len() >= 4, "{report}");
    for faction in factions {
        assert_eq!(faction["pack"], "starter");
        assert!(faction["leaders"].as_u64().unwrap() >= 1, "{faction}");
    }

    let text = run_expecting(0, &["validate"]);
    assert!(text.ends_with("valid: 0 errors, 0 warnings\n"), "{text}");
}

#[test]
fn user_pack_with_a_new_faction_loads_and_lists_the_faction() {
    let pack = rats_pack("validate-ok", RATS_CARDS);
    let report = json_expecting(0, &["validate", pack.arg()]);
    assert_eq!(report["errors"], 0, "{report}");
    assert_eq!(report["warnings"], 0, "{report}");
    let packs: Vec<&str> = report["packs"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["id"].as_str().unwrap())
        .collect();
    assert_eq!(packs, ["starter", "harbour_rats"]);
    let rats = report["factions"]
        .as_array()
        .unwrap()
        .iter()
        .find(|f| f["id"] == "rats")
        .unwrap_or_else(|| panic!("the new faction is not listed: {report}"));
    assert_eq!(rats["pack"], "harbour_rats");
    assert_eq!(rats["characters"], 2);
    assert_eq!(rats["leaders"], 1);
    assert_eq!(rats["gonks"], 1);

    // The same through the global option, as text.
    let text = run_expecting(0, &["--pack", pack.arg(), "validate"]);
    assert!(
        text.lines()
            .any(|l| l.contains("rats") && l.contains("Harbour Rats")),
        "{text}"
    );

    // Every other subcommand sees the new faction too.
    let list = json_expecting(0, &["--pack", pack.arg(), "teams", "list", "rats"]);
    let faction = &list["factions"][0];
    assert_eq!(faction["id"], "rats");
    let cards: Vec<&str> = faction["characters"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["id"].as_str().unwrap())
        .collect();
    assert_eq!(cards, ["rat_king", "rat_biter"]);
    assert_eq!(faction["characters"][0]["keywords"][0], "Leader");
    assert_eq!(faction["gonks"][0]["id"], "rat_runner");
    assert_eq!(faction["gonks"][0]["cost"], 3);
}

#[test]
fn broken_ron_is_reported_at_file_line_and_column_and_exits_1() {
    // A missing comma in one item and an unknown keyword in another: both are reported, in
    // file order.
    let broken = RATS_CARDS
        .replace("cost: 12, tokens", "cost: 12 tokens")
        .replace("colour: Red", "colour: Purple");
    let pack = rats_pack("validate-broken", &broken);
    let comma = line_col_of(&broken, "tokens: [Yellow]");
    let keyword = line_col_of(&broken, "Purple");

    let report = json_expecting(1, &["validate", pack.arg()]);
    assert_eq!(report["ok"], false);
    assert_eq!(report["errors"], 2, "{report}");
    let problems = report["problems"].as_array().unwrap();
    let at = |p: &Value| (p["line"].as_u64().unwrap(), p["column"].as_u64().unwrap());
    for p in problems {
        assert_eq!(p["pack"], "harbour_rats", "{report}");
        assert_eq!(p["file"], "cards/rats.ron", "{report}");
        assert_eq!(p["severity"], "error");
    }
    assert_eq!(at(&problems[0]), comma, "{report}");
    assert!(
        problems[0]["message"].as_str().unwrap().contains("comma"),
        "{report}"
    );
    assert_eq!(at(&problems[1]), keyword, "{report}");
    assert!(
        problems[1]["message"]
            .as_str()
            .unwrap()
            .starts_with("unknown keyword 'Purple'"),
        "{report}"
    );

    let text = run_expecting(1, &["validate", pack.arg()]);
    let lines: Vec<&str> = text.lines().collect();
    assert!(
        lines[0].starts_with(&format!(
            "harbour_rats/cards/rats.ron:{}:{}: error: syntax: ",
            comma.0, comma.1
        )),
        "{text}"
    );
    assert!(
        lines[1].starts_with(&format!(
            "harbour_rats/cards/rats.ron:{}:{}: error: unknown keyword 'Purple'",
            keyword.0, keyword.1
        )),
        "{text}"
    );
    assert!(text.ends_with("INVALID: 2 errors, 0 warnings\n"), "{text}");
}

#[test]
fn a_pack_that_does_not_load_is_bad_input_for_other_commands() {
    let broken = RATS_CARDS.replace("cost: 12, tokens", "cost: 12 tokens");
    let pack = rats_pack("other-commands", &broken);
    let output = cli(&["--pack", pack.arg(), "teams", "list"]);
    assert_eq!(code(&output), 2);
    let (line, col) = line_col_of(&broken, "tokens: [Yellow]");
    assert!(
        stderr(&output).contains(&format!("harbour_rats/cards/rats.ron:{line}:{col}: error:")),
        "{}",
        stderr(&output)
    );

    let error = json_expecting(2, &["--pack", pack.arg(), "scenarios"]);
    assert_eq!(error["kind"], "bad_input");
    assert_eq!(error["details"]["problems"][0]["line"], line);
}

#[test]
fn a_folder_without_a_pack_is_bad_input() {
    let missing = std::env::temp_dir().join("redline-cli-no-such-pack");
    let missing = missing.to_str().unwrap();
    let output = cli(&["validate", missing]);
    assert_eq!(code(&output), 2);
    assert!(
        stderr(&output).contains("no pack.ron"),
        "{}",
        stderr(&output)
    );
    assert_eq!(code(&cli(&["--pack", missing, "teams", "list"])), 2);
    // Two different packs at once.
    let pack = rats_pack("two-packs", RATS_CARDS);
    assert_eq!(code(&cli(&["--pack", missing, "validate", pack.arg()])), 2);
}
