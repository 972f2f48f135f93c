//! Exact odds of one Opposed Roll, Luck and Accurate re-rolls included (DICE-4..DICE-12,
//! LUCK-3..LUCK-5, KW-3, OPEN-3, OPEN-9).
//!
//! Who wins a given pair of faces is decided only by [`crate::dice::actor_wins`]; this module
//! adds up the faces. Probabilities are counted exactly as integers over the dice product and
//! turned into [`Fraction`]s (and `f64` for display) only at the end.
//!
//! **Luck policy.** Each side plays to win this roll: the re-roll decisions of LUCK-4 are found
//! by backward induction over the faces showing and who may still re-roll, the actor maximising
//! its chance of success and the opposer minimising it. A re-roll is taken only when it strictly
//! improves that chance, so a side keeps its token when a re-roll cannot help (for example the
//! actor facing a Crit). The future value of a token is not weighed: the odds answer "what if
//! the side is willing to spend Luck here". With these rules the optimal play turns out to be
//! "re-roll when losing, unless facing a Crit", and the tests check the two agree exactly
//! (`docs/decisions/odds-luck-policy.md` says why).
//!
//! Each position of the round (faces, LUCK-4 step, who has re-rolled) is solved once per
//! query, so even two d12s with Luck on both sides stay cheap enough for the AI to ask often.

use std::cmp::Ordering;
use std::fmt;

use serde::{Deserialize, Serialize};

use crate::dice::{Die, SideRoll, actor_wins};

/// One of the two sides of an Opposed Roll.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Side {
    /// The model taking the action.
    Actor,
    /// The model, or the Obstacle die, opposing it.
    Opposer,
}

impl Side {
    /// The other side.
    pub fn other(self) -> Side {
        match self {
            Side::Actor => Side::Opposer,
            Side::Opposer => Side::Actor,
        }
    }
}

/// One Opposed Roll to compute odds for.
///
/// Modifiers are everything added to each die: the caller works them out from the rules, e.g.
/// Skill (none for KW-33 Unwieldy, none on the Obstacle die, DICE-3), penalties such as walking
/// fire (KW-27) for the actor; Skill or Armor (ARM-2), +1 per obstacle or model in the Path of
/// Attack (POA-5..POA-7) and Defense X (KW-17) for the opposer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct OddsQuery {
    /// The actor's die: the colour of the token spent (DICE-1).
    pub actor_die: Die,
    /// Total modifier added to the actor's face.
    pub actor_mod: i16,
    /// The opposer's die: the colour it defends with, or the Obstacle die (DICE-3).
    pub opposer_die: Die,
    /// Total modifier added to the opposer's face.
    pub opposer_mod: i16,
    /// The actor's player has a Luck token and is willing to spend it here (LUCK-2).
    pub actor_luck: bool,
    /// The player rolling the opposer's die has a Luck token and is willing to spend it here.
    /// Leave it off for a drone's defence (LUCK-8); it is allowed on the Obstacle die (OPEN-9).
    pub opposer_luck: bool,
    /// The action is Accurate: the actor may re-roll without spending Luck (KW-3). The die is
    /// still re-rolled at most once (LUCK-3), so Luck adds nothing for the actor on top of it.
    pub actor_accurate: bool,
    /// The actor's player holds Control and so decides on re-rolls first (LUCK-4). False when,
    /// for example, the actor is taking a [RE]action.
    pub actor_has_control: bool,
}

impl OddsQuery {
    /// A plain roll: no Luck, not Accurate, the actor's player has Control.
    pub fn new(actor_die: Die, actor_mod: i16, opposer_die: Die, opposer_mod: i16) -> Self {
        OddsQuery {
            actor_die,
            actor_mod,
            opposer_die,
            opposer_mod,
            actor_luck: false,
            opposer_luck: false,
            actor_accurate: false,
            actor_has_control: true,
        }
    }

    /// A Hazard (MOD-4, MOD-5): the Hazard's die with nothing added against the model's
    /// die and modifier. Nobody re-rolls the Hazard die, and the model's player, who never
    /// has Control of a Hazard, may spend Luck on its own die when `opposer_luck`.
    pub fn hazard(hazard_die: Die, opposer_die: Die, opposer_mod: i16, opposer_luck: bool) -> Self {
        OddsQuery {
            opposer_luck,
            actor_has_control: false,
            ..OddsQuery::new(hazard_die, 0, opposer_die, opposer_mod)
        }
    }

    /// The same roll with no Luck spent by either side. Accurate stays: it is not Luck.
    pub fn without_luck(self) -> Self {
        OddsQuery {
            actor_luck: false,
            opposer_luck: false,
            ..self
        }
    }

