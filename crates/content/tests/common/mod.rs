//! Test support shared by the content crate's integration tests.
// Each test binary uses part of this module.
#![allow(dead_code)]

use std::path::{Path, PathBuf};

pub mod fuzz;

use redline_rules::card::{Keyword, Skill};

/// The rulebook's name of each action keyword; the exhaustive match makes a new variant
/// fail to compile here until the coverage tests know it.
pub fn keyword_name(k: &Keyword) -> &'static str {
    match k {
        Keyword::Accurate => "Accurate",
        Keyword::Blast => "Blast",
        Keyword::Complex => "Complex",
        Keyword::Dangerous => "Dangerous",
        Keyword::Deadly => "Deadly",
        Keyword::DeadlyCrits => "Deadly Crits",
        Keyword::Defense(..) => "Defense [Skill X]",
        Keyword::Discard => "Discard",
        Keyword::Difficult => "Difficult",
        Keyword::Easy => "Easy",
        Keyword::Free => "Free",
        Keyword::Heal(_) => "Heal X",
        Keyword::Indirect => "Indirect",
        Keyword::Pierce(_) => "Pierce X",
        Keyword::Push => "Push",
        Keyword::Refresh(_) => "Refresh X",
        Keyword::Rapid(_) => "Rapid X",
        Keyword::Silent => "Silent",
        Keyword::Stun(_) => "Stun X",
        Keyword::Suppression => "Suppression",
        Keyword::Torrent => "Torrent",
        Keyword::Unwieldy => "Unwieldy",
        Keyword::Exhaust => "Exhaust",
        Keyword::Breach(_) => "Breach X",
        Keyword::Ignite(_) => "Ignite C",
    }
}

/// Every action keyword, one value of each variant (`keyword_name` keeps it complete: add
/// the new variant there and here together).
pub const ALL_KEYWORDS: [Keyword; 25] = [
    Keyword::Accurate,
    Keyword::Blast,
    Keyword::Complex,
    Keyword::Dangerous,
    Keyword::Deadly,
    Keyword::DeadlyCrits,
    Keyword::Defense(Skill::Reflexes, 1),
    Keyword::Discard,
    Keyword::Difficult,
    Keyword::Easy,
    Keyword::Free,
    Keyword::Heal(1),
    Keyword::Indirect,
    Keyword::Pierce(1),
    Keyword::Push,
    Keyword::Refresh(1),
    Keyword::Rapid(1),
    Keyword::Silent,
    Keyword::Stun(1),
    Keyword::Suppression,
    Keyword::Torrent,
    Keyword::Unwieldy,
    Keyword::Exhaust,
    Keyword::Breach(1),
    Keyword::Ignite(redline_rules::card::Colour::Red),
];

/// A pack folder under the system temp dir, written from `(path, text)` pairs; the folder
/// made for it is removed when this is dropped.
pub struct TempPack {
    /// The folder made under the temp dir (removed on drop).
    root: PathBuf,
    /// The pack's own folder: `root`, or a subfolder of it.
    dir: PathBuf,
}

impl TempPack {
    /// Writes `files` into `<temp>/<folder>-<process id>`, emptied first.
    pub fn new(folder: &str, files: &[(impl AsRef<Path>, impl AsRef<[u8]>)]) -> TempPack {
        let root = std::env::temp_dir().join(format!("{folder}-{}", std::process::id()));
        TempPack::write(root.clone(), root, files)
    }

    /// Writes `files` into the subfolder `sub` of `<temp>/<folder>-<process id>`, for a pack
    /// whose folder name matters.
    pub fn in_subfolder(
        folder: &str,
        sub: &str,
        files: &[(impl AsRef<Path>, impl AsRef<[u8]>)],
    ) -> TempPack {
        let root = std::env::temp_dir().join(format!("{folder}-{}", std::process::id()));
        let dir = root.join(sub);
        TempPack::write(root, dir, files)
    }

    fn write(
        root: PathBuf,
        dir: PathBuf,
        files: &[(impl AsRef<Path>, impl AsRef<[u8]>)],
    ) -> TempPack {
        let _ = std::fs::remove_dir_all(&dir);
        for (path, text) in files {
            let full = dir.join(path);
            std::fs::create_dir_all(full.parent().unwrap()).unwrap();
            std::fs::write(full, text).unwrap();
        }
        TempPack { root, dir }
    }

    /// The pack's folder.
    pub fn path(&self) -> &Path {
        &self.dir
    }
}

impl Drop for TempPack {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.root);
    }
}
