//! The models on the table as the bots see them: which are in play, and the base a model
//! would have at a point.

use redline_battlespace::{Hypot, ModelBase};
use redline_rules::{Game, ModelId};

/// The base of a model at a position, for geometry queries.
pub(crate) fn base_at(game: &Game, m: ModelId, pos: [f32; 3]) -> ModelBase {
    game.model_base(m).at(pos)
}

/// Every model in play.
pub(crate) fn in_play(game: &Game) -> impl Iterator<Item = ModelId> + '_ {
    (0..game.model_count() as u16)
        .map(ModelId)
        .filter(|&m| game.in_play(m))
}

/// The flat distance between two points on the table, in inches: across it, height left out
/// (how far a model walks to reach a point, before climbing).
pub(crate) fn flat(a: [f32; 3], b: [f32; 3]) -> f32 {
    (a[0] - b[0]).hypot_exact(a[2] - b[2])
}
