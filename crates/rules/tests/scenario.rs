//! Scenario rules in the engine: first Control (CTRL-15), Reserves (FIELD-8, FIELD-9),
//! quarters (FIELD-10), markers and scenario actions (FIELD-6), win conditions (CTRL-21).

mod common;

use common::*;
use redline_rules::cards::{CardDef, CardId, CardKind};
use redline_rules::scenario::{
    ExitEdge, FirstControl, ScenarioRules, SeatZone, SpecialRule, WinCondition,
};
use redline_rules::{
    Command, DecisionKind, EndReason, Entry, Event, Outcome, Seat, Setup, Target, TeamId, scenario,
};
use redline_rules::{Rule, basic};

/// A deployment zone 3" deep along the north edge for `seat`.
fn north_edge_zone(seat: Seat) -> SeatZone {
    SeatZone {
        seat,
        zone: scenario::DeploymentZone::Edge {
            edge: scenario::Edge::North,
            distance: 3.0,
        },
    }
}

fn with_rules(setup: Setup, rules: ScenarioRules) -> Setup {
    Setup {
        scenario: rules,
        ..setup
    }
}

#[test]
fn ctrl_15_a_roll_off_uses_the_seeded_dice_and_the_winner_chooses() {
    let setup = with_rules(
        with_models(vec![
            model(character("A"), 0, [8.0, 0.0, 7.0]),
            model(character("B"), 1, [8.0, 0.0, 17.0]),
        ]),
        ScenarioRules {
            first_control: FirstControl::RollOff,
            ..ScenarioRules::default()
        },
    );
    // Seat 0 rolls 2, seat 1 rolls 5: seat 1 chooses.
    let mut g = start_loaded(setup, &[2, 5]);
    assert!(g.opening_events().contains(&Event::FirstControlRoll {
        rolls: vec![(P0, 2), (P1, 5)]
    }));
    let d = g.decision().expect("decision").clone();
    assert_eq!(d.seat, P1);
    assert!(matches!(d.kind, DecisionKind::ChooseFirstControl { .. }));
    assert_eq!(
        g.check(&Command::Activate { model: m(1) })
            .unwrap_err()
            .rule,
        Rule::Ctrl15
    );
    ok(&mut g, Command::GiveFirstControl { seat: P0 });
    assert_eq!(g.control(), P0);
}

#[test]
fn field_8_field_9_a_reserve_enters_on_first_activation_at_an_edge_clear_of_rivals() {
    let mut reserve = model(character("Diver"), 0, [0.0; 3]);
    reserve.entry = Entry::Reserve;
    let setup = with_models(vec![
        model(character("A"), 0, [12.0, 0.0, 12.0]),
        model(character("B"), 1, [12.0, 0.0, 20.0]),
        reserve,
    ]);
    let mut g = start(setup);
    assert!(!g.in_play(m(2)) && g.in_reserve(m(2)));
    ok(&mut g, Command::Activate { model: m(2) });
    assert!(matches!(
        g.decision().map(|d| &d.kind),
        Some(DecisionKind::Deploy { .. })
    ));
    // Not within reach of an edge.
    let mid = Command::Deploy {
        model: m(2),
        at: [5.0, 0.0, 5.0],
    };
    assert_eq!(g.check(&mid).unwrap_err().rule, Rule::Field9);
    // At the south edge, within GREEN of the rival and not near a friend.
    let near_rival = Command::Deploy {
        model: m(2),
        at: [12.0, 0.0, 23.4],
    };
    assert_eq!(g.check(&near_rival).unwrap_err().rule, Rule::Field9);
    // No action before it is placed.
    assert_eq!(
        refusal(g.check(&act(m(2), 0, Some(0), Target::Route(vec![[1.0, 0.0, 1.0]])))),
        Rule::Field9
    );
    let at = [0.6, 0.0, 0.6];
    let ev = ok(&mut g, Command::Deploy { model: m(2), at });
    assert!(ev.contains(&Event::Deployed {
        model: m(2),
        at,
        from_reserve: true
    }));
    assert!(g.in_play(m(2)));
    assert!(matches!(
        g.decision().map(|d| &d.kind),
        Some(DecisionKind::NextAction { .. })
    ));
}

