//! Procedural primitives every visual is built from: boxes (plain and bevelled), lathed
//! profiles, tapered capsules between two points, ellipsoids, extruded polygons, discs and
//! rings. Each returns a [`Mesh`] in its own frame, centred as its doc says; callers move it
//! into place with an `Affine3A`. UVs are in inches along the surface.

use std::f32::consts::{FRAC_PI_2, TAU};

use glam::{Affine3A, Quat, Vec2, Vec3};

use crate::mesh::Mesh;

/// An axis-aligned box of `size`, centred on the origin, with flat faces.
pub fn cuboid(size: Vec3) -> Mesh {
    let h = size / 2.0;
    let mut m = Mesh::default();
    // Each face: its normal and two in-plane axes (u, v) with u × v = normal.
    for (n, u, v) in [
        (Vec3::X, Vec3::NEG_Z, Vec3::Y),
        (Vec3::NEG_X, Vec3::Z, Vec3::Y),
        (Vec3::Y, Vec3::X, Vec3::NEG_Z),
        (Vec3::NEG_Y, Vec3::X, Vec3::Z),
        (Vec3::Z, Vec3::X, Vec3::Y),
        (Vec3::NEG_Z, Vec3::NEG_X, Vec3::Y),
    ] {
        let c = n * h;
        let (eu, ev) = ((u * h).length(), (v * h).length());
        let corners = [(-1.0, -1.0), (1.0, -1.0), (1.0, 1.0), (-1.0, 1.0)];
        let idx = corners.map(|(a, b)| {
            let p = c + u * (a * eu) + v * (b * ev);
            m.vertex(p, n, Vec2::new((a + 1.0) * eu, (b + 1.0) * ev))
        });
        m.quad(idx[0], idx[1], idx[2], idx[3]);
    }
    m
}

/// A box of `size` centred on the origin whose edges and corners are rounded with `radius`
/// (`steps` facets across each rounded edge; 1 gives a chamfer with smooth shading).
pub fn bevel_box(size: Vec3, radius: f32, steps: u32) -> Mesh {
    let h = size / 2.0;
    let r = radius.min(h.min_element() * 0.999).max(0.0);
    if r <= 1e-5 {
        return cuboid(size);
    }
    let steps = steps.max(1);
    // Grid coordinates along one axis of half-extent `e`: the rounded band at each end,
    // then straight across.
    let coords = |e: f32| -> Vec<f32> {
        let mut c: Vec<f32> = (0..=steps)
            .map(|i| -e + r * (1.0 - (i as f32 / steps as f32 * TAU / 4.0).cos()))
            .collect();
        c[0] = -e;
        let mut top: Vec<f32> = c.iter().rev().map(|x| -x).collect();
        if (e - r) > 1e-5 {
            c.append(&mut top);
        } else {
            top.remove(0);
            c.append(&mut top);
        }
        c
    };
    let inner = h - Vec3::splat(r);
    let mut m = Mesh::default();
    for (n, u, v) in [
        (Vec3::X, Vec3::NEG_Z, Vec3::Y),
        (Vec3::NEG_X, Vec3::Z, Vec3::Y),
        (Vec3::Y, Vec3::X, Vec3::NEG_Z),
        (Vec3::NEG_Y, Vec3::X, Vec3::Z),
        (Vec3::Z, Vec3::X, Vec3::Y),
        (Vec3::NEG_Z, Vec3::NEG_X, Vec3::Y),
    ] {
        let (eu, ev) = ((u * h).abs().max_element(), (v * h).abs().max_element());
        let (cu, cv) = (coords(eu), coords(ev));
        let base = m.vertex_count() as u32;
        for &b in &cv {
            for &a in &cu {
                let p = n * h + u * a + v * b;
                let core = p.clamp(-inner, inner);
                let dir = (p - core).normalize_or(n);
                let q = core + dir * r;
                m.vertex(q, dir, Vec2::new(a + eu, b + ev));
            }
        }
        let w = cu.len() as u32;
        for j in 0..cv.len() as u32 - 1 {
            for i in 0..w - 1 {
                let k = base + j * w + i;
                m.quad(k, k + 1, k + 1 + w, k + w);
            }
        }
    }
    m
}

