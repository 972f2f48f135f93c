//! A pack's files as text: embedded in the binary (the starter pack) or read from a folder.

use std::collections::HashSet;
use std::fs;
use std::path::{Path, PathBuf};

use crate::input::{self, InputError};
use crate::limits;

/// One file of a pack: its path inside the pack and its text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SourceFile {
    /// Path relative to the pack folder, `/`-separated (`characters/ashfall.ron`).
    pub path: String,
    /// The file's text.
    pub text: String,
}

/// The raw text of one pack before parsing: its manifest and listed files.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PackSource {
    /// Folder the pack was read from; `None` for an embedded pack.
    pub dir: Option<PathBuf>,
    /// Text of `pack.ron`.
    pub manifest: String,
    /// Files found, in the order the manifest lists them. Files the manifest lists but that
    /// could not be read are absent and reported when the pack is loaded.
    pub files: Vec<SourceFile>,
    /// `.ron` files present in the folder but not listed in the manifest.
    pub unlisted: Vec<String>,
    /// Listed files that could not be read, with the reason.
    pub unreadable: Vec<(String, String)>,
}

impl PackSource {
    /// A pack from in-memory files (tests, tools, the embedded starter pack).
    pub fn from_memory(manifest: &str, files: &[(&str, &str)]) -> PackSource {
        PackSource {
            dir: None,
            manifest: manifest.to_owned(),
            files: files
                .iter()
                .map(|(path, text)| SourceFile {
                    path: (*path).to_owned(),
                    text: (*text).to_owned(),
                })
                .collect(),
            unlisted: Vec::new(),
            unreadable: Vec::new(),
        }
    }

    /// Reads `dir/pack.ron` and every file it lists. Only a missing or unreadable `pack.ron`
    /// is an error here; problems in the files are reported when the pack is loaded.
    ///
    /// Only regular files inside the pack folder are read, each within
    /// [`limits::PACK_FILE`] and all within [`limits::PACK_TOTAL_BYTES`]: a listed path that
    /// is absolute, holds `..`, or leads outside the folder through a symbolic link is
    /// refused unread (listed as unreadable, with the reason), as are the entries past the
    /// first [`limits::MAX_PACK_FILES`]. The search for unlisted files follows no symbolic
    /// link, so a link loop can't trap it.
    pub fn from_dir(dir: &Path) -> Result<PackSource, InputError> {
        let root = fs::canonicalize(dir).map_err(|source| match source.kind() {
            std::io::ErrorKind::NotFound => InputError::Missing {
                path: dir.to_owned(),
            },
            _ => InputError::Io {
                path: dir.to_owned(),
                source,
            },
        })?;
        let manifest_path = inside(&root, "pack.ron").map_err(|reason| InputError::Io {
            path: dir.join("pack.ron"),
            source: std::io::Error::other(reason),
        })?;
        let manifest = input::read_text(&manifest_path, limits::PACK_MANIFEST)?;
        let listed = crate::load::listed_files(&manifest);
        let mut files = Vec::new();
        let mut unreadable = Vec::new();
        let mut seen = HashSet::new();
        let mut total = 0u64;
        for path in listed.iter().take(limits::MAX_PACK_FILES) {
            let mut refuse = |reason: String| {
                unreadable.push((limits::excerpt(path).into_owned(), reason));
            };
            if !seen.insert(path.as_str()) {
                refuse("the manifest lists this file twice".to_owned());
                continue;
            }
            let full = match inside(&root, path) {
                Ok(full) => full,
                Err(reason) => {
                    refuse(reason);
                    continue;
                }
            };
            let budget = limits::FileLimit {
                max_bytes: limits::PACK_FILE
                    .max_bytes
                    .min(limits::PACK_TOTAL_BYTES.saturating_sub(total)),
                ..limits::PACK_FILE
            };
            match input::read_text(&full, budget) {
                Ok(text) => {
                    total += text.len() as u64;
                    files.push(SourceFile {
                        path: path.clone(),
                        text,
                    });
                }
                Err(InputError::TooLarge { size, .. })
                    if budget.max_bytes < limits::PACK_FILE.max_bytes =>
                {
                    refuse(format!(
                        "{size} bytes more would take the pack past {} bytes, the most read \
                         from one pack",
                        limits::PACK_TOTAL_BYTES
                    ));
                }
                Err(err) => refuse(err.to_string()),
            }
        }
        let mut present = Vec::new();
        let mut budget = limits::MAX_PACK_FOLDER_ENTRIES;
        collect_ron_files(&root, &root, 0, &mut budget, &mut present);
        present.sort();
        let listed: HashSet<&str> = listed.iter().map(String::as_str).collect();
        let unlisted = present
            .into_iter()
            .filter(|p| p != "pack.ron" && !listed.contains(p.as_str()))
            .collect();
        Ok(PackSource {
            dir: Some(dir.to_owned()),
            manifest,
            files,
            unlisted,
            unreadable,
        })
    }
}

