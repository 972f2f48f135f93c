//! Traces one game between two bot levels, each crew in character (its faction's deck and
//! personality, as the arena plays them): every answer each side gives at Take Control and
//! its actions, with its reason, the models each side has in play and how many times each
//! seat has Inspired, then the outcome. For looking at how a level plays a scenario (who
//! presses, who holds back, why a game reaches the turn limit).
//!
//! `cargo run --release -p redline-ai --example trace -- SCENARIO LAYOUT FACTION FACTION
//! SEED LEVEL LEVEL [turn limit] [arena table]`
//!
//! With an arena table (its index in `tests/arena/seeds.ron`) the game is the one
//! `redline-cli arena` plays there with that dice seed, the first level in seat 0.
//!
//! e.g. `... -- relay_siege tenement_yard ashfall tidewater 1988601455 normal normal 200`

use redline_ai::{Level, Persona};
use redline_content::starter;
use redline_rules::{DecisionKind, Seat};

// Only the game set-up and the count of models in play are used here; the Hard examples'
// arguments are not.
#[allow(dead_code)]
mod common;

use common::in_play;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.len() < 7 {
        eprintln!(
            "usage: trace SCENARIO LAYOUT FACTION FACTION SEED LEVEL LEVEL [turn limit] [arena table]"
        );
        std::process::exit(2);
    }
    let seed: u64 = args[4].parse().expect("a seed");
    let level = |i: usize| args[i].parse::<Level>().expect("a level");
    let turn_limit = args
        .get(7)
        .map_or(200, |s| s.parse().expect("a turn limit"));
    let catalog = starter();
    let factions = [args[2].as_str(), args[3].as_str()];
    let mut game = match args.get(8) {
        Some(t) => {
            let table = t.parse().expect("an arena table index");
            common::arena_game(
                &catalog,
                &args[0],
                &args[1],
                factions,
                (table, seed),
                turn_limit,
            )
        }
        None => common::new_game(&catalog, &args[0], &args[1], factions, seed, turn_limit),
    };
    let persona = |i: usize| {
        catalog
            .factions
            .get(&args[i])
            .map_or_else(Persona::generic, Persona::of_faction)
    };
    let mut bots = [
        level(5).bot_as(seed * 2, &persona(2)),
        level(6).bot_as(seed * 2 + 1, &persona(3)),
    ];
    while let Some(d) = game.decision() {
        let seat = d.seat.0;
        let shown = matches!(
            d.kind,
            DecisionKind::TakeControl { .. }
                | DecisionKind::NextAction { .. }
                | DecisionKind::InspireGonks { .. }
        );
        let bot = &mut bots[usize::from(seat)];
        let c = bot.choose(&game);
        if shown {
            println!(
                "t{} s{seat} [{}-{} in play, {}-{} Inspires] {}",
                game.turns(),
                in_play(&game, 0),
                in_play(&game, 1),
                game.inspires(Seat(0)),
                game.inspires(Seat(1)),
                bot.explain().unwrap_or_default()
            );
        }
        game.apply(c).expect("a legal command");
    }
    println!("{:?}", game.outcome());
}