/// A box of `size` centred on the origin with its edges cut off at 45° by `cut`: flat-shaded,
/// 44 triangles, for small parts where [`bevel_box`]'s rounding costs too much.
pub fn chamfer_box(size: Vec3, cut: f32) -> Mesh {
    let h = size / 2.0;
    let c = cut.min(h.min_element() * 0.49).max(0.0);
    if c <= 1e-5 {
        return cuboid(size);
    }
    // The corner `sign`'s point on the face across axis `a`.
    let point = |sign: Vec3, a: usize| {
        let mut p = (h - Vec3::splat(c)) * sign;
        p[a] = h[a] * sign[a];
        p
    };
    let signs: Vec<Vec3> = (0..8)
        .map(|i| {
            Vec3::new(
                if i & 1 == 0 { -1.0 } else { 1.0 },
                if i & 2 == 0 { -1.0 } else { 1.0 },
                if i & 4 == 0 { -1.0 } else { 1.0 },
            )
        })
        .collect();
    let mut m = Mesh::default();
    for a in 0..3 {
        for s in [-1.0f32, 1.0] {
            let pts: Vec<Vec3> = signs
                .iter()
                .filter(|g| g[a] == s)
                .map(|g| point(*g, a))
                .collect();
            let mut n = Vec3::ZERO;
            n[a] = s;
            flat_polygon(&mut m, &pts, n);
        }
        // The four bevels along axis `a`.
        let (b, d) = ((a + 1) % 3, (a + 2) % 3);
        for sb in [-1.0f32, 1.0] {
            for sd in [-1.0f32, 1.0] {
                let ends = signs.iter().filter(|g| g[b] == sb && g[d] == sd);
                let pts: Vec<Vec3> = ends.flat_map(|g| [point(*g, b), point(*g, d)]).collect();
                let mut n = Vec3::ZERO;
                n[b] = sb;
                n[d] = sd;
                flat_polygon(&mut m, &pts, n.normalize());
            }
        }
    }
    for g in &signs {
        flat_polygon(
            &mut m,
            &[point(*g, 0), point(*g, 1), point(*g, 2)],
            g.normalize(),
        );
    }
    m
}

/// A convex flat polygon of `pts` (any order) facing `n`.
fn flat_polygon(m: &mut Mesh, pts: &[Vec3], n: Vec3) {
    let centre = pts.iter().copied().sum::<Vec3>() / pts.len() as f32;
    let u = n.any_orthonormal_vector();
    let v = n.cross(u);
    let mut sorted = pts.to_vec();
    sorted.sort_by(|p, q| {
        let ang = |r: &Vec3| (*r - centre).dot(v).atan2((*r - centre).dot(u));
        ang(p).total_cmp(&ang(q))
    });
    let idx: Vec<u32> = sorted
        .iter()
        .map(|p| m.vertex(*p, n, Vec2::new(p.dot(u), p.dot(v))))
        .collect();
    for k in 1..idx.len() as u32 - 1 {
        m.triangle(idx[0], idx[k as usize], idx[k as usize + 1]);
    }
}

/// How a lathed profile is shaded along its length.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shading {
    /// Every profile segment keeps its own normal: crisp rims, hoops and lids.
    Sharp,
    /// Normals averaged at profile points: heads, limbs, rounded bodies.
    Smooth,
}

/// A surface of revolution about +Y: `profile` is a list of (radius, height) points from
/// bottom to top, turned through a whole circle in `sides` steps. A point of radius 0 closes
/// the surface there (a pole). Faces point away from the axis when the profile runs
/// upward on the outside.
pub fn lathe(profile: &[Vec2], sides: u32, shading: Shading) -> Mesh {
    lathe_arc(profile, sides, shading, 0.0, TAU)
}

