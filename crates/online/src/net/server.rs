//! The host over WebSocket: a tokio runtime accepts connections and moves their text to
//! and from one core thread that owns the [`Hub`]; a bot thread answers computer seats.
//!
//! The core thread takes the messages waiting (up to a batch), lets the hub act on them,
//! flushes the store once for the batch, and only then sends what the hub queued: no
//! command is acknowledged before it is stored (group commit).

use std::collections::HashMap;
use std::io;
use std::net::SocketAddr;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc;
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use redline_rules::{Command, Seat};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::mpsc::{UnboundedSender, unbounded_channel};
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;

use crate::bots::BotRunner;
use crate::host::{BotJob, ConnId, Hub};
use crate::limits;
use crate::protocol::MatchId;

/// A call run on the core thread with the hub (create a match, hand a seat over, read the
/// lobby).
type Call = Box<dyn FnOnce(&mut Hub) + Send>;

/// What reaches the core thread.
enum Inbound {
    Open(ConnId, UnboundedSender<Out>),
    Text(ConnId, String),
    Closed(ConnId),
    Bot(MatchId, Seat, u32, Command),
    Call(Call),
    Stop,
}

/// What the bot thread is given.
enum BotWork {
    /// A computer seat's turn.
    Job(Box<BotJob>),
    /// A match ended: its bots go.
    Forget(MatchId),
}

/// What a connection's writer sends.
enum Out {
    Text(Arc<str>),
    Close,
}

/// Whether the store's errors stop the host.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OnStoreError {
    /// Stop at once without acknowledging anything more (the dedicated server: its
    /// database is its promise).
    Stop,
    /// Tell the players and go on (a player's app hosting: losing the autosave must not end
    /// the match).
    GoOn,
}

/// A running host.
pub struct Server {
    addr: SocketAddr,
    inbound: mpsc::Sender<Inbound>,
    core: Option<JoinHandle<Result<(), String>>>,
    runtime: Option<tokio::runtime::Runtime>,
}

impl Server {
    /// Starts hosting `hub` on `bind` (`127.0.0.1:0` picks a free port; see
    /// [`Server::addr`]). `workers`: the runtime's threads for the network.
    pub fn start(
        hub: Hub,
        bind: &str,
        workers: usize,
        on_store_error: OnStoreError,
    ) -> io::Result<Server> {
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(workers.max(1))
            .thread_name("redline-net")
            .enable_all()
            .build()?;
        let listener = runtime.block_on(TcpListener::bind(bind))?;
        let addr = listener.local_addr()?;
        let (tx, rx) = mpsc::channel();
        let (bot_tx, bot_rx) = mpsc::channel::<BotWork>();
        let core_tx = tx.clone();
        std::thread::Builder::new()
            .name("redline-bots".into())
            .spawn(move || bot_loop(&bot_rx, &core_tx))?;
        let core = std::thread::Builder::new()
            .name("redline-host".into())
            .spawn(move || core_loop(hub, &rx, &bot_tx, on_store_error))?;
        runtime.spawn(accept_loop(listener, tx.clone()));
        Ok(Server {
            addr,
            inbound: tx,
            core: Some(core),
            runtime: Some(runtime),
        })
    }

    /// The address it listens on.
    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// Runs `f` with the hub on the core thread and returns its answer (`None` if the host
    /// has stopped).
    pub fn call<R: Send + 'static>(
        &self,
        f: impl FnOnce(&mut Hub) -> R + Send + 'static,
    ) -> Option<R> {
        let (tx, rx) = mpsc::channel();
        let call: Call = Box::new(move |hub| {
            let _ = tx.send(f(hub));
        });
        self.inbound.send(Inbound::Call(call)).ok()?;
        rx.recv().ok()
    }

    /// Stops hosting: the core thread finishes the batch it is on; connections close.
    /// Returns the core thread's error if a store error stopped it earlier.
    pub fn stop(mut self) -> Result<(), String> {
        self.shut()
    }

    /// Waits until the host stops by itself (a store error) and returns why.
    pub fn wait(mut self) -> Result<(), String> {
        let result = self.core.take().map_or(Ok(()), |c| {
            c.join().unwrap_or(Err("host thread panicked".into()))
        });
        if let Some(rt) = self.runtime.take() {
            rt.shutdown_background();
        }
        result
    }

    fn shut(&mut self) -> Result<(), String> {
        let _ = self.inbound.send(Inbound::Stop);
        let result = self.core.take().map_or(Ok(()), |c| {
            c.join().unwrap_or(Err("host thread panicked".into()))
        });
        if let Some(rt) = self.runtime.take() {
            rt.shutdown_background();
        }
        result
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.shut();
    }
}

