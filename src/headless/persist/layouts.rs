//! Layouts saved from the planner: one versioned RON file per layout under `layouts/` in the
//! data folder, written atomically with the previous copy kept, so a crash mid-write never
//! loses a layout.

use std::path::{Path, PathBuf};

use redline_content::schema::Layout;
use redline_content::store::{self, StoreError};

use crate::headless::persist::data_dir::{DataDir, file_stem};
use crate::headless::persist::refusals::Refusal;

/// The kind written in a layout file's envelope.
pub use redline_planner::save::LAYOUT_KIND;
/// The layout format this build writes (format 1, before agreed tags, is still read).
pub use redline_planner::save::LAYOUT_VERSION;

/// A saved layout in the load list.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LayoutEntry {
    /// The file.
    pub path: PathBuf,
    /// Its name without the folder and `.ron`.
    pub name: String,
}

/// Where a layout of this name is saved.
pub fn layout_path(dir: &DataDir, name: &str) -> PathBuf {
    dir.layouts().join(format!("{}.ron", file_stem(name)))
}

/// Saves `layout` under `name` (atomically; the file it replaces becomes the previous copy)
/// and returns the file written.
pub fn save_layout(dir: &DataDir, name: &str, layout: &Layout) -> Result<PathBuf, StoreError> {
    let path = layout_path(dir, name);
    store::write(&path, LAYOUT_KIND, LAYOUT_VERSION, layout)?;
    Ok(path)
}

/// Reads a saved layout, or its previous copy if the file itself is refused — then with the
/// refusal to show (the file, why, kept untouched); a file of format 1 is migrated (no
/// agreed tags: every part keeps the pack's).
pub fn load_layout(path: &Path) -> Result<(Layout, Option<Refusal>), StoreError> {
    let first = match redline_planner::save::load(path) {
        Ok(layout) => return Ok((layout, None)),
        Err(e) => e,
    };
    let previous = store::previous_path(path);
    match redline_planner::save::load(&previous) {
        Ok(layout) => Ok((layout, Some(Refusal::new(path, &first, Some(previous))))),
        Err(_) => Err(first),
    }
}

/// The saved layouts, by name.
pub fn list_layouts(dir: &DataDir) -> Vec<LayoutEntry> {
    let mut entries: Vec<LayoutEntry> = store::list(&dir.layouts())
        .into_iter()
        .filter(|p| p.extension().is_some_and(|x| x == "ron"))
        .map(|path| LayoutEntry {
            name: path
                .file_stem()
                .map_or_else(String::new, |s| s.to_string_lossy().into_owned()),
            path,
        })
        .collect();
    entries.sort_by(|a, b| a.name.cmp(&b.name));
    entries
}
