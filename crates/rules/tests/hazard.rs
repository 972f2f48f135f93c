//! The Hazard roll (MOD-4..MOD-6), through the test hook until a module rolls Hazards: who
//! chooses, which die each side rolls, ties, Crits, wounds and taking out, no Armor, no
//! [RE]action, no re-roll of the Hazard die, clockwise order, and the odds table of
//! MODULES.md.

mod common;

use common::*;
use redline_rules::card::{Colour, ModelProfile};
use redline_rules::dice::Die;
use redline_rules::{Command, DecisionKind, Event, Game, HazardSource, ModelId, Setup};

/// MEX-1's character: GREEN, YELLOW, RED, Reflexes 1, and Armor 2 that must not help.
fn vested(name: &str) -> ModelProfile {
    ModelProfile {
        card_armor: 2,
        ..character(name)
    }
}

/// Model 0 (seat 0) is active with its GREEN token Used by a move; model 1 waits far off.
fn green_used(setup: Setup, faces: &[u8]) -> Game {
    let mut g = start_active(setup, faces, m(0));
    ok(&mut g, move_to(m(0), 0, [3.0, 0.0, 2.0]));
    assert!(!g.tokens(m(0))[0].ready);
    g
}

fn mex_1(faces: &[u8]) -> Game {
    green_used(
        no_luck_with(vec![
            model(vested("V"), 0, [2.0, 0.0, 2.0]),
            model(character("Far"), 1, [20.0, 0.0, 20.0]),
        ]),
        faces,
    )
}

fn face(model: ModelId, token: Option<u8>) -> Command {
    Command::FaceHazard { model, token }
}

fn settled(events: &[Event]) -> Vec<(ModelId, bool)> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::HazardSettled { model, hazard_won } => Some((*model, *hazard_won)),
            _ => None,
        })
        .collect()
}

#[test]
fn mod_4_the_owner_picks_any_token_ready_or_used() {
    let mut g = mex_1(&[6, 5]);
    let events = g.test_hazards(Colour::Yellow, HazardSource::Debris, &[m(0)]);
    assert!(events.is_empty(), "{events:?}");
    let d = g.decision().expect("a decision").clone();
    assert_eq!(d.seat, P0);
    let DecisionKind::FaceHazard {
        options, colour, ..
    } = d.kind
    else {
        panic!("{d:?}")
    };
    assert_eq!(colour, Colour::Yellow);
    // MOD-4: the Used GREEN token is offered too; no Armor choice exists.
    assert_eq!(options, [(m(0), Some(0)), (m(0), Some(1)), (m(0), Some(2))]);
}

#[test]
fn mod_4_mod_5_mex_1_a_tie_goes_to_the_model_and_armor_never_applies() {
    let mut g = mex_1(&[6, 5]);
    g.test_hazards(Colour::Yellow, HazardSource::Debris, &[m(0)]);
    let events = ok(&mut g, face(m(0), Some(0)));
    let dice = rolled(&events);
    assert_eq!(
        (dice[0].model, dice[0].die, dice[0].total),
        (None, Die::Action(Colour::Yellow), 6)
    );
    // MOD-5, MOPEN-7: Reflexes 1 only; the Armor 2 adds nothing.
    assert_eq!(
        (dice[1].die, dice[1].modifier, dice[1].total),
        (Die::Action(Colour::Green), 1, 6)
    );
    assert_eq!(settled(&events), [(m(0), false)]); // MOD-4: a tie goes to the model
    assert!(!events.iter().any(|e| matches!(e, Event::Wounded { .. })));
}

#[test]
fn mod_4_mex_1_a_crit_hazard_wounds_the_chosen_token() {
    let mut g = mex_1(&[8, 11]);
    g.test_hazards(Colour::Yellow, HazardSource::Debris, &[m(0)]);
    let events = ok(&mut g, face(m(0), Some(0)));
    assert_eq!(settled(&events), [(m(0), true)]); // MOD-4, DICE-7: 8 Crit beats 12
    assert!(events.iter().any(|e| matches!(
        e,
        Event::Wounded { model, token: 0, by: None } if *model == m(0)
    )));
    let t = g.tokens(m(0))[0];
    assert_eq!((t.colour, t.ready), (Colour::Red, false)); // a Used RED token (WOUND-3)
}

#[test]
fn mod_4_a_win_against_a_red_token_takes_the_model_out() {
    let mut g = mex_1(&[5, 1]);
    g.test_hazards(Colour::Yellow, HazardSource::Debris, &[m(0)]);
    let events = ok(&mut g, face(m(0), Some(2)));
    assert!(events.iter().any(|e| matches!(e, Event::TakenOut { .. }))); // MOD-4
    assert!(!g.in_play(m(0)));
}

#[test]
fn mod_4_a_gonk_rolls_its_card_colour_and_goes_out_on_a_loss() {
    let setup = no_luck_with(vec![
        model(character("A"), 0, [2.0, 0.0, 2.0]),
        model(gonk("G"), 1, [20.0, 0.0, 20.0]),
    ]);
    let mut g = start_active(setup, &[6, 2], m(0));
    // One model with one way to roll: no decision.
    let events = g.test_hazards(Colour::Red, HazardSource::Fire, &[m(1)]);
    let dice = rolled(&events);
    assert_eq!(
        (dice[1].die, dice[1].total),
        (Die::Action(Colour::Yellow), 3)
    ); // MOD-4, ACT-14
    assert_eq!(settled(&events), [(m(1), true)]);
    assert!(!g.in_play(m(1))); // MOD-4: a Gonk is taken out
}

