//! `redline-cli arena`: plays bot levels against each other over the repo's seed list
//! (`tests/arena/seeds.ron`: starter scenarios and layouts with 100 EB quick teams), every
//! seed twice with the sides swapped, and reports each pairing's wins, draws and losses with
//! 95% Wilson intervals, the same by table and by pair of factions (over both seats), and
//! each bot's share of actions by kind for each faction it played (attacks, moves toward
//! the goal, brawls, net actions) and its time per decision (median, p95, max, decisions per
//! second), as text or JSON and optionally as a PNG chart. A refused command, a panic or a
//! game that never ends is a failure (exit 1), named with its seed.

mod activations;
mod chart;
#[cfg(test)]
mod core_hashes;
mod factions;
mod games;
mod seeds;
mod stats;
mod styles;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use clap::Args;
use redline_ai::{Level, Persona};
use serde::Serialize;

use crate::exit::{CliError, CommandResult, Verdict};
use crate::output::{Format, Report, emit};
use crate::packs;

use self::games::{Broken, Result as GameResult};
use self::stats::{Timing, wilson};

const EXAMPLES: &str = "\
Examples:
  redline-cli arena easy:random normal:easy --games 400 --chart arena.png
  redline-cli arena hard:normal --games 40 --jobs 2
  redline-cli arena normal:easy --seeds my_seeds.ron --json
  redline-cli arena normal:normal --turn-limit 200 --jobs 2
  redline-cli arena easy:random --games 100 --size 200

Levels: random, easy, normal, hard (Hard at its default budget), hard@2x (twice the
play-out work and the time cap), hard@WORK/MSms. Games per pairing default to twice the seeds in the list (400 for the built-in one).";

/// Arguments of `redline-cli arena`.
#[derive(Debug, Args)]
#[command(after_help = EXAMPLES)]
pub struct ArenaArgs {
    /// Pairings to play, each `FIRST:SECOND`; results are the first bot's.
    #[arg(required = true, value_name = "FIRST:SECOND")]
    pairs: Vec<String>,
    /// The seed list (RON); the repo's `tests/arena/seeds.ron`, built in, by default.
    #[arg(long, value_name = "FILE")]
    seeds: Option<PathBuf>,
    /// Games per pairing (even; each seed is played twice). Past twice the seeds in the
    /// list the seeds go round again, each round shifted by a fixed constant.
    #[arg(long)]
    games: Option<usize>,
    /// Also draw the results as a PNG chart here.
    #[arg(long, value_name = "FILE.png")]
    chart: Option<PathBuf>,
    /// Games played at once (threads); times per decision are per bot either way.
    #[arg(long, default_value_t = 1)]
    jobs: usize,
    /// The backstop instead of the list's (and its tables' own): turns of Control after
    /// which a game still running is decided on markers or models in play (the app's games
    /// use 200).
    #[arg(long, value_name = "TURNS", value_parser = clap::value_parser!(u32).range(1..))]
    turn_limit: Option<u32>,
    /// The game size, 100, 150 or 200 EB (FIELD-1), instead of the list's EB: the quick
    /// teams are built for it and a table not of its size is replaced by the scenario's
    /// (or the packs') layout of that size.
    #[arg(long, value_name = "EB")]
    size: Option<redline_content::game_size::GameSize>,
    /// Optional rule modules on in every game, comma-separated: terr, fire, sec, aid, bot
    /// (MOD-1); each table's scenario adds its required ones and refuses a forbidden one.
    #[arg(long, value_name = "LIST", default_value = "")]
    modules: String,
    /// A third force the engine plays joins every game (THIRD-1), by id (see `redline-cli
    /// scenarios`): a neutral crew that attacks both seats and can't win.
    #[arg(long, value_name = "ID")]
    third_force: Option<String>,
    /// Every bot plays the generic deck with a neutral personality, whatever its faction
    /// (by default each plays its faction's deck and personality, where the faction has
    /// them).
    #[arg(long)]
    generic: bool,
}

