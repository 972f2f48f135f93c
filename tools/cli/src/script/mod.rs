//! `redline-cli script FILE.ron`: plays a game script — a table, players and models placed by
//! hand, loaded dice, commands and checks — and reports every event, the final state and
//! whether every check held. The format is documented in `docs/scripts.md`.
//!
//! Exit codes: 0 every check holds; 1 a check failed (with what was expected and found);
//! 2 the script itself is wrong: it can't be read, isn't valid RON, names an unknown card,
//! label, player or action, or gives a command the engine refuses (file:line:col, and the
//! engine's reason with its rule ID).

mod actions;
mod build;
mod check;
mod doc;
mod format;
mod late;
mod locate;
mod plan;
mod report;
mod tree;
mod variants;

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::{Path, PathBuf};

use clap::Args;
use redline_rules::{Command, DecisionKind, Game, ModelId, RuleError};
use ron::extensions::Extensions;
use serde_json::Value;

use crate::exit::{CliError, CommandResult, Verdict};
use crate::output::{self, Format};
use crate::packs;
use check::{Scope, evaluate};
use doc::Doc;
use format::Script;
use late::{Entries, command_models};
use locate::Position;
use plan::{Plan, Planned, PlannedCheck, PlannedStep};
use report::{CheckRow, EventRow, ScriptReport, StateRow, StepRow, describe_command};

const EXAMPLES: &str = "\
Examples:
  redline-cli script tests/scripts/ex_11_ready_yellow_defence.ron
  redline-cli script my_duel.ron --json
  redline-cli --pack my_pack/ script uses_my_cards.ron

A script sets a table, players and models (pack cards or profiles written in the script),
loaded dice, then steps: commands (`Activate(\"boss\")`, `Act(model: \"boss\", action: \"ranged\",
token: 1, at: \"target\")`, `Defend(token: 0)`, `Keep`, ... or `Engine(...)` as a replay file
writes them) and `Expect([...])` checks on the events of the last command and the state.
The format: docs/scripts.md.

Exit codes: 0 every check holds; 1 a check failed (expected and found are printed); 2 the
script is wrong: unreadable, bad RON, an unknown card, label, player or action, or a command
the engine refuses (each with file:line:col).";

/// Arguments of `redline-cli script`.
#[derive(Debug, Args)]
#[command(after_help = EXAMPLES)]
pub struct ScriptArgs {
    /// The script file (RON).
    file: PathBuf,
}

/// A mistake in the script itself, with where it is.
#[derive(Debug, Clone)]
pub struct ScriptError {
    /// The file.
    pub file: String,
    /// Where.
    pub position: Position,
    /// What is wrong.
    pub message: String,
}

impl From<ScriptError> for CliError {
    fn from(e: ScriptError) -> CliError {
        CliError::bad_input(format!("{}:{}: {}", e.file, e.position, e.message)).with_details(
            serde_json::json!({
                "file": e.file,
                "line": e.position.line,
                "column": e.position.column,
                "message": e.message,
            }),
        )
    }
}

/// Runs `script`.
pub fn run(args: &ScriptArgs, pack: Option<&Path>, format: Format) -> CommandResult {
    let text = redline_content::input::read_text(&args.file, redline_content::limits::SMALL_FILE)
        .map_err(|e| CliError::bad_input(format!("cannot read script file: {e}")))?;
    let doc = Doc {
        path: &args.file,
        text: &text,
    };
    let script = parse(&doc)?;
    let catalog = packs::catalog(pack)?;
    let (setup, cast) = build::build(&doc, &script, &catalog)?;
    let game = Game::new(setup, script.seed)
        .map_err(|e| doc.error(&[locate::Seg::Field("players")], e.to_string()))?;
    let Plan {
        steps,
        checks: final_checks,
        cast,
        late,
    } = plan::plan(&doc, &script.steps, &script.expect, &cast, &game)?;

    let mut report = ScriptReport {
        file: args.file.display().to_string(),
        title: script.title.clone(),
        seed: script.seed,
        loaded_dice: script.dice.len(),
        steps: Vec::new(),
        final_checks: Vec::new(),
        state: StateRow::of(&game, &cast),
        checks: 0,
        failed: 0,
        ok: true,
        stopped: None,
    };
    let mut runner = Runner {
        game,
        cast: &cast,
        last: Vec::new(),
        all: Vec::new(),
        late: Entries::new(&late),
    };
    for step in &steps {
        match runner.step(step) {
            Ok(row) => report.steps.push(row),
            Err(stop) => {
                report.state = StateRow::of(&runner.game, &cast);
                report.finish();
                return Err(stop.into_error(&doc, step.at, report, format));
            }
        }
    }
    let scope = Scope {
        events: &runner.all,
        name: "the script",
    };
    report.final_checks = final_checks
        .iter()
        .map(|c| CheckRow::new(c, runner.evaluate(c, &scope), &cast))
        .collect();
    report.state = StateRow::of(&runner.game, &cast);
    report.finish();
    output::emit(format, &report)?;
    Ok(Verdict::failed_if(!report.ok))
}

