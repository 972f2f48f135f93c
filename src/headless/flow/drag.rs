//! Dragging on the table (MOVE-14..MOVE-16 for a scenery piece, BRAWL-11 for a model): with
//! a Drag action aimed, the player picks what to drag (a click on a draggable piece or on a
//! model), then points on the table; the engine's offered drag whose dragged end lies
//! nearest the pointer is previewed with the engine's chance of its drag roll
//! (`Game::drag_odds`), and a click sends it. Every drag shown or sent is one of the
//! engine's legal commands ([`DragOffers`]); a pick the engine offers no drag of is refused
//! with the engine's own reason.

use bevy::prelude::*;
use redline_battlespace::SceneryId;
use redline_rules::card::Effect;
use redline_rules::{ActionCommand, Command, Game, ModelId, Target};

use crate::headless::flow::aim::Aim;
use crate::headless::flow::battle::BattleIntent;
use crate::headless::notice::Notice;

/// What a Drag action drags.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Dragged {
    /// Another model (BRAWL-11).
    Model(ModelId),
    /// A draggable scenery piece, by the engine's id (MOVE-14).
    Object(u32),
}

impl Dragged {
    /// What `command` drags, if it is a drag.
    pub fn of(command: &Command) -> Option<Dragged> {
        match command {
            Command::Act(a) | Command::React(a) => match &a.target {
                Target::Drag { model, .. } => Some(Dragged::Model(*model)),
                Target::DragObject { object, .. } => Some(Dragged::Object(*object)),
                _ => None,
            },
            _ => None,
        }
    }
}

/// Whether the aimed action drags (a model or a draggable object, MOVE-14, BRAWL-11).
pub fn aims_a_drag(game: &Game, action: &ActionCommand) -> bool {
    game.action(action.model, action.action)
        .is_some_and(|d| d.effects.contains(&Effect::Drag))
}

/// The engine's legal drags of the aimed action, asked once per game state and aimed action.
#[derive(Resource, Debug, Default)]
pub struct DragOffers {
    key: Option<(u64, ModelId, u16, Option<u8>, bool)>,
    commands: Vec<Command>,
}

impl DragOffers {
    /// The legal drags of the aimed action and token (every target), asking the engine only when the
    /// game or the aimed action changed; empty when no drag is aimed.
    pub fn refresh(&mut self, game: &Game, aim: &Aim) -> &[Command] {
        let key = aim
            .action
            .as_ref()
            .filter(|a| aims_a_drag(game, a))
            .map(|a| (game.state_hash(), a.model, a.action, a.token, aim.reaction));
        if key != self.key {
            self.commands = match key {
                Some(_) => {
                    let any = Aim {
                        dragged: None,
                        ..aim.clone()
                    };
                    drag_choices(&game.legal_commands(), &any)
                }
                None => Vec::new(),
            };
            self.key = key;
        }
        &self.commands
    }

    /// The drags found by the last [`DragOffers::refresh`].
    pub fn commands(&self) -> &[Command] {
        &self.commands
    }

    /// Whether the engine offers a drag of `dragged`.
    pub fn offers(&self, dragged: Dragged) -> bool {
        self.commands
            .iter()
            .any(|c| Dragged::of(c) == Some(dragged))
    }
}

/// The drags the aimed action can make now with its token: the engine's legal commands of
/// that action that drag a model (BRAWL-11) or a draggable scenery piece (MOVE-14), each
/// with its route and where the dragged thing ends; with something picked, only the drags
/// of that. Empty when no drag is aimed.
pub fn drag_choices(legal: &[Command], aim: &Aim) -> Vec<Command> {
    let Some(aimed) = &aim.action else {
        return Vec::new();
    };
    legal
        .iter()
        .filter(|c| match c {
            Command::Act(a) | Command::React(a) => {
                a.model == aimed.model
                    && a.action == aimed.action
                    && a.token == aimed.token
                    && matches!(c, Command::React(_)) == aim.reaction
                    && Dragged::of(c).is_some_and(|d| aim.dragged.is_none_or(|p| p == d))
            }
            _ => false,
        })
        .cloned()
        .collect()
}

/// A drag the pointer chose, before it is sent.
#[derive(Debug, Clone, PartialEq)]
pub struct DragPreview {
    /// The engine's legal command that makes it.
    pub command: Command,
    /// What it drags.
    pub dragged: Dragged,
    /// The dragger's route: where it stands, then each waypoint.
    pub path: Vec<[f32; 3]>,
    /// Where the dragged thing ends: the model's base centre, or the piece's centre on the
    /// height it stands at.
    pub end: [f32; 3],
    /// How far a dragged piece moves across the table (x, 0, z); zero for a model.
    pub shift: [f32; 3],
    /// The engine's chance that the drag roll is won, Luck left out (`Game::drag_odds`,
    /// BRAWL-12, MOVE-14); the rolls the move may need after it are not in it.
    pub success: Option<f64>,
}

