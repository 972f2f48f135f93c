//! Hot-seat hand-over: when the player who must act changes, the screen is hidden until
//! the next player says they are ready, so nobody sees what isn't theirs to see. While a
//! hand-over is pending, intents for the new player's choices are ignored. Seats the
//! computer plays never take the screen: the last person to hold it keeps it.

use bevy::prelude::*;
use redline_rules::Seat;

use crate::headless::flow::decider::Decider;
use crate::headless::schedule::PlaySystems;
use crate::headless::screen::Screen;

/// Who has the screen now.
#[derive(Resource, Debug, Clone, PartialEq, Eq)]
pub struct HandOver {
    /// Hand-over screens are on for this match.
    pub enabled: bool,
    /// The player the screen was last handed to.
    pub viewer: Option<Seat>,
    /// Seats the computer plays (solo): no hand-over to them.
    pub computer: Vec<Seat>,
}

impl Default for HandOver {
    fn default() -> Self {
        HandOver {
            enabled: true,
            viewer: None,
            computer: Vec::new(),
        }
    }
}

impl HandOver {
    /// The seat the screen must be handed to before anything else happens.
    pub fn pending(&self, decider: Decider) -> Option<Seat> {
        let seat = decider.0?;
        (self.enabled && self.viewer != Some(seat) && !self.computer.contains(&seat))
            .then_some(seat)
    }

    /// Whether `decider` may act now (no hand-over pending).
    pub fn clear(&self, decider: Decider) -> bool {
        self.pending(decider).is_none()
    }
}

/// The next player has the screen and is ready.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub struct HandOverReady;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<HandOver>();
    app.add_message::<HandOverReady>();
    app.add_systems(Update, take_over.in_set(PlaySystems::TakeOver));
    app.add_systems(OnEnter(Screen::MainMenu), reset);
}

fn take_over(
    mut ready: MessageReader<HandOverReady>,
    decider: Res<Decider>,
    mut hand_over: ResMut<HandOver>,
) {
    if ready.read().count() > 0 && hand_over.viewer != decider.0 {
        hand_over.viewer = decider.0;
    }
}

fn reset(mut hand_over: ResMut<HandOver>) {
    hand_over.viewer = None;
}
