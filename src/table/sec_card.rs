//! What security says about one model, for its card (SEC): a sentry Loaded or Spent
//! (SEC-11); Snared, with the engine's chance of Free Yourself when the model may try it now
//! (SEC-15); and each lock its side knows within the model's reach, with the engine's
//! chance of Pick the Lock, Shoot the Lock and Force the Door (`Game::lock_odds`, SEC-8).
//! Reach, legality and odds are the engine's answers: a lock the engine refuses to price
//! (out of reach, not known to the model's side) is left out.

use redline_battlespace::{OpeningKind, SceneryId};
use redline_rules::security::LockGrade;
use redline_rules::{
    ActionCommand, Command, FORCE_THE_DOOR, FREE_YOURSELF, Game, LockKnowledge, ModelId,
    PICK_THE_LOCK, SHOOT_THE_LOCK, Target,
};

use crate::headless::game::describe;
use crate::headless::game::probe::probe_rolls;

/// A model's security lines on the card.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct SecurityCard {
    /// A sentry: `Some(true)` Loaded, `Some(false)` Spent (SEC-11).
    pub sentry: Option<bool>,
    /// Snared (SEC-15), with the chance of Free Yourself (no Luck) when it may try now.
    pub snared: Option<Option<f64>>,
    /// Each known lock within the model's reach that the engine prices.
    pub locks: Vec<LockLine>,
}

/// One lock within reach, and the chance of each way to open it.
#[derive(Debug, Clone, PartialEq)]
pub struct LockLine {
    /// The door or window, in words.
    pub opening: String,
    /// Its grade.
    pub grade: LockGrade,
    /// Each lock action the engine prices, with its name and best chance over the model's
    /// tokens (no Luck).
    pub odds: Vec<(&'static str, f64)>,
}

/// The lock actions, as the card names them.
const LOCK_ACTIONS: [(u16, &str); 3] = [
    (PICK_THE_LOCK, "Pick the Lock"),
    (SHOOT_THE_LOCK, "Shoot the Lock"),
    (FORCE_THE_DOOR, "Force the Door"),
];

impl SecurityCard {
    /// The security lines of `model`.
    pub fn of(game: &Game, model: ModelId) -> SecurityCard {
        if game.security_rules().is_none() {
            return SecurityCard::default();
        }
        SecurityCard {
            sentry: game.is_sentry(model).then(|| game.sentry_loaded(model)),
            snared: game
                .is_snared(model)
                .then(|| free_yourself_odds(game, model)),
            locks: if game.in_play(model) {
                locks_within_reach(game, model)
            } else {
                Vec::new()
            },
        }
    }

    /// Whether there is nothing to show.
    pub fn is_empty(&self) -> bool {
        self.sentry.is_none() && self.snared.is_none() && self.locks.is_empty()
    }
}

/// The engine's chance that Free Yourself succeeds now, by playing it on a copy of the game
/// with each Ready token (the probe of the app's previews); `None` when the engine refuses
/// it now (not the model's turn, no token).
fn free_yourself_odds(game: &Game, model: ModelId) -> Option<f64> {
    let tokens: Vec<Option<u8>> = match game.tokens(model).len() {
        0 => vec![None],
        n => (0..n as u8).map(Some).collect(),
    };
    tokens
        .into_iter()
        .filter_map(|token| {
            let cmd = Command::Act(ActionCommand {
                model,
                action: FREE_YOURSELF,
                token,
                target: Target::None,
            });
            game.check(&cmd).ok()?;
            let rolls = probe_rolls(game, &cmd, None).ok()?;
            let dice = &rolls.first()?.dice;
            let (actor, opposer) = (dice.first()?, dice.get(1)?);
            let query = game.odds_of_roll(actor, opposer, Some(FREE_YOURSELF));
            Some(query.without_luck().odds().success)
        })
        .max_by(f64::total_cmp)
}

/// Every door and window whose lock the model's side knows, that the engine prices for it.
fn locks_within_reach(game: &Game, model: ModelId) -> Vec<LockLine> {
    let seat = game.owner(model);
    let mut out = Vec::new();
    for piece in game.battlespace().pieces() {
        for (k, opening) in piece.openings.iter().enumerate().take(usize::from(u8::MAX)) {
            let k = k as u8;
            let LockKnowledge::Locked(grade) = game.lock_known_to(seat, piece.id.0, k) else {
                continue;
            };
            let target = Target::Opening {
                piece: piece.id.0,
                opening: k,
            };
            let odds: Vec<(&'static str, f64)> = LOCK_ACTIONS
                .iter()
                .filter_map(|&(action, name)| {
                    best_odds(game, model, action, &target).map(|o| (name, o))
                })
                .collect();
            if !odds.is_empty() {
                out.push(LockLine {
                    opening: opening_name(game, piece.id, opening.kind),
                    grade,
                    odds,
                });
            }
        }
    }
    out
}

/// The best chance the engine gives the lock action over the model's tokens.
fn best_odds(game: &Game, model: ModelId, action: u16, target: &Target) -> Option<f64> {
    let tokens: Vec<Option<u8>> = match game.tokens(model).len() {
        0 => vec![None],
        n => (0..n as u8).map(Some).collect(),
    };
    tokens
        .into_iter()
        .filter_map(|token| {
            let cmd = ActionCommand {
                model,
                action,
                token,
                target: target.clone(),
            };
            game.lock_odds(&cmd).ok().map(|o| o.success)
        })
        .max_by(f64::total_cmp)
}

/// "Door in Front Wall", "Window in Tenement wall 3".
fn opening_name(game: &Game, piece: SceneryId, kind: OpeningKind) -> String {
    let what = match kind {
        OpeningKind::Door => "Door",
        OpeningKind::Window => "Window",
    };
    format!("{what} in {}", describe::scenery(game, piece.0))
}
