//! Runs one of the bench's geometry queries a fixed number of times on the bench's table
//! (22"×30", 15 pieces, 16 models): a workload for `valgrind --tool=callgrind`, whose
//! instruction counts don't depend on how busy the machine is. Instructions per call are
//! the difference between two counts divided by the difference in calls.
//!
//! `cargo run --release -p redline-battlespace --example geometry_calls -- <query> [calls]`
//! with query one of `poa`, `move`, `route`, `area`, `route_levels`.
#![allow(missing_docs)]

#[path = "../tests/common/mod.rs"]
mod common;

use std::hint::black_box;

use redline_battlespace::{PoaOptions, YELLOW};

fn main() {
    let mut args = std::env::args().skip(1);
    let query = args.next().unwrap_or_else(|| "poa".into());
    let calls: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(1000);
    let bs = common::space(common::busy_layout());
    let levels = common::space(common::levels_layout());
    let models = common::busy_models();
    // Build the route grids outside the counted calls, as a game does once per layout.
    let _ = bs.reachable_area(&models[4], 1.0, &models);
    let _ = levels.reachable_area(&models[4], 1.0, &models);
    for i in 0..calls {
        match query.as_str() {
            "poa" => {
                let k = (i + 1) % 8;
                let (a, t) = (&models[k], &models[15 - k]);
                black_box(bs.path_of_attack(a, t, &models, PoaOptions::default()));
            }
            "move" => {
                let route = [[9.0, 0.0, 12.0], [12.0, 0.0, 12.5], [13.0, 0.0, 15.5]];
                black_box(bs.check_move(&models[4], &route, YELLOW, &models).ok());
            }
            "route" => {
                let goal = [5.0, 0.0, 12.0];
                black_box(bs.find_route(&models[2], goal, YELLOW, &models).ok());
            }
            "area" => {
                black_box(bs.reachable_area(&models[4], 12.0, &models));
            }
            "route_levels" => {
                let mover = common::model(1, 0, 20.0, 4.6);
                let goal = [14.0, 3.7, 4.6];
                black_box(levels.find_route(&mover, goal, 12.0, &models).ok());
            }
            other => panic!("unknown query {other}"),
        }
    }
}
