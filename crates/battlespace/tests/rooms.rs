//! Rooms as compartments (MOD-9): a storey the data divides into rooms is one compartment
//! per room, each with its own footprint, openings and neighbours; a storey without rooms
//! is one compartment.

mod common;

use common::*;
use redline_battlespace::{
    Battlespace, Compartment, Layout, SceneryId, SceneryPiece, StoreyOf, Table,
};

const WEST: Compartment = Compartment {
    building: 0,
    storey: 1,
    room: 0,
};
const EAST: Compartment = Compartment {
    building: 0,
    storey: 1,
    room: 1,
};

/// `w` as a part of building 0's storey `number`, with `rooms`.
fn in_storey(mut w: SceneryPiece, number: u8, rooms: &[Vec<[f32; 2]>]) -> SceneryPiece {
    w.storey = Some(StoreyOf {
        building: 0,
        number,
        structure: 3,
        slab: false,
    });
    w.rooms = rooms.to_vec();
    w
}

/// A two-storey house, x 6..14, z 8..12. The ground storey is split at x = 10 into a west
/// and an east room when `rooms`: the front wall (0) has a door into the west room, the
/// partition (4) a door between the rooms. The upper storey (5..8, floor at 3) is one room.
fn house(rooms: bool) -> Vec<SceneryPiece> {
    let ground: Vec<Vec<[f32; 2]>> = if rooms {
        vec![
            vec![[6.0, 8.0], [10.0, 8.0], [10.0, 12.0], [6.0, 12.0]],
            vec![[10.0, 8.0], [14.0, 8.0], [14.0, 12.0], [10.0, 12.0]],
        ]
    } else {
        Vec::new()
    };
    let g = |w: SceneryPiece| in_storey(w, 1, &ground);
    let up = |mut w: SceneryPiece| {
        w.base = 3.0;
        in_storey(w, 2, &[])
    };
    vec![
        g(wall(0, "front", [6.0, 12.0], [14.0, 12.0], 3.0).with_opening(door(2.0))),
        g(wall(1, "back", [6.0, 8.0], [14.0, 8.0], 3.0)),
        g(wall(2, "west", [6.0, 8.0], [6.0, 12.0], 3.0)),
        g(wall(3, "east", [14.0, 8.0], [14.0, 12.0], 3.0)),
        g(wall(4, "partition", [10.0, 8.0], [10.0, 12.0], 3.0).with_opening(door(2.0))),
        up(wall(5, "upper front", [6.0, 12.0], [14.0, 12.0], 3.0)),
        up(wall(6, "upper back", [6.0, 8.0], [14.0, 8.0], 3.0)),
        up(wall(7, "upper west", [6.0, 8.0], [6.0, 12.0], 3.0)),
        up(wall(8, "upper east", [14.0, 8.0], [14.0, 12.0], 3.0)),
    ]
}

#[test]
fn mod_9_a_model_is_in_the_room_whose_footprint_holds_it() {
    let s = space(house(true));
    assert_eq!(s.compartment_of(&model(0, 0, 8.0, 10.0)), Some(WEST)); // MOD-9
    assert_eq!(s.compartment_of(&model(0, 0, 12.0, 10.0)), Some(EAST));
    assert_eq!(s.compartment_of(&model(0, 0, 20.0, 10.0)), None);
    assert_eq!(s.storey_compartments(0, 1), vec![WEST, EAST]);
    // Without rooms the storey is one compartment.
    let one = space(house(false));
    assert_eq!(one.compartment_of(&model(0, 0, 12.0, 10.0)), Some(WEST));
    assert_eq!(one.storey_compartments(0, 1), vec![WEST]);
}

#[test]
fn mod_9_fire_9_each_four_inch_room_is_enclosed_the_whole_storey_is_not() {
    let s = space(house(true));
    assert!(s.compartment_enclosed(WEST)); // MOD-9: 4"×4"
    assert!(s.compartment_enclosed(EAST));
    let one = space(house(false));
    assert!(!one.compartment_enclosed(WEST)); // 8"×4"
}

#[test]
fn mod_9_fire_7_the_partition_door_is_shared_the_front_door_is_not() {
    let s = space(house(true));
    assert_eq!(s.opening_compartments(SceneryId(4), 0), vec![WEST, EAST]);
    assert_eq!(s.opening_compartments(SceneryId(0), 0), vec![WEST]);
    assert_eq!(s.compartments_sharing_openings(WEST), vec![EAST]); // FIRE-7
    assert_eq!(s.compartments_sharing_openings(EAST), vec![WEST]);
    assert_eq!(
        s.compartment_openings(WEST),
        vec![(SceneryId(0), 0), (SceneryId(4), 0)]
    ); // FIRE-13
    assert_eq!(s.compartment_openings(EAST), vec![(SceneryId(4), 0)]);
}

#[test]
fn mod_9_fire_7_each_room_has_the_upper_storey_directly_above_it() {
    let s = space(house(true));
    let upper = Compartment::storey(0, 2);
    assert_eq!(s.compartment_above(WEST), Some(upper)); // FIRE-7
    assert_eq!(s.compartment_above(EAST), Some(upper));
    assert_eq!(s.compartment_above(upper), None);
}

#[test]
fn mod_9_fire_12_a_path_into_the_east_room_stays_out_of_the_west_one() {
    let s = space(house(true));
    let (from, to) = (model(0, 0, 14.0, 18.0), model(1, 1, 12.0, 9.5));
    assert!(s.path_meets_compartment(&from, &to, EAST)); // FIRE-12
    assert!(!s.path_meets_compartment(&from, &to, WEST));
}

/// [`house`] with rooms, the east one named by the pack (FIRE-15), the west one not.
fn house_with_a_named_room() -> Vec<SceneryPiece> {
    let mut pieces = house(true);
    for p in pieces.iter_mut().filter(|p| !p.rooms.is_empty()) {
        p.room_names = vec![None, Some("back".to_owned())];
    }
    pieces
}

#[test]
fn fire_15_a_room_keeps_the_pack_name_and_a_storey_without_names_has_none() {
    let named = space(house_with_a_named_room());
    assert_eq!(named.compartment_name(EAST), Some("back")); // FIRE-15
    assert_eq!(named.compartment_name(WEST), None, "left unnamed");
    let upper = Compartment { storey: 2, ..WEST };
    assert_eq!(
        named.compartment_name(upper),
        None,
        "a storey without rooms"
    );
    let unnamed = space(house(true));
    assert_eq!(unnamed.compartment_name(EAST), None);
}

#[test]
fn fire_15_room_names_survive_a_layout_and_no_names_write_nothing() {
    let named = Layout {
        table: Table::standard(),
        scenery: house_with_a_named_room(),
    };
    let text = ron::to_string(&named).unwrap();
    let back: Layout = ron::from_str(&text).unwrap();
    assert_eq!(back, named);
    let rebuilt = Battlespace::from_layout(back).unwrap();
    assert_eq!(rebuilt.compartment_name(EAST), Some("back"));
    // MOD-2: a layout without names writes no field for them.
    let plain = Layout {
        scenery: house(true),
        ..named
    };
    assert!(!ron::to_string(&plain).unwrap().contains("room_names"));
}
