//! The bots and the third force the engine plays (THIRD-5, THIRD-6): its models are threats
//! and targets to every level, but never the goal; the scenario's objective still is.

mod common;

use std::sync::Arc;

use common::{open_setup, place, profile};
use redline_ai::{Bot, EasyBot, HardBot, NormalBot};
use redline_rules::scenario::WinCondition;
use redline_rules::{Command, Game, ModelId, Setup, Target, ThirdForceSpec};

fn heavy() -> ThirdForceSpec {
    ThirdForceSpec {
        id: "heavy".to_owned(),
        name: "The Heavy".to_owned(),
        deck: Vec::new(),
        models: vec![Arc::new(profile("Heavy", Vec::new()))],
    }
}

/// Seat 0's Hero at `hero`, seat 1's Rival in the far corner, the third force's Heavy
/// (model 2) round the table's centre (15, 15).
fn table(hero: [f32; 3]) -> Setup {
    let mut setup = open_setup(
        vec![
            place(profile("Hero", Vec::new()), 0, hero),
            place(profile("Rival", Vec::new()), 1, [28.0, 0.0, 2.0]),
        ],
        0,
    );
    setup.add_third_force(heavy()).expect("room for it");
    setup
}

const HERO: ModelId = ModelId(0);
const HEAVY: ModelId = ModelId(2);

/// The bot's first action with the Hero, after it takes Control by activating it.
fn first_action(bot: &mut dyn Bot, game: &mut Game) -> Command {
    let take = bot.choose(game);
    assert_eq!(take, Command::Activate { model: HERO });
    game.apply(take).expect("legal");
    bot.choose(game)
}

#[test]
fn third_5_no_level_ignores_a_third_force_model_within_reach() {
    let bots: [(&str, Box<dyn Bot>); 3] = [
        ("easy", Box::new(EasyBot::new(3))),
        ("normal", Box::new(NormalBot::new())),
        ("hard", Box::new(HardBot::new(3))),
    ];
    for (name, mut bot) in bots {
        let mut game = Game::new(table([15.0, 0.0, 16.4]), 5).expect("game");
        assert!(
            game.within_reach(HERO, HEAVY),
            "the Heavy stands within reach"
        );
        let act = first_action(bot.as_mut(), &mut game);
        let attacks_it = matches!(&act, Command::Act(a)
            if a.target == Target::Model(HEAVY)
                && game.action(HERO, a.action).is_some_and(|d| d.attack));
        assert!(attacks_it, "{name} played {act:?} with the Heavy in reach");
    }
}

#[test]
fn third_6_normal_heads_for_the_objective_not_for_the_third_force() {
    // The marker lies 12" south of the Hero; the Heavy stands 11" east, out of its way.
    let mut setup = table([4.0, 0.0, 15.0]);
    setup.scenario.markers = vec![[4.0, 0.0, 27.0]];
    setup.scenario.win = vec![WinCondition::HoldMarkers(1)];
    let mut game = Game::new(setup, 5).expect("game");
    let marker = [4.0f32, 0.0, 27.0];
    let dist = |a: [f32; 3], b: [f32; 3]| (a[0] - b[0]).hypot(a[2] - b[2]);
    let act = first_action(&mut NormalBot::new(), &mut game);
    let Command::Act(a) = &act else {
        panic!("Normal did not act: {act:?}");
    };
    let Target::Route(route) = &a.target else {
        panic!("Normal did not move: {act:?}");
    };
    let end = *route.last().expect("a route");
    let start = game.position(HERO);
    assert!(
        dist(end, marker) < dist(start, marker) - 1.0,
        "Normal moved to {end:?}, not toward the marker"
    );
    assert!(
        dist(end, game.position(HEAVY)) >= dist(start, game.position(HEAVY)) - 1.0,
        "Normal walked toward the third force: {end:?}"
    );
}
