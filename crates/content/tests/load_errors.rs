//! One test per kind of load problem, each checking the message's `pack/file:line:col`.

use redline_content::{LoadError, PackSource, Problem, ProblemKind, Severity, load};

const MANIFEST: &str =
    r#"PackManifest(id: "test", name: "Test", version: 1, files: ["cards.ron"])"#;

fn load_one(text: &str) -> Result<redline_content::Loaded, LoadError> {
    load(&[PackSource::from_memory(MANIFEST, &[("cards.ron", text)])])
}

fn errors(text: &str) -> Vec<Problem> {
    match load_one(text) {
        Ok(_) => panic!("expected errors"),
        Err(err) => err.errors().cloned().collect(),
    }
}

fn messages(problems: &[Problem]) -> Vec<String> {
    problems.iter().map(|p| p.to_string()).collect()
}

/// A faction and a valid basic character, to build broken cards around.
const BASE: &str = r#"
    Faction(id: "gang", name: "Gang"),
    Character(id: "boss", name: "Boss", faction: "gang", keywords: [Leader], cost: 20,
        tokens: [Green, Yellow], skills: (influence: 2)),
"#;

#[test]
fn a_valid_pack_loads() {
    let loaded = load_one(&format!("[{BASE}]")).unwrap();
    assert_eq!(
        loaded.catalog.characters.get("boss").unwrap().tokens.len(),
        2
    );
}

#[test]
fn syntax_error_has_line_and_column() {
    let text = "[\n    Faction(id: \"a\" name: \"A\"),\n]";
    let errs = errors(text);
    assert_eq!(errs.len(), 1);
    assert!(
        matches!(errs[0].kind, ProblemKind::Syntax { .. }),
        "{:?}",
        errs[0]
    );
    assert_eq!(
        (errs[0].location.line, errs[0].location.col),
        (2, 21),
        "{}",
        errs[0]
    );
}

#[test]
fn unbalanced_file_still_reports_a_located_syntax_error() {
    let errs = errors("[\n  Faction(id: \"a\", name: \"A\"\n");
    assert!(matches!(errs[0].kind, ProblemKind::Syntax { .. }));
    assert_eq!(errs[0].location.file, "cards.ron");
    assert!(errs[0].location.line >= 2, "{}", errs[0]);
}

