//! The route finder's grid over the table: what a base standing at each cell overlaps, one
//! layer per level it can stand at, and the links between layers. Built per base radius by
//! the route finder ([`crate::Battlespace`] keeps one per radius); this module holds the grid
//! itself and how to walk it.

use crate::units::STEP;

/// Grid spacing for route finding, in inches.
pub const ROUTE_CELL: f32 = 0.5;

/// What a base standing at each grid cell overlaps, for one base radius and the static
/// scenery. A cell holds one layer per level a model can stand at there (the ground under a
/// catwalk and the catwalk's top), and each layer lists the layers next to it a model can
/// walk, step or climb to.
pub(crate) struct StaticGrid {
    pub(crate) nx: usize,
    pub(crate) nz: usize,
    /// Layers of cell `c` are `first[c]..first[c + 1]`.
    pub(crate) first: Vec<usize>,
    /// Cells no elevated top reaches over, even by its bounding box: a model there stands on
    /// the table whatever height it comes from, so the cell has at most one layer, at 0.
    pub(crate) bare: Vec<bool>,
    pub(crate) layers: Vec<Layer>,
    /// Neighbouring layers of layer `l` are `links[link_first[l]..link_first[l + 1]]`.
    pub(crate) link_first: Vec<usize>,
    pub(crate) links: Vec<usize>,
    /// Jumps across a gap from layer `l` to another raised top (MOVE-17):
    /// `jumps[jump_first[l]..jump_first[l + 1]]`.
    pub(crate) jump_first: Vec<usize>,
    pub(crate) jumps: Vec<usize>,
}

/// One level a model can stand at in a cell.
#[derive(Clone, Copy)]
pub(crate) struct Layer {
    pub(crate) cell: usize,
    pub(crate) level: f32,
    pub(crate) support: Option<usize>,
    /// Pieces (bit = piece index mod 64) the base is inside here, whose crossing needs a roll.
    pub(crate) mask: u64,
    /// A ladder or an easy-to-climb piece is within reach here (MOVE-27).
    pub(crate) easy: bool,
}

/// The centre (x, z) of cell (i, k).
pub(crate) fn cell_centre(i: usize, k: usize) -> [f32; 2] {
    [(i as f32 + 0.5) * ROUTE_CELL, (k as f32 + 0.5) * ROUTE_CELL]
}

/// The cell under (x, z), the nearest one for a point off the grid.
pub(crate) fn cell_of(x: f32, z: f32, g: &StaticGrid) -> usize {
    let i = ((x.max(0.0) / ROUTE_CELL) as usize).min(g.nx - 1);
    let k = ((z.max(0.0) / ROUTE_CELL) as usize).min(g.nz - 1);
    k * g.nx + i
}

impl StaticGrid {
    /// Cell (i, k), if it is on the grid.
    pub(crate) fn cell_at(&self, i: isize, k: isize) -> Option<usize> {
        (i >= 0 && k >= 0 && (i as usize) < self.nx && (k as usize) < self.nz)
            .then(|| k as usize * self.nx + i as usize)
    }

    /// The layer of cell `c` at `level`, if a model can stand there.
    pub(crate) fn layer_at(&self, c: usize, level: f32) -> Option<usize> {
        (self.first[c]..self.first[c + 1]).find(|&l| (self.layers[l].level - level).abs() <= STEP)
    }

    /// The layers a model on layer `l` can walk, step or climb to.
    pub(crate) fn links(&self, l: usize) -> &[usize] {
        &self.links[self.link_first[l]..self.link_first[l + 1]]
    }

    /// The raised tops a model on layer `l` can jump to (MOVE-17).
    pub(crate) fn jumps(&self, l: usize) -> &[usize] {
        &self.jumps[self.jump_first[l]..self.jump_first[l + 1]]
    }
}

/// The cell and its eight neighbours, in a fixed order.
pub(crate) fn neighbourhood(c: usize, g: &StaticGrid) -> impl Iterator<Item = usize> + '_ {
    let (i, k) = ((c % g.nx) as isize, (c / g.nx) as isize);
    (-1..=1).flat_map(move |dk| (-1..=1).filter_map(move |di| g.cell_at(i + di, k + dk)))
}
