//! A building's compartment in words (MOD-9): a room by the pack's name for it ("the back
//! room", FIRE-15) or, where the pack gives none, by where it lies in its storey ("the west
//! room"), then the storey ("ground floor") and the building, as the log names where a fire
//! burns. An unnamed room is named by the compass point of its footprint's middle from the
//! storey's; two rooms that would share a name are numbered.

use bevy::math::Vec2;
use redline_battlespace::Compartment;
use redline_rules::Game;

/// "the west room, ground floor of Timber Shophouse"; "the ground floor of Two-Storey
/// Tenement" for a storey that is one compartment.
pub fn compartment(game: &Game, building: u32, storey: u8, room: u8) -> String {
    let house = super::building(game, building);
    let floor = floor(storey);
    match room_name(game, building, storey, room) {
        Some(room) => format!("the {room}, {floor} of {house}"),
        None => format!("the {floor} of {house}"),
    }
}

/// "ground floor", "first floor", "second floor", then "storey N".
pub fn floor(storey: u8) -> String {
    match storey {
        0 | 1 => "ground floor".to_owned(),
        2 => "first floor".to_owned(),
        3 => "second floor".to_owned(),
        n => format!("storey {n}"),
    }
}

/// A room's name: the pack's ("back room"), else by the compass point of its middle from
/// its storey's ("west room"), or "room N" when another room of the storey lies the same
/// way; `None` for a storey with no rooms.
fn room_name(game: &Game, building: u32, storey: u8, room: u8) -> Option<String> {
    let space = game.battlespace();
    let rooms = space.storey_rooms(building, storey);
    if rooms.len() < 2 {
        return None;
    }
    let compartment = Compartment {
        building,
        storey,
        room,
    };
    if let Some(name) = space.compartment_name(compartment) {
        return Some(named_room(name));
    }
    let whole = middle(&space.storey_footprint(building, storey));
    let points: Vec<&str> = rooms.iter().map(|r| compass(middle(r) - whole)).collect();
    let point = *points.get(usize::from(room))?;
    if points.iter().filter(|p| **p == point).count() > 1 {
        return Some(format!("room {}", room + 1));
    }
    Some(format!("{point} room"))
}

/// The pack's name as a room: "back" → "back room"; a name that says "room" already stays.
fn named_room(name: &str) -> String {
    if name.to_lowercase().ends_with("room") {
        name.to_owned()
    } else {
        format!("{name} room")
    }
}

/// The average of a footprint's points.
fn middle(points: &[[f32; 2]]) -> Vec2 {
    points.iter().map(|p| Vec2::from(*p)).sum::<Vec2>() / points.len().max(1) as f32
}

/// The compass point of a direction on the table (x east, z south).
fn compass(d: Vec2) -> &'static str {
    if d.x.abs() >= d.y.abs() {
        if d.x >= 0.0 { "east" } else { "west" }
    } else if d.y >= 0.0 {
        "south"
    } else {
        "north"
    }
}
