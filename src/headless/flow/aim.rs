//! The action tool: the player picks one of the acting model's actions (and a token),
//! then a destination on the table (moves) or a model (attacks, Triage, Command, ...);
//! the preview shows the route and its rolls, or the Path of Attack and the odds, and
//! "Confirm" sends the command. Hovering a model previews it as the target. A drag (a model,
//! BRAWL-11, or a draggable scenery piece, MOVE-14) is picked on the table and sent with a
//! click where it should go, always one of the engine's legal drags of the aimed action
//! (`super::drag`); the prompt lists the same drags ([`drag_choices`]).

use bevy::prelude::*;
use redline_rules::card::TargetKind;
use redline_rules::{ActionCommand, Command, DecisionKind, Game, ModelId, RuleError, Target};

use crate::headless::flow::battle::BattleIntent;
use crate::headless::flow::breach_aim;
pub use crate::headless::flow::breach_aim::BreachPreview;
use crate::headless::flow::drag::{DragInput, aims_a_drag, chance_line, drag_chance, drag_preview};
pub use crate::headless::flow::drag::{DragOffers, DragPreview, Dragged, drag_choices};
use crate::headless::game::match_state::Match;
use crate::headless::game::messages::{MatchEvents, MatchRewound};
use crate::headless::game::probe::{self, RoutePreview, TargetPreview};
use crate::headless::notice::Notice;
use crate::headless::schedule::PlaySystems;
use crate::headless::screen::Screen;

/// The action being aimed.
#[derive(Resource, Debug, Clone, Default, PartialEq)]
pub struct Aim {
    /// The action, with its model and token; its target is filled in as the player aims.
    pub action: Option<ActionCommand>,
    /// A [RE]action rather than an action.
    pub reaction: bool,
    /// The chosen destination of a move.
    pub goal: Option<[f32; 3]>,
    /// The chosen target model.
    pub target: Option<ModelId>,
    /// The model under the pointer.
    pub hover: Option<ModelId>,
    /// What an aimed Drag has picked to drag (MOVE-14, BRAWL-11).
    pub dragged: Option<Dragged>,
    /// The point of the table under the pointer, while a picked drag follows it.
    pub pointer: Option<[f32; 3]>,
    /// The scenery piece under the pointer, while a Drag is aimed.
    pub pointed_piece: Option<u32>,
    /// The scenery part and wall section a Breach is aimed at (MOD-7, TERR-4).
    pub scenery: Option<(u32, u8)>,
}

impl Aim {
    /// The model the preview aims at: the chosen target, else the one under the pointer.
    pub fn aimed_model(&self) -> Option<ModelId> {
        self.target.or(self.hover)
    }
}

/// What the aimed action would do.
#[derive(Resource, Debug, Clone, Default, PartialEq)]
pub enum AimPreview {
    /// Nothing aimed.
    #[default]
    None,
    /// An action with no target: ready to confirm, or refused.
    Plain {
        /// The command.
        command: Command,
        /// The engine's verdict.
        check: Result<(), RuleError>,
    },
    /// A move to the chosen point.
    Route(Result<RoutePreview, String>),
    /// An action on a model.
    Target(Box<TargetPreview>),
    /// A drag of a model or a scenery piece, the engine's legal one nearest the pointer.
    Drag(Box<DragPreview>),
    /// A Breach aimed at scenery (TERR).
    Breach(Box<BreachPreview>),
    /// The action needs a target the player hasn't picked yet.
    NeedsTarget(String),
}

impl AimPreview {
    /// The command to send on Confirm, when the engine accepts it.
    pub fn ready(&self) -> Option<&Command> {
        match self {
            AimPreview::Plain {
                command,
                check: Ok(()),
            } => Some(command),
            AimPreview::Route(Ok(r)) if r.check.is_ok() => Some(&r.command),
            AimPreview::Target(t) if t.check.is_ok() => Some(&t.command),
            AimPreview::Drag(d) => Some(&d.command),
            AimPreview::Breach(b) if b.check.is_ok() => Some(&b.command),
            _ => None,
        }
    }
}

