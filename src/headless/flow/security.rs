//! The security step (SEC-1, SEC-2), pointed at on the table: the defender picks what to
//! buy in the security panel ([`SecurityPick`]), then clicks the table: a door or window
//! takes a lock of the picked grade; a spot takes a sentry, whose bearing follows the
//! pointer (or the panel's bearing control) until a second click or "Place the sentry"
//! sets it; two clicks lay a 4" fence section from the first point toward the second.
//! Every placement goes to the engine as `Command::PlaceSecurity` ([`BattleIntent`]), so
//! its refusal (rule ID and reason) is the notice; nothing here checks a rule. The engine
//! has no command that takes a placement back, so there is no undo of one.

use bevy::prelude::*;
use redline_battlespace::{SceneryId, SceneryShape};
use redline_rules::security::{FENCE_SECTION, FenceKind, LockGrade, SecurityPlacement, bearing};
use redline_rules::{Command, Game};

use crate::headless::flow::battle::{BattleIntent, apply_answers};
use crate::headless::game::match_state::Match;
use crate::headless::notice::Notice;
use crate::headless::schedule::PlaySystems;
use crate::headless::screen::Screen;

/// How near a click must come to an opening's middle to pick it, inches.
const OPENING_REACH: f32 = 1.5;
/// How near a fence's first point must come to a placed section's end to join it, inches.
const JOIN_SNAP: f32 = 0.5;

/// What the defender buys next.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SecurityPick {
    /// A lock of this grade on the door or window clicked (SEC-5).
    Lock(LockGrade),
    /// A sentry, with its upgrades (SEC-9).
    Sentry {
        /// Rapid 2 on its attack.
        rapid: bool,
        /// Optics, +1 Ranged.
        optics: bool,
    },
    /// A 4" fence section (SEC-14).
    Fence(FenceKind),
}

/// The security tool: what is picked and what the clicks so far have set.
#[derive(Resource, Debug, Clone, Default, PartialEq)]
pub struct SecurityTool {
    /// What the next click places; `None` until the defender picks.
    pub pick: Option<SecurityPick>,
    /// A sentry's spot, clicked, waiting for its bearing.
    pub sentry_at: Option<[f32; 3]>,
    /// The bearing a sentry placed now faces (0° North, toward −z; 90° East).
    pub bearing_deg: f32,
    /// A fence section's first point, clicked, waiting for its direction.
    pub fence_from: Option<[f32; 2]>,
    /// The point of the table under the pointer.
    pub pointer: Option<[f32; 3]>,
}

impl SecurityTool {
    /// The sentry the tool would place now, at its spot facing its bearing.
    pub fn sentry(&self) -> Option<SecurityPlacement> {
        let (Some(SecurityPick::Sentry { rapid, optics }), Some(at)) = (self.pick, self.sentry_at)
        else {
            return None;
        };
        Some(SecurityPlacement::Sentry {
            at,
            facing_deg: self.bearing_deg,
            rapid,
            optics,
        })
    }

    /// The fence section the tool would lay toward `toward`: 4" from its first point.
    pub fn fence_toward(&self, toward: [f32; 2]) -> Option<SecurityPlacement> {
        let (Some(SecurityPick::Fence(kind)), Some(from)) = (self.pick, self.fence_from) else {
            return None;
        };
        let dir = Vec2::from(toward) - Vec2::from(from);
        let dir = dir.try_normalize()?;
        let to = Vec2::from(from) + dir * FENCE_SECTION;
        Some(SecurityPlacement::Fence {
            kind,
            from,
            to: to.to_array(),
        })
    }

    /// The fence section toward the pointer, while its first point is set.
    pub fn fence_preview(&self) -> Option<SecurityPlacement> {
        let [x, _, z] = self.pointer?;
        self.fence_toward([x, z])
    }

    /// Forgets the clicks made, keeping the pick.
    fn restart(&mut self) {
        self.sentry_at = None;
        self.fence_from = None;
    }
}

