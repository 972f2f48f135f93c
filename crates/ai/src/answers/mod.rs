//! The scripted levels' answers to netrunning decisions outside an action: who opposes a
//! rival program (NET-13) and the free moves a program grants (MOVE-28). Easy and Normal
//! share them; Hard answers them as Normal does. Placements, first Control and looted cards
//! are in [`scenario`].

pub(crate) mod scenario;

use redline_rules::card::{ActionDef, Colour, Effect};
use redline_rules::{Command, Game, ModelId, Seat};

use crate::assess::{self, HACK_VALUE, VULNERABLE_VALUE, hit_value, wounds_of};
use crate::choice::{Choice, fallback};
use crate::position::position_value;
use crate::support::{installed_programs, success_chance};

/// A free move is taken only when it improves where the model stands by more than this.
const MOVE_GAIN: f64 = 0.01;

/// The launched program's action and the colour it rolls: an installed program's Loaded
/// action rolls its quality colour (NET-4); a card action named so rolls YELLOW.
fn program_action(game: &Game, launcher: ModelId, program: &str) -> Option<(ActionDef, Colour)> {
    if let Some(p) =
        installed_programs(game, launcher).find(|p| p.name == program || p.loaded.name == program)
    {
        return Some((p.loaded.clone(), p.quality));
    }
    (0..game.action_count(launcher))
        .filter_map(|i| game.action(launcher, i))
        .find(|a| a.name == program)
        .map(|a| (a.clone(), Colour::Yellow))
}

/// What a program that lands on `m` does to it, roughly in models: its wounds as a hit
/// (NET-11), a Hacked token on a character (a Gonk can't be hacked, NET-16) or Vulnerable at
/// Normal's worth of them, or a little for anything else.
fn program_hit_worth(game: &Game, def: &ActionDef, m: ModelId) -> f64 {
    let per_hacked: u8 = def
        .effects
        .iter()
        .map(|e| match e {
            Effect::WoundPerHacked(n) => n.saturating_mul(game.hacked(m)),
            _ => 0,
        })
        .sum();
    let wounds = wounds_of(def).saturating_add(per_hacked);
    if wounds > 0 {
        return hit_value(game, m, wounds);
    }
    let character = game.profile(m).is_character();
    def.effects
        .iter()
        .map(|e| match e {
            Effect::Hack if character => HACK_VALUE,
            Effect::Hack => 0.0,
            Effect::MakeVulnerable => VULNERABLE_VALUE,
            _ => 0.05,
        })
        .sum()
}

/// Who opposes a rival program aimed at `target` (NET-13, OPEN-34): the model with the
/// least to lose — the exact chance the program beats its best die and Tech (a Netrunner
/// stepping in also counts the cover on its path from the launcher) times what the program
/// does to it. The target itself unless a friendly Netrunner loses strictly less.
pub(crate) fn net_defender(
    game: &Game,
    launcher: ModelId,
    target: ModelId,
    program: &str,
    legal: &[Command],
) -> Choice {
    let Some((def, colour)) = program_action(game, launcher, program) else {
        let none = Command::NetDefend { model: None };
        return if legal.contains(&none) {
            Choice::new(
                none,
                "combat netrunning: the target opposes (program unknown)",
            )
        } else {
            fallback(legal, "combat netrunning")
        };
    };
    let from = game.position(launcher);
    // A Netrunner stepping in opposes with the cover on its path from the launcher (NET-13);
    // the target gets cover only against an attack (support actions check no obstacles).
    let loss = |m: ModelId, stepping_in: bool| {
        let p = if stepping_in || def.attack {
            assess::hit_chance(game, launcher, from, &def, colour, m, game.position(m))
        } else {
            success_chance(game, launcher, &def, colour, Some(m))
        };
        p * program_hit_worth(game, &def, m)
    };
    let mut best: Option<(&Command, f64)> = None;
    for c in legal {
        if let Command::NetDefend { model } = c {
            let l = loss(model.unwrap_or(target), model.is_some());
            if best.is_none_or(|(_, b)| l < b - 1e-9) {
                best = Some((c, l));
            }
        }
    }
    match best {
        Some((c @ Command::NetDefend { model: Some(m) }, l)) => Choice::new(
            c.clone(),
            format!(
                "combat netrunning: {} opposes instead (expected loss {l:.2})",
                game.profile(*m).name
            ),
        ),
        Some((c, l)) => Choice::new(
            c.clone(),
            format!("combat netrunning: the target opposes (expected loss {l:.2})"),
        ),
        None => fallback(legal, "combat netrunning"),
    }
}

/// A free move granted by a program (MOVE-28): the move that most improves where a model
/// stands for `seat`'s team (a friend's position evaluation up, a rival's down), or no
/// more moves when none improves it.
pub(crate) fn free_move(game: &Game, seat: Seat, legal: &[Command]) -> Choice {
    let team = game.team_of(seat);
    let mut best: Option<(&Command, f64)> = None;
    for c in legal {
        let Command::FreeMove(fm) = c else { continue };
        let Some(&end) = fm.route.last() else {
            continue;
        };
        let m = fm.model;
        let ready = assess::can_act(game, m);
        let mut gain =
            position_value(game, m, end, ready) - position_value(game, m, game.position(m), ready);
        if game.team_of(game.owner(m)) != team {
            gain = -gain;
        }
        if best.is_none_or(|(_, b)| gain > b) {
            best = Some((c, gain));
        }
    }
    match best {
        Some((c, gain)) if gain > MOVE_GAIN => Choice::new(
            c.clone(),
            format!("free move: the one that improves our position most (+{gain:.2})"),
        ),
        _ if legal.contains(&Command::EndFreeMoves) => Choice::new(
            Command::EndFreeMoves,
            "free moves: none improves our position",
        ),
        _ => fallback(legal, "free moves"),
    }
}
