//! Third forces as pack data (THIRD-1): the starter pack's, their validation with
//! `file:line:col`, a scenario that names one, and the setup function a game switches one on
//! with.

use redline_content::skirmish::{SkirmishError, quick_team, skirmish};
use redline_content::team::TeamRules;
use redline_content::third_force::{ThirdForceError, add_third_force, third_force_spec};
use redline_content::{PackSource, ProblemKind, load, starter};
use redline_rules::{Game, Seat};

const MANIFEST: &str =
    r#"PackManifest(id: "test", name: "Test", version: 1, files: ["cards.ron"])"#;

fn errors(text: &str) -> Vec<redline_content::Problem> {
    match load(&[PackSource::from_memory(MANIFEST, &[("cards.ron", text)])]) {
        Ok(_) => panic!("expected errors"),
        Err(err) => err.errors().cloned().collect(),
    }
}

fn teams() -> Vec<redline_content::team::TeamSpec> {
    let catalog = starter();
    let rules = TeamRules::one_off(100);
    ["ashfall", "tidewater"]
        .iter()
        .map(|f| quick_team(&catalog, f, &rules).expect("quick team"))
        .collect()
}

#[test]
fn third_1_the_starter_pack_has_a_lone_heavy_and_a_wandering_crew() {
    let catalog = starter();
    let heavy = third_force_spec(&catalog, "tf_tidebreaker").expect("lone heavy");
    assert_eq!(heavy.models.len(), 1);
    let crew = third_force_spec(&catalog, "tf_saltmarsh_drifters").expect("crew");
    assert_eq!(crew.models.len(), 3);
    for f in catalog.third_forces.iter() {
        assert!(!f.text.is_empty() && !f.deck.is_empty(), "{}", f.id);
    }
}

#[test]
fn third_1_a_member_that_names_no_card_is_located() {
    let text = "[\n  ThirdForce(id: \"tf\", name: \"Them\",\n    members: [\"nobody\"]),\n]";
    let errs = errors(text);
    let e = errs
        .iter()
        .find(|p| matches!(&p.kind, ProblemKind::DanglingReference { id, .. } if id == "nobody"))
        .unwrap_or_else(|| panic!("{errs:?}"));
    assert_eq!(
        (e.location.file.as_str(), e.location.line),
        ("cards.ron", 3),
        "{e}"
    );
    assert!(e.to_string().starts_with("test/cards.ron:3:") || e.to_string().contains(":3:"));
}

#[test]
fn third_1_an_empty_crew_and_an_unknown_destination_are_refused() {
    let errs = errors("[\n  ThirdForce(id: \"tf\", name: \"Them\", members: []),\n]");
    assert!(
        errs.iter()
            .any(|p| matches!(&p.kind, ProblemKind::BadValue { field, .. } if field == "members")),
        "{errs:?}"
    );
    let errs =
        errors("[\n  ThirdForce(id: \"tf\", name: \"T\", members: [],\n    deck: [Loudest]),\n]");
    assert!(
        matches!(errs[0].kind, ProblemKind::UnknownKeyword { .. }),
        "{errs:?}"
    );
    assert_eq!(errs[0].location.line, 3, "{}", errs[0]);
}

#[test]
fn third_1_a_scenario_that_names_one_brings_it_and_a_setup_can_switch_one_on() {
    let mut catalog = starter();
    let mut scenario = catalog
        .scenarios
        .get("street_claim")
        .expect("scenario")
        .clone();
    scenario.third_force = Some("tf_tidebreaker".to_owned());
    catalog.scenarios.put("street_claim", scenario);
    let s = skirmish(&catalog, "street_claim", None, &teams(), 1).expect("skirmish");
    let force = s.setup.third_force().expect("the scenario's third force");
    assert_eq!(force.seat, Seat(2));
    let game = Game::new(s.setup.clone(), 1).expect("game");
    assert_eq!(game.third_force_seat(), Some(Seat(2)));
    // A second one is refused.
    let twice = s.with_third_force(&catalog, "tf_saltmarsh_drifters");
    assert!(
        matches!(twice, Err(SkirmishError::ThirdForce(_))),
        "{twice:?}"
    );

    // Off by default: the plain scenario has none; the setup function switches one on.
    let catalog = starter();
    let mut s = skirmish(&catalog, "street_claim", None, &teams(), 1).expect("skirmish");
    assert!(s.setup.third_force().is_none());
    add_third_force(&catalog, &mut s.setup, "tf_saltmarsh_drifters").expect("switched on");
    assert_eq!(
        s.setup.models.iter().filter(|m| m.owner == Seat(2)).count(),
        3
    );
    let unknown = add_third_force(&catalog, &mut s.setup, "tf_nobody");
    assert!(
        matches!(unknown, Err(ThirdForceError::Unknown(_))),
        "{unknown:?}"
    );
}
