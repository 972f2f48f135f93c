//! A pack from files chosen one by one rather than read from a folder: the browser's file
//! picker hands over each chosen file's name and text. The files go through the same loader
//! and the same limits as a folder's (`--pack DIR`).

use std::collections::HashSet;
use std::path::PathBuf;

use super::{PackSource, SourceFile};
use crate::input::InputError;
use crate::limits;

/// The file name at the end of a `/`-separated path.
fn base(path: &str) -> &str {
    path.rsplit('/').next().unwrap_or(path)
}

impl PackSource {
    /// A pack from chosen files, each a name and its text, named `pack` in messages. The
    /// one called `pack.ron` is the manifest. Each file the manifest lists is the chosen file
    /// of that path or, since a file picker gives bare names, the only chosen file of that
    /// name (`cards/rats.ron` is the chosen `rats.ron`); a listed file with none, or with two
    /// of its name, is reported unreadable when the pack is loaded, as are files past
    /// [`limits::PACK_FILE`], [`limits::PACK_TOTAL_BYTES`] or [`limits::MAX_PACK_FILES`]; chosen
    /// `.ron` files the manifest does not list are reported unlisted. Only a missing or
    /// too large `pack.ron` is an error here, as with a folder.
    pub fn from_chosen(pack: &str, chosen: &[(String, String)]) -> Result<PackSource, InputError> {
        let dir = PathBuf::from(pack);
        let manifest = chosen
            .iter()
            .find(|(name, _)| base(name) == "pack.ron")
            .map(|(_, text)| text.clone())
            .ok_or_else(|| InputError::Missing {
                path: dir.join("pack.ron"),
            })?;
        if manifest.len() as u64 > limits::PACK_MANIFEST.max_bytes {
            return Err(InputError::TooLarge {
                path: dir.join("pack.ron"),
                size: manifest.len() as u64,
                limit: limits::PACK_MANIFEST,
            });
        }
        let listed = crate::load::listed_files(&manifest);
        let mut files = Vec::new();
        let mut unreadable = Vec::new();
        let mut used = HashSet::new();
        let mut total = 0u64;
        for path in listed.iter().take(limits::MAX_PACK_FILES) {
            let mut refuse = |reason: String| {
                unreadable.push((limits::excerpt(path).into_owned(), reason));
            };
            let exact: Vec<usize> = (0..chosen.len())
                .filter(|&i| chosen[i].0 == *path)
                .collect();
            let found = if exact.is_empty() {
                (0..chosen.len())
                    .filter(|&i| base(&chosen[i].0) == base(path))
                    .collect()
            } else {
                exact
            };
            let i = match found[..] {
                [i] => i,
                [] => {
                    refuse("it is not among the chosen files".to_owned());
                    continue;
                }
                _ => {
                    refuse(format!(
                        "{} chosen files are called {}",
                        found.len(),
                        base(path)
                    ));
                    continue;
                }
            };
            if !used.insert(i) {
                refuse("the manifest lists this file twice".to_owned());
                continue;
            }
            let text = &chosen[i].1;
            let size = text.len() as u64;
            if size > limits::PACK_FILE.max_bytes {
                refuse(format!(
                    "it is {size} bytes; {} is read only up to {} bytes (docs/limits.md)",
                    limits::PACK_FILE.what,
                    limits::PACK_FILE.max_bytes
                ));
                continue;
            }
            if total + size > limits::PACK_TOTAL_BYTES {
                refuse(format!(
                    "{size} bytes more would take the pack past {} bytes, the most read from \
                     one pack",
                    limits::PACK_TOTAL_BYTES
                ));
                continue;
            }
            total += size;
            files.push(SourceFile {
                path: path.clone(),
                text: text.clone(),
            });
        }
        let unlisted = (0..chosen.len())
            .filter(|i| !used.contains(i))
            .map(|i| chosen[i].0.clone())
            .filter(|name| name.ends_with(".ron") && base(name) != "pack.ron")
            .collect();
        Ok(PackSource {
            dir: Some(dir),
            manifest,
            files,
            unlisted,
            unreadable,
        })
    }
}
