//! What a model's action can do now, asked before a player commits: why an action is not
//! on offer ([`Game::why_unavailable`]), whether it spends a token, whether it moves the
//! model along a route and with which band, the model's base and the Path of Attack as the
//! checks measure them, and the wounds a hit deals.
//! Each answer is the engine's own: a refusal comes from [`Game::check`], never from a rule
//! restated here.

use redline_battlespace::{ModelBase, PathOfAttack, PoaOptions};

use crate::ids::{BodyId, ModelId};
use crate::legal::AnswerKind;
use crate::protocol::command::{ActionCommand, Command, Target};
use crate::protocol::decision::DecisionKind;
use crate::protocol::error::RuleError;
use crate::setup::card::{ActionDef, Colour, Effect, Keyword, TargetKind};
use crate::state::Game;

impl Game {
    /// Why `model` can't take its action `action` now, in the words the engine refuses it
    /// with; `None` when some answer with it is legal (it is among
    /// [`Game::legal_commands`]).
    ///
    /// The reason is the refusal of the most natural try: every token the model could spend
    /// (Ready ones first) and, for the target, the routes the engine would offer for a move,
    /// the nearest model on the side the action targets (for a Drag, the nearest model or
    /// draggable scenery piece), the nearest Body token or marker.
    /// A reason that has nothing to do with the target (a Used token, a Difficult action
    /// already taken, a rival within RED of a Complex one) is the same for every try.
    pub fn why_unavailable(&self, model: ModelId, action: u16) -> Option<RuleError> {
        let Some(decision) = self.decision() else {
            return self.check(&Command::EndActivation).err();
        };
        let reaction = matches!(decision.kind, DecisionKind::OfferReaction { .. });
        let mut candidates = Vec::new();
        self.kind_candidates(
            &AnswerKind::Action {
                model,
                action,
                reaction,
            },
            &mut candidates,
        );
        let offered: Vec<Command> = candidates
            .into_iter()
            .filter_map(|c| self.resolve(c))
            .collect();
        if offered.iter().any(|c| self.check(c).is_ok()) {
            return None;
        }
        let mut refusals = self
            .natural_tries(model, action, reaction)
            .into_iter()
            .chain(offered)
            .filter_map(|c| self.check(&c).err());
        refusals.next()
    }

    /// The tries [`Game::why_unavailable`] asks the engine about, most natural first.
    fn natural_tries(&self, model: ModelId, action: u16, reaction: bool) -> Vec<Command> {
        let wrap = |token: Option<u8>, target: Target| {
            let a = ActionCommand {
                model,
                action,
                token,
                target,
            };
            if reaction {
                Command::React(a)
            } else {
                Command::Act(a)
            }
        };
        let tokens = self.tokens_to_try(model, action);
        let mut tries = Vec::new();
        for &token in &tokens {
            for target in self.targets_to_try(model, action, token) {
                tries.push(wrap(token, target));
            }
        }
        tries
    }

    /// The tokens to try an action with: none where it spends none, else the Ready ones
    /// (one per kind), else the Used ones so the refusal says so.
    fn tokens_to_try(&self, model: ModelId, action: u16) -> Vec<Option<u8>> {
        if model.index() >= self.model_count() || !self.spends_token(model, action) {
            return vec![None];
        }
        let ready = self.token_choices(model, false);
        let tokens = if ready.is_empty() {
            self.token_choices(model, true)
        } else {
            ready
        };
        if tokens.is_empty() {
            vec![None]
        } else {
            tokens.into_vec()
        }
    }

    /// The targets to try an action with, most natural first; never empty.
    fn targets_to_try(&self, model: ModelId, action: u16, token: Option<u8>) -> Vec<Target> {
        let Some(def) = self.action(model, action).filter(|_| self.exists(model)) else {
            return vec![Target::None];
        };
        if self.moves_along_route(model, action) {
            let band = self.move_band(model, action, token).unwrap_or(Colour::Red);
            let mut routes: Vec<Target> = self
                .move_routes(model, band.move_inches())
                .into_iter()
                .map(Target::Route)
                .collect();
            routes.push(Target::Route(Vec::new()));
            return routes;
        }
        let here = self.position(model);
        let targets: Vec<Target> = match def.target {
            TargetKind::SelfOnly => vec![Target::None],
            TargetKind::BodyToken => {
                let mut bodies = self.bodies();
                bodies.sort_by(|a, b| dist(here, a.2).total_cmp(&dist(here, b.2)));
                bodies
                    .into_iter()
                    .map(|(b, _, _)| Target::Body(b))
                    .collect()
            }
            TargetKind::Object => self
                .markers_within_reach(model)
                .into_iter()
                .map(Target::Marker)
                .collect(),
            TargetKind::Point => vec![Target::Point(here)],
            TargetKind::OtherModel if def.effects.contains(&Effect::Drag) => {
                self.drag_targets_nearest_first(model)
            }
            _ => self
                .nearest_first(model, def.target)
                .into_iter()
                .map(Target::Model)
                .collect(),
        };
        let mut targets = targets;
        // MOD-7: a Breach action may aim at scenery whatever its kind of target.
        targets.extend(self.scenery_targets(model, def));
        targets.extend(self.ignite_targets(model, def)); // FIRE-2
        targets.extend(self.cut_targets(model, action)); // SEC-16
        if targets.is_empty() {
            // Nothing of the kind on the table: the engine says what is missing.
            let missing = match def.target {
                _ if action == crate::optional::sec::CUT_FENCE => Target::Scenery {
                    part: u32::MAX,
                    section: 0,
                },
                TargetKind::Object if crate::optional::terr::breach_of(def) > 0 => {
                    Target::Scenery {
                        part: u32::MAX,
                        section: 0,
                    }
                }
                TargetKind::BodyToken => Target::Body(BodyId(u16::MAX)),
                TargetKind::Object => Target::Marker(u8::MAX),
                _ => Target::Model(model),
            };
            return vec![missing];
        }
        targets
    }

