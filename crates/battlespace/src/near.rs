//! What the [`Battlespace`] holds near a point or a box: its surfaces and solids, found
//! through the solid grids when the table has them ([`crate::solid_grid`]), else by looking
//! at each.

use rapier3d::parry::math::Vec3;

use crate::solid::Solid;
use crate::solid_grid::{Ids, Order};
use crate::space::Battlespace;

impl Battlespace {
    /// The surfaces whose boxes may hold the point (x, z), in surface order: a loop over them
    /// that only acts on surfaces containing the point finds what a loop over all would.
    pub(crate) fn surfaces_at(&self, x: f32, z: f32) -> &[usize] {
        self.inner
            .surface_grid
            .as_ref()
            .and_then(|g| g.at(x, z))
            .unwrap_or(&self.inner.surfaces)
    }

    fn surfaces_by(&self, order: Order, min: Vec3, max: Vec3) -> Ids<'_> {
        match self
            .inner
            .surface_grid
            .as_ref()
            .and_then(|g| g.query(order, min, max))
        {
            Some(found) => Ids::Found(found.into_iter()),
            None => Ids::Listed(self.inner.surfaces.iter()),
        }
    }

    /// The surfaces whose boxes may reach the box (`min`, `max`) across the table, in
    /// surface order (each once): a loop over them that only acts on surfaces whose box
    /// reaches it finds what a loop over all would.
    pub(crate) fn surfaces_in(&self, min: Vec3, max: Vec3) -> Ids<'_> {
        self.surfaces_by(Order::Ascending, min, max)
    }

    /// [`Battlespace::surfaces_in`] in no particular order, for loops whose answer doesn't
    /// depend on the order.
    pub(crate) fn surfaces_in_unordered(&self, min: Vec3, max: Vec3) -> Ids<'_> {
        self.surfaces_by(Order::Any, min, max)
    }

    fn solids_by(&self, order: Order, min: Vec3, max: Vec3) -> impl Iterator<Item = &Solid> {
        let solids = &self.inner.solids;
        let ids = match self
            .inner
            .solid_grid
            .as_ref()
            .and_then(|g| g.query(order, min, max))
        {
            Some(found) => Ids::Found(found.into_iter()),
            None => Ids::Every(0..solids.len()),
        };
        ids.map(move |i| &solids[i])
            .filter(move |s| s.aabb_hits(min, max))
    }

    /// The solids whose boxes reach the box (`min`, `max`), in solid order: what
    /// `solids().iter().filter(|s| s.aabb_hits(min, max))` gives, found through the grid.
    pub(crate) fn solids_near(&self, min: Vec3, max: Vec3) -> impl Iterator<Item = &Solid> {
        self.solids_by(Order::Ascending, min, max)
    }

    /// [`Battlespace::solids_near`] in no particular order, for loops whose answer doesn't
    /// depend on the order (any, all, flags); cheaper on crowded tables.
    pub(crate) fn solids_near_unordered(
        &self,
        min: Vec3,
        max: Vec3,
    ) -> impl Iterator<Item = &Solid> {
        self.solids_by(Order::Any, min, max)
    }
}
