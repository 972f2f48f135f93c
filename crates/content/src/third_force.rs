//! Third forces from the packs (THIRD-1): the one function that switches a third force on
//! for a game. A scenario that names one, `redline-cli sim --third-force`, the arena and the
//! app's settings toggle all call [`add_third_force`].

use std::sync::Arc;

use redline_rules::{Setup, ThirdForceSpec};

use crate::load::Catalog;
use crate::team::{MemberSpec, compile_member};

/// Why a third force can't join a game.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum ThirdForceError {
    /// No third force has this id.
    #[error("no third force '{0}' in the loaded packs (`redline-cli scenarios` lists them)")]
    Unknown(String),
    /// One of its members names no card.
    #[error("third force '{force}': no character or Gonk card '{card}'")]
    UnknownMember {
        /// The force.
        force: String,
        /// The card id.
        card: String,
    },
    /// The engine refused it (a force already in the game, no room on the table).
    #[error(transparent)]
    Setup(#[from] redline_rules::SetupError),
}

/// The engine's description of the pack's third force `id`: name, deck and compiled models.
pub fn third_force_spec(catalog: &Catalog, id: &str) -> Result<ThirdForceSpec, ThirdForceError> {
    let def = catalog
        .third_forces
        .get(id)
        .ok_or_else(|| ThirdForceError::Unknown(id.to_owned()))?;
    let mut models = Vec::new();
    for card in &def.members {
        let compiled = compile_member(catalog, &MemberSpec::new(card)).map_err(|_| {
            ThirdForceError::UnknownMember {
                force: def.id.clone(),
                card: card.clone(),
            }
        })?;
        models.push(Arc::new(compiled.profile));
    }
    Ok(ThirdForceSpec {
        id: def.id.clone(),
        name: def.name.clone(),
        deck: def.deck.clone(),
        models,
    })
}

/// Switches the pack's third force `id` on in this game's setup (THIRD-1, THIRD-2): its
/// models join on a seat of their own round the table's centre, played by the engine.
pub fn add_third_force(
    catalog: &Catalog,
    setup: &mut Setup,
    id: &str,
) -> Result<(), ThirdForceError> {
    let spec = third_force_spec(catalog, id)?;
    setup.add_third_force(spec)?;
    Ok(())
}
