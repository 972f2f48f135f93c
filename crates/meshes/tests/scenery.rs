//! What you see is what the rules measure: every part of every starter scenery kind, placed
//! on a table and turned, against the solid the engine builds for it (through the content
//! crate's conversion): decoration stays within `SHELL_TOLERANCE` of the solid, the visual
//! reaches each of its faces, and doors and windows stay open.

use glam::{Affine3A, Quat, Vec2, Vec3};
use redline_battlespace as bs;
use redline_content::convert::to_battlespace_layout_of;
use redline_content::schema::{Layout, PlacedPiece, SceneryPiece};
use redline_meshes::Model;
use redline_meshes::scenery::{SHELL_TOLERANCE, SceneryVisual, scenery, scenery_part};

/// Float slack on top of the tolerance.
const SLACK: f32 = 1e-3;

/// The piece placed on a 44" × 30" table, and the engine's solids for it (one per part).
fn placed(
    piece: &SceneryPiece,
    at: [f32; 2],
    rotation_deg: f32,
) -> (PlacedPiece, Vec<bs::SceneryPiece>) {
    let catalog = redline_content::starter();
    let mut p = PlacedPiece::new(&piece.id, at);
    p.rotation_deg = rotation_deg;
    let layout = Layout {
        id: "test".into(),
        name: "test".into(),
        size: [44.0, 30.0],
        pieces: vec![p.clone()],
        text: String::new(),
    };
    let bs_layout = to_battlespace_layout_of(&catalog, &layout).expect("converts");
    (p, bs_layout.scenery)
}

fn placement(p: &PlacedPiece) -> Affine3A {
    Affine3A::from_rotation_translation(
        Quat::from_rotation_y(p.rotation_deg.to_radians()),
        Vec3::new(p.at[0], p.elevation, p.at[1]),
    )
}

/// A solid as half-spaces (`n·p <= d`) plus its height range: what the shell and fill
/// checks need.
struct Solid {
    planes: Vec<(Vec3, f32)>,
    bottom: f32,
    top: f32,
}

fn solid_of(piece: &bs::SceneryPiece) -> Solid {
    let bottom = piece.base;
    let top = piece.top();
    let side = |n: Vec2, on: Vec2| (Vec3::new(n.x, 0.0, n.y), n.dot(on));
    let planes = match &piece.shape {
        bs::SceneryShape::Box {
            centre,
            size,
            yaw_degrees,
        } => {
            let q = Quat::from_rotation_y(yaw_degrees.to_radians());
            let c = Vec2::from(*centre);
            let mut v = Vec::new();
            for (axis, half) in [(Vec3::X, size[0] / 2.0), (Vec3::Z, size[2] / 2.0)] {
                for s in [1.0, -1.0] {
                    let n3 = q * (axis * s);
                    let n = Vec2::new(n3.x, n3.z);
                    v.push(side(n, c + n * half));
                }
            }
            v
        }
        bs::SceneryShape::Cylinder { centre, radius, .. } => (0..64)
            .map(|i| {
                let a = i as f32 / 64.0 * std::f32::consts::TAU;
                let n = Vec2::new(a.cos(), a.sin());
                side(n, Vec2::from(*centre) + n * *radius)
            })
            .collect(),
        bs::SceneryShape::Hull { footprint, .. } => {
            let hull = convex_hull(&footprint.iter().map(|p| Vec2::from(*p)).collect::<Vec<_>>());
            (0..hull.len())
                .map(|i| {
                    let (a, b) = (hull[i], hull[(i + 1) % hull.len()]);
                    let d = b - a;
                    side(Vec2::new(d.y, -d.x).normalize(), a)
                })
                .collect()
        }
        bs::SceneryShape::Wall {
            from,
            to,
            thickness,
            ..
        } => {
            let (a, b) = (Vec2::from(*from), Vec2::from(*to));
            let u = (b - a).normalize();
            let v = Vec2::new(-u.y, u.x);
            let mid = (a + b) / 2.0;
            vec![
                side(u, b),
                side(-u, a),
                side(v, mid + v * thickness / 2.0),
                side(-v, mid - v * thickness / 2.0),
            ]
        }
    };
    Solid {
        planes,
        bottom,
        top,
    }
}

