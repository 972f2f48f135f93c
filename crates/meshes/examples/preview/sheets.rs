//! The contact sheets: every figure, every scenery piece, the mat and the markers.

use std::collections::BTreeMap;

use glam::Vec3;
use redline_meshes::scenery::{SceneryVisual, scenery};
use redline_meshes::{Crew, FigureSpec, Kit, Model, Pose, Role, Texture, figure};

use crate::raster::{Camera, Canvas, Image, Paint};

const BG: [f32; 3] = [0.16, 0.17, 0.19];
const LABEL: [f32; 3] = [0.85, 0.86, 0.88];

/// Team colours of the starter factions (sRGB), for the previews.
fn team(crew: Crew) -> [f32; 3] {
    let c = match crew {
        Crew::Ashfall => [232, 112, 38],
        Crew::Choir => [150, 92, 214],
        Crew::Tidewater => [40, 168, 160],
        Crew::Glasswork => [214, 226, 236],
        Crew::Lantern => [236, 196, 72],
        Crew::Freelance => [86, 180, 233],
    };
    c.map(|v| f32::from(v as u8) / 255.0)
}

/// Every sheet, by name.
pub fn all(textures: &BTreeMap<Texture, Image>) -> Vec<(String, Canvas)> {
    let mut out = vec![
        ("figures_40px".into(), figures(textures, 40)),
        ("roles_40px_x3".into(), roles_40px(textures).upscaled(3)),
        ("closeup".into(), closeup(textures)),
        ("scenery".into(), scenery_sheet(textures, None)),
        (
            "scenery_generic".into(),
            scenery_sheet(textures, Some(SceneryVisual::Generic)),
        ),
        ("markers".into(), markers_sheet(textures)),
        ("table".into(), table(textures, 1600, 1000)),
    ];
    for crew in Crew::ALL {
        out.push((
            format!("crew_{}", crew.name()),
            crew_sheet(textures, crew, 160),
        ));
    }
    out
}

/// A camera looking at a model's bounds from the front-right, above, fitted to its height.
fn fit(
    model: &Model,
    yaw_deg: f32,
    pitch_deg: f32,
    fov: f32,
    centre_y: Option<f32>,
    span: f32,
) -> Camera {
    let (lo, hi) = model.bounds().unwrap_or((Vec3::ZERO, Vec3::ONE));
    let mut target = (lo + hi) / 2.0;
    if let Some(y) = centre_y {
        target.y = y;
    }
    let (yaw, pitch) = (yaw_deg.to_radians(), pitch_deg.to_radians());
    let dir = Vec3::new(
        yaw.sin() * pitch.cos(),
        pitch.sin(),
        -yaw.cos() * pitch.cos(),
    );
    let dist = span / 2.0 / (fov.to_radians() / 2.0).tan();
    Camera {
        eye: target + dir * dist,
        target,
        fov_y_deg: fov,
    }
}

fn figures(textures: &BTreeMap<Texture, Image>, px: usize) -> Canvas {
    let roles = [Role::Leader, Role::Character, Role::Gonk, Role::Netrunner];
    let kits: [(Role, Kit); 8] = [
        (Role::Leader, Kit::Pistol),
        (Role::Leader, Kit::Heavy),
        (Role::Character, Kit::Rifle),
        (Role::Character, Kit::Melee),
        (Role::Character, Kit::Torch),
        (Role::Character, Kit::MedKit),
        (Role::Gonk, Kit::Melee),
        (Role::Netrunner, Kit::Deck),
    ];
    let _ = roles;
    let cell = px * 3 / 2 + 8;
    let label_h = if px >= 100 { 16 } else { 0 };
    let cols = kits.len() * 3 + 2;
    let rows = Crew::ALL.len();
    let mut canvas = Canvas::new(cols * cell, rows * (cell + label_h) + 20, BG);
    // Figure height (base bottom to crown) ≈ 1.45": scale the camera span so it is px tall.
    let span = 1.45 * cell as f32 / px as f32;
    for (r, crew) in Crew::ALL.iter().enumerate() {
        let mut c = 0;
        let draw = |canvas: &mut Canvas, model: &Model, label: &str, c: usize| {
            let y0 = 20 + r * (cell + label_h);
            let cam = fit(model, 35.0, 14.0, 20.0, Some(0.72), span);
            canvas.clear_depth();
            canvas.draw(
                model,
                &cam,
                [c * cell, y0, cell, cell],
                Paint {
                    team: team(*crew),
                    token: [0.2, 0.8, 0.3],
                },
                textures,
            );
            if label_h > 0 {
                canvas.text(c * cell + 4, y0 + cell + 2, label, 1, LABEL);
            }
        };
        for (role, kit) in kits {
            for pose in Pose::ALL {
                let spec = FigureSpec {
                    crew: *crew,
                    role,
                    kit,
                    base_radius: 27.0 / 25.4 / 2.0,
                    variant: (r * 7 + c) as u32,
                };
                let m = figure(&spec, pose);
                draw(&mut canvas, &m, &format!("{:?} {:?}", role, kit), c);
                c += 1;
            }
        }
        for role in [Role::FlyingDrone, Role::GroundDrone] {
            let radius = if role == Role::GroundDrone {
                40.0 / 25.4 / 2.0
            } else {
                27.0 / 25.4 / 2.0
            };
            let spec = FigureSpec {
                crew: *crew,
                role,
                kit: Kit::Unarmed,
                base_radius: radius,
                variant: 0,
            };
            draw(
                &mut canvas,
                &figure(&spec, Pose::Standing),
                &format!("{role:?}"),
                c,
            );
            c += 1;
        }
        canvas.text(
            4,
            4,
            "figures: rows ashfall choir tidewater glasswork lantern freelance",
            2,
            LABEL,
        );
    }
    canvas
}

