//! The one way files from outside are read: pack files, replays, saves, campaigns, layouts,
//! team files and the command line's inputs all come through [`read_text`].
//!
//! * Only regular files are read: a folder, a FIFO, a device or a socket is refused before
//!   it is opened, so `/dev/zero` can't fill memory and a FIFO can't block forever.
//! * The size is checked against the kind's [`FileLimit`] before a byte is read, and the
//!   read itself stops one byte past the limit, so a file growing meanwhile is refused too.
//! * [`check_ron_text`] bounds RON text before it is parsed: string and word lengths and
//!   bracket depth ([`crate::limits`]), each refusal at its byte offset.
//!
//! Errors name the file and the limit; they never quote the file's content.

use std::fs::{self, File};
use std::io::{self, Read};
use std::path::{Path, PathBuf};

use crate::limits::FileLimit;

mod replay;
mod ron_text;

pub use replay::{ReplayFileError, read_replay, replay_from_text};
pub use ron_text::{TextError, TextRefusal, check_ron_text, parse_ron};

/// Why a file was not read.
#[derive(Debug, thiserror::Error)]
pub enum InputError {
    /// There is no such file.
    #[error("{} does not exist", .path.display())]
    Missing {
        /// The file.
        path: PathBuf,
    },
    /// A folder, FIFO, device or socket where a file was expected.
    #[error("{} is {what}, not a regular file; only regular files are read", .path.display())]
    NotAFile {
        /// The path.
        path: PathBuf,
        /// What it is ("a folder", "a FIFO", ...).
        what: &'static str,
    },
    /// The file is larger than files of its kind may be.
    #[error(
        "{} is {size} bytes; {} is read only up to {max} bytes (docs/limits.md)",
        .path.display(), .limit.what, max = .limit.max_bytes
    )]
    TooLarge {
        /// The file.
        path: PathBuf,
        /// Its size, or the bytes read when it grew while being read.
        size: u64,
        /// The limit broken.
        limit: FileLimit,
    },
    /// The file is not UTF-8 text.
    #[error("{} is not text (it is not valid UTF-8)", .path.display())]
    NotText {
        /// The file.
        path: PathBuf,
    },
    /// The system refused the read.
    #[error("cannot read {}: {source}", .path.display())]
    Io {
        /// The file.
        path: PathBuf,
        /// The system's reason.
        source: io::Error,
    },
}

impl InputError {
    /// Whether the file simply isn't there.
    pub fn is_missing(&self) -> bool {
        matches!(self, InputError::Missing { .. })
    }
}

/// What a path that is not a regular file is, for messages.
fn kind_of(file_type: fs::FileType) -> &'static str {
    if file_type.is_dir() {
        return "a folder";
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if file_type.is_fifo() {
            return "a FIFO";
        }
        if file_type.is_char_device() || file_type.is_block_device() {
            return "a device";
        }
        if file_type.is_socket() {
            return "a socket";
        }
    }
    "not a regular file"
}

/// Checks that `meta` is a regular file within `limit`.
fn admit(path: &Path, meta: &fs::Metadata, limit: FileLimit) -> Result<(), InputError> {
    if !meta.is_file() {
        return Err(InputError::NotAFile {
            path: path.to_owned(),
            what: kind_of(meta.file_type()),
        });
    }
    if meta.len() > limit.max_bytes {
        return Err(InputError::TooLarge {
            path: path.to_owned(),
            size: meta.len(),
            limit,
        });
    }
    Ok(())
}

