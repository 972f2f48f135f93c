//! The browser build's window for its test (`tools/web_test.py`): the app writes what it
//! shows onto the page's `<body>` as `data-redline-*` attributes, so a WebDriver script can
//! wait for a screen or a turn instead of guessing from pixels, and can ask for a
//! continuously drawn table to time its frames.
//!
//! * `data-redline-screen`: the [`Screen`] shown (`MainMenu`, `Setup`, `Battle`, `Planner`…);
//! * `data-redline-turn`, `data-redline-steps`: in a match, its turn (as the top bar counts it)
//!   and the number of commands played;
//! * `data-redline-frame-ms`, `data-redline-frames`: while the page asks for continuous
//!   drawing, the median and worst frame time of the last [`WINDOW`] frames of the table
//!   (milliseconds, one decimal, `median/worst`) and how many frames were counted;
//! * `data-redline-at-NAME`: where the screen last drew the widget called NAME (a
//!   [`landmark`], e.g. `build-teams`), as `x,y` in the page's pixels, for the test to click;
//! * the page sets `data-redline-pace="always"` to have every frame drawn (as the desktop's
//!   `--scene frame-time` does); without it the table draws only on input or while something
//!   moves;
//! * the page sets `data-redline-autoplay="person"` to have a person's part played as the
//!   smoke scenes play it: the quick team in the team builder, the deployment ended at the
//!   standard spots, every later decision answered by the scripted player
//!   ([`scripted_answer`]); so a test can watch a game against the computer go on without
//!   playing it through pixels.

use std::collections::VecDeque;

use bevy::prelude::*;
use bevy::winit::WinitSettings;
use bevy_egui::EguiContexts;

use redline_rules::{Command, DecisionKind};

use crate::headless::flow::battle::BattleIntent;
use crate::headless::flow::builder_intents::BuilderIntent;
use crate::headless::game::autoplay::scripted_answer;
use crate::headless::game::match_state::Match;
use crate::headless::screen::Screen;
use crate::screens::landmark;
use crate::table::pace::Pace;

/// Frames the frame-time figures are taken over.
const WINDOW: usize = 120;

/// The frame times counted while the page asks for continuous drawing, on the Battle screen.
#[derive(Default)]
struct Frames {
    last: VecDeque<f32>,
    counted: u32,
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Last,
        (
            show_state,
            show_landmarks,
            time_frames,
            build_for_people,
            answer_for_people,
        ),
    );
}

/// The page's `<body>`, if there is one.
fn body() -> Option<web_sys::HtmlElement> {
    web_sys::window()?.document()?.body()
}

/// Sets `data-redline-NAME` on the body when it differs from what is there.
fn set(body: &web_sys::HtmlElement, name: &str, value: &str) {
    let key = format!("data-redline-{name}");
    if body.get_attribute(&key).as_deref() != Some(value) {
        // A failed write only leaves the test without the figure; nothing to recover.
        let _ = body.set_attribute(&key, value);
    }
}

/// The screen, and the match's turn and commands played.
fn show_state(screen: Res<State<Screen>>, current: Option<Res<Match>>) {
    let Some(body) = body() else {
        return;
    };
    set(&body, "screen", &format!("{:?}", screen.get()));
    if let Some(m) = current {
        set(&body, "turn", &(m.game().turns() + 1).to_string());
        set(&body, "steps", &m.replay().steps.len().to_string());
    }
}

/// Where the screens last drew their landmarks, in the page's pixels (egui's points are the
/// page's pixels: the app keeps egui's default scale).
fn show_landmarks(mut contexts: EguiContexts) {
    let (Some(body), Ok(ctx)) = (body(), contexts.ctx_mut()) else {
        return;
    };
    for name in landmark::ALL {
        if let Some(at) = landmark::centre(ctx, name) {
            set(
                &body,
                &format!("at-{name}"),
                &format!("{:.0},{:.0}", at.x, at.y),
            );
        }
    }
}

/// On the page's request draws every frame, and on the Battle screen keeps the last frame
/// times and writes their median and worst.
fn time_frames(
    time: Res<Time<Real>>,
    screen: Res<State<Screen>>,
    mut pace: ResMut<Pace>,
    mut settings: ResMut<WinitSettings>,
    mut frames: Local<Frames>,
) {
    let Some(body) = body() else {
        return;
    };
    if body.get_attribute("data-redline-pace").as_deref() != Some("always") {
        return;
    }
    if *pace != Pace::Always {
        *pace = Pace::Always;
        *settings = Pace::Always.settings();
        return;
    }
    if *screen.get() != Screen::Battle {
        return;
    }
    frames.last.push_back(time.delta_secs() * 1000.0);
    if frames.last.len() > WINDOW {
        frames.last.pop_front();
    }
    frames.counted += 1;
    if frames.counted.is_multiple_of(30) {
        let mut sorted: Vec<f32> = frames.last.iter().copied().collect();
        sorted.sort_by(f32::total_cmp);
        let median = sorted[sorted.len() / 2];
        let worst = sorted[sorted.len() - 1];
        set(&body, "frame-ms", &format!("{median:.1}/{worst:.1}"));
        set(&body, "frames", &frames.counted.to_string());
    }
}

/// Whether the page asked for a person's part to be played (`data-redline-autoplay`).
fn autoplay_asked() -> bool {
    body()
        .and_then(|b| b.get_attribute("data-redline-autoplay"))
        .as_deref()
        == Some("person")
}

/// On the page's request builds a person's team in the team builder: the quick team on
/// one frame, done on a later one (the builder is a fresh screen for each person).
fn build_for_people(
    screen: Res<State<Screen>>,
    mut build: MessageWriter<BuilderIntent>,
    mut sent: Local<u8>,
) {
    if *screen.get() != Screen::TeamBuilder {
        *sent = 0;
        return;
    }
    if !autoplay_asked() {
        return;
    }
    match *sent {
        0 => build.write(BuilderIntent::QuickTeam),
        _ => build.write(BuilderIntent::Done),
    };
    *sent = sent.saturating_add(1);
}

/// On the page's request answers a person's decision on the Battle screen, once per game
/// state (the answer is applied next frame).
fn answer_for_people(
    screen: Res<State<Screen>>,
    current: Option<Res<Match>>,
    mut answers: MessageWriter<BattleIntent>,
    mut answered: Local<Option<u64>>,
) {
    let (Screen::Battle, Some(m)) = (screen.get(), current) else {
        return;
    };
    let Some(decision) = m.game().decision() else {
        return;
    };
    let hash = m.game().state_hash();
    if m.meta.is_computer(decision.seat) || *answered == Some(hash) {
        return;
    }
    if !autoplay_asked() {
        return;
    }
    let command = match decision.kind {
        DecisionKind::DeployTeam { .. } => Some(Command::EndDeployment),
        _ => scripted_answer(m.game()),
    };
    if let Some(command) = command {
        answers.write(BattleIntent::Answer(command));
        *answered = Some(hash);
    }
}