const KITS: [(Role, Kit); 8] = [
    (Role::Leader, Kit::Pistol),
    (Role::Leader, Kit::Heavy),
    (Role::Character, Kit::Rifle),
    (Role::Character, Kit::Melee),
    (Role::Character, Kit::Torch),
    (Role::Character, Kit::MedKit),
    (Role::Gonk, Kit::Melee),
    (Role::Netrunner, Kit::Deck),
];

/// One crew: a column per role and kit, a row per pose, drones at the end.
fn crew_sheet(textures: &BTreeMap<Texture, Image>, crew: Crew, px: usize) -> Canvas {
    let cell = px * 5 / 4;
    let label_h = 12;
    let cols = KITS.len() + 2;
    let mut canvas = Canvas::new(cols * cell, 3 * (cell + label_h) + 24, BG);
    canvas.text(
        4,
        4,
        &format!("{} (rows: standing, kneeling, lying)", crew.name()),
        2,
        LABEL,
    );
    let span = 1.45 * cell as f32 / px as f32;
    for (r, pose) in Pose::ALL.iter().enumerate() {
        let y0 = 24 + r * (cell + label_h);
        let mut specs: Vec<(FigureSpec, String)> = KITS
            .iter()
            .enumerate()
            .map(|(i, (role, kit))| {
                (
                    FigureSpec {
                        crew,
                        role: *role,
                        kit: *kit,
                        base_radius: 27.0 / 25.4 / 2.0,
                        variant: i as u32,
                    },
                    format!("{role:?} {kit:?}"),
                )
            })
            .collect();
        for role in [Role::FlyingDrone, Role::GroundDrone] {
            let mm = if role == Role::GroundDrone {
                40.0
            } else {
                27.0
            };
            specs.push((
                FigureSpec {
                    crew,
                    role,
                    kit: Kit::Unarmed,
                    base_radius: mm / 25.4 / 2.0,
                    variant: 0,
                },
                format!("{role:?}"),
            ));
        }
        for (c, (spec, label)) in specs.iter().enumerate() {
            let m = figure(spec, *pose);
            let cam = fit(&m, 35.0, 14.0, 20.0, Some(0.78), span * 1.08);
            canvas.clear_depth();
            canvas.draw(
                &m,
                &cam,
                [c * cell, y0, cell, cell],
                Paint {
                    team: team(crew),
                    token: [0.2, 0.8, 0.3],
                },
                textures,
            );
            canvas.text(c * cell + 4, y0 + cell + 2, label, 1, LABEL);
        }
    }
    canvas
}

