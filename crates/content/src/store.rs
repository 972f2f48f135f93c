//! Versioned RON files written atomically, keeping the previous copy (DESIGN.md §6).
//!
//! Saves, autosaves, team rosters, key bindings, layouts and campaigns all go through here:
//!
//! * [`write`] puts `data` in an [`Envelope`] (`kind`, `version`, `data`) and writes it in
//!   three steps: the text goes to `NAME.tmp` and is flushed to disk (fsync); the file in
//!   place becomes the previous copy `NAME.prev`; the temporary file is renamed over `NAME`
//!   and the folder is synced. A crash at any point leaves `NAME` or `NAME.prev` whole:
//!   readers never look at `NAME.tmp`.
//! * [`stage`] does the first step only and returns a [`StagedWrite`] to
//!   [`StagedWrite::commit`] later, so tests can stop a write half-way as a crash would.
//! * [`read`] reads through [`crate::input`] (regular files only, at most
//!   [`limits::STORE_FILE`] bytes, strings, words and nesting bounded) and checks the
//!   envelope's kind and version before it interprets the data: a file of another kind, a
//!   newer version or broken text is refused with a sentence naming the file (and line and
//!   column for broken text), and nothing on disk is touched.
//!   [`read_or_previous`] falls back to the previous copy when the file itself is unusable.
//!
//! Every operation goes through a [`Backend`]: the functions without a backend use the
//! build's own ([`backend::platform`]: files on the desktop, `localStorage` in the browser);
//! the `_in` forms take one, which is how the same behaviour is tested over both.
//!
//! Bevy-free, so the campaign and planner code can reuse it.

use std::io;
use std::path::{Path, PathBuf};

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

use crate::backend::{self, Backend};
use crate::input::{self, InputError};
use crate::limits;

/// What every stored file holds: its kind (`"redline-save"`, `"redline-rosters"`, ...), the
/// format version of that kind, then the data.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Envelope<T> {
    /// Which kind of file this is, so a roster is never read as a save.
    pub kind: String,
    /// Format version of `data` for this kind.
    pub version: u32,
    /// The content.
    pub data: T,
}

/// The envelope's head alone, read before the data so a newer file is reported by its
/// version, not by a parse error about a field this build doesn't know.
#[derive(Deserialize)]
struct Head {
    kind: String,
    version: u32,
}

/// Why a stored file can't be written or read.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// There is no such file.
    #[error("{} does not exist", .path.display())]
    Missing {
        /// The file.
        path: PathBuf,
    },
    /// Reading or writing failed at the operating-system level.
    #[error("cannot {action} {}: {source}", .path.display())]
    Io {
        /// What was being done: "read", "write", "replace".
        action: &'static str,
        /// The file.
        path: PathBuf,
        /// The system's reason.
        source: io::Error,
    },
    /// The text is not a valid file of this kind (truncated, edited by hand, corrupted).
    #[error("{}:{line}:{column}: the file is damaged: {message}", .path.display())]
    Damaged {
        /// The file.
        path: PathBuf,
        /// Line of the problem, from 1.
        line: usize,
        /// Column of the problem, from 1.
        column: usize,
        /// What the parser found.
        message: String,
    },
    /// The file holds something else (a roster where a save was expected).
    #[error("{} is a '{found}' file, not a '{expected}' file", .path.display())]
    WrongKind {
        /// The file.
        path: PathBuf,
        /// Kind expected.
        expected: String,
        /// Kind found.
        found: String,
    },
    /// The file was written by a newer build.
    #[error(
        "{} was written by a newer version of Redline (format {found}; this build reads \
         format {supported}); update the game to open it",
        .path.display()
    )]
    Newer {
        /// The file.
        path: PathBuf,
        /// Version in the file.
        found: u32,
        /// Version this build reads.
        supported: u32,
    },
    /// The file is of an older format this build no longer reads.
    #[error(
        "{} uses format {found}, which this build no longer reads (it reads format {supported})",
        .path.display()
    )]
    Older {
        /// The file.
        path: PathBuf,
        /// Version in the file.
        found: u32,
        /// Version this build reads.
        supported: u32,
    },
    /// The file was refused before it was parsed: not a regular file, too large, or not
    /// text (docs/limits.md).
    #[error("{reason}")]
    Refused {
        /// The file.
        path: PathBuf,
        /// Why, naming the file and the limit.
        reason: String,
    },
    /// The data could not be turned into text.
    #[error("cannot write {}: {message}", .path.display())]
    Encode {
        /// The file.
        path: PathBuf,
        /// Why.
        message: String,
    },
}

impl StoreError {
    /// Whether the file simply isn't there (first start, nothing saved yet).
    pub fn is_missing(&self) -> bool {
        matches!(self, StoreError::Missing { .. })
    }
}

/// Where the previous copy of `path` is kept: `NAME.prev` beside it.
pub fn previous_path(path: &Path) -> PathBuf {
    with_suffix(path, ".prev")
}

