//! The pack manifest, `pack.ron`: who the pack is and which files it holds.

use serde::{Deserialize, Serialize};

/// `pack.ron` at the root of a pack folder.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PackManifest {
    /// Short id, used in messages (`starter/characters/ashfall.ron:3:5`).
    pub id: String,
    /// Name shown to players.
    pub name: String,
    /// Version of the pack's content, for saves that name the packs they used.
    pub version: u32,
    /// One paragraph for the pack browser.
    #[serde(default)]
    pub description: String,
    /// Files of the pack, relative to the folder, in load order.
    pub files: Vec<String>,
}
