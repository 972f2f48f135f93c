//! A rival's sentries as the bots see them (SEC-9..SEC-13): a Loaded sentry fires at the
//! nearest rival in its arc once that rival's action has finished (SEC-12), and a model
//! that ends its move within reach of a sentry it has not drawn fire from takes it out
//! (SEC-13). The engine answers both: the move is played on a copy of the game and its
//! events say whether a sentry fired at the mover (`SecEvent::SentryFired`) or was overrun
//! (`SecEvent::SentryOverrun`). Only a move that needs no roll is played so (MOVE-3): the
//! copy then shows what the move does, never a die still to come. With SEC off, or no
//! rival sentry Loaded or standing, nothing is played and nothing counts.

use redline_rules::event::{Event, SecEvent};
use redline_rules::{Command, Game, ModelId, Target};

use crate::assess;
use crate::models::{base_at, in_play};

/// The share of a wound on the mover a sentry's shot is worth against the move: the
/// sentry's YELLOW shot lands about half the time (SEC-10, SEC-12), and unlike a rival's
/// attack it surely comes (`position::THREAT_WEIGHT` is 0.9 for one that may go elsewhere).
const SENTRY_SHOT: f64 = 0.5;

/// What a move does about the rival sentries.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub(crate) struct SentryOutcome {
    /// A sentry fires at the mover once the move has finished (SEC-12).
    pub fired_at: bool,
    /// The sentries the move takes out by ending within reach of them (SEC-13), by what
    /// taking each out is worth.
    pub overrun: f64,
}

/// Whether any rival of `m` has a sentry on the table (SEC-9).
fn rival_sentries(game: &Game, m: ModelId) -> bool {
    in_play(game).any(|s| game.is_sentry(s) && game.rivals(m, s))
}

/// What the move `c` does about the rival sentries, if it is a move that needs no roll and
/// a rival has a sentry on the table; `None` otherwise.
pub(crate) fn outcome(game: &Game, c: &Command) -> Option<SentryOutcome> {
    let a = assess::action_of(c)?;
    let Target::Route(route) = &a.target else {
        return None;
    };
    if !rival_sentries(game, a.model) {
        return None;
    }
    let base = base_at(game, a.model, game.position(a.model));
    let plan = game
        .battlespace()
        .check_move(&base, route, f32::MAX, &[])
        .ok()?;
    if plan.rolls() > 0 {
        return None;
    }
    let mut copy = game.clone();
    let events = copy.apply(c.clone()).ok()?;
    let mut out = SentryOutcome::default();
    for e in events {
        match e {
            Event::Sec(SecEvent::SentryFired { target, .. }) if target == a.model => {
                out.fired_at = true;
            }
            Event::Sec(SecEvent::SentryOverrun { sentry, by }) if by == a.model => {
                out.overrun += assess::hit_value(game, sentry, 1);
            }
            _ => {}
        }
    }
    Some(out)
}

/// What the move `c` is worth for the rival sentries: taking one out by overrunning it,
/// less a sentry's shot it draws; 0 for any other command.
pub(crate) fn move_value(game: &Game, c: &Command) -> f64 {
    let Some(out) = outcome(game, c) else {
        return 0.0;
    };
    let Some(a) = assess::action_of(c) else {
        return 0.0;
    };
    let shot = if out.fired_at {
        SENTRY_SHOT * assess::hit_value(game, a.model, 1)
    } else {
        0.0
    };
    out.overrun - shot
}