#[test]
fn field_10_quarters_are_counted_at_the_end_of_your_own_inspire() {
    let setup = with_rules(
        with_models(vec![
            model(gonk("G1"), 0, [4.0, 0.0, 4.0]),
            model(gonk("G2"), 0, [20.0, 0.0, 4.0]),
            model(gonk("G3"), 0, [4.0, 0.0, 20.0]),
            model(gonk("R1"), 1, [20.0, 0.0, 20.0]),
        ]),
        ScenarioRules {
            win: vec![WinCondition::ControlQuarters(3)],
            ..ScenarioRules::default()
        },
    );
    let mut g = start(setup);
    ok(&mut g, Command::Inspire { seat: P0 });
    for k in 0..3 {
        ok(&mut g, Command::SkipGonk { model: m(k) });
    }
    assert_eq!(
        g.outcome(),
        Some(&Outcome::Win {
            team: TeamId(0),
            seats: vec![P0],
            why: EndReason::Condition(WinCondition::ControlQuarters(3)),
        })
    );
    assert!(g.decision().is_none());
}

#[test]
fn ctrl_21_carrying_markers_off_an_edge_wins() {
    let setup = with_rules(
        with_models(vec![
            model(character("A"), 0, [12.0, 0.0, 1.0]),
            model(character("B"), 1, [12.0, 0.0, 20.0]),
        ]),
        ScenarioRules {
            deployment: vec![north_edge_zone(Seat(0))],
            markers: vec![[12.0, 0.0, 2.0]],
            rules: vec![SpecialRule::CarryMarkers],
            win: vec![WinCondition::CarryMarkersOff {
                count: 1,
                edge: ExitEdge::OwnZone,
            }],
            ..ScenarioRules::default()
        },
    );
    let mut g = start(setup);
    ok(&mut g, Command::Activate { model: m(0) });
    // Without a marker the model may not leave.
    let leave = act(m(0), scenario::LEAVE_TABLE, Some(0), Target::None);
    assert_eq!(g.check(&leave).unwrap_err().rule, Rule::Field6);
    ok(
        &mut g,
        act(m(0), scenario::PICK_UP, Some(0), Target::Marker(0)),
    );
    assert_eq!(g.markers()[0].carrier, Some(m(0)));
    let ev = ok(
        &mut g,
        act(m(0), scenario::LEAVE_TABLE, Some(1), Target::None),
    );
    assert!(ev.iter().any(|e| matches!(e, Event::LeftTable { .. })));
    assert_eq!(g.outcome().and_then(|o| o.winner()), Some(TeamId(0)));
}

#[test]
fn field_6_max_range_refuses_targets_beyond_the_band() {
    let setup = with_rules(
        duel(),
        ScenarioRules {
            rules: vec![SpecialRule::MaxRange(redline_rules::card::Band::Yellow)],
            ..ScenarioRules::default()
        },
    );
    let mut g = start(setup);
    ok(&mut g, Command::Activate { model: m(0) });
    let shot = ranged_attack(m(0), 0, m(1));
    let err = g.check(&shot).unwrap_err();
    assert_eq!(err.rule, Rule::Field6);
    assert!(err.message.contains("YELLOW"), "{err}");
}

#[test]
fn field_6_act_5_reaches_says_what_the_refusal_says() {
    // FIELD-6, ACT-5: `reaches` is the engine's answer to "could this action target a model
    // that far away": the range card and the scenario's band limit, as the refusal checks.
    let limited = with_rules(
        duel(),
        ScenarioRules {
            rules: vec![SpecialRule::MaxRange(redline_rules::card::Band::Yellow)],
            ..ScenarioRules::default()
        },
    );
    for (setup, allowed) in [(duel(), true), (limited, false)] {
        let mut g = start(setup);
        ok(&mut g, Command::Activate { model: m(0) });
        let gun = g
            .action(m(0), basic::RANGED)
            .expect("the basic ranged attack")
            .clone();
        let d = g.distance(m(0), m(1));
        assert_eq!(g.reaches(&gun, d), allowed, "{d:.1}\" away");
        assert_eq!(g.check(&ranged_attack(m(0), 0, m(1))).is_ok(), allowed);
        // Within the band the limit allows the shot again.
        assert!(g.reaches(&gun, 5.0) && g.band_allows(5.0));
        // Past the range card's reach nothing reaches (ACT-5).
        let card = gun.range.expect("a range card");
        assert!(!g.reaches(&gun, card.max_inches() + 1.0) || card.max_inches().is_infinite());
    }
}

