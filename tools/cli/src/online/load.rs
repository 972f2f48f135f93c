//! `redline-cli load`: a load run against a dedicated server. It keeps N matches going, two
//! bot clients each (random bots thinking for a set time per answer, as a person would),
//! and measures how long the server takes to answer each command (from sending the answer
//! to receiving the step it became), the server's memory, and the machine's load.

use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use clap::Args;
use redline_ai::{Bot, RandomBot};
use redline_content::Catalog;
use redline_content::skirmish::quick_team;
use redline_content::team::TeamRules;
use redline_online::client::{ClientEvent, ClientSession};
use redline_online::lobby::{LobbySetup, SeatKind};
use redline_online::net::{NetClient, NetEvent};
use redline_rules::Command;
use serde::Serialize;

use crate::exit::{CliError, CommandResult, Verdict};
use crate::output::{self, Format, Report};

const EXAMPLES: &str = "\
Examples:
  redline-cli serve --bind 127.0.0.1:7878 --db /tmp/load.sqlite &
  redline-cli load 127.0.0.1:7878 --matches 500 --think-ms 3000 --seconds 60 --server-pid $!

Each match is street_claim between two clients (one opens it, one joins with the code);
each answer waits --think-ms (0.5x to 1.5x, at random) before it is sent. The answer time
is measured from sending an answer to receiving the step the host made of it. Exit 1 when
the 99th percentile is over --budget-ms.";

/// Arguments of `redline-cli load`.
#[derive(Debug, Args)]
#[command(after_help = EXAMPLES)]
pub struct LoadArgs {
    /// The server's address and port.
    addr: String,

    /// Matches kept going at once.
    #[arg(long, default_value_t = 100)]
    matches: usize,

    /// Mean thinking time before each answer, in milliseconds.
    #[arg(long, default_value_t = 3000)]
    think_ms: u64,

    /// How long to measure, once every match is open.
    #[arg(long, default_value_t = 60)]
    seconds: u64,

    /// New matches opened per second while ramping up.
    #[arg(long, default_value_t = 100)]
    ramp: u64,

    /// The server's process id, to read its memory.
    #[arg(long)]
    server_pid: Option<u32>,

    /// The answer time the 99th percentile must stay under.
    #[arg(long, default_value_t = 100)]
    budget_ms: u64,

    /// Threads of the load generator's runtime (its bots think on others).
    #[arg(long, default_value_t = 2)]
    workers: usize,
}

/// The longest wait for the matches to be under way before measuring anyway, in seconds
/// (a tenth of a second more per match).
const SETTLE_SECS: u64 = 60;

/// What the run measured.
#[derive(Debug, Serialize)]
struct LoadReport {
    matches: usize,
    /// Matches past their deployment when the measuring began.
    in_play: usize,
    think_ms: u64,
    seconds: u64,
    commands: usize,
    commands_per_second: f64,
    p50_ms: f64,
    p99_ms: f64,
    max_ms: f64,
    budget_ms: u64,
    matches_finished: usize,
    refusals: usize,
    server_rss_idle_kib: Option<u64>,
    server_rss_loaded_kib: Option<u64>,
    rss_per_match_kib: Option<f64>,
    load_average_before: String,
    load_average_after: String,
}

impl Report for LoadReport {
    fn human(&self) -> String {
        let per_match = self
            .rss_per_match_kib
            .map_or("unknown".into(), |k| format!("{k:.0} KiB"));
        format!(
            "{} matches ({} past their deployment when measuring began), a command every ~{} \
             ms each, measured for {} s\n\
             {} commands answered ({:.0}/s): p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms (budget {} ms)\n\
             {} matches finished and were replaced; {} refusals\n\
             server memory: {} KiB idle, {} KiB loaded, {} per match\n\
             load average before: {}; after: {}\n",
            self.matches,
            self.in_play,
            self.think_ms,
            self.seconds,
            self.commands,
            self.commands_per_second,
            self.p50_ms,
            self.p99_ms,
            self.max_ms,
            self.budget_ms,
            self.matches_finished,
            self.refusals,
            self.server_rss_idle_kib
                .map_or("?".into(), |k| k.to_string()),
            self.server_rss_loaded_kib
                .map_or("?".into(), |k| k.to_string()),
            per_match,
            self.load_average_before,
            self.load_average_after,
        )
    }
}

/// What every client adds to.
#[derive(Default)]
struct Tally {
    /// Answer times in microseconds, while measuring.
    answers: Vec<u32>,
    finished: usize,
    refusals: usize,
    measuring: bool,
    /// Matches past their deployment (counted once each, by the client that opened them).
    in_play: usize,
}