/// One pairing's results.
#[derive(Debug, Serialize)]
struct Pairing {
    first: String,
    second: String,
    games: u32,
    wins: u32,
    draws: u32,
    losses: u32,
    win_rate: f64,
    win_ci95: (f64, f64),
    draw_rate: f64,
    mean_turns: f64,
    endings: BTreeMap<String, u32>,
    /// Wins, draws and losses of the first bot on each table of the list
    /// (`"k scenario on layout"`), to see where a bot falls short.
    by_table: BTreeMap<String, [u32; 3]>,
    /// How each table's games ended by seat, whichever bot sat there (`"seat 0 won:
    /// HoldOut"`): in a scenario with sides (CTRL-18), the attacker's and the defender's
    /// wins, and which ended by the scenario's own conditions and which by the backstop.
    by_table_seats: BTreeMap<String, BTreeMap<String, u32>>,
    /// Each pair of factions' results over both seats, whichever bot played them: between
    /// two bots of one level, how the factions fare against each other.
    by_faction: Vec<factions::FactionPair>,
    /// Each bot's share of actions by kind for each faction it played: how the crews'
    /// personalities differ.
    by_faction_style: Vec<styles::FactionStyle>,
    first_decisions: Timing,
    second_decisions: Timing,
    first_turns_of_control: Timing,
    second_turns_of_control: Timing,
    /// Time per activation, cut where Hard's budget starts afresh (Take Control, a
    /// Command handing the activation on): what "1 s per activation" is measured on.
    first_activations: Timing,
    second_activations: Timing,
    /// Searches of each bot its time cap cut short: 0 means the bot's choices did not
    /// depend on the machine's speed (Hard's play-out count alone decided).
    clock_cuts: [u64; 2],
    broken: Vec<BrokenGame>,
}

#[derive(Debug, Serialize)]
struct BrokenGame {
    seed: u64,
    first_in_seat_0: bool,
    what: String,
}

impl From<Broken> for BrokenGame {
    fn from(b: Broken) -> BrokenGame {
        BrokenGame {
            seed: b.seed,
            first_in_seat_0: b.first_in_seat_0,
            what: b.what,
        }
    }
}

#[derive(Debug, Serialize)]
struct ArenaReport {
    seed_list: String,
    pairings: Vec<Pairing>,
    broken_games: usize,
    chart: Option<String>,
}

/// Runs the arena.
pub fn run(args: &ArenaArgs, pack: Option<&Path>, format: Format) -> CommandResult {
    let pairs = args
        .pairs
        .iter()
        .map(|p| parse_pair(p))
        .collect::<Result<Vec<_>, _>>()
        .map_err(CliError::bad_input)?;
    let mut list = seeds::read(args.seeds.as_deref()).map_err(|e| {
        CliError::bad_input(e.message.clone()).with_details(serde_json::json!({
            "line": e.at.map(|a| a.0),
            "column": e.at.map(|a| a.1),
        }))
    })?;
    if let Some(limit) = args.turn_limit {
        list.set_turn_limit(limit);
    }
    list.modules = crate::modules::parse(&args.modules)?;
    let catalog = packs::catalog(pack)?;
    if let Some(size) = args.size {
        list.set_size(&catalog, size).map_err(CliError::bad_input)?;
    }
    let mut setups = list.setups(&catalog).map_err(CliError::bad_input)?;
    if let Some(id) = &args.third_force {
        for setup in &mut setups {
            redline_content::third_force::add_third_force(&catalog, setup, id)
                .map_err(|e| CliError::bad_input(e.to_string()))?;
        }
    }
    let personas = personas(&list, &catalog, args.generic);
    let games = args.games.unwrap_or(2 * list.seeds.len());
    if games == 0 || games % 2 == 1 {
        return Err(CliError::bad_input(format!(
            "--games must be even and at least 2 (each seed is played twice), not {games}"
        )));
    }
    let jobs = args.jobs.max(1);
    let mut pairings = Vec::new();
    for levels in pairs {
        let played = play_pairing(&list, &setups, &personas, levels, games, jobs);
        pairings.push(summarise(&list, levels, played));
    }
    let broken_games = pairings.iter().map(|p| p.broken.len()).sum();
    if let Some(path) = &args.chart {
        let rows: Vec<chart::Row> = pairings
            .iter()
            .map(|p| chart::Row {
                label: format!("{} vs {}", p.first, p.second),
                wdl: [p.wins, p.draws, p.losses],
                ci: p.win_ci95,
            })
            .collect();
        let mut timings: BTreeMap<String, Timing> = BTreeMap::new();
        for p in &pairings {
            timings.entry(p.first.clone()).or_insert(p.first_decisions);
            timings
                .entry(p.second.clone())
                .or_insert(p.second_decisions);
        }
        let timings: Vec<(String, Timing)> = timings.into_iter().collect();
        chart::write(path, &rows, &timings).map_err(CliError::failure)?;
    }
    let report = ArenaReport {
        seed_list: args
            .seeds
            .as_ref()
            .map_or(seeds::BUILT_IN_NAME.to_owned(), |p| p.display().to_string()),
        pairings,
        broken_games,
        chart: args.chart.as_ref().map(|p| p.display().to_string()),
    };
    emit(format, &report)?;
    Ok(Verdict::failed_if(broken_games > 0))
}

fn parse_pair(p: &str) -> Result<[Level; 2], String> {
    let Some((a, b)) = p.split_once(':') else {
        return Err(format!(
            "a pairing is FIRST:SECOND (like easy:random), not {p:?}"
        ));
    };
    let level = |s: &str| s.parse::<Level>().map_err(|e| e.to_string());
    Ok([level(a)?, level(b)?])
}