/// [`lathe`] through the angles `from..to` (radians, about +Y from +X toward −Z).
pub fn lathe_arc(profile: &[Vec2], sides: u32, shading: Shading, from: f32, to: f32) -> Mesh {
    let mut m = Mesh::default();
    let sides = sides.max(3);
    if profile.len() < 2 {
        return m;
    }
    // The outward normal of each profile segment in the (radius, height) plane.
    let seg_normal: Vec<Vec2> = profile
        .windows(2)
        .map(|w| {
            let d = w[1] - w[0];
            Vec2::new(d.y, -d.x).normalize_or(Vec2::X)
        })
        .collect();
    let r_max = profile.iter().map(|p| p.x).fold(0.0f32, f32::max).max(0.01);
    let arc_len: Vec<f32> = std::iter::once(0.0)
        .chain(profile.windows(2).scan(0.0, |acc, w| {
            *acc += (w[1] - w[0]).length();
            Some(*acc)
        }))
        .collect();
    let ring = |m: &mut Mesh, p: Vec2, n: Vec2, v: f32| -> u32 {
        let first = m.vertex_count() as u32;
        for i in 0..=sides {
            let a = from + (to - from) * i as f32 / sides as f32;
            let (s, c) = a.sin_cos();
            let dir = Vec3::new(c, 0.0, -s);
            let pos = dir * p.x + Vec3::Y * p.y;
            let nrm = dir * n.x + Vec3::Y * n.y;
            m.vertex(pos, nrm, Vec2::new(a * r_max, v));
        }
        first
    };
    let band = |m: &mut Mesh, lo: u32, hi: u32| {
        for i in 0..sides {
            m.quad(lo + i, lo + i + 1, hi + i + 1, hi + i);
        }
    };
    match shading {
        Shading::Sharp => {
            for (k, w) in profile.windows(2).enumerate() {
                let n = seg_normal[k];
                let lo = ring(&mut m, w[0], n, arc_len[k]);
                let hi = ring(&mut m, w[1], n, arc_len[k + 1]);
                band(&mut m, lo, hi);
            }
        }
        Shading::Smooth => {
            let mut prev = None;
            for (k, p) in profile.iter().enumerate() {
                let n = match (k.checked_sub(1).map(|j| seg_normal[j]), seg_normal.get(k)) {
                    (Some(a), Some(b)) => (a + b).normalize_or(b.to_owned()),
                    (Some(a), None) => a,
                    (None, Some(b)) => *b,
                    (None, None) => Vec2::X,
                };
                // At a pole the normal points along the axis.
                let n = if p.x.abs() < 1e-6 {
                    Vec2::new(0.0, n.y.signum())
                } else {
                    n
                };
                let cur = ring(&mut m, *p, n, arc_len[k]);
                if let Some(lo) = prev {
                    band(&mut m, lo, cur);
                }
                prev = Some(cur);
            }
        }
    }
    drop_degenerate(&mut m);
    m
}

/// Removes triangles with two equal corners (at lathe poles).
fn drop_degenerate(m: &mut Mesh) {
    let pos = &m.positions;
    let same =
        |a: u32, b: u32| Vec3::from(pos[a as usize]).distance(Vec3::from(pos[b as usize])) < 1e-7;
    let kept: Vec<u32> = m
        .indices
        .chunks_exact(3)
        .filter(|t| !(same(t[0], t[1]) || same(t[1], t[2]) || same(t[0], t[2])))
        .flatten()
        .copied()
        .collect();
    m.indices = kept;
}

/// A circle of radius `minor` round the point (`major`, 0), counter-clockwise: a torus when
/// lathed.
pub fn torus_profile(major: f32, minor: f32, steps: u32) -> Vec<Vec2> {
    (0..=steps)
        .map(|i| {
            let a = -FRAC_PI_2 + TAU * i as f32 / steps as f32;
            Vec2::new(major + minor * a.cos(), minor * a.sin())
        })
        .collect()
}

/// An upright cylinder of `radius` from y = 0 to `height`, with flat caps.
pub fn cylinder(radius: f32, height: f32, sides: u32) -> Mesh {
    let p = [
        Vec2::new(0.0, 0.0),
        Vec2::new(radius, 0.0),
        Vec2::new(radius, height),
        Vec2::new(0.0, height),
    ];
    lathe(&p, sides, Shading::Sharp)
}

