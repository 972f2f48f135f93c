//! Bad input over a real socket gets a refusal that says why and changes nothing, and the
//! match goes on to its end for everyone: garbage, an oversized message, a wrong protocol
//! version, an answer out of turn or for another seat, a bad join code, a team over the
//! budget, a flood, a message before joining, a spectator playing, a lobby the host cannot
//! open, a full server, a full match log, a command the host cannot save. A message past
//! the frame limit, or a connection refused again and again, is closed.

mod common;

use std::time::{Duration, Instant};

use common::*;
use redline_content::team::TeamSpec;
use redline_online::ClientMsg;
use redline_online::limits;
use redline_online::lobby::SeatKind;
use redline_online::net::{NetClient, NetEvent, Server};
use redline_online::protocol::{self, PROTOCOL_VERSION};
use redline_online::record::NoStore;
use redline_online::{Reason, ServerMsg};
use redline_rules::{Command, Seat};

/// The next refusal a raw connection receives.
fn next_refusal(conn: &mut NetClient) -> Reason {
    let deadline = Instant::now() + PATIENCE;
    while Instant::now() < deadline {
        match conn.recv_timeout(Duration::from_millis(50)) {
            Some(NetEvent::Text(text)) => {
                if let Ok(ServerMsg::Refused(r)) =
                    protocol::decode::<ServerMsg>(&text, limits::SERVER_MESSAGE_BYTES)
                {
                    return r.reason;
                }
            }
            Some(NetEvent::Closed(why)) => panic!("closed before a refusal: {why}"),
            _ => {}
        }
    }
    panic!("no refusal came");
}

fn raw(server: &Server) -> NetClient {
    let mut conn = NetClient::connect(&server.addr().to_string());
    assert_eq!(conn.recv_timeout(PATIENCE), Some(NetEvent::Open));
    conn
}

#[test]
fn a_client_of_another_protocol_version_is_told_so_and_disconnected() {
    let server = host(hub(Box::new(NoStore), false));
    let mut old = raw(&server);
    let hello = protocol::encode(&ClientMsg::Hello {
        client: "redline 0.1".into(),
    })
    .replace(
        &format!("\"protocol\":{PROTOCOL_VERSION}"),
        &format!("\"protocol\":{}", PROTOCOL_VERSION + 7),
    );
    old.send(hello);
    let reason = next_refusal(&mut old);
    assert_eq!(
        reason,
        Reason::Version {
            expected: PROTOCOL_VERSION,
            found: PROTOCOL_VERSION + 7
        }
    );
    assert!(reason.to_string().contains("same version"));
    let closed = (0..200).any(|_| {
        matches!(
            old.recv_timeout(Duration::from_millis(50)),
            Some(NetEvent::Closed(_))
        )
    });
    assert!(closed, "the host closes the connection");
}

