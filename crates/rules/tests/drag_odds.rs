//! The chance a drag succeeds (`Game::drag_odds`): the dragger's die plus Reflexes against
//! whoever opposes it (BRAWL-11, BRAWL-12), the Obstacle die for a Downed friend (AID-10)
//! and the RED die alone for a Downed rival (AID-4). Expectations are the exact odds of
//! DICE-4..DICE-10, Luck left out.

mod common;

use common::*;
use redline_rules::card::{Colour, ModelProfile, Skills};
use redline_rules::{ActionCommand, Command, Game, Module, Setup, Target, basic};

/// Where B lies Downed in the casualty tests.
const B_AT: [f32; 3] = [16.0, 0.0, 10.0];

/// A character with GREEN and YELLOW tokens and Reflexes 1.
fn nimble(name: &str) -> ModelProfile {
    ModelProfile {
        tokens: vec![Colour::Green, Colour::Yellow],
        skills: Skills {
            reflexes: 1,
            ..Skills::default()
        },
        ..character(name)
    }
}

/// A drag by `by` spending `token`, of `model`, walking to `to` and setting it down at `drop`.
fn drag(by: u16, token: u8, model: u16, to: [f32; 3], drop: [f32; 3]) -> ActionCommand {
    ActionCommand {
        model: m(by),
        action: basic::DRAG,
        token: Some(token),
        target: Target::Drag {
            model: m(model),
            route: vec![to],
            drop,
        },
    }
}

fn success(g: &Game, cmd: &ActionCommand) -> f64 {
    g.drag_odds(cmd).expect("a legal drag").success
}

#[track_caller]
fn assert_chance(p: f64, numerator: u32, denominator: u32) {
    let want = f64::from(numerator) / f64::from(denominator);
    assert!(
        (p - want).abs() < 1e-12,
        "{p} is not {numerator}/{denominator}"
    );
}

/// AID on: A (seat 0) at (11, 10) shoots B (seat 1, one RED token) at [`B_AT`] and downs it
/// (GREEN 10 + 2 against RED 1); B's friend N stands beside it. A is still active.
fn b_downed() -> Game {
    let b = ModelProfile {
        tokens: vec![Colour::Red],
        ..character("B")
    };
    let setup = Setup {
        modules: [Module::Aid].into_iter().collect(),
        ..no_luck_with(vec![
            model(character("A"), 0, [11.0, 0.0, 10.0]),
            model(b, 1, B_AT),
            model(nimble("N"), 1, [16.0, 0.0, 11.3]),
        ])
    };
    let mut g = start_active(setup, &[10, 1], m(0));
    ok(&mut g, ranged_attack(m(0), 0, m(1)));
    assert!(g.is_downed(m(1)));
    g
}

#[test]
fn aid_10_a_downed_friend_is_dragged_against_the_obstacle_die() {
    let mut g = b_downed();
    ok(&mut g, Command::EndActivation);
    ok(&mut g, Command::Activate { model: m(2) });
    // N: GREEN d12 + Reflexes 1 against the d10 Obstacle die.
    let cmd = drag(2, 0, 1, [16.0, 0.0, 14.3], [16.0, 0.0, 13.0]);
    assert_chance(success(&g, &cmd), 71, 120);
}

#[test]
fn aid_4_a_downed_rival_opposes_with_the_red_die_alone() {
    let mut g = b_downed();
    ok(&mut g, move_to(m(0), 1, [16.0, 0.0, 8.9]));
    // A: RED d6 + Reflexes 1 against B's RED d6, no Skill.
    let cmd = drag(0, 2, 1, [16.0, 0.0, 6.0], [16.0, 0.0, 7.1]);
    assert_chance(success(&g, &cmd), 19, 36);
}

#[test]
fn brawl_12_a_rival_opposes_with_its_best_token_and_reflexes() {
    let setup = no_luck_with(vec![
        model(character("A"), 0, [11.0, 0.0, 10.0]),
        model(nimble("R"), 1, [12.1, 0.0, 10.0]),
    ]);
    let g = start_active(setup, &[], m(0));
    // A: GREEN d12 + 1 against R's pick, GREEN d12 + 1.
    let cmd = drag(0, 0, 1, [8.0, 0.0, 10.0], [9.1, 0.0, 10.0]);
    assert_chance(success(&g, &cmd), 11, 24);
}

#[test]
fn brawl_12_a_friend_is_dragged_against_the_obstacle_die_or_its_brawls_rival() {
    let friend_at = [12.1, 0.0, 10.0];
    let game = |rival_at: [f32; 3]| {
        let setup = no_luck_with(vec![
            model(character("A"), 0, [11.0, 0.0, 10.0]),
            model(character("F"), 0, friend_at),
            model(nimble("R"), 1, rival_at),
        ]);
        start_active(setup, &[], m(0))
    };
    let cmd = drag(0, 2, 1, [8.0, 0.0, 10.0], [9.1, 0.0, 10.0]);
    // Out of any Brawl: RED d6 + 1 against the Obstacle die.
    assert_chance(success(&game([20.0, 0.0, 20.0]), &cmd), 23, 60);
    // Brawling with R: RED d6 + 1 against R's GREEN d12 + 1.
    assert_chance(success(&game([13.2, 0.0, 10.0]), &cmd), 7, 24);
}

#[test]
fn brawl_11_only_a_drag_within_reach_has_odds() {
    let setup = no_luck_with(vec![
        model(character("A"), 0, [11.0, 0.0, 10.0]),
        model(nimble("R"), 1, [14.0, 0.0, 10.0]),
    ]);
    let g = start_active(setup, &[], m(0));
    let far = drag(0, 0, 1, [8.0, 0.0, 10.0], [9.1, 0.0, 10.0]);
    assert_eq!(refusal(g.drag_odds(&far)), Rule::Brawl11);
    let Command::Act(shot) = ranged_attack(m(0), 0, m(1)) else {
        unreachable!()
    };
    assert_eq!(refusal(g.drag_odds(&shot)), Rule::Brawl11);
}
