//! Which construct is Haywire (BOT-5), as the engine's events say: the last `CpuRolled`
//! that came up Haywire names it, and it stays so while it is the Active Model, as Haywire
//! lasts the construct's activation. The miniature's look and the card read it.

use bevy::prelude::*;
use redline_rules::{Event, ModelId};

use crate::headless::game::messages::MatchEvents;
use crate::headless::screen::Screen;

/// The construct the engine last rolled Haywire, if any (BOT-5). Whether it still is:
/// [`Haywire::now`].
#[derive(Resource, Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Haywire(pub Option<ModelId>);

impl Haywire {
    /// The Haywire construct now: the last one rolled Haywire while it is still the Active
    /// Model.
    pub fn now(&self, game: &redline_rules::Game) -> Option<ModelId> {
        self.0.filter(|m| game.active_model() == Some(*m))
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Haywire>();
    app.add_systems(OnExit(Screen::Battle), |mut h: ResMut<Haywire>| h.0 = None);
}

/// Reads the answers' events for the CPU rolls of constructs (BOT-5).
pub(super) fn note_haywire(mut batches: MessageReader<MatchEvents>, mut haywire: ResMut<Haywire>) {
    for MatchEvents(events) in batches.read() {
        for event in events {
            if let Event::CpuRolled {
                model,
                haywire: true,
                ..
            } = event
            {
                haywire.0 = Some(*model);
            }
        }
    }
}
