//! A scenario's starting fires (FIRE-15) on the layout it is played on: each names a placed
//! piece by label (or scenery id) and, for a building, the storey that burns and, where the
//! storey has rooms (MOD-9), the room by its name; the engine takes them as [`redline_rules::Fire`]s with the lighter's seat.

use redline_rules::{Fire, FirePlace, Seat};

use crate::load::Catalog;
use crate::schema::{Layout, Lighter, Scenario, ScenarioFire, Storey};

/// Why a scenario's fire can't be placed on a layout.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("scenario '{scenario}', fire on '{piece}': {why}")]
pub struct FireError {
    /// The scenario's id.
    pub scenario: String,
    /// The piece the fire names.
    pub piece: String,
    /// What is wrong.
    pub why: String,
}

/// The scenario's fires placed on `layout` (FIRE-15), in the sheet's order.
pub fn scenario_fires(
    catalog: &Catalog,
    layout: &Layout,
    scenario: &Scenario,
) -> Result<Vec<Fire>, FireError> {
    scenario
        .fires
        .iter()
        .map(|f| {
            fire_place(catalog, layout, f).map_err(|why| FireError {
                scenario: scenario.id.clone(),
                piece: f.piece.clone(),
                why,
            })
        })
        .collect()
}

/// One fire's place and lighter, or why it has none on this layout.
pub fn fire_place(catalog: &Catalog, layout: &Layout, f: &ScenarioFire) -> Result<Fire, String> {
    let mut first_part = 0u32;
    for (building, placed) in layout.pieces.iter().enumerate() {
        let named = placed.label.as_deref() == Some(f.piece.as_str()) || placed.piece == f.piece;
        let Some(piece) = catalog.scenery.get(&placed.piece) else {
            return Err(format!("layout '{}' places unknown scenery", layout.id));
        };
        if !named {
            first_part += piece.parts.len() as u32;
            continue;
        }
        let place = match f.storey {
            Some(n) if n >= 1 && usize::from(n) <= piece.storeys.len() => FirePlace::Compartment {
                building: building as u32,
                storey: n,
                room: room_number(&piece.storeys[usize::from(n) - 1], n, f.room.as_deref())?,
            },
            Some(n) => {
                return Err(format!(
                    "the piece has {} storey(s): there is no storey {n}",
                    piece.storeys.len()
                ));
            }
            None if f.room.is_some() => {
                return Err("a room burns only in a storey: name the storey too".into());
            }
            None => {
                let in_storey = |name: &str| {
                    piece
                        .storeys
                        .iter()
                        .any(|s| s.parts.iter().any(|p| p == name))
                };
                let k = piece
                    .parts
                    .iter()
                    .position(|p| p.fuel.is_some() && !in_storey(&p.name))
                    .ok_or("no part of it in no storey is flammable (FIRE-4); name a storey")?;
                FirePlace::Part(first_part + k as u32)
            }
        };
        let Lighter::Seat(seat) = f.lighter;
        return Ok(Fire {
            place,
            colour: f.colour,
            lighter: Seat(seat),
        });
    }
    Err(format!(
        "layout '{}' places no piece of that label or id",
        layout.id
    ))
}

/// The number, from 0, of the room named `room` in storey `n` (MOD-9): a room's `name`, or
/// its number from 1 in the storey's list when it has none. No name: the first room, or the
/// storey when it is one compartment.
fn room_number(storey: &Storey, n: u8, room: Option<&str>) -> Result<u8, String> {
    let Some(room) = room else {
        return Ok(0);
    };
    let named = |k: usize, name: Option<&String>| match name {
        Some(name) => name == room,
        None => (k + 1).to_string() == room,
    };
    storey
        .rooms
        .iter()
        .enumerate()
        .position(|(k, r)| named(k, r.name.as_ref()))
        .map(|k| k as u8)
        .ok_or_else(|| {
            let names: Vec<String> = storey
                .rooms
                .iter()
                .enumerate()
                .map(|(k, r)| {
                    format!(
                        "'{}'",
                        r.name.clone().unwrap_or_else(|| (k + 1).to_string())
                    )
                })
                .collect();
            if names.is_empty() {
                format!("storey {n} has no rooms (MOD-9): there is no room '{room}'")
            } else {
                format!(
                    "storey {n} has no room '{room}' (MOD-9); its rooms are {}",
                    names.join(", ")
                )
            }
        })
}
