//! One test per kind of load problem, each checking the message's `pack/file:line:col`.

use std::collections::BTreeSet;

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
         target: Rival, range: (red: true), attack: true, keywords: [Rapid(0)])])]"
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

/// The text a problem's `line:col` points at, to the end of that line.
fn text_at<'a>(text: &'a str, p: &Problem) -> &'a str {
    let line = text
        .lines()
        .nth(p.location.line - 1)
        .unwrap_or_else(|| panic!("{p} is past the end of the file"));
    let start = line
        .char_indices()
        .nth(p.location.col - 1)
        .map_or(line.len(), |(i, _)| i);
    &line[start..]
}

/// Loads `BASE` plus `items` and checks for exactly one error: a bad value of `field`,
/// located where the text starts with `at`.
fn assert_one_bad_value(label: &str, items: &str, field: &str, at: &str) {
    let text = format!("[{BASE}\n    {items},\n]");
    let errs = match load_one(&text) {
        Ok(_) => panic!("{label}: loaded without errors"),
        Err(err) => err.errors().cloned().collect::<Vec<_>>(),
    };
    assert_eq!(errs.len(), 1, "{label}: {:#?}", messages(&errs));
    let p = &errs[0];
    assert!(
        matches!(&p.kind, ProblemKind::BadValue { field: f, .. } if f == field),
        "{label}: {p}"
    );
    assert_eq!(
        (p.location.pack.as_str(), p.location.file.as_str()),
        ("test", "cards.ron")
    );
    assert!(
        text_at(&text, p).starts_with(at),
        "{label}: {p} points at {:?}, expected {at:?}",
        text_at(&text, p)
    );
}

#[test]
fn bad_ranges_are_reported_at_their_action() {
    // ACT-3: the icon colours some band; GEN-7: within reach is its own range; ACT-5: an
    // attack with no range icon would reach any distance.
    let gear = |action: &str| {
        format!("Gear(id: \"g\", name: \"G\", cost: 1, rarity: 1, actions: [{action}])")
    };
    let cases = [
        (
            "no band",
            "(id: \"nowhere\", name: \"N\", skill: Ranged, range: (), target: Rival, attack: true, effects: [Wound(1)])",
            "nowhere\"",
        ),
        (
            "reach and green",
            "(id: \"mixed\", name: \"M\", skill: Medical, range: (red: true, green: true, reach_only: true), target: OtherFriendly, keywords: [Heal(1)])",
            "mixed\"",
        ),
        (
            "attack without range",
            "(id: \"anywhere\", name: \"A\", skill: Ranged, target: Rival, attack: true, effects: [Wound(1)])",
            "anywhere\"",
        ),
    ];
    for (label, action, at) in cases {
        assert_one_bad_value(label, &gear(action), "range", at);
    }
    // Leaving out nearer bands (ACT-6) and long range (ACT-4) are fine.
    let fine = gear(
        "(id: \"far\", name: \"F\", skill: Ranged, range: (green: true, long: true), target: Rival, attack: true, effects: [Wound(1)])",
    );
    load_one(&format!("[{BASE} {fine}]")).unwrap();
}

const SCENARIO: &str = "Scenario(id: \"s\", name: \"S\", players: 2, setup: (table: (30.0, 22.0)), \
    deployment: [(seat: 0, zone: Edge(edge: North, within: Band(Red))), (seat: 1, zone: Edge(edge: South, within: Band(Red)))], \
    first_control: RollOff, win: [LastStanding])";

