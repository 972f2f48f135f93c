//! What a limit would decide now (CTRL-21, `Game::outcome_at_limit`): the counts the engine
//! ends the game by, asked before the limit, with one model counted as gone off the table
//! carrying its markers (FIELD-6), as a crew banking a case in Through the Wall weighs it.

mod common;

use common::*;
use redline_rules::scenario::{
    ExitEdge, Limit, Role, ScenarioRules, SeatSide, SeatZone, SpecialRule, Tiebreak, WinCondition,
};
use redline_rules::{Command, EndReason, Outcome, Seat, Setup, Target, TeamId, scenario};

/// A race for two cases to a five-Inspire limit, as Through the Wall: carry both off over
/// your own edge, or have the most held or carried off at the limit.
fn race(models: Vec<redline_rules::ModelSetup>, markers: Vec<[f32; 3]>) -> Setup {
    Setup {
        scenario: ScenarioRules {
            deployment: vec![SeatZone {
                seat: Seat(0),
                zone: scenario::DeploymentZone::Edge {
                    edge: scenario::Edge::North,
                    distance: 3.0,
                },
            }],
            markers,
            rules: vec![SpecialRule::CarryMarkers, SpecialRule::InspireLimit(5)],
            win: vec![
                WinCondition::CarryMarkersOff {
                    count: 2,
                    edge: ExitEdge::OwnZone,
                },
                WinCondition::MostMarkersAtEnd,
            ],
            ..ScenarioRules::default()
        },
        ..with_models(models)
    }
}

fn limit_win(team: u8, seat: Seat, decided_by: Tiebreak) -> Option<Outcome> {
    Some(Outcome::Win {
        team: TeamId(team),
        seats: vec![seat],
        why: EndReason::Limit {
            limit: Limit::Inspires(5),
            decided_by,
        },
    })
}

#[test]
fn ctrl_21_field_6_a_carrier_gone_off_the_table_keeps_its_case_for_its_team() {
    // Seat 0: a carrier-to-be at its edge by case 0, and one more. Seat 1: three models.
    let setup = race(
        vec![
            model(character("Carrier"), 0, [12.0, 0.0, 1.0]),
            model(character("Mate"), 0, [4.0, 0.0, 4.0]),
            model(character("C"), 1, [12.0, 0.0, 20.0]),
            model(character("D"), 1, [20.0, 0.0, 20.0]),
            model(character("E"), 1, [4.0, 0.0, 20.0]),
        ],
        vec![[12.0, 0.0, 2.0], [20.0, 0.0, 12.0]],
    );
    let mut g = start(setup);
    // Case 0 lies within reach of the Carrier alone: seat 0 holds it, one case to none.
    assert_eq!(
        g.outcome_at_limit(None),
        limit_win(0, P0, Tiebreak::MostMarkers)
    );
    // Gone off the table it holds no case on the ground: no case each, and seat 1 has the
    // more models in play.
    assert_eq!(
        g.outcome_at_limit(Some(m(0))),
        limit_win(1, P1, Tiebreak::MostModels)
    );
    ok(&mut g, Command::Activate { model: m(0) });
    ok(
        &mut g,
        act(m(0), scenario::PICK_UP, Some(0), Target::Marker(0)),
    );
    // Carried, the case goes off with it and counts as carried off for seat 0.
    let banked = g.outcome_at_limit(Some(m(0)));
    assert_eq!(banked, limit_win(0, P0, Tiebreak::MostMarkers));
    ok(
        &mut g,
        act(m(0), scenario::LEAVE_TABLE, Some(1), Target::None),
    );
    assert!(!g.in_play(m(0)) && g.outcome().is_none());
    // Off the table now, the engine counts what the query foresaw.
    assert_eq!(g.outcome_at_limit(None), banked);
    assert_eq!(g.markers()[0].carried_off_by, Some(m(0)));
}

#[test]
fn ctrl_21_a_model_gone_counts_for_no_model_and_level_counts_draw() {
    let setup = race(
        vec![
            model(character("A"), 0, [4.0, 0.0, 4.0]),
            model(character("B"), 0, [20.0, 0.0, 4.0]),
            model(character("C"), 1, [12.0, 0.0, 20.0]),
        ],
        vec![[12.0, 0.0, 12.0]],
    );
    let g = start(setup);
    assert_eq!(
        g.outcome_at_limit(None),
        limit_win(0, P0, Tiebreak::MostModels)
    );
    // Seat 1's only model gone, seat 1 is no longer in the count: seat 0 alone leads on the
    // first count.
    assert_eq!(
        g.outcome_at_limit(Some(m(2))),
        limit_win(0, P0, Tiebreak::MostMarkers)
    );
    // One model each with the same healthy tokens and no case: every count level, a draw
    // named by the first count (docs/decisions/ctrl-21-limit-tiebreaks.md).
    assert_eq!(
        g.outcome_at_limit(Some(m(1))),
        Some(Outcome::Draw {
            why: EndReason::Limit {
                limit: Limit::Inspires(5),
                decided_by: Tiebreak::MostMarkers,
            },
        })
    );
}

#[test]
fn ctrl_21_without_a_round_limit_the_turn_limit_decides_and_without_either_nothing() {
    let models = vec![
        model(character("A"), 0, [4.0, 0.0, 4.0]),
        model(character("B"), 0, [20.0, 0.0, 4.0]),
        model(character("C"), 1, [12.0, 0.0, 20.0]),
    ];
    let untimed = Setup {
        victory: redline_rules::Victory { turn_limit: None },
        ..with_models(models.clone())
    };
    assert_eq!(start(untimed).outcome_at_limit(None), None);
    let timed = Setup {
        victory: redline_rules::Victory {
            turn_limit: Some(30),
        },
        ..with_models(models)
    };
    let g = start(timed);
    let at_turns = g.outcome_at_limit(None);
    assert_eq!(at_turns, g.outcome_at_turn_limit());
    assert!(matches!(
        at_turns,
        Some(Outcome::Win {
            team: TeamId(0),
            why: EndReason::Limit {
                limit: Limit::Turns(30),
                ..
            },
            ..
        })
    ));
}

#[test]
fn ctrl_18_ctrl_21_the_side_holding_out_wins_the_round_limit_whatever_the_counts() {
    let mut setup = with_models(vec![
        model(gonk("Raider"), 0, [4.0, 0.0, 4.0]),
        model(gonk("Raider"), 0, [6.0, 0.0, 4.0]),
        model(gonk("Guard"), 1, [20.0, 0.0, 20.0]),
    ]);
    setup.scenario = ScenarioRules {
        rules: vec![SpecialRule::InspireLimit(3)],
        win: vec![WinCondition::LastStanding],
        sides: vec![
            SeatSide {
                seat: P0,
                role: Role::Attacker,
                win: vec![WinCondition::HoldMarkers(1)],
            },
            SeatSide {
                seat: P1,
                role: Role::Defender,
                win: vec![WinCondition::HoldOut],
            },
        ],
        ..ScenarioRules::default()
    };
    let g = start(setup);
    // Two raiders to one guard, yet the defender holds out.
    assert_eq!(
        g.outcome_at_limit(None),
        Some(Outcome::Win {
            team: TeamId(1),
            seats: vec![P1],
            why: EndReason::Condition(WinCondition::HoldOut),
        })
    );
}
