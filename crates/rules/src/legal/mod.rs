//! Every legal answer to the current decision ([`Game::legal_commands`]), for the AI, the
//! CLI and random play. Discrete choices are listed in full; moves come from a candidate
//! generator (straight runs of the whole band in eight directions, a climb onto each raised
//! top at the model's foot or down off the edge it stands at, plus a way toward the nearest
//! rival and one toward the scenario's nearest objective, along the route finder's way where
//! the straight line is not legal), since a
//! route is a continuous choice; places to set down an entering model come from a grid over
//! the allowed area. Every candidate goes through [`Game::check`], so this list is never more
//! permissive than the rules.

mod availability;
mod legal_kw;
mod sample;
mod walk;

use crate::geometry::Base;
use crate::ids::ModelId;
use crate::protocol::command::{ActionCommand, Command, FreeMove, Target};
use crate::protocol::decision::DecisionKind;
use crate::setup::card::{Colour, Effect, Keyword, TargetKind};
use crate::state::Game;
use redline_battlespace::Hypot;
use smallvec::{SmallVec, smallvec};

/// Directions of the straight move candidates, as unit (x, z) vectors: the compass points.
pub(crate) const DIRECTIONS: [[f32; 2]; 8] = [
    [1.0, 0.0],
    [
        std::f32::consts::FRAC_1_SQRT_2,
        std::f32::consts::FRAC_1_SQRT_2,
    ],
    [0.0, 1.0],
    [
        -std::f32::consts::FRAC_1_SQRT_2,
        std::f32::consts::FRAC_1_SQRT_2,
    ],
    [-1.0, 0.0],
    [
        -std::f32::consts::FRAC_1_SQRT_2,
        -std::f32::consts::FRAC_1_SQRT_2,
    ],
    [0.0, -1.0],
    [
        std::f32::consts::FRAC_1_SQRT_2,
        -std::f32::consts::FRAC_1_SQRT_2,
    ],
];

/// Shortest straight move candidate worth offering, in inches.
const MIN_MOVE: f32 = 0.25;

/// Gap left between bases when the route finder closes on a rival: inside reach (1").
const CLOSE_IN_GAP: f32 = 0.5;

