//! Motion, a view of the engine's events that nothing waits on: the match has already
//! moved on when a model starts to walk, so each miniature keeps a queue of what to play.
//! A move walks the route the engine resolved ([`Walk`]: climbs straight up, drops straight
//! down, jumps in an arc, with a slight bob while walking); an attack shows a shot along
//! the engine's Path of Attack or a swing, a lunge toward the defender ([`Strike`]); a
//! wound flips its token on the plate ([`TokenFlip`]); the dice tray tumbles a new roll
//! and lands on the engine's faces ([`DiceTumble`]). "Skip" ([`SkipAnimations`], Space)
//! ends them all at once; where a model finally stands always comes from the game state
//! (`sync`), so skipping loses nothing. `sync` turns the events into these components.

use bevy::prelude::*;
use redline_rules::{LegKind, ModelId};

use crate::headless::game::feed::{DiceTray, TrayDie};
use crate::headless::schedule::{AppSystems, PlaySystems};
use crate::table::spawn::Miniature;

/// Walking speed on the table, inches a second.
pub const WALK_SPEED: f32 = 6.0;
/// Climbing speed, inches a second.
pub const CLIMB_SPEED: f32 = 3.0;
/// Seconds a drop takes, however deep.
pub const DROP_SECONDS: f32 = 0.25;
/// How high a jump's arc rises over the straight line, inches.
pub const JUMP_RISE: f32 = 0.6;
/// How far the figure bobs while walking, inches.
const BOB: f32 = 0.05;
/// Inches walked per step of the bob.
const BOB_STEP: f32 = 0.9;
/// Most seconds of motion a miniature may have queued: an older stretch is cut short
/// beyond it, so a fast computer never leaves the table far behind the game.
const MOST_QUEUED: f32 = 4.0;
/// Longest frame step an animation takes: after an idle spell in reactive mode the first
/// delta can be long, and a move should still be seen.
const MOST_STEP: f32 = 0.05;

/// One stretch of a walk in table coordinates.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct WalkLeg {
    /// Where the base centre starts.
    pub from: Vec3,
    /// Where it ends.
    pub to: Vec3,
    /// How it is travelled.
    pub kind: LegKind,
    /// Seconds it takes.
    pub seconds: f32,
}

impl WalkLeg {
    /// A stretch, timed by its kind and length.
    pub fn new(from: Vec3, to: Vec3, kind: LegKind) -> WalkLeg {
        let length = from.distance(to);
        let seconds = match kind {
            LegKind::Walk | LegKind::Jump => length / WALK_SPEED,
            LegKind::Climb => length / CLIMB_SPEED,
            LegKind::Drop => DROP_SECONDS,
        };
        WalkLeg {
            from,
            to,
            kind,
            seconds: seconds.max(0.05),
        }
    }

    /// Where the base is a share `t` (0 to 1) of the way along.
    fn at(&self, t: f32) -> Vec3 {
        let t = t.clamp(0.0, 1.0);
        match self.kind {
            // Falling speeds up.
            LegKind::Drop => self.from.lerp(self.to, t * t),
            LegKind::Jump => self.from.lerp(self.to, t) + Vec3::Y * JUMP_RISE * 4.0 * t * (1.0 - t),
            LegKind::Walk | LegKind::Climb => self.from.lerp(self.to, t),
        }
    }
}

/// A miniature walking its queue of stretches.
#[derive(Component, Debug, Clone, PartialEq)]
pub struct Walk {
    /// The stretches, in order.
    pub legs: Vec<WalkLeg>,
    /// Seconds since the first stretch started.
    pub elapsed: f32,
}

impl Walk {
    /// A walk of these stretches.
    pub fn new(legs: Vec<WalkLeg>) -> Walk {
        Walk { legs, elapsed: 0.0 }
    }

    /// Seconds the whole queue takes.
    pub fn duration(&self) -> f32 {
        self.legs.iter().map(|l| l.seconds).sum()
    }

    /// Where the last stretch ends.
    pub fn end(&self) -> Option<Vec3> {
        self.legs.last().map(|l| l.to)
    }

    /// Every point of the walk: the first stretch's start, then each stretch's end.
    pub fn points(&self) -> Vec<Vec3> {
        self.legs
            .first()
            .map(|l| l.from)
            .into_iter()
            .chain(self.legs.iter().map(|l| l.to))
            .collect()
    }

    /// The stretch under way and how far along it (0 to 1).
    pub fn current(&self) -> Option<(&WalkLeg, f32)> {
        let mut left = self.elapsed;
        for leg in &self.legs {
            if left < leg.seconds {
                return Some((leg, left / leg.seconds));
            }
            left -= leg.seconds;
        }
        self.legs.last().map(|l| (l, 1.0))
    }

