//! A visual: its geometry merged into one mesh per surface.

use std::collections::BTreeMap;

use glam::{Affine3A, Vec3};

use crate::mesh::Mesh;
use crate::surface::Surface;

/// One visual (a miniature, a scenery piece, the mat, a marker) as one [`Mesh`] per
/// [`Surface`], in the visual's own frame (inches, Y up).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Model {
    parts: BTreeMap<Surface, Mesh>,
}

impl Model {
    /// An empty model.
    pub fn new() -> Model {
        Model::default()
    }

    /// The mesh of a surface, created empty on first use: geometry added to it is merged
    /// with everything else of that surface.
    pub fn mesh(&mut self, surface: Surface) -> &mut Mesh {
        self.parts.entry(surface).or_default()
    }

    /// Adds a mesh to a surface.
    pub fn add(&mut self, surface: Surface, mesh: &Mesh) {
        self.mesh(surface).append(mesh);
    }

    /// Adds a mesh to a surface after moving it by `t`.
    pub fn add_at(&mut self, surface: Surface, mesh: Mesh, t: &Affine3A) {
        self.mesh(surface).append(&mesh.transformed(t));
    }

    /// Adds every surface of another model.
    pub fn merge(&mut self, other: &Model) {
        for (s, m) in &other.parts {
            self.add(*s, m);
        }
    }

    /// The model moved by `t`.
    pub fn transformed(mut self, t: &Affine3A) -> Model {
        for m in self.parts.values_mut() {
            m.transform(t);
        }
        self
    }

    /// Each surface and its mesh, in surface order; empty meshes are left out.
    pub fn parts(&self) -> impl Iterator<Item = (Surface, &Mesh)> {
        self.parts
            .iter()
            .filter(|(_, m)| !m.is_empty())
            .map(|(s, m)| (*s, m))
    }

    /// The mesh of a surface, if the model uses it.
    pub fn get(&self, surface: Surface) -> Option<&Mesh> {
        self.parts.get(&surface).filter(|m| !m.is_empty())
    }

    /// Number of meshes (draw calls) the model needs.
    pub fn draw_calls(&self) -> usize {
        self.parts().count()
    }

    /// Triangles over every surface.
    pub fn triangle_count(&self) -> usize {
        self.parts().map(|(_, m)| m.triangle_count()).sum()
    }

    /// Axis-aligned bounds over every surface.
    pub fn bounds(&self) -> Option<(Vec3, Vec3)> {
        self.parts()
            .filter_map(|(_, m)| m.bounds())
            .reduce(|(a, b), (c, d)| (a.min(c), b.max(d)))
    }

    /// Every vertex position, over every surface.
    pub fn positions(&self) -> impl Iterator<Item = Vec3> + '_ {
        self.parts()
            .flat_map(|(_, m)| m.positions.iter().map(|p| Vec3::from(*p)))
    }

    /// What is wrong with any mesh (see [`Mesh::problems`]), named by surface.
    pub fn problems(&self) -> Vec<String> {
        self.parts()
            .flat_map(|(s, m)| m.problems().into_iter().map(move |p| format!("{s:?}: {p}")))
            .collect()
    }
}
