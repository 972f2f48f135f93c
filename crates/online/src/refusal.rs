//! Refusals: every message the host turns down gets one back, saying why; a refused message
//! changes nothing.

use serde::{Deserialize, Serialize};

use crate::protocol::MatchId;

/// A refused message and why, in words a player can read.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, thiserror::Error)]
#[error("{reason}")]
pub struct Refusal {
    /// Why.
    pub reason: Reason,
}

impl Refusal {
    /// A refusal for this reason.
    pub fn new(reason: Reason) -> Refusal {
        Refusal { reason }
    }
}

impl From<Reason> for Refusal {
    fn from(reason: Reason) -> Refusal {
        Refusal::new(reason)
    }
}

/// Why a message was refused.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, thiserror::Error)]
pub enum Reason {
    /// The other side speaks another protocol.
    #[error(
        "protocol version {found} is not this build's {expected}: the host and every player \
         need the same version of Redline (update the older one)"
    )]
    Version {
        /// This build's protocol.
        expected: u32,
        /// The protocol received.
        found: u32,
    },
    /// The text is not a message of this protocol.
    #[error("malformed message: {detail}")]
    Malformed {
        /// What the decoder said.
        detail: String,
    },
    /// The message is longer than allowed.
    #[error("message of {bytes} bytes is over the limit of {limit}")]
    Oversized {
        /// Its length.
        bytes: usize,
        /// The limit.
        limit: usize,
    },
    /// Too many messages too fast.
    #[error("too many messages: slow down")]
    RateLimited,
    /// A connection must say hello before anything else, once.
    #[error("say hello first (and only once)")]
    HelloFirst,
    /// No match has this join code.
    #[error("no match has the join code {code:?}")]
    UnknownCode {
        /// The code given.
        code: String,
    },
    /// Spectators only watch.
    #[error("spectators watch the match: they cannot play or chat")]
    Spectator,
    /// The connection has not joined a match (or not this one).
    #[error("join a match first")]
    NotJoined,
    /// The seat is not one this connection holds.
    #[error("seat {seat} is not yours")]
    NotYourSeat {
        /// The seat.
        seat: u8,
    },
    /// The engine is not waiting for this seat (or not at this step).
    #[error("not your turn: the game waits for {waiting} at step {step}")]
    OutOfTurn {
        /// Who the game waits for, in words.
        waiting: String,
        /// The current step.
        step: u32,
    },
    /// The engine refused the command (the rule it broke).
    #[error("refused by rule {rule}: {message}")]
    Rule {
        /// The rule ID.
        rule: String,
        /// The engine's reason.
        message: String,
    },
    /// The team breaks the TEAM rules (every problem listed).
    #[error("the team breaks the team rules: {}", problems.join("; "))]
    Team {
        /// Each problem.
        problems: Vec<String>,
    },
    /// The lobby cannot be set up as asked.
    #[error("the lobby cannot be set up: {detail}")]
    Lobby {
        /// What is wrong.
        detail: String,
    },
    /// Only the match's owner may do that.
    #[error("only the match's owner may do that")]
    NotOwner,
    /// The match has not started yet (or has, for lobby changes).
    #[error("match {match_id} is {state}")]
    WrongPhase {
        /// The match.
        match_id: MatchId,
        /// Where it is: "in its lobby", "under way", "over".
        state: String,
    },
    /// A text is too long or empty.
    #[error("{what} must be 1 to {limit} characters")]
    Text {
        /// Which text.
        what: String,
        /// The limit.
        limit: usize,
    },
    /// The host could not save the match, so it did not play the command.
    #[error("the host could not save the match: {detail}")]
    Store {
        /// The store's error.
        detail: String,
    },
    /// The server holds as many matches as it may.
    #[error("the server is full")]
    Full,
}
