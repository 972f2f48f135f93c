//! Keeping out of fires (FIRE-10): every level asks the engine whether a fire would reach a
//! model at a point, and what its Hazard would do there, so crews step out of burning
//! rooms and don't end moves beside burning scenery. With the fire module off no fire burns
//! and nothing here costs anything.

use redline_rules::card::Keyword;
use redline_rules::{Command, Game, ModelId, Seat};

use crate::assess::{self, Kind};
use crate::choice::{Choice, fallback};

/// How much the chance of a fire's wound at the next Inspire counts against a point: a
/// wound that is certain to come if the model stays, unlike a rival's attack, which may go
/// elsewhere (`position::THREAT_WEIGHT` is 0.9).
const FIRE_WEIGHT: f64 = 1.0;

/// The chance that the Hazard of the fire reaching `m` at `at` wounds it, with the token
/// that defends best (FIRE-10, MOD-4); 0 where no fire reaches.
pub(crate) fn burn_chance(game: &Game, m: ModelId, at: [f32; 3]) -> f64 {
    let Some(colour) = game.fire_reaching_at(m, at) else {
        return 0.0;
    };
    game.hazard_tokens(m)
        .into_iter()
        .map(|t| game.hazard_odds(m, colour, t).success)
        .fold(1.0, f64::min)
}

/// What standing at `at` costs `m` in fire: the chance of the fire's wound times its worth.
pub(crate) fn fire_cost(game: &Game, m: ModelId, at: [f32; 3]) -> f64 {
    let p = burn_chance(game, m, at);
    if p == 0.0 {
        return 0.0;
    }
    FIRE_WEIGHT * p * assess::hit_value(game, m, 1)
}

/// Whether a fire reaches `m` at `at`.
pub(crate) fn burning(game: &Game, m: ModelId, at: [f32; 3]) -> bool {
    game.fire_reaching_at(m, at).is_some()
}

/// What `c` costs in fire by leaving the active model where it stands (FIRE-10): ending
/// the activation, or spending its last Ready token on anything but a move, where a fire
/// reaches it. A free action (Try It) or a program launch spends no token and leaves the
/// model its move. A move is rated by where it ends (`position::position_value`).
pub(crate) fn left_in_fire(game: &Game, c: &Command) -> f64 {
    let Some(m) = game.active_model() else {
        return 0.0;
    };
    let stays = match c {
        Command::EndActivation => true,
        _ => assess::action_of(c).is_some_and(|a| {
            a.model == m
                && spends_a_token(game, c)
                && !matches!(assess::kind(game, c), Kind::Move { .. })
                && crate::support::ready_tokens(game, m) <= 1
        }),
    };
    if stays {
        fire_cost(game, m, game.position(m))
    } else {
        0.0
    }
}

/// Whether `c` spends one of the actor's tokens: it names one, the engine says the action
/// spends one (`Game::spends_token`: not a Gonk's, not a launch), and it is no Free action
/// taken on the actor's own turn (a [RE]action is never free).
fn spends_a_token(game: &Game, c: &Command) -> bool {
    let Some(a) = assess::action_of(c) else {
        return false;
    };
    let free = matches!(c, Command::Act(_))
        && game
            .action(a.model, a.action)
            .is_some_and(|d| d.keywords.contains(&Keyword::Free));
    a.token.is_some() && game.spends_token(a.model, a.action) && !free
}

/// The lighter's next fire roll when it orders them (FIRE-5): the fire that reaches the most
/// rival models (the engine's `models_reached_by`), so the fire nearest the rivals rolls
/// before a spread or an Inferno can change it; the first listed on a tie.
pub(crate) fn next_fire_roll(game: &Game, seat: Seat, legal: &[Command]) -> Choice {
    let rivals_reached = |c: &Command| match c {
        Command::RollFire { place } => Some(
            game.models_reached_by(*place)
                .into_iter()
                .filter(|&m| game.team_of(game.owner(m)) != game.team_of(seat))
                .count(),
        ),
        _ => None,
    };
    let mut best: Option<(&Command, usize)> = None;
    for c in legal {
        if let Some(n) = rivals_reached(c)
            && best.is_none_or(|(_, b)| n > b)
        {
            best = Some((c, n));
        }
    }
    match best {
        Some((c, _)) => Choice::new(c.clone(), "fire roll: the fire nearest the rivals"),
        None => fallback(legal, "fire roll order"),
    }
}