/// Where a write in progress goes: `NAME.tmp` beside it.
pub fn temporary_path(path: &Path) -> PathBuf {
    with_suffix(path, ".tmp")
}

fn with_suffix(path: &Path, suffix: &str) -> PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push(suffix);
    PathBuf::from(name)
}

/// A write whose text is safely on disk in the temporary file but not yet in place.
/// Dropping it without [`StagedWrite::commit`] is what a crash looks like: the file and its
/// previous copy are untouched.
#[must_use = "a staged write changes nothing until it is committed"]
pub struct StagedWrite<'b> {
    backend: &'b dyn Backend,
    target: PathBuf,
    temporary: PathBuf,
}

impl std::fmt::Debug for StagedWrite<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("StagedWrite")
            .field("target", &self.target)
            .field("temporary", &self.temporary)
            .finish_non_exhaustive()
    }
}

impl StagedWrite<'_> {
    /// The file this write will replace.
    pub fn target(&self) -> &Path {
        &self.target
    }

    /// Puts the new text in place: the current file becomes the previous copy, then the
    /// temporary file is renamed over it (atomic on one filesystem) and the folder synced.
    pub fn commit(self) -> Result<(), StoreError> {
        self.commit_with(|_| Ok(()))
    }

    /// [`StagedWrite::commit`], calling `at` after each of its steps; an error from `at` stops
    /// the commit right there, as a crash would (the store's own tests stop at each step).
    fn commit_with(
        self,
        mut at: impl FnMut(CommitStep) -> Result<(), StoreError>,
    ) -> Result<(), StoreError> {
        let io = |action, path: &Path| {
            let path = path.to_owned();
            move |source| StoreError::Io {
                action,
                path,
                source,
            }
        };
        let files = self.backend;
        // Only a regular file is kept as the previous copy (never read from a FIFO or a
        // device put in its place).
        if files.is_regular_file(&self.target) {
            let previous = previous_path(&self.target);
            let staging = with_suffix(&previous, ".tmp");
            // Copy rather than rename, so the target is never missing: at every moment a
            // reader finds the old file or the new one in place.
            files
                .copy(&self.target, &staging)
                .map_err(io("copy", &self.target))?;
            at(CommitStep::PreviousCopied)?;
            files.sync(&staging).map_err(io("write", &staging))?;
            at(CommitStep::PreviousSynced)?;
            files
                .rename(&staging, &previous)
                .map_err(io("replace", &previous))?;
            at(CommitStep::PreviousInPlace)?;
        }
        files
            .rename(&self.temporary, &self.target)
            .map_err(io("replace", &self.target))?;
        at(CommitStep::Renamed)?;
        if let Some(dir) = self.target.parent() {
            files.sync_dir(dir);
        }
        at(CommitStep::FolderSynced)
    }
}

/// The steps of [`StagedWrite::commit`], in order (the previous copy's three only when there
/// is a file to keep).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum CommitStep {
    /// The file in place is copied to `NAME.prev.tmp`.
    PreviousCopied,
    /// That copy is flushed to disk.
    PreviousSynced,
    /// It is renamed to `NAME.prev`.
    PreviousInPlace,
    /// `NAME.tmp` is renamed over `NAME`.
    Renamed,
    /// The folder is synced.
    FolderSynced,
}

/// The RON text of an envelope.
pub fn to_text<T: Serialize>(kind: &str, version: u32, data: &T) -> Result<String, ron::Error> {
    let envelope = Envelope {
        kind: kind.to_owned(),
        version,
        data,
    };
    ron::ser::to_string_pretty(&envelope, ron::ser::PrettyConfig::default())
}

/// Writes the temporary file and flushes it to disk; the file in place is not touched yet.
pub fn stage<T: Serialize>(
    path: &Path,
    kind: &str,
    version: u32,
    data: &T,
) -> Result<StagedWrite<'static>, StoreError> {
    stage_in(backend::platform(), path, kind, version, data)
}

/// [`stage`] through `files`.
pub fn stage_in<'b, T: Serialize>(
    files: &'b dyn Backend,
    path: &Path,
    kind: &str,
    version: u32,
    data: &T,
) -> Result<StagedWrite<'b>, StoreError> {
    let text = to_text(kind, version, data).map_err(|e| StoreError::Encode {
        path: path.to_owned(),
        message: e.to_string(),
    })?;
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        files.create_dir_all(dir).map_err(|source| StoreError::Io {
            action: "create the folder of",
            path: path.to_owned(),
            source,
        })?;
    }
    let temporary = temporary_path(path);
    files
        .write(&temporary, &text)
        .map_err(|source| StoreError::Io {
            action: "write",
            path: temporary.clone(),
            source,
        })?;
    Ok(StagedWrite {
        backend: files,
        target: path.to_owned(),
        temporary,
    })
}

/// Writes `data` to `path` atomically, keeping the file it replaces as the previous copy.
pub fn write<T: Serialize>(
    path: &Path,
    kind: &str,
    version: u32,
    data: &T,
) -> Result<(), StoreError> {
    write_in(backend::platform(), path, kind, version, data)
}