#[test]
fn garbage_oversized_out_of_turn_and_foreign_messages_are_refused_and_the_match_finishes() {
    let server = host(hub(Box::new(NoStore), false));
    let opened = open(&server, lobby(vec![SeatKind::Remote, SeatKind::Remote]));
    let addr = server.addr().to_string();
    let mut players = vec![
        Player::join(&addr, "ana", &opened.seat_codes[0].code, "tidewater", 1),
        Player::join(&addr, "bo", &opened.seat_codes[1].code, "ashfall", 2),
    ];
    // Before a hello, nothing is heard.
    let mut stranger = raw(&server);
    stranger.send(protocol::encode(&ClientMsg::Chat { text: "hi".into() }));
    assert_eq!(next_refusal(&mut stranger), Reason::HelloFirst);
    stranger.send(protocol::encode(&ClientMsg::Hello { client: "x".into() }));
    stranger.send(protocol::encode(&ClientMsg::Join {
        code: "AAAA-AAAA".into(),
        name: "x".into(),
        have: None,
    }));
    assert!(matches!(
        next_refusal(&mut stranger),
        Reason::UnknownCode { .. }
    ));

    let mut sent = false;
    play(&mut players, |players| {
        let p = &mut players[0];
        if sent || p.steps() < 5 {
            return false;
        }
        sent = true;
        let s = &mut p.online.session;
        s.send_raw("{this is not json".into());
        s.send_raw(format!(
            "{{\"protocol\":{PROTOCOL_VERSION},\"body\":{{\"Chat\":{{\"text\":\"{}\"}}}}}}",
            "x".repeat(limits::CLIENT_MESSAGE_BYTES)
        ));
        // Seat 1 is not this client's; the step is long gone.
        s.send_raw(protocol::encode(&ClientMsg::Answer {
            seat: Seat(1),
            step: 0,
            command: Command::EndActivation,
        }));
        s.send_raw(protocol::encode(&ClientMsg::Answer {
            seat: Seat(0),
            step: 0,
            command: Command::EndActivation,
        }));
        s.send_raw(protocol::encode(&ClientMsg::Team {
            seat: Seat(0),
            team: TeamSpec::new("tidewater"),
        }));
        s.send_raw(protocol::encode(&ClientMsg::HandToComputer {
            seat: Seat(1),
            level: "easy".into(),
        }));
        s.send_raw(protocol::encode(&ClientMsg::Chat {
            text: String::new(),
        }));
        s.send_raw(protocol::encode(&ClientMsg::Answer {
            seat: Seat(0),
            step: 0,
            command: Command::GainLuck {
                seat: Seat(0),
                luck: 3,
            },
        }));
        false
    });
    assert!(sent);
    let host = server
        .call(move |hub| {
            hub.get(opened.match_id)
                .map(|m| m.run.as_ref().map(|r| r.game().state_hash()))
        })
        .flatten()
        .flatten()
        .expect("a match");
    assert_eq!(players[0].final_hash(), host);
    assert_eq!(players[1].final_hash(), host);
    let refused = refusals(&players[0]);
    assert!(
        matches!(refused[0], Reason::Malformed { .. }),
        "{refused:?}"
    );
    assert!(
        matches!(refused[1], Reason::Oversized { limit, .. } if limit == limits::CLIENT_MESSAGE_BYTES)
    );
    assert_eq!(refused[2], Reason::NotYourSeat { seat: 1 });
    assert!(
        matches!(refused[3], Reason::OutOfTurn { .. }),
        "{refused:?}"
    );
    assert!(
        matches!(refused[4], Reason::WrongPhase { .. }),
        "{refused:?}"
    );
    assert_eq!(refused[5], Reason::NotOwner);
    assert!(matches!(refused[6], Reason::Text { .. }), "{refused:?}");
    // CAMP-11: nobody gives themselves Luck online.
    assert!(
        matches!(&refused[7], Reason::Rule { rule, .. } if rule == "CAMP-11"),
        "{refused:?}"
    );
    assert!(
        refusals(&players[1]).is_empty(),
        "the other player saw nothing of it"
    );
}

#[test]
fn team_5_a_team_over_the_budget_is_refused_and_a_legal_one_starts_the_match() {
    let server = host(hub(Box::new(NoStore), false));
    let opened = open(&server, lobby(vec![SeatKind::Remote, SeatKind::Remote]));
    let addr = server.addr().to_string();
    let mut greedy = Player::join(&addr, "ana", &opened.seat_codes[0].code, "tidewater", 1);
    greedy.teams_sent = true;
    let mut other = Player::join(&addr, "bo", &opened.seat_codes[1].code, "ashfall", 2);
    let deadline = Instant::now() + PATIENCE;
    while greedy.online.session.seats().is_empty() && Instant::now() < deadline {
        greedy.round(Duration::from_millis(5));
        other.round(Duration::from_millis(5));
    }
    let catalog = redline_content::starter();
    let team = redline_content::skirmish::quick_team(
        &catalog,
        "tidewater",
        &redline_content::team::TeamRules::one_off(1000),
    )
    .expect("a big team");
    greedy.online.session.submit_team(Seat(0), team);
    while refusals(&greedy).is_empty() && Instant::now() < deadline {
        greedy.round(Duration::from_millis(5));
        other.round(Duration::from_millis(5));
    }
    let Reason::Team { problems } = &refusals(&greedy)[0] else {
        panic!("a team refusal");
    };
    assert!(problems.iter().any(|p| p.contains("EB")), "{problems:?}"); // TEAM-5
    assert!(!greedy.online.session.lobby().expect("lobby").started);
    // A legal team for the seat: the match starts and is played out.
    let eb_limit = greedy.online.session.lobby().expect("lobby").eb_limit;
    let rules = redline_content::team::TeamRules::one_off(eb_limit);
    let team =
        redline_content::skirmish::quick_team(&catalog, "tidewater", &rules).expect("a quick team");
    greedy.online.session.submit_team(Seat(0), team);
    let mut players = vec![greedy, other];
    play(&mut players, |_| false);
    assert_eq!(players[0].final_hash(), players[1].final_hash());
}

