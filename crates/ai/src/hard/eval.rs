//! What Hard's look-ahead scores at its leaves: the standing of one team against the rest,
//! in models: material plus progress toward the scenario's conditions (a won game is worth
//! far more than either), and where the models stand (Normal's position evaluation).

use redline_rules::card::Colour;
use redline_rules::{Game, Outcome, TeamId};

use crate::assess;
use crate::models::in_play;
use crate::position::{best_colour, position_value};

/// Worth of a won game, in models; a lost one counts the same against.
const GAME_WORTH: f64 = 20.0;
/// Worth of each token that is not RED: a healthy character fights on with better dice.
const TOKEN_WORTH: f64 = 0.15;
/// Extra worth of a Leader (several scenarios end when one goes).
const LEADER_WORTH: f64 = 0.5;

/// `team`'s standing in `game`: models in play (characters with their healthy tokens,
/// Leaders more) minus the rivals', or ±[`GAME_WORTH`] once the game is decided.
pub fn standing(game: &Game, team: TeamId) -> f64 {
    match game.outcome() {
        Some(Outcome::Win { team: t, .. }) => {
            return if *t == team { GAME_WORTH } else { -GAME_WORTH };
        }
        Some(_) => return 0.0,
        None => {}
    }
    let mut v = crate::objective::progress(game, team);
    let mut rivals: Vec<TeamId> = Vec::new();
    for m in 0..game.model_count() as u16 {
        let t = game.team_of(game.owner(redline_rules::ModelId(m)));
        if t != team && !rivals.contains(&t) {
            rivals.push(t);
        }
    }
    for t in rivals {
        v -= crate::objective::progress(game, t);
    }
    for m in in_play(game) {
        let mut worth = 1.0;
        if game.profile(m).is_character() {
            worth += TOKEN_WORTH
                * game
                    .tokens(m)
                    .iter()
                    .filter(|t| t.colour != Colour::Red)
                    .count() as f64;
        }
        if assess::is_leader(game, m) {
            worth += LEADER_WORTH;
        }
        if game.team_of(game.owner(m)) == team {
            v += worth;
        } else {
            v -= worth;
        }
    }
    v
}

/// Threat-aware worth of where the models stand, in models: for each model in play Normal's
/// position evaluation where it stands (its best chance-weighted attack from there minus the
/// rivals' chance-weighted attacks on it, plus its pulls toward its scenario goal), ours
/// counted for `team`, the rivals' against. Material at a leaf misses what is about to
/// happen; this is what the next turns of Control will most likely turn into material.
pub fn positional(game: &Game, team: TeamId) -> f64 {
    let mut v = 0.0;
    for m in in_play(game) {
        let ready = assess::can_act(game, m);
        let p = position_value(game, m, game.position(m), ready);
        if game.team_of(game.owner(m)) == team {
            v += p;
        } else {
            v -= p;
        }
    }
    v
}

/// Worth, in models, of a Leader's danger where taking it out wins the game: a fully
/// exposed Leader that one hit takes out counts this much against its team.
const LEADER_DANGER_WORTH: f64 = 2.5;

/// Where taking out a Leader wins the game (Take the Head), the danger each Leader in play
/// stands in at the leaf, for `team`: the rivals' best chance of a hit on ours times the
/// share of the way to taking it out that hit goes, against us, and ours on theirs, for us.
/// Material and position count a Leader as a model (three times one, at most); a Leader
/// taken out loses the game, which a play-out only sees if it happens inside its horizon.
/// 0 in other scenarios.
pub fn leader_danger(game: &Game, team: TeamId) -> f64 {
    if !crate::objective::leader_wins(game) {
        return 0.0;
    }
    let mut v = 0.0;
    for l in in_play(game).filter(|&m| assess::is_leader(game, m)) {
        let share = out_share(game, l);
        let worst = assess::rivals_of(game, game.owner(l))
            .into_iter()
            .map(|r| {
                let colour = best_colour(game, r);
                assess::best_attack_from_here(game, r, colour, &[l], |p, _, def| {
                    p * (f64::from(assess::wounds_of(def).max(1)) * share).min(1.0)
                })
            })
            .fold(0.0, f64::max);
        let danger = LEADER_DANGER_WORTH * worst;
        if game.team_of(game.owner(l)) == team {
            v -= danger;
        } else {
            v += danger;
        }
    }
    v
}

/// The share of the way to taking `m` out one wound goes: all of it for a Gonk or a
/// Red-lined character (GEN-10, WOUND-3), else one over the wounds it can still take.
fn out_share(game: &Game, m: redline_rules::ModelId) -> f64 {
    if !game.profile(m).is_character() || game.red_lined(m) {
        1.0
    } else {
        1.0 / (assess::wounds_to_red_line(game, m) as f64 + 1.0)
    }
}
