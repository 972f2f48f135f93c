//! One match on the host: its stored record, who holds each seat now, and the game once
//! it started.

use std::time::Instant;

use redline_rules::Seat;

use super::ConnId;
use super::game::Running;
use crate::lobby::{CheckedLobby, LobbyState, Presence, SeatKind, SeatState};
use crate::record::MatchMeta;

/// A match and the connections in it.
#[derive(Debug)]
pub struct HostMatch {
    /// What the store keeps.
    pub meta: MatchMeta,
    /// The lobby checked against the packs.
    pub lobby: CheckedLobby,
    /// Per seat: the connection holding it now.
    pub holders: Vec<Option<ConnId>>,
    /// Per seat: since when its player is away (none while here or never come).
    pub away_since: Vec<Option<Instant>>,
    /// Per seat: the EB of its accepted team.
    pub costs: Vec<Option<u32>>,
    /// The connection holding the owner's place.
    pub owner: Option<ConnId>,
    /// Connections watching.
    pub spectators: Vec<ConnId>,
    /// The game, once started.
    pub run: Option<Running>,
}

impl HostMatch {
    /// A match from its record (new, or resumed with its game).
    pub fn new(meta: MatchMeta, lobby: CheckedLobby, run: Option<Running>) -> HostMatch {
        let seats = meta.seats.len();
        let resumed = Instant::now();
        // A resumed match waits for every person who had taken a seat.
        let away_since = meta
            .seats
            .iter()
            .map(|s| (s.name.is_some() && s.computer.is_none()).then_some(resumed))
            .collect();
        HostMatch {
            meta,
            lobby,
            holders: vec![None; seats],
            away_since,
            costs: vec![None; seats],
            owner: None,
            spectators: Vec::new(),
            run,
        }
    }

    /// Every connection that hears the match's news.
    pub fn members(&self) -> Vec<ConnId> {
        let mut all: Vec<ConnId> = self.holders.iter().flatten().copied().collect();
        all.extend(self.owner);
        all.extend(&self.spectators);
        all.sort_unstable();
        all.dedup();
        all
    }

    /// The bot level playing a seat, if a computer plays it.
    pub fn computer(&self, seat: Seat) -> Option<&str> {
        self.meta
            .seats
            .get(usize::from(seat.0))
            .and_then(|s| s.computer.as_deref())
    }

    /// The seats a kind of seat puts under the owner's connection.
    pub fn local_seats(&self) -> Vec<Seat> {
        self.lobby
            .setup
            .seats
            .iter()
            .enumerate()
            .filter(|(i, k)| **k == SeatKind::Local && self.meta.seats[*i].computer.is_none())
            .map(|(i, _)| Seat(i as u8))
            .collect()
    }

    /// The lobby as clients see it now.
    pub fn state(&self, now: Instant) -> LobbyState {
        let seats = self
            .meta
            .seats
            .iter()
            .enumerate()
            .map(|(i, s)| {
                let presence = if s.computer.is_some() {
                    Presence::Computer
                } else if self.holders[i].is_some() {
                    Presence::Here
                } else if let Some(since) = self.away_since[i] {
                    Presence::Away {
                        secs: now.saturating_duration_since(since).as_secs(),
                    }
                } else {
                    Presence::Open
                };
                SeatState {
                    seat: Seat(i as u8),
                    kind: self.lobby.setup.seats[i].clone(),
                    player: s.name.clone(),
                    presence,
                    faction: s.team.as_ref().map(|t| t.faction.clone()),
                    cost: self.costs[i],
                }
            })
            .collect();
        LobbyState {
            match_id: self.meta.id,
            scenario: self.lobby.setup.scenario.clone(),
            layout: Some(self.lobby.layout.clone()),
            eb_limit: self.lobby.eb_limit,
            modules: self.lobby.modules.clone(),
            seats,
            started: self.run.is_some(),
            finished: self.meta.finished,
        }
    }

    /// Where the match is, in words for a refusal.
    pub fn phase_words(&self) -> &'static str {
        match (&self.run, self.meta.finished) {
            (_, true) => "over",
            (Some(_), false) => "under way",
            (None, false) => "in its lobby",
        }
    }
}
