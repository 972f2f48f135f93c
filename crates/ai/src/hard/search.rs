//! One searched decision as a resumable object: [`Search`] holds the candidates, their
//! play-outs so far and what is left of the allowance, and [`Search::step`] plays out as many
//! more as a slice of work allows. Run in one step with no limit it is the one-shot search;
//! run in slices (the browser's app calls it once per frame, as a page has one thread) it
//! plays the same play-outs in the same order and gives the same answer, since the slice
//! only decides when to pause, never what to play next. The wall-clock safety net counts
//! the time spent inside the steps, not the time between them.

use std::time::Duration;
#[cfg(not(target_arch = "wasm32"))]
use std::time::Instant;

#[cfg(target_arch = "wasm32")]
use web_time::Instant;

use redline_rules::{Command, Game, TeamId};

use super::{EXPLORE, mix, playout};
use crate::choice::Choice;
use crate::describe::describe;

/// The search of one decision, paused between steps.
#[derive(Debug, Clone)]
pub(super) struct Search {
    /// The position searched (a copy: the play-outs are played on copies of it).
    game: Game,
    legal: Vec<Command>,
    /// The candidates, as indices into `legal`.
    cands: Vec<usize>,
    team: TeamId,
    /// The bot's seed and the decision's number: with a sample's number they seed its dice.
    seed: u64,
    decision: u64,
    /// Play-out work this decision may use.
    allowance: u32,
    /// Search time the activation has left under the safety net.
    limit: Duration,
    /// Search time spent before the play-outs began (listing and rating the answers).
    before: Duration,
    /// Search time spent in the play-out loop, over every step so far.
    looped: Duration,
    sum: Vec<f64>,
    n: Vec<u32>,
    total: u32,
    spent: u32,
    halving: Option<Halving>,
}

/// How a search ended.
#[derive(Debug, Clone)]
pub(super) struct Found {
    /// The answer and why.
    pub choice: Choice,
    /// Play-out work spent.
    pub work: u32,
    /// Search time spent, over every step.
    pub time: Duration,
    /// Whether the safety net stopped it.
    pub clock_cut: bool,
}

/// What a search needs besides the position: the candidates and the limits.
#[derive(Debug, Clone)]
pub(super) struct Plan {
    pub legal: Vec<Command>,
    pub cands: Vec<usize>,
    pub team: TeamId,
    pub seed: u64,
    pub decision: u64,
    pub allowance: u32,
    pub limit: Duration,
    pub before: Duration,
    /// Shares the play-outs by sequential halving rather than UCB1.
    pub halving: bool,
}

impl Search {
    /// A search of `game` as `plan` says, no play-out played yet.
    pub fn new(game: &Game, plan: Plan) -> Search {
        let k = plan.cands.len();
        Search {
            game: game.clone(),
            legal: plan.legal,
            halving: plan.halving.then(|| Halving::new(k)),
            cands: plan.cands,
            team: plan.team,
            seed: plan.seed,
            decision: plan.decision,
            allowance: plan.allowance,
            limit: plan.limit,
            before: plan.before,
            looped: Duration::ZERO,
            sum: vec![0.0; k],
            n: vec![0; k],
            total: 0,
            spent: 0,
        }
    }

    /// Plays out until about `slice` units of work are spent (at least one play-out) or
    /// the search is over; `Some` with the answer once it is. The play-outs and the answer
    /// do not depend on the slices: `slice = u32::MAX` is the one-shot search.
    pub fn step(&mut self, slice: u32) -> Option<Found> {
        let started = Instant::now();
        let mut done = 0u32;
        let ended = loop {
            // Stop when one more play-out (at the average so far) would pass the allowance
            // of work, or, as a safety net only, the search time left. Normal's best
            // candidate always gets its first play-out.
            let per = self.spent.checked_div(self.total);
            if let Some(per) = per {
                if self.spent.saturating_add(per) >= self.allowance {
                    break Some(false);
                }
                let looped = self.looped + started.elapsed();
                if self.before + looped + looped / self.total >= self.limit {
                    break Some(true);
                }
                if done >= slice {
                    break None;
                }
            }
            let Some(i) = self.next(per) else {
                break Some(false);
            };
            // The k-th sample of every candidate rolls the same dice (common random
            // numbers): differences come from the choice, not the luck.
            let dice = mix(self.seed, self.decision, u64::from(self.n[i]));
            let (value, work) = playout(&self.game, &self.legal[self.cands[i]], dice, self.team);
            self.sum[i] += value;
            self.spent = self.spent.saturating_add(work);
            done = done.saturating_add(work);
            self.n[i] += 1;
            self.total += 1;
        };
        self.looped += started.elapsed();
        ended.map(|clock_cut| self.found(clock_cut))
    }

