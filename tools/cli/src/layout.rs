//! `redline-cli layout`: the terrain planner without the app — generate a seeded table, check
//! a table as a player reads it (density, deployment zones, open lanes, exposure, a Path of
//! Attack, climbing routes onto elevated tops), turn a table into a share code or a share code
//! back into a table, and export it for the real table (a 1:1 tiled PDF, an SVG, a PNG).
//!
//! A LAYOUT argument is a pack layout id, a `.ron` file holding one layout, or a share code.

use std::fmt::Write as _;
use std::path::Path;

use clap::{Args, Subcommand, ValueEnum};
use redline_battlespace::DeploymentZone;
use redline_content::Catalog;
use redline_content::schema::{Layout, Scenario};
use redline_planner::density::{Density, density, quarter_name};
use redline_planner::export::{self, Paper};
use redline_planner::modules::{module_findings, modules_of};
use redline_planner::zones::{ZoneCheck, check_zones, scenario_zones, zone_findings};
use redline_planner::{
    ClimbRoute, FiringLane, GenerateOptions, HeatMap, HeatMapOptions, MarkerCheck, ModuleNeed,
    PartModuleTags, PathCheck, Symmetry, WayUp, battlespace_of, check_markers, check_module_needs,
    climbing_routes, encode, generate, heat_map, module_tags, open_lanes, path_check, table_plan,
};
use serde::Serialize;

use crate::exit::{CliError, CommandResult, Verdict};
use crate::output::{self, Format, Report};
use crate::packs;

const EXAMPLES: &str = "\
Examples:
  redline-cli layout generate --seed 7 --symmetry mirror --scenario street_claim
  redline-cli layout check pier_nine --scenario street_claim --heat
  redline-cli layout check my_table.ron --from 3,11 --to 27,11
  redline-cli layout share pier_nine
  redline-cli layout export pier_nine --pdf table.pdf --paper letter --svg table.svg --png table.png
  redline-cli layout share <CODE>          (prints the layout as RON)";

/// Arguments of `redline-cli layout`.
#[derive(Debug, Args)]
#[command(after_help = EXAMPLES)]
pub struct LayoutArgs {
    #[command(subcommand)]
    command: LayoutCommand,
}

#[derive(Debug, Subcommand)]
enum LayoutCommand {
    /// A seeded random table following the density guidance (FIELD-2, FIELD-3).
    Generate(GenerateArgs),
    /// Density, deployment zones, open lanes, exposure and a Path of Attack.
    Check(CheckArgs),
    /// The share code of a layout, or the layout (RON) a share code holds.
    Share(ShareArgs),
    /// A 1:1 printable PDF tiled on A4 or Letter, an SVG and/or a PNG top-down picture.
    Export(ExportArgs),
}

#[derive(Debug, Clone, Copy, ValueEnum)]
enum PaperArg {
    A4,
    Letter,
}

#[derive(Debug, Args)]
struct ExportArgs {
    /// A pack layout id, a .ron layout file or a share code.
    layout: String,
    /// Write the printable PDF (an overview page, then 1:1 tiles) here.
    #[arg(long)]
    pdf: Option<std::path::PathBuf>,
    /// The PDF's paper.
    #[arg(long, value_enum, default_value = "a4")]
    paper: PaperArg,
    /// Write the 1:1 SVG here.
    #[arg(long)]
    svg: Option<std::path::PathBuf>,
    /// Write the top-down PNG here.
    #[arg(long)]
    png: Option<std::path::PathBuf>,
    /// The PNG's pixels per inch.
    #[arg(long, default_value_t = 20)]
    ppi: u32,
}

#[derive(Debug, Clone, Copy, ValueEnum)]
enum SymmetryArg {
    None,
    Mirror,
    Rotational,
}