impl Game {
    /// Every legal answer to the current decision, in a fixed order (empty once the game is
    /// over). Discrete answers are all listed; routes for moves and drags are a candidate
    /// set, each one checked. Tokens that are interchangeable (same colour, same starting
    /// colour, both Ready) are offered once, by their lowest index.
    pub fn legal_commands(&self) -> Vec<Command> {
        let Some(d) = &self.decision else {
            return Vec::new();
        };
        if let Some(climb) = self.climb_commands() {
            return climb; // a model waiting on a face finishes its climb (MOVE-25)
        }
        use DecisionKind as K;
        let mut out = Vec::new();
        match &d.kind {
            K::TakeControl {
                may_activate,
                may_inspire,
            } => {
                out.extend(
                    may_activate
                        .iter()
                        .map(|&model| Command::Activate { model }),
                );
                out.extend(may_inspire.iter().map(|&seat| Command::Inspire { seat }));
            }
            K::NextAction { .. } | K::InspireGonks { .. } | K::OfferReaction { .. } => {
                let candidates = self.action_candidates(&d.kind);
                self.resolve_all(candidates, &mut out);
            }
            K::Deploy { model, placement } => {
                for at in self.placement_spots(*model, placement) {
                    out.push(Command::Deploy { model: *model, at });
                }
            }
            K::DeployTeam { .. } => self.deployment_commands(d.seat, &mut out),
            K::PlaceSecurity { .. } => self.security_commands(&mut out),
            K::ChooseFirstControl { options } => {
                out.extend(
                    options
                        .iter()
                        .map(|&seat| Command::GiveFirstControl { seat }),
                );
            }
            K::ChooseDefence { options, .. } => {
                out.extend(options.iter().map(|&x| Command::Defend(x)));
            }
            K::FaceHazard { options, .. } => {
                out.extend(
                    options
                        .iter()
                        .map(|&(model, token)| Command::FaceHazard { model, token }),
                );
            }
            K::OrderFireRolls { fires } => {
                out.extend(fires.iter().map(|&place| Command::RollFire { place }));
            }
            K::SentryShot { shots } => {
                out.extend(
                    shots
                        .iter()
                        .map(|&(sentry, target)| Command::SentryFires { sentry, target }),
                );
            }
            K::OfferLuck { luck, accurate, .. } => {
                if *luck > 0 || *accurate {
                    out.push(Command::Reroll);
                }
                out.push(Command::KeepRoll);
            }
            K::AllocateWound { options, .. } => {
                out.extend(
                    options
                        .iter()
                        .map(|&token| Command::AllocateWound { token }),
                );
            }
            K::ChooseHealedToken { options, .. } => {
                out.extend(options.iter().map(|&token| Command::HealToken { token }));
            }
            K::ChooseOpposer { options, .. } => {
                out.extend(
                    options
                        .iter()
                        .map(|&model| Command::ChooseOpposer { model }),
                );
            }
            K::BreakBrawlTie { options, .. } => {
                out.extend(
                    options
                        .iter()
                        .map(|&model| Command::ChooseAffected { model }),
                );
            }
            K::ChooseLootedCard { options, .. } => {
                out.extend(options.iter().map(|&card| Command::TakeCard { card }));
            }
            K::CombatNetrunning { options, .. } => {
                out.push(Command::NetDefend { model: None });
                out.extend(
                    options
                        .iter()
                        .map(|&m| Command::NetDefend { model: Some(m) }),
                );
            }
            K::MemoryLeak { options, .. } => {
                out.extend(options.iter().map(|&token| Command::LeakToken { token }));
            }
            K::FreeMoves { .. } => {
                let candidates = self.action_candidates(&d.kind);
                self.resolve_all(candidates, &mut out);
            }
            K::PlaceImpact { .. }
            | K::BlastEscape { .. }
            | K::NextRepetition { .. }
            | K::ChooseStunnedToken { .. }
            | K::ChooseRefreshedToken { .. } => self.keyword_commands(&d.kind, &mut out),
        }
        // Only answers the rules accept; the candidates above are a superset for actions.
        out.retain(|c| self.check(c).is_ok());
        out
    }

    /// Candidate answers (unchecked, routes toward rivals not yet found) to the decisions
    /// that offer actions or moves, in [`Game::legal_commands`]' order; empty for any other
    /// decision.
    pub(crate) fn action_candidates(&self, kind: &DecisionKind) -> Vec<Candidate> {
        let mut out = Vec::new();
        for k in self.answer_kinds(kind) {
            self.kind_candidates(&k, &mut out);
        }
        out
    }

    /// The kinds of answer to a decision that offers actions or moves, in order: each action
    /// of each model that may act, each model's free move, and the answers that stand alone
    /// (ending the activation, skipping a Gonk, declining). Empty for any other decision.
    pub(crate) fn answer_kinds(&self, kind: &DecisionKind) -> Vec<AnswerKind> {
        use DecisionKind as K;
        // Room is reserved as each model's actions are listed, for them and the answer that
        // stands alone after them: a fixed large reservation (of large items) cost more in
        // the allocator than the listing itself.
        let mut out = Vec::new();
        let actions = |m: ModelId, reaction: bool, out: &mut Vec<AnswerKind>| {
            let mut ids = self.actions_of(m);
            ids.extend(self.scenario_action_ids());
            ids.extend(self.module_action_ids());
            out.reserve(ids.len() + 2);
            out.extend(ids.into_iter().map(|action| AnswerKind::Action {
                model: m,
                action,
                reaction,
            }));
        };
        match kind {
            K::NextAction { model } => {
                actions(*model, false, &mut out);
                out.push(AnswerKind::Alone(Command::EndActivation));
            }
            K::InspireGonks { gonks } => {
                for &g in gonks {
                    if self.in_reserve(g) {
                        // FIELD-9: a Gonk in Reserve enters before its action.
                        out.push(AnswerKind::Enter { model: g });
                    } else {
                        actions(g, false, &mut out);
                    }
                    out.push(AnswerKind::Alone(Command::SkipGonk { model: g }));
                }
            }
            K::OfferReaction { model, .. } => {
                actions(*model, true, &mut out);
                out.push(AnswerKind::Alone(Command::DeclineReaction));
            }
            K::FreeMoves { colour, models } => {
                out.extend(models.iter().map(|&model| AnswerKind::FreeMove {
                    model,
                    length: colour.move_inches(),
                }));
                out.push(AnswerKind::Alone(Command::EndFreeMoves));
            }
            _ => {}
        }
        out
    }

