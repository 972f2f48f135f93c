//! The script file being run: its path and text, for errors that point at `file:line:col`.

use std::path::Path;

use super::ScriptError;
use super::locate::{Position, Seg, locate};

/// A script's file name and text.
pub struct Doc<'a> {
    /// The file as given on the command line.
    pub path: &'a Path,
    /// Its text.
    pub text: &'a str,
}

impl Doc<'_> {
    /// Where the value at `path` starts.
    pub fn position(&self, path: &[Seg<'_>]) -> Position {
        locate(self.text, path)
    }

    /// An error about the value at `path`.
    pub fn error(&self, path: &[Seg<'_>], message: impl Into<String>) -> ScriptError {
        self.error_at(self.position(path), message)
    }

    /// An error at a known position.
    pub fn error_at(&self, position: Position, message: impl Into<String>) -> ScriptError {
        ScriptError {
            file: self.path.display().to_string(),
            position,
            message: message.into(),
        }
    }
}
