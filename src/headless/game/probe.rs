//! Previews before a player commits: the route a move would take with its length and the
//! rolls it needs, and an attack's Path of Attack with every +1 and the exact odds.
//!
//! The app works out no rule here. Routes and Paths of Attack come from the geometry crate
//! (the same queries the engine makes); legality from `Game::check`; the dice and modifiers
//! of each roll from the engine itself, by playing the command on a copy of the game and
//! reading its `Rolled` events (the copy's dice are steered to success so a move's later
//! crossings are reached too); the chances from `redline_rules::odds`.
//! See docs/decisions/app-previews-by-probing.md.

use bevy::math::Vec3;
use redline_battlespace::{
    CoverReason, CoverSource, CrossingKind, MODEL_HEIGHT, ModelBase, SceneryId, SceneryShape,
};
use redline_rules::card::Colour;
use redline_rules::command::Defence;
use redline_rules::odds::OddsQuery;
use redline_rules::{
    ActionCommand, Command, DecisionKind, DieResult, Event, Game, ModelId, RuleError, Target,
};

use crate::headless::game::describe;

/// Faces that make the actor Crit and the opposers Fumble: loaded into the probing copy so
/// each roll succeeds and the rest of the move is reached. Clamped to each die.
const STEER: [u8; 2] = [u8::MAX, 1];

/// Most steps a probe plays before giving up (defences, Luck offers, crossings).
const PROBE_STEPS: usize = 24;

/// Every base in play, as the engine measures them.
pub fn bases_in_play(game: &Game) -> Vec<ModelBase> {
    (0..game.model_count() as u16)
        .map(ModelId)
        .filter(|m| game.in_play(*m))
        .map(|m| game.model_base(m))
        .collect()
}

/// The chances of one roll: none of the players spends Luck, only the actor's player
/// does, both do (each only if it has a token).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct RollOdds {
    /// The actor's die and total modifier.
    pub actor: DieResult,
    /// The opposer's die and total modifier.
    pub opposer: DieResult,
    /// Success with no Luck spent.
    pub plain: f64,
    /// Success if the actor's player re-rolls with Luck when it helps.
    pub actor_luck: f64,
    /// Success if both players use Luck as LUCK-4 orders it.
    pub both_luck: f64,
}

impl RollOdds {
    /// The odds of a roll the engine made, with the Luck each side may still spend as the
    /// engine says (`Game::odds_of_roll`); `action` is the action rolled for, if any.
    fn of(game: &Game, actor: DieResult, opposer: DieResult, action: Option<u16>) -> RollOdds {
        let both = game.odds_of_roll(&actor, &opposer, action);
        RollOdds {
            actor,
            opposer,
            plain: both.without_luck().odds().success,
            actor_luck: OddsQuery {
                opposer_luck: false,
                ..both
            }
            .odds()
            .success,
            both_luck: both.odds().success,
        }
    }
}

/// One roll a probed command led to: the actor's die, then each opposer's.
#[derive(Debug, Clone, PartialEq)]
pub struct ProbedRoll {
    /// Actor first, then opposers, as the engine rolled them.
    pub dice: Vec<DieResult>,
}

/// Plays `command` on a copy of the game and returns every roll it leads to until control
/// comes back to a player's free choice. Defences are answered with `defence` when given
/// and legal (else the first option), Luck is never spent, and the copy's dice are loaded
/// so each roll succeeds and the next one is reached.
pub fn probe_rolls(
    game: &Game,
    command: &Command,
    defence: Option<Defence>,
) -> Result<Vec<ProbedRoll>, RuleError> {
    let mut copy = game.clone();
    copy.load_dice(&STEER);
    let mut rolls = Vec::new();
    let mut events = copy.apply(command.clone())?;
    for _ in 0..PROBE_STEPS {
        rolls.extend(events.iter().filter_map(|e| match e {
            Event::Rolled { dice } => Some(ProbedRoll { dice: dice.clone() }),
            _ => None,
        }));
        let Some(decision) = copy.decision() else {
            break;
        };
        let next = match &decision.kind {
            DecisionKind::ChooseDefence { options, .. } => {
                let pick = defence
                    .filter(|d| options.contains(d))
                    .or_else(|| options.first().copied());
                match pick {
                    Some(d) => Command::Defend(d),
                    None => break,
                }
            }
            DecisionKind::OfferLuck { .. } => Command::KeepRoll,
            DecisionKind::ChooseOpposer { options, .. } => match options.first() {
                Some(&model) => Command::ChooseOpposer { model },
                None => break,
            },
            _ => break,
        };
        if copy.loaded_dice_left() == 0 {
            copy.load_dice(&STEER);
        }
        match copy.apply(next) {
            Ok(more) => events = more,
            Err(_) => break,
        }
    }
    Ok(rolls)
}

