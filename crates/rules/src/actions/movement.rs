//! The rules side of movement: a checked route is walked crossing by crossing, each
//! obstacle, rival or climb needing its own roll in order (MOVE-8..MOVE-10, MOVE-23), a
//! failed roll stopping the model there; escaping and outnumbering in a Brawl (BRAWL-4..6);
//! dragging a model (BRAWL-11..13); falling damage (MOVE-19, MOVE-20, OPEN-43).

use serde::Serialize;

use crate::actions::climb::ClimbPart;
use crate::actions::route::walked;
use crate::flow::Step;
use crate::flow::contest::{Contest, Purpose, Stage};
use crate::geometry::{Crossing, CrossingKind};
use crate::ids::ModelId;
use crate::protocol::decision::{Decision, DecisionKind, OpposerReason};
use crate::protocol::event::{Event, StopReason};
use crate::protocol::route::RouteLeg;
use crate::setup::card::{Colour, Skill};
use crate::setup::security::FenceKind;
use crate::state::Game;

/// A move being resolved.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub(crate) struct MoveCtx {
    pub actor: ModelId,
    pub token: Option<u8>,
    pub colour: Colour,
    pub crossings: Vec<Crossing>,
    pub end: [f32; 3],
    pub next: usize,
    /// Brawl rivals within reach when the move began, if it leaves reach of any (BRAWL-5).
    pub escape_from: Vec<ModelId>,
    pub outnumbers: bool,
    pub escape_done: bool,
    /// Dragged model and where it comes to rest (BRAWL-13, MOVE-16).
    pub drag: Option<(ModelId, [f32; 3])>,
    pub drag_done: bool,
    /// Dropped off raised scenery: the height the dragged model falls and the model it falls
    /// onto (MOVE-16, MOVE-19, MOVE-21). Left out of the hash of every other move.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub drop_fall: Option<(f32, Option<ModelId>)>,
    /// A dragged scenery object and where it comes to rest (MOVE-14..MOVE-16). Left out of
    /// the hash of every other move.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub object: Option<crate::actions::drag_object::ObjectDrag>,
    /// The rival picked to oppose an escape or drag.
    pub opposer: Option<ModelId>,
    /// Which half of a two-action climb this is, if any (MOVE-25). Left out of the hash of
    /// ordinary moves.
    #[serde(skip_serializing_if = "ClimbPart::is_none")]
    pub climb: ClimbPart,
    /// The whole route's stretches from where the mover stands, for its `Moved` event;
    /// presentation, so left out of the hash.
    #[serde(skip_serializing)]
    pub route: Vec<RouteLeg>,
    /// The hidden lock that stops this move where it ends (SEC-7): its wall and opening. Left
    /// out of the hash of every other move.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub lock: Option<(u32, u8)>,
}

/// The ends of a walked route's legs, or just its end when no leg was recorded.
fn leg_ends(route: &[RouteLeg], to: [f32; 3]) -> Vec<[f32; 3]> {
    if route.is_empty() {
        vec![to]
    } else {
        route.iter().map(|l| l.to).collect()
    }
}

/// Wounds from a fall of `height` inches: none within RED, one within GREEN, taken out beyond
/// the whole Limiter (MOVE-19, OPEN-43). `None` = taken out.
pub fn fall_wounds(height: f32) -> Option<u8> {
    if height <= 3.0 {
        Some(0)
    } else if height <= 12.0 {
        Some(1)
    } else {
        None
    }
}

impl Game {
    fn move_contest(
        &self,
        ctx: MoveCtx,
        opposer: Option<ModelId>,
        purpose: fn(Box<MoveCtx>) -> Purpose,
        name: &str,
    ) -> Contest {
        let actor = self.actor_side(ctx.actor, ctx.colour, Skill::Reflexes, true);
        let opp = match opposer {
            // ACT-17: the rival picks any token colour and can't be wounded.
            Some(m) => self.model_side(m, Skill::Reflexes, 0, false, false, 0),
            None => self.obstacle_side(actor.seat),
        };
        Contest {
            purpose: purpose(Box::new(ctx)),
            name: name.to_string(),
            can_wound: false,
            actor,
            opposers: vec![opp],
            stage: Stage::Defences,
            offered: None,
        }
    }