    /// The candidates of one kind of answer (unchecked), in order.
    pub(crate) fn kind_candidates(&self, kind: &AnswerKind, out: &mut Vec<Candidate>) {
        match kind {
            AnswerKind::Action {
                model,
                action,
                reaction,
            } => self.action_commands(*model, *action, *reaction, out),
            AnswerKind::FreeMove { model, length } => {
                let m = *model;
                let tokens = self.token_choices(m, true);
                let routes = self.route_candidates(m, *length);
                for &token in &tokens {
                    out.extend(routes.iter().map(|r| {
                        r.candidate(Command::FreeMove(FreeMove {
                            model: m,
                            token,
                            route: Vec::new(),
                        }))
                    }));
                }
            }
            AnswerKind::Enter { model } => {
                let placement = self.reserve_placement(*model);
                out.extend(
                    self.placement_spots(*model, &placement)
                        .into_iter()
                        .map(|at| Candidate::ready(Command::Deploy { model: *model, at })),
                );
            }
            AnswerKind::Alone(cmd) => out.push(Candidate::ready(cmd.clone())),
        }
    }

    /// Every candidate made whole, in order: the route toward a goal is found once per
    /// model, move length and goal, and left out where there is none or where it is the
    /// same move as one toward another goal (the nearest rival is the Leader to take out,
    /// two ways share their first stretch).
    fn resolve_all(&self, candidates: Vec<Candidate>, out: &mut Vec<Command>) {
        type Key = (ModelId, u32, [u32; 3]);
        let mut found: Vec<(Key, Option<Vec<[f32; 3]>>)> = Vec::new();
        // Where in `out` the moves toward a goal are.
        let mut toward: Vec<usize> = Vec::new();
        for c in candidates {
            let (goal, length) = match c.pending {
                None => {
                    out.push(c.cmd);
                    continue;
                }
                Some(PendingRoute::To(end)) => {
                    out.push(c.with_route(vec![end]));
                    continue;
                }
                Some(PendingRoute::CloseIn(goal, length)) => (goal, length),
            };
            let Some(m) = c.mover() else { continue };
            let key = (m, length.to_bits(), goal.map(f32::to_bits));
            let i = match found.iter().position(|f| f.0 == key) {
                Some(i) => i,
                None => {
                    found.push((key, self.close_in_route(m, goal, length)));
                    found.len() - 1
                }
            };
            if let Some(route) = &found[i].1 {
                let cmd = c.with_route(route.clone());
                if !toward.iter().any(|&j| out[j] == cmd) {
                    toward.push(out.len());
                    out.push(cmd);
                }
            }
        }
    }

    /// A candidate made whole: its route found if it heads for a rival; `None` if there is
    /// no such route.
    pub(crate) fn resolve(&self, c: Candidate) -> Option<Command> {
        match c.pending {
            None => Some(c.cmd),
            Some(PendingRoute::To(end)) => Some(c.with_route(vec![end])),
            Some(PendingRoute::CloseIn(goal, length)) => {
                let route = self.close_in_route(c.mover()?, goal, length)?;
                Some(c.with_route(route))
            }
        }
    }

    /// The tokens worth offering for an action: one per distinct token (`any` includes Used
    /// ones, for Free actions); `[None]` for Gonks.
    pub(crate) fn token_choices(&self, m: ModelId, any: bool) -> SmallVec<[Option<u8>; 6]> {
        if self.is_gonk(m) {
            return smallvec![None];
        }
        let ts = self.tokens(m);
        (0..ts.len())
            .filter(|&i| (any || ts[i].ready) && !self.repeats_token(m, i))
            .map(|i| Some(i as u8))
            .collect()
    }