/// A profile for a rounded end cap of `radius` at height `y`, going up (`up`) or down, in
/// `steps` points from the equator to the pole.
fn cap(radius: f32, y: f32, up: bool, steps: u32) -> Vec<Vec2> {
    (0..=steps)
        .map(|i| {
            let a = i as f32 / steps as f32 * TAU / 4.0;
            let dy = a.sin() * radius;
            Vec2::new(a.cos() * radius, if up { y + dy } else { y - dy })
        })
        .collect()
}

/// A tapered capsule from `a` (radius `ra`) to `b` (radius `rb`) with rounded ends: a limb,
/// a finger, a pipe.
pub fn capsule(a: Vec3, b: Vec3, ra: f32, rb: f32, sides: u32) -> Mesh {
    let len = a.distance(b);
    let steps = (sides / 4).max(2);
    let mut profile: Vec<Vec2> = cap(ra, 0.0, false, steps).into_iter().rev().collect();
    profile.extend(cap(rb, len, true, steps));
    lathe(&profile, sides, Shading::Smooth).transformed(&along(a, b))
}

/// A frustum (open-ended cone band) from `a` (radius `ra`) to `b` (radius `rb`) with flat
/// caps: a gun barrel, a horn, a post.
pub fn frustum(a: Vec3, b: Vec3, ra: f32, rb: f32, sides: u32) -> Mesh {
    let len = a.distance(b);
    let p = [
        Vec2::new(0.0, 0.0),
        Vec2::new(ra, 0.0),
        Vec2::new(rb, len),
        Vec2::new(0.0, len),
    ];
    lathe(&p, sides, Shading::Sharp).transformed(&along(a, b))
}

/// The transform taking +Y from the origin onto the segment `a → b`.
pub fn along(a: Vec3, b: Vec3) -> Affine3A {
    let d = (b - a).normalize_or(Vec3::Y);
    Affine3A::from_rotation_translation(Quat::from_rotation_arc(Vec3::Y, d), a)
}

/// An ellipsoid with semi-axes `radii`, centred on the origin.
pub fn ellipsoid(radii: Vec3, sides: u32) -> Mesh {
    let steps = (sides / 2).max(3);
    let mut profile: Vec<Vec2> = cap(1.0, 0.0, false, steps).into_iter().rev().collect();
    profile.extend(cap(1.0, 0.0, true, steps).into_iter().skip(1));
    let unit = lathe(&profile, sides, Shading::Smooth);
    unit.transformed(&Affine3A::from_scale(radii))
}

/// A flat polygon (x, y) extruded along z from `-depth/2` to `depth/2`. The polygon must be
/// simple; either winding is accepted.
pub fn extrude(polygon: &[Vec2], depth: f32) -> Mesh {
    let mut poly = polygon.to_vec();
    if signed_area(&poly) < 0.0 {
        poly.reverse();
    }
    let mut m = Mesh::default();
    let n = poly.len();
    if n < 3 {
        return m;
    }
    let tris = triangulate(&poly);
    let hz = depth / 2.0;
    for (z, normal) in [(hz, Vec3::Z), (-hz, Vec3::NEG_Z)] {
        let base = m.vertex_count() as u32;
        for p in &poly {
            m.vertex(Vec3::new(p.x, p.y, z), normal, *p);
        }
        for t in &tris {
            if normal.z > 0.0 {
                m.triangle(base + t[0], base + t[1], base + t[2]);
            } else {
                m.triangle(base + t[0], base + t[2], base + t[1]);
            }
        }
    }
    let mut along_edge = 0.0;
    for i in 0..n {
        let (p, q) = (poly[i], poly[(i + 1) % n]);
        let d = q - p;
        let normal = Vec3::new(d.y, -d.x, 0.0).normalize_or(Vec3::X);
        let len = d.length();
        let k = [
            m.vertex(Vec3::new(p.x, p.y, -hz), normal, Vec2::new(along_edge, 0.0)),
            m.vertex(
                Vec3::new(q.x, q.y, -hz),
                normal,
                Vec2::new(along_edge + len, 0.0),
            ),
            m.vertex(
                Vec3::new(q.x, q.y, hz),
                normal,
                Vec2::new(along_edge + len, depth),
            ),
            m.vertex(
                Vec3::new(p.x, p.y, hz),
                normal,
                Vec2::new(along_edge, depth),
            ),
        ];
        m.quad(k[0], k[1], k[2], k[3]);
        along_edge += len;
    }
    m
}

