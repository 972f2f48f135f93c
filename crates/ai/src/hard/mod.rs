//! Hard: a time-bounded search over whole turns of Control. At each of its own Take Control
//! decisions (which model acts, or Inspiring) it keeps Normal's best few answers as candidates
//! (six at the default budget, more with a bigger one) and plays each forward many times on
//! copies of the game: two exchanges
//! of turns of Control (the rest of ours and the rival's reply, then our next and the rival's
//! next), both sides played by Normal, every copy with dice of its own ([`Game::reseed_dice`]) so
//! the search samples chance from the real dice rules without ever seeing the real game's coming
//! rolls. The leaves are scored by [`eval::standing`] (material and scenario progress) plus half of
//! [`eval::positional`] (Normal's position evaluation of every model where it stands), plus, where
//! taking out a Leader wins, [`eval::leader_danger`]; samples go to candidates by UCB1 (flat
//! open-loop Monte Carlo at the root) up to the default budget and by sequential halving above it,
//! where the candidates are many (`search::Halving`), and the best mean wins. The budget is work, not
//! time: play-out work (commands played on the copies plus the legal answers Normal rated to choose
//! them, plus the models weighed at the leaf) per activation (a turn of Control, and afresh for
//! each model a Command hands the activation to, CMD-2), whose wall-clock cap fits 95
//! activations in 100 of the default on this project's 2-core machine; given its seed and budget
//! it is deterministic, whatever the machine's load. A wall-clock cap per activation stays as a safety net only
//! ([`Bot::clock_cuts`] counts the searches it cut). The actions of its activations are Normal's:
//! searching them as well lost to Normal once Normal played its fights to the end
//! (docs/decisions/ai-finishing.md). A [RE]action offered in a
//! rival's activation (REACT-1) is searched like Take Control, declining always among the
//! candidates (an action on a target counts once, whatever the token),
//! on a budget of its own for that activation; so is where one of its models enters play (a
//! drone, DRONE-8; a Reserve, FIELD-9), among Normal's best spots. Defences, Luck, wounds, first
//! Control and looted cards are Normal's. A search can also run a slice at a time
//! ([`HardBot::think`], `search::Search`): paused and resumed, it gives the same answer, so an
//! app with one thread (a web page) thinks a little each frame.

mod activation;
mod eval;
mod search;

use std::time::Duration;
#[cfg(not(target_arch = "wasm32"))]
use std::time::Instant;

#[cfg(target_arch = "wasm32")]
use web_time::Instant;

use redline_rules::{Command, DecisionKind, Game, ModelId, Target, TeamId};

use crate::Bot;
use crate::choice::Choice;
use crate::describe::describe;
use crate::models::in_play;
use crate::normal::{self, NormalBot};
use redline_content::schema::Personality;
use search::{Plan, Search};

pub use activation::ActivationCut;
pub use eval::{leader_danger, positional, standing};

/// How much Hard may think.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HardBudget {
    /// Play-out work for a whole activation (a turn of Control; a model a Command hands
    /// the activation to starts afresh): commands played on copies of the game
    /// plus the legal answers Normal rated to choose them (a step's cost grows with them).
    /// Each searched decision may use half of what the turn has left, so a later one of
    /// the activation (where a drone it launches enters play) still gets some. This is the
    /// budget that decides: counted in work, Hard plays the same
    /// on a busy machine as on an idle one.
    pub work: u32,
    /// Safety net, wall-clock ms for a whole activation: a search stops early when one
    /// more play-out would pass it. The default work stays inside it on 95 turns in 100
    /// of CPU time and it cuts the longest; the busier or slower the machine, the more
    /// often it bites.
    pub turn_ms: u32,
}

impl HardBudget {
    /// The default: 50,000 units of play-out work per turn of Control (on the project's
    /// 2-core machine about 2.1 s of CPU time at the median, 2.8 s at the 95th percentile and
    /// at most 4.5 s over the calibration's turns, `examples/hard_calibrate.rs`), with a 3 s
    /// wall-clock cap per activation as the safety net.
    pub const DEFAULT: HardBudget = HardBudget {
        work: 50_000,
        turn_ms: 3000,
    };

