//! A bare scene to compare the table's frame time against: 46 plain boxes on a plain slab,
//! one light, one egui window, in a 1280×720 window with the Low preset's settings (no MSAA,
//! no tonemapping, no shadows) and continuous redraw, as `redline --smoke --scene frame-time`
//! runs. Prints the median and worst frame time over 600 frames, then exits:
//! `cargo run --release --example bare_scene` (docs/table.md).

use std::time::{Duration, Instant};

use bevy::core_pipeline::tonemapping::Tonemapping;
use bevy::prelude::*;
use bevy::render::RenderPlugin;
use bevy::winit::WinitSettings;
use bevy_egui::{EguiContexts, EguiGlobalSettings, EguiPlugin, EguiPrimaryContextPass, egui};

/// Frames before measuring (pipelines compile, the window settles).
const WARM_UP: usize = 40;
/// Frames measured, as the `frame-time` smoke scene.
const MEASURED: usize = 600;

#[derive(Resource, Default)]
struct Clock {
    last: Option<Instant>,
    times: Vec<Duration>,
}

fn main() -> AppExit {
    App::new()
        .add_plugins(
            DefaultPlugins
                .set(WindowPlugin {
                    primary_window: Some(Window {
                        title: "Bare scene".into(),
                        resolution: (1280, 720).into(),
                        ..default()
                    }),
                    ..default()
                })
                .set(RenderPlugin {
                    synchronous_pipeline_compilation: true,
                    ..default()
                }),
        )
        .add_plugins(EguiPlugin::default())
        .insert_resource(EguiGlobalSettings {
            auto_create_primary_context: false,
            ..default()
        })
        .insert_resource(WinitSettings::continuous())
        .init_resource::<Clock>()
        .add_systems(Startup, set_up)
        .add_systems(EguiPrimaryContextPass, window)
        .add_systems(Update, time_frames)
        .run()
}

fn set_up(
    mut commands: Commands,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
) {
    commands.spawn((
        Camera3d::default(),
        Msaa::Off,
        Tonemapping::None,
        bevy_egui::PrimaryEguiContext,
        Transform::from_xyz(15.0, 26.0, 34.0).looking_at(Vec3::new(15.0, 0.0, 11.0), Vec3::Y),
    ));
    commands.spawn((
        DirectionalLight::default(),
        Transform::from_xyz(4.0, 30.0, 30.0).looking_at(Vec3::new(15.0, 0.0, 11.0), Vec3::Y),
    ));
    let grey = materials.add(Color::srgb(0.4, 0.42, 0.45));
    commands.spawn((
        Mesh3d(meshes.add(Cuboid::new(30.0, 0.4, 22.0))),
        MeshMaterial3d(grey.clone()),
        Transform::from_xyz(15.0, -0.2, 11.0),
    ));
    let cube = meshes.add(Cuboid::new(1.0, 1.0, 1.0));
    for i in 0..46 {
        let (x, z) = ((i % 8) as f32 * 3.5 + 2.0, (i / 8) as f32 * 3.5 + 2.0);
        commands.spawn((
            Mesh3d(cube.clone()),
            MeshMaterial3d(grey.clone()),
            Transform::from_xyz(x, 0.5, z),
        ));
    }
}

fn window(mut contexts: EguiContexts) -> Result {
    egui::Window::new("Bare scene").show(contexts.ctx_mut()?, |ui| {
        ui.label("46 boxes, one light, one window.");
    });
    Ok(())
}

fn time_frames(mut clock: ResMut<Clock>, mut exit: MessageWriter<AppExit>) {
    let now = Instant::now();
    if let Some(last) = clock.last {
        clock.times.push(now.duration_since(last));
    }
    clock.last = Some(now);
    if clock.times.len() == WARM_UP + MEASURED {
        let mut ms: Vec<f64> = clock.times[WARM_UP..]
            .iter()
            .map(|d| d.as_secs_f64() * 1000.0)
            .collect();
        ms.sort_by(f64::total_cmp);
        println!(
            "bare scene frame time over {MEASURED} frames at 1280x720: median {:.1} ms, worst {:.1} ms",
            ms[ms.len() / 2],
            ms.last().copied().unwrap_or(0.0)
        );
        exit.write(AppExit::Success);
    }
}
