//! Table layouts (FIELD-1..FIELD-3): a table size and scenery pieces placed on it, with what
//! the players agreed each piece is before the game (FIELD-11).

use serde::{Deserialize, Serialize};

use super::scenery::{OpeningKind, Part, SceneryTag};
use crate::limits::{self, length_problem};

/// One piece placed on the table.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlacedPiece {
    /// Scenery piece id.
    pub piece: String,
    /// Position `(x, z)` of the piece's origin, inches from the table's corner.
    pub at: [f32; 2],
    /// Height of the piece's foot (pieces set on top of others); 0 on the table.
    #[serde(default)]
    pub elevation: f32,
    /// Turn about the vertical axis, degrees.
    #[serde(default)]
    pub rotation_deg: f32,
    /// Label shown in messages ("Container 2"); the piece's name when left out.
    #[serde(default)]
    pub label: Option<String>,
    /// What the players agreed some of its parts are, in place of the pack's tags
    /// (FIELD-11); parts not listed keep the pack's. Layouts of format 1 have none.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub tags: Vec<PartTags>,
}

/// What the players agreed one part of a placed piece is before the game (FIELD-11): its
/// tags and each opening's kind, in place of what the pack says.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PartTags {
    /// Which part: its index in the scenery piece's `parts`.
    pub part: u32,
    /// Exactly one of Obstacle or Barrier (MOVE-5), plus any of the others, in order.
    pub tags: Vec<SceneryTag>,
    /// Each of the part's openings in order: a door (no roll, MOVE-13) or a window (crossed
    /// like an obstacle, MOVE-12). Empty keeps the pack's.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub openings: Vec<OpeningKind>,
}

impl PlacedPiece {
    /// A piece placed at `at` with no turn, elevation, label or agreed tags.
    pub fn new(piece: &str, at: [f32; 2]) -> PlacedPiece {
        PlacedPiece {
            piece: piece.to_owned(),
            at,
            elevation: 0.0,
            rotation_deg: 0.0,
            label: None,
            tags: Vec::new(),
        }
    }

    /// The agreement for part `index`, if the players changed it.
    pub fn agreed(&self, index: usize) -> Option<&PartTags> {
        self.tags.iter().find(|t| t.part as usize == index)
    }

    /// Part `index` of the piece as the players agreed it: the pack's part with the agreed
    /// tags and opening kinds put in.
    pub fn agreed_part(&self, index: usize, part: &Part) -> Part {
        let mut out = part.clone();
        if let Some(agreed) = self.agreed(index) {
            out.tags = agreed.tags.clone();
            for (opening, kind) in out.openings.iter_mut().zip(&agreed.openings) {
                opening.kind = *kind;
            }
        }
        out
    }

    /// Records what the players agreed part `index` (the pack's `pack`) is. An agreement the
    /// same as the pack's is dropped, so an untouched piece stays as the pack has it.
    pub fn agree(
        &mut self,
        index: usize,
        pack: &Part,
        mut tags: Vec<SceneryTag>,
        openings: Vec<OpeningKind>,
    ) {
        tags.sort();
        tags.dedup();
        self.tags.retain(|t| t.part as usize != index);
        let mut pack_tags = pack.tags.clone();
        pack_tags.sort();
        pack_tags.dedup();
        let pack_openings: Vec<OpeningKind> = pack.openings.iter().map(|o| o.kind).collect();
        let openings = if openings == pack_openings {
            Vec::new()
        } else {
            openings
        };
        if tags == pack_tags && openings.is_empty() {
            return;
        }
        self.tags.push(PartTags {
            part: u32::try_from(index).unwrap_or(u32::MAX),
            tags,
            openings,
        });
        self.tags.sort_by_key(|t| t.part);
    }

