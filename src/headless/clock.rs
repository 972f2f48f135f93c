//! The wall clock, on the desktop and in the browser (where std's `SystemTime` panics): the
//! seeds of new games and the time a save was made.

use std::time::Duration;
#[cfg(not(target_arch = "wasm32"))]
use std::time::{SystemTime, UNIX_EPOCH};

#[cfg(target_arch = "wasm32")]
use web_time::{SystemTime, UNIX_EPOCH};

/// The time since the Unix epoch; `None` when the clock is set before it.
pub fn since_epoch() -> Option<Duration> {
    SystemTime::now().duration_since(UNIX_EPOCH).ok()
}
