//! End to end: `redline-cli layout generate|check|share`.

mod common;

use common::{TempDir, json_expecting, run_expecting};

#[test]
fn layout_generate_keeps_the_scenario_zones_clear_and_its_code_checks() {
    let report = json_expecting(
        0,
        &[
            "layout",
            "generate",
            "--seed",
            "7",
            "--symmetry",
            "mirror",
            "--scenario",
            "street_claim",
        ],
    );
    let pieces = report["layout"]["pieces"].as_array().unwrap();
    assert!(pieces.len() >= 10, "{} pieces", pieces.len());
    for zone in report["zones"].as_array().unwrap() {
        assert_eq!(zone["spots"], zone["empty_spots"]);
    }
    let code = report["code"].as_str().unwrap().to_owned();
    // The code is a layout the other commands take.
    let check = json_expecting(0, &["layout", "check", &code]);
    assert_eq!(check["source"], "code");
    assert_eq!(
        check["density"]["pieces"].as_u64().unwrap() as usize,
        pieces.len()
    );
    // Share of the code gives the same code back.
    let again = json_expecting(0, &["layout", "share", &code]);
    assert_eq!(again["code"].as_str().unwrap(), code);
    assert_eq!(again["decoded"], true);
}

#[test]
fn layout_check_reads_a_pack_layout_with_zones_heat_and_a_path() {
    let text = run_expecting(
        0,
        &[
            "layout",
            "check",
            "pier_nine",
            "--scenario",
            "street_claim",
            "--heat",
            "--from",
            "3,11",
            "--to",
            "27,11",
        ],
    );
    assert!(text.contains("Scenery: 12 pieces"), "{text}");
    assert!(text.contains("(FIELD-2)"), "{text}");
    assert!(text.contains("Exposure to seat 1"), "{text}");
    assert!(
        text.contains("Path of Attack (3.0, 11.0) -> (27.0, 11.0):"),
        "{text}"
    );
    // The walls across the pier's middle stand in the way: the battle's words for it.
    assert!(text.contains("22.9\" apart: long range"), "{text}");
    assert!(
        text.contains("  Blocked by Brick Wall") || text.contains("  +1 Brick Wall"),
        "{text}"
    );
}

#[test]
fn layout_generate_writes_a_ron_file_that_check_and_share_read() {
    let dir = TempDir::new("layout_generate", &[]);
    let file = dir.join("table.ron");
    let path = file.to_str().unwrap();
    run_expecting(0, &["layout", "generate", "--seed", "3", "--out", path]);
    let check = json_expecting(0, &["layout", "check", path]);
    assert_eq!(check["source"], "file");
    let code = run_expecting(0, &["layout", "share", path]);
    let ron = run_expecting(0, &["layout", "share", code.trim()]);
    assert!(ron.contains("generated_3"), "{ron}");
}

#[test]
fn layout_refuses_bad_input_with_exit_2() {
    let text = common::stderr(&common::cli(&["layout", "share", "no_such_table!"]));
    assert!(text.contains("nor a share code"), "{text}");
    assert_eq!(
        common::code(&common::cli(&["layout", "share", "no_such_table!"])),
        2
    );
    assert_eq!(
        common::code(&common::cli(&["layout", "check", "pier_nine", "--heat"])),
        2
    );
    assert_eq!(
        common::code(&common::cli(&["layout", "generate", "--table", "thirty"])),
        2
    );
}
