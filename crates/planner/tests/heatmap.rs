//! The exposure heat map on a small hand-built table, against values worked out by hand.

use redline_battlespace::{
    Battlespace, DeploymentZone, Edge, SceneryKind, SceneryPiece, SceneryShape, Table,
};
use redline_planner::{CellExposure, HeatMapOptions, heat_map};

/// A 20" x 6" strip: a 1"-tall obstacle across it at x = 7 and a 5"-tall barrier wall across it
/// at x = 11. Seat 0 deploys within 2" of the west edge, seat 1 within 2" of the east edge.
fn strip() -> (Battlespace, Vec<(u8, DeploymentZone)>) {
    let crates = SceneryPiece::new(
        1,
        "Crate line",
        SceneryKind::Obstacle,
        SceneryShape::Box {
            centre: [7.0, 3.0],
            size: [1.0, 1.0, 6.0],
            yaw_degrees: 0.0,
        },
    );
    let wall = SceneryPiece::new(
        2,
        "Blast wall",
        SceneryKind::Barrier,
        SceneryShape::Wall {
            from: [11.0, 0.0],
            to: [11.0, 6.0],
            thickness: 1.0,
            height: 5.0,
        },
    );
    let space = Battlespace::new(Table::new(20.0, 6.0), vec![crates, wall]).unwrap();
    let zones = vec![
        (
            0,
            DeploymentZone::Edge {
                edge: Edge::West,
                distance: 2.0,
            },
        ),
        (
            1,
            DeploymentZone::Edge {
                edge: Edge::East,
                distance: 2.0,
            },
        ),
    ];
    (space, zones)
}

fn cell(attackers: u32, open: u32) -> Option<CellExposure> {
    Some(CellExposure { attackers, open })
}

// POA-3, POA-4, POA-5, POA-8: worked by hand. With 1" sample steps a 27 mm base fits wholly
// within 2" of an edge only 1" in, at z = 1..5: five samples per zone. The 2" cells have
// centres x = 1, 3, ..., 19 and z = 1, 3, 5. A base can't stand at x = 7 (the crates) or
// x = 11 (the wall). From the west: x = 1..5 are within GREEN of all five samples with
// nothing between; x = 9 is within GREEN of all five but every path crosses the crates (+1);
// from x = 13 on, the wall crosses every path (blocked), though x = 13 would be in range.
// From the east the same, mirrored: x = 13..19 are open to all five, x = 9 is behind the
// wall, and x = 1..5 are more than GREEN away (x = 5 is 14" centre to centre, 12.94" apart).
#[test]
fn poa_3_heat_map_of_a_hand_built_strip_matches_hand_counts() {
    let (space, zones) = strip();
    let map = heat_map(
        &space,
        &zones,
        HeatMapOptions {
            cell: 2.0,
            sample_step: 1.0,
        },
    );
    assert_eq!((map.columns, map.rows), (10, 3));
    assert_eq!(map.zones[0].samples.len(), 5);
    assert_eq!(map.zones[1].samples.len(), 5);
    let west = [
        cell(5, 5),
        cell(5, 5),
        cell(5, 5),
        None,
        cell(5, 0),
        None,
        cell(0, 0),
        cell(0, 0),
        cell(0, 0),
        cell(0, 0),
    ];
    let east = [
        cell(0, 0),
        cell(0, 0),
        cell(0, 0),
        None,
        cell(0, 0),
        None,
        cell(5, 5),
        cell(5, 5),
        cell(5, 5),
        cell(5, 5),
    ];
    for row in 0..3 {
        for col in 0..10 {
            assert_eq!(
                map.at(0, col, row),
                west[col],
                "west zone, cell {col},{row}"
            );
            assert_eq!(
                map.at(1, col, row),
                east[col],
                "east zone, cell {col},{row}"
            );
        }
    }
}

#[test]
fn heat_map_without_zones_has_no_layers() {
    let (space, _) = strip();
    let map = heat_map(&space, &[], HeatMapOptions::default());
    assert_eq!((map.columns, map.rows), (20, 6));
    assert!(map.zones.is_empty());
}