/// One roll a move needs, in route order.
#[derive(Debug, Clone, PartialEq)]
pub struct CrossingRoll {
    /// What it is for: "Obstacle: Crates", "Climb: Tenement", "Past Dock Hand 2".
    pub what: String,
    /// Its chances, when the engine's copy reached it.
    pub odds: Option<RollOdds>,
}

/// A move before it is confirmed.
#[derive(Debug, Clone, PartialEq)]
pub struct RoutePreview {
    /// The command that makes it.
    pub command: Command,
    /// Whether the engine accepts it, and why not.
    pub check: Result<(), RuleError>,
    /// The base centre's path in 3D (with steps where the level changes), from the start.
    pub path: Vec<[f32; 3]>,
    /// Limiter length used: the route plus climbs.
    pub length: f32,
    /// The most the move may use: the token's band (MOVE-1).
    pub band: f32,
    /// The band's colour.
    pub colour: Colour,
    /// Every roll it needs, in order (MOVE-9).
    pub rolls: Vec<CrossingRoll>,
}

/// The route a move action would take to `goal`, what it costs and every roll it needs.
pub fn route_preview(
    game: &Game,
    action: &ActionCommand,
    reaction: bool,
    goal: [f32; 3],
) -> Result<RoutePreview, String> {
    let model = action.model;
    let colour = game
        .move_band(model, action.action, action.token)
        .ok_or_else(|| "That action doesn't move the model".to_string())?;
    let band = colour.move_inches();
    let space = game.battlespace();
    let mover = game.model_base(model);
    let others = bases_in_play(game);
    let route = space
        .find_route(&mover, goal, band, &others)
        .map_err(|e| format!("No move there: {e}"))?;
    let act = ActionCommand {
        target: Target::Route(route.waypoints.clone()),
        ..action.clone()
    };
    let command = if reaction {
        Command::React(act)
    } else {
        Command::Act(act)
    };
    let check = game.check(&command);
    let probed = if check.is_ok() {
        probe_rolls(game, &command, None).unwrap_or_default()
    } else {
        Vec::new()
    };
    let rolls = route
        .plan
        .crossings
        .iter()
        .filter(|c| c.needs_roll)
        .enumerate()
        .map(|(i, c)| {
            let piece = |id| space.piece_name(id).to_string();
            let what = match c.kind {
                CrossingKind::Obstacle { piece: p } => format!("Obstacle: {}", piece(p)),
                CrossingKind::Window { piece: p } => format!("Window: {}", piece(p)),
                CrossingKind::LowBarrier { piece: p, .. } => format!("Over {}", piece(p)),
                CrossingKind::Climb { piece: p, up, .. } => {
                    format!("Climb {}: {}", if up { "up" } else { "down" }, piece(p))
                }
                CrossingKind::Jump { from, .. } => format!("Jump from {}", piece(from)),
                CrossingKind::RivalModel { model: m } => {
                    format!("Past {}", describe::model(game, ModelId(m as u16)))
                }
                CrossingKind::Door { piece: p } => format!("Door: {}", piece(p)),
                CrossingKind::FriendlyModel { model: m } => {
                    format!("Past {}", describe::model(game, ModelId(m as u16)))
                }
            };
            let odds = probed.get(i).and_then(|r| match r.dice.as_slice() {
                [actor, opposer, ..] => Some(RollOdds::of(game, *actor, *opposer, None)),
                _ => None,
            });
            CrossingRoll { what, odds }
        })
        .collect();
    Ok(RoutePreview {
        command,
        check,
        path: route.plan.path.clone(),
        length: route.plan.length,
        band,
        colour,
        rolls,
    })
}

