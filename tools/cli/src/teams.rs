//! `redline-cli teams`: what each faction can hire (`list`), a legal team picked for a faction
//! and a budget (`quick`), and a team file checked against the TEAM rules (`check`). Costs and
//! violations come from `redline_content::team`, the same code as the app's team builder.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use clap::{Args, Subcommand};
use redline_content::game_size::GameSize;
use redline_content::schema::CardKeyword;
use redline_content::skirmish::{SkirmishError, quick_team};
use redline_content::team::{
    Addition, MemberSpec, TeamError, TeamRules, TeamSpec, TeamSummary, available_additions,
    check_team,
};
use redline_content::{Catalog, input, limits};
use ron::extensions::Extensions;
use serde::Serialize;

use crate::exit::{CliError, CommandResult, Verdict};
use crate::output::{self, Format, Report};
use crate::packs::{self, card_name};

const EXAMPLES: &str = "\
Examples:
  redline-cli teams list
  redline-cli teams list tidewater --json
  redline-cli teams quick ashfall --eb 100 > ashfall.ron
  redline-cli teams check ashfall.ron --eb 75

A team file is a TeamSpec in RON, the format `teams quick` prints:
  TeamSpec(faction: \"ashfall\", members: [(card: \"ash_furnace_mother\", gear: [], programs: [])])";

/// The EB limit when `--eb` is not given (TEAM-5: the usual agreed limit).
const DEFAULT_EB: u32 = 100;

/// Arguments of `redline-cli teams`.
#[derive(Debug, Args)]
#[command(after_help = EXAMPLES)]
pub struct TeamsArgs {
    #[command(subcommand)]
    command: TeamsCommand,
}

#[derive(Debug, Subcommand)]
enum TeamsCommand {
    /// Every faction with the characters and Gonks it can hire, their costs and keywords.
    #[command(
        after_help = "Examples:\n  redline-cli teams list\n  redline-cli teams list choir --json"
    )]
    List {
        /// Only this faction (Mercs are listed with every faction's choice).
        faction: Option<String>,
    },
    /// A legal team for a faction within a budget, printed as a TeamSpec RON file.
    #[command(after_help = "Examples:\n  redline-cli teams quick ashfall\n  \
                            redline-cli teams quick ashfall --size 200 > ashfall200.ron\n  \
                            redline-cli teams quick glasswork --eb 75 > glasswork.ron")]
    Quick {
        /// The faction id (see `teams list`).
        faction: String,
        /// The EB limit (TEAM-5), any amount the players agree on.
        #[arg(long, default_value_t = DEFAULT_EB, conflicts_with = "size")]
        eb: u32,
        /// The game size, 100, 150 or 200 EB (FIELD-1): its EB limit.
        #[arg(long, value_name = "EB")]
        size: Option<GameSize>,
    },
    /// Checks a TeamSpec RON file against the TEAM rules for a one-off game.
    #[command(after_help = "Examples:\n  redline-cli teams check ashfall.ron\n  \
                            redline-cli teams check ashfall.ron --eb 75 --json\n  \
                            redline-cli teams check ashfall200.ron --size 200\n\n\
                            Exit code 1 when the team breaks a rule, 2 when the file can't be \
                            read or parsed.")]
    Check {
        /// The team file.
        file: PathBuf,
        /// The EB limit (TEAM-5), any amount the players agree on.
        #[arg(long, default_value_t = DEFAULT_EB, conflicts_with = "size")]
        eb: u32,
        /// The game size, 100, 150 or 200 EB (FIELD-1): its EB limit.
        #[arg(long, value_name = "EB")]
        size: Option<GameSize>,
    },
}

/// Runs `teams`.
pub fn run(args: &TeamsArgs, pack: Option<&Path>, format: Format) -> CommandResult {
    let catalog = packs::catalog(pack)?;
    match &args.command {
        TeamsCommand::List { faction } => list(&catalog, faction.as_deref(), format),
        TeamsCommand::Quick { faction, eb, size } => {
            quick(&catalog, faction, size.map_or(*eb, GameSize::eb), format)
        }
        TeamsCommand::Check { file, eb, size } => {
            check(&catalog, file, size.map_or(*eb, GameSize::eb), format)
        }
    }
}