/// The hub's thread: batches of inbound messages, one store flush per batch, then the
/// messages out.
fn core_loop(
    mut hub: Hub,
    rx: &mpsc::Receiver<Inbound>,
    bots: &mpsc::Sender<BotWork>,
    on_store_error: OnStoreError,
) -> Result<(), String> {
    let mut conns: HashMap<ConnId, UnboundedSender<Out>> = HashMap::new();
    // Computer seats waiting when the hub was resumed.
    for job in hub.take_bot_jobs() {
        let _ = bots.send(BotWork::Job(Box::new(job)));
    }
    loop {
        let Ok(first) = rx.recv() else {
            return Ok(());
        };
        let mut batch = vec![first];
        while batch.len() < 512 {
            match rx.try_recv() {
                Ok(more) => batch.push(more),
                Err(_) => break,
            }
        }
        let now = Instant::now();
        let mut stop = false;
        for msg in batch {
            match msg {
                Inbound::Open(conn, tx) => {
                    conns.insert(conn, tx);
                    hub.connect(conn, now);
                }
                Inbound::Text(conn, text) => hub.receive(conn, &text, now),
                Inbound::Closed(conn) => {
                    conns.remove(&conn);
                    hub.disconnect(conn, now);
                }
                Inbound::Bot(id, seat, step, command) => hub.bot_answer(id, seat, step, command),
                Inbound::Call(call) => call(&mut hub),
                Inbound::Stop => stop = true,
            }
        }
        hub.flush();
        let errors = hub.take_store_errors();
        if !errors.is_empty() && on_store_error == OnStoreError::Stop {
            let words: Vec<String> = errors.iter().map(ToString::to_string).collect();
            return Err(format!("the match store failed: {}", words.join("; ")));
        }
        for out in hub.take_outgoing() {
            if let Some(tx) = conns.get(&out.to) {
                let _ = tx.send(Out::Text(out.text));
                if out.close {
                    let _ = tx.send(Out::Close);
                }
            }
        }
        for job in hub.take_bot_jobs() {
            let _ = bots.send(BotWork::Job(Box::new(job)));
        }
        for id in hub.take_ended() {
            let _ = bots.send(BotWork::Forget(id));
        }
        if stop {
            return Ok(());
        }
    }
}

/// The computer seats' thread.
fn bot_loop(work: &mpsc::Receiver<BotWork>, core: &mpsc::Sender<Inbound>) {
    let mut runner = BotRunner::new();
    while let Ok(work) = work.recv() {
        let job = match work {
            BotWork::Job(job) => job,
            BotWork::Forget(id) => {
                runner.forget(id);
                continue;
            }
        };
        let command = runner.answer(&job);
        let answer = Inbound::Bot(job.match_id, job.seat, job.step, command);
        if core.send(answer).is_err() {
            return;
        }
    }
}

async fn accept_loop(listener: TcpListener, core: mpsc::Sender<Inbound>) {
    let ids = Arc::new(AtomicU64::new(1));
    loop {
        let Ok((stream, _)) = listener.accept().await else {
            continue;
        };
        let conn = ids.fetch_add(1, Ordering::Relaxed);
        tokio::spawn(serve_connection(stream, conn, core.clone()));
    }
}

/// The WebSocket settings of the host's side: it never reads a message past
/// [`limits::CLIENT_FRAME_BYTES`].
fn server_config() -> WebSocketConfig {
    WebSocketConfig::default()
        .max_message_size(Some(limits::CLIENT_FRAME_BYTES))
        .max_frame_size(Some(limits::CLIENT_FRAME_BYTES))
}

async fn serve_connection(stream: TcpStream, conn: ConnId, core: mpsc::Sender<Inbound>) {
    let _ = stream.set_nodelay(true);
    let Ok(ws) = tokio_tungstenite::accept_async_with_config(stream, Some(server_config())).await
    else {
        return;
    };
    let (mut sink, mut source) = ws.split();
    let (tx, mut rx) = unbounded_channel::<Out>();
    if core.send(Inbound::Open(conn, tx)).is_err() {
        return;
    }
    let writer = tokio::spawn(async move {
        while let Some(out) = rx.recv().await {
            match out {
                Out::Text(text) => {
                    if sink
                        .send(Message::Text(text.as_ref().into()))
                        .await
                        .is_err()
                    {
                        break;
                    }
                }
                Out::Close => {
                    let _ = sink.close().await;
                    break;
                }
            }
        }
    });
    let mut first = true;
    loop {
        let next = if first {
            match tokio::time::timeout(limits::HELLO_TIMEOUT, source.next()).await {
                Ok(next) => next,
                Err(_) => break,
            }
        } else {
            source.next().await
        };
        first = false;
        let text = match next {
            Some(Ok(Message::Text(text))) => text.as_str().to_owned(),
            Some(Ok(Message::Binary(bytes))) => String::from_utf8_lossy(&bytes).into_owned(),
            Some(Ok(Message::Close(_))) | Some(Err(_)) | None => break,
            Some(Ok(_)) => continue,
        };
        if core.send(Inbound::Text(conn, text)).is_err() {
            break;
        }
    }
    let _ = core.send(Inbound::Closed(conn));
    // Give the writer a moment to send a last refusal before the socket goes.
    let _ = tokio::time::timeout(Duration::from_millis(200), writer).await;
}