#[derive(Debug, Args)]
struct GenerateArgs {
    /// The seed; the same seed and options give the same table.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Table size as WIDTHxDEPTH in inches (x along the long edge).
    #[arg(long, default_value = "30x22")]
    table: String,
    /// Symmetry for fair play.
    #[arg(long, value_enum, default_value = "none")]
    symmetry: SymmetryArg,
    /// Keep this scenario's deployment zones clear and use its table size.
    #[arg(long)]
    scenario: Option<String>,
    /// The game size, 100, 150 or 200 EB: the table is the size's (30x22, or 44x30 for
    /// 200 EB; FIELD-1), with a scenario too.
    #[arg(long, value_name = "EB", conflicts_with = "table")]
    size: Option<redline_content::game_size::GameSize>,
    /// Save the layout here: versioned RON, written atomically, the replaced file kept as
    /// NAME.prev.
    #[arg(long)]
    out: Option<std::path::PathBuf>,
}

#[derive(Debug, Args)]
struct CheckArgs {
    /// A pack layout id, a .ron layout file or a share code.
    layout: String,
    /// The scenario whose deployment zones to check.
    #[arg(long)]
    scenario: Option<String>,
    /// Print the exposure heat map of each zone (needs --scenario).
    #[arg(long)]
    heat: bool,
    /// Path of Attack check: the attacker's spot as X,Z (or X,Z,Y to stand on a top).
    #[arg(long, requires = "to")]
    from: Option<String>,
    /// Path of Attack check: the target's spot as X,Z (or X,Z,Y).
    #[arg(long, requires = "from")]
    to: Option<String>,
    /// Optional rule modules on, comma-separated (terr, fire, sec, aid, bot), on top of the
    /// scenario's required ones (MOD-1): the check lists what they read of each part and
    /// fails when the layout lacks what one needs.
    #[arg(long, default_value = "")]
    modules: String,
}

#[derive(Debug, Args)]
struct ShareArgs {
    /// A pack layout id, a .ron layout file or a share code.
    layout: String,
}

/// Runs `layout`.
pub fn run(args: &LayoutArgs, pack: Option<&Path>, format: Format) -> CommandResult {
    let catalog = packs::catalog(pack)?;
    match &args.command {
        LayoutCommand::Generate(a) => run_generate(a, &catalog, format),
        LayoutCommand::Check(a) => run_check(a, &catalog, format),
        LayoutCommand::Share(a) => run_share(a, &catalog, format),
        LayoutCommand::Export(a) => run_export(a, &catalog, format),
    }
}

/// A layout from a pack id, a RON file or a share code.
fn resolve(catalog: &Catalog, what: &str) -> Result<(Layout, &'static str), CliError> {
    let path = Path::new(what);
    if path.is_file() {
        // A saved layout (versioned envelope) or a bare pack-schema layout; broken text is
        // reported as FILE:LINE:COLUMN.
        let layout =
            redline_planner::save::load(path).map_err(|e| CliError::bad_input(e.to_string()))?;
        return Ok((layout, "file"));
    }
    if let Some(layout) = catalog.layouts.get(what) {
        return Ok((layout.clone(), "pack"));
    }
    redline_planner::decode(what)
        .map(|l| (l, "code"))
        .map_err(|e| {
            CliError::bad_input(format!(
                "'{}' is not a layout file, nor a pack layout id, nor a share code ({e})",
                redline_content::limits::excerpt(what)
            ))
        })
}

/// The scenario named by `--scenario`, if any; an unknown id is bad input.
fn scenario_of<'a>(
    catalog: &'a Catalog,
    id: Option<&str>,
) -> Result<Option<&'a Scenario>, CliError> {
    id.map(|id| {
        catalog
            .scenarios
            .get(id)
            .ok_or_else(|| CliError::bad_input(format!("there is no scenario '{id}'")))
    })
    .transpose()
}

/// The scenario's deployment zones, one per seat; none without a scenario.
fn zones_of(scenario: Option<&Scenario>) -> Vec<(u8, DeploymentZone)> {
    scenario.map(scenario_zones).unwrap_or_default()
}

fn parse_table(text: &str) -> Result<[f32; 2], CliError> {
    let bad = || {
        CliError::bad_input(format!(
            "--table wants WIDTHxDEPTH in inches, like 30x22, not '{text}'"
        ))
    };
    let (w, d) = text.split_once(['x', 'X']).ok_or_else(bad)?;
    Ok([
        w.trim().parse().map_err(|_| bad())?,
        d.trim().parse().map_err(|_| bad())?,
    ])
}

