//! Security on the table (SEC), as the engine has it: a [`SentryArc`] on the table for each
//! sentry still in play (SEC-10), a [`FenceMark`] on each fence the defender placed
//! (SEC-14), and a [`LockMark`] on each door or window whose lock the viewing seat knows
//! (SEC-7): the defender's own locks, a rival's only once revealed; an unlocked one has
//! none. The viewing seat is the one the engine asks now (a hot-seat table follows the
//! seat whose turn it is, MOPEN-8), or this app's seat online. Rebuilt whenever the match
//! changes; `visuals` draws them.
//!
//! In the security step (SEC-2) the table is the defender's tool: clicks and the pointer
//! over the mat or scenery go to the match layer as [`SecurityIntent`]s, and
//! [`draw_placing`] draws what the next click places: the sentry's arc as its bearing is
//! set, the 4" fence section toward the pointer (green when the engine takes it, red when
//! it refuses), the door or window a lock would go on.

use std::f32::consts::FRAC_PI_2;

use bevy::prelude::*;
use redline_battlespace::{GREEN, SceneryId, bearing_direction};
use redline_rules::security::{FenceKind, LockGrade};
use redline_rules::security::{SENTRY_ARC_DEG, SecurityPlacement};
use redline_rules::{Command, Game, LockKnowledge, ModelId, Seat};

use crate::headless::flow::security::{SecurityIntent, SecurityPick, SecurityTool, opening_at};
use crate::headless::game::match_state::{Match, OnlineGame};
use crate::headless::schedule::PlaySystems;
use crate::headless::screen::Screen;
use crate::table::colliders::MatSurface;
use crate::table::spawn::{Scenery, ScenerySolid};

/// A sentry's 90° arc on the table (SEC-10), at the sentry's base.
#[derive(Component, Debug, Clone, Copy, PartialEq)]
pub struct SentryArc {
    /// The sentry.
    pub model: ModelId,
    /// The bearing its arc is centred on (0° North, toward −z; 90° East).
    pub facing_deg: f32,
    /// Loaded, or Spent until its owner's Inspire (SEC-11).
    pub loaded: bool,
}

/// A fence the defender placed (SEC-14), on its scenery piece.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct FenceMark {
    /// The fence's battlespace piece.
    pub piece: u32,
    /// Chain-link or razor wire.
    pub kind: FenceKind,
}

/// A lock the viewing seat knows of, on its door or window (SEC-5, SEC-7).
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct LockMark {
    /// The wall's battlespace piece.
    pub piece: u32,
    /// Which of the wall's openings.
    pub opening: u8,
    /// The lock's grade.
    pub grade: LockGrade,
}

/// Every security mark the game calls for, seen by one seat.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct SecurityMarks {
    /// One arc per sentry in play, with where it stands.
    pub arcs: Vec<(SentryArc, Vec3)>,
    /// One per fence.
    pub fences: Vec<FenceMark>,
    /// One per lock known to the seat and still locked, with the opening's middle.
    pub locks: Vec<(LockMark, Vec3)>,
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        OnEnter(Screen::Battle),
        follow_security.run_if(resource_exists::<Match>),
    );
    app.add_systems(
        Update,
        follow_security
            .run_if(resource_exists_and_changed::<Match>)
            .in_set(PlaySystems::Derive)
            .run_if(in_state(Screen::Battle)),
    );
    app.add_systems(Update, listen_for_security);
}

/// The seat whose view the table shows: this app's seat online, else the seat the engine
/// asks now (hot-seat, MOPEN-8), else the seat in Control.
pub fn viewing_seat(game: &Game, online: Option<&OnlineGame>) -> Seat {
    if let Some(seat) = online.and_then(|o| o.seats.first()) {
        return *seat;
    }
    game.decision().map_or_else(|| game.control(), |d| d.seat)
}

/// The security marks of `game` as `seat` sees it.
pub fn security_marks(game: &Game, seat: Seat) -> SecurityMarks {
    let Some(rules) = game.security_rules() else {
        return SecurityMarks::default();
    };
    let arcs = rules
        .plan
        .sentries
        .iter()
        .map(|p| ModelId(p.model))
        .zip(&rules.plan.sentries)
        .filter(|(m, _)| m.index() < game.model_count() && game.in_play(*m))
        .map(|(model, plan)| {
            let [x, y, z] = game.model_base(model).position;
            let arc = SentryArc {
                model,
                facing_deg: plan.facing_deg,
                loaded: game.sentry_loaded(model),
            };
            (arc, Vec3::new(x, y, z))
        })
        .collect();
    let fences = rules
        .plan
        .fences
        .iter()
        .map(|f| FenceMark {
            piece: f.piece,
            kind: f.kind,
        })
        .collect();
    SecurityMarks {
        arcs,
        fences,
        locks: known_locks(game, seat),
    }
}

