//! A model under construction, with shorthands for tinted parts: what figures and scenery
//! are sculpted with.

use glam::{Affine3A, Vec3};

use crate::mesh::Mesh;
use crate::model::Model;
use crate::shape::{block, capsule, chamfer_box, ellipsoid};
use crate::surface::Surface;

/// Facets round a limb.
pub(crate) const LIMB_SIDES: u32 = 8;

/// A model under construction, with shorthands for tinted body parts.
pub(crate) struct Sculpt {
    pub model: Model,
}

impl Sculpt {
    /// An empty model.
    pub(crate) fn new() -> Sculpt {
        Sculpt {
            model: Model::new(),
        }
    }

    /// Adds a mesh, tinted, moved by `t`.
    pub(crate) fn put(&mut self, s: Surface, c: [f32; 4], mesh: Mesh, t: &Affine3A) {
        self.model.add_at(s, mesh.tinted(c), t);
    }

    /// A tapered limb from `a` to `b`.
    pub(crate) fn limb(&mut self, s: Surface, c: [f32; 4], a: Vec3, b: Vec3, ra: f32, rb: f32) {
        self.put(s, c, capsule(a, b, ra, rb, LIMB_SIDES), &Affine3A::IDENTITY);
    }

    /// An ellipsoid of semi-axes `radii` placed by `t`, with fewer facets when small.
    pub(crate) fn ball(&mut self, s: Surface, c: [f32; 4], radii: Vec3, t: &Affine3A) {
        let r = radii.max_element();
        let sides = if r < 0.055 {
            6
        } else if r < 0.09 {
            8
        } else {
            10
        };
        self.put(s, c, ellipsoid(radii, sides), t);
    }

    /// A box of `size` with its edges cut by `bevel`, placed by `t`.
    pub(crate) fn slab(&mut self, s: Surface, c: [f32; 4], size: Vec3, bevel: f32, t: &Affine3A) {
        self.put(s, c, chamfer_box(size, bevel), t);
    }

    /// A plain box from corner `lo` to corner `hi`.
    pub(crate) fn cube(&mut self, s: Surface, c: [f32; 4], lo: Vec3, hi: Vec3) {
        self.put(s, c, block(lo, hi), &Affine3A::IDENTITY);
    }
}
