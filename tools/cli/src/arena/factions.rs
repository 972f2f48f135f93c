//! The arena's results by faction: over a pairing's games, each pair of factions' wins,
//! draws and losses, whichever bot played them and in whichever seat. Between two bots of
//! the same level this is how the factions fare against each other.

use std::collections::BTreeMap;

use serde::Serialize;

use super::games::Result as GameResult;
use super::stats::wilson;

/// One pair of factions over every game they met in: the first faction's results.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct FactionPair {
    /// The faction whose results these are (the earlier of the two by name).
    pub first: String,
    /// Its rival.
    pub second: String,
    /// Games the two met in (draws included).
    pub games: u32,
    /// The first faction's wins.
    pub wins: u32,
    /// Games nobody won.
    pub draws: u32,
    /// The first faction's losses (the second faction's wins).
    pub losses: u32,
    /// Wins over games.
    pub win_rate: f64,
    /// The 95% Wilson interval of the win rate.
    pub win_ci95: (f64, f64),
    /// Wins over the games somebody won (0.5 when none was won).
    pub decisive_win_rate: f64,
    /// The first faction's wins, draws and losses with it in seat 0, then in seat 1.
    pub by_seat: [[u32; 3]; 2],
}

/// The tally of a pairing's games by faction pair (mirror tables are left out: a faction
/// against itself tells nothing of the balance between factions).
#[derive(Debug, Default)]
pub struct Tally {
    /// (first, second) faction by name → the first faction's W/D/L in seat 0 and seat 1.
    pairs: BTreeMap<(String, String), [[u32; 3]; 2]>,
}

impl Tally {
    /// Notes one game on a table of `teams` (faction per seat), with the pairing's first
    /// bot in seat `first_bot_seat` and `result` the first bot's.
    pub fn note(&mut self, teams: &[String], first_bot_seat: usize, result: GameResult) {
        let [t0, t1] = teams else {
            return;
        };
        if t0 == t1 {
            return;
        }
        let winner_seat = match result {
            GameResult::Win => Some(first_bot_seat),
            GameResult::Loss => Some(1 - first_bot_seat),
            GameResult::Draw => None,
        };
        let (key, first_seat) = if t0 < t1 {
            ((t0.clone(), t1.clone()), 0)
        } else {
            ((t1.clone(), t0.clone()), 1)
        };
        let column = match winner_seat {
            None => 1,
            Some(s) if s == first_seat => 0,
            Some(_) => 2,
        };
        self.pairs.entry(key).or_default()[first_seat][column] += 1;
    }

    /// Every faction pair met, by name.
    pub fn pairs(&self) -> Vec<FactionPair> {
        self.pairs
            .iter()
            .map(|((first, second), by_seat)| {
                let [w, d, l] = [0, 1, 2].map(|c| by_seat[0][c] + by_seat[1][c]);
                let games = w + d + l;
                FactionPair {
                    first: first.clone(),
                    second: second.clone(),
                    games,
                    wins: w,
                    draws: d,
                    losses: l,
                    win_rate: share(w, games),
                    win_ci95: wilson(w, games),
                    decisive_win_rate: if w + l == 0 { 0.5 } else { share(w, w + l) },
                    by_seat: *by_seat,
                }
            })
            .collect()
    }
}

fn share(k: u32, n: u32) -> f64 {
    if n == 0 {
        0.0
    } else {
        f64::from(k) / f64::from(n)
    }
}

/// The text block of a pairing's results by faction (nothing when no two factions met).
pub fn human(pairs: &[FactionPair]) -> String {
    if pairs.is_empty() {
        return String::new();
    }
    let mut s = String::from(
        "  by faction (first faction's W/D/L over both seats; then in seat 0 and in seat 1):\n",
    );
    for p in pairs {
        let pc = |x: f64| 100.0 * x;
        let wdl = |x: [u32; 3]| format!("{}/{}/{}", x[0], x[1], x[2]);
        s += &format!(
            "    {} vs {}: {} games, {} ({:.1}%, 95% CI {:.1}-{:.1}%; {:.1}% of decisive games); seat 0 {}, seat 1 {}\n",
            p.first,
            p.second,
            p.games,
            wdl([p.wins, p.draws, p.losses]),
            pc(p.win_rate),
            pc(p.win_ci95.0),
            pc(p.win_ci95.1),
            pc(p.decisive_win_rate),
            wdl(p.by_seat[0]),
            wdl(p.by_seat[1]),
        );
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    fn teams(a: &str, b: &str) -> Vec<String> {
        vec![a.to_owned(), b.to_owned()]
    }

    #[test]
    fn a_win_goes_to_the_faction_in_the_winning_seat_whichever_bot_sat_there() {
        let mut t = Tally::default();
        // choir in seat 0; the first bot in seat 1 wins: tidewater won.
        t.note(&teams("choir", "tidewater"), 1, GameResult::Win);
        // tidewater in seat 0; the first bot in seat 1 loses: tidewater (seat 0) won.
        t.note(&teams("tidewater", "choir"), 1, GameResult::Loss);
        // choir in seat 0; the first bot in seat 0 wins: choir won.
        t.note(&teams("choir", "tidewater"), 0, GameResult::Win);
        t.note(&teams("tidewater", "choir"), 0, GameResult::Draw);
        let pairs = t.pairs();
        assert_eq!(pairs.len(), 1);
        let p = &pairs[0];
        assert_eq!(
            (p.first.as_str(), p.second.as_str()),
            ("choir", "tidewater")
        );
        assert_eq!((p.games, p.wins, p.draws, p.losses), (4, 1, 1, 2));
        assert_eq!(p.by_seat, [[1, 0, 1], [0, 1, 1]]);
        assert!((p.win_rate - 0.25).abs() < 1e-12);
        assert!((p.decisive_win_rate - 1.0 / 3.0).abs() < 1e-12);
        assert_eq!(p.win_ci95, wilson(1, 4));
    }

    #[test]
    fn mirror_tables_and_tables_of_other_than_two_teams_are_left_out() {
        let mut t = Tally::default();
        t.note(&teams("ashfall", "ashfall"), 0, GameResult::Win);
        t.note(&["ashfall".to_owned()], 0, GameResult::Win);
        assert!(t.pairs().is_empty());
        assert_eq!(human(&t.pairs()), "");
    }
}
