//! Locks (SEC-7, SEC-8): the bots open a locked door or window that stands between a model
//! and where it is going (its scenario goal, else the nearest rival), by the engine's odds
//! (`Game::lock_odds`), and Try an opening on the way whose lock they don't know. They read
//! only what their side knows of a lock (`Game::lock_known_to`, MOPEN-8). With the security
//! module off no lock action is legal and nothing here counts.

use redline_battlespace::SceneryId;
use redline_rules::{Command, Game, LockKnowledge, ModelId, TRY_IT, Target};

use crate::assess;
use crate::models::flat;

/// What opening a lock on the way is worth, times the chance: at an even chance, more
/// than ending the activation (Normal's 0.04 plus the token), since the goal beyond can't be
/// reached otherwise and the door stays open for the rest of the game (0.09 lost to ending
/// the activation in `tests/lock.rs`).
const OPEN_WORTH: f64 = 0.15;
/// What a free Try It on an opening on the way is worth: it spends no token.
const TRY_WORTH: f64 = 0.02;

/// The worth of `c` if it is a lock action on an opening that lies on the actor's way.
pub(crate) fn lock_value(game: &Game, c: &Command) -> Option<f64> {
    let a = assess::action_of(c)?;
    let Target::Opening { piece, opening } = a.target else {
        return None;
    };
    if !on_the_way(game, a.model, piece, opening) {
        return Some(0.0);
    }
    let known = game.lock_known_to(game.owner(a.model), piece, opening);
    if a.action == TRY_IT {
        return Some(if known == LockKnowledge::Unknown {
            TRY_WORTH
        } else {
            0.0
        });
    }
    game.lock_odds(a).ok().map(|odds| odds.success * OPEN_WORTH)
}

/// Whether the opening is nearer where `m` is going than `m` is: its scenario goal, else
/// the nearest rival.
fn on_the_way(game: &Game, m: ModelId, piece: u32, opening: u8) -> bool {
    let Some(door) = game.battlespace().opening_centre(SceneryId(piece), opening) else {
        return false;
    };
    let at = game.position(m);
    let target = crate::objective::goal(game, m).or_else(|| {
        assess::rivals_of(game, game.owner(m))
            .into_iter()
            .map(|r| game.position(r))
            .min_by(|p, q| flat(*p, at).total_cmp(&flat(*q, at)))
    });
    target.is_some_and(|t| flat(door, t) < flat(at, t))
}
