//! Support actions: the actions that help without wounding. Stun (KW-29, KW-30) and
//! Vulnerable (NET-11) weaken a rival, Refresh (KW-23) readies a friend's tokens, a Command
//! (CMD-1..CMD-8) activates a friend at once, a drone program puts a new model on the table
//! (DRONE-2), Hack programs mark a rival (NET-14), Firewall Defender clears a friend's
//! Hacked tokens (BASIC-8) and some gear gains Luck. This module says which support a legal
//! command is and its chance to succeed, from public game state only; each level decides
//! what that is worth to it.

use redline_rules::card::{ActionDef, Colour, Effect, Keyword};
use redline_rules::dice::Die;
use redline_rules::odds::OddsQuery;
use redline_rules::program::ProgramDef;
use redline_rules::{Command, Game, ModelId, Target};

use crate::assess::{self, Kind};

/// What a support action does.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) enum Support {
    /// Flip up to `tokens` of a rival's Ready tokens to Used, or stop a Gonk until its
    /// owner's next Inspire.
    Stun {
        /// The rival.
        target: ModelId,
        /// Stun X.
        tokens: u8,
    },
    /// Flip up to `tokens` of a friend's (or the actor's own) Used tokens to Ready.
    Refresh {
        /// The friend.
        target: ModelId,
        /// Refresh X.
        tokens: u8,
    },
    /// Activate a friend now (CMD-2).
    Command {
        /// The friend.
        target: ModelId,
    },
    /// Deploy a drone (a program's Loaded action, DRONE-2).
    Drone,
    /// Mark a rival Vulnerable (NET-11).
    Vulnerable {
        /// The rival.
        target: ModelId,
    },
    /// Put a Hacked token on a rival (NET-14).
    Hack {
        /// The rival.
        target: ModelId,
    },
    /// Remove Hacked tokens from a friend (BASIC-8).
    Firewall {
        /// The friend.
        target: ModelId,
        /// Tokens removed at most.
        tokens: u8,
    },
    /// The team gains Luck.
    Luck(u8),
}

/// A legal command that is a support action, read off the table.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct SupportAction {
    /// The acting model.
    pub actor: ModelId,
    /// What it does.
    pub what: Support,
    /// The chance it succeeds: its exact odds against the rival's best defence or the
    /// Obstacle die, without Luck (1 for an Easy action).
    pub chance: f64,
    /// Whether it launches a program (no token spent, NET-5; a Fumble leaks memory, NET-18).
    pub program: bool,
    /// Faces of the die it rolls (a Fumble is a roll of 1 on it).
    pub faces: u8,
}