fn parse_spot(text: &str) -> Result<([f32; 2], f32), CliError> {
    let bad = || CliError::bad_input(format!("a spot is X,Z or X,Z,Y in inches, not '{text}'"));
    let v: Vec<f32> = text
        .split(',')
        .map(|s| s.trim().parse::<f32>().map_err(|_| bad()))
        .collect::<Result<_, _>>()?;
    match v[..] {
        [x, z] => Ok(([x, z], 0.0)),
        [x, z, y] => Ok(([x, z], y)),
        _ => Err(bad()),
    }
}

/// A spot must be on the layout's table, no higher than any piece reaches.
fn on_table(layout: &Layout, text: &str, ([x, z], y): ([f32; 2], f32)) -> Result<(), CliError> {
    let [w, d] = layout.size;
    let high = redline_content::limits::MAX_SCENERY_INCHES;
    if (0.0..=w).contains(&x) && (0.0..=d).contains(&z) && (0.0..=high).contains(&y) {
        Ok(())
    } else {
        Err(CliError::bad_input(format!(
            "the spot '{}' is off the {w}\" x {d}\" table (X 0 to {w}, Z 0 to {d}, Y 0 to {high})",
            redline_content::limits::excerpt(text)
        )))
    }
}

fn density_text(out: &mut String, d: &Density) {
    let _ = writeln!(
        out,
        "Scenery: {} pieces, {:.2} per square foot; guidance {}-{} ({})",
        d.pieces, d.per_square_foot, d.guidance.total.0, d.guidance.total.1, d.guidance.rule
    );
    let quarters: Vec<String> = redline_battlespace::Quarter::ALL
        .iter()
        .zip(&d.per_quarter)
        .map(|(q, n)| format!("{} {n}", quarter_name(*q)))
        .collect();
    let _ = writeln!(
        out,
        "Per quarter: {} (guidance {}-{})",
        quarters.join(", "),
        d.guidance.per_quarter.0,
        d.guidance.per_quarter.1
    );
}

#[derive(Serialize)]
struct GenerateReport {
    layout: Layout,
    code: String,
    density: Density,
    zones: Vec<ZoneCheck>,
    written: Option<String>,
}

impl Report for GenerateReport {
    fn human(&self) -> String {
        let mut out = format!("{} ({})\n", self.layout.name, self.layout.text);
        density_text(&mut out, &self.density);
        for z in &self.zones {
            let _ = writeln!(
                out,
                "Seat {} zone: {} of {} spots clear",
                z.seat + 1,
                z.spots,
                z.empty_spots
            );
        }
        if let Some(path) = &self.written {
            let _ = writeln!(out, "Written to {path}");
        }
        let _ = writeln!(out, "Share code: {}", self.code);
        out
    }
}

fn run_generate(a: &GenerateArgs, catalog: &Catalog, format: Format) -> CommandResult {
    let scenario = scenario_of(catalog, a.scenario.as_deref())?;
    let zones = zones_of(scenario);
    let table = match (a.size, scenario) {
        (Some(size), _) => size.table(),
        (None, Some(s)) => s.setup.table,
        (None, None) => parse_table(&a.table)?,
    };
    let mut opts = GenerateOptions::new(table, a.seed);
    opts.symmetry = match a.symmetry {
        SymmetryArg::None => Symmetry::None,
        SymmetryArg::Mirror => Symmetry::Mirror,
        SymmetryArg::Rotational => Symmetry::Rotational,
    };
    opts.zones = zones.iter().map(|(_, z)| *z).collect();
    let layout = generate(catalog, &opts).map_err(|e| CliError::bad_input(e.to_string()))?;
    let space = battlespace_of(catalog, &layout).map_err(|e| CliError::failure(e.to_string()))?;
    let written = match &a.out {
        Some(path) => {
            // Atomic, versioned, the replaced file kept as NAME.prev.
            redline_planner::save::save(path, &layout)
                .map_err(|e| CliError::bad_input(e.to_string()))?;
            Some(path.display().to_string())
        }
        None => None,
    };
    let report = GenerateReport {
        code: encode(&layout),
        density: density(&layout),
        zones: check_zones(&space, &zones),
        layout,
        written,
    };
    output::emit(format, &report)?;
    Ok(Verdict::Clean)
}

