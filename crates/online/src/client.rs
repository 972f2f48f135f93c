//! A client's side of a match, without I/O: what to send ([`ClientSession::take_outgoing`])
//! and what happened, for the screen to draw ([`ClientSession::take_events`]). It says
//! hello and joins with its codes every time the transport (re)connects, catches up from
//! the last step its replica holds, and keeps the [`Replica`] in step with the host.

use redline_content::team::TeamSpec;
use redline_rules::{Command, Decision, Event, Outcome, Seat};

use std::time::Instant;

use crate::limits::{self, RateLimit};
use crate::lobby::{LobbySetup, LobbyState};
use crate::protocol::{self, ClientMsg, Have, MatchId, SeatCode, ServerMsg, StepMsg};
use crate::refusal::Refusal;
use crate::replica::{Replica, ReplicaError};

/// What happened, for the screen.
#[derive(Debug, Clone, PartialEq)]
pub enum ClientEvent {
    /// The host answered the hello.
    Welcomed {
        /// The host's name and version.
        server: String,
    },
    /// A match this client asked for was opened: the codes to hand out.
    Created {
        /// The match.
        match_id: MatchId,
        /// The owner's code (this client's, to come back with).
        owner_code: String,
        /// A code per remote seat.
        seat_codes: Vec<SeatCode>,
        /// The spectators' code.
        spectator_code: String,
    },
    /// A code was accepted.
    Joined {
        /// The match.
        match_id: MatchId,
        /// The seats this client holds.
        seats: Vec<Seat>,
        /// Whether it is the owner.
        owner: bool,
    },
    /// The lobby changed (seats taken, teams in, a player away or back).
    Lobby(LobbyState),
    /// The match began (or, after a resync, began again from the start here).
    Started,
    /// A command was played: what to animate.
    Played {
        /// The step (command, seat, dice drawn).
        step: Box<StepMsg>,
        /// Its events.
        events: Vec<Event>,
    },
    /// A catch-up finished: the replica holds every step the host has.
    CaughtUp {
        /// Steps held.
        steps: u32,
    },
    /// One of this client's seats must answer.
    Prompt {
        /// The seat.
        seat: Seat,
        /// The decision.
        decision: Decision,
    },
    /// A chat line.
    Chat {
        /// Who.
        from: String,
        /// What.
        text: String,
    },
    /// The host refused something this client sent.
    Refused(Refusal),
    /// The match is over; `verified` holds the full state hash the replica reached with the
    /// revealed seed, or why it could not.
    Finished {
        /// How it ended.
        outcome: Option<Outcome>,
        /// The check of the whole match.
        verified: Result<u64, ReplicaError>,
    },
    /// The replica stopped following the host; the client asks for the whole match again.
    Resync(ReplicaError),
}

/// A prompt waiting for this client's answer.
#[derive(Debug, Clone, PartialEq)]
pub struct Prompt {
    /// The seat.
    pub seat: Seat,
    /// The step it was posed at.
    pub step: u32,
    /// The decision.
    pub decision: Decision,
}

/// The end of a match as this client saw it.
#[derive(Debug, Clone, PartialEq)]
pub struct Finish {
    /// How it ended.
    pub outcome: Option<Outcome>,
    /// The host's full state hash at the end.
    pub host_state_hash: u64,
    /// The replica's, checked with the revealed seed.
    pub verified: Result<u64, ReplicaError>,
}

/// A client's session.
#[derive(Debug)]
pub struct ClientSession {
    name: String,
    codes: Vec<String>,
    match_id: Option<MatchId>,
    seats: Vec<Seat>,
    owner: bool,
    lobby: Option<LobbyState>,
    replica: Option<Replica>,
    prompt: Option<Prompt>,
    finish: Option<Finish>,
    out: Vec<String>,
    events: Vec<ClientEvent>,
    online: bool,
    pending_create: Option<LobbySetup>,
    /// The prompt answered, until the host plays the step (or refuses the answer).
    answered: Option<Prompt>,
    /// Keeps this client under the host's rate limit.
    rate: RateLimit,
    /// Messages held back by the rate limit.
    held: std::collections::VecDeque<String>,
}