    /// Works on a move step; returns a decision if a player must choose.
    pub(crate) fn step_move(&mut self, mut ctx: Box<MoveCtx>) -> Option<Decision> {
        if ctx.climb == ClimbPart::Second {
            self.climb = None; // the second climbing action is under way (MOVE-25)
        }
        if let (Some((dragged, _)), false) = (ctx.drag, ctx.drag_done) {
            // BRAWL-12: who opposes a drag; the Brawl's owner picks among several.
            let options = self.drag_opposers(ctx.actor, dragged);
            let opposer = match (options.as_slice(), ctx.opposer) {
                ([only], _) => *only,
                (_, Some(o)) => Some(o),
                _ => {
                    let options: Vec<ModelId> = options.into_iter().flatten().collect();
                    let seat = self.owner(options[0]);
                    let mover = ctx.actor;
                    self.stack.push(Step::Move(ctx));
                    return Some(Decision {
                        seat,
                        kind: DecisionKind::ChooseOpposer {
                            mover,
                            reason: OpposerReason::Drag,
                            options,
                        },
                    });
                }
            };
            let c = self.move_contest(*ctx, opposer, Purpose::Drag, "Drag");
            self.stack.push(Step::Contest(Box::new(c)));
            return None;
        }
        if ctx.object.is_some() && !ctx.drag_done {
            // MOVE-14: a Reflexes roll against the Obstacle die.
            let c = self.move_contest(*ctx, None, Purpose::Drag, "Drag");
            self.stack.push(Step::Contest(Box::new(c)));
            return None;
        }
        if !ctx.escape_from.is_empty() && !ctx.escape_done {
            if ctx.outnumbers {
                // BRAWL-6, OPEN-20.
                ctx.escape_done = true;
                self.emit(Event::BrawlLeft {
                    model: ctx.actor,
                    outnumbered: true,
                });
            } else {
                let rivals = self.brawling_with(ctx.actor);
                let opposer = match ctx.opposer {
                    Some(o) => o,
                    None if rivals.len() > 1 => {
                        let seat = self.owner(rivals[0]);
                        let mover = ctx.actor;
                        self.stack.push(Step::Move(ctx));
                        return Some(Decision {
                            seat,
                            kind: DecisionKind::ChooseOpposer {
                                mover,
                                reason: OpposerReason::Escape,
                                options: rivals,
                            },
                        });
                    }
                    None => rivals.first().copied().unwrap_or(ctx.escape_from[0]),
                };
                ctx.opposer = Some(opposer);
                let c = self.move_contest(*ctx, Some(opposer), Purpose::Escape, "Escape");
                self.stack.push(Step::Contest(Box::new(c)));
                return None;
            }
        }
        while ctx.next < ctx.crossings.len() {
            let crossing = ctx.crossings[ctx.next].clone();
            match crossing.kind {
                CrossingKind::Rival { model } if !self.in_play(model) => ctx.next += 1,
                CrossingKind::Rival { model } => {
                    let c = self.move_contest(*ctx, Some(model), Purpose::Crossing, "Move through");
                    self.stack.push(Step::Contest(Box::new(c)));
                    return None;
                }
                CrossingKind::Obstacle { .. } | CrossingKind::Climb { .. } => {
                    let c = self.move_contest(*ctx, None, Purpose::Crossing, "Cross");
                    self.stack.push(Step::Contest(Box::new(c)));
                    return None;
                }
            }
        }
        if let ClimbPart::First(hold) = &ctx.climb {
            // MOVE-25: the first roll is made; the model waits on the face.
            self.climb = Some(hold.clone());
            return None;
        }
        self.finish_move(&ctx, ctx.end);
        if let Some((piece, opening)) = ctx.lock {
            self.stopped_at_lock(ctx.actor, piece, opening);
        }
        None
    }

    fn finish_move(&mut self, ctx: &MoveCtx, to: [f32; 3]) {
        let before = self.brawling_with(ctx.actor);
        let from = self.position(ctx.actor);
        let route = walked(&ctx.route, from, to);
        let met = self.fires_met(ctx.actor, &leg_ends(&route, to)); // FIRE-11
        let dragged_met = match (ctx.drag, ctx.drag_done) {
            // FIRE-11: a dragged model goes the dragger's way to where it is set down.
            (Some((dragged, drop)), true) => {
                let mut way = leg_ends(&route, to);
                way.push(drop);
                Some((dragged, self.fires_met(dragged, &way)))
            }
            _ => None,
        };
        self.emit(Event::Moved {
            model: ctx.actor,
            from,
            to,
            route,
        });
        if let (Some((dragged, drop)), true) = (ctx.drag, ctx.drag_done) {
            let from = self.position(dragged);
            // Set down beside the dragger, not walked (MOVE-16).
            self.emit(Event::Moved {
                model: dragged,
                from,
                to: drop,
                route: Vec::new(),
            });
            if let Some((height, below)) = ctx.drop_fall {
                self.fall_onto(dragged, height, None, below);
            }
        }
        if let (Some(object), true) = (&ctx.object, ctx.drag_done) {
            self.finish_object_drag(object);
        }
        let after = self.brawling_with(ctx.actor);
        if after.iter().any(|m| !before.contains(m)) {
            self.emit(Event::BrawlEntered {
                model: ctx.actor,
                with: after,
            });
        }
        // The dragger's Hazards first, then the dragged model's (still in play, or Downed,
        // after any fall): pushed in the reverse order.
        if let Some((dragged, fires)) = dragged_met
            && (self.in_play(dragged) || self.is_downed(dragged))
        {
            self.crossing_fire(dragged, &fires);
        }
        self.crossing_fire(ctx.actor, &met);
    }