    /// Whether `m` can still take an action that spends no Ready token: a Free action
    /// (TOK-10) or a program launch (NET-5) with at least one legal use now. A character with
    /// no Ready token and no such action can't take more actions, so its activation ends
    /// (CTRL-5, OPEN-33).
    pub(crate) fn can_act_without_token(&self, m: ModelId) -> bool {
        let mut candidates = Vec::new();
        self.actions_of(m)
            .into_iter()
            .filter(|&a| {
                self.program_of_action(a).is_some()
                    || self
                        .action(m, a)
                        .is_some_and(|d| d.keywords.contains(&Keyword::Free))
            })
            .any(|a| {
                candidates.clear();
                self.action_commands(m, a, false, &mut candidates);
                candidates.drain(..).any(|c| match self.resolve(c) {
                    Some(Command::Act(cmd)) => self.plan_action(&cmd, None).is_ok(),
                    _ => false,
                })
            })
    }

    /// Candidates for one action of `m` (unchecked): every token and target.
    fn action_commands(&self, m: ModelId, action: u16, reaction: bool, out: &mut Vec<Candidate>) {
        let wrap = |a: ActionCommand| {
            if reaction {
                Command::React(a)
            } else {
                Command::Act(a)
            }
        };
        {
            let Some(def) = self.action(m, action) else {
                return;
            };
            let program = self.program_of_action(action).is_some();
            if program && reaction {
                return; // REACT-12
            }
            let free = def.keywords.contains(&Keyword::Free) && !reaction;
            // NET-5: a launch spends no token.
            let tokens = if program {
                smallvec![None]
            } else {
                self.token_choices(m, free)
            };
            let fixed_move = def.effects.iter().find_map(|e| match e {
                Effect::Move { colour } => Some(*colour),
                _ => None,
            });
            let mut targets: Vec<(Option<u8>, Target)> = Vec::new();
            match def.target {
                TargetKind::SelfOnly => match fixed_move {
                    None => targets.extend(tokens.iter().map(|&t| (t, Target::None))),
                    Some(fixed) => {
                        // Routes are left to their own candidates: one per route and token.
                        for &t in &tokens {
                            let band = fixed.unwrap_or(self.token_colour(m, t));
                            let length = self.construct_move_len(m, band.move_inches());
                            let routes = self.route_candidates(m, length);
                            out.extend(routes.iter().map(|r| {
                                r.candidate(wrap(ActionCommand {
                                    model: m,
                                    action,
                                    token: t,
                                    target: Target::Route(Vec::new()),
                                }))
                            }));
                        }
                    }
                },
                TargetKind::BodyToken => {
                    for (body, _, at) in self.bodies() {
                        if self.base(m).distance_to_point(at) <= 1.0 {
                            targets.extend(tokens.iter().map(|&t| (t, Target::Body(body))));
                        }
                    }
                }
                TargetKind::OtherModel if def.effects.contains(&Effect::Drag) => {
                    for d in self.model_ids() {
                        let on_table = self.in_play(d) || self.is_downed(d);
                        if d == m || !on_table || self.distance(m, d) > 1.0 {
                            continue;
                        }
                        for (route, drop) in self.drag_routes(m, d) {
                            targets.extend(tokens.iter().map(|&t| {
                                (
                                    t,
                                    Target::Drag {
                                        model: d,
                                        route: route.clone(),
                                        drop,
                                    },
                                )
                            }));
                        }
                    }
                    // MOVE-14: draggable objects within reach, carried the same way.
                    for object in self.draggable_within_reach(m) {
                        for (route, shift) in self.object_drag_routes(m) {
                            targets.extend(tokens.iter().map(|&t| {
                                (
                                    t,
                                    Target::DragObject {
                                        object,
                                        route: route.clone(),
                                        shift,
                                    },
                                )
                            }));
                        }
                    }
                }
                TargetKind::Point if program => {
                    targets.extend(
                        self.deploy_points(m)
                            .into_iter()
                            .map(|p| (None, Target::Point(p))),
                    );
                }
                TargetKind::Object => {
                    for k in self.markers_within_reach(m) {
                        targets.extend(tokens.iter().map(|&t| (t, Target::Marker(k))));
                    }
                }
                TargetKind::Point => {}
                TargetKind::Rival
                | TargetKind::OtherFriendly
                | TargetKind::Friendly
                | TargetKind::OtherRedLinedFriendly
                | TargetKind::OtherModel => {
                    // Out of range or beyond the scenario's band is always refused (ACT-5,
                    // ACT-6, GEN-7, FIELD-6): skip those before the full check.
                    let me = self.base(m);
                    let in_range = |t: ModelId| {
                        t == m || self.reaches(def, crate::geometry::distance(&me, &self.base(t)))
                    };
                    // A Downed model may still be attacked or given First Aid (AID-2).
                    let on_table = |t: ModelId| self.in_play(t) || self.is_downed(t);
                    for t in self.model_ids().filter(|&t| on_table(t) && in_range(t)) {
                        targets.extend(tokens.iter().map(|&k| (k, Target::Model(t))));
                    }
                }
            }
            // SEC-7, SEC-8: a lock action, or a Breach with TERR on, aims at a door or window
            // within reach.
            let terr = self.module_on(crate::setup::modules::Module::Terr);
            let breach = terr && self.breaches_locks(def);
            if crate::optional::sec::lock_work(action).is_some() || breach {
                for target in self.openings_within_reach(m) {
                    targets.extend(tokens.iter().map(|&t| (t, target.clone())));
                }
            }
            // SEC-16: Cut aims at a fence section within reach.
            for target in self.cut_targets(m, action) {
                targets.extend(tokens.iter().map(|&t| (t, target.clone())));
            }
            // MOD-7, TERR-1: a Breach action may aim at scenery instead (TERR on only).
            for target in self.scenery_targets(m, def) {
                targets.extend(tokens.iter().map(|&t| (t, target.clone())));
            }
            // FIRE-2: an Ignite Blast may aim at flammable scenery; FIRE-13: a Basic Move
            // may leap out of a burning compartment (FIRE on only).
            let fire = [self.ignite_targets(m, def), self.leap_targets(m, action)];
            for target in fire.into_iter().flatten() {
                targets.extend(tokens.iter().map(|&t| (t, target.clone())));
            }
            out.extend(targets.into_iter().map(|(token, target)| {
                Candidate::ready(wrap(ActionCommand {
                    model: m,
                    action,
                    token,
                    target,
                }))
            }));
        }
    }

