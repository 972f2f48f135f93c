//! The computer as the defender in the security step (SEC-1, SEC-2, SEC-9): a sentry first,
//! as near the defended objective as the engine lets it stand and facing the rivals'
//! approach, then locks on the doors and windows nearest the objective, then more sentries
//! while the budget lasts. Every placement it tries is one the engine offers or accepts
//! (`Game::check`); it never works out a rule itself.

use redline_battlespace::{DeploymentZone, Edge, Hypot};
use redline_rules::security::{LockGrade, SecurityPlacement, bearing};
use redline_rules::{Command, Game, LockKnowledge, Seat};

use crate::choice::{Choice, fallback};

/// Locks the computer places, at most: on the openings nearest what it defends.
const MOST_LOCKS: usize = 2;

/// The computer's answer in the defender's security step before the deployment (SEC-2),
/// for any bot or driver that wants it; `None` outside that step.
pub fn secure(game: &Game) -> Option<Choice> {
    let seat = game.placing_security()?;
    Some(place_security(game, seat, &game.legal_commands()))
}

/// The next placement of the defender's security, or the end of the step.
pub(crate) fn place_security(game: &Game, seat: Seat, legal: &[Command]) -> Choice {
    let left = game.security_budget_left(seat).unwrap_or(0);
    let guarded = guarded_point(game, seat);
    let sentries = own_sentries(game, seat);
    let locks = own_locks(game, seat);
    if sentries == 0
        && let Some(c) = sentry(game, seat, guarded, left)
    {
        return c;
    }
    if locks < MOST_LOCKS
        && let Some(c) = lock(game, guarded, left, legal)
    {
        return c;
    }
    if let Some(c) = sentry(game, seat, guarded, left) {
        return c;
    }
    if legal.contains(&Command::EndSecurity) {
        return Choice::new(
            Command::EndSecurity,
            "security: placed what the budget buys",
        );
    }
    fallback(legal, "security")
}

/// What the defender guards: the objective marker nearest its deployment zone, or the
/// middle of its zone when the scenario has no marker.
fn guarded_point(game: &Game, seat: Seat) -> [f32; 3] {
    let home = zone_point(game, seat);
    game.markers()
        .iter()
        .map(|m| m.at)
        .min_by(|a, b| flat(*a, home).total_cmp(&flat(*b, home)))
        .unwrap_or(home)
}

/// A point standing for the seat's deployment zone: the middle of its edge, its corner or
/// the table's centre; the table's centre when it has none.
fn zone_point(game: &Game, seat: Seat) -> [f32; 3] {
    let table = *game.battlespace().table();
    let [cx, cz] = table.centre();
    let [x, z] = match game.setup().scenario.zone_of(seat) {
        Some(DeploymentZone::Edge { edge, distance }) => match edge {
            Edge::North => [cx, distance / 2.0],
            Edge::South => [cx, table.depth - distance / 2.0],
            Edge::West => [distance / 2.0, cz],
            Edge::East => [table.width - distance / 2.0, cz],
        },
        Some(DeploymentZone::Corner { corner, .. }) => table.corner(corner),
        Some(DeploymentZone::Centre { .. }) | None => [cx, cz],
    };
    [x, 0.0, z]
}

/// Where the rivals come from: the nearest rival deployment zone to what is guarded.
fn approach(game: &Game, seat: Seat, guarded: [f32; 3]) -> [f32; 3] {
    let table = *game.battlespace().table();
    let [cx, cz] = table.centre();
    (0..game.setup().players.len() as u8)
        .map(Seat)
        .filter(|&s| game.team_of(s) != game.team_of(seat))
        .map(|s| zone_point(game, s))
        .min_by(|a, b| flat(*a, guarded).total_cmp(&flat(*b, guarded)))
        .unwrap_or([cx, 0.0, cz])
}

/// A sentry on the engine's spot nearest what is guarded, facing the rivals' approach, with
/// Rapid 2 and then optics while the budget still leaves a lock's worth.
fn sentry(game: &Game, seat: Seat, guarded: [f32; 3], left: u16) -> Option<Choice> {
    let from = approach(game, seat, guarded);
    let mut spots = game.sentry_spots();
    spots.sort_by(|a, b| flat(*a, guarded).total_cmp(&flat(*b, guarded)));
    let reserve = LockGrade::Internal.cost();
    let upgrades = [(true, true), (true, false), (false, false)];
    for at in spots {
        for (rapid, optics) in upgrades {
            let p = SecurityPlacement::Sentry {
                at,
                facing_deg: bearing(at, from),
                rapid,
                optics,
            };
            let spare = if rapid || optics { reserve } else { 0 };
            if p.cost() + spare > left {
                continue;
            }
            let cmd = Command::PlaceSecurity(p);
            if game.check(&cmd).is_ok() {
                return Some(Choice::new(
                    cmd,
                    "security: a sentry near the objective, facing the rivals' approach",
                ));
            }
        }
    }
    None
}

/// The best affordable lock on the door or window nearest what is guarded, among the locks
/// the engine offers.
fn lock(game: &Game, guarded: [f32; 3], left: u16, legal: &[Command]) -> Option<Choice> {
    let opening_at = |piece: u32, opening: u8| {
        game.battlespace()
            .opening_centre(redline_battlespace::SceneryId(piece), opening)
            .map_or(f32::INFINITY, |at| flat(at, guarded))
    };
    legal
        .iter()
        .filter_map(|c| match c {
            Command::PlaceSecurity(SecurityPlacement::Lock {
                piece,
                opening,
                grade,
            }) if grade.cost() <= left => Some((c, opening_at(*piece, *opening), *grade)),
            _ => None,
        })
        .min_by(|a, b| a.1.total_cmp(&b.1).then(b.2.cmp(&a.2)))
        .map(|(c, _, grade)| {
            Choice::new(
                c.clone(),
                format!(
                    "security: a {} lock on the opening nearest the objective",
                    grade.name()
                ),
            )
        })
}

/// The sentries the seat's side has placed.
fn own_sentries(game: &Game, seat: Seat) -> usize {
    game.setup()
        .scenario
        .security
        .as_ref()
        .filter(|s| game.team_of(s.defender) == game.team_of(seat))
        .map_or(0, |s| s.plan.sentries.len())
}

/// The locks the seat knows its side has placed (SEC-7: its own locks are known to it).
fn own_locks(game: &Game, seat: Seat) -> usize {
    let mut n = 0;
    for piece in game.battlespace().pieces() {
        for k in 0..piece.openings.len().min(usize::from(u8::MAX)) {
            if let LockKnowledge::Locked(_) = game.lock_known_to(seat, piece.id.0, k as u8) {
                n += 1;
            }
        }
    }
    n
}

/// The distance between two points seen from above.
fn flat(a: [f32; 3], b: [f32; 3]) -> f32 {
    (a[0] - b[0]).hypot_exact(a[2] - b[2])
}

/// The sentries' owner's next shot when it has a choice (SEC-12): at the target a wound is
/// worth most to (the engine lists only nearest eligible targets), the first listed on a
/// tie, so the pick is deterministic.
pub(crate) fn next_sentry_shot(game: &Game, legal: &[Command]) -> Choice {
    let mut best: Option<(&Command, f64)> = None;
    for c in legal {
        if let Command::SentryFires { target, .. } = c {
            let worth = crate::assess::hit_value(game, *target, 1);
            if best.is_none_or(|(_, b)| worth > b) {
                best = Some((c, worth));
            }
        }
    }
    match best {
        Some((c, _)) => Choice::new(c.clone(), "sentry shot: the rival a wound hurts most"),
        None => fallback(legal, "sentry shot"),
    }
}