/// `unknown faction 'x' (known: a, b, c)` as bad input.
pub fn unknown_faction(catalog: &Catalog, faction: &str) -> CliError {
    let known: Vec<&str> = catalog.factions.iter().map(|f| f.id.as_str()).collect();
    CliError::bad_input(format!(
        "unknown faction '{faction}' (known: {})",
        known.join(", ")
    ))
}

// ---------------------------------------------------------------------------------------------
// teams list

/// A character a faction can hire.
#[derive(Debug, Serialize)]
struct CharacterRow {
    id: String,
    name: String,
    /// EB in a one-off game, Veteran stars included (TEAM-11).
    cost: u32,
    /// EB printed on the card.
    printed_cost: u32,
    stars: u8,
    veteran_of: Option<String>,
    keywords: Vec<CardKeyword>,
}

/// A Gonk type.
#[derive(Debug, Serialize)]
struct GonkRow {
    id: String,
    name: String,
    cost: u32,
}

/// One faction's choice.
#[derive(Debug, Serialize)]
struct FactionList {
    id: String,
    name: String,
    blurb: String,
    characters: Vec<CharacterRow>,
    gonks: Vec<GonkRow>,
}

#[derive(Debug, Serialize)]
struct ListReport {
    factions: Vec<FactionList>,
    /// Characters and Gonks any faction may hire (TEAM-13).
    mercs: FactionList,
}

/// One-off hiring costs of every character and Gonk, as the team builder computes them:
/// what it would add to an empty team of each faction.
fn hire_costs(catalog: &Catalog) -> BTreeMap<String, u32> {
    let rules = TeamRules::one_off(u32::from(u16::MAX));
    let mut costs = BTreeMap::new();
    for faction in catalog.factions.iter() {
        for addition in available_additions(catalog, &TeamSpec::new(&faction.id), &rules) {
            if let Addition::Character { card, cost } | Addition::Gonk { card, cost } = addition {
                costs.insert(card, cost);
            }
        }
    }
    costs
}

fn list(catalog: &Catalog, only: Option<&str>, format: Format) -> CommandResult {
    if let Some(faction) = only
        && !catalog.factions.contains(faction)
    {
        return Err(unknown_faction(catalog, faction));
    }
    let costs = hire_costs(catalog);
    let eb = |id: &str, printed: u32| costs.get(id).copied().unwrap_or(printed);
    let characters = |keep: &dyn Fn(&redline_content::Character) -> bool| {
        catalog
            .characters
            .iter()
            .filter(|c| keep(c))
            .map(|c| CharacterRow {
                id: c.id.clone(),
                name: c.name.clone(),
                cost: eb(&c.id, c.cost),
                printed_cost: c.cost,
                stars: c.stars,
                veteran_of: c.veteran_of.clone(),
                keywords: c.keywords.clone(),
            })
            .collect::<Vec<_>>()
    };
    let gonks = |keep: &dyn Fn(&redline_content::schema::GonkCard) -> bool| {
        catalog
            .gonks
            .iter()
            .filter(|g| keep(g))
            .map(|g| GonkRow {
                id: g.id.clone(),
                name: g.name.clone(),
                cost: eb(&g.id, u32::try_from(g.cost).unwrap_or(0)),
            })
            .collect::<Vec<_>>()
    };
    let factions = catalog
        .factions
        .iter()
        .filter(|f| only.is_none_or(|id| id == f.id))
        .map(|f| FactionList {
            id: f.id.clone(),
            name: f.name.clone(),
            blurb: f.blurb.clone(),
            characters: characters(&|c| c.faction.as_deref() == Some(f.id.as_str())),
            gonks: gonks(&|g| g.faction.as_deref() == Some(f.id.as_str())),
        })
        .collect();
    let mercs = FactionList {
        id: "mercs".to_owned(),
        name: "Mercs (any faction may hire, at most 2 in a one-off game)".to_owned(),
        blurb: String::new(),
        characters: characters(&|c| c.has(CardKeyword::Merc)),
        gonks: gonks(&|g| g.merc),
    };
    output::emit(format, &ListReport { factions, mercs })?;
    Ok(Verdict::Clean)
}