#[derive(Serialize)]
struct CheckReport {
    layout: String,
    source: &'static str,
    density: Density,
    zones: Vec<ZoneCheck>,
    findings: Vec<redline_planner::Finding>,
    lanes: Vec<FiringLane>,
    heat: Option<HeatMap>,
    path: Option<PathCheck>,
    climbs: Vec<ClimbRoute>,
    /// The scenario's markers and the scenery within reach of each (GEN-7); empty without
    /// `--scenario`.
    markers: Vec<MarkerCheck>,
    /// Where the agreed tags depart from the rulebook's guidance (MOVE-7, MOVE-12, MOVE-13,
    /// POA-10).
    tag_notes: Vec<String>,
    /// The optional modules on (the scenario's required ones and `--modules`, MOD-1).
    modules: Vec<String>,
    /// What each module on needs of the scenery and how much the layout has (MOD-1).
    module_needs: Vec<ModuleNeed>,
    /// What the modules on read of each part that has any of it; empty with none on.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    module_tags: Vec<PartModuleTags>,
}

impl Report for CheckReport {
    fn human(&self) -> String {
        let mut out = format!("Layout {} (from {})\n", self.layout, self.source);
        density_text(&mut out, &self.density);
        for z in &self.zones {
            let _ = writeln!(
                out,
                "Seat {} zone: {} of {} spots clear{}",
                z.seat + 1,
                z.spots,
                z.empty_spots,
                if z.blocked() { " - BLOCKED" } else { "" }
            );
        }
        if !self.markers.is_empty() {
            let crowded = self
                .markers
                .iter()
                .filter(|m| !m.scenery.is_empty())
                .count();
            let _ = writeln!(
                out,
                "Markers: {}, {crowded} with scenery within reach (reached from fewer sides; GEN-7)",
                self.markers.len()
            );
            for m in self.markers.iter().filter(|m| !m.scenery.is_empty()) {
                let near: Vec<String> = m
                    .scenery
                    .iter()
                    .map(|(name, d)| format!("'{name}' {d:.1}\""))
                    .collect();
                let _ = writeln!(
                    out,
                    "  ({:.1}, {:.1}): {}",
                    m.at[0],
                    m.at[1],
                    near.join(", ")
                );
            }
        }
        let longest = self.lanes.iter().map(|l| l.length).fold(0.0, f32::max);
        let _ = writeln!(
            out,
            "Open firing lanes longer than GREEN: {} (longest {:.1}\")",
            self.lanes.len(),
            longest
        );
        for f in &self.findings {
            let _ = writeln!(out, "  {}: {}", f.rule, f.message);
        }
        let _ = writeln!(out, "Elevated tops: {}", self.climbs.len());
        for c in &self.climbs {
            let way = match c.way {
                WayUp::Free => "free, no roll",
                WayUp::Step => "a step, one roll",
                WayUp::Climb => "a climb",
                WayUp::Jump => "only by a jump",
                WayUp::TwoActions => "a two-action climb",
                WayUp::None => "no way up",
            };
            let from = c
                .from
                .map(|f| format!(" from ({:.1}, {:.1})", f[0], f[2]))
                .unwrap_or_default();
            let _ = writeln!(
                out,
                "  '{}' ({:.1}\" high): {way}, {} roll(s){from}",
                c.name,
                c.top,
                c.rolls()
            );
            for step in &c.steps {
                let _ = writeln!(out, "    {step}");
            }
        }
        module_text(&mut out, self);
        if !self.tag_notes.is_empty() {
            let _ = writeln!(
                out,
                "Tags the rulebook's guidance would set otherwise (players decide, FIELD-11):"
            );
            for note in &self.tag_notes {
                let _ = writeln!(out, "  {note}");
            }
        }
        if let Some(map) = &self.heat {
            for z in &map.zones {
                let _ = writeln!(
                    out,
                    "Exposure to seat {} ({} sample points): attackers within GREEN per {}\" cell; # = no footing, + = 10 or more",
                    z.seat + 1,
                    z.samples.len(),
                    map.cell
                );
                for row in 0..map.rows {
                    let line: String = (0..map.columns)
                        .map(|c| match z.cells[row * map.columns + c] {
                            None => '#',
                            Some(e) if e.attackers >= 10 => '+',
                            Some(e) => char::from_digit(e.attackers, 10).unwrap_or('+'),
                        })
                        .collect();
                    let _ = writeln!(out, "  {line}");
                }
            }
        }
        if let Some(p) = &self.path {
            let _ = writeln!(
                out,
                "Path of Attack ({:.1}, {:.1}) -> ({:.1}, {:.1}):",
                p.from[0], p.from[2], p.to[0], p.to[2]
            );
            for line in &p.explanation {
                let _ = writeln!(out, "  {line}");
            }
        }
        out
    }
}

