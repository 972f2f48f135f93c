//! A small ladder until `redline-cli arena` lands: plays two bot levels against each other
//! on starter skirmishes (100 EB quick teams, the two-player scenarios), every seed twice
//! with the sides swapped, and prints wins/draws/losses with 95% Wilson intervals and the
//! time per decision of the first level.
//!
//! `cargo run --release -p redline-ai --example ladder -- easy random 200`
//! (levels: random, easy, normal; the last number is seeds, so games = 2 × seeds).

use std::time::Instant;

use redline_ai::{Bot, EasyBot, NormalBot, RandomBot};
use redline_content::skirmish::{quick_team, skirmish};
use redline_content::starter;
use redline_content::team::TeamRules;
use redline_rules::{Game, Outcome, Seat, Setup, Victory};

const TABLES: [(&str, &str); 3] = [
    ("street_claim", "pier_nine"),
    ("street_claim", "tenement_yard"),
    ("salvage_run", "refinery_row"),
];
const FACTIONS: [&str; 4] = ["ashfall", "tidewater", "glasswork", "choir"];

fn setups() -> Vec<Setup> {
    let catalog = starter();
    let rules = TeamRules::one_off(100);
    let mut out = Vec::new();
    for (i, (scenario, layout)) in TABLES.iter().enumerate() {
        for k in 0..4 {
            let teams: Vec<_> = (0..2)
                .map(|seat| {
                    let f = FACTIONS[(k + seat * (1 + i % 3)) % FACTIONS.len()];
                    quick_team(&catalog, f, &rules).expect("quick team")
                })
                .collect();
            let mut s = skirmish(&catalog, scenario, Some(layout), &teams, (i * 4 + k) as u64)
                .expect("skirmish")
                .setup;
            s.victory = Victory {
                turn_limit: Some(24),
            };
            out.push(s);
        }
    }
    out
}

fn bot(level: &str, seed: u64) -> Box<dyn Bot> {
    match level {
        "random" => Box::new(RandomBot::new(seed)),
        "easy" => Box::new(EasyBot::new(seed)),
        "normal" => Box::new(NormalBot::new()),
        other => panic!("unknown level {other}: random, easy or normal"),
    }
}

/// The 95% Wilson score interval of `k` successes in `n`.
fn wilson(k: u32, n: u32) -> (f64, f64) {
    if n == 0 {
        return (0.0, 1.0);
    }
    let (k, n, z) = (f64::from(k), f64::from(n), 1.96f64);
    let p = k / n;
    let d = 1.0 + z * z / n;
    let c = (p + z * z / (2.0 * n)) / d;
    let h = z * ((p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt()) / d;
    (c - h, c + h)
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let a = args.first().map_or("easy", String::as_str);
    let b = args.get(1).map_or("random", String::as_str);
    let seeds: u64 = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(50);
    let setups = setups();
    let (mut w, mut d, mut l) = (0u32, 0u32, 0u32);
    let mut times: Vec<f64> = Vec::new();
    for seed in 0..seeds {
        for swap in [false, true] {
            let setup = setups[(seed as usize) % setups.len()].clone();
            let a_seat = Seat(u8::from(swap));
            let mut bots = if swap {
                vec![bot(b, seed * 2 + 1), bot(a, seed * 2)]
            } else {
                vec![bot(a, seed * 2), bot(b, seed * 2 + 1)]
            };
            let mut game = Game::new(setup, seed).expect("game");
            let mut steps = 0;
            while let Some(dec) = game.decision() {
                let seat = dec.seat;
                let t = Instant::now();
                let c = bots[usize::from(seat.0)].choose(&game);
                if seat == a_seat {
                    times.push(t.elapsed().as_secs_f64() * 1000.0);
                }
                game.apply(c).expect("a bot chose a refused command");
                steps += 1;
                assert!(steps < 50_000, "runaway game");
            }
            match game.outcome() {
                Some(Outcome::Win { seats, .. }) if seats.contains(&a_seat) => w += 1,
                Some(Outcome::Win { .. }) => l += 1,
                _ => d += 1,
            }
        }
    }
    let n = w + d + l;
    let (lo, hi) = wilson(w, n);
    times.sort_by(f64::total_cmp);
    let q = |f: f64| times[((times.len() as f64 - 1.0) * f) as usize];
    println!(
        "{a} vs {b}: {n} games, {w} wins ({:.1}%, 95% CI {:.1}–{:.1}%), {d} draws, {l} losses",
        100.0 * f64::from(w) / f64::from(n),
        100.0 * lo,
        100.0 * hi
    );
    let total: f64 = times.iter().sum();
    println!(
        "{a}: {} decisions, ms per decision median {:.3}, p95 {:.3}, max {:.3}; {:.0} decisions/s",
        times.len(),
        q(0.5),
        q(0.95),
        q(1.0),
        times.len() as f64 / (total / 1000.0)
    );
}
