//! Saved layouts: versioned RON written atomically with the previous copy kept, through the
//! shared store (`redline_content::store`, the same one campaigns and the app's saves use).
//!
//! [`load`] also reads a bare layout in the packs' own schema (no envelope), so a layout
//! copied out of a pack or written by hand opens too; broken text in either form is reported
//! with file, line and column.
//!
//! Format 2 adds the tags players agreed for each placed piece (FIELD-11). A file of format 1
//! is migrated on reading: it has no agreed tags, so every part keeps the pack's.
//!
//! Files are read within the store's limits, and a layout beyond the limits on input (a
//! table too large, too many pieces: [`Layout::limits_problem`]) is refused on reading.

use std::path::Path;

use redline_content::schema::Layout;
use redline_content::store::{self, StoreError};

/// The envelope kind of a saved layout.
pub const LAYOUT_KIND: &str = "redline-layout";
/// The saved-layout format this build writes.
pub const LAYOUT_VERSION: u32 = 2;
/// The oldest saved-layout format this build still reads (and migrates).
pub const OLDEST_LAYOUT_VERSION: u32 = 1;

/// Writes `layout` to `path` atomically; the file it replaces is kept as `NAME.prev`.
pub fn save(path: &Path, layout: &Layout) -> Result<(), StoreError> {
    store::write(path, LAYOUT_KIND, LAYOUT_VERSION, layout)
}

/// Reads a saved layout, or a bare pack-schema layout.
pub fn load(path: &Path) -> Result<Layout, StoreError> {
    let text = read_text(path)?;
    from_text(path, &text)
}

/// As [`load`], for text already read; `path` names it in errors.
pub fn from_text(path: &Path, text: &str) -> Result<Layout, StoreError> {
    if is_envelope(text) {
        return from_envelope(path, text);
    }
    let layout = redline_content::input::parse_ron::<Layout>(text, ron::Options::default())
        .map_err(|e| store::damaged(path, e))?;
    within_limits(path, layout)
}

/// The layout, or a refusal naming the file when it breaks a limit on input.
fn within_limits(path: &Path, layout: Layout) -> Result<Layout, StoreError> {
    match layout.limits_problem() {
        None => Ok(layout),
        Some(why) => Err(StoreError::Refused {
            path: path.to_owned(),
            reason: format!("{}: the layout is refused: {why}", path.display()),
        }),
    }
}

/// Reads a saved layout, or its previous copy when the file itself is missing or unusable
/// (the app's load list), migrating format 1 either way.
pub fn load_or_previous(path: &Path) -> Result<Layout, StoreError> {
    let first = match load_envelope(path) {
        Ok(layout) => return Ok(layout),
        Err(e) => e,
    };
    load_envelope(&store::previous_path(path)).map_err(|_| first)
}

fn load_envelope(path: &Path) -> Result<Layout, StoreError> {
    let text = read_text(path)?;
    from_envelope(path, &text)
}

fn read_text(path: &Path) -> Result<String, StoreError> {
    store::read_text(path)
}

/// An envelope of this format or an older one this build migrates.
fn from_envelope(path: &Path, text: &str) -> Result<Layout, StoreError> {
    let layout = match store::from_text(path, text, LAYOUT_KIND, LAYOUT_VERSION) {
        Err(StoreError::Older { found, .. }) if found >= OLDEST_LAYOUT_VERSION => {
            // Format 1 is format 2 without agreed tags: the field's default (none) is the
            // migration, so the older reader is the same type at the older version.
            store::from_text(path, text, LAYOUT_KIND, found)
        }
        other => other,
    }?;
    within_limits(path, layout)
}

/// Whether the text is an envelope: its first field is `kind`, where a bare layout's is `id`.
fn is_envelope(text: &str) -> bool {
    let body = text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with("//") && !l.starts_with("#!"))
        .collect::<Vec<_>>()
        .join(" ");
    let body = body.trim_start_matches(['(', ' ']);
    body.starts_with("kind")
}
