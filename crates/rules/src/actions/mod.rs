//! Taking an action: legality (ACT-3..ACT-9, TOK-3..TOK-13, BRAWL-2, BRAWL-3, REACT-7,
//! CMD-3, CTRL-14), spending the token, and resolving the result once the roll is settled.

pub(crate) mod climb;
pub(crate) mod drag_object;
mod drag_odds;
pub(crate) mod hand;
mod loot;
pub(crate) mod movement;
mod range;
pub(crate) mod route;
mod wound;

use serde::Serialize;

use crate::actions::movement::MoveCtx;
use crate::dice::defence_rank;
use crate::flow::contest::{Contest, Purpose, Stage};
use crate::flow::{Phase, Step};
use crate::geometry::{self, Base};
use crate::ids::{BodyId, ModelId};
use crate::keywords::rapid::RapidCtx;
use crate::keywords::{self, ReactionLimits, Spread};
use crate::optional::{aid, bot, sec};
use crate::protocol::command::{ActionCommand, Defence, Target};
use crate::protocol::decision::{Decision, DecisionKind};
use crate::protocol::error::{RuleError, refuse};
use crate::protocol::event::Event;
use crate::protocol::rule::Rule;
use crate::setup::basic;
use crate::setup::card::{ActionDef, Colour, Effect, Keyword, ModelKeyword, Skill, TargetKind};
use crate::setup::scenario;
use crate::state::Game;

/// What a checked action will do.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct ActPlan {
    pub actor: ModelId,
    pub action: u16,
    pub token: Option<u8>,
    pub colour: Colour,
    pub spend: bool,
    pub reaction: bool,
    /// The model whose attack this [RE]action answers (REACT-7).
    pub wounder: Option<ModelId>,
    pub kind: PlanKind,
}

#[derive(Debug, Clone, PartialEq)]
pub(crate) enum PlanKind {
    NoTarget,
    Move(Box<MoveCtx>),
    Model {
        target: ModelId,
        group: Vec<ModelId>,
    },
    Body(BodyId),
    /// A point on the table (a drone's deployment, DRONE-8).
    Point([f32; 3]),
    /// An objective marker (a scenario's Search and Pick Up).
    Marker(u8),
    /// A scenery part or a wall's section, for a Breach action (MOD-7, TERR-1).
    Scenery {
        part: u32,
        section: u8,
    },
    /// A door or window, for a lock action (SEC-7, SEC-8).
    Opening {
        piece: u32,
        opening: u8,
    },
    /// A leap out of a burning compartment: where it lands and the height fallen (FIRE-13).
    Leap([f32; 3], f32),
}

/// An action waiting for its roll.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub(crate) struct ActionCtx {
    pub actor: ModelId,
    pub action: u16,
    pub token: Option<u8>,
    pub reaction: bool,
    pub target: Option<ModelId>,
    /// Every model opposing, in opposer order (the target first).
    pub group: Vec<ModelId>,
    pub body: Option<BodyId>,
    /// The point aimed at (a drone's deployment, DRONE-8).
    pub point: Option<[f32; 3]>,
    /// How the action spreads over models (BRAWL-10, KW-4, KW-32).
    #[serde(default)]
    pub spread: Spread,
    /// The marker a scenario action aims at.
    pub marker: Option<u8>,
    /// The scenery part and section a Breach action aims at (MOD-7); left out of the
    /// serialised state otherwise, so games without TERR hash as before (MOD-2).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub scenery: Option<(u32, u8)>,
    /// The door or window a lock action aims at (SEC-7, SEC-8); left out of the serialised
    /// state otherwise (MOD-2).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub opening: Option<(u32, u8)>,
    /// The point of scenery an Ignite Torrent is aimed at (FIRE-2): its strip runs toward
    /// it; left out of the serialised state otherwise (MOD-2).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub torrent_at: Option<[f32; 3]>,
}

fn effect_move(def: &ActionDef) -> Option<Option<Colour>> {
    def.effects.iter().find_map(|e| match e {
        Effect::Move { colour } => Some(*colour),
        _ => None,
    })
}

