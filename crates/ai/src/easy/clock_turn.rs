//! Keeping a round clock running at Easy (`crate::clock`): where a scenario's round limit
//! decides the game, a team with every token Ready can't Inspire (CTRL-3), so an activation
//! that ends with nothing done leaves the clock where it was, and a crew whose card finds
//! nothing to do would wait so for ever. When the clock says the team must act
//! (`clock::must_act`: every token Ready, or the last round of a side that must press) and
//! the card would end the activation with nothing done, the active model spends a token
//! instead: its best shot, else a step that ends nearest its scenario goal (a model holding
//! a marker by standing at it stays at it), else the first action offered.

use redline_rules::{Command, Game, Seat};

use super::{attacks, best_attack, best_move, to_scenario_goal};
use crate::assess;
use crate::describe::describe;

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
