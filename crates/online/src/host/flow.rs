//! A match's lobby on the host: opening it, taking seats with codes, teams under the TEAM
//! rules, the start once every seat has a team, handing a seat to the computer, and
//! resuming stored matches.

use std::str::FromStr;
use std::time::Instant;

use redline_content::team::TeamSpec;
use redline_rules::Seat;

use super::game::Running;
use super::matches::HostMatch;
use super::{ConnId, Hub, Role};
use crate::codes;
use crate::limits;
use crate::lobby::{LobbySetup, SeatKind};
use crate::protocol::{Have, MatchId, SeatCode, ServerMsg};
use crate::record::{MatchMeta, SeatRecord, StoreError};
use crate::refusal::Reason;

impl Hub {
    /// Opens a match (the embedding program's call: a player's app hosting); the answer holds
    /// the codes to hand out. The owner takes the local seats by joining with the owner code.
    pub fn create(&mut self, lobby: LobbySetup, now: Instant) -> Result<ServerMsg, Reason> {
        if self.unfinished() >= self.limits.matches {
            return Err(Reason::Full);
        }
        let checked = lobby.check(&self.catalog)?;
        let id = self.next_id;
        let mut seats = Vec::new();
        for kind in &lobby.seats {
            seats.push(match kind {
                SeatKind::Remote => SeatRecord {
                    code: Some(self.fresh_code()),
                    name: None,
                    team: None,
                    computer: None,
                },
                SeatKind::Local => SeatRecord {
                    code: None,
                    name: None,
                    team: None,
                    computer: None,
                },
                SeatKind::Computer { level, faction } => SeatRecord {
                    code: None,
                    name: Some(format!("computer ({level})")),
                    team: Some(checked.computer_team(&self.catalog, faction)?),
                    computer: Some(level.clone()),
                },
            });
        }
        let meta = MatchMeta {
            id,
            lobby,
            owner_code: self.fresh_code(),
            spectator_code: self.fresh_code(),
            seats,
            started: None,
            finished: false,
        };
        self.next_id += 1;
        let created = ServerMsg::Created {
            match_id: id,
            owner_code: meta.owner_code.clone(),
            seat_codes: meta
                .seats
                .iter()
                .enumerate()
                .filter_map(|(i, s)| {
                    s.code.clone().map(|code| SeatCode {
                        seat: Seat(i as u8),
                        code,
                    })
                })
                .collect(),
            spectator_code: meta.spectator_code.clone(),
        };
        self.index_codes(&meta);
        let mut m = HostMatch::new(meta, checked, None);
        m.away_since.iter_mut().for_each(|a| *a = None);
        self.costs_of(&mut m);
        self.matches.insert(id, m);
        self.save_meta(id);
        self.maybe_start(id, now);
        Ok(created)
    }

    /// A client opens a match on a dedicated server and becomes its owner.
    pub(super) fn create_for(
        &mut self,
        conn: ConnId,
        lobby: LobbySetup,
        name: String,
        now: Instant,
    ) -> Result<(), Reason> {
        if !self.open_by_clients {
            return Err(Reason::Lobby {
                detail: "this host opens its own matches: join one with a code".into(),
            });
        }
        if self.conn(conn)?.in_match.is_some() {
            return Err(Reason::Lobby {
                detail: "this connection is already in a match".into(),
            });
        }
        check_name(&name)?;
        let created = self.create(lobby, now)?;
        let ServerMsg::Created {
            ref owner_code,
            match_id,
            ..
        } = created
        else {
            unreachable!("create answers Created");
        };
        let owner_code = owner_code.clone();
        self.send(conn, &created);
        self.join(conn, &owner_code, name, None, now)?;
        let _ = match_id;
        Ok(())
    }