    /// The die a side rolls.
    pub fn die(&self, side: Side) -> Die {
        match side {
            Side::Actor => self.actor_die,
            Side::Opposer => self.opposer_die,
        }
    }

    /// Whether a side has any way to re-roll its die in this roll (Luck, or Accurate for the
    /// actor). Luck re-rolls only the spender's own die (OPEN-9).
    pub fn has_reroll(&self, side: Side) -> bool {
        match side {
            Side::Actor => self.actor_luck || self.actor_accurate,
            Side::Opposer => self.opposer_luck,
        }
    }

    /// Whether a side's re-roll spends a Luck token (and so can earn it back, LUCK-5).
    fn reroll_spends_luck(&self, side: Side) -> bool {
        match side {
            Side::Actor => self.actor_luck && !self.actor_accurate,
            Side::Opposer => self.opposer_luck,
        }
    }

    /// The side whose player holds Control and decides first (LUCK-4).
    pub fn first_to_decide(&self) -> Side {
        if self.actor_has_control {
            Side::Actor
        } else {
            Side::Opposer
        }
    }

    /// Whether the actor wins with these faces showing: [`actor_wins`] with this query's
    /// dice and modifiers.
    pub fn actor_wins_with(&self, actor_face: u8, opposer_face: u8) -> bool {
        actor_wins(
            &self.roll(Side::Actor, actor_face),
            &self.roll(Side::Opposer, opposer_face),
        )
    }

    fn roll(&self, side: Side, face: u8) -> SideRoll {
        let (die, modifier) = match side {
            Side::Actor => (self.actor_die, self.actor_mod),
            Side::Opposer => (self.opposer_die, self.opposer_mod),
        };
        SideRoll {
            die,
            face,
            modifier,
        }
    }

    /// The exact odds of this roll with both sides playing Luck as the module docs describe.
    pub fn exact_odds(&self) -> Odds<Fraction> {
        let mut memo = Memo::new(self);
        let mut counts = Odds::<u64>::default();
        for actor_face in 1..=self.actor_die.faces() {
            for opposer_face in 1..=self.opposer_die.faces() {
                let round = LuckRound::new(*self, actor_face, opposer_face);
                counts.add(&round.counts(&mut memo));
            }
        }
        // Each initial pair of faces is counted over the two possible re-roll faces too.
        let denominator = (self.faces_product()).pow(2);
        counts.map(|count| Fraction::new(count, denominator))
    }

    /// [`OddsQuery::exact_odds`] as floating point, for display and planning.
    pub fn odds(&self) -> Odds {
        self.exact_odds().map(Fraction::to_f64)
    }

    fn faces_product(&self) -> u64 {
        u64::from(self.actor_die.faces()) * u64::from(self.opposer_die.faces())
    }
}

/// The chances of one Opposed Roll, each a probability from 0 to 1. `T` is `f64`, or
/// [`Fraction`] for exact values.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Odds<T = f64> {
    /// The action succeeds: the actor wins the Opposed Roll (DICE-4..DICE-10).
    pub success: T,
    /// The action succeeds with a Crit on the actor's final die, so "(rule) Crits" effects
    /// apply (KW-14).
    pub crit_success: T,
    /// The actor's final die shows a Fumble: the action fails (DICE-9) and Fumble effects
    /// apply (KW-10, KW-15, NET-18).
    pub fumble: T,
    /// The actor's die is re-rolled, by Accurate if the action has it, else by Luck.
    pub actor_reroll: T,
    /// Lucky Streak: the actor's Luck re-roll comes up Crit and the token comes back (LUCK-5).
    /// Expected Luck spent by the actor is `actor_reroll - actor_lucky_streak` when its
    /// re-roll is Luck's. It changes only the token count, never this roll's result.
    pub actor_lucky_streak: T,
    /// The opposer's die is re-rolled with Luck.
    pub opposer_reroll: T,
    /// Lucky Streak for the opposer (LUCK-5). Never on the Obstacle die, whose Crit counts
    /// for DICE-7..DICE-10 only (OPEN-3).
    pub opposer_lucky_streak: T,
}

impl<T> Odds<T> {
    /// Applies `f` to every chance, e.g. `exact.map(Fraction::to_f64)`.
    pub fn map<U>(self, mut f: impl FnMut(T) -> U) -> Odds<U> {
        Odds {
            success: f(self.success),
            crit_success: f(self.crit_success),
            fumble: f(self.fumble),
            actor_reroll: f(self.actor_reroll),
            actor_lucky_streak: f(self.actor_lucky_streak),
            opposer_reroll: f(self.opposer_reroll),
            opposer_lucky_streak: f(self.opposer_lucky_streak),
        }
    }
}

