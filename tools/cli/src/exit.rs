//! How a command ends, and the exit code the shell sees: 0 when all is well, 1 when the
//! command ran and found a failure (a pack error, an illegal team, a game that broke), 2 when
//! the input itself is bad (unknown ids, unreadable or malformed files, bad arguments; clap
//! uses 2 for the latter too).

use std::io;
use std::process::ExitCode;

use serde::Serialize;
use serde_json::Value;

use crate::output::Format;

/// What a command that ran to its end found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    /// Nothing wrong: exit 0.
    Clean,
    /// The report lists at least one failure: exit 1.
    FailureFound,
}

impl Verdict {
    /// [`Verdict::FailureFound`] when `failed`, otherwise [`Verdict::Clean`].
    pub fn failed_if(failed: bool) -> Verdict {
        if failed {
            Verdict::FailureFound
        } else {
            Verdict::Clean
        }
    }
}

/// Why a command stopped before it could report.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ErrorKind {
    /// The request can't be answered as asked: exit 2.
    BadInput,
    /// The command ran into a failure it can't report any other way: exit 1.
    Failure,
}

/// A command that stopped early, with a message for people and details for `--json`.
#[derive(Debug)]
pub struct CliError {
    /// Which exit code.
    pub kind: ErrorKind,
    /// What went wrong, possibly several lines.
    pub message: String,
    /// Extra fields for the JSON error document (`Value::Null` when none).
    pub details: Value,
}

impl CliError {
    /// Bad input: exit 2.
    pub fn bad_input(message: impl Into<String>) -> CliError {
        CliError {
            kind: ErrorKind::BadInput,
            message: message.into(),
            details: Value::Null,
        }
    }

    /// A failure found before a report could be made: exit 1.
    pub fn failure(message: impl Into<String>) -> CliError {
        CliError {
            kind: ErrorKind::Failure,
            message: message.into(),
            details: Value::Null,
        }
    }

    /// The same error with `details` added to its JSON document.
    pub fn with_details(mut self, details: impl Serialize) -> CliError {
        self.details = serde_json::to_value(details).unwrap_or(Value::Null);
        self
    }
}

impl From<io::Error> for CliError {
    fn from(error: io::Error) -> CliError {
        CliError::failure(format!("cannot write the output: {error}"))
    }
}

/// What every subcommand returns.
pub type CommandResult = Result<Verdict, CliError>;

/// The JSON document printed for an error under `--json`.
#[derive(Serialize)]
struct ErrorDocument<'a> {
    error: &'a str,
    kind: ErrorKind,
    exit_code: u8,
    #[serde(skip_serializing_if = "Value::is_null")]
    details: &'a Value,
}

/// The exit code for `result`, after printing an error if there is one: to standard error
/// as text, or to standard output as one JSON document under `--json`.
pub fn finish(result: CommandResult, format: Format) -> ExitCode {
    let error = match result {
        Ok(Verdict::Clean) => return ExitCode::SUCCESS,
        Ok(Verdict::FailureFound) => return ExitCode::from(1),
        Err(error) => error,
    };
    let code = match error.kind {
        ErrorKind::BadInput => 2,
        ErrorKind::Failure => 1,
    };
    match format {
        Format::Human => eprintln!("redline-cli: {}", error.message),
        Format::Json => {
            let document = ErrorDocument {
                error: &error.message,
                kind: error.kind,
                exit_code: code,
                details: &error.details,
            };
            // A closed standard output is not worth a second error.
            match serde_json::to_string_pretty(&document) {
                Ok(text) => {
                    let _ = crate::output::print_line(&text);
                }
                Err(_) => eprintln!("redline-cli: {}", error.message),
            }
        }
    }
    ExitCode::from(code)
}