    /// Where the base is now, on the route (the bob left out).
    pub fn at(&self) -> Option<Vec3> {
        self.current().map(|(leg, t)| leg.at(t))
    }

    /// Queues more stretches; when the queue grows too long the walk jumps ahead to them.
    pub fn then(&mut self, more: Vec<WalkLeg>) {
        let queued = self.duration();
        self.legs.extend(more);
        if self.duration() - self.elapsed > MOST_QUEUED {
            self.elapsed = self.elapsed.max(queued);
        }
    }

    /// Whether every stretch has played.
    pub fn done(&self) -> bool {
        self.elapsed >= self.duration()
    }
}

/// How an attack shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StrikeKind {
    /// A tracer along the Path of Attack, with a muzzle flash.
    Shot,
    /// A lunge of the attacker toward the defender and back.
    Swing,
}

/// Seconds an attack stays on screen.
pub const STRIKE_SECONDS: f32 = 0.5;
/// How far a swing lunges toward the defender, inches.
pub const LUNGE: f32 = 0.35;

/// An attack on screen (drawn by the visuals; headless it is only this entity).
#[derive(Component, Debug, Clone, Copy, PartialEq)]
pub struct Strike {
    /// The attacker.
    pub actor: ModelId,
    /// A shot or a swing.
    pub kind: StrikeKind,
    /// A shot: the start of the engine's Path of Attack (the attacker's body); a swing:
    /// the attacker's base, where it lunges from.
    pub from: Vec3,
    /// A shot: the end of the Path of Attack (the defender's body); a swing: the
    /// defender's base.
    pub to: Vec3,
    /// Seconds since it started.
    pub elapsed: f32,
}

impl Strike {
    /// How far the attacker stands out of its place, toward the defender (a swing only).
    pub fn lunge(&self) -> Vec3 {
        if self.kind != StrikeKind::Swing {
            return Vec3::ZERO;
        }
        let t = (self.elapsed / STRIKE_SECONDS).clamp(0.0, 1.0);
        let toward = (self.to - self.from).with_y(0.0).normalize_or_zero();
        toward * LUNGE * (std::f32::consts::PI * t).sin()
    }
}

/// Seconds a token takes to flip.
pub const FLIP_SECONDS: f32 = 0.45;

/// Tokens of a miniature flipping on its plate after a wound: the plate, its pips already
/// showing the wounded tokens, turns over once about its upright while it lasts
/// ([`TokenFlip::angle`], read by the plate's facing).
#[derive(Component, Debug, Clone, PartialEq)]
pub struct TokenFlip {
    /// The tokens wounded (index on the card).
    pub tokens: Vec<u8>,
    /// Seconds since it started.
    pub elapsed: f32,
}

impl TokenFlip {
    /// How far the pips have turned about their vertical axis, radians (0 to π).
    pub fn angle(&self) -> f32 {
        std::f32::consts::PI * (self.elapsed / FLIP_SECONDS).clamp(0.0, 1.0)
    }
}

/// Seconds new dice tumble in the tray before they land.
pub const TUMBLE_SECONDS: f32 = 1.0;
/// Seconds each tumbling face shows.
const TUMBLE_FACE: f32 = 0.08;

/// The dice tray's newest roll tumbling: for [`TUMBLE_SECONDS`] its dice run through
/// their faces in turn, then show the engine's. Nothing here rolls: the faces that land
/// are the tray's, from the engine's events.
#[derive(Resource, Debug, Clone, Default, PartialEq)]
pub struct DiceTumble {
    /// The newest roll's title and dice as the tray had them when they last changed (a
    /// verdict coming later is no new roll).
    newest: Option<(String, Vec<TrayDie>)>,
    /// Seconds since it changed.
    elapsed: f32,
    /// Whether it is still tumbling.
    pub rolling: bool,
}

impl DiceTumble {
    /// The faces the tray shows, roll by roll (oldest first), die by die.
    pub fn shown(&self, tray: &DiceTray) -> Vec<Vec<u8>> {
        let newest = tray.rolls.len().checked_sub(1);
        tray.rolls
            .iter()
            .enumerate()
            .map(|(r, roll)| {
                roll.dice
                    .iter()
                    .enumerate()
                    .map(|(i, d)| {
                        if self.rolling && Some(r) == newest {
                            let turn = (self.elapsed / TUMBLE_FACE) as u32 + 3 * i as u32;
                            let faces = u32::from(d.die.crit_face().max(1));
                            1 + (turn % faces) as u8
                        } else {
                            d.face
                        }
                    })
                    .collect()
            })
            .collect()
    }
}

/// Finish every animation now.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub struct SkipAnimations;

