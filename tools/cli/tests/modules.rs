//! `--modules` on the commands that set up a game (MOD-1): the modules chosen are in the
//! saved games' setups; a name that is no module is refused with the reason.

mod common;

use common::{TempDir, arg, cli, code, json_expecting, run_expecting, stderr};
use redline_rules::Replay;
use redline_rules::modules::Module;

fn sim(modules: &str, replays: &std::path::Path) -> std::process::Output {
    cli(&[
        "sim",
        "--scenario",
        "street_claim",
        "--teams",
        "ashfall,tidewater",
        "--games",
        "1",
        "--turn-limit",
        "4",
        "--modules",
        modules,
        "--save-replays",
        arg(replays),
    ])
}

#[test]
fn mod_1_sim_turns_the_chosen_modules_on_in_the_saved_setup() {
    let dir = TempDir::new("modules_sim", &[]);
    let replays = dir.join("replays");
    let out = sim("aid, terr", &replays);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    let file = std::fs::read_dir(&replays)
        .unwrap()
        .next()
        .unwrap()
        .unwrap()
        .path();
    let replay = Replay::from_ron(&std::fs::read_to_string(file).unwrap()).unwrap();
    assert_eq!(replay.setup.modules, [Module::Terr, Module::Aid].into()); // MOD-1, MOD-3
    replay.verify().expect("the game replays");
}

#[test]
fn mod_1_a_name_that_is_no_module_is_refused() {
    let dir = TempDir::new("modules_bad", &[]);
    let out = sim("terr,lava", &dir.join("replays"));
    assert_eq!(code(&out), 2);
    assert!(
        stderr(&out).contains("MOD-1: 'lava' is not a module"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn mod_1_scenarios_list_no_module_rules_for_the_starter() {
    let report = json_expecting(0, &["scenarios"]);
    let first = &report["scenarios"][0];
    assert_eq!(first["modules_required"], serde_json::json!([]));
    assert_eq!(first["modules_forbidden"], serde_json::json!([]));
}

#[test]
fn mod_4_odds_gives_the_chance_of_a_hazard_from_the_engine() {
    use redline_rules::card::Colour;
    use redline_rules::dice::Die;
    use redline_rules::odds::OddsQuery;
    let args = [
        "odds",
        "--hazard",
        "yellow",
        "--defender",
        "green",
        "--defender-mod",
        "1",
    ];
    let json = json_expecting(0, &args);
    let exact = OddsQuery::hazard(
        Die::Action(Colour::Yellow),
        Die::Action(Colour::Green),
        1,
        false,
    )
    .exact_odds()
    .success;
    let got = &json["without_luck"]["exact"]["success"];
    assert_eq!(
        (got["numerator"].as_u64(), got["denominator"].as_u64()),
        (Some(exact.numerator()), Some(exact.denominator())),
        "{json}"
    );
    // MOD-4: the docs' table gives 28% for a YELLOW Hazard against GREEN with Reflexes 1.
    assert_eq!((exact.to_f64() * 100.0).round(), 28.0);
    let text = String::from_utf8(cli(&args).stdout).expect("UTF-8");
    assert!(text.contains("a Hazard, MOD-4"), "{text}");
    // Nobody re-rolls a Hazard's die: attacker Luck is refused with the reason.
    let refused = cli(&[
        "odds",
        "--hazard",
        "red",
        "--defender",
        "red",
        "--attacker-luck",
    ]);
    assert_eq!(code(&refused), 2);
    assert!(
        stderr(&refused).contains("--attacker-luck"),
        "{}",
        stderr(&refused)
    );
}

#[test]
fn mod_1_scenarios_list_the_module_scenarios_with_what_they_require() {
    let report = json_expecting(0, &["scenarios"]);
    let required = |id: &str| {
        let all = report["scenarios"].as_array().unwrap();
        let s = all.iter().find(|s| s["id"] == id).expect(id);
        s["modules_required"].clone()
    };
    assert_eq!(required("through_the_wall"), serde_json::json!(["terr"]));
    assert_eq!(required("medevac"), serde_json::json!(["aid"]));
}

#[test]
fn mod_1_a_scenario_s_required_module_is_on_in_sim_without_choosing_it() {
    let dir = TempDir::new("modules_required", &[]);
    let replays = dir.join("replays");
    let out = cli(&[
        "sim",
        "--scenario",
        "through_the_wall",
        "--teams",
        "ashfall,tidewater",
        "--games",
        "1",
        "--turn-limit",
        "4",
        "--save-replays",
        arg(&replays),
    ]);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    let file = std::fs::read_dir(&replays)
        .unwrap()
        .next()
        .unwrap()
        .unwrap()
        .path();
    let replay = Replay::from_ron(&std::fs::read_to_string(file).unwrap()).unwrap();
    assert_eq!(replay.setup.modules, [Module::Terr].into()); // MOD-1
    replay.verify().expect("the game replays");
}

#[test]
fn mod_1_terr_3_layout_check_shows_what_the_modules_read_of_each_part() {
    let text = run_expecting(
        0,
        &[
            "layout",
            "check",
            "breach_line",
            "--scenario",
            "through_the_wall",
        ],
    );
    assert!(text.contains("Modules on: terr"), "{text}");
    assert!(
        text.contains("terr needs a part a Breach can damage"),
        "{text}"
    );
    assert!(
        text.contains("1. Wall West End: Brick, Hardness 3; Structure 1 a 3.0\" section"),
        "{text}"
    );
    // MOD-2: with no module on, nothing of it is shown.
    let text = run_expecting(0, &["layout", "check", "breach_line"]);
    assert!(!text.contains("Modules on"), "{text}");
}

#[test]
fn mod_1_fire_4_sec_2_layout_check_fails_naming_what_a_module_lacks() {
    let dir = TempDir::new(
        "modules_layout",
        &[(
            "bare.ron",
            "Layout(id: \"bare\", name: \"Bare\", size: (30.0, 22.0), pieces: [(piece: \"barricade\", at: (15.0, 11.0))])",
        )],
    );
    let file = dir.join("bare.ron");
    let text = run_expecting(
        1,
        &["layout", "check", arg(&file), "--modules", "terr,fire,sec"],
    );
    assert!(
        !text.contains("terr needs a part a Breach can damage: 0"),
        "{text}"
    );
    assert!(text.contains("FIRE-4: the Fire module is on, but the layout has no part or building storey that burns"), "{text}");
    assert!(
        text.contains(
            "SEC-2: the Security systems module is on, but the layout has no door or window to lock"
        ),
        "{text}"
    );
}