#[test]
fn field_6_search_is_tech_against_the_obstacle_die_once_per_marker() {
    let setup = with_rules(
        Setup {
            loot_deck: vec![CardDef::new("stim", "Stim", CardKind::Loot)],
            ..with_models(vec![
                model(character("A"), 0, [12.0, 0.0, 1.0]),
                model(character("B"), 1, [12.0, 0.0, 22.0]),
            ])
        },
        ScenarioRules {
            markers: vec![[12.0, 0.0, 2.0]],
            rules: vec![SpecialRule::SearchMarkers],
            ..ScenarioRules::default()
        },
    );
    // GREEN 9 + Tech 0 against the Obstacle die's 3: found.
    let mut g = start_loaded(
        Setup {
            players: no_luck().players,
            ..setup
        },
        &[9, 3],
    );
    ok(&mut g, Command::Activate { model: m(0) });
    let ev = ok(
        &mut g,
        act(m(0), scenario::SEARCH, Some(0), Target::Marker(0)),
    );
    assert!(ev.contains(&Event::MarkerSearched {
        marker: 0,
        by: m(0)
    }));
    assert!(ev.contains(&Event::LootDrawn {
        by: m(0),
        // The only card of the game: the Loot deck's one card.
        card: Some(CardId(0))
    }));
    let again = act(m(0), scenario::SEARCH, Some(1), Target::Marker(0));
    assert_eq!(g.check(&again).unwrap_err().rule, Rule::Field6);
}

#[test]
fn ctrl_20_ctrl_21_taking_out_the_rival_leader_wins_for_the_team() {
    let mut boss = character("Boss");
    boss.keywords
        .push(redline_rules::card::ModelKeyword::Leader);
    let setup = with_rules(
        no_luck_with(vec![
            model(character("A"), 0, [8.0, 0.0, 7.0]),
            model(boss, 1, [8.0, 0.0, 17.0]),
            model(gonk("Goon"), 1, [16.0, 0.0, 17.0]),
        ]),
        ScenarioRules {
            win: vec![WinCondition::TakeOutLeader, WinCondition::LastStanding],
            ..ScenarioRules::default()
        },
    );
    // One hit with the Boss opposing on its RED token takes it out (WOUND-6).
    let mut g = start_loaded(setup, &[9, 1]);
    ok(&mut g, Command::Activate { model: m(0) });
    ok(&mut g, ranged_attack(m(0), 0, m(1)));
    ok(&mut g, defend(Some(2)));
    assert!(g.taken_out(m(1)));
    assert_eq!(
        g.outcome().map(|o| o.why().clone()),
        Some(EndReason::Condition(WinCondition::TakeOutLeader))
    );
    assert_eq!(g.taken_out_log(), &[(m(1), Some(m(0)))]);
}

#[test]
fn ctrl_15_the_lowest_street_cred_has_control_first() {
    let mut vet = character("Vet");
    vet.stars = 2;
    let setup = with_rules(
        with_models(vec![
            model(vet, 0, [8.0, 0.0, 7.0]),
            model(character("B"), 1, [8.0, 0.0, 17.0]),
        ]),
        ScenarioRules {
            first_control: FirstControl::LowestStreetCred,
            ..ScenarioRules::default()
        },
    );
    let g = start(setup);
    assert_eq!(g.control(), P1);
    assert_eq!(g.decision().map(|d| d.seat), Some(P1));
}

#[test]
fn field_9_a_gonk_in_reserve_enters_during_the_inspire_before_acting() {
    let mut g1 = model(gonk("G"), 0, [0.0; 3]);
    g1.entry = Entry::Reserve;
    // Seat 0's only model is the Gonk in Reserve, so it Inspires (CTRL-3).
    let setup = with_models(vec![model(character("B"), 1, [12.0, 0.0, 21.0]), g1]);
    let mut g = start(setup);
    ok(&mut g, Command::Inspire { seat: P0 });
    let walk = act(m(1), 0, None, Target::Route(vec![[2.0, 0.0, 2.0]]));
    assert_eq!(g.check(&walk).unwrap_err().rule, Rule::Field9);
    assert!(
        g.legal_commands()
            .iter()
            .any(|c| matches!(c, Command::Deploy { .. }))
    );
    let at = [12.0, 0.0, 0.6];
    ok(&mut g, Command::Deploy { model: m(1), at });
    assert!(g.in_play(m(1)));
    // Still its action to take in this Inspire.
    assert!(matches!(
        g.decision().map(|d| &d.kind),
        Some(DecisionKind::InspireGonks { gonks }) if gonks.contains(&m(1))
    ));
}

