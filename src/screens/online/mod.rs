//! The online screens: hosting a match (scenario, table, seats, port), joining one (address,
//! code, name), and the lobby both meet in (seats, players, teams, codes to hand out, chat).
//! They read `headless::online` and send it `OnlineIntent`s.

use bevy::prelude::*;
use bevy_egui::EguiPrimaryContextPass;

use crate::headless::screen::Screen;

mod host;
mod join;
mod lobby;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<host::HostForm>();
    app.init_resource::<join::JoinForm>();
    app.init_resource::<lobby::LobbyForm>();
    app.add_systems(
        EguiPrimaryContextPass,
        (
            host::host_screen.run_if(in_state(Screen::HostOnline)),
            join::join_screen.run_if(in_state(Screen::JoinOnline)),
            lobby::lobby_screen.run_if(in_state(Screen::Lobby)),
        ),
    );
}
