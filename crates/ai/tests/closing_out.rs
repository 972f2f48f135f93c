//! Easy closes a game out (CTRL-21: play goes on until a side meets the scenario's
//! conditions, here the last rival taken out): a crew with at least twice as many models in
//! play as its rivals, who have two or fewer left, plays its Aggressive card instead of
//! drawing, so it hunts the last of them rather than keep to cover or run errands. Where
//! taking the rival Leader out wins (Take the Head), it hunts the Leader.

mod common;

use redline_ai::{Bot, EasyBot};
use redline_rules::card::ModelKeyword;
use redline_rules::{Command, Game, ModelId, ScenarioRules, Target, WinCondition, basic};

/// `ours` models of seat 0 in a row at the west side and `theirs` of seat 1 at the east,
/// each with a gun; seat 0 takes Control first.
fn game(ours: usize, theirs: usize) -> Game {
    let gun = || vec![common::all_bands_gun("pistol", "Pistol")];
    let row = |seat: u8, n: usize, x: f32| {
        (0..n).map(move |i| {
            common::place(
                common::profile(&format!("Crew {seat}-{i}"), gun()),
                seat,
                [x, 0.0, 5.0 + 5.0 * i as f32],
            )
        })
    };
    let models = row(0, ours, 3.0).chain(row(1, theirs, 27.0)).collect();
    Game::new(common::open_setup(models, 0), 3).expect("a valid setup")
}

/// The reason Easy gives for its Take Control answer over `seeds` draws of its deck.
fn reasons(g: &Game, seeds: u64) -> Vec<String> {
    (0..seeds)
        .map(|seed| {
            let mut bot = EasyBot::new(seed);
            bot.choose(g);
            bot.explain().unwrap_or_default()
        })
        .collect()
}

#[test]
fn ctrl_21_easy_closes_out_a_crew_down_to_its_last_model() {
    let g = game(4, 1);
    assert_eq!(g.owner(ModelId(4)).0, 1, "the lone rival is seat 1's");
    for why in reasons(&g, 8) {
        assert!(
            why.starts_with("Aggressive card (closing out),"),
            "four against one plays Aggressive to finish it: {why}"
        );
    }
}

#[test]
fn ctrl_21_an_even_fight_draws_from_the_deck() {
    let g = game(3, 2);
    let why = reasons(&g, 8);
    assert!(
        why.iter().all(|w| !w.contains("closing out")),
        "three against two is no closing out: {why:?}"
    );
    assert!(
        why.iter().any(|w| !w.starts_with("Aggressive")),
        "the deck's other cards are drawn: {why:?}"
    );
}

/// Take the Head, four of seat 0 at the west side against two of seat 1: a crewman 9" from
/// seat 0's first model and the Leader in the far corner, out of every gun's reach; seat 0's
/// first model is active.
fn take_the_head() -> Game {
    take_the_head_with(4, 1)
}

/// [`take_the_head`] with `ours` models of seat 0 and `crew` crewmen of seat 1 besides its
/// Leader, the first crewman 9" from seat 0's first model and the others behind it; the
/// Leader is the last model.
fn take_the_head_with(ours: usize, crew: usize) -> Game {
    let gun = || vec![common::all_bands_gun("pistol", "Pistol")];
    let mut models: Vec<_> = (0..ours)
        .map(|i| {
            let p = common::profile(&format!("Crew 0-{i}"), gun());
            common::place(p, 0, [3.0, 0.0, 5.0 + 5.0 * i as f32])
        })
        .collect();
    for i in 0..crew {
        models.push(common::place(
            common::profile(&format!("Crewman {i}"), gun()),
            1,
            [12.0 + 3.0 * i as f32, 0.0, 5.0],
        ));
    }
    let mut boss = common::profile("Boss", gun());
    boss.keywords = vec![ModelKeyword::Leader];
    models.push(common::place(boss, 1, [27.0, 0.0, 27.0]));
    let mut setup = common::open_setup(models, 0);
    setup.scenario = ScenarioRules {
        win: vec![WinCondition::TakeOutLeader, WinCondition::LastStanding],
        ..ScenarioRules::default()
    };
    let mut g = Game::new(setup, 3).expect("a valid setup");
    g.apply(Command::Activate { model: ModelId(0) })
        .expect("the first model activates");
    g
}

#[test]
fn ctrl_21_closing_out_in_take_the_head_walks_for_the_leader() {
    let g = take_the_head();
    let boss = ModelId(5);
    for seed in 0..4 {
        let mut bot = EasyBot::new(seed);
        let c = bot.choose(&g);
        let why = bot.explain().unwrap_or_default();
        let Command::Act(a) = &c else {
            panic!("an action: {c:?}")
        };
        assert_eq!(
            a.action,
            basic::MOVE,
            "a move, not the shot at the crewman: {why}"
        );
        let Target::Route(route) = &a.target else {
            panic!("a move with a route: {c:?}")
        };
        let mut after = g.clone();
        after.apply(c.clone()).expect("a legal move");
        assert!(
            after.distance(ModelId(0), boss) < g.distance(ModelId(0), boss) - 5.0,
            "toward the Leader: {route:?} ({why})"
        );
        assert!(why.contains("scenario goal"), "{why}");
    }
}

/// Whether Easy with `seed` walks `g`'s active model for the rival Leader (the last model),
/// as hunting does, and why it chose what it did.
fn walks_for_the_leader(g: &Game, seed: u64) -> (bool, String) {
    let boss = ModelId(g.model_count() as u16 - 1);
    let mut bot = EasyBot::new(seed);
    let c = bot.choose(g);
    let why = bot.explain().unwrap_or_default();
    let mut after = g.clone();
    after.apply(c).expect("a legal answer");
    let closer = after.distance(ModelId(0), boss) < g.distance(ModelId(0), boss) - 5.0;
    (closer && why.contains("scenario goal"), why)
}

#[test]
fn ctrl_21_a_crew_level_on_models_in_take_the_head_walks_for_the_leader() {
    // Two against a crewman and the Leader: not closing out, but not behind either.
    let g = take_the_head_with(2, 1);
    for seed in 0..4 {
        let (hunts, why) = walks_for_the_leader(&g, seed);
        assert!(hunts, "toward the Leader, not the crewman: {why}");
    }
}

#[test]
fn ctrl_21_a_crew_behind_on_models_in_take_the_head_plays_its_card() {
    // Two against two crewmen and the Leader: the card's rules, which shoot the crewman in
    // reach under some cards.
    let g = take_the_head_with(2, 2);
    let plays = (0..8)
        .filter(|&seed| !walks_for_the_leader(&g, seed).0)
        .count();
    assert!(plays > 0, "some card other than the hunt is played");
}
