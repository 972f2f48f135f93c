//! What `redline-cli script` prints: every step with the events it caused and the checks it
//! ran, then the final state, as text or as one JSON document.

use std::fmt::Write as _;

use redline_rules::{ActionCommand, Command, DefenceBonus, Game, Target};
use serde::Serialize;
use serde_json::Value;

use super::build::Cast;
use super::check::{Diff, describe, outcome_text, point, token_list, token_state};
use super::locate::Position;
use super::plan::PlannedCheck;
use super::tree::render;
use crate::output::Report;

/// One event, as text and as the engine's value.
#[derive(Debug, Serialize)]
pub struct EventRow {
    /// In RON style, with labels.
    pub text: String,
    /// The engine's event.
    pub event: Value,
}

/// One check and whether it held.
#[derive(Debug, Serialize)]
pub struct CheckRow {
    /// Where it is written.
    #[serde(flatten)]
    pub at: Position,
    /// The check as written.
    pub check: String,
    /// Whether it held.
    pub ok: bool,
    /// What was expected and found, when it failed.
    pub diff: Option<Diff>,
}

impl CheckRow {
    /// The row for a check and its result.
    pub fn new(check: &PlannedCheck, result: Result<(), Diff>, cast: &Cast) -> CheckRow {
        CheckRow {
            at: check.at,
            check: describe(&check.check, cast),
            ok: result.is_ok(),
            diff: result.err(),
        }
    }
}

/// One step as played.
#[derive(Debug, Serialize)]
pub struct StepRow {
    /// Where it is written.
    #[serde(flatten)]
    pub at: Position,
    /// `command`, `refused`, `load_dice` or `expect`.
    pub kind: &'static str,
    /// The player who answered the decision.
    pub player: Option<String>,
    /// The step in words.
    pub text: String,
    /// The engine's command, if the step is one.
    pub command: Option<Value>,
    /// What the command made happen.
    pub events: Vec<EventRow>,
    /// The checks of an `Expect` step (or a `Refused` one).
    pub checks: Vec<CheckRow>,
}

/// One model at the end.
#[derive(Debug, Serialize)]
pub struct ModelRow {
    /// Its label.
    pub label: String,
    /// Card name.
    pub name: String,
    /// Card or profile id.
    pub card: String,
    /// Owner's name.
    pub owner: String,
    /// Where it stands.
    pub at: [f32; 3],
    /// Still on the table.
    pub in_play: bool,
    /// Every token RED.
    pub red_lined: bool,
    /// Tokens as a check writes them.
    pub tokens: String,
    /// Hacked tokens.
    pub hacked: u8,
}

/// One player at the end.
#[derive(Debug, Serialize)]
pub struct PlayerRow {
    /// Name.
    pub name: String,
    /// Team number.
    pub team: u8,
    /// Luck tokens left.
    pub luck: u8,
}

/// The game at the end of the script.
#[derive(Debug, Serialize)]
pub struct StateRow {
    /// Who has Control.
    pub control: String,
    /// The Active Model, if any.
    pub active: Option<String>,
    /// The pending decision in words; `None` once the game is over.
    pub decision: Option<String>,
    /// How the game ended, in words.
    pub outcome: String,
    /// The engine's outcome.
    pub outcome_value: Value,
    /// Turns of Control taken.
    pub turns: u32,
    /// Loaded faces not rolled.
    pub dice_left: usize,
    /// Body tokens on the table: (number, whose, where).
    pub bodies: Vec<(u16, String, [f32; 3])>,
    /// The players.
    pub players: Vec<PlayerRow>,
    /// The models.
    pub models: Vec<ModelRow>,
    /// [`Game::state_hash`], 16 hex digits.
    pub hash: String,
}

impl StateRow {
    /// The state of `game`.
    pub fn of(game: &Game, cast: &Cast) -> StateRow {
        let players = (0..cast.players.len())
            .map(|s| {
                let seat = redline_rules::Seat(s as u8);
                PlayerRow {
                    name: cast.player_name(seat),
                    team: game.team_of(seat).0,
                    luck: game.luck(seat),
                }
            })
            .collect();
        let models = (0..game.model_count())
            .map(|i| {
                let m = redline_rules::ModelId(i as u16);
                let profile = game.profile(m);
                let tokens: Vec<_> = game.tokens(m).iter().map(token_state).collect();
                ModelRow {
                    label: cast.model_label(m),
                    name: profile.name.clone(),
                    card: profile.card_id.clone(),
                    owner: cast.player_name(game.owner(m)),
                    at: game.position(m),
                    in_play: game.in_play(m),
                    red_lined: game.red_lined(m),
                    tokens: if profile.is_character() {
                        token_list(&tokens)
                    } else {
                        format!(
                            "Gonk ({:?})",
                            profile
                                .gonk_colour
                                .unwrap_or(redline_rules::card::Colour::Red)
                        )
                    },
                    hacked: game.hacked(m),
                }
            })
            .collect();
        StateRow {
            control: cast.player_name(game.control()),
            active: game.active_model().map(|m| cast.model_label(m)),
            decision: game.decision().map(|d| {
                let kind = serde_json::to_value(&d.kind).unwrap_or(Value::Null);
                format!(
                    "{} decides: {}",
                    cast.player_name(d.seat),
                    render(&kind, cast)
                )
            }),
            outcome: outcome_text(game.outcome(), cast),
            outcome_value: serde_json::to_value(game.outcome()).unwrap_or(Value::Null),
            turns: game.turns(),
            dice_left: game.loaded_dice_left(),
            bodies: game
                .bodies()
                .into_iter()
                .map(|(b, m, at)| (b.0, cast.model_label(m), at))
                .collect(),
            players,
            models,
            hash: format!("{:016x}", game.state_hash()),
        }
    }
}