impl Game {
    /// Checks an action command; `wounder` is set for a [RE]action.
    pub(crate) fn plan_action(
        &self,
        a: &ActionCommand,
        wounder: Option<ModelId>,
    ) -> Result<ActPlan, RuleError> {
        let m = a.model;
        if m.index() < self.models.len() && self.in_reserve(m) {
            return refuse(
                Rule::Field9,
                "That model is in Reserve: set it down on the table before it acts",
            );
        }
        if m.index() >= self.models.len() || !self.in_play(m) {
            return refuse(Rule::Wound10, "That model is not in play");
        }
        let Some(def) = self.action(m, a.action) else {
            return refuse(Rule::Tok12, "That model has no such action");
        };
        self.check_drone_action(m, a.action)?;
        if scenario::is_scenario_action(a.action) {
            self.check_scenario_action(m, a.action, &a.target)?;
        } else if a.action != aid::FIRST_AID
            && !sec::is_sec_action(a.action)
            && !bot::is_bot_action(a.action)
        {
            self.check_card_use(m, a.action)?;
        }
        self.check_construct_action(m, def)?;
        self.check_snared(m, a.action)?; // SEC-15
        let reaction = wounder.is_some();
        self.check_under_repair(m, def, &a.target)?; // BOT-10
        self.check_bot_actor(m, a.action, reaction)?; // BOT-9, BOT-12
        let gonk = self.is_gonk(m);
        let free = def.keywords.contains(&Keyword::Free) && !reaction;
        let program = self.program_of_action(a.action);
        let (colour, spend) = if let Some(card) = program {
            (self.check_launch(m, card, a.token, reaction)?, false)
        } else if gonk {
            if a.token.is_some() {
                return refuse(
                    Rule::Tok15,
                    "Gonks have no action tokens; they use their card colour",
                );
            }
            if def.characters_only {
                let rule = if def.command {
                    Rule::Ctrl9
                } else {
                    Rule::Basic12
                };
                return refuse(rule, format!("{} is for characters only", def.name));
            }
            if self.state(m).stunned {
                return refuse(
                    Rule::Kw30,
                    "This Gonk is stunned: it takes no action until after its owner's next Inspire",
                );
            }
            (self.profile(m).gonk_colour.unwrap_or(Colour::Yellow), false)
        } else {
            let Some(t) = a.token else {
                return refuse(Rule::Tok3, "Choose which token to spend");
            };
            let Some(tok) = self.tokens(m).get(usize::from(t)) else {
                return refuse(Rule::Tok1, "That model has no such token");
            };
            if !tok.ready && !free {
                let rule = if reaction { Rule::React1 } else { Rule::Tok3 };
                return refuse(rule, "That token is Used; an action needs a Ready token");
            }
            (tok.colour, !free)
        };
        if def.keywords.contains(&Keyword::Difficult) && self.difficult_used(m, a.action) {
            return refuse(
                Rule::Tok7,
                format!(
                    "{} is Difficult and was used since the last Inspire",
                    def.name
                ),
            );
        }
        if def.keywords.contains(&Keyword::Complex) && self.enemy_within(m, 3.0) {
            let rule = if a.action == basic::LOOT_GEAR || a.action == basic::LOOT_GOODS {
                Rule::Basic12
            } else {
                Rule::Tok13
            };
            return refuse(
                rule,
                format!("{} is Complex: a rival is within RED", def.name),
            );
        }
        if def.command {
            if reaction && self.inspiring().is_some_and(|s| s != self.owner(m)) {
                return refuse(
                    Rule::Open45,
                    "No Command [RE]action during a rival's Inspire (CTRL-14)",
                );
            }
            if !reaction && self.inspiring().is_some() {
                return refuse(
                    Rule::Ctrl14,
                    "Control can't change in the middle of an Inspire",
                );
            }
        }
        let kind = match (def.target, &a.target) {
            (_, Target::Opening { piece, opening }) => {
                self.check_opening_target(m, a.action, def, *piece, *opening)?;
                PlanKind::Opening {
                    piece: *piece,
                    opening: *opening,
                }
            }
            (_, Target::Scenery { part, section }) if a.action == sec::CUT_FENCE => {
                self.check_cut(m, *part, *section)?; // SEC-16
                PlanKind::Scenery {
                    part: *part,
                    section: *section,
                }
            }
            (_, _) if a.action == sec::CUT_FENCE => {
                return refuse(Rule::Sec16, "Cut is aimed at a section of a fence");
            }
            (TargetKind::Object, _) if sec::is_sec_action(a.action) => {
                return refuse(
                    Rule::Act16,
                    format!("{} is aimed at a door or window", def.name),
                );
            }
            (_, Target::Scenery { part, section }) if self.leaps(a.action) => {
                let (at, height) = self.check_leap(m, *part, *section)?; // FIRE-13
                PlanKind::Leap(at, height)
            }
            (_, Target::Scenery { part, section }) => {
                let brawl = self.brawling_with(m);
                self.check_scenery_target(m, def, *part, *section, &brawl)?;
                PlanKind::Scenery {
                    part: *part,
                    section: *section,
                }
            }
            (TargetKind::SelfOnly, Target::Route(route)) => {
                let Some(fixed) = effect_move(def) else {
                    return refuse(Rule::Act7, format!("{} takes no route", def.name));
                };
                let length = fixed.unwrap_or(colour).move_inches();
                self.check_not_sealed(m, route)?; // FIRE-9
                PlanKind::Move(Box::new(
                    self.plan_move_or_climb(m, a, route, length, colour)?,
                ))
            }
            (TargetKind::SelfOnly, Target::None) if effect_move(def).is_none() => {
                PlanKind::NoTarget
            }
            (TargetKind::SelfOnly, _) => {
                return refuse(
                    Rule::Act7,
                    format!("{} needs a route and no other target", def.name),
                );
            }
            (TargetKind::BodyToken, Target::Body(b)) => {
                let Some(body) = self.bodies.iter().find(|x| x.id == *b && !x.looted) else {
                    return refuse(Rule::Basic15, "That Body token is not on the table");
                };
                let d = self.base(m).distance_to_point(body.at);
                if d > 1.0 {
                    return refuse(Rule::Basic12, "The Body token must be within reach");
                }
                PlanKind::Body(*b)
            }
            (TargetKind::OtherModel, Target::Drag { model, route, drop }) => {
                let d = *model;
                // AID-10: a Downed model may be dragged.
                let on_table =
                    d.index() < self.models.len() && (self.in_play(d) || self.is_downed(d));
                if !on_table || d == m {
                    return refuse(Rule::Brawl11, "Drag another model in play");
                }
                if self.is_drone(d) {
                    return refuse(Rule::Open39, "Drones can't be dragged");
                }
                self.check_not_snared(d)?;
                self.check_drag_heavy(d)?;
                if self.distance(m, d) > 1.0 {
                    return refuse(Rule::Brawl11, "The dragged model must be within reach");
                }
                let plan = self.plan_move(
                    m,
                    route,
                    Colour::Red.move_inches(),
                    colour,
                    a.token,
                    Some((d, *drop)),
                )?;
                PlanKind::Move(Box::new(plan))
            }
            (
                TargetKind::OtherModel,
                Target::DragObject {
                    object,
                    route,
                    shift,
                },
            ) if def.effects.contains(&Effect::Drag) => PlanKind::Move(Box::new(
                self.plan_object_drag(m, a.token, colour, *object, route, *shift)?,
            )),
            (TargetKind::Point, Target::Point(p)) if program.is_some() => {
                self.check_deploy_point(m, program.expect("program"), *p)?;
                PlanKind::Point(*p)
            }
            (TargetKind::Object, Target::Marker(k)) if scenario::is_scenario_action(a.action) => {
                PlanKind::Marker(*k)
            }
            (TargetKind::Point, _) if def.keywords.contains(&Keyword::Blast) => {
                return refuse(
                    Rule::Kw4,
                    format!(
                        "{} is a Blast: it is aimed at a model, and its Impact token goes down \
                         touching that model",
                        def.name
                    ),
                );
            }
            (TargetKind::Object | TargetKind::Point, _) => {
                return refuse(
                    Rule::Act7,
                    format!("{} is not supported by this engine yet", def.name),
                );
            }
            (kind, Target::Model(t)) => {
                let t = *t;
                // Only a target model needs the Brawl (BRAWL-2, BRAWL-7), and only once the
                // checks before it pass.
                let brawl = LazyBrawl::new(self, m);
                if t.index() < self.models.len() {
                    // BOT-6, BOT-11, BOT-12, first: most targets are no construct, and this
                    // spares them the Path of Attack.
                    self.check_bot_target(a.action, t)?;
                }
                self.check_model_target(m, def, kind, t, &brawl, wounder)?;
                self.check_medical_on_construct(def, t)?;
                let group = self.target_group(m, def, t, brawl.get())?;
                PlanKind::Model { target: t, group }
            }
            _ => {
                return refuse(
                    Rule::Act16,
                    format!("{} needs a different kind of target", def.name),
                );
            }
        };
        if reaction && !matches!(kind, PlanKind::Model { .. } | PlanKind::Move(_)) && def.attack {
            return refuse(
                Rule::React7,
                "A [RE]action attack must target the model that wounded you",
            );
        }
        if let Some(w) = wounder {
            self.check_reaction_limits(m, def, w)?;
        }
        Ok(ActPlan {
            actor: m,
            action: a.action,
            token: a.token,
            colour,
            spend,
            reaction,
            wounder,
            kind,
        })
    }