/// The modules on, what they need and what they read of each part (MOD-1).
fn module_text(out: &mut String, r: &CheckReport) {
    if r.modules.is_empty() {
        return;
    }
    let _ = writeln!(out, "Modules on: {}", r.modules.join(", "));
    for n in &r.module_needs {
        let _ = writeln!(
            out,
            "  {} needs a {}: {} on the layout{}",
            n.module,
            n.needs,
            n.found,
            if n.missing() { " - MISSING" } else { "" }
        );
    }
    if !r.module_tags.is_empty() {
        let _ = writeln!(out, "Scenery the modules read (MODULES.md, Data):");
        for t in &r.module_tags {
            let _ = writeln!(out, "  {}. {}: {}", t.piece, t.name, t.words().join("; "));
        }
    }
}

fn run_check(a: &CheckArgs, catalog: &Catalog, format: Format) -> CommandResult {
    let (layout, source) = resolve(catalog, &a.layout)?;
    let scenario = scenario_of(catalog, a.scenario.as_deref())?;
    let zones = zones_of(scenario);
    let markers = scenario.map_or(&[][..], |s| &s.setup.markers[..]);
    if a.heat && zones.is_empty() {
        return Err(CliError::bad_input(
            "--heat needs --scenario: the heat map is exposure to its deployment zones",
        ));
    }
    let space = battlespace_of(catalog, &layout).map_err(|e| CliError::bad_input(e.to_string()))?;
    let d = density(&layout);
    let zone_checks = check_zones(&space, &zones);
    let mut findings = d.findings.clone();
    findings.extend(zone_findings(&zone_checks));
    let path = match (&a.from, &a.to) {
        (Some(f), Some(t)) => {
            let (from, to) = (parse_spot(f)?, parse_spot(t)?);
            on_table(&layout, f, from)?;
            on_table(&layout, t, to)?;
            Some(path_check(&space, from, to))
        }
        _ => None,
    };
    let chosen = crate::modules::parse(&a.modules)?;
    let on = modules_of(scenario, &chosen).map_err(|e| CliError::bad_input(e.to_string()))?;
    let tags = module_tags(catalog, &layout).map_err(|e| CliError::bad_input(e.to_string()))?;
    let module_needs = check_module_needs(&tags, &on);
    findings.extend(module_findings(&module_needs));
    let failed =
        zone_checks.iter().any(ZoneCheck::blocked) || module_needs.iter().any(ModuleNeed::missing);
    let report = CheckReport {
        layout: layout.id.clone(),
        source,
        density: d,
        findings,
        lanes: open_lanes(&space, 2.0),
        heat: a
            .heat
            .then(|| heat_map(&space, &zones, HeatMapOptions::default())),
        zones: zone_checks,
        path,
        climbs: climbing_routes(&space),
        markers: check_markers(&space, markers),
        tag_notes: redline_planner::tags::layout_departures(catalog, &layout),
        modules: on.iter().map(|m| m.to_string()).collect(),
        module_needs,
        module_tags: if on.is_empty() {
            Vec::new()
        } else {
            tags.into_iter().filter(PartModuleTags::any).collect()
        },
    };
    output::emit(format, &report)?;
    Ok(Verdict::failed_if(failed))
}

