//! LUCK: starting Luck, re-rolls, the Luck order in an Opposed Roll and Lucky Streak.

mod common;

use common::*;
use redline_rules::card::{ActionDef, Colour, Keyword, ModelProfile, Skill};
use redline_rules::dice::Die;
use redline_rules::{Command, DecisionKind, Event, PlayerSetup, Setup, Target, basic};

fn lucky(p0: Option<u8>, p1: Option<u8>) -> Setup {
    Setup {
        players: vec![
            PlayerSetup {
                luck: p0,
                ..player(0)
            },
            PlayerSetup {
                luck: p1,
                ..player(1)
            },
        ],
        ..duel()
    }
}

fn offer(g: &redline_rules::Game) -> (redline_rules::Seat, Option<redline_rules::ModelId>) {
    match &g.decision().unwrap().kind {
        DecisionKind::OfferLuck { model, .. } => (g.decision().unwrap().seat, *model),
        d => panic!("expected a Luck offer, got {d:?}"),
    }
}

#[test]
fn luck_1_each_team_starts_with_three() {
    let g = start(lucky(None, None));
    assert_eq!((g.luck(P0), g.luck(P1)), (3, 3));
}

#[test]
fn luck_6_underdogs_luck_adds_the_street_cred_difference() {
    let setup = Setup {
        models: vec![
            model(character("Rookie"), 0, [8.0, 0.0, 7.0]),
            model(
                ModelProfile {
                    stars: 2,
                    ..character("Veteran")
                },
                1,
                [8.0, 0.0, 17.0],
            ),
        ],
        ..lucky(None, None)
    };
    let g = start(setup);
    assert_eq!((g.luck(P0), g.luck(P1)), (5, 3));
}

#[test]
fn luck_2_luck_4_control_player_decides_first_then_the_opponent() {
    let mut g = start_loaded(lucky(Some(1), Some(1)), &[5, 5, 9]);
    shot(&mut g);
    assert_eq!(offer(&g), (P0, Some(m(0))));
    ok(&mut g, Command::KeepRoll);
    assert_eq!(offer(&g), (P1, Some(m(1))));
    let ev = ok(&mut g, Command::Reroll);
    assert_eq!(
        ev[..2],
        [
            Event::LuckSpent { seat: P1, left: 0 },
            Event::Rerolled {
                die: die_result(
                    Some(m(1)),
                    P1,
                    redline_rules::dice::Die::Action(redline_rules::card::Colour::Green),
                    9,
                    1
                ),
                old_face: 5
            }
        ]
    );
    assert_eq!(g.luck(P1), 0);
}

#[test]
fn luck_4_control_player_gets_a_second_chance_after_the_opponent_rerolls() {
    // 5+2 vs 5+1: actor winning, keeps; defender re-rolls 9 (10); actor may now re-roll: 10 (12).
    let mut g = start_loaded(lucky(Some(1), Some(1)), &[5, 5, 9, 10]);
    shot(&mut g);
    ok(&mut g, Command::KeepRoll);
    ok(&mut g, Command::Reroll);
    assert_eq!(offer(&g), (P0, Some(m(0))));
    let ev = ok(&mut g, Command::Reroll);
    assert!(ev.contains(&Event::RollDecided {
        actor_won: vec![true]
    }));
}

#[test]
fn luck_3_a_die_is_never_rerolled_twice() {
    // The Control player re-rolls at once; no second offer of the same die follows, even with
    // Luck left, and the opponent (no Luck) gets none.
    let mut g = start_loaded(lucky(Some(3), Some(0)), &[2, 5, 3]);
    shot(&mut g);
    assert_eq!(offer(&g), (P0, Some(m(0))));
    let ev = ok(&mut g, Command::Reroll);
    assert!(ev.contains(&Event::RollDecided {
        actor_won: vec![false]
    }));
    assert_eq!(g.luck(P0), 2);
}

#[test]
fn luck_5_lucky_streak_a_crit_reroll_returns_the_token() {
    let mut g = start_loaded(lucky(Some(1), Some(0)), &[2, 5, 12]);
    shot(&mut g);
    let ev = ok(&mut g, Command::Reroll);
    assert!(ev.contains(&Event::LuckReturned { seat: P0, left: 1 }));
    assert_eq!(g.luck(P0), 1);
}

#[test]
fn luck_2_no_luck_left_means_no_reroll() {
    let mut g = start_loaded(lucky(Some(0), Some(0)), &[5, 5]);
    shot(&mut g);
    assert!(!matches!(
        g.decision().unwrap().kind,
        DecisionKind::OfferLuck { .. }
    ));
}

