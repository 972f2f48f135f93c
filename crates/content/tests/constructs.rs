//! A construct's card data (MODULES.md, Data for BOT): the starter pack's two constructs
//! compile with their systems, and each broken field is refused at file:line:col (BOT-1,
//! BOT-2, BOT-8, BOT-11).

use redline_content::team::{MemberSpec, TeamError, TeamRules, TeamSpec, check_team, compile_team};
use redline_content::{PackSource, Problem, load};
use redline_rules::Module;
use redline_rules::construct::System;

const MANIFEST: &str = r#"PackManifest(id: "test", name: "Test", version: 1, files: ["bots.ron"])"#;

fn errors(text: &str) -> Vec<Problem> {
    match load(&[PackSource::from_memory(MANIFEST, &[("bots.ron", text)])]) {
        Ok(_) => panic!("expected errors"),
        Err(err) => err.errors().cloned().collect(),
    }
}

/// A Merc construct with `fields` spliced in after its tokens.
fn bot(keywords: &str, fields: &str) -> String {
    format!(
        r#"[
    Character(
        id: "bolt",
        name: "Bolt",
        keywords: [Merc{keywords}],
        cost: 10,
        tokens: [Green, Yellow],
{fields}
        actions: [
            (id: "zap", name: "Zap", skill: Ranged, range: (yellow: true), target: Rival,
             attack: true, effects: [Wound(1)]),
        ],
    ),
]"#
    )
}

fn one_error(text: &str) -> (String, usize, usize) {
    let errs = errors(text);
    assert_eq!(errs.len(), 1, "{errs:?}");
    let e = &errs[0];
    (e.to_string(), e.location.line, e.location.col)
}

#[test]
fn bot_1_a_construct_needs_one_system_per_token() {
    let (msg, line, col) = one_error(&bot(", Construct", "        systems: [Legs],"));
    assert!(
        msg.contains("1 systems for 2 tokens") && msg.contains("BOT-1"),
        "{msg}"
    );
    assert_eq!((line, col), (8, 9));
}

#[test]
fn bot_1_systems_need_the_construct_keyword() {
    let (msg, line, _) = one_error(&bot("", "        systems: [Legs, Cpu],"));
    assert!(msg.contains("BOT-1"), "{msg}");
    assert_eq!(line, 8);
}

#[test]
fn bot_2_an_arm_names_only_the_cards_actions() {
    let fields = r#"        systems: [Arm(["zap", "laser"]), Cpu],"#;
    let (msg, line, col) = one_error(&bot(", Construct", fields));
    assert!(msg.contains("'laser'") && msg.contains("BOT-2"), "{msg}");
    assert_eq!((line, col), (8, 32));
}

#[test]
fn bot_8_heavy_needs_a_height_and_a_construct() {
    let (msg, line, _) = one_error(&bot(", Construct, Heavy", "        systems: [Legs, Cpu],"));
    assert!(
        msg.contains("needs a height") && msg.contains("BOT-8"),
        "{msg}"
    );
    assert_eq!(line, 5);
    let (msg, _, _) = one_error(&bot(", Heavy", "        height: 2.0,"));
    assert!(
        msg.contains("construct keyword") && msg.contains("BOT-8"),
        "{msg}"
    );
}

#[test]
fn bot_11_mass_is_0_to_2() {
    let fields = "        systems: [Legs, Cpu],\n        mass: 3,";
    let (msg, line, col) = one_error(&bot(", Construct", fields));
    assert!(msg.contains("Mass 3") && msg.contains("BOT-11"), "{msg}");
    assert_eq!((line, col), (9, 9));
}

#[test]
fn bot_1_bot_8_the_starter_constructs_compile_with_their_systems() {
    let catalog = redline_content::starter();
    let spec = TeamSpec::new("ashfall")
        .with(MemberSpec::new("ash_furnace_mother"))
        .with(MemberSpec::new("ash_slag_hauler"))
        .with(MemberSpec::new("ash_scrap_hound"));
    let team = compile_team(&catalog, &spec, &TeamRules::one_off(100)).expect("a legal team");
    let hauler = &team.models[1].profile;
    let bot = hauler.construct.as_ref().expect("construct data"); // BOT-1
    assert_eq!(
        bot.systems,
        vec![
            System::Arm(vec!["rivet_driver".into()]),
            System::Legs,
            System::Cpu,
            System::Power
        ]
    );
    assert!(bot.heavy && bot.self_repair); // BOT-8, BOT-9
    assert_eq!((bot.height, bot.topple_mass()), (Some(2.5), 1)); // BOT-11
    let hound = team.models[2]
        .profile
        .construct
        .as_ref()
        .expect("construct");
    assert_eq!(hound.systems[1..], [System::Legs, System::Legs]); // BOT-3
    assert!(!hound.heavy && hound.topple_mass() == 0); // BOT-11
    assert!(team.models[0].profile.construct.is_none());
}

#[test]
fn bot_13_each_construct_needs_another_tech_character_when_bot_is_on() {
    let catalog = redline_content::starter();
    // Furnace Mother has Tech 0, Torchhand Tech 1; the Hauler's own Tech 1 doesn't count.
    let two = TeamSpec::new("ashfall")
        .with(MemberSpec::new("ash_furnace_mother"))
        .with(MemberSpec::new("ash_torchhand"))
        .with(MemberSpec::new("ash_slag_hauler"))
        .with(MemberSpec::new("ash_scrap_hound"));
    let bot = TeamRules {
        modules: [Module::Bot].into_iter().collect(),
        ..TeamRules::one_off(100)
    };
    let errors = check_team(&catalog, &two, &bot).expect_err("BOT-13");
    assert_eq!(
        errors,
        [TeamError::TooManyConstructs {
            constructs: 2,
            technicians: 1
        }]
    );
    assert!(errors[0].to_string().contains("BOT-13"));
    // MOD-2: with BOT off the same team is legal.
    assert!(check_team(&catalog, &two, &TeamRules::one_off(100)).is_ok());
    let one = TeamSpec::new("ashfall")
        .with(MemberSpec::new("ash_furnace_mother"))
        .with(MemberSpec::new("ash_torchhand"))
        .with(MemberSpec::new("ash_slag_hauler"));
    assert!(check_team(&catalog, &one, &bot).is_ok()); // BOT-13: one per technician
}