#[test]
fn a_flood_is_rate_limited_and_the_match_goes_on() {
    let server = host(hub(Box::new(NoStore), false));
    let opened = open(&server, lobby(vec![SeatKind::Remote, SeatKind::Remote]));
    let addr = server.addr().to_string();
    let mut players = vec![
        Player::join(&addr, "ana", &opened.seat_codes[0].code, "tidewater", 1),
        Player::join(&addr, "bo", &opened.seat_codes[1].code, "ashfall", 2),
    ];
    // The owner's connection floods the match with chat.
    let mut flooder = raw(&server);
    flooder.send(protocol::encode(&ClientMsg::Hello { client: "x".into() }));
    flooder.send(protocol::encode(&ClientMsg::Join {
        code: opened.owner_code.clone(),
        name: "owner".into(),
        have: None,
    }));
    let mut flooded = false;
    play(&mut players, |players| {
        if !flooded && players[0].steps() > 3 {
            flooded = true;
            for i in 0..(limits::RATE_BURST as usize + 20) {
                flooder.send(protocol::encode(&ClientMsg::Chat {
                    text: format!("spam {i}"),
                }));
            }
        }
        false
    });
    assert!(flooded);
    assert_eq!(next_refusal(&mut flooder), Reason::RateLimited);
    assert_eq!(players[0].final_hash(), players[1].final_hash());
    assert!(refusals(&players[0]).is_empty() && refusals(&players[1]).is_empty());
}

/// A raw connection that said hello.
fn greeted(server: &Server) -> NetClient {
    let conn = raw(server);
    conn.send(protocol::encode(&ClientMsg::Hello { client: "x".into() }));
    conn
}

/// Whether the host closes `conn` within the test's patience.
fn closed(conn: &mut NetClient) -> bool {
    let deadline = Instant::now() + PATIENCE;
    while Instant::now() < deadline {
        if let Some(NetEvent::Closed(_)) = conn.recv_timeout(Duration::from_millis(50)) {
            return true;
        }
    }
    false
}

/// Two remote players of a new match on `server`.
fn two_players(server: &Server) -> (redline_online::MatchId, Vec<Player>) {
    let opened = open(server, lobby(vec![SeatKind::Remote, SeatKind::Remote]));
    let addr = server.addr().to_string();
    let players = vec![
        Player::join(&addr, "ana", &opened.seat_codes[0].code, "tidewater", 1),
        Player::join(&addr, "bo", &opened.seat_codes[1].code, "ashfall", 2),
    ];
    (opened.match_id, players)
}

#[test]
fn a_connection_in_no_match_and_a_spectator_may_not_play_or_chat() {
    let server = host(hub(Box::new(NoStore), false));
    let opened = open(&server, lobby(vec![SeatKind::Remote, SeatKind::Remote]));
    let mut nobody = greeted(&server);
    nobody.send(protocol::encode(&ClientMsg::Chat { text: "hi".into() }));
    assert_eq!(next_refusal(&mut nobody), Reason::NotJoined);
    nobody.send(protocol::encode(&ClientMsg::Team {
        seat: Seat(0),
        team: TeamSpec::new("tidewater"),
    }));
    assert_eq!(next_refusal(&mut nobody), Reason::NotJoined);
    nobody.send(protocol::encode(&ClientMsg::HandToComputer {
        seat: Seat(0),
        level: "easy".into(),
    }));
    assert_eq!(next_refusal(&mut nobody), Reason::NotJoined);

    let mut watcher = greeted(&server);
    watcher.send(protocol::encode(&ClientMsg::Join {
        code: opened.spectator_code.clone(),
        name: "eve".into(),
        have: None,
    }));
    watcher.send(protocol::encode(&ClientMsg::Chat { text: "hi".into() }));
    assert_eq!(next_refusal(&mut watcher), Reason::Spectator);
    watcher.send(protocol::encode(&ClientMsg::Answer {
        seat: Seat(0),
        step: 0,
        command: Command::EndDeployment,
    }));
    assert_eq!(next_refusal(&mut watcher), Reason::NotYourSeat { seat: 0 });
}

