//! The move candidates `legal_commands` offers (MOVE-2): a model whose straight line to the
//! nearest rival runs into a wall it can't cross in one move is still offered a move along
//! the route finder's way around it; where taking the rival Leader out wins, a move heads
//! for the Leader.

mod common;

use common::*;
use redline_battlespace::{SceneryKind, SceneryPiece, SceneryShape};
use redline_rules::card::ModelKeyword;
use redline_rules::{Command, Game, ModelId, ScenarioRules, Target, WinCondition, basic};

/// Where the walk to the rival ends: beside it, on the near side.
const BESIDE_RIVAL: [f32; 3] = [12.0, 0.0, 20.5];

/// An 8" wall from (4, 10) to (20, 10): too tall to climb over in one move (MOVE-23).
fn long_wall() -> SceneryPiece {
    SceneryPiece::new(
        1,
        "Long Wall",
        SceneryKind::Barrier,
        SceneryShape::Wall {
            from: [4.0, 10.0],
            to: [20.0, 10.0],
            thickness: 0.5,
            height: 8.0,
        },
    )
}

/// Alpha (seat 0) at (12, 6) behind the wall's middle, its rival at (12, 22) beyond it;
/// Alpha is active.
fn behind_the_wall() -> Game {
    let setup = redline_rules::Setup {
        battlespace: table(vec![long_wall()]),
        ..no_luck_with(vec![
            model(character("Alpha"), 0, [12.0, 0.0, 6.0]),
            model(character("Rival"), 1, [12.0, 0.0, 22.0]),
        ])
    };
    let mut game = start(setup);
    ok(&mut game, Command::Activate { model: m(0) });
    game
}

/// How far Alpha standing at `at` walks to beside the rival, by the route finder.
fn walk(game: &Game, at: [f32; 3]) -> f32 {
    let base = game.model_base(ModelId(0)).at(at);
    game.battlespace()
        .find_route(&base, BESIDE_RIVAL, 120.0, &[])
        .expect("a way round the wall")
        .plan
        .length
}

/// Where each GREEN (12") move offered to Alpha ends.
fn green_move_ends(game: &Game) -> Vec<[f32; 3]> {
    game.legal_commands()
        .iter()
        .filter_map(|c| match c {
            Command::Act(a) if a.action == basic::MOVE && a.token == Some(0) => match &a.target {
                Target::Route(route) => route.last().copied(),
                _ => None,
            },
            _ => None,
        })
        .collect()
}

#[test]
fn move_2_a_move_is_offered_along_the_way_round_a_wall() {
    let game = behind_the_wall();
    let start = walk(&game, game.position(m(0)));
    // The best GREEN (12") move among the candidates, by the walk left to the rival.
    let best = green_move_ends(&game)
        .into_iter()
        .map(|end| walk(&game, end))
        .fold(f32::INFINITY, f32::min);
    // The straight run east past the wall's end saves about 4"; the way round the end, bent
    // at the corner, saves most of the move.
    assert!(start - best > 9.0, "walk {start:.1} → at best {best:.1}");
}

/// Take the Head: Alpha at (4, 4), a rival crewman 10" north of it (if `crewman`) and the
/// rival Leader 16" off at a bearing between two compass points; Alpha is active.
fn hunting_the_leader(crewman: bool) -> Game {
    let mut boss = character("Boss");
    boss.keywords = vec![ModelKeyword::Leader];
    let mut models = vec![model(character("Alpha"), 0, [4.0, 0.0, 4.0])];
    if crewman {
        models.push(model(character("Crewman"), 1, [4.0, 0.0, 14.0]));
    }
    models.push(model(boss, 1, LEADER_AT));
    let setup = redline_rules::Setup {
        scenario: ScenarioRules {
            win: vec![WinCondition::TakeOutLeader, WinCondition::LastStanding],
            ..ScenarioRules::default()
        },
        ..no_luck_with(models)
    };
    let mut game = start(setup);
    ok(&mut game, Command::Activate { model: m(0) });
    game
}

/// Where the rival Leader stands: 16" from Alpha at 22.5° from east.
const LEADER_AT: [f32; 3] = [18.78, 0.0, 10.12];

#[test]
fn move_2_field_6_a_move_heads_for_the_leader_where_taking_it_out_wins() {
    let game = hunting_the_leader(true);
    let to_leader = |end: [f32; 3]| (end[0] - LEADER_AT[0]).hypot(end[2] - LEADER_AT[2]);
    let best = green_move_ends(&game)
        .into_iter()
        .map(to_leader)
        .fold(f32::INFINITY, f32::min);
    // A GREEN run east or north-east ends 6.7" from the Leader; the way toward it, 0.9 of
    // the move along the line, 5.2".
    assert!(best < 5.6, "at best {best:.1}\" from the Leader");
}

#[test]
fn move_2_the_way_to_a_leader_who_is_the_nearest_rival_is_offered_once() {
    let game = hunting_the_leader(false);
    let legal = game.legal_commands();
    for (i, c) in legal.iter().enumerate() {
        assert!(!legal[..i].contains(c), "offered twice: {c:?}");
    }
}