#[test]
fn field_6_gonk_reinforcements_go_back_into_reserve_once() {
    let setup = with_rules(
        no_luck_with(vec![
            model(character("A"), 0, [8.0, 0.0, 7.0]),
            model(gonk("Goon"), 1, [8.0, 0.0, 17.0]),
            model(character("B"), 1, [20.0, 0.0, 20.0]),
        ]),
        ScenarioRules {
            rules: vec![SpecialRule::GonkReinforcements(1)],
            ..ScenarioRules::default()
        },
    );
    let mut g = start_loaded(setup, &[9, 2]);
    ok(&mut g, Command::Activate { model: m(0) });
    let ev = ok(&mut g, ranged_attack(m(0), 0, m(1)));
    assert!(ev.contains(&Event::ReturnedToReserve { model: m(1) }));
    assert!(g.in_reserve(m(1)) && !g.in_play(m(1)));
    assert_eq!(g.bodies().len(), 1);
}

#[test]
fn ctrl_21_the_inspire_limit_ends_the_game_by_markers_held() {
    let setup = with_rules(
        with_models(vec![
            model(gonk("G"), 0, [4.0, 0.0, 4.0]),
            model(gonk("R"), 1, [20.0, 0.0, 20.0]),
        ]),
        ScenarioRules {
            markers: vec![[4.0, 0.0, 5.0]],
            rules: vec![SpecialRule::InspireLimit(1)],
            win: vec![WinCondition::MostMarkersAtEnd, WinCondition::LastStanding],
            ..ScenarioRules::default()
        },
    );
    let mut g = start(setup);
    ok(&mut g, Command::Inspire { seat: P0 });
    ok(&mut g, Command::SkipGonk { model: m(0) });
    assert!(g.outcome().is_none());
    ok(&mut g, Command::Inspire { seat: P1 });
    ok(&mut g, Command::SkipGonk { model: m(1) });
    assert_eq!(g.markers_held(TeamId(0)), vec![0]);
    assert_eq!(
        g.outcome(),
        Some(&Outcome::Win {
            team: TeamId(0),
            seats: vec![P0],
            why: EndReason::Limit {
                limit: scenario::Limit::Inspires(1),
                decided_by: scenario::Tiebreak::MostMarkers,
            },
        })
    );
}

/// A fight for ground to a round limit (Street Claim): when the limit ends the game, the team
/// controlling the most quarters (FIELD-10) wins, ahead of the team with more models; with
/// one of its models gone off the table the count is level and models decide.
#[test]
fn ctrl_21_field_10_the_inspire_limit_ends_a_fight_for_ground_by_quarters_held() {
    let setup = with_rules(
        with_models(vec![
            model(gonk("North-west"), 0, [4.0, 0.0, 4.0]),
            model(gonk("North-east"), 0, [20.0, 0.0, 4.0]),
            model(gonk("R1"), 1, [4.0, 0.0, 20.0]),
            model(gonk("R2"), 1, [7.0, 0.0, 20.0]),
            model(gonk("R3"), 1, [10.0, 0.0, 20.0]),
        ]),
        ScenarioRules {
            rules: vec![SpecialRule::InspireLimit(1)],
            win: vec![
                WinCondition::ControlQuarters(3),
                WinCondition::MostQuartersAtEnd,
                WinCondition::LastStanding,
            ],
            ..ScenarioRules::default()
        },
    );
    let mut g = start(setup);
    let limit = |team: u8, seat, decided_by| Outcome::Win {
        team: TeamId(team),
        seats: vec![seat],
        why: EndReason::Limit {
            limit: scenario::Limit::Inspires(1),
            decided_by,
        },
    };
    assert_eq!(
        g.outcome_at_limit(Some(m(1))),
        Some(limit(1, P1, scenario::Tiebreak::MostModels))
    );
    ok(&mut g, Command::Inspire { seat: P0 });
    ok(&mut g, Command::SkipGonk { model: m(0) });
    ok(&mut g, Command::SkipGonk { model: m(1) });
    assert!(g.outcome().is_none());
    ok(&mut g, Command::Inspire { seat: P1 });
    for k in 2..5 {
        ok(&mut g, Command::SkipGonk { model: m(k) });
    }
    assert_eq!(
        g.outcome(),
        Some(&limit(0, P0, scenario::Tiebreak::MostQuarters))
    );
}

