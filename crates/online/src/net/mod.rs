//! The native transport: WebSocket (tokio-tungstenite) for the host ([`Server`]) and the
//! client ([`NetClient`], [`Online`]). Messages are the text frames of [`crate::protocol`];
//! a browser build speaks the same frames through the browser's own WebSocket
//! (`docs/decisions/online-play.md`).

mod client;
mod server;

pub use client::{NetClient, NetEvent, Online};
pub use server::{OnStoreError, Server};
