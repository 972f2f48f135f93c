//! `redline-cli validate`: loads the starter pack (and a user pack) the way the game does and
//! prints every problem found, one per line as `pack/file:line:col: severity: message`,
//! followed by what the packs hold. Exits 1 when any problem is an error.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use clap::Args;
use redline_content::Catalog;
use serde::Serialize;

use crate::exit::{CliError, CommandResult, Verdict};
use crate::output::{self, Format, Report};
use crate::packs::{self, ProblemReport, problem_line};

const EXAMPLES: &str = "\
Examples:
  redline-cli validate
  redline-cli validate my_pack/
  redline-cli --pack my_pack/ validate --json

Every problem is printed as pack/file:line:col: severity: message. Exit code 1 means at
least one error (warnings alone exit 0); 2 means the folder has no readable pack.ron.";

/// Arguments of `redline-cli validate`.
#[derive(Debug, Args)]
#[command(after_help = EXAMPLES)]
pub struct ValidateArgs {
    /// A user pack folder to check on top of the starter pack (the same as `--pack DIR`).
    dir: Option<PathBuf>,
}

/// Runs `validate` with the global `--pack` folder, if any.
pub fn run(args: &ValidateArgs, pack: Option<&Path>, format: Format) -> CommandResult {
    let dir = match (args.dir.as_deref(), pack) {
        (Some(a), Some(b)) if a != b => {
            return Err(CliError::bad_input(format!(
                "two packs given: '{}' and --pack '{}'; validate checks one user pack",
                a.display(),
                b.display()
            )));
        }
        (Some(dir), _) | (None, Some(dir)) => Some(dir),
        (None, None) => None,
    };
    if let Some(dir) = dir
        && !dir.join("pack.ron").is_file()
    {
        return Err(CliError::bad_input(format!(
            "'{}' is not a pack folder: it has no pack.ron",
            dir.display()
        )));
    }
    let report = match packs::load(dir) {
        Ok(loaded) => ValidateReport::new(&loaded.warnings, Some(&loaded.catalog)),
        Err(error) => ValidateReport::new(&error.problems, None),
    };
    output::emit(format, &report)?;
    Ok(Verdict::failed_if(report.errors > 0))
}

/// A pack that loaded.
#[derive(Debug, Serialize)]
struct PackRow {
    id: String,
    name: String,
    version: u32,
    files: usize,
}

/// A faction, where it comes from and how many cards it has.
#[derive(Debug, Serialize)]
struct FactionRow {
    id: String,
    name: String,
    pack: String,
    characters: usize,
    gonks: usize,
    leaders: usize,
}

/// How many items of each kind the packs hold.
#[derive(Debug, Serialize)]
struct Counts {
    factions: usize,
    characters: usize,
    gonks: usize,
    gear: usize,
    programs: usize,
    drones: usize,
    loot: usize,
    objectives: usize,
    scenery: usize,
    layouts: usize,
    scenarios: usize,
}

/// The answer: every problem, and when the packs loaded, what they hold.
#[derive(Debug, Serialize)]
struct ValidateReport {
    ok: bool,
    errors: usize,
    warnings: usize,
    problems: Vec<ProblemReport>,
    #[serde(skip)]
    lines: Vec<String>,
    packs: Vec<PackRow>,
    factions: Vec<FactionRow>,
    counts: Option<Counts>,
}

impl ValidateReport {
    fn new(problems: &[redline_content::Problem], catalog: Option<&Catalog>) -> Self {
        let errors = problems.iter().filter(|p| p.is_error()).count();
        let (packs, factions, counts) = match catalog {
            Some(catalog) => (
                pack_rows(catalog),
                faction_rows(catalog),
                Some(counts(catalog)),
            ),
            None => (Vec::new(), Vec::new(), None),
        };
        ValidateReport {
            ok: errors == 0,
            errors,
            warnings: problems.len() - errors,
            problems: problems.iter().map(ProblemReport::of).collect(),
            lines: problems.iter().map(problem_line).collect(),
            packs,
            factions,
            counts,
        }
    }
}

fn pack_rows(catalog: &Catalog) -> Vec<PackRow> {
    catalog
        .packs
        .iter()
        .map(|p| PackRow {
            id: p.id.clone(),
            name: p.name.clone(),
            version: p.version,
            files: p.files.len(),
        })
        .collect()
}

/// Factions with the pack that defines them: the starter pack's own, or else the user pack's
/// (the catalog merges packs and keeps no origin, so this compares with the starter pack).
fn faction_rows(catalog: &Catalog) -> Vec<FactionRow> {
    let starter = redline_content::starter();
    let user_pack = catalog
        .packs
        .get(1)
        .map_or_else(|| "starter".to_owned(), |p| p.id.clone());
    catalog
        .factions
        .iter()
        .map(|f| {
            let own = |faction: &Option<String>| faction.as_deref() == Some(f.id.as_str());
            let characters: Vec<_> = catalog
                .characters
                .iter()
                .filter(|c| own(&c.faction))
                .collect();
            FactionRow {
                id: f.id.clone(),
                name: f.name.clone(),
                pack: if starter.factions.contains(&f.id) {
                    "starter".to_owned()
                } else {
                    user_pack.clone()
                },
                characters: characters.len(),
                gonks: catalog.gonks.iter().filter(|g| own(&g.faction)).count(),
                leaders: characters
                    .iter()
                    .filter(|c| c.has(redline_content::schema::CardKeyword::Leader))
                    .count(),
            }
        })
        .collect()
}

fn counts(catalog: &Catalog) -> Counts {
    Counts {
        factions: catalog.factions.len(),
        characters: catalog.characters.len(),
        gonks: catalog.gonks.len(),
        gear: catalog.gear.len(),
        programs: catalog.programs.len(),
        drones: catalog.drones.len(),
        loot: catalog.loot.len(),
        objectives: catalog.objectives.len(),
        scenery: catalog.scenery.len(),
        layouts: catalog.layouts.len(),
        scenarios: catalog.scenarios.len(),
    }
}

impl Report for ValidateReport {
    fn human(&self) -> String {
        let mut text = String::new();
        for line in &self.lines {
            text.push_str(line);
            text.push('\n');
        }
        if !self.lines.is_empty() {
            text.push('\n');
        }
        for pack in &self.packs {
            let _ = writeln!(
                text,
                "pack {} v{} \"{}\": {} files",
                pack.id, pack.version, pack.name, pack.files
            );
        }
        if !self.factions.is_empty() {
            text.push_str("factions:\n");
            for f in &self.factions {
                let _ = writeln!(
                    text,
                    "  {:<14}{:<26}{:<14}{} characters ({} Leader), {} Gonk types",
                    f.id, f.name, f.pack, f.characters, f.leaders, f.gonks
                );
            }
        }
        if let Some(c) = &self.counts {
            let _ = writeln!(
                text,
                "content: {} factions, {} characters, {} Gonks, {} Gear, {} programs, {} drones, \
                 {} Loot, {} Objectives, {} scenery pieces, {} layouts, {} scenarios",
                c.factions,
                c.characters,
                c.gonks,
                c.gear,
                c.programs,
                c.drones,
                c.loot,
                c.objectives,
                c.scenery,
                c.layouts,
                c.scenarios
            );
        }
        let verdict = if self.ok { "valid" } else { "INVALID" };
        let _ = writeln!(
            text,
            "{verdict}: {} errors, {} warnings",
            self.errors, self.warnings
        );
        text
    }
}
