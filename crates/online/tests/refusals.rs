//! Bad input over a real socket gets a refusal that says why and changes nothing, and the
//! match goes on to its end for everyone: garbage, an oversized message, a wrong protocol
//! version, an answer out of turn or for another seat, a bad join code, a team over the
//! budget, a flood.

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
