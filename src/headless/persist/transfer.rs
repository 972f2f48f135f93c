//! Saves carried out of and into the app as files of their own. Exporting writes the match's
//! save (the same versioned envelope as in the saves folder) as a file: in the browser it is
//! offered as a download, on the desktop written into the data folder's `exports`. Importing
//! takes such a file's text (from the browser's file picker, or a path on the desktop), checks
//! it as loading does (its kind and version, then the replay played back to the saved state)
//! and only then writes it into the saves folder under a name of its own, so it is listed
//! with the other saves: a damaged, foreign or newer file is refused with the reason and
//! nothing is written or replaced.

use std::path::{Path, PathBuf};

use bevy::prelude::*;
use redline_content::limits;
use redline_content::store::{self, StoreError};

use crate::headless::game::match_state::Match;
use crate::headless::notice::Notice;
use crate::headless::persist::data_dir::{DataDir, file_stem};
use crate::headless::persist::refusals::{Refusal, Refusals};
use crate::headless::persist::saves::{LoadError, SAVE_KIND, SAVE_VERSION, SaveFile, resume};
use crate::headless::schedule::PlaySystems;

/// Asks to carry a save out of or into the app.
#[derive(Message, Debug, Clone, PartialEq, Eq)]
pub enum TransferIntent {
    /// Export the match on the table as a save file (a download in the browser, a file in
    /// the data folder's `exports` on the desktop).
    Export,
    /// Import the save file at this path (the desktop).
    ImportPath(PathBuf),
    /// Import a save file's text, named as its file was (the browser's file picker hands
    /// what it read over this way, a frame or more after the choice).
    ImportText {
        /// The file's name.
        name: String,
        /// Its text.
        text: String,
    },
    /// Open the browser's file picker for a save to import (refused on the desktop, where
    /// the path is given).
    Pick,
}

pub(super) fn plugin(app: &mut App) {
    app.add_message::<TransferIntent>();
    app.add_systems(Update, apply_transfers.in_set(PlaySystems::Apply));
    #[cfg(target_arch = "wasm32")]
    app.add_systems(Update, picked_saves.in_set(PlaySystems::TakeOver));
}

/// The name an exported save is offered under: the scenario and the turn.
pub fn export_name(current: &Match) -> String {
    format!(
        "redline-{}-turn-{}.ron",
        file_stem(&current.meta.scenario_name).to_lowercase(),
        current.game().turns() + 1
    )
}

/// The text of the match's save file, as the saves folder holds it.
pub fn export_text(current: &Match) -> Result<String, StoreError> {
    store::to_text(SAVE_KIND, SAVE_VERSION, &SaveFile::of(current)).map_err(|e| {
        StoreError::Encode {
            path: PathBuf::from(export_name(current)),
            message: e.to_string(),
        }
    })
}

/// Checks a save file's `text` (the file `name`, for the errors) as loading does: within
/// the stored files' size limit, its envelope's kind and version, then its replay played
/// back to the saved state. Nothing is written.
pub fn check_import(name: &str, text: &str) -> Result<SaveFile, LoadError> {
    let path = Path::new(name);
    if text.len() as u64 > limits::STORE_FILE.max_bytes {
        return Err(LoadError::Store(StoreError::Refused {
            path: path.to_owned(),
            reason: format!(
                "it is {} bytes, more than a save may be ({} bytes)",
                text.len(),
                limits::STORE_FILE.max_bytes
            ),
        }));
    }
    let save: SaveFile = store::from_text(path, text, SAVE_KIND, SAVE_VERSION)?;
    resume(path, save.clone())?;
    Ok(save)
}

/// Imports a save file: checked by [`check_import`], then written into the saves folder
/// under its file's name, or that name with a number when a save of that name is already
/// there (nothing is replaced). Returns where it was written.
pub fn import_save(dir: &DataDir, name: &str, text: &str) -> Result<PathBuf, LoadError> {
    let save = check_import(name, text)?;
    let stem = file_stem(name.strip_suffix(".ron").unwrap_or(name));
    let path = (1..)
        .map(|n| match n {
            1 => dir.save_named(&stem),
            n => dir.save_named(&format!("{stem}-{n}")),
        })
        .find(|p| !store::exists(p) && !store::exists(&store::previous_path(p)))
        .unwrap_or_else(|| dir.save_named(&stem));
    store::write(&path, SAVE_KIND, SAVE_VERSION, &save)?;
    Ok(path)
}