/// Parses the script: bad RON is bad input at the position `ron` reports.
fn parse(doc: &Doc<'_>) -> Result<Script, CliError> {
    // `implicit_some` lets a script write `token: 1` for `Some(1)`; commands copied from a
    // replay file (`token: Some(1)`) still read the same.
    let options = ron::Options::default().with_default_extension(Extensions::IMPLICIT_SOME);
    redline_content::input::parse_ron::<Script>(doc.text, options).map_err(|e| {
        let position = Position {
            line: e.line,
            column: e.column,
        };
        doc.error_at(position, format!("not a valid script: {}", e.message))
            .into()
    })
}

/// Why the run stopped before the end.
enum Stop {
    /// The engine refused a command.
    Refused {
        command: String,
        decision: Option<String>,
        error: RuleError,
        /// Why, in the script's terms, when the engine's reason alone would puzzle.
        hint: Option<String>,
    },
    /// The engine panicked: a bug in the engine, not in the script.
    Panicked { command: String, message: String },
    /// The game went another way than the script says (a drone it names was not deployed).
    Script { message: String },
}

impl Stop {
    fn into_error(
        self,
        doc: &Doc<'_>,
        at: Position,
        mut report: ScriptReport,
        format: Format,
    ) -> CliError {
        report.stopped = Some(match &self {
            Stop::Refused { .. } => format!("the engine refused the step at {at} (see below)"),
            Stop::Panicked { .. } => format!("the engine panicked on the step at {at}"),
            Stop::Script { .. } => format!("the script stopped at {at} (see below)"),
        });
        if format == Format::Human {
            // What happened before the stop helps to see why.
            let _ = output::emit(format, &report);
        }
        let report = serde_json::to_value(&report).unwrap_or(Value::Null);
        match self {
            Stop::Refused {
                command,
                decision,
                error,
                hint,
            } => {
                let waiting = decision
                    .map(|d| format!("\n  the game was waiting for: {d}"))
                    .unwrap_or_else(|| "\n  the game is over".to_owned());
                let reason = match &hint {
                    Some(hint) => format!("{hint}\n  the engine says: {}", error.message),
                    None => error.message.clone(),
                };
                let e: CliError = doc
                    .error_at(
                        at,
                        format!(
                            "the engine refuses `{command}`: {reason} ({}){waiting}",
                            error.rule
                        ),
                    )
                    .into();
                e.with_details(serde_json::json!({
                    "file": doc.path.display().to_string(),
                    "line": at.line,
                    "column": at.column,
                    "command": command,
                    "rule": error.rule.id(),
                    "reason": error.message,
                    "hint": hint,
                    "report": report,
                }))
            }
            Stop::Script { message } => {
                let e: CliError = doc.error_at(at, message.clone()).into();
                e.with_details(serde_json::json!({
                    "file": doc.path.display().to_string(),
                    "line": at.line,
                    "column": at.column,
                    "message": message,
                    "report": report,
                }))
            }
            Stop::Panicked { command, message } => CliError::failure(format!(
                "{}:{at}: the engine panicked on `{command}`: {message}",
                doc.path.display()
            ))
            .with_details(serde_json::json!({ "report": report })),
        }
    }
}

/// The game being played and the events so far.
struct Runner<'a> {
    game: Game,
    cast: &'a build::Cast,
    /// Events of the last command, as trees.
    last: Vec<Value>,
    /// Every event of the script, as trees.
    all: Vec<Value>,
    /// The models the script's steps bring into play, and which have.
    late: Entries<'a>,
}

