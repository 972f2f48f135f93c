//! Scenarios with sides (CTRL-18): a seat's own win conditions, holding out to the round
//! limit (CTRL-21), a side deploying in several zones or in the centre (FIELD-4, FIELD-7),
//! and a centre side escaping over any edge (FIELD-6).

mod common;

use common::*;
use redline_rules::Rule;
use redline_rules::scenario::{
    DeploymentZone, Edge, ExitEdge, Role, ScenarioRules, SeatSide, SeatZone, SpecialRule,
    WinCondition,
};
use redline_rules::{
    Command, EndReason, Entry, ModelSetup, Outcome, Seat, Setup, TeamId, scenario,
};

/// Seat 0 attacks (wins by holding one marker), seat 1 defends (holds out); both share
/// Last Standing; the game ends after `rounds` Inspires each.
fn siege(models: Vec<ModelSetup>, markers: Vec<[f32; 3]>, rounds: u8) -> Setup {
    Setup {
        scenario: ScenarioRules {
            markers,
            rules: vec![SpecialRule::InspireLimit(rounds)],
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
        },
        ..with_models(models)
    }
}

/// Both seats Inspire once, each skipping its one Gonk's action.
fn one_round(g: &mut redline_rules::Game) {
    ok(g, Command::Inspire { seat: P0 });
    ok(g, Command::SkipGonk { model: m(0) });
    if g.outcome().is_none() {
        ok(g, Command::Inspire { seat: P1 });
        ok(g, Command::SkipGonk { model: m(1) });
    }
}

#[test]
fn ctrl_18_ctrl_21_the_attacker_wins_by_holding_the_site_at_its_inspire() {
    // The attacker's Gonk stands at the site.
    let setup = siege(
        vec![
            model(gonk("Raider"), 0, [4.0, 0.0, 4.0]),
            model(gonk("Guard"), 1, [20.0, 0.0, 20.0]),
        ],
        vec![[4.0, 0.0, 5.0]],
        3,
    );
    let mut g = start(setup);
    assert_eq!(g.win_conditions(TeamId(0)).len(), 2);
    one_round(&mut g);
    // CTRL-18: the attacker's own condition wins for it.
    assert_eq!(
        g.outcome(),
        Some(&Outcome::Win {
            team: TeamId(0),
            seats: vec![P0],
            why: EndReason::Condition(WinCondition::HoldMarkers(1)),
        })
    );
}

#[test]
fn ctrl_18_the_defender_holding_the_site_does_not_win_by_it() {
    // The defender's Gonk stands at the site: holding markers is the attacker's condition
    // only, so the defender's Inspire ends nothing.
    let setup = siege(
        vec![
            model(gonk("Raider"), 0, [4.0, 0.0, 4.0]),
            model(gonk("Guard"), 1, [20.0, 0.0, 20.0]),
        ],
        vec![[20.0, 0.0, 21.0]],
        3,
    );
    let mut g = start(setup);
    one_round(&mut g);
    assert_eq!(g.markers_held(TeamId(1)), vec![0]);
    assert!(g.outcome().is_none()); // CTRL-18
    assert_eq!(
        g.win_conditions(TeamId(1)),
        vec![WinCondition::LastStanding, WinCondition::HoldOut]
    );
}

#[test]
fn ctrl_21_ctrl_18_the_defender_holds_out_to_the_round_limit() {
    let setup = siege(
        vec![
            model(gonk("Raider"), 0, [4.0, 0.0, 4.0]),
            model(gonk("Guard"), 1, [20.0, 0.0, 20.0]),
        ],
        vec![[12.0, 0.0, 12.0]],
        1,
    );
    let mut g = start(setup);
    one_round(&mut g);
    // CTRL-21: the round limit ends the game; the defender still in play wins by holding
    // out, not by the limit's counts (one model each would be a draw).
    assert_eq!(
        g.outcome(),
        Some(&Outcome::Win {
            team: TeamId(1),
            seats: vec![P1],
            why: EndReason::Condition(WinCondition::HoldOut),
        })
    );
}

#[test]
fn ctrl_21_without_sides_the_same_limit_is_decided_by_the_counts() {
    // The neighbouring case: no sides, so nobody holds out and one model each draws.
    let mut setup = siege(
        vec![
            model(gonk("Raider"), 0, [4.0, 0.0, 4.0]),
            model(gonk("Guard"), 1, [20.0, 0.0, 20.0]),
        ],
        vec![[12.0, 0.0, 12.0]],
        1,
    );
    setup.scenario.sides.clear();
    let mut g = start(setup);
    one_round(&mut g);
    assert!(matches!(
        g.outcome(),
        Some(Outcome::Draw {
            why: EndReason::Limit {
                limit: scenario::Limit::Inspires(1),
                ..
            }
        })
    ));
}

