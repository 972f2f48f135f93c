//! Hosting from the app: a `Hub` with a file per match in the data folder (so a crashed host
//! resumes its matches), served by the crate's `Server`, the match opened on it, and this
//! app's players joining it over localhost with the owner's code.

use std::net::UdpSocket;
use std::sync::Arc;
use std::time::Instant;

use bevy::prelude::*;
use redline_content::Catalog;
use redline_content::game_size::GameSize;
use redline_online::Hub;
use redline_online::lobby::LobbySetup;
use redline_online::protocol::{MatchId, SeatCode, ServerMsg};
use redline_online::record::FileStore;

use crate::headless::online::HostRequest;
use crate::headless::online::net::{self, OnStoreError, Online, Server};
use crate::headless::persist::data_dir::DataDir;

/// The match this app hosts, and the codes to hand out.
#[derive(Resource)]
pub struct Hosting {
    server: Server,
    /// The match.
    pub match_id: MatchId,
    /// The owner's code (this app's, to come back with).
    pub owner_code: String,
    /// A code per remote seat.
    pub seat_codes: Vec<SeatCode>,
    /// The spectators' code.
    pub spectator_code: String,
    /// The address to give the others: this machine's address and the port.
    pub address: String,
    /// Matches resumed from the data folder as the host started (served as well).
    pub resumed: usize,
}

impl Hosting {
    /// The port the host listens on.
    pub fn port(&self) -> u16 {
        self.server.addr().port()
    }
}

/// The folder of the hosted matches' files.
pub fn matches_dir(dir: &DataDir) -> std::path::PathBuf {
    dir.0.join("online")
}

/// Starts hosting: the hub (its stored matches resumed), the server on `request.bind`, the
/// match opened; and this app's connection, joining it with the owner's code.
pub fn start_hosting(
    catalog: &Catalog,
    dir: &DataDir,
    request: &HostRequest,
) -> Result<(Hosting, Online), String> {
    let store = FileStore::new(matches_dir(dir));
    let mut hub = Hub::new(Arc::new(catalog.clone()), Box::new(store), false);
    let resumed = hub
        .resume()
        .map_err(|e| format!("the hosted matches kept in the data folder do not load: {e}"))?;
    let server = Server::start(hub, &request.bind, 1, OnStoreError::GoOn)
        .map_err(|e| format!("cannot host on {}: {e}", request.bind))?;
    let lobby = LobbySetup {
        scenario: request.scenario.clone(),
        layout: request.layout.clone(),
        seats: request.seats.clone(),
        turn_limit: request.turn_limit,
        size: request.size.map(GameSize::eb),
        modules: request.modules.clone(),
    };
    let created = server
        .call(move |hub| hub.create(lobby, Instant::now()))
        .ok_or("the host stopped")?
        .map_err(|reason| reason.to_string())?;
    let ServerMsg::Created {
        match_id,
        owner_code,
        seat_codes,
        spectator_code,
    } = created
    else {
        return Err("the host did not open the match".into());
    };
    let port = server.addr().port();
    let mut online = net::connect(&format!("127.0.0.1:{port}"), &request.name)?;
    online.session.join(&owner_code);
    let hosting = Hosting {
        server,
        match_id,
        owner_code,
        seat_codes,
        spectator_code,
        address: format!("{}:{port}", this_machines_address()),
        resumed,
    };
    Ok((hosting, online))
}

/// This machine's address on its network: the one the system would send from (a UDP
/// socket "connected" to a public address sends nothing); `localhost` when there is none.
fn this_machines_address() -> String {
    UdpSocket::bind("0.0.0.0:0")
        .and_then(|s| s.connect("192.0.2.1:9").map(|()| s))
        .and_then(|s| s.local_addr())
        .map_or_else(|_| "localhost".into(), |a| a.ip().to_string())
}
