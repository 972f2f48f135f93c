//! Aiming a Breach at scenery (MOD-7, TERR-1..TERR-5): a click on a wall picks the section
//! under it, and the preview shows the part, its markers against its Structure and the
//! engine's odds (`Game::breach_odds`). Which actions may aim at scenery, which section a
//! point is in and every refusal are the engine's and the geometry's.

use redline_battlespace::SceneryId;
use redline_rules::{ActionCommand, Command, Game, RuleError, Target};

use crate::headless::game::describe::scenery_part;

/// A Breach aimed at a part or a wall's section: what it would do and its chances.
#[derive(Debug, Clone, PartialEq)]
pub struct BreachPreview {
    /// The command.
    pub command: Command,
    /// The engine's verdict.
    pub check: Result<(), RuleError>,
    /// The part aimed at ("Brick Wall (section 2)").
    pub target: String,
    /// Its damage so far against its Structure ("2 of 4 markers on storey 1").
    pub damage: String,
    /// The chance of a success with no Luck (1 for an Easy Breach); `None` when refused.
    pub success: Option<f64>,
}

/// Whether the engine offers the action `a` of its model any scenery target now (TERR-1:
/// only a Breach action, with the module on).
pub fn aims_at_scenery(game: &Game, a: &ActionCommand) -> bool {
    game.legal_commands().iter().any(|c| match c {
        Command::Act(x) | Command::React(x) => {
            x.model == a.model && x.action == a.action && matches!(x.target, Target::Scenery { .. })
        }
        _ => false,
    })
}

/// The part and section a click on piece `part` at `at` aims at (TERR-4).
pub fn aimed_section(game: &Game, part: u32, at: [f32; 3]) -> (u32, u8) {
    let section = game
        .battlespace()
        .piece(SceneryId(part))
        .map_or(0, |p| p.section_at(at[0], at[2]));
    (part, section)
}

/// The preview of `action` aimed at section `section` of `part`.
pub fn breach_preview(
    game: &Game,
    action: &ActionCommand,
    reaction: bool,
    (part, section): (u32, u8),
) -> BreachPreview {
    let aimed = ActionCommand {
        target: Target::Scenery { part, section },
        ..action.clone()
    };
    let success = game.breach_odds(&aimed).ok().map(|o| o.success);
    let command = if reaction {
        Command::React(aimed)
    } else {
        Command::Act(aimed)
    };
    BreachPreview {
        check: game.check(&command),
        command,
        target: scenery_part(game, part, section),
        damage: damage_line(game, part, section),
        success,
    }
}

/// The markers on the part (or its storey) against the Structure that brings it down.
fn damage_line(game: &Game, part: u32, section: u8) -> String {
    let storey = game
        .setup()
        .battlespace
        .piece(SceneryId(part))
        .and_then(|p| p.storey);
    match (storey, game.structure(part)) {
        (Some(s), Some(structure)) => format!(
            "{} of {structure} markers on storey {}: at {structure} it collapses",
            game.storey_markers(s.building, s.number),
            s.number
        ),
        (None, Some(structure)) => format!(
            "{} of {structure} markers: at {structure} it comes down",
            game.damage_markers(part, section)
        ),
        (_, None) => "Immune: it can't be damaged".to_owned(),
    }
}