/// The whole run.
#[derive(Debug, Serialize)]
pub struct ScriptReport {
    /// The script file.
    pub file: String,
    /// Its title.
    pub title: String,
    /// The dice seed.
    pub seed: u64,
    /// Loaded faces at the start.
    pub loaded_dice: usize,
    /// Every step played.
    pub steps: Vec<StepRow>,
    /// The final `expect` list.
    pub final_checks: Vec<CheckRow>,
    /// The game at the end.
    pub state: StateRow,
    /// Checks run.
    pub checks: usize,
    /// Checks that failed.
    pub failed: usize,
    /// Every check held.
    pub ok: bool,
    /// Why the script stopped before its end (a command the engine refused).
    pub stopped: Option<String>,
}

impl ScriptReport {
    /// Counts the checks once every step has run.
    pub fn finish(&mut self) {
        let all = self
            .steps
            .iter()
            .flat_map(|s| &s.checks)
            .chain(&self.final_checks);
        let (checks, failed) = all.fold((0, 0), |(n, f), c| (n + 1, f + usize::from(!c.ok)));
        self.checks = checks;
        self.failed = failed;
        self.ok = failed == 0;
    }
}

impl Report for ScriptReport {
    fn human(&self) -> String {
        let mut text = format!("script {}", self.file);
        if !self.title.is_empty() {
            let _ = write!(text, ": {}", self.title);
        }
        let _ = writeln!(
            text,
            "\nseed {}, {} loaded dice\n",
            self.seed, self.loaded_dice
        );
        for step in &self.steps {
            let at = step.at.to_string();
            let who = step
                .player
                .as_ref()
                .map_or_else(String::new, |p| format!("{p}: "));
            let _ = writeln!(text, "{at:<8}{who}{}", step.text);
            for event in &step.events {
                let _ = writeln!(text, "{:<10}{}", "", event.text);
            }
            write_checks(&mut text, &step.checks, 10);
        }
        let s = &self.state;
        let _ = writeln!(text, "\nfinal state after {} turns: {}", s.turns, s.outcome);
        let _ = writeln!(
            text,
            "  Control: {}; active model: {}",
            s.control,
            s.active.as_deref().unwrap_or("none")
        );
        if let Some(d) = &s.decision {
            let _ = writeln!(text, "  waiting for: {d}");
        }
        for player in &s.players {
            let _ = writeln!(
                text,
                "  {} (team {}): Luck {}",
                player.name, player.team, player.luck
            );
            for m in s.models.iter().filter(|m| m.owner == player.name) {
                let place = if m.in_play {
                    point(m.at)
                } else {
                    "taken out".to_owned()
                };
                let mut line =
                    format!("    {:<14}{:<22}{:<20}{}", m.label, m.name, place, m.tokens);
                if m.hacked > 0 {
                    let _ = write!(line, " hacked {}", m.hacked);
                }
                let _ = writeln!(text, "{}", line.trim_end());
            }
        }
        for (body, whose, at) in &s.bodies {
            let _ = writeln!(text, "  Body {body} ({whose}) at {}", point(*at));
        }
        let _ = writeln!(
            text,
            "  loaded dice left: {}; state hash: {}",
            s.dice_left, s.hash
        );
        if !self.final_checks.is_empty() {
            let _ = writeln!(text, "\nfinal checks");
            write_checks(&mut text, &self.final_checks, 2);
        }
        if let Some(why) = &self.stopped {
            let _ = writeln!(text, "\nSTOPPED: {why}");
        } else if self.ok {
            let _ = writeln!(text, "\nOK: all {} checks hold", self.checks);
        } else {
            let _ = writeln!(
                text,
                "\nFAILED: {} of {} checks do not hold",
                self.failed, self.checks
            );
        }
        text
    }
}

fn write_checks(text: &mut String, checks: &[CheckRow], indent: usize) {
    for check in checks {
        let mark = if check.ok { "ok" } else { "FAILED" };
        let _ = writeln!(text, "{:indent$}{} {mark}: {}", "", check.at, check.check);
        if let Some(diff) = &check.diff {
            let _ = writeln!(text, "{:indent$}  expected: {}", "", diff.expected);
            let mut lines = diff.found.lines();
            let _ = writeln!(
                text,
                "{:indent$}  found:    {}",
                "",
                lines.next().unwrap_or("")
            );
            for line in lines {
                let _ = writeln!(text, "{:indent$}            {line}", "");
            }
        }
    }
}

