//! Files kept as entries of a key-value store (the browser's `localStorage`): a file's key is
//! its path's text under [`KEY_PREFIX`], a folder is the keys under its path.

use std::io;
use std::path::{Path, PathBuf};

use super::Backend;
use crate::input::InputError;
use crate::limits::FileLimit;

/// What every key of Redline's entries starts with, so they never meet another page's keys
/// on the same site.
pub const KEY_PREFIX: &str = "redline:";

/// A store of text values by text key, written one whole value at a time (each `set` either
/// happens entirely or not at all, as `localStorage.setItem` does).
pub trait KeyValue {
    /// The value under `key`, if there is one.
    fn get(&self, key: &str) -> io::Result<Option<String>>;
    /// Puts `value` under `key`. When there is no room the error is of kind `StorageFull`
    /// and the value that was there is unchanged.
    fn set(&self, key: &str, value: &str) -> io::Result<()>;
    /// Removes `key`; a key that isn't there is not an error.
    fn remove(&self, key: &str) -> io::Result<()>;
    /// Every key in the store.
    fn keys(&self) -> io::Result<Vec<String>>;
}

/// The [`Backend`] over a [`KeyValue`] store.
#[derive(Debug, Default)]
pub struct KeyValueFiles<S> {
    store: S,
}

impl<S> KeyValueFiles<S> {
    /// Files kept in `store`.
    pub const fn new(store: S) -> Self {
        Self { store }
    }

    /// The store underneath.
    pub fn store(&self) -> &S {
        &self.store
    }
}

/// The key of the file at `path`: the prefix, then the path's components joined by `/`.
pub fn key_of(path: &Path) -> String {
    let mut key = String::from(KEY_PREFIX);
    key.push_str(&path_text(path));
    key
}

fn path_text(path: &Path) -> String {
    path.components()
        .map(|c| c.as_os_str().to_string_lossy())
        .collect::<Vec<_>>()
        .join("/")
}

fn not_found(path: &Path) -> io::Error {
    io::Error::new(
        io::ErrorKind::NotFound,
        format!("{} is not in the browser's storage", path.display()),
    )
}

impl<S: KeyValue> KeyValueFiles<S> {
    fn value(&self, path: &Path) -> io::Result<String> {
        self.store
            .get(&key_of(path))?
            .ok_or_else(|| not_found(path))
    }
}

impl<S: KeyValue> Backend for KeyValueFiles<S> {
    fn read_text(&self, path: &Path, limit: FileLimit) -> Result<String, InputError> {
        let text = match self.store.get(&key_of(path)) {
            Ok(Some(text)) => text,
            // No storage at all reads as a fresh profile: nothing saved yet.
            Ok(None) => return Err(missing(path)),
            Err(e) if e.kind() == io::ErrorKind::Unsupported => return Err(missing(path)),
            Err(source) => {
                return Err(InputError::Io {
                    path: path.to_owned(),
                    source,
                });
            }
        };
        let size = u64::try_from(text.len()).unwrap_or(u64::MAX);
        if size > limit.max_bytes {
            return Err(InputError::TooLarge {
                path: path.to_owned(),
                size,
                limit,
            });
        }
        Ok(text)
    }

    fn write(&self, path: &Path, text: &str) -> io::Result<()> {
        self.store.set(&key_of(path), text)
    }

    /// Each `set` is already whole in the store.
    fn sync(&self, path: &Path) -> io::Result<()> {
        self.value(path).map(|_| ())
    }

    fn copy(&self, from: &Path, to: &Path) -> io::Result<()> {
        let text = self.value(from)?;
        self.store.set(&key_of(to), &text)
    }

    /// The new value is set under `to` in one step, then `from` is removed: a reader finds
    /// the old `to` or the new one, never nothing.
    fn rename(&self, from: &Path, to: &Path) -> io::Result<()> {
        self.copy(from, to)?;
        self.store.remove(&key_of(from))
    }

    fn remove(&self, path: &Path) -> io::Result<()> {
        let key = key_of(path);
        if self.store.get(&key)?.is_none() {
            return Err(not_found(path));
        }
        self.store.remove(&key)
    }

    fn exists(&self, path: &Path) -> bool {
        self.is_regular_file(path)
    }

    fn is_regular_file(&self, path: &Path) -> bool {
        self.store.get(&key_of(path)).is_ok_and(|v| v.is_some())
    }

    fn list(&self, dir: &Path) -> Vec<PathBuf> {
        let mut under = key_of(dir);
        if under.len() > KEY_PREFIX.len() {
            under.push('/');
        }
        let keys = self.store.keys().unwrap_or_default();
        keys.iter()
            .filter_map(|key| key.strip_prefix(&under))
            .filter(|name| !name.is_empty() && !name.contains('/'))
            .map(|name| dir.join(name))
            .collect()
    }

    /// Folders are only the keys' shared beginnings: there is nothing to make.
    fn create_dir_all(&self, _dir: &Path) -> io::Result<()> {
        Ok(())
    }

    fn sync_dir(&self, _dir: &Path) {}
}

fn missing(path: &Path) -> InputError {
    InputError::Missing {
        path: path.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::backend::MemoryKeyValue;
    use crate::limits;

    fn files() -> KeyValueFiles<MemoryKeyValue> {
        KeyValueFiles::new(MemoryKeyValue::default())
    }

    #[test]
    fn a_path_becomes_its_key_under_the_prefix() {
        assert_eq!(
            key_of(Path::new("redline-data/saves/autosave.ron")),
            "redline:redline-data/saves/autosave.ron"
        );
    }

    #[test]
    fn a_folder_lists_the_keys_directly_under_it() {
        let files = files();
        let dir = Path::new("data/saves");
        files.write(&dir.join("a.ron"), "a").unwrap();
        files.write(&dir.join("b.ron"), "b").unwrap();
        files.write(&dir.join("deeper/c.ron"), "c").unwrap();
        files.write(Path::new("data/savesx.ron"), "x").unwrap();
        files.store().set("another-page", "y").unwrap();
        let mut listed = files.list(dir);
        listed.sort();
        assert_eq!(listed, vec![dir.join("a.ron"), dir.join("b.ron")]);
        assert!(files.list(Path::new("nowhere")).is_empty());
    }

    #[test]
    fn rename_moves_the_value_and_remove_reports_a_missing_key() {
        let files = files();
        let (from, to) = (Path::new("d/x.tmp"), Path::new("d/x"));
        files.write(from, "new").unwrap();
        files.write(to, "old").unwrap();
        files.rename(from, to).unwrap();
        assert!(!files.exists(from));
        assert_eq!(files.read_text(to, limits::STORE_FILE).unwrap(), "new");
        files.remove(to).unwrap();
        let err = files.remove(to).unwrap_err();
        assert_eq!(err.kind(), io::ErrorKind::NotFound);
        assert!(
            files
                .read_text(to, limits::STORE_FILE)
                .unwrap_err()
                .is_missing()
        );
    }
}
