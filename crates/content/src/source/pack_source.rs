//! A pack's files as text: embedded in the binary (the starter pack) or read from a folder.

use std::path::{Path, PathBuf};

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
    pub fn from_dir(dir: &Path) -> std::io::Result<PackSource> {
        let manifest = std::fs::read_to_string(dir.join("pack.ron"))?;
        let listed = crate::load::listed_files(&manifest);
        let mut files = Vec::new();
        let mut unreadable = Vec::new();
        for path in &listed {
            match std::fs::read_to_string(dir.join(path)) {
                Ok(text) => files.push(SourceFile {
                    path: path.clone(),
                    text,
                }),
                Err(err) => unreadable.push((path.clone(), err.to_string())),
            }
        }
        let mut present = Vec::new();
        collect_ron_files(dir, dir, &mut present);
        present.sort();
        let unlisted = present
            .into_iter()
            .filter(|p| p != "pack.ron" && !listed.contains(p))
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

/// Every `.ron` file under `dir`, relative to `root`.
fn collect_ron_files(root: &Path, dir: &Path, out: &mut Vec<String>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            collect_ron_files(root, &path, out);
        } else if path.extension().is_some_and(|e| e == "ron")
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