/// A step of aiming.
#[derive(Message, Debug, Clone, PartialEq)]
pub enum AimIntent {
    /// Pick an action of a model (with a token; `None` for Gonks).
    Action {
        /// The model.
        model: ModelId,
        /// Action index.
        action: u16,
        /// Token to spend.
        token: Option<u8>,
        /// As a [RE]action.
        reaction: bool,
    },
    /// Spend another token.
    Token(u8),
    /// The player clicked the table here.
    Ground([f32; 3]),
    /// The player clicked this model.
    Model(ModelId),
    /// The player clicked this scenery piece (the engine's id), at this point of it.
    Scenery {
        /// The piece.
        piece: u32,
        /// Where on it.
        at: [f32; 3],
    },
    /// The pointer is over the table at this point (on this scenery piece), or off it.
    Pointer {
        /// The point under the pointer.
        at: Option<[f32; 3]>,
        /// The scenery piece it is on.
        piece: Option<u32>,
    },
    /// The pointer is over this model (or none).
    Hover(Option<ModelId>),
    /// Send the aimed command.
    Confirm,
    /// Put the tool down.
    Clear,
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Aim>();
    app.init_resource::<AimPreview>();
    app.init_resource::<DragOffers>();
    app.add_message::<AimIntent>();
    app.add_systems(
        Update,
        (
            apply_aim.in_set(PlaySystems::Apply),
            (
                drop_after_answer,
                update_preview
                    .run_if(resource_changed::<Aim>.or_else(resource_exists_and_changed::<Match>)),
            )
                .chain()
                .in_set(PlaySystems::Derive),
        )
            .run_if(in_state(Screen::Battle).and_then(resource_exists::<Match>)),
    );
    app.add_systems(OnExit(Screen::Battle), reset_aim);
}

/// What kind of target an action takes.
pub fn target_kind(game: &Game, model: ModelId, action: u16) -> Option<TargetKind> {
    game.action(model, action).map(|d| d.target)
}

fn apply_aim(
    mut intents: MessageReader<AimIntent>,
    mut aim: ResMut<Aim>,
    preview: Res<AimPreview>,
    current: Res<Match>,
    mut answers: MessageWriter<BattleIntent>,
    mut notice: ResMut<Notice>,
    mut offers: ResMut<DragOffers>,
) {
    let game = current.game();
    for intent in intents.read() {
        let mut drag = DragInput {
            game,
            offers: offers.refresh(game, &aim),
            answers: &mut answers,
            notice: &mut notice,
        };
        if apply_drag(intent, &mut aim, &mut drag) {
            continue;
        }
        match intent {
            AimIntent::Action {
                model,
                action,
                token,
                reaction,
            } => {
                let (hover, pointer, pointed_piece) = (aim.hover, aim.pointer, aim.pointed_piece);
                *aim = Aim {
                    action: Some(ActionCommand {
                        model: *model,
                        action: *action,
                        token: *token,
                        target: Target::None,
                    }),
                    reaction: *reaction,
                    hover,
                    pointer,
                    pointed_piece,
                    ..default()
                };
            }
            AimIntent::Token(t) => {
                if let Some(a) = aim.action.as_mut() {
                    a.token = Some(*t);
                }
            }
            AimIntent::Scenery { piece, at }
                if aim
                    .action
                    .as_ref()
                    .is_some_and(|a| breach_aim::aims_at_scenery(game, a)) =>
            {
                aim.scenery = Some(breach_aim::aimed_section(game, *piece, *at));
            }
            AimIntent::Ground(at) | AimIntent::Scenery { at, .. } => {
                let moving = aim
                    .action
                    .as_ref()
                    .is_some_and(|a| game.moves_along_route(a.model, a.action));
                if moving {
                    aim.goal = Some(*at);
                }
            }
            AimIntent::Model(m) => {
                let takes_model = aim.action.as_ref().is_some_and(|a| {
                    !game.moves_along_route(a.model, a.action)
                        && target_kind(game, a.model, a.action).is_some_and(|k| {
                            !matches!(k, TargetKind::SelfOnly | TargetKind::BodyToken)
                        })
                });
                if takes_model {
                    aim.target = Some(*m);
                    aim.scenery = None;
                }
            }
            AimIntent::Hover(m) => {
                if aim.hover != *m {
                    aim.hover = *m;
                }
            }
            AimIntent::Pointer { .. } => {}
            AimIntent::Confirm => match preview.ready() {
                Some(command) => {
                    answers.write(BattleIntent::Answer(command.clone()));
                }
                None => notice.error("Pick a legal target first."),
            },
            AimIntent::Clear => *aim = Aim::default(),
        }
    }
}

