//! `redline-cli odds`: exact chances of one Opposed Roll, or the reference table of every
//! attacker colour against every defender die. All numbers come from `redline_rules::odds`.

use std::fmt::Write as _;
use std::io;

use clap::{Args, ValueEnum};
use redline_rules::card::Colour;
use redline_rules::dice::Die;
use redline_rules::odds::{Fraction, Odds, OddsQuery};
use serde::Serialize;

use crate::output::{self, Format, Report, percent};

const EXAMPLES: &str = "\
Examples:
  redline-cli odds --attacker green --attacker-mod 2 --defender yellow --defender-mod 1
  redline-cli odds --attacker yellow --defender obstacle --attacker-luck
  redline-cli odds --attacker red --defender green --defender-mod 2 --defender-luck --accurate --json
  redline-cli odds --hazard yellow --defender green --defender-mod 1
  redline-cli odds --table
  redline-cli odds --table --attacker-luck --json

Modifiers are totals: Skill (none if Unwieldy), penalties, Armor, +1 per cover, Defense X.
Luck is spent only when it strictly helps this roll, in the order of LUCK-4.";

/// Arguments of `redline-cli odds`.
#[derive(Debug, Args)]
#[command(after_help = EXAMPLES)]
pub struct OddsArgs {
    /// The attacker's die: the colour of the token it spends.
    #[arg(long, value_enum, required_unless_present_any = ["table", "hazard"])]
    attacker: Option<ActionColour>,

    /// Instead of an attacker, a Hazard of this colour (MOD-4): its die with nothing added,
    /// never re-rolled, against the model's token and Reflexes (the defender).
    #[arg(long, value_enum, conflicts_with_all = ["attacker", "attacker_mod", "attacker_luck", "accurate", "defender_control", "table"])]
    hazard: Option<ActionColour>,

    /// Everything added to the attacker's roll: Skill (0 if Unwieldy) and penalties.
    #[arg(long, default_value_t = 0, allow_negative_numbers = true)]
    attacker_mod: i16,

    /// The defender's die: the colour it defends with, or the Obstacle die.
    #[arg(long, value_enum, required_unless_present = "table")]
    defender: Option<DefenderDie>,

    /// Everything added to the defender's roll: Skill or Armor, cover, Defense X.
    #[arg(long, default_value_t = 0, allow_negative_numbers = true)]
    defender_mod: i16,

    /// The attacker's player may spend a Luck token on this roll.
    #[arg(long)]
    attacker_luck: bool,

    /// The defender's player may spend a Luck token on this roll.
    #[arg(long)]
    defender_luck: bool,

    /// The action is Accurate: the attacker may re-roll without Luck.
    #[arg(long)]
    accurate: bool,

    /// The defender's player holds Control (e.g. a [RE]action) and decides on Luck first.
    #[arg(long)]
    defender_control: bool,

    /// Print every attacker colour against every defender die instead of one roll.
    #[arg(long, conflicts_with_all = ["attacker", "defender"])]
    table: bool,
}

/// A token colour on the command line.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum, Serialize)]
#[serde(rename_all = "lowercase")]
enum ActionColour {
    Green,
    Yellow,
    Red,
}

impl ActionColour {
    const ALL: [ActionColour; 3] = [ActionColour::Green, ActionColour::Yellow, ActionColour::Red];

    fn die(self) -> Die {
        Die::Action(match self {
            ActionColour::Green => Colour::Green,
            ActionColour::Yellow => Colour::Yellow,
            ActionColour::Red => Colour::Red,
        })
    }
}

/// A defender's die on the command line.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum, Serialize)]
#[serde(rename_all = "lowercase")]
enum DefenderDie {
    Green,
    Yellow,
    Red,
    Obstacle,
}

impl DefenderDie {
    const ALL: [DefenderDie; 4] = [
        DefenderDie::Green,
        DefenderDie::Yellow,
        DefenderDie::Red,
        DefenderDie::Obstacle,
    ];