/// Every door and window whose lock `seat` knows and that is still locked (SEC-7).
fn known_locks(game: &Game, seat: Seat) -> Vec<(LockMark, Vec3)> {
    let space = game.battlespace();
    let mut out = Vec::new();
    for piece in space.pieces() {
        for k in 0..piece.openings.len().min(usize::from(u8::MAX)) as u8 {
            let LockKnowledge::Locked(grade) = game.lock_known_to(seat, piece.id.0, k) else {
                continue;
            };
            let Some(place) = space.opening_place(piece.id, k) else {
                continue;
            };
            // In the middle of the opening itself: the hole shows it from either side.
            let [x, y, z] = place.sill;
            let middle = (place.opening.top - place.opening.bottom) / 2.0;
            let mark = LockMark {
                piece: piece.id.0,
                opening: k,
                grade,
            };
            out.push((mark, Vec3::new(x, y + middle, z)));
        }
    }
    out
}

/// Keeps the security marks on the table equal to what the game and the viewing seat call
/// for: any difference respawns that kind of mark.
fn follow_security(
    mut commands: Commands,
    current: Res<Match>,
    online: Option<Res<OnlineGame>>,
    arcs: Query<(Entity, &SentryArc)>,
    fences: Query<(Entity, &FenceMark)>,
    locks: Query<(Entity, &LockMark)>,
) {
    let game = current.game();
    let wanted = security_marks(game, viewing_seat(game, online.as_deref()));
    let shown: Vec<SentryArc> = arcs.iter().map(|(_, a)| *a).collect();
    if !same(&shown, &wanted.arcs.iter().map(|a| a.0).collect::<Vec<_>>()) {
        arcs.iter().for_each(|(e, _)| commands.entity(e).despawn());
        for (arc, at) in wanted.arcs {
            spawn_mark(&mut commands, "Sentry arc", arc, at);
        }
    }
    let shown: Vec<FenceMark> = fences.iter().map(|(_, f)| *f).collect();
    if !same(&shown, &wanted.fences) {
        fences
            .iter()
            .for_each(|(e, _)| commands.entity(e).despawn());
        for fence in wanted.fences {
            spawn_mark(&mut commands, "Fence", fence, Vec3::ZERO);
        }
    }
    let shown: Vec<LockMark> = locks.iter().map(|(_, l)| *l).collect();
    if !same(
        &shown,
        &wanted.locks.iter().map(|l| l.0).collect::<Vec<_>>(),
    ) {
        locks.iter().for_each(|(e, _)| commands.entity(e).despawn());
        for (lock, at) in wanted.locks {
            spawn_mark(&mut commands, "Lock", lock, at);
        }
    }
}

/// The same marks, in any order (a query's order is not the spawn order).
fn same<T: PartialEq>(shown: &[T], wanted: &[T]) -> bool {
    shown.len() == wanted.len() && wanted.iter().all(|w| shown.contains(w))
}

fn spawn_mark(commands: &mut Commands, name: &'static str, mark: impl Component, at: Vec3) {
    commands.spawn((
        Name::new(name),
        mark,
        Transform::from_translation(at),
        Visibility::default(),
        DespawnOnExit(Screen::Battle),
    ));
}

/// Newly spawned table surfaces: the mat's slab and scenery solids.
type NewSurfaces<'w, 's> = Query<'w, 's, Entity, Or<(Added<MatSurface>, Added<ScenerySolid>)>>;

/// The scenery piece a solid's collider belongs to.
type PieceOf<'w, 's> = Query<'w, 's, &'static ChildOf, With<ScenerySolid>>;

/// Clicks on the table and the pointer over it are the security tool's while the
/// defender places its security.
fn listen_for_security(mut commands: Commands, surfaces: NewSurfaces) {
    for entity in &surfaces {
        commands
            .entity(entity)
            .observe(security_click)
            .observe(security_pointer);
    }
}

/// The engine's id of the piece `entity` (a solid's collider) belongs to; `None` for the mat.
fn piece_of(entity: Entity, solids: &PieceOf, pieces: &Query<&Scenery>) -> Option<u32> {
    let parent = solids.get(entity).ok()?.parent();
    pieces.get(parent).ok().map(|s| s.id.0)
}

/// Whether the match on the table is in its security step.
fn placing(current: Option<&Match>) -> bool {
    current.is_some_and(|c| c.game().placing_security().is_some())
}