impl ClientSession {
    /// A session for a player of this name (cut to [`limits::NAME_CHARS`]).
    pub fn new(name: &str) -> ClientSession {
        ClientSession {
            name: name.chars().take(limits::NAME_CHARS).collect(),
            codes: Vec::new(),
            match_id: None,
            seats: Vec::new(),
            owner: false,
            lobby: None,
            replica: None,
            prompt: None,
            finish: None,
            out: Vec::new(),
            events: Vec::new(),
            online: false,
            pending_create: None,
            answered: None,
            rate: RateLimit::with(
                Instant::now(),
                limits::RATE_PER_SECOND * 0.75,
                limits::RATE_BURST * 0.75,
            ),
            held: std::collections::VecDeque::new(),
        }
    }

    /// The transport is open (the first time or again): hello, then every code this
    /// session joined with, asking for what the replica misses.
    pub fn connected(&mut self) {
        self.online = true;
        self.out.clear();
        self.held.clear();
        self.queue(&ClientMsg::Hello {
            client: format!("redline {}", env!("CARGO_PKG_VERSION")),
        });
        if let Some(lobby) = self.pending_create.take() {
            self.create(lobby);
        }
        let have = self.have();
        for code in self.codes.clone() {
            self.queue(&ClientMsg::Join {
                code,
                name: self.name.clone(),
                have,
            });
        }
    }

    /// The transport closed: nothing is sent until it is open again (a prompt is sent
    /// again after the rejoin).
    pub fn disconnected(&mut self) {
        self.online = false;
        self.prompt = None;
        self.answered = None;
        self.out.clear();
        self.held.clear();
    }

    /// Opens a match on a dedicated server (sent once connected).
    pub fn create(&mut self, lobby: LobbySetup) {
        if !self.online {
            self.pending_create = Some(lobby);
            return;
        }
        self.queue(&ClientMsg::Create {
            lobby,
            name: self.name.clone(),
        });
    }

    /// Joins with a code (at once if connected, else once connected); remembered for
    /// rejoining.
    pub fn join(&mut self, code: &str) {
        let code = crate::codes::normalise(code);
        if !self.codes.contains(&code) {
            self.codes.push(code.clone());
        }
        if !self.online {
            return;
        }
        self.queue(&ClientMsg::Join {
            code,
            name: self.name.clone(),
            have: self.have(),
        });
    }

    /// Submits a seat's team.
    pub fn submit_team(&mut self, seat: Seat, team: TeamSpec) {
        self.queue(&ClientMsg::Team { seat, team });
    }

    /// Answers the waiting prompt; `false` if there is none.
    pub fn answer(&mut self, command: Command) -> bool {
        let Some(p) = self.prompt.take() else {
            return false;
        };
        self.queue(&ClientMsg::Answer {
            seat: p.seat,
            step: p.step,
            command,
        });
        self.answered = Some(p);
        true
    }

    /// Sends a chat line.
    pub fn chat(&mut self, text: &str) {
        self.queue(&ClientMsg::Chat { text: text.into() });
    }

    /// Asks the host to hand a seat to a computer player (the owner only).
    pub fn hand_to_computer(&mut self, seat: Seat, level: &str) {
        self.queue(&ClientMsg::HandToComputer {
            seat,
            level: level.into(),
        });
    }

    /// Sends any message as it is (tests of the host's refusals use it).
    pub fn send_raw(&mut self, text: String) {
        self.out.push(text);
    }

    /// A message from the host. A message that is not one of this protocol is reported as
    /// a refusal event (the host is of another version, say).
    pub fn receive(&mut self, text: &str) {
        match protocol::decode::<ServerMsg>(text, limits::SERVER_MESSAGE_BYTES) {
            Ok(msg) => self.handle(msg),
            Err(refusal) => self.events.push(ClientEvent::Refused(refusal)),
        }
    }

