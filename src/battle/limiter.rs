//! The Limiter (GEN-6, GEN-7): a 1"-wide, 12" ruler laid from the selected model's base
//! edge along its facing, with RED (to 3"), YELLOW (to 7") and GREEN (to 12") bands.
//!
//! This file owns its geometry; `visuals::limiter` gives the bands meshes.

use bevy::prelude::*;
use redline_rules::card::Colour;

use super::selection::{SelectedModel, apply_selection};
use super::spawn::Miniature;
use crate::AppSystems;
use crate::screens::Screen;

/// The Limiter's width: reach (GEN-7).
pub const LIMITER_WIDTH: f32 = 1.0;

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

/// Where a band's centre sits in the Limiter's frame, for a base of `base_radius`.
pub fn band_centre(band: &LimiterBand, base_radius: f32) -> Vec3 {
    let along = base_radius + (band.start + band.end) / 2.0;
    Vec3::new(0.0, LIMITER_LIFT / 2.0, -along)
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        follow_selection
            .after(apply_selection)
            .in_set(AppSystems::Update)
            .run_if(in_state(Screen::Battle).and_then(resource_changed::<SelectedModel>)),
    );
}

/// Lays the Limiter beside the selected model, or lifts it when nothing is selected.
fn follow_selection(
    mut commands: Commands,
    selected: Res<SelectedModel>,
    limiters: Query<Entity, With<Limiter>>,
    miniatures: Query<(&Miniature, &Transform)>,
) {
    for limiter in &limiters {
        commands.entity(limiter).despawn();
    }
    let Some(model) = selected.0 else {
        return;
    };
    let Ok((miniature, transform)) = miniatures.get(model) else {
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