/// One +1 on the Path of Attack, and where to label it.
#[derive(Debug, Clone, PartialEq)]
pub struct CoverMark {
    /// "+1 Crates (obstacle)".
    pub label: String,
    /// A point on the piece near the path, in table coordinates.
    pub at: Vec3,
}

/// A Path of Attack as the battle view draws it.
#[derive(Debug, Clone, PartialEq)]
pub struct PoaView {
    /// Middle of the attacker's body.
    pub from: Vec3,
    /// Middle of the target's body.
    pub to: Vec3,
    /// Closest distance between the bases (OPEN-1).
    pub distance: f32,
    /// The barrier that blocks it (POA-8): its name and a point on it.
    pub blocked_by: Option<CoverMark>,
    /// Each +1 (POA-5..POA-7, POA-10), labelled on the piece or model that gives it.
    pub cover: Vec<CoverMark>,
    /// The scenery pieces the engine's Path of Attack reports: each piece giving cover, then
    /// the barrier blocking it, each once.
    pub pieces: Vec<SceneryId>,
}

fn body_middle(base: &ModelBase) -> Vec3 {
    let [x, y, z] = base.position;
    Vec3::new(x, y + MODEL_HEIGHT / 2.0, z)
}

/// The point of `shape` to label: where the path passes it.
fn anchor(shape: &SceneryShape, top: f32, from: Vec3, to: Vec3) -> Vec3 {
    let (a, b) = (
        bevy::math::Vec2::new(from.x, from.z),
        bevy::math::Vec2::new(to.x, to.z),
    );
    let nearest_on_path = |p: bevy::math::Vec2| {
        let ab = b - a;
        let t = ((p - a).dot(ab) / ab.length_squared().max(1e-6)).clamp(0.0, 1.0);
        a + ab * t
    };
    let spot = match shape {
        SceneryShape::Box { centre, .. } | SceneryShape::Cylinder { centre, .. } => {
            nearest_on_path(bevy::math::Vec2::from_array(*centre))
        }
        SceneryShape::Hull { footprint, .. } => {
            let n = footprint.len().max(1) as f32;
            let sum = footprint.iter().fold(bevy::math::Vec2::ZERO, |s, p| {
                s + bevy::math::Vec2::from_array(*p)
            });
            nearest_on_path(sum / n)
        }
        SceneryShape::Wall {
            from: w0, to: w1, ..
        } => {
            let (p, q) = (
                bevy::math::Vec2::from_array(*w0),
                bevy::math::Vec2::from_array(*w1),
            );
            // Where the path crosses the wall's line, if it does; else its middle.
            let (r, s) = (b - a, q - p);
            let denom = r.perp_dot(s);
            if denom.abs() > 1e-6 {
                let t = (p - a).perp_dot(s) / denom;
                let u = (p - a).perp_dot(r) / denom;
                if (0.0..=1.0).contains(&t) && (0.0..=1.0).contains(&u) {
                    a + r * t
                } else {
                    nearest_on_path((p + q) / 2.0)
                }
            } else {
                nearest_on_path((p + q) / 2.0)
            }
        }
    };
    Vec3::new(spot.x, top + 0.25, spot.y)
}

