//! The Planner screen on the largest layout a table may hold (1,000 pieces,
//! docs/limits.md): an edit shows at once and its checks follow on the task pool.

use std::time::Instant;

use bevy::prelude::*;
use redline::headless::content::Content;
use redline::headless::flow::menu::MenuIntent;
use redline::headless::planner::checks::Checks;
use redline::headless::planner::{Planner, PlannerIntent};
use redline_content::schema::{Layout, PlacedPiece};

use crate::driver::{data_dir, new_app, send};
use crate::planner::until_checked;

/// `n` shipping containers scattered over the 22"×30" table by a fixed sequence (as the
/// planner's `checks` bench places them).
fn containers(n: usize) -> Layout {
    let mut seed = 0x2545_f491_u32;
    let mut next = || {
        seed ^= seed << 13;
        seed ^= seed >> 17;
        seed ^= seed << 5;
        f32::from(u16::try_from(seed >> 16).unwrap_or(0)) / 65_535.0
    };
    let pieces = (0..n)
        .map(|_| PlacedPiece::new("container", [5.0 + 20.0 * next(), 5.0 + 12.0 * next()]))
        .collect();
    Layout {
        id: format!("containers_{n}"),
        name: "Containers".into(),
        size: [30.0, 22.0],
        pieces,
        text: String::new(),
    }
}

fn planner(app: &App) -> &Planner {
    app.world().resource::<Planner>()
}

/// The app on the Planner screen with 1,000 containers on the table, the first selected,
/// snapping off (a move goes exactly as far as asked).
fn crowded_planner(name: &str) -> App {
    let mut app = new_app(&data_dir(name));
    send(&mut app, MenuIntent::Planner);
    app.update();
    app.world_mut()
        .resource_mut::<Planner>()
        .editor
        .replace(containers(1_000));
    app.update();
    send(&mut app, PlannerIntent::Snap(false));
    send(
        &mut app,
        PlannerIntent::Select {
            index: Some(0),
            add: false,
        },
    );
    app
}

/// The leftmost x of the outlines of placed piece `owner`.
fn west_edge(p: &Planner, owner: usize) -> f32 {
    p.checks
        .parts
        .iter()
        .filter(|part| part.owner == owner)
        .flat_map(|part| part.polygon.iter().map(|q| q[0]))
        .fold(f32::INFINITY, f32::min)
}

#[test]
fn an_edit_on_1000_pieces_shows_at_once_and_its_checks_follow() {
    let mut app = crowded_planner("planner-responsive");
    until_checked(&mut app);
    let p = planner(&app);
    assert_eq!(p.checks.density.pieces, 1_000);
    let (checked, at, west) = (
        p.checked_revision(),
        p.layout().pieces[0].at,
        west_edge(p, 0),
    );

    send(&mut app, PlannerIntent::Move([1.0, 0.0]));
    let p = planner(&app);
    // The frame that applies the move shows it: the layout and the outlines drawn and
    // clicked on have moved...
    assert_eq!(p.layout().pieces[0].at, [at[0] + 1.0, at[1]]);
    assert!((west_edge(p, 0) - (west + 1.0)).abs() < 1e-3);
    // ...but it did not run the checks: those shown are still of the table before.
    assert!(p.checking());
    assert_eq!(p.checked_revision(), checked);

    // Three more moves while the checks run: they don't pile up, and the checks shown
    // catch up with the last one.
    for _ in 0..3 {
        send(&mut app, PlannerIntent::Move([0.0, 1.0]));
    }
    until_checked(&mut app);
    let p = planner(&app);
    assert_eq!(p.checked_revision(), p.editor.revision());
    assert_eq!(p.layout().pieces[0].at, [at[0] + 1.0, at[1] + 3.0]);
    assert_eq!(p.checks.density.pieces, 1_000);
}

/// Times the frame that applies each of 10 moves on the 1,000-piece table (no overlays,
/// then the climbing routes on), the other frames until the checks are in, and the checks
/// run in one go on the moved table (what a frame applying an edit ran when the checks
/// were synchronous). Prints figures; speed is not asserted here.
#[test]
#[ignore = "a measurement: cargo test -p redline --test app -- --ignored --nocapture planner_edit_frame_times"]
fn planner_edit_frame_times() {
    let mut app = crowded_planner("planner-frame-times");
    for climbs in [false, true] {
        send(&mut app, PlannerIntent::Climbs(climbs));
        until_checked(&mut app);
        let (mut frames, mut catch_up) = (Vec::new(), Vec::new());
        let (mut waits, mut synchronous) = (Vec::new(), Vec::new());
        for i in 0..10 {
            let step = if i % 2 == 0 { 1.0 } else { -1.0 };
            app.world_mut()
                .write_message(PlannerIntent::Move([step, 0.0]));
            let start = Instant::now();
            app.update();
            frames.push(start.elapsed().as_secs_f64() * 1000.0);
            // The frames while the checks run on the task pool, until they are in.
            while planner(&app).checking() {
                let frame = Instant::now();
                app.update();
                catch_up.push(frame.elapsed().as_secs_f64() * 1000.0);
            }
            waits.push(start.elapsed().as_secs_f64() * 1000.0);
            let (content, p) = (app.world().resource::<Content>(), planner(&app));
            let catalog = &content.0;
            let inline = Instant::now();
            let scenario = catalog.scenarios.get(&p.scenario);
            Checks::run(catalog, p.layout(), scenario, false, climbs);
            synchronous.push(inline.elapsed().as_secs_f64() * 1000.0);
        }
        let (edit, other) = (median_max(frames), median_max(catch_up));
        let (wait, inline) = (median_max(waits), median_max(synchronous));
        println!(
            "climbs {climbs}: frame applying a move on 1,000 pieces: median {:.1} ms, max {:.1} ms; \
             other frames until the checks are in: median {:.2} ms, max {:.1} ms; \
             checks in after: median {:.0} ms; the checks run in the frame: median {:.0} ms",
            edit.0, edit.1, other.0, other.1, wait.0, inline.0
        );
    }
}

/// The median and the largest of some times (0 when there are none).
fn median_max(mut times: Vec<f64>) -> (f64, f64) {
    times.sort_by(f64::total_cmp);
    let median = times.get(times.len() / 2).copied().unwrap_or(0.0);
    (median, times.last().copied().unwrap_or(0.0))
}