    fn token_colour(&self, m: ModelId, t: Option<u8>) -> Colour {
        match t {
            Some(t) => self.tokens(m)[usize::from(t)].colour,
            None => self.profile(m).gonk_colour.unwrap_or(Colour::Yellow),
        }
    }

    /// Route candidates for a move of at most `length`: straight runs of the whole length in
    /// the eight compass directions (cut short at the table edge), a climb onto each raised
    /// top the model stands at the foot of or down off the edge it stands at, and a route
    /// toward the nearest rival and one toward the scenario's nearest objective
    /// ([`Game::close_in_route`]).
    /// The routes toward two goals, listed last and side by side, are listed once where
    /// they come out the same (the nearest rival is the Leader to take out).
    pub(crate) fn move_routes(&self, m: ModelId, length: f32) -> Vec<Vec<[f32; 3]>> {
        let mut routes: Vec<Vec<[f32; 3]>> = self
            .route_candidates(m, length)
            .into_iter()
            .filter_map(|r| match r {
                RouteCandidate::Fixed(end) => Some(vec![end]),
                RouteCandidate::CloseIn(goal, length) => self.close_in_route(m, goal, length),
            })
            .collect();
        routes.dedup();
        routes
    }

    /// [`Game::move_routes`] without running the route finder: a way toward a goal is only
    /// its goal.
    fn route_candidates(&self, m: ModelId, length: f32) -> Vec<RouteCandidate> {
        let me = self.base(m);
        let mut routes: Vec<RouteCandidate> = self
            .compass_runs(m, length)
            .map(RouteCandidate::Fixed)
            .collect();
        // Up onto a raised top the model stands at the foot of, or down off the edge of the
        // top it stands at (MOVE-26): no straight run of the whole band ends there, and a
        // climb too tall for this band is the first half of a two-action climb (MOVE-22,
        // MOVE-25).
        routes.extend(
            self.space()
                .climb_spots(&me)
                .into_iter()
                .map(RouteCandidate::Fixed),
        );
        let goals = [self.close_in_goal(m), self.objective_goal(m)];
        for goal in goals.into_iter().flatten() {
            routes.push(RouteCandidate::CloseIn(goal, length));
        }
        routes
    }