    /// Continues a move after one of its rolls.
    pub(crate) fn finish_move_roll(&mut self, purpose: Purpose, won: bool, fumble: bool) {
        match purpose {
            Purpose::Drag(mut ctx) => {
                if won {
                    ctx.drag_done = true;
                    self.stack.push(Step::Move(ctx));
                }
            }
            Purpose::Escape(mut ctx) => {
                if won {
                    ctx.escape_done = true;
                    self.emit(Event::BrawlLeft {
                        model: ctx.actor,
                        outnumbered: false,
                    });
                    self.stack.push(Step::Move(ctx));
                } else {
                    let rival = ctx.opposer.unwrap_or(ctx.actor);
                    self.emit(Event::MoveStopped {
                        model: ctx.actor,
                        reason: StopReason::Escape(rival),
                    });
                }
            }
            Purpose::Crossing(mut ctx) => {
                let crossing = ctx.crossings[ctx.next].clone();
                if won {
                    let what = match &crossing.kind {
                        CrossingKind::Obstacle { name } | CrossingKind::Climb { name } => {
                            name.clone()
                        }
                        CrossingKind::Rival { model } => format!("{model}"),
                    };
                    self.emit(Event::Crossed {
                        model: ctx.actor,
                        what,
                    });
                    if let Some((_, past)) = crossing.fence {
                        // SEC-14: over a fence, the move ends within reach of its far side.
                        ctx.drag = None;
                        ctx.object = None;
                        self.finish_move(&ctx, past);
                        return;
                    }
                    ctx.next += 1;
                    self.stack.push(Step::Move(ctx));
                    return;
                }
                match crossing.kind {
                    CrossingKind::Obstacle { name } => {
                        self.emit(Event::MoveStopped {
                            model: ctx.actor,
                            reason: StopReason::Obstacle(name),
                        });
                        ctx.drag = None;
                        ctx.object = None;
                        self.finish_move(&ctx, crossing.stop_at);
                        if fumble && matches!(crossing.fence, Some((FenceKind::RazorWire, _))) {
                            self.snare(ctx.actor); // SEC-14
                        }
                    }
                    CrossingKind::Rival { model } => {
                        self.emit(Event::MoveStopped {
                            model: ctx.actor,
                            reason: StopReason::Rival(model),
                        });
                        ctx.drag = None;
                        ctx.object = None;
                        self.finish_move(&ctx, crossing.stop_at);
                    }
                    CrossingKind::Climb { .. } => {
                        // MOVE-18, MOVE-24: left where the geometry says, then the fall.
                        self.emit(Event::MoveStopped {
                            model: ctx.actor,
                            reason: StopReason::Climb,
                        });
                        let start = self.position(ctx.actor);
                        if crossing.stop_at != start {
                            self.emit(Event::Moved {
                                model: ctx.actor,
                                from: start,
                                to: crossing.stop_at,
                                route: walked(&ctx.route, start, crossing.stop_at),
                            });
                        }
                    }
                }
                if let Some(h) = crossing.fall {
                    self.fall_onto(ctx.actor, h, ctx.token, crossing.lands_on);
                }
            }
            Purpose::Action(_) | Purpose::Blast(_) | Purpose::Hazard(_) => {}
        }
    }

    /// `model` falls `height` inches (see [`Game::fall`]); a model it falls onto takes falling
    /// damage for the same height, its owner placing the wound (MOVE-21, WOUND-7).
    pub(crate) fn fall_onto(
        &mut self,
        model: ModelId,
        height: f32,
        token: Option<u8>,
        below: Option<ModelId>,
    ) {
        self.fall(model, height, token);
        if let Some(under) = below.filter(|&b| self.in_play(b)) {
            self.fall(under, height, None);
        }
    }

    /// Falling damage; after the model's own failed roll the wound goes on the token spent
    /// (MOVE-19, MOVE-20, OPEN-16, OPEN-43). Never gives a [RE]action (REACT-4).
    pub(crate) fn fall(&mut self, model: ModelId, height: f32, token: Option<u8>) {
        self.emit(Event::Fell { model, height });
        match fall_wounds(height) {
            Some(0) => {}
            None => self.take_out(model),
            Some(_) => match token {
                Some(t) if self.is_character(model) => self.wound_token(model, t, None),
                _ => self.push_wounds(model, 1, None),
            },
        }
    }
}