/// A step of placing security, sent by the security panel and by the table.
#[derive(Message, Debug, Clone, PartialEq)]
pub enum SecurityIntent {
    /// Pick what to buy next (or nothing).
    Pick(Option<SecurityPick>),
    /// The table was clicked here, on this scenery piece (or on the mat).
    Click {
        /// The point clicked.
        at: [f32; 3],
        /// The piece clicked, the engine's id.
        piece: Option<u32>,
    },
    /// The pointer is over the table here, or off it.
    Pointer(Option<[f32; 3]>),
    /// Set the bearing of the sentry being placed.
    Bearing(f32),
    /// Place the sentry at its spot, facing the bearing set.
    PlaceSentry,
    /// Forget the clicks made (the sentry's spot, the fence's first point).
    Cancel,
    /// End the security step.
    End,
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<SecurityTool>()
        .add_message::<SecurityIntent>();
    app.add_systems(
        Update,
        use_security_tool
            .in_set(PlaySystems::Apply)
            .before(apply_answers)
            .run_if(in_state(Screen::Battle).and_then(resource_exists::<Match>)),
    );
    // After the answers: the step that ends this frame puts the tool down this frame.
    app.add_systems(
        Update,
        put_tool_down
            .in_set(PlaySystems::Apply)
            .after(apply_answers)
            .run_if(in_state(Screen::Battle).and_then(resource_exists::<Match>)),
    );
}

/// Puts the tool down once the security step is over (or before it starts).
fn put_tool_down(current: Res<Match>, mut tool: ResMut<SecurityTool>) {
    if current.game().placing_security().is_none() && *tool != SecurityTool::default() {
        *tool = SecurityTool::default();
    }
}

/// Turns the defender's clicks and picks into the engine's placements.
fn use_security_tool(
    mut intents: MessageReader<SecurityIntent>,
    current: Res<Match>,
    mut tool: ResMut<SecurityTool>,
    mut notice: ResMut<Notice>,
    mut answers: MessageWriter<BattleIntent>,
) {
    let game = current.game();
    for intent in intents.read() {
        if game.placing_security().is_none() {
            continue;
        }
        let step = apply_intent(game, &mut tool, intent);
        match step {
            Step::Send(command) => {
                answers.write(BattleIntent::Answer(command));
            }
            Step::Refused(why) => notice.error(why),
            Step::Nothing => {}
        }
    }
}

/// What one intent asks of the match.
#[derive(Debug, Clone, PartialEq)]
enum Step {
    /// Send this answer to the engine.
    Send(Command),
    /// Say why nothing was placed.
    Refused(String),
    /// Nothing to send.
    Nothing,
}

/// Applies one intent to the tool; the answer it sends, if any.
fn apply_intent(game: &Game, tool: &mut SecurityTool, intent: &SecurityIntent) -> Step {
    match intent {
        SecurityIntent::Pick(pick) => {
            *tool = SecurityTool {
                pick: *pick,
                pointer: tool.pointer,
                bearing_deg: tool.bearing_deg,
                ..SecurityTool::default()
            };
            Step::Nothing
        }
        SecurityIntent::Click { at, piece } => click(game, tool, *at, *piece),
        SecurityIntent::Pointer(at) => {
            tool.pointer = *at;
            if let (Some(spot), Some(at)) = (tool.sentry_at, at) {
                tool.bearing_deg = bearing(spot, *at);
            }
            Step::Nothing
        }
        SecurityIntent::Bearing(deg) => {
            tool.bearing_deg = deg.rem_euclid(360.0);
            Step::Nothing
        }
        SecurityIntent::PlaceSentry => match tool.sentry() {
            Some(p) => {
                tool.restart();
                Step::Send(Command::PlaceSecurity(p))
            }
            None => Step::Nothing,
        },
        SecurityIntent::Cancel => {
            tool.restart();
            Step::Nothing
        }
        SecurityIntent::End => Step::Send(Command::EndSecurity),
    }
}