/// Reads a regular file of at most `limit.max_bytes` bytes as UTF-8 text (symbolic links are
/// followed to what they name, which must be a regular file).
pub fn read_text(path: &Path, limit: FileLimit) -> Result<String, InputError> {
    let io_error = |source: io::Error| {
        // In the browser there is no file system: every file is simply not there
        // (docs/web.md), which is what a fresh profile reads as.
        let none_here = cfg!(target_arch = "wasm32") && source.kind() == io::ErrorKind::Unsupported;
        if source.kind() == io::ErrorKind::NotFound || none_here {
            InputError::Missing {
                path: path.to_owned(),
            }
        } else {
            InputError::Io {
                path: path.to_owned(),
                source,
            }
        }
    };
    // Looked at before opening: opening a FIFO would block until a writer comes.
    admit(path, &fs::metadata(path).map_err(io_error)?, limit)?;
    let file = File::open(path).map_err(io_error)?;
    // And again on what was opened, in case the path was swapped in between.
    admit(path, &file.metadata().map_err(io_error)?, limit)?;
    let mut bytes = Vec::new();
    file.take(limit.max_bytes.saturating_add(1))
        .read_to_end(&mut bytes)
        .map_err(io_error)?;
    let read = u64::try_from(bytes.len()).unwrap_or(u64::MAX);
    if read > limit.max_bytes {
        return Err(InputError::TooLarge {
            path: path.to_owned(),
            size: read,
            limit,
        });
    }
    String::from_utf8(bytes).map_err(|_| InputError::NotText {
        path: path.to_owned(),
    })
}

#[cfg(test)]
mod tests {
    use std::io::Write as _;

    use super::*;
    use crate::limits;

    fn folder(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("redline-input-{name}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn a_regular_file_within_its_limit_is_read() {
        let path = folder("plain").join("a.ron");
        fs::write(&path, "(a: 1)").unwrap();
        assert_eq!(read_text(&path, limits::SMALL_FILE).unwrap(), "(a: 1)");
        let missing = read_text(&path.with_extension("x"), limits::SMALL_FILE).unwrap_err();
        assert!(missing.is_missing(), "{missing}");
    }

    #[test]
    fn a_file_over_its_limit_is_refused_by_its_size_before_reading() {
        let path = folder("large").join("big.ron");
        // A sparse file: its size says 33 MiB, none of it is read.
        File::create(&path)
            .unwrap()
            .set_len(limits::STORE_FILE.max_bytes + 1)
            .unwrap();
        let err = read_text(&path, limits::STORE_FILE).unwrap_err();
        assert!(
            matches!(err, InputError::TooLarge { size, .. } if size == limits::STORE_FILE.max_bytes + 1),
            "{err}"
        );
        assert!(err.to_string().contains("docs/limits.md"), "{err}");
    }

    #[test]
    fn a_folder_and_a_device_are_refused_without_reading() {
        let dir = folder("kinds");
        let err = read_text(&dir, limits::SMALL_FILE).unwrap_err();
        assert!(
            matches!(
                err,
                InputError::NotAFile {
                    what: "a folder",
                    ..
                }
            ),
            "{err}"
        );
        #[cfg(unix)]
        {
            // `replay /dev/zero` used to read until memory ran out.
            let err = read_text(Path::new("/dev/zero"), limits::REPLAY_FILE).unwrap_err();
            assert!(
                matches!(
                    err,
                    InputError::NotAFile {
                        what: "a device",
                        ..
                    }
                ),
                "{err}"
            );
        }
    }

    #[cfg(unix)]
    #[test]
    fn a_fifo_is_refused_without_blocking() {
        let path = folder("fifo").join("pipe.ron");
        let made = std::process::Command::new("mkfifo").arg(&path).status();
        if !made.is_ok_and(|s| s.success()) {
            eprintln!("mkfifo is not available; skipped");
            return;
        }
        // Opening a FIFO for reading would block until a writer comes: it is never opened.
        let err = read_text(&path, limits::REPLAY_FILE).unwrap_err();
        assert!(
            matches!(err, InputError::NotAFile { what: "a FIFO", .. }),
            "{err}"
        );
    }

    #[test]
    fn a_binary_file_is_not_text_and_its_bytes_are_not_quoted() {
        let path = folder("binary").join("b.ron");
        let mut file = File::create(&path).unwrap();
        file.write_all(&[0xff, 0xfe, b's', b'e', b'c', b'r', b'e', b't'])
            .unwrap();
        let err = read_text(&path, limits::SMALL_FILE).unwrap_err();
        assert!(matches!(err, InputError::NotText { .. }), "{err}");
        assert!(!err.to_string().contains("secret"), "{err}");
    }
}