    /// Takes what a code opens (a seat, the owner's place, a spectator's), catching the
    /// client up if the match is under way. The newest connection with a code wins: a
    /// player whose old connection has not timed out yet takes the seat back at once.
    pub(super) fn join(
        &mut self,
        conn: ConnId,
        code: &str,
        name: String,
        have: Option<Have>,
        now: Instant,
    ) -> Result<(), Reason> {
        check_name(&name)?;
        if code.chars().count() > limits::CODE_CHARS {
            return Err(Reason::UnknownCode {
                code: redline_content::limits::excerpt(code).into_owned(),
            });
        }
        let code = codes::normalise(code);
        let (id, role) = *self
            .codes
            .get(&code)
            .ok_or(Reason::UnknownCode { code: code.clone() })?;
        let c = self.conn(conn)?;
        if c.in_match.is_some_and(|m| m != id) {
            return Err(Reason::Lobby {
                detail: "this connection is already in another match".into(),
            });
        }
        let m = self.matches.get(&id).ok_or(Reason::UnknownCode { code })?;
        let seats = match role {
            Role::Owner => m.local_seats(),
            Role::Seat(seat) => vec![seat],
            Role::Spectator => Vec::new(),
        };
        if let Some(&seat) = seats.iter().find(|s| m.computer(**s).is_some()) {
            return Err(Reason::Lobby {
                detail: format!("seat {} was handed to the computer", seat.0),
            });
        }
        for seat in &seats {
            self.take_seat(id, *seat, conn, &name);
        }
        let m = self.matches.get_mut(&id).expect("checked above");
        match role {
            Role::Owner => {
                if let Some(old) = m.owner.replace(conn).filter(|o| *o != conn)
                    && let Some(c) = self.conns.get_mut(&old)
                {
                    c.owner = false;
                }
            }
            Role::Spectator => m.spectators.push(conn),
            Role::Seat(_) => {}
        }
        let c = self.conns.get_mut(&conn).expect("checked above");
        c.in_match = Some(id);
        c.seats.extend(&seats);
        c.seats.sort_unstable();
        c.seats.dedup();
        c.owner |= role == Role::Owner;
        c.spectator |= role == Role::Spectator;
        let joined = ServerMsg::Joined {
            match_id: id,
            seats: c.seats.clone(),
            owner: c.owner,
        };
        self.send(conn, &joined);
        self.save_meta(id);
        self.broadcast_lobby(id, now);
        self.catch_up(conn, id, have);
        Ok(())
    }

    /// Gives a seat to a connection, taking it from any other.
    fn take_seat(&mut self, id: MatchId, seat: Seat, conn: ConnId, name: &str) {
        let Some(m) = self.matches.get_mut(&id) else {
            return;
        };
        let i = usize::from(seat.0);
        if let Some(old) = m.holders[i].replace(conn).filter(|o| *o != conn)
            && let Some(c) = self.conns.get_mut(&old)
        {
            c.seats.retain(|s| *s != seat);
        }
        m.away_since[i] = None;
        m.meta.seats[i].name = Some(name.to_owned());
    }

    /// A seat's team: checked under the TEAM rules; the match starts once every seat has one.
    pub(super) fn team(
        &mut self,
        conn: ConnId,
        seat: Seat,
        team: TeamSpec,
        now: Instant,
    ) -> Result<(), Reason> {
        let id = self.holder_match(conn, seat)?;
        let m = self.matches.get(&id).ok_or(Reason::NotJoined)?;
        if m.run.is_some() || m.meta.finished {
            return Err(Reason::WrongPhase {
                match_id: id,
                state: m.phase_words().into(),
            });
        }
        let cost = m.lobby.check_team(&self.catalog, &team)?;
        let m = self.matches.get_mut(&id).expect("checked above");
        m.meta.seats[usize::from(seat.0)].team = Some(team);
        m.costs[usize::from(seat.0)] = Some(cost);
        self.save_meta(id);
        self.broadcast_lobby(id, now);
        self.maybe_start(id, now);
        Ok(())
    }

    /// The match a connection plays `seat` in.
    pub(super) fn holder_match(&self, conn: ConnId, seat: Seat) -> Result<MatchId, Reason> {
        let c = self.conns.get(&conn).ok_or(Reason::NotJoined)?;
        let id = c.in_match.ok_or(Reason::NotJoined)?;
        if c.seats.contains(&seat) {
            Ok(id)
        } else {
            Err(Reason::NotYourSeat { seat: seat.0 })
        }
    }

    /// Starts the game with a secret seed once every seat has a team.
    fn maybe_start(&mut self, id: MatchId, now: Instant) {
        let Some(m) = self.matches.get(&id) else {
            return;
        };
        if m.run.is_some() {
            return;
        }
        let Some(teams) = m
            .meta
            .seats
            .iter()
            .map(|s| s.team.clone())
            .collect::<Option<Vec<_>>>()
        else {
            return;
        };
        let started = m
            .lobby
            .game_setup(&self.catalog, &teams)
            .map_err(|r| r.to_string())
            .and_then(|setup| Running::start(id, setup, codes::secret_seed()));
        let run = match started {
            Ok(run) => run,
            Err(detail) => {
                let msg = ServerMsg::Chat {
                    from: "host".into(),
                    text: format!("the match cannot start: {detail}"),
                };
                self.broadcast(id, &msg);
                return;
            }
        };
        let m = self.matches.get_mut(&id).expect("checked above");
        m.meta.started = Some(run.start_record());
        let start = ServerMsg::Started(Box::new(run.start_msg().clone()));
        m.run = Some(run);
        self.save_meta(id);
        self.broadcast(id, &start);
        self.broadcast_lobby(id, now);
        self.prompt(id);
    }

