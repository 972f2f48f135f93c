//! The rulebook's guidance for what players agree each part is before the game (FIELD-11),
//! suggested automatically beside what the pack or the players said:
//!
//! * a solid part whose top is more than RED above its foot counts as a barrier (MOVE-7);
//!   a wall whose openings take half its length or more may be called one big obstacle
//!   (MOVE-12); lower parts are the players' choice (no suggestion);
//! * a barrier taller than RED with room for a 27 mm base on its top is elevated (POA-10);
//! * an opening from the floor at least a model's height tall is made for people to walk
//!   through, so a door (MOVE-13); any other opening is a window (MOVE-12).
//!
//! Ease of climbing (MOVE-27) and dragging (MOVE-14) have no measurable guidance: they stay
//! as the pack or the players say.

use redline_battlespace::{BASE_27MM_RADIUS, MODEL_HEIGHT, RED};
use redline_content::schema::{OpeningKind, Part, SceneryTag, Shape};
use serde::Serialize;

/// How far below the floor's level an opening's sill may start and still be a door, inches.
const DOOR_SILL: f32 = 0.05;

/// What the rulebook's guidance suggests for one part.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Suggestion {
    /// Barrier or Obstacle, when the guidance decides it.
    pub kind: Option<SceneryTag>,
    /// Whether it is elevated, when the guidance decides it.
    pub elevated: Option<bool>,
    /// Door or window for each opening, in order.
    pub openings: Vec<OpeningKind>,
}

/// Height of a part's solid, inches.
pub fn part_height(part: &Part) -> f32 {
    match &part.shape {
        Shape::Box { height, .. }
        | Shape::Cylinder { height, .. }
        | Shape::Wall { height, .. }
        | Shape::Hull { height, .. } => *height,
    }
}

/// Height of a part's top above the piece's foot (a roof set on walls stands that high).
pub fn part_top(part: &Part) -> f32 {
    part.at[1] + part_height(part)
}

/// Whether a 27 mm base fits on the part's top.
fn room_on_top(part: &Part) -> bool {
    let base = 2.0 * BASE_27MM_RADIUS;
    match &part.shape {
        Shape::Box { width, depth, .. } => width.min(*depth) >= base,
        Shape::Cylinder { radius, .. } => *radius >= BASE_27MM_RADIUS,
        Shape::Wall { thickness, .. } => *thickness >= base,
        Shape::Hull { footprint, .. } => {
            let span = |i: usize| {
                let (lo, hi) = footprint.iter().fold((f32::MAX, f32::MIN), |(lo, hi), p| {
                    (lo.min(p[i]), hi.max(p[i]))
                });
                hi - lo
            };
            span(0).min(span(1)) >= base
        }
    }
}

/// Whether a wall is so full of openings it may be one big obstacle (MOVE-12).
fn full_of_openings(part: &Part) -> bool {
    match part.shape {
        Shape::Wall { length, .. } => {
            let open: f32 = part.openings.iter().map(|o| o.width).sum();
            !part.openings.is_empty() && open >= length / 2.0
        }
        _ => false,
    }
}

/// The rulebook's guidance for `part`.
pub fn suggest(part: &Part) -> Suggestion {
    let tall = part_top(part) > RED;
    let kind = if full_of_openings(part) {
        Some(SceneryTag::Obstacle)
    } else if tall {
        Some(SceneryTag::Barrier)
    } else {
        None
    };
    let elevated = (kind == Some(SceneryTag::Barrier)).then(|| room_on_top(part));
    let openings = part
        .openings
        .iter()
        .map(|o| {
            if o.sill <= DOOR_SILL && o.height >= MODEL_HEIGHT {
                OpeningKind::Door
            } else {
                OpeningKind::Window
            }
        })
        .collect();
    Suggestion {
        kind,
        elevated,
        openings,
    }
}

/// The kind a part's tags give it: barrier if tagged so, else obstacle.
pub fn kind_of(part: &Part) -> SceneryTag {
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

/// Where `part` (as agreed) differs from the guidance, one sentence each naming its rule.
/// Empty when it follows the guidance.
pub fn departures(part: &Part) -> Vec<String> {
    let s = suggest(part);
    let mut out = Vec::new();
    let kind = kind_of(part);
    match s.kind {
        Some(SceneryTag::Barrier) if kind != SceneryTag::Barrier => out.push(format!(
            "the rulebook would call it a barrier: solid and {:.1}\" tall, more than RED (MOVE-7)",
            part_top(part)
        )),
        Some(SceneryTag::Obstacle) if kind != SceneryTag::Obstacle => out.push(
            "its openings take half its length or more: it may be one big obstacle (MOVE-12)"
                .to_owned(),
        ),
        _ => {}
    }
    let elevated = part.tags.contains(&SceneryTag::Elevated);
    match s.elevated {
        Some(true) if !elevated => out.push(
            "a barrier taller than RED with room for a base on top is elevated (POA-10)".to_owned(),
        ),
        Some(false) if elevated => {
            out.push("its top has no room for a 27 mm base to stand on (POA-10)".to_owned());
        }
        _ => {}
    }
    for (i, (o, want)) in part.openings.iter().zip(&s.openings).enumerate() {
        if o.kind != *want {
            out.push(match want {
                OpeningKind::Door => format!(
                    "opening {} starts at the floor and is {:.1}\" tall: made for people to walk \
                     through, a door (MOVE-13)",
                    i + 1,
                    o.height
                ),
                OpeningKind::Window => format!(
                    "opening {} is not a walk-through gap: a window, crossed like an obstacle \
                     (MOVE-12)",
                    i + 1
                ),
            });
        }
    }
    out
}

/// The tags the guidance gives `part`: its own tags with the suggested kind and elevation
/// put in (other tags kept), and the suggested opening kinds.
pub fn suggested_tags(part: &Part) -> (Vec<SceneryTag>, Vec<OpeningKind>) {
    let s = suggest(part);
    let mut tags: Vec<SceneryTag> = part
        .tags
        .iter()
        .copied()
        .filter(|t| !matches!(t, SceneryTag::Obstacle | SceneryTag::Barrier))
        .collect();
    tags.push(s.kind.unwrap_or_else(|| kind_of(part)));
    match s.elevated {
        Some(true) if !tags.contains(&SceneryTag::Elevated) => tags.push(SceneryTag::Elevated),
        Some(false) => tags.retain(|t| *t != SceneryTag::Elevated),
        _ => {}
    }
    tags.sort();
    (tags, s.openings)
}

/// Every place where `layout`'s pieces, as agreed, depart from the guidance: one line each,
/// "N. Name (part): sentence", numbered as the exports number pieces.
pub fn layout_departures(
    catalog: &redline_content::Catalog,
    layout: &redline_content::schema::Layout,
) -> Vec<String> {
    let mut out = Vec::new();
    for (i, placed) in layout.pieces.iter().enumerate() {
        let Some(piece) = catalog.scenery.get(&placed.piece) else {
            continue;
        };
        let name = placed.label.as_deref().unwrap_or(&piece.name);
        for (n, pack) in piece.parts.iter().enumerate() {
            let part = if piece.parts.len() > 1 && !pack.name.is_empty() {
                format!(" ({})", pack.name)
            } else {
                String::new()
            };
            for d in departures(&placed.agreed_part(n, pack)) {
                out.push(format!("{}. {name}{part}: {d}", i + 1));
            }
        }
    }
    out
}
