//! Online play in the app, over the Bevy-free `redline-online` crate (`docs/online.md`):
//! hosting a match (the crate's server on threads of its own, this app's players joining it
//! as a client over localhost), joining one with a code, the lobby, and the match on the
//! table following the host's game. The connection is pumped every frame without waiting;
//! a dropped one reconnects and rejoins on its own.
//!
//! * [`host`]: opening a match on a server this app runs ([`host::Hosting`]).
//! * [`link`]: the client connection ([`link::OnlineLink`]), what it reports, and the lobby.
//! * [`net`]: the connection under it (native sockets; refused in the browser build).
//! * [`follow`]: the match on the table ([`crate::headless::game::match_state::Match`])
//!   following the host's game step by step, and this app's answers going to the host.

use bevy::prelude::*;
use redline_online::lobby::SeatKind;
use redline_rules::Seat;

pub mod follow;
pub mod host;
pub mod link;
pub mod net;

/// A request from the online screens (or a test).
#[derive(Message, Debug, Clone, PartialEq)]
pub enum OnlineIntent {
    /// Host a match: open it on a server of this app's and join it as its owner.
    Host(HostRequest),
    /// Join a match: the host's address (`host:port`), a join code, the player's name.
    Join {
        /// `host:port`.
        addr: String,
        /// The join code.
        code: String,
        /// The name the others see.
        name: String,
    },
    /// Submit a team for one of this app's seats.
    Team {
        /// The seat.
        seat: Seat,
        /// Which team.
        choice: TeamChoice,
    },
    /// The owner hands an absent player's seat to a computer player of this level.
    HandToComputer {
        /// The seat.
        seat: Seat,
        /// The bot level (`random`, `easy`, `normal`, `hard`).
        level: String,
    },
    /// A chat line to everyone in the match.
    Chat(String),
    /// Leave the match (and stop hosting), back to the main menu.
    Leave,
}

/// What the host of a match chooses.
#[derive(Debug, Clone, PartialEq)]
pub struct HostRequest {
    /// The scenario id.
    pub scenario: String,
    /// The table layout; the scenario's first when `None`.
    pub layout: Option<String>,
    /// Who plays each seat: `Local` (this machine), `Remote` (someone with a code),
    /// `Computer` (a bot on this host).
    pub seats: Vec<SeatKind>,
    /// Turns of Control after which the match ends (the scenario's own end when `None`).
    pub turn_limit: Option<u32>,
    /// The game size (FIELD-1, TEAM-5): the EB limit and the table; the scenario's own when
    /// `None`.
    pub size: Option<redline_content::game_size::GameSize>,
    /// The optional rule modules turned on for the game, on top of the scenario's required
    /// ones (MOD-1).
    pub modules: redline_rules::Modules,
    /// Where to listen: `0.0.0.0:7878` for other machines, `127.0.0.1:0` for a free local
    /// port.
    pub bind: String,
    /// This machine's player name.
    pub name: String,
}

/// A team for a seat in the lobby.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TeamChoice {
    /// A faction's quick team at the match's EB limit.
    Quick(String),
    /// A saved roster, by name.
    Roster(String),
}

pub(super) fn plugin(app: &mut App) {
    app.add_message::<OnlineIntent>();
    app.add_plugins((link::plugin, follow::plugin));
}
