//! The one message definition host and clients share: what a client sends
//! ([`ClientMsg`]), what the host sends ([`ServerMsg`]), and their encoding, a JSON text
//! `{"protocol": N, "body": ...}`. The protocol number is read before the body, so a client
//! or host of another version gets a clear [`Reason::Version`] instead of a parse error.

use redline_content::team::TeamSpec;
use redline_rules::{Command, Decision, Event, Outcome, Seat, Setup};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

use crate::lobby::{LobbySetup, LobbyState};
use crate::refusal::{Reason, Refusal};

/// The protocol this build speaks. Bump it when a message's meaning or shape changes, or
/// when the engine's commands, events or hashes change (`redline_rules::REPLAY_VERSION`).
pub const PROTOCOL_VERSION: u32 = 1;

/// A match on a host, numbered by the host.
pub type MatchId = u64;

/// What a client sends.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum ClientMsg {
    /// The first message on a connection: who is speaking (the protocol is in the frame).
    Hello {
        /// The client's name and version, for the host's log.
        client: String,
    },
    /// Opens a new match on a dedicated server; the answer is [`ServerMsg::Created`] and the
    /// sender holds its lobby's local seats and the owner's rights.
    Create {
        /// Scenario, table and seats.
        lobby: LobbySetup,
        /// The owner's name.
        name: String,
    },
    /// Takes the seat (or the owner's place, or a spectator's) a join code opens; also how a
    /// dropped client comes back.
    Join {
        /// The join code.
        code: String,
        /// The player's name shown to the others.
        name: String,
        /// The last step this client holds, to catch up from there.
        have: Option<Have>,
    },
    /// A seat's team, built on the client; the host checks it under the TEAM rules.
    Team {
        /// The seat it is for.
        seat: Seat,
        /// The team.
        team: TeamSpec,
    },
    /// A seat's answer to the engine's decision at `step`.
    Answer {
        /// The seat answering.
        seat: Seat,
        /// The step the decision was posed at (the number of commands played before it).
        step: u32,
        /// The answer.
        command: Command,
    },
    /// A chat line to everyone in the match.
    Chat {
        /// The text.
        text: String,
    },
    /// The owner hands a seat to a computer player (a player who dropped and does not come
    /// back, say); the seat's code no longer takes it.
    HandToComputer {
        /// The seat.
        seat: Seat,
        /// The bot level (`random`, `easy`, `normal`, `hard`).
        level: String,
    },
}

/// How far a client's replica got, so the host can send only what is missing.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Have {
    /// The match.
    pub match_id: MatchId,
    /// Commands the replica has played.
    pub step: u32,
    /// Its public hash then.
    pub public_hash: u64,
}

/// What a host sends.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub enum ServerMsg {
    /// The answer to a hello of the same protocol.
    Welcome {
        /// The host's name and version.
        server: String,
    },
    /// A match was opened: the codes to hand out.
    Created {
        /// The match.
        match_id: MatchId,
        /// Gives the owner's place back after a drop.
        owner_code: String,
        /// One code per seat a person plays from another machine.
        seat_codes: Vec<SeatCode>,
        /// Lets anyone watch without playing.
        spectator_code: String,
    },
    /// A join code was accepted.
    Joined {
        /// The match.
        match_id: MatchId,
        /// The seats this connection now holds (none for a spectator).
        seats: Vec<Seat>,
        /// Whether it holds the owner's rights.
        owner: bool,
    },
    /// The lobby as it is now (after every change).
    Lobby(LobbyState),
    /// The match began: what a replica starts from.
    Started(Box<MatchStart>),
    /// A command was played.
    Step(Box<StepMsg>),
    /// Commands a (re)joining client missed, in order; `more` when another chunk follows.
    CatchUp {
        /// The steps.
        steps: Vec<StepMsg>,
        /// Whether more steps follow in another message.
        more: bool,
    },
    /// The engine waits for this seat (sent only to the seat's holder).
    Prompt {
        /// The seat.
        seat: Seat,
        /// Commands played so far; the answer names it.
        step: u32,
        /// The decision to answer.
        decision: Decision,
    },
    /// A chat line.
    Chat {
        /// Who wrote it (a name, or `host`).
        from: String,
        /// The text.
        text: String,
    },
    /// The match is over; the seed is revealed so every client can check the whole game.
    Finished {
        /// How it ended.
        outcome: Option<Outcome>,
        /// The seed of the dice.
        seed: u64,
        /// Commands played.
        steps: u32,
        /// The full state hash at the end.
        state_hash: u64,
    },
    /// A message was refused and changed nothing.
    Refused(Refusal),
}

