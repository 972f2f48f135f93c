//! The Limiter (GEN-6, GEN-7): a 1"-wide, 12" ruler laid from the selected model's base
//! edge along its facing, with RED (to 3"), YELLOW (to 7") and GREEN (to 12") bands.
//! While a move is aimed it bends along the chosen route (MOVE-2): each band follows the
//! route from the model's start, and runs on straight past the route's end to show the
//! reach that is left.
//!
//! This file owns its geometry; `visuals::limiter` gives the bands meshes.

use bevy::prelude::*;
use redline_rules::card::Colour;

use redline_rules::Command;

use crate::headless::flow::aim::AimPreview;
use crate::headless::schedule::AppSystems;
use crate::headless::screen::Screen;
use crate::table::selection::{SelectedModel, apply_selection, follow_the_play};
use crate::table::spawn::Miniature;

/// The Limiter's width: reach (GEN-7).
pub const LIMITER_WIDTH: f32 = redline_battlespace::REACH;

/// Height of the ruler's top above the table, so it reads over the mat.
pub const LIMITER_LIFT: f32 = 0.03;

/// The Limiter laid beside a model. Its `Transform` sits at the model's base centre on
/// the table, turned like the model (forward is -Z).
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limiter {
    /// The model it measures from.
    pub model: Entity,
}

/// One colour band of the Limiter (child of [`Limiter`]), measured from the base edge.
#[derive(Component, Debug, Clone, Copy, PartialEq)]
pub struct LimiterBand {
    /// Band colour.
    pub colour: Colour,
    /// Distance from the base edge where the band starts, inches.
    pub start: f32,
    /// Distance where it ends: the colour's move length (MOVE-1).
    pub end: f32,
}

impl LimiterBand {
    /// Length of the band, inches.
    pub fn length(&self) -> f32 {
        self.end - self.start
    }
}

/// The three bands, nearest first: RED 0-3", YELLOW 3-7", GREEN 7-12".
pub fn limiter_bands() -> [LimiterBand; 3] {
    let mut start = 0.0;
    [Colour::Red, Colour::Yellow, Colour::Green].map(|colour| {
        let end = colour.move_inches();
        let band = LimiterBand { colour, start, end };
        start = end;
        band
    })
}

/// A band laid along a bent route: its centre line in table coordinates.
#[derive(Component, Debug, Clone, PartialEq)]
pub struct LimiterBend(pub Vec<Vec3>);

/// The part of a polyline between `from` and `to` inches along it; a polyline shorter
/// than `to` runs on straight in its last direction.
pub fn slice_path(path: &[Vec3], from: f32, to: f32) -> Vec<Vec3> {
    let mut out = Vec::new();
    let mut walked = 0.0;
    let point_at =
        |a: Vec3, b: Vec3, d: f32, start: f32| a + (b - a).normalize_or_zero() * (d - start);
    let mut last = None;
    for pair in path.windows(2) {
        let (a, b) = (pair[0], pair[1]);
        let len = a.distance(b);
        if len < 1e-5 {
            continue;
        }
        let end = walked + len;
        if end > from && walked < to {
            if out.is_empty() {
                out.push(point_at(a, b, from.max(walked), walked));
            }
            out.push(point_at(a, b, to.min(end), walked));
        }
        walked = end;
        last = Some((a, b));
        if walked >= to {
            return out;
        }
    }
    // Past the route's end: straight on.
    if let Some((a, b)) = last {
        let dir = (b - a).normalize_or_zero();
        if out.is_empty() {
            out.push(b + dir * (from - walked));
        }
        out.push(b + dir * (to - walked));
    }
    out
}

/// Where a band's centre sits in the Limiter's frame, for a base of `base_radius`.
pub fn band_centre(band: &LimiterBand, base_radius: f32) -> Vec3 {
    let along = base_radius + (band.start + band.end) / 2.0;
    Vec3::new(0.0, LIMITER_LIFT / 2.0, -along)
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        lay_limiter
            .after(apply_selection)
            .after(follow_the_play)
            .in_set(AppSystems::Update)
            .run_if(in_state(Screen::Battle).and_then(
                resource_changed::<SelectedModel>.or_else(resource_changed::<AimPreview>),
            )),
    );
}

/// Lays the Limiter along the aimed route, else beside the selected model, else lifts it.
fn lay_limiter(
    mut commands: Commands,
    selected: Res<SelectedModel>,
    preview: Res<AimPreview>,
    limiters: Query<Entity, With<Limiter>>,
    miniatures: Query<(Entity, &Miniature, &Transform)>,
) {
    for limiter in &limiters {
        commands.entity(limiter).despawn();
    }
    if let AimPreview::Route(Ok(route)) = &*preview
        && let Command::Act(a) = &route.command
        && let Some((entity, _, _)) = miniatures.iter().find(|(_, m, _)| m.model == a.model)
    {
        let path: Vec<Vec3> = route
            .path
            .iter()
            .map(|p| Vec3::from_array(*p).with_y(p[1] + LIMITER_LIFT))
            .collect();
        commands
            .spawn((
                Name::new("Limiter (bent)"),
                Limiter { model: entity },
                Transform::IDENTITY,
                Visibility::default(),
                DespawnOnExit(Screen::Battle),
            ))
            .with_children(|parent| {
                for band in limiter_bands() {
                    parent.spawn((
                        band,
                        LimiterBend(slice_path(&path, band.start, band.end)),
                        Transform::IDENTITY,
                        Visibility::default(),
                    ));
                }
            });
        return;
    }
    let Some(model) = selected.0 else {
        return;
    };
    let Ok((_, miniature, transform)) = miniatures.get(model) else {
        return;
    };
    let radius = miniature.base_diameter / 2.0;
    let origin = Vec3::new(transform.translation.x, 0.0, transform.translation.z);
    commands
        .spawn((
            Name::new("Limiter"),
            Limiter { model },
            Transform::from_translation(origin).with_rotation(transform.rotation),
            Visibility::default(),
            DespawnOnExit(Screen::Battle),
        ))
        .with_children(|parent| {
            for band in limiter_bands() {
                parent.spawn((
                    band,
                    Transform::from_translation(band_centre(&band, radius)),
                    Visibility::default(),
                ));
            }
        });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gen_6_a_band_follows_a_bent_route_and_runs_on_past_its_end() {
        // 2" east, then 4" north: RED (0-3") turns the corner, YELLOW (3-7") leaves the
        // route at 6" and runs on north.
        let path = [
            Vec3::ZERO,
            Vec3::new(2.0, 0.0, 0.0),
            Vec3::new(2.0, 0.0, -4.0),
        ];
        let red = slice_path(&path, 0.0, 3.0);
        assert_eq!(
            red,
            vec![
                Vec3::ZERO,
                Vec3::new(2.0, 0.0, 0.0),
                Vec3::new(2.0, 0.0, -1.0)
            ]
        );
        let yellow = slice_path(&path, 3.0, 7.0);
        assert_eq!(yellow.first(), Some(&Vec3::new(2.0, 0.0, -1.0)));
        assert!(yellow.last().unwrap().distance(Vec3::new(2.0, 0.0, -5.0)) < 1e-5);
        let green = slice_path(&path, 7.0, 12.0);
        assert_eq!(green.len(), 2);
        assert!(green[0].distance(Vec3::new(2.0, 0.0, -5.0)) < 1e-5);
        assert!(green[1].distance(Vec3::new(2.0, 0.0, -10.0)) < 1e-5);
        let length: f32 = green.windows(2).map(|w| w[0].distance(w[1])).sum();
        assert!((length - 5.0).abs() < 1e-5);
    }
}
