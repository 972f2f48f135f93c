//! Plays random games on the bench's 100 EB vs 100 EB setup and prints games per second of
//! CPU time: a fixed workload for profilers (`valgrind --tool=callgrind`, `perf stat`), whose
//! instruction counts don't depend on how busy the machine is. The digest it prints folds every
//! game's final `state_hash`: an engine change that keeps it keeps the games the same.
//!
//! `cargo run --release -p redline-ai --example random_games -- [games] [turn limit]`

use std::time::Instant;

use redline_ai::{Bot, PlayLimits, RandomBot, play_game};
use redline_content::skirmish::{quick_team, skirmish};
use redline_content::starter;
use redline_content::team::TeamRules;
use redline_rules::{Setup, Victory};

/// mimalloc serves the engine's many small short-lived lists faster than the system allocator
/// (docs/decisions/perf-global-allocator.md).
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() {
    let mut args = std::env::args().skip(1);
    let games: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(20);
    let turn_limit: u32 = args.next().and_then(|a| a.parse().ok()).unwrap_or(200);
    let catalog = starter();
    let rules = TeamRules::one_off(100);
    let teams = [
        quick_team(&catalog, "ashfall", &rules).expect("ashfall team"),
        quick_team(&catalog, "tidewater", &rules).expect("tidewater team"),
    ];
    let mut setup: Setup = skirmish(&catalog, "street_claim", None, &teams, 1)
        .expect("skirmish")
        .setup;
    setup.victory = Victory {
        turn_limit: Some(turn_limit),
    };
    let start = Instant::now();
    let mut commands = 0;
    // Folds every game's final state hash: equal digests mean the games played the same.
    let mut digest: u64 = 0;
    for seed in 0..games {
        let mut bots: Vec<Box<dyn Bot>> = vec![
            Box::new(RandomBot::new(seed * 2 + 1)),
            Box::new(RandomBot::new(seed * 2 + 2)),
        ];
        let record = play_game(setup.clone(), seed, &mut bots, PlayLimits::default())
            .expect("a game between random bots");
        commands += record.commands.len();
        digest = digest.rotate_left(5) ^ record.final_hash;
    }
    let secs = start.elapsed().as_secs_f64();
    println!(
        "{games} games, {commands} commands in {secs:.3} s: {:.1} games/s, {:.2} µs/command, \
         digest {digest:016x}",
        games as f64 / secs,
        secs * 1e6 / commands.max(1) as f64
    );
}