    /// What a Drag of `model` could aim at, nearest first: the other models in play
    /// (BRAWL-11) and the draggable scenery pieces (MOVE-14), each tried where it stands.
    fn drag_targets_nearest_first(&self, model: ModelId) -> Vec<Target> {
        let me = self.base(model);
        let space = self.space();
        let models = self
            .nearest_first(model, TargetKind::OtherModel)
            .into_iter()
            .map(|d| {
                let target = Target::Drag {
                    model: d,
                    route: Vec::new(),
                    drop: self.position(d),
                };
                (self.distance(model, d), target)
            });
        let objects = space.pieces().iter().filter(|p| p.draggable).map(|p| {
            let target = Target::DragObject {
                object: p.id.0,
                route: Vec::new(),
                shift: [0.0, 0.0],
            };
            let far = space.distance_to_piece(&me, p.id).unwrap_or(f32::INFINITY);
            (far, target)
        });
        let mut targets: Vec<(f32, Target)> = models.chain(objects).collect();
        targets.sort_by(|a, b| a.0.total_cmp(&b.0));
        targets.into_iter().map(|(_, t)| t).collect()
    }

    /// Models in play an action of `model` with this kind of target could aim at: those on
    /// the side it targets first (rivals for a rival, friends for a friend), nearest first.
    fn nearest_first(&self, model: ModelId, kind: TargetKind) -> Vec<ModelId> {
        let wanted = |o: ModelId| match kind {
            TargetKind::Rival => self.rivals(model, o),
            TargetKind::Friendly => !self.rivals(model, o),
            TargetKind::OtherFriendly | TargetKind::OtherRedLinedFriendly => {
                o != model && !self.rivals(model, o)
            }
            _ => o != model,
        };
        let mut models: Vec<ModelId> = self
            .model_ids()
            .filter(|&o| self.in_play(o) && (o != model || kind == TargetKind::Friendly))
            .collect();
        models.sort_by(|&a, &b| {
            (!wanted(a), self.distance(model, a))
                .partial_cmp(&(!wanted(b), self.distance(model, b)))
                .unwrap_or(std::cmp::Ordering::Equal)
        });
        models
    }

    fn exists(&self, model: ModelId) -> bool {
        model.index() < self.model_count()
    }

    /// Whether taking `action` spends one of the model's Action Tokens: Gonks have none and
    /// use their card colour (TOK-15); launching a program spends none (NET-5).
    pub fn spends_token(&self, model: ModelId, action: u16) -> bool {
        self.exists(model) && !self.is_gonk(model) && self.program_of_action(action).is_none()
    }

    /// Whether the action moves the model along a route (the Move effect).
    pub fn moves_along_route(&self, model: ModelId, action: u16) -> bool {
        self.action(model, action)
            .is_some_and(|def| def.effects.iter().any(|e| matches!(e, Effect::Move { .. })))
    }

    /// The band a move action of `model` runs with `token` (MOVE-1): the colour the card
    /// fixes for it, else the token's colour, else a Gonk's card colour (TOK-15). `None`
    /// for an action that is not a move.
    pub fn move_band(&self, model: ModelId, action: u16, token: Option<u8>) -> Option<Colour> {
        let def = self.action(model, action)?;
        let fixed = def.effects.iter().find_map(|e| match e {
            Effect::Move { colour } => Some(*colour),
            _ => None,
        })?;
        fixed.or_else(|| match token {
            Some(t) => self.tokens(model).get(usize::from(t)).map(|t| t.colour),
            None => self.profile(model).gonk_colour,
        })
    }

    /// The model's base as every check of the engine measures it: where it stands, its
    /// team, its base size.
    pub fn model_base(&self, model: ModelId) -> ModelBase {
        self.base(model)
    }

    /// The Path of Attack `actor`'s action `action` at `target` is checked on, with each
    /// +1 and what gives it (POA-5..POA-10): an Indirect action leaves obstacles out
    /// (POA-11). The same path the engine refuses a blocked target on (POA-8).
    pub fn path_of_attack(&self, actor: ModelId, target: ModelId, action: u16) -> PathOfAttack {
        let indirect = self
            .action(actor, action)
            .is_some_and(|d| d.keywords.contains(&Keyword::Indirect));
        self.space().path_of_attack(
            &self.base(actor),
            &self.base(target),
            &self.bases_in_play(),
            PoaOptions {
                indirect,
                range: None,
            },
        )
    }
}

impl ActionDef {
    /// The wounds a successful hit of this attack deals to each model it hits, before
    /// Hacked tokens add theirs: its Wound effects, at least one (WOUND-1), one more if it
    /// is Deadly (KW-16) or, on a Crit, Deadly Crits (KW-14).
    pub fn wounds_on_hit(&self, crit: bool) -> u8 {
        let printed: u8 = self
            .effects
            .iter()
            .map(|e| if let Effect::Wound(k) = e { *k } else { 0 })
            .sum();
        let deadly = self.keywords.contains(&Keyword::Deadly)
            || (crit && self.keywords.contains(&Keyword::DeadlyCrits));
        printed.max(1) + u8::from(deadly)
    }
}

fn dist(a: [f32; 3], b: [f32; 3]) -> f32 {
    (a[0] - b[0]).hypot(a[2] - b[2])
}