/// A command in words, read against the game just before it.
pub fn describe_command(game: &Game, command: &Command, cast: &Cast) -> String {
    let m = |id| cast.model_label(id);
    match command {
        Command::Activate { model } => format!("activate {}", m(*model)),
        Command::Inspire { seat } => format!("Inspire {}'s team", cast.player_name(*seat)),
        Command::Act(a) => action_text(game, a, cast),
        Command::React(a) => format!("[RE]act: {}", action_text(game, a, cast)),
        Command::EndActivation => "end the activation".into(),
        Command::SkipGonk { model } => format!("{} holds", m(*model)),
        Command::Defend(d) => {
            let token = d
                .token
                .map_or_else(|| "its card colour".to_owned(), |t| format!("token {t}"));
            let bonus = match d.bonus {
                DefenceBonus::Skill => "Skill".to_owned(),
                DefenceBonus::CardArmor => "card Armor".to_owned(),
                DefenceBonus::GearArmor(g) => format!("Gear Armor {g}"),
            };
            format!("defend with {token} + {bonus}")
        }
        Command::Reroll => "spend Luck to re-roll".into(),
        Command::KeepRoll => "keep the roll".into(),
        Command::DeclineReaction => "no [RE]action".into(),
        Command::AllocateWound { token } => format!("the extra wound goes on token {token}"),
        Command::HealToken { token } => format!("heal token {token}"),
        Command::ChooseOpposer { model } => format!("{} opposes", m(*model)),
        Command::ChooseAffected { model } => format!("the shot affects {}", m(*model)),
        Command::Deploy { model, at } => format!("place {} at {}", m(*model), point(*at)),
        Command::EndDeployment => "end the deployment".into(),
        Command::PlaceSecurity(p) => security_placement(p),
        Command::EndSecurity => "end the security step".into(),
        Command::FaceBlast { model } => format!("{} stays and faces the Blast", m(*model)),
        Command::EscapeBlast {
            model,
            token,
            route,
        } => {
            let points: Vec<String> = route.iter().map(|p| point(*p)).collect();
            format!(
                "{} escapes the Blast with token {token} to {}",
                m(*model),
                points.join(" → ")
            )
        }
        Command::PlaceImpact { at } => format!("put the Impact token down at {}", point(*at)),
        Command::SentryFires { sentry, target } => {
            format!("{} fires at {}", m(*sentry), m(*target))
        }
        other => format!("{other:?}"),
    }
}

fn action_text(game: &Game, a: &ActionCommand, cast: &Cast) -> String {
    let name = game
        .action(a.model, a.action)
        .map_or_else(|| format!("action {}", a.action), |d| d.name.clone());
    let token = a
        .token
        .map_or_else(String::new, |t| format!(" with token {t}"));
    let target = match &a.target {
        Target::None => String::new(),
        Target::Model(t) => format!(" at {}", cast.model_label(*t)),
        Target::Route(route) => {
            let points: Vec<String> = route.iter().map(|p| point(*p)).collect();
            format!(" to {}", points.join(" → "))
        }
        Target::Body(b) => format!(" on Body {}", b.0),
        Target::Drag { model, route, drop } => {
            let points: Vec<String> = route.iter().map(|p| point(*p)).collect();
            format!(
                " dragging {} via {} and dropping it at {}",
                cast.model_label(*model),
                points.join(" → "),
                point(*drop)
            )
        }
        Target::Point(p) => format!(" at {}", point(*p)),
        Target::Marker(k) => format!(" at marker {k}"),
        Target::DragObject {
            object,
            route,
            shift,
        } => {
            let points: Vec<String> = route.iter().map(|p| point(*p)).collect();
            format!(
                " dragging {} via {} and shifting it by ({}, {})",
                game.battlespace()
                    .piece_name(redline_battlespace::SceneryId(*object)),
                points.join(" → "),
                shift[0],
                shift[1]
            )
        }
        Target::Scenery { part, section } => format!(
            " at section {section} of {}",
            game.setup()
                .battlespace
                .piece_name(redline_battlespace::SceneryId(*part))
        ),
        Target::Opening { piece, opening } => format!(
            " at opening {opening} of {}",
            game.setup()
                .battlespace
                .piece_name(redline_battlespace::SceneryId(*piece))
        ),
    };
    format!("{}: {name}{token}{target}", cast.model_label(a.model))
}

/// A security placement in words (SEC-2).
fn security_placement(p: &redline_rules::security::SecurityPlacement) -> String {
    use redline_rules::security::SecurityPlacement as P;
    match *p {
        P::Lock {
            piece,
            opening,
            grade,
        } => format!("lock opening {opening} of piece {piece} ({})", grade.name()),
        P::Sentry {
            at,
            facing_deg,
            rapid,
            optics,
        } => {
            let rapid = if rapid { ", Rapid 2" } else { "" };
            let optics = if optics { ", optics" } else { "" };
            format!(
                "place a sentry at {} facing {facing_deg}°{rapid}{optics}",
                point(at)
            )
        }
        P::Fence { kind, from, to } => format!(
            "put up a {kind:?} fence section from ({}, {}) to ({}, {})",
            from[0], from[1], to[0], to[1]
        ),
    }
}
