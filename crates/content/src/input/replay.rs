//! Replay files: read within [`limits::REPLAY_FILE`], their text bounded like every RON
//! input, then handed to the engine's reader ([`Replay::from_ron`]), which checks the
//! format version and the number of commands ([`limits::MAX_REPLAY_STEPS`]).

use std::path::Path;

use redline_rules::{Replay, ReplayError};

use super::{InputError, TextError, check_ron_text, parse_ron, read_text};
use crate::limits;

/// Why a replay file can't be played.
#[derive(Debug, thiserror::Error)]
pub enum ReplayFileError {
    /// The file was not read (missing, not a regular file, too large, not text).
    #[error(transparent)]
    Input(#[from] InputError),
    /// The text breaks a limit or is not a replay, at this line and column.
    #[error("{0}")]
    Text(TextError),
    /// The engine refused it: another format version, or too many commands.
    #[error(transparent)]
    Replay(ReplayError),
}

/// Reads and parses a replay file.
pub fn read_replay(path: &Path) -> Result<Replay, ReplayFileError> {
    let text = read_text(path, limits::REPLAY_FILE)?;
    replay_from_text(&text)
}

/// Parses a replay's text: the limits on RON text first, then the engine's reader; text
/// that isn't a replay is reported at its line and column.
pub fn replay_from_text(text: &str) -> Result<Replay, ReplayFileError> {
    // Strings, words and nesting are bounded before any parser allocates.
    check_ron_text(text).map_err(|refusal| {
        let (line, column) = crate::source::position_of(text, refusal.offset);
        ReplayFileError::Text(TextError {
            line,
            column,
            message: refusal.message,
        })
    })?;
    match Replay::from_ron(text) {
        Ok(replay) => Ok(replay),
        Err(ReplayError::Parse(message)) => {
            // The version and the whole shape: ask again for the position.
            Err(ReplayFileError::Text(
                parse_ron::<Replay>(text, ron::Options::default())
                    .err()
                    .unwrap_or(TextError {
                        line: 0,
                        column: 0,
                        message: limits::excerpt(&message).into_owned(),
                    }),
            ))
        }
        Err(other) => Err(ReplayFileError::Replay(other)),
    }
}
