//! Redline's online play, without Bevy: two to four people on different machines play one
//! match, with computer seats if they like (DESIGN §9, `docs/online.md`).
//!
//! * Host-authoritative: a [`host::Hub`] owns each match's [`redline_rules::Game`] and its
//!   secret seed, checks every answer with the engine, and sends every client the command,
//!   the dice it drew (revealed after the roll) and the public hash. Computer seats are
//!   answered on the host by `redline-ai` bots ([`bots::BotRunner`]).
//! * One message definition ([`protocol`]): typed, versioned, JSON over WebSocket; every
//!   refusal says why ([`refusal`]); every limit is in [`limits`].
//! * A client ([`client::ClientSession`]) holds a [`replica::Replica`]: the engine's game
//!   started without the seed, fed the revealed dice, checked against the host's hash
//!   after every step and, once the seed is revealed at the end, over the whole match.
//! * What survives: [`record`] stores (a file per match for a player's app hosting; SQLite
//!   for the dedicated server) hold the lobby, seats, codes and the command log; a resumed
//!   host plays the log again and arrives at the same state hash.
//! * [`net`] (feature `net`): the tokio WebSocket server running a hub, and the native
//!   client connection.

pub mod bots;
pub mod client;
pub mod codes;
pub mod host;
pub mod limits;
pub mod lobby;
#[cfg(feature = "net")]
pub mod net;
pub mod protocol;
pub mod record;
pub mod refusal;
pub mod replica;
#[cfg(feature = "sqlite")]
pub mod sqlite;

pub use client::{ClientEvent, ClientSession};
pub use host::Hub;
pub use lobby::{LobbySetup, LobbyState, SeatKind};
pub use protocol::{ClientMsg, MatchId, PROTOCOL_VERSION, ServerMsg};
pub use refusal::{Reason, Refusal};
pub use replica::Replica;