impl Runner<'_> {
    fn step(&mut self, step: &PlannedStep) -> Result<StepRow, Stop> {
        let mut row = StepRow {
            at: step.at,
            kind: "command",
            player: None,
            text: String::new(),
            command: None,
            events: Vec::new(),
            checks: Vec::new(),
        };
        match &step.step {
            Planned::Command(command) => {
                self.require_in_play(&command_models(command))?;
                row.player = self.decider();
                row.text = describe_command(&self.game, command, self.cast);
                row.command = serde_json::to_value(command).ok();
                if let Some(k) = step.launches {
                    self.late.launched(k);
                }
                let events = self.apply(command, &row.text)?;
                self.late
                    .entered_play(&events)
                    .map_err(|message| Stop::Script { message })?;
                self.last = events
                    .iter()
                    .map(|e| serde_json::to_value(e).unwrap_or(Value::Null))
                    .collect();
                self.all.extend(self.last.iter().cloned());
                row.events = self
                    .last
                    .iter()
                    .map(|e| EventRow {
                        text: tree::render(e, self.cast),
                        event: e.clone(),
                    })
                    .collect();
            }
            Planned::Refused {
                command,
                rule,
                says,
            } => {
                self.require_in_play(&command_models(command))?;
                row.kind = "refused";
                row.player = self.decider();
                let text = describe_command(&self.game, command, self.cast);
                row.text = format!("must be refused: {text}");
                row.command = serde_json::to_value(command).ok();
                let result = match self.game.check(command) {
                    Ok(()) => Err(check::Diff {
                        expected: format!(
                            "the engine refuses it{}",
                            rule.as_ref()
                                .map_or_else(String::new, |r| format!(" ({r})"))
                        ),
                        found: "the engine accepts it".into(),
                    }),
                    Err(e) if rule.as_ref().is_some_and(|r| *r != e.rule.id()) => {
                        Err(check::Diff {
                            expected: format!("a refusal citing {}", rule.as_deref().unwrap_or("")),
                            found: format!("{} ({})", e.message, e.rule),
                        })
                    }
                    Err(e)
                        if says.as_ref().is_some_and(|w| {
                            !e.message.to_lowercase().contains(&w.to_lowercase())
                        }) =>
                    {
                        Err(check::Diff {
                            expected: format!(
                                "a refusal saying \"{}\"",
                                says.as_deref().unwrap_or("")
                            ),
                            found: format!("{} ({})", e.message, e.rule),
                        })
                    }
                    Err(e) => {
                        row.events.push(EventRow {
                            text: format!("refused: {} ({})", e.message, e.rule),
                            event: Value::Null,
                        });
                        Ok(())
                    }
                };
                row.checks.push(report::CheckRow {
                    at: step.at,
                    check: "Refused".into(),
                    ok: result.is_ok(),
                    diff: result.err(),
                });
            }
            Planned::LoadDice(faces) => {
                row.kind = "load_dice";
                row.text = format!("load dice {faces:?}");
                self.game.load_dice(faces);
            }
            Planned::Expect(checks) => {
                row.kind = "expect";
                row.text = format!("expect ({} checks)", checks.len());
                let scope = Scope {
                    events: &self.last,
                    name: "the last command",
                };
                row.checks = checks
                    .iter()
                    .map(|c| CheckRow::new(c, self.evaluate(c, &scope), self.cast))
                    .collect();
            }
        }
        Ok(row)
    }

    /// A check, unless it names a model a step was to bring into play and did not.
    fn evaluate(&self, check: &PlannedCheck, scope: &Scope<'_>) -> Result<(), check::Diff> {
        let models = [check.model, check.other];
        match models
            .into_iter()
            .flatten()
            .find_map(|m| self.late.not_in_play_yet(m))
        {
            Some(why) => Err(check::Diff {
                expected: "a model in the game".into(),
                found: why,
            }),
            None => evaluate(check, &self.game, scope, self.cast),
        }
    }

    /// A command may name only models in the game.
    fn require_in_play(&self, models: &[ModelId]) -> Result<(), Stop> {
        match models.iter().find_map(|&m| self.late.not_in_play_yet(m)) {
            Some(message) => Err(Stop::Script { message }),
            None => Ok(()),
        }
    }

    fn decider(&self) -> Option<String> {
        self.game.decision().map(|d| self.cast.player_name(d.seat))
    }

    /// Why a command is refused when the engine answered for the player already: a defender
    /// with no real choice defends by itself, so no `ChooseDefence` is asked (ACT-10).
    fn hint(&self, command: &Command) -> Option<String> {
        let waiting_for_defence = matches!(
            self.game.decision().map(|d| &d.kind),
            Some(DecisionKind::ChooseDefence { .. })
        );
        // A defence chosen, or an opposed roll with a model's die after the actor's (a drone
        // defends with the Obstacle die and chooses nothing, LUCK-8).
        let defended = self.last.iter().any(|e| {
            e.get("DefenceChosen").is_some()
                || e["Rolled"]["dice"]
                    .as_array()
                    .is_some_and(|dice| dice.iter().skip(1).any(|d| !d["model"].is_null()))
        });
        (matches!(command, Command::Defend(_)) && !waiting_for_defence && defended).then(|| {
            "the engine defended by itself: no choice to make (the defender had one sensible \
             defence, so the last command rolled without asking; leave this `Defend` step out)"
                .to_owned()
        })
    }

    /// Applies a command; a refusal or an engine panic stops the script.
    fn apply(&mut self, command: &Command, text: &str) -> Result<Vec<redline_rules::Event>, Stop> {
        let hint = self.hint(command);
        let decision = self.game.decision().map(|d| {
            let kind = serde_json::to_value(&d.kind).unwrap_or(Value::Null);
            format!(
                "{} decides: {}",
                self.cast.player_name(d.seat),
                tree::render(&kind, self.cast)
            )
        });
        let game = &mut self.game;
        match catch_unwind(AssertUnwindSafe(|| game.apply(command.clone()))) {
            Ok(Ok(events)) => Ok(events),
            Ok(Err(error)) => Err(Stop::Refused {
                command: text.to_owned(),
                decision,
                error,
                hint,
            }),
            Err(panic) => Err(Stop::Panicked {
                command: text.to_owned(),
                message: panic
                    .downcast_ref::<String>()
                    .cloned()
                    .or_else(|| panic.downcast_ref::<&str>().map(|s| (*s).to_owned()))
                    .unwrap_or_else(|| "(no message)".to_owned()),
            }),
        }
    }
}
