//! Dragging a scenery object (MOVE-14..MOVE-16, MOVE-21): a model within reach of a
//! draggable piece moves at most RED with a Reflexes roll against the Obstacle die, then
//! puts the piece down within reach of where it ended. A piece put down off raised scenery
//! falls to the surface below, onto any model standing there, and comes to rest in base
//! contact with it.

use serde::Serialize;

use crate::actions::movement::{MoveCtx, fall_wounds};
use crate::geometry::{self, Base, Battlespace};
use crate::ids::ModelId;
use crate::protocol::error::{RuleError, refuse};
use crate::protocol::rule::Rule;
use crate::setup::card::Colour;
use crate::state::Game;
use redline_battlespace::SceneryId;

/// Slack under which a piece counts as resting on the surface below it, in inches.
const REST: f32 = 0.05;
/// How far a fallen piece is slid, step by step, to come off the model it fell on.
const SLIDE_STEP: f32 = 0.05;
/// The farthest a fallen piece is slid to reach base contact, in inches.
const SLIDE_MAX: f32 = 6.0;

/// A dragged object's move, resolved once the drag roll is won (MOVE-16).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub(crate) struct ObjectDrag {
    /// The scenery piece's id.
    pub object: u32,
    /// Its whole shift (x, y, z): across the table, then down if it falls.
    pub by: [f32; 3],
    /// Off raised scenery: the height it falls and the model it lands on (MOVE-21).
    pub fall: Option<(f32, Option<ModelId>)>,
}

impl Game {
    /// Plans dragging `object` (MOVE-14..MOVE-16): the piece must be draggable and within
    /// reach, the dragger's route at most RED (MOVE-15), and the piece put down within
    /// reach of where the dragger ends, on no base.
    pub(crate) fn plan_object_drag(
        &self,
        m: ModelId,
        token: Option<u8>,
        colour: Colour,
        object: u32,
        route: &[[f32; 3]],
        shift: [f32; 2],
    ) -> Result<MoveCtx, RuleError> {
        let id = SceneryId(object);
        let Some(piece) = self.space().piece(id) else {
            return refuse(Rule::Move14, "No scenery piece has that id");
        };
        if !piece.draggable {
            return refuse(
                Rule::Move14,
                format!("The {} is not an object agreed to be draggable", piece.name),
            );
        }
        if !self.space().can_drag(&self.base(m), id) {
            return refuse(
                Rule::Move14,
                format!("The {} must be within reach to drag it", piece.name),
            );
        }
        // The object moves with the dragger: its route is checked with the object already
        // where it is put down, so the object's old place is not in the way (MOVE-16).
        let [sx, sz] = shift;
        let carried = self.shifted(id, [sx, 0.0, sz])?;
        let red = Colour::Red.move_inches();
        let mut ctx = self.plan_move_in(Some(&carried), m, route, red, colour, token, None)?;
        let dragger = self.base(m).at(ctx.end);
        ctx.object = Some(self.put_object_down(m, id, shift, &dragger)?);
        Ok(ctx)
    }

    /// Where a dragged piece comes to rest (MOVE-16, MOVE-21).
    fn put_object_down(
        &self,
        m: ModelId,
        id: SceneryId,
        [sx, sz]: [f32; 2],
        dragger: &Base,
    ) -> Result<ObjectDrag, RuleError> {
        let moved = self.shifted(id, [sx, 0.0, sz])?;
        let piece = moved.piece(id).expect("the piece is in the battlespace");
        let name = piece.name.clone();
        if moved.distance_to_piece(dragger, id).is_none_or(|d| d > 1.0) {
            return refuse(
                Rule::Move16,
                format!("Put the {name} down within reach of where the dragger ends"),
            );
        }
        let [cx, cz] = piece.centre();
        let table = moved.table();
        if cx < 0.0 || cz < 0.0 || cx > table.width || cz > table.depth {
            return refuse(Rule::Move16, format!("The {name} must stay on the table"));
        }
        let level = moved.surface_below(cx, cz, piece.base + REST);
        let height = piece.base - level;
        let others: Vec<Base> = self
            .bases_in_play()
            .iter()
            .filter(|b| geometry::model_of(b) != m)
            .copied()
            .chain(std::iter::once(*dragger))
            .collect();
        if height <= REST {
            if first_under(&moved, id, &others).is_some() {
                return refuse(
                    Rule::Move4,
                    format!("The {name} can't be put down on a model's base"),
                );
            }
            return Ok(ObjectDrag {
                object: id.0,
                by: [sx, 0.0, sz],
                fall: None,
            });
        }
        // MOVE-16, MOVE-21: dropped off raised scenery, it falls to the surface below.
        let fallen = self.shifted(id, [sx, -height, sz])?;
        let Some(hit) = first_under(&fallen, id, &others) else {
            return Ok(ObjectDrag {
                object: id.0,
                by: [sx, -height, sz],
                fall: Some((height, None)),
            });
        };
        // The model below takes the fall; the piece ends in base contact with it.
        let from = hit.position;
        // Away from the model's centre; straight on along the drag if it is right under.
        let dir = unit([cx - from[0], cz - from[2]])
            .or_else(|| unit([sx, sz]))
            .unwrap_or([1.0, 0.0]);
        let mut slide = 0.0;
        while slide <= SLIDE_MAX {
            slide += SLIDE_STEP;
            let by = [sx + dir[0] * slide, -height, sz + dir[1] * slide];
            let placed = self.shifted(id, by)?;
            if first_under(&placed, id, &others).is_none() {
                return Ok(ObjectDrag {
                    object: id.0,
                    by,
                    fall: Some((height, Some(geometry::model_of(&hit)))),
                });
            }
        }
        refuse(
            Rule::Move16,
            format!("The {name} can't come to rest beside the model it falls on"),
        )
    }

    /// The battlespace with the piece moved by `by`, refused if the geometry can't hold it.
    fn shifted(&self, id: SceneryId, by: [f32; 3]) -> Result<Battlespace, RuleError> {
        self.space()
            .with_object_shifted(id, by)
            .map_err(|e| RuleError::new(Rule::Move16, format!("The object can't go there: {e}")))
    }

    /// Applies a won object drag when the move ends (MOVE-16): the piece moves, and a model
    /// it falls on takes the same fall (MOVE-21).
    pub(crate) fn finish_object_drag(&mut self, drag: &ObjectDrag) {
        self.emit(crate::protocol::event::Event::ObjectMoved {
            object: drag.object,
            by: drag.by,
        });
        if let Some((height, Some(below))) = drag.fall
            && self.in_play(below)
            && fall_wounds(height).is_some()
        {
            self.fall(below, height, None);
        }
    }
}

/// The direction of (x, z), if it has one.
fn unit([x, z]: [f32; 2]) -> Option<[f32; 2]> {
    let len = (x * x + z * z).sqrt();
    (len > 1e-3).then(|| [x / len, z / len])
}

/// The first base the piece stands on, at the base's own level (MOVE-4, MOVE-21).
fn first_under(space: &Battlespace, id: SceneryId, bases: &[Base]) -> Option<Base> {
    let piece = space.piece(id)?;
    bases.iter().copied().find(|b| {
        let y = b.position[1];
        y < piece.top()
            && y + 1.0 > piece.base - REST
            && space.distance_to_piece(b, id).is_some_and(|d| d <= 1e-3)
    })
}