    /// The candidate to play out next (`per`: the average work of a play-out so far), or
    /// `None` when sequential halving is down to one.
    fn next(&mut self, per: Option<u32>) -> Option<usize> {
        let k = self.cands.len();
        if let Some(h) = self.halving.as_mut() {
            // Play-outs the allowance still has room for, at the average so far.
            let left = self.allowance.saturating_sub(self.spent) / per.unwrap_or(0).max(1);
            return h.next(&self.sum, &self.n, left);
        }
        if (self.total as usize) < k {
            return Some(self.total as usize);
        }
        let ln = f64::from(self.total).ln();
        let (sum, n) = (&self.sum, &self.n);
        let u = |j: usize| sum[j] / f64::from(n[j]) + EXPLORE * (ln / f64::from(n[j])).sqrt();
        Some(
            (0..k)
                .max_by(|&a, &b| u(a).total_cmp(&u(b)).then(b.cmp(&a)))
                .unwrap_or(0),
        )
    }

    /// The best mean among the candidates still in, as the answer.
    fn found(&self, clock_cut: bool) -> Found {
        let (sum, n) = (&self.sum, &self.n);
        let best = (0..self.cands.len())
            .filter(|&k| n[k] > 0 && self.halving.as_ref().is_none_or(|h| h.alive.contains(&k)))
            .max_by(|&a, &b| {
                (sum[a] / f64::from(n[a]))
                    .total_cmp(&(sum[b] / f64::from(n[b])))
                    .then(b.cmp(&a))
            })
            .unwrap_or(0);
        let c = self.legal[self.cands[best]].clone();
        let why = format!(
            "search: {} averages {:.2} over {} play-outs ({} samples, {} work, {} candidates)",
            describe(&self.game, &c),
            sum[best] / f64::from(n[best].max(1)),
            n[best],
            self.total,
            self.spent,
            self.cands.len()
        );
        Found {
            choice: Choice::new(c, why),
            work: self.spent,
            time: self.before + self.looped,
            clock_cut,
        }
    }
}

/// Sequential halving over a searched decision's candidates, in rounds: the first gives
/// each candidate one play-out; after each round the better half by mean (rounded up) stays
/// in, and the play-outs the budget still allows are shared evenly over the rounds left
/// (one per halving until one candidate is left) and the candidates in. The choice is the
/// best mean of those still in. It spends the play-outs on telling the best candidates
/// apart rather than, as UCB1 does, on the one that looks best so far, which pays when there
/// are many.
#[derive(Debug, Clone)]
pub(super) struct Halving {
    /// Candidates still in, best first after each round.
    pub alive: Vec<usize>,
    /// Play-outs each candidate still in has by the end of the current round.
    target: u32,
}

impl Halving {
    pub fn new(candidates: usize) -> Halving {
        Halving {
            alive: (0..candidates).collect(),
            target: 1,
        }
    }

    /// The candidate to play out next given each one's `sum` of values and play-outs `n`
    /// and the play-outs the budget still allows (`left`), or `None` once one candidate is
    /// left.
    pub fn next(&mut self, sum: &[f64], n: &[u32], left: u32) -> Option<usize> {
        loop {
            if let Some(&k) = self.alive.iter().find(|&&k| n[k] < self.target) {
                return Some(k);
            }
            if self.alive.len() <= 1 {
                return None;
            }
            let mean = |k: usize| sum[k] / f64::from(n[k].max(1));
            self.alive
                .sort_by(|&a, &b| mean(b).total_cmp(&mean(a)).then(a.cmp(&b)));
            self.alive.truncate(self.alive.len().div_ceil(2));
            let Ok(still) = u32::try_from(self.alive.len()) else {
                return None;
            };
            if still == 1 {
                return None;
            }
            // Rounds left, this one included: one per halving down to one candidate.
            let rounds = u32::BITS - (still - 1).leading_zeros();
            self.target += (left / rounds / still).max(1);
        }
    }
}
