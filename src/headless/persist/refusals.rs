//! Files the app refused to use, shown to the player: which file, why (the store's own
//! sentence), that the file was left untouched, and whether its previous copy was used or
//! can be used instead. A damaged file is never repaired, rewritten or removed by loading.

use std::path::{Path, PathBuf};

use bevy::prelude::*;
use redline_content::store::{self, StoreError};
use serde::de::DeserializeOwned;

/// One file that was not used.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refusal {
    /// The file refused.
    pub path: PathBuf,
    /// Why, in the store's (or the save check's) words.
    pub reason: String,
    /// The previous copy that loads in its place, if there is one.
    pub previous: Option<PathBuf>,
}

impl Refusal {
    /// A refusal of `path` for `reason`, with the previous copy that loads, if any.
    pub fn new(path: &Path, reason: impl ToString, previous: Option<PathBuf>) -> Refusal {
        Refusal {
            path: path.to_owned(),
            reason: reason.to_string(),
            previous,
        }
    }

    /// What the player reads: the file, the reason, that it was kept, and the fallback.
    pub fn sentence(&self) -> String {
        let fallback = match &self.previous {
            Some(p) => format!(" Its previous copy {} loads in its place.", p.display()),
            None => " There is no usable previous copy.".to_owned(),
        };
        format!(
            "Not used: {}. Reason: {} The file was kept untouched.{fallback}",
            self.path.display(),
            end_sentence(&self.reason)
        )
    }
}

fn end_sentence(reason: &str) -> String {
    let reason = reason.trim_end();
    if reason.ends_with('.') {
        reason.to_owned()
    } else {
        format!("{reason}.")
    }
}

/// Every file refused since the app started (or since the player dismissed them), newest
/// last; the main menu and the screens that load files list them.
#[derive(Resource, Debug, Clone, Default, PartialEq, Eq)]
pub struct Refusals(pub Vec<Refusal>);

impl Refusals {
    /// Records a refusal, replacing an older one of the same file.
    pub fn push(&mut self, refusal: Refusal) {
        self.0.retain(|r| r.path != refusal.path);
        self.0.push(refusal);
    }

    /// The refusal of this file, if it was refused.
    pub fn of(&self, path: &Path) -> Option<&Refusal> {
        self.0.iter().find(|r| r.path == path)
    }
}

/// Reads a stored file; when the file itself is refused (damaged, of another kind, newer,
/// too large), the refusal is recorded and its previous copy is read instead if it loads.
/// `None` when neither is usable or the file is simply missing (first start).
pub fn read_recording<T: DeserializeOwned>(
    path: &Path,
    kind: &str,
    version: u32,
    refusals: &mut Refusals,
) -> Option<T> {
    let first = match store::read::<T>(path, kind, version) {
        Ok(data) => return Some(data),
        Err(e) => e,
    };
    let previous = store::previous_path(path);
    let fallback = store::read::<T>(&previous, kind, version);
    if first.is_missing() && fallback.as_ref().is_err_and(StoreError::is_missing) {
        return None;
    }
    if !first.is_missing() {
        let loads = fallback.is_ok().then_some(previous);
        refusals.push(Refusal::new(path, &first, loads));
    }
    fallback.ok()
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Refusals>();
}
