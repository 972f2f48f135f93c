//! Loading packs: parse every file item by item, validate across all packs, and build one
//! [`Catalog`]. Every problem is reported at once, each with `pack/file.ron:line:col`.

mod catalog;
mod embedded;
mod files;
mod parse;
mod problem;
mod validate;

use std::collections::HashMap;
use std::path::Path;

pub use catalog::{Catalog, Character, Table};
pub use embedded::{STARTER_FILES, STARTER_MANIFEST, starter_source};
pub use problem::{LoadError, Problem, ProblemKind, Severity};

use crate::limits;
use crate::schema::PackManifest;
use crate::source::PackSource;
use files::{FileText, Files, Origin};

/// A successful load: the catalog and any warnings.
#[derive(Debug, Clone)]
pub struct Loaded {
    /// The merged content.
    pub catalog: Catalog,
    /// Warnings (never errors).
    pub warnings: Vec<Problem>,
}

/// The files a manifest lists, or none if it doesn't parse (the error is reported by
/// [`load`]).
pub(crate) fn listed_files(manifest: &str) -> Vec<String> {
    if crate::input::check_ron_text(manifest).is_err() {
        return Vec::new();
    }
    parse::options()
        .from_str::<PackManifest>(manifest)
        .map(|m| m.files)
        .unwrap_or_default()
}

/// Loads packs in order (the starter pack first, then user packs) and validates them
/// together: ids must be unique across all of them and references may cross packs.
pub fn load(sources: &[PackSource]) -> Result<Loaded, LoadError> {
    let mut files = Files::default();
    let mut problems = Vec::new();
    let mut manifests = Vec::new();
    let mut parsed = Vec::new();
    for (n, source) in sources.iter().enumerate() {
        let fallback = source
            .dir
            .as_deref()
            .and_then(Path::file_name)
            .map_or_else(|| format!("pack{n}"), |s| s.to_string_lossy().into_owned());
        let manifest_file = files.files.len();
        files.files.push(FileText {
            pack: fallback.clone(),
            path: "pack.ron".to_owned(),
            text: source.manifest.clone(),
        });
        let manifest = match parse::limits_problem(&files, manifest_file) {
            None => parse::options()
                .from_str::<PackManifest>(&source.manifest)
                .map_err(|err| parse::spanned_problem(&files, manifest_file, 0, &err)),
            Some(problem) => Err(problem),
        };
        let pack_id = match manifest {
            Ok(manifest) => {
                let whole = |file: usize| Origin {
                    file,
                    span: 0..files.files[file].text.len(),
                };
                if let Some((_, first)) = manifests
                    .iter()
                    .find(|(m, _): &&(PackManifest, usize)| m.id == manifest.id)
                {
                    // The second pack keeps its folder name in messages, so its problems
                    // can't be mistaken for the first one's.
                    problems.push(Problem {
                        severity: Severity::Error,
                        location: files.string(&whole(manifest_file), &manifest.id),
                        kind: ProblemKind::DuplicateId {
                            id: manifest.id.clone(),
                            first: files.string(&whole(*first), &manifest.id),
                        },
                    });
                    fallback
                } else {
                    let id = manifest.id.clone();
                    files.files[manifest_file].pack = id.clone();
                    problems.extend(too_many_files(&files, manifest_file, &manifest));
                    manifests.push((manifest, manifest_file));
                    id
                }
            }
            Err(problem) => {
                problems.push(problem);
                fallback
            }
        };
        for (path, reason) in &source.unreadable {
            files.files.push(FileText {
                pack: pack_id.clone(),
                path: path.clone(),
                text: String::new(),
            });
            problems.push(Problem {
                severity: Severity::Error,
                location: files.whole(files.files.len() - 1),
                kind: ProblemKind::UnreadableFile {
                    reason: reason.clone(),
                },
            });
        }
        for path in &source.unlisted {
            files.files.push(FileText {
                pack: pack_id.clone(),
                path: path.clone(),
                text: String::new(),
            });
            problems.push(Problem {
                severity: Severity::Warning,
                location: files.whole(files.files.len() - 1),
                kind: ProblemKind::UnlistedFile,
            });
        }
        for file in &source.files {
            files.files.push(FileText {
                pack: pack_id.clone(),
                path: file.path.clone(),
                text: file.text.clone(),
            });
            parse::parse_file(&files, files.files.len() - 1, &mut parsed, &mut problems);
        }
    }
    let mut catalog = validate::build(&files, parsed, &mut problems);
    catalog.packs = manifests.into_iter().map(|(m, _)| m).collect();
    // File order: packs in load order, then file, line and column (files looked up by
    // name through a map, so many problems in many files sort in n log n).
    let mut order: HashMap<(&str, &str), usize> = HashMap::new();
    for (i, f) in files.files.iter().enumerate() {
        order.entry((f.pack.as_str(), f.path.as_str())).or_insert(i);
    }
    let rank = |p: &Problem| {
        let file = order
            .get(&(p.location.pack.as_str(), p.location.file.as_str()))
            .copied()
            .unwrap_or(usize::MAX);
        (file, p.location.line, p.location.col)
    };
    problems.sort_by_cached_key(rank);
    if problems.iter().any(Problem::is_error) {
        Err(LoadError { problems })
    } else {
        Ok(Loaded {
            catalog,
            warnings: problems,
        })
    }
}

