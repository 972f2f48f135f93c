//! The content the app plays with, and a user pack added while it runs: in the browser from
//! the files the player chooses in the file picker (a pack is a folder of RON files; a page
//! gets the chosen files' names and texts), on the desktop from a folder as `--pack` reads
//! it. The pack is loaded and validated with the starter pack by the same loader as `--pack`
//! (`redline_content::load_with_chosen_pack`); when it has errors it is refused, each problem
//! shown with its `pack/file.ron:line:col`, and the content in play stays as it was.

use std::path::PathBuf;

use bevy::prelude::*;
use redline_content::{Catalog, LoadError, Loaded};

use crate::headless::notice::Notice;
use crate::headless::schedule::PlaySystems;

/// The loaded content: the embedded starter pack plus any `--pack`.
#[derive(Resource, Debug, Clone)]
pub struct Content(pub Catalog);

impl Default for Content {
    fn default() -> Self {
        Content(redline_content::starter())
    }
}

/// Asks to add a user pack to the content.
#[derive(Message, Debug, Clone, PartialEq, Eq)]
pub enum PackIntent {
    /// Open the browser's file picker for a pack's files (refused on the desktop, where a
    /// pack is a folder).
    Pick,
    /// The pack made of these chosen files, each a name and its text, named `name` until
    /// its manifest names it (the picker hands them over this way, a frame or more after the
    /// choice).
    Chosen {
        /// What to call the pack in messages.
        name: String,
        /// The files: names and texts.
        files: Vec<(String, String)>,
    },
    /// The pack in this folder (the desktop).
    Folder(PathBuf),
}

/// What the last pack added said: its warnings when it loaded, or every problem that
/// refused it, each with its `pack/file.ron:line:col`.
#[derive(Resource, Debug, Clone, Default, PartialEq, Eq)]
pub struct PackReport {
    /// Whether the pack was refused.
    pub refused: bool,
    /// The problems, one line each.
    pub lines: Vec<String>,
}

pub(super) fn plugin(app: &mut App) {
    app.add_message::<PackIntent>();
    app.init_resource::<PackReport>();
    app.add_systems(Update, add_packs.in_set(PlaySystems::Apply));
    #[cfg(target_arch = "wasm32")]
    app.add_systems(Update, picked_packs.in_set(PlaySystems::TakeOver));
}

fn add_packs(
    mut intents: MessageReader<PackIntent>,
    mut content: ResMut<Content>,
    mut report: ResMut<PackReport>,
    mut notice: ResMut<Notice>,
) {
    for intent in intents.read() {
        let (name, loaded) = match intent {
            PackIntent::Pick => {
                pick(&mut notice);
                continue;
            }
            PackIntent::Chosen { name, files } => (
                name.clone(),
                redline_content::load_with_chosen_pack(name, files),
            ),
            PackIntent::Folder(dir) => (
                dir.display().to_string(),
                redline_content::load_with_user_pack(dir),
            ),
        };
        *report = added(&name, loaded, &mut content, &mut notice);
    }
}

/// Puts a loaded pack's catalog in play, or says why it was refused.
fn added(
    name: &str,
    loaded: Result<Loaded, LoadError>,
    content: &mut Content,
    notice: &mut Notice,
) -> PackReport {
    match loaded {
        Ok(loaded) => {
            let packs: Vec<&str> = loaded
                .catalog
                .packs
                .iter()
                .map(|p| p.name.as_str())
                .collect();
            notice.info(format!("Pack loaded: playing with {}.", packs.join(", ")));
            content.0 = loaded.catalog;
            PackReport {
                refused: false,
                lines: loaded.warnings.iter().map(ToString::to_string).collect(),
            }
        }
        Err(e) => {
            let lines: Vec<String> = e.problems.iter().map(ToString::to_string).collect();
            notice.error(format!(
                "The pack {name} was not loaded: {} error(s), the first: {}",
                e.errors().count(),
                e.errors()
                    .next()
                    .map_or_else(String::new, ToString::to_string)
            ));
            PackReport {
                refused: true,
                lines,
            }
        }
    }
}

#[cfg(not(target_arch = "wasm32"))]
fn pick(notice: &mut Notice) {
    notice.error("On the desktop a pack is a folder: start with --pack DIR.");
}

#[cfg(target_arch = "wasm32")]
fn pick(notice: &mut Notice) {
    use crate::headless::web_files::{Purpose, open_picker};
    if let Err(e) = open_picker(Purpose::Pack, ".ron", true) {
        notice.error(format!("The file picker did not open: {e}"));
    }
}

/// Hands the pack files the browser's picker has read over to the loader.
#[cfg(target_arch = "wasm32")]
fn picked_packs(mut packs: MessageWriter<PackIntent>, mut notice: ResMut<Notice>) {
    use crate::headless::web_files::{Purpose, take_picked};
    for batch in take_picked(Purpose::Pack) {
        let mut files = Vec::new();
        for (name, read) in batch {
            match read {
                Ok(text) => files.push((name, text)),
                Err(e) => notice.error(format!("{name} could not be read: {e}")),
            }
        }
        packs.write(PackIntent::Chosen {
            name: "chosen pack".to_owned(),
            files,
        });
    }
}
