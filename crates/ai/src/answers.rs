//! The scripted levels' answers to the decisions outside an action's roll: where a model
//! entering play goes (FIELD-9, DRONE-8), who has Control first (CTRL-15), which card a
//! looter takes (BASIC-13), who opposes a rival program (NET-13) and the free moves a
//! program grants (MOVE-28). Easy and Normal share them; Hard answers them as Normal does.

use redline_rules::card::{ActionDef, Colour, Effect, Skill};
use redline_rules::cards::CardId;
use redline_rules::dice::Die;
use redline_rules::odds::OddsQuery;
use redline_rules::{Command, Game, ModelId, Seat};

use crate::assess::{self, hit_value, wounds_of};
use crate::common::{Choice, fallback};
use crate::normal::position_value;

/// A free move is taken only when it improves where the model stands by more than this.
const MOVE_GAIN: f64 = 0.01;

/// Where `model` enters play: the spot with the best position evaluation (its best
/// chance-weighted attack from there less the rivals' on it, and its scenario goal).
pub(crate) fn deploy(game: &Game, model: ModelId, legal: &[Command]) -> Choice {
    let best = legal
        .iter()
        .filter_map(|c| match c {
            Command::Deploy { at, .. } => Some((c, position_value(game, model, *at, true))),
            _ => None,
        })
        .max_by(|a, b| a.1.total_cmp(&b.1));
    match best {
        Some((c, v)) => Choice::new(
            c.clone(),
            format!("deploy: the spot where it stands best (position {v:.2})"),
        ),
        None => fallback(legal, "deploy"),
    }
}

/// The roll-off winner takes the first turn of Control itself: it acts before the rivals
/// can move out of its way (CTRL-15).
pub(crate) fn first_control(seat: Seat, legal: &[Command]) -> Choice {
    let own = Command::GiveFirstControl { seat };
    if legal.contains(&own) {
        Choice::new(own, "first Control: take it, to act before the rivals")
    } else {
        fallback(legal, "first Control")
    }
}

/// What a card is worth to `looter`, roughly in models: Armor above what it has, each
/// attack by its wounds, every other action and each ability a little.
fn card_worth(game: &Game, looter: ModelId, card: CardId) -> f64 {
    let def = game.card(card).def;
    let armor_now = game
        .cards_of(looter)
        .iter()
        .map(|c| c.def.armor)
        .chain([game.profile(looter).card_armor])
        .max()
        .unwrap_or(0);
    let mut worth = 0.3 * f64::from(def.armor.saturating_sub(armor_now));
    for a in &def.actions {
        worth += if a.attack {
            0.2 + 0.1 * f64::from(wounds_of(a))
        } else {
            0.1
        };
    }
    worth + 0.1 * def.abilities.len() as f64
}

/// The card the looter takes: the one worth most to it; ties go to the first offered.
pub(crate) fn looted_card(game: &Game, looter: ModelId, legal: &[Command]) -> Choice {
    let mut best: Option<(&Command, f64)> = None;
    for c in legal {
        if let Command::TakeCard { card } = c {
            let w = card_worth(game, looter, *card);
            if best.is_none_or(|(_, b)| w > b) {
                best = Some((c, w));
            }
        }
    }
    match best {
        Some((c, w)) => {
            let name = match c {
                Command::TakeCard { card } => game.card(*card).def.name.clone(),
                _ => String::new(),
            };
            Choice::new(
                c.clone(),
                format!("loot: {name}, the card worth most to the looter ({w:.2})"),
            )
        }
        None => fallback(legal, "loot"),
    }
}

/// The launched program's action and the colour it rolls: an installed program's Loaded
/// action rolls its quality colour (NET-4); a card action named so rolls YELLOW.
fn program_action(game: &Game, launcher: ModelId, program: &str) -> Option<(ActionDef, Colour)> {
    for card in game.programs_of(launcher) {
        if let Some(p) = game.program(card.id)
            && (p.name == program || p.loaded.name == program)
        {
            return Some((p.loaded.clone(), p.quality));
        }
    }
    (0..game.action_count(launcher))
        .filter_map(|i| game.action(launcher, i))
        .find(|a| a.name == program)
        .map(|a| (a.clone(), Colour::Yellow))
}

/// What a program that lands on `m` does to it, roughly in models: its wounds as a hit
/// (NET-11), a Hacked token on a character (a Gonk can't be hacked, NET-16), Vulnerable, or
/// a little for anything else.
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
            Effect::Hack if character => 0.1,
            Effect::Hack => 0.0,
            Effect::MakeVulnerable => 0.25,
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
    let skill = def.skill.unwrap_or(Skill::Tech);
    let from = game.position(launcher);
    let actor_mod = i16::from(game.profile(launcher).skills.get(skill));
    let loss = |m: ModelId, stepping_in: bool| {
        let cover = if stepping_in || def.attack {
            assess::cover(game, launcher, from, m, game.position(m)).unwrap_or(0)
        } else {
            0
        };
        let (die, bonus) = assess::best_defence(game, m, skill, &def);
        let p = OddsQuery::new(Die::Action(colour), actor_mod, die, bonus + cover)
            .odds()
            .success;
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
        let ready = !game.profile(m).is_character() || game.tokens(m).iter().any(|t| t.ready);
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn first_control_is_taken_when_offered() {
        // CTRL-15: the roll-off winner chooses; the bots take it.
        let legal = vec![
            Command::GiveFirstControl { seat: Seat(1) },
            Command::GiveFirstControl { seat: Seat(0) },
        ];
        let c = first_control(Seat(0), &legal);
        assert_eq!(c.command, Command::GiveFirstControl { seat: Seat(0) });
        let c = first_control(Seat(1), &legal);
        assert_eq!(c.command, Command::GiveFirstControl { seat: Seat(1) });
    }
}