    fn handle(&mut self, msg: ServerMsg) {
        match msg {
            ServerMsg::Welcome { server } => self.events.push(ClientEvent::Welcomed { server }),
            ServerMsg::Created {
                match_id,
                owner_code,
                seat_codes,
                spectator_code,
            } => {
                self.codes.push(owner_code.clone());
                self.events.push(ClientEvent::Created {
                    match_id,
                    owner_code,
                    seat_codes,
                    spectator_code,
                });
            }
            ServerMsg::Joined {
                match_id,
                seats,
                owner,
            } => {
                self.match_id = Some(match_id);
                self.seats = seats.clone();
                self.owner = owner;
                self.events.push(ClientEvent::Joined {
                    match_id,
                    seats,
                    owner,
                });
            }
            ServerMsg::Lobby(state) => {
                self.lobby = Some(state.clone());
                self.events.push(ClientEvent::Lobby(state));
            }
            ServerMsg::Started(start) => match Replica::new(*start) {
                Ok(replica) => {
                    self.replica = Some(replica);
                    self.finish = None;
                    self.events.push(ClientEvent::Started);
                }
                Err(e) => self.events.push(ClientEvent::Resync(e)),
            },
            ServerMsg::Step(step) => self.step(&step),
            ServerMsg::CatchUp { steps, more } => {
                for step in &steps {
                    self.step(step);
                }
                if !more && let Some(r) = &self.replica {
                    let steps = r.steps();
                    self.events.push(ClientEvent::CaughtUp { steps });
                }
            }
            ServerMsg::Prompt {
                seat,
                step,
                decision,
            } => {
                self.prompt = Some(Prompt {
                    seat,
                    step,
                    decision: decision.clone(),
                });
                self.events.push(ClientEvent::Prompt { seat, decision });
            }
            ServerMsg::Chat { from, text } => self.events.push(ClientEvent::Chat { from, text }),
            ServerMsg::Finished {
                outcome,
                seed,
                steps: _,
                state_hash,
            } => self.finished(outcome, seed, state_hash),
            ServerMsg::Refused(refusal) => {
                self.events.push(ClientEvent::Refused(refusal));
                // The answer in flight was refused: the decision is open again.
                if let Some(p) = self.answered.take() {
                    self.events.push(ClientEvent::Prompt {
                        seat: p.seat,
                        decision: p.decision.clone(),
                    });
                    self.prompt = Some(p);
                }
            }
        }
    }

    /// Plays a step on the replica (a step it already holds is skipped: a second catch-up).
    fn step(&mut self, step: &StepMsg) {
        let Some(replica) = &mut self.replica else {
            return;
        };
        if step.index < replica.steps() {
            return;
        }
        if self.prompt.as_ref().is_some_and(|p| p.step <= step.index) {
            self.prompt = None;
        }
        if self.answered.as_ref().is_some_and(|p| p.step <= step.index) {
            self.answered = None;
        }
        match replica.apply(step) {
            Ok(events) => self.events.push(ClientEvent::Played {
                step: Box::new(step.clone()),
                events,
            }),
            Err(e) => {
                // Start again from the host's whole match.
                self.replica = None;
                self.events.push(ClientEvent::Resync(e));
                for code in self.codes.clone() {
                    self.queue(&ClientMsg::Join {
                        code,
                        name: self.name.clone(),
                        have: None,
                    });
                }
            }
        }
    }

    fn finished(&mut self, outcome: Option<Outcome>, seed: u64, host_state_hash: u64) {
        let verified = match &self.replica {
            Some(r) => r.verify_with_seed(seed),
            None => Err(ReplicaError::Setup("no replica".into())),
        };
        self.prompt = None;
        self.finish = Some(Finish {
            outcome: outcome.clone(),
            host_state_hash,
            verified: verified.clone(),
        });
        self.events
            .push(ClientEvent::Finished { outcome, verified });
    }

    fn have(&self) -> Option<Have> {
        let r = self.replica.as_ref()?;
        Some(Have {
            match_id: r.start().match_id,
            step: r.steps(),
            public_hash: r.public_hash(),
        })
    }

    fn queue(&mut self, msg: &ClientMsg) {
        if self.online {
            self.out.push(protocol::encode(msg));
        }
    }

    /// Messages to send, in order, as many as the host's rate limit lets through now (the
    /// rest wait for the next call).
    pub fn take_outgoing(&mut self) -> Vec<String> {
        self.held.extend(self.out.drain(..));
        let now = Instant::now();
        let mut ready = Vec::new();
        while !self.held.is_empty() && self.rate.allow(now) {
            ready.extend(self.held.pop_front());
        }
        ready
    }

    /// What happened since the last call, in order.
    pub fn take_events(&mut self) -> Vec<ClientEvent> {
        std::mem::take(&mut self.events)
    }

    /// The replica, once the match started.
    pub fn replica(&self) -> Option<&Replica> {
        self.replica.as_ref()
    }

    /// The lobby as last sent.
    pub fn lobby(&self) -> Option<&LobbyState> {
        self.lobby.as_ref()
    }

