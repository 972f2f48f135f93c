//! Traces one game of Hard against Hard: every answer each side gives, with its reason and
//! the models each side has in play, then the outcome. For looking at why games between the
//! stronger bots stall (most end at the turn limit on models in play).
//!
//! `cargo run --release -p redline-ai --example hh_trace -- SCENARIO LAYOUT FACTION FACTION
//! SEED [work of seat 0] [work of seat 1] [turn limit]`
//!
//! e.g. `... -- take_the_head refinery_row tidewater choir 1147333629 100000 50000`

use redline_ai::{Bot, HardBot, HardBudget};
use redline_content::starter;

// Only the game set-up and the count of models in play are used here; the Hard examples'
// arguments are not.
#[allow(dead_code)]
mod common;

use common::in_play;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.len() < 5 {
        eprintln!(
            "usage: hh_trace SCENARIO LAYOUT FACTION FACTION SEED [work0] [work1] [turn limit]"
        );
        std::process::exit(2);
    }
    let number = |i: usize, default: u64| {
        args.get(i)
            .map(|s| s.parse::<u64>().expect("a number"))
            .unwrap_or(default)
    };
    let seed = number(4, 0);
    let work = |i| u32::try_from(number(i, u64::from(HardBudget::DEFAULT.work))).expect("work");
    let turn_limit = u32::try_from(number(7, 60)).expect("turn limit");
    let mut game = common::new_game(
        &starter(),
        &args[0],
        &args[1],
        [&args[2], &args[3]],
        seed,
        turn_limit,
    );
    let budget = |work| HardBudget {
        work,
        turn_ms: 3_600_000,
    };
    let mut bots = [
        HardBot::with_budget(seed * 2, budget(work(5))),
        HardBot::with_budget(seed * 2 + 1, budget(work(6))),
    ];
    while let Some(d) = game.decision() {
        let seat = d.seat.0;
        let bot = &mut bots[usize::from(seat)];
        let c = bot.choose(&game);
        println!(
            "t{} s{seat} [{}-{}] {}",
            game.turns(),
            in_play(&game, 0),
            in_play(&game, 1),
            bot.explain().unwrap_or_default()
        );
        game.apply(c).expect("a legal command");
    }
    println!("{:?}", game.outcome());
}