    fn enemy_within(&self, m: ModelId, inches: f32) -> bool {
        let me = self.base(m);
        self.model_ids().any(|o| {
            o != m
                && self.in_play(o)
                && self.rivals(m, o)
                && geometry::within(&me, &self.base(o), inches)
        })
    }

    pub(crate) fn check_model_target(
        &self,
        m: ModelId,
        def: &ActionDef,
        kind: TargetKind,
        t: ModelId,
        brawl: &LazyBrawl,
        wounder: Option<ModelId>,
    ) -> Result<(), RuleError> {
        if t.index() >= self.models.len() {
            return refuse(Rule::Wound10, "The target is not in play");
        }
        if def.effects.contains(&Effect::FirstAid) || self.is_downed(t) {
            self.check_downed_target(m, def, t)?;
        } else if !self.in_play(t) {
            return refuse(Rule::Wound10, "The target is not in play");
        }
        self.check_drone_target(t, def)?;
        if def.effects.contains(&Effect::OnlyHacked) && self.hacked(t) == 0 {
            // NET-15, NET-16: Gonks are never Hacked, so they are never such a target.
            return refuse(
                Rule::Net15,
                format!(
                    "{} only affects Hacked models, and {} has no Hacked token",
                    def.name,
                    self.profile(t).name
                ),
            );
        }
        if let Some(band) = self.st.setup.scenario.max_range()
            && t != m
            && !self.band_allows(self.distance(m, t))
        {
            return refuse(
                Rule::Field6,
                format!(
                    "In this scenario no action can target a model beyond {}: the target is \
                     {:.1}\" away",
                    band_name(band),
                    self.distance(m, t)
                ),
            );
        }
        let rival = self.rivals(m, t);
        if def.attack && !rival {
            return refuse(Rule::Basic3, "Attacks may only target rivals");
        }
        if let Some(w) = wounder
            && def.attack
            && t != w
        {
            return refuse(
                Rule::React7,
                "A [RE]action attack must target the model that wounded you",
            );
        }
        match kind {
            TargetKind::Rival if !rival => {
                return refuse(Rule::Basic3, "That action targets a rival");
            }
            TargetKind::OtherFriendly
            | TargetKind::Friendly
            | TargetKind::OtherRedLinedFriendly
                if rival =>
            {
                return refuse(
                    Rule::Act10,
                    format!("{} targets a friendly model", def.name),
                );
            }
            TargetKind::OtherFriendly | TargetKind::OtherRedLinedFriendly if t == m => {
                let rule = if def.command {
                    Rule::Open13
                } else {
                    Rule::Basic7
                };
                return refuse(rule, format!("{} can't target the model itself", def.name));
            }
            TargetKind::OtherRedLinedFriendly if !self.red_lined(t) => {
                return refuse(Rule::Basic7, "Triage only helps a Red-lined model");
            }
            TargetKind::OtherModel => {
                return refuse(Rule::Brawl11, "Dragging needs a route and a drop point");
            }
            _ => {}
        }
        if def.command {
            if self.is_gonk(t) && self.state(t).stunned {
                return refuse(
                    Rule::Kw30,
                    "That Gonk is stunned: it takes no action until after its owner's next Inspire",
                );
            }
            if self.is_gonk(t) && def.characters_only {
                return refuse(Rule::Open13, "Basic Command can only activate characters");
            }
            if self.is_character(t) && !self.state(t).has_ready() {
                return refuse(
                    Rule::Cmd3,
                    "That character has no Ready token, so it can't be activated",
                );
            }
        }
        let brawl = brawl.get();
        if !brawl.is_empty() && !brawl.contains(&t) {
            return refuse(
                Rule::Brawl2,
                "A Brawling model may only target the rivals it is Brawling with",
            );
        }
        let d = self.distance(m, t);
        if let Some(range) = def.range
            && !range.allows(d)
        {
            let rule = if range.reach_only {
                Rule::Gen7
            } else if brawl.contains(&t) {
                Rule::Brawl3
            } else if range.max_inches() < d {
                Rule::Act5
            } else {
                Rule::Act6
            };
            return refuse(
                rule,
                format!("The target is {d:.1}\" away: out of {}'s range", def.name),
            );
        }
        if t != m {
            let others = self.bases_in_play();
            let indirect = def.keywords.contains(&Keyword::Indirect);
            let poa = geometry::path_of_attack(
                self.space(),
                &self.base(m),
                &self.base(t),
                &others,
                indirect,
            );
            if let Some(blocker) = poa.blocked_by {
                return refuse(
                    Rule::Poa8,
                    format!("The Path of Attack crosses the barrier '{blocker}'"),
                );
            }
        }
        Ok(())
    }