impl FactionList {
    fn human(&self, text: &mut String) {
        let _ = writeln!(text, "{} — {}", self.id, self.name);
        let _ = writeln!(
            text,
            "  {:<22}{:<24}{:>4}  {:<6}keywords",
            "character", "name", "EB", "stars"
        );
        for c in &self.characters {
            let mut keywords: Vec<String> = c.keywords.iter().map(|k| format!("{k:?}")).collect();
            if c.veteran_of.is_some() {
                keywords.push("Veteran".to_owned());
            }
            let line = format!(
                "  {:<22}{:<24}{:>4}  {:<6}{}",
                c.id,
                c.name,
                c.cost,
                "*".repeat(usize::from(c.stars)),
                keywords.join(", ")
            );
            let _ = writeln!(text, "{}", line.trim_end());
        }
        for g in &self.gonks {
            let _ = writeln!(
                text,
                "  {:<22}{:<24}{:>4}  {:<6}Gonk",
                g.id, g.name, g.cost, ""
            );
        }
    }
}

impl Report for ListReport {
    fn human(&self) -> String {
        let mut text = String::new();
        for faction in self.factions.iter().chain([&self.mercs]) {
            faction.human(&mut text);
            text.push('\n');
        }
        text.push_str(
            "EB is the one-off cost: a Veteran's 5 EB per Street Cred star is included (TEAM-11).\n",
        );
        text
    }
}

// ---------------------------------------------------------------------------------------------
// Members and summaries, shared by quick and check

/// A member as people read it.
#[derive(Debug, Serialize)]
struct MemberRow {
    card: String,
    name: String,
    gear: Vec<String>,
    gear_names: Vec<String>,
    programs: Vec<String>,
    program_names: Vec<String>,
}

impl MemberRow {
    fn of(catalog: &Catalog, member: &MemberSpec) -> MemberRow {
        let gear_name = |id: &String| {
            catalog
                .gear
                .get(id)
                .map_or_else(|| id.clone(), |g| g.name.clone())
        };
        let program_name = |id: &String| {
            catalog
                .programs
                .get(id)
                .map_or_else(|| id.clone(), |p| p.name.clone())
        };
        MemberRow {
            card: member.card.clone(),
            name: card_name(catalog, &member.card).to_owned(),
            gear: member.gear.clone(),
            gear_names: member.gear.iter().map(gear_name).collect(),
            programs: member.programs.clone(),
            program_names: member.programs.iter().map(program_name).collect(),
        }
    }

    fn line(&self) -> String {
        let mut line = format!("{} ({})", self.name, self.card);
        let kit: Vec<&str> = self
            .gear_names
            .iter()
            .chain(&self.program_names)
            .map(String::as_str)
            .collect();
        if !kit.is_empty() {
            let _ = write!(line, " with {}", kit.join(", "));
        }
        line
    }
}

/// [`TeamSummary`] for JSON.
#[derive(Debug, Serialize)]
struct SummaryRow {
    cost: u32,
    limit: u32,
    street_cred: u32,
    influence: i32,
    gonks: usize,
    mercs: usize,
}

impl From<TeamSummary> for SummaryRow {
    fn from(s: TeamSummary) -> SummaryRow {
        SummaryRow {
            cost: s.cost,
            limit: s.limit,
            street_cred: s.street_cred,
            influence: s.influence,
            gonks: s.gonks,
            mercs: s.mercs,
        }
    }
}

impl SummaryRow {
    fn line(&self) -> String {
        format!(
            "{} EB of {} EB; Street Cred {}, Influence {}, {} Gonks, {} Mercs",
            self.cost, self.limit, self.street_cred, self.influence, self.gonks, self.mercs
        )
    }
}