/// An intent while a Drag is aimed: a click on a model or a piece picks it, a click on the
/// table sends the drag that ends nearest it, the pointer moves the preview. Returns whether
/// the intent was the drag's; the pointer is nobody else's.
fn apply_drag(intent: &AimIntent, aim: &mut ResMut<Aim>, input: &mut DragInput) -> bool {
    let dragging = (aim.action.as_ref()).is_some_and(|a| aims_a_drag(input.game, a));
    if !dragging {
        return matches!(intent, AimIntent::Pointer { .. });
    }
    match intent {
        AimIntent::Model(m) => input.pick(aim, Dragged::Model(*m)),
        AimIntent::Scenery { piece, at } => match aim.dragged {
            None => input.pick(aim, Dragged::Object(*piece)),
            Some(_) => input.drop_at(aim, *at),
        },
        AimIntent::Ground(at) => input.drop_at(aim, *at),
        AimIntent::Pointer { at, piece } => {
            let at = at.filter(|_| aim.dragged.is_some());
            if aim.pointer != at {
                aim.pointer = at;
            }
            if aim.pointed_piece != *piece {
                aim.pointed_piece = *piece;
            }
        }
        _ => return false,
    }
    true
}

/// After any answer (or an undo) the tool is put down: the decision has moved on.
fn drop_after_answer(
    mut events: MessageReader<MatchEvents>,
    mut rewound: MessageReader<MatchRewound>,
    mut aim: ResMut<Aim>,
    current: Res<Match>,
) {
    let answered = events.read().count() + rewound.read().count() > 0;
    // An aim for a model that may no longer act is dropped too.
    let stale = aim.action.as_ref().is_some_and(|a| {
        !matches!(
            current.game().decision().map(|d| &d.kind),
            Some(
                DecisionKind::NextAction { .. }
                    | DecisionKind::InspireGonks { .. }
                    | DecisionKind::OfferReaction { .. }
            )
        ) || !current.game().in_play(a.model)
    });
    if (answered || stale) && aim.action.is_some() {
        let hover = aim.hover;
        *aim = Aim { hover, ..default() };
    }
}

fn update_preview(
    aim: Res<Aim>,
    current: Res<Match>,
    mut preview: ResMut<AimPreview>,
    mut offers: ResMut<DragOffers>,
) {
    let game = current.game();
    let next = preview_of(game, &aim, offers.refresh(game, &aim));
    if *preview != next {
        *preview = next;
    }
}