impl Odds<u64> {
    fn add(&mut self, other: &Odds<u64>) {
        self.success += other.success;
        self.crit_success += other.crit_success;
        self.fumble += other.fumble;
        self.actor_reroll += other.actor_reroll;
        self.actor_lucky_streak += other.actor_lucky_streak;
        self.opposer_reroll += other.opposer_reroll;
        self.opposer_lucky_streak += other.opposer_lucky_streak;
    }
}

/// An exact probability, kept in lowest terms.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub struct Fraction {
    numerator: u64,
    denominator: u64,
}

impl Fraction {
    /// `numerator / denominator`, reduced.
    ///
    /// # Panics
    /// If `denominator` is zero.
    pub fn new(numerator: u64, denominator: u64) -> Self {
        assert!(denominator != 0, "a fraction needs a non-zero denominator");
        let divisor = gcd(numerator, denominator);
        Fraction {
            numerator: numerator / divisor,
            denominator: denominator / divisor,
        }
    }

    /// The numerator in lowest terms.
    pub fn numerator(self) -> u64 {
        self.numerator
    }

    /// The denominator in lowest terms.
    pub fn denominator(self) -> u64 {
        self.denominator
    }

    /// The nearest `f64`.
    pub fn to_f64(self) -> f64 {
        self.numerator as f64 / self.denominator as f64
    }
}

impl Default for Fraction {
    fn default() -> Self {
        Fraction::new(0, 1)
    }
}

impl Ord for Fraction {
    fn cmp(&self, other: &Self) -> Ordering {
        let left = u128::from(self.numerator) * u128::from(other.denominator);
        let right = u128::from(other.numerator) * u128::from(self.denominator);
        left.cmp(&right)
    }
}

impl PartialOrd for Fraction {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl fmt::Display for Fraction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.numerator, self.denominator)
    }
}

fn gcd(mut a: u64, mut b: u64) -> u64 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a.max(1)
}

/// The steps of LUCK-4, in order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
enum Step {
    /// (1) The Control player decides.
    First,
    /// (2) The opponent decides.
    Second,
    /// (3) The Control player again, only if it passed and the opponent re-rolled.
    FirstAgain,
    /// Nothing left to decide.
    Done,
}

impl Step {
    fn next(self) -> Step {
        match self {
            Step::First => Step::Second,
            Step::Second => Step::FirstAgain,
            Step::FirstAgain | Step::Done => Step::Done,
        }
    }
}

/// A position in the Luck sequence of one Opposed Roll (LUCK-4): the faces showing, who has
/// re-rolled, and whose decision comes next.
///
/// Walk it like a game: [`LuckRound::to_decide`] says who decides now,
/// [`LuckRound::should_reroll`] gives that side's best choice under the module's policy, and
/// [`LuckRound::pass`] or [`LuckRound::reroll`] applies a decision. Each die is re-rolled at
/// most once, whatever the source (LUCK-3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct LuckRound {
    query: OddsQuery,
    actor_face: u8,
    opposer_face: u8,
    step: Step,
    actor_rerolled: bool,
    opposer_rerolled: bool,
}

impl LuckRound {
    /// The round right after both dice are rolled.
    ///
    /// # Panics
    /// If a face is not on its die.
    pub fn new(query: OddsQuery, actor_face: u8, opposer_face: u8) -> Self {
        check_face(query.actor_die, actor_face);
        check_face(query.opposer_die, opposer_face);
        LuckRound {
            query,
            actor_face,
            opposer_face,
            step: Step::First,
            actor_rerolled: false,
            opposer_rerolled: false,
        }
    }

    /// The face showing on a side's die.
    pub fn face(&self, side: Side) -> u8 {
        match side {
            Side::Actor => self.actor_face,
            Side::Opposer => self.opposer_face,
        }
    }

    /// Whether a side's die has already been re-rolled.
    pub fn rerolled(&self, side: Side) -> bool {
        match side {
            Side::Actor => self.actor_rerolled,
            Side::Opposer => self.opposer_rerolled,
        }
    }

    /// Whether the actor would win if the round ended now.
    pub fn actor_winning(&self) -> bool {
        self.query
            .actor_wins_with(self.actor_face, self.opposer_face)
    }

    /// Who decides now whether to re-roll, or `None` when the roll is final.
    pub fn to_decide(&self) -> Option<Side> {
        self.decision().map(|(_, side)| side)
    }

