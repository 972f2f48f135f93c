//! `redline-cli replay`: plays a saved replay again and checks every recorded state hash, the
//! determinism check of DESIGN §2. Also writes replay files for `sim --save-replays`.
//!
//! Exit codes: 0 when every hash matches, 1 when a step differs or is refused (named with its
//! command, expected and found hash), 2 when the file can't be read, isn't valid RON
//! (file:line:col) or is of another format version.

use std::fmt::Write as _;
use std::fs;
use std::io::{self, Write as _};
use std::path::{Path, PathBuf};

use clap::Args;
use redline_content::input::{ReplayFileError, TextError, read_replay};
use redline_rules::{Command, Outcome, REPLAY_VERSION, Replay, ReplayError, Setup};
use serde::Serialize;

use crate::exit::{CliError, CommandResult, Verdict};
use crate::output::{self, Format, Report};

const EXAMPLES: &str = "\
Examples:
  redline-cli sim --scenario street_claim --teams ashfall,tidewater --games 5 --save-replays runs/
  redline-cli replay runs/game-0.ron
  redline-cli replay runs/game-3.ron --json

A replay (RON) holds its format version, a label, the whole setup, the dice seed, the state
hash at the start and every command with the state hash right after it. `replay` plays the
commands again from the setup and seed and compares every hash. Steps are numbered from 0
(step 0 = the first command).

Exit codes: 0 every recorded hash matches; 1 a step led to another state or was refused
(the first such step is named, with its command, the expected and the found hash); 2 the
file can't be read, isn't valid RON (file:line:col) or has another format version.";

/// Arguments of `redline-cli replay`.
#[derive(Debug, Args)]
#[command(after_help = EXAMPLES)]
pub struct ReplayArgs {
    /// The replay file (RON), such as one written by `sim --save-replays`.
    file: PathBuf,
}

/// Runs `replay`.
pub fn run(args: &ReplayArgs, format: Format) -> CommandResult {
    let replay = read_replay_file(&args.file)?;
    let report = ReplayReport::new(&args.file, &replay);
    output::emit(format, &report)?;
    Ok(Verdict::failed_if(!report.verified))
}

/// Reads a replay file: exit 2 for a file that can't be read (not a regular file, larger
/// than the limit), bad RON (file:line:col), another format version or more commands than
/// the limit (docs/limits.md).
pub fn read_replay_file(path: &Path) -> Result<Replay, CliError> {
    match read_replay(path) {
        Ok(replay) => Ok(replay),
        Err(ReplayFileError::Input(e)) => {
            Err(CliError::bad_input(format!("cannot read replay file: {e}")))
        }
        Err(ReplayFileError::Replay(ReplayError::Version { found, supported })) => {
            Err(CliError::bad_input(format!(
                "{}: unsupported replay version {found}: this build reads version {supported} \
                 only (the file was written by another version of Redline)",
                path.display()
            ))
            .with_details(serde_json::json!({
                "file": path.display().to_string(),
                "version": found,
                "supported_version": supported,
            })))
        }
        Err(ReplayFileError::Replay(other)) => {
            Err(CliError::bad_input(format!("{}: {other}", path.display())))
        }
        Err(ReplayFileError::Text(TextError {
            line,
            column,
            message,
        })) => Err(CliError::bad_input(format!(
            "{}:{line}:{column}: not a readable replay: {message}",
            path.display()
        ))
        .with_details(serde_json::json!({
            "file": path.display().to_string(),
            "line": line,
            "column": column,
            "message": message,
        }))),
    }
}

/// Builds the replay of a game played from `setup` with dice `seed` and writes it to
/// `dir/game-<seed>.ron` atomically. Checks that replaying the commands ends on
/// `final_hash`, the hash the game itself ended on. Returns the path written.
pub fn save_game_replay(
    dir: &Path,
    setup: Setup,
    seed: u64,
    label: String,
    commands: &[Command],
    final_hash: u64,
) -> Result<PathBuf, String> {
    let replay = Replay::from_commands(setup, seed, label, commands)
        .map_err(|e| format!("cannot build the replay: {e}"))?;
    let end = replay.steps.last().map_or(replay.start_hash, |s| s.hash);
    if end != final_hash {
        return Err(format!(
            "the replay does not reproduce the game: it ends on state hash {end:016x}, the \
             game ended on {final_hash:016x}"
        ));
    }
    let text = replay
        .to_ron()
        .map_err(|e| format!("cannot write the replay as RON: {e}"))?;
    let path = dir.join(format!("game-{seed}.ron"));
    write_atomically(&path, text.as_bytes())
        .map_err(|e| format!("cannot save replay '{}': {e}", path.display()))?;
    Ok(path)
}

