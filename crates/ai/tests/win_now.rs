//! A bot takes a win that is one scenario action away (CTRL-21, FIELD-6): a carrier standing
//! at its own edge with the case its crew needs is activated and leaves the table, whatever
//! card Easy has drawn and whatever shot a friend has.

mod common;

use redline_ai::{Bot, EasyBot, NormalBot};
use redline_battlespace::Edge;
use redline_rules::scenario::{ExitEdge, ScenarioRules};
use redline_rules::{Command, DecisionKind, EndReason, Game, ModelId, Outcome, Seat, WinCondition};

const RUNNER: ModelId = ModelId(0);

/// One case to carry off over a seat's own edge (seat 0 North, seat 1 South).
fn sheet() -> ScenarioRules {
    let mut sheet = common::carry_off_sheet([Edge::North, Edge::South], vec![[8.0, 0.0, 1.6]]);
    sheet.win[0] = WinCondition::CarryMarkersOff {
        count: 1,
        edge: ExitEdge::OwnZone,
    };
    sheet
}

/// Seat 0's runner at its North edge, having picked up the case in its last activation,
/// and a gunner of seat 0 with a clear shot at the rival 10" away; seat 0 takes Control.
fn runner_home() -> Game {
    let gun = || vec![common::all_bands_gun("pistol", "Pistol")];
    let models = vec![
        common::place(common::profile("Runner", Vec::new()), 0, [8.0, 0.0, 0.8]),
        common::place(common::profile("Rival", gun()), 1, [20.0, 0.0, 12.0]),
        common::place(common::profile("Gunner", gun()), 0, [20.0, 0.0, 2.0]),
    ];
    let mut setup = common::open_setup(models, 0);
    setup.scenario = sheet();
    let mut g = Game::new(setup, 3).expect("a valid setup");
    g.apply(Command::Activate { model: RUNNER })
        .expect("may activate");
    common::take_action(&mut g, "scenario_pick_up");
    g.apply(Command::EndActivation)
        .expect("ends its activation");
    // The rival's turn of Control passes without a shot: it activates and ends at once.
    g.apply(Command::Activate { model: ModelId(1) })
        .expect("the rival activates");
    g.apply(Command::EndActivation)
        .expect("and ends its activation");
    assert!(
        matches!(
            g.decision().map(|d| (d.seat, &d.kind)),
            Some((Seat(0), DecisionKind::TakeControl { .. }))
        ),
        "seat 0 takes Control: {:?}",
        g.decision()
    );
    g
}

/// Plays `bot` for seat 0 until the runner's activation ends or the game does.
fn plays_it_out(mut g: Game, bot: &mut dyn Bot) -> Game {
    for _ in 0..6 {
        if g.outcome().is_some() || g.decision().is_none_or(|d| d.seat != Seat(0)) {
            break;
        }
        let c = bot.choose(&g);
        g.apply(c).expect("a legal answer");
    }
    g
}

fn won_by_carrying_off(g: &Game) -> bool {
    matches!(
        g.outcome(),
        Some(Outcome::Win { seats, why: EndReason::Condition(WinCondition::CarryMarkersOff { .. }), .. })
            if seats == &vec![Seat(0)]
    )
}

#[test]
fn field_6_ctrl_21_easy_activates_the_carrier_at_its_edge_and_wins_whatever_its_card() {
    for seed in 0..12 {
        let mut bot = EasyBot::new(seed);
        let g = runner_home();
        let first = bot.choose(&g);
        assert_eq!(
            first,
            Command::Activate { model: RUNNER },
            "seed {seed}: {:?}",
            bot.explain()
        );
        let end = plays_it_out(g, &mut bot);
        assert!(
            won_by_carrying_off(&end),
            "seed {seed}: {:?}",
            end.outcome()
        );
    }
}

#[test]
fn field_6_ctrl_21_normal_activates_the_carrier_at_its_edge_and_wins() {
    let end = plays_it_out(runner_home(), &mut NormalBot::new());
    assert!(won_by_carrying_off(&end), "{:?}", end.outcome());
}
