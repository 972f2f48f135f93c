//! What kind of play an action is, for reports that compare crews (the arena's share of
//! attacks, moves toward the goal, brawls and net actions by faction): read off the table
//! the way the bots read it.

use redline_battlespace::Hypot;
use redline_rules::{Command, Game};

use crate::assess::{self, Kind};

/// A move counts as toward the goal when it ends at least this much nearer (inches).
const NEARER: f32 = 0.5;

/// The kind of play a legal action command is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct ActionStyle {
    /// An attack on a rival model.
    pub attack: bool,
    /// An attack on a rival the attacker is Brawling with (BRAWL-1).
    pub brawl: bool,
    /// A move ending nearer the model's scenario goal: a marker where the scenario has
    /// them, else a quarter or an exit edge.
    pub toward_goal: bool,
    /// A netrunning action: a program launch (NET-5) or a Hacked, Vulnerable or Firewall
    /// mark (NET-11, NET-14, BASIC-8).
    pub net: bool,
}

/// The style of `c`, a legal command of `game` not yet applied; `None` when it is not an
/// action (Take Control, defences, ending an activation, declining a [RE]action...).
pub fn action_style(game: &Game, c: &Command) -> Option<ActionStyle> {
    let kind = assess::kind(game, c);
    let mut s = ActionStyle::default();
    match kind {
        Kind::Pass | Kind::NotAction => return None,
        Kind::Attack { actor, target } => {
            s.attack = true;
            s.brawl = game.brawling_with(actor).contains(&target);
        }
        Kind::Move { actor, end } => {
            if let Some(g) = crate::objective::goal(game, actor) {
                let here = game.position(actor);
                let now = (here[0] - g[0]).hypot_exact(here[2] - g[2]);
                let then = (end[0] - g[0]).hypot_exact(end[2] - g[2]);
                s.toward_goal = then < now - NEARER;
            }
        }
        Kind::OtherAction => s.net = crate::persona::is_net(game, c),
        Kind::Objective | Kind::Loot | Kind::Heal => {}
    }
    Some(s)
}
