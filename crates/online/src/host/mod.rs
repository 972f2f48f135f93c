//! The host: a [`Hub`] of matches (one for a player's app hosting, many for the dedicated
//! server), driven without any I/O of its own. The transport hands it each connection's
//! text ([`Hub::receive`]) and sends what it queued ([`Hub::take_outgoing`]) once the store
//! has made the match durable ([`Hub::flush`]); computer seats are answered by whoever runs
//! [`Hub::take_bot_jobs`] (see [`crate::bots`]).
//!
//! The host owns each match's [`redline_rules::Game`] and secret seed: it checks every
//! answer with the engine, refuses what is out of turn, for another seat, malformed,
//! oversized or too fast (a refusal that says why and changes nothing), and sends each seat
//! only its own prompts.

mod flow;
mod game;
mod matches;
mod play;

use std::collections::HashMap;
use std::sync::Arc;
use std::time::Instant;

use redline_content::Catalog;
use redline_rules::{Command, Game, Seat};

pub use game::{Played, Running};
pub use matches::HostMatch;

use crate::limits::{self, HubLimits, RateLimit};
use crate::protocol::{self, ClientMsg, MatchId, ServerMsg};
use crate::record::{MatchStore, StoreError};
use crate::refusal::{Reason, Refusal};

/// A connection, numbered by the transport.
pub type ConnId = u64;

/// A message for one connection.
#[derive(Debug, Clone)]
pub struct Outgoing {
    /// The connection.
    pub to: ConnId,
    /// The encoded message (shared among the recipients of a broadcast).
    pub text: Arc<str>,
    /// Close the connection after sending it.
    pub close: bool,
}

/// A computer seat's turn: the transport runs the bot (on another thread if it likes) and
/// hands the answer back through [`Hub::bot_answer`].
#[derive(Debug, Clone)]
pub struct BotJob {
    /// The match.
    pub match_id: MatchId,
    /// The seat.
    pub seat: Seat,
    /// Commands played so far.
    pub step: u32,
    /// The bot level.
    pub level: String,
    /// A copy of the game to think on.
    pub game: Game,
}

/// What a code opens.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Role {
    Owner,
    Seat(Seat),
    Spectator,
}

/// A connection's standing.
#[derive(Debug)]
struct Conn {
    hello: bool,
    rate: RateLimit,
    refusals: u32,
    name: String,
    in_match: Option<MatchId>,
    seats: Vec<Seat>,
    owner: bool,
    spectator: bool,
}

/// Every match a host holds and the connections talking to it.
pub struct Hub {
    server_name: String,
    catalog: Arc<Catalog>,
    store: Box<dyn MatchStore>,
    matches: HashMap<MatchId, HostMatch>,
    codes: HashMap<String, (MatchId, Role)>,
    conns: HashMap<ConnId, Conn>,
    next_id: MatchId,
    out: Vec<Outgoing>,
    jobs: Vec<BotJob>,
    store_errors: Vec<StoreError>,
    open_by_clients: bool,
    limits: HubLimits,
    ended: Vec<MatchId>,
}

impl Hub {
    /// A hub over these packs and this store. `open_by_clients`: whether clients may open
    /// matches with [`ClientMsg::Create`] (the dedicated server) or only the embedding
    /// program may, through [`Hub::create`] (a player's app hosting).
    pub fn new(catalog: Arc<Catalog>, store: Box<dyn MatchStore>, open_by_clients: bool) -> Hub {
        Hub {
            server_name: format!("redline {}", env!("CARGO_PKG_VERSION")),
            catalog,
            store,
            matches: HashMap::new(),
            codes: HashMap::new(),
            conns: HashMap::new(),
            next_id: 1,
            out: Vec::new(),
            jobs: Vec::new(),
            store_errors: Vec::new(),
            open_by_clients,
            limits: HubLimits::default(),
            ended: Vec::new(),
        }
    }