    /// The best choice for the side deciding now: re-roll only if that strictly improves its
    /// chance of winning, given best play afterwards. False when nobody is to decide.
    pub fn should_reroll(&self) -> bool {
        let mut memo = Memo::new(&self.query);
        self.decision()
            .is_some_and(|(step, side)| self.reroll_beats_passing(step, side, &mut memo).0)
    }

    /// The side deciding now keeps its die.
    ///
    /// # Panics
    /// If nobody is to decide.
    pub fn pass(&mut self) {
        let (step, _) = self.decision().expect("no Luck decision is pending");
        self.step = step.next();
    }

    /// The side deciding now re-rolls its die, which shows `face`.
    ///
    /// # Panics
    /// If nobody is to decide or `face` is not on that side's die.
    pub fn reroll(&mut self, face: u8) {
        let (step, side) = self.decision().expect("no Luck decision is pending");
        check_face(self.query.die(side), face);
        match side {
            Side::Actor => {
                self.actor_face = face;
                self.actor_rerolled = true;
            }
            Side::Opposer => {
                self.opposer_face = face;
                self.opposer_rerolled = true;
            }
        }
        self.step = step.next();
    }

    /// The exact odds from this position on, both sides playing best from here.
    pub fn exact_odds(&self) -> Odds<Fraction> {
        let scale = self.pending_draws();
        let counts = self.counts(&mut Memo::new(&self.query));
        counts.map(|count| Fraction::new(count, scale))
    }

    /// The pending step and who decides in it, skipping steps where the side can't re-roll.
    fn decision(&self) -> Option<(Step, Side)> {
        let first = self.query.first_to_decide();
        let can = |side: Side| self.query.has_reroll(side) && !self.rerolled(side);
        let mut step = self.step;
        loop {
            match step {
                Step::First if can(first) => return Some((step, first)),
                Step::Second if can(first.other()) => return Some((step, first.other())),
                // LUCK-4 (3): only after the opponent re-rolled, and the Control player has not.
                Step::FirstAgain if self.rerolled(first.other()) && can(first) => {
                    return Some((step, first));
                }
                Step::Done => return None,
                _ => step = step.next(),
            }
        }
    }

    /// Whether re-rolling is strictly better for `side` than passing, and the counts of the
    /// better choice. Ties keep the token.
    fn reroll_beats_passing(&self, step: Step, side: Side, memo: &mut Memo) -> (bool, Odds<u64>) {
        let mut passed = *self;
        passed.step = step.next();
        let pass = passed.counts(memo);

        let mut reroll = Odds::default();
        for face in 1..=self.query.die(side).faces() {
            let mut rerolled = *self;
            rerolled.reroll(face);
            reroll.add(&rerolled.counts(memo));
        }

        let better = match side {
            Side::Actor => reroll.success > pass.success,
            Side::Opposer => reroll.success < pass.success,
        };
        if better {
            (true, reroll)
        } else {
            (false, pass)
        }
    }

    /// Counts of each event over the re-roll faces not yet drawn: every re-roll still possible
    /// multiplies the count space by its die's faces, so all counts of one position share the
    /// scale [`LuckRound::pending_draws`] and stay integers.
    fn counts(&self, memo: &mut Memo) -> Odds<u64> {
        let slot = memo.slot(self);
        if let Some(counts) = memo.counts[slot] {
            return counts;
        }
        let counts = match self.decision() {
            Some((step, side)) => self.reroll_beats_passing(step, side, memo).1,
            None => self.final_counts(),
        };
        memo.counts[slot] = Some(counts);
        counts
    }

    fn pending_draws(&self) -> u64 {
        let pending = |side: Side| {
            if self.rerolled(side) {
                1
            } else {
                u64::from(self.query.die(side).faces())
            }
        };
        pending(Side::Actor) * pending(Side::Opposer)
    }

    fn final_counts(&self) -> Odds<u64> {
        let weight = self.pending_draws();
        let count = |event: bool| if event { weight } else { 0 };
        let actor = self.query.roll(Side::Actor, self.actor_face);
        let opposer = self.query.roll(Side::Opposer, self.opposer_face);
        let success = actor_wins(&actor, &opposer);
        let lucky_streak = |side: Side, roll: &SideRoll| {
            // OPEN-3: the Obstacle die's Crit counts for DICE-7..10 only, not for LUCK-5.
            self.rerolled(side)
                && self.query.reroll_spends_luck(side)
                && roll.die != Die::Obstacle
                && roll.is_crit()
        };
        Odds {
            success: count(success),
            crit_success: count(success && actor.is_crit()),
            fumble: count(actor.is_fumble()),
            actor_reroll: count(self.actor_rerolled),
            actor_lucky_streak: count(lucky_streak(Side::Actor, &actor)),
            opposer_reroll: count(self.opposer_rerolled),
            opposer_lucky_streak: count(lucky_streak(Side::Opposer, &opposer)),
        }
    }
}

