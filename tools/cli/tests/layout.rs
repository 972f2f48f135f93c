//! End to end: `redline-cli layout generate|check|share|export`.

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

#[test]
fn layout_export_writes_a_tiled_pdf_an_svg_and_a_png() {
    let dir = TempDir::new("layout_export", &[]);
    let (pdf, svg, png) = (dir.join("t.pdf"), dir.join("t.svg"), dir.join("t.png"));
    let text = run_expecting(
        0,
        &[
            "layout",
            "export",
            "pier_nine",
            "--pdf",
            pdf.to_str().unwrap(),
            "--paper",
            "letter",
            "--svg",
            svg.to_str().unwrap(),
            "--png",
            png.to_str().unwrap(),
            "--ppi",
            "10",
        ],
    );
    assert!(
        text.contains(
            "13 pages: the overview, then 12 Letter sheets lying (4 across x 3 down, A1 to C4)"
        ),
        "{text}"
    );
    assert!(text.contains("300 x 220 pixels at 10 per inch"), "{text}");
    assert!(std::fs::read(&pdf).unwrap().starts_with(b"%PDF-"));
    assert!(
        std::fs::read_to_string(&svg)
            .unwrap()
            .contains("width=\"30in\"")
    );
    assert!(std::fs::read(&png).unwrap().starts_with(b"\x89PNG"));
    // Nothing asked for: refused.
    assert_eq!(
        common::code(&common::cli(&["layout", "export", "pier_nine"])),
        2
    );
}

#[test]
fn layout_check_names_the_scenery_within_reach_of_each_scenario_marker() {
    // GEN-7, FIELD-6: Salvage Run's crates on refinery_row; (7, 8) lies against the
    // tenement's back wall, (23, 14) has nothing within reach.
    let report = json_expecting(
        0,
        &[
            "layout",
            "check",
            "refinery_row",
            "--scenario",
            "salvage_run",
        ],
    );
    let markers = report["markers"].as_array().expect("markers");
    assert_eq!(markers.len(), 5, "{report}");
    let at = |x: f64, z: f64| {
        markers
            .iter()
            .find(|m| m["at"][0].as_f64() == Some(x) && m["at"][1].as_f64() == Some(z))
            .expect("marker")
    };
    let wall = &at(7.0, 8.0)["scenery"][0];
    assert_eq!(wall[0], "Two-Storey Tenement (back wall)", "{report}");
    assert!(wall[1].as_f64().unwrap() < 0.1, "{report}");
    assert_eq!(at(23.0, 14.0)["scenery"].as_array().map(Vec::len), Some(0));
    let text = run_expecting(
        0,
        &[
            "layout",
            "check",
            "refinery_row",
            "--scenario",
            "salvage_run",
        ],
    );
    assert!(
        text.contains("Markers: 5, 4 with scenery within reach"),
        "{text}"
    );
    assert!(
        text.contains("  (7.0, 8.0): 'Two-Storey Tenement (back wall)' 0.0\""),
        "{text}"
    );
    // Without a scenario there are no markers to check.
    let plain = json_expecting(0, &["layout", "check", "refinery_row"]);
    assert_eq!(plain["markers"].as_array().map(Vec::len), Some(0));
}

#[test]
fn layout_check_lists_climbing_routes_onto_elevated_tops() {
    let text = run_expecting(0, &["layout", "check", "pier_nine"]);
    assert!(text.contains("Elevated tops: 2"), "{text}");
    assert!(
        text.contains("Climb up 3.5\" onto 'Container 1'") && text.contains("MOVE-23"),
        "{text}"
    );
}

#[test]
fn a_broken_layout_file_is_refused_with_line_and_column() {
    let dir = TempDir::new("layout_broken", &[]);
    let file = dir.join("broken.ron");
    std::fs::write(
        &file,
        "(\n  id: \"x\",\n  name: \"y\",\n  size: (30.0, 22.0),\n  pieces: [ oops ],\n)\n",
    )
    .unwrap();
    let out = common::cli(&["layout", "check", file.to_str().unwrap()]);
    assert_eq!(common::code(&out), 2);
    let text = common::stderr(&out);
    assert!(text.contains(&format!("{}:5:", file.display())), "{text}");
}
