//! Through the Wall is a race for two cases to a round limit (`CarryMarkersOff(2)`,
//! `InspireLimit(5)`, `MostMarkersAtEnd`, CTRL-21): the bots bank a case (carry it off,
//! FIELD-6) when the limit then still goes their way, and their games end by the scenario
//! or its round limit, not by the arena's 60-turn backstop.

mod common;
mod skirmishes;

use redline_ai::{Bot, EasyBot, NormalBot};
use redline_battlespace::{DeploymentZone, Edge};
use redline_rules::scenario::{ExitEdge, Limit, ScenarioRules, SeatZone, SpecialRule};
use redline_rules::{Command, EndReason, Game, ModelId, Outcome, Seat, WinCondition};
use skirmishes::{ARENA_BACKSTOP, play_skirmish};

const RUNNER: ModelId = ModelId(0);

/// The first seeds of `tests/modules/through_the_wall_seeds.ron`.
const SEEDS: [u64; 3] = [1988601455, 2633739375, 1603362545];

/// Through the Wall's sheet on a test table: seat 0 deploys along the North edge, seat 1
/// along the South; two cases to carry off over a seat's own edge, with the pack's round
/// limit when `limit`, as the sheet stood before it without.
fn sheet(markers: Vec<[f32; 3]>, limit: bool) -> ScenarioRules {
    let zone = |seat: u8, edge: Edge| SeatZone {
        seat: Seat(seat),
        zone: DeploymentZone::Edge {
            edge,
            distance: 3.0,
        },
    };
    let carry_off = WinCondition::CarryMarkersOff {
        count: 2,
        edge: ExitEdge::OwnZone,
    };
    let (rules, win) = if limit {
        (
            vec![SpecialRule::CarryMarkers, SpecialRule::InspireLimit(5)],
            vec![
                carry_off,
                WinCondition::MostMarkersAtEnd,
                WinCondition::LastStanding,
            ],
        )
    } else {
        (
            vec![SpecialRule::CarryMarkers],
            vec![carry_off, WinCondition::LastStanding],
        )
    };
    ScenarioRules {
        deployment: vec![zone(0, Edge::North), zone(1, Edge::South)],
        markers,
        rules,
        win,
        ..ScenarioRules::default()
    }
}

/// The runner (seat 0) at its own North edge, having just picked up the case there, and a
/// mate of its away from both cases; the rival (seat 1) far off at `rival`; the second case
/// on the ground at (15, 20). The runner is active with tokens left.
fn carrier_at_the_edge(rival: [f32; 3], limit: bool) -> Game {
    carrier_with_mate(rival, limit, true)
}

/// [`carrier_at_the_edge`], the runner's mate there or not (the runner alone on its crew).
fn carrier_with_mate(rival: [f32; 3], limit: bool, mate: bool) -> Game {
    let mut models = vec![
        common::place(common::profile("Runner", Vec::new()), 0, [8.0, 0.0, 0.8]),
        common::place(common::profile("Rival", Vec::new()), 1, rival),
    ];
    if mate {
        models.push(common::place(
            common::profile("Mate", Vec::new()),
            0,
            [2.0, 0.0, 12.0],
        ));
    }
    let mut setup = common::open_setup(models, 0);
    setup.scenario = sheet(vec![[8.0, 0.0, 1.6], [15.0, 0.0, 20.0]], limit);
    let mut g = Game::new(setup, 3).expect("a valid setup");
    g.apply(Command::Activate { model: RUNNER })
        .expect("may activate");
    common::take_action(&mut g, "scenario_pick_up");
    assert!(
        g.markers().iter().any(|k| k.carrier == Some(RUNNER)),
        "the runner carries the case"
    );
    g
}

fn leaves(g: &Game, c: &Command) -> bool {
    common::action_id(g, c) == Some("scenario_leave")
}

#[test]
fn field_6_ctrl_21_a_carrier_ahead_banks_its_case_when_the_limit_counts_it() {
    // One case carried, the other on the ground with nobody at it: 1 to 0 on markers, and
    // still 1 to 0 with the runner off the table and its mate on it.
    let g = carrier_at_the_edge([25.0, 0.0, 28.0], true);
    let normal = NormalBot::new().choose(&g);
    assert!(leaves(&g, &normal), "Normal: {normal:?}");
    let easy = EasyBot::new(7).choose(&g);
    assert!(leaves(&g, &easy), "Easy: {easy:?}");
}

