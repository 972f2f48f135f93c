//! [`Battlespace`]: the table and its scenery compiled once into parry solids, shared behind an
//! `Arc` so cloning a game costs one reference-count bump.

use std::fmt;
use std::sync::{Arc, Mutex};

use rapier3d::parry::math::Vec3;

use crate::error::LayoutError;
use crate::grid::StaticGrid;
use crate::model::ModelBase;
use crate::scenery::{Layout, SceneryId, SceneryPiece};
use crate::solid::{self, Role, Solid};
use crate::solid_grid::SolidGrid;
use crate::table::{Quarter, Table};
use crate::units::{MODEL_HEIGHT, RangeBand, STEP, within_reach};

/// The table and its scenery, ready for geometry queries. Cheap to clone (`Arc` inside).
#[derive(Clone)]
pub struct Battlespace {
    pub(crate) inner: Arc<Inner>,
}

pub(crate) struct Inner {
    pub table: Table,
    pub pieces: Vec<SceneryPiece>,
    pub solids: Vec<Solid>,
    /// Indices of body solids of elevated pieces (the surfaces models stand on).
    pub surfaces: Vec<usize>,
    /// The same surfaces by where they are, for questions about a point or a small box
    /// (`None` on a table of few pieces, where looking at every one is cheaper).
    pub surface_grid: Option<SolidGrid>,
    /// Every solid by where it is, likewise.
    pub solid_grid: Option<SolidGrid>,
    /// Route-finding grids, one per base radius asked for so far.
    pub grids: Mutex<Vec<(u32, Arc<StaticGrid>)>>,
}

impl fmt::Debug for Battlespace {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Battlespace")
            .field("table", &self.inner.table)
            .field("pieces", &self.inner.pieces.len())
            .finish()
    }
}

impl Battlespace {
    /// Builds the battlespace, checking every piece (sizes, unique ids, openings, on the table).
    pub fn new(table: Table, scenery: Vec<SceneryPiece>) -> Result<Battlespace, LayoutError> {
        let ok = |v: f32| v.is_finite() && v > 0.0;
        if !ok(table.width) || !ok(table.depth) {
            return Err(LayoutError::BadTable {
                width: table.width,
                depth: table.depth,
            });
        }
        let mut ids: Vec<(SceneryId, usize)> =
            scenery.iter().enumerate().map(|(i, p)| (p.id, i)).collect();
        ids.sort();
        if let Some(w) = ids.windows(2).find(|w| w[0].0 == w[1].0) {
            return Err(LayoutError::DuplicateId {
                id: w[0].0.0,
                first: scenery[w[0].1].name.clone(),
                second: scenery[w[1].1].name.clone(),
            });
        }
        let mut solids = Vec::new();
        for (i, p) in scenery.iter().enumerate() {
            solids.extend(solid::compile(i, p, &table)?);
        }
        let surfaces: Vec<usize> = solids
            .iter()
            .enumerate()
            .filter(|(_, s)| s.role == Role::Body && scenery[s.piece].elevated)
            .map(|(i, _)| i)
            .collect();
        let surface_grid = SolidGrid::build(&table, &solids, &surfaces);
        let every: Vec<usize> = (0..solids.len()).collect();
        let solid_grid = SolidGrid::build(&table, &solids, &every);
        Ok(Battlespace {
            inner: Arc::new(Inner {
                table,
                pieces: scenery,
                solids,
                surfaces,
                surface_grid,
                solid_grid,
                grids: Mutex::new(Vec::new()),
            }),
        })
    }

    /// Builds the battlespace from a [`Layout`].
    pub fn from_layout(layout: Layout) -> Result<Battlespace, LayoutError> {
        Battlespace::new(layout.table, layout.scenery)
    }

    /// The table.
    pub fn table(&self) -> &Table {
        &self.inner.table
    }

    /// Whether `other` is this very table (a clone of it, not one laid out alike): what a
    /// cache of answers about a table checks while it holds a clone of it.
    pub fn is_same_table(&self, other: &Battlespace) -> bool {
        Arc::ptr_eq(&self.inner, &other.inner)
    }

    /// Every scenery piece, in layout order.
    pub fn pieces(&self) -> &[SceneryPiece] {
        &self.inner.pieces
    }

