//! Whole matches over WebSocket on localhost: two clients play to the end and reach the
//! host's state hash; a client cut off mid-activation rejoins; a killed host resumes from
//! its autosave; a dropped seat waits until the owner hands it to the computer.

mod common;

use std::time::{Duration, Instant};

use common::*;
use redline_online::client::ClientEvent;
use redline_online::lobby::{Presence, SeatKind};
use redline_online::net::Server;
use redline_online::protocol::MatchId;
use redline_online::record::{FileStore, NoStore};
use redline_rules::{DecisionKind, Replay, Seat};

/// The host's full state hash of a match.
fn host_hash(server: &Server, id: MatchId) -> u64 {
    server
        .call(move |hub| {
            hub.get(id)
                .and_then(|m| m.run.as_ref())
                .map(|r| r.game().state_hash())
        })
        .flatten()
        .expect("a running match")
}

fn two_remote(server: &Server) -> (MatchId, Vec<Player>) {
    let opened = open(server, lobby(vec![SeatKind::Remote, SeatKind::Remote]));
    let addr = server.addr().to_string();
    let players = vec![
        Player::join(&addr, "ana", &opened.seat_codes[0].code, "tidewater", 1),
        Player::join(&addr, "bo", &opened.seat_codes[1].code, "ashfall", 2),
    ];
    (opened.match_id, players)
}

#[test]
fn two_clients_play_a_whole_match_and_end_on_the_hosts_state_hash() {
    let server = host(hub(Box::new(NoStore), false));
    let (id, mut players) = two_remote(&server);
    play(&mut players, |_| false);
    let host = host_hash(&server, id);
    assert!(players[0].steps() > 0);
    for p in &players {
        assert_eq!(p.final_hash(), host);
        // Each client saw only its own seat's prompts.
        let mine = p.online.session.seats().to_vec();
        assert!(p.events.iter().all(|e| match e {
            ClientEvent::Prompt { seat, .. } => mine.contains(seat),
            _ => true,
        }));
    }
}

#[test]
fn a_client_cut_off_mid_activation_rejoins_and_the_match_ends_as_an_uncut_replay() {
    let dir = temp_dir("cut");
    let server = host(hub(Box::new(FileStore::new(&dir)), false));
    let (id, mut players) = two_remote(&server);
    let mut cut = false;
    play(&mut players, |players| {
        // Cut seat 0 while its model is in the middle of an activation, its answer not yet
        // sent.
        let mid_activation = players[0].online.session.replica().is_some_and(|r| {
            r.game().active_model().is_some()
                && r.game().decision().is_some_and(|d| {
                    d.seat == Seat(0) && matches!(d.kind, DecisionKind::NextAction { .. })
                })
        });
        if !cut && mid_activation && players[0].steps() > 10 {
            players[0].online.reconnect();
            cut = true;
        }
        false
    });
    assert!(cut, "seat 0 was cut off mid-activation");
    assert!(
        players[0]
            .events
            .iter()
            .filter(|e| matches!(e, ClientEvent::Joined { .. }))
            .count()
            >= 2,
        "seat 0 joined again"
    );
    let host = host_hash(&server, id);
    assert_eq!(players[0].final_hash(), host);
    assert_eq!(players[1].final_hash(), host);
    // The host's log, replayed uncut, ends on the same hash.
    let record = FileStore::read(&dir.join(format!("match-{id}.ron"))).expect("the autosave reads");
    let replay: Replay = record.replay().expect("started");
    let game = replay.verify().expect("the log replays");
    assert_eq!(game.state_hash(), host);
}

#[test]
fn a_killed_host_resumes_from_its_autosave_at_the_same_hash() {
    let dir = temp_dir("resume");
    let server = host(hub(Box::new(FileStore::new(&dir)), false));
    let (id, mut players) = two_remote(&server);
    play(&mut players, |players| players[0].steps() > 40);
    assert!(
        !players.iter().any(Player::finished),
        "the match is under way"
    );
    // The host dies without a word: no final save.
    drop(server);
    for p in &mut players {
        p.offline = true;
    }
    let mut resumed = hub(Box::new(FileStore::new(&dir)), false);
    assert_eq!(resumed.resume().expect("the autosave replays"), 1);
    let server = host(resumed);
    let addr = server.addr().to_string();
    for p in &mut players {
        p.offline = false;
        p.online.reconnect_to(&addr);
    }
    play(&mut players, |_| false);
    let host = host_hash(&server, id);
    assert_eq!(players[0].final_hash(), host);
    assert_eq!(players[1].final_hash(), host);
    let record = FileStore::read(&dir.join(format!("match-{id}.ron"))).expect("reads");
    assert!(record.meta.finished);
    assert_eq!(
        record
            .replay()
            .expect("started")
            .verify()
            .expect("replays")
            .state_hash(),
        host
    );
}

#[test]
fn a_dropped_seat_waits_until_the_owner_hands_it_to_the_computer() {
    let server = host(hub(Box::new(NoStore), false));
    let (id, mut players) = two_remote(&server);
    let addr = server.addr().to_string();
    let opened_spectator = server
        .call(move |hub| hub.get(id).map(|m| m.meta.spectator_code.clone()))
        .flatten()
        .expect("a spectator code");
    let mut watcher = Player::join(&addr, "eve", &opened_spectator, "choir", 3);
    play(&mut players, |players| players[1].steps() > 20);
    // Seat 1 drops for good.
    players.truncate(1);
    let waited = Instant::now();
    let mut away = false;
    while waited.elapsed() < Duration::from_secs(30) && !away {
        players[0].round(Duration::from_millis(5));
        watcher.round(Duration::from_millis(5));
        away = players[0]
            .online
            .session
            .lobby()
            .is_some_and(|l| matches!(l.seats[1].presence, Presence::Away { .. }));
    }
    assert!(away, "the lobby shows seat 1 away");
    server
        .call(move |hub| hub.hand_to_computer(id, Seat(1), "random", Instant::now()))
        .expect("the host answers")
        .expect("the seat is handed over");
    let mut all = vec![players.remove(0), watcher];
    play(&mut all, |_| false);
    let host = host_hash(&server, id);
    assert_eq!(all[0].final_hash(), host);
    // The spectator followed the whole match, and was never prompted.
    assert_eq!(all[1].final_hash(), host);
    assert!(
        !all[1]
            .events
            .iter()
            .any(|e| matches!(e, ClientEvent::Prompt { .. }))
    );
}