    /// The budget in a web page: the default's work, so the same play, with three times its
    /// safety net, which V8 running the search about twice as slowly as native code stays
    /// inside on nearly every turn (docs/web.md, `tools/hard-pace`).
    pub const IN_BROWSER: HardBudget = HardBudget {
        work: HardBudget::DEFAULT.work,
        turn_ms: 3 * HardBudget::DEFAULT.turn_ms,
    };

    /// `k` times this budget: `k` times the work and `k` times the safety net.
    pub const fn times(self, k: u32) -> HardBudget {
        HardBudget {
            work: self.work * k,
            turn_ms: self.turn_ms * k,
        }
    }
}

impl Default for HardBudget {
    fn default() -> Self {
        HardBudget::DEFAULT
    }
}

/// Candidates kept per searched decision at the default budget (Normal's best, plus
/// passing when it is not among them).
const CANDIDATES: usize = 6;
/// The most candidates any budget keeps.
const MAX_CANDIDATES: usize = 96;

/// A play-out stops after this many commands even if the horizon is not reached.
const MAX_PLAYOUT: usize = 600;
/// UCB1 exploration weight, in models.
const EXPLORE: f64 = 1.2;

/// Exchanges a play-out covers: turns of Control of ours and the rival's reply, counted from
/// the decision searched (the rest of our turn and the rival's, then our next turn and the
/// rival's). One exchange gave the rival the last word: a move that sets up our next attack
/// was scored after the rival's answer to it but before the attack; two measured stronger
/// against Normal than one or three (docs/decisions/ai-hard-search-and-budget.md).
const EXCHANGES: u32 = 2;
/// Weight of the position term at the leaves ([`positional`]) against material.
const POSITION_WEIGHT: f64 = 0.5;

/// Candidates kept per searched decision with `work` per turn of Control: [`CANDIDATES`] up
/// to the default budget, and above it [`CANDIDATES`] times the square of the budget's ratio
/// to the default (24 at twice the default), at most [`MAX_CANDIDATES`]. Measured: at twice
/// the budget, more play-outs of the same six candidates won no more games than the default
/// did; twelve won more, twenty-four more still, because UCB1 gives the weak ones few
/// play-outs (docs/decisions/ai-hard-search-and-budget.md).
fn candidates(work: u32) -> usize {
    let ratio = f64::from(work) / f64::from(HardBudget::DEFAULT.work);
    if ratio <= 1.0 {
        return CANDIDATES;
    }
    // Rounded, so twice the budget gives exactly 24.
    ((CANDIDATES as f64 * ratio * ratio).round() as usize).clamp(CANDIDATES, MAX_CANDIDATES)
}

/// The work a searched decision may use, with `left` of the activation's work unspent:
/// half, so a later searched decision of the activation (where a drone it launches enters
/// play, DRONE-8) still gets some.
fn allowance(left: u32) -> u32 {
    left / 2
}

/// The search bot.
#[derive(Debug, Clone)]
pub struct HardBot {
    seed: u64,
    budget: HardBudget,
    decisions: u64,
    turn_spent: Duration,
    turn_work: u32,
    work_done: u64,
    clock_cuts: u64,
    /// Where the activation under way began (the budget starts afresh there).
    cut: ActivationCut,
    normal: NormalBot,
    /// What the crew it plays values: it ranks the candidates and answers outside the search.
    personality: Personality,
    last_why: Option<String>,
    /// The search under way, with the state hash of the position it searches.
    pending: Option<(u64, Box<Search>)>,
}

impl HardBot {
    /// A bot with the default budget whose samples follow from `seed`.
    pub fn new(seed: u64) -> HardBot {
        HardBot::with_budget(seed, HardBudget::default())
    }