#[test]
fn unknown_field_is_named_and_located() {
    let text = "[\n  Faction(id: \"a\", name: \"A\",\n    colour_hex: 3),\n]";
    let errs = errors(text);
    match &errs[0].kind {
        ProblemKind::UnknownField { field, expected } => {
            assert_eq!(field, "colour_hex");
            assert!(expected.contains(&"colour".to_owned()));
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(errs[0].location.line, 3, "{}", errs[0]);
}

#[test]
fn unknown_field_inside_an_action_is_an_error() {
    let text = format!(
        "[{BASE} Gear(id: \"g\", name: \"G\", cost: 1, rarity: 1, actions: [(id: \"a\", name: \"A\", \
         target: SelfOnly, keywords: [Free], colour: Red)])]"
    );
    let errs = errors(&text);
    assert!(
        matches!(&errs[0].kind, ProblemKind::UnknownField { field, .. } if field == "colour"),
        "{errs:?}"
    );
}

#[test]
fn unknown_keyword_is_named_with_the_allowed_ones() {
    let text = format!(
        "[{BASE} Gear(id: \"g\", name: \"G\", cost: 1, rarity: 1, actions: [(id: \"a\", name: \"A\", \
         target: Rival, keywords: [Sneaky])])]"
    );
    let errs = errors(&text);
    match &errs[0].kind {
        ProblemKind::UnknownKeyword { found, expected } => {
            assert_eq!(found, "Sneaky");
            assert!(expected.contains(&"Silent".to_owned()));
        }
        other => panic!("{other:?}"),
    }
    assert!(
        errs[0].to_string().starts_with("test/cards.ron:5:"),
        "{}",
        errs[0]
    );
}

#[test]
fn missing_field_is_named() {
    let errs = errors(&format!("[{BASE} Gear(id: \"g\", name: \"G\", cost: 1)]"));
    assert!(
        matches!(&errs[0].kind, ProblemKind::MissingField { field } if field == "rarity"),
        "{errs:?}"
    );
}

#[test]
fn duplicate_id_message_points_at_the_second_one() {
    let text = format!(
        "[{BASE}\n    Gonk(id: \"boss\", name: \"Ganger\", faction: \"gang\", cost: 4, colour: Yellow),\n]"
    );
    let errs = errors(&text);
    assert_eq!(
        messages(&errs),
        vec!["test/cards.ron:6:15: duplicate id 'boss' (first defined at test/cards.ron:3:20)"]
    );
}

#[test]
fn duplicate_ids_across_packs_are_errors() {
    let second = r#"PackManifest(id: "more", name: "More", version: 1, files: ["cards.ron"])"#;
    let result = load(&[
        PackSource::from_memory(MANIFEST, &[("cards.ron", &format!("[{BASE}]"))]),
        PackSource::from_memory(
            second,
            &[("cards.ron", r#"[Faction(id: "gang", name: "Again")]"#)],
        ),
    ]);
    let errs: Vec<_> = result.unwrap_err().errors().cloned().collect();
    assert_eq!(
        messages(&errs),
        vec!["more/cards.ron:1:15: duplicate id 'gang' (first defined at test/cards.ron:2:18)"]
    );
}

#[test]
fn veteran_of_a_missing_basic_card_is_a_dangling_reference() {
    let text = format!(
        "[{BASE}\n    Character(id: \"boss_v\", veteran_of: \"bos\", stars: 1, cost: 25),\n]"
    );
    let errs = errors(&text);
    assert_eq!(
        messages(&errs),
        vec!["test/cards.ron:6:42: basic character 'bos' not found"]
    );
}

#[test]
fn program_deploying_a_missing_drone_is_a_dangling_reference() {
    let text = format!(
        "[{BASE}\n    Program(id: \"p\", name: \"P\", quality: Red, cost: 3, rarity: 1, reload: AtInspire,\n      \
         loaded: (id: \"l\", name: \"L\", skill: Tech, target: Point,\n        effects: [DeployDrone(drone: \"hawk\", within: Red)])),\n]"
    );
    let errs = errors(&text);
    assert_eq!(
        messages(&errs),
        vec!["test/cards.ron:8:39: drone 'hawk' not found"]
    );
}

#[test]
fn character_with_no_tokens_is_a_bad_value() {
    let text = format!(
        "[{BASE}\n    Character(id: \"mook\", name: \"Mook\", faction: \"gang\", cost: 5, tokens: []),\n]"
    );
    let errs = errors(&text);
    assert!(
        matches!(&errs[0].kind, ProblemKind::BadValue { field, .. } if field == "tokens"),
        "{errs:?}"
    );
    assert_eq!(
        (errs[0].location.line, errs[0].location.col),
        (6, 67),
        "{}",
        errs[0]
    );
}

#[test]
fn character_with_no_tokens_field_at_all_is_a_bad_value() {
    let text = format!(
        "[{BASE}\n    Character(id: \"mook\", name: \"Mook\", faction: \"gang\", cost: 5),\n]"
    );
    let errs = errors(&text);
    assert!(
        matches!(&errs[0].kind, ProblemKind::BadValue { field, .. } if field == "tokens"),
        "{errs:?}"
    );
}

#[test]
fn more_than_five_stars_is_a_bad_value() {
    let text = format!(
        "[{BASE}\n    Character(id: \"boss_v\", veteran_of: \"boss\", stars: 6, cost: 25),\n]"
    );
    let errs = errors(&text);
    assert_eq!(
        messages(&errs),
        vec!["test/cards.ron:6:49: bad value for 'stars': 6 stars; at most 5"]
    );
}

#[test]
fn negative_cost_is_a_bad_value() {
    let text = format!("[{BASE}\n    Gear(id: \"g\", name: \"G\", cost: -3, rarity: 1),\n]");
    let errs = errors(&text);
    assert_eq!(
        messages(&errs),
        vec!["test/cards.ron:6:30: bad value for 'cost': -3 EB; costs can't be negative"]
    );
}

#[test]
fn zero_rarity_and_zero_keyword_x_are_bad_values() {
    let text = format!(
        "[{BASE} Gear(id: \"g\", name: \"G\", cost: 1, rarity: 0, actions: [(id: \"a\", name: \"A\", \
         target: Rival, attack: true, keywords: [Rapid(0)])])]"
    );
    let fields: Vec<String> = errors(&text)
        .into_iter()
        .filter_map(|p| match p.kind {
            ProblemKind::BadValue { field, .. } => Some(field),
            _ => None,
        })
        .collect();
    assert_eq!(fields, vec!["rarity", "keywords"]);
}

#[test]
fn scenario_seats_and_team_format_are_checked() {
    let text = r#"[Scenario(id: "s", name: "S", players: 3, teams: TwoVsTwo, setup: (table: (30.0, 22.0)),
        deployment: [(seat: 0, zone: Centre(within: Band(Red)))], first_control: Seat(5), win: [])]"#;
    let fields: Vec<String> = errors(text)
        .into_iter()
        .filter_map(|p| match p.kind {
            ProblemKind::BadValue { field, .. } => Some(field),
            _ => None,
        })
        .collect();
    assert_eq!(fields, vec!["teams", "deployment", "first_control", "win"]);
}

#[test]
fn every_problem_is_reported_at_once() {
    let text = format!(
        "[{BASE}\n    Faction(id: \"x\" name: \"X\"),\n    Gear(id: \"g\", name: \"G\", cost: -1, rarity: 1),\n    \
         Character(id: \"v\", veteran_of: \"nobody\", stars: 1, cost: 5),\n    Gonk(id: \"boss\", name: \"B\", cost: 1, colour: Red),\n]"
    );
    let errs = errors(&text);
    let lines: Vec<usize> = errs.iter().map(|p| p.location.line).collect();
    assert_eq!(errs.len(), 4, "{:#?}", messages(&errs));
    for line in [6, 7, 8, 9] {
        assert!(
            lines.contains(&line),
            "no problem on line {line}: {:#?}",
            messages(&errs)
        );
    }
}

#[test]
fn warnings_do_not_fail_a_load() {
    let loaded = load_one(r#"[Faction(id: "lonely", name: "Lonely")]"#).unwrap();
    let kinds: Vec<_> = loaded.warnings.iter().map(|w| &w.kind).collect();
    assert!(
        kinds
            .iter()
            .any(|k| matches!(k, ProblemKind::FactionWithoutLeader { .. }))
    );
    assert!(
        kinds
            .iter()
            .any(|k| matches!(k, ProblemKind::SmallObjectiveDeck { count: 0, .. }))
    );
    assert!(
        loaded
            .warnings
            .iter()
            .all(|w| w.severity == Severity::Warning)
    );
    assert!(loaded.warnings[0].to_string().contains(": warning: "));
}

#[test]
fn bad_manifest_is_a_located_error() {
    let result = load(&[PackSource::from_memory("PackManifest(id: \"x\")", &[])]);
    let errs: Vec<_> = result.unwrap_err().errors().cloned().collect();
    assert!(
        matches!(&errs[0].kind, ProblemKind::MissingField { field } if field == "name"),
        "{errs:?}"
    );
    assert_eq!(errs[0].location.file, "pack.ron");
}

#[test]
fn unused_drone_and_idle_action_are_warnings() {
    let text = format!(
        "[{BASE} Drone(id: \"stray\", name: \"Stray\", colour: Red),\n    \
         Gear(id: \"g\", name: \"G\", cost: 1, rarity: 1, actions: [(id: \"wave\", name: \"Wave\", target: SelfOnly)])]"
    );
    let loaded = load_one(&text).unwrap();
    let kinds: Vec<&ProblemKind> = loaded.warnings.iter().map(|w| &w.kind).collect();
    assert!(
        kinds.contains(&&ProblemKind::UnusedDrone {
            drone: "stray".into()
        }),
        "{kinds:?}"
    );
    assert!(
        kinds.contains(&&ProblemKind::ActionDoesNothing {
            action: "wave".into()
        }),
        "{kinds:?}"
    );
}