/// Each table's personas by seat: its faction's deck and personality, or the generic ones
/// with `generic` (or for a faction the packs do not have).
fn personas(
    list: &seeds::SeedList,
    catalog: &redline_content::Catalog,
    generic: bool,
) -> Vec<[Persona; 2]> {
    let of = |f: Option<&String>| match f.and_then(|f| catalog.factions.get(f)) {
        Some(def) if !generic => Persona::of_faction(def),
        _ => Persona::generic(),
    };
    list.tables
        .iter()
        .map(|t| [of(t.teams.first()), of(t.teams.get(1))])
        .collect()
}

/// Plays `games` games of one pairing: seed `i / 2`, sides swapped on odd `i`.
fn play_pairing(
    list: &seeds::SeedList,
    setups: &[redline_rules::Setup],
    personas: &[[Persona; 2]],
    levels: [Level; 2],
    games: usize,
    jobs: usize,
) -> Vec<games::Played> {
    let one = |i: usize| {
        let pair = i / 2;
        let setup = setups[pair % setups.len()].clone();
        let personas = &personas[pair % personas.len()];
        games::play(setup, list.seed(pair), levels, i % 2 == 1, personas)
    };
    if jobs == 1 {
        return (0..games).map(one).collect();
    }
    let mut out: Vec<Option<games::Played>> = (0..games).map(|_| None).collect();
    std::thread::scope(|s| {
        let handles: Vec<_> = (0..jobs)
            .map(|j| {
                let one = &one;
                s.spawn(move || {
                    (j..games)
                        .step_by(jobs)
                        .map(|i| (i, one(i)))
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        for h in handles {
            // A panic inside a bot is caught per game; one here is a bug of the arena.
            for (i, p) in h.join().expect("an arena thread panicked") {
                out[i] = Some(p);
            }
        }
    });
    out.into_iter().flatten().collect()
}

fn summarise(list: &seeds::SeedList, levels: [Level; 2], played: Vec<games::Played>) -> Pairing {
    let (mut w, mut d, mut l) = (0u32, 0u32, 0u32);
    let mut ms: [Vec<f64>; 2] = [Vec::new(), Vec::new()];
    let mut turn_ms: [Vec<f64>; 2] = [Vec::new(), Vec::new()];
    let mut activation_ms: [Vec<f64>; 2] = [Vec::new(), Vec::new()];
    let mut broken = Vec::new();
    let mut endings: BTreeMap<String, u32> = BTreeMap::new();
    let mut by_table: BTreeMap<String, [u32; 3]> = BTreeMap::new();
    let mut by_table_seats: BTreeMap<String, BTreeMap<String, u32>> = BTreeMap::new();
    let mut by_faction = factions::Tally::default();
    let mut by_style = styles::Tally::default();
    let names = [levels[0].to_string(), levels[1].to_string()];
    let mut turns = 0u64;
    let mut clock_cuts = [0u64; 2];
    for (i, p) in played.into_iter().enumerate() {
        // Game i is on table (i / 2) mod the tables (see `play_pairing`).
        let k = (i / 2) % list.tables.len();
        let t = &list.tables[k];
        let key = format!("{k} {} on {}", t.scenario, t.layout);
        // Game i has the first bot in seat 1 when i is odd (see `play_pairing`).
        if p.result.is_ok() {
            *by_table_seats
                .entry(key.clone())
                .or_default()
                .entry(seat_ending(&p.ending, i % 2 == 0))
                .or_default() += 1;
        }
        let table = by_table.entry(key).or_default();
        // The first bot sits in seat 0 on even games, seat 1 on odd ones.
        for (seat, count) in p.styles.iter().enumerate() {
            if let Some(f) = t.teams.get(seat) {
                by_style.note(&names[seat ^ (i % 2)], f, count);
            }
        }
        for b in 0..2 {
            ms[b].extend_from_slice(&p.ms[b]);
            turn_ms[b].extend_from_slice(&p.turn_ms[b]);
            activation_ms[b].extend_from_slice(&p.activation_ms[b]);
        }
        turns += u64::from(p.turns);
        clock_cuts[0] += p.clock_cuts[0];
        clock_cuts[1] += p.clock_cuts[1];
        match p.result {
            Ok(r) => {
                let (slot, col) = match r {
                    GameResult::Win => (&mut w, 0),
                    GameResult::Draw => (&mut d, 1),
                    GameResult::Loss => (&mut l, 2),
                };
                *slot += 1;
                table[col] += 1;
                by_faction.note(&t.teams, i % 2, r);
                *endings.entry(p.ending).or_default() += 1;
            }
            Err(b) => broken.push(BrokenGame::from(b)),
        }
    }
    let n = w + d + l;
    let rate = |k: u32| {
        if n == 0 {
            0.0
        } else {
            f64::from(k) / f64::from(n)
        }
    };
    let all = n as usize + broken.len();
    Pairing {
        first: levels[0].to_string(),
        second: levels[1].to_string(),
        games: n,
        wins: w,
        draws: d,
        losses: l,
        win_rate: rate(w),
        win_ci95: wilson(w, n),
        draw_rate: rate(d),
        mean_turns: if all == 0 {
            0.0
        } else {
            turns as f64 / all as f64
        },
        endings,
        by_table,
        by_table_seats,
        by_faction: by_faction.pairs(),
        by_faction_style: by_style.rows(),
        first_decisions: Timing::of(&ms[0]),
        second_decisions: Timing::of(&ms[1]),
        first_turns_of_control: Timing::of(&turn_ms[0]),
        second_turns_of_control: Timing::of(&turn_ms[1]),
        first_activations: Timing::of(&activation_ms[0]),
        second_activations: Timing::of(&activation_ms[1]),
        clock_cuts,
        broken,
    }
}

/// A game's ending (`"won: HoldOut"`, for the first bot) by seat: `"seat 0 won: HoldOut"`,
/// `"draw: ..."`.
fn seat_ending(ending: &str, first_in_seat_0: bool) -> String {
    let (first, second) = if first_in_seat_0 { (0, 1) } else { (1, 0) };
    if let Some(why) = ending.strip_prefix("won: ") {
        format!("seat {first} won: {why}")
    } else if let Some(why) = ending.strip_prefix("lost: ") {
        format!("seat {second} won: {why}")
    } else if let Some(why) = ending.strip_prefix("drew: ") {
        format!("draw: {why}")
    } else {
        ending.to_owned()
    }
}

fn timing_line(name: &str, what: &str, t: &Timing) -> String {
    format!(
        "  {name:<8} {:>8} {what}: median {:.3} ms, p95 {:.3} ms, max {:.3} ms; {:.0}/s\n",
        t.count, t.median_ms, t.p95_ms, t.max_ms, t.per_second
    )
}

impl Report for ArenaReport {
    fn human(&self) -> String {
        let mut s = format!("Arena over {}\n", self.seed_list);
        for p in &self.pairings {
            let pc = |x: f64| 100.0 * x;
            s += &format!(
                "\n{} vs {}: {} games, first bot wins {} ({:.1}%, 95% CI {:.1}-{:.1}%), draws {} ({:.1}%), losses {} ({:.1}%); {:.1} turns of Control on average\n",
                p.first,
                p.second,
                p.games,
                p.wins,
                pc(p.win_rate),
                pc(p.win_ci95.0),
                pc(p.win_ci95.1),
                p.draws,
                pc(p.draw_rate),
                p.losses,
                pc(if p.games == 0 {
                    0.0
                } else {
                    f64::from(p.losses) / f64::from(p.games)
                }),
                p.mean_turns,
            );
            let endings: Vec<String> = p.endings.iter().map(|(k, v)| format!("{k} {v}")).collect();
            s += &format!("  endings: {}\n", endings.join(", "));
            let tables: Vec<String> = p
                .by_table
                .iter()
                .map(|(k, [w, d, l])| format!("{k} {w}/{d}/{l}"))
                .collect();
            s += &format!("  by table (W/D/L): {}\n", tables.join(", "));
            for (table, endings) in &p.by_table_seats {
                let e: Vec<String> = endings.iter().map(|(k, v)| format!("{k} {v}")).collect();
                s += &format!("  {table} by seat: {}\n", e.join(", "));
            }
            s += &factions::human(&p.by_faction);
            s += &styles::human(&p.by_faction_style);
            s += &timing_line(&p.first, "decisions", &p.first_decisions);
            s += &timing_line(&p.second, "decisions", &p.second_decisions);
            s += &timing_line(&p.first, "turns of Control", &p.first_turns_of_control);
            s += &timing_line(&p.second, "turns of Control", &p.second_turns_of_control);
            s += &timing_line(&p.first, "activations", &p.first_activations);
            s += &timing_line(&p.second, "activations", &p.second_activations);
            if p.clock_cuts != [0, 0] {
                s += &format!(
                    "  searches cut short by the time cap: {} {}, {} {}\n",
                    p.first, p.clock_cuts[0], p.second, p.clock_cuts[1]
                );
            }
            for b in &p.broken {
                s += &format!(
                    "  BROKEN seed {} ({} in seat 0): {}\n",
                    b.seed,
                    if b.first_in_seat_0 {
                        &p.first
                    } else {
                        &p.second
                    },
                    b.what
                );
            }
        }
        s += &format!(
            "\n{} broken games (refused commands, panics, runaway games)\n",
            self.broken_games
        );
        if let Some(c) = &self.chart {
            s += &format!("chart: {c}\n");
        }
        s
    }
}
