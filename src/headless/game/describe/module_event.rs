//! Log lines for the security and constructs modules' events (SEC, BOT): what a player at
//! the table would say when a lock is found or opened, a sentry fires, a model is Snared, or
//! a construct is repaired or toppled.

use redline_rules::{BotEvent, Game, ModelId, SecEvent, SecurityStepEvent};

use super::{model, scenery};

/// A door or window by its wall: "the door in Front Wall" style, with the opening's number
/// when the wall has several.
pub(super) fn opening(game: &Game, piece: u32, k: u8) -> String {
    let wall = scenery(game, piece);
    let many = game
        .battlespace()
        .piece(redline_battlespace::SceneryId(piece))
        .is_some_and(|p| p.openings.len() > 1);
    if many {
        format!("opening {} of {wall}", k + 1)
    } else {
        format!("the opening in {wall}")
    }
}

/// The log line for a placement in the defender's security step (SEC-2): a lock's place
/// and grade stay unsaid (SEC-7).
pub(super) fn security_step(ev: &SecurityStepEvent) -> String {
    match *ev {
        SecurityStepEvent::LockPlaced => "The defender locks a door or window (SEC-2).".into(),
        SecurityStepEvent::SentryPlaced { .. } => "The defender places a sentry (SEC-9).".into(),
        SecurityStepEvent::FencePlaced { .. } => {
            "The defender puts up a fence section (SEC-14).".into()
        }
        SecurityStepEvent::Ended { .. } => "The defender's security is in place.".into(),
    }
}

/// The log line for a security event.
pub(super) fn sec(game: &Game, ev: &SecEvent) -> String {
    let m = |id: &ModelId| model(game, *id);
    match *ev {
        SecEvent::StoppedAtLock {
            model: who,
            piece,
            opening: k,
        } => format!(
            "{} finds {} locked and stops there; the rest of the move is lost (SEC-7).",
            m(&who),
            opening(game, piece, k)
        ),
        SecEvent::LockRevealed {
            piece,
            opening: k,
            grade,
        } => format!(
            "The lock on {} is revealed: {} (SEC-7).",
            opening(game, piece, k),
            grade.name()
        ),
        SecEvent::FoundOpen { piece, opening: k } => {
            format!("{} is not locked (SEC-7).", opening(game, piece, k))
        }
        SecEvent::SentryFired { sentry, target } => {
            format!("{} fires at {} (SEC-12).", m(&sentry), m(&target))
        }
        SecEvent::SentryReloaded { sentry } => format!("{} is Loaded again (SEC-11).", m(&sentry)),
        SecEvent::SentryOverrun { sentry, by } => {
            format!(
                "{} overruns {}: it is taken out (SEC-13).",
                m(&by),
                m(&sentry)
            )
        }
        SecEvent::Snared { model: who } => {
            format!("{} is caught in the razor wire: Snared (SEC-14).", m(&who))
        }
        SecEvent::Freed { model: who } => format!("{} frees itself (SEC-15).", m(&who)),
        SecEvent::Unlocked {
            piece,
            opening: k,
            by,
        } => format!(
            "{} opens the lock on {} for good (SEC-8).",
            m(&by),
            opening(game, piece, k)
        ),
        SecEvent::FenceCut {
            model: who, piece, ..
        } => format!(
            "{} cuts a gap through {} (SEC-16).",
            m(&who),
            scenery(game, piece)
        ),
        SecEvent::DoorBroken {
            piece,
            opening: k,
            by,
        } => format!(
            "{} breaks the lock on {}: a plain opening is left (SEC-8).",
            m(&by),
            opening(game, piece, k)
        ),
    }
}

/// The log line for a constructs event.
pub(super) fn bot(game: &Game, ev: &BotEvent) -> String {
    let m = |id: &ModelId| model(game, *id);
    match *ev {
        BotEvent::RepairStarted { model: who, colour } => format!(
            "{} starts repairing itself on a {} die: Under Repair until its player's next Inspire (BOT-9).",
            m(&who),
            colour.name()
        ),
        BotEvent::RepairRolled { model: who, heals } => match heals {
            0 => format!("{}'s repair fails (BOT-9).", m(&who)),
            n => format!("{}'s repair heals {n} token(s) (BOT-9).", m(&who)),
        },
        BotEvent::RepairEnded { model: who } => {
            format!("{} is no longer Under Repair (BOT-10).", m(&who))
        }
        BotEvent::ToppleTried { model: who, by } => {
            format!("{} tries to Topple {} (BOT-11).", m(&by), m(&who))
        }
        BotEvent::Toppled { model: who, by } => {
            format!("{} topples {}: it is Toppled (BOT-12).", m(&by), m(&who))
        }
        BotEvent::StoodUp { model: who } => format!("{} stands up (BOT-12).", m(&who)),
    }
}