    /// The ends of the straight runs of the whole `length` in the eight compass directions,
    /// cut short at the table edge (unchecked).
    pub(crate) fn compass_runs(&self, m: ModelId, length: f32) -> impl Iterator<Item = [f32; 3]> {
        let me = self.base(m);
        let [x, y, z] = me.position;
        let table = *self.space().table();
        let r = me.radius;
        DIRECTIONS.into_iter().filter_map(move |[dx, dz]| {
            let ex = (x + dx * length).clamp(r, table.width - r);
            let ez = (z + dz * length).clamp(r, table.depth - r);
            ((ex - x).hypot_exact(ez - z) > MIN_MOVE).then_some([ex, y, ez])
        })
    }

    /// Where to head for the nearest rival: within reach of it, on the straight line from
    /// the model (the move goes as far toward it as the band allows, [`Game::close_in_route`]).
    fn close_in_goal(&self, m: ModelId) -> Option<[f32; 3]> {
        let me = self.base(m);
        // The first of the nearest, as `min_by` would pick, with each distance taken once.
        let mut nearest: Option<(f32, Base)> = None;
        for o in self.model_ids() {
            if !self.in_play(o) || !self.rivals(m, o) {
                continue;
            }
            let b = self.base(o);
            let d = crate::geometry::distance(&me, &b);
            if nearest.is_none_or(|(best, _)| d.total_cmp(&best).is_lt()) {
                nearest = Some((d, b));
            }
        }
        let (_, them) = nearest?;
        let (dx, dz) = (
            them.position[0] - me.position[0],
            them.position[2] - me.position[2],
        );
        let centres = dx.hypot_exact(dz);
        if centres < 1e-3 {
            return None;
        }
        let stop = me.radius + them.radius + CLOSE_IN_GAP;
        let run = centres - stop;
        if run <= MIN_MOVE {
            return None;
        }
        let k = run / centres;
        Some([
            me.position[0] + dx * k,
            me.position[1],
            me.position[2] + dz * k,
        ])
    }

    /// Drone deployment candidates: in the eight compass directions from the Netrunner,
    /// just clear of its base and at the edge of RED; each is checked when offered.
    fn deploy_points(&self, m: ModelId) -> Vec<[f32; 3]> {
        let me = self.base(m);
        let [x, _, z] = me.position;
        let mut out = Vec::new();
        for gap in [0.75, 2.5] {
            for [dx, dz] in DIRECTIONS {
                let d = me.radius * 2.0 + gap;
                let (px, pz) = (x + dx * d, z + dz * d);
                out.push([px, self.space().surface_height_at(px, pz), pz]);
            }
        }
        out
    }

    /// The draggable scenery objects within reach of the model (MOVE-14).
    pub(crate) fn draggable_within_reach(&self, m: ModelId) -> Vec<u32> {
        let me = self.base(m);
        let space = self.space();
        space
            .pieces()
            .iter()
            .filter(|p| p.draggable && space.can_drag(&me, p.id))
            .map(|p| p.id.0)
            .collect()
    }

    /// Object drag candidates: the dragger runs RED straight in the four table directions
    /// and the object moves by the same run, keeping its distance (MOVE-15, MOVE-16).
    fn object_drag_routes(&self, m: ModelId) -> Vec<(Vec<[f32; 3]>, [f32; 2])> {
        let run = Colour::Red.move_inches();
        let [x, y, z] = self.position(m);
        [[1.0, 0.0], [0.0, 1.0], [-1.0, 0.0], [0.0, -1.0]]
            .into_iter()
            .map(|[dx, dz]: [f32; 2]| (vec![[x + dx * run, y, z + dz * run]], [dx * run, dz * run]))
            .collect()
    }