/// Counts already worked out for the positions of one query, so that each position is solved
/// once however many ways lead to it.
struct Memo {
    opposer_faces: usize,
    counts: Vec<Option<Odds<u64>>>,
}

impl Memo {
    /// Positions per pair of faces: 4 steps x who has re-rolled (2 x 2).
    const PER_FACES: usize = 16;

    fn new(query: &OddsQuery) -> Self {
        let actor_faces = usize::from(query.actor_die.faces());
        let opposer_faces = usize::from(query.opposer_die.faces());
        Memo {
            opposer_faces,
            counts: vec![None; actor_faces * opposer_faces * Self::PER_FACES],
        }
    }

    fn slot(&self, round: &LuckRound) -> usize {
        let faces = usize::from(round.actor_face - 1) * self.opposer_faces
            + usize::from(round.opposer_face - 1);
        let flags = usize::from(round.actor_rerolled) * 2 + usize::from(round.opposer_rerolled);
        faces * Self::PER_FACES + round.step as usize * 4 + flags
    }
}

fn check_face(die: Die, face: u8) {
    assert!(
        (1..=die.faces()).contains(&face),
        "face {face} is not on the {}",
        die.label()
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::setup::card::Colour;

    const G: Die = Die::Action(Colour::Green);
    const Y: Die = Die::Action(Colour::Yellow);
    const R: Die = Die::Action(Colour::Red);
    const OBSTACLE: Die = Die::Obstacle;
    const ACTOR_DICE: [Die; 3] = [G, Y, R];
    const OPPOSER_DICE: [Die; 4] = [G, Y, R, OBSTACLE];

    fn frac(numerator: u64, denominator: u64) -> Fraction {
        Fraction::new(numerator, denominator)
    }

    fn success(query: OddsQuery) -> Fraction {
        query.exact_odds().success
    }

    /// Every combination of the four Luck / Accurate / Control switches.
    fn with_every_luck_setting(base: OddsQuery) -> impl Iterator<Item = OddsQuery> {
        (0..16u8).map(move |bits| OddsQuery {
            actor_luck: bits & 1 != 0,
            opposer_luck: bits & 2 != 0,
            actor_accurate: bits & 4 != 0,
            actor_has_control: bits & 8 != 0,
            ..base
        })
    }

    /// Brute force: draws all four faces up front (both first rolls and both possible
    /// re-rolls), plays LUCK-4 step by step with "re-roll when losing, unless facing a Crit",
    /// and counts outcomes. A re-roll face that is never used still counts as one outcome, so
    /// the total is the same dice product squared as in `exact_odds`.
    fn brute_force(query: OddsQuery) -> Odds<u64> {
        let actor_faces = query.actor_die.faces();
        let opposer_faces = query.opposer_die.faces();
        let mut counts = Odds::<u64>::default();
        for actor_first in 1..=actor_faces {
            for opposer_first in 1..=opposer_faces {
                for actor_again in 1..=actor_faces {
                    for opposer_again in 1..=opposer_faces {
                        let mut play = BrutePlay {
                            query,
                            faces: [actor_first, opposer_first],
                            draws: [actor_again, opposer_again],
                            rerolled: [false, false],
                        };
                        let first = query.first_to_decide();
                        play.decide(first);
                        let first_rerolled_at_once = play.rerolled[slot(first)];
                        play.decide(first.other());
                        if play.rerolled[slot(first.other())] && !first_rerolled_at_once {
                            play.decide(first);
                        }
                        counts.add(&play.outcome());
                    }
                }
            }
        }
        counts
    }

    fn slot(side: Side) -> usize {
        match side {
            Side::Actor => 0,
            Side::Opposer => 1,
        }
    }

    /// One fully drawn sequence of the brute force: faces showing, the re-roll faces waiting
    /// to be used, and who has re-rolled.
    struct BrutePlay {
        query: OddsQuery,
        faces: [u8; 2],
        draws: [u8; 2],
        rerolled: [bool; 2],
    }

    impl BrutePlay {
        fn decide(&mut self, side: Side) {
            let query = self.query;
            let actor_wins = query.actor_wins_with(self.faces[0], self.faces[1]);
            let wants = match side {
                Side::Actor => !actor_wins && self.faces[1] != query.opposer_die.crit_face(),
                Side::Opposer => actor_wins,
            };
            let i = slot(side);
            if query.has_reroll(side) && !self.rerolled[i] && wants {
                self.faces[i] = self.draws[i];
                self.rerolled[i] = true;
            }
        }

        fn outcome(&self) -> Odds<u64> {
            let query = self.query;
            let [a, d] = self.faces;
            let won = query.actor_wins_with(a, d);
            let actor_crit = a == query.actor_die.crit_face();
            let opposer_crit = d == query.opposer_die.crit_face();
            let actor_luck_spent = query.actor_luck && !query.actor_accurate;
            let tally = |event: bool| u64::from(event);
            Odds {
                success: tally(won),
                crit_success: tally(won && actor_crit),
                fumble: tally(a == 1),
                actor_reroll: tally(self.rerolled[0]),
                actor_lucky_streak: tally(self.rerolled[0] && actor_luck_spent && actor_crit),
                opposer_reroll: tally(self.rerolled[1]),
                opposer_lucky_streak: tally(
                    self.rerolled[1] && query.opposer_die != OBSTACLE && opposer_crit,
                ),
            }
        }
    }

    #[test]
    fn brute_force_enumeration_matches_backward_induction_for_every_die_pair() {
        // DICE-4..DICE-10, LUCK-3, LUCK-4, LUCK-5, KW-3: every field, exactly.
        let differences = [-20, -6, -3, -1, 0, 1, 2, 4, 7, 20];
        let mut checked = 0;
        for actor_die in ACTOR_DICE {
            for opposer_die in OPPOSER_DICE {
                for difference in differences {
                    let base = OddsQuery::new(actor_die, difference, opposer_die, 0);
                    for query in with_every_luck_setting(base) {
                        let denominator = query.faces_product().pow(2);
                        let expected =
                            brute_force(query).map(|count| Fraction::new(count, denominator));
                        assert_eq!(query.exact_odds(), expected, "{query:?}");
                        checked += 1;
                    }
                }
            }
        }
        assert_eq!(checked, 3 * 4 * differences.len() * 16);
    }

    #[test]
    fn dice_5_green_against_the_obstacle_die_fails_ties() {
        // Hand count over 12 x 10 faces: 11 wins when the Obstacle Fumbles, 8 when GREEN Crits
        // against 2..9, and 44 with a strictly higher face: 63 / 120.
        assert_eq!(success(OddsQuery::new(G, 0, OBSTACLE, 0)), frac(21, 40));
    }

    #[test]
    fn dice_4_equal_dice_and_modifiers_favour_the_defender() {
        for die in ACTOR_DICE {
            let odds = success(OddsQuery::new(die, 2, die, 2));
            assert!(odds < frac(1, 2), "{die:?}: {odds}");
        }
        // RED vs RED: 15 of 36 pairs (counted by hand in the Luck tests below).
        assert_eq!(success(OddsQuery::new(R, 0, R, 0)), frac(5, 12));
    }

    #[test]
    fn dice_7_and_dice_10_red_wins_against_any_bonus_only_by_crit_or_rival_fumble() {
        // RED Crit against a GREEN non-Crit (6 in 72), or RED 2..5 against a GREEN Fumble.
        let odds = OddsQuery::new(R, 0, G, 20).exact_odds();
        assert_eq!(odds.success, frac(15, 72));
        assert_eq!(odds.crit_success, frac(11, 72));
        assert_eq!(odds.fumble, frac(1, 6));
    }

    #[test]
    fn dice_8_and_dice_9_a_huge_bonus_still_loses_to_own_fumble_and_rival_crit() {
        // Success needs no GREEN Fumble and no RED Crit: 11/12 * 5/6.
        let odds = OddsQuery::new(G, 50, R, 0).exact_odds();
        assert_eq!(odds.success, frac(55, 72));
        // GREEN Crit succeeds unless RED Crits too (DICE-8): 1/12 * 5/6.
        assert_eq!(odds.crit_success, frac(5, 72));
    }

    #[test]
    fn dice_12_modifiers_never_cancel_crit_or_fumble() {
        for actor_die in ACTOR_DICE {
            for opposer_die in OPPOSER_DICE {
                let na = u64::from(actor_die.faces());
                let nd = u64::from(opposer_die.faces());
                // However big the bonus, Fumbles fail and a rival Crit holds.
                let best = success(OddsQuery::new(actor_die, 40, opposer_die, 0));
                assert_eq!(best, frac((na - 1) * (nd - 1), na * nd));
                // However big the penalty, a Crit wins and a rival Fumble loses.
                let worst = success(OddsQuery::new(actor_die, -40, opposer_die, 0));
                assert_eq!(worst, frac((nd - 1) + (na - 2), na * nd));
            }
        }
    }

    #[test]
    fn poa_5_kw_17_each_defence_bonus_lowers_the_odds_and_only_the_difference_counts() {
        for actor_die in ACTOR_DICE {
            for opposer_die in OPPOSER_DICE {
                let mut previous = Fraction::new(1, 1);
                for cover in 0..4 {
                    let query = OddsQuery::new(actor_die, 2, opposer_die, 1 + cover);
                    let odds = success(query);
                    assert!(odds < previous, "{query:?}");
                    previous = odds;
                    // The same roll shifted by +3 on both sides has the same odds.
                    let shifted = OddsQuery::new(actor_die, 5, opposer_die, 4 + cover);
                    assert_eq!(success(shifted), odds);
                }
            }
        }
    }

    #[test]
    fn luck_2_actor_reroll_red_vs_red() {
        // Per opposer face d the actor wins with p_d = 5/6, 4/6, ..., 0. Re-rolling a loss
        // (not against a Crit) gives mean(2 p_d - p_d^2) = 125/216.
        let query = OddsQuery {
            actor_luck: true,
            ..OddsQuery::new(R, 0, R, 0)
        };
        let odds = query.exact_odds();
        assert_eq!(odds.success, frac(125, 216));
        // The actor re-rolls every loss except against a Crit: mean(1 - p_d) over d < 6.
        assert_eq!(odds.actor_reroll, frac(15, 36));
        assert_eq!(odds.opposer_reroll, Fraction::default());
    }

    #[test]
    fn luck_2_opposer_reroll_red_vs_red() {
        // The actor keeps a win with face a only if the re-rolled die also loses to it:
        // q_a = 0, 1/6, ..., 5/6, so success is mean(q_a^2) = 55/216.
        let query = OddsQuery {
            opposer_luck: true,
            ..OddsQuery::new(R, 0, R, 0)
        };
        assert_eq!(success(query), frac(55, 216));
    }

    #[test]
    fn luck_5_lucky_streak_returns_the_token_without_changing_the_roll() {
        let luck = OddsQuery {
            actor_luck: true,
            ..OddsQuery::new(R, 0, R, 0)
        };
        let odds = luck.exact_odds();
        // One re-roll in six shows the Crit.
        assert_eq!(odds.actor_lucky_streak, frac(15, 36 * 6));
        // KW-3: an Accurate re-roll plays the same, but spends no token to get back.
        let accurate = OddsQuery {
            actor_accurate: true,
            ..OddsQuery::new(R, 0, R, 0)
        };
        let accurate_odds = accurate.exact_odds();
        assert_eq!(accurate_odds.success, odds.success);
        assert_eq!(accurate_odds.actor_reroll, odds.actor_reroll);
        assert_eq!(accurate_odds.actor_lucky_streak, Fraction::default());
    }

    #[test]
    fn open_3_no_lucky_streak_on_the_obstacle_die() {
        let query = OddsQuery {
            opposer_luck: true,
            ..OddsQuery::new(G, 3, OBSTACLE, 0)
        };
        let odds = query.exact_odds();
        assert!(odds.opposer_reroll > Fraction::default());
        assert_eq!(odds.opposer_lucky_streak, Fraction::default());
    }

    #[test]
    fn open_9_luck_on_the_obstacle_die_lowers_the_odds() {
        let plain = OddsQuery::new(Y, 1, OBSTACLE, 0);
        let with_luck = OddsQuery {
            opposer_luck: true,
            ..plain
        };
        assert!(success(with_luck) < success(plain));
    }

    #[test]
    fn luck_3_a_die_is_rerolled_at_most_once_even_with_accurate_and_luck() {
        let both = OddsQuery {
            actor_luck: true,
            actor_accurate: true,
            opposer_luck: true,
            ..OddsQuery::new(Y, 0, G, 0)
        };
        // Luck adds nothing on top of Accurate for the actor's die.
        let accurate_only = OddsQuery {
            actor_luck: false,
            ..both
        };
        assert_eq!(success(both), success(accurate_only));

        // Walking a round: once the actor has re-rolled, it is never asked again.
        let mut round = LuckRound::new(both, 1, 5);
        assert_eq!(round.to_decide(), Some(Side::Actor));
        round.reroll(2);
        assert_eq!(round.to_decide(), Some(Side::Opposer));
        round.reroll(1);
        assert_eq!(round.to_decide(), None);
        assert!(round.rerolled(Side::Actor) && round.rerolled(Side::Opposer));
    }

    #[test]
    fn luck_4_worked_example_ex_2_control_player_gets_the_last_word() {
        // EX-2: the Bruiser (YELLOW + Melee 2, Control) attacks the Recruit (YELLOW + Melee 1).
        let query = OddsQuery {
            actor_luck: true,
            opposer_luck: true,
            ..OddsQuery::new(Y, 2, Y, 1)
        };
        let mut round = LuckRound::new(query, 5, 4);
        assert!(round.actor_winning()); // 7 vs 5
        assert_eq!(round.to_decide(), Some(Side::Actor));
        assert!(!round.should_reroll(), "winning, the Control player passes");
        round.pass();
        assert_eq!(round.to_decide(), Some(Side::Opposer));
        assert!(round.should_reroll(), "losing, the opponent spends Luck");
        round.reroll(6);
        assert!(!round.actor_winning()); // 7 vs 7: the tie goes to the defender
        assert_eq!(round.to_decide(), Some(Side::Actor), "LUCK-4 (3)");
        assert!(round.should_reroll());
        round.reroll(7);
        assert!(round.actor_winning()); // 9 vs 7
        assert_eq!(round.to_decide(), None);
        assert_eq!(round.exact_odds().success, frac(1, 1));
    }

    #[test]
    fn luck_4_the_control_player_decides_first() {
        let query = OddsQuery {
            actor_luck: true,
            opposer_luck: true,
            actor_has_control: false,
            ..OddsQuery::new(G, 0, Y, 0)
        };
        let mut round = LuckRound::new(query, 3, 6);
        assert_eq!(round.to_decide(), Some(Side::Opposer));
        round.pass();
        assert_eq!(round.to_decide(), Some(Side::Actor));
        round.reroll(9);
        // The opposer passed first, so the actor's re-roll gives it another chance.
        assert_eq!(round.to_decide(), Some(Side::Opposer));
    }

    #[test]
    fn luck_4_no_third_decision_after_a_pass_or_an_early_reroll() {
        let query = OddsQuery {
            actor_luck: true,
            opposer_luck: true,
            ..OddsQuery::new(G, 0, Y, 0)
        };
        // The opponent passed: the roll is final.
        let mut round = LuckRound::new(query, 3, 6);
        round.pass();
        round.pass();
        assert_eq!(round.to_decide(), None);
        // The Control player re-rolled at once: the opponent's re-roll is the last word.
        let mut round = LuckRound::new(query, 3, 6);
        round.reroll(4);
        round.reroll(2);
        assert_eq!(round.to_decide(), None);
    }

    #[test]
    fn luck_4_position_odds_average_to_the_roll_odds() {
        let query = OddsQuery {
            actor_luck: true,
            opposer_luck: true,
            actor_has_control: false,
            ..OddsQuery::new(Y, 1, G, 0)
        };
        let mut total = Odds::<u64>::default();
        for a in 1..=8 {
            for d in 1..=12 {
                let odds = LuckRound::new(query, a, d).exact_odds();
                // Scale each position's odds to a count over 8 * 12 re-roll faces.
                total.add(&odds.map(|f| f.numerator() * 96 / f.denominator()));
            }
        }
        let whole = query.exact_odds();
        assert_eq!(whole.success, frac(total.success, 96 * 96));
        assert_eq!(whole.fumble, frac(total.fumble, 96 * 96));
    }

    #[test]
    fn luck_helps_its_owner_and_never_hurts() {
        for actor_die in ACTOR_DICE {
            for opposer_die in OPPOSER_DICE {
                for actor_has_control in [true, false] {
                    let plain = OddsQuery {
                        actor_has_control,
                        ..OddsQuery::new(actor_die, 1, opposer_die, 0)
                    };
                    let actor = OddsQuery {
                        actor_luck: true,
                        ..plain
                    };
                    let opposer = OddsQuery {
                        opposer_luck: true,
                        ..plain
                    };
                    let both = OddsQuery {
                        actor_luck: true,
                        ..opposer
                    };
                    assert!(success(actor) > success(plain), "{actor:?}");
                    assert!(success(opposer) < success(plain), "{opposer:?}");
                    assert!(success(both) > success(opposer), "{both:?}");
                    assert!(success(both) < success(actor), "{both:?}");
                }
            }
        }
    }

    #[test]
    fn fraction_reduces_orders_and_prints() {
        assert_eq!(frac(63, 120), frac(21, 40));
        assert_eq!(frac(63, 120).to_string(), "21/40");
        assert!(frac(1, 3) < frac(1, 2));
        assert_eq!(frac(0, 7), Fraction::default());
        assert_eq!(frac(3, 4).to_f64(), 0.75);
    }

    #[test]
    #[should_panic(expected = "face 9 is not on the d8 YELLOW")]
    fn a_face_off_the_die_is_refused() {
        LuckRound::new(OddsQuery::new(Y, 0, Y, 0), 9, 1);
    }
}