#[test]
fn luck_7_campaign_luck_comes_in_through_the_setup_and_replaces_the_default() {
    // OPEN-11: the campaign layer works out Beginner's and Underdog's Luck and passes the
    // total; the engine uses it as given.
    let g = start(lucky(Some(6), Some(2)));
    assert_eq!((g.luck(P0), g.luck(P1)), (6, 2));
}

#[test]
fn luck_8_a_drones_defence_roll_is_not_offered_to_luck() {
    let drone = drone("Drone");
    let setup = Setup {
        models: vec![
            model(character("Shooter"), 0, [8.0, 0.0, 7.0]),
            model(drone, 1, [8.0, 0.0, 17.0]),
            model(character("Pilot"), 1, [14.0, 0.0, 20.0]),
        ],
        ..lucky(Some(0), Some(3))
    };
    let mut g = start_loaded(setup, &[5, 5]);
    ok(&mut g, Command::Activate { model: m(0) });
    let ev = ok(&mut g, ranged_attack(m(0), 0, m(1)));
    assert!(
        ev.iter().any(|e| matches!(e, Event::RollDecided { .. })),
        "no Luck offer expected, got {:?}",
        g.decision()
    );
    assert_eq!(g.luck(P1), 3);
}

#[test]
fn luck_1_luck_6_open_10_cards_underdog_and_the_scenario_add_up() {
    use redline_rules::cards::{Ability, CardDef, CardKind};
    use redline_rules::scenario::{ScenarioRules, SpecialRule};
    let charm = CardDef {
        abilities: vec![Ability::ExtraLuck(1)],
        ..CardDef::new("charm", "Charm", CardKind::Gear)
    };
    let setup = Setup {
        models: vec![
            model(carrying("Rookie", vec![charm]), 0, [8.0, 0.0, 7.0]),
            model(
                ModelProfile {
                    stars: 2,
                    ..character("Veteran")
                },
                1,
                [8.0, 0.0, 17.0],
            ),
        ],
        scenario: ScenarioRules {
            rules: vec![SpecialRule::ExtraLuck(1)],
            ..ScenarioRules::default()
        },
        ..lucky(None, None)
    };
    let g = start(setup);
    // Seat 0: 3 + 1 from its Gear (LUCK-1) + 2 Underdog's Luck (LUCK-6, OPEN-10) + 1 from
    // the scenario; seat 1: 3 + 1 from the scenario.
    assert_eq!((g.luck(P0), g.luck(P1)), (7, 4));
}

#[test]
fn open_8_luck_4_one_actor_reroll_counts_against_every_defender() {
    // A Torrent on two rivals: the actor rolls once, each defender rolls its own die.
    let torrent = ActionDef {
        keywords: vec![Keyword::Torrent],
        ..attack_action("Torch", Skill::Ranged, RED_YELLOW)
    };
    let setup = Setup {
        models: vec![
            model(
                ModelProfile {
                    actions: vec![torrent],
                    ..character("Torch")
                },
                0,
                [8.0, 0.0, 4.0],
            ),
            model(character("Near"), 1, [8.0, 0.0, 7.0]),
            model(character("Aim"), 1, [8.0, 0.0, 10.0]),
        ],
        ..lucky(Some(1), Some(2))
    };
    // Actor 10 + 2 = 12; Near 5 + 1 = 6; Aim 5 + 2 (Reflexes, Near in front) = 7.
    // Re-rolls: Near 11 (12, a tie the defender wins), then the actor 11 (13).
    let mut g = start_loaded(setup, &[10, 5, 5, 11, 11]);
    ok(&mut g, Command::Activate { model: m(0) });
    ok(
        &mut g,
        act(m(0), basic::COUNT, Some(0), Target::Model(m(2))),
    );
    ok(&mut g, defend(Some(0)));
    ok(&mut g, defend(Some(0)));
    // Control player first: one offer for its single die.
    assert_eq!(offer(&g), (P0, Some(m(0))));
    ok(&mut g, Command::KeepRoll);
    // Then the defending player, one decision per die it rolled.
    assert_eq!(offer(&g), (P1, Some(m(1))));
    ok(&mut g, Command::Reroll);
    assert_eq!(offer(&g), (P1, Some(m(2))));
    ok(&mut g, Command::KeepRoll);
    // The Control player was passed by that re-roll: one more chance (LUCK-4).
    assert_eq!(offer(&g), (P0, Some(m(0))));
    let ev = ok(&mut g, Command::Reroll);
    assert!(ev.contains(&Event::Rerolled {
        die: die_result(Some(m(0)), P0, Die::Action(Colour::Green), 11, 2),
        old_face: 10
    }));
    // The one re-rolled actor die is compared with both defenders: 13 beats 12 and 7.
    assert!(ev.contains(&Event::RollDecided {
        actor_won: vec![true, true]
    }));
    assert_eq!((g.luck(P0), g.luck(P1)), (0, 1));
}
