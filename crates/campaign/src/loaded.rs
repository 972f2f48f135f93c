//! A campaign read from a file is checked whole before anything uses it: every team number
//! it holds names one of its teams, every per-team list has one entry per team, and its sizes
//! are within the limits on input (docs/limits.md). A file edited by hand or damaged in a
//! way the parser can't see (`winner: Some(99)`) is refused with a sentence, never a panic
//! later in `campaign show` or in the next step.

use redline_content::limits;

use crate::campaign::Campaign;
use crate::state::{PendingGame, Phase, PlayedGame};
use crate::watch::Reveal;

/// Why a campaign read from a file can't be used, if it can't.
pub fn problem(c: &Campaign) -> Option<String> {
    let teams = c.teams.len();
    if !(2..=4).contains(&teams) {
        return Some(format!(
            "it has {teams} teams; a campaign has 2 to 4 (CTRL-16)"
        ));
    }
    let team = |what: &str, t: usize| {
        (t >= teams).then(|| {
            format!(
                "{what} names team {t}; the campaign has teams 0 to {}",
                teams - 1
            )
        })
    };
    if let Some(p) = c.winner.and_then(|w| team("the winner", w)) {
        return Some(p);
    }
    for t in &c.teams {
        if t.next_game.eb > limits::MAX_EB_LIMIT {
            return Some(format!(
                "{} has {} bonus EB; at most {} (docs/limits.md)",
                limits::excerpt(&t.player),
                t.next_game.eb,
                limits::MAX_EB_LIMIT
            ));
        }
    }
    if c.history.len() > limits::MAX_CAMPAIGN_GAMES {
        return Some(format!(
            "{} games in its history; at most {} (docs/limits.md)",
            c.history.len(),
            limits::MAX_CAMPAIGN_GAMES
        ));
    }
    if let Some(arc) = &c.arc
        && (arc.results.len() > c.history.len() + 1 || c.teams.len() > 3)
    {
        return Some(format!(
            "its arc has {} results for {} games and {teams} crews (COOP-7)",
            arc.results.len(),
            c.history.len()
        ));
    }
    if c.phase != Phase::ChooseScenario && c.pending.is_none() {
        return Some(format!("it is at {:?} but holds no game", c.phase));
    }
    for g in &c.history {
        if let Some(p) = played_problem(g, &team, teams) {
            return Some(format!("game {}: {p}", g.number));
        }
    }
    c.pending
        .as_ref()
        .and_then(|p| pending_problem(p, &team, teams))
        .map(|p| format!("the game in progress: {p}"))
}

/// The seats of a game: two to four distinct teams of the campaign.
fn seats_problem(seats: &[usize], team: &impl Fn(&str, usize) -> Option<String>) -> Option<String> {
    if !(2..=4).contains(&seats.len()) {
        return Some(format!("{} seats; a game has 2 to 4", seats.len()));
    }
    if let Some(p) = seats.iter().find_map(|&t| team("a seat", t)) {
        return Some(p);
    }
    let mut sorted = seats.to_vec();
    sorted.sort_unstable();
    sorted.dedup();
    (sorted.len() != seats.len()).then(|| "a team sits in two seats".to_owned())
}

/// Lists that hold one entry per campaign team (or, where the game hasn't filled them yet,
/// none).
fn per_team(lists: &[(&str, usize, bool)], teams: usize) -> Option<String> {
    lists.iter().find_map(|&(what, len, may_be_empty)| {
        (len != teams && !(may_be_empty && len == 0))
            .then(|| format!("{what} has {len} entries for {teams} teams"))
    })
}

/// Positions of deployed models: finite, within reach of any table.
fn deployed_problem(deployed: &[[f32; 3]]) -> Option<String> {
    let far = 2.0 * limits::MAX_TABLE_SIDE_INCHES;
    let bad = deployed
        .iter()
        .flatten()
        .any(|v| !v.is_finite() || v.abs() > far);
    (bad || deployed.len() > 4 * limits::MAX_TEAM_MODELS)
        .then(|| "a deployed position is not a place on a table".to_owned())
}

fn played_problem(
    g: &PlayedGame,
    team: &impl Fn(&str, usize) -> Option<String>,
    teams: usize,
) -> Option<String> {
    seats_problem(&g.seats, team)
        .or_else(|| {
            let seats = g.seats.len();
            [("teams", g.teams.len()), ("luck", g.luck.len())]
                .iter()
                .find_map(|&(what, len)| {
                    (len != seats).then(|| format!("{what} has {len} entries for {seats} seats"))
                })
        })
        .or_else(|| per_team(&[("completed", g.completed.len(), true)], teams))
        .or_else(|| g.winners.iter().find_map(|&w| team("a winner", w)))
        .or_else(|| g.prove_your_worth.and_then(|t| team("Prove Your Worth", t)))
        .or_else(|| reveals_problem(&g.revealed, g.seats.len(), team))
        .or_else(|| commands_problem(g.commands.len()))
        .or_else(|| deployed_problem(&g.deployed))
}

fn pending_problem(
    p: &PendingGame,
    team: &impl Fn(&str, usize) -> Option<String>,
    teams: usize,
) -> Option<String> {
    seats_problem(&p.seats, team)
        .or_else(|| {
            per_team(
                &[
                    ("drawn", p.drawn.len(), false),
                    ("kept", p.kept.len(), false),
                    ("teams", p.teams.len(), false),
                    ("rules", p.rules.len(), false),
                    ("luck", p.luck.len(), true),
                    ("completed", p.completed.len(), true),
                    ("medics", p.medics.len(), true),
                    ("mechanics", p.mechanics.len(), true),
                ],
                teams,
            )
        })
        .or_else(|| p.prove_your_worth.and_then(|t| team("Prove Your Worth", t)))
        .or_else(|| p.winners.iter().find_map(|&w| team("a winner", w)))
        .or_else(|| p.promoted.iter().find_map(|&w| team("a promotion", w)))
        .or_else(|| reveals_problem(&p.revealed, p.seats.len(), team))
        .or_else(|| p.casualties.iter().find_map(|c| team("a casualty", c.team)))
        .or_else(|| p.offers.iter().find_map(|o| team("a Market offer", o.team)))
        .or_else(|| commands_problem(p.commands.len()))
        .or_else(|| deployed_problem(&p.deployed))
}

fn reveals_problem(
    revealed: &[Reveal],
    seats: usize,
    team: &impl Fn(&str, usize) -> Option<String>,
) -> Option<String> {
    revealed.iter().find_map(|r| {
        team("a revealed Objective", r.team).or_else(|| {
            (usize::from(r.seat) >= seats)
                .then(|| format!("a revealed Objective names seat {}", r.seat))
        })
    })
}

fn commands_problem(commands: usize) -> Option<String> {
    (commands > limits::MAX_REPLAY_STEPS).then(|| {
        format!(
            "{commands} commands; a game holds at most {} (docs/limits.md)",
            limits::MAX_REPLAY_STEPS
        )
    })
}