    /// The same hub holding its matches to other limits (a smaller server, or tests).
    pub fn with_limits(mut self, limits: HubLimits) -> Hub {
        self.limits = limits;
        self
    }

    /// A new connection.
    pub fn connect(&mut self, conn: ConnId, now: Instant) {
        self.conns.insert(
            conn,
            Conn {
                hello: false,
                rate: RateLimit::new(now),
                refusals: 0,
                name: String::new(),
                in_match: None,
                seats: Vec::new(),
                owner: false,
                spectator: false,
            },
        );
    }

    /// A message from a connection: checked for rate, size, protocol and shape, then acted
    /// on or refused with a reason.
    pub fn receive(&mut self, conn: ConnId, text: &str, now: Instant) {
        let Some(c) = self.conns.get_mut(&conn) else {
            return;
        };
        if !c.rate.allow(now) {
            self.refuse(conn, Reason::RateLimited);
            return;
        }
        let msg = match protocol::decode::<ClientMsg>(text, limits::CLIENT_MESSAGE_BYTES) {
            Ok(msg) => msg,
            Err(refusal) => {
                let close = matches!(refusal.reason, Reason::Version { .. });
                self.refuse(conn, refusal.reason);
                if close {
                    self.close(conn);
                }
                return;
            }
        };
        let hello = matches!(msg, ClientMsg::Hello { .. });
        if hello == c.hello {
            self.refuse(conn, Reason::HelloFirst);
            return;
        }
        if let Err(reason) = self.dispatch(conn, msg, now) {
            self.refuse(conn, reason);
        }
    }

    fn dispatch(&mut self, conn: ConnId, msg: ClientMsg, now: Instant) -> Result<(), Reason> {
        match msg {
            ClientMsg::Hello { client } => {
                let c = self.conn(conn)?;
                c.hello = true;
                c.name = client.chars().take(limits::CLIENT_NAME_CHARS).collect();
                let welcome = ServerMsg::Welcome {
                    server: self.server_name.clone(),
                };
                self.send(conn, &welcome);
                Ok(())
            }
            ClientMsg::Create { lobby, name } => self.create_for(conn, lobby, name, now),
            ClientMsg::Join { code, name, have } => self.join(conn, &code, name, have, now),
            ClientMsg::Team { seat, team } => self.team(conn, seat, team, now),
            ClientMsg::Answer {
                seat,
                step,
                command,
            } => self.answer(conn, seat, step, command),
            ClientMsg::Chat { text } => self.chat(conn, text),
            ClientMsg::HandToComputer { seat, level } => {
                let id = self.owned_match(conn)?;
                self.hand_to_computer(id, seat, &level, now)
            }
        }
    }

    /// A connection closed: the seats it held wait for their players.
    pub fn disconnect(&mut self, conn: ConnId, now: Instant) {
        let Some(c) = self.conns.remove(&conn) else {
            return;
        };
        let Some(id) = c.in_match else {
            return;
        };
        let Some(m) = self.matches.get_mut(&id) else {
            return;
        };
        for (i, holder) in m.holders.iter_mut().enumerate() {
            if *holder == Some(conn) {
                *holder = None;
                m.away_since[i] = Some(now);
            }
        }
        if m.owner == Some(conn) {
            m.owner = None;
        }
        m.spectators.retain(|s| *s != conn);
        if self.open_by_clients && m.meta.finished && m.members().is_empty() {
            // The dedicated server's store keeps the match; memory need not.
            self.unload(id);
            return;
        }
        self.broadcast_lobby(id, now);
    }

    /// Forgets a match and its codes (it stays in the store).
    fn unload(&mut self, id: MatchId) {
        self.matches.remove(&id);
        self.codes.retain(|_, (m, _)| *m != id);
    }

    /// A computer seat's answer to a [`BotJob`]; ignored if the game has moved on.
    pub fn bot_answer(&mut self, match_id: MatchId, seat: Seat, step: u32, command: Command) {
        self.play_bot(match_id, seat, step, command);
    }

