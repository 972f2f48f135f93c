//! Helpers of the online tests: a host on a localhost port, players that are bots behind
//! real WebSocket clients, and a loop that runs them until the match is over.

#![allow(dead_code)]

use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, Instant};

use redline_ai::{Bot, RandomBot};
use redline_content::skirmish::quick_team;
use redline_content::team::TeamRules;
use redline_online::client::ClientEvent;
use redline_online::host::Hub;
use redline_online::lobby::{LobbySetup, SeatKind};
use redline_online::net::{OnStoreError, Online, Server};
use redline_online::protocol::{MatchId, SeatCode, ServerMsg};
use redline_online::record::MatchStore;
use redline_rules::Seat;

/// How long a whole test match may take before the test gives up (a hang, not a speed
/// check: a match takes a second or two).
pub const PATIENCE: Duration = Duration::from_secs(120);

/// A short match: street_claim with a low turn limit.
pub fn lobby(seats: Vec<SeatKind>) -> LobbySetup {
    LobbySetup {
        scenario: "street_claim".into(),
        layout: None,
        seats,
        turn_limit: Some(12),
        size: None,
        modules: Default::default(),
    }
}

/// A hub over the starter pack.
pub fn hub(store: Box<dyn MatchStore>, open_by_clients: bool) -> Hub {
    Hub::new(Arc::new(redline_content::starter()), store, open_by_clients)
}

/// A host on a free localhost port.
pub fn host(hub: Hub) -> Server {
    Server::start(hub, "127.0.0.1:0", 1, OnStoreError::Stop).expect("the host starts")
}

/// The codes of a match the host opened.
pub struct Opened {
    pub match_id: MatchId,
    pub owner_code: String,
    pub seat_codes: Vec<SeatCode>,
    pub spectator_code: String,
}

/// Opens a match on the host.
pub fn open(server: &Server, lobby: LobbySetup) -> Opened {
    let created = server
        .call(move |hub| hub.create(lobby, Instant::now()))
        .expect("the host answers")
        .expect("the lobby is valid");
    let ServerMsg::Created {
        match_id,
        owner_code,
        seat_codes,
        spectator_code,
    } = created
    else {
        panic!("create answers Created");
    };
    Opened {
        match_id,
        owner_code,
        seat_codes,
        spectator_code,
    }
}

/// A player: a random bot behind a WebSocket client.
pub struct Player {
    pub online: Online,
    pub bot: RandomBot,
    pub faction: String,
    pub events: Vec<ClientEvent>,
    pub teams_sent: bool,
    /// While set, the host is down and the player waits to reconnect.
    pub offline: bool,
    /// While set, prompts are left for the test to answer.
    pub hold: bool,
}

impl Player {
    /// Connects to `addr` and joins with `code`, playing `faction`'s quick team.
    pub fn join(addr: &str, name: &str, code: &str, faction: &str, seed: u64) -> Player {
        let mut online = Online::connect(addr, name);
        online.session.join(code);
        Player {
            online,
            bot: RandomBot::new(seed),
            faction: faction.into(),
            events: Vec::new(),
            teams_sent: false,
            offline: false,
            hold: false,
        }
    }

    /// One round: send, receive, answer a prompt with the bot, submit teams once seated.
    pub fn round(&mut self, wait: Duration) {
        if self.offline {
            return;
        }
        let events = match self.online.pump(wait) {
            Ok(events) => events,
            Err(_) => {
                self.online.reconnect();
                return;
            }
        };
        for ev in events {
            match &ev {
                ClientEvent::Lobby(state) if !self.teams_sent && !state.started => {
                    let seats = self.online.session.seats().to_vec();
                    if !seats.is_empty() {
                        self.send_teams(&seats, state.eb_limit);
                    }
                }
                ClientEvent::Prompt { .. } if !self.hold => self.answer(),
                _ => {}
            }
            self.events.push(ev);
        }
    }

    fn send_teams(&mut self, seats: &[Seat], eb_limit: u32) {
        let catalog = redline_content::starter();
        let team = quick_team(&catalog, &self.faction, &TeamRules::one_off(eb_limit))
            .expect("a quick team");
        for seat in seats {
            self.online.session.submit_team(*seat, team.clone());
        }
        self.teams_sent = true;
    }

    /// Answers the waiting prompt with the bot.
    pub fn answer(&mut self) {
        let Some(replica) = self.online.session.replica() else {
            return;
        };
        let command = self.bot.choose(replica.game());
        self.online.session.answer(command);
    }

    /// Whether the match is over for this player.
    pub fn finished(&self) -> bool {
        self.online.session.finish().is_some()
    }

    /// Steps the replica holds.
    pub fn steps(&self) -> u32 {
        self.online.session.replica().map_or(0, |r| r.steps())
    }

    /// The full state hash the replica reached with the revealed seed.
    pub fn final_hash(&self) -> u64 {
        let finish = self.online.session.finish().expect("finished");
        let verified = finish.verified.clone().expect("the replica checks out");
        assert_eq!(
            verified, finish.host_state_hash,
            "the replica ends where the host does"
        );
        verified
    }
}

/// Runs the players until every one has seen the end, or `until` says stop.
pub fn play(players: &mut [Player], mut until: impl FnMut(&mut [Player]) -> bool) {
    let started = Instant::now();
    while !players.iter().all(Player::finished) {
        assert!(started.elapsed() < PATIENCE, "the match did not finish");
        for p in players.iter_mut() {
            p.round(Duration::from_millis(2));
        }
        if until(players) {
            return;
        }
    }
}

/// A fresh, empty folder for a test.
pub fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("redline-online-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a temp folder");
    dir
}

/// The refusals a player received.
pub fn refusals(p: &Player) -> Vec<redline_online::Reason> {
    p.events
        .iter()
        .filter_map(|e| match e {
            ClientEvent::Refused(r) => Some(r.reason.clone()),
            _ => None,
        })
        .collect()
}
