//! Each event as a line of the battle log.

use redline_rules::card::Colour;
use redline_rules::cards::CardId;
use redline_rules::scenario::FirstControlReason;
use redline_rules::{DieResult, Event, Game, ModelId, Seat, StopReason, TeamId};

use super::command::bonus;
use super::{die, edge_word, model, point, seat, skill_word, team};
use crate::headless::game::meta::MatchMeta;

/// A log line for an event; `None` for events the log leaves out (flipped tokens and the
/// like show on the card instead).
pub fn event(game: &Game, meta: &MatchMeta, ev: &Event) -> Option<String> {
    let m = |id: &ModelId| model(game, *id);
    let card = |c: &CardId| game.card(*c).def.name.clone();
    let s = |x: &Seat| seat(meta, *x);
    use Event as E;
    let line = match ev {
        E::ControlTaken { seat: x } => format!("{} takes Control.", s(x)),
        E::ControlPassed { to, .. } => format!("Control passes to {}.", s(to)),
        E::Activated { model: id } => format!("{} is activated.", m(id)),
        E::ActivationEnded { model: id } => format!("{}'s activation ends.", m(id)),
        E::InspireStarted { seat: x } => format!("{} Inspires.", s(x)),
        E::GonkSkipped { model: id } => format!("{} holds.", m(id)),
        E::InspireEnded { seat: x } => format!("{} ends the Inspire: tokens Ready again.", s(x)),
        E::ActionTaken {
            model: id,
            name,
            colour,
            reaction,
            ..
        } => action_taken(&m(id), name, *colour, *reaction),
        E::TokenFlipped { .. } | E::DifficultMarked { .. } | E::DifficultCleared { .. } => {
            return None;
        }
        E::HackedRemoved { model: id } => format!("A Hacked token comes off {}.", m(id)),
        E::DefenceChosen {
            model: id,
            colour,
            bonus: b,
            ..
        } => format!(
            "{} defends with {} + {}.",
            m(id),
            colour.name(),
            bonus(game, *id, *b)
        ),
        E::Rolled { dice } => rolled(game, dice),
        E::LuckSpent { seat: x, left } => format!("{} spends Luck ({left} left).", s(x)),
        E::Rerolled { die: r, old_face } => rerolled(game, r, *old_face),
        E::LuckReturned { seat: x, left } => format!("{} gets a Luck token back ({left}).", s(x)),
        E::RollDecided { actor_won } => roll_decided(actor_won),
        E::Moved {
            model: id,
            from,
            to,
        } => moved(&m(id), from, to),
        E::Crossed { model: id, what } => format!("{} gets past {what}.", m(id)),
        E::MoveStopped { model: id, reason } => move_stopped(game, *id, reason),
        E::BrawlEntered { model: id, with } => brawl_entered(game, *id, with),
        E::BrawlLeft {
            model: id,
            outnumbered: true,
        } => {
            format!("{} leaves the Brawl (outnumbering).", m(id))
        }
        E::BrawlLeft {
            model: id,
            outnumbered: false,
        } => {
            format!("{} escapes the Brawl.", m(id))
        }
        E::Fell { model: id, height } => format!("{} falls {height:.1}\".", m(id)),
        E::ArmorDiscarded { model: id, .. } => {
            format!("{}'s Armor absorbs the wound and is discarded.", m(id))
        }
        E::Wounded {
            model: id,
            by: Some(b),
            ..
        } => {
            format!("{} wounds {}: a token turns RED.", m(b), m(id))
        }
        E::Wounded {
            model: id,
            by: None,
            ..
        } => {
            format!("{} is wounded: a token turns RED.", m(id))
        }
        E::RedLined { model: id } => format!("{} is Red-lined!", m(id)),
        E::TakenOut { model: id, .. } => format!("{} is taken out.", m(id)),
        E::Healed {
            model: id, colour, ..
        } => {
            format!("{} heals a token back to {}.", m(id), colour.name())
        }
        E::ReactionDeclined { model: id } => format!("{} doesn't [RE]act.", m(id)),
        E::BodyLooted { by, .. } => format!("{} loots a Body token.", m(by)),
        E::CardTaken { by, from, card: c } => {
            format!("{} takes {} from {}.", m(by), card(c), m(from))
        }
        E::LootDrawn { by, card: Some(c) } => {
            format!("{} draws the Loot card '{}'.", m(by), card(c))
        }
        E::LootDrawn { by, card: None } => {
            format!("{} finds nothing: the Loot deck is empty.", m(by))
        }
        E::CardExhausted {
            model: id,
            card: Some(c),
        } => format!("{}'s {} is exhausted.", m(id), card(c)),
        E::CardExhausted {
            model: id,
            card: None,
        } => format!("{}'s card is exhausted.", m(id)),
        E::CardRefreshed {
            model: id,
            card: Some(c),
        } => format!("{}'s {} is Ready again.", m(id), card(c)),
        E::CardRefreshed {
            model: id,
            card: None,
        } => format!("{}'s card is Ready again.", m(id)),
        E::CardDiscarded { model: id, card: c } => format!("{} discards {}.", m(id), card(c)),
        E::Hacked { model: id } => format!("{} is Hacked.", m(id)),
        E::MadeVulnerable { model: id } => format!("{} is made Vulnerable.", m(id)),
        E::VulnerableCleared { model: id } => format!("{} is no longer Vulnerable.", m(id)),
        E::NetrunnerStepsIn {
            model: id,
            instead_of,
        } => {
            format!(
                "{} opposes the program instead of {}.",
                m(id),
                m(instead_of)
            )
        }
        E::ProgramRunning {
            model: id,
            card: c,
            target,
        } => running(&m(id), &card(c), target.as_ref().map(m)),
        E::LaunchFailed { model: id, card: c } => {
            format!("{}'s {} fails to launch.", m(id), card(c))
        }
        E::MemoryLeak { model: id } => format!("{} suffers a memory leak.", m(id)),
        E::ProgramReloaded { model: id, card: c } => format!("{} reloads {}.", m(id), card(c)),
        E::DroneDeployed {
            model: id, by, at, ..
        } => {
            format!("{} deploys {} at {}.", m(by), m(id), point(at))
        }
        E::DroneTakenOut { model: id, .. } => format!("{} is taken out.", m(id)),
        E::AccurateReroll { model: id } => format!("{} re-rolls: the action is Accurate.", m(id)),
        E::Repetition {
            model: id,
            number,
            of,
            target,
            penalty,
        } => {
            format!(
                "{} attacks {} again ({number} of {of}, {penalty:+}).",
                m(id),
                m(target)
            )
        }
        E::ImpactPlaced { at, touching } => {
            format!(
                "The Impact token lands at {}, touching {}.",
                point(at),
                m(touching)
            )
        }
        E::ImpactMoved { to, .. } => format!("The Impact token moves to {}.", point(to)),
        E::BlastArea {
            caught, sheltered, ..
        } => blast_area(game, caught, sheltered),
        E::BlastEscaped {
            model: id,
            clear: true,
        } => format!("{} escapes the Blast.", m(id)),
        E::BlastEscaped {
            model: id,
            clear: false,
        } => format!("{} is still in the Blast.", m(id)),
        E::ImpactRemoved { .. } => "The Impact token is removed.".to_string(),
        E::Pushed {
            model: id,
            to,
            stopped,
            ..
        } => pushed(&m(id), to, *stopped),
        E::Stunned { model: id, .. } => format!("{} is Stunned.", m(id)),
        E::StunCleared { model: id } => format!("{} is no longer Stunned.", m(id)),
        E::Refreshed { model: id, .. } => format!("{} has a token Refreshed.", m(id)),
        E::DefenseGained {
            model: id,
            skill,
            by,
        } => {
            format!("{} gains Defense {by} to {}.", m(id), skill_word(*skill))
        }
        E::DefenseExpired { model: id } => format!("{}'s Defense wears off.", m(id)),
        E::FirstControlRoll { rolls } => first_control_roll(meta, rolls),
        E::FirstControl { seat: x, reason } => first_control(&s(x), *reason),
        E::Deployed {
            model: id,
            at,
            from_reserve,
        } => deployed(&m(id), at, *from_reserve),
        E::NoRoomToDeploy { model: id } => format!("There is no room to set {} down.", m(id)),
        E::ReturnedToReserve { model: id } => format!("{} goes back to the Reserves.", m(id)),
        E::MarkerSearched { marker, by } => format!("{} searches marker {}.", m(by), marker + 1),
        E::MarkerPickedUp { marker, by } => format!("{} picks up marker {}.", m(by), marker + 1),
        E::MarkerDropped { marker, at } => format!("Marker {} drops at {}.", marker + 1, point(at)),
        E::LeftTable {
            model: id,
            edge,
            markers,
        } => left_table(&m(id), *edge, markers),
        E::QuartersCounted { team: t, holders } => quarters(game, meta, *t, holders),
        E::MarkersCounted { team: t, held } => {
            format!("{} holds {} marker(s).", team(game, meta, *t), held.len())
        }
        E::GameOver { outcome } => super::outcome_line(meta, outcome),
    };
    Some(line)
}