    /// Makes what was saved durable; call before [`Hub::take_outgoing`], so that no command
    /// is acknowledged before it is stored.
    pub fn flush(&mut self) {
        if let Err(e) = self.store.flush() {
            self.store_errors.push(e);
        }
    }

    /// The messages to send, in order.
    pub fn take_outgoing(&mut self) -> Vec<Outgoing> {
        std::mem::take(&mut self.out)
    }

    /// The computer seats waiting for an answer.
    pub fn take_bot_jobs(&mut self) -> Vec<BotJob> {
        std::mem::take(&mut self.jobs)
    }

    /// The matches that ended since the last call (their computer seats' bots can go).
    pub fn take_ended(&mut self) -> Vec<MatchId> {
        std::mem::take(&mut self.ended)
    }

    /// Store errors since the last call. A dedicated server stops on one (nothing unsaved
    /// was acknowledged); a player's app hosting tells its player and goes on.
    pub fn take_store_errors(&mut self) -> Vec<StoreError> {
        std::mem::take(&mut self.store_errors)
    }

    /// A match.
    pub fn get(&self, id: MatchId) -> Option<&HostMatch> {
        self.matches.get(&id)
    }

    /// Matches held, finished ones included.
    pub fn match_count(&self) -> usize {
        self.matches.len()
    }

    /// Matches not yet over.
    pub fn unfinished(&self) -> usize {
        self.matches.values().filter(|m| !m.meta.finished).count()
    }

    /// Connections open.
    pub fn connection_count(&self) -> usize {
        self.conns.len()
    }

    fn conn(&mut self, conn: ConnId) -> Result<&mut Conn, Reason> {
        self.conns.get_mut(&conn).ok_or(Reason::NotJoined)
    }

    fn owned_match(&self, conn: ConnId) -> Result<MatchId, Reason> {
        let c = self.conns.get(&conn).ok_or(Reason::NotJoined)?;
        match (c.in_match, c.owner) {
            (Some(id), true) => Ok(id),
            (Some(_), false) => Err(Reason::NotOwner),
            (None, _) => Err(Reason::NotJoined),
        }
    }

    fn refuse(&mut self, conn: ConnId, reason: Reason) {
        let Some(c) = self.conns.get_mut(&conn) else {
            return;
        };
        c.refusals += 1;
        let too_many = c.refusals >= limits::REFUSALS_BEFORE_CLOSE;
        self.send(conn, &ServerMsg::Refused(Refusal::new(reason)));
        if too_many {
            self.close(conn);
        }
    }

    fn close(&mut self, conn: ConnId) {
        if let Some(last) = self.out.iter_mut().rev().find(|o| o.to == conn) {
            last.close = true;
        }
    }

    fn send(&mut self, conn: ConnId, msg: &ServerMsg) {
        let text: Arc<str> = protocol::encode(msg).into();
        self.out.push(Outgoing {
            to: conn,
            text,
            close: false,
        });
    }

    fn broadcast(&mut self, id: MatchId, msg: &ServerMsg) {
        let Some(m) = self.matches.get(&id) else {
            return;
        };
        let text: Arc<str> = protocol::encode(msg).into();
        for to in m.members() {
            self.out.push(Outgoing {
                to,
                text: Arc::clone(&text),
                close: false,
            });
        }
    }

    fn broadcast_lobby(&mut self, id: MatchId, now: Instant) {
        if let Some(m) = self.matches.get(&id) {
            let state = ServerMsg::Lobby(m.state(now));
            self.broadcast(id, &state);
        }
    }

    fn save_meta(&mut self, id: MatchId) {
        if let Some(m) = self.matches.get(&id)
            && let Err(e) = self.store.save_meta(&m.meta)
        {
            self.store_errors.push(e);
        }
    }
}