/// Writes `bytes` to `path` through a temporary file in the same folder that is then
/// renamed over it, so readers see the old file or the whole new one, never a part.
pub fn write_atomically(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let dir = path.parent().unwrap_or(Path::new("."));
    let name = path
        .file_name()
        .map_or_else(|| "replay".to_owned(), |n| n.to_string_lossy().into_owned());
    let temp = dir.join(format!(".{name}.{}.tmp", std::process::id()));
    let written = fs::File::create(&temp).and_then(|mut file| {
        file.write_all(bytes)?;
        file.sync_all()
    });
    let renamed = written.and_then(|()| fs::rename(&temp, path));
    if renamed.is_err() {
        let _ = fs::remove_file(&temp);
    }
    renamed
}

/// A state hash as printed everywhere: 16 hex digits.
fn hex(hash: u64) -> String {
    format!("{hash:016x}")
}

/// A command as compact RON, the way it is written in the file.
fn command_text(command: &Command) -> String {
    ron::to_string(command).unwrap_or_else(|_| format!("{command:?}"))
}

/// One player of the replay's setup.
#[derive(Debug, Serialize)]
struct PlayerRow {
    seat: usize,
    name: String,
    team: u8,
}

/// Why the replay does not reproduce.
#[derive(Debug, Serialize)]
struct ReplayFailure {
    /// `mismatch`, `refused`, `start_mismatch` or `setup`.
    kind: &'static str,
    /// The step (0 = first command); `null` for the start and the setup.
    step: Option<usize>,
    /// The recorded command of that step, as RON.
    command: Option<String>,
    /// The recorded hash.
    expected_hash: Option<String>,
    /// The hash this build reaches.
    got_hash: Option<String>,
    /// Why the engine refused the command or the setup.
    reason: Option<String>,
    /// The whole story in one sentence.
    message: String,
}

impl ReplayFailure {
    fn of(error: &ReplayError, replay: &Replay) -> ReplayFailure {
        let command = |step: usize| replay.steps.get(step).map(|s| command_text(&s.command));
        let mut failure = ReplayFailure {
            kind: "setup",
            step: None,
            command: None,
            expected_hash: None,
            got_hash: None,
            reason: None,
            message: String::new(),
        };
        match error {
            ReplayError::Mismatch {
                step,
                expected,
                found,
            } => {
                failure.kind = "mismatch";
                failure.step = Some(*step);
                failure.command = command(*step);
                failure.expected_hash = Some(hex(*expected));
                failure.got_hash = Some(hex(*found));
                failure.message = format!(
                    "step {step}: state hash differs: expected {}, got {}",
                    hex(*expected),
                    hex(*found)
                );
            }
            ReplayError::Refused { step, error } => {
                failure.kind = "refused";
                failure.step = Some(*step);
                failure.command = command(*step);
                failure.expected_hash = replay.steps.get(*step).map(|s| hex(s.hash));
                failure.reason = Some(error.to_string());
                failure.message = format!("step {step}: the engine refused the command: {error}");
            }
            ReplayError::StartMismatch { expected, found } => {
                failure.kind = "start_mismatch";
                failure.expected_hash = Some(hex(*expected));
                failure.got_hash = Some(hex(*found));
                failure.message = format!(
                    "the game starts in another state: expected start hash {}, got {}",
                    hex(*expected),
                    hex(*found)
                );
            }
            ReplayError::Setup(error) => {
                failure.reason = Some(error.to_string());
                failure.message = format!("the engine refused the replay's setup: {error}");
            }
            // `read_replay_file` already refused these; kept for completeness.
            ReplayError::Version { .. } | ReplayError::Parse(_) | ReplayError::TooLong { .. } => {
                failure.message = error.to_string();
            }
        }
        failure
    }
}

#[derive(Debug, Serialize)]
struct ReplayReport {
    file: String,
    version: u32,
    label: String,
    seed: u64,
    players: Vec<PlayerRow>,
    /// Commands recorded.
    steps: usize,
    /// Every recorded hash matched.
    verified: bool,
    /// Steps whose hash matched before the first failure (all of them when verified).
    steps_verified: usize,
    start_hash: String,
    /// The hash recorded after the last step (the start hash if there is none).
    recorded_final_hash: String,
    /// The hash this build ends on; `null` when the replay failed.
    final_hash: Option<String>,
    /// How the game ended; `null` when it did not (or the replay failed).
    outcome: Option<Outcome>,
    /// The outcome in words.
    outcome_text: String,
    /// Turns of Control taken; `null` when the replay failed.
    turns: Option<u32>,
    failure: Option<ReplayFailure>,
}

