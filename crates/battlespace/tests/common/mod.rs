//! Hand-placed scenery and models shared by the integration tests.
#![allow(dead_code)]

use redline_battlespace::{
    Battlespace, ModelBase, Opening, OpeningKind, SceneryKind, SceneryPiece, SceneryShape, Table,
};

pub const O: SceneryKind = SceneryKind::Obstacle;
pub const B: SceneryKind = SceneryKind::Barrier;

/// An axis-aligned box centred at (x, z) with the given size.
pub fn boxp(
    id: u32,
    name: &str,
    kind: SceneryKind,
    x: f32,
    z: f32,
    size: [f32; 3],
) -> SceneryPiece {
    SceneryPiece::new(
        id,
        name,
        kind,
        SceneryShape::Box {
            centre: [x, z],
            size,
            yaw_degrees: 0.0,
        },
    )
}

/// A thin barrier wall.
pub fn wall(id: u32, name: &str, from: [f32; 2], to: [f32; 2], height: f32) -> SceneryPiece {
    SceneryPiece::new(
        id,
        name,
        B,
        SceneryShape::Wall {
            from,
            to,
            thickness: 0.25,
            height,
        },
    )
}

pub fn door(along: f32) -> Opening {
    Opening {
        kind: OpeningKind::Door,
        along,
        width: 2.0,
        bottom: 0.0,
        top: 2.5,
    }
}

pub fn window(along: f32) -> Opening {
    Opening {
        kind: OpeningKind::Window,
        along,
        width: 2.0,
        bottom: 0.5,
        top: 2.5,
    }
}

/// A standard-base model of `team` standing on the table at (x, z).
pub fn model(id: u32, team: u8, x: f32, z: f32) -> ModelBase {
    ModelBase::new(id, team, [x, 0.0, z])
}

/// A model standing at height y.
pub fn model_at(id: u32, team: u8, x: f32, y: f32, z: f32) -> ModelBase {
    ModelBase::new(id, team, [x, y, z])
}

/// A 22"×30" table with these pieces.
pub fn space(pieces: Vec<SceneryPiece>) -> Battlespace {
    Battlespace::new(Table::standard(), pieces).expect("valid layout")
}

/// A busy 22"×30" layout: 15 pieces of every sort.
pub fn busy_layout() -> Vec<SceneryPiece> {
    vec![
        boxp(1, "Container 1", B, 6.0, 5.0, [6.0, 2.5, 2.5]),
        boxp(2, "Container 2", B, 22.0, 17.0, [6.0, 2.5, 2.5]),
        boxp(3, "Crates", O, 10.0, 11.0, [2.0, 1.0, 2.0]),
        boxp(4, "Barrels", O, 20.0, 6.0, [1.5, 1.2, 1.5]),
        boxp(5, "Tower", B, 15.0, 3.5, [4.0, 5.0, 4.0])
            .elevated()
            .with_ladder([13.0, 3.5], 1.0),
        boxp(6, "Shack", B, 26.0, 11.0, [4.0, 4.0, 4.0]).elevated(),
        wall(7, "Wall north", [3.0, 14.0], [11.0, 14.0], 3.5)
            .with_opening(door(2.0))
            .with_opening(window(6.0)),
        wall(8, "Low wall", [16.0, 12.0], [16.0, 18.0], 1.5),
        SceneryPiece::new(
            9,
            "Tank",
            B,
            SceneryShape::Cylinder {
                centre: [4.0, 19.0],
                radius: 1.5,
                height: 3.0,
            },
        ),
        SceneryPiece::new(
            10,
            "Rubble",
            O,
            SceneryShape::Hull {
                footprint: vec![[12.0, 18.0], [14.0, 17.0], [15.0, 20.0], [12.5, 20.5]],
                height: 0.8,
            },
        ),
        boxp(11, "Car", O, 27.0, 4.0, [3.0, 1.5, 1.6]),
        boxp(12, "Crate", O, 8.0, 8.5, [1.0, 1.0, 1.0]).draggable(),
        boxp(13, "Pillar", B, 18.5, 9.0, [1.0, 4.0, 1.0]),
        boxp(14, "Bins", O, 2.5, 10.0, [1.0, 1.2, 2.0]),
        boxp(15, "Generator", O, 24.0, 20.5, [2.0, 1.5, 1.0]),
    ]
}