/// A few figures large, standing, kneeling and lying.
fn closeup(textures: &BTreeMap<Texture, Image>) -> Canvas {
    let picks = [
        (Crew::Ashfall, Role::Leader, Kit::Heavy),
        (Crew::Choir, Role::Character, Kit::Rifle),
        (Crew::Tidewater, Role::Leader, Kit::Pistol),
        (Crew::Glasswork, Role::Character, Kit::Rifle),
    ];
    let cell = 330;
    let mut canvas = Canvas::new(cell * 6, cell * 2, BG);
    for (i, (crew, role, kit)) in picks.iter().enumerate() {
        for (j, pose) in Pose::ALL.iter().enumerate() {
            let spec = FigureSpec {
                crew: *crew,
                role: *role,
                kit: *kit,
                base_radius: 27.0 / 25.4 / 2.0,
                variant: i as u32,
            };
            let m = figure(&spec, *pose);
            let k = i * 3 + j;
            let cam = fit(
                &m,
                30.0,
                if *pose == Pose::Lying { 50.0 } else { 12.0 },
                20.0,
                Some(if *pose == Pose::Lying { 0.2 } else { 0.75 }),
                1.7,
            );
            canvas.clear_depth();
            canvas.draw(
                &m,
                &cam,
                [(k % 6) * cell, (k / 6) * cell, cell, cell],
                Paint {
                    team: team(*crew),
                    token: [0.2, 0.8, 0.3],
                },
                textures,
            );
        }
    }
    canvas
}

/// Every starter scenery kind in its own visual (or the one given), with a figure beside it
/// for scale.
fn scenery_sheet(textures: &BTreeMap<Texture, Image>, visual: Option<SceneryVisual>) -> Canvas {
    let catalog = redline_content::starter();
    let pieces: Vec<_> = catalog.scenery.iter().collect();
    let cell = 420;
    let cols = 5;
    let rows = pieces.len().div_ceil(cols);
    let mut canvas = Canvas::new(cols * cell, rows * (cell + 14), BG);
    let scale = FigureSpec {
        crew: Crew::Tidewater,
        role: Role::Character,
        kit: Kit::Rifle,
        base_radius: 27.0 / 25.4 / 2.0,
        variant: 3,
    };
    for (k, piece) in pieces.iter().enumerate() {
        let mut m = scenery(
            visual.unwrap_or_else(|| SceneryVisual::for_piece(piece, None)),
            piece,
        );
        let (lo, hi) = m.bounds().unwrap_or((Vec3::ZERO, Vec3::ONE));
        let fig = figure(&scale, Pose::Standing).transformed(&glam::Affine3A::from_translation(
            Vec3::new(hi.x + 0.9, 0.0, (lo.z + hi.z) / 2.0 + 0.6),
        ));
        m.merge(&fig);
        let (lo, hi) = m.bounds().unwrap_or((Vec3::ZERO, Vec3::ONE));
        let span = (hi - lo).length() * 0.95;
        let cam = fit(&m, 35.0, 28.0, 30.0, None, span);
        let (x, y) = ((k % cols) * cell, (k / cols) * (cell + 14));
        canvas.clear_depth();
        canvas.draw(
            &m,
            &cam,
            [x, y, cell, cell],
            Paint {
                team: team(Crew::Tidewater),
                token: [0.2, 0.8, 0.3],
            },
            textures,
        );
        canvas.text(
            x + 4,
            y + cell + 2,
            &format!("{} ({} tris)", piece.name, m.triangle_count()),
            1,
            LABEL,
        );
    }
    canvas
}

/// Pips, plates, icons, the Body token, the beacon and the active ring.
fn markers_sheet(textures: &BTreeMap<Texture, Image>) -> Canvas {
    use redline_meshes::markers::*;
    let mut items: Vec<(String, Model)> = Vec::new();
    let mut plate = token_plate(3);
    for (slot, state) in pip_slots(3)
        .iter()
        .zip([PipState::Ready, PipState::Used, PipState::Ready])
    {
        plate.merge(&pip(state).transformed(&glam::Affine3A::from_translation(Vec3::from(*slot))));
    }
    items.push(("plate: ready used ready".into(), plate));
    for icon in StateIcon::ALL {
        items.push((format!("{icon:?}"), state_icon(icon)));
    }
    items.push(("body token".into(), body_token()));
    items.push(("objective".into(), objective_beacon()));
    items.push(("active ring".into(), active_ring(27.0 / 25.4 / 2.0)));
    let cell = 220;
    let mut canvas = Canvas::new(cell * items.len(), cell + 16, BG);
    for (k, (label, m)) in items.iter().enumerate() {
        let (lo, hi) = m.bounds().unwrap_or((Vec3::ZERO, Vec3::ONE));
        let flat = hi.z - lo.z < 0.1;
        let cam = fit(
            m,
            if flat { 180.0 } else { 20.0 },
            if flat { 10.0 } else { 45.0 },
            25.0,
            None,
            (hi - lo).length() * 1.3,
        );
        canvas.clear_depth();
        canvas.draw(
            m,
            &cam,
            [k * cell, 0, cell, cell],
            Paint {
                team: team(Crew::Choir),
                token: [0.25, 0.75, 0.35],
            },
            textures,
        );
        canvas.text(k * cell + 4, cell + 4, label, 1, LABEL);
    }
    canvas
}