/// Why a path listed in a manifest can't name a pack file, if it can't: only a relative
/// path of plain names joined by `/`, at most [`limits::MAX_PACK_FOLDER_DEPTH`] deep.
pub(crate) fn listed_path_problem(path: &str) -> Option<String> {
    if path.is_empty() {
        return Some("an empty path".to_owned());
    }
    if path.starts_with('/') || path.contains(':') || path.contains('\\') {
        return Some(
            "an absolute path; pack files are listed relative to the pack folder, with '/'"
                .to_owned(),
        );
    }
    if path.contains('\0') {
        return Some("a path holding a NUL character".to_owned());
    }
    let parts: Vec<&str> = path.split('/').collect();
    if parts
        .iter()
        .any(|p| p.is_empty() || *p == "." || *p == "..")
    {
        return Some(
            "a path with an empty, '.' or '..' part; pack files stay inside the pack folder"
                .to_owned(),
        );
    }
    if parts.len() > limits::MAX_PACK_FOLDER_DEPTH {
        return Some(format!(
            "a path {} folders deep; at most {}",
            parts.len(),
            limits::MAX_PACK_FOLDER_DEPTH
        ));
    }
    None
}

/// The real location of `path` inside the pack folder `root` (already canonical), or why it
/// isn't one: a malformed path, a missing file, a link loop, or a symbolic link leading out.
fn inside(root: &Path, path: &str) -> Result<PathBuf, String> {
    if let Some(problem) = listed_path_problem(path) {
        return Err(problem);
    }
    let full = fs::canonicalize(root.join(path)).map_err(|e| e.to_string())?;
    if !full.starts_with(root) {
        return Err("a symbolic link leads outside the pack folder; it was not read".to_owned());
    }
    Ok(full)
}

/// Every `.ron` file under `dir`, relative to `root`: at most `budget` folder entries looked
/// at, [`limits::MAX_PACK_FOLDER_DEPTH`] levels down, no symbolic link followed.
fn collect_ron_files(
    root: &Path,
    dir: &Path,
    depth: usize,
    budget: &mut usize,
    out: &mut Vec<String>,
) {
    if depth > limits::MAX_PACK_FOLDER_DEPTH {
        return;
    }
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        if *budget == 0 {
            return;
        }
        *budget -= 1;
        // The entry's own type: a symbolic link is not followed.
        let Ok(kind) = entry.file_type() else {
            continue;
        };
        let path = entry.path();
        if kind.is_dir() {
            collect_ron_files(root, &path, depth + 1, budget, out);
        } else if kind.is_file()
            && path.extension().is_some_and(|e| e == "ron")
            && let Ok(rel) = path.strip_prefix(root)
        {
            let parts: Vec<_> = rel
                .components()
                .map(|c| c.as_os_str().to_string_lossy())
                .collect();
            out.push(parts.join("/"));
        }
    }
}
