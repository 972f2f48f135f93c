//! Builds one flat mesh out of many thin strips (grid lines, tick marks), so a grid costs
//! one entity and one draw instead of dozens.

use bevy::asset::RenderAssetUsages;
use bevy::mesh::{Indices, PrimitiveTopology};
use bevy::prelude::*;

/// An axis-aligned strip on the plane y = `height`, from `min` to `max` in (x, z).
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) struct Strip {
    pub min: Vec2,
    pub max: Vec2,
}

/// The strips of a grid with lines every `step` inches over a `width` × `depth` table:
/// lines are `line` wide, and every `major`-th line twice as wide.
pub(super) fn grid_strips(width: f32, depth: f32, step: f32, line: f32, major: u32) -> Vec<Strip> {
    let mut strips = Vec::new();
    let lines = |length: f32| {
        (1..)
            .map(move |i| i as f32 * step)
            .take_while(move |&p| p < length)
    };
    for (i, x) in lines(width).enumerate() {
        let half = if (i as u32 + 1).is_multiple_of(major) {
            line
        } else {
            line / 2.0
        };
        strips.push(Strip {
            min: Vec2::new(x - half, 0.0),
            max: Vec2::new(x + half, depth),
        });
    }
    for (i, z) in lines(depth).enumerate() {
        let half = if (i as u32 + 1).is_multiple_of(major) {
            line
        } else {
            line / 2.0
        };
        strips.push(Strip {
            min: Vec2::new(0.0, z - half),
            max: Vec2::new(width, z + half),
        });
    }
    strips
}

/// An upward-facing mesh of the strips at `height`.
pub(super) fn strips_mesh(strips: &[Strip], height: f32) -> Mesh {
    let mut positions = Vec::with_capacity(strips.len() * 4);
    let mut indices = Vec::with_capacity(strips.len() * 6);
    for strip in strips {
        let base = positions.len() as u32;
        positions.extend([
            [strip.min.x, height, strip.min.y],
            [strip.min.x, height, strip.max.y],
            [strip.max.x, height, strip.max.y],
            [strip.max.x, height, strip.min.y],
        ]);
        // Counter-clockwise seen from above, so the face points up.
        indices.extend([base, base + 1, base + 2, base, base + 2, base + 3]);
    }
    let normals = vec![[0.0, 1.0, 0.0]; positions.len()];
    Mesh::new(
        PrimitiveTopology::TriangleList,
        RenderAssetUsages::default(),
    )
    .with_inserted_attribute(Mesh::ATTRIBUTE_POSITION, positions)
    .with_inserted_attribute(Mesh::ATTRIBUTE_NORMAL, normals)
    .with_inserted_indices(Indices::U32(indices))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_22_by_30_table_has_29_plus_21_inch_lines() {
        let strips = grid_strips(30.0, 22.0, 1.0, 0.04, 6);
        assert_eq!(strips.len(), 29 + 21);
        // Every sixth line is the wider one.
        let width = |s: &Strip| s.max.x - s.min.x;
        assert!((width(&strips[5]) - 0.08).abs() < 1e-5);
        assert!((width(&strips[0]) - 0.04).abs() < 1e-5);
    }
}
