//! The demo layout's scenery and miniatures (placeholder until the starter pack's layouts
//! feed `scene.rs`).

use bevy::prelude::*;
use redline_rules::card::{Colour, Skills};

use super::scene::{BASE_DIAMETER, MiniatureSpec, SceneryKind, SceneryPiece, SceneryTag, Solid};

use Colour::{Green, Red, Yellow};
use SceneryTag::{Barrier, Climbable, Door, Draggable, Elevated, Obstacle};

/// A shipping container: 6" long, taller than RED, so a barrier (MOVE-7).
const CONTAINER: Vec3 = Vec3::new(6.0, 3.2, 2.4);

fn piece(name: &str, kind: SceneryKind, tags: &[SceneryTag], solids: Vec<Solid>) -> SceneryPiece {
    SceneryPiece {
        name: name.into(),
        kind,
        tags: tags.to_vec(),
        solids,
    }
}

/// Twelve pieces: 3-4 per quarter (FIELD-2).
pub(super) fn scenery() -> Vec<SceneryPiece> {
    use SceneryKind as K;
    let container_tags = [Barrier, Climbable, Elevated];
    vec![
        piece(
            "Hab Block 7",
            K::Building,
            &[Barrier, Climbable, Elevated, Door],
            vec![
                // Ground storey, the floor slab, and a smaller upper storey leaving a terrace.
                Solid::standing_box(15.5, 5.0, Vec3::new(6.0, 3.0, 5.0), 0.0, 0.0),
                Solid::standing_box(15.5, 5.0, Vec3::new(6.4, 0.25, 5.4), 0.0, 3.0),
                Solid::standing_box(14.5, 5.0, Vec3::new(4.0, 2.8, 5.0), 0.0, 3.25),
            ],
        ),
        piece(
            "Container 1",
            K::Container,
            &container_tags,
            vec![Solid::standing_box(6.5, 4.5, CONTAINER, 0.0, 0.0)],
        ),
        piece(
            "Container 2",
            K::Container,
            &container_tags,
            vec![Solid::standing_box(23.5, 17.5, CONTAINER, 0.0, 0.0)],
        ),
        piece(
            "Container 3",
            K::Container,
            &container_tags,
            vec![Solid::standing_box(23.0, 6.0, CONTAINER, 90.0, 0.0)],
        ),
        piece(
            "Wall 1",
            K::Wall,
            &[Barrier],
            vec![Solid::standing_box(
                9.0,
                16.0,
                Vec3::new(0.4, 3.4, 4.5),
                0.0,
                0.0,
            )],
        ),
        piece(
            "Wall 2",
            K::Wall,
            &[Barrier],
            vec![Solid::standing_box(
                19.5,
                13.5,
                Vec3::new(4.5, 3.4, 0.4),
                0.0,
                0.0,
            )],
        ),
        piece(
            "Barricade 1",
            K::Barricade,
            &[Obstacle],
            vec![Solid::standing_box(
                5.5,
                12.0,
                Vec3::new(0.5, 1.0, 3.0),
                0.0,
                0.0,
            )],
        ),
        piece(
            "Barricade 2",
            K::Barricade,
            &[Obstacle],
            vec![Solid::standing_box(
                25.5,
                11.0,
                Vec3::new(0.5, 1.0, 3.0),
                15.0,
                0.0,
            )],
        ),
        piece(
            "Barricade 3",
            K::Barricade,
            &[Obstacle],
            vec![Solid::standing_box(
                14.0,
                16.5,
                Vec3::new(3.0, 1.0, 0.5),
                0.0,
                0.0,
            )],
        ),
        piece(
            "Barrels 1",
            K::Barrel,
            &[Obstacle, Draggable],
            vec![
                Solid::standing_cylinder(11.5, 9.2, 0.45, 1.1),
                Solid::standing_cylinder(12.45, 9.5, 0.45, 1.1),
                Solid::standing_cylinder(11.9, 10.2, 0.45, 1.1),
            ],
        ),
        piece(
            "Barrels 2",
            K::Barrel,
            &[Obstacle, Draggable],
            vec![
                Solid::standing_cylinder(18.5, 19.5, 0.45, 1.1),
                Solid::standing_cylinder(19.45, 19.2, 0.45, 1.1),
            ],
        ),
        piece(
            "Crates",
            K::Crate,
            &[Obstacle, Climbable],
            vec![
                Solid::standing_box(17.5, 9.0, Vec3::splat(1.4), 0.0, 0.0),
                Solid::standing_box(18.8, 9.3, Vec3::splat(1.2), 20.0, 0.0),
                Solid::standing_box(17.6, 9.0, Vec3::splat(1.0), 10.0, 1.4),
            ],
        ),
    ]
}

#[allow(clippy::too_many_arguments)]
fn mini(
    name: &str,
    role: &str,
    team: usize,
    x: f32,
    z: f32,
    facing_degrees: f32,
    tokens: &[(Colour, bool)],
    skills: Skills,
) -> MiniatureSpec {
    MiniatureSpec {
        name: name.into(),
        role: role.into(),
        team,
        position: Vec2::new(x, z),
        facing_degrees,
        base_diameter: BASE_DIAMETER,
        tokens: tokens.to_vec(),
        skills,
    }
}

fn skills(reflexes: i8, ranged: i8, melee: i8, medical: i8, tech: i8, influence: i8) -> Skills {
    Skills {
        reflexes,
        ranged,
        melee,
        medical,
        tech,
        influence,
    }
}

/// Two teams of four, mid-game: some tokens already Used.
pub(super) fn miniatures() -> Vec<MiniatureSpec> {
    vec![
        mini(
            "Vex Marrow",
            "Fixer",
            0,
            7.0,
            12.5,
            -10.0,
            &[(Green, true), (Yellow, false), (Red, true)],
            skills(2, 2, 1, 0, 1, 3),
        ),
        mini(
            "Dana Kilo",
            "Solo",
            0,
            3.5,
            8.0,
            20.0,
            &[(Green, true), (Green, true), (Yellow, true)],
            skills(3, 3, 2, 0, 0, 1),
        ),
        mini(
            "Ratchet",
            "Techie",
            0,
            2.0,
            17.5,
            -15.0,
            &[(Yellow, false), (Red, true)],
            skills(1, 1, 0, 1, 3, 0),
        ),
        mini(
            "Ashfall Ganger",
            "Gonk",
            0,
            11.5,
            19.0,
            -30.0,
            &[(Red, true)],
            skills(1, 1, 1, 0, 0, 0),
        ),
        mini(
            "Sable Ino",
            "Netrunner",
            1,
            27.5,
            3.5,
            170.0,
            &[(Green, true), (Yellow, true), (Yellow, true)],
            skills(1, 1, 0, 0, 4, 1),
        ),
        mini(
            "Brick Oduya",
            "Enforcer",
            1,
            20.8,
            10.6,
            195.0,
            &[(Yellow, true), (Yellow, false), (Red, true)],
            skills(1, 2, 3, 0, 0, 1),
        ),
        mini(
            "Lumen",
            "Medtech",
            1,
            28.0,
            13.5,
            180.0,
            &[(Yellow, true), (Red, true)],
            skills(2, 1, 0, 3, 1, 0),
        ),
        mini(
            "Glasswire Guard",
            "Gonk",
            1,
            26.0,
            20.5,
            200.0,
            &[(Red, false)],
            skills(1, 1, 1, 0, 0, 0),
        ),
    ]
}