    /// Hands a seat to a computer player (the owner's call, or the embedding program's):
    /// its code stops working and the bot answers from now on.
    pub fn hand_to_computer(
        &mut self,
        id: MatchId,
        seat: Seat,
        level: &str,
        now: Instant,
    ) -> Result<(), Reason> {
        redline_ai::Level::from_str(level).map_err(|e| Reason::Lobby {
            detail: e.to_string(),
        })?;
        let m = self.matches.get_mut(&id).ok_or(Reason::NotJoined)?;
        let i = usize::from(seat.0);
        let record = m
            .meta
            .seats
            .get_mut(i)
            .ok_or(Reason::NotYourSeat { seat: seat.0 })?;
        if record.team.is_none() {
            return Err(Reason::Lobby {
                detail: format!("seat {} has no team yet for a computer to play", seat.0),
            });
        }
        record.computer = Some(level.to_owned());
        if let Some(code) = record.code.take() {
            self.codes.remove(&code);
        }
        if let Some(old) = m.holders[i].take()
            && let Some(c) = self.conns.get_mut(&old)
        {
            c.seats.retain(|s| *s != seat);
        }
        m.away_since[i] = None;
        self.save_meta(id);
        self.broadcast_lobby(id, now);
        self.prompt(id);
        Ok(())
    }

    /// Resumes every unfinished match in the store: each game is played again from its seed
    /// and checked against every stored hash. Returns how many were resumed.
    pub fn resume(&mut self) -> Result<usize, StoreError> {
        let records = self.store.unfinished()?;
        let count = records.len();
        for record in records {
            let id = record.meta.id;
            let checked = record
                .meta
                .lobby
                .check(&self.catalog)
                .map_err(|reason| StoreError::Database(format!("match {id}: {reason}")))?;
            let run = Running::resume(&record)?;
            self.index_codes(&record.meta);
            let mut m = HostMatch::new(record.meta, checked, run);
            self.costs_of(&mut m);
            self.matches.insert(id, m);
            self.next_id = self.next_id.max(id + 1);
            self.prompt(id);
        }
        Ok(count)
    }

    /// Sends a (re)joining client what it missed: the whole match, or only the steps after
    /// the one it holds when its hash there matches the host's.
    pub(super) fn catch_up(&mut self, conn: ConnId, id: MatchId, have: Option<Have>) {
        let Some(run) = self.matches.get(&id).and_then(|m| m.run.as_ref()) else {
            return;
        };
        let from = match have {
            Some(h) if h.match_id == id && run.public_hash_at(h.step) == Some(h.public_hash) => {
                h.step
            }
            _ => 0,
        };
        let mut msgs = Vec::new();
        if from == 0 {
            msgs.push(ServerMsg::Started(Box::new(run.start_msg().clone())));
        }
        let steps = run.log_from(from);
        let chunks: Vec<_> = steps.chunks(limits::CATCH_UP_STEPS).collect();
        for (i, chunk) in chunks.iter().enumerate() {
            msgs.push(ServerMsg::CatchUp {
                steps: chunk.to_vec(),
                more: i + 1 < chunks.len(),
            });
        }
        if chunks.is_empty() {
            msgs.push(ServerMsg::CatchUp {
                steps: Vec::new(),
                more: false,
            });
        }
        if let Some(done) = self.finished_msg(id) {
            msgs.push(done);
        }
        for msg in &msgs {
            self.send(conn, msg);
        }
        self.prompt_conn(id, conn);
    }

    fn index_codes(&mut self, meta: &MatchMeta) {
        self.codes
            .insert(meta.owner_code.clone(), (meta.id, Role::Owner));
        self.codes
            .insert(meta.spectator_code.clone(), (meta.id, Role::Spectator));
        for (i, s) in meta.seats.iter().enumerate() {
            if let Some(code) = &s.code {
                self.codes
                    .insert(code.clone(), (meta.id, Role::Seat(Seat(i as u8))));
            }
        }
    }

    fn costs_of(&self, m: &mut HostMatch) {
        for (i, s) in m.meta.seats.iter().enumerate() {
            m.costs[i] = s
                .team
                .as_ref()
                .and_then(|t| m.lobby.check_team(&self.catalog, t).ok());
        }
    }

    fn fresh_code(&self) -> String {
        loop {
            let code = codes::new_code();
            if !self.codes.contains_key(&code) {
                return code;
            }
        }
    }
}

/// A player's name: 1 to [`limits::NAME_CHARS`] characters.
fn check_name(name: &str) -> Result<(), Reason> {
    let n = name.trim().chars().count();
    if n == 0 || n > limits::NAME_CHARS {
        return Err(Reason::Text {
            what: "a name".into(),
            limit: limits::NAME_CHARS,
        });
    }
    Ok(())
}