#[test]
fn ctrl_21_a_crew_s_last_model_does_not_bank_its_case() {
    // The runner alone on its crew: off the table it leaves the rival the only crew still
    // playing, and the engine's count at the limit (`Game::outcome_at_limit`) no longer
    // gives the runner's crew the game.
    let g = carrier_with_mate([25.0, 0.0, 28.0], true, false);
    let normal = NormalBot::new().choose(&g);
    assert!(!leaves(&g, &normal), "Normal: {normal:?}");
}

#[test]
fn field_6_without_the_round_limit_a_carrier_with_a_friend_banks_its_case() {
    // The same table without the limit (Salvage Run): a case carried off can no longer be
    // taken and the crew then needs one case fewer, so the carrier leaves while its mate
    // stays to fetch the next (`objective::leaving_pays`). Waiting at the edge for a second
    // carrier left crews standing at their edges until the backstop.
    let g = carrier_at_the_edge([25.0, 0.0, 28.0], false);
    let normal = NormalBot::new().choose(&g);
    assert!(leaves(&g, &normal), "Normal: {normal:?}");
    let easy = EasyBot::new(7).choose(&g);
    assert!(leaves(&g, &easy), "Easy: {easy:?}");
}

#[test]
fn field_6_without_the_round_limit_a_crew_s_last_model_keeps_its_case_on_the_table() {
    // Alone on its crew, the carrier off the table would leave nobody to fetch the second
    // case, and the rival the last crew standing.
    let g = carrier_with_mate([25.0, 0.0, 28.0], false, false);
    let normal = NormalBot::new().choose(&g);
    assert!(!leaves(&g, &normal), "Normal: {normal:?}");
    let easy = EasyBot::new(7).choose(&g);
    assert!(!leaves(&g, &easy), "Easy: {easy:?}");
}

#[test]
fn ctrl_21_a_carrier_level_on_cases_keeps_its_model_on_the_table() {
    // The rival stands at the second case and holds it: 1 to 1 on markers, and leaving
    // would put the runner's crew a model down, behind at the limit.
    let g = carrier_at_the_edge([15.0, 0.0, 20.8], true);
    assert_eq!(
        g.markers_held(g.team_of(Seat(1))),
        vec![1],
        "the rival holds a case"
    );
    let normal = NormalBot::new().choose(&g);
    assert!(!leaves(&g, &normal), "Normal: {normal:?}");
    let easy = EasyBot::new(7).choose(&g);
    assert!(!leaves(&g, &easy), "Easy: {easy:?}");
}

/// Whether the game ended by the scenario's own conditions or its round limit, not the
/// backstop.
fn ended_by_the_scenario(g: &Game) -> bool {
    match g.outcome() {
        Some(Outcome::Win { why, .. } | Outcome::Draw { why }) => !matches!(
            why,
            EndReason::Limit {
                limit: Limit::Turns(_),
                ..
            }
        ),
        None => false,
    }
}

/// Plays Through the Wall on its table (ashfall against tidewater, as on the arena list)
/// with `bot` answering for both seats.
fn play(seed: u64, bot: &mut dyn Bot) -> Game {
    let factions = ["ashfall", "tidewater"];
    play_skirmish(
        "through_the_wall",
        "breach_line",
        factions,
        (seed, ARENA_BACKSTOP),
        bot,
    )
}

#[test]
fn ctrl_21_normal_through_the_wall_ends_by_the_scenario_not_the_backstop() {
    for seed in SEEDS {
        let g = play(seed, &mut NormalBot::new());
        assert!(
            ended_by_the_scenario(&g),
            "seed {seed}: {:?} after {} turns",
            g.outcome(),
            g.turns()
        );
    }
}

#[test]
fn ctrl_21_easy_through_the_wall_ends_by_the_scenario_not_the_backstop() {
    for seed in SEEDS {
        let g = play(seed, &mut EasyBot::new(seed));
        assert!(
            ended_by_the_scenario(&g),
            "seed {seed}: {:?} after {} turns",
            g.outcome(),
            g.turns()
        );
    }
}