    /// The same bot weighing by `personality`: Normal's scores that pick the candidates it
    /// searches (and its answers outside the search) follow what the crew values; the
    /// play-outs and the leaf stay neutral, so the search still judges by the game.
    pub fn with_personality(mut self, personality: Personality) -> HardBot {
        self.personality = personality;
        self.normal = NormalBot::with_personality(personality);
        self
    }

    /// A bot with `budget`.
    pub fn with_budget(seed: u64, budget: HardBudget) -> HardBot {
        HardBot {
            seed,
            budget,
            decisions: 0,
            turn_spent: Duration::ZERO,
            turn_work: 0,
            work_done: 0,
            clock_cuts: 0,
            cut: ActivationCut::default(),
            normal: NormalBot::new(),
            personality: Personality::NEUTRAL,
            last_why: None,
            pending: None,
        }
    }

    /// The answer to the current decision and why: the whole search at once.
    pub fn decide(&mut self, game: &Game) -> Choice {
        loop {
            if let Some(choice) = self.think(game, u32::MAX) {
                return choice;
            }
        }
    }

    /// Works on the current decision for about `slice` units of play-out work (at least
    /// one play-out) and returns the answer once the search is over, `None` while it goes
    /// on: call it again with the same position to go on. A search paused and resumed in
    /// any slices plays the same play-outs and gives the same answer as [`HardBot::decide`];
    /// a different position drops the search under way and starts its own. Decisions that
    /// are not searched are answered at once.
    pub fn think(&mut self, game: &Game, slice: u32) -> Option<Choice> {
        let hash = game.state_hash();
        if self.pending.as_ref().is_none_or(|(h, _)| *h != hash) {
            match self.begin(game) {
                Ok(choice) => {
                    self.pending = None;
                    return Some(choice);
                }
                Err(search) => self.pending = Some((hash, search)),
            }
        }
        let (_, search) = self.pending.as_mut()?;
        let found = search.step(slice)?;
        self.pending = None;
        self.turn_spent += found.time;
        self.turn_work = self.turn_work.saturating_add(found.work);
        self.work_done += u64::from(found.work);
        self.clock_cuts += u64::from(found.clock_cut);
        Some(found.choice)
    }

    /// Starts on the current decision: the answer when it needs no search (not a searched
    /// kind, or one sensible answer), else the search with its candidates and allowance.
    fn begin(&mut self, game: &Game) -> Result<Choice, Box<Search>> {
        let Some(d) = game.decision() else {
            return Ok(self.normal.decide(game));
        };
        // Which model acts (or Inspiring), [RE]actions and placements are searched; the
        // actions of an activation are Normal's (searching them lost to Normal once Normal
        // played its fights to the end: docs/decisions/ai-finishing.md).
        let searched = matches!(
            d.kind,
            DecisionKind::TakeControl { .. }
                | DecisionKind::OfferReaction { .. }
                | DecisionKind::Deploy { .. }
        );
        if !searched {
            return Ok(self.normal.decide(game));
        }
        let legal = game.legal_commands();
        // The budget is per activation, cut where `ActivationCut` says: at Take Control,
        // when a Command hands the activation to another model (CMD-2) inside the turn,
        // and at the first [RE]action offered in a rival's activation.
        let active = game.active_model();
        if self.cut.begins(&d.kind, active) {
            self.turn_spent = Duration::ZERO;
            self.turn_work = 0;
        }
        self.decisions += 1;
        let start = Instant::now();
        // The safety net may use all the turn has left: it should only bite when the
        // machine is far slower than the calibration's.
        let limit =
            Duration::from_millis(u64::from(self.budget.turn_ms)).saturating_sub(self.turn_spent);
        let allowance = allowance(self.budget.work.saturating_sub(self.turn_work));
        let Some(scores) = normal::scores(game, &legal, &self.personality) else {
            return Ok(self.normal.decide(game));
        };
        let cands = candidate_list(game, &legal, &scores, candidates(self.budget.work));
        if cands.len() == 1 {
            let c = legal[cands[0]].clone();
            let why = format!("search: {} is the only sensible answer", describe(game, &c));
            self.turn_spent += start.elapsed();
            return Ok(Choice::new(c, why));
        }
        let plan = Plan {
            legal,
            cands,
            team: game.team_of(d.seat),
            seed: self.seed,
            decision: self.decisions,
            allowance,
            limit,
            before: start.elapsed(),
            // Above the default budget the candidates are many and shared out by
            // sequential halving; at the default and below, by UCB1.
            halving: self.budget.work > HardBudget::DEFAULT.work,
        };
        Err(Box::new(Search::new(game, plan)))
    }

