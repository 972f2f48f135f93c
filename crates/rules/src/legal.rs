//! Every legal answer to the current decision ([`Game::legal_commands`]), for the AI, the
//! CLI and random play. Discrete choices are listed in full; moves come from a candidate
//! generator (straight runs of the whole band in eight directions, plus a way toward the
//! nearest rival and one toward the scenario's nearest objective, from the route finder
//! when the straight line is not legal), since a route is a continuous choice; places to
//! set down an entering model come from a grid over the allowed area. Every
//! candidate goes through [`Game::check`], so this list is never more permissive than the
//! rules.

use crate::card::{Colour, Effect, Keyword, TargetKind};
use crate::command::{ActionCommand, Command, FreeMove, Target};
use crate::decision::DecisionKind;
use crate::game::Game;
use crate::ids::ModelId;

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
            K::NextAction { model } => {
                self.action_commands(*model, false, &mut out);
                out.push(Command::EndActivation);
            }
            K::InspireGonks { gonks } => {
                for &g in gonks {
                    if self.in_reserve(g) {
                        // FIELD-9: a Gonk in Reserve enters before its action.
                        let placement = self.reserve_placement(g);
                        for at in self.placement_spots(g, &placement) {
                            out.push(Command::Deploy { model: g, at });
                        }
                    } else {
                        self.action_commands(g, false, &mut out);
                    }
                    out.push(Command::SkipGonk { model: g });
                }
            }
            K::Deploy { model, placement } => {
                for at in self.placement_spots(*model, placement) {
                    out.push(Command::Deploy { model: *model, at });
                }
            }
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
            K::OfferLuck { luck, accurate, .. } => {
                if *luck > 0 || *accurate {
                    out.push(Command::Reroll);
                }
                out.push(Command::KeepRoll);
            }
            K::OfferReaction { model, .. } => {
                self.action_commands(*model, true, &mut out);
                out.push(Command::DeclineReaction);
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
            K::FreeMoves { colour, models } => {
                for &m in models {
                    let tokens = self.token_choices(m, true);
                    let routes = self.move_routes(m, colour.move_inches());
                    for &token in &tokens {
                        out.extend(routes.iter().map(|r| {
                            Command::FreeMove(FreeMove {
                                model: m,
                                token,
                                route: r.clone(),
                            })
                        }));
                    }
                }
                out.push(Command::EndFreeMoves);
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

    /// The tokens worth offering for an action: one per distinct token (`any` includes Used
    /// ones, for Free actions); `[None]` for Gonks.
    fn token_choices(&self, m: ModelId, any: bool) -> Vec<Option<u8>> {
        if self.is_gonk(m) {
            return vec![None];
        }
        let ts = self.tokens(m);
        (0..ts.len())
            .filter(|&i| (any || ts[i].ready) && !ts[..i].contains(&ts[i]))
            .map(|i| Some(i as u8))
            .collect()
    }

    /// Candidate actions of `m` (unchecked): every action, token and target.
    fn action_commands(&self, m: ModelId, reaction: bool, out: &mut Vec<Command>) {
        let wrap = |a: ActionCommand| {
            if reaction {
                Command::React(a)
            } else {
                Command::Act(a)
            }
        };
        let mut actions = self.actions_of(m);
        actions.extend(self.scenario_action_ids());
        for action in actions {
            let Some(def) = self.action(m, action) else {
                continue;
            };
            let program = self.program_of_action(action).is_some();
            if program && reaction {
                continue; // REACT-12
            }
            let free = def.keywords.contains(&Keyword::Free) && !reaction;
            // NET-5: a launch spends no token.
            let tokens = if program {
                vec![None]
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
                        // Equal bands give the same routes: generate them once per length.
                        let mut by_band: Vec<(Colour, Vec<Vec<[f32; 3]>>)> = Vec::new();
                        for &t in &tokens {
                            let band = fixed.unwrap_or(self.token_colour(m, t));
                            let i = match by_band.iter().position(|(b, _)| *b == band) {
                                Some(i) => i,
                                None => {
                                    by_band.push((band, self.move_routes(m, band.move_inches())));
                                    by_band.len() - 1
                                }
                            };
                            let routes = &by_band[i].1;
                            targets.extend(routes.iter().map(|r| (t, Target::Route(r.clone()))));
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
                        if d == m || !self.in_play(d) || self.distance(m, d) > 1.0 {
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
                    // Out of range is always refused (ACT-5, ACT-6, GEN-7): skip those
                    // before the full check.
                    let in_range = |t: ModelId| {
                        def.range
                            .is_none_or(|r| t == m || r.allows(self.distance(m, t)))
                    };
                    for t in self.model_ids().filter(|&t| self.in_play(t) && in_range(t)) {
                        targets.extend(tokens.iter().map(|&k| (k, Target::Model(t))));
                    }
                }
            }
            out.extend(targets.into_iter().map(|(token, target)| {
                wrap(ActionCommand {
                    model: m,
                    action,
                    token,
                    target,
                })
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
    /// the eight compass directions (cut short at the table edge), and a route toward the
    /// nearest rival: straight if that is legal, else the route finder's.
    pub(crate) fn move_routes(&self, m: ModelId, length: f32) -> Vec<Vec<[f32; 3]>> {
        let me = self.base(m);
        let [x, y, z] = me.position;
        let table = self.space().table();
        let r = me.radius;
        let mut routes = Vec::new();
        for [dx, dz] in DIRECTIONS {
            let ex = (x + dx * length).clamp(r, table.width - r);
            let ez = (z + dz * length).clamp(r, table.depth - r);
            if (ex - x).hypot(ez - z) > MIN_MOVE {
                routes.push(vec![[ex, y, ez]]);
            }
        }
        let goals = [
            self.close_in_goal(m, length),
            self.objective_goal(m, length),
        ];
        for goal in goals.into_iter().flatten() {
            let others = self.bases_in_play();
            let straight = self.space().check_move(&me, &[goal], length, &others);
            if straight.is_ok() {
                routes.push(vec![goal]);
            } else if let Ok(route) = self.space().find_route(&me, goal, length, &others) {
                routes.push(route.waypoints);
            }
        }
        routes
    }

    /// Where to head for the nearest rival: within reach of it if the band allows, else as
    /// far along the straight line toward it as the band goes.
    fn close_in_goal(&self, m: ModelId, length: f32) -> Option<[f32; 3]> {
        let me = self.base(m);
        let rival = self
            .model_ids()
            .filter(|&o| self.in_play(o) && self.rivals(m, o))
            .min_by(|&a, &b| self.distance(m, a).total_cmp(&self.distance(m, b)))?;
        let them = self.base(rival);
        let (dx, dz) = (
            them.position[0] - me.position[0],
            them.position[2] - me.position[2],
        );
        let centres = dx.hypot(dz);
        if centres < 1e-3 {
            return None;
        }
        let stop = me.radius + them.radius + CLOSE_IN_GAP;
        let run = (centres - stop).min(length * 0.9);
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_compass_directions_are_unit_vectors() {
        for [x, z] in DIRECTIONS {
            assert!((x.hypot(z) - 1.0).abs() < 1e-6);
        }
    }
}