/// The preview of an aim; `offers` are the engine's drags of an aimed Drag
/// ([`DragOffers::refresh`]).
pub fn preview_of(game: &Game, aim: &Aim, offers: &[Command]) -> AimPreview {
    let Some(action) = &aim.action else {
        return AimPreview::None;
    };
    let wrap = |a: ActionCommand| {
        if aim.reaction {
            Command::React(a)
        } else {
            Command::Act(a)
        }
    };
    if aims_a_drag(game, action) {
        return drag_aim_preview(game, aim, offers);
    }
    if game.moves_along_route(action.model, action.action) {
        return match aim.goal {
            Some(goal) => AimPreview::Route(probe::route_preview(game, action, aim.reaction, goal)),
            None => AimPreview::NeedsTarget("Click the table where the model should go.".into()),
        };
    }
    if let Some(aimed) = aim.scenery {
        let preview = breach_aim::breach_preview(game, action, aim.reaction, aimed);
        return AimPreview::Breach(Box::new(preview));
    }
    match target_kind(game, action.model, action.action) {
        Some(TargetKind::SelfOnly) | None => {
            let command = wrap(action.clone());
            AimPreview::Plain {
                check: game.check(&command),
                command,
            }
        }
        Some(TargetKind::BodyToken) => {
            let body = game.bodies().into_iter().map(|(id, _, _)| id).find(|b| {
                game.check(&wrap(ActionCommand {
                    target: Target::Body(*b),
                    ..action.clone()
                }))
                .is_ok()
            });
            match body {
                Some(b) => {
                    let command = wrap(ActionCommand {
                        target: Target::Body(b),
                        ..action.clone()
                    });
                    AimPreview::Plain {
                        check: game.check(&command),
                        command,
                    }
                }
                None => AimPreview::NeedsTarget("No Body token within reach.".into()),
            }
        }
        Some(_) => match aim.aimed_model() {
            Some(target) => AimPreview::Target(Box::new(probe::target_preview(
                game,
                action,
                aim.reaction,
                target,
            ))),
            None if breach_aim::aims_at_scenery(game, action) => AimPreview::NeedsTarget(
                "Point at a model to see the odds and click to pick it, or click scenery to \
                 breach it."
                    .into(),
            ),
            None => AimPreview::NeedsTarget(
                "Point at a model to see the odds; click to pick it.".into(),
            ),
        },
    }
}

/// An aimed Drag: what to pick, where to point, then the engine's drag nearest the pointer.
fn drag_aim_preview(game: &Game, aim: &Aim, offers: &[Command]) -> AimPreview {
    let needs = |text: &str| AimPreview::NeedsTarget(text.into());
    match (aim.dragged, aim.pointer) {
        (None, _) => needs(
            "Click a draggable piece or a model within reach to drag it (or pick a way below).",
        ),
        (Some(dragged), None) => {
            let point = "Point where it should go; click the table to drag it there.";
            match drag_chance(game, offers, dragged) {
                Some(p) => needs(&format!("{point} {}.", chance_line(p))),
                None => needs(point),
            }
        }
        (Some(dragged), Some(at)) => match drag_preview(game, offers, dragged, at) {
            Some(p) => AimPreview::Drag(Box::new(p)),
            None => needs("No drag of that is open from here."),
        },
    }
}

fn reset_aim(mut aim: ResMut<Aim>, mut preview: ResMut<AimPreview>) {
    *aim = Aim::default();
    *preview = AimPreview::None;
}

/// The token the prompt sends with `action` of `model`: the one the player `picked` when
/// the engine's legal commands allow it (or a token of the same colour), else the first one
/// they name for this action — a Used token's colour for a Free action taken after the last
/// Ready token (TOK-10) — and `None` where the engine names none (a Gonk, a program launch).
pub fn offered_token(
    game: &Game,
    legal: &[Command],
    model: ModelId,
    action: u16,
    picked: Option<u8>,
) -> Option<u8> {
    let tokens = game.tokens(model);
    let colour = |t: u8| tokens.get(usize::from(t)).map(|t| t.colour);
    let mut named = legal.iter().filter_map(|c| match c {
        Command::Act(a) | Command::React(a) if a.model == model && a.action == action => {
            Some(a.token)
        }
        _ => None,
    });
    let first = named.next()?;
    let same = |t: Option<u8>| t.zip(picked).is_some_and(|(t, p)| colour(t) == colour(p));
    if same(first) || named.any(same) {
        return picked;
    }
    first
}

/// The actions the prompt lists for `model`: those on its own card (built-in ones first),
/// then those of the Ready Gear, Loot and program cards it holds, as the engine's
/// [`Game::actions_of`] names them (TOK-12); whether each is possible now is the legal
/// commands' say.
pub fn offered_actions(game: &Game, model: ModelId) -> Vec<u16> {
    let own = game.action_count(model);
    (0..own)
        .chain(game.actions_of(model).into_iter().filter(|a| *a >= own))
        .collect()
}