    /// Play-out work this bot has spent searching, over all its decisions (for
    /// calibrating the budget).
    pub fn work_done(&self) -> u64 {
        self.work_done
    }
}

impl Bot for HardBot {
    fn choose(&mut self, game: &Game) -> Command {
        let choice = self.decide(game);
        self.last_why = Some(choice.why);
        choice.command
    }

    fn think(&mut self, game: &Game, slice: u32) -> Option<Command> {
        let choice = HardBot::think(self, game, slice)?;
        self.last_why = Some(choice.why);
        Some(choice.command)
    }

    fn explain(&self) -> Option<String> {
        self.last_why.clone()
    }

    fn clock_cuts(&self) -> u64 {
        self.clock_cuts
    }
}

/// The answers a search weighs, as indices into `legal` (Normal's `scores` of them): the
/// `keep` best distinct plans, then declining when the decision is a [RE]action offered
/// (doing nothing is a real option; the other searched decisions offer no pass). An action on a target with one token or another is one plan: Normal's best
/// variant stands for it, so the candidates are different things to do rather than the
/// same attack or loot with each colour of token.
fn candidate_list(game: &Game, legal: &[Command], scores: &[f64], keep: usize) -> Vec<usize> {
    let mut order: Vec<usize> = (0..legal.len()).collect();
    // Under a scenario's round clock Hard keeps it running as Normal does
    // (`crate::clock`): no Take Control answer Normal rates below zero (an activation with
    // nothing worth a token, an attacker's Inspire that ends its last round) while another
    // is left.
    let clocked = game.decision().is_some_and(|d| {
        matches!(d.kind, DecisionKind::TakeControl { .. })
            && crate::clock::clock(game, d.seat).is_some()
            && scores.iter().any(|&v| v >= 0.0)
    });
    order.retain(|&k| !(clocked && scores[k] < 0.0));
    order.sort_by(|&a, &b| scores[b].total_cmp(&scores[a]).then(a.cmp(&b)));
    // The same action on the same target with another token is one plan, not two: only
    // the variant Normal rates best (the worse token, at equal odds) is kept.
    let mut plans = Vec::new();
    let mut cands: Vec<usize> = Vec::new();
    for &k in &order {
        if cands.len() == keep {
            break;
        }
        if let Some(p) = plan(&legal[k]) {
            if plans.contains(&p) {
                continue;
            }
            plans.push(p);
        }
        cands.push(k);
    }
    if let Some(p) = legal
        .iter()
        .position(|c| matches!(c, Command::DeclineReaction))
        && !cands.contains(&p)
    {
        cands.push(p);
    }
    cands
}

/// What an action does, whatever the token spent on it (TOK-3): the model, the action and
/// its target; `None` for answers that are not actions.
fn plan(c: &Command) -> Option<(ModelId, u16, Target)> {
    match c {
        Command::Act(a) | Command::React(a) => Some((a.model, a.action, a.target.clone())),
        _ => None,
    }
}

