//! A native client's connection: the WebSocket runs as a tokio task (on its own thread, or
//! on a runtime the caller shares among many connections, as the load generator does), and
//! the caller sends and receives text through channels, polling without blocking (a game's
//! frame) or waiting.
//!
//! [`Online`] puts a [`ClientSession`] on top: it sends what the session queued, feeds it
//! what arrives, and reconnects and rejoins when the connection drops.

use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use tokio::runtime::Handle;
use tokio::sync::mpsc::{UnboundedReceiver, UnboundedSender, unbounded_channel};
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;

use crate::client::{ClientEvent, ClientSession};
use crate::limits;

/// What the connection reports.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum NetEvent {
    /// The WebSocket is open.
    Open,
    /// A message from the host.
    Text(String),
    /// The connection closed (or never opened), and why.
    Closed(String),
}

/// One WebSocket connection to a host.
#[derive(Debug)]
pub struct NetClient {
    out: UnboundedSender<String>,
    inbox: UnboundedReceiver<NetEvent>,
    _thread: Option<std::thread::JoinHandle<()>>,
}

impl NetClient {
    /// Connects to `addr` (`host:port`) on a thread of its own.
    pub fn connect(addr: &str) -> NetClient {
        let (out, out_rx) = unbounded_channel();
        let (in_tx, inbox) = unbounded_channel();
        let url = format!("ws://{addr}/");
        let thread = std::thread::Builder::new()
            .name("redline-client".into())
            .spawn(move || {
                let runtime = tokio::runtime::Builder::new_current_thread()
                    .enable_all()
                    .build();
                match runtime {
                    Ok(rt) => rt.block_on(run(url, out_rx, in_tx)),
                    Err(e) => {
                        let _ = in_tx.send(NetEvent::Closed(e.to_string()));
                    }
                }
            })
            .ok();
        NetClient {
            out,
            inbox,
            _thread: thread,
        }
    }

    /// Connects to `addr` as a task on a shared runtime.
    pub fn connect_on(runtime: &Handle, addr: &str) -> NetClient {
        let (out, out_rx) = unbounded_channel();
        let (in_tx, inbox) = unbounded_channel();
        runtime.spawn(run(format!("ws://{addr}/"), out_rx, in_tx));
        NetClient {
            out,
            inbox,
            _thread: None,
        }
    }

    /// Sends a message (queued until the connection is open).
    pub fn send(&self, text: String) {
        let _ = self.out.send(text);
    }

    /// The next event if one is there.
    pub fn try_recv(&mut self) -> Option<NetEvent> {
        self.inbox.try_recv().ok()
    }

    /// The next event, waiting at most `timeout` (blocking: not on a runtime's thread).
    pub fn recv_timeout(&mut self, timeout: Duration) -> Option<NetEvent> {
        let deadline = std::time::Instant::now() + timeout;
        loop {
            if let Ok(ev) = self.inbox.try_recv() {
                return Some(ev);
            }
            if self.inbox.is_closed() && self.inbox.is_empty() {
                return Some(NetEvent::Closed("connection ended".into()));
            }
            if std::time::Instant::now() >= deadline {
                return None;
            }
            std::thread::sleep(Duration::from_millis(1));
        }
    }

    /// The next event (async: for tasks on a shared runtime).
    pub async fn recv(&mut self) -> NetEvent {
        self.inbox
            .recv()
            .await
            .unwrap_or(NetEvent::Closed("connection ended".into()))
    }
}

/// The client's WebSocket settings: it reads a host's message up to
/// [`limits::SERVER_MESSAGE_BYTES`].
fn client_config() -> WebSocketConfig {
    WebSocketConfig::default()
        .max_message_size(Some(limits::SERVER_MESSAGE_BYTES))
        .max_frame_size(Some(limits::SERVER_MESSAGE_BYTES))
}

async fn run(url: String, mut out: UnboundedReceiver<String>, inbox: UnboundedSender<NetEvent>) {
    let connected =
        tokio_tungstenite::connect_async_with_config(url.as_str(), Some(client_config()), true)
            .await;
    let ws = match connected {
        Ok((ws, _)) => ws,
        Err(e) => {
            let _ = inbox.send(NetEvent::Closed(e.to_string()));
            return;
        }
    };
    let _ = inbox.send(NetEvent::Open);
    let (mut sink, mut source) = ws.split();
    let why = loop {
        tokio::select! {
            text = out.recv() => match text {
                Some(text) => {
                    if let Err(e) = sink.send(Message::Text(text.into())).await {
                        break e.to_string();
                    }
                }
                None => {
                    let _ = sink.close().await;
                    break "closed by this client".into();
                }
            },
            msg = source.next() => match msg {
                Some(Ok(Message::Text(text))) => {
                    if inbox.send(NetEvent::Text(text.as_str().to_owned())).is_err() {
                        break "closed by this client".into();
                    }
                }
                Some(Ok(Message::Close(_))) | None => break "closed by the host".into(),
                Some(Err(e)) => break e.to_string(),
                Some(Ok(_)) => {}
            },
        }
    };
    let _ = inbox.send(NetEvent::Closed(why));
}

/// A [`ClientSession`] on a WebSocket connection that reconnects when it drops.
#[derive(Debug)]
pub struct Online {
    /// The session: its replica, lobby, prompt, and what to send.
    pub session: ClientSession,
    addr: String,
    conn: NetClient,
    open: bool,
}

impl Online {
    /// Connects to a host; the session says hello once the connection opens.
    pub fn connect(addr: &str, name: &str) -> Online {
        Online {
            session: ClientSession::new(name),
            addr: addr.to_owned(),
            conn: NetClient::connect(addr),
            open: false,
        }
    }

    /// Connects again (after a drop, or to cut the connection on purpose): the session
    /// rejoins with its codes and catches up from its replica's last step.
    pub fn reconnect(&mut self) {
        self.session.disconnected();
        self.conn = NetClient::connect(&self.addr);
        self.open = false;
    }

    /// Connects to another address (a host that came back elsewhere) and rejoins.
    pub fn reconnect_to(&mut self, addr: &str) {
        addr.clone_into(&mut self.addr);
        self.reconnect();
    }

    /// Whether the connection is open.
    pub fn is_open(&self) -> bool {
        self.open
    }

    /// Sends what the session queued, then waits up to `timeout` for the host and returns
    /// the session's events. A closed connection is reported as `Err` with the reason; call
    /// [`Online::reconnect`] to come back.
    pub fn pump(&mut self, timeout: Duration) -> Result<Vec<ClientEvent>, String> {
        if self.open {
            for text in self.session.take_outgoing() {
                self.conn.send(text);
            }
        }
        let Some(first) = self.conn.recv_timeout(timeout) else {
            return Ok(self.session.take_events());
        };
        let mut next = Some(first);
        while let Some(ev) = next {
            match ev {
                NetEvent::Open => {
                    self.open = true;
                    self.session.connected();
                    for text in self.session.take_outgoing() {
                        self.conn.send(text);
                    }
                }
                NetEvent::Text(text) => self.session.receive(&text),
                NetEvent::Closed(why) => {
                    self.open = false;
                    self.session.disconnected();
                    return Err(why);
                }
            }
            next = self.conn.try_recv();
        }
        if self.open {
            for text in self.session.take_outgoing() {
                self.conn.send(text);
            }
        }
        Ok(self.session.take_events())
    }
}
