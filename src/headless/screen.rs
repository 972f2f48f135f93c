//! The app's screens as a `Screen` state; entities of a screen carry `DespawnOnExit`. The
//! Loading screen waits for the [`LoadingHolds`] plugins put on it.

use std::collections::BTreeSet;

use bevy::prelude::*;

/// Which screen the app shows (DESIGN.md §5).
#[derive(States, Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Screen {
    /// Preparing content; leaves on its own.
    #[default]
    Loading,
    /// Title and menu.
    MainMenu,
    /// New-game settings: players, scenario, table layout.
    Setup,
    /// New co-op game settings: scenario, how many people, their crews, the computer's
    /// level (COOP-1).
    CoopSetup,
    /// Each seat builds its team.
    TeamBuilder,
    /// The 3D table: deployment, then the battle.
    Battle,
    /// The scenario's outcome.
    Results,
    /// The campaigns in the data folder; a new campaign.
    Campaigns,
    /// One campaign between games: its teams, history, the next game's steps and the
    /// post-game sequence.
    CampaignHub,
    /// The terrain planner: lay out, check and share a table.
    Planner,
    /// Hosting an online match: scenario, table, seats and port.
    HostOnline,
    /// Joining an online match: the host's address, a join code, a name.
    JoinOnline,
    /// An online match's lobby: seats, players, teams, chat; the codes to hand out.
    Lobby,
}

/// What the Loading screen waits for before it leaves, by name: a plugin that loads
/// something at start (the view's textures) holds the screen until its work is in. The
/// match layer holds nothing, so without the view the screen leaves at once.
#[derive(Resource, Debug, Default)]
pub struct LoadingHolds(BTreeSet<&'static str>);

impl LoadingHolds {
    /// Keeps the Loading screen open until `what` is released.
    pub fn hold(&mut self, what: &'static str) {
        self.0.insert(what);
    }

    /// `what` is in: the screen no longer waits for it.
    pub fn release(&mut self, what: &'static str) {
        self.0.remove(what);
    }

    /// Whether anything still holds the screen.
    pub fn waiting(&self) -> bool {
        !self.0.is_empty()
    }
}

/// Nothing holds the Loading screen any more.
pub fn loading_done(holds: Res<LoadingHolds>) -> bool {
    !holds.waiting()
}

pub(super) fn plugin(app: &mut App) {
    app.init_state::<Screen>();
    app.init_resource::<LoadingHolds>();
}