    /// Why this piece breaks a limit on input on a table of `size` (docs/limits.md), if it
    /// does: its position off the table or not a number, an elevation or turn that is not a
    /// number or out of range, an over-long id or label, too many agreed-tag entries. The
    /// field at fault comes with the reason.
    pub fn limits_problem(&self, size: [f32; 2]) -> Option<(&'static str, String)> {
        if let Some(p) = length_problem("the piece id", &self.piece, limits::MAX_ID_BYTES) {
            return Some(("piece", p));
        }
        let label = self.label.as_deref().unwrap_or_default();
        if let Some(p) = length_problem("the label", label, limits::MAX_STRING_BYTES) {
            return Some(("label", p));
        }
        let [x, z] = self.at;
        if !((0.0..=size[0]).contains(&x) && (0.0..=size[1]).contains(&z)) {
            return Some(("at", format!("{:?} is off the {:?} table", self.at, size)));
        }
        if !(0.0..=limits::MAX_SCENERY_INCHES).contains(&self.elevation) {
            let why = format!(
                "elevation {}; a piece is set 0 to {}\" up",
                self.elevation,
                limits::MAX_SCENERY_INCHES
            );
            return Some(("elevation", why));
        }
        if !self.rotation_deg.is_finite() {
            let why = format!("turn {} is not a number", self.rotation_deg);
            return Some(("rotation_deg", why));
        }
        if self.tags.len() > limits::MAX_PARTS_PER_PIECE
            || self
                .tags
                .iter()
                .any(|t| t.openings.len() > limits::MAX_POINTS_PER_PART)
        {
            let why = format!(
                "agreed tags for {} parts; at most {} parts of {} openings each",
                self.tags.len(),
                limits::MAX_PARTS_PER_PIECE,
                limits::MAX_POINTS_PER_PART
            );
            return Some(("tags", why));
        }
        None
    }

    /// Why the agreed tags don't fit the piece's `parts`, if they don't: a part that isn't
    /// there, not exactly one of Obstacle or Barrier (MOVE-5), or a list of opening kinds
    /// that doesn't match the part's openings.
    pub fn tags_problem(&self, parts: &[Part]) -> Option<String> {
        for t in &self.tags {
            let Some(part) = parts.get(t.part as usize) else {
                return Some(format!(
                    "tags for part {} of a piece with {} part(s)",
                    t.part,
                    parts.len()
                ));
            };
            let kinds = t
                .tags
                .iter()
                .filter(|x| matches!(x, SceneryTag::Obstacle | SceneryTag::Barrier))
                .count();
            if kinds != 1 {
                return Some(format!(
                    "part {} must be exactly one of obstacle or barrier (MOVE-5)",
                    t.part
                ));
            }
            if !t.openings.is_empty() && t.openings.len() != part.openings.len() {
                return Some(format!(
                    "part {} has {} opening(s) but {} door/window kind(s) are given",
                    t.part,
                    part.openings.len(),
                    t.openings.len()
                ));
            }
        }
        None
    }
}

/// A ready table.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Layout {
    /// Unique id.
    pub id: String,
    /// Name shown in the planner.
    pub name: String,
    /// Table size `(x, z)` in inches; x runs along the long edge (DESIGN §3).
    pub size: [f32; 2],
    /// Placed pieces.
    pub pieces: Vec<PlacedPiece>,
    /// A note for players.
    #[serde(default)]
    pub text: String,
}

impl Layout {
    /// Why this layout breaks a limit on input (docs/limits.md), if it does: the table's
    /// size, the number of pieces, over-long text, or a piece's own
    /// ([`PlacedPiece::limits_problem`], named with its place in the list). Share codes,
    /// saved layouts and the planner's checks refuse such a layout before working on it.
    pub fn limits_problem(&self) -> Option<String> {
        let texts = [
            ("the layout id", &self.id, limits::MAX_ID_BYTES),
            ("the layout name", &self.name, limits::MAX_STRING_BYTES),
            ("the layout note", &self.text, limits::MAX_STRING_BYTES),
        ];
        if let Some(p) = texts
            .iter()
            .find_map(|(field, text, max)| length_problem(field, text, *max))
        {
            return Some(p);
        }
        if let Some(p) = limits::table_problem(self.size) {
            return Some(p);
        }
        if self.pieces.len() > limits::MAX_LAYOUT_PIECES {
            return Some(format!(
                "{} pieces; a layout holds at most {}",
                self.pieces.len(),
                limits::MAX_LAYOUT_PIECES
            ));
        }
        self.pieces.iter().enumerate().find_map(|(i, p)| {
            p.limits_problem(self.size)
                .map(|(_, why)| format!("piece {} ('{}'): {why}", i + 1, limits::excerpt(&p.piece)))
        })
    }
}