    /// The piece with this id.
    pub fn piece(&self, id: SceneryId) -> Option<&SceneryPiece> {
        self.inner.pieces.iter().find(|p| p.id == id)
    }

    /// The name of the piece with this id ("?" if unknown), for messages.
    pub fn piece_name(&self, id: SceneryId) -> &str {
        self.piece(id).map_or("?", |p| p.name.as_str())
    }

    pub(crate) fn solids(&self) -> &[Solid] {
        &self.inner.solids
    }

    pub(crate) fn piece_at(&self, index: usize) -> &SceneryPiece {
        &self.inner.pieces[index]
    }

    /// Shortest 3D distance between the two bases (OPEN-1).
    pub fn distance(&self, a: &ModelBase, b: &ModelBase) -> f32 {
        a.distance_to(b)
    }

    /// The range band between the two bases (OPEN-1, OPEN-2).
    pub fn band(&self, a: &ModelBase, b: &ModelBase) -> RangeBand {
        a.band_to(b)
    }

    /// Whether `b` is within reach of `a` (GEN-7).
    pub fn within_reach(&self, a: &ModelBase, b: &ModelBase) -> bool {
        a.within_reach_of(b)
    }

    /// Height of the topmost surface at (x, z): the top of an elevated piece, or 0 (the table).
    /// Under a raised floor or deck this is the floor's top, not the ground below it: to find
    /// where a model at a known height stands, use [`Battlespace::level_at`].
    pub fn surface_height_at(&self, x: f32, z: f32) -> f32 {
        self.surface_at(x, z, f32::INFINITY).0
    }

    /// The height a model at about height `y` at (x, z) stands at: the first surface at or
    /// below `y` (the table at worst), raised onto any elevated top whose solid would hold the
    /// model's body there. A raised piece whose bottom clears a model standing below it (a
    /// catwalk, an upper floor) is overhead and is walked under.
    pub fn level_at(&self, x: f32, z: f32, y: f32) -> f32 {
        self.settle(x, z, y).0
    }

    /// Every height a model could stand at at (x, z), lowest first: the table (or whatever top
    /// covers it) and each elevated top above it that nothing holds closed.
    pub fn standing_levels(&self, x: f32, z: f32) -> Vec<f32> {
        self.levels_at(x, z).into_iter().map(|(l, _)| l).collect()
    }

    pub(crate) fn levels_at(&self, x: f32, z: f32) -> Vec<(f32, Option<usize>)> {
        let mut out = vec![self.settle(x, z, 0.0)];
        for &i in self.surfaces_at(x, z) {
            let s = &self.inner.solids[i];
            let top = s.top();
            if top > out[0].0 + STEP && s.contains_xz(x, top - 0.01, z) {
                let c = self.settle(x, z, top);
                if (c.0 - top).abs() <= STEP {
                    out.push(c);
                }
            }
        }
        out.sort_by(|a, b| a.0.total_cmp(&b.0));
        out.dedup_by(|a, b| (a.0 - b.0).abs() <= STEP);
        out
    }

    /// [`Battlespace::level_at`] with the piece stood on (`None` for the table).
    pub(crate) fn settle(&self, x: f32, z: f32, y: f32) -> (f32, Option<usize>) {
        let (mut level, mut support) = self.surface_at(x, z, y);
        loop {
            let mut raised: Option<(f32, usize)> = None;
            for &i in self.surfaces_at(x, z) {
                let s = &self.inner.solids[i];
                let top = s.top();
                if top > level + STEP
                    && s.bottom() < level + MODEL_HEIGHT - 0.05
                    && raised.is_none_or(|(t, _)| top > t)
                    && s.contains_xz(x, top - 0.01, z)
                {
                    raised = Some((top, s.piece));
                }
            }
            match raised {
                Some((top, piece)) => (level, support) = (top, Some(piece)),
                None => return (level, support),
            }
        }
    }

    /// The first horizontal surface at or below height `y` at (x, z), and the index of the
    /// piece it belongs to (`None` for the table).
    pub(crate) fn surface_at(&self, x: f32, z: f32, y: f32) -> (f32, Option<usize>) {
        let mut best = (0.0, None);
        for &i in self.surfaces_at(x, z) {
            let s = &self.inner.solids[i];
            let top = s.top();
            if top <= y + STEP && top > best.0 && s.contains_xz(x, top - 0.01, z) {
                best = (top, Some(s.piece));
            }
        }
        best
    }

