//! The order the app's `Update` systems run in: [`AppSystems`] for the whole app, and inside
//! its `Update` set [`PlaySystems`] for the match flow.

use bevy::prelude::*;

/// The app's `Update` systems run in these sets, in this order.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum AppSystems {
    /// Advance timers.
    TickTimers,
    /// Turn input (clicks, keys, the smoke script) into requests.
    RecordInput,
    /// Everything else: apply requests, update entities.
    Update,
}

/// The order of the play systems inside `AppSystems::Update`.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PlaySystems {
    /// A hand-over confirmed with what the screen showed last frame.
    TakeOver,
    /// Computer seats: deploy, think on the task pool, send ready answers.
    Computer,
    /// Intents applied: menus, team building, deployment, answers.
    Apply,
    /// What follows from the new state: the decider, previews, entity sync.
    Derive,
}

pub(super) fn plugin(app: &mut App) {
    app.configure_sets(
        Update,
        (
            AppSystems::TickTimers,
            AppSystems::RecordInput,
            AppSystems::Update,
        )
            .chain(),
    );
    app.configure_sets(
        Update,
        (
            PlaySystems::TakeOver,
            PlaySystems::Computer,
            PlaySystems::Apply,
            PlaySystems::Derive,
        )
            .chain()
            .in_set(AppSystems::Update),
    );
}