/// CTRL-21 and the backstop (docs/decisions/ctrl-21-limit-tiebreaks.md): teams level on
/// models in play are parted by healthy tokens, tokens no wound has turned RED (WOUND-2); a
/// token printed RED is healthy. Level on that too, the limit is a draw.
#[test]
fn ctrl_21_a_limit_between_teams_level_on_models_goes_to_the_fewer_wounds() {
    let setup = Setup {
        victory: redline_rules::Victory {
            turn_limit: Some(30),
        },
        ..no_luck_with(vec![
            model(character("Shooter"), 0, [8.0, 0.0, 7.0]),
            model(character("Target"), 1, [8.0, 0.0, 17.0]),
        ])
    };
    let mut g = start_loaded(setup, &[9, 2]);
    let limit = |decided_by| EndReason::Limit {
        limit: scenario::Limit::Turns(30),
        decided_by,
    };
    assert_eq!(
        g.outcome_at_turn_limit(),
        Some(Outcome::Draw {
            why: limit(scenario::Tiebreak::MostModels)
        })
    );
    ok(&mut g, Command::Activate { model: m(0) });
    ok(&mut g, ranged_attack(m(0), 0, m(1)));
    if matches!(
        g.decision().map(|d| &d.kind),
        Some(DecisionKind::ChooseDefence { .. })
    ) {
        ok(&mut g, defend(Some(1)));
    }
    // The Target took a wound on its YELLOW token and is still in play: one model each,
    // three healthy tokens against two.
    assert!(g.in_play(m(1)));
    assert_eq!((g.healthy_tokens(m(0)), g.healthy_tokens(m(1))), (3, 2));
    assert_eq!(
        g.outcome_at_turn_limit(),
        Some(Outcome::Win {
            team: TeamId(0),
            seats: vec![P0],
            why: limit(scenario::Tiebreak::MostHealthyTokens),
        })
    );
    assert!(g.outcome().is_none());
}

#[test]
fn field_6_a_carrier_taken_out_drops_its_marker_where_it_fell() {
    let setup = with_rules(
        no_luck_with(vec![
            model(character("A"), 0, [8.0, 0.0, 7.0]),
            model(character("B"), 1, [8.0, 0.0, 17.0]),
            model(character("C"), 1, [20.0, 0.0, 20.0]),
        ]),
        ScenarioRules {
            markers: vec![[8.0, 0.0, 18.0]],
            rules: vec![SpecialRule::CarryMarkers],
            ..ScenarioRules::default()
        },
    );
    let mut g = start_loaded(setup, &[9, 1]);
    ok(&mut g, Command::Activate { model: m(0) });
    ok(&mut g, Command::EndActivation);
    ok(&mut g, Command::Activate { model: m(1) });
    ok(
        &mut g,
        act(m(1), scenario::PICK_UP, Some(0), Target::Marker(0)),
    );
    ok(&mut g, Command::EndActivation);
    ok(&mut g, Command::Activate { model: m(0) });
    let ev = ok(&mut g, ranged_attack(m(0), 1, m(1)));
    let ev2 = ok(&mut g, defend(Some(2)));
    let all: Vec<Event> = ev.into_iter().chain(ev2).collect();
    assert!(all.contains(&Event::MarkerDropped {
        marker: 0,
        at: [8.0, 0.0, 17.0]
    }));
    assert_eq!(g.markers()[0].carrier, None);
}

#[test]
fn field_6_escaping_over_the_opposite_edge_wins() {
    let setup = with_rules(
        with_models(vec![
            model(character("A"), 0, [12.0, 0.0, 23.0]),
            model(character("B"), 1, [2.0, 0.0, 2.0]),
        ]),
        ScenarioRules {
            deployment: vec![north_edge_zone(Seat(0))],
            win: vec![WinCondition::Escape {
                count: 1,
                edge: ExitEdge::OppositeZone,
            }],
            ..ScenarioRules::default()
        },
    );
    let mut g = start(setup);
    ok(&mut g, Command::Activate { model: m(0) });
    ok(
        &mut g,
        act(m(0), scenario::LEAVE_TABLE, Some(0), Target::None),
    );
    assert_eq!(g.left_table(m(0)), Some(scenario::Edge::South));
    assert!(!g.taken_out(m(0)));
    assert_eq!(
        g.outcome().map(|o| o.why().clone()),
        Some(EndReason::Condition(WinCondition::Escape {
            count: 1,
            edge: ExitEdge::OppositeZone
        }))
    );
}

