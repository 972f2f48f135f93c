//! What a frame of `--scene frame-time` costs beyond its length: the CPU time of the
//! `Update` schedule, where every system of the game's own runs (Bevy's diagnostics path
//! [`UPDATE_SYSTEMS`]), the time of `PostUpdate` (the egui panels, and Bevy's transform,
//! visibility and picking passes), and how many meshes are drawn.

use std::time::{Duration, Instant};

use bevy::app::MainScheduleOrder;
use bevy::diagnostic::{Diagnostic, DiagnosticPath, Diagnostics, RegisterDiagnostic};
use bevy::ecs::schedule::ScheduleLabel;
use bevy::prelude::*;

/// Milliseconds the `Update` schedule took, per frame.
pub(super) const UPDATE_SYSTEMS: DiagnosticPath = DiagnosticPath::const_new("redline/update_ms");
/// Milliseconds the `PostUpdate` schedule took, per frame.
pub(super) const POST_UPDATE: DiagnosticPath = DiagnosticPath::const_new("redline/post_update_ms");

/// Runs just before `Update`.
#[derive(ScheduleLabel, Debug, Clone, PartialEq, Eq, Hash)]
struct BeforeUpdate;

/// Runs just after `Update`, before `SpawnScene` and `PostUpdate`.
#[derive(ScheduleLabel, Debug, Clone, PartialEq, Eq, Hash)]
struct AfterUpdate;

/// Runs just after `PostUpdate`.
#[derive(ScheduleLabel, Debug, Clone, PartialEq, Eq, Hash)]
struct AfterPostUpdate;

/// The costs measured so far, one entry per frame.
#[derive(Resource, Debug, Default)]
pub(super) struct FrameCosts {
    /// Time of `Update`.
    pub update: Vec<Duration>,
    /// Time of `PostUpdate`.
    pub post_update: Vec<Duration>,
    /// Meshes visible to the camera in the last frame.
    pub meshes_drawn: usize,
    /// Their triangles.
    pub triangles_drawn: usize,
    started: Option<Instant>,
}

impl FrameCosts {
    /// Forgets what was measured (the warm-up).
    pub fn clear(&mut self) {
        self.update.clear();
        self.post_update.clear();
    }
}

/// The median of some durations, milliseconds.
pub(super) fn median_ms(times: &[Duration]) -> f64 {
    let mut ms: Vec<f64> = times.iter().map(|d| d.as_secs_f64() * 1000.0).collect();
    ms.sort_by(f64::total_cmp);
    ms.get(ms.len() / 2).copied().unwrap_or(0.0)
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<FrameCosts>();
    app.register_diagnostic(Diagnostic::new(UPDATE_SYSTEMS).with_suffix(" ms"));
    app.register_diagnostic(Diagnostic::new(POST_UPDATE).with_suffix(" ms"));
    app.init_schedule(BeforeUpdate);
    app.init_schedule(AfterUpdate);
    app.init_schedule(AfterPostUpdate);
    let mut order = app.world_mut().resource_mut::<MainScheduleOrder>();
    order.insert_before(Update, BeforeUpdate);
    order.insert_after(Update, AfterUpdate);
    order.insert_after(PostUpdate, AfterPostUpdate);
    app.add_systems(BeforeUpdate, start_clock);
    app.add_systems(AfterUpdate, stop_update_clock);
    app.add_systems(AfterPostUpdate, stop_post_update_clock);
    app.add_systems(Last, count_meshes);
}

fn start_clock(mut costs: ResMut<FrameCosts>) {
    costs.started = Some(Instant::now());
}

fn stop_update_clock(mut costs: ResMut<FrameCosts>, mut diagnostics: Diagnostics) {
    let Some(started) = costs.started else {
        return;
    };
    let took = started.elapsed();
    costs.update.push(took);
    costs.started = Some(Instant::now());
    diagnostics.add_measurement(&UPDATE_SYSTEMS, || took.as_secs_f64() * 1000.0);
}

fn stop_post_update_clock(mut costs: ResMut<FrameCosts>, mut diagnostics: Diagnostics) {
    let Some(started) = costs.started.take() else {
        return;
    };
    let took = started.elapsed();
    costs.post_update.push(took);
    diagnostics.add_measurement(&POST_UPDATE, || took.as_secs_f64() * 1000.0);
}

/// Meshes the camera sees (each is at least one draw), and their triangles.
fn count_meshes(
    mut costs: ResMut<FrameCosts>,
    meshes: Query<(&ViewVisibility, &Mesh3d)>,
    assets: Res<Assets<Mesh>>,
) {
    let seen = || meshes.iter().filter(|(v, _)| v.get());
    costs.meshes_drawn = seen().count();
    costs.triangles_drawn = seen()
        .filter_map(|(_, mesh)| assets.get(&mesh.0))
        .map(|mesh| {
            mesh.indices()
                .map_or(mesh.count_vertices(), |indices| indices.len())
                / 3
        })
        .sum();
}
