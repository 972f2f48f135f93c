//! A gap cut through a fence (SEC-16): the fence's centre line, the point along it nearest a
//! model, and the battlespace with a gap of free passage there (MOVE-13).

use crate::error::LayoutError;
use crate::model::ModelBase;
use crate::scenery::{SceneryId, SceneryPiece, SceneryShape};
use crate::space::Battlespace;
use crate::units::Hypot;

impl SceneryPiece {
    /// The part as a wall along its length: a wall as it is, and a box as the wall along
    /// its longer side, as thick as its shorter one. `None` for a cylinder or a hull, which
    /// have no length to cut along.
    pub fn as_wall(&self) -> Option<SceneryPiece> {
        let shape = match &self.shape {
            SceneryShape::Wall { .. } => return Some(self.clone()),
            SceneryShape::Box {
                centre,
                size,
                yaw_degrees,
            } => {
                let (s, c) = yaw_degrees.to_radians().sin_cos();
                // The box's own x and z axes on the table (the solid's turn about +Y).
                let (axis, length, thickness) = if size[0] >= size[2] {
                    ([c, -s], size[0], size[2])
                } else {
                    ([s, c], size[2], size[0])
                };
                let half = [axis[0] * length / 2.0, axis[1] * length / 2.0];
                SceneryShape::Wall {
                    from: [centre[0] - half[0], centre[1] - half[1]],
                    to: [centre[0] + half[0], centre[1] + half[1]],
                    thickness,
                    height: size[1],
                }
            }
            SceneryShape::Cylinder { .. } | SceneryShape::Hull { .. } => return None,
        };
        let mut out = self.clone();
        out.shape = shape;
        Some(out)
    }

    /// How far along the part's length (from a wall's `from` end, as [`Self::as_wall`] lays
    /// it) the point nearest the model's centre lies; `None` for a part with no length.
    pub fn along_nearest(&self, base: &ModelBase) -> Option<f32> {
        let wall = self.as_wall()?;
        let SceneryShape::Wall { from, to, .. } = wall.shape else {
            return None;
        };
        let len = (to[0] - from[0]).hypot_exact(to[1] - from[1]);
        if len <= 0.0 {
            return Some(0.0);
        }
        let [x, _, z] = base.position;
        let (ux, uz) = ((to[0] - from[0]) / len, (to[1] - from[1]) / len);
        Some(((x - from[0]) * ux + (z - from[1]) * uz).clamp(0.0, len))
    }
}

impl Battlespace {
    /// A new battlespace with a full-height gap of free passage (MOVE-13) over `[a0, a1]`
    /// along the part (SEC-16): a box is first laid as the wall along its length
    /// ([`SceneryPiece::as_wall`]); openings the gap overlaps are cut back. Nothing is left
    /// in the gap. The original is untouched.
    pub fn with_gap(&self, id: SceneryId, span: (f32, f32)) -> Result<Battlespace, LayoutError> {
        let index = self
            .pieces()
            .iter()
            .position(|p| p.id == id)
            .ok_or(LayoutError::UnknownPiece(id.0))?;
        let mut pieces = self.pieces().to_vec();
        let Some(mut wall) = pieces[index].as_wall() else {
            return Err(LayoutError::BadOpening {
                name: pieces[index].name.clone(),
                what: "needs a wall or a box to cut along".into(),
            });
        };
        let height = wall.shape.height();
        wall.openings = crate::breach::gap_in(&wall, span, height);
        pieces[index] = wall;
        Battlespace::new(*self.table(), pieces)
    }
}
