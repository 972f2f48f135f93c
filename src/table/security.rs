//! Security on the table (SEC), as the engine has it: a [`SentryArc`] on the table for each
//! sentry still in play (SEC-10), a [`FenceMark`] on each fence the defender placed
//! (SEC-14), and a [`LockMark`] on each door or window whose lock the viewing seat knows
//! (SEC-7): the defender's own locks, a rival's only once revealed; an unlocked one has
//! none. The viewing seat is the one the engine asks now (a hot-seat table follows the
//! seat whose turn it is, MOPEN-8), or this app's seat online. Rebuilt whenever the match
//! changes; `visuals` draws them.

use bevy::prelude::*;
use redline_rules::security::{FenceKind, LockGrade};
use redline_rules::{Game, LockKnowledge, ModelId, Seat};

use crate::headless::game::match_state::{Match, OnlineGame};
use crate::headless::schedule::PlaySystems;
use crate::headless::screen::Screen;

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