// ---------------------------------------------------------------------------------------------
// teams quick

#[derive(Debug, Serialize)]
struct QuickReport {
    faction: String,
    faction_name: String,
    eb_limit: u32,
    summary: SummaryRow,
    members: Vec<MemberRow>,
    spec: TeamSpec,
    /// The team as a TeamSpec RON file.
    ron: String,
}

/// A TeamSpec as the RON text of a team file: one line per member.
pub fn spec_to_ron(spec: &TeamSpec) -> String {
    // Struct names only at the top: `MemberSpec(...)` on every line is noise.
    let pretty = ron::ser::PrettyConfig::new().depth_limit(2);
    match ron::ser::to_string_pretty(spec, pretty) {
        Ok(body) => format!("TeamSpec{body}"),
        Err(e) => format!("// unprintable: {e}"),
    }
}

fn quick(catalog: &Catalog, faction: &str, eb: u32, format: Format) -> CommandResult {
    let Some(def) = catalog.factions.get(faction) else {
        return Err(unknown_faction(catalog, faction));
    };
    let rules = TeamRules::one_off(eb);
    let spec = match quick_team(catalog, faction, &rules) {
        Ok(spec) => spec,
        Err(error @ SkirmishError::NoQuickTeam { .. }) => {
            return Err(CliError::failure(error.to_string()));
        }
        Err(error) => return Err(CliError::bad_input(error.to_string())),
    };
    let summary = check_team(catalog, &spec, &rules).map_err(|errors| {
        CliError::failure(format!(
            "the quick team breaks the rules: {}",
            violations(&errors)
                .iter()
                .map(Violation::line)
                .collect::<Vec<_>>()
                .join("; ")
        ))
    })?;
    let report = QuickReport {
        faction: faction.to_owned(),
        faction_name: def.name.clone(),
        eb_limit: eb,
        summary: summary.into(),
        members: spec
            .members
            .iter()
            .map(|m| MemberRow::of(catalog, m))
            .collect(),
        ron: spec_to_ron(&spec),
        spec,
    };
    output::emit(format, &report)?;
    Ok(Verdict::Clean)
}

impl Report for QuickReport {
    /// A valid team file: the description in `//` comments, then the TeamSpec.
    fn human(&self) -> String {
        let mut text = format!(
            "// Quick {} team ({}) for {} EB: {}\n",
            self.faction_name,
            self.faction,
            self.eb_limit,
            self.summary.line()
        );
        for member in &self.members {
            let _ = writeln!(text, "//   {}", member.line());
        }
        let _ = writeln!(
            text,
            "// Save it with `redline-cli teams quick {} --eb {} > {}.ron`.",
            self.faction, self.eb_limit, self.faction
        );
        text.push_str(&self.ron);
        text.push('\n');
        text
    }
}

// ---------------------------------------------------------------------------------------------
// teams check

/// One broken rule.
#[derive(Debug, Serialize)]
struct Violation {
    /// The rule's ID (`TEAM-5`), when the violation names one.
    rule: Option<String>,
    message: String,
}

impl Violation {
    fn line(&self) -> String {
        match &self.rule {
            Some(rule) => format!("{rule}: {}", self.message),
            None => self.message.clone(),
        }
    }
}

/// The rule ID a violation names at the end of its message (`... (TEAM-5)`), split off the
/// message; a few violations name none and get theirs here.
fn violation(error: &TeamError) -> Violation {
    let text = error.to_string();
    if let Some(open) = text.rfind(" (")
        && let Some(id) = text[open + 2..].strip_suffix(')')
        && is_rule_id(id)
    {
        return Violation {
            rule: Some(id.to_owned()),
            message: text[..open].to_owned(),
        };
    }
    let rule = match error {
        TeamError::UnknownFaction { .. } => Some("TEAM-1"),
        TeamError::NotEarned { .. } => Some("CAMP-16"),
        _ => None,
    };
    Violation {
        rule: rule.map(str::to_owned),
        message: text,
    }
}

