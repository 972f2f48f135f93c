//! A scenario action that wins the game on the spot (CTRL-21): a carrier at its edge leaving
//! the table with the last crate its crew needs, a runner stepping off with the last escapee.
//! Only actions that roll no die count, so a bot trying them on a copy of the game learns
//! nothing of the dice to come.

use redline_rules::{Command, Event, Game, ModelId, Outcome, Seat, TeamId};

use crate::assess::{self, Kind};

/// The scenario action among `legal` that wins the game for `team` at once without a roll.
pub(crate) fn winning_action(game: &Game, team: TeamId, legal: &[Command]) -> Option<Command> {
    legal
        .iter()
        .filter(|c| assess::kind(game, c) == Kind::Objective)
        .find(|c| wins_unrolled(game, team, c))
        .cloned()
}

/// The activation among `legal` of a character of `offered` whose scenario action would then
/// win the game for `seat`'s team at once ([`winning_action`]).
pub(crate) fn activation_that_wins(
    game: &Game,
    seat: Seat,
    offered: &[ModelId],
    legal: &[Command],
) -> Option<Command> {
    let team = game.team_of(seat);
    legal
        .iter()
        .filter(|c| matches!(c, Command::Activate { model } if offered.contains(model)))
        .find(|c| {
            let mut active = game.clone();
            active.apply((*c).clone()).is_ok()
                && winning_action(&active, team, &active.legal_commands()).is_some()
        })
        .cloned()
}

/// Whether `c` ends the game in `team`'s win with no die rolled on the way.
fn wins_unrolled(game: &Game, team: TeamId, c: &Command) -> bool {
    let mut after = game.clone();
    let Ok(events) = after.apply(c.clone()) else {
        return false;
    };
    let rolled = events
        .iter()
        .any(|e| matches!(e, Event::Rolled { .. } | Event::CpuRolled { .. }));
    !rolled && matches!(after.outcome(), Some(Outcome::Win { team: t, .. }) if *t == team)
}
