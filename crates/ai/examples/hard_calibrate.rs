//! Calibrates Hard's play-out budget on a busy machine: plays Hard against Normal and prints
//! the CPU time (not wall time) of Hard's turns of Control and how much work (play-out
//! commands plus the answers Normal rated in them) they did, so the default work budget can
//! be set to fit its 1 s per activation on an idle machine while other engineers' builds
//! share the cores. Thread CPU time comes from Linux's
//! `/proc/thread-self/schedstat`; elsewhere the example says so and stops.
//!
//! `cargo run --release -p redline-ai --example hard_calibrate -- [games] [work per turn] [turn limit]`

use std::time::Instant;

use redline_ai::Bot;
use redline_content::starter;
use redline_rules::DecisionKind;

mod common;

/// mimalloc serves the engine's many small short-lived lists faster than the system allocator
/// (docs/decisions/perf-global-allocator.md).
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// CPU time this thread has run, ns (`None` off Linux).
fn thread_cpu_ns() -> Option<u64> {
    let s = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    s.split_whitespace().next()?.parse().ok()
}

fn main() {
    if thread_cpu_ns().is_none() {
        eprintln!("no /proc/thread-self/schedstat: thread CPU time is Linux-only");
        return;
    }
    let args = common::Args::parse();
    let work = args.budget.work;
    let catalog = starter();
    let mut turns: Vec<(f64, f64, f64)> = Vec::new(); // (cpu ms, wall ms, work) per Hard turn
    for g in 0..args.games {
        let (mut game, hard_seat, mut hard, mut normal) = args.game(&catalog, g);
        let mut open: Option<(f64, f64, f64)> = None;
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
                    open = Some((0.0, 0.0, 0.0));
                }
                let (cpu0, wall0) = (thread_cpu_ns().unwrap_or(0), Instant::now());
                let work0 = hard.work_done();
                let c = hard.choose(&game);
                let done = (hard.work_done() - work0) as f64;
                let cpu = (thread_cpu_ns().unwrap_or(0) - cpu0) as f64 / 1e6;
                let wall = wall0.elapsed().as_secs_f64() * 1e3;
                if !reaction && let Some(t) = open.as_mut() {
                    t.0 += cpu;
                    t.1 += wall;
                    t.2 += done;
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
    let mut done: Vec<f64> = turns.iter().map(|t| t.2).collect();
    // CPU ms per 1000 units of work: how well the measure tracks time.
    let mut per_k: Vec<f64> = turns
        .iter()
        .filter(|t| t.2 > 0.0)
        .map(|t| t.0 / t.2 * 1e3)
        .collect();
    cpu.sort_by(f64::total_cmp);
    wall.sort_by(f64::total_cmp);
    done.sort_by(f64::total_cmp);
    per_k.sort_by(f64::total_cmp);
    let q = |v: &[f64], p: f64| v[((v.len() - 1) as f64 * p).round() as usize];
    println!(
        "{work} work per turn of Control, {} Hard turns of Control:\n  \
         CPU ms per turn  median {:.0}, p95 {:.0}, p99 {:.0}, max {:.0}\n  \
         wall ms per turn median {:.0}, p95 {:.0}, p99 {:.0}, max {:.0}\n  \
         work per turn    median {:.0}, p95 {:.0}, max {:.0}\n  \
         CPU ms per 1000 work median {:.1}, p95 {:.1}, max {:.1}",
        cpu.len(),
        q(&cpu, 0.5),
        q(&cpu, 0.95),
        q(&cpu, 0.99),
        q(&cpu, 1.0),
        q(&wall, 0.5),
        q(&wall, 0.95),
        q(&wall, 0.99),
        q(&wall, 1.0),
        q(&done, 0.5),
        q(&done, 0.95),
        q(&done, 1.0),
        q(&per_k, 0.5),
        q(&per_k, 0.95),
        q(&per_k, 1.0),
    );
}