    fn die(self) -> Die {
        match self {
            DefenderDie::Green => ActionColour::Green.die(),
            DefenderDie::Yellow => ActionColour::Yellow.die(),
            DefenderDie::Red => ActionColour::Red.die(),
            DefenderDie::Obstacle => Die::Obstacle,
        }
    }
}

/// Runs `redline-cli odds`.
pub fn run(args: &OddsArgs, format: Format) -> io::Result<()> {
    let settings = Settings::from_args(args);
    match (args.table, args.attacker.or(args.hazard), args.defender) {
        (false, Some(attacker), Some(defender)) => {
            output::emit(format, &RollReport::new(settings, attacker, defender))
        }
        // clap requires both dice unless --table is given.
        _ => output::emit(format, &TableReport::new(settings)),
    }
}

/// Everything about the roll except the two dice.
#[derive(Debug, Clone, Copy, Serialize)]
struct Settings {
    attacker_mod: i16,
    defender_mod: i16,
    attacker_luck: bool,
    defender_luck: bool,
    accurate: bool,
    attacker_has_control: bool,
    /// The attacker is a Hazard (MOD-4).
    hazard: bool,
}

impl Settings {
    fn from_args(args: &OddsArgs) -> Self {
        Settings {
            attacker_mod: args.attacker_mod,
            defender_mod: args.defender_mod,
            attacker_luck: args.attacker_luck,
            defender_luck: args.defender_luck,
            accurate: args.accurate,
            attacker_has_control: !args.defender_control && args.hazard.is_none(),
            hazard: args.hazard.is_some(),
        }
    }

    fn query(&self, attacker: ActionColour, defender: DefenderDie) -> OddsQuery {
        if self.hazard {
            let (die, modifier) = (defender.die(), self.defender_mod);
            return OddsQuery::hazard(attacker.die(), die, modifier, self.defender_luck);
        }
        OddsQuery {
            actor_luck: self.attacker_luck,
            opposer_luck: self.defender_luck,
            actor_accurate: self.accurate,
            actor_has_control: self.attacker_has_control,
            ..OddsQuery::new(
                attacker.die(),
                self.attacker_mod,
                defender.die(),
                self.defender_mod,
            )
        }
    }

    fn any_luck(&self) -> bool {
        self.attacker_luck || self.defender_luck
    }

    fn describe(&self) -> String {
        let mut parts = Vec::new();
        if self.attacker_luck {
            parts.push("attacker Luck");
        }
        if self.defender_luck {
            parts.push("defender Luck");
        }
        if self.accurate {
            parts.push("Accurate");
        }
        if parts.is_empty() {
            parts.push("no Luck");
        }
        if self.hazard {
            parts.insert(0, "a Hazard, MOD-4");
        }
        if !self.attacker_has_control && !self.hazard {
            parts.push("defender has Control");
        }
        parts.join(", ")
    }
}

/// The odds of one roll, both as floating point and exactly.
#[derive(Debug, Serialize)]
struct Chances {
    odds: Odds,
    exact: Odds<Fraction>,
}

impl Chances {
    fn of(query: OddsQuery) -> Self {
        let exact = query.exact_odds();
        Chances {
            odds: exact.map(Fraction::to_f64),
            exact,
        }
    }
}

/// The answer for one roll: without Luck, and with the Luck asked for.
#[derive(Debug, Serialize)]
struct RollReport {
    attacker: ActionColour,
    defender: DefenderDie,
    #[serde(flatten)]
    settings: Settings,
    without_luck: Chances,
    with_luck: Option<Chances>,
}

impl RollReport {
    fn new(settings: Settings, attacker: ActionColour, defender: DefenderDie) -> Self {
        let query = settings.query(attacker, defender);
        RollReport {
            attacker,
            defender,
            settings,
            without_luck: Chances::of(query.without_luck()),
            with_luck: settings.any_luck().then(|| Chances::of(query)),
        }
    }
}