/// The support action `c` is, if it is one: an action that is neither an attack, a move,
/// a scenario action, looting nor healing, with an effect or keyword listed in [`Support`].
pub(crate) fn support(game: &Game, c: &Command) -> Option<SupportAction> {
    if assess::kind(game, c) != Kind::OtherAction {
        return None;
    }
    let a = assess::action_of(c)?;
    let def = game.action(a.model, a.action)?;
    let target = match &a.target {
        Target::Model(t) => Some(*t),
        _ => None,
    };
    let rival = target.filter(|&t| game.rivals(a.model, t));
    let friend = target.filter(|&t| !game.rivals(a.model, t));
    let stun = keyword_x(def, |k| match k {
        Keyword::Stun(x) => Some(*x),
        _ => None,
    });
    let refresh = keyword_x(def, |k| match k {
        Keyword::Refresh(x) => Some(*x),
        _ => None,
    });
    let has = |f: fn(&Effect) -> bool| def.effects.iter().any(f);
    let what = if let (Some(t), Some(x)) = (rival, stun) {
        Support::Stun {
            target: t,
            tokens: x,
        }
    } else if let Some(x) = refresh {
        Support::Refresh {
            target: friend.unwrap_or(a.model),
            tokens: x,
        }
    } else if let Some(t) = friend.filter(|_| def.command || has(|e| *e == Effect::Activate)) {
        Support::Command { target: t }
    } else if has(|e| matches!(e, Effect::DeployDrone { .. })) {
        Support::Drone
    } else if let Some(t) = rival.filter(|_| has(|e| *e == Effect::MakeVulnerable)) {
        Support::Vulnerable { target: t }
    } else if let Some(t) = rival.filter(|_| has(|e| *e == Effect::Hack)) {
        Support::Hack { target: t }
    } else if let Some(t) = friend {
        let n = def
            .effects
            .iter()
            .map(|e| match e {
                Effect::RemoveHacked(n) => *n,
                _ => 0,
            })
            .max()
            .unwrap_or(0);
        if n == 0 {
            return None;
        }
        Support::Firewall {
            target: t,
            tokens: n,
        }
    } else {
        let n: u8 = def
            .effects
            .iter()
            .map(|e| match e {
                Effect::GainLuck(n) => *n,
                _ => 0,
            })
            .sum();
        if n == 0 {
            return None;
        }
        Support::Luck(n)
    };
    // A program launch spends no token and rolls the program's colour (NET-4, NET-5).
    let launch = program_colour(game, a.model, def).filter(|_| a.token.is_none());
    let program = launch.is_some();
    let colour = launch.unwrap_or_else(|| assess::token_colour(game, a.model, a.token));
    Some(SupportAction {
        actor: a.model,
        what,
        chance: success_chance(game, a.model, def, colour, rival),
        program,
        faces: Die::Action(colour).faces(),
    })
}

/// The largest X of a keyword `pick` reads.
fn keyword_x(def: &ActionDef, pick: impl Fn(&Keyword) -> Option<u8>) -> Option<u8> {
    def.keywords.iter().filter_map(pick).max()
}

/// The quality colour of the installed program whose Loaded action `def` is (NET-4).
fn program_colour(game: &Game, m: ModelId, def: &ActionDef) -> Option<Colour> {
    installed_programs(game, m)
        .find(|p| p.loaded.id == def.id)
        .map(|p| p.quality)
}

/// The programs `m` has installed, Loaded or Running (NET-4).
pub(crate) fn installed_programs(game: &Game, m: ModelId) -> impl Iterator<Item = &ProgramDef> {
    game.programs_of(m)
        .into_iter()
        .filter_map(move |card| game.program(card.id))
}

/// The chance `actor` acting with `colour` succeeds at `def`: 1 for an Easy action or one
/// with no Skill (TOK-8); against a rival target the rival's best opposing die and Skill
/// (ACT-10, no cover: only attacks check a Path of Attack's obstacles); otherwise the
/// Obstacle die (CMD-4, NET-9, DICE-3).
pub(crate) fn success_chance(
    game: &Game,
    actor: ModelId,
    def: &ActionDef,
    colour: Colour,
    rival: Option<ModelId>,
) -> f64 {
    let Some(skill) = def.skill.filter(|_| !def.is_easy()) else {
        return 1.0;
    };
    let actor_mod = i16::from(game.profile(actor).skills.get(skill));
    let (die, bonus) = match rival {
        Some(t) => assess::best_defence(game, t, skill, def),
        None => (Die::Obstacle, 0),
    };
    let mut q = OddsQuery::new(Die::Action(colour), actor_mod, die, bonus);
    q.actor_accurate = def.keywords.contains(&Keyword::Accurate);
    q.odds().success
}

/// Ready tokens of `m` (a Gonk has none: it acts with its card colour).
pub(crate) fn ready_tokens(game: &Game, m: ModelId) -> usize {
    game.tokens(m).iter().filter(|t| t.ready).count()
}

/// Used tokens of `m`.
pub(crate) fn used_tokens(game: &Game, m: ModelId) -> usize {
    game.tokens(m).iter().filter(|t| !t.ready).count()
}
