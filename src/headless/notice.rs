//! The one-line message the screens show about what the app last did.

use bevy::prelude::*;

/// A message for the player about something the app did (saved, loaded, refused).
#[derive(Resource, Debug, Clone, Default, PartialEq, Eq)]
pub struct Notice {
    /// The sentence; empty when there is nothing to say.
    pub text: String,
    /// Whether it reports a failure.
    pub error: bool,
}

impl Notice {
    /// Reports a success.
    pub fn info(&mut self, text: impl Into<String>) {
        self.text = text.into();
        self.error = false;
    }

    /// Reports a failure.
    pub fn error(&mut self, text: impl Into<String>) {
        self.text = text.into();
        self.error = true;
    }
}