impl ReplayReport {
    fn new(file: &Path, replay: &Replay) -> ReplayReport {
        let players = replay
            .setup
            .players
            .iter()
            .enumerate()
            .map(|(seat, p)| PlayerRow {
                seat,
                name: p.name.clone(),
                team: p.team.0,
            })
            .collect();
        let recorded_final = replay.steps.last().map_or(replay.start_hash, |s| s.hash);
        let mut report = ReplayReport {
            file: file.display().to_string(),
            version: replay.version,
            label: replay.label.clone(),
            seed: replay.seed,
            players,
            steps: replay.steps.len(),
            verified: false,
            steps_verified: 0,
            start_hash: hex(replay.start_hash),
            recorded_final_hash: hex(recorded_final),
            final_hash: None,
            outcome: None,
            outcome_text: String::new(),
            turns: None,
            failure: None,
        };
        match replay.verify() {
            Ok(game) => {
                report.verified = true;
                report.steps_verified = replay.steps.len();
                report.final_hash = Some(hex(game.state_hash()));
                report.outcome = game.outcome().cloned();
                report.outcome_text = outcome_text(game.outcome(), &replay.setup);
                report.turns = Some(game.turns());
            }
            Err(error) => {
                report.steps_verified = match &error {
                    ReplayError::Mismatch { step, .. } | ReplayError::Refused { step, .. } => *step,
                    _ => 0,
                };
                report.outcome_text = "unknown (the replay failed)".to_owned();
                report.failure = Some(ReplayFailure::of(&error, replay));
            }
        }
        report
    }
}

/// The outcome in words: who won, a draw, or no outcome yet.
fn outcome_text(outcome: Option<&Outcome>, setup: &Setup) -> String {
    match outcome {
        Some(Outcome::Win { team, seats, .. }) => {
            let seats: Vec<String> = seats
                .iter()
                .map(|s| {
                    let name = setup
                        .players
                        .get(usize::from(s.0))
                        .map_or("?", |p| p.name.as_str());
                    format!("seat {} ({name})", s.0)
                })
                .collect();
            format!("team {} wins: {}", team.0, seats.join(", "))
        }
        Some(Outcome::Draw { .. }) => "draw".to_owned(),
        None => "none (the replay stops before the game ends)".to_owned(),
    }
}

impl Report for ReplayReport {
    fn human(&self) -> String {
        let mut text = format!("replay {}", self.file);
        if !self.label.is_empty() {
            let _ = write!(text, ": {}", self.label);
        }
        text.push('\n');
        let players: Vec<String> = self
            .players
            .iter()
            .map(|p| format!("{} {} (team {})", p.seat, p.name, p.team))
            .collect();
        let _ = writeln!(
            text,
            "format version {}, dice seed {}, seats: {}",
            self.version,
            self.seed,
            players.join(", ")
        );
        let _ = writeln!(
            text,
            "steps: {} ({} verified)",
            self.steps, self.steps_verified
        );
        match &self.failure {
            None => {
                let _ = writeln!(text, "outcome: {}", self.outcome_text);
                if let Some(turns) = self.turns {
                    let _ = writeln!(text, "turns: {turns}");
                }
                let _ = writeln!(
                    text,
                    "final state hash: {}",
                    self.final_hash.as_deref().unwrap_or("-")
                );
                let _ = writeln!(
                    text,
                    "OK: all {} recorded hashes match (format version {REPLAY_VERSION})",
                    self.steps + 1
                );
            }
            Some(f) => {
                let _ = writeln!(text, "FAILED: {}", f.message);
                if let Some(step) = f.step {
                    let _ = writeln!(text, "  step:     {step} (0 = the first command)");
                }
                if let Some(command) = &f.command {
                    let _ = writeln!(text, "  command:  {command}");
                }
                if let Some(expected) = &f.expected_hash {
                    let _ = writeln!(text, "  expected: {expected}");
                }
                if let Some(got) = &f.got_hash {
                    let _ = writeln!(text, "  got:      {got}");
                }
                if let Some(reason) = &f.reason {
                    let _ = writeln!(text, "  reason:   {reason}");
                }
                let _ = writeln!(
                    text,
                    "The replay does not reproduce with this build ({} of {} steps matched \
                     before this).",
                    self.steps_verified, self.steps
                );
            }
        }
        text
    }
}