/// Where the thing `command` drags ends, and how far a piece is shifted.
fn end_of(game: &Game, command: &Command) -> Option<([f32; 3], [f32; 3])> {
    let (Command::Act(a) | Command::React(a)) = command else {
        return None;
    };
    match &a.target {
        Target::Drag { drop, .. } => Some((*drop, [0.0; 3])),
        Target::DragObject { object, shift, .. } => {
            let piece = game.battlespace().piece(SceneryId(*object))?;
            let [x, z] = piece.centre();
            let by = [shift[0], 0.0, shift[1]];
            Some(([x + shift[0], piece.base, z + shift[1]], by))
        }
        _ => None,
    }
}

/// The offered drag of `dragged` whose end lies nearest `at` across the table.
pub fn nearest_drag<'a>(
    game: &Game,
    offers: &'a [Command],
    dragged: Dragged,
    at: [f32; 3],
) -> Option<&'a Command> {
    let far = |c: &Command| {
        end_of(game, c).map_or(f32::INFINITY, |(end, _)| {
            (end[0] - at[0]).hypot(end[2] - at[2])
        })
    };
    offers
        .iter()
        .filter(|c| Dragged::of(c) == Some(dragged))
        .min_by(|a, b| far(a).total_cmp(&far(b)))
}

/// The preview of the offered drag of `dragged` nearest `at`.
pub fn drag_preview(
    game: &Game,
    offers: &[Command],
    dragged: Dragged,
    at: [f32; 3],
) -> Option<DragPreview> {
    let command = nearest_drag(game, offers, dragged, at)?;
    let (Command::Act(a) | Command::React(a)) = command else {
        return None;
    };
    let route = match &a.target {
        Target::Drag { route, .. } | Target::DragObject { route, .. } => route,
        _ => return None,
    };
    let (end, shift) = end_of(game, command)?;
    let path = std::iter::once(game.position(a.model))
        .chain(route.iter().copied())
        .collect();
    Some(DragPreview {
        command: command.clone(),
        dragged,
        path,
        end,
        shift,
        success: game.drag_odds(a).ok().map(|o| o.success),
    })
}

/// The engine's chance that a drag of `dragged` by the aimed action is won, Luck left out
/// (`Game::drag_odds`): the same for every offered drag of it, wherever it goes. `None`
/// when none is offered.
pub fn drag_chance(game: &Game, offers: &[Command], dragged: Dragged) -> Option<f64> {
    offers
        .iter()
        .filter(|c| Dragged::of(c) == Some(dragged))
        .find_map(|c| match c {
            Command::Act(a) | Command::React(a) => game.drag_odds(a).ok(),
            _ => None,
        })
        .map(|o| o.success)
}

/// "The drag roll: 59.2% with no Luck", the chance as the aim shows it.
pub fn chance_line(success: f64) -> String {
    format!("The drag roll: {:.1}% with no Luck", success * 100.0)
}

/// Why the engine offers no drag of `dragged`: its refusal of that drag with the dragged
/// thing left where it is, else a plain word that no way is open.
pub fn why_not(game: &Game, action: &ActionCommand, reaction: bool, dragged: Dragged) -> String {
    let target = match dragged {
        Dragged::Model(m) => Target::Drag {
            model: m,
            route: Vec::new(),
            drop: game.position(m),
        },
        Dragged::Object(object) => Target::DragObject {
            object,
            route: Vec::new(),
            shift: [0.0, 0.0],
        },
    };
    let act = ActionCommand {
        target,
        ..action.clone()
    };
    let command = if reaction {
        Command::React(act)
    } else {
        Command::Act(act)
    };
    match game.check(&command) {
        Err(e) => e.to_string(),
        Ok(()) => "No drag of that is open from here.".into(),
    }
}

/// Where an aimed drag's intents go.
pub(super) struct DragInput<'a, 'w> {
    /// The game.
    pub game: &'a Game,
    /// The engine's drags of the aimed action.
    pub offers: &'a [Command],
    /// The answers sent to the match.
    pub answers: &'a mut MessageWriter<'w, BattleIntent>,
    /// The line for the player.
    pub notice: &'a mut Notice,
}

impl DragInput<'_, '_> {
    /// Picks what to drag, or says (in the engine's words) why it can't be.
    pub fn pick(&mut self, aim: &mut Aim, dragged: Dragged) {
        let Some(action) = &aim.action else {
            return;
        };
        if self.offers.iter().any(|c| Dragged::of(c) == Some(dragged)) {
            aim.dragged = Some(dragged);
        } else {
            let why = why_not(self.game, action, aim.reaction, dragged);
            self.notice.error(why);
        }
    }

    /// A click on the table at `at`: sends the offered drag of the picked thing that ends
    /// nearest it.
    pub fn drop_at(&mut self, aim: &Aim, at: [f32; 3]) {
        let Some(dragged) = aim.dragged else {
            self.notice
                .error("Pick what to drag first: a draggable piece or a model within reach.");
            return;
        };
        match nearest_drag(self.game, self.offers, dragged, at) {
            Some(command) => {
                self.answers.write(BattleIntent::Answer(command.clone()));
            }
            None => self.notice.error("No drag of that is open from here."),
        }
    }
}
