//! How every subcommand prints: text for people by default, one pretty JSON document with
//! `--json`. A command builds one [`Report`] and hands it to [`emit`].

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

/// Prints `report` to standard output in `format`.
pub fn emit(format: Format, report: &impl Report) -> io::Result<()> {
    let mut out = io::stdout().lock();
    match format {
        Format::Human => out.write_all(report.human().as_bytes())?,
        Format::Json => {
            serde_json::to_writer_pretty(&mut out, report)?;
            writeln!(out)?;
        }
    }
    out.flush()
}

/// A probability as a percentage with two decimals: `0.525` → `52.50%`.
pub fn percent(probability: f64) -> String {
    format!("{:.2}%", probability * 100.0)
}

#[cfg(test)]
mod tests {
    use super::percent;

    #[test]
    fn percent_rounds_to_two_decimals() {
        assert_eq!(percent(0.525), "52.50%");
        assert_eq!(percent(125.0 / 216.0), "57.87%");
        assert_eq!(percent(1.0), "100.00%");
    }
}