    /// The prompt waiting for an answer.
    pub fn prompt(&self) -> Option<&Prompt> {
        self.prompt.as_ref()
    }

    /// The seats this client holds.
    pub fn seats(&self) -> &[Seat] {
        &self.seats
    }

    /// Whether this client holds the owner's rights.
    pub fn is_owner(&self) -> bool {
        self.owner
    }

    /// The match joined.
    pub fn match_id(&self) -> Option<MatchId> {
        self.match_id
    }

    /// The end of the match, once over.
    pub fn finish(&self) -> Option<&Finish> {
        self.finish.as_ref()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::host::Running;
    use crate::lobby::SeatKind;
    use crate::refusal::Reason;
    use redline_content::skirmish::quick_team;

    /// A host's game of a small match, and a connected session holding its start.
    fn started() -> (Running, ClientSession) {
        let catalog = redline_content::starter();
        let lobby = LobbySetup {
            scenario: "street_claim".into(),
            layout: None,
            seats: vec![SeatKind::Remote, SeatKind::Remote],
            turn_limit: Some(12),
            size: None,
            modules: Default::default(),
        }
        .check(&catalog)
        .expect("lobby");
        let teams: Vec<_> = ["tidewater", "ashfall"]
            .iter()
            .map(|f| quick_team(&catalog, f, &lobby.team_rules()).expect("team"))
            .collect();
        let setup = lobby.game_setup(&catalog, &teams).expect("setup");
        let run = Running::start(1, setup, 99).expect("starts");
        let mut session = ClientSession::new("ana");
        session.connected();
        session.receive(&protocol::encode(&ServerMsg::Started(Box::new(
            run.start_msg().clone(),
        ))));
        session.take_outgoing();
        session.take_events();
        (run, session)
    }

    /// The host plays its game's first legal command and returns the step it sends.
    fn next_step(run: &mut Running) -> StepMsg {
        let seat = run.game().decision().expect("a decision").seat;
        let command = run.game().legal_commands()[0].clone();
        run.play(seat, command).expect("legal").step
    }

    #[test]
    fn a_message_from_the_host_that_is_not_of_this_protocol_is_reported_not_played() {
        let (_, mut session) = started();
        session.receive("{not json");
        session.receive(&"x".repeat(limits::SERVER_MESSAGE_BYTES + 1));
        let other = protocol::encode(&ServerMsg::Chat {
            from: "host".into(),
            text: "hi".into(),
        })
        .replace(
            &format!("\"protocol\":{}", protocol::PROTOCOL_VERSION),
            "\"protocol\":999",
        );
        session.receive(&other);
        let reasons: Vec<Reason> = session
            .take_events()
            .into_iter()
            .map(|e| match e {
                ClientEvent::Refused(r) => r.reason,
                other => panic!("expected a refusal, got {other:?}"),
            })
            .collect();
        assert!(matches!(reasons[0], Reason::Malformed { .. }));
        assert!(matches!(reasons[1], Reason::Oversized { .. }));
        assert!(matches!(reasons[2], Reason::Version { found: 999, .. }));
        assert_eq!(session.replica().map(Replica::steps), Some(0));
    }

    #[test]
    fn a_step_that_does_not_reach_the_hosts_hash_makes_the_client_fetch_the_whole_match() {
        let (mut run, mut session) = started();
        let good = next_step(&mut run);
        session.receive(&protocol::encode(&ServerMsg::Step(Box::new(good))));
        assert!(matches!(
            session.take_events()[..],
            [ClientEvent::Played { .. }]
        ));
        let mut forged = next_step(&mut run);
        forged.public_hash ^= 1;
        session.join("K7QF-2MXR");
        session.take_outgoing();
        session.receive(&protocol::encode(&ServerMsg::Step(Box::new(forged))));
        let events = session.take_events();
        assert!(
            matches!(
                events[..],
                [ClientEvent::Resync(ReplicaError::Diverged { step: 2, .. })]
            ),
            "{events:?}"
        );
        assert!(
            session.replica().is_none(),
            "the copy that differs is dropped"
        );
        let asked = session.take_outgoing();
        let rejoin = protocol::decode::<ClientMsg>(&asked[0], limits::CLIENT_MESSAGE_BYTES);
        assert!(
            matches!(rejoin, Ok(ClientMsg::Join { have: None, .. })),
            "{asked:?}"
        );
    }
}
