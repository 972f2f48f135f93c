//! A Path of Attack between two points of the table (POA-1..10), explained in the words the
//! battle uses: "Blocked by …", "+1 … (obstacle)".

use redline_battlespace::{
    BASE_27MM_RADIUS, Battlespace, CoverReason, CoverSource, ModelBase, PathOfAttack, PoaOptions,
    RangeBand,
};
use serde::Serialize;

/// The Path of Attack between two standard models and what it means.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PathCheck {
    /// Where the attacker stands (x, y, z).
    pub from: [f32; 3],
    /// Where the target stands (x, y, z).
    pub to: [f32; 3],
    /// The geometry's answer.
    pub poa: PathOfAttack,
    /// One line per finding: the band, then "Blocked by …" or each "+1 …".
    pub explanation: Vec<String>,
}

/// A 27 mm model standing at (x, z), at the surface found at or below `y` (0 = the table).
pub fn model_at(space: &Battlespace, id: u32, [x, z]: [f32; 2], y: f32) -> ModelBase {
    let y = space.level_at(x, z, y);
    ModelBase::new(id, id as u8, [x, y, z]).with_radius(BASE_27MM_RADIUS)
}

/// Why a cover item gives +1, in the battle's words.
pub fn cover_word(reason: CoverReason) -> &'static str {
    match reason {
        CoverReason::Obstacle => "obstacle",
        CoverReason::Window => "window",
        CoverReason::Model => "model in the way",
        CoverReason::BarrierEnters => "barrier edge",
        CoverReason::ElevatedEdge => "elevated edge",
    }
}

/// The Path of Attack from a model at `from` to one at `to` (each (x, z) plus the height
/// to stand at or below), with long range (POA-3) and no other models on the table.
pub fn path_check(space: &Battlespace, from: ([f32; 2], f32), to: ([f32; 2], f32)) -> PathCheck {
    let a = model_at(space, 0, from.0, from.1);
    let b = model_at(space, 1, to.0, to.1);
    let poa = space.path_of_attack(&a, &b, &[], PoaOptions::default());
    let band = match poa.band {
        RangeBand::Red => "RED",
        RangeBand::Yellow => "YELLOW",
        RangeBand::Green => "GREEN",
        RangeBand::Long => "long range",
    };
    let mut explanation = vec![format!("{:.1}\" apart: {band}", poa.distance)];
    if let Some(id) = poa.blocked_by {
        explanation.push(format!(
            "Blocked by {}: the target can't be chosen (POA-8)",
            space.piece_name(id)
        ));
    } else if poa.cover.is_empty() {
        explanation.push("Clear: no cover for the target".to_owned());
    }
    for c in &poa.cover {
        let name = match c.source {
            CoverSource::Scenery(id) => space.piece_name(id).to_owned(),
            CoverSource::Model(m) => format!("model {m}"),
        };
        explanation.push(format!("+1 {name} ({})", cover_word(c.reason)));
    }
    if poa.obscured {
        explanation.push("Obscured (OPEN-31)".to_owned());
    }
    PathCheck {
        from: a.position,
        to: b.position,
        poa,
        explanation,
    }
}