/// Seat 0 in the centre (YELLOW) with two models, seat 1 on the north and south edges (3"
/// deep) with two, every model left for the deployment.
fn boxed_in() -> Setup {
    let edge = |edge| DeploymentZone::Edge {
        edge,
        distance: 3.0,
    };
    let deploy = |name: &str, seat| ModelSetup {
        entry: Entry::Deploy,
        ..model(character(name), seat, [0.0; 3])
    };
    Setup {
        scenario: ScenarioRules {
            deployment: vec![
                SeatZone {
                    seat: P0,
                    zone: DeploymentZone::Centre { distance: 7.0 },
                },
                SeatZone {
                    seat: P1,
                    zone: edge(Edge::North),
                },
                SeatZone {
                    seat: P1,
                    zone: edge(Edge::South),
                },
            ],
            rules: vec![SpecialRule::InspireLimit(5)],
            win: vec![WinCondition::LastStanding],
            sides: vec![
                SeatSide {
                    seat: P0,
                    role: Role::Attacker,
                    win: vec![WinCondition::Escape {
                        count: 1,
                        edge: ExitEdge::OppositeZone,
                    }],
                },
                SeatSide {
                    seat: P1,
                    role: Role::Defender,
                    win: vec![WinCondition::HoldOut],
                },
            ],
            ..ScenarioRules::default()
        },
        ..no_luck_with(vec![
            deploy("Trapped", 0),
            deploy("North Gun", 1),
            deploy("South Gun", 1),
            deploy("Anchor", 0),
        ])
    }
}

fn place(model: u16, at: [f32; 3]) -> Command {
    Command::Deploy {
        model: m(model),
        at,
    }
}

#[test]
fn field_4_field_7_a_centre_side_deploys_round_the_centre_only() {
    let mut g = start(boxed_in());
    assert_eq!(g.deploying(), Some(P0));
    // FIELD-7: at the north edge, outside the centre zone.
    assert_eq!(refusal(g.check(&place(0, [12.0, 0.0, 2.0]))), Rule::Field7);
    // FIELD-4: within YELLOW of the centre of the 24" table.
    ok(&mut g, place(0, [14.0, 0.0, 12.0]));
}

#[test]
fn field_7_a_side_with_zones_on_two_edges_deploys_in_either() {
    let mut g = start(boxed_in());
    ok(&mut g, place(0, [12.0, 0.0, 12.0]));
    ok(&mut g, place(3, [14.0, 0.0, 12.0]));
    ok(&mut g, Command::EndDeployment);
    assert_eq!(g.deploying(), Some(Seat(1)));
    // FIELD-7: the centre is no zone of seat 1's.
    assert_eq!(refusal(g.check(&place(1, [12.0, 0.0, 8.0]))), Rule::Field7);
    // Either of its edges is.
    ok(&mut g, place(1, [12.0, 0.0, 1.5]));
    ok(&mut g, place(2, [12.0, 0.0, 22.5]));
    // The spots offered for a model cover both edges.
    let spots = g.deployment_spots(m(2));
    assert!(spots.iter().any(|p| p[2] < 3.0) && spots.iter().any(|p| p[2] > 21.0));
}

#[test]
fn field_6_ctrl_18_the_centre_side_escapes_over_any_edge_and_only_it_may_leave() {
    let mut setup = boxed_in();
    setup.first_control = Seat(1);
    let mut g = start(setup);
    ok(&mut g, place(0, [12.0, 0.0, 12.0]));
    ok(&mut g, place(3, [14.0, 0.0, 12.0]));
    ok(&mut g, Command::EndDeployment);
    ok(&mut g, place(1, [12.0, 0.0, 1.5]));
    ok(&mut g, place(2, [0.9, 0.0, 22.0]));
    ok(&mut g, Command::EndDeployment);
    let leave = |model| {
        act(
            m(model),
            scenario::LEAVE_TABLE,
            Some(0),
            redline_rules::Target::None,
        )
    };
    // Seat 1's Gun stands within reach of the west edge, yet leaving is the attacker's
    // condition only (CTRL-18).
    assert_eq!(g.control(), Seat(1));
    ok(&mut g, Command::Activate { model: m(2) });
    assert_eq!(refusal(g.check(&leave(2))), Rule::Field6);
    ok(&mut g, Command::EndActivation);
    // The trapped model runs to the west edge and leaves over it (FIELD-6): a centre zone
    // has no edge of its own, so any edge is an exit.
    ok(&mut g, Command::Activate { model: m(0) });
    assert_eq!(refusal(g.check(&leave(0))), Rule::Field6); // not at an edge yet
    ok(&mut g, move_to(m(0), 0, [0.6, 0.0, 12.0]));
    ok(
        &mut g,
        act(
            m(0),
            scenario::LEAVE_TABLE,
            Some(1),
            redline_rules::Target::None,
        ),
    );
    assert_eq!(g.left_table(m(0)), Some(Edge::West));
    assert_eq!(
        g.outcome().map(|o| o.why().clone()),
        Some(EndReason::Condition(WinCondition::Escape {
            count: 1,
            edge: ExitEdge::OppositeZone
        }))
    );
}