    /// Drag candidates: the dragger runs RED straight in the four table directions and the
    /// dragged model is put down at the same offset from it as before.
    fn drag_routes(&self, m: ModelId, d: ModelId) -> Vec<(Vec<[f32; 3]>, [f32; 3])> {
        let run = Colour::Red.move_inches();
        let [x, y, z] = self.position(m);
        let [dx0, dy0, dz0] = self.position(d);
        [[1.0, 0.0], [0.0, 1.0], [-1.0, 0.0], [0.0, -1.0]]
            .into_iter()
            .map(|[dx, dz]: [f32; 2]| {
                let end = [x + dx * run, y, z + dz * run];
                let drop = [dx0 + dx * run, dy0, dz0 + dz * run];
                (vec![end], drop)
            })
            .collect()
    }
}

/// One kind of answer to a decision that offers actions or moves.
#[derive(Debug, Clone)]
pub(crate) enum AnswerKind {
    /// One action of one model, with every token and target.
    Action {
        /// The model acting.
        model: ModelId,
        /// The action's index.
        action: u16,
        /// Taken as a [RE]action.
        reaction: bool,
    },
    /// One model's free move, with every token and route.
    FreeMove {
        /// The model moving.
        model: ModelId,
        /// How far it may go, in inches.
        length: f32,
    },
    /// A Gonk in Reserve entering the table, at each place offered (FIELD-9).
    Enter {
        /// The Gonk.
        model: ModelId,
    },
    /// An answer that is a kind of its own.
    Alone(Command),
}

/// A way a move may go, before the costly part is done.
enum RouteCandidate {
    /// A route known in full: one straight run to this point (every fixed candidate is).
    Fixed([f32; 3]),
    /// Toward this goal (beside the nearest rival, or the scenario's nearest objective), for
    /// a move of this length: the route is found when needed.
    CloseIn([f32; 3], f32),
}

impl RouteCandidate {
    /// A candidate for `cmd` (a move whose route is still empty) along this route.
    fn candidate(&self, cmd: Command) -> Candidate {
        match self {
            RouteCandidate::Fixed(end) => Candidate {
                cmd,
                pending: Some(PendingRoute::To(*end)),
            },
            RouteCandidate::CloseIn(goal, length) => Candidate {
                cmd,
                pending: Some(PendingRoute::CloseIn(*goal, *length)),
            },
        }
    }
}

/// An unchecked answer to an action or move decision; one heading for a rival has its route
/// found only when it is needed ([`Game::resolve`]), since the route finder costs more than
/// everything else in listing the answers.
#[derive(Debug, Clone)]
pub(crate) struct Candidate {
    /// The command; its route is empty while `pending` is set.
    pub cmd: Command,
    /// The route still to be put into the command, if any.
    pub pending: Option<PendingRoute>,
}

/// The route a move candidate still has to be given: made only for the candidates drawn or
/// kept, since most listed candidates are never played.
#[derive(Debug, Clone, Copy)]
pub(crate) enum PendingRoute {
    /// One straight run to this point.
    To([f32; 3]),
    /// Toward this goal, for a move of this length: found by the route finder when needed
    /// ([`Game::close_in_route`]).
    CloseIn([f32; 3], f32),
}

impl Candidate {
    fn ready(cmd: Command) -> Candidate {
        Candidate { cmd, pending: None }
    }

    /// The model that moves, for a move command.
    fn mover(&self) -> Option<ModelId> {
        match &self.cmd {
            Command::Act(a) | Command::React(a) => Some(a.model),
            Command::FreeMove(f) => Some(f.model),
            _ => None,
        }
    }

    /// The command with its route set.
    fn with_route(self, route: Vec<[f32; 3]>) -> Command {
        match self.cmd {
            Command::Act(mut a) => {
                a.target = Target::Route(route);
                Command::Act(a)
            }
            Command::React(mut a) => {
                a.target = Target::Route(route);
                Command::React(a)
            }
            Command::FreeMove(mut f) => {
                f.route = route;
                Command::FreeMove(f)
            }
            other => other,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_compass_directions_are_unit_vectors() {
        for [x, z] in DIRECTIONS {
            assert!((x.hypot_exact(z) - 1.0).abs() < 1e-6);
        }
    }
}