    /// Every model an action aimed at `t` targets: the Torrent's corridor (KW-32), the
    /// Blast's target alone (its area comes later, BRAWL-10), or the Brawl group (BRAWL-7).
    pub(crate) fn target_group(
        &self,
        m: ModelId,
        def: &ActionDef,
        t: ModelId,
        brawl: &[ModelId],
    ) -> Result<Vec<ModelId>, RuleError> {
        match Spread::of(def) {
            // A Downed model is in no Brawl (AID-2): it is targeted alone.
            Spread::Single if self.is_downed(t) => Ok(vec![t]),
            Spread::Single => Ok(self.brawl_shot_group(m, def, t, brawl)),
            Spread::Blast => Ok(vec![t]),
            Spread::Torrent => self.torrent_group(m, def, t),
        }
    }

    /// BRAWL-7: an attack from outside a Brawl on a Brawling rival also targets every model
    /// within reach of it, friend or foe.
    fn brawl_shot_group(
        &self,
        m: ModelId,
        def: &ActionDef,
        t: ModelId,
        brawl: &[ModelId],
    ) -> Vec<ModelId> {
        let mut group = vec![t];
        if !def.attack || brawl.contains(&t) || self.brawling_with(t).is_empty() {
            return group;
        }
        for o in self.model_ids() {
            if o != t && o != m && self.in_play(o) && self.distance(o, t) <= 1.0 {
                group.push(o);
            }
        }
        group
    }

    /// Checks a route and works out Brawl escapes (BRAWL-4..BRAWL-6, OPEN-20).
    pub(crate) fn plan_move(
        &self,
        m: ModelId,
        route: &[[f32; 3]],
        length: f32,
        colour: Colour,
        token: Option<u8>,
        drag: Option<(ModelId, [f32; 3])>,
    ) -> Result<MoveCtx, RuleError> {
        self.plan_move_in(None, m, route, length, colour, token, drag)
    }

