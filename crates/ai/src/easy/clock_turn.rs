//! Keeping a round clock running at Easy (`crate::clock`): where a scenario's round limit
//! decides the game, a team with every token Ready can't Inspire (CTRL-3), so an activation
//! that ends with nothing done leaves the clock where it was, and a crew whose card finds
//! nothing to do would wait so for ever. When the clock says the team must act
//! (`clock::must_act`: every token Ready, or the last round of a side that must press) and
//! the card would end the activation with nothing done, the active model spends a token
//! instead: its best shot, else a step that ends nearest its scenario goal (a model holding
//! a marker by standing at it stays at it), else the first action offered.
//!
//! Where a round limit without sides decides the game by its counts
//! (`objective::plays_to_limit`), the team the limit would give the game to now
//! (`clock::Clock::holds_out`) runs the clock out: while Inspiring is open and no character
//! it may activate has a shot worth taking from where it stands, it Inspires rather than
//! spend its turn on an errand. The game ends only once every crew has Inspired up to the
//! limit, so a leader that walks each model once a round leaves the game to the backstop.
//! A defender in a scenario with sides plays its card: it holds a site, not a count.

use redline_rules::{Command, Game, ModelId, Seat};

use super::{attacks, best_attack, best_move, own_inspire, to_scenario_goal};
use crate::assess;
use crate::describe::describe;

/// The least chance to hit that makes a shot worth a turn of Control to a team running the
/// clock out.
const SHOT_WORTH_TAKING: f64 = 0.5;

/// `seat`'s Inspire when its team runs the clock out: a round limit without sides decides
/// the game, the limit reached now would give the team the game, the team has Inspires left
/// before the limit, Inspiring is open, and none of `may_activate` has a shot of at least
/// [`SHOT_WORTH_TAKING`].
pub(super) fn run_out(
    game: &Game,
    seat: Seat,
    may_activate: &[ModelId],
    legal: &[Command],
) -> Option<(Command, String)> {
    if !crate::objective::plays_to_limit(game) {
        return None;
    }
    let clock = crate::clock::clock(game, seat)?;
    if !clock.holds_out || clock.ours >= clock.limit {
        return None;
    }
    let inspire = own_inspire(legal, seat)?;
    let rivals = assess::rivals_of(game, seat);
    let shot = may_activate.iter().any(|&m| {
        assess::best_ready_colour(game, m).is_some_and(|colour| {
            assess::best_attack_from_here(game, m, colour, &rivals, |p, _, _| p)
                >= SHOT_WORTH_TAKING
        })
    });
    (!shot).then(|| {
        (
            inspire.clone(),
            format!(
                "Inspire: ahead at the round limit, running the clock ({} of {} Inspires)",
                clock.ours + 1,
                clock.limit
            ),
        )
    })
}

/// The token `seat`'s active model spends instead of `chosen` when `chosen` ends the
/// activation while the round clock says the team must act; `None` to keep `chosen`.
pub(super) fn instead_of_ending(
    game: &Game,
    seat: Seat,
    chosen: &Command,
    legal: &[Command],
) -> Option<(Command, String)> {
    if !matches!(chosen, Command::EndActivation) || !crate::clock::must_act(game, seat) {
        return None;
    }
    let why = |c: &Command, what: &str| {
        format!(
            "{}: the round clock runs only if a token is spent ({what})",
            describe(game, c)
        )
    };
    if let Some(c) = best_attack(&attacks(game, legal), |a| -a.chance) {
        return Some((c.clone(), why(c, "the best shot")));
    }
    let near_goal = best_move(game, legal, |m, at| to_scenario_goal(game, m, at))
        .filter(|(_, k)| k.is_finite());
    if let Some((c, _)) = near_goal {
        let text = why(&c, "a step that ends nearest its goal");
        return Some((c, text));
    }
    legal
        .iter()
        .find(|c| assess::action_of(c).is_some())
        .map(|c| (c.clone(), why(c, "the first action offered")))
}