/// Counter-clockwise convex hull (x, z) — the engine's hull part is the hull of its
/// footprint.
fn convex_hull(points: &[Vec2]) -> Vec<Vec2> {
    let mut p = points.to_vec();
    p.sort_by(|a, b| a.x.total_cmp(&b.x).then(a.y.total_cmp(&b.y)));
    let cross = |o: Vec2, a: Vec2, b: Vec2| (a - o).perp_dot(b - o);
    let mut lower: Vec<Vec2> = Vec::new();
    for &q in &p {
        while lower.len() >= 2 && cross(lower[lower.len() - 2], lower[lower.len() - 1], q) <= 0.0 {
            lower.pop();
        }
        lower.push(q);
    }
    let mut upper: Vec<Vec2> = Vec::new();
    for &q in p.iter().rev() {
        while upper.len() >= 2 && cross(upper[upper.len() - 2], upper[upper.len() - 1], q) <= 0.0 {
            upper.pop();
        }
        upper.push(q);
    }
    lower.pop();
    upper.pop();
    lower.extend(upper);
    // In (x, z) with y up, "counter-clockwise" above is clockwise seen from above; the
    // outward normal (d.z, −d.x) must point away from the centre either way.
    let c = lower.iter().copied().sum::<Vec2>() / lower.len() as f32;
    let (a, b) = (lower[0], lower[1]);
    let n = Vec2::new(b.y - a.y, -(b.x - a.x));
    if n.dot(a - c) < 0.0 {
        lower.reverse();
    }
    lower
}

/// Problems with one part's visual against its solid.
fn shell_problems(model: &Model, piece: &bs::SceneryPiece) -> Vec<String> {
    let solid = solid_of(piece);
    let tol = SHELL_TOLERANCE + SLACK;
    let mut out = Vec::new();
    let pts: Vec<Vec3> = model.positions().collect();
    if pts.is_empty() {
        return vec!["no geometry".into()];
    }
    for (n, d) in &solid.planes {
        let reach = pts.iter().map(|p| n.dot(*p)).fold(f32::MIN, f32::max);
        if reach > d + tol {
            out.push(format!(
                "sticks out {:.3}\" past the face facing {n:.2}",
                reach - d
            ));
        }
        if reach < d - tol {
            out.push(format!(
                "stops {:.3}\" short of the face facing {n:.2}",
                d - reach
            ));
        }
    }
    let (lo, hi) = pts
        .iter()
        .fold((f32::MAX, f32::MIN), |(a, b), p| (a.min(p.y), b.max(p.y)));
    if hi > solid.top + tol || hi < solid.top - tol {
        out.push(format!("top at {hi:.3}, solid's at {:.3}", solid.top));
    }
    if lo < solid.bottom - tol || lo > solid.bottom + tol {
        out.push(format!("bottom at {lo:.3}, solid's at {:.3}", solid.bottom));
    }
    out.extend(opening_problems(model, piece));
    out
}

/// A wall's openings must be open: rays straight through each, away from its edges, hit
/// nothing.
fn opening_problems(model: &Model, piece: &bs::SceneryPiece) -> Vec<String> {
    let bs::SceneryShape::Wall {
        from,
        to,
        thickness,
        ..
    } = &piece.shape
    else {
        return Vec::new();
    };
    let (a, b) = (Vec2::from(*from), Vec2::from(*to));
    let u = (b - a).normalize();
    let v = Vec2::new(-u.y, u.x);
    let margin = SHELL_TOLERANCE + 0.01;
    let mut out = Vec::new();
    let tris: Vec<[Vec3; 3]> = model
        .parts()
        .flat_map(|(_, m)| (0..m.triangle_count()).map(move |i| m.triangle_corners(i)))
        .collect();
    for o in &piece.openings {
        for i in 0..5 {
            for j in 0..5 {
                let along =
                    o.along - o.width / 2.0 + margin + (o.width - 2.0 * margin) * i as f32 / 4.0;
                let y = piece.base
                    + o.bottom
                    + margin
                    + (o.top - o.bottom - 2.0 * margin) * j as f32 / 4.0;
                let c = a + u * along;
                let reach = thickness / 2.0 + 0.3;
                let p0 = Vec3::new(c.x - v.x * reach, y, c.y - v.y * reach);
                let p1 = Vec3::new(c.x + v.x * reach, y, c.y + v.y * reach);
                if tris.iter().any(|t| segment_hits(p0, p1, t)) {
                    out.push(format!(
                        "{:?} opening at {:.2} is blocked at {along:.2}, {y:.2}",
                        o.kind, o.along
                    ));
                    return out;
                }
            }
        }
    }
    out
}

/// Möller–Trumbore, limited to the segment.
fn segment_hits(p0: Vec3, p1: Vec3, t: &[Vec3; 3]) -> bool {
    let d = p1 - p0;
    let (e1, e2) = (t[1] - t[0], t[2] - t[0]);
    let h = d.cross(e2);
    let a = e1.dot(h);
    if a.abs() < 1e-9 {
        return false;
    }
    let f = 1.0 / a;
    let s = p0 - t[0];
    let u = f * s.dot(h);
    if !(0.0..=1.0).contains(&u) {
        return false;
    }
    let q = s.cross(e1);
    let v = f * d.dot(q);
    if v < 0.0 || u + v > 1.0 {
        return false;
    }
    let k = f * e2.dot(q);
    (0.0..=1.0).contains(&k)
}