#[test]
fn mod_4_a_drone_rolls_the_unmodified_obstacle_die() {
    let setup = no_luck_with(vec![
        model(character("A"), 0, [2.0, 0.0, 2.0]),
        model(drone("D"), 1, [20.0, 0.0, 20.0]),
    ]);
    let mut g = start_active(setup, &[5, 5, 7, 3], m(0));
    let events = g.test_hazards(Colour::Red, HazardSource::Fire, &[m(1)]);
    let dice = rolled(&events);
    assert_eq!((dice[1].die, dice[1].modifier), (Die::Obstacle, 0)); // MOD-4, DRONE-6
    assert_eq!(settled(&events), [(m(1), false)]); // 5 vs 5: the tie is the drone's
    let events = g.test_hazards(Colour::Yellow, HazardSource::Fire, &[m(1)]);
    assert_eq!(settled(&events), [(m(1), true)]);
    assert!(!g.in_play(m(1))); // MOD-4: a drone is taken out
}

#[test]
fn mod_5_only_the_model_s_own_die_may_be_rerolled_and_no_reaction_follows() {
    let setup = with_models(vec![
        model(character("A"), 0, [2.0, 0.0, 2.0]),
        model(character("B"), 1, [20.0, 0.0, 20.0]),
    ]);
    let mut g = start_active(setup, &[6, 2, 1], m(0));
    g.test_hazards(Colour::Yellow, HazardSource::Debris, &[m(1)]);
    ok(&mut g, face(m(1), Some(1)));
    // MOD-5: the only Luck offer is the owner's, on the model's own die.
    let d = g.decision().expect("a Luck offer").clone();
    let DecisionKind::OfferLuck { model, .. } = d.kind else {
        panic!("{d:?}")
    };
    assert_eq!((d.seat, model), (P1, Some(m(1))));
    let events = ok(&mut g, Command::KeepRoll);
    assert_eq!(settled(&events), [(m(1), true)]);
    assert!(events.iter().any(|e| matches!(e, Event::Wounded { .. })));
    // MOD-5: no [RE]action; seat 0's activation goes on.
    let d = g.decision().expect("a decision");
    assert!(
        matches!(d.kind, DecisionKind::NextAction { model } if model == m(0)),
        "{d:?}"
    );
}

#[test]
fn mod_6_seats_go_clockwise_from_control_and_each_orders_its_own() {
    let setup = no_luck_with(vec![
        model(character("A"), 0, [2.0, 0.0, 2.0]),
        model(gonk("B"), 0, [4.0, 0.0, 2.0]),
        model(gonk("C"), 1, [20.0, 0.0, 20.0]),
    ]);
    let mut g = start_active(setup, &[1, 1, 1, 1, 1, 1], m(0));
    // MOD-6: C is listed first, but seat 0 has Control and goes first.
    g.test_hazards(
        Colour::Red,
        HazardSource::Collapse,
        &[m(2), m(0), m(1), m(0)],
    );
    let d = g.decision().expect("seat 0 orders its models").clone();
    assert_eq!(d.seat, P0);
    let events = ok(&mut g, face(m(1), None));
    assert_eq!(settled(&events).len(), 1);
    let mut all = events;
    all.extend(ok(&mut g, face(m(0), Some(1))));
    let order: Vec<ModelId> = all
        .iter()
        .filter_map(|e| match e {
            Event::HazardFaced { model, .. } => Some(*model),
            _ => None,
        })
        .collect();
    // MOD-6: B then A as seat 0 chose, then C; A, listed twice, faced one Hazard.
    assert_eq!(order, [m(1), m(0), m(2)]);
}

#[test]
fn mod_6_refuses_a_rival_s_model_and_mod_4_a_token_not_offered() {
    let setup = no_luck_with(vec![
        model(character("A"), 0, [2.0, 0.0, 2.0]),
        model(gonk("B"), 0, [4.0, 0.0, 2.0]),
        model(gonk("C"), 1, [20.0, 0.0, 20.0]),
    ]);
    let mut g = start_active(setup, &[1, 1, 1, 1, 1, 1], m(0));
    g.test_hazards(Colour::Red, HazardSource::Collapse, &[m(0), m(1), m(2)]);
    let before = g.state_hash();
    assert_eq!(refusal(g.check(&face(m(2), None))), Rule::Mod6);
    assert_eq!(refusal(g.check(&face(m(0), Some(7)))), Rule::Mod4);
    assert_eq!(refusal(g.apply(Command::EndActivation)), Rule::Mod6);
    assert_eq!(g.state_hash(), before);
}

#[test]
fn mod_4_hazard_odds_match_the_table_of_modules_md() {
    let setup = no_luck_with(vec![
        model(character("A"), 0, [2.0, 0.0, 2.0]),
        model(character("B"), 1, [20.0, 0.0, 20.0]),
    ]);
    let g = start(setup);
    // Rows: Hazard RED, YELLOW, GREEN; columns: the model defends with RED, YELLOW, GREEN
    // (tokens 2, 1, 0 of the baseline character, Reflexes 1).
    let table = [[33, 29, 25], [44, 36, 28], [57, 52, 40]];
    for (row, hazard) in [Colour::Red, Colour::Yellow, Colour::Green]
        .into_iter()
        .enumerate()
    {
        for (col, token) in [2u8, 1, 0].into_iter().enumerate() {
            let p = g.hazard_odds(m(1), hazard, Some(token)).success;
            assert_eq!(
                (p * 100.0).round() as i32,
                table[row][col],
                "{hazard:?} vs {token}"
            );
        }
    }
}
