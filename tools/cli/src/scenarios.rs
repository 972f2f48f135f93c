//! `redline-cli scenarios`: the scenarios of the loaded packs (players, layouts, EB limit,
//! who goes first, special rules, win conditions) and the ready table layouts.

use std::fmt::Write as _;
use std::path::Path;

use clap::Args;
use redline_content::Catalog;
use redline_content::schema::{
    Distance, FirstControl, Scenario, ScenarioRule, TeamFormat, WinCondition, Zone,
};
use redline_rules::card::Band;
use serde::Serialize;

use crate::exit::{CommandResult, Verdict};
use crate::output::{self, Format, Report};
use crate::packs;

const EXAMPLES: &str = "\
Examples:
  redline-cli scenarios
  redline-cli scenarios --players 4
  redline-cli --pack my_pack/ scenarios --json";

/// Arguments of `redline-cli scenarios`.
#[derive(Debug, Args)]
#[command(after_help = EXAMPLES)]
pub struct ScenariosArgs {
    /// Only scenarios for this many players.
    #[arg(long)]
    players: Option<u8>,
}

/// Runs `scenarios`.
pub fn run(args: &ScenariosArgs, pack: Option<&Path>, format: Format) -> CommandResult {
    let catalog = packs::catalog(pack)?;
    let report = ScenariosReport::new(&catalog, args.players);
    output::emit(format, &report)?;
    Ok(Verdict::Clean)
}

/// One scenario sheet, summarised.
#[derive(Debug, Serialize)]
struct ScenarioRow {
    id: String,
    name: String,
    players: u8,
    two_vs_two: bool,
    eb_limit: u32,
    /// `(x, z)` in inches.
    table: [f32; 2],
    layouts: Vec<String>,
    first_control: String,
    /// Each seat's deployment zone, in words.
    deployment: Vec<String>,
    special_rules: Vec<String>,
    /// The win conditions as data, as the pack writes them.
    win: Vec<WinCondition>,
    /// The same in words.
    win_text: Vec<String>,
    /// Each seat's side in a scenario with sides, in words: its role and what it alone
    /// wins by (empty in a symmetric scenario).
    sides: Vec<String>,
    /// Optional rule modules always on in it (MOD-1).
    modules_required: Vec<String>,
    /// Optional rule modules never on in it (MOD-1).
    modules_forbidden: Vec<String>,
}

/// One ready table.
#[derive(Debug, Serialize)]
struct LayoutRow {
    id: String,
    name: String,
    /// `(x, z)` in inches.
    size: [f32; 2],
    pieces: usize,
    /// Scenarios that suggest it.
    scenarios: Vec<String>,
}

/// One third force a game can switch on (THIRD-1).
#[derive(Debug, Serialize)]
struct ThirdForceRow {
    id: String,
    name: String,
    /// Its models' card names.
    members: Vec<String>,
    text: String,
}

#[derive(Debug, Serialize)]
struct ScenariosReport {
    scenarios: Vec<ScenarioRow>,
    layouts: Vec<LayoutRow>,
    third_forces: Vec<ThirdForceRow>,
}

impl ScenariosReport {
    fn new(catalog: &Catalog, players: Option<u8>) -> Self {
        let scenarios = catalog
            .scenarios
            .iter()
            .filter(|s| players.is_none_or(|p| p == s.players))
            .map(scenario_row)
            .collect();
        let layouts = catalog
            .layouts
            .iter()
            .map(|l| LayoutRow {
                id: l.id.clone(),
                name: l.name.clone(),
                size: l.size,
                pieces: l.pieces.len(),
                scenarios: catalog
                    .scenarios
                    .iter()
                    .filter(|s| s.setup.layouts.contains(&l.id))
                    .map(|s| s.id.clone())
                    .collect(),
            })
            .collect();
        let third_forces = catalog
            .third_forces
            .iter()
            .map(|f| ThirdForceRow {
                id: f.id.clone(),
                name: f.name.clone(),
                members: f
                    .members
                    .iter()
                    .map(|m| packs::card_name(catalog, m).to_owned())
                    .collect(),
                text: f.text.clone(),
            })
            .collect();
        ScenariosReport {
            scenarios,
            layouts,
            third_forces,
        }
    }
}

fn scenario_row(s: &Scenario) -> ScenarioRow {
    ScenarioRow {
        id: s.id.clone(),
        name: s.name.clone(),
        players: s.players,
        two_vs_two: s.teams == TeamFormat::TwoVsTwo,
        eb_limit: s.eb_limit,
        table: s.setup.table,
        layouts: s.setup.layouts.clone(),
        first_control: first_control(s.first_control),
        deployment: s
            .deployment
            .iter()
            .map(|d| format!("seat {} {}", d.seat, zone(d.zone)))
            .collect(),
        special_rules: s.special_rules.iter().map(|r| special_rule(*r)).collect(),
        win: s.win.clone(),
        win_text: s.win.iter().map(|w| win_condition(*w)).collect(),
        sides: s
            .sides
            .iter()
            .map(|d| {
                let wins: Vec<String> = d.win.iter().map(|w| win_condition(*w)).collect();
                format!("seat {} {:?}: {}", d.seat, d.role, wins.join("; or "))
            })
            .collect(),
        modules_required: s.modules.require.iter().map(|m| m.to_string()).collect(),
        modules_forbidden: s.modules.forbid.iter().map(|m| m.to_string()).collect(),
    }
}

