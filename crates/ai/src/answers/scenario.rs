//! The scripted levels' answers to the decisions around the scenario rather than an
//! action's roll: where each model goes in the deployment before the game (FIELD-7), where a
//! model entering play goes (FIELD-9, DRONE-8), who has Control first after a roll-off
//! (CTRL-15) and which card a looter takes (BASIC-13). Easy and Normal answer them so; Hard
//! deploys, answers first Control and looted cards as Normal does and searches its own
//! placements of entering models among Normal's best spots ([`deploy_values`]).

use redline_rules::cards::CardId;
use redline_rules::{Command, Game, ModelId, Seat};

use crate::assess::wounds_of;
use crate::choice::{Choice, fallback};
use crate::position::position_value;

/// Worth of each point of Armor a looted card has above the looter's best, in models.
const ARMOR_POINT: f64 = 0.3;
/// Worth of a looted attack action before its wounds, and per wound it deals.
const ATTACK_WORTH: f64 = 0.2;
const ATTACK_WOUND: f64 = 0.1;
/// Worth of any other action or ability a looted card carries.
const OTHER_WORTH: f64 = 0.1;

/// How `model` would stand at each legal answer of a placement: Normal's position
/// evaluation of the spot (its best chance-weighted attack from there less the rivals' on
/// it, and its scenario goal), as if it could act; anything but a placement rates −∞.
pub(crate) fn deploy_values(game: &Game, model: ModelId, legal: &[Command]) -> Vec<f64> {
    legal
        .iter()
        .map(|c| match c {
            Command::Deploy { at, .. } => position_value(game, model, *at, true),
            _ => f64::NEG_INFINITY,
        })
        .collect()
}

/// Where `model` enters play (FIELD-9, DRONE-8): the legal spot with the best position
/// evaluation; ties go to the first offered.
pub(crate) fn deploy(game: &Game, model: ModelId, legal: &[Command]) -> Choice {
    let values = deploy_values(game, model, legal);
    let best = (0..legal.len())
        .filter(|&k| values[k].is_finite())
        .max_by(|&a, &b| values[a].total_cmp(&values[b]).then(b.cmp(&a)));
    match best {
        Some(k) => Choice::new(
            legal[k].clone(),
            format!(
                "deploy: the spot where it stands best (position {:.2})",
                values[k]
            ),
        ),
        None => fallback(legal, "deploy"),
    }
}

/// FIELD-9, COOP-2: a Gonk waiting in Reserve enters when its player Inspires, at the spot
/// where it stands best ([`deploy`]). Every level answers so before anything else: a Gonk
/// held back is a model that never fights, and a co-op wave left in Reserve never comes.
/// `None` when no legal answer sets a Gonk down.
pub(crate) fn enter_from_reserve(game: &Game, legal: &[Command]) -> Option<Choice> {
    let model = legal.iter().find_map(|c| match c {
        Command::Deploy { model, .. } => Some(*model),
        _ => None,
    })?;
    let spots: Vec<Command> = legal
        .iter()
        .filter(|c| matches!(c, Command::Deploy { model: m, .. } if *m == model))
        .cloned()
        .collect();
    let mut choice = deploy(game, model, &spots);
    choice.why = format!("enter from Reserve: {}", choice.why);
    Some(choice)
}

/// The deployment before the game (FIELD-7), one placement at a time: the first model
/// still to place that has a legal spot goes where it stands best, as a model entering play
/// does ([`deploy`]); once none is left to place, the deployment ends.
pub(crate) fn deploy_team(game: &Game, to_place: &[ModelId], legal: &[Command]) -> Choice {
    for &model in to_place {
        let spots: Vec<Command> = legal
            .iter()
            .filter(|c| matches!(c, Command::Deploy { model: m, .. } if *m == model))
            .cloned()
            .collect();
        if !spots.is_empty() {
            return deploy(game, model, &spots);
        }
    }
    if legal.contains(&Command::EndDeployment) {
        Choice::new(Command::EndDeployment, "deploy: the whole team is placed")
    } else {
        fallback(legal, "deploy")
    }
}

/// The roll-off winner takes the first turn of Control itself (CTRL-15): it acts before
/// the rivals can move out of its way or shoot first.
pub(crate) fn first_control(seat: Seat, legal: &[Command]) -> Choice {
    let own = Command::GiveFirstControl { seat };
    if legal.contains(&own) {
        Choice::new(own, "first Control: take it, to act before the rivals")
    } else {
        fallback(legal, "first Control")
    }
}

/// What a card is worth to `looter`, roughly in models: Armor above the best it already
/// has, each attack by its wounds, every other action and each ability a little (the engine
/// holds no EB cost to go by).
fn card_worth(game: &Game, looter: ModelId, card: CardId) -> f64 {
    let def = game.card(card).def;
    let armor_now = game
        .cards_of(looter)
        .iter()
        .map(|c| c.def.armor)
        .chain([game.profile(looter).card_armor])
        .max()
        .unwrap_or(0);
    let actions: f64 = def
        .actions
        .iter()
        .map(|a| {
            if a.attack {
                ATTACK_WORTH + ATTACK_WOUND * f64::from(wounds_of(a))
            } else {
                OTHER_WORTH
            }
        })
        .sum();
    ARMOR_POINT * f64::from(def.armor.saturating_sub(armor_now))
        + actions
        + OTHER_WORTH * def.abilities.len() as f64
}

/// The card the looter takes (BASIC-13): the one worth most to it; ties go to the first
/// offered.
pub(crate) fn looted_card(game: &Game, looter: ModelId, legal: &[Command]) -> Choice {
    let mut best: Option<(&Command, CardId, f64)> = None;
    for c in legal {
        if let Command::TakeCard { card } = c {
            let w = card_worth(game, looter, *card);
            if best.is_none_or(|(_, _, b)| w > b) {
                best = Some((c, *card, w));
            }
        }
    }
    match best {
        Some((c, card, w)) => Choice::new(
            c.clone(),
            format!(
                "loot: {}, the card worth most to the looter ({w:.2})",
                game.card(card).def.name
            ),
        ),
        None => fallback(legal, "loot"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ctrl_15_first_control_is_taken_when_offered() {
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
