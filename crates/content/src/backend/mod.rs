//! The one seam between the stored kinds (saves, rosters, layouts, campaigns, key bindings,
//! settings) and where their text is kept.
//!
//! [`Backend`] is every file operation [`crate::store`] and the app's lists of saved things
//! need: read text within a [`FileLimit`], write, copy, rename, remove, ask whether a file
//! is there, list a folder, make a folder. Two implementations:
//!
//! * [`Files`]: the operating system's file system (`std::fs`), on the desktop;
//! * [`KeyValueFiles`]: a key-value store where a file's key is its path's text under a fixed
//!   prefix ([`KEY_PREFIX`]) and a folder's listing is the keys under it. In the browser it is
//!   backed by `window.localStorage` (`LocalStorage`, built for `wasm32` only); everywhere,
//!   [`MemoryKeyValue`] holds the same keys in memory, so the store's behaviour is tested
//!   over the key-value logic natively.
//!
//! [`platform`] is the backend of the build: [`Files`] on the desktop, `localStorage` in the
//! browser.

use std::io;
use std::path::{Path, PathBuf};

use crate::input::InputError;
use crate::limits::FileLimit;

mod files;
mod key_value;
#[cfg(target_arch = "wasm32")]
mod local_storage;
mod memory;

pub use files::Files;
pub use key_value::{KEY_PREFIX, KeyValue, KeyValueFiles};
#[cfg(target_arch = "wasm32")]
pub use local_storage::LocalStorage;
pub use memory::MemoryKeyValue;

/// What the browser says when its storage for the site is full, as the reason of a write
/// error (docs/web.md).
pub const STORAGE_FULL: &str = "the browser's storage for this site is full (it keeps about \
     5 MB per site); delete saves or layouts you no longer need, or export them to files";

/// Every file operation the stored kinds use. Paths are the same on every backend; what a
/// backend does with them is its own affair.
pub trait Backend {
    /// Reads a whole file as UTF-8 text, refused past `limit` (as [`crate::input::read_text`]).
    fn read_text(&self, path: &Path, limit: FileLimit) -> Result<String, InputError>;
    /// Creates or replaces the file with `text`, flushed to the storage before it returns.
    fn write(&self, path: &Path, text: &str) -> io::Result<()>;
    /// Flushes what was written to `path` to the storage.
    fn sync(&self, path: &Path) -> io::Result<()>;
    /// Copies the file `from` to `to`, replacing `to`.
    fn copy(&self, from: &Path, to: &Path) -> io::Result<()>;
    /// Moves the file `from` over `to` in one step: a reader finds the old `to` or the new.
    fn rename(&self, from: &Path, to: &Path) -> io::Result<()>;
    /// Removes the file; one that isn't there is an error of kind `NotFound`.
    fn remove(&self, path: &Path) -> io::Result<()>;
    /// Whether something is at `path` (symbolic links followed).
    fn exists(&self, path: &Path) -> bool;
    /// Whether `path` itself is a regular file (a symbolic link is not).
    fn is_regular_file(&self, path: &Path) -> bool;
    /// The files directly in the folder `dir`, in no particular order; none when the folder
    /// isn't there or can't be read.
    fn list(&self, dir: &Path) -> Vec<PathBuf>;
    /// Makes the folder and its parents.
    fn create_dir_all(&self, dir: &Path) -> io::Result<()>;
    /// Makes the renames in `dir` durable where the storage needs it.
    fn sync_dir(&self, dir: &Path);
}

/// The backend of this build: the file system on the desktop, `localStorage` in the browser.
pub fn platform() -> &'static dyn Backend {
    #[cfg(not(target_arch = "wasm32"))]
    {
        &Files
    }
    #[cfg(target_arch = "wasm32")]
    {
        static BROWSER: KeyValueFiles<LocalStorage> = KeyValueFiles::new(LocalStorage);
        &BROWSER
    }
}
