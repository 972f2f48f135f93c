//! Campaign files: versioned RON written atomically with the previous copy kept, through
//! the shared store (DESIGN.md §6). One file per campaign, so several live side by side.

use std::path::{Path, PathBuf};

use redline_content::store::{self, ReadFrom, StagedWrite, StoreError};

use crate::campaign::Campaign;

/// The envelope kind of a campaign file.
pub const CAMPAIGN_KIND: &str = "redline-campaign";
/// The campaign file format this build writes and reads.
pub const CAMPAIGN_VERSION: u32 = 1;

/// Writes the campaign to `path` atomically; the file it replaces is kept as `.prev`.
pub fn save(path: &Path, campaign: &Campaign) -> Result<(), StoreError> {
    store::write(path, CAMPAIGN_KIND, CAMPAIGN_VERSION, campaign)
}

/// The first half of [`save`]: the new text is on disk beside the file but not in place.
/// Dropping the result is what a crash mid-save looks like.
pub fn stage(path: &Path, campaign: &Campaign) -> Result<StagedWrite, StoreError> {
    store::stage(path, CAMPAIGN_KIND, CAMPAIGN_VERSION, campaign)
}

/// Reads a campaign file; broken text is reported with file, line and column.
pub fn load(path: &Path) -> Result<Campaign, StoreError> {
    store::read(path, CAMPAIGN_KIND, CAMPAIGN_VERSION)
}

/// Reads a campaign file, falling back to its previous copy when the file is unusable;
/// says which copy was read.
pub fn load_or_previous(path: &Path) -> Result<(Campaign, ReadFrom), StoreError> {
    store::read_or_previous(path, CAMPAIGN_KIND, CAMPAIGN_VERSION)
}

/// The file of a campaign named `name` in the folder `dir`: campaigns live side by side,
/// one file each, named from the campaign name (letters, digits, `-` and `_` kept).
pub fn path_in(dir: &Path, name: &str) -> PathBuf {
    let stem: String = name
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '-' || c == '_' {
                c.to_ascii_lowercase()
            } else {
                '_'
            }
        })
        .collect();
    dir.join(format!("{stem}.campaign.ron"))
}

/// The campaigns saved in `dir`, sorted by file name.
pub fn list(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .into_iter()
        .flatten()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.to_string_lossy().ends_with(".campaign.ron"))
        .collect();
    files.sort();
    files
}

/// Exports a campaign to any path (to share it): the same format, written atomically.
pub fn export(campaign: &Campaign, to: &Path) -> Result<(), StoreError> {
    save(to, campaign)
}

/// Imports a campaign file into `dir`, checking it first; returns where it was put.
/// An existing campaign of the same name is kept as the new file's `.prev`.
pub fn import(from: &Path, dir: &Path) -> Result<PathBuf, StoreError> {
    let campaign = load(from)?;
    let to = path_in(dir, &campaign.name);
    save(&to, &campaign)?;
    Ok(to)
}