#[test]
fn a_lobby_the_host_cannot_open_is_refused_with_what_is_wrong() {
    // A player's app hosting opens its own matches.
    let app = host(hub(Box::new(NoStore), false));
    let mut client = greeted(&app);
    client.send(protocol::encode(&ClientMsg::Create {
        lobby: lobby(vec![SeatKind::Local, SeatKind::Remote]),
        name: "ana".into(),
    }));
    assert!(
        matches!(next_refusal(&mut client), Reason::Lobby { detail } if detail.contains("join"))
    );

    let server = host(hub(Box::new(NoStore), true));
    let mut client = greeted(&server);
    let mut bad = lobby(vec![SeatKind::Local, SeatKind::Remote]);
    bad.scenario = "no_such_scenario".into();
    client.send(protocol::encode(&ClientMsg::Create {
        lobby: bad,
        name: "ana".into(),
    }));
    assert!(
        matches!(next_refusal(&mut client), Reason::Lobby { detail } if detail.contains("no_such_scenario"))
    );
    // An id longer than any id is refused by its length, and not quoted whole.
    let mut huge = lobby(vec![SeatKind::Local, SeatKind::Remote]);
    huge.scenario = "s".repeat(20_000);
    client.send(protocol::encode(&ClientMsg::Create {
        lobby: huge,
        name: "ana".into(),
    }));
    let Reason::Lobby { detail } = next_refusal(&mut client) else {
        panic!("a lobby refusal");
    };
    assert!(
        detail.len() < 1_000 && detail.contains("at most"),
        "{detail}"
    );
    let one_seat = lobby(vec![SeatKind::Local]);
    client.send(protocol::encode(&ClientMsg::Create {
        lobby: one_seat,
        name: "ana".into(),
    }));
    assert!(
        matches!(next_refusal(&mut client), Reason::Lobby { detail } if detail.contains("seats"))
    );
    // A name too long, a join code longer than any code.
    client.send(protocol::encode(&ClientMsg::Create {
        lobby: lobby(vec![SeatKind::Local, SeatKind::Remote]),
        name: "n".repeat(limits::NAME_CHARS + 1),
    }));
    assert!(
        matches!(next_refusal(&mut client), Reason::Text { limit, .. } if limit == limits::NAME_CHARS)
    );
    client.send(protocol::encode(&ClientMsg::Join {
        code: "K".repeat(10_000),
        name: "ana".into(),
        have: None,
    }));
    let Reason::UnknownCode { code } = next_refusal(&mut client) else {
        panic!("an unknown code");
    };
    assert!(code.len() < 1_000, "the code is not echoed whole");
    // The owner hands a seat to a bot level that does not exist.
    client.send(protocol::encode(&ClientMsg::Create {
        lobby: lobby(vec![SeatKind::Local, SeatKind::Remote]),
        name: "ana".into(),
    }));
    client.send(protocol::encode(&ClientMsg::HandToComputer {
        seat: Seat(1),
        level: "genius".into(),
    }));
    assert!(
        matches!(next_refusal(&mut client), Reason::Lobby { detail } if detail.contains("genius"))
    );
}

#[test]
fn a_full_server_refuses_new_matches_and_plays_the_ones_it_holds() {
    let limited = hub(Box::new(NoStore), true).with_limits(limits::HubLimits {
        matches: 1,
        ..limits::HubLimits::default()
    });
    let server = host(limited);
    let (_, mut players) = two_players(&server);
    let mut late = greeted(&server);
    late.send(protocol::encode(&ClientMsg::Create {
        lobby: lobby(vec![SeatKind::Local, SeatKind::Remote]),
        name: "cy".into(),
    }));
    assert_eq!(next_refusal(&mut late), Reason::Full);
    play(&mut players, |_| false);
    assert_eq!(players[0].final_hash(), players[1].final_hash());
}