/// A click on the table with the tool in hand.
fn click(game: &Game, tool: &mut SecurityTool, at: [f32; 3], piece: Option<u32>) -> Step {
    match tool.pick {
        None => Step::Refused("Pick a lock, a sentry or a fence in the security panel.".into()),
        Some(SecurityPick::Lock(grade)) => match opening_at(game, at, piece) {
            Some((piece, opening)) => Step::Send(Command::PlaceSecurity(SecurityPlacement::Lock {
                piece,
                opening,
                grade,
            })),
            None => Step::Refused("Click a door or a window to lock it.".into()),
        },
        Some(SecurityPick::Sentry { .. }) => match tool.sentry_at {
            // The second click sets the bearing and places it.
            Some(spot) => {
                if [at[0], at[2]] != [spot[0], spot[2]] {
                    tool.bearing_deg = bearing(spot, at);
                }
                apply_intent(game, tool, &SecurityIntent::PlaceSentry)
            }
            None => sentry_spot(game, tool, at),
        },
        Some(SecurityPick::Fence(_)) => match tool.fence_from {
            Some(_) => {
                let section = tool.fence_toward([at[0], at[2]]);
                tool.restart();
                section.map_or(Step::Nothing, |p| Step::Send(Command::PlaceSecurity(p)))
            }
            None => {
                tool.fence_from = Some(fence_start(game, [at[0], at[2]]));
                Step::Nothing
            }
        },
    }
}

/// The first click of a sentry: its spot, kept when the engine would take a sentry there
/// (whatever its bearing), else refused with the engine's reason.
fn sentry_spot(game: &Game, tool: &mut SecurityTool, at: [f32; 3]) -> Step {
    let spot = [
        at[0],
        game.battlespace().surface_height_at(at[0], at[2]),
        at[2],
    ];
    let centre = {
        let t = game.battlespace().table();
        [t.width / 2.0, 0.0, t.depth / 2.0]
    };
    let mut tried = tool.clone();
    tried.sentry_at = Some(spot);
    tried.bearing_deg = bearing(spot, centre);
    let Some(placement) = tried.sentry() else {
        return Step::Nothing;
    };
    match game.check(&Command::PlaceSecurity(placement)) {
        Ok(()) => {
            *tool = tried;
            Step::Nothing
        }
        Err(e) => Step::Refused(e.to_string()),
    }
}

/// The door or window a click picks: of the piece clicked when it has one, else of any
/// wall, the one whose middle is nearest the click, within reach of it.
pub fn opening_at(game: &Game, at: [f32; 3], piece: Option<u32>) -> Option<(u32, u8)> {
    let space = game.battlespace();
    let here = Vec2::new(at[0], at[2]);
    let pieces: Vec<u32> = match piece {
        Some(p)
            if space
                .piece(SceneryId(p))
                .is_some_and(|p| !p.openings.is_empty()) =>
        {
            vec![p]
        }
        _ => space.pieces().iter().map(|p| p.id.0).collect(),
    };
    pieces
        .into_iter()
        .flat_map(|p| {
            let count = space.piece(SceneryId(p)).map_or(0, |p| p.openings.len());
            (0..count.min(usize::from(u8::MAX)) as u8).map(move |k| (p, k))
        })
        .filter_map(|(p, k)| {
            let place = space.opening_place(SceneryId(p), k)?;
            let d = here.distance(Vec2::new(place.sill[0], place.sill[2]));
            (d <= OPENING_REACH).then_some(((p, k), d))
        })
        .min_by(|a, b| a.1.total_cmp(&b.1))
        .map(|(o, _)| o)
}

/// A fence's first point: the end of a section placed in this step when the click is that
/// near it (so sections join), else the point clicked.
fn fence_start(game: &Game, at: [f32; 2]) -> [f32; 2] {
    let here = Vec2::from(at);
    placed_fence_ends(game)
        .into_iter()
        .map(Vec2::from)
        .filter(|e| e.distance(here) <= JOIN_SNAP)
        .min_by(|a, b| a.distance(here).total_cmp(&b.distance(here)))
        .map_or(at, |e| e.to_array())
}

/// The ends of every fence section placed so far (x, z): the middles of the short sides of
/// its footprint.
pub fn placed_fence_ends(game: &Game) -> Vec<[f32; 2]> {
    let Some(rules) = game.security_rules() else {
        return Vec::new();
    };
    let space = game.battlespace();
    rules
        .plan
        .fences
        .iter()
        .filter_map(|f| space.piece(SceneryId(f.piece)))
        .filter_map(|p| match &p.shape {
            SceneryShape::Hull { footprint, .. } if footprint.len() == 4 => {
                let mid = |a: [f32; 2], b: [f32; 2]| (Vec2::from(a) + Vec2::from(b)) / 2.0;
                Some([
                    mid(footprint[0], footprint[3]).to_array(),
                    mid(footprint[1], footprint[2]).to_array(),
                ])
            }
            _ => None,
        })
        .flatten()
        .collect()
}
