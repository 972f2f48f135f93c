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
//! Bevy-free, so the campaign and planner code can reuse it.

use std::fs::{self, File, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

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
#[derive(Debug)]
#[must_use = "a staged write changes nothing until it is committed"]
pub struct StagedWrite {
    target: PathBuf,
    temporary: PathBuf,
}

impl StagedWrite {
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
        // Only a regular file is kept as the previous copy (never read from a FIFO or a
        // device put in its place).
        if fs::symlink_metadata(&self.target).is_ok_and(|m| m.is_file()) {
            let previous = previous_path(&self.target);
            let staging = with_suffix(&previous, ".tmp");
            // Copy rather than rename, so the target is never missing: at every moment a
            // reader finds the old file or the new one in place.
            fs::copy(&self.target, &staging).map_err(io("copy", &self.target))?;
            at(CommitStep::PreviousCopied)?;
            sync_file(&staging).map_err(io("write", &staging))?;
            at(CommitStep::PreviousSynced)?;
            fs::rename(&staging, &previous).map_err(io("replace", &previous))?;
            at(CommitStep::PreviousInPlace)?;
        }
        fs::rename(&self.temporary, &self.target).map_err(io("replace", &self.target))?;
        at(CommitStep::Renamed)?;
        if let Some(dir) = self.target.parent() {
            sync_dir(dir);
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

fn sync_file(path: &Path) -> io::Result<()> {
    File::open(path)?.sync_all()
}

/// Makes the renames durable where the platform allows it (directories can't be opened
/// for syncing on every system; the rename is still atomic without it).
fn sync_dir(dir: &Path) {
    let dir = if dir.as_os_str().is_empty() {
        Path::new(".")
    } else {
        dir
    };
    if let Ok(handle) = File::open(dir) {
        let _ = handle.sync_all();
    }
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
) -> Result<StagedWrite, StoreError> {
    let text = to_text(kind, version, data).map_err(|e| StoreError::Encode {
        path: path.to_owned(),
        message: e.to_string(),
    })?;
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        fs::create_dir_all(dir).map_err(|source| StoreError::Io {
            action: "create the folder of",
            path: path.to_owned(),
            source,
        })?;
    }
    let temporary = temporary_path(path);
    let written = (|| {
        let mut file = OpenOptions::new()
            .write(true)
            .create(true)
            .truncate(true)
            .open(&temporary)?;
        file.write_all(text.as_bytes())?;
        file.sync_all()
    })();
    written.map_err(|source| StoreError::Io {
        action: "write",
        path: temporary.clone(),
        source,
    })?;
    Ok(StagedWrite {
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
    stage(path, kind, version, data)?.commit()
}

/// Reads a file written by [`write`]: the kind and version are checked before the data is
/// interpreted.
pub fn read<T: DeserializeOwned>(path: &Path, kind: &str, version: u32) -> Result<T, StoreError> {
    let text = read_text(path)?;
    from_text(path, &text, kind, version)
}

/// The text of a stored file, read through [`crate::input`] within [`limits::STORE_FILE`].
pub fn read_text(path: &Path) -> Result<String, StoreError> {
    input::read_text(path, limits::STORE_FILE).map_err(|e| match e {
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
    match read(path, kind, version) {
        Ok(data) => Ok((data, ReadFrom::Current)),
        Err(first) => match read(&previous_path(path), kind, version) {
            Ok(data) => Ok((data, ReadFrom::Previous)),
            Err(_) => Err(first),
        },
    }
}

/// Removes a file and its previous copy (a finished game's autosave). Missing files are
/// not an error.
pub fn remove(path: &Path) -> Result<(), StoreError> {
    for p in [path.to_owned(), previous_path(path)] {
        match fs::remove_file(&p) {
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

#[cfg(test)]
mod tests {
    use super::*;

    const KIND: &str = "redline-test";

    #[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
    struct Save {
        turn: u32,
        note: String,
    }

    fn save(turn: u32) -> Save {
        Save {
            turn,
            note: format!("turn {turn}"),
        }
    }

    fn folder(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("redline-store-{name}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn a_write_reads_back_and_keeps_the_previous_copy() {
        let dir = folder("roundtrip");
        let path = dir.join("game.ron");
        write(&path, KIND, 1, &save(1)).unwrap();
        assert!(!previous_path(&path).exists(), "nothing to keep yet");
        write(&path, KIND, 1, &save(2)).unwrap();
        assert_eq!(read::<Save>(&path, KIND, 1).unwrap(), save(2));
        assert_eq!(
            read::<Save>(&previous_path(&path), KIND, 1).unwrap(),
            save(1)
        );
        assert!(!temporary_path(&path).exists());
    }

    #[test]
    fn a_crash_between_the_temporary_write_and_the_rename_loses_nothing() {
        let dir = folder("crash");
        let path = dir.join("autosave.ron");
        write(&path, KIND, 1, &save(1)).unwrap();
        write(&path, KIND, 1, &save(2)).unwrap();
        // The process dies after the new text is on disk but before it is put in place.
        let staged = stage(&path, KIND, 1, &save(3)).unwrap();
        assert!(temporary_path(&path).exists());
        drop(staged);
        assert_eq!(read::<Save>(&path, KIND, 1).unwrap(), save(2));
        // Even a half-written temporary file is never read.
        fs::write(temporary_path(&path), "(kind: \"redline-te").unwrap();
        assert_eq!(read::<Save>(&path, KIND, 1).unwrap(), save(2));
        // The next write goes through as if nothing happened.
        write(&path, KIND, 1, &save(4)).unwrap();
        assert_eq!(read::<Save>(&path, KIND, 1).unwrap(), save(4));
        assert_eq!(
            read::<Save>(&previous_path(&path), KIND, 1).unwrap(),
            save(2)
        );
    }

    #[test]
    fn a_commit_stopped_after_any_of_its_steps_leaves_the_file_itself_whole() {
        use CommitStep::*;
        for stop in [
            PreviousCopied,
            PreviousSynced,
            PreviousInPlace,
            Renamed,
            FolderSynced,
        ] {
            let dir = folder(&format!("commit-{stop:?}"));
            let path = dir.join("game.ron");
            write(&path, KIND, 1, &save(1)).unwrap();
            write(&path, KIND, 1, &save(2)).unwrap();
            let staged = stage(&path, KIND, 1, &save(3)).unwrap();
            // The process dies right after `stop`: nothing after it happens.
            let crash = || StoreError::Encode {
                path: path.clone(),
                message: format!("stopped after {stop:?}"),
            };
            let stopped =
                staged.commit_with(|step| if step == stop { Err(crash()) } else { Ok(()) });
            assert!(stopped.is_err(), "{stop:?}");
            // The file itself loads, not only its previous copy: the old text before the
            // rename, the new one from the rename on.
            let renamed = matches!(stop, Renamed | FolderSynced);
            let now = read::<Save>(&path, KIND, 1).unwrap();
            assert_eq!(now, save(if renamed { 3 } else { 2 }), "{stop:?}");
            let kept = matches!(stop, PreviousInPlace | Renamed | FolderSynced);
            let previous = read::<Save>(&previous_path(&path), KIND, 1).unwrap();
            assert_eq!(previous, save(if kept { 2 } else { 1 }), "{stop:?}");
            assert_eq!(temporary_path(&path).exists(), !renamed, "{stop:?}");
            // The next write goes through over whatever was left.
            write(&path, KIND, 1, &save(4)).unwrap();
            assert_eq!(read::<Save>(&path, KIND, 1).unwrap(), save(4));
            assert_eq!(read::<Save>(&previous_path(&path), KIND, 1).unwrap(), now);
        }
    }

    #[test]
    fn a_file_over_the_limit_or_nested_too_deep_is_refused_and_left_alone() {
        let dir = folder("limits");
        let path = dir.join("big.ron");
        File::create(&path)
            .unwrap()
            .set_len(limits::STORE_FILE.max_bytes + 1)
            .unwrap();
        let err = read::<Save>(&path, KIND, 1).unwrap_err();
        assert!(matches!(err, StoreError::Refused { .. }), "{err}");
        assert!(err.to_string().contains("is read only up to"), "{err}");
        let deep = dir.join("deep.ron");
        let text = format!(
            "(kind: \"redline-test\", version: 1, data: {})",
            "[".repeat(limits::MAX_RON_DEPTH + 1)
        );
        fs::write(&deep, &text).unwrap();
        let err = read::<Save>(&deep, KIND, 1).unwrap_err();
        assert!(
            matches!(
                err,
                StoreError::Damaged {
                    line: 1,
                    column: 105,
                    ..
                }
            ),
            "{err}"
        );
        assert_eq!(
            fs::read_to_string(&deep).unwrap(),
            text,
            "nothing is touched"
        );
    }

    #[test]
    fn a_damaged_file_names_line_and_column_and_the_previous_copy_still_loads() {
        let dir = folder("damaged");
        let path = dir.join("game.ron");
        write(&path, KIND, 1, &save(1)).unwrap();
        write(&path, KIND, 1, &save(2)).unwrap();
        // Torn write from some other program: cut the file in half.
        let text = fs::read_to_string(&path).unwrap();
        fs::write(&path, &text[..text.len() / 2]).unwrap();
        let before = fs::read(&path).unwrap();
        let err = read::<Save>(&path, KIND, 1).unwrap_err();
        let message = err.to_string();
        assert!(
            matches!(err, StoreError::Damaged { line, .. } if line > 1),
            "{message}"
        );
        assert!(message.contains("game.ron:"), "{message}");
        assert_eq!(fs::read(&path).unwrap(), before, "nothing is touched");
        let (data, copy) = read_or_previous::<Save>(&path, KIND, 1).unwrap();
        assert_eq!((data, copy), (save(1), ReadFrom::Previous));
    }

    #[test]
    fn a_newer_file_is_refused_by_its_version() {
        let dir = folder("newer");
        let path = dir.join("game.ron");
        // A future format whose data this build can't parse at all.
        fs::write(
            &path,
            "(kind: \"redline-test\", version: 7, data: Future(shape: [1, 2, 3]))",
        )
        .unwrap();
        let err = read::<Save>(&path, KIND, 1).unwrap_err();
        assert!(
            matches!(
                err,
                StoreError::Newer {
                    found: 7,
                    supported: 1,
                    ..
                }
            ),
            "{err}"
        );
        assert!(err.to_string().contains("newer version"), "{err}");
    }

    #[test]
    fn a_file_of_another_kind_is_refused() {
        let dir = folder("kind");
        let path = dir.join("rosters.ron");
        write(&path, "redline-rosters", 1, &vec!["a".to_string()]).unwrap();
        let err = read::<Save>(&path, KIND, 1).unwrap_err();
        assert!(matches!(err, StoreError::WrongKind { .. }), "{err}");
        let missing = read::<Save>(&dir.join("nothing.ron"), KIND, 1).unwrap_err();
        assert!(missing.is_missing());
    }

    #[test]
    fn remove_takes_the_file_and_its_previous_copy() {
        let dir = folder("remove");
        let path = dir.join("autosave.ron");
        write(&path, KIND, 1, &save(1)).unwrap();
        write(&path, KIND, 1, &save(2)).unwrap();
        remove(&path).unwrap();
        assert!(!path.exists() && !previous_path(&path).exists());
        remove(&path).unwrap();
    }
}