#[test]
fn a_match_whose_log_is_full_is_over_without_an_outcome_and_refuses_more() {
    let steps = 30;
    let limited = hub(Box::new(NoStore), false).with_limits(limits::HubLimits {
        steps,
        ..limits::HubLimits::default()
    });
    let server = host(limited);
    let (_, mut players) = two_players(&server);
    play(&mut players, |_| false);
    for p in &players {
        assert_eq!(p.steps() as usize, steps);
        assert_eq!(p.online.session.finish().expect("over").outcome, None);
    }
    assert_eq!(players[0].final_hash(), players[1].final_hash());
    let s = &mut players[0].online.session;
    s.send_raw(protocol::encode(&ClientMsg::Answer {
        seat: Seat(0),
        step: steps as u32,
        command: Command::EndActivation,
    }));
    let deadline = Instant::now() + PATIENCE;
    while refusals(&players[0]).is_empty() && Instant::now() < deadline {
        players[0].round(Duration::from_millis(5));
    }
    assert!(
        matches!(&refusals(&players[0])[0], Reason::WrongPhase { state, .. } if state == "over")
    );
}

#[test]
fn a_message_past_the_frame_limit_closes_its_connection_and_the_match_goes_on() {
    let server = host(hub(Box::new(NoStore), false));
    let (_, mut players) = two_players(&server);
    let mut hog = greeted(&server);
    hog.send("x".repeat(limits::CLIENT_FRAME_BYTES + 1));
    assert!(closed(&mut hog), "the host closes the connection unread");
    play(&mut players, |_| false);
    assert_eq!(players[0].final_hash(), players[1].final_hash());
}

#[test]
fn a_connection_refused_again_and_again_is_closed() {
    let server = host(hub(Box::new(NoStore), false));
    let mut pest = greeted(&server);
    for _ in 0..limits::REFUSALS_BEFORE_CLOSE {
        pest.send("garbage".into());
    }
    assert!(closed(&mut pest));
}

/// A store whose one save of the command at `fail_at` fails (a full disk, say).
struct FailsOnce {
    fail_at: u32,
    failed: bool,
}

impl redline_online::record::MatchStore for FailsOnce {
    fn save_meta(
        &mut self,
        _: &redline_online::record::MatchMeta,
    ) -> Result<(), redline_online::record::StoreError> {
        Ok(())
    }

    fn save_step(
        &mut self,
        _: redline_online::MatchId,
        index: u32,
        _: &redline_online::record::LoggedCommand,
        _: bool,
    ) -> Result<(), redline_online::record::StoreError> {
        if index == self.fail_at && !self.failed {
            self.failed = true;
            return Err(redline_online::record::StoreError::Database(
                "disk full".into(),
            ));
        }
        Ok(())
    }

    fn flush(&mut self) -> Result<(), redline_online::record::StoreError> {
        Ok(())
    }

    fn unfinished(
        &mut self,
    ) -> Result<Vec<redline_online::record::MatchRecord>, redline_online::record::StoreError> {
        Ok(Vec::new())
    }
}

#[test]
fn a_command_the_host_cannot_save_is_refused_unplayed_and_answered_again() {
    let store = FailsOnce {
        fail_at: 6,
        failed: false,
    };
    let server = Server::start(
        hub(Box::new(store), false),
        "127.0.0.1:0",
        1,
        redline_online::net::OnStoreError::GoOn,
    )
    .expect("the host starts");
    let (id, mut players) = two_players(&server);
    play(&mut players, |_| false);
    let refused: Vec<Reason> = players.iter().flat_map(refusals).collect();
    assert_eq!(refused.len(), 1, "{refused:?}");
    assert!(matches!(&refused[0], Reason::Store { detail } if detail.contains("disk full")));
    let host = server
        .call(move |hub| {
            hub.get(id)
                .and_then(|m| m.run.as_ref())
                .map(|r| r.game().state_hash())
        })
        .flatten()
        .expect("a match");
    assert_eq!(players[0].final_hash(), host);
    assert_eq!(players[1].final_hash(), host);
}

#[test]
fn a_dedicated_server_whose_store_fails_stops_without_acknowledging_the_command() {
    let store = FailsOnce {
        fail_at: 6,
        failed: false,
    };
    let server = host(hub(Box::new(store), false));
    let (_, mut players) = two_players(&server);
    let deadline = Instant::now() + PATIENCE;
    // Play until the host's core has stopped (it no longer answers a call).
    while server.call(|_| ()).is_some() {
        assert!(Instant::now() < deadline, "the server did not stop");
        for p in &mut players {
            p.round(Duration::from_millis(2));
        }
    }
    let why = server.wait().expect_err("the server stops");
    assert!(why.contains("disk full"), "{why}");
    for p in &players {
        assert!(p.steps() <= 6, "the unsaved command was never sent");
        assert!(refusals(p).is_empty());
    }
}
