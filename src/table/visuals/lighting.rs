//! The battle's lights, a night harbour that stays readable: a warm sodium key light from
//! above the near-left corner, a cool moonlit fill from the far side and a blue-grey
//! ambient. High quality adds shadows, sodium lamps along the quay and two neon accents.
//! Low keeps the key light alone (no shadows) with a brighter ambient in place of the
//! moonlight, so CPU renderers stay usable: each directional light is a share of the
//! per-pixel cost (docs/table.md, Speed).

use bevy::prelude::*;

use crate::headless::screen::Screen;
use crate::table::render_quality::RenderQuality;
use crate::table::spawn::Table;

/// Sodium lamp colour.
const SODIUM: Color = Color::srgb(1.0, 0.84, 0.64);
/// Moonlight colour.
const MOON: Color = Color::srgb(0.55, 0.66, 1.0);
/// Where the key light shines from, and the point it shines at.
const KEY_FROM: Vec3 = Vec3::new(4.0, 30.0, 30.0);
const KEY_AT: Vec3 = Vec3::new(15.0, 0.0, 11.0);
/// The key light's illuminance, lux.
const KEY_LUX: f32 = 6_500.0;
/// The ambient's colour.
const AMBIENT: Color = Color::srgb(0.5, 0.6, 0.9);

/// The ambient: brighter at Low, where it stands in for the moonlight.
fn ambient(quality: RenderQuality) -> GlobalAmbientLight {
    GlobalAmbientLight {
        color: AMBIENT,
        brightness: match quality {
            RenderQuality::Low => 1_400.0,
            RenderQuality::High => 420.0,
        },
        ..default()
    }
}

/// The light a level surface gets at Low (the key light and the ambient, no shadows), as
/// the factor the lit shader would multiply its colour by: Lambert's diffuse term of the
/// key light plus the ambient, at the camera's default exposure. The flat mat uses it.
pub(super) fn on_level_ground() -> LinearRgba {
    let exposure = bevy::camera::Exposure::default().exposure();
    let n_dot_l = (KEY_FROM - KEY_AT).normalize().y.max(0.0);
    let key = LinearRgba::from(SODIUM) * (KEY_LUX * n_dot_l / std::f32::consts::PI);
    let sky = LinearRgba::from(AMBIENT) * ambient(RenderQuality::Low).brightness;
    LinearRgba::rgb(
        (key.red + sky.red) * exposure,
        (key.green + sky.green) * exposure,
        (key.blue + sky.blue) * exposure,
    )
}

pub(super) fn plugin(app: &mut App) {
    app.insert_resource(ambient(RenderQuality::High));
    app.add_systems(
        OnEnter(Screen::Battle),
        |commands: Commands, quality: Res<RenderQuality>| {
            spawn_lights(commands, quality, Screen::Battle);
        },
    );
    app.add_systems(
        OnEnter(Screen::Planner),
        |commands: Commands, quality: Res<RenderQuality>| {
            spawn_lights(commands, quality, Screen::Planner);
        },
    );
    app.add_systems(Update, hang_lamps);
}

/// The directional lights and the ambient, for the screen that shows a table (the battle,
/// the planner's 3D view): the key light, and at High the moonlight.
fn spawn_lights(mut commands: Commands, quality: Res<RenderQuality>, screen: Screen) {
    commands.insert_resource(ambient(*quality));
    commands.spawn((
        Name::new("Sodium key light"),
        DirectionalLight {
            color: SODIUM,
            illuminance: KEY_LUX,
            shadow_maps_enabled: *quality == RenderQuality::High,
            ..default()
        },
        Transform::from_translation(KEY_FROM).looking_at(KEY_AT, Vec3::Y),
        DespawnOnExit(screen),
    ));
    if *quality == RenderQuality::Low {
        return;
    }
    commands.spawn((
        Name::new("Moonlight"),
        DirectionalLight {
            color: MOON,
            illuminance: 3_600.0,
            ..default()
        },
        Transform::from_xyz(30.0, 25.0, -10.0).looking_at(Vec3::new(15.0, 0.0, 11.0), Vec3::Y),
        DespawnOnExit(screen),
    ));
}

/// At High quality: sodium lamps over the quay and neon accents at two corners, children
/// of the table (they go with it).
fn hang_lamps(
    mut commands: Commands,
    tables: Query<(Entity, &Table), Added<Table>>,
    quality: Res<RenderQuality>,
) {
    if *quality != RenderQuality::High {
        return;
    }
    for (entity, table) in &tables {
        let (w, d) = (table.width, table.depth);
        let lamp = |colour: Color, intensity: f32, at: Vec3| {
            (
                PointLight {
                    color: colour,
                    intensity,
                    range: 24.0,
                    radius: 0.3,
                    shadow_maps_enabled: false,
                    ..default()
                },
                Transform::from_translation(at),
                ChildOf(entity),
            )
        };
        for x in [w * 0.2, w * 0.5, w * 0.8] {
            commands.spawn((
                Name::new("Sodium lamp"),
                lamp(SODIUM, 60_000.0, Vec3::new(x, 9.0, -1.5)),
            ));
        }
        commands.spawn((
            Name::new("Neon"),
            lamp(
                Color::srgb(0.3, 0.9, 1.0),
                25_000.0,
                Vec3::new(-1.0, 3.0, d + 1.0),
            ),
        ));
        commands.spawn((
            Name::new("Neon"),
            lamp(
                Color::srgb(1.0, 0.3, 0.85),
                25_000.0,
                Vec3::new(w + 1.0, 3.0, d * 0.6),
            ),
        ));
    }
}