    /// [`Game::plan_move`] on another battlespace than the game's (`None` = the game's): a
    /// dragged object's, where the object already moves with the dragger (MOVE-16).
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn plan_move_in(
        &self,
        space: Option<&geometry::Battlespace>,
        m: ModelId,
        route: &[[f32; 3]],
        length: f32,
        colour: Colour,
        token: Option<u8>,
        drag: Option<(ModelId, [f32; 3])>,
    ) -> Result<MoveCtx, RuleError> {
        let mover = self.base(m);
        let blockers = self.bases_in_play();
        let without_dragged: Vec<Base>;
        let others: &[Base] = match drag {
            // The dragged model moves with the dragger: not in its way (MOVE-16).
            Some((d, _)) => {
                without_dragged = blockers
                    .iter()
                    .filter(|b| geometry::model_of(b) != d)
                    .copied()
                    .collect();
                &without_dragged
            }
            None => &blockers,
        };
        // The sampler may just have asked the geometry this very question (on the game's
        // battlespace).
        let checked = match space {
            Some(other) => other.check_move(&mover, route, length, others),
            None => match self.moves.get(&mover, route, length, others) {
                Some(plan) => Ok(plan),
                None => self.space().check_move(&mover, route, length, others),
            },
        };
        if let Ok(p) = &checked {
            self.check_construct_move(m, p)?;
        }
        // SEC-6, SEC-7: a known lock refuses the route; a hidden one ends the move at it.
        let mut lock = None;
        let checked = match checked {
            Ok(mut p) => {
                if let Some((i, piece, opening)) = self.lock_on_route(m, &p)? {
                    let c = p.crossings[i];
                    let space = space.unwrap_or(self.space());
                    // SEC-7: it stops where it meets the wall, on its own side.
                    p.end = crate::geometry::stop_before(space, &mover, route, &c, &blockers);
                    p.crossings.truncate(i);
                    lock = Some((piece, opening));
                }
                Ok(p)
            }
            Err(e) => Err(e),
        };
        let space = space.unwrap_or(self.space());
        let plan = checked
            .map(|p| {
                let mut plan = geometry::move_plan(space, &mover, route, &p, &blockers);
                self.mark_fences(&mover, route, &p, &mut plan, &blockers); // SEC-14
                plan
            })
            .map_err(|why| {
                RuleError::new(Rule::Move1, format!("That move is not possible: {why}"))
            })?;
        if let Some((d, drop)) = drag {
            let end_base = mover.at(plan.end);
            let dropped = self.base(d).at(drop);
            if geometry::distance(&end_base, &dropped) > 1.0 {
                return refuse(
                    Rule::Move16,
                    "Put the dragged model within reach of where the dragger ends",
                );
            }
            let clash = others
                .iter()
                .chain(std::iter::once(&end_base))
                .any(|o| geometry::model_of(o) != d && o.overlaps(&dropped));
            if !self.space().table().contains_base(&dropped) {
                return refuse(Rule::Move16, "The dragged model must stay on the table");
            }
            if clash {
                return refuse(
                    Rule::Move4,
                    "The dragged model's base would overlap another base",
                );
            }
            self.check_not_on_downed(&dropped, None)?; // AID-2
        }
        let drag = drag
            .map(|(d, drop)| self.drop_dragged(d, drop, mover.at(plan.end), others))
            .transpose()?;
        let end_base = mover.at(plan.end);
        self.check_not_on_downed(&end_base, drag.map(|(d, _)| d))?;
        let brawl = self.brawling_with(m);
        let leaves = brawl
            .iter()
            .any(|&r| geometry::distance(&end_base, &self.base(r)) > 1.0);
        let friends = self
            .model_ids()
            .filter(|&o| {
                o != m && self.in_play(o) && !self.rivals(m, o) && self.distance(m, o) <= 1.0
            })
            .count();
        let mut crossings = plan.crossings;
        if self.profile(m).has_keyword(&ModelKeyword::Flying) {
            // A flying drone clears obstacles without a roll.
            crossings.retain(|c| !matches!(c.kind, geometry::CrossingKind::Obstacle { .. }));
        }
        Ok(MoveCtx {
            actor: m,
            token,
            colour,
            crossings,
            end: plan.end,
            next: 0,
            escape_from: if leaves { brawl.clone() } else { Vec::new() },
            outnumbers: friends > brawl.len(),
            escape_done: false,
            drag: drag.map(|(d, landing)| (d, landing.end)),
            drag_done: false,
            drop_fall: drag.and_then(|(_, landing)| {
                let height = landing.fall?;
                Some((height, landing.lands_on.map(|b| ModelId(b as u16))))
            }),
            object: None,
            opposer: None,
            climb: crate::actions::climb::ClimbPart::None,
            route: plan.legs,
            lock,
        })
    }

    /// Where the model `d` dragged by a dragger ending at `dragger` and put down at `drop`
    /// comes to rest (MOVE-16, BRAWL-13): off raised scenery it falls to the surface below,
    /// onto any model standing there (MOVE-19, MOVE-21). Refused if it can't stand there.
    fn drop_dragged(
        &self,
        d: ModelId,
        drop: [f32; 3],
        dragger: Base,
        others: &[Base],
    ) -> Result<(ModelId, redline_battlespace::Landing), RuleError> {
        let dropped = self.base(d).at(drop);
        let mut bases: Vec<Base> = others
            .iter()
            .copied()
            .filter(|b| b.id != dragger.id)
            .collect();
        bases.push(dragger);
        let toward = [dragger.position[0] - drop[0], dragger.position[2] - drop[2]];
        match geometry::drop_landing(self.space(), &dropped, toward, &bases) {
            Some(landing) => Ok((d, landing)),
            None => refuse(
                Rule::Move16,
                "The dragged model can't be put down there: it must end standing on the \
                 table or a top, clear of scenery",
            ),
        }
    }

    /// Declares a checked action: token spent, Difficult marked, resolution queued.
    pub(crate) fn declare(&mut self, plan: ActPlan) {
        let m = plan.actor;
        // Borrowed from the shared statics, not copied: the game changes below.
        let st = std::sync::Arc::clone(&self.st);
        let def = self.action_in(&st, m, plan.action).expect("checked action");
        self.emit(Event::ActionTaken {
            model: m,
            action: plan.action,
            name: def.name.clone(),
            colour: plan.colour,
            reaction: plan.reaction,
        });
        if let (true, Some(t)) = (plan.spend, plan.token) {
            self.emit(Event::TokenFlipped {
                model: m,
                token: t,
                ready: false,
            });
        }
        if def.keywords.contains(&Keyword::Difficult) {
            self.emit(Event::DifficultMarked {
                model: m,
                action: plan.action,
            });
        }
        if !plan.reaction {
            self.wounded.clear();
            self.reaction_limits = ReactionLimits::of(def);
        }
        self.stack.push(Step::EndAction {
            actor: m,
            reaction: plan.reaction,
        });
        if def.effects.contains(&Effect::SelfDestruct) && self.is_drone(m) {
            // Runs once the action has resolved, whatever its roll (DRONE-2, DRONE-7).
            self.stack
                .push(Step::Net(crate::netrunning::NetStep::SelfDestruct {
                    drone: m,
                }));
        }
        self.queue_card_after_action(m, plan.action, def);
        let mut point = None;
        let mut marker = None;
        let mut scenery = None;
        let mut opening = None;
        let mut torrent_at = None;
        let (target, group, body) = match plan.kind {
            PlanKind::Move(mut ctx) => {
                ctx.token = plan.token;
                self.stack.push(Step::Move(ctx));
                return;
            }
            PlanKind::Leap(at, height) => {
                self.leap(m, plan.token, (at, height)); // FIRE-13
                return;
            }
            PlanKind::NoTarget => (None, Vec::new(), None),
            PlanKind::Model { target, group } => (Some(target), group, None),
            PlanKind::Body(b) => (None, Vec::new(), Some(b)),
            PlanKind::Point(p) => {
                point = Some(p);
                (None, Vec::new(), None)
            }
            PlanKind::Marker(k) => {
                marker = Some(k);
                (None, Vec::new(), None)
            }
            PlanKind::Scenery { part, section } if self.ignites_with_torrent(def) => {
                // FIRE-2: the strip runs toward the part or opening and targets its models.
                let at = self.ignite_aim_point(m, part, section);
                torrent_at = Some(at);
                (None, self.torrent_models(m, def, at).0, None)
            }
            PlanKind::Scenery { part, section } => {
                scenery = Some((part, section));
                (None, Vec::new(), None)
            }
            PlanKind::Opening { piece, opening: o } => {
                opening = Some((piece, o));
                (None, Vec::new(), None)
            }
        };
        let ctx = ActionCtx {
            actor: m,
            action: plan.action,
            token: plan.token,
            reaction: plan.reaction,
            target,
            group,
            body,
            point,
            // Blast and Torrent need a model to aim at; aimed elsewhere they act plainly,
            // but for an Ignite Torrent aimed at scenery (FIRE-2).
            spread: if target.is_some() || torrent_at.is_some() {
                Spread::of(def)
            } else {
                Spread::Single
            },
            marker,
            scenery,
            opening,
            torrent_at,
        };
        let of = keywords::rapid(def);
        if of > 1
            && let Some(t) = target
        {
            // KW-24: the repetitions are offered one by one once this one is resolved.
            let rapid = RapidCtx::new(&ctx, plan.colour, of, plan.wounder);
            self.stack.push(Step::Rapid(Box::new(rapid)));
            self.emit(Event::Repetition {
                model: m,
                number: 1,
                of,
                target: t,
                penalty: 0,
            });
        }
        self.open_action(ctx, def, plan.colour, 0);
    }