/// 16 models spread over the busy layout, 8 per team.
pub fn busy_models() -> Vec<ModelBase> {
    let spots = [
        (2.0, 2.0),
        (10.0, 2.0),
        (2.0, 7.5),
        (11.0, 7.0),
        (7.0, 11.5),
        (13.0, 14.0),
        (2.0, 16.0),
        (8.0, 20.0),
        (29.0, 20.0),
        (20.0, 20.0),
        (28.0, 15.0),
        (19.0, 14.0),
        (23.0, 8.0),
        (28.0, 7.5),
        (14.0, 9.0),
        (22.0, 2.0),
    ];
    spots
        .iter()
        .enumerate()
        .map(|(i, &(x, z))| model(i as u32 + 1, (i / 8) as u8, x, z))
        .collect()
}

/// A 22"×30" layout with more than one level: a catwalk on posts with a ladder piece, a
/// two-storey building with a door (ground floor under an upper floor under a roof), a roof
/// with a ladder, low walls and obstacles.
pub fn levels_layout() -> Vec<SceneryPiece> {
    let mut deck = boxp(1, "Catwalk deck", B, 14.0, 4.6, [8.0, 0.2, 1.2]).elevated();
    deck.base = 3.5;
    let post = |id, name: &str, x| {
        SceneryPiece::new(
            id,
            name,
            O,
            SceneryShape::Cylinder {
                centre: [x, 4.6],
                radius: 0.2,
                height: 3.5,
            },
        )
    };
    let mut floor = boxp(9, "Upper floor", B, 8.0, 15.0, [8.0, 0.3, 6.0]).elevated();
    floor.base = 3.5;
    let mut roof = boxp(10, "Tenement roof", B, 8.0, 15.0, [8.0, 0.3, 6.0]).elevated();
    roof.base = 7.0;
    vec![
        deck,
        post(2, "West post", 10.4),
        post(3, "East post", 17.6),
        boxp(4, "Catwalk ladder", B, 18.15, 4.6, [0.3, 3.7, 1.0]).easy_climb(),
        wall(5, "South wall", [4.2, 17.8], [11.8, 17.8], 3.5).with_opening(door(3.8)),
        wall(6, "North wall", [4.2, 12.2], [11.8, 12.2], 3.5),
        wall(7, "West wall", [4.2, 12.2], [4.2, 17.8], 3.5),
        wall(8, "East wall", [11.8, 12.2], [11.8, 17.8], 3.5),
        floor,
        roof,
        boxp(11, "Warehouse", B, 23.0, 14.0, [5.0, 4.0, 5.0])
            .elevated()
            .with_ladder([20.5, 14.0], 1.0),
        boxp(12, "Crates", O, 16.0, 11.0, [1.5, 1.0, 1.5]),
        wall(13, "Low wall", [15.0, 17.0], [21.0, 17.0], 1.5),
        boxp(14, "Car", O, 26.0, 4.0, [3.0, 1.5, 1.6]).elevated(),
        boxp(15, "Container", B, 25.0, 20.0, [6.0, 2.5, 2.5]).elevated(),
    ]
}

/// The cases a property test draws. CI must not depend on luck, so by default every run draws
/// the same cases from a fixed seed (docs/decisions/property-tests-fixed-seed.md); set
/// `REDLINE_PROPTEST_EXPLORE=<cases>` to draw that many fresh random cases instead, to hunt
/// for new counter-examples (each one found becomes a named regression test).
pub fn proptest_config(cases: u32) -> proptest::prelude::ProptestConfig {
    let explore = std::env::var("REDLINE_PROPTEST_EXPLORE")
        .ok()
        .and_then(|v| v.parse::<u32>().ok());
    proptest::prelude::ProptestConfig {
        cases: explore.unwrap_or(cases),
        rng_seed: match explore {
            Some(_) => proptest::test_runner::RngSeed::Random,
            None => proptest::test_runner::RngSeed::Fixed(0x5eed_0017),
        },
        ..proptest::prelude::ProptestConfig::default()
    }
}
