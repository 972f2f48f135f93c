//! Load problems: every error and warning found in the packs, each with its location.

use std::fmt;

use crate::source::Location;

/// How bad a problem is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Severity {
    /// The packs can't be used.
    Error,
    /// The packs load but something looks unintended.
    Warning,
}

/// What is wrong.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum ProblemKind {
    /// The text is not valid RON, or not the shape the schema expects.
    #[error("syntax: {message}")]
    Syntax {
        /// `ron`'s description.
        message: String,
    },
    /// A field the schema doesn't have (often a misspelling).
    #[error("unknown field '{field}'{}", expected_list(.expected))]
    UnknownField {
        /// The field as written.
        field: String,
        /// The fields allowed there.
        expected: Vec<String>,
    },
    /// A keyword, kind or other enum value the schema doesn't have.
    #[error("unknown keyword '{found}'{}", expected_list(.expected))]
    UnknownKeyword {
        /// The word as written.
        found: String,
        /// The words allowed there.
        expected: Vec<String>,
    },
    /// A required field is missing.
    #[error("missing field '{field}'")]
    MissingField {
        /// The field's name.
        field: String,
    },
    /// Two items share an id (ids are unique across every loaded pack).
    #[error("duplicate id '{id}' (first defined at {first})")]
    DuplicateId {
        /// The id.
        id: String,
        /// Where the first one is.
        first: Location,
    },
    /// A reference to an item that doesn't exist, or exists but is of the wrong kind.
    #[error("{kind} '{id}' not found{}", if .note.is_empty() { String::new() } else { format!(" ({})", .note) })]
    DanglingReference {
        /// The kind of item expected ("character", "drone", ...).
        kind: &'static str,
        /// The id referred to.
        id: String,
        /// Why an item with that id doesn't fit, if one exists.
        note: String,
    },
    /// A value out of its allowed range.
    #[error("bad value for '{field}': {message}")]
    BadValue {
        /// The field.
        field: String,
        /// What is wrong with it.
        message: String,
    },
    /// A file listed in `pack.ron` could not be read.
    #[error("cannot read listed file: {reason}")]
    UnreadableFile {
        /// The I/O error.
        reason: String,
    },
    /// A file breaks one of the limits on input (docs/limits.md): a string, a word or
    /// nesting too long, too many files.
    #[error("over a limit: {message} (docs/limits.md)")]
    Limit {
        /// Which limit, and by how much.
        message: String,
    },
    /// A `.ron` file in the pack folder that `pack.ron` doesn't list (it is not loaded).
    #[error("file is not listed in pack.ron and was not loaded")]
    UnlistedFile,
    /// A faction with no Leader character can't field a legal team (TEAM-3).
    #[error("faction '{faction}' has no Leader character (TEAM-3)")]
    FactionWithoutLeader {
        /// Faction id.
        faction: String,
    },
    /// A faction's Objective deck is smaller than the 4 cards drawn before a game (CAMP-10).
    #[error("faction '{faction}' has only {count} Objective cards; 4 are drawn each game")]
    SmallObjectiveDeck {
        /// Faction id.
        faction: String,
        /// Cards in its deck.
        count: usize,
    },
    /// A drone no program deploys.
    #[error("drone '{drone}' is deployed by no program")]
    UnusedDrone {
        /// Drone id.
        drone: String,
    },
    /// An action with neither keywords nor effects does nothing when it succeeds.
    #[error("action '{action}' has no keywords and no effects")]
    ActionDoesNothing {
        /// Action id.
        action: String,
    },
    /// A `visual` naming no built-in visual: the item is drawn with the default one.
    #[error(
        "unknown visual '{name}', drawn with the default{}",
        expected_list(expected)
    )]
    UnknownVisual {
        /// The name written.
        name: String,
        /// The names that exist.
        expected: Vec<String>,
    },
}

fn expected_list(expected: &[String]) -> String {
    if expected.is_empty() {
        String::new()
    } else {
        format!(", expected one of: {}", expected.join(", "))
    }
}

/// One problem, where it is and how bad it is.
#[derive(Debug, Clone, PartialEq)]
pub struct Problem {
    /// Error or warning.
    pub severity: Severity,
    /// `pack/file.ron:line:col`.
    pub location: Location,
    /// What is wrong.
    pub kind: ProblemKind,
}

impl Problem {
    /// Whether this is an error (not a warning).
    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.severity {
            Severity::Error => write!(f, "{}: {}", self.location, self.kind),
            Severity::Warning => write!(f, "{}: warning: {}", self.location, self.kind),
        }
    }
}

/// Loading failed: every problem found, errors and warnings, in file order.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[error("{} error(s) in content packs:\n{}", self.errors().count(), lines(.problems))]
pub struct LoadError {
    /// All problems.
    pub problems: Vec<Problem>,
}

impl LoadError {
    /// The errors only.
    pub fn errors(&self) -> impl Iterator<Item = &Problem> {
        self.problems.iter().filter(|p| p.is_error())
    }
}

fn lines(problems: &[Problem]) -> String {
    problems
        .iter()
        .map(|p| p.to_string())
        .collect::<Vec<_>>()
        .join("\n")
}
