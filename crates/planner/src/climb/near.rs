//! The tops near enough to jump from (MOVE-17: a jump of at most RED), found through a grid
//! of buckets over the table so the work per top stays small however crowded the table is.

use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashMap};

use redline_battlespace::{Hypot, RED};

/// A little more than RED around a box, so rounding can't drop a top whose gap is exactly
/// RED from the cells looked at; the gap itself is then measured exactly.
const SEARCH: f32 = RED + 0.01;

/// Tops' bounding boxes (min x, min z, max x, max z) by the square cells of side RED they
/// touch, each cell's list in top order.
pub(super) struct TopIndex<'a> {
    bounds: &'a [[f32; 4]],
    cells: HashMap<(i32, i32), Vec<usize>>,
}

impl<'a> TopIndex<'a> {
    /// The index of `bounds`, one box per top.
    pub(super) fn new(bounds: &'a [[f32; 4]]) -> TopIndex<'a> {
        let mut cells: HashMap<(i32, i32), Vec<usize>> = HashMap::new();
        for (i, b) in bounds.iter().enumerate() {
            for cell in cell_range(*b, 0.0) {
                cells.entry(cell).or_default().push(i);
            }
        }
        TopIndex { bounds, cells }
    }

    /// Up to `count` tops other than `i` whose boxes are within RED of top `i`'s, nearest
    /// first, ties in top order: the same as sorting every other top by (gap, order) and
    /// keeping the first `count` within RED ([`nearest_all_pairs`]).
    ///
    /// The cells within RED of the box are walked together in top order; once `count` tops
    /// touching the box are held, no later top can come before them, so on a crowded table
    /// the walk stops after a few tops instead of visiting every top around.
    pub(super) fn nearest(&self, i: usize, count: usize) -> Vec<usize> {
        let lists: Vec<&[usize]> = cell_range(self.bounds[i], SEARCH)
            .filter_map(|cell| self.cells.get(&cell))
            .map(Vec::as_slice)
            .collect();
        // The lists merged in top order: (top, list, position in the list).
        let mut heads: BinaryHeap<Reverse<(usize, usize, usize)>> = lists
            .iter()
            .enumerate()
            .filter_map(|(l, list)| list.first().map(|&j| Reverse((j, l, 0))))
            .collect();
        let mut best: Vec<(f32, usize)> = Vec::with_capacity(count + 1);
        let mut last = None;
        while let Some(Reverse((j, l, at))) = heads.pop() {
            if let Some(&next) = lists[l].get(at + 1) {
                heads.push(Reverse((next, l, at + 1)));
            }
            if last == Some(j) || j == i {
                continue;
            }
            last = Some(j);
            let gap = gap_between(self.bounds[i], self.bounds[j]);
            if gap > RED {
                continue;
            }
            let place = best.partition_point(|(g, _)| *g <= gap);
            if place < count {
                best.insert(place, (gap, j));
                best.truncate(count);
            }
            if best.len() == count && best.iter().all(|(g, _)| *g <= 0.0) {
                break;
            }
        }
        best.into_iter().map(|(_, j)| j).collect()
    }
}

/// The cells of side RED a box grown by `grow` touches.
fn cell_range(b: [f32; 4], grow: f32) -> impl Iterator<Item = (i32, i32)> {
    // Tables are at most a few feet: cell numbers are small (positions were checked).
    let c = |v: f32| (v / RED).floor() as i32;
    let (x0, z0, x1, z1) = (
        c(b[0] - grow),
        c(b[1] - grow),
        c(b[2] + grow),
        c(b[3] + grow),
    );
    (x0..=x1).flat_map(move |x| (z0..=z1).map(move |z| (x, z)))
}

/// The gap between two footprints' bounding boxes (0 when they touch or overlap): a cheap
/// bound on the shortest jump between them.
pub(super) fn gap_between(a: [f32; 4], b: [f32; 4]) -> f32 {
    let dx = (b[0] - a[2]).max(a[0] - b[2]).max(0.0);
    let dz = (b[1] - a[3]).max(a[1] - b[3]).max(0.0);
    dx.hypot_exact(dz)
}

/// [`TopIndex::nearest`] by looking at every other top: the reference the index is tested
/// against.
#[cfg(test)]
pub(super) fn nearest_all_pairs(bounds: &[[f32; 4]], i: usize, count: usize) -> Vec<usize> {
    let mut found: Vec<(f32, usize)> = (0..bounds.len())
        .filter(|&j| j != i)
        .map(|j| (gap_between(bounds[i], bounds[j]), j))
        .filter(|(gap, _)| *gap <= RED)
        .collect();
    found.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
    found.into_iter().take(count).map(|(_, j)| j).collect()
}