fn first_control(first: FirstControl) -> String {
    match first {
        FirstControl::Seat(seat) => format!("seat {seat}"),
        FirstControl::LowestStreetCred => "lowest Street Cred, roll-off if equal".to_owned(),
        FirstControl::RollOff => "roll-off".to_owned(),
    }
}

fn band(band: Band) -> &'static str {
    match band {
        Band::Red => "RED",
        Band::Yellow => "YELLOW",
        Band::Green => "GREEN",
        Band::Long => "long range",
    }
}

fn distance(d: Distance) -> String {
    match d {
        Distance::Reach => "reach".to_owned(),
        Distance::Band(_) | Distance::Inches(_) => format!("{}\"", d.inches()),
    }
}

fn zone(zone: Zone) -> String {
    match zone {
        Zone::Edge { edge, within } => format!("within {} of the {edge:?} edge", distance(within)),
        Zone::Corner { corner, within } => {
            format!("within {} of the {corner:?} corner", distance(within))
        }
        Zone::Centre { within } => format!("within {} of the centre", distance(within)),
    }
}

fn special_rule(rule: ScenarioRule) -> String {
    match rule {
        ScenarioRule::MaxRange(b) => format!("no action targets beyond {}", band(b)),
        ScenarioRule::CarryMarkers => "markers can be carried".to_owned(),
        ScenarioRule::SearchMarkers => "markers can be searched for Loot".to_owned(),
        ScenarioRule::GonkReinforcements(n) => {
            format!("{n} Gonks come back once as reinforcements")
        }
        ScenarioRule::InspireLimit(n) => format!("ends after every seat has Inspired {n} times"),
        ScenarioRule::ExtraLuck(n) => format!("everyone starts with {n} extra Luck"),
    }
}

fn win_condition(win: WinCondition) -> String {
    let edge = |edge: Option<redline_content::schema::Edge>, default: &str| match edge {
        Some(edge) => format!("the {edge:?} edge"),
        None => default.to_owned(),
    };
    match win {
        WinCondition::LastStanding => "be the last team standing".to_owned(),
        WinCondition::TakeOutLeader => "take out the rival Leader".to_owned(),
        WinCondition::TakeOut(n) => format!("take out {n} rival models"),
        WinCondition::ControlQuarters(n) => {
            format!("control {n} table quarters at the end of your Inspire")
        }
        WinCondition::HoldMarkers(n) => format!("hold {n} markers at the end of your Inspire"),
        WinCondition::CarryMarkersOff { count, edge: e } => {
            format!("carry {count} markers off {}", edge(e, "your own edge"))
        }
        WinCondition::Escape { count, edge: e } => {
            format!(
                "move {count} models off {}",
                edge(e, "the far edge (any edge from the centre)")
            )
        }
        WinCondition::MostMarkersAtEnd => "hold the most markers when the game ends".to_owned(),
        WinCondition::HoldOut => {
            "still have a model in play when the round limit ends the game".to_owned()
        }
        WinCondition::MostRescuedAtEnd => {
            "save the most Downed friends (revived, or lying in your own zone) when the game ends"
                .to_owned()
        }
        WinCondition::MostQuartersAtEnd => {
            "control the most quarters when the game ends".to_owned()
        }
    }
}

/// `30"×22"`.
fn size(size: [f32; 2]) -> String {
    format!("{}\"×{}\"", size[0], size[1])
}

impl Report for ScenariosReport {
    fn human(&self) -> String {
        let mut text = String::from("Scenarios\n");
        for s in &self.scenarios {
            let players = if s.two_vs_two {
                "4 players, 2 vs 2".to_owned()
            } else {
                format!("{} players", s.players)
            };
            let _ = writeln!(
                text,
                "  {:<22}{:<24}{:<20}{} EB  table {}",
                s.id,
                s.name,
                players,
                s.eb_limit,
                size(s.table)
            );
            let _ = writeln!(text, "      layouts: {}", s.layouts.join(", "));
            let _ = writeln!(text, "      deployment: {}", s.deployment.join("; "));
            let _ = writeln!(text, "      first Control: {}", s.first_control);
            if !s.special_rules.is_empty() {
                let _ = writeln!(text, "      special rules: {}", s.special_rules.join("; "));
            }
            let _ = writeln!(text, "      win: {}", s.win_text.join("; or "));
            for side in &s.sides {
                let _ = writeln!(text, "      {side}");
            }
            if !s.modules_required.is_empty() || !s.modules_forbidden.is_empty() {
                let list = |l: &[String]| {
                    if l.is_empty() {
                        "none".to_owned()
                    } else {
                        l.join(", ")
                    }
                };
                let _ = writeln!(
                    text,
                    "      modules: requires {}; forbids {}",
                    list(&s.modules_required),
                    list(&s.modules_forbidden)
                );
            }
        }
        text.push_str("\nLayouts\n");
        for l in &self.layouts {
            let _ = writeln!(
                text,
                "  {:<22}{:<24}{:<10}{:>3} pieces  {}",
                l.id,
                l.name,
                size(l.size),
                l.pieces,
                l.scenarios.join(", ")
            );
        }
        if !self.third_forces.is_empty() {
            text.push_str("\nThird forces (sim and arena: --third-force <id>)\n");
        }
        for f in &self.third_forces {
            let _ = writeln!(text, "  {:<22}{:<24}{}", f.id, f.name, f.members.join(", "));
        }
        text
    }
}