#[test]
fn every_bad_value_is_reported_at_its_field() {
    let gear = |rest: &str| format!("Gear(id: \"g\", name: \"G\", cost: 1, rarity: 1{rest})");
    let action = |a: &str| gear(&format!(", actions: [{a}]"));
    let part = |p: &str| format!("Scenery(id: \"sc\", name: \"Sc\", parts: [{p}])");
    let scenario = |from: &str, to: &str| SCENARIO.replace(from, to);
    let five_seats = "deployment: [(seat: 0, zone: Centre(within: Reach)), (seat: 1, zone: Centre(within: Reach)), \
        (seat: 2, zone: Centre(within: Reach)), (seat: 3, zone: Centre(within: Reach)), (seat: 4, zone: Centre(within: Reach))]";
    let cases: Vec<(&str, String, &str, &str)> = vec![
        // Characters and Gonks (GEN-8, GEN-14, TOK-2, TEAM-2).
        ("six tokens", "Character(id: \"c\", name: \"C\", faction: \"gang\", cost: 5, tokens: [Red, Red, Red, Red, Red, Red])".into(), "tokens", "tokens:"),
        ("Veteran with no star", "Character(id: \"boss_v\", veteran_of: \"boss\", cost: 25)".into(), "stars", "Character(id: \"boss_v\""),
        ("zero base", "Character(id: \"c\", name: \"C\", faction: \"gang\", cost: 5, tokens: [Red], base_mm: 0.0)".into(), "base_mm", "base_mm:"),
        ("basic card with no name", "Character(id: \"c\", faction: \"gang\", cost: 5, tokens: [Red])".into(), "name", "Character(id: \"c\""),
        ("no faction and not a Merc", "Character(id: \"c\", name: \"C\", cost: 5, tokens: [Red])".into(), "faction", "Character(id: \"c\""),
        ("Veteran of another faction", "Faction(id: \"other\", name: \"Other\"), Character(id: \"boss_v\", veteran_of: \"boss\", faction: \"other\", stars: 1, cost: 25)".into(), "faction", "faction: \"other\", stars"),
        ("negative Gonk cost", "Gonk(id: \"k\", name: \"K\", faction: \"gang\", cost: -1, colour: Red)".into(), "cost", "cost:"),
        ("empty id", "Gonk(id: \"\", name: \"K\", faction: \"gang\", cost: 1, colour: Red)".into(), "id", "id:"),
        // Gear (GEN-13, ARM-2, CAMP-16, TEAM-15).
        ("Gear past Street Cred 10", gear(", street_cred: 11"), "street_cred", "street_cred:"),
        ("Armor keyword without armor", gear(", keywords: [Armor]"), "armor", "Gear(id: \"g\""),
        ("armor without the keyword", gear(", armor: 2"), "armor", "armor:"),
        ("reward-only non-Cybergear", gear(", reward_only: true"), "reward_only", "reward_only:"),
        // Actions (KW-2, BASIC-3).
        ("empty action id", action("(id: \"\", name: \"A\", target: SelfOnly, keywords: [Free])"), "id", "\", name: \"A\""),
        ("action id twice", action("(id: \"a\", name: \"A\", target: SelfOnly, keywords: [Free]), (id: \"a\", name: \"B\", target: SelfOnly, keywords: [Free])"), "id", "a\""),
        ("attack on a friend", action("(id: \"a\", name: \"A\", skill: Melee, range: (red: true), target: Friendly, attack: true, effects: [Wound(1)])"), "target", "a\""),
        ("Wound(0)", action("(id: \"a\", name: \"A\", skill: Melee, range: (red: true), target: Rival, effects: [Wound(0)])"), "effects", "a\""),
        // Programs, drones, Loot, Objectives (NET-4, BASIC-16, CAMP-13, CAMP-16).
        ("program that isn't Tech", "Program(id: \"p\", name: \"P\", quality: Red, cost: 3, rarity: 1, reload: AtInspire, loaded: (id: \"l\", name: \"L\", skill: Ranged, range: (red: true), target: Rival, effects: [Hack]))".into(), "skill", "skill:"),
        ("zero-size drone", "Drone(id: \"d\", name: \"D\", colour: Red, base_mm: -1.0, actions: [(id: \"zap\", name: \"Zap\", skill: Tech, range: (red: true), target: Rival, effects: [Hack])]), Program(id: \"p\", name: \"P\", quality: Red, cost: 3, rarity: 1, reload: WhenDroneTakenOut, loaded: (id: \"l\", name: \"L\", skill: Tech, target: Point, range: (red: true), effects: [DeployDrone(drone: \"d\", within: Red)]))".into(), "base_mm", "base_mm:"),
        ("no copies of a Loot card", "Loot(id: \"l\", name: \"L\", copies: 0, passives: [ExtraLuck(1)])".into(), "copies", "copies:"),
        ("Loot card that does nothing", "Loot(id: \"l\", name: \"L\")".into(), "actions", "Loot(id: \"l\""),
        ("six-star reward", "Objective(id: \"o\", name: \"O\", faction: \"gang\", goal: WinScenario, kind: Ongoing, reward: (stars: 6))".into(), "stars", "stars:"),
        ("Cybergear Objective with no card", "Objective(id: \"o\", name: \"O\", faction: \"gang\", goal: WinScenario, kind: Cybergear)".into(), "reward", "Objective(id: \"o\""),
        // Scenery and layouts (MOVE-5, FIELD-1).
        ("piece with no parts", part(""), "parts", "parts:"),
        ("two-point hull", part("(shape: Hull(footprint: [(0.0, 0.0), (1.0, 0.0)], height: 1.0), tags: [Obstacle])"), "footprint", "footprint:"),
        ("flat box", part("(shape: Box(width: 0.0, depth: 1.0, height: 1.0), tags: [Obstacle])"), "shape", "shape:"),
        ("Obstacle and Barrier", part("(shape: Box(width: 1.0, depth: 1.0, height: 1.0), tags: [Obstacle, Barrier])"), "tags", "tags:"),
        ("door in a box", part("(shape: Box(width: 1.0, depth: 1.0, height: 1.0), tags: [Barrier], openings: [(kind: Door, along: 0.0, width: 0.5, height: 0.5)])"), "openings", "openings:"),
        ("door wider than its wall", part("(shape: Wall(length: 2.0, thickness: 0.5, height: 2.0), tags: [Barrier], openings: [(kind: Door, along: 0.0, width: 3.0, height: 1.0)])"), "openings", "openings:"),
        ("table with no width", "Layout(id: \"lay\", name: \"L\", size: (0.0, 22.0), pieces: [])".into(), "size", "size:"),
        ("piece off the table", format!("{}, Layout(id: \"lay\", name: \"L\", size: (30.0, 22.0), pieces: [(piece: \"sc\", at: (40.0, 1.0))])", part("(shape: Box(width: 1.0, depth: 1.0, height: 1.0), tags: [Obstacle])")), "at", "sc\", at"),
        // Scenarios (FIELD-1, FIELD-12, CTRL-21, CAMP-44).
        ("five players", scenario("players: 2", "players: 5").replace(&SCENARIO[SCENARIO.find("deployment").unwrap()..SCENARIO.find(", first_control").unwrap()], five_seats), "players", "players:"),
        ("table with no depth", scenario("(30.0, 22.0)", "(30.0, 0.0)"), "table", "table:"),
        ("marker off the table", scenario("(table: (30.0, 22.0))", "(table: (30.0, 22.0), markers: [(50.0, 1.0)])"), "markers", "markers:"),
        ("carry off without carrying", scenario("(table: (30.0, 22.0))", "(table: (30.0, 22.0), markers: [(10.0, 10.0)])").replace("[LastStanding]", "[CarryMarkersOff(count: 1, edge: None)]"), "win", "win:"),
        ("most markers without an end", scenario("[LastStanding]", "[MostMarkersAtEnd]"), "win", "win:"),
        ("most quarters without an end", scenario("[LastStanding]", "[MostQuartersAtEnd]"), "win", "win:"),
        ("most rescued without an end", scenario("[LastStanding]", "[MostRescuedAtEnd]").replace("win:", "modules: (require: [Aid]), win:"), "win", "win:"),
        ("most rescued without AID", scenario("win: [LastStanding]", "special_rules: [InspireLimit(6)], win: [MostRescuedAtEnd]"), "win", "win:"),
        ("holding more markers than placed", scenario("(table: (30.0, 22.0))", "(table: (30.0, 22.0), markers: [(10.0, 10.0)])").replace("[LastStanding]", "[HoldMarkers(2)]"), "win", "win:"),
        ("six-star consequence", scenario("win: [LastStanding]", "win: [LastStanding], consequences: (winner: (stars: 6))"), "stars", "stars:"),
    ];
    for (label, items, field, at) in &cases {
        assert_one_bad_value(label, items, field, at);
    }
}