/// A seat and its join code.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatCode {
    /// The seat.
    pub seat: Seat,
    /// Its code.
    pub code: String,
}

/// What a replica starts from: the setup and the draws the host's game made as it began.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct MatchStart {
    /// The match.
    pub match_id: MatchId,
    /// The engine's setup.
    pub setup: Setup,
    /// Draws of the opening (a roll-off for first Control).
    pub opening: Vec<u32>,
    /// Events of the opening.
    pub events: Vec<Event>,
    /// The public hash of the game as started.
    pub public_hash: u64,
}

/// One command played, with what it drew and did.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct StepMsg {
    /// Commands played before this one.
    pub index: u32,
    /// The seat that answered.
    pub seat: Seat,
    /// The command.
    pub command: Command,
    /// The dice it drew, revealed after the roll.
    pub draws: Vec<u32>,
    /// The events it caused.
    pub events: Vec<Event>,
    /// The public hash after it.
    pub public_hash: u64,
}

/// The envelope of every message.
#[derive(Debug, Serialize, Deserialize)]
struct Frame<T> {
    protocol: u32,
    body: T,
}

/// Just the protocol number of a frame.
#[derive(Deserialize)]
struct Head {
    protocol: u32,
}

/// Encodes a message of this protocol.
pub fn encode<T: Serialize>(body: &T) -> String {
    let frame = Frame {
        protocol: PROTOCOL_VERSION,
        body,
    };
    // Our messages hold no maps with non-string keys, so this cannot fail.
    serde_json::to_string(&frame).expect("messages encode to JSON")
}

/// Decodes a message, checking its size and protocol first; the refusal says what is wrong.
pub fn decode<T: DeserializeOwned>(text: &str, limit: usize) -> Result<T, Refusal> {
    if text.len() > limit {
        return Err(Refusal::new(Reason::Oversized {
            bytes: text.len(),
            limit,
        }));
    }
    let head: Head = serde_json::from_str(text).map_err(|e| malformed(&e))?;
    if head.protocol != PROTOCOL_VERSION {
        return Err(Refusal::new(Reason::Version {
            expected: PROTOCOL_VERSION,
            found: head.protocol,
        }));
    }
    let frame: Frame<T> = serde_json::from_str(text).map_err(|e| malformed(&e))?;
    Ok(frame.body)
}

/// The decoder's complaint, cut short: it may quote the message (an unknown variant's name).
fn malformed(e: &serde_json::Error) -> Refusal {
    Refusal::new(Reason::Malformed {
        detail: redline_content::limits::excerpt(&e.to_string()).into_owned(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_message_round_trips_and_another_protocol_is_named() {
        let msg = ClientMsg::Chat { text: "gg".into() };
        let text = encode(&msg);
        assert_eq!(decode::<ClientMsg>(&text, 1000), Ok(msg));
        let old = text.replace(
            &format!("\"protocol\":{PROTOCOL_VERSION}"),
            "\"protocol\":0",
        );
        let refusal = decode::<ClientMsg>(&old, 1000).unwrap_err();
        assert_eq!(
            refusal.reason,
            Reason::Version {
                expected: PROTOCOL_VERSION,
                found: 0
            }
        );
        assert!(refusal.to_string().contains("update"), "{refusal}");
    }

    #[test]
    fn garbage_and_oversized_text_are_refused_with_a_reason() {
        let garbage = decode::<ClientMsg>("{not json", 1000).unwrap_err();
        assert!(matches!(garbage.reason, Reason::Malformed { .. }));
        let big = decode::<ClientMsg>(&"x".repeat(2000), 1000).unwrap_err();
        assert_eq!(
            big.reason,
            Reason::Oversized {
                bytes: 2000,
                limit: 1000
            }
        );
    }
}
