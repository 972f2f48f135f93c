//! The exposure heat map: for each cell of a grid over the table, from how many sample points
//! of each deployment zone a model standing there can be attacked within GREEN (POA-3, POA-4),
//! and how many of those attacks find it with no cover at all (POA-5..7).
//!
//! Definition (docs/decisions/planner-heat-map.md): a 27 mm model stands at the cell's centre
//! on the surface there (the table, or a top it can be placed on); cells where no model can
//! stand have no value. The attackers are 27 mm models at every clear spot of the zone on a
//! `sample_step` grid ([`Battlespace::placements_in_zone`]). An attack counts when the Path
//! of Attack is not blocked and the bases are within GREEN; it is *open* when it also gives
//! no cover. Other models are left off the table.

use redline_battlespace::{
    BASE_27MM_RADIUS, Battlespace, DeploymentZone, GREEN, ModelBase, PoaOptions,
};
use serde::Serialize;

/// Grid sizes of the heat map, in inches.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct HeatMapOptions {
    /// Side of a cell.
    pub cell: f32,
    /// Spacing of the sample points in each zone.
    pub sample_step: f32,
}

impl Default for HeatMapOptions {
    /// 1" cells; a sample point every 2" of each zone.
    fn default() -> HeatMapOptions {
        HeatMapOptions {
            cell: 1.0,
            sample_step: 2.0,
        }
    }
}

/// How exposed one cell is to one zone.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct CellExposure {
    /// Sample points that can attack the cell within GREEN.
    pub attackers: u32,
    /// Of those, the ones whose attack gets no cover.
    pub open: u32,
}

/// The heat map for one seat's zone.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ZoneHeat {
    /// The seat.
    pub seat: u8,
    /// The sample points (x, y, z).
    pub samples: Vec<[f32; 3]>,
    /// One value per cell, row by row (z), west to east (x) in a row; `None` where no model
    /// can stand.
    pub cells: Vec<Option<CellExposure>>,
}

/// The heat map of a layout: a grid of cells and one [`ZoneHeat`] per zone.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct HeatMap {
    /// Cells along x.
    pub columns: usize,
    /// Cells along z.
    pub rows: usize,
    /// Side of a cell in inches.
    pub cell: f32,
    /// One per zone, in the order given.
    pub zones: Vec<ZoneHeat>,
}

impl HeatMap {
    /// The (x, z) centre of a cell.
    pub fn centre(&self, column: usize, row: usize) -> [f32; 2] {
        [
            (column as f32 + 0.5) * self.cell,
            (row as f32 + 0.5) * self.cell,
        ]
    }

    /// The value of a cell for the `zone`-th zone.
    pub fn at(&self, zone: usize, column: usize, row: usize) -> Option<CellExposure> {
        self.zones.get(zone)?.cells[row * self.columns + column]
    }
}

/// Computes the heat map of `space` for each `(seat, zone)`.
pub fn heat_map(
    space: &Battlespace,
    zones: &[(u8, DeploymentZone)],
    opts: HeatMapOptions,
) -> HeatMap {
    let table = *space.table();
    let cell = opts.cell.max(0.25);
    let columns = (table.width / cell).floor() as usize;
    let rows = (table.depth / cell).floor() as usize;
    let mut map = HeatMap {
        columns,
        rows,
        cell,
        zones: Vec::new(),
    };
    let targets: Vec<Option<ModelBase>> = (0..rows)
        .flat_map(|r| (0..columns).map(move |c| (c, r)))
        .map(|(c, r)| {
            let [x, z] = map.centre(c, r);
            let y = space.level_at(x, z, 0.0);
            let base = ModelBase::new(1, 1, [x, y, z]).with_radius(BASE_27MM_RADIUS);
            space.can_place(&base, &[]).then_some(base)
        })
        .collect();
    let range = PoaOptions {
        indirect: false,
        range: Some(GREEN),
    };
    for &(seat, zone) in zones {
        let samples = space.placements_in_zone(zone, BASE_27MM_RADIUS, opts.sample_step, &[]);
        let attackers: Vec<ModelBase> = samples
            .iter()
            .map(|&p| ModelBase::new(0, 0, p).with_radius(BASE_27MM_RADIUS))
            .collect();
        let cells = targets
            .iter()
            .map(|target| {
                let target = target.as_ref()?;
                let mut out = CellExposure {
                    attackers: 0,
                    open: 0,
                };
                for a in &attackers {
                    // Cheap horizontal test first: most pairs are simply too far apart.
                    if a.centre_distance_xz(target) - a.radius - target.radius > GREEN + 0.01 {
                        continue;
                    }
                    let poa = space.path_of_attack(a, target, &[], range);
                    if poa.targetable() {
                        out.attackers += 1;
                        if poa.cover.is_empty() {
                            out.open += 1;
                        }
                    }
                }
                Some(out)
            })
            .collect();
        map.zones.push(ZoneHeat {
            seat,
            samples,
            cells,
        });
    }
    map
}