    /// The first horizontal surface below height `y` at (x, z), in inches (MOVE-18, MOVE-19).
    pub fn surface_below(&self, x: f32, z: f32, y: f32) -> f32 {
        self.surface_at(x, z, y).0
    }

    /// The piece the model stands on, if it stands on an elevated piece's top.
    pub fn standing_on(&self, base: &ModelBase) -> Option<SceneryId> {
        self.standing_index(base).map(|i| self.inner.pieces[i].id)
    }

    pub(crate) fn standing_index(&self, base: &ModelBase) -> Option<usize> {
        let [x, y, z] = base.position;
        let (top, piece) = self.surface_at(x, z, y);
        piece.filter(|_| (top - y).abs() <= STEP)
    }

    /// Shortest distance from the base to a scenery piece (OPEN-1), `None` for an unknown id.
    pub fn distance_to_piece(&self, base: &ModelBase, id: SceneryId) -> Option<f32> {
        let index = self.inner.pieces.iter().position(|p| p.id == id)?;
        let [x, y, z] = base.position;
        let body = solid::body(base.radius);
        let pose = rapier3d::parry::math::Pose::from_translation(solid::body_centre(x, y, z));
        self.inner
            .solids
            .iter()
            .filter(|s| s.piece == index && s.role == Role::Body)
            .filter_map(|s| rapier3d::parry::query::distance(&pose, &body, &s.pose, &*s.shape).ok())
            .reduce(f32::min)
    }

    /// Whether the model may drag the piece: it is draggable and within reach (MOVE-14).
    pub fn can_drag(&self, base: &ModelBase, id: SceneryId) -> bool {
        self.piece(id).is_some_and(|p| p.draggable)
            && self.distance_to_piece(base, id).is_some_and(within_reach)
    }

    /// A new battlespace with a draggable object moved by (dx, dz) (MOVE-16). The original
    /// is untouched, so the engine can keep the static layout in an `Arc` and only rebuild
    /// when an object is dragged.
    pub fn with_object_moved(
        &self,
        id: SceneryId,
        dx: f32,
        dz: f32,
    ) -> Result<Battlespace, LayoutError> {
        self.with_object_shifted(id, [dx, 0.0, dz])
    }

    /// A new battlespace with a draggable object moved by (dx, dy, dz): across the table and,
    /// when it drops off raised scenery, down (MOVE-16, MOVE-21).
    pub fn with_object_shifted(
        &self,
        id: SceneryId,
        [dx, dy, dz]: [f32; 3],
    ) -> Result<Battlespace, LayoutError> {
        let index = self
            .inner
            .pieces
            .iter()
            .position(|p| p.id == id)
            .ok_or(LayoutError::UnknownPiece(id.0))?;
        let piece = &self.inner.pieces[index];
        if !piece.draggable {
            return Err(LayoutError::NotDraggable {
                name: piece.name.clone(),
            });
        }
        let mut pieces = self.inner.pieces.clone();
        pieces[index] = piece.translated(dx, dz);
        pieces[index].base = (pieces[index].base + dy).max(0.0);
        Battlespace::new(self.inner.table, pieces)
    }

    /// The quarter the base is wholly inside (FIELD-10).
    pub fn quarter_of(&self, base: &ModelBase) -> Option<Quarter> {
        self.inner.table.quarter_of(base)
    }

    /// How much of the straight line from `a` to `b` (points `[x, y, z]`, inches) runs
    /// through scenery bodies: the summed length inside each solid. 0 when nothing stands
    /// between the two points; for framing a view, not a rule (Paths of Attack are
    /// [`Battlespace::path_of_attack`]).
    pub fn length_inside_scenery(&self, a: [f32; 3], b: [f32; 3]) -> f32 {
        let (a, b) = (Vec3::from(a), Vec3::from(b));
        self.bodies_near(a.min(b), a.max(b))
            .filter_map(|s| s.segment_interval(a, b))
            .map(|(t_in, t_out)| t_out - t_in)
            .sum()
    }

    /// Body solids (non-openings) whose AABB touches the box, in layout order.
    pub(crate) fn bodies_near(&self, min: Vec3, max: Vec3) -> impl Iterator<Item = &Solid> {
        self.solids_near(min, max).filter(|s| s.role == Role::Body)
    }
}
