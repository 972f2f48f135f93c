//! Every limit of online play in one place: message sizes, text lengths, the rate limit per
//! connection, how long catch-up messages get. `docs/online.md` lists them for players.

use std::time::Duration;

/// The largest message a client may send, in bytes of its JSON text: a team, a command or a
/// chat line is far below it. A bigger one is refused unread (the match goes on).
pub const CLIENT_MESSAGE_BYTES: usize = 32 * 1024;

/// The largest WebSocket message the server reads at all; past it the connection is closed
/// without reading the rest (a message between [`CLIENT_MESSAGE_BYTES`] and this is refused
/// with a reason instead).
pub const CLIENT_FRAME_BYTES: usize = 1024 * 1024;

/// The largest message a client accepts from its host: a match's setup (the table and every
/// model's profile) or a chunk of catch-up.
pub const SERVER_MESSAGE_BYTES: usize = 8 * 1024 * 1024;

/// Steps per catch-up message, so that a long match's log arrives in chunks well under
/// [`SERVER_MESSAGE_BYTES`].
pub const CATCH_UP_STEPS: usize = 200;

/// Characters in a chat line.
pub const CHAT_CHARS: usize = 300;

/// Characters in a player's name.
pub const NAME_CHARS: usize = 32;

/// Characters in a client's self-description in its hello.
pub const CLIENT_NAME_CHARS: usize = 64;

/// Seats in one match (the engine's scenarios seat two to four players).
pub const SEATS: usize = 4;

/// Messages a connection may send per second on average.
pub const RATE_PER_SECOND: f64 = 20.0;

/// Messages a connection may send at once before the rate limit bites.
pub const RATE_BURST: f64 = 40.0;

/// Refused messages after which a connection is closed (a client flooding or sending
/// garbage without pause).
pub const REFUSALS_BEFORE_CLOSE: u32 = 200;

/// Matches one dedicated server holds at once (new ones are refused past it).
pub const MATCHES: usize = 20_000;

/// Commands in one match's log: the longest replay file Redline reads
/// ([`redline_content::limits::MAX_REPLAY_STEPS`]), so every match exports as a replay. A
/// match reaching it is over without an outcome (a seat placing one model again and again
/// in its deployment could otherwise grow the log without end).
pub const MATCH_STEPS: usize = redline_content::limits::MAX_REPLAY_STEPS;

/// Characters of a join code as typed (a code is 8 letters and a dash; spaces are allowed).
pub const CODE_CHARS: usize = 32;

/// The limits a [`crate::host::Hub`] holds its matches to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HubLimits {
    /// Matches not yet over held at once ([`MATCHES`]).
    pub matches: usize,
    /// Commands in one match ([`MATCH_STEPS`]).
    pub steps: usize,
}

impl Default for HubLimits {
    fn default() -> HubLimits {
        HubLimits {
            matches: MATCHES,
            steps: MATCH_STEPS,
        }
    }
}

/// How long a new connection has to say hello before it is closed.
pub const HELLO_TIMEOUT: Duration = Duration::from_secs(10);

/// A token bucket: [`RATE_BURST`] messages at once, refilled at [`RATE_PER_SECOND`].
#[derive(Debug, Clone)]
pub struct RateLimit {
    tokens: f64,
    last: std::time::Instant,
    rate: f64,
    burst: f64,
}

impl RateLimit {
    /// A full bucket at the project's rates.
    pub fn new(now: std::time::Instant) -> RateLimit {
        RateLimit::with(now, RATE_PER_SECOND, RATE_BURST)
    }

    /// A full bucket with other rates (tests).
    pub fn with(now: std::time::Instant, rate: f64, burst: f64) -> RateLimit {
        RateLimit {
            tokens: burst,
            last: now,
            rate,
            burst,
        }
    }

    /// Takes one message's token; `false` when the connection is over its rate.
    pub fn allow(&mut self, now: std::time::Instant) -> bool {
        let elapsed = now.saturating_duration_since(self.last).as_secs_f64();
        self.last = now;
        self.tokens = (self.tokens + elapsed * self.rate).min(self.burst);
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            true
        } else {
            false
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Instant;

    #[test]
    fn a_burst_passes_then_the_rate_holds() {
        let t = Instant::now();
        let mut r = RateLimit::with(t, 10.0, 5.0);
        assert!((0..5).all(|_| r.allow(t)));
        assert!(!r.allow(t));
        assert!(r.allow(t + Duration::from_millis(100)));
        assert!(!r.allow(t + Duration::from_millis(100)));
    }
}
