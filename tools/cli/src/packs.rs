//! The content every subcommand works on: the embedded starter pack, plus the user pack of the
//! global `--pack DIR` option, loaded and validated together by `redline_content`.

use std::path::Path;

use redline_content::{Catalog, LoadError, Loaded, Problem, Severity};
use serde::Serialize;

use crate::exit::CliError;

/// Loads the starter pack, and the user pack in `pack` on top of it when given.
pub fn load(pack: Option<&Path>) -> Result<Loaded, LoadError> {
    match pack {
        Some(dir) => redline_content::load_with_user_pack(dir),
        None => redline_content::load_starter(),
    }
}

/// The catalog for a command that uses content but doesn't validate it: warnings go to
/// standard error, and a pack that fails to load is bad input (`redline-cli validate` says
/// more).
pub fn catalog(pack: Option<&Path>) -> Result<Catalog, CliError> {
    match load(pack) {
        Ok(loaded) => {
            for warning in &loaded.warnings {
                eprintln!("{}", problem_line(warning));
            }
            Ok(loaded.catalog)
        }
        Err(error) => {
            let lines: Vec<String> = error.problems.iter().map(problem_line).collect();
            let problems: Vec<ProblemReport> =
                error.problems.iter().map(ProblemReport::of).collect();
            Err(CliError::bad_input(format!(
                "the content packs don't load ({} errors):\n{}",
                error.errors().count(),
                lines.join("\n")
            ))
            .with_details(serde_json::json!({ "problems": problems })))
        }
    }
}

/// `pack/file.ron:line:col: severity: message`; a problem with the whole file has no
/// position (`pack/file.ron: error: ...`).
pub fn problem_line(problem: &Problem) -> String {
    format!(
        "{}: {}: {}",
        problem.location,
        severity_word(problem.severity),
        problem.kind
    )
}

fn severity_word(severity: Severity) -> &'static str {
    match severity {
        Severity::Error => "error",
        Severity::Warning => "warning",
    }
}

/// One load problem for JSON output. `line` and `column` are 0 when it concerns the whole
/// file.
#[derive(Debug, Serialize)]
pub struct ProblemReport {
    pack: String,
    file: String,
    line: usize,
    column: usize,
    severity: &'static str,
    message: String,
}

impl ProblemReport {
    /// The JSON form of `problem`.
    pub fn of(problem: &Problem) -> ProblemReport {
        ProblemReport {
            pack: problem.location.pack.clone(),
            file: problem.location.file.clone(),
            line: problem.location.line,
            column: problem.location.col,
            severity: severity_word(problem.severity),
            message: problem.kind.to_string(),
        }
    }
}

/// The display name of a character or Gonk card, or the id itself if no card has it.
pub fn card_name<'a>(catalog: &'a Catalog, id: &'a str) -> &'a str {
    catalog
        .characters
        .get(id)
        .map(|c| c.name.as_str())
        .or_else(|| catalog.gonks.get(id).map(|g| g.name.as_str()))
        .unwrap_or(id)
}
