//! What players agree each piece is before the game (FIELD-11), with the rulebook's own
//! suggestion beside the pack's tags: a solid taller than RED counts as a barrier (MOVE-7),
//! anything lower as an obstacle (MOVE-6).

use redline_battlespace::RED;
use redline_content::schema::{OpeningKind, Part, SceneryPiece, SceneryTag, Shape};

/// Height of a part's solid, in inches.
pub fn part_height(part: &Part) -> f32 {
    match &part.shape {
        Shape::Box { height, .. }
        | Shape::Cylinder { height, .. }
        | Shape::Wall { height, .. }
        | Shape::Hull { height, .. } => *height,
    }
}

/// The kind the rulebook suggests for a solid part: barrier when taller than RED (MOVE-7).
pub fn suggested_kind(part: &Part) -> SceneryTag {
    if part_height(part) > RED {
        SceneryTag::Barrier
    } else {
        SceneryTag::Obstacle
    }
}

/// The kind the pack gives a part (barrier if tagged so, else obstacle).
pub fn pack_kind(part: &Part) -> SceneryTag {
    if part.tags.contains(&SceneryTag::Barrier) {
        SceneryTag::Barrier
    } else {
        SceneryTag::Obstacle
    }
}

/// A tag as players say it.
pub fn tag_word(tag: SceneryTag) -> &'static str {
    match tag {
        SceneryTag::Obstacle => "obstacle",
        SceneryTag::Barrier => "barrier",
        SceneryTag::EasyClimb => "easy to climb",
        SceneryTag::Draggable => "draggable",
        SceneryTag::Elevated => "elevated",
    }
}

/// One line per part for the planner's piece card: its tags, doors and windows, and the
/// rulebook's suggestion where it differs from the pack's kind.
pub fn tag_lines(piece: &SceneryPiece) -> Vec<String> {
    piece
        .parts
        .iter()
        .map(|part| {
            let mut words: Vec<&str> = vec![tag_word(pack_kind(part))];
            words.extend(
                part.tags
                    .iter()
                    .filter(|t| !matches!(t, SceneryTag::Obstacle | SceneryTag::Barrier))
                    .map(|t| tag_word(*t)),
            );
            let doors = part
                .openings
                .iter()
                .filter(|o| o.kind == OpeningKind::Door)
                .count();
            let windows = part.openings.len() - doors;
            let mut line = format!(
                "{}{:.1}\" high: {}",
                if part.name.is_empty() {
                    String::new()
                } else {
                    format!("{}, ", part.name)
                },
                part_height(part),
                words.join(", ")
            );
            if doors > 0 {
                line.push_str(&format!(", {doors} door(s)"));
            }
            if windows > 0 {
                line.push_str(&format!(", {windows} window(s)"));
            }
            if !part.ladders.is_empty() {
                line.push_str(", ladder");
            }
            let suggested = suggested_kind(part);
            if suggested != pack_kind(part) {
                line.push_str(&format!(
                    " — the rulebook would call it a {} (MOVE-7: solid and {} than RED)",
                    tag_word(suggested),
                    if suggested == SceneryTag::Barrier {
                        "taller"
                    } else {
                        "not taller"
                    }
                ));
            }
            line
        })
        .collect()
}
