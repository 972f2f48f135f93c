//! How every subcommand prints: text for people by default, one pretty JSON document with
//! `--json`. A command builds one [`Report`] and hands it to [`emit`].
//!
//! A reader that stops early (`redline-cli … | head`) closes the pipe: the rest of the
//! output is dropped quietly, as other Unix tools do, and the command's exit code stands.

use std::io::{self, Write};

use serde::Serialize;

/// The output format chosen on the command line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// Text for a person at a terminal.
    Human,
    /// One JSON document for machines.
    Json,
}

/// A command's answer, printable both ways: JSON through serde, text through [`Report::human`].
pub trait Report: Serialize {
    /// The answer as text, ending with a newline.
    fn human(&self) -> String;
}

/// Prints `report` to standard output in `format`; a closed pipe is not an error.
pub fn emit(format: Format, report: &impl Report) -> io::Result<()> {
    let mut out = io::stdout().lock();
    let written = match format {
        Format::Human => out.write_all(report.human().as_bytes()),
        Format::Json => serde_json::to_writer_pretty(&mut out, report)
            .map_err(io::Error::from)
            .and_then(|()| writeln!(out)),
    }
    .and_then(|()| out.flush());
    quiet_on_closed_pipe(written)
}

/// Prints one line of text to standard output (the JSON error document); a closed pipe is
/// not an error.
pub fn print_line(text: &str) -> io::Result<()> {
    let mut out = io::stdout().lock();
    quiet_on_closed_pipe(writeln!(out, "{text}").and_then(|()| out.flush()))
}

/// `Ok` when the reader closed the pipe: what it wanted is printed, the rest is dropped.
fn quiet_on_closed_pipe(written: io::Result<()>) -> io::Result<()> {
    match written {
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => Ok(()),
        other => other,
    }
}

/// A probability as a percentage with two decimals: `0.525` → `52.50%`.
pub fn percent(probability: f64) -> String {
    format!("{:.2}%", probability * 100.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_closed_pipe_is_quiet_and_other_errors_are_not() {
        let pipe = io::Error::from(io::ErrorKind::BrokenPipe);
        assert!(quiet_on_closed_pipe(Err(pipe)).is_ok());
        let full = io::Error::from(io::ErrorKind::StorageFull);
        assert!(quiet_on_closed_pipe(Err(full)).is_err());
    }

    #[test]
    fn percent_rounds_to_two_decimals() {
        assert_eq!(percent(0.525), "52.50%");
        assert_eq!(percent(125.0 / 216.0), "57.87%");
        assert_eq!(percent(1.0), "100.00%");
    }
}
