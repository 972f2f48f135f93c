//! `redline-cli serve` and `redline-cli join` as real processes over localhost: a match
//! between two bot clients survives the server being SIGKILLed mid-match and restarted
//! (nothing acknowledged is lost, every client catches up from where it was), finishes on
//! the hashes of an uncut replay, and is exported as a replay file that `redline-cli replay`
//! checks.

mod common;

use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Child, ChildStdout, Command, Stdio};
use std::time::{Duration, Instant};

use common::{BIN, TempDir, arg, json_expecting, run_expecting};
use redline_online::client::ClientEvent;
use redline_online::net::Online;
use serde_json::Value;

/// How long a step of the test may wait before it is taken for a hang (not a speed check).
const PATIENCE: Duration = Duration::from_secs(120);

/// A child process killed (SIGKILL) when dropped, so a failing test leaves none behind.
struct Process(Child);

impl Drop for Process {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// Starts `redline-cli ARGS --json`.
fn spawn(args: &[&str]) -> (Process, BufReader<ChildStdout>) {
    let mut child = Command::new(BIN)
        .args(args)
        .arg("--json")
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("redline-cli starts");
    let out = BufReader::new(child.stdout.take().expect("stdout"));
    (Process(child), out)
}

/// The next JSON line a process prints.
fn next_line(out: &mut BufReader<ChildStdout>) -> Value {
    let mut line = String::new();
    out.read_line(&mut line).expect("a line");
    serde_json::from_str(&line).unwrap_or_else(|e| panic!("{e}: {line:?}"))
}

/// `redline-cli serve` on `bind` with the database `db`.
fn serve(bind: &str, db: &Path) -> (Process, Value) {
    let (server, mut out) = spawn(&["serve", "--bind", bind, "--db", arg(db)]);
    (server, next_line(&mut out))
}

/// Commands the database holds for match 1.
fn stored_steps(db: &Path) -> i64 {
    let conn =
        rusqlite::Connection::open_with_flags(db, rusqlite::OpenFlags::SQLITE_OPEN_READ_ONLY)
            .expect("the database opens");
    conn.query_row("SELECT COUNT(*) FROM steps WHERE match_id = 1", [], |r| {
        r.get(0)
    })
    .unwrap_or(0)
}

/// Waits for a client process to end and returns its last JSON line.
fn outcome(mut client: Process, out: BufReader<ChildStdout>) -> Value {
    let deadline = Instant::now() + PATIENCE;
    let status = loop {
        if let Some(status) = client.0.try_wait().expect("wait") {
            break status;
        }
        assert!(Instant::now() < deadline, "the client did not finish");
        std::thread::sleep(Duration::from_millis(20));
    };
    let last = out.lines().map_while(Result::ok).last().expect("a report");
    assert!(status.success(), "the client failed: {last}");
    serde_json::from_str(&last).expect("a JSON report")
}

/// Follows the spectator until `done` holds or its connection drops.
fn follow(watcher: &mut Online, events: &mut Vec<ClientEvent>, done: impl Fn(&Online) -> bool) {
    let deadline = Instant::now() + PATIENCE;
    while !done(watcher) {
        assert!(Instant::now() < deadline, "the spectator waited too long");
        match watcher.pump(Duration::from_millis(2)) {
            Ok(more) => events.extend(more),
            Err(_) => return,
        }
    }
}

fn held(watcher: &Online) -> u32 {
    watcher.session.replica().map_or(0, |r| r.steps())
}

#[test]
fn a_server_killed_mid_match_resumes_and_the_match_ends_on_the_hashes_of_an_uncut_replay() {
    let dir = TempDir::new("online-kill", &[]);
    let db = dir.join("matches.sqlite");
    let (server, first) = serve("127.0.0.1:0", &db);
    let addr = first["serving"].as_str().expect("an address").to_owned();
    assert_eq!(first["resumed"], 0);

    // Two bot clients at a steady pace: one opens the match, the other joins with its code.
    let (opener, mut opener_out) = spawn(&[
        "join",
        &addr,
        "--create",
        "street_claim",
        "--seats",
        "local,remote",
        "--turn-limit",
        "12",
        "--think-ms",
        "15",
        "--name",
        "ana",
    ]);
    let created = next_line(&mut opener_out);
    let code = created["seat_codes"][0]["code"]
        .as_str()
        .expect("a seat code");
    let spectator_code = created["spectator_code"]
        .as_str()
        .expect("a spectator code");
    let (joiner, joiner_out) = spawn(&["join", &addr, code, "--think-ms", "15", "--name", "bo"]);

    // A spectator in this process sees exactly what the server acknowledged.
    let mut watcher = Online::connect(&addr, "eve");
    watcher.session.join(spectator_code);
    let mut events = Vec::new();
    follow(&mut watcher, &mut events, |w| held(w) >= 25);

    // SIGKILL mid-match, then drain what reached the spectator before the socket went.
    drop(server);
    follow(&mut watcher, &mut events, |_| false);
    let seen = held(&watcher);
    assert!(watcher.session.finish().is_none(), "killed mid-match");
    assert!(
        stored_steps(&db) >= i64::from(seen),
        "every acknowledged command was stored"
    );

    // The server comes back on the same port and resumes the match from its database.
    let (server, first) = serve(&addr, &db);
    assert_eq!(first["resumed"], 1);
    let deadline = Instant::now() + PATIENCE;
    while watcher.session.finish().is_none() {
        assert!(Instant::now() < deadline, "the match did not finish");
        match watcher.pump(Duration::from_millis(2)) {
            Ok(more) => events.extend(more),
            Err(_) => {
                std::thread::sleep(Duration::from_millis(100));
                watcher.reconnect();
            }
        }
    }
    let starts = events
        .iter()
        .filter(|e| matches!(e, ClientEvent::Started))
        .count();
    assert_eq!(starts, 1, "the spectator caught up from its last step");

    // Both clients finish on the host's state hash, having caught up from where they were.
    let reports = [outcome(opener, opener_out), outcome(joiner, joiner_out)];
    let host_hash = reports[0]["host_state_hash"].clone();
    for report in &reports {
        assert_eq!(report["verified"], true, "{report}");
        assert_eq!(report["host_state_hash"], host_hash);
        assert_eq!(report["restarts"], 0, "{report}");
    }
    let finish = watcher.session.finish().expect("over");
    assert_eq!(finish.verified, Ok(finish.host_state_hash));
    assert_eq!(format!("{:016x}", finish.host_state_hash), host_hash);
    drop(server);

    // Exported, the match is a replay that checks from its seed: every hash as recorded.
    let replays = dir.join("replays");
    let exported = json_expecting(0, &["serve", "--db", arg(&db), "--export", arg(&replays)]);
    assert_eq!(exported["exported"].as_array().map(Vec::len), Some(1));
    let file = replays.join("match-1.ron");
    let checked = json_expecting(0, &["replay", arg(&file)]);
    assert_eq!(
        checked["final_hash"].as_str(),
        host_hash.as_str(),
        "{checked}"
    );
    assert_eq!(checked["steps"], reports[0]["steps"], "{checked}");
}

#[test]
fn join_refuses_an_unknown_seat_kind() {
    let out = run_expecting(
        2,
        &[
            "join",
            "127.0.0.1:9",
            "--create",
            "street_claim",
            "--seats",
            "local,alien",
        ],
    );
    assert!(out.is_empty());
}