#[derive(Serialize)]
struct ShareReport {
    layout: Layout,
    code: String,
    /// Whether the input was a code (then the layout is printed) or a layout.
    decoded: bool,
}

impl Report for ShareReport {
    fn human(&self) -> String {
        if self.decoded {
            let pretty = ron::ser::PrettyConfig::new();
            ron::ser::to_string_pretty(&self.layout, pretty).unwrap_or_default() + "\n"
        } else {
            format!("{}\n", self.code)
        }
    }
}

fn run_share(a: &ShareArgs, catalog: &Catalog, format: Format) -> CommandResult {
    let (layout, source) = resolve(catalog, &a.layout)?;
    let report = ShareReport {
        code: encode(&layout),
        decoded: source == "code",
        layout,
    };
    output::emit(format, &report)?;
    Ok(Verdict::Clean)
}

#[derive(Serialize)]
struct Written {
    kind: &'static str,
    path: String,
    detail: String,
}

#[derive(Serialize)]
struct ExportReport {
    layout: String,
    written: Vec<Written>,
}

impl Report for ExportReport {
    fn human(&self) -> String {
        let mut out = format!("Layout {}\n", self.layout);
        for w in &self.written {
            let _ = writeln!(out, "{} {}: {}", w.kind, w.path, w.detail);
        }
        out
    }
}

fn write_file(path: &Path, bytes: &[u8]) -> Result<String, CliError> {
    std::fs::write(path, bytes)
        .map_err(|e| CliError::bad_input(format!("cannot write {}: {e}", path.display())))?;
    Ok(path.display().to_string())
}

fn run_export(a: &ExportArgs, catalog: &Catalog, format: Format) -> CommandResult {
    if a.pdf.is_none() && a.svg.is_none() && a.png.is_none() {
        return Err(CliError::bad_input(
            "say what to export: --pdf FILE, --svg FILE and/or --png FILE",
        ));
    }
    let (layout, _) = resolve(catalog, &a.layout)?;
    let plan = table_plan(catalog, &layout).map_err(|e| CliError::bad_input(e.to_string()))?;
    let mut written = Vec::new();
    if let Some(path) = &a.pdf {
        let paper = match a.paper {
            PaperArg::A4 => Paper::A4,
            PaperArg::Letter => Paper::Letter,
        };
        let t = export::tiling(plan.width, plan.depth, paper);
        written.push(Written {
            kind: "PDF",
            path: write_file(path, &export::pdf::pdf(&plan, paper))?,
            detail: format!(
                "{} pages: the overview, then {} {} sheets {} ({} across x {} down, A1 to {})",
                t.tiles() + 1,
                t.tiles(),
                paper.name(),
                if t.landscape { "lying" } else { "upright" },
                t.columns,
                t.rows,
                export::tile_label(t.rows - 1, t.columns - 1)
            ),
        });
    }
    if let Some(path) = &a.svg {
        written.push(Written {
            kind: "SVG",
            path: write_file(path, export::svg::svg(&plan).as_bytes())?,
            detail: format!("{}\" x {}\" at 1:1", plan.width, plan.depth),
        });
    }
    if let Some(path) = &a.png {
        let bytes =
            export::png::png(&plan, a.ppi).map_err(|e| CliError::bad_input(e.to_string()))?;
        written.push(Written {
            kind: "PNG",
            path: write_file(path, &bytes)?,
            detail: format!(
                "{} x {} pixels at {} per inch",
                (plan.width * a.ppi as f32).round(),
                (plan.depth * a.ppi as f32).round(),
                a.ppi
            ),
        });
    }
    let report = ExportReport {
        layout: layout.id.clone(),
        written,
    };
    output::emit(format, &report)?;
    Ok(Verdict::Clean)
}
