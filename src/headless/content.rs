//! The content the app plays with.

use bevy::prelude::*;
use redline_content::Catalog;

/// The loaded content: the embedded starter pack plus any `--pack`.
#[derive(Resource, Debug, Clone)]
pub struct Content(pub Catalog);

impl Default for Content {
    fn default() -> Self {
        Content(redline_content::starter())
    }
}
