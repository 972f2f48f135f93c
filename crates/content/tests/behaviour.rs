//! A faction's computer play as data: its behaviour deck and personality load, and every
//! mistake in them is reported with its `pack/file:line:col`.

use redline_content::schema::{ActionRule, ControlRule, Personality, Situation};
use redline_content::{LoadError, PackSource, Problem, ProblemKind, load};

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

/// A card of `situation` named `name`, its lists ending as they must.
fn card(name: &str, situation: &str) -> String {
    format!(
        "(name: \"{name}\", situation: {situation}, text: \"t\",\n\
         control: [ActivateBestShot, ActivateFirst], actions: [AttackBestChance, Stop])"
    )
}

fn faction(behaviour: &str, personality: &str) -> String {
    format!(
        "[\n    Faction(id: \"gang\", name: \"Gang\",\n    behaviour: [{behaviour}],\n    \
         personality: {personality}),\n]"
    )
}

fn full_deck() -> String {
    [
        card("Go", "Aggressive"),
        card("Hide", "Cautious"),
        card("Grab", "Objective"),
        card("Guard", "ProtectLeader"),
    ]
    .join(",\n")
}

#[test]
fn a_faction_with_a_deck_and_a_personality_loads_them() {
    let text = faction(&full_deck(), "(leaders: 1.5, netrunning: 0.5)");
    let loaded = load_one(&text).unwrap();
    let f = loaded.catalog.factions.get("gang").unwrap();
    assert_eq!(f.behaviour.len(), 4);
    assert_eq!(f.behaviour[3].situation, Situation::ProtectLeader);
    assert_eq!(
        f.behaviour[0].control,
        vec![ControlRule::ActivateBestShot, ControlRule::ActivateFirst]
    );
    assert_eq!(
        f.behaviour[0].actions,
        vec![ActionRule::AttackBestChance, ActionRule::Stop]
    );
    let p = f.personality.unwrap();
    assert_eq!((p.leaders, p.netrunning, p.markers), (1.5, 0.5, 1.0));
}

#[test]
fn a_faction_without_them_has_no_deck_and_no_personality() {
    let loaded = load_one("[Faction(id: \"gang\", name: \"Gang\")]").unwrap();
    let f = loaded.catalog.factions.get("gang").unwrap();
    assert!(f.behaviour.is_empty());
    assert_eq!(f.personality.unwrap_or_default(), Personality::NEUTRAL);
}

#[test]
fn an_unknown_rule_is_a_located_error() {
    let deck = full_deck().replace(
        "AttackBestChance, Stop])",
        "AttackBestChance, Dance, Stop])",
    );
    let errs = errors(&faction(&deck, "None"));
    assert!(
        errs[0].to_string().starts_with("test/cards.ron:4:"),
        "{}",
        errs[0]
    );
}

#[test]
fn a_deck_missing_a_situation_names_it_at_the_behaviour_field() {
    let deck = [card("Go", "Aggressive"), card("Hide", "Cautious")].join(",\n");
    let errs = errors(&faction(&deck, "None"));
    assert_eq!(errs.len(), 1, "{errs:?}");
    let text = errs[0].to_string();
    assert!(text.starts_with("test/cards.ron:3:5:"), "{text}");
    assert!(text.contains("Objective, ProtectLeader"), "{text}");
}

#[test]
fn a_second_card_for_a_situation_is_located_at_its_name() {
    let deck = full_deck().replace(
        "\"Guard\", situation: ProtectLeader",
        "\"Guard\", situation: Cautious",
    );
    let errs = errors(&faction(&deck, "None"));
    let text: Vec<String> = errs.iter().map(|e| e.to_string()).collect();
    assert!(
        text.iter()
            .any(|t| t.starts_with("test/cards.ron:9:") && t.contains("second Cautious")),
        "{text:?}"
    );
}

#[test]
fn a_card_whose_lists_may_not_answer_is_refused() {
    let deck = full_deck().replace(
        "(name: \"Go\", situation: Aggressive, text: \"t\",\n\
         control: [ActivateBestShot, ActivateFirst], actions: [AttackBestChance, Stop])",
        "(name: \"Go\", situation: Aggressive, control: [ActivateBestShot], actions: [Stop, AttackBestChance])",
    );
    let errs = errors(&faction(&deck, "None"));
    let fields: Vec<&str> = errs
        .iter()
        .filter_map(|e| match &e.kind {
            ProblemKind::BadValue { field, .. } => Some(field.as_str()),
            _ => None,
        })
        .collect();
    assert_eq!(fields, vec!["control", "actions"], "{errs:?}");
}

#[test]
fn a_personality_weight_out_of_range_is_located_at_its_field() {
    let errs = errors(&faction(&full_deck(), "(brawling: 3.0)"));
    assert_eq!(errs.len(), 1, "{errs:?}");
    assert!(
        matches!(&errs[0].kind, ProblemKind::BadValue { field, .. } if field == "brawling"),
        "{errs:?}"
    );
    assert!(
        errs[0].to_string().starts_with("test/cards.ron:11:"),
        "{}",
        errs[0]
    );
}