/// An upright prism over a footprint of (x, z) points, from y = `y0` to `y1` (a hull part,
/// a slab, a plinth).
pub fn prism(footprint: &[Vec2], y0: f32, y1: f32) -> Mesh {
    // Extrude in the (x, −z) plane, then stand it up: +z of the extrusion becomes +y.
    let flipped: Vec<Vec2> = footprint.iter().map(|p| Vec2::new(p.x, -p.y)).collect();
    let t = Affine3A::from_cols(
        Vec3::X.into(),
        Vec3::NEG_Z.into(),
        Vec3::Y.into(),
        Vec3::new(0.0, (y0 + y1) / 2.0, 0.0).into(),
    );
    extrude(&flipped, y1 - y0).transformed(&t)
}

/// Twice the signed area of a polygon (positive when counter-clockwise).
fn signed_area(p: &[Vec2]) -> f32 {
    (0..p.len())
        .map(|i| p[i].perp_dot(p[(i + 1) % p.len()]))
        .sum()
}

/// Ear-clipping triangulation of a simple counter-clockwise polygon.
fn triangulate(poly: &[Vec2]) -> Vec<[u32; 3]> {
    let mut idx: Vec<usize> = (0..poly.len()).collect();
    let mut out = Vec::new();
    let mut guard = 0;
    while idx.len() > 3 && guard < poly.len() * poly.len() {
        guard += 1;
        let n = idx.len();
        let ear = (0..n).find(|&i| {
            let (a, b, c) = (
                poly[idx[(i + n - 1) % n]],
                poly[idx[i]],
                poly[idx[(i + 1) % n]],
            );
            if (b - a).perp_dot(c - b) <= 1e-9 {
                return false;
            }
            !idx.iter().any(|&j| {
                let p = poly[j];
                p != a && p != b && p != c && in_triangle(p, a, b, c)
            })
        });
        let Some(i) = ear else { break };
        out.push([idx[(i + n - 1) % n], idx[i], idx[(i + 1) % n]].map(|v| v as u32));
        idx.remove(i);
    }
    if idx.len() == 3 {
        out.push([idx[0], idx[1], idx[2]].map(|v| v as u32));
    }
    out
}

fn in_triangle(p: Vec2, a: Vec2, b: Vec2, c: Vec2) -> bool {
    let d1 = (b - a).perp_dot(p - a);
    let d2 = (c - b).perp_dot(p - b);
    let d3 = (a - c).perp_dot(p - c);
    d1 >= 0.0 && d2 >= 0.0 && d3 >= 0.0
}

/// A flat disc of `radius` facing +Y at y = 0.
pub fn disc(radius: f32, sides: u32) -> Mesh {
    ring(0.0, radius, sides)
}

/// A flat ring between two radii facing +Y at y = 0 (a disc when `inner` is 0).
pub fn ring(inner: f32, outer: f32, sides: u32) -> Mesh {
    let p = [Vec2::new(outer, 0.0), Vec2::new(inner, 0.0)];
    let mut m = lathe(&p, sides, Shading::Sharp);
    for n in &mut m.normals {
        *n = [0.0, 1.0, 0.0];
    }
    // The lathe's UVs run around; flat rings read better with planar ones.
    for (uv, p) in m.uvs.iter_mut().zip(&m.positions) {
        *uv = [p[0], p[2]];
    }
    m
}