/// Plays `first` on a copy of `game` with dice from `dice`, then both sides as Normal for
/// [`EXCHANGES`] exchanges of turns of Control, and scores the result for `team`
/// (material, scenario progress and where the models stand); also returns the work it took
/// (commands played, the first included, the answers Normal rated to choose them and the
/// models weighed at the leaf).
fn playout(game: &Game, first: &Command, dice: u64, team: TeamId) -> (f64, u32) {
    let Some((g, mut work)) = play_forward(game, first, dice) else {
        return (f64::NEG_INFINITY, 1);
    };
    let mut value = standing(&g, team);
    if g.outcome().is_none() {
        // Where the models stand: what the next turns would most likely turn into
        // material. Each model's position evaluation costs about what rating one answer
        // does, so each counts one unit of work; the Leaders' danger (Take the Head
        // only) is a few hit chances more and is not counted.
        value += POSITION_WEIGHT * positional(&g, team) + leader_danger(&g, team);
        work += in_play(&g).count() as u64;
    }
    (value, u32::try_from(work).unwrap_or(u32::MAX))
}

/// The play-out's moves: `first` on a copy of `game` with dice from `dice`, then Normal for
/// both sides until [`EXCHANGES`] exchanges of turns of Control are over (the game stands
/// at the next Take Control) or the game ends. Returns the copy and the work (commands
/// played plus the answers Normal rated); `None` if the copy refuses `first`.
fn play_forward(game: &Game, first: &Command, dice: u64) -> Option<(Game, u64)> {
    let mut g = game.clone();
    g.reseed_dice(dice);
    g.apply(first.clone()).ok()?;
    let mut steps = 1u64;
    // Normal without its Take Control look-ahead: cheaper play-outs, more of them.
    let mut bot = NormalBot::quick();
    // Take Control decisions still to come before the horizon: the rest of ours is
    // already under way, then the rival's turn, ours, the rival's, and stop at the next.
    let mut controls = 0;
    for _ in 0..MAX_PLAYOUT {
        let Some(d) = g.decision() else { break };
        if matches!(d.kind, DecisionKind::TakeControl { .. }) {
            controls += 1;
            if controls == 2 * EXCHANGES {
                break;
            }
        }
        let c = bot.choose(&g);
        steps += 1;
        if g.apply(c).is_err() {
            break;
        }
    }
    // A step's cost grows with the answers Normal rates (a move's many destinations, each
    // position weighed against every rival): both count.
    Some((g, steps + bot.rated))
}

