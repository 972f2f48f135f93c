//! Fetching markers and carrying them home where carrying them off wins (Salvage Run: the
//! scenario's `CarryMarkersOff`, its SearchMarkers and CarryMarkers rules). The usual goal pull
//! (`position::GOAL_PULL`) is too weak there to matter beside the fire fight: crates lay
//! unsearched and carriers stood in the open until the backstop. So, for that kind of
//! scenario only:
//! * **fetching**: the team's character nearest a marker still to take is pulled toward it
//!   as hard as a middling attack over a move (the others fight as before);
//! * **carrying home**: a carrier is pulled toward its exit edge harder still (it leaves
//!   when enough carriers stand there, `objective::leaving_pays`).
//!
//! Only what both players see: markers, carriers, models and the scenario sheet.

use redline_rules::scenario::WinCondition;
use redline_rules::{Game, ModelId};

use crate::models::{flat, in_play};
use crate::objective::{carrying, goal};

/// Worth per inch closer to a marker still to fetch, for the team's character nearest it.
const FETCH_PULL: f64 = 0.08;
/// Worth per inch closer to its exit edge for a carrier.
const CARRY_PULL: f64 = 0.10;

/// Whether `m`'s team wins by carrying markers off the table.
pub(crate) fn carries_off(game: &Game, m: ModelId) -> bool {
    game.win_conditions(game.team_of(game.owner(m)))
        .iter()
        .any(|w| matches!(w, WinCondition::CarryMarkersOff { .. }))
}

/// The goal pull per inch for `m` where carrying markers off wins: a carrier's toward its
/// edge, and the pull toward its marker for the free character of its team nearest that
/// marker. `None` elsewhere (the usual pull applies).
pub(crate) fn pull(game: &Game, m: ModelId) -> Option<f64> {
    if !carries_off(game, m) {
        return None;
    }
    if carrying(game, m) {
        return Some(CARRY_PULL);
    }
    let g = goal(game, m)?;
    let team = game.team_of(game.owner(m));
    let mine = flat(game.position(m), g);
    let nearer = in_play(game).any(|o| {
        o != m
            && game.team_of(game.owner(o)) == team
            && game.profile(o).is_character()
            && !carrying(game, o)
            && flat(game.position(o), g) < mine
    });
    (!nearer).then_some(FETCH_PULL)
}