/// Writes the match's save into the data folder's `exports`, named by [`export_name`] (the
/// desktop's export); returns where.
pub fn export_to_folder(dir: &DataDir, current: &Match) -> Result<PathBuf, StoreError> {
    let path = dir.exports().join(export_name(current));
    store::write(&path, SAVE_KIND, SAVE_VERSION, &SaveFile::of(current))?;
    Ok(path)
}

fn apply_transfers(
    mut intents: MessageReader<TransferIntent>,
    current: Option<Res<Match>>,
    dir: Res<DataDir>,
    mut notice: ResMut<Notice>,
    mut refusals: ResMut<Refusals>,
) {
    for intent in intents.read() {
        match intent {
            TransferIntent::Export => match current.as_deref() {
                Some(m) => export(&dir, m, &mut notice),
                None => notice.error("There is no game on the table to export."),
            },
            TransferIntent::ImportPath(path) => {
                let name = path.file_name().map_or_else(
                    || path.display().to_string(),
                    |n| n.to_string_lossy().into_owned(),
                );
                let text = store::read_text(path).map_err(LoadError::Store);
                let imported = text.and_then(|t| import_save(&dir, &name, &t));
                said(imported, path, &mut notice, &mut refusals);
            }
            TransferIntent::ImportText { name, text } => {
                let imported = import_save(&dir, name, text);
                said(imported, Path::new(name), &mut notice, &mut refusals);
            }
            TransferIntent::Pick => pick(&mut notice),
        }
    }
}

/// Tells the player how an import went; a refused file is recorded with its reason.
fn said(
    imported: Result<PathBuf, LoadError>,
    from: &Path,
    notice: &mut Notice,
    refusals: &mut Refusals,
) {
    match imported {
        Ok(path) => notice.info(format!(
            "Imported {} as the save {}: load it from the saved games.",
            from.display(),
            path.file_stem()
                .map_or_else(String::new, |s| s.to_string_lossy().into_owned())
        )),
        Err(e) => {
            let refusal = Refusal::new(from, e, None);
            notice.error(refusal.sentence());
            refusals.push(refusal);
        }
    }
}

#[cfg(not(target_arch = "wasm32"))]
fn export(dir: &DataDir, current: &Match, notice: &mut Notice) {
    match export_to_folder(dir, current) {
        Ok(path) => notice.info(format!("Exported to {}", path.display())),
        Err(e) => notice.error(e.to_string()),
    }
}

#[cfg(target_arch = "wasm32")]
fn export(_dir: &DataDir, current: &Match, notice: &mut Notice) {
    let name = export_name(current);
    let offered = export_text(current)
        .map_err(|e| e.to_string())
        .and_then(|text| super::download::offer(&name, text.as_bytes()));
    match offered {
        Ok(()) => notice.info(format!("Exported as the download {name}")),
        Err(e) => notice.error(format!("The export failed: {e}")),
    }
}

#[cfg(not(target_arch = "wasm32"))]
fn pick(notice: &mut Notice) {
    notice.error("On the desktop a save is imported from its path.");
}

#[cfg(target_arch = "wasm32")]
fn pick(notice: &mut Notice) {
    use crate::headless::web_files::{Purpose, open_picker};
    if let Err(e) = open_picker(Purpose::Save, ".ron", false) {
        notice.error(format!("The file picker did not open: {e}"));
    }
}

/// Hands the save files the browser's picker has read over to the import.
#[cfg(target_arch = "wasm32")]
fn picked_saves(mut imports: MessageWriter<TransferIntent>, mut notice: ResMut<Notice>) {
    use crate::headless::web_files::{Purpose, take_picked};
    for batch in take_picked(Purpose::Save) {
        for (name, read) in batch {
            match read {
                Ok(text) => {
                    imports.write(TransferIntent::ImportText { name, text });
                }
                Err(e) => notice.error(format!("{name} could not be read: {e}")),
            }
        }
    }
}
