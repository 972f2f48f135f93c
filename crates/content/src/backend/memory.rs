//! A key-value store in memory: the browser's storage without a browser, for tests.

use std::collections::BTreeMap;
use std::io;
use std::sync::{Mutex, MutexGuard, PoisonError};

use super::{KeyValue, STORAGE_FULL};

/// Keys and values in memory, with an optional room in bytes (keys and values counted) past
/// which a `set` fails as a full `localStorage` does.
#[derive(Debug, Default)]
pub struct MemoryKeyValue {
    entries: Mutex<BTreeMap<String, String>>,
    room: Option<usize>,
}

impl MemoryKeyValue {
    /// An empty store holding at most `bytes` of keys and values.
    pub fn with_room(bytes: usize) -> Self {
        Self {
            entries: Mutex::default(),
            room: Some(bytes),
        }
    }

    fn entries(&self) -> MutexGuard<'_, BTreeMap<String, String>> {
        self.entries.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

impl KeyValue for MemoryKeyValue {
    fn get(&self, key: &str) -> io::Result<Option<String>> {
        Ok(self.entries().get(key).cloned())
    }

    fn set(&self, key: &str, value: &str) -> io::Result<()> {
        let mut entries = self.entries();
        if let Some(room) = self.room {
            let others: usize = entries
                .iter()
                .filter(|(k, _)| k.as_str() != key)
                .map(|(k, v)| k.len() + v.len())
                .sum();
            if others + key.len() + value.len() > room {
                return Err(io::Error::new(io::ErrorKind::StorageFull, STORAGE_FULL));
            }
        }
        entries.insert(key.to_owned(), value.to_owned());
        Ok(())
    }

    fn remove(&self, key: &str) -> io::Result<()> {
        self.entries().remove(key);
        Ok(())
    }

    fn keys(&self) -> io::Result<Vec<String>> {
        Ok(self.entries().keys().cloned().collect())
    }
}
