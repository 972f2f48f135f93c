//! The position evaluation: how good it is for a model to stand at a point, in expected
//! models taken out (ours negative). Normal scores its moves by it; the shared answers (free
//! moves, deployment) and Hard's evaluation use it too.

use redline_rules::card::Colour;
use redline_rules::{Game, ModelId};

use crate::assess;
use crate::models::flat;

/// How much a rival's chance to hit counts in the shared position value (deployment, free
/// moves, Hard's leaf, a personality's care for distance): it may attack someone else, or
/// not at all; but a model lost is lost for the rest of the game and counts at the turn
/// limit. Normal's own scores weigh it lighter (`normal::THREAT_WEIGHT`) to play fights to
/// their end (docs/decisions/ai-finishing.md).
pub(crate) const THREAT_WEIGHT: f64 = 0.9;
/// The share of its threat a Spent sentry keeps (SEC-11): it fires again only once its
/// owner has Inspired, and a model standing in its arc now may have moved on by then, or
/// be one of several there for its one shot.
const SPENT_SENTRY: f64 = 0.5;
/// How much our own chance from the point counts when a Ready token is left to use it.
const OFFENCE_WEIGHT: f64 = 0.6;
/// The same with no Ready token left: the chance waits for the next Inspire.
const LATE_OFFENCE_WEIGHT: f64 = 0.25;
/// Worth per inch closer to a Body token (Objective pull), up to 12".
const BODY_PULL: f64 = 0.004;
/// Worth per inch closer to the nearest rival when no attack is possible from the point:
/// a model out of reach does nothing for the score, so it closes in.
const APPROACH: f64 = 0.012;
/// Worth per inch closer to the model's scenario goal (an exit, a marker, a quarter): a
/// seven-inch move toward it weighs about as much as a middling attack, so models neither
/// ignore the scenario nor walk into the rivals' fire for it (0.06 did; measured).
pub(crate) const GOAL_PULL: f64 = 0.008;

/// How much more the goal pulls the side that must press against a round clock on its last
/// round than on its first: the goal pull times 1 + this times the share of its Inspires
/// taken.
const PRESS: f64 = 2.0;

/// The goal pull where holding markers wins (Blackout): a team that leaves the markers to
/// the rival loses at the rival's next Inspire, so the race for them is worth more fire.
const HOLD_GOAL_PULL: f64 = 0.06;

/// The worth of `m` standing at `at`: its best chance-weighted attack on a rival from there
/// minus the sum of the rivals' chance-weighted attacks on it there (each from where the
/// rival stands, with the rival's best colour and the cover the point gets; a sentry's
/// only where it would fire, see `rival_threat`), plus a small
/// pull toward Body tokens, a pull toward the nearest rival when no attack is possible from
/// there, a pull toward the model's scenario goal (`objective::goal`, by the way a model
/// walks there, `way::way_to`), and less where a
/// fire would reach it (`fire::fire_cost`). `ready` says
/// whether `m` has a Ready token left to attack with.
pub fn position_value(game: &Game, m: ModelId, at: [f32; 3], ready: bool) -> f64 {
    value_weighing(game, m, at, ready, THREAT_WEIGHT)
}

