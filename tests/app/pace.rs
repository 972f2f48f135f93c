//! How often the window draws: at rest the table waits for input (a reactive update mode
//! that never wakes on its own); while a move plays it draws every frame, and it goes back
//! to waiting once the move is over. The pace follows the redraws the table's visuals ask
//! for, so the app runs here with them (meshes and materials in asset stores, no window).

use std::time::Duration;

use crate::driver::{data_dir, new_app_with_visuals, send};
use crate::hot_seat::play;

use bevy::prelude::*;
use bevy::winit::{UpdateMode, WinitSettings};
use redline::headless::flow::menu::MenuIntent;
use redline::table::animate::{SkipAnimations, Walk};
use redline::table::pace::Pace;

fn pace(app: &App) -> (Pace, UpdateMode) {
    let settings = app.world().resource::<WinitSettings>();
    (*app.world().resource::<Pace>(), settings.focused_mode)
}

fn moving(app: &mut App) -> bool {
    app.world_mut()
        .query_filtered::<(), With<Walk>>()
        .iter(app.world())
        .count()
        > 0
}

fn assert_idle(app: &App) {
    let (pace, mode) = pace(app);
    assert_eq!(pace, Pace::Idle);
    assert!(
        matches!(
            mode,
            UpdateMode::Reactive { wait, react_to_window_events: true, .. } if wait == Duration::MAX
        ),
        "{mode:?}"
    );
}

#[test]
fn an_idle_table_waits_for_input_and_a_move_draws_every_frame() {
    let mut app = new_app_with_visuals(&data_dir("pace"));
    send(&mut app, MenuIntent::QuickSkirmish);
    app.update();
    app.update();
    assert_idle(&app);
    for _ in 0..400 {
        play(&mut app, 1, 0);
        if !moving(&mut app) {
            continue;
        }
        assert_eq!(pace(&app), (Pace::Busy, UpdateMode::Continuous));
        send(&mut app, SkipAnimations);
        app.update();
        assert_idle(&app);
        return;
    }
    panic!("no move in 400 answers");
}
