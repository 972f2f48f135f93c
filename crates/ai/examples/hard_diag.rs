//! Diagnoses Hard's search: plays Hard against Normal and prints, for Hard's searched
//! decisions, how many play-outs and candidates each got and how often Hard's pick differs
//! from Normal's own choice, and which support actions (Commands, drone launches and other
//! programs, Stun, Refresh) each side chose, as actions and as [RE]actions.
//!
//! `cargo run --release -p redline-ai --example hard_diag -- [games] [work per turn] [turn limit]`

use std::collections::BTreeMap;

use redline_ai::{Bot, NormalBot};
use redline_content::starter;
use redline_rules::card::{Effect, Keyword};
use redline_rules::{Command, DecisionKind, Game};

mod common;

/// The number just before `word` in `why` (e.g. "12 samples").
fn number_before(why: &str, word: &str) -> Option<u64> {
    let at = why.find(word)?;
    why[..at]
        .split_whitespace()
        .last()?
        .trim_start_matches('(')
        .parse()
        .ok()
}

/// The kind of support action `c` is, for the counts ("command", "drone", "program",
/// "stun", "refresh"), with " [RE]action" added when it is one.
fn support_kind(game: &Game, c: &Command) -> Option<String> {
    let (Command::Act(a) | Command::React(a)) = c else {
        return None;
    };
    let def = game.action(a.model, a.action)?;
    if def.attack {
        return None;
    }
    let kind = if def.command || def.effects.contains(&Effect::Activate) {
        "command"
    } else if def
        .effects
        .iter()
        .any(|e| matches!(e, Effect::DeployDrone { .. }))
    {
        "drone"
    } else if def
        .effects
        .iter()
        .any(|e| matches!(e, Effect::Hack | Effect::MakeVulnerable))
    {
        "program"
    } else if def.keywords.iter().any(|k| matches!(k, Keyword::Stun(_))) {
        "stun"
    } else if def
        .keywords
        .iter()
        .any(|k| matches!(k, Keyword::Refresh(_)))
    {
        "refresh"
    } else {
        return None;
    };
    Some(match c {
        Command::React(_) => format!("{kind} [RE]action"),
        _ => kind.to_owned(),
    })
}

fn main() {
    let args = common::Args::parse();
    let work = args.budget.work;
    let catalog = starter();
    let (mut searched, mut differs, mut only) = (0u64, 0u64, 0u64);
    let mut samples: Vec<u64> = Vec::new();
    let mut per_cand: Vec<f64> = Vec::new();
    let mut work_per: Vec<f64> = Vec::new();
    let mut first_samples: Vec<u64> = Vec::new();
    let mut hard_support: BTreeMap<String, u64> = BTreeMap::new();
    let mut normal_support: BTreeMap<String, u64> = BTreeMap::new();
    for g in 0..args.games {
        let (mut game, hard_seat, mut hard, mut normal) = args.game(&catalog, g);
        while let Some(d) = game.decision() {
            let c = if d.seat.0 == hard_seat {
                let kind = d.kind.clone();
                let c = hard.choose(&game);
                let why = hard.explain().unwrap_or_default();
                if why.starts_with("search:") {
                    searched += 1;
                    let nc = NormalBot::new().choose(&game);
                    if nc != c {
                        differs += 1;
                    }
                    if why.contains("only sensible") {
                        only += 1;
                    } else if let (Some(s), Some(k), Some(w)) = (
                        number_before(&why, "samples"),
                        number_before(&why, "candidates"),
                        number_before(&why, "work"),
                    ) {
                        samples.push(s);
                        per_cand.push(s as f64 / k as f64);
                        if s > 0 {
                            work_per.push(w as f64 / s as f64);
                        }
                        if matches!(kind, DecisionKind::TakeControl { .. }) {
                            first_samples.push(s);
                        }
                    }
                }
                c
            } else {
                normal.choose(&game)
            };
            if let Some(k) = support_kind(&game, &c) {
                let counts = if d.seat.0 == hard_seat {
                    &mut hard_support
                } else {
                    &mut normal_support
                };
                *counts.entry(k).or_insert(0) += 1;
            }
            game.apply(c).expect("a legal command");
        }
        eprintln!("game {g}: {:?}", game.outcome());
    }
    let q = |v: &mut Vec<f64>, p: f64| {
        v.sort_by(f64::total_cmp);
        v[((v.len() - 1) as f64 * p).round() as usize]
    };
    let mut s: Vec<f64> = samples.iter().map(|&x| x as f64).collect();
    let mut f: Vec<f64> = first_samples.iter().map(|&x| x as f64).collect();
    println!(
        "{work} work per turn: {searched} searched decisions, {only} with one candidate, Hard \
         differs from Normal in {differs} ({:.0}%)\n  play-outs per decision median {} p10 {} \
         p90 {}\n  at Take Control median {} p10 {}\n  per candidate median {:.1} p10 {:.1} \
         p90 {:.1}\n  work per play-out median {:.0} p90 {:.0}",
        100.0 * differs as f64 / searched.max(1) as f64,
        q(&mut s, 0.5),
        q(&mut s, 0.1),
        q(&mut s, 0.9),
        q(&mut f, 0.5),
        q(&mut f, 0.1),
        q(&mut per_cand, 0.5),
        q(&mut per_cand, 0.1),
        q(&mut per_cand, 0.9),
        q(&mut work_per, 0.5),
        q(&mut work_per, 0.9),
    );
    println!("  support actions chosen: Hard {hard_support:?}, Normal {normal_support:?}");
}
