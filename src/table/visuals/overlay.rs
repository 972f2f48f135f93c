//! Lines drawn over the table each frame: the route of a move being aimed, coloured by the
//! Limiter band each stretch falls in, with a ring where it ends; the Path of Attack of an
//! action being aimed (1" wide, amber with cover, red when blocked) with a ring on each
//! piece that gives +1; in the model's-eye view, an outline round every solid of each
//! piece the engine's Path of Attack reports ([`CoverOutline`]); an aimed Drag's piece or
//! model under the pointer ([`DragHighlight`]), and the drag it would make: the dragger's
//! route and the dragged piece's (or model's) ghost where it ends; and the deploying seat's
//! zone.

use bevy::prelude::*;
use redline_rules::card::Band;

use crate::headless::flow::aim::AimPreview;
use crate::headless::flow::aim::{DragPreview, Dragged};
use crate::headless::game::match_state::Match;
use crate::headless::schedule::AppSystems;
use crate::table::drag_aim::DragHighlight;
use crate::table::eye::CoverOutline;
use crate::table::limiter::LIMITER_WIDTH;
use crate::table::scene::{BattleScene, Solid};
use crate::table::spawn::{Miniature, Scenery, ScenerySolid};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (
            draw_aim,
            draw_zone,
            draw_cover_outlines,
            draw_drag_highlight,
            draw_drag_ghost,
        )
            .after(AppSystems::Update),
    );
}

/// The Limiter band a point of the route lies in, by the engine's range bands.
fn band_colour(band: Band) -> Color {
    match band {
        Band::Red => Color::srgb(0.95, 0.25, 0.2),
        Band::Yellow => Color::srgb(1.0, 0.85, 0.2),
        Band::Green | Band::Long => Color::srgb(0.25, 0.85, 0.4),
    }
}

fn draw_aim(preview: Res<AimPreview>, mut gizmos: Gizmos) {
    let lift = Vec3::Y * 0.08;
    match &*preview {
        AimPreview::Route(Ok(route)) => {
            let mut walked = 0.0;
            for pair in route.path.windows(2) {
                let (a, b) = (Vec3::from_array(pair[0]), Vec3::from_array(pair[1]));
                let steps = ((a.distance(b) / 0.25).ceil() as usize).max(1);
                for i in 0..steps {
                    let p = a.lerp(b, i as f32 / steps as f32);
                    let q = a.lerp(b, (i + 1) as f32 / steps as f32);
                    walked += p.distance(q);
                    let colour = if walked > route.band + 1e-3 {
                        Color::srgb(0.5, 0.5, 0.5)
                    } else {
                        band_colour(Band::of_distance(walked))
                    };
                    // The Limiter is as wide as reach: draw both edges and the centre line.
                    let side = (q - p).cross(Vec3::Y).normalize_or_zero() * LIMITER_WIDTH / 2.0;
                    gizmos.line(p + lift, q + lift, colour);
                    gizmos.line(p + lift + side, q + lift + side, colour);
                    gizmos.line(p + lift - side, q + lift - side, colour);
                }
            }
            if let Some(end) = route.path.last() {
                let ok = route.check.is_ok();
                gizmos.circle(
                    Isometry3d::new(
                        Vec3::from_array(*end) + lift,
                        Quat::from_rotation_x(std::f32::consts::FRAC_PI_2),
                    ),
                    0.55,
                    if ok {
                        Color::WHITE
                    } else {
                        Color::srgb(0.95, 0.25, 0.2)
                    },
                );
            }
        }
        AimPreview::Drag(d) => draw_drag_route(&mut gizmos, d),
        AimPreview::Target(t) => {
            let Some(poa) = &t.poa else { return };
            let colour = if poa.blocked_by.is_some() {
                Color::srgb(0.95, 0.25, 0.2)
            } else if poa.cover.is_empty() {
                Color::srgb(0.3, 0.9, 0.45)
            } else {
                Color::srgb(1.0, 0.75, 0.2)
            };
            let (a, b) = (poa.from, poa.to);
            let side = (b - a).with_y(0.0).cross(Vec3::Y).normalize_or_zero() * 0.5;
            for s in [-1.0f32, 0.0, 1.0] {
                gizmos.line(a + side * s, b + side * s, colour);
            }
            gizmos.line(a - side, a + side, colour);
            gizmos.line(b - side, b + side, colour);
            for mark in poa.cover.iter().chain(poa.blocked_by.iter()) {
                gizmos.sphere(Isometry3d::from_translation(mark.at), 0.35, colour);
            }
        }
        _ => {}
    }
}

fn draw_zone(current: Option<Res<Match>>, scene: Res<BattleScene>, mut gizmos: Gizmos) {
    let Some(seat) = current.and_then(|c| c.game().deploying()) else {
        return;
    };
    let deploying = usize::from(seat.0);
    for zone in scene.table.zones.iter().filter(|z| z.team == deploying) {
        let (min, max) = (zone.min, zone.max);
        let y = 0.06;
        let corners = [
            Vec3::new(min.x, y, min.y),
            Vec3::new(max.x, y, min.y),
            Vec3::new(max.x, y, max.y),
            Vec3::new(min.x, y, max.y),
            Vec3::new(min.x, y, min.y),
        ];
        gizmos.linestrip(corners, Color::WHITE);
    }
}

