//! How long Hard thinks per turn of Control where it runs: plays Hard (its work budget, the
//! wall-clock safety net out of reach so the work alone decides) against Normal on the Hard
//! examples' four tables and prints the thinking time of Hard's turns and the work done.
//!
//! The games are the same wherever it runs (the work budget decides, not the clock), so
//! the same program built for `wasm32-wasip1` and run in Node's WebAssembly engine (V8, as
//! in Chromium) times the very turns the desktop build times: how often the browser's
//! safety net (`HardBudget::IN_BROWSER`) would cut a search short, against the desktop's
//! (`HardBudget::DEFAULT`). Commands in docs/web.md.
//!
//! `redline-hard-pace [games] [work per turn] [turn limit]` (defaults 4, Hard's default
//! work, 24).

use std::time::Instant;

use redline_ai::{Bot, HardBudget};
use redline_content::starter;
use redline_rules::DecisionKind;

#[path = "../../../crates/ai/examples/common/mod.rs"]
mod common;

/// mimalloc, as the desktop app (docs/decisions/perf-global-allocator.md).
#[cfg(not(target_family = "wasm"))]
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// The safety nets the turns are held against: the desktop's and the browser's, ms.
const NETS_MS: [u32; 2] = [HardBudget::DEFAULT.turn_ms, HardBudget::IN_BROWSER.turn_ms];

fn main() {
    let args = common::Args::parse();
    let catalog = starter();
    let mut turns: Vec<f64> = Vec::new();
    let mut work = 0u64;
    for g in 0..args.games {
        let (mut game, hard_seat, mut hard, mut normal) = args.game(&catalog, g);
        let mut open: Option<f64> = None;
        while let Some(d) = game.decision() {
            let mine = d.seat.0 == hard_seat;
            let take_control = matches!(d.kind, DecisionKind::TakeControl { .. });
            if take_control && let Some(t) = open.take() {
                turns.push(t);
            }
            let command = if mine {
                if take_control {
                    open = Some(0.0);
                }
                let reaction = matches!(d.kind, DecisionKind::OfferReaction { .. });
                let (started, work0) = (Instant::now(), hard.work_done());
                let c = hard.choose(&game);
                work += hard.work_done() - work0;
                if !reaction && let Some(t) = open.as_mut() {
                    *t += started.elapsed().as_secs_f64() * 1e3;
                }
                c
            } else {
                normal.choose(&game)
            };
            game.apply(command).expect("a bot's answer is legal");
        }
        turns.extend(open);
        println!("game {g}: {} turns of Control by then", game.turns());
    }
    report(&turns, work);
}

/// The figures: turns timed, their median, 95th percentile and longest, the work per ms and
/// how many turns each safety net would have cut.
fn report(turns: &[f64], work: u64) {
    let mut sorted = turns.to_vec();
    sorted.sort_by(f64::total_cmp);
    let at = |q: f64| sorted[((sorted.len() - 1) as f64 * q).round() as usize];
    if sorted.is_empty() {
        println!("Hard took no turn of Control");
        return;
    }
    let total: f64 = sorted.iter().sum();
    println!(
        "Hard: {} turns of Control, thinking median {:.0} ms, 95th percentile {:.0} ms, longest {:.0} ms",
        sorted.len(),
        at(0.5),
        at(0.95),
        at(1.0)
    );
    println!(
        "work {work} in {total:.0} ms: {:.1} work per ms",
        work as f64 / total
    );
    for net in NETS_MS {
        let over = sorted.iter().filter(|&&t| t > f64::from(net)).count();
        println!("turns over {net} ms: {over} of {}", sorted.len());
    }
}