#[test]
fn field_6_holding_markers_is_counted_at_the_end_of_your_own_inspire() {
    let setup = with_rules(
        with_models(vec![
            model(gonk("G1"), 0, [4.0, 0.0, 4.0]),
            model(gonk("G2"), 0, [20.0, 0.0, 4.0]),
            model(gonk("R1"), 1, [12.0, 0.0, 20.0]),
        ]),
        ScenarioRules {
            markers: vec![[4.0, 0.0, 5.0], [20.0, 0.0, 5.0], [12.0, 0.0, 12.0]],
            win: vec![WinCondition::HoldMarkers(2)],
            ..ScenarioRules::default()
        },
    );
    let mut g = start(setup);
    ok(&mut g, Command::Inspire { seat: P0 });
    ok(&mut g, Command::SkipGonk { model: m(0) });
    let ev = ok(&mut g, Command::SkipGonk { model: m(1) });
    assert!(ev.contains(&Event::MarkersCounted {
        team: TeamId(0),
        held: vec![0, 1]
    }));
    assert_eq!(g.outcome().and_then(|o| o.winner()), Some(TeamId(0)));
}

#[test]
fn ctrl_21_drone_1_drone_7_a_drone_taken_out_counts_for_take_out() {
    // TakeOut(1): shooting the rival's drone (any wound takes it out) wins, since a drone
    // is a model.
    let drone = drone("Drone");
    let setup = with_rules(
        no_luck_with(vec![
            model(character("A"), 0, [8.0, 0.0, 7.0]),
            model(drone, 1, [8.0, 0.0, 17.0]),
            model(character("B"), 1, [20.0, 0.0, 22.0]),
        ]),
        ScenarioRules {
            win: vec![WinCondition::TakeOut(1)],
            ..ScenarioRules::default()
        },
    );
    // DRONE-6: the drone defends with the Obstacle die (2), the shot is GREEN 9 + 2.
    let mut g = start_loaded(setup, &[9, 2]);
    ok(&mut g, Command::Activate { model: m(0) });
    let ev = ok(&mut g, ranged_attack(m(0), 0, m(1)));
    assert!(ev.contains(&Event::DroneTakenOut {
        model: m(1),
        by: Some(m(0))
    }));
    assert_eq!(g.taken_out_log(), &[(m(1), Some(m(0)))]);
    assert_eq!(
        g.outcome().map(|o| o.why().clone()),
        Some(EndReason::Condition(WinCondition::TakeOut(1)))
    );
}

#[test]
fn drone_2_field_6_a_drone_never_uses_the_scenarios_actions() {
    // A drone placed at setup next to a marker, in a scenario with Search and Pick Up.
    let drone = drone("Drone");
    let setup = with_rules(
        with_models(vec![
            model(character("A"), 0, [4.0, 0.0, 4.0]),
            model(drone, 0, [12.0, 0.0, 1.0]),
            model(character("B"), 1, [12.0, 0.0, 22.0]),
        ]),
        ScenarioRules {
            markers: vec![[12.0, 0.0, 2.0]],
            rules: vec![SpecialRule::SearchMarkers, SpecialRule::CarryMarkers],
            ..ScenarioRules::default()
        },
    );
    let mut g = start(setup);
    // CTRL-3: a Used token first, so seat 0 may Inspire on its next Control.
    ok(&mut g, Command::Activate { model: m(0) });
    ok(&mut g, move_to(m(0), 0, [4.0, 0.0, 5.0]));
    inspire_after_rival(&mut g, m(2));
    assert!(matches!(
        &g.decision().unwrap().kind,
        DecisionKind::InspireGonks { gonks } if gonks.contains(&m(1))
    ));
    for action in [scenario::SEARCH, scenario::PICK_UP] {
        let err = g
            .check(&act(m(1), action, None, Target::Marker(0)))
            .unwrap_err();
        assert_eq!(err.rule, Rule::Drone2, "{err}");
    }
    assert!(!g.legal_commands().iter().any(
        |c| matches!(c, Command::Act(a) if a.model == m(1) && scenario::is_scenario_action(a.action))
    ));
}
