//! Constructs (BOT-6, BOT-9, BOT-11, BOT-12): what the bots make of repairing their own
//! constructs and toppling the rivals', weighed by the engine's odds. With BOT off none of
//! these actions is legal, so nothing here is ever asked.

use redline_rules::{Command, FIELD_PATCH, Game, STAND_UP, START_REPAIR, TOPPLE};

use crate::assess;

/// Worth of one damaged system mended, as a heal of a friend is worth to Normal.
const SYSTEM_VALUE: f64 = 0.35;
/// Worth of a rival construct Toppled: its wound, and the action it must spend standing up.
const TOPPLE_VALUE: f64 = 0.5;
/// Worth of Standing Up: a Toppled construct can take no other action (BOT-12).
const STAND_UP_VALUE: f64 = 1.0;
/// What Start Repair costs beyond its token: the construct lies open to Topples and to
/// melee attacks that need no roll until its owner's next Inspire ends (BOT-10).
const REPAIR_RISK: f64 = 0.1;

/// The worth of a BOT action command before the token it spends, from the engine's odds;
/// `None` for any other command.
pub(crate) fn construct_value(game: &Game, c: &Command) -> Option<f64> {
    let a = assess::action_of(c)?;
    match a.action {
        START_REPAIR => {
            let colour = assess::token_colour(game, a.model, a.token);
            let odds = game.self_repair_odds(a.model, colour);
            let damaged = game
                .construct_systems(a.model)
                .iter()
                .filter(|(_, d)| *d)
                .count();
            // A Crit heals 2 (BOT-9): success counts once, and a Crit once more.
            let heals = (odds.success + odds.crit_success).min(damaged as f64);
            Some(heals * SYSTEM_VALUE - REPAIR_RISK)
        }
        STAND_UP => Some(STAND_UP_VALUE),
        TOPPLE | FIELD_PATCH => {
            let odds = game.construct_action_odds(a).ok()?;
            let worth = if a.action == TOPPLE {
                TOPPLE_VALUE
            } else {
                SYSTEM_VALUE
            };
            Some(odds.success * worth)
        }
        _ => None,
    }
}