    /// Resolves an action aimed and paid for: an Easy one at once (TOK-8), any other by an
    /// Opposed Roll; `penalty` is added to the actor's roll (walking fire, KW-27).
    pub(crate) fn open_action(
        &mut self,
        ctx: ActionCtx,
        def: &ActionDef,
        colour: Colour,
        penalty: i16,
    ) {
        if let Some(aim) = ctx.scenery {
            if ctx.action == sec::CUT_FENCE {
                self.cut_fence(ctx.actor, aim); // SEC-16: Easy, no roll
            } else if self.ignites_scenery(def) {
                self.open_ignite(ctx, def, colour, penalty, aim); // FIRE-2
            } else {
                self.open_breach(ctx, def, colour, penalty, aim);
            }
            return;
        }
        if let Some(at) = ctx.opening {
            self.open_lock_action(ctx, def, colour, penalty, at);
            return;
        }
        let m = ctx.actor;
        let target = ctx.target;
        if let (Spread::Blast, Some(t)) = (ctx.spread, target) {
            self.place_impact_on(m, t);
        }
        if ctx.spread == Spread::Torrent
            && let Some(at) = ctx.torrent_at.or(target.map(|t| self.position(t)))
        {
            self.queue_torrent_fires(&ctx, def, at); // FIRE-1, FIRE-3
        }
        let Some(skill) = def.skill.filter(|_| !def.is_easy()) else {
            // TOK-8: an Easy action succeeds with no roll.
            if ctx.spread == Spread::Blast {
                self.blast_after_hit(ctx, false, None);
                return;
            }
            self.action_result(ctx, false, &[], None);
            return;
        };
        if self.melee_on_downed(def, skill, &ctx.group)
            || self.melee_on_under_repair(def, skill, &ctx.group)
        {
            // AID-5, BOT-10: a melee attack on a Downed model, or on a construct Under
            // Repair, succeeds without a roll.
            let hits: Vec<(ModelId, Option<Defence>)> =
                ctx.group.iter().map(|&t| (t, None)).collect();
            self.action_result(ctx, false, &hits, None);
            return;
        }
        let add_skill = !def.keywords.contains(&Keyword::Unwieldy);
        let mut actor = self.actor_side(m, colour, skill, add_skill);
        if def.effects.contains(&Effect::FirstAid) {
            let bonus = self.first_aid_modifier(&ctx);
            actor.base_modifier += bonus;
            actor.modifier += bonus;
        }
        if ctx.action == bot::FIELD_PATCH {
            let bonus = self.tool_kit_bonus(m); // BOT-6
            actor.base_modifier += bonus;
            actor.modifier += bonus;
        }
        actor.base_modifier += penalty;
        actor.modifier += penalty;
        actor.accurate = def.keywords.contains(&Keyword::Accurate);
        // FIRE-2, MOD-7: the models in the strip of a Torrent aimed at scenery oppose the
        // actor's total as a Torrent's targets do, without the Large Target bonus.
        let rival_target = target.is_some_and(|t| self.rivals(m, t))
            || (ctx.torrent_at.is_some() && !ctx.group.is_empty());
        let topple = self.open_topple(&ctx, &mut actor); // BOT-11
        let opposers = if let Some(obstacle) = topple {
            vec![obstacle]
        } else if rival_target {
            let pierce = def
                .keywords
                .iter()
                .map(|k| if let Keyword::Pierce(x) = k { *x } else { 0 })
                .sum();
            // OPEN-19: Armor against physical attacks (Ranged, Melee, thrown Reflexes).
            let armor_ok =
                def.attack && matches!(skill, Skill::Ranged | Skill::Melee | Skill::Reflexes);
            let indirect = def.keywords.contains(&Keyword::Indirect);
            let all = self.bases_in_play();
            let me = self.base(m);
            let razor = self.razor_wire();
            ctx.group
                .iter()
                .map(|&o| {
                    // OPEN-6: Brawl members don't cover each other; in a Torrent every model
                    // between the actor and a target covers it (OPEN-30).
                    let others: Vec<Base> = all
                        .iter()
                        .copied()
                        .filter(|b| {
                            ctx.spread == Spread::Torrent
                                || !ctx.group.contains(&geometry::model_of(b))
                        })
                        .collect();
                    let poa = geometry::path_of_attack_past(
                        self.space(),
                        &me,
                        &self.base(o),
                        &others,
                        indirect,
                        &razor, // SEC-14
                    );
                    // FIRE-12: smoke adds to the cover.
                    let cover = i16::from(poa.cover) + self.smoke_modifier(&me, &self.base(o));
                    self.model_side(o, skill.opposed_by(), cover, armor_ok, def.attack, pierce)
                })
                .collect()
        } else {
            // ACT-10, DICE-3: no rival target, the Obstacle die opposes.
            vec![self.obstacle_side(self.owner(m))]
        };
        let c = Contest {
            purpose: Purpose::Action(ctx),
            name: def.name.clone(),
            can_wound: def.attack,
            actor,
            opposers,
            stage: Stage::Defences,
            offered: None,
        };
        // NET-13: a rival program may first be met by a friendly Netrunner.
        let options = self.net_defenders(&c);
        if options.is_empty() {
            self.stack.push(Step::Contest(Box::new(c)));
        } else {
            self.stack
                .push(Step::Net(crate::netrunning::NetStep::CombatNetrunning {
                    contest: Box::new(c),
                    options,
                }));
        }
    }

