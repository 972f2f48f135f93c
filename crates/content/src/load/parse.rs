//! Parsing pack files item by item with `ron`, turning its errors into located problems.

use ron::error::{Error as RonError, SpannedError};
use ron::extensions::Extensions;

use super::files::{Files, Origin};
use super::problem::{Problem, ProblemKind, Severity};
use crate::input::check_ron_text;
use crate::limits::{self, excerpt};
use crate::schema::Entry;
use crate::source::split_list;

/// One parsed item and where it came from.
pub(crate) struct Parsed {
    pub entry: Entry,
    pub origin: Origin,
}

/// The RON options every pack file is read with: `Some` may be left out of optional
/// fields, and a newtype variant holding a struct may be written `Gear(id: ...)`.
pub(crate) fn options() -> ron::Options {
    ron::Options::default()
        .with_default_extension(Extensions::IMPLICIT_SOME | Extensions::UNWRAP_VARIANT_NEWTYPES)
        .with_recursion_limit(2 * limits::MAX_RON_DEPTH)
}

/// The problem file `file`'s text has with the limits on strings, words and nesting
/// ([`crate::input::check_ron_text`]), checked before it is parsed; `None` when it has none.
pub(crate) fn limits_problem(files: &Files, file: usize) -> Option<Problem> {
    check_ron_text(&files.files[file].text)
        .err()
        .map(|refusal| Problem {
            severity: Severity::Error,
            location: files.location(file, refusal.offset),
            kind: ProblemKind::Limit {
                message: refusal.message,
            },
        })
}

/// Parses every item of file `file`, pushing the items and the problems found.
pub(crate) fn parse_file(
    files: &Files,
    file: usize,
    parsed: &mut Vec<Parsed>,
    problems: &mut Vec<Problem>,
) {
    if let Some(problem) = limits_problem(files, file) {
        problems.push(problem);
        return;
    }
    let text = &files.files[file].text;
    let Some(items) = split_list(text) else {
        // Not a well-bracketed list: let ron find the first error in the whole file.
        match options().from_str::<Vec<Entry>>(text) {
            Ok(entries) => {
                // Only reachable if the splitter is stricter than ron; keep the items.
                let span = 0..text.len();
                parsed.extend(entries.into_iter().map(|entry| Parsed {
                    entry,
                    origin: Origin {
                        file,
                        span: span.clone(),
                    },
                }));
            }
            Err(err) => problems.push(spanned_problem(files, file, 0, &err)),
        }
        return;
    };
    for span in items {
        match options().from_str::<Entry>(&text[span.clone()]) {
            Ok(entry) => parsed.push(Parsed {
                entry,
                origin: Origin { file, span },
            }),
            Err(err) => problems.push(spanned_problem(files, file, span.start, &err)),
        }
    }
}

/// A problem from a `ron` error inside the text that starts at byte `base` of the file.
pub(crate) fn spanned_problem(
    files: &Files,
    file: usize,
    base: usize,
    err: &SpannedError,
) -> Problem {
    let mut location = files.location(file, base);
    let pos = err.span.start;
    if pos.line <= 1 {
        location.col += pos.col.saturating_sub(1);
    } else {
        location.line += pos.line - 1;
        location.col = pos.col;
    }
    Problem {
        severity: Severity::Error,
        location,
        kind: kind_of(&err.code),
    }
}

/// The problem a ron error describes; whatever it quotes of the file is cut to an excerpt.
fn kind_of(code: &RonError) -> ProblemKind {
    let list = |names: &[&str]| names.iter().map(|s| (*s).to_owned()).collect::<Vec<_>>();
    match code {
        RonError::NoSuchStructField {
            expected, found, ..
        } => ProblemKind::UnknownField {
            field: excerpt(found).into_owned(),
            expected: list(expected),
        },
        RonError::NoSuchEnumVariant {
            expected, found, ..
        } => ProblemKind::UnknownKeyword {
            found: excerpt(found).into_owned(),
            expected: list(expected),
        },
        RonError::MissingStructField { field, .. } => ProblemKind::MissingField {
            field: (*field).to_owned(),
        },
        other => ProblemKind::Syntax {
            message: excerpt(&other.to_string()).into_owned(),
        },
    }
}
