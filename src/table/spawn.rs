//! Spawns the battle's entities from the [`BattleScene`] when the Battle screen opens:
//! the table, one entity per scenery piece (with a child per solid), one per miniature.
//! They carry data only; `visuals` adds meshes. All despawn when the screen exits.

use bevy::prelude::*;
use redline_rules::ModelId;
use redline_rules::card::{Colour, Skills};

use crate::headless::screen::Screen;
use crate::table::look::{Figure, FigureLook, Pip};
use crate::table::scene::{BattleScene, DressedPiece, SceneryKind, SceneryTag, Solid, TeamSpec};
use redline_meshes::markers::PipState;

/// The table mat; its corner is the origin.
#[derive(Component, Debug, Clone, Copy)]
pub struct Table {
    /// Size along x, inches.
    pub width: f32,
    /// Size along z, inches.
    pub depth: f32,
}

/// A scenery piece.
#[derive(Component, Debug, Clone)]
pub struct Scenery {
    /// The engine's id of the piece.
    pub id: redline_battlespace::SceneryId,
    /// Name used in messages.
    pub name: String,
    /// What it looks like.
    pub kind: SceneryKind,
    /// What it is for the rules.
    pub tags: Vec<SceneryTag>,
}

impl Scenery {
    /// Barrier rather than obstacle (MOVE-5).
    pub fn is_barrier(&self) -> bool {
        self.tags.contains(&SceneryTag::Barrier)
    }
}

/// A pack's piece as placed, drawn as what it is (the engine's solids are its
/// [`Scenery`] entities).
#[derive(Component, Debug, Clone)]
pub struct DressedScenery(pub DressedPiece);

/// One solid of a scenery piece (child of the [`Scenery`] entity), in table coordinates.
#[derive(Component, Debug, Clone)]
pub struct ScenerySolid(pub Solid);

/// A miniature on the table. Its `Transform` puts the base centre on the table and turns
/// its forward (-Z) to the model's facing.
#[derive(Component, Debug, Clone)]
pub struct Miniature {
    /// The model in the rules' setup.
    pub model: ModelId,
    /// Name on the card.
    pub name: String,
    /// Role line on the card.
    pub role: String,
    /// Index into [`Teams`].
    pub team: usize,
    /// Base diameter, inches.
    pub base_diameter: f32,
}

/// One action token (TOK-1).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ActionToken {
    /// Token colour.
    pub colour: Colour,
    /// Ready (face up) or Used (face down).
    pub ready: bool,
}

/// A miniature's action tokens, in card order.
#[derive(Component, Debug, Clone, Default)]
pub struct ActionTokens(pub Vec<ActionToken>);

/// A miniature's Skills.
#[derive(Component, Debug, Clone, Copy, Default)]
pub struct CardSkills(pub Skills);

/// The teams of the battle in seat order, with their Luck.
#[derive(Resource, Debug, Clone, Default)]
pub struct Teams(pub Vec<TeamSpec>);

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<BattleScene>();
    app.init_resource::<Teams>();
    app.add_systems(
        OnEnter(Screen::Battle),
        (crate::table::set_table::set_the_table, spawn_battle).chain(),
    );
}

fn spawn_battle(mut commands: Commands, scene: Res<BattleScene>) {
    commands.insert_resource(Teams(scene.teams.clone()));
    commands.spawn((
        Name::new("Table"),
        Table {
            width: scene.table.width,
            depth: scene.table.depth,
        },
        Transform::IDENTITY,
        Visibility::default(),
        DespawnOnExit(Screen::Battle),
    ));
    for piece in &scene.scenery {
        commands
            .spawn((
                Name::new(piece.name.clone()),
                Scenery {
                    id: piece.id,
                    name: piece.name.clone(),
                    kind: piece.kind,
                    tags: piece.tags.clone(),
                },
                Transform::IDENTITY,
                Visibility::default(),
                DespawnOnExit(Screen::Battle),
            ))
            .with_children(|parent| {
                for solid in &piece.solids {
                    parent.spawn((ScenerySolid(solid.clone()), solid_transform(solid)));
                }
            });
    }
    for dressed in &scene.dressed {
        commands.spawn((
            Name::new(dressed.piece.name.clone()),
            DressedScenery(dressed.clone()),
            Transform::from_translation(dressed.at)
                .with_rotation(Quat::from_rotation_y(dressed.rotation_deg.to_radians())),
            Visibility::default(),
            DespawnOnExit(Screen::Battle),
        ));
    }
    for spec in &scene.miniatures {
        let position = Vec3::new(spec.position.x, spec.height, spec.position.y);
        commands.spawn((
            Name::new(spec.name.clone()),
            Miniature {
                model: spec.model,
                name: spec.name.clone(),
                role: spec.role.clone(),
                team: spec.team,
                base_diameter: spec.base_diameter,
            },
            ActionTokens(
                spec.tokens
                    .iter()
                    .map(|&(colour, ready)| ActionToken { colour, ready })
                    .collect(),
            ),
            CardSkills(spec.skills),
            Figure(spec.figure),
            FigureLook {
                pips: spec
                    .tokens
                    .iter()
                    .map(|&(colour, ready)| Pip {
                        colour,
                        state: if ready {
                            PipState::Ready
                        } else {
                            PipState::Used
                        },
                    })
                    .collect(),
                ..default()
            },
            Transform::from_translation(position).looking_to(spec.facing(), Vec3::Y),
            // Reserves wait off the table until they enter (FIELD-8).
            if spec.on_table {
                Visibility::default()
            } else {
                Visibility::Hidden
            },
            DespawnOnExit(Screen::Battle),
        ));
    }
}

/// Where a solid's mesh sits: its centre, turned about y.
pub fn solid_transform(solid: &Solid) -> Transform {
    match *solid {
        Solid::Box { centre, yaw, .. } => {
            Transform::from_translation(centre).with_rotation(Quat::from_rotation_y(yaw))
        }
        Solid::Cylinder { centre, .. } => Transform::from_translation(centre),
        // The prism's mesh is built in table coordinates from its foot.
        Solid::Prism { base, .. } => Transform::from_xyz(0.0, base, 0.0),
    }
}