    /// Settles an action's roll. `verdicts` has one entry per opposer (empty for Easy).
    pub(crate) fn finish_action_roll(&mut self, ctx: ActionCtx, c: &Contest) -> Option<Decision> {
        if let Some(card) = self.program_of_action(ctx.action) {
            self.finish_launch(ctx, c, card);
            return None;
        }
        let verdicts = c.verdicts();
        let st = std::sync::Arc::clone(&self.st);
        let def = self.action_in(&st, ctx.actor, ctx.action).expect("action");
        if c.actor.roll().is_fumble() && def.keywords.contains(&Keyword::Dangerous) {
            // KW-15, WOUND-4: the wound lands on the token spent; no [RE]action (REACT-4).
            // With no token spent the owner picks (WOUND-7); a Gonk goes out (WOUND-11).
            match ctx.token {
                Some(t) => self.wound_token(ctx.actor, t, None),
                None if self.is_gonk(ctx.actor) => self.take_out(ctx.actor),
                None => self.push_wounds(ctx.actor, 1, None),
            }
        }
        if let Some(aim) = ctx.scenery {
            if self.ignites_scenery(def) {
                self.finish_ignite(ctx, c, aim); // FIRE-2
            } else {
                self.finish_breach(ctx, def, c, aim);
            }
            return None;
        }
        if let Some(at) = ctx.opening {
            self.finish_lock_action(&ctx, c, at);
            return None;
        }
        if ctx.action == sec::FREE_YOURSELF {
            self.finish_free_yourself(&ctx, c);
            return None;
        }
        if def.effects.contains(&Effect::FirstAid) {
            self.finish_first_aid(&ctx, c);
            return None;
        }
        if self.finish_topple(&ctx, c) {
            return None;
        }
        let crit = c.actor.roll().is_crit();
        if ctx.spread == Spread::Blast {
            return self.blast_after_roll(ctx, c);
        }
        if def.attack && ctx.group.len() > 1 && ctx.spread == Spread::Single {
            // BRAWL-9, OPEN-21: the lowest defence is the only one that can be affected.
            let ranks: Vec<_> = c.opposers.iter().map(|o| defence_rank(&o.roll())).collect();
            let low = *ranks.iter().min().expect("opposers");
            let tied: Vec<ModelId> = ctx
                .group
                .iter()
                .zip(&ranks)
                .filter(|(_, r)| **r == low)
                .map(|(m, _)| *m)
                .collect();
            if tied.len() > 1 {
                let target = ctx.target.expect("target");
                let seat = self.owner(target);
                self.stack.push(Step::BrawlTie {
                    contest: Box::new(c.clone()),
                    options: tied.clone(),
                });
                return Some(Decision {
                    seat,
                    kind: DecisionKind::BreakBrawlTie {
                        target,
                        options: tied,
                    },
                });
            }
            let i = ctx.group.iter().position(|m| *m == tied[0]).expect("tied");
            self.brawl_shot_lands(&ctx, c, i, crit);
            return None;
        }
        if ctx.group.is_empty() {
            if verdicts.first().copied().unwrap_or(true) {
                self.action_result(ctx, crit, &[], None);
            }
            return None;
        }
        // POA-12: every target the actor beat is affected (one, unless it is a Torrent).
        let hits: Vec<(ModelId, Option<Defence>)> = ctx
            .group
            .iter()
            .zip(&c.opposers)
            .zip(&verdicts)
            .filter(|(_, won)| **won)
            .map(|((m, o), _)| (*m, o.defence))
            .collect();
        if !hits.is_empty() {
            self.action_result(ctx, crit, &hits, None);
        }
        None
    }

    /// BRAWL-9: opposer `i` had the lowest defence; it is hit only if the actor beat it.
    pub(crate) fn brawl_shot_lands(&mut self, ctx: &ActionCtx, c: &Contest, i: usize, crit: bool) {
        if c.verdicts()[i] {
            let hit = [(ctx.group[i], c.opposers[i].defence)];
            self.action_result(ctx.clone(), crit, &hit, None);
        }
    }

