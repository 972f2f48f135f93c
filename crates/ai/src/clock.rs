//! The round clock of a scenario with sides (CTRL-18): one side holds out to the scenario's
//! round limit (HoldOut, which ends the game once every seat still playing has Inspired so
//! many times, `InspireLimit`), the other must meet its own condition before then. The
//! clock only runs when both sides Inspire, and a side that neither spends a token nor
//! Inspires in a turn of Control stops it: two crews doing that wait for ever. So in such a
//! scenario the bots keep the clock running:
//! * **no empty turns**: an activation whose best first action spending a token is not worth
//!   more than ending it is not taken while Inspiring is open, and a team with every token
//!   Ready (Inspiring shut, CTRL-3) spends one rather than end an activation with nothing
//!   done; each turn of Control then spends a token or Inspires, and the rounds run out;
//! * **pressing**: the attacker's pull toward its goal grows as its Inspires run out, and
//!   on its last round it spends every token before the Inspire that ends the game; the
//!   defender takes the Inspire that ends it as a win.
//!
//! A race for cases to a round limit (Through the Wall), Lantern Fire's lockboxes in a
//! burning building and Timed Heist's caches (`objective::plays_to_limit`), run the same clock with the sides drawn
//! from the table: the team the limit would give the game to now (the engine's count,
//! `Game::outcome_at_limit`) plays as the defender, the others as attackers, and they
//! change places as the counts change.
//!
//! Only what both players see: the scenario sheet, the Inspires taken and the tokens.

use redline_rules::scenario::WinCondition;
use redline_rules::{Game, Seat};

use crate::models::in_play;

/// The clock as one seat sees it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Clock {
    /// Inspires each seat still playing takes before the game ends.
    pub limit: u8,
    /// The seat's own Inspires.
    pub ours: u8,
    /// Whether the seat's team wins if the limit comes now: the defender, which holds out
    /// to it, or in a race to the limit the team ahead on its counts.
    pub holds_out: bool,
    /// Whether every other seat still playing has Inspired up to the limit.
    pub others_done: bool,
}

impl Clock {
    /// How far the seat's rounds have run, from 0 (none Inspired yet) to 1 (its last
    /// Inspire ends the game).
    pub fn urgency(self) -> f64 {
        let last = f64::from(self.limit.saturating_sub(1).max(1));
        (f64::from(self.ours) / last).min(1.0)
    }

    /// Whether the seat's next Inspire is its last one before the limit: after it the game
    /// ends at the Inspire that brings the last seat there, whoever takes it.
    pub fn last_inspire(self) -> bool {
        self.ours.saturating_add(1) == self.limit
    }
}

/// The round clock for `seat`: `Some` in a scenario with sides (CTRL-18) and a round limit
/// (`InspireLimit`) that some side holds out to, and where a sideless round limit decides
/// by its counts (`objective::plays_to_limit`: Through the Wall, Lantern Fire, Timed Heist), where the
/// team ahead on the limit's counts plays as the side holding out and every other presses.
pub(crate) fn clock(game: &Game, seat: Seat) -> Option<Clock> {
    let scenario = &game.setup().scenario;
    let team = game.team_of(seat);
    let holds_out =
        if !scenario.sides.is_empty() && scenario.any_win(|w| *w == WinCondition::HoldOut) {
            game.win_conditions(team).contains(&WinCondition::HoldOut)
        } else if crate::objective::plays_to_limit(game) {
            crate::objective::ahead_at_limit(game, team, None)
        } else {
            return None;
        };
    let limit = scenario.inspire_limit()?;
    let others_done = in_play(game)
        .map(|m| game.owner(m))
        .filter(|&s| s != seat)
        .all(|s| game.inspires(s) >= limit);
    Some(Clock {
        limit,
        ours: game.inspires(seat),
        holds_out,
        others_done,
    })
}

/// Whether `seat` must press for its goal against the clock: the rival side holds out.
pub(crate) fn presses(game: &Game, seat: Seat) -> Option<Clock> {
    clock(game, seat).filter(|c| !c.holds_out)
}

/// Whether `seat` must not end an activation while it can still act: a clock runs and either
/// every character of the seat in play has every token Ready, so Inspiring stays shut
/// (CTRL-3) and an activation that spends nothing changes nothing, or the seat presses on
/// its last round, which lasts while it has tokens to spend on its goal (its last Inspire
/// loses the game, so it comes only when no token is left).
pub(crate) fn must_act(game: &Game, seat: Seat) -> bool {
    let Some(c) = clock(game, seat) else {
        return false;
    };
    (!c.holds_out && c.last_inspire())
        || in_play(game)
            .filter(|&m| game.owner(m) == seat && game.profile(m).is_character())
            .all(|m| game.tokens(m).iter().all(|t| t.ready))
}

/// Whether `seat`'s Inspire now would end the game at the limit in its side's favour: it
/// holds out and it is its last Inspire (CTRL-18, CTRL-21).
pub(crate) fn inspire_holds_out(game: &Game, seat: Seat) -> bool {
    clock(game, seat)
        .is_some_and(|c| c.holds_out && c.ours.saturating_add(1) >= c.limit && c.others_done)
}

/// Whether `seat`'s Inspire now would hand the end of the game to the rivals: it must meet
/// its condition before the rivals hold out, and it is its last Inspire (the game ends then,
/// or at the rivals' last).
pub(crate) fn inspire_loses(game: &Game, seat: Seat) -> bool {
    presses(game, seat).is_some_and(Clock::last_inspire)
}
