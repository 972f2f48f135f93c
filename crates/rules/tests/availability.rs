//! The engine's answers to a player's questions before committing: why an action is not on
//! offer, whether it spends a token, and which band a move runs.

mod common;

use common::*;
use redline_rules::Rule;
use redline_rules::card::{ActionDef, Colour, Effect, Keyword, ModelProfile, TargetKind};
use redline_rules::{Command, Target, basic};

/// Model 0 (seat 0) carries a Difficult card action; model 1 is a rival far away.
fn with_difficult_action() -> redline_rules::Setup {
    let stim = ActionDef {
        id: "stim".into(),
        name: "Stim".into(),
        skill: None,
        range: None,
        target: TargetKind::SelfOnly,
        attack: false,
        keywords: vec![Keyword::Difficult],
        effects: vec![Effect::GainLuck(1)],
        command: false,
        characters_only: false,
        works_on_drones: false,
    };
    no_luck_with(vec![
        model(
            ModelProfile {
                actions: vec![stim],
                ..character("Carrier")
            },
            0,
            [8.0, 0.0, 4.0],
        ),
        model(character("Rival"), 1, [8.0, 0.0, 20.0]),
    ])
}

const STIM: u16 = basic::COUNT;

#[test]
fn tok_7_a_difficult_action_taken_once_is_unavailable_with_the_engines_reason() {
    let mut g = start(with_difficult_action());
    ok(&mut g, Command::Activate { model: m(0) });
    assert_eq!(g.why_unavailable(m(0), STIM), None);
    ok(&mut g, act(m(0), STIM, Some(0), Target::None));
    let why = g.why_unavailable(m(0), STIM).expect("the stim was used");
    assert_eq!(why.rule, Rule::Tok7);
    // The same sentence the engine refuses the command with.
    assert_eq!(
        Some(why),
        g.check(&act(m(0), STIM, Some(1), Target::None)).err()
    );
}

#[test]
fn act_5_a_melee_attack_out_of_range_says_so_for_the_nearest_rival() {
    let mut g = start(duel());
    ok(&mut g, Command::Activate { model: m(0) });
    let why = g
        .why_unavailable(m(0), basic::MELEE)
        .expect("the rival is 10\" away");
    assert_eq!(why.rule, Rule::Act5); // ACT-5: the rival is beyond the attack's range
    assert_eq!(Some(why), g.check(&melee_attack(m(0), 0, m(1))).err());
}

#[test]
fn ctrl_4_only_the_active_model_may_act() {
    let mut g = start(duel());
    ok(&mut g, Command::Activate { model: m(0) });
    let why = g
        .why_unavailable(m(1), basic::MOVE)
        .expect("model 1 is not active");
    assert_eq!(why.rule, Rule::Ctrl4);
}

#[test]
fn ctrl_5_what_is_unavailable_is_exactly_what_the_legal_answers_leave_out() {
    let mut g = start(with_difficult_action());
    ok(&mut g, Command::Activate { model: m(0) });
    ok(&mut g, act(m(0), STIM, Some(0), Target::None));
    let legal = g.legal_commands();
    for action in 0..g.action_count(m(0)) {
        let offered = legal
            .iter()
            .any(|c| matches!(c, Command::Act(a) if a.model == m(0) && a.action == action));
        assert_eq!(
            g.why_unavailable(m(0), action).is_none(),
            offered,
            "action {action}: {:?}",
            g.why_unavailable(m(0), action)
        );
    }
}

#[test]
fn move_1_a_move_runs_the_band_of_the_token_spent_and_a_gonk_its_card_colour() {
    let g = start(no_luck_with(vec![
        model(character("Runner"), 0, [8.0, 0.0, 4.0]),
        model(gonk("Ganger"), 0, [12.0, 0.0, 4.0]),
        model(character("Rival"), 1, [8.0, 0.0, 20.0]),
    ]));
    assert!(g.moves_along_route(m(0), basic::MOVE));
    assert!(!g.moves_along_route(m(0), basic::RANGED));
    assert_eq!(g.move_band(m(0), basic::MOVE, Some(0)), Some(Colour::Green));
    assert_eq!(g.move_band(m(0), basic::MOVE, Some(2)), Some(Colour::Red));
    assert_eq!(g.move_band(m(1), basic::MOVE, None), Some(Colour::Yellow)); // TOK-15
    assert_eq!(g.move_band(m(0), basic::RANGED, Some(0)), None);
}

#[test]
fn tok_15_a_gonk_spends_no_token_a_character_does() {
    let g = start(no_luck_with(vec![
        model(character("Runner"), 0, [8.0, 0.0, 4.0]),
        model(gonk("Ganger"), 0, [12.0, 0.0, 4.0]),
        model(character("Rival"), 1, [8.0, 0.0, 20.0]),
    ]));
    assert!(g.spends_token(m(0), basic::MOVE));
    assert!(!g.spends_token(m(1), basic::MOVE));
}
