//! The optional-module plumbing: which modules a game has on (MOD-1), the core game with
//! every module off (MOD-2) and the module list in the setup, replay and hash (MOD-3).

mod common;

use common::*;
use redline_rules::modules::{Module, ModuleError, ModuleRules, Modules, parse_modules};
use redline_rules::{Game, Replay};

fn set(list: &[Module]) -> Modules {
    list.iter().copied().collect()
}

fn two_models() -> redline_rules::Setup {
    with_models(vec![
        model(character("A"), 0, [2.0, 0.0, 2.0]),
        model(character("B"), 1, [20.0, 0.0, 20.0]),
    ])
}

#[test]
fn mod_1_every_module_is_off_unless_setup_turns_it_on() {
    let game = start(two_models());
    assert!(game.modules().is_empty()); // MOD-1
    assert!(Module::ALL.iter().all(|&m| !game.module_on(m)));
    let on = start(redline_rules::Setup {
        modules: set(&[Module::Fire]),
        ..two_models()
    });
    assert!(on.module_on(Module::Fire)); // MOD-1
    assert!(!on.module_on(Module::Terr));
}

#[test]
fn mod_1_one_off_game_is_required_plus_chosen() {
    let rules = ModuleRules {
        require: set(&[Module::Terr]),
        forbid: set(&[Module::Sec]),
    };
    let got = rules.one_off(&set(&[Module::Aid])).unwrap();
    assert_eq!(got, set(&[Module::Terr, Module::Aid])); // MOD-1
    assert_eq!(
        rules.one_off(&Modules::new()).unwrap(),
        set(&[Module::Terr])
    );
}

#[test]
fn mod_1_a_forbidden_choice_is_refused_naming_the_rule() {
    let rules = ModuleRules {
        require: Modules::new(),
        forbid: set(&[Module::Sec]),
    };
    let err = rules
        .one_off(&set(&[Module::Sec, Module::Fire]))
        .unwrap_err();
    assert_eq!(
        err,
        ModuleError::Forbidden {
            module: Module::Sec
        }
    ); // MOD-1
    assert!(err.to_string().starts_with("MOD-1"), "{err}");
}

#[test]
fn mod_1_a_campaign_list_drops_what_the_scenario_forbids() {
    let rules = ModuleRules {
        require: set(&[Module::Bot]),
        forbid: set(&[Module::Fire]),
    };
    let campaign = set(&[Module::Fire, Module::Aid]);
    let got = rules.campaign_game(&campaign).unwrap();
    assert_eq!(got, set(&[Module::Aid, Module::Bot])); // MOD-1
}

#[test]
fn mod_1_a_module_both_required_and_forbidden_is_refused() {
    let rules = ModuleRules {
        require: set(&[Module::Terr]),
        forbid: set(&[Module::Terr]),
    };
    assert_eq!(
        rules.one_off(&Modules::new()),
        Err(ModuleError::RequiredAndForbidden {
            module: Module::Terr
        })
    ); // MOD-1
}

#[test]
fn mod_1_module_names_parse_in_any_order_into_a_sorted_set() {
    let got = parse_modules("bot, TERR,fire").unwrap();
    assert_eq!(
        got.into_iter().collect::<Vec<_>>(),
        [Module::Terr, Module::Fire, Module::Bot]
    );
    assert_eq!(parse_modules("").unwrap(), Modules::new());
    let err = parse_modules("terr,lava").unwrap_err();
    assert_eq!(
        err,
        ModuleError::Unknown {
            name: "lava".into()
        }
    ); // MOD-1
}

#[test]
fn mod_2_an_empty_module_list_is_left_out_of_the_saved_setup() {
    let game = start(two_models());
    let replay = Replay::start(&game, "plain");
    let text = replay.to_ron().unwrap();
    assert!(!text.contains("modules"), "{text}"); // MOD-2
}

#[test]
fn mod_3_the_module_list_is_in_the_replay_and_the_hash() {
    let off = start(two_models());
    let on = start(redline_rules::Setup {
        modules: set(&[Module::Terr, Module::Aid]),
        ..two_models()
    });
    assert_ne!(off.state_hash(), on.state_hash()); // MOD-3
    let text = Replay::start(&on, "with modules").to_ron().unwrap();
    assert!(text.contains("modules"), "{text}"); // MOD-3
    let back = Replay::from_ron(&text).unwrap();
    assert_eq!(back.setup.modules, set(&[Module::Terr, Module::Aid]));
    let again = Game::new(back.setup, back.seed).unwrap();
    assert_eq!(again.state_hash(), on.state_hash()); // MOD-3
}
