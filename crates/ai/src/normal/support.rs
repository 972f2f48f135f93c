//! What Normal makes of a support action ([`crate::support`]): its chance to succeed times
//! what it changes, in the same unit as an attack's score (expected models taken out).
//! A token taken from a rival or given to a friend is worth half the best attack that model
//! could make with it: the token is spent (or would have been) in a later activation, when
//! the table has moved on. A Command is worth half the commanded friend's best first action
//! and a share of the danger it escapes: the friend acts now rather than after the rival's
//! next turn of Control, which is all a Command gains (its tokens are spent either way).

use redline_rules::card::Colour;
use redline_rules::{Command, Game, ModelId};

use super::{best_shot, shot_with};
use crate::assess::{self, HACK_VALUE, VULNERABLE_VALUE};
use crate::support::{self, Support, ready_tokens, used_tokens};

/// Worth of a token taken from or given to a model, as a share of its best attack.
const LATER: f64 = 0.5;
/// Worth of stopping a Gonk until its owner's next Inspire (KW-30), as a share of its best
/// attack (at least [`IDLE_GONK`]).
const STUNNED_GONK: f64 = 0.8;
/// The least a Gonk's best attack counts for: even one with no shot now walks up later.
const IDLE_GONK: f64 = 0.05;
/// Worth of a Command, as a share of the friend's first action: what acting now gains.
const COMMAND_TEMPO: f64 = 0.5;
/// Share of the danger a commanded friend stands in that acting first lets it escape.
const COMMAND_ESCAPE: f64 = 0.3;
/// Worth of deploying a drone: a new model on the table, near a Gonk's.
const DRONE_VALUE: f64 = 0.6;
/// Worth of each Hacked token removed from a friend.
const FIREWALL_VALUE: f64 = 0.1;
/// Worth of a Luck token.
const LUCK_VALUE: f64 = 0.1;
/// Cost of a program's memory leak (a Stun 1 on the Netrunner and the end of its
/// activation, NET-18), weighed by the chance of a Fumble.
const MEMORY_LEAK: f64 = 0.15;

/// Normal's score of `c` if it is a support action: the chance it succeeds times its worth,
/// less a program's risk of leaking memory. `None` for any other command.
pub(super) fn support_value(game: &Game, c: &Command) -> Option<f64> {
    let s = support::support(game, c)?;
    let worth = match s.what {
        Support::Stun { target, tokens } => {
            let shot = best_shot(game, target, &rivals_of(game, target));
            if game.profile(target).is_character() {
                let flipped = usize::from(tokens).min(ready_tokens(game, target));
                flipped as f64 * LATER * shot
            } else {
                STUNNED_GONK * shot.max(IDLE_GONK)
            }
        }
        Support::Refresh { target, tokens } => {
            let flipped = usize::from(tokens).min(used_tokens(game, target));
            let colour = game
                .tokens(target)
                .iter()
                .filter(|t| !t.ready)
                .map(|t| t.colour)
                .max_by_key(|c| assess::colour_rank(*c))
                .unwrap_or(Colour::Red);
            flipped as f64 * LATER * shot_with(game, target, colour, &rivals_of(game, target))
        }
        Support::Command { target } => {
            let shot = best_shot(game, target, &rivals_of(game, target));
            // The rivals' chance-weighted attacks on the friend where it stands, as the
            // position value weighs them (not its pulls toward rivals or goals).
            let danger = super::THREAT_WEIGHT
                * crate::position::threat_at(game, target, game.position(target));
            COMMAND_TEMPO * (shot + COMMAND_ESCAPE * danger)
        }
        Support::Drone => DRONE_VALUE,
        Support::Vulnerable { target } => {
            if game.vulnerable(target) {
                0.0
            } else {
                VULNERABLE_VALUE + LATER * best_shot(game, target, &rivals_of(game, target))
            }
        }
        // Gonks can't be Hacked (NET-16).
        Support::Hack { target } if game.profile(target).is_character() => HACK_VALUE,
        Support::Hack { .. } => 0.0,
        Support::Firewall { target, tokens } => {
            FIREWALL_VALUE * f64::from(tokens.min(game.hacked(target)))
        }
        Support::Luck(n) => LUCK_VALUE * f64::from(n),
    };
    let leak = if s.program {
        MEMORY_LEAK / f64::from(s.faces.max(1))
    } else {
        0.0
    };
    Some(s.chance * worth - leak)
}

/// The rivals of `m`'s team in play.
fn rivals_of(game: &Game, m: ModelId) -> Vec<ModelId> {
    assess::rivals_of(game, game.owner(m))
}