/// A whole table: the Salvage Run scenario on its first layout — the mat, the scenery, the
/// deployment zones hatched in each team's colour, the objective beacons, two crews
/// deployed, a token plate, a Body token and a Brawl icon — from about 50° down.
fn table(textures: &BTreeMap<Texture, Image>, w: usize, h: usize) -> Canvas {
    use glam::{Affine3A, Quat};
    use redline_meshes::markers::{
        PipState, StateIcon, body_token, objective_beacon, pip, pip_slots, state_icon, token_plate,
        zone_hatch,
    };
    use redline_meshes::mat::mat;
    use redline_meshes::{Mesh, Surface};
    let catalog = redline_content::starter();
    let scenario = catalog.scenarios.get("salvage_run").expect("salvage run");
    let layout = catalog
        .layouts
        .get(&scenario.setup.layouts[0])
        .expect("layout");
    let [tw, td] = layout.size;
    let mut world = mat(tw, td);
    for placed in &layout.pieces {
        let Some(piece) = catalog.scenery.get(&placed.piece) else {
            continue;
        };
        let t = Affine3A::from_rotation_translation(
            Quat::from_rotation_y(placed.rotation_deg.to_radians()),
            Vec3::new(placed.at[0], placed.elevation, placed.at[1]),
        );
        world.merge(&scenery(SceneryVisual::for_piece(piece, None), piece).transformed(&t));
    }
    for m in &scenario.setup.markers {
        world.merge(
            &objective_beacon()
                .transformed(&Affine3A::from_translation(Vec3::new(m[0], 0.0, m[1]))),
        );
    }
    let mut canvas = Canvas::new(w, h, [0.05, 0.06, 0.08]);
    let target = Vec3::new(tw / 2.0, 0.0, td / 2.0 - 1.0);
    let cam = Camera {
        eye: target + Vec3::new(0.0, 26.0, 22.0),
        target,
        fov_y_deg: 45.0,
    };
    let neutral = Paint {
        team: [0.5; 3],
        token: [0.5; 3],
    };
    canvas.draw(&world, &cam, [0, 0, w, h], neutral, textures);
    let table = redline_battlespace::Table::new(tw, td);
    let crews = [
        (Crew::Ashfall, 1.6f32, -90.0f32),
        (Crew::Glasswork, tw - 1.6, 90.0),
    ];
    for (seat, (crew, x, yaw)) in crews.iter().enumerate() {
        let zone = scenario
            .deployment
            .iter()
            .find(|d| usize::from(d.seat) == seat)
            .expect("zone");
        let mut hatch = Model::new();
        hatch.add(
            Surface::TeamCloth,
            &zone_hatch(&table, zone.zone.to_battlespace()),
        );
        canvas.draw(
            &hatch,
            &cam,
            [0, 0, w, h],
            Paint {
                team: team(*crew),
                token: [0.5; 3],
            },
            textures,
        );
        let kits = [
            (Role::Leader, Kit::Heavy),
            (Role::Character, Kit::Rifle),
            (Role::Character, Kit::Melee),
            (Role::Netrunner, Kit::Deck),
            (Role::Gonk, Kit::Melee),
            (Role::Gonk, Kit::Melee),
        ];
        for (i, (role, kit)) in kits.iter().enumerate() {
            let spec = FigureSpec {
                crew: *crew,
                role: *role,
                kit: *kit,
                base_radius: 27.0 / 25.4 / 2.0,
                variant: i as u32,
            };
            let pose = if i == 4 {
                Pose::Kneeling
            } else {
                Pose::Standing
            };
            let at = Vec3::new(*x, 0.0, 4.0 + i as f32 * 2.6);
            let t =
                Affine3A::from_rotation_translation(Quat::from_rotation_y(yaw.to_radians()), at);
            canvas.draw(
                &figure(&spec, pose).transformed(&t),
                &cam,
                [0, 0, w, h],
                Paint {
                    team: team(*crew),
                    token: [0.5; 3],
                },
                textures,
            );
            if i == 0 {
                // The Leader's tokens on a plate over its head, facing the camera.
                let face = Affine3A::from_rotation_translation(
                    Quat::from_rotation_arc(Vec3::Z, (cam.eye - at).normalize()),
                    at + Vec3::Y * 2.0,
                ) * Affine3A::from_scale(Vec3::splat(2.0));
                let mut plate = token_plate(3);
                for (slot, state) in
                    pip_slots(3)
                        .iter()
                        .zip([PipState::Ready, PipState::Used, PipState::Used])
                {
                    plate.merge(
                        &pip(state).transformed(&Affine3A::from_translation(Vec3::from(*slot))),
                    );
                }
                canvas.draw(
                    &plate.transformed(&face),
                    &cam,
                    [0, 0, w, h],
                    Paint {
                        team: team(*crew),
                        token: [0.2, 0.75, 0.3],
                    },
                    textures,
                );
            }
        }
    }
    // A Body token where a model fell, and a Brawl icon over two models in reach.
    let body = body_token().transformed(&Affine3A::from_translation(Vec3::new(
        tw / 2.0 - 2.0,
        0.0,
        6.0,
    )));
    canvas.draw(&body, &cam, [0, 0, w, h], neutral, textures);
    let brawl_at = Vec3::new(tw / 2.0 + 1.0, 0.0, 15.5);
    for (crew, dx, yaw) in [
        (Crew::Ashfall, -0.55f32, -90.0f32),
        (Crew::Glasswork, 0.55, 90.0),
    ] {
        let spec = FigureSpec {
            crew,
            role: Role::Character,
            kit: Kit::Melee,
            base_radius: 27.0 / 25.4 / 2.0,
            variant: 2,
        };
        let t = Affine3A::from_rotation_translation(
            Quat::from_rotation_y(yaw.to_radians()),
            brawl_at + Vec3::X * dx,
        );
        canvas.draw(
            &figure(&spec, Pose::Standing).transformed(&t),
            &cam,
            [0, 0, w, h],
            Paint {
                team: team(crew),
                token: [0.5; 3],
            },
            textures,
        );
    }
    let icon = state_icon(StateIcon::Brawl).transformed(
        &(Affine3A::from_rotation_translation(
            Quat::from_rotation_arc(Vec3::Z, (cam.eye - brawl_at).normalize()),
            brawl_at + Vec3::Y * 2.0,
        ) * Affine3A::from_scale(Vec3::splat(2.0))),
    );
    canvas.draw(&icon, &cam, [0, 0, w, h], neutral, textures);
    let _ = Mesh::default();
    canvas
}
/// Every crew's roles standing, each figure 40 px tall (shown three times larger).
fn roles_40px(textures: &BTreeMap<Texture, Image>) -> Canvas {
    let px = 40;
    let cell = 52;
    let cols = KITS.len() + 2;
    let mut canvas = Canvas::new(cols * cell, Crew::ALL.len() * cell, BG);
    let span = 1.45 * cell as f32 / px as f32;
    for (r, crew) in Crew::ALL.iter().enumerate() {
        let drones = [Role::FlyingDrone, Role::GroundDrone].map(|role| {
            let mm = if role == Role::GroundDrone {
                40.0
            } else {
                27.0
            };
            FigureSpec {
                crew: *crew,
                role,
                kit: Kit::Unarmed,
                base_radius: mm / 25.4 / 2.0,
                variant: 0,
            }
        });
        let specs = KITS
            .iter()
            .enumerate()
            .map(|(c, (role, kit))| FigureSpec {
                crew: *crew,
                role: *role,
                kit: *kit,
                base_radius: 27.0 / 25.4 / 2.0,
                variant: c as u32,
            })
            .chain(drones);
        for (c, spec) in specs.enumerate() {
            let m = figure(&spec, Pose::Standing);
            let cam = fit(&m, 25.0, 40.0, 20.0, Some(0.7), span);
            canvas.clear_depth();
            canvas.draw(
                &m,
                &cam,
                [c * cell, r * cell, cell, cell],
                Paint {
                    team: team(*crew),
                    token: [0.2, 0.8, 0.3],
                },
                textures,
            );
        }
    }
    canvas
}