/// A click on the mat or on scenery in the security step.
fn security_click(
    click: On<Pointer<Click>>,
    current: Option<Res<Match>>,
    (solids, pieces): (PieceOf, Query<&Scenery>),
    mut out: MessageWriter<SecurityIntent>,
) {
    let Some(at) = click.hit.position else {
        return;
    };
    if click.button != PointerButton::Primary || !placing(current.as_deref()) {
        return;
    }
    out.write(SecurityIntent::Click {
        at: [at.x, at.y.max(0.0), at.z],
        piece: piece_of(click.entity, &solids, &pieces),
    });
}

/// The pointer over the mat or scenery in the security step.
fn security_pointer(
    moved: On<Pointer<Move>>,
    current: Option<Res<Match>>,
    mut out: MessageWriter<SecurityIntent>,
) {
    let Some(at) = moved.hit.position else {
        return;
    };
    if placing(current.as_deref()) {
        out.write(SecurityIntent::Pointer(Some([at.x, at.y.max(0.0), at.z])));
    }
}

/// Steel blue: what the next click places.
const PLACING: Color = Color::srgb(0.55, 0.8, 1.0);
/// What the engine refuses.
const REFUSED: Color = Color::srgb(0.95, 0.35, 0.3);
/// A sentry's base radius as drawn while placing it, inches (32 mm).
const SENTRY_RADIUS: f32 = 0.63;

/// Draws what the security tool's next click places (needs the gizmos of `visuals`).
pub(crate) fn draw_placing(
    current: Option<Res<Match>>,
    tool: Res<SecurityTool>,
    mut gizmos: Gizmos,
) {
    let Some(current) = current.filter(|c| c.game().placing_security().is_some()) else {
        return;
    };
    let game = current.game();
    let lift = |x: f32, z: f32| Vec3::new(x, game.battlespace().surface_height_at(x, z) + 0.06, z);
    if let Some(SecurityPlacement::Sentry { at, facing_deg, .. }) = tool.sentry() {
        draw_arc(&mut gizmos, lift(at[0], at[2]), facing_deg);
    } else if let (Some(SecurityPick::Sentry { .. }), Some(p)) = (tool.pick, tool.pointer) {
        let flat = Isometry3d::new(lift(p[0], p[2]), Quat::from_rotation_x(FRAC_PI_2));
        gizmos.circle(flat, SENTRY_RADIUS, PLACING);
    }
    if let Some(section) = tool.fence_preview() {
        let SecurityPlacement::Fence { from, to, .. } = section else {
            return;
        };
        let ok = game.check(&Command::PlaceSecurity(section)).is_ok();
        let colour = if ok { PLACING } else { REFUSED };
        let (a, b) = (lift(from[0], from[1]), lift(to[0], to[1]));
        for h in [0.0, 0.6, 1.2] {
            gizmos.line(a + Vec3::Y * h, b + Vec3::Y * h, colour);
        }
    } else if let Some(from) = tool.fence_from {
        let flat = Isometry3d::new(lift(from[0], from[1]), Quat::from_rotation_x(FRAC_PI_2));
        gizmos.circle(flat, 0.2, PLACING);
    }
    if let (Some(SecurityPick::Lock(_)), Some(p)) = (tool.pick, tool.pointer)
        && let Some((piece, k)) = opening_at(game, p, None)
        && let Some(place) = game.battlespace().opening_place(SceneryId(piece), k)
    {
        let [x, y, z] = place.sill;
        let middle = (place.opening.top - place.opening.bottom) / 2.0;
        gizmos.sphere(
            Isometry3d::from_translation(Vec3::new(x, y + middle, z)),
            0.5,
            PLACING,
        );
    }
}

/// A sentry's 90° arc out to GREEN, facing the compass bearing `deg` from `at` (SEC-10).
fn draw_arc(gizmos: &mut Gizmos, at: Vec3, deg: f32) {
    let flat = Isometry3d::new(at, Quat::from_rotation_x(FRAC_PI_2));
    gizmos.circle(flat, SENTRY_RADIUS, PLACING);
    let half = SENTRY_ARC_DEG / 2.0;
    let ray = |d: f32| {
        let [x, z] = bearing_direction(d);
        at + Vec3::new(x, 0.0, z) * GREEN
    };
    gizmos.line(at, ray(deg - half), PLACING);
    gizmos.line(at, ray(deg + half), PLACING);
    gizmos.line(at, ray(deg), PLACING.with_alpha(0.5));
    let steps = 18;
    for i in 0..steps {
        let d = deg - half + SENTRY_ARC_DEG * i as f32 / steps as f32;
        let e = d + SENTRY_ARC_DEG / steps as f32;
        gizmos.line(ray(d), ray(e), PLACING);
    }
}