/// The problem of a manifest listing more than [`limits::MAX_PACK_FILES`] files (only the
/// first were read), located at its `files:` field.
fn too_many_files(files: &Files, manifest_file: usize, manifest: &PackManifest) -> Option<Problem> {
    (manifest.files.len() > limits::MAX_PACK_FILES).then(|| Problem {
        severity: Severity::Error,
        location: files.field(
            &Origin {
                file: manifest_file,
                span: 0..files.files[manifest_file].text.len(),
            },
            "files",
        ),
        kind: ProblemKind::Limit {
            message: format!(
                "the manifest lists {} files; a pack holds at most {} (the rest were not read)",
                manifest.files.len(),
                limits::MAX_PACK_FILES
            ),
        },
    })
}

/// Loads the embedded starter pack.
pub fn load_starter() -> Result<Loaded, LoadError> {
    load(&[starter_source()])
}

/// The embedded starter pack's catalog. The starter pack is tested to load cleanly, so this
/// only panics if the binary was built from a broken tree.
pub fn starter() -> Catalog {
    match load_starter() {
        Ok(loaded) => loaded.catalog,
        Err(err) => panic!("the embedded starter pack is broken: {err}"),
    }
}

/// Loads the starter pack plus a user pack from chosen files (the browser's file picker,
/// [`PackSource::from_chosen`]), validated together as [`load_with_user_pack`] does a folder.
pub fn load_with_chosen_pack(pack: &str, chosen: &[(String, String)]) -> Result<Loaded, LoadError> {
    let user = PackSource::from_chosen(pack, chosen).map_err(|err| unreadable(pack, &err))?;
    load(&[starter_source(), user])
}

/// A load stopped by a manifest that can't be read.
fn unreadable(pack: &str, err: &crate::input::InputError) -> LoadError {
    LoadError {
        problems: vec![Problem {
            severity: Severity::Error,
            location: crate::source::Location {
                pack: pack.to_owned(),
                file: "pack.ron".to_owned(),
                line: 0,
                col: 0,
            },
            kind: ProblemKind::UnreadableFile {
                reason: err.to_string(),
            },
        }],
    }
}

/// Loads the starter pack plus the user pack in `dir` (`--pack DIR`), validated together.
pub fn load_with_user_pack(dir: &Path) -> Result<Loaded, LoadError> {
    let user =
        PackSource::from_dir(dir).map_err(|err| unreadable(&dir.display().to_string(), &err))?;
    load(&[starter_source(), user])
}