/// [`write`] through `files`.
pub fn write_in<T: Serialize>(
    files: &dyn Backend,
    path: &Path,
    kind: &str,
    version: u32,
    data: &T,
) -> Result<(), StoreError> {
    stage_in(files, path, kind, version, data)?.commit()
}

/// Reads a file written by [`write`]: the kind and version are checked before the data is
/// interpreted.
pub fn read<T: DeserializeOwned>(path: &Path, kind: &str, version: u32) -> Result<T, StoreError> {
    read_in(backend::platform(), path, kind, version)
}

/// [`read`] through `files`.
pub fn read_in<T: DeserializeOwned>(
    files: &dyn Backend,
    path: &Path,
    kind: &str,
    version: u32,
) -> Result<T, StoreError> {
    let text = read_text_in(files, path)?;
    from_text(path, &text, kind, version)
}

/// The text of a stored file, read through [`crate::input`] within [`limits::STORE_FILE`].
pub fn read_text(path: &Path) -> Result<String, StoreError> {
    read_text_in(backend::platform(), path)
}

/// [`read_text`] through `files`.
pub fn read_text_in(files: &dyn Backend, path: &Path) -> Result<String, StoreError> {
    files
        .read_text(path, limits::STORE_FILE)
        .map_err(|e| match e {
            InputError::Missing { path } => StoreError::Missing { path },
            InputError::Io { path, source } => StoreError::Io {
                action: "read",
                path,
                source,
            },
            other => StoreError::Refused {
                path: path.to_owned(),
                reason: other.to_string(),
            },
        })
}

/// A `Damaged` error naming `path` for text that can't be read.
pub fn damaged(path: &Path, e: input::TextError) -> StoreError {
    StoreError::Damaged {
        path: path.to_owned(),
        line: e.line,
        column: e.column,
        message: e.message,
    }
}

/// Reads an envelope from text already loaded; `path` names it in errors.
pub fn from_text<T: DeserializeOwned>(
    path: &Path,
    text: &str,
    kind: &str,
    version: u32,
) -> Result<T, StoreError> {
    let damaged = |e| damaged(path, e);
    let head: Head = input::parse_ron(text, ron::Options::default()).map_err(damaged)?;
    if head.kind != kind {
        return Err(StoreError::WrongKind {
            path: path.to_owned(),
            expected: kind.to_owned(),
            found: head.kind,
        });
    }
    if head.version > version {
        return Err(StoreError::Newer {
            path: path.to_owned(),
            found: head.version,
            supported: version,
        });
    }
    if head.version < version {
        return Err(StoreError::Older {
            path: path.to_owned(),
            found: head.version,
            supported: version,
        });
    }
    let envelope: Envelope<T> = input::parse_ron(text, ron::Options::default()).map_err(damaged)?;
    Ok(envelope.data)
}

/// Which copy [`read_or_previous`] read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ReadFrom {
    /// The file itself.
    Current,
    /// The previous copy, because the file was missing or unusable.
    Previous,
}

/// Reads the file, or its previous copy when the file is missing, damaged or refused; the
/// file's own error is returned if neither can be read. Nothing is repaired or deleted.
pub fn read_or_previous<T: DeserializeOwned>(
    path: &Path,
    kind: &str,
    version: u32,
) -> Result<(T, ReadFrom), StoreError> {
    read_or_previous_in(backend::platform(), path, kind, version)
}

/// [`read_or_previous`] through `files`.
pub fn read_or_previous_in<T: DeserializeOwned>(
    files: &dyn Backend,
    path: &Path,
    kind: &str,
    version: u32,
) -> Result<(T, ReadFrom), StoreError> {
    match read_in(files, path, kind, version) {
        Ok(data) => Ok((data, ReadFrom::Current)),
        Err(first) => match read_in(files, &previous_path(path), kind, version) {
            Ok(data) => Ok((data, ReadFrom::Previous)),
            Err(_) => Err(first),
        },
    }
}

/// Removes a file and its previous copy (a finished game's autosave). Missing files are
/// not an error.
pub fn remove(path: &Path) -> Result<(), StoreError> {
    remove_in(backend::platform(), path)
}

/// [`remove`] through `files`.
pub fn remove_in(files: &dyn Backend, path: &Path) -> Result<(), StoreError> {
    for p in [path.to_owned(), previous_path(path)] {
        match files.remove(&p) {
            Ok(()) => {}
            Err(e) if e.kind() == io::ErrorKind::NotFound => {}
            Err(source) => {
                return Err(StoreError::Io {
                    action: "remove",
                    path: p,
                    source,
                });
            }
        }
    }
    Ok(())
}

/// Whether a stored file is at `path` (only the file itself, not its previous copy).
pub fn exists(path: &Path) -> bool {
    backend::platform().exists(path)
}

/// The stored files directly in the folder `dir`, sorted by path; none when there is no
/// such folder.
pub fn list(dir: &Path) -> Vec<PathBuf> {
    let mut files = backend::platform().list(dir);
    files.sort();
    files
}

#[cfg(test)]
mod tests;
