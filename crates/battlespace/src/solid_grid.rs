//! Solids by the square cells of the table their boxes touch, so a question about one point
//! or a small box (which top is under a point, what a base or a short step could touch)
//! looks at the few solids there instead of every one. The terrain planner asks many such
//! questions of tables holding up to a thousand pieces; without the grid each answer cost a
//! pass over every solid, and checks that ask a question per piece grew with the square of
//! their number.
//!
//! The candidates for a point or a box are every listed solid whose box reaches the point or
//! the box. [`SolidGrid::at`] and [`SolidGrid::in_box`] give them in ascending index order,
//! so a loop over them that only acts on solids whose box does reach finds what a loop over
//! all of them would, in the same order; [`SolidGrid::in_box_unordered`] skips the sorting,
//! for loops whose answer doesn't depend on the order. A solid spanning several of the
//! cells a box touches is given once: by the first of those cells. A point or a box reaching
//! beyond the grid gets no answer and the caller looks at every solid.
//!
//! A table of few solids has no grid: looking at each is cheaper than finding the few near
//! (the engine's bench table of 15 pieces costs what it did before the grid).

use rapier3d::parry::math::Vec3;
use smallvec::SmallVec;

use crate::solid::Solid;
use crate::table::Table;

/// Fewest solids (or surfaces) a grid is built for.
const GRID_FROM: usize = 64;
/// Smallest cell side, inches.
const MIN_CELL: f32 = 2.0;
/// Most cells along a side (tables of any size stay a small grid).
const MAX_CELLS: usize = 64;

/// Candidate solid indices for a box.
pub(crate) type Candidates = SmallVec<[usize; 16]>;

/// Cells from-to along x, then along z.
type Span = [u16; 4];

/// The buckets, row by row over the table from its corner, and each listed solid's cells.
#[derive(Debug)]
pub(crate) struct SolidGrid {
    cell: f32,
    nx: usize,
    nz: usize,
    buckets: Vec<Vec<usize>>,
    /// The cells of solid `i` (by solid index; unlisted solids have none).
    spans: Vec<Span>,
}

impl SolidGrid {
    /// Buckets the solids `members` (indices into `solids`, ascending) of `table`; `None`
    /// for fewer than [`GRID_FROM`] members.
    pub fn build(table: &Table, solids: &[Solid], members: &[usize]) -> Option<SolidGrid> {
        (members.len() >= GRID_FROM).then(|| SolidGrid::new(table, solids, members))
    }

    fn new(table: &Table, solids: &[Solid], members: &[usize]) -> SolidGrid {
        let longest = table.width.max(table.depth);
        let cell = (longest / MAX_CELLS as f32).max(MIN_CELL);
        let cells = |len: f32| ((len / cell).ceil() as usize).clamp(1, MAX_CELLS);
        let (nx, nz) = (cells(table.width), cells(table.depth));
        let mut grid = SolidGrid {
            cell,
            nx,
            nz,
            buckets: vec![Vec::new(); nx * nz],
            spans: vec![[0; 4]; solids.len()],
        };
        for &i in members {
            let s = &solids[i];
            let (Some((x0, x1)), Some((z0, z1))) = (
                grid.span(s.min.x, s.max.x, nx),
                grid.span(s.min.z, s.max.z, nz),
            ) else {
                continue;
            };
            // At most MAX_CELLS a side: the cell numbers fit.
            grid.spans[i] = [x0, x1, z0, z1].map(|c| c as u16);
            for z in z0..=z1 {
                for x in x0..=x1 {
                    grid.buckets[z * nx + x].push(i);
                }
            }
        }
        grid
    }

    /// The cells from `lo` to `hi` along an axis of `n` cells, clamped to the grid; `None`
    /// when the span misses the grid.
    fn span(&self, lo: f32, hi: f32, n: usize) -> Option<(usize, usize)> {
        let (a, b) = ((lo / self.cell).floor(), (hi / self.cell).floor());
        // NaN fails both comparisons: such a box is in no bucket, and reaches no point.
        if !(b >= 0.0 && a < n as f32) {
            return None;
        }
        Some((a.max(0.0) as usize, (b as usize).min(n - 1)))
    }

    /// Whether `lo..=hi` lies within `n` cells (NaN does not).
    fn within(&self, lo: f32, hi: f32, n: usize) -> bool {
        lo >= 0.0 && hi < n as f32 * self.cell
    }

    /// The solids whose boxes may reach the point (x, z), ascending; `None` for a point off
    /// the grid.
    pub fn at(&self, x: f32, z: f32) -> Option<&[usize]> {
        if !(self.within(x, x, self.nx) && self.within(z, z, self.nz)) {
            return None;
        }
        let (cx, cz) = ((x / self.cell) as usize, (z / self.cell) as usize);
        Some(self.buckets[cz.min(self.nz - 1) * self.nx + cx.min(self.nx - 1)].as_slice())
    }

    /// The solids whose boxes may reach the box from (`x0`, `z0`) to (`x1`, `z1`), each
    /// once, in no particular order; `None` for a box reaching beyond the grid.
    pub fn in_box_unordered(&self, x0: f32, z0: f32, x1: f32, z1: f32) -> Option<Candidates> {
        if !(self.within(x0, x1, self.nx) && self.within(z0, z1, self.nz)) {
            return None;
        }
        let (cx0, cx1) = self.span(x0, x1, self.nx)?;
        let (cz0, cz1) = self.span(z0, z1, self.nz)?;
        let mut out = Candidates::new();
        for z in cz0..=cz1 {
            for x in cx0..=cx1 {
                let bucket = &self.buckets[z * self.nx + x];
                if cx0 == cx1 && cz0 == cz1 {
                    out.extend_from_slice(bucket);
                    continue;
                }
                // Each solid once: from the first cell of the box it is in.
                out.extend(bucket.iter().copied().filter(|&i| {
                    let [sx0, _, sz0, _] = self.spans[i];
                    x == usize::from(sx0).max(cx0) && z == usize::from(sz0).max(cz0)
                }));
            }
        }
        Some(out)
    }

    /// [`SolidGrid::in_box_unordered`], ascending.
    pub fn in_box(&self, x0: f32, z0: f32, x1: f32, z1: f32) -> Option<Candidates> {
        let mut out = self.in_box_unordered(x0, z0, x1, z1)?;
        out.sort_unstable();
        Some(out)
    }
}

/// Solid indices to look at: a whole list, every solid, or those a grid found.
pub(crate) enum Ids<'a> {
    /// Every index of a list.
    Listed(std::slice::Iter<'a, usize>),
    /// Every solid.
    Every(std::ops::Range<usize>),
    /// The grid's candidates.
    Found(smallvec::IntoIter<[usize; 16]>),
}

impl Iterator for Ids<'_> {
    type Item = usize;

    fn next(&mut self) -> Option<usize> {
        match self {
            Ids::Listed(it) => it.next().copied(),
            Ids::Every(it) => it.next(),
            Ids::Found(it) => it.next(),
        }
    }
}

/// Which of [`SolidGrid`]'s answers: sorted, or in any order.
#[derive(Clone, Copy)]
pub(crate) enum Order {
    /// In ascending index order.
    Ascending,
    /// In any order.
    Any,
}

impl SolidGrid {
    /// The candidates for the box (`min`, `max`), in the order asked for.
    pub(crate) fn query(&self, order: Order, min: Vec3, max: Vec3) -> Option<Candidates> {
        match order {
            Order::Ascending => self.in_box(min.x, min.z, max.x, max.z),
            Order::Any => self.in_box_unordered(min.x, min.z, max.x, max.z),
        }
    }
}
