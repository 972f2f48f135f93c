//! Casualties as the bots weigh them (AID): a Downed friend back on its feet by First Aid
//! (AID-6, AID-8), and, where the scenario scores rescues (`MostRescuedAtEnd`, Medevac), a
//! Downed friend dragged home (AID-10). The score is the engine's: a casualty counts once it
//! stands again or lies wholly inside its side's deployment zone (`Game::casualties_saved`,
//! `Table::in_zone`); the chance of First Aid is `Game::first_aid_odds`, that of a drag
//! `Game::drag_odds`. Only public state is read: positions, the casualty marks and the
//! scenario sheet.

use redline_battlespace::{DeploymentZone, Edge};
use redline_rules::scenario::WinCondition;
use redline_rules::{Command, Game, ModelId, Target};

use crate::assess;
use crate::models::base_at;

/// Worth of a Downed friend revived by First Aid (AID-8): a model back in the fight, if
/// with every token RED and Used.
pub(crate) const REVIVE_VALUE: f64 = 0.6;
/// Worth of one rescue where the scenario counts them: the point that decides the game at
/// its end (CTRL-21), more than a model back in the fight.
const RESCUE_POINT: f64 = 1.0;
/// The share of a rescue point a casualty still lying out is worth: it may yet be dragged
/// home, or be finished by a rival first. A failed First Aid takes it out (AID-8) and loses
/// this share.
const LYING_OUT: f64 = 0.5;
/// Worth per inch a drag brings a casualty nearer its side's zone, toward the point: a RED
/// drag of 3" weighs about as much as a middling attack.
const DRAG_PULL: f64 = 0.04;

/// Whether `team` scores rescued casualties (Medevac).
pub(crate) fn scores_rescues(game: &Game, team: redline_rules::TeamId) -> bool {
    game.win_conditions(team)
        .iter()
        .any(|w| matches!(w, WinCondition::MostRescuedAtEnd))
}

/// The worth of a First Aid command by the engine's odds, or `None` for any other command.
/// Where rescues score, a revived casualty is also a point, and a failure loses what the
/// casualty lying there is worth (a point if it already lies home, else the hope of
/// dragging it there): it is worth trying only when the chance makes up for that.
pub(crate) fn first_aid_value(game: &Game, c: &Command) -> Option<f64> {
    let a = assess::action_of(c)?;
    let p = game.first_aid_odds(a).ok()?.success;
    let Target::Model(casualty) = a.target else {
        return Some(p * REVIVE_VALUE);
    };
    if !scores_rescues(game, game.team_of(game.owner(a.model))) {
        return Some(p * REVIVE_VALUE);
    }
    let lying = if home(game, casualty, game.position(casualty)) {
        RESCUE_POINT
    } else {
        LYING_OUT * RESCUE_POINT
    };
    Some(p * (REVIVE_VALUE + RESCUE_POINT) - lying)
}

/// The worth of a drag of a Downed friend where rescues score (AID-10), or `None` for any
/// other command: what a drag that succeeds gives times its chance (`Game::drag_odds`: the
/// Obstacle die opposes it); a failed drag moves nothing.
pub(crate) fn drag_value(game: &Game, c: &Command) -> Option<f64> {
    let a = assess::action_of(c)?;
    let Target::Drag { model, drop, .. } = &a.target else {
        return None;
    };
    let model = *model;
    if !game.is_downed(model) || game.rivals(a.model, model) {
        return None;
    }
    if !scores_rescues(game, game.team_of(game.owner(a.model))) {
        return Some(0.0);
    }
    let p = game.drag_odds(a).map_or(0.0, |o| o.success);
    Some(p * dragged_worth(game, model, *drop))
}

/// What a drag that puts the Downed `model` down at `drop` gives: a point when it lies
/// there wholly inside its side's zone, else the inches it comes nearer that zone; a drag
/// out of the zone costs the point.
fn dragged_worth(game: &Game, model: ModelId, drop: [f32; 3]) -> f64 {
    let now = game.position(model);
    let (was_home, is_home) = (home(game, model, now), home(game, model, drop));
    match (was_home, is_home) {
        (false, true) => RESCUE_POINT,
        (true, false) => -RESCUE_POINT,
        (true, true) => 0.0,
        (false, false) => {
            DRAG_PULL * f64::from(to_zone(game, model, now) - to_zone(game, model, drop))
        }
    }
}

/// The nearest Downed friend of `m` not yet home, where its team scores rescues: the one
/// `m` should head for to drag or tend it.
pub(crate) fn nearest_casualty(game: &Game, m: ModelId) -> Option<ModelId> {
    let team = game.team_of(game.owner(m));
    if !scores_rescues(game, team) {
        return None;
    }
    (0..game.model_count() as u16)
        .map(ModelId)
        .filter(|&d| d != m && game.is_downed(d) && game.team_of(game.owner(d)) == team)
        .filter(|&d| !home(game, d, game.position(d)))
        .min_by(|&p, &q| game.distance(m, p).total_cmp(&game.distance(m, q)))
}

/// Whether `m` lying at `at` lies wholly inside one of its seat's deployment zones.
fn home(game: &Game, m: ModelId, at: [f32; 3]) -> bool {
    let base = base_at(game, m, at);
    let table = game.setup().battlespace.table();
    game.setup()
        .scenario
        .zones_of(game.owner(m))
        .into_iter()
        .any(|zone| table.in_zone(&base, zone))
}

/// How far `m` lying at `at` is from the nearest edge of its seat's deployment zones, in
/// inches (0 with no edge zone): what a drag home shortens.
fn to_zone(game: &Game, m: ModelId, at: [f32; 3]) -> f32 {
    let base = base_at(game, m, at);
    let table = game.setup().battlespace.table();
    game.setup()
        .scenario
        .zones_of(game.owner(m))
        .into_iter()
        .filter_map(|zone| match zone {
            DeploymentZone::Edge { edge, .. } => Some(edge),
            _ => None,
        })
        .map(|edge: Edge| table.distance_to_edge(&base, edge))
        .reduce(f32::min)
        .unwrap_or(0.0)
}
