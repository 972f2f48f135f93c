//! The plain triangle mesh every visual is made of: what the app copies into a Bevy mesh.

use glam::{Affine3A, Vec2, Vec3, Vec3A};

/// An indexed triangle list in inches, Y up, front faces wound counter-clockwise.
///
/// UVs are in inches along the surface (so a tiling texture keeps its size whatever the
/// part's size: see [`crate::Material::tile_inches`]) unless a part says otherwise.
/// Colours, when present, are linear RGBA multiplied with the surface's base colour.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Mesh {
    /// Vertex positions.
    pub positions: Vec<[f32; 3]>,
    /// Unit vertex normals, one per position.
    pub normals: Vec<[f32; 3]>,
    /// Texture coordinates, one per position.
    pub uvs: Vec<[f32; 2]>,
    /// Linear RGBA tints, one per position, or `None` for an untinted mesh.
    pub colors: Option<Vec<[f32; 4]>>,
    /// Three indices per triangle.
    pub indices: Vec<u32>,
}

impl Mesh {
    /// Number of vertices.
    pub fn vertex_count(&self) -> usize {
        self.positions.len()
    }

    /// Number of triangles.
    pub fn triangle_count(&self) -> usize {
        self.indices.len() / 3
    }

    /// Whether the mesh has no triangle.
    pub fn is_empty(&self) -> bool {
        self.indices.is_empty()
    }

    /// Adds a vertex and returns its index.
    pub fn vertex(&mut self, p: Vec3, n: Vec3, uv: Vec2) -> u32 {
        let i = self.positions.len() as u32;
        self.positions.push(p.into());
        self.normals.push(n.normalize_or(Vec3::Y).into());
        self.uvs.push(uv.into());
        if let Some(c) = &mut self.colors {
            c.push([1.0; 4]);
        }
        i
    }

    /// Adds a triangle.
    pub fn triangle(&mut self, a: u32, b: u32, c: u32) {
        self.indices.extend([a, b, c]);
    }

    /// Adds the quad a-b-c-d (counter-clockwise seen from its front) as two triangles.
    pub fn quad(&mut self, a: u32, b: u32, c: u32, d: u32) {
        self.indices.extend([a, b, c, a, c, d]);
    }

    /// Appends another mesh. Colours are kept when either has them (white elsewhere).
    pub fn append(&mut self, other: &Mesh) {
        let base = self.positions.len() as u32;
        match (&mut self.colors, &other.colors) {
            (Some(mine), Some(theirs)) => mine.extend_from_slice(theirs),
            (Some(mine), None) => mine.extend(std::iter::repeat_n([1.0; 4], other.vertex_count())),
            (None, Some(theirs)) => {
                let mut c = vec![[1.0; 4]; self.positions.len()];
                c.extend_from_slice(theirs);
                self.colors = Some(c);
            }
            (None, None) => {}
        }
        self.positions.extend_from_slice(&other.positions);
        self.normals.extend_from_slice(&other.normals);
        self.uvs.extend_from_slice(&other.uvs);
        self.indices.extend(other.indices.iter().map(|i| i + base));
    }

    /// The mesh moved by `t` (normals turned with it; a mirroring transform flips the
    /// winding so front faces stay front faces).
    pub fn transformed(mut self, t: &Affine3A) -> Mesh {
        self.transform(t);
        self
    }

    /// Moves the mesh by `t` in place (see [`Mesh::transformed`]).
    pub fn transform(&mut self, t: &Affine3A) {
        let normal_matrix = t.matrix3.inverse().transpose();
        for p in &mut self.positions {
            *p = t.transform_point3(Vec3::from(*p)).into();
        }
        for n in &mut self.normals {
            *n = (normal_matrix * Vec3A::from(Vec3::from(*n)))
                .normalize_or(Vec3A::Y)
                .into();
        }
        if t.matrix3.determinant() < 0.0 {
            for tri in self.indices.chunks_exact_mut(3) {
                tri.swap(1, 2);
            }
        }
    }