fn action_taken(who: &str, name: &str, colour: Colour, reaction: bool) -> String {
    let re = if reaction { "[RE]action: " } else { "" };
    format!("{re}{who} takes {name} ({}).", colour.name())
}

fn roller(game: &Game, r: &DieResult) -> String {
    r.model
        .map_or_else(|| "Obstacle".to_string(), |m| model(game, m))
}

fn rolled(game: &Game, dice: &[DieResult]) -> String {
    let parts: Vec<String> = dice
        .iter()
        .map(|r| format!("{}: {}", roller(game, r), die(r)))
        .collect();
    format!("Roll — {}.", parts.join("; "))
}

fn rerolled(game: &Game, r: &DieResult, old_face: u8) -> String {
    format!(
        "{} re-rolls the {} ({old_face} before): {}.",
        roller(game, r),
        r.die.label(),
        die(r)
    )
}

fn roll_decided(actor_won: &[bool]) -> String {
    let words: Vec<&str> = actor_won
        .iter()
        .map(|w| if *w { "succeeds" } else { "fails" })
        .collect();
    format!("The action {}.", words.join(", "))
}

fn moved(who: &str, from: &[f32; 3], to: &[f32; 3]) -> String {
    format!(
        "{who} moves {:.1}\".",
        (to[0] - from[0]).hypot(to[2] - from[2])
    )
}