/// Runs `load`.
pub fn run(args: &LoadArgs, format: Format) -> CommandResult {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(args.workers.max(1))
        .enable_all()
        .build()?;
    let shared = Arc::new(Shared {
        addr: args.addr.clone(),
        think_ms: args.think_ms,
        tally: Mutex::new(Tally::default()),
        catalog: redline_content::starter(),
    });
    let rss_idle = args.server_pid.and_then(rss_kib);
    let load_before = load_average();
    let ramp = Duration::from_secs_f64(1.0 / args.ramp.max(1) as f64);
    for i in 0..args.matches {
        runtime.spawn(keep_a_match(Arc::clone(&shared), i as u64));
        std::thread::sleep(ramp);
    }
    // Measure the steady state: every match past its deployment (the opening of thousands
    // of matches is a burst of its own), then a few seconds more.
    let settle = Instant::now() + Duration::from_secs(SETTLE_SECS + args.matches as u64 / 10);
    while shared.tally.lock().expect("tally").in_play < args.matches && Instant::now() < settle {
        std::thread::sleep(Duration::from_millis(200));
    }
    std::thread::sleep(Duration::from_secs(5));
    let in_play = {
        let mut t = shared.tally.lock().expect("tally");
        t.measuring = true;
        t.in_play
    };
    std::thread::sleep(Duration::from_secs(args.seconds));
    let rss_loaded = args.server_pid.and_then(rss_kib);
    let load_after = load_average();
    let mut t = shared.tally.lock().expect("tally");
    t.measuring = false;
    let mut times = std::mem::take(&mut t.answers);
    runtime.shutdown_background();
    if times.is_empty() {
        return Err(CliError::failure(
            "no command was answered: is the server there?",
        ));
    }
    times.sort_unstable();
    let at = |q: f64| f64::from(times[((times.len() - 1) as f64 * q) as usize]) / 1000.0;
    let report = LoadReport {
        matches: args.matches,
        in_play,
        think_ms: args.think_ms,
        seconds: args.seconds,
        commands: times.len(),
        commands_per_second: times.len() as f64 / args.seconds as f64,
        p50_ms: at(0.5),
        p99_ms: at(0.99),
        max_ms: at(1.0),
        budget_ms: args.budget_ms,
        matches_finished: t.finished,
        refusals: t.refusals,
        server_rss_idle_kib: rss_idle,
        server_rss_loaded_kib: rss_loaded,
        rss_per_match_kib: rss_idle
            .zip(rss_loaded)
            .map(|(a, b)| b.saturating_sub(a) as f64 / args.matches as f64),
        load_average_before: load_before,
        load_average_after: load_after,
    };
    output::emit(format, &report)?;
    Ok(Verdict::failed_if(report.p99_ms > args.budget_ms as f64))
}

/// What every client of the run shares.
struct Shared {
    addr: String,
    think_ms: u64,
    tally: Mutex<Tally>,
    catalog: Catalog,
}

/// Keeps one match slot busy: a match is opened, played to its end, and replaced.
async fn keep_a_match(shared: Arc<Shared>, slot: u64) {
    let mut round = 0u64;
    loop {
        let lobby = LobbySetup {
            scenario: "street_claim".into(),
            layout: None,
            seats: vec![SeatKind::Local, SeatKind::Remote],
            turn_limit: None,
            size: None,
            modules: Default::default(),
        };
        let (code_tx, code_rx) = tokio::sync::oneshot::channel();
        let seed = slot * 1000 + round;
        let opener = tokio::spawn(play_client(
            Arc::clone(&shared),
            Start::Create(lobby, code_tx),
            seed,
        ));
        let Ok(code) = code_rx.await else {
            tokio::time::sleep(Duration::from_secs(1)).await;
            continue;
        };
        let joiner = tokio::spawn(play_client(
            Arc::clone(&shared),
            Start::Join(code),
            seed + 500,
        ));
        let _ = opener.await;
        let _ = joiner.await;
        shared.tally.lock().expect("tally").finished += 1;
        round += 1;
    }
}

/// How a load client begins.
enum Start {
    /// Opens the match and hands out the remote seat's code.
    Create(LobbySetup, tokio::sync::oneshot::Sender<String>),
    /// Joins with a code.
    Join(String),
}

