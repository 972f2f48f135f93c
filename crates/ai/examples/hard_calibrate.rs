//! Calibrates Hard's play-out budget on a busy machine: plays Hard against Normal and prints
//! the CPU time (not wall time) of Hard's turns of Control and how many play-outs they ran,
//! so the default play-out count can be set to fit its 1 s per activation on an idle machine
//! while other engineers' builds share the cores. Thread CPU time comes from Linux's
//! `/proc/thread-self/schedstat`; elsewhere the example says so and stops.
//!
//! `cargo run --release -p redline-ai --example hard_calibrate -- [games] [play-outs] [turn limit]`

use std::time::Instant;

use redline_ai::{Bot, HardBot, HardBudget, NormalBot};
use redline_content::skirmish::{quick_team, skirmish};
use redline_content::starter;
use redline_content::team::TeamRules;
use redline_rules::{DecisionKind, Game, Victory};

/// CPU time this thread has run, ns (`None` off Linux).
fn thread_cpu_ns() -> Option<u64> {
    let s = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    s.split_whitespace().next()?.parse().ok()
}

const TABLES: [(&str, &str, [&str; 2]); 4] = [
    ("street_claim", "pier_nine", ["ashfall", "tidewater"]),
    ("salvage_run", "refinery_row", ["choir", "ashfall"]),
    ("take_the_head", "tenement_yard", ["ashfall", "glasswork"]),
    ("breakout", "tenement_yard", ["ashfall", "choir"]),
];

fn main() {
    if thread_cpu_ns().is_none() {
        eprintln!("no /proc/thread-self/schedstat: thread CPU time is Linux-only");
        return;
    }
    let mut args = std::env::args().skip(1);
    let games: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(4);
    let iterations: u32 = args
        .next()
        .and_then(|a| a.parse().ok())
        .unwrap_or(HardBudget::DEFAULT.iterations);
    let turn_limit: u32 = args.next().and_then(|a| a.parse().ok()).unwrap_or(24);
    let catalog = starter();
    let rules = TeamRules::one_off(100);
    // A time cap no machine reaches: the play-out count alone decides.
    let budget = HardBudget {
        iterations,
        turn_ms: 3_600_000,
    };
    let mut turns: Vec<(f64, f64)> = Vec::new(); // (cpu ms, wall ms) per Hard turn
    for g in 0..games {
        let (scenario, layout, factions) = TABLES[(g as usize) % TABLES.len()];
        let teams: Vec<_> = factions
            .iter()
            .map(|f| quick_team(&catalog, f, &rules).expect("quick team"))
            .collect();
        let mut setup = skirmish(&catalog, scenario, Some(layout), &teams, g)
            .expect("skirmish")
            .setup;
        setup.victory = Victory {
            turn_limit: Some(turn_limit),
        };
        let mut game = Game::new(setup, g + 1).expect("game");
        let hard_seat = (g % 2) as u8;
        let mut hard = HardBot::with_budget(g, budget);
        let mut normal = NormalBot::new();
        let mut open: Option<(f64, f64)> = None;
        while let Some(d) = game.decision() {
            let mine = d.seat.0 == hard_seat;
            if matches!(d.kind, DecisionKind::TakeControl { .. })
                && let Some(t) = open.take()
            {
                turns.push(t);
            }
            let c = if mine {
                let reaction = matches!(d.kind, DecisionKind::OfferReaction { .. });
                if matches!(d.kind, DecisionKind::TakeControl { .. }) {
                    open = Some((0.0, 0.0));
                }
                let (cpu0, wall0) = (thread_cpu_ns().unwrap_or(0), Instant::now());
                let c = hard.choose(&game);
                let cpu = (thread_cpu_ns().unwrap_or(0) - cpu0) as f64 / 1e6;
                let wall = wall0.elapsed().as_secs_f64() * 1e3;
                if !reaction && let Some(t) = open.as_mut() {
                    t.0 += cpu;
                    t.1 += wall;
                }
                c
            } else {
                normal.choose(&game)
            };
            game.apply(c).expect("a legal command");
        }
        if let Some(t) = open.take() {
            turns.push(t);
        }
        eprintln!("game {g}: {} Hard turns so far", turns.len());
    }
    let mut cpu: Vec<f64> = turns.iter().map(|t| t.0).collect();
    let mut wall: Vec<f64> = turns.iter().map(|t| t.1).collect();
    cpu.sort_by(f64::total_cmp);
    wall.sort_by(f64::total_cmp);
    let q = |v: &[f64], p: f64| v[((v.len() - 1) as f64 * p).round() as usize];
    println!(
        "{iterations} play-outs per searched decision, {} Hard turns of Control:\n  \
         CPU ms per turn  median {:.0}, p95 {:.0}, p99 {:.0}, max {:.0}\n  \
         wall ms per turn median {:.0}, p95 {:.0}, p99 {:.0}, max {:.0}",
        cpu.len(),
        q(&cpu, 0.5),
        q(&cpu, 0.95),
        q(&cpu, 0.99),
        q(&cpu, 1.0),
        q(&wall, 0.5),
        q(&wall, 0.95),
        q(&wall, 0.99),
        q(&wall, 1.0),
    );
}
