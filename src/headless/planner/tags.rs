//! What players agree each part of a placed piece is before the game (FIELD-11), as the
//! Planner screen shows and edits it: the part as agreed (the layout's tags, else the pack's)
//! and where it departs from the rulebook's guidance (`redline_planner::tags`: solid and
//! taller than RED ⇒ barrier, MOVE-7; a wall full of openings may be an obstacle, MOVE-12; a
//! walk-through opening is a door, MOVE-13; a tall barrier with room on top is elevated,
//! POA-10).

use redline_content::schema::{OpeningKind, Part, PlacedPiece, SceneryPiece, SceneryTag};
pub use redline_planner::tags::{departures, kind_of, part_height, part_top, tag_word};

/// One part of a placed piece as the Planner screen edits it.
#[derive(Debug, Clone, PartialEq)]
pub struct PartCard {
    /// Index of the part in the scenery piece.
    pub index: usize,
    /// The part's name, or "part N".
    pub name: String,
    /// Height of its top above the piece's foot.
    pub top: f32,
    /// The part as the players agreed it.
    pub agreed: Part,
    /// Whether the layout changes the pack's tags for it.
    pub changed: bool,
    /// Where the agreement departs from the rulebook's guidance, each naming its rule.
    pub departures: Vec<String>,
}

impl PartCard {
    /// Whether the part has `tag`.
    pub fn has(&self, tag: SceneryTag) -> bool {
        self.agreed.tags.contains(&tag)
    }

    /// The agreed tags with `tag` switched on or off; switching Barrier or Obstacle on
    /// switches the other off (exactly one of them, MOVE-5).
    pub fn with(&self, tag: SceneryTag, on: bool) -> Vec<SceneryTag> {
        let mut tags: Vec<SceneryTag> = self
            .agreed
            .tags
            .iter()
            .copied()
            .filter(|t| *t != tag)
            .collect();
        if matches!(tag, SceneryTag::Barrier | SceneryTag::Obstacle) {
            let other = if tag == SceneryTag::Barrier {
                SceneryTag::Obstacle
            } else {
                SceneryTag::Barrier
            };
            tags.retain(|t| *t != other);
            tags.push(if on { tag } else { other });
        } else if on {
            tags.push(tag);
        }
        tags.sort();
        tags
    }

    /// The openings' agreed kinds.
    pub fn openings(&self) -> Vec<OpeningKind> {
        self.agreed.openings.iter().map(|o| o.kind).collect()
    }
}

/// The cards of every part of `placed` (a `piece` of the library).
pub fn part_cards(placed: &PlacedPiece, piece: &SceneryPiece) -> Vec<PartCard> {
    piece
        .parts
        .iter()
        .enumerate()
        .map(|(index, pack)| {
            let agreed = placed.agreed_part(index, pack);
            PartCard {
                index,
                name: if pack.name.is_empty() {
                    format!("part {}", index + 1)
                } else {
                    pack.name.clone()
                },
                top: part_top(pack),
                changed: placed.agreed(index).is_some(),
                departures: departures(&agreed),
                agreed,
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn move_5_switching_to_barrier_drops_obstacle() {
        let catalog = redline_content::starter();
        let piece = catalog.scenery.get("barricade").unwrap();
        let placed = PlacedPiece::new("barricade", [5.0, 5.0]);
        let card = &part_cards(&placed, piece)[0];
        assert!(card.has(SceneryTag::Obstacle));
        let tags = card.with(SceneryTag::Barrier, true);
        assert!(tags.contains(&SceneryTag::Barrier));
        assert!(!tags.contains(&SceneryTag::Obstacle));
        let back = card.with(SceneryTag::Barrier, false);
        assert_eq!(back, vec![SceneryTag::Obstacle]);
    }
}