#[test]
fn every_kind_of_dangling_reference_is_located_at_the_reference() {
    let text = format!(
        "[{BASE}
    Character(id: \"lost\", name: \"Lost\", faction: \"nogang\", cost: 5, tokens: [Red]),
    Character(id: \"armed\", name: \"Armed\", faction: \"gang\", cost: 5, tokens: [Red], printed_gear: [\"no_gun\"]),
    Character(id: \"boss_v\", veteran_of: \"boss\", stars: 1, cost: 25),
    Character(id: \"boss_v2\", veteran_of: \"boss_v\", stars: 2, cost: 30),
    Gear(id: \"implant\", name: \"Implant\", keywords: [Cybergear], cost: 1, rarity: 1, only_for: \"nobody\"),
    Gear(id: \"plain\", name: \"Plain\", cost: 1, rarity: 1),
    Objective(id: \"o1\", name: \"O1\", faction: \"gang\", goal: WinScenario, kind: Recycle, reward: (gear: \"no_prize\", character: \"no_hire\")),
    Objective(id: \"o2\", name: \"O2\", faction: \"gang\", goal: WinScenario, kind: Cybergear, reward: (gear: \"plain\")),
    Layout(id: \"lay\", name: \"L\", size: (30.0, 22.0), pieces: [(piece: \"no_piece\", at: (1.0, 1.0))]),
    {},
]",
        SCENARIO.replace("(table: (30.0, 22.0))", "(table: (30.0, 22.0), layouts: [\"no_layout\"])")
    );
    let errs = errors(&text);
    let found: Vec<(String, &str)> = errs
        .iter()
        .map(|p| (p.to_string(), text_at(&text, p)))
        .collect();
    let expected = [
        ("faction 'nogang' not found", "nogang\""),
        ("gear 'no_gun' not found", "no_gun\""),
        (
            "basic character 'boss_v' not found (it is itself a Veteran card)",
            "boss_v\", stars: 2",
        ),
        ("character 'nobody' not found", "nobody\""),
        ("gear 'no_prize' not found", "no_prize\""),
        ("character 'no_hire' not found", "no_hire\""),
        (
            "Cybergear card 'plain' not found (the Gear has no Cybergear keyword)",
            "plain\")",
        ),
        ("scenery piece 'no_piece' not found", "no_piece\""),
        ("layout 'no_layout' not found", "no_layout\""),
    ];
    assert_eq!(found.len(), expected.len(), "{found:#?}");
    for ((message, at), (want, want_at)) in found.iter().zip(expected) {
        assert!(message.starts_with("test/cards.ron:"), "{message}");
        assert!(message.ends_with(want), "{message} (wanted {want})");
        assert!(at.starts_with(want_at), "{message} points at {at:?}");
        assert!(
            errs.iter()
                .all(|p| matches!(p.kind, ProblemKind::DanglingReference { .. }))
        );
    }
}

/// Index of a problem kind; the exhaustive match makes a new kind fail to compile here
/// until the test below produces it.
fn kind_index(kind: &ProblemKind) -> usize {
    match kind {
        ProblemKind::Syntax { .. } => 0,
        ProblemKind::UnknownField { .. } => 1,
        ProblemKind::UnknownKeyword { .. } => 2,
        ProblemKind::MissingField { .. } => 3,
        ProblemKind::DuplicateId { .. } => 4,
        ProblemKind::DanglingReference { .. } => 5,
        ProblemKind::BadValue { .. } => 6,
        ProblemKind::UnreadableFile { .. } => 7,
        ProblemKind::UnlistedFile => 8,
        ProblemKind::FactionWithoutLeader { .. } => 9,
        ProblemKind::SmallObjectiveDeck { .. } => 10,
        ProblemKind::UnusedDrone { .. } => 11,
        ProblemKind::ActionDoesNothing { .. } => 12,
        ProblemKind::Limit { .. } => 13,
        ProblemKind::UnknownVisual { .. } => 14,
    }
}
const KIND_COUNT: usize = 15;

#[test]
fn every_kind_of_problem_is_reported_at_once_with_pack_file_line_and_column() {
    let cards = "[
    Faction(id: \"gang\", name: \"Gang\"),
    Faction(id: \"lonely\", name: \"Lonely\", visual: \"pirates\"),
    Character(id: \"boss\", name: \"Boss\", faction: \"gang\", keywords: [Leader], cost: 20, tokens: [Green]),
    Faction(id: \"x\" name: \"X\"),
    Gonk(id: \"k\", name: \"K\", faction: \"gang\", cost: 2, colour: Red, armour: 1),
    Gonk(id: \"k2\", name: \"K2\", faction: \"gang\", cost: 2, colour: Purple),
    Gear(id: \"g\", name: \"G\", cost: 2),
    Gear(id: \"boss\", name: \"B\", cost: 2, rarity: 1),
    Gear(id: \"g3\", name: \"G3\", faction: \"nogang\", cost: -2, rarity: 1,
        actions: [(id: \"idle\", name: \"Idle\", target: SelfOnly)]),
    Drone(id: \"stray\", name: \"Stray\", colour: Red),
]";
    let deep = "[".repeat(redline_content::limits::MAX_RON_DEPTH + 1);
    let mut first = PackSource::from_memory(MANIFEST, &[("cards.ron", cards), ("deep.ron", &deep)]);
    first
        .unreadable
        .push(("gone.ron".into(), "No such file".into()));
    first.unlisted.push("stray.ron".into());
    let second = PackSource::from_memory(
        r#"PackManifest(id: "test", name: "Again", version: 1, files: ["more.ron"])"#,
        &[("more.ron", "[Faction(id: \"gang\", name: \"Gang again\")]")],
    );
    let problems = load(&[first, second]).unwrap_err().problems;
    let lines = messages(&problems);
    assert_eq!(
        lines,
        vec![
            "test/gone.ron: cannot read listed file: No such file",
            "test/stray.ron: warning: file is not listed in pack.ron and was not loaded",
            "test/cards.ron:2:18: warning: faction 'gang' has only 0 Objective cards; 4 are drawn each game",
            "test/cards.ron:3:18: warning: faction 'lonely' has no Leader character (TEAM-3)",
            "test/cards.ron:3:18: warning: faction 'lonely' has only 0 Objective cards; 4 are drawn each game",
            "test/cards.ron:3:52: warning: unknown visual 'pirates', drawn with the default, expected one of: ashfall, choir, tidewater, glasswork, lantern, freelance",
            "test/cards.ron:5:21: syntax: Expected comma",
            "test/cards.ron:6:69: unknown field 'armour', expected one of: id, name, faction, merc, cost, colour, skills, armor, actions, passives, text",
            "test/cards.ron:7:66: unknown keyword 'Purple', expected one of: Green, Yellow, Red",
            "test/cards.ron:8:37: missing field 'rarity'",
            "test/cards.ron:9:15: duplicate id 'boss' (first defined at test/cards.ron:4:20)",
            "test/cards.ron:10:42: faction 'nogang' not found",
            "test/cards.ron:10:51: bad value for 'cost': -2 EB; costs can't be negative",
            "test/cards.ron:11:25: warning: action 'idle' has no keywords and no effects",
            "test/cards.ron:12:16: warning: drone 'stray' is deployed by no program",
            "test/deep.ron:1:65: over a limit: brackets nested more than 64 deep (docs/limits.md)",
            // The second pack reuses the id "test": it is named by its place in the list.
            "pack1/pack.ron:1:19: duplicate id 'test' (first defined at test/pack.ron:1:19)",
            "pack1/more.ron:1:15: duplicate id 'gang' (first defined at test/cards.ron:2:18)",
        ],
        "{lines:#?}"
    );
    let kinds: BTreeSet<usize> = problems.iter().map(|p| kind_index(&p.kind)).collect();
    assert_eq!(kinds, (0..KIND_COUNT).collect::<BTreeSet<_>>());
}
