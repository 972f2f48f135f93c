//! The connection under online play. On the desktop: `redline-online`'s WebSocket client and
//! server (its `net` feature, over tokio). In the browser a page cannot listen for players
//! and the crate's client needs native sockets, so hosting and joining are refused there
//! with [`BROWSER_REFUSAL`], and the types below can never be made (docs/web.md).

#[cfg(not(target_arch = "wasm32"))]
pub use redline_online::net::{OnStoreError, Online, Server};

#[cfg(target_arch = "wasm32")]
pub use browser::{OnStoreError, Online, Server};

/// Why the browser build does not play online.
pub const BROWSER_REFUSAL: &str =
    "online play needs the desktop app: the browser build cannot host or join a match yet";

/// Connects to a host as `name`.
#[cfg(not(target_arch = "wasm32"))]
pub fn connect(addr: &str, name: &str) -> Result<Online, String> {
    Ok(Online::connect(addr, name))
}

/// Says why the browser does not connect to a host.
#[cfg(target_arch = "wasm32")]
pub fn connect(addr: &str, name: &str) -> Result<Online, String> {
    Err(format!("cannot reach {addr} as {name}: {BROWSER_REFUSAL}"))
}

#[cfg(target_arch = "wasm32")]
mod browser {
    use std::net::SocketAddr;
    use std::time::Duration;

    use redline_online::{ClientEvent, ClientSession, Hub};

    use super::BROWSER_REFUSAL;

    /// No value: what cannot happen in the browser.
    #[derive(Debug)]
    enum Never {}

    /// Whether the store's errors stop the host (as on the desktop).
    #[derive(Debug, Clone, Copy, PartialEq, Eq)]
    pub enum OnStoreError {
        /// Stop at once.
        Stop,
        /// Tell the players and go on.
        GoOn,
    }

    /// A host: never running in the browser ([`Server::start`] refuses).
    pub struct Server(Never);

    impl Server {
        /// Refuses: a page cannot listen for other players.
        pub fn start(_: Hub, bind: &str, _: usize, _: OnStoreError) -> Result<Server, String> {
            Err(format!("cannot listen on {bind}: {BROWSER_REFUSAL}"))
        }

        /// The address it listens on.
        pub fn addr(&self) -> SocketAddr {
            match self.0 {}
        }

        /// Runs `f` with the hub.
        pub fn call<R>(&self, _: impl FnOnce(&mut Hub) -> R) -> Option<R> {
            match self.0 {}
        }
    }

    /// A client connection: never open in the browser ([`super::connect`] refuses).
    #[derive(Debug)]
    pub struct Online {
        /// The session.
        pub session: ClientSession,
        never: Never,
    }

    impl Online {
        /// Connects again.
        pub fn reconnect(&mut self) {
            match self.never {}
        }

        /// Whether the connection is open.
        pub fn is_open(&self) -> bool {
            match self.never {}
        }

        /// The session's events.
        pub fn pump(&mut self, _: Duration) -> Result<Vec<ClientEvent>, String> {
            match self.never {}
        }
    }
}
