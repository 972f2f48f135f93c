//! Elevated surfaces by the square cells of the table their footprints' boxes touch, so a
//! question about one point (which top is under it, which levels a model can stand at) looks
//! at the few surfaces there instead of every one. The terrain planner asks many points of
//! tables holding up to a thousand pieces; without the index each answer cost a pass over
//! every top, and checks that ask a question per top grew with the square of their number.
//!
//! A point's bucket holds every surface whose box contains the point, in surface order, so a
//! loop over it that only acts on surfaces containing the point finds what a loop over all
//! surfaces would, in the same order.

use crate::solid::Solid;
use crate::table::Table;

/// Smallest cell side, inches.
const MIN_CELL: f32 = 2.0;
/// Most cells along a side (tables of any size stay a small grid).
const MAX_CELLS: usize = 64;

/// The buckets, row by row over the table, from its corner.
#[derive(Debug)]
pub(crate) struct SurfaceIndex {
    cell: f32,
    nx: usize,
    nz: usize,
    buckets: Vec<Vec<usize>>,
}

impl SurfaceIndex {
    /// Buckets the `surfaces` (indices into `solids`) of `table`.
    pub fn new(table: &Table, solids: &[Solid], surfaces: &[usize]) -> SurfaceIndex {
        let longest = table.width.max(table.depth);
        let cell = (longest / MAX_CELLS as f32).max(MIN_CELL);
        let cells = |len: f32| ((len / cell).ceil() as usize).clamp(1, MAX_CELLS);
        let (nx, nz) = (cells(table.width), cells(table.depth));
        let mut index = SurfaceIndex {
            cell,
            nx,
            nz,
            buckets: vec![Vec::new(); nx * nz],
        };
        for &i in surfaces {
            let s = &solids[i];
            let (Some((x0, x1)), Some((z0, z1))) = (
                index.span(s.min.x, s.max.x, nx),
                index.span(s.min.z, s.max.z, nz),
            ) else {
                continue;
            };
            for z in z0..=z1 {
                for x in x0..=x1 {
                    index.buckets[z * nx + x].push(i);
                }
            }
        }
        index
    }

    /// The cells from `lo` to `hi` along an axis of `n` cells, `None` when the span misses
    /// the grid.
    fn span(&self, lo: f32, hi: f32, n: usize) -> Option<(usize, usize)> {
        let (a, b) = ((lo / self.cell).floor(), (hi / self.cell).floor());
        // NaN fails both comparisons: such a box is in no bucket, and contains no point.
        if !(b >= 0.0 && a < n as f32) {
            return None;
        }
        Some((a.max(0.0) as usize, (b as usize).min(n - 1)))
    }

    /// The surfaces whose boxes may contain (x, z), in surface order; `None` for a point off
    /// the grid (the caller then looks at every surface).
    pub fn at(&self, x: f32, z: f32) -> Option<&[usize]> {
        let (cx, cz) = ((x / self.cell).floor(), (z / self.cell).floor());
        let inside = cx >= 0.0 && cz >= 0.0 && cx < self.nx as f32 && cz < self.nz as f32;
        inside.then(|| self.buckets[cz as usize * self.nx + cx as usize].as_slice())
    }
}