    /// Replaces the UVs with inches projected along each vertex's main normal axis, so
    /// a tiling texture runs on across neighbouring parts (brick courses stay level from one
    /// wall segment to the next).
    pub fn box_uvs(&mut self) {
        for ((uv, p), n) in self.uvs.iter_mut().zip(&self.positions).zip(&self.normals) {
            let [ax, ay, az] = n.map(f32::abs);
            *uv = if ay >= ax && ay >= az {
                [p[0], p[2]]
            } else if ax >= az {
                [p[2], -p[1]]
            } else {
                [p[0], -p[1]]
            };
        }
    }

    /// Tints every vertex (linear RGBA).
    pub fn tint(&mut self, rgba: [f32; 4]) {
        self.colors = Some(vec![rgba; self.positions.len()]);
    }

    /// The mesh with every vertex tinted (see [`Mesh::tint`]).
    pub fn tinted(mut self, rgba: [f32; 4]) -> Mesh {
        self.tint(rgba);
        self
    }

    /// Axis-aligned bounds `(min, max)`, or `None` for an empty mesh.
    pub fn bounds(&self) -> Option<(Vec3, Vec3)> {
        let mut it = self.positions.iter().map(|p| Vec3::from(*p));
        let first = it.next()?;
        Some(it.fold((first, first), |(lo, hi), p| (lo.min(p), hi.max(p))))
    }

    /// The three corners of triangle `i`.
    pub fn triangle_corners(&self, i: usize) -> [Vec3; 3] {
        let t = &self.indices[i * 3..i * 3 + 3];
        [0, 1, 2].map(|k| Vec3::from(self.positions[t[k] as usize]))
    }

    /// What is wrong with the mesh, if anything: non-finite values, normals that are not
    /// unit length, attribute lists of different lengths, indices out of range, or a
    /// triangle wound against its own vertex normals (seen from the wrong side).
    pub fn problems(&self) -> Vec<String> {
        let mut out = Vec::new();
        let n = self.positions.len();
        if self.normals.len() != n || self.uvs.len() != n {
            out.push(format!(
                "{} positions, {} normals, {} uvs",
                n,
                self.normals.len(),
                self.uvs.len()
            ));
        }
        if let Some(c) = &self.colors
            && c.len() != n
        {
            out.push(format!("{} colours for {n} positions", c.len()));
        }
        if !self.indices.len().is_multiple_of(3) {
            out.push(format!(
                "{} indices is not whole triangles",
                self.indices.len()
            ));
        }
        let finite = |v: &[f32]| v.iter().all(|x| x.is_finite());
        if !self.positions.iter().all(|p| finite(p)) || !self.uvs.iter().all(|p| finite(p)) {
            out.push("a position or uv is not finite".into());
        }
        if let Some(bad) = self
            .normals
            .iter()
            .find(|v| !finite(&v[..]) || (Vec3::from(**v).length() - 1.0).abs() > 1e-3)
        {
            out.push(format!("normal {bad:?} is not unit length"));
        }
        if let Some(i) = self.indices.iter().find(|&&i| i as usize >= n) {
            out.push(format!("index {i} out of range ({n} vertices)"));
            return out;
        }
        let backwards = (0..self.triangle_count())
            .filter(|&i| self.wound_backwards(i))
            .count();
        if backwards > 0 {
            out.push(format!("{backwards} triangles wound against their normals"));
        }
        out
    }

    /// Whether triangle `i` faces away from the average of its vertex normals. Slivers
    /// (too small for their facing to mean anything) never count.
    fn wound_backwards(&self, i: usize) -> bool {
        let [a, b, c] = self.triangle_corners(i);
        let face = (b - a).cross(c - a);
        if face.length() < 1e-7 {
            return false;
        }
        let t = &self.indices[i * 3..i * 3 + 3];
        let avg: Vec3 = t
            .iter()
            .map(|&k| Vec3::from(self.normals[k as usize]))
            .sum();
        face.normalize().dot(avg) < -0.05
    }
}