/// `TEAM-5`, `NET-2`, `CAMP-16`: capitals, a dash, digits.
fn is_rule_id(text: &str) -> bool {
    text.split_once('-').is_some_and(|(section, number)| {
        !section.is_empty()
            && section.chars().all(|c| c.is_ascii_uppercase())
            && !number.is_empty()
            && number.chars().all(|c| c.is_ascii_digit())
    })
}

fn violations(errors: &[TeamError]) -> Vec<Violation> {
    errors.iter().map(violation).collect()
}

#[derive(Debug, Serialize)]
struct CheckReport {
    file: String,
    faction: String,
    eb_limit: u32,
    legal: bool,
    summary: Option<SummaryRow>,
    members: Vec<MemberRow>,
    violations: Vec<Violation>,
}

/// Reads a TeamSpec RON file (a regular file within the limit on input files); a read or
/// parse failure is bad input located at `file:line:col`.
pub fn read_team_file(path: &Path) -> Result<TeamSpec, CliError> {
    let text = input::read_text(path, limits::SMALL_FILE)
        .map_err(|e| CliError::bad_input(format!("cannot read team file: {e}")))?;
    let options = ron::Options::default().with_default_extension(Extensions::IMPLICIT_SOME);
    input::parse_ron::<TeamSpec>(&text, options).map_err(|e| {
        let (line, column) = (e.line, e.column);
        CliError::bad_input(format!("{}:{line}:{column}: {}", path.display(), e.message))
            .with_details(serde_json::json!({
                "file": path.display().to_string(),
                "line": line,
                "column": column,
                "message": e.message,
            }))
    })
}

fn check(catalog: &Catalog, file: &Path, eb: u32, format: Format) -> CommandResult {
    let spec = read_team_file(file)?;
    let rules = TeamRules::one_off(eb);
    let (summary, violations) = match check_team(catalog, &spec, &rules) {
        Ok(summary) => (Some(summary.into()), Vec::new()),
        Err(errors) => (None, violations(&errors)),
    };
    let report = CheckReport {
        file: file.display().to_string(),
        faction: spec.faction.clone(),
        eb_limit: eb,
        legal: violations.is_empty(),
        summary,
        members: spec
            .members
            .iter()
            .map(|m| MemberRow::of(catalog, m))
            .collect(),
        violations,
    };
    output::emit(format, &report)?;
    Ok(Verdict::failed_if(!report.legal))
}

impl Report for CheckReport {
    fn human(&self) -> String {
        let mut text = format!(
            "{}: {} team of {} members at {} EB\n",
            self.file,
            self.faction,
            self.members.len(),
            self.eb_limit
        );
        for (i, member) in self.members.iter().enumerate() {
            let _ = writeln!(text, "  member {i}: {}", member.line());
        }
        match &self.summary {
            Some(summary) => {
                let _ = writeln!(text, "legal: {}", summary.line());
            }
            None => {
                for v in &self.violations {
                    let _ = writeln!(text, "error: {}", v.line());
                }
                let _ = writeln!(text, "illegal: {} violations", self.violations.len());
            }
        }
        text
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rule_ids_are_split_off_the_message() {
        let v = violation(&TeamError::OverBudget {
            cost: 120,
            limit: 100,
        });
        assert_eq!(v.rule.as_deref(), Some("TEAM-5"));
        assert_eq!(v.message, "the team costs 120 EB; the limit is 100 EB");
        let v = violation(&TeamError::UnknownFaction {
            faction: "x".into(),
        });
        assert_eq!(v.rule.as_deref(), Some("TEAM-1"));
        let v = violation(&TeamError::UnknownCard {
            member: 0,
            card: "nobody (really)".into(),
        });
        assert_eq!(v.rule, None);
        assert!(v.message.ends_with("'nobody (really)'"), "{}", v.message);
    }

    #[test]
    fn rule_id_shape() {
        assert!(is_rule_id("TEAM-13") && is_rule_id("NET-2"));
        assert!(!is_rule_id("team-1") && !is_rule_id("TEAM-") && !is_rule_id("-3"));
    }
}