/// Outline colour of a piece giving cover in the model's-eye view.
const OUTLINE: Color = Color::srgb(1.0, 0.82, 0.3);

/// Each solid of an outlined piece, drawn as a wire frame a hair outside its faces.
fn draw_cover_outlines(
    pieces: Pieces<With<CoverOutline>>,
    solids: Query<&ScenerySolid>,
    mut gizmos: Gizmos,
) {
    outline_pieces(&mut gizmos, &pieces, &solids, OUTLINE);
}

/// Scenery pieces, their solids and where they stand (moved by a drag), picked by `F`.
type Pieces<'w, 's, F> = Query<'w, 's, (&'static Children, &'static Transform), F>;

/// Every solid of each piece, where the piece stands now (moved by a drag).
fn outline_pieces<F: bevy::ecs::query::QueryFilter>(
    gizmos: &mut Gizmos,
    pieces: &Pieces<F>,
    solids: &Query<&ScenerySolid>,
    colour: Color,
) {
    for (children, moved) in pieces {
        for solid in solids.iter_many(children) {
            outline(gizmos, &solid.0, moved.translation, colour);
        }
    }
}

/// Colour of what an aimed Drag would pick, and of its ghost.
const DRAG: Color = Color::srgb(0.35, 0.85, 1.0);

/// The piece or model an aimed Drag would pick (or has picked): its solids outlined, or a
/// ring round its base.
fn draw_drag_highlight(
    pieces: Pieces<(With<DragHighlight>, With<Scenery>)>,
    models: Query<(&Miniature, &Transform), With<DragHighlight>>,
    solids: Query<&ScenerySolid>,
    mut gizmos: Gizmos,
) {
    outline_pieces(&mut gizmos, &pieces, &solids, DRAG);
    for (miniature, at) in &models {
        let ring = Isometry3d::new(
            at.translation + Vec3::Y * 0.08,
            Quat::from_rotation_x(std::f32::consts::FRAC_PI_2),
        );
        gizmos.circle(ring, miniature.base_diameter / 2.0 + 0.15, DRAG);
    }
}

/// The offered drag nearest the pointer: the dragger's route, a ring where it ends, and the
/// dragged thing's ghost where it is put down (a dragged piece's is drawn by
/// [`draw_drag_ghost`]).
fn draw_drag_route(gizmos: &mut Gizmos, d: &DragPreview) {
    let lift = Vec3::Y * 0.08;
    let flat = Quat::from_rotation_x(std::f32::consts::FRAC_PI_2);
    let colour = band_colour(Band::Red);
    for pair in d.path.windows(2) {
        gizmos.line(
            Vec3::from(pair[0]) + lift,
            Vec3::from(pair[1]) + lift,
            colour,
        );
    }
    if let Some(end) = d.path.last() {
        gizmos.circle(Isometry3d::new(Vec3::from(*end) + lift, flat), 0.55, colour);
    }
    if let Dragged::Model(_) = d.dragged {
        let end = Vec3::from(d.end);
        gizmos.circle(Isometry3d::new(end + lift, flat), 0.55, DRAG);
        gizmos.line(end + lift, end + Vec3::Y * 1.3, DRAG);
    }
}

/// A dragged piece's ghost: its solids outlined where the previewed drag puts it down.
fn draw_drag_ghost(
    preview: Res<AimPreview>,
    pieces: Query<(&Scenery, &Children, &Transform)>,
    solids: Query<&ScenerySolid>,
    mut gizmos: Gizmos,
) {
    let AimPreview::Drag(d) = &*preview else {
        return;
    };
    let Dragged::Object(object) = d.dragged else {
        return;
    };
    for (piece, children, moved) in &pieces {
        if piece.id.0 != object {
            continue;
        }
        for solid in solids.iter_many(children) {
            let offset = moved.translation + Vec3::from(d.shift);
            outline(&mut gizmos, &solid.0, offset, DRAG);
        }
    }
}

/// A solid's wire frame a hair outside its faces, moved by `offset` (a dragged piece's
/// shift).
fn outline(gizmos: &mut Gizmos, solid: &Solid, offset: Vec3, colour: Color) {
    const PROUD: f32 = 0.04;
    match solid {
        Solid::Box { centre, size, yaw } => {
            gizmos.cube(
                Transform::from_translation(*centre + offset)
                    .with_rotation(Quat::from_rotation_y(*yaw))
                    .with_scale(*size + Vec3::splat(PROUD * 2.0)),
                colour,
            );
        }
        Solid::Cylinder {
            centre,
            radius,
            height,
        } => {
            let flat = Quat::from_rotation_x(std::f32::consts::FRAC_PI_2);
            for y in [-height / 2.0, height / 2.0] {
                gizmos.circle(
                    Isometry3d::new(*centre + offset + Vec3::Y * y, flat),
                    radius + PROUD,
                    colour,
                );
            }
        }
        Solid::Prism {
            footprint,
            base,
            height,
        } => {
            let ring = |y: f32| (footprint.iter()).map(move |p| Vec3::new(p.x, y, p.y) + offset);
            let (low, high) = (base - PROUD, base + height + PROUD);
            for y in [low, high] {
                gizmos.linestrip(ring(y).chain(ring(y).take(1)), colour);
            }
            for (a, b) in ring(low).zip(ring(high)) {
                gizmos.line(a, b, colour);
            }
        }
    }
}