/// A well-spread 64-bit seed from three numbers (SplitMix64 finaliser).
fn mix(a: u64, b: u64, c: u64) -> u64 {
    let mut z = a
        .wrapping_mul(0x9E37_79B9_7F4A_7C15)
        .wrapping_add(b.wrapping_mul(0xBF58_476D_1CE4_E5B9))
        .wrapping_add(c.wrapping_mul(0x94D0_49BB_1331_11EB));
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

#[cfg(test)]
mod tests {
    use super::search::Halving;
    use super::*;
    use redline_content::skirmish::{quick_team, skirmish};
    use redline_content::starter;
    use redline_content::team::TeamRules;

    fn game() -> Game {
        let catalog = starter();
        let rules = TeamRules::one_off(100);
        let teams: Vec<_> = ["ashfall", "tidewater"]
            .iter()
            .map(|f| quick_team(&catalog, f, &rules).expect("quick team"))
            .collect();
        let setup = skirmish(&catalog, "street_claim", Some("pier_nine"), &teams, 3)
            .expect("skirmish")
            .setup;
        Game::new(setup, 11).expect("game")
    }

    #[test]
    fn sequential_halving_keeps_the_better_half_each_round() {
        // Five candidates worth 0..4 (the last the best), every play-out exact, and room
        // for 25 play-outs in all.
        let worth = [0.0, 1.0, 2.0, 3.0, 4.0];
        let (mut sum, mut n) = (vec![0.0; 5], vec![0u32; 5]);
        let mut h = Halving::new(5);
        let mut order = Vec::new();
        while let Some(k) = h.next(&sum, &n, 25 - order.len() as u32) {
            sum[k] += worth[k];
            n[k] += 1;
            order.push(k);
        }
        // One each in Normal's order; then the best three share the 20 left over the two
        // rounds left (three more each); then the best two share the 11 left (five more
        // each); then one is left.
        assert_eq!(order[..5], [0, 1, 2, 3, 4]);
        assert_eq!(order[5..14], [4, 4, 4, 3, 3, 3, 2, 2, 2]);
        assert_eq!(order[14..], [4, 4, 4, 4, 4, 3, 3, 3, 3, 3]);
        assert_eq!(h.alive, vec![4]);
        assert_eq!(n, vec![1, 1, 4, 9, 9]);
    }

    #[test]
    fn more_budget_searches_more_candidates() {
        let d = HardBudget::DEFAULT.work;
        assert_eq!(candidates(d / 10), CANDIDATES);
        assert_eq!(candidates(d), CANDIDATES);
        assert_eq!(candidates(d.saturating_mul(2)), 4 * CANDIDATES);
        assert_eq!(candidates(d.saturating_mul(3)), 9 * CANDIDATES);
        assert_eq!(candidates(d.saturating_mul(100)), MAX_CANDIDATES);
        assert!(
            (d..4 * d)
                .step_by(997)
                .all(|w| candidates(w) <= candidates(w + 997))
        );
    }

    #[test]
    fn a_searched_decision_may_use_half_of_what_is_left() {
        let d = HardBudget::DEFAULT.work;
        for left in [d, d / 3, 2 * d, 0] {
            assert_eq!(allowance(left), left / 2);
        }
    }

    #[test]
    fn a_play_out_covers_two_exchanges_of_turns_of_control() {
        let mut g = game();
        let at_control = crate::play_until(&mut g, &mut NormalBot::new(), |_, k| {
            matches!(k, DecisionKind::TakeControl { .. })
        });
        assert_eq!(at_control, Ok(true));
        // From Take Control: our turn, the rival's, ours, the rival's; it stops at the
        // next Take Control, before anyone takes it.
        let first = g.legal_commands()[0].clone();
        let (after, work) = play_forward(&g, &first, 5).expect("a legal first command");
        assert!(after.outcome().is_none());
        assert_eq!(after.turns(), g.turns() + 2 * EXCHANGES);
        assert!(matches!(
            after.decision().map(|d| &d.kind),
            Some(DecisionKind::TakeControl { .. })
        ));
        assert!(work > u64::from(2 * EXCHANGES));
        // From inside an activation the turn under way counts as ours.
        g.apply(first).expect("legal");
        let next = g.legal_commands()[0].clone();
        let (after, _) = play_forward(&g, &next, 5).expect("a legal command");
        assert_eq!(after.turns(), g.turns() + 2 * EXCHANGES - 1);
    }

    #[test]
    fn an_action_on_a_target_is_one_candidate_whatever_the_token() {
        // Normal plays until an action decision offers one action on one target with two
        // different tokens (TOK-3: each Ready token is a separate way to take it).
        let twins = |g: &Game| {
            let legal = g.legal_commands();
            legal.iter().enumerate().any(|(i, a)| {
                plan(a).is_some() && legal[i + 1..].iter().any(|b| plan(b) == plan(a))
            })
        };
        let mut g = game();
        let found = crate::play_until(&mut g, &mut NormalBot::new(), |g, k| {
            matches!(k, DecisionKind::NextAction { .. }) && twins(g)
        });
        assert_eq!(found, Ok(true));
        let legal = g.legal_commands();
        let scores = normal::scores(&g, &legal, &Personality::NEUTRAL).expect("an action decision");
        let list = candidate_list(&g, &legal, &scores, legal.len());
        assert!(list.len() < legal.len());
        for (n, &i) in list.iter().enumerate() {
            let Some(p) = plan(&legal[i]) else { continue };
            // No other candidate is the same plan...
            assert!(
                list[n + 1..]
                    .iter()
                    .all(|&j| plan(&legal[j]) != Some(p.clone()))
            );
            // ...and the one kept is the variant Normal rates best.
            let best = (0..legal.len())
                .filter(|&j| plan(&legal[j]) == Some(p.clone()))
                .map(|j| scores[j])
                .fold(f64::NEG_INFINITY, f64::max);
            assert_eq!(scores[i], best);
        }
    }
}
