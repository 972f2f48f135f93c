//! A scenario's starting fires (FIRE-15) on the layout it is played on: each names a placed
//! piece by label (or scenery id) and, for a building, the storey that burns; the engine
//! takes them as [`redline_rules::Fire`]s with the lighter's seat.

use redline_rules::{Fire, FirePlace, Seat};

use crate::load::Catalog;
use crate::schema::{Layout, Lighter, Scenario, ScenarioFire};

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
                room: 0,
            },
            Some(n) => {
                return Err(format!(
                    "the piece has {} storey(s): there is no storey {n}",
                    piece.storeys.len()
                ));
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
