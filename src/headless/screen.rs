//! The app's screens as a `Screen` state; entities of a screen carry `DespawnOnExit`.

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

pub(super) fn plugin(app: &mut App) {
    app.init_state::<Screen>();
}
