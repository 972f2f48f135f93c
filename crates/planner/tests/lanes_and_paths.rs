//! Open firing lanes and the Path of Attack checker on hand-built tables.

use redline_battlespace::{Battlespace, SceneryKind, SceneryPiece, SceneryShape, Table};
use redline_planner::{open_lanes, path_check};

fn wall_across() -> SceneryPiece {
    SceneryPiece::new(
        1,
        "Long wall",
        SceneryKind::Barrier,
        SceneryShape::Wall {
            from: [15.0, 0.0],
            to: [15.0, 22.0],
            thickness: 1.0,
            height: 5.0,
        },
    )
}

// FIELD-3: an empty 30" x 22" table is all open lanes: one along each of the 11 lines along x
// (2" apart) and the 15 along z.
#[test]
fn field_3_an_empty_table_has_an_open_lane_on_every_line() {
    let space = Battlespace::new(Table::standard(), Vec::new()).unwrap();
    let lanes = open_lanes(&space, 2.0);
    assert_eq!(lanes.len(), 26);
    assert!(lanes.iter().all(|l| l.length > 12.0));
}

// A wall across the middle leaves at most 13" between base centres on each side of it along
// x (11.94" base to base, not more than GREEN); the 14 lines along z that miss the wall stay
// open, the one at x = 15 runs inside the wall.
#[test]
fn field_3_a_wall_across_the_middle_closes_the_long_lanes() {
    let space = Battlespace::new(Table::standard(), vec![wall_across()]).unwrap();
    let lanes = open_lanes(&space, 2.0);
    assert_eq!(lanes.len(), 14);
    assert!(lanes.iter().all(|l| (l.from[0] - l.to[0]).abs() < 1e-4));
}

// POA-8: the checker names the barrier that blocks, as in battle.
#[test]
fn poa_8_path_check_names_the_blocking_wall() {
    let space = Battlespace::new(Table::standard(), vec![wall_across()]).unwrap();
    let check = path_check(&space, ([10.0, 11.0], 0.0), ([20.0, 11.0], 0.0));
    assert_eq!(check.poa.blocked_by.map(|id| id.0), Some(1));
    assert!(
        check
            .explanation
            .iter()
            .any(|l| l.starts_with("Blocked by Long wall")),
        "{:?}",
        check.explanation
    );
    let clear = path_check(&space, ([2.0, 11.0], 0.0), ([10.0, 11.0], 0.0));
    assert!(clear.poa.visible());
    assert_eq!(clear.explanation[1], "Clear: no cover for the target");
}

// POA-5: an obstacle in the way is one +1, named.
#[test]
fn poa_5_path_check_lists_the_obstacle_as_cover() {
    let barrels = SceneryPiece::new(
        4,
        "Barrels",
        SceneryKind::Obstacle,
        SceneryShape::Cylinder {
            centre: [6.0, 11.0],
            radius: 1.0,
            height: 1.5,
        },
    );
    let space = Battlespace::new(Table::standard(), vec![barrels]).unwrap();
    let check = path_check(&space, ([2.0, 11.0], 0.0), ([10.0, 11.0], 0.0));
    assert_eq!(check.poa.modifier(), 1);
    assert!(
        check
            .explanation
            .contains(&"+1 Barrels (obstacle)".to_owned())
    );
}
