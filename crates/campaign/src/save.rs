//! Campaign files: versioned RON written atomically with the previous copy kept, through
//! the shared store (DESIGN.md §6). One file per campaign, so several live side by side.

use std::path::{Path, PathBuf};

use redline_content::store::{self, ReadFrom, StagedWrite, StoreError};

use crate::campaign::Campaign;

/// The envelope kind of a campaign file.
pub const CAMPAIGN_KIND: &str = "redline-campaign";
/// The campaign file format this build writes.
pub const CAMPAIGN_VERSION: u32 = 2;
/// The oldest campaign file format this build still reads (and migrates).
pub const OLDEST_CAMPAIGN_VERSION: u32 = 1;

/// Writes the campaign to `path` atomically; the file it replaces is kept as `.prev`.
pub fn save(path: &Path, campaign: &Campaign) -> Result<(), StoreError> {
    store::write(path, CAMPAIGN_KIND, CAMPAIGN_VERSION, campaign)
}

/// The first half of [`save`]: the new text is on disk beside the file but not in place.
/// Dropping the result is what a crash mid-save looks like.
pub fn stage(path: &Path, campaign: &Campaign) -> Result<StagedWrite<'static>, StoreError> {
    store::stage(path, CAMPAIGN_KIND, CAMPAIGN_VERSION, campaign)
}

/// Reads a campaign file; broken text is reported with file, line and column, and a
/// campaign that isn't whole (a team number naming no team, a list of the wrong length,
/// sizes beyond the limits on input) is refused with the reason (`crate::loaded`).
/// Format 1 files are migrated.
pub fn load(path: &Path) -> Result<Campaign, StoreError> {
    let text = store::read_text(path)?;
    from_text(path, &text)
}

/// As [`load`], for text already read; `path` names it in errors.
pub fn from_text(path: &Path, text: &str) -> Result<Campaign, StoreError> {
    let mut campaign: Campaign = match store::from_text(path, text, CAMPAIGN_KIND, CAMPAIGN_VERSION)
    {
        // Format 1 is format 2 with one `winner` where format 2 lists `winners` (CTRL-20);
        // the field reads either shape, so the older reader is the same type at the older
        // version.
        Err(StoreError::Older { found, .. }) if found >= OLDEST_CAMPAIGN_VERSION => {
            store::from_text(path, text, CAMPAIGN_KIND, found)
        }
        other => other,
    }?;
    // Files from before teams kept the rules they were built under have none: one empty
    // entry per team, as a new game starts.
    let teams = campaign.teams.len();
    if let Some(p) = campaign.pending.as_mut().filter(|p| p.rules.is_empty()) {
        p.rules = vec![None; teams];
    }
    match crate::loaded::problem(&campaign) {
        None => Ok(campaign),
        Some(why) => Err(StoreError::Refused {
            path: path.to_owned(),
            reason: format!("{}: the campaign is refused: {why}", path.display()),
        }),
    }
}

/// Reads a campaign file, falling back to its previous copy when the file is unusable;
/// says which copy was read. Format 1 files are migrated.
pub fn load_or_previous(path: &Path) -> Result<(Campaign, ReadFrom), StoreError> {
    match load(path) {
        Ok(c) => Ok((c, ReadFrom::Current)),
        Err(first) => match load(&store::previous_path(path)) {
            Ok(c) => Ok((c, ReadFrom::Previous)),
            Err(_) => Err(first),
        },
    }
}

/// Reads the winners of a game in either format: a list (format 2), or format 1's single
/// `Some(team)` / `None`.
pub(crate) fn winners<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Vec<usize>, D::Error> {
    struct Winners;
    impl<'de> serde::de::Visitor<'de> for Winners {
        type Value = Vec<usize>;
        fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
            f.write_str("a list of campaign teams, or one optional team")
        }
        fn visit_none<E: serde::de::Error>(self) -> Result<Vec<usize>, E> {
            Ok(Vec::new())
        }
        fn visit_unit<E: serde::de::Error>(self) -> Result<Vec<usize>, E> {
            Ok(Vec::new())
        }
        fn visit_some<D: serde::Deserializer<'de>>(self, d: D) -> Result<Vec<usize>, D::Error> {
            <usize as serde::Deserialize>::deserialize(d).map(|w| vec![w])
        }
        fn visit_seq<A: serde::de::SeqAccess<'de>>(
            self,
            mut seq: A,
        ) -> Result<Vec<usize>, A::Error> {
            let mut all = Vec::new();
            while let Some(w) = seq.next_element()? {
                all.push(w);
            }
            Ok(all)
        }
    }
    d.deserialize_any(Winners)
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

/// The campaigns saved in `dir` (on disk, or in the browser's storage), sorted by file name.
pub fn list(dir: &Path) -> Vec<PathBuf> {
    store::list(dir)
        .into_iter()
        .filter(|p| p.to_string_lossy().ends_with(".campaign.ron"))
        .collect()
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