/// [`position_value`] with a rival's threat weighing `threat_weight` instead of
/// [`THREAT_WEIGHT`] (Normal's lighter weight).
pub(crate) fn value_weighing(
    game: &Game,
    m: ModelId,
    at: [f32; 3],
    ready: bool,
    threat_weight: f64,
) -> f64 {
    let rivals = assess::rivals_of(game, m_seat(game, m));
    let mut threat = 0.0;
    let mut offence = 0.0f64;
    let mut nearest = f32::INFINITY;
    for &r in &rivals {
        let d = assess::distance_from(game, m, at, r);
        // The approach pull is toward the crews: a third force is a threat and a target
        // where it stands, never worth a walk across the table (THIRD-6).
        if !game.is_third_force(r) {
            nearest = nearest.min(d);
        }
        threat += rival_threat(game, r, m, at, d);
        let my_colour = best_colour(game, m);
        for i in 0..game.action_count(m) {
            let Some(def) = game.action(m, i) else {
                continue;
            };
            if !assess::attack_reaches(game, def, d) {
                continue;
            }
            let p = assess::hit_chance(game, m, at, def, my_colour, r, game.position(r));
            offence = offence.max(p * assess::hit_value(game, r, assess::wounds_of(def)));
        }
    }
    let body = game
        .bodies()
        .iter()
        .map(|(_, _, b)| flat(at, *b))
        .fold(f32::INFINITY, f32::min);
    let pull = if body.is_finite() {
        BODY_PULL * f64::from((12.0 - body).max(0.0))
    } else {
        0.0
    };
    let w = if ready {
        OFFENCE_WEIGHT
    } else {
        LATE_OFFENCE_WEIGHT
    };
    let approach = if offence > 0.0 || !nearest.is_finite() {
        0.0
    } else {
        -APPROACH * f64::from(nearest)
    };
    let base = if crate::objective::holding_wins(game) {
        HOLD_GOAL_PULL
    } else {
        GOAL_PULL
    };
    // The side that must meet its condition before the rival holds out presses harder as
    // its Inspires run out (`crate::clock`); not its Leader where the rivals win by taking
    // it out (Boxed In): it follows at the usual pace rather than lead the charge.
    let rate = crate::clock::presses(game, m_seat(game, m))
        .filter(|_| !leader_hunted(game, m))
        .map_or(base, |c| {
            base.max(HOLD_GOAL_PULL) * (1.0 + PRESS * c.urgency())
        });
    // Where carrying markers off wins, fetching and carrying home pull harder.
    let rate = crate::errand::pull(game, m).map_or(rate, |e| rate.max(e));
    let goal = crate::objective::goal(game, m).map_or(0.0, |g| {
        -rate * f64::from(crate::way::way_to(game, m, at, g))
    });
    w * offence - threat_weight * threat + pull + approach + goal
        - crate::fire::fire_cost(game, m, at)
}

/// The sum of the rivals' chance-weighted attacks on `m` standing at `at` (each rival's
/// best, from where it stands): the threat term of [`position_value`].
pub(crate) fn threat_at(game: &Game, m: ModelId, at: [f32; 3]) -> f64 {
    assess::rivals_of(game, m_seat(game, m))
        .into_iter()
        .map(|r| rival_threat(game, r, m, at, assess::distance_from(game, m, at, r)))
        .sum()
}

/// Rival `r`'s best chance-weighted attack on `m` at `at`, `d` inches away. A sentry
/// threatens only where the engine says it would fire (`Game::sentry_would_fire_at`: its
/// arc, GREEN, a Path of Attack, SEC-12), and a Spent one at [`SPENT_SENTRY`] of that.
fn rival_threat(game: &Game, r: ModelId, m: ModelId, at: [f32; 3], d: f32) -> f64 {
    let share = if !game.is_sentry(r) {
        1.0
    } else if !game.sentry_would_fire_at(r, m, at) {
        return 0.0;
    } else if game.sentry_loaded(r) {
        1.0
    } else {
        SPENT_SENTRY
    };
    share * best_attack_on(game, r, m, at, d)
}

/// Rival `r`'s best chance-weighted attack on `m` at `at`, `d` inches away, from where
/// it stands.
fn best_attack_on(game: &Game, r: ModelId, m: ModelId, at: [f32; 3], d: f32) -> f64 {
    let rival_colour = best_colour(game, r);
    let mut worst = 0.0f64;
    for i in 0..game.action_count(r) {
        let Some(def) = game.action(r, i) else {
            continue;
        };
        if !assess::attack_reaches(game, def, d) {
            continue;
        }
        let p = assess::hit_chance(game, r, game.position(r), def, rival_colour, m, at);
        worst = worst.max(p * assess::hit_value(game, m, assess::wounds_of(def)));
    }
    worst
}

/// Whether `m` is a Leader whose taking out wins the game for a rival team.
fn leader_hunted(game: &Game, m: ModelId) -> bool {
    let team = game.team_of(m_seat(game, m));
    assess::is_leader(game, m)
        && assess::rivals_of(game, m_seat(game, m))
            .into_iter()
            .map(|r| game.team_of(game.owner(r)))
            .any(|t| t != team && crate::objective::leader_wins_for(game, t))
}

fn m_seat(game: &Game, m: ModelId) -> redline_rules::Seat {
    game.owner(m)
}

/// The best colour a model may use over the coming turns (any token, or a Gonk's card).
pub(crate) fn best_colour(game: &Game, m: ModelId) -> Colour {
    if game.profile(m).is_character() {
        game.tokens(m)
            .iter()
            .map(|t| t.colour)
            .max_by_key(|c| assess::colour_rank(*c))
            .unwrap_or(Colour::Red)
    } else {
        assess::token_colour(game, m, None)
    }
}