/// One bot client, until its match is over (or its connection is lost).
async fn play_client(shared: Arc<Shared>, start: Start, seed: u64) {
    let handle = tokio::runtime::Handle::current();
    let mut conn = NetClient::connect_on(&handle, &shared.addr);
    let think_ms = shared.think_ms;
    let mut session = ClientSession::new("load");
    let mut code_tx = None;
    let opener = matches!(start, Start::Create(..));
    match start {
        Start::Create(lobby, tx) => {
            session.create(lobby);
            code_tx = Some(tx);
        }
        Start::Join(code) => session.join(&code),
    }
    // The bot thinks on a blocking thread while the player "thinks", so that its search
    // never delays this runtime's clients (their answer times are what is measured).
    let mut bot = Some(RandomBot::new(seed));
    let mut thinking: Option<tokio::task::JoinHandle<(RandomBot, Command)>> = None;
    let mut think = Rng(seed | 1);
    let mut answer_at: Option<Instant> = None;
    let mut sent: Option<(u32, Instant)> = None;
    let mut teams_sent = false;
    let mut deployed = false;
    loop {
        for text in session.take_outgoing() {
            conn.send(text);
        }
        let event = match answer_at {
            Some(at) => {
                let wait = tokio::time::sleep_until(at.into());
                tokio::select! {
                    ev = conn.recv() => Some(ev),
                    () = wait => None,
                }
            }
            None => Some(conn.recv().await),
        };
        match event {
            None => {
                answer_at = None;
                let Some(handle) = thinking.take() else {
                    continue;
                };
                let Ok((b, command)) = handle.await else {
                    return;
                };
                bot = Some(b);
                if let Some(step) = session.prompt().map(|p| p.step) {
                    session.answer(command);
                    sent = Some((step, Instant::now()));
                }
            }
            Some(NetEvent::Open) => session.connected(),
            Some(NetEvent::Closed(_)) => return,
            Some(NetEvent::Text(text)) => {
                session.receive(&text);
                for ev in session.take_events() {
                    match ev {
                        ClientEvent::Created { seat_codes, .. } => {
                            if let (Some(tx), Some(code)) = (code_tx.take(), seat_codes.first()) {
                                let _ = tx.send(code.code.clone());
                            }
                        }
                        ClientEvent::Lobby(state) if !teams_sent && !state.started => {
                            let rules = TeamRules::one_off(state.eb_limit);
                            let faction = if opener { "tidewater" } else { "ashfall" };
                            for seat in session.seats().to_vec() {
                                if let Ok(team) = quick_team(&shared.catalog, faction, &rules) {
                                    session.submit_team(seat, team);
                                    teams_sent = true;
                                }
                            }
                        }
                        ClientEvent::Prompt { .. } => {
                            let ms = think.next_in(think_ms / 2, think_ms * 3 / 2);
                            answer_at = Some(Instant::now() + Duration::from_millis(ms));
                            if let (Some(mut b), Some(replica)) = (bot.take(), session.replica()) {
                                let game = replica.game().clone();
                                thinking = Some(tokio::task::spawn_blocking(move || {
                                    let command = b.choose(&game);
                                    (b, command)
                                }));
                            }
                        }
                        ClientEvent::Played { step, .. } => {
                            if opener
                                && !deployed
                                && session
                                    .replica()
                                    .is_some_and(|r| r.game().deploying().is_none())
                            {
                                deployed = true;
                                shared.tally.lock().expect("tally").in_play += 1;
                            }
                            if let Some((s, at)) = sent
                                && s == step.index
                            {
                                let micros = at.elapsed().as_micros().min(u128::from(u32::MAX));
                                let mut t = shared.tally.lock().expect("tally");
                                if t.measuring {
                                    t.answers.push(micros as u32);
                                }
                                sent = None;
                            }
                        }
                        ClientEvent::Refused(_) => {
                            shared.tally.lock().expect("tally").refusals += 1
                        }
                        ClientEvent::Finished { .. } => return,
                        _ => {}
                    }
                }
            }
        }
    }
}

/// A small generator for thinking times (the load run's own, not the game's dice).
struct Rng(u64);

impl Rng {
    fn next_in(&mut self, lo: u64, hi: u64) -> u64 {
        // xorshift64
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        lo + self.0 % (hi - lo).max(1)
    }
}

/// A process's resident memory, from `/proc/PID/status`.
fn rss_kib(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
}

/// The machine's load average, from `/proc/loadavg`.
fn load_average() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .map(|s| s.split_whitespace().take(3).collect::<Vec<_>>().join(" "))
        .unwrap_or_else(|_| "unknown".into())
}
