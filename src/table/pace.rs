//! How often the window draws. A turn-based table at rest draws nothing: the window waits
//! for input. While something asks for a redraw (`RequestRedraw`) — the table's visuals
//! while a move, an attack or a wound's flip plays or the dice tumble, the computer
//! thinking, the camera gliding, an aimed route following the pointer — it draws every
//! frame, and goes back to waiting the frame after the last request. The redraw requests
//! are the one source: what moves asks for them where it is drawn. The smoke run
//! (`--smoke`) has no input to wake it, so it draws continuously.

use std::time::Duration;

use bevy::prelude::*;
use bevy::window::RequestRedraw;
use bevy::winit::{UpdateMode, WinitSettings};

/// Whether the table needs frames.
#[derive(Resource, Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Pace {
    /// Nothing moves: draw only on input.
    #[default]
    Idle,
    /// Something moves: draw every frame.
    Busy,
    /// Draw every frame whatever happens (the smoke run, which has no input).
    Always,
}

impl Pace {
    /// The window's update modes for this pace.
    pub fn settings(self) -> WinitSettings {
        match self {
            Pace::Idle => WinitSettings {
                // Input, a window event or a `RequestRedraw` wakes it; nothing else does.
                focused_mode: UpdateMode::reactive(Duration::MAX),
                unfocused_mode: UpdateMode::reactive_low_power(Duration::MAX),
            },
            Pace::Busy | Pace::Always => WinitSettings::continuous(),
        }
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Pace>();
    app.add_message::<RequestRedraw>();
    if !app.world().contains_resource::<WinitSettings>() {
        app.insert_resource(Pace::Idle.settings());
    }
    app.add_systems(Last, keep_pace);
}

/// Sets the pace from the redraws asked this frame, and the window's update mode from the
/// pace.
fn keep_pace(
    mut pace: ResMut<Pace>,
    mut redraws: MessageReader<RequestRedraw>,
    settings: Option<ResMut<WinitSettings>>,
) {
    let asked = redraws.read().count() > 0;
    let next = match *pace {
        Pace::Always => Pace::Always,
        _ if asked => Pace::Busy,
        _ => Pace::Idle,
    };
    if *pace != next {
        *pace = next;
    }
    if let Some(mut settings) = settings {
        let wanted = next.settings();
        if settings.focused_mode != wanted.focused_mode {
            *settings = wanted;
        }
    }
}