/// A flat rectangle `w` × `d` facing +Y at y = 0, centred on the origin.
pub fn plane(w: f32, d: f32) -> Mesh {
    let mut m = Mesh::default();
    let k = [(-1.0, 1.0), (1.0, 1.0), (1.0, -1.0), (-1.0, -1.0)].map(|(a, b)| {
        let p = Vec3::new(a * w / 2.0, 0.0, b * d / 2.0);
        m.vertex(p, Vec3::Y, Vec2::new(p.x, p.z))
    });
    m.quad(k[0], k[1], k[2], k[3]);
    m
}

/// Translation shorthand.
pub fn at(x: f32, y: f32, z: f32) -> Affine3A {
    Affine3A::from_translation(Vec3::new(x, y, z))
}

/// A box from corner `lo` to corner `hi`.
pub fn block(lo: Vec3, hi: Vec3) -> Mesh {
    cuboid(hi - lo).transformed(&Affine3A::from_translation((lo + hi) / 2.0))
}

/// A bevelled box from corner `lo` to corner `hi`.
pub fn bevel_block(lo: Vec3, hi: Vec3, radius: f32) -> Mesh {
    bevel_box(hi - lo, radius, 1).transformed(&Affine3A::from_translation((lo + hi) / 2.0))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ok(m: &Mesh) {
        assert!(m.problems().is_empty(), "{:?}", m.problems());
        assert!(!m.is_empty());
    }

    #[test]
    fn primitives_are_sound() {
        ok(&cuboid(Vec3::new(1.0, 2.0, 3.0)));
        ok(&bevel_box(Vec3::new(1.0, 2.0, 3.0), 0.1, 1));
        ok(&bevel_box(Vec3::new(1.0, 1.0, 1.0), 0.5, 3));
        let c = chamfer_box(Vec3::new(1.0, 2.0, 3.0), 0.1);
        ok(&c);
        assert_eq!(c.triangle_count(), 44);
        ok(&cylinder(0.5, 1.0, 16));
        ok(&capsule(Vec3::ZERO, Vec3::new(0.3, 1.0, 0.2), 0.1, 0.05, 8));
        ok(&frustum(Vec3::ZERO, Vec3::X, 0.1, 0.05, 8));
        ok(&ellipsoid(Vec3::new(0.1, 0.2, 0.15), 10));
        ok(&disc(1.0, 12));
        ok(&ring(0.5, 1.0, 12));
        ok(&plane(2.0, 3.0));
        let l = [
            Vec2::new(0.0, 0.0),
            Vec2::new(2.0, 0.0),
            Vec2::new(2.0, 1.0),
            Vec2::new(1.0, 1.0),
            Vec2::new(1.0, 2.0),
            Vec2::new(0.0, 2.0),
        ];
        let e = extrude(&l, 0.5);
        ok(&e);
        // An L of three unit squares: 4 cap triangles each side + 6 side quads.
        assert_eq!(e.triangle_count(), 4 * 2 + 6 * 2);
        ok(&prism(
            &[
                Vec2::new(0.0, 0.0),
                Vec2::new(1.0, 0.0),
                Vec2::new(0.0, 1.0),
            ],
            0.0,
            1.0,
        ));
    }

    #[test]
    fn boxes_keep_their_size() {
        for m in [
            cuboid(Vec3::new(1.0, 2.0, 3.0)),
            bevel_box(Vec3::new(1.0, 2.0, 3.0), 0.2, 2),
        ] {
            let (lo, hi) = m.bounds().unwrap();
            assert!((hi - lo - Vec3::new(1.0, 2.0, 3.0)).abs().max_element() < 1e-5);
        }
    }

    #[test]
    fn prism_faces_point_outward() {
        let m = prism(
            &[
                Vec2::new(0.0, 0.0),
                Vec2::new(1.0, 0.0),
                Vec2::new(1.0, 1.0),
                Vec2::new(0.0, 1.0),
            ],
            0.0,
            2.0,
        );
        let (lo, hi) = m.bounds().unwrap();
        assert_eq!((lo, hi), (Vec3::ZERO, Vec3::new(1.0, 2.0, 1.0)));
        let centre = (lo + hi) / 2.0;
        for (p, n) in m.positions.iter().zip(&m.normals) {
            assert!((Vec3::from(*p) - centre).dot(Vec3::from(*n)) > 0.0);
        }
    }
}