fn move_stopped(game: &Game, id: ModelId, reason: &StopReason) -> String {
    let (who, m) = (model(game, id), |r: &ModelId| model(game, *r));
    match reason {
        StopReason::Obstacle(what) => format!("{who} is stopped by {what}."),
        StopReason::Rival(r) => format!("{who} is stopped by {}: they Brawl.", m(r)),
        StopReason::Climb => format!("{who} fails the climb."),
        StopReason::Escape(r) => format!("{who} can't escape {}.", m(r)),
    }
}

fn brawl_entered(game: &Game, id: ModelId, with: &[ModelId]) -> String {
    let names: Vec<String> = with.iter().map(|w| model(game, *w)).collect();
    format!("{} Brawls with {}.", model(game, id), names.join(", "))
}

fn running(who: &str, program: &str, target: Option<String>) -> String {
    match target {
        Some(t) => format!("{who}'s {program} runs against {t}."),
        None => format!("{who}'s {program} runs."),
    }
}

fn blast_area(game: &Game, caught: &[ModelId], sheltered: &[ModelId]) -> String {
    let names = |ids: &[ModelId]| -> String {
        let names: Vec<String> = ids.iter().map(|m| model(game, *m)).collect();
        if names.is_empty() {
            "nobody".to_string()
        } else {
            names.join(", ")
        }
    };
    format!(
        "The Blast catches {}; sheltered: {}.",
        names(caught),
        names(sheltered)
    )
}

fn pushed(who: &str, to: &[f32; 3], stopped: bool) -> String {
    let short = if stopped { ", stopped short" } else { "" };
    format!("{who} is pushed to {}{short}.", point(to))
}

fn first_control_roll(meta: &MatchMeta, rolls: &[(Seat, u8)]) -> String {
    let parts: Vec<String> = rolls
        .iter()
        .map(|(s, face)| format!("{} {face}", seat(meta, *s)))
        .collect();
    format!("Roll-off for first Control: {}.", parts.join(", "))
}

fn first_control(who: &str, reason: FirstControlReason) -> String {
    let why = match reason {
        FirstControlReason::Scenario => "as the scenario says",
        FirstControlReason::LowestStreetCred => "with the lowest Street Cred",
        FirstControlReason::RollOffChoice => "as the roll-off's winner chose",
    };
    format!("{who} takes Control first, {why}.")
}

fn deployed(who: &str, at: &[f32; 3], from_reserve: bool) -> String {
    let from = if from_reserve {
        " from the Reserves"
    } else {
        ""
    };
    format!("{who} is set down{from} at {}.", point(at))
}

fn left_table(who: &str, edge: redline_rules::scenario::Edge, markers: &[u8]) -> String {
    let carrying = match markers.len() {
        0 => String::new(),
        n => format!(" carrying {n} marker(s)"),
    };
    format!(
        "{who} leaves the table by the {}{carrying}.",
        edge_word(edge)
    )
}

fn quarters(game: &Game, meta: &MatchMeta, t: TeamId, holders: &[Option<TeamId>; 4]) -> String {
    let held = holders.iter().filter(|h| **h == Some(t)).count();
    format!("{} controls {held} quarter(s).", team(game, meta, t))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn first_control_says_why_in_words() {
        assert_eq!(
            first_control("Player 2", FirstControlReason::LowestStreetCred),
            "Player 2 takes Control first, with the lowest Street Cred."
        );
    }
}