pub(super) fn plugin(app: &mut App) {
    app.add_message::<SkipAnimations>();
    app.init_resource::<DiceTumble>();
    app.add_systems(
        Update,
        (play_walks, play_strikes, play_flips).in_set(AppSystems::TickTimers),
    );
    // The same frame the tray takes a roll.
    app.add_systems(
        Update,
        tumble_dice
            .after(PlaySystems::Derive)
            .in_set(AppSystems::Update),
    );
}

/// The frame's step, or `None` when a skip ends everything.
fn step(time: &Time, skip: &mut MessageReader<SkipAnimations>) -> Option<f32> {
    (skip.read().count() == 0).then(|| time.delta_secs().min(MOST_STEP))
}

fn play_walks(
    mut commands: Commands,
    time: Res<Time>,
    mut skip: MessageReader<SkipAnimations>,
    mut walks: Query<(Entity, &mut Walk, &mut Transform)>,
) {
    let dt = step(&time, &mut skip);
    for (entity, mut walk, mut transform) in &mut walks {
        walk.elapsed = dt.map_or(f32::INFINITY, |dt| walk.elapsed + dt);
        if walk.done() {
            if let Some(end) = walk.end() {
                transform.translation = end;
            }
            let last_heading = walk.legs.iter().rev().map(|l| (l.to - l.from).with_y(0.0));
            if let Some(h) = last_heading.into_iter().find(|h| h.length_squared() > 1e-4) {
                transform.look_to(h.normalize(), Vec3::Y);
            }
            commands.entity(entity).remove::<Walk>();
            continue;
        }
        let Some((leg, t)) = walk.current().map(|(l, t)| (*l, t)) else {
            continue;
        };
        let bob = if leg.kind == LegKind::Walk {
            let walked = leg.from.distance(leg.to) * t;
            BOB * (std::f32::consts::PI * walked / BOB_STEP).sin().abs()
        } else {
            0.0
        };
        transform.translation = leg.at(t) + Vec3::Y * bob;
        let heading = (leg.to - leg.from).with_y(0.0);
        if heading.length_squared() > 1e-4 {
            transform.look_to(heading.normalize(), Vec3::Y);
        }
    }
}

fn play_strikes(
    mut commands: Commands,
    time: Res<Time>,
    mut skip: MessageReader<SkipAnimations>,
    mut strikes: Query<(Entity, &mut Strike)>,
    mut miniatures: Query<(&Miniature, &mut Transform), Without<Walk>>,
) {
    let dt = step(&time, &mut skip);
    for (entity, mut strike) in &mut strikes {
        strike.elapsed = dt.map_or(STRIKE_SECONDS, |dt| strike.elapsed + dt);
        let over = strike.elapsed >= STRIKE_SECONDS;
        if strike.kind == StrikeKind::Swing
            && let Some((_, mut t)) = miniatures.iter_mut().find(|(m, _)| m.model == strike.actor)
        {
            t.translation = strike.from + if over { Vec3::ZERO } else { strike.lunge() };
        }
        if over {
            commands.entity(entity).despawn();
        }
    }
}

fn play_flips(
    mut commands: Commands,
    time: Res<Time>,
    mut skip: MessageReader<SkipAnimations>,
    mut flips: Query<(Entity, &mut TokenFlip)>,
) {
    let dt = step(&time, &mut skip);
    for (entity, mut flip) in &mut flips {
        flip.elapsed = dt.map_or(FLIP_SECONDS, |dt| flip.elapsed + dt);
        if flip.elapsed >= FLIP_SECONDS {
            commands.entity(entity).remove::<TokenFlip>();
        }
    }
}

/// Starts a tumble whenever the tray's newest roll changes (a roll or a re-roll), and ends
/// it after [`TUMBLE_SECONDS`] or a skip.
fn tumble_dice(
    time: Res<Time>,
    mut skip: MessageReader<SkipAnimations>,
    tray: Res<DiceTray>,
    mut tumble: ResMut<DiceTumble>,
) {
    let dt = step(&time, &mut skip);
    let seen = tumble
        .newest
        .as_ref()
        .map(|(t, d)| (t.as_str(), d.as_slice()));
    if seen
        != tray
            .rolls
            .last()
            .map(|r| (r.title.as_str(), r.dice.as_slice()))
    {
        let newest = tray.rolls.last().map(|r| (r.title.clone(), r.dice.clone()));
        *tumble = DiceTumble {
            rolling: newest.is_some() && dt.is_some(),
            newest,
            elapsed: 0.0,
        };
        return;
    }
    if !tumble.rolling {
        return;
    }
    match dt {
        Some(dt) if tumble.elapsed + dt < TUMBLE_SECONDS => tumble.elapsed += dt,
        _ => tumble.rolling = false,
    }
}
