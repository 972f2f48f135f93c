//! Co-op games against the computer (docs/rules/coop.md): waves of reinforcements wait in
//! Reserve until their player has Inspired enough (COOP-2) and come in inside their own
//! zone, rivals or not (COOP-3); a side whose models all wait in a wave is still in the game.

mod common;

use common::*;
use redline_rules::Rule;
use redline_rules::scenario::{DeploymentZone, Edge, ScenarioRules, Wave};
use redline_rules::{Command, DecisionKind, Entry, Setup};

/// 3" along the north edge: where the test's waves come in.
const NORTH: DeploymentZone = DeploymentZone::Edge {
    edge: Edge::North,
    distance: 3.0,
};

/// Seat 1's character B (m0) mid-table near the north edge, seat 0's Gonk G (m1) on the
/// table, and seat 0's wave Gonk W (m2) in Reserve until seat 0 has Inspired `after` times.
fn waiting_wave(after: u8, extra: Vec<redline_rules::ModelSetup>) -> Setup {
    let mut wave = model(gonk("W"), 0, [0.0; 3]);
    wave.entry = Entry::Reserve;
    let mut models = vec![model(character("B"), 1, [12.0, 0.0, 5.0])];
    models.extend(extra);
    models.push(wave);
    let id = m(u16::try_from(models.len() - 1).unwrap());
    Setup {
        scenario: ScenarioRules {
            waves: vec![Wave {
                models: vec![id],
                after_inspires: after,
                zone: Some(NORTH),
            }],
            ..ScenarioRules::default()
        },
        ..with_models(models)
    }
}

fn gonks_of(g: &redline_rules::Game) -> Vec<redline_rules::ModelId> {
    match g.decision().map(|d| &d.kind) {
        Some(DecisionKind::InspireGonks { gonks }) => gonks.clone(),
        other => panic!("expected the Gonks of an Inspire, got {other:?}"),
    }
}

#[test]
fn coop_2_a_wave_waits_in_reserve_until_its_player_has_inspired_enough() {
    let mut g = start(waiting_wave(1, vec![model(gonk("G"), 0, [4.0, 0.0, 20.0])]));
    assert!(g.in_reserve(m(2)));
    ok(&mut g, Command::Inspire { seat: P0 });
    // The first Inspire: only the Gonk on the table acts; the wave is not due.
    assert_eq!(gonks_of(&g), vec![m(1)]);
    let early = Command::Deploy {
        model: m(2),
        at: [12.0, 0.0, 0.6],
    };
    assert_eq!(refusal(g.check(&early)), Rule::Coop2);
    ok(&mut g, Command::SkipGonk { model: m(1) });
    assert_eq!(g.inspires(P0), 1);
    // Seat 1 takes its turn; then seat 0's second Inspire brings the wave in.
    ok(&mut g, Command::Activate { model: m(0) });
    ok(&mut g, Command::EndActivation);
    ok(&mut g, Command::Inspire { seat: P0 });
    assert!(gonks_of(&g).contains(&m(2)));
    assert!(
        g.legal_commands()
            .iter()
            .any(|c| matches!(c, Command::Deploy { model, .. } if *model == m(2)))
    );
}

#[test]
fn coop_3_a_wave_comes_in_inside_its_zone_however_close_the_rivals_are() {
    let mut g = start(waiting_wave(0, vec![model(gonk("G"), 0, [4.0, 0.0, 20.0])]));
    ok(&mut g, Command::Inspire { seat: P0 });
    assert!(gonks_of(&g).contains(&m(2)));
    // At the south edge: a Reserve may enter there (FIELD-9), a wave may not.
    let south = Command::Deploy {
        model: m(2),
        at: [20.0, 0.0, 23.4],
    };
    assert_eq!(refusal(g.check(&south)), Rule::Coop3);
    // Within GREEN of B and near no friend: FIELD-9 would refuse it, COOP-3 does not.
    let next_to_b = [12.0, 0.0, 0.6];
    ok(
        &mut g,
        Command::Deploy {
            model: m(2),
            at: next_to_b,
        },
    );
    assert!(g.in_play(m(2)));
}

#[test]
fn coop_2_a_side_whose_models_all_wait_in_a_wave_is_still_in_the_game() {
    // Seat 0 has nothing on the table: only the wave, due after two Inspires.
    let mut g = start(waiting_wave(2, Vec::new()));
    assert!(g.outcome().is_none());
    for _ in 0..2 {
        // CTRL-3: nothing to activate, so seat 0 Inspires; nothing of it acts yet.
        ok(&mut g, Command::Inspire { seat: P0 });
        assert!(g.outcome().is_none());
        ok(&mut g, Command::Activate { model: m(0) });
        ok(&mut g, Command::EndActivation);
    }
    assert_eq!(g.inspires(P0), 2);
    ok(&mut g, Command::Inspire { seat: P0 });
    assert_eq!(gonks_of(&g), vec![m(1)]);
}

#[test]
fn coop_6_the_round_limit_counts_the_computers_inspires_only() {
    // Seat 0 is the computer; seat 1 (a person) never Inspires in this game.
    let mut setup = waiting_wave(5, vec![model(gonk("G"), 0, [4.0, 0.0, 20.0])]);
    setup.scenario.rules = vec![redline_rules::scenario::SpecialRule::InspireLimit(2)];
    setup.scenario.computer = vec![P0];
    let mut g = start(setup);
    for round in 1..=2 {
        ok(&mut g, Command::Inspire { seat: P0 });
        ok(&mut g, Command::SkipGonk { model: m(1) });
        assert_eq!(g.inspires(P1), 0);
        if round == 1 {
            assert!(g.outcome().is_none());
            ok(&mut g, Command::Activate { model: m(0) });
            ok(&mut g, Command::EndActivation);
        }
    }
    assert!(g.outcome().is_some(), "two computer Inspires end the game");
}
