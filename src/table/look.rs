//! What each miniature shows on the table, read from the game: its figure (crew, role, kit
//! and base from the card), its pose (standing, kneeling when Red-lined, lying when taken
//! out), its action tokens as pips, whether it is the Active Model and its state icons. A
//! pure function of the game's state, kept on the miniature as a component; `visuals`
//! draws it.

use bevy::prelude::*;
use redline_meshes::markers::{PipState, StateIcon};
use redline_meshes::{FigureSpec, Pose};
use redline_rules::card::Colour;
use redline_rules::{Game, ModelId};

/// The figure a miniature is drawn as, from its card.
#[derive(Component, Debug, Clone, Copy, PartialEq)]
pub struct Figure(pub FigureSpec);

/// A mesh of a miniature's figure in its pose (a child of the miniature), as against its
/// rings and token plate.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct FigureMesh;

/// One action token's pip on the miniature's plate.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Pip {
    /// The token's colour.
    pub colour: Colour,
    /// Ready (a filled disc) or Used (a hollow ring).
    pub state: PipState,
}

/// Everything about a miniature's state that the table shows without a click.
#[derive(Component, Debug, Clone, PartialEq, Eq)]
pub struct FigureLook {
    /// Standing, kneeling (Red-lined) or lying (taken out).
    pub pose: Pose,
    /// Its action tokens, in card order.
    pub pips: Vec<Pip>,
    /// Icons over the model: Brawl, Hacked, Stunned, Vulnerable, carrying a marker.
    pub icons: Vec<StateIcon>,
    /// Whether it is the Active Model.
    pub active: bool,
}

impl Default for FigureLook {
    fn default() -> Self {
        FigureLook {
            pose: Pose::Standing,
            pips: Vec::new(),
            icons: Vec::new(),
            active: false,
        }
    }
}

/// The figure of a model, from the engine's profile of its card.
pub fn figure_of(game: &Game, model: ModelId) -> Figure {
    Figure(FigureSpec::from_profile(game.profile(model)))
}

/// What a model shows: taken out (WOUND-9) lies down, Red-lined (WOUND-5) kneels; each
/// token (TOK-1) is a Ready or Used pip; Brawls, Hacked tokens (NET-14), a stunned Gonk
/// (KW-30), Vulnerable (NET-11) and a carried marker become icons.
pub fn figure_look(game: &Game, model: ModelId) -> FigureLook {
    let pose = if game.taken_out(model) {
        Pose::Lying
    } else if game.red_lined(model) {
        Pose::Kneeling
    } else {
        Pose::Standing
    };
    let pips = game
        .tokens(model)
        .iter()
        .map(|t| Pip {
            colour: t.colour,
            state: if t.ready {
                PipState::Ready
            } else {
                PipState::Used
            },
        })
        .collect();
    let mut icons = Vec::new();
    if game.in_play(model) {
        let shown = [
            (StateIcon::Brawl, !game.brawling_with(model).is_empty()),
            (StateIcon::Hacked, game.hacked(model) > 0),
            (StateIcon::Stunned, game.stunned(model)),
            (StateIcon::Vulnerable, game.vulnerable(model)),
            (
                StateIcon::Carrying,
                game.markers().iter().any(|k| k.carrier == Some(model)),
            ),
        ];
        icons.extend(shown.into_iter().filter(|(_, on)| *on).map(|(i, _)| i));
    }
    FigureLook {
        pose,
        pips,
        icons,
        active: game.active_model() == Some(model),
    }
}
