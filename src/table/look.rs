//! What each miniature shows on the table, read from the game: its figure (crew, role, kit
//! and base from the card), its pose (standing, kneeling when Red-lined, lying when taken
//! out or Downed), its action tokens as pips, whether it is the Active Model, its state
//! icons and the optional modules' marks (Downed, a construct's damaged systems, Haywire,
//! Under Repair and Toppled; a sentry's Loaded or Spent turret; Snared).
//! A pure function of the game's state, kept on the miniature as a component; `visuals`
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
    /// The optional modules' marks: Downed (AID); damaged systems, Haywire, Under Repair,
    /// Toppled (BOT); a sentry, Snared (SEC).
    pub marks: ModuleMarks,
}

/// What the optional modules show on a miniature, as the engine has it.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct ModuleMarks {
    /// It lies Downed (AID-1): out of action until First Aid, no Body token.
    pub downed: bool,
    /// How many of a construct's systems are damaged (BOT-1).
    pub damaged_systems: u8,
    /// A construct Haywire in this activation (BOT-5).
    pub haywire: bool,
    /// A sentry (SEC-9): drawn as a turret facing its bearing, Loaded or Spent.
    pub sentry: Option<SentryLook>,
    /// Caught in razor wire (SEC-15): its only action is Free Yourself.
    pub snared: bool,
    /// A construct Under Repair (BOT-9, BOT-10).
    pub under_repair: bool,
    /// A construct Toppled (BOT-12): it lies on its side.
    pub toppled: bool,
}

/// A sentry as the table shows it (SEC-10, SEC-11).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct SentryLook {
    /// Loaded (ready to fire) or Spent until its owner's Inspire.
    pub loaded: bool,
    /// The compass bearing its arc is centred on, whole degrees (0 North, toward −z).
    pub facing_deg: i16,
}

impl Default for FigureLook {
    fn default() -> Self {
        FigureLook {
            pose: Pose::Standing,
            pips: Vec::new(),
            icons: Vec::new(),
            active: false,
            marks: ModuleMarks::default(),
        }
    }
}

/// The figure of a model, from the engine's profile of its card.
pub fn figure_of(game: &Game, model: ModelId) -> Figure {
    Figure(FigureSpec::from_profile(game.profile(model)))
}

/// What a model shows: taken out (WOUND-9) or Downed (AID-1) lies down, Red-lined
/// (WOUND-5) kneels; each token (TOK-1) is a Ready or Used pip; Brawls, Hacked tokens
/// (NET-14), a stunned Gonk (KW-30), Vulnerable (NET-11) and a carried marker become icons;
/// Downed, a construct's damaged systems (BOT-1) and Haywire (BOT-5) become marks.
/// `haywire` is the construct the engine last rolled Haywire (`Event::CpuRolled`): it shows
/// while that construct is still the Active Model, as Haywire lasts its activation.
pub fn figure_look(game: &Game, model: ModelId, haywire: Option<ModelId>) -> FigureLook {
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
    let active = game.active_model() == Some(model);
    let damaged = game.construct_systems(model).iter().filter(|s| s.1).count();
    FigureLook {
        pose,
        pips,
        icons,
        active,
        marks: ModuleMarks {
            downed: game.is_downed(model),
            damaged_systems: u8::try_from(damaged).unwrap_or(u8::MAX),
            haywire: active && haywire == Some(model),
            sentry: sentry_look(game, model),
            snared: game.is_snared(model),
            under_repair: game.under_repair(model),
            toppled: game.is_toppled(model),
        },
    }
}

/// A sentry's look: Loaded or Spent (SEC-11) and the bearing the defender gave it (SEC-10).
pub fn sentry_look(game: &Game, model: ModelId) -> Option<SentryLook> {
    if !game.is_sentry(model) {
        return None;
    }
    let plan = game
        .security_rules()?
        .plan
        .sentries
        .iter()
        .find(|p| p.model == model.0)?;
    Some(SentryLook {
        loaded: game.sentry_loaded(model),
        facing_deg: plan.facing_deg.round() as i16,
    })
}