fn check_piece(piece: &SceneryPiece, visual: SceneryVisual) -> Vec<String> {
    let mut out = Vec::new();
    for (at, rot) in [
        ([22.0, 15.0], 0.0),
        ([20.0, 14.0], 37.0),
        ([23.0, 16.0], 90.0),
    ] {
        let (placed, solids) = placed(piece, at, rot);
        assert_eq!(
            solids.len(),
            piece.parts.len(),
            "{}: one solid per part",
            piece.id
        );
        let t = placement(&placed);
        for (i, solid) in solids.iter().enumerate() {
            let m = scenery_part(visual, piece, i).transformed(&t);
            for p in shell_problems(&m, solid) {
                out.push(format!(
                    "{} ({:?}) part {i} at {rot}°: {p}",
                    piece.id, visual
                ));
            }
        }
    }
    out
}

#[test]
fn every_starter_part_matches_the_engines_solid() {
    let catalog = redline_content::starter();
    let mut problems = Vec::new();
    for piece in catalog.scenery.iter() {
        let visual = SceneryVisual::for_piece(piece, None);
        problems.extend(check_piece(piece, visual));
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn the_generic_visual_matches_the_engines_solid_too() {
    let catalog = redline_content::starter();
    let mut problems = Vec::new();
    for piece in catalog.scenery.iter() {
        problems.extend(check_piece(piece, SceneryVisual::Generic));
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn every_starter_kind_has_its_own_visual() {
    let catalog = redline_content::starter();
    let missing: Vec<&str> = catalog
        .scenery
        .iter()
        .filter(|p| SceneryVisual::of_starter_kind(&p.id).is_none())
        .map(|p| p.id.as_str())
        .collect();
    assert!(
        missing.is_empty(),
        "starter kinds without a visual: {missing:?}"
    );
    for p in catalog.scenery.iter() {
        assert_ne!(
            SceneryVisual::for_piece(p, None),
            SceneryVisual::Generic,
            "{}",
            p.id
        );
    }
}

#[test]
fn a_kind_without_a_visual_gets_the_generic_one_and_a_named_visual_wins() {
    let catalog = redline_content::starter();
    let mut piece = catalog.scenery.get("crate").expect("crate").clone();
    piece.id = "pack_kiosk".into();
    assert_eq!(
        SceneryVisual::for_piece(&piece, None),
        SceneryVisual::Generic
    );
    assert_eq!(
        SceneryVisual::for_piece(&piece, Some("cargo_crate")),
        SceneryVisual::CargoCrate
    );
    assert_eq!(
        SceneryVisual::for_piece(&piece, Some("no_such_visual")),
        SceneryVisual::Generic
    );
    for v in SceneryVisual::ALL {
        assert_eq!(SceneryVisual::from_name(v.name()), Some(v));
    }
    // The piece's own `visual` field, as a pack writes it; an unknown name falls back.
    piece.visual = Some("oil_drum".into());
    assert_eq!(
        SceneryVisual::for_piece(&piece, None),
        SceneryVisual::OilDrum
    );
    piece.visual = Some("pagoda".into());
    assert_eq!(
        SceneryVisual::for_piece(&piece, None),
        SceneryVisual::Generic
    );
}

#[test]
fn the_visual_names_are_the_content_crates_list() {
    let names: Vec<&str> = SceneryVisual::ALL.iter().map(|v| v.name()).collect();
    assert_eq!(names, redline_content::visuals::SCENERY_VISUALS);
    let crews: Vec<&str> = redline_meshes::Crew::ALL.iter().map(|c| c.name()).collect();
    assert_eq!(crews, redline_content::visuals::CREW_VISUALS);
    for c in redline_meshes::Crew::ALL {
        assert_eq!(redline_meshes::Crew::from_name(c.name()), Some(c));
    }
}

#[test]
fn the_catwalk_has_rails_over_its_deck_outside_the_solids() {
    let catalog = redline_content::starter();
    let catwalk = catalog.scenery.get("catwalk").expect("catwalk");
    let visual = SceneryVisual::for_piece(catwalk, None);
    let rails = redline_meshes::scenery::outside_the_solids(visual, catwalk);
    let (low, high) = rails.bounds().expect("the catwalk has rails");
    let deck = &catwalk.parts[0];
    let redline_content::schema::Shape::Box {
        width,
        depth,
        height,
    } = deck.shape
    else {
        panic!("the catwalk's deck is a box");
    };
    let top = deck.at[1] + height;
    // Standing on the deck, above it, within its footprint, along its whole length.
    assert!((low.y - top).abs() < 1e-3, "rails start at {}", low.y);
    assert!(high.y > top + 0.5, "rails reach {}", high.y);
    assert!(high.z <= depth / 2.0 + 1e-3 && low.z >= -depth / 2.0 - 1e-3);
    assert!(high.x - low.x > width * 0.9);
    // The whole piece's model holds them; no other starter piece gets any.
    let whole = scenery(visual, catwalk);
    assert!(whole.bounds().expect("catwalk").1.y >= high.y - 1e-3);
    for piece in catalog.scenery.iter().filter(|p| p.id != "catwalk") {
        let v = SceneryVisual::for_piece(piece, None);
        assert!(
            redline_meshes::scenery::outside_the_solids(v, piece)
                .bounds()
                .is_none(),
            "{}",
            piece.id
        );
    }
}

#[test]
fn scenery_meshes_are_sound_and_within_budget() {
    let catalog = redline_content::starter();
    for piece in catalog.scenery.iter() {
        let m = scenery(SceneryVisual::for_piece(piece, None), piece);
        assert!(m.problems().is_empty(), "{}: {:?}", piece.id, m.problems());
        let tris = m.triangle_count();
        // A few thousand triangles a piece at most, and few draw calls.
        let budget = 2_500 * piece.parts.len().min(4);
        assert!(tris <= budget.max(3_000), "{}: {tris} triangles", piece.id);
        assert!(
            m.draw_calls() <= 10,
            "{}: {} meshes",
            piece.id,
            m.draw_calls()
        );
    }
}

#[test]
fn the_check_catches_a_window_drawn_shut_and_a_part_drawn_too_big() {
    let catalog = redline_content::starter();
    let piece = catalog.scenery.get("wall_window").expect("wall_window");
    let (at, solids) = placed(piece, [22.0, 15.0], 20.0);
    let t = placement(&at);
    let mut shut = piece.clone();
    shut.parts[0].openings.clear();
    let m = scenery_part(SceneryVisual::BrickWall, &shut, 0).transformed(&t);
    let found = shell_problems(&m, &solids[0]);
    assert!(found.iter().any(|p| p.contains("blocked")), "{found:?}");

    let crate_piece = catalog.scenery.get("crate").expect("crate");
    let (at, solids) = placed(crate_piece, [22.0, 15.0], 0.0);
    let big = scenery_part(SceneryVisual::CargoCrate, crate_piece, 0)
        .transformed(&(placement(&at) * Affine3A::from_scale(Vec3::splat(1.1))));
    let found = shell_problems(&big, &solids[0]);
    assert!(found.iter().any(|p| p.contains("sticks out")), "{found:?}");
}

/// Whether a linear RGB colour, seen on screen, is a saturated red, yellow or green.
fn reads_as_a_rules_colour(linear: [f32; 3]) -> bool {
    let [r, g, b] = linear.map(|c| {
        let c = c.clamp(0.0, 1.0);
        if c <= 0.003_130_8 {
            c * 12.92
        } else {
            1.055 * c.powf(1.0 / 2.4) - 0.055
        }
    });
    let (max, min) = (r.max(g).max(b), r.min(g).min(b));
    let d = (max - min).max(1e-6);
    let hue = if max == r {
        60.0 * ((g - b) / d).rem_euclid(6.0)
    } else if max == g {
        60.0 * ((b - r) / d + 2.0)
    } else {
        60.0 * ((r - g) / d + 4.0)
    };
    let sat = if max > 0.0 { (max - min) / max } else { 0.0 };
    let reserved = !(15.0..=345.0).contains(&hue) || (45.0..165.0).contains(&hue);
    reserved && sat > 0.55 && max > 0.3
}

#[test]
fn scenery_keeps_clear_of_the_rules_colours() {
    let catalog = redline_content::starter();
    for piece in catalog.scenery.iter() {
        let m = scenery(SceneryVisual::for_piece(piece, None), piece);
        for (surface, mesh) in m.parts() {
            let mat = surface.material();
            let base = mat.base_color.map(|c| {
                if c <= 0.04045 {
                    c / 12.92
                } else {
                    ((c + 0.055) / 1.055).powf(2.4)
                }
            });
            let tints = mesh.colors.clone().unwrap_or_else(|| vec![[1.0; 4]]);
            for t in tints {
                let c = [base[0] * t[0], base[1] * t[1], base[2] * t[2]];
                assert!(
                    !reads_as_a_rules_colour(c),
                    "{}: {surface:?} {c:?}",
                    piece.id
                );
            }
        }
    }
}