/// The Path of Attack from `actor` to `target` as the geometry measures it for the
/// action (Indirect leaves obstacles out, POA-11).
pub fn poa_view(game: &Game, actor: ModelId, target: ModelId, action: u16) -> PoaView {
    let space = game.battlespace();
    let (a, t) = (game.model_base(actor), game.model_base(target));
    let poa = game.path_of_attack(actor, target, action);
    let (from, to) = (body_middle(&a), body_middle(&t));
    let piece_mark = |id, label: String| {
        let at = space
            .piece(id)
            .map_or((from + to) / 2.0, |p| anchor(&p.shape, p.top(), from, to));
        CoverMark { label, at }
    };
    let cover = poa
        .cover
        .iter()
        .map(|c| {
            let why = match c.reason {
                CoverReason::Obstacle => "obstacle",
                CoverReason::Window => "window",
                CoverReason::Model => "model in the way",
                CoverReason::BarrierEnters => "barrier edge",
                CoverReason::ElevatedEdge => "elevated edge",
            };
            match c.source {
                CoverSource::Scenery(id) => {
                    piece_mark(id, format!("+1 {} ({why})", space.piece_name(id)))
                }
                CoverSource::Model(m) => {
                    let m = ModelId(m as u16);
                    CoverMark {
                        label: format!("+1 {} ({why})", describe::model(game, m)),
                        at: body_middle(&game.model_base(m)) + Vec3::Y,
                    }
                }
            }
        })
        .collect();
    let mut pieces: Vec<SceneryId> = Vec::new();
    let sources = poa.cover.iter().filter_map(|c| match c.source {
        CoverSource::Scenery(id) => Some(id),
        CoverSource::Model(_) => None,
    });
    for id in sources.chain(poa.blocked_by) {
        if !pieces.contains(&id) {
            pieces.push(id);
        }
    }
    PoaView {
        from,
        to,
        pieces,
        distance: poa.distance,
        blocked_by: poa
            .blocked_by
            .map(|id| piece_mark(id, format!("Blocked by {}", space.piece_name(id)))),
        cover,
    }
}

/// The odds of an action on a model, one entry per defence the target may choose.
#[derive(Debug, Clone, PartialEq)]
pub struct DefenceOdds {
    /// The defence in words ("YELLOW token + Skill").
    pub defence: String,
    /// The roll against it.
    pub odds: RollOdds,
}

/// An action on a model before it is confirmed.
#[derive(Debug, Clone, PartialEq)]
pub struct TargetPreview {
    /// The command that takes it.
    pub command: Command,
    /// Whether the engine accepts it, and why not.
    pub check: Result<(), RuleError>,
    /// The Path of Attack (none when the actor targets itself).
    pub poa: Option<PoaView>,
    /// Odds against each defence the target may choose; when nobody defends (the Obstacle
    /// die opposes, ACT-10), one entry with an empty defence.
    pub odds: Vec<DefenceOdds>,
}

impl TargetPreview {
    /// The chance against the defence that suits the defender best (the lowest).
    pub fn worst_case(&self) -> Option<&DefenceOdds> {
        self.odds
            .iter()
            .min_by(|a, b| a.odds.both_luck.total_cmp(&b.odds.both_luck))
    }
}

/// An action aimed at a model: legality, Path of Attack and odds.
pub fn target_preview(
    game: &Game,
    action: &ActionCommand,
    reaction: bool,
    target: ModelId,
) -> TargetPreview {
    let act = ActionCommand {
        target: Target::Model(target),
        ..action.clone()
    };
    let command = if reaction {
        Command::React(act)
    } else {
        Command::Act(act)
    };
    let check = game.check(&command);
    let poa = (target != action.model).then(|| poa_view(game, action.model, target, action.action));
    let mut odds = Vec::new();
    if check.is_ok() {
        let mut copy = game.clone();
        let defences = match copy.apply(command.clone()).ok().and(copy.decision()) {
            Some(d) => match &d.kind {
                DecisionKind::ChooseDefence { options, .. } => options.clone(),
                _ => Vec::new(),
            },
            None => Vec::new(),
        };
        let first_roll = |defence| {
            probe_rolls(game, &command, defence)
                .ok()
                .and_then(|rolls| rolls.into_iter().next())
                .and_then(|r| match r.dice.as_slice() {
                    [a, o, ..] => Some(RollOdds::of(game, *a, *o, Some(action.action))),
                    _ => None,
                })
        };
        if defences.is_empty() {
            if let Some(o) = first_roll(None) {
                odds.push(DefenceOdds {
                    defence: String::new(),
                    odds: o,
                });
            }
        } else {
            for d in defences {
                if let Some(o) = first_roll(Some(d)) {
                    odds.push(DefenceOdds {
                        defence: describe::command(&copy, &Command::Defend(d)),
                        odds: o,
                    });
                }
            }
        }
    }
    TargetPreview {
        command,
        check,
        poa,
        odds,
    }
}