impl Report for RollReport {
    fn human(&self) -> String {
        let s = &self.settings;
        let mut text = format!(
            "{} {:+} against {} {:+} ({})\n\n{:<14}{:<20}{:<20}{}\n",
            self.attacker.die().label(),
            s.attacker_mod,
            self.defender.die().label(),
            s.defender_mod,
            s.describe(),
            "",
            "Success",
            "Crit success",
            "Fumble",
        );
        let mut row = |label: &str, chances: &Chances| {
            let cell = |p: f64, f: Fraction| format!("{} ({f})", percent(p));
            let (odds, exact) = (&chances.odds, &chances.exact);
            let _ = writeln!(
                text,
                "{label:<14}{:<20}{:<20}{}",
                cell(odds.success, exact.success),
                cell(odds.crit_success, exact.crit_success),
                cell(odds.fumble, exact.fumble),
            );
            let attacker_source = if s.accurate { "Accurate" } else { "Luck" };
            let rerolls = [
                (
                    "attacker",
                    attacker_source,
                    odds.actor_reroll,
                    odds.actor_lucky_streak,
                ),
                (
                    "defender",
                    "Luck",
                    odds.opposer_reroll,
                    odds.opposer_lucky_streak,
                ),
            ];
            for (side, source, reroll, streak) in rerolls {
                if reroll > 0.0 {
                    let _ = write!(
                        text,
                        "{:14}{side} re-rolls ({source}) {}",
                        "",
                        percent(reroll)
                    );
                    if source == "Luck" {
                        let _ =
                            write!(text, ", Lucky Streak returns the token {}", percent(streak));
                    }
                    text.push('\n');
                }
            }
        };
        row("without Luck", &self.without_luck);
        if let Some(with_luck) = &self.with_luck {
            row("with Luck", with_luck);
        }
        text.push_str(
            "\nTies go to the defender. Each side spends Luck only when it strictly helps,\n\
             the player with Control deciding first (LUCK-4).\n",
        );
        text
    }
}

/// One cell of the reference table.
#[derive(Debug, Serialize)]
struct Cell {
    attacker: ActionColour,
    defender: DefenderDie,
    #[serde(flatten)]
    chances: Chances,
}

/// Every attacker colour against every defender die, with the same modifiers and Luck.
#[derive(Debug, Serialize)]
struct TableReport {
    #[serde(flatten)]
    settings: Settings,
    cells: Vec<Cell>,
}

impl TableReport {
    fn new(settings: Settings) -> Self {
        let cells = ActionColour::ALL
            .into_iter()
            .flat_map(|attacker| {
                DefenderDie::ALL.into_iter().map(move |defender| Cell {
                    attacker,
                    defender,
                    chances: Chances::of(settings.query(attacker, defender)),
                })
            })
            .collect();
        TableReport { settings, cells }
    }
}

impl Report for TableReport {
    fn human(&self) -> String {
        let s = &self.settings;
        let mut text = format!(
            "Chance the attacker succeeds: attacker {:+} against defender {:+}, {}.\n\
             Rows: attacker's die. Columns: defender's die.\n\n{:<12}",
            s.attacker_mod,
            s.defender_mod,
            s.describe(),
            "",
        );
        let mut line: String = DefenderDie::ALL
            .iter()
            .map(|defender| format!("{:<18}", defender.die().label()))
            .collect();
        text.push_str(line.trim_end());
        for attacker in ActionColour::ALL {
            line = format!("{:<12}", attacker.die().label());
            for cell in self.cells.iter().filter(|cell| cell.attacker == attacker) {
                let exact = cell.chances.exact.success;
                let entry = format!("{} {exact}", percent(exact.to_f64()));
                let _ = write!(line, "{entry:<18}");
            }
            text.push('\n');
            text.push_str(line.trim_end());
        }
        text.push_str(
            "\n\nTies go to the defender; against the Obstacle die the attacker fails ties.\n",
        );
        text
    }
}