    /// The action succeeded: apply its result to the affected models.
    pub(crate) fn action_result(
        &mut self,
        ctx: ActionCtx,
        crit: bool,
        hits: &[(ModelId, Option<Defence>)],
        _unused: Option<()>,
    ) {
        if scenario::is_scenario_action(ctx.action) {
            self.scenario_action_result(&ctx);
            return;
        }
        if self.bot_easy_result(&ctx) {
            return; // BOT-9, BOT-12
        }
        let st = std::sync::Arc::clone(&self.st);
        let def = self.action_in(&st, ctx.actor, ctx.action).expect("action");
        // NET-15: a model without a Hacked token is not affected (a Netrunner that stepped
        // in, NET-13, or a model caught by a spread).
        let only = def.effects.contains(&Effect::OnlyHacked);
        if only && !def.attack && ctx.target.is_some_and(|t| self.hacked(t) == 0) {
            return;
        }
        let only_hacked: Vec<(ModelId, Option<Defence>)>;
        let hits = if only {
            only_hacked = hits
                .iter()
                .copied()
                .filter(|&(m, _)| self.hacked(m) > 0)
                .collect();
            &only_hacked[..]
        } else {
            hits
        };
        if def.attack {
            let n = def.wounds_on_hit(crit);
            // Keyword effects go under the extra-wound steps, so wounds are placed first.
            self.keyword_effects(&ctx, def, hits);
            let per_hacked: u8 = def
                .effects
                .iter()
                .map(|e| match e {
                    Effect::WoundPerHacked(k) => *k,
                    _ => 0,
                })
                .sum();
            // Resolve in reverse so extra-wound steps run in hit order.
            for &(m, defence) in hits.iter().rev() {
                // NET-15: more Hacked tokens, more wounds.
                let more = per_hacked.saturating_mul(self.hacked(m));
                self.hit(m, defence, n.saturating_add(more), ctx.actor, ctx.reaction);
            }
            self.push_affected(&ctx, def, hits);
            return;
        }
        // An action without a target works on the actor itself (Painkillers, BASIC-16).
        let target = ctx
            .target
            .or_else(|| (def.target == TargetKind::SelfOnly).then_some(ctx.actor));
        self.keyword_effects(&ctx, def, hits);
        self.push_affected(&ctx, def, hits);
        for kw in &def.keywords {
            if let (Keyword::Heal(x), Some(t)) = (kw, target) {
                self.stack.push(Step::Heal { model: t, left: *x });
            }
        }
        for e in &def.effects {
            match (e, target) {
                (Effect::Activate, Some(t)) => self.command(ctx.actor, t),
                (Effect::RemoveHacked(x), Some(t)) => {
                    for _ in 0..*x {
                        if self.hacked(t) > 0 {
                            self.emit(Event::HackedRemoved { model: t });
                        }
                    }
                }
                (Effect::Hack, Some(t)) => self.hack(t),
                (Effect::MakeVulnerable, Some(t)) => self.make_vulnerable(ctx.action, t),
                (Effect::DeployDrone { .. }, _) => {
                    if let (Some(card), Some(at)) = (self.program_of_action(ctx.action), ctx.point)
                    {
                        self.deploy_drone(ctx.actor, card, at);
                    }
                }
                (Effect::LootGear, _) => self.loot(ctx.actor, ctx.body, true),
                (Effect::LootGoods, _) => self.loot(ctx.actor, ctx.body, false),
                (Effect::Scavenge(x), _) => self.scavenge(ctx.actor, ctx.body, *x),
                (Effect::GainLuck(x), _) => {
                    let seat = self.owner(ctx.actor);
                    let left = self.luck(seat).saturating_add(*x);
                    self.emit(Event::LuckReturned { seat, left });
                }
                _ => {}
            }
        }
    }

    /// CMD-2: the target becomes the Active Model; Control goes to its owner.
    fn command(&mut self, by: ModelId, target: ModelId) {
        let ending = match self.phase {
            Phase::Active { model, .. } => model,
            _ => by,
        };
        self.emit(Event::ActivationEnded { model: ending });
        let owner = self.owner(target);
        if owner != self.control {
            self.emit(Event::ControlPassed {
                from: self.control,
                to: owner,
            });
        }
        self.phase = Phase::Active {
            model: target,
            actions: 0,
        };
        self.emit(Event::Activated { model: target });
        self.cpu_check(target);
    }
}

/// A band's name in player words.
fn band_name(band: crate::setup::card::Band) -> &'static str {
    match band {
        crate::setup::card::Band::Red => "RED (3\")",
        crate::setup::card::Band::Yellow => "YELLOW (7\")",
        crate::setup::card::Band::Green => "GREEN (12\")",
        crate::setup::card::Band::Long => "long range",
    }
}

/// A model's Brawl (BRAWL-1), found the first time a check asks for it: most candidate
/// targets a bot draws are refused before the Brawl matters (an attack on a friend, a
/// command to a rival), and finding it walks every model.
pub(crate) struct LazyBrawl<'g> {
    game: &'g Game,
    model: ModelId,
    found: std::cell::OnceCell<Vec<ModelId>>,
}

impl<'g> LazyBrawl<'g> {
    /// The Brawl of `model` in `game`, not yet found.
    pub(crate) fn new(game: &'g Game, model: ModelId) -> LazyBrawl<'g> {
        LazyBrawl {
            game,
            model,
            found: std::cell::OnceCell::new(),
        }
    }

    /// The rivals the model is Brawling with ([`Game::brawling_with`]).
    pub(crate) fn get(&self) -> &[ModelId] {
        self.found
            .get_or_init(|| self.game.brawling_with(self.model))
    }
}
