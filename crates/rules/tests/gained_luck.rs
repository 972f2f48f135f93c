//! Luck gained while the game is on: a completed campaign Objective's reward applies at once
//! (LUCK-1, CAMP-11), between any two commands, without moving the flow of play.

mod common;

use common::*;
use redline_rules::{Command, DecisionKind, Event, Outcome, Rule, Seat, Setup};

fn lucky(p0: u8, p1: u8) -> Setup {
    let mut setup = duel();
    setup.players[0].luck = Some(p0);
    setup.players[1].luck = Some(p1);
    setup
}

#[test]
fn camp_11_luck_1_luck_gained_mid_game_is_there_to_spend_at_once() {
    let mut g = start_loaded(lucky(0, 0), &[5, 5, 9]);
    let waiting = g.decision().cloned();
    let ev = ok(&mut g, Command::GainLuck { seat: P0, luck: 1 });
    assert_eq!(
        ev,
        vec![Event::LuckGained {
            seat: P0,
            gained: 1,
            left: 1
        }]
    );
    // CAMP-11: the flow stays where it was.
    assert_eq!(g.decision().cloned(), waiting);
    assert_eq!((g.luck(P0), g.luck(P1)), (1, 0));
    // LUCK-2: without the reward no re-roll would be offered (`luck_2_no_luck_left_means_no_reroll`).
    shot(&mut g);
    assert!(matches!(
        g.decision().unwrap().kind,
        DecisionKind::OfferLuck { luck: 1, .. }
    ));
    let ev = ok(&mut g, Command::Reroll);
    assert!(ev.contains(&Event::LuckSpent { seat: P0, left: 0 }));
}

#[test]
fn camp_11_a_waiting_luck_offer_shows_the_tokens_gained() {
    let mut g = start_loaded(lucky(1, 1), &[5, 5, 9]);
    shot(&mut g);
    assert_eq!(g.decision().unwrap().seat, P0);
    ok(&mut g, Command::GainLuck { seat: P0, luck: 2 });
    match &g.decision().unwrap().kind {
        DecisionKind::OfferLuck { luck, .. } => assert_eq!(*luck, 3),
        d => panic!("expected the Luck offer to wait, got {d:?}"),
    }
    // The rival's gain leaves P0's offer as it was.
    ok(&mut g, Command::GainLuck { seat: P1, luck: 1 });
    assert!(matches!(
        g.decision().unwrap().kind,
        DecisionKind::OfferLuck { luck: 3, .. }
    ));
    assert_eq!(g.luck(P1), 2);
}

#[test]
fn camp_11_a_gain_is_in_the_state_hash_and_replays() {
    let mut a = start_loaded(lucky(1, 1), &[5, 5, 9]);
    let before = a.state_hash();
    ok(&mut a, Command::GainLuck { seat: P1, luck: 1 });
    assert_ne!(a.state_hash(), before);
    let mut b = start_loaded(lucky(1, 1), &[5, 5, 9]);
    ok(&mut b, Command::GainLuck { seat: P1, luck: 1 });
    assert_eq!(a.state_hash(), b.state_hash());
    assert_eq!(a.check(&Command::GainLuck { seat: P0, luck: 1 }), Ok(()));
}

#[test]
fn camp_11_an_empty_reward_or_a_missing_player_is_refused_and_changes_nothing() {
    let mut g = start(lucky(1, 1));
    let before = g.state_hash();
    let empty = g.apply(Command::GainLuck { seat: P0, luck: 0 });
    assert_eq!(refusal(empty), Rule::Camp11);
    let nobody = g.apply(Command::GainLuck {
        seat: Seat(7),
        luck: 1,
    });
    assert_eq!(refusal(nobody), Rule::Camp11);
    assert_eq!(g.state_hash(), before);
}

#[test]
fn camp_11_after_the_game_ends_luck_can_no_longer_be_gained() {
    let setup = boss_against_a_lone_goon();
    let mut g = start_loaded(setup, &[9, 2]);
    ok(&mut g, Command::Activate { model: m(0) });
    ok(&mut g, ranged_attack(m(0), 0, m(1)));
    assert!(matches!(g.outcome(), Some(Outcome::Win { .. })));
    let before = g.state_hash();
    let late = g.check(&Command::GainLuck { seat: P0, luck: 1 });
    assert_eq!(refusal(late), Rule::Camp11);
    assert_eq!(
        refusal(g.apply(Command::GainLuck { seat: P0, luck: 1 })),
        Rule::Camp11
    );
    assert_eq!(g.state_hash(), before);
}
