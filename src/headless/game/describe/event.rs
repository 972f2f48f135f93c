//! Each event as a line of the battle log. [`event`] matches every event; an event with
//! several things to say is worded by a helper of its own.

use redline_rules::cards::CardId;
use redline_rules::scenario::FirstControlReason;
use redline_rules::{
    AidEvent, DieResult, Event, FirePlace, Game, ModelId, Seat, StopReason, TeamId,
};

use super::command::bonus;
use super::{die, edge_word, model, point, scenery, scenery_part, seat, skill_word, team};
use crate::headless::game::meta::MatchMeta;

/// A log line for an event; `None` for events the log leaves out (flipped tokens and the
/// like show on the card instead).
pub fn event(game: &Game, meta: &MatchMeta, ev: &Event) -> Option<String> {
    let m = |id: &ModelId| model(game, *id);
    let of = |id: &ModelId, text: &str| format!("{} {text}", model(game, *id));
    let card = |c: &CardId| game.card(*c).def.name.clone();
    let s = |x: &Seat| seat(meta, *x);
    use Event as E;
    let line = match ev {
        E::ControlTaken { seat } => format!("{} takes Control.", s(seat)),
        E::ControlPassed { to, .. } => format!("Control passes to {}.", s(to)),
        E::Activated { model } => of(model, "is activated."),
        E::ActivationEnded { model } => format!("{}'s activation ends.", m(model)),
        E::InspireStarted { seat } => format!("{} Inspires.", s(seat)),
        E::GonkSkipped { model } => of(model, "holds."),
        E::InspireEnded { seat } => format!("{} ends the Inspire: tokens Ready again.", s(seat)),
        E::ActionTaken { .. } => action_taken(game, ev)?,
        E::ObjectMoved { object, by } => object_moved(game, *object, *by),
        E::TokenFlipped { .. } | E::DifficultMarked { .. } | E::DifficultCleared { .. } => {
            return None;
        }
        E::HackedRemoved { model } => format!("A Hacked token comes off {}.", m(model)),
        E::DefenceChosen { .. } => defence_chosen(game, ev)?,
        E::Rolled { dice } => rolled(game, dice),
        E::LuckSpent { seat, left } => format!("{} spends Luck ({left} left).", s(seat)),
        E::Rerolled { die, old_face } => rerolled(game, die, *old_face),
        E::LuckReturned { seat, left } => format!("{} gets a Luck token back ({left}).", s(seat)),
        E::LuckGained { seat, gained, left } => {
            format!("{} gains {gained} Luck at once ({left}).", s(seat))
        }
        E::RollDecided { actor_won } => roll_decided(actor_won),
        E::Moved { .. } => moved(game, ev)?,
        E::Crossed { model, what } => format!("{} gets past {what}.", m(model)),
        E::MoveStopped { model, reason } => move_stopped(game, *model, reason),
        E::BrawlEntered { model, with } => brawl_entered(game, *model, with),
        E::BrawlLeft { .. } => brawl_left(game, ev)?,
        E::Fell { model, height } => format!("{} falls {height:.1}\".", m(model)),
        E::ArmorDiscarded { model, .. } => armor_discarded(&m(model)),
        E::Wounded { model, by, .. } => wounded(game, *model, *by),
        E::RedLined { model } => of(model, "is Red-lined!"),
        E::HazardFaced { model, colour, .. } => {
            format!("{} faces a {} Hazard.", m(model), colour.name())
        }
        E::HazardSettled { model, hazard_won } => of(
            model,
            if *hazard_won {
                "is beaten by the Hazard."
            } else {
                "withstands the Hazard."
            },
        ),
        E::TakenOut { model, .. } | E::DroneTakenOut { model, .. } => of(model, "is taken out."),
        E::Healed { .. } => healed(game, ev)?,
        E::ReactionDeclined { model } => of(model, "doesn't [RE]act."),
        E::BodyLooted { by, .. } => of(by, "loots a Body token."),
        E::BodyScavenged { by, .. } => of(by, "strips a Body token for scrap."),
        E::CardTaken { .. } => card_taken(game, ev)?,
        E::LootDrawn { by, card: c } => loot_drawn(&m(by), c.as_ref().map(card)),
        E::CardExhausted { model, card } => card_turned(game, *model, *card, "is exhausted"),
        E::CardRefreshed { model, card } => card_turned(game, *model, *card, "is Ready again"),
        E::CardDiscarded { model, card: c } => format!("{} discards {}.", m(model), card(c)),
        E::Hacked { model } => of(model, "is Hacked."),
        E::MadeVulnerable { model } => of(model, "is made Vulnerable."),
        E::VulnerableCleared { model } => of(model, "is no longer Vulnerable."),
        E::NetrunnerStepsIn { .. } => steps_in(game, ev)?,
        E::ProgramRunning { .. } => running(game, ev)?,
        E::LaunchFailed { model, card: c } => {
            format!("{}'s {} fails to launch.", m(model), card(c))
        }
        E::MemoryLeak { model } => of(model, "suffers a memory leak."),
        E::ProgramReloaded { model, card: c } => format!("{} reloads {}.", m(model), card(c)),
        E::DroneDeployed { .. } => drone_deployed(game, ev)?,
        E::AccurateReroll { model } => of(model, "re-rolls: the action is Accurate."),
        E::Repetition { .. } => repetition(game, ev)?,
        E::ImpactPlaced { .. } => impact_placed(game, ev)?,
        E::ImpactMoved { to, .. } => format!("The Impact token moves to {}.", point(to)),
        E::ImpactOnScenery { part, section, .. } => format!(
            "The Impact token lands against {}.",
            scenery_part(game, *part, *section)
        ),
        E::DamageMarked {
            part,
            section,
            markers,
            total,
        } => format!(
            "{} takes {markers} damage marker(s), {total} in all (TERR-2).",
            scenery_part(game, *part, *section)
        ),
        E::SceneryDestroyed {
            part,
            section,
            rubble,
        } => format!(
            "{} comes down{} (TERR-8).",
            scenery_part(game, *part, *section),
            if rubble.is_some() { " into rubble" } else { "" }
        ),
        E::StoreyMarked {
            building,
            storey,
            markers,
            total,
        } => format!(
            "Storey {storey} of {} takes {markers} damage marker(s), {total} in all (TERR-5).",
            super::building(game, *building)
        ),
        E::StoreyCollapsed {
            building, storey, ..
        } => format!(
            "Storey {storey} of {} collapses, with every storey above it, into rubble (TERR-13).",
            super::building(game, *building)
        ),
        E::Aid(AidEvent::Downed { model, .. }) => {
            of(model, "is Downed: out of action until First Aid (AID-1).")
        }
        E::Aid(AidEvent::FirstAidTried { model, by }) => {
            format!("{} gives {} First Aid (AID-6).", m(by), m(model))
        }
        E::Aid(AidEvent::Revived { model }) => of(model, "is back on its feet (AID-8)."),
        E::CpuRolled {
            model,
            face,
            haywire,
        } => format!(
            "{} rolls {face} for its damaged CPU{} (BOT-5).",
            m(model),
            if *haywire { " and goes Haywire" } else { "" }
        ),
        E::PowerLimited { model } => {
            of(model, "has a damaged Power: one token comes back (BOT-4).")
        }
        E::FireStarted {
            place,
            colour,
            lighter,
        } => format!(
            "{} burns with a {} fire, lit by {} (FIRE-3).",
            fire_place(game, place),
            colour.name(),
            s(lighter)
        ),
        E::FireOut { place } => format!(
            "The fire in {} goes out (FIRE-14).",
            fire_place(game, place)
        ),
        E::InfernoStarted { building, .. } => format!(
            "{} is an Inferno: every storey burns GREEN (FIRE-8).",
            super::building(game, *building)
        ),
        E::CompartmentSealed {
            building,
            storey,
            room,
            ..
        } => format!(
            "Fire fills {}: nobody goes in until its lighter's next Inspire ends (FIRE-9).",
            super::compartment(game, *building, *storey, *room)
        ),
        E::Sec(sec) => super::module_event::sec(game, sec),
        E::SecurityStep(placed) => super::module_event::security_step(placed),
        // THIRD-3: the third force's name is its seat's player name in the setup.
        E::ThirdForce(redline_rules::ThirdForceEvent::Heads { seat, heading }) => format!(
            "{} heads for {}.",
            game.setup()
                .players
                .get(usize::from(seat.0))
                .map_or_else(|| s(seat), |p| p.name.clone()),
            heading.card
        ),
        E::Bot(bot) => super::module_event::bot(game, bot),
        E::ImpactRemoved { .. } => "The Impact token is removed.".to_string(),
        E::BlastArea { .. } => blast_area(game, ev)?,
        E::BlastEscaped { model, clear } => blast_escaped(&m(model), *clear),
        E::Pushed { .. } => pushed(game, ev)?,
        E::Stunned { model, .. } => of(model, "is Stunned."),
        E::StunCleared { model } => of(model, "is no longer Stunned."),
        E::Refreshed { model, .. } => of(model, "has a token Refreshed."),
        E::DefenseGained { .. } => defense_gained(game, ev)?,
        E::DefenseExpired { model } => format!("{}'s Defense wears off.", m(model)),
        E::FirstControlRoll { rolls } => first_control_roll(meta, rolls),
        E::FirstControl { seat, reason } => first_control(&s(seat), *reason),
        E::Deployed { .. } => deployed(game, ev)?,
        E::NoRoomToDeploy { model } => format!("There is no room to set {} down.", m(model)),
        E::Placed { model, at } => format!("{} is placed at {}.", m(model), point(at)),
        E::DeploymentEnded { seat } => format!("{} has deployed.", s(seat)),
        E::ReturnedToReserve { model } => of(model, "goes back to the Reserves."),
        E::MarkerSearched { marker, by } => format!("{} searches marker {}.", m(by), marker + 1),
        E::MarkerPickedUp { marker, by } => format!("{} picks up marker {}.", m(by), marker + 1),
        E::MarkerDropped { marker, at } => format!("Marker {} drops at {}.", marker + 1, point(at)),
        E::LeftTable { .. } => left_table(game, ev)?,
        E::QuartersCounted { team, holders } => quarters(game, meta, *team, holders),
        E::MarkersCounted { team: t, held } => markers_counted(game, meta, *t, held),
        E::GameOver { outcome } => super::outcome_line(meta, outcome),
    };
    Some(line)
}

fn action_taken(game: &Game, ev: &Event) -> Option<String> {
    let Event::ActionTaken {
        model: id,
        name,
        colour,
        reaction,
        ..
    } = ev
    else {
        return None;
    };
    let re = if *reaction { "[RE]action: " } else { "" };
    Some(format!(
        "{re}{} takes {name} ({}).",
        model(game, *id),
        colour.name()
    ))
}

fn defence_chosen(game: &Game, ev: &Event) -> Option<String> {
    let Event::DefenceChosen {
        model: id,
        colour,
        bonus: b,
        ..
    } = ev
    else {
        return None;
    };
    Some(format!(
        "{} defends with {} + {}.",
        model(game, *id),
        colour.name(),
        bonus(game, *id, *b)
    ))
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

fn moved(game: &Game, ev: &Event) -> Option<String> {
    let Event::Moved {
        model: id,
        from,
        to,
        ..
    } = ev
    else {
        return None;
    };
    let length = (to[0] - from[0]).hypot(to[2] - from[2]);
    Some(format!("{} moves {length:.1}\".", model(game, *id)))
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

fn brawl_left(game: &Game, ev: &Event) -> Option<String> {
    let Event::BrawlLeft {
        model: id,
        outnumbered,
    } = ev
    else {
        return None;
    };
    let who = model(game, *id);
    Some(if *outnumbered {
        format!("{who} leaves the Brawl (outnumbering).")
    } else {
        format!("{who} escapes the Brawl.")
    })
}

fn wounded(game: &Game, id: ModelId, by: Option<ModelId>) -> String {
    match by {
        Some(b) => format!(
            "{} wounds {}: a token turns RED.",
            model(game, b),
            model(game, id)
        ),
        None => format!("{} is wounded: a token turns RED.", model(game, id)),
    }
}

fn healed(game: &Game, ev: &Event) -> Option<String> {
    let Event::Healed {
        model: id, colour, ..
    } = ev
    else {
        return None;
    };
    Some(format!(
        "{} heals a token back to {}.",
        model(game, *id),
        colour.name()
    ))
}

fn card_taken(game: &Game, ev: &Event) -> Option<String> {
    let Event::CardTaken { by, from, card } = ev else {
        return None;
    };
    Some(format!(
        "{} takes {} from {}.",
        model(game, *by),
        game.card(*card).def.name,
        model(game, *from)
    ))
}

fn loot_drawn(who: &str, card: Option<String>) -> String {
    match card {
        Some(card) => format!("{who} draws the Loot card '{card}'."),
        None => format!("{who} finds nothing: the Loot deck is empty."),
    }
}

fn armor_discarded(who: &str) -> String {
    format!("{who}'s Armor absorbs the wound and is discarded.")
}

/// A card turned face down (exhausted) or back up (Ready).
fn card_turned(game: &Game, id: ModelId, card: Option<CardId>, what: &str) -> String {
    let name = card.map_or_else(|| "card".to_string(), |c| game.card(c).def.name.clone());
    format!("{}'s {name} {what}.", model(game, id))
}

fn steps_in(game: &Game, ev: &Event) -> Option<String> {
    let Event::NetrunnerStepsIn {
        model: id,
        instead_of,
    } = ev
    else {
        return None;
    };
    Some(format!(
        "{} opposes the program instead of {}.",
        model(game, *id),
        model(game, *instead_of)
    ))
}

fn running(game: &Game, ev: &Event) -> Option<String> {
    let Event::ProgramRunning {
        model: id,
        card,
        target,
    } = ev
    else {
        return None;
    };
    let (who, program) = (model(game, *id), &game.card(*card).def.name);
    Some(match target {
        Some(t) => format!("{who}'s {program} runs against {}.", model(game, *t)),
        None => format!("{who}'s {program} runs."),
    })
}

fn drone_deployed(game: &Game, ev: &Event) -> Option<String> {
    let Event::DroneDeployed {
        model: id, by, at, ..
    } = ev
    else {
        return None;
    };
    Some(format!(
        "{} deploys {} at {}.",
        model(game, *by),
        model(game, *id),
        point(at)
    ))
}

fn repetition(game: &Game, ev: &Event) -> Option<String> {
    let Event::Repetition {
        model: id,
        number,
        of,
        target,
        penalty,
    } = ev
    else {
        return None;
    };
    Some(format!(
        "{} attacks {} again ({number} of {of}, {penalty:+}).",
        model(game, *id),
        model(game, *target)
    ))
}

fn impact_placed(game: &Game, ev: &Event) -> Option<String> {
    let Event::ImpactPlaced { at, touching } = ev else {
        return None;
    };
    Some(format!(
        "The Impact token lands at {}, touching {}.",
        point(at),
        model(game, *touching)
    ))
}

fn blast_area(game: &Game, ev: &Event) -> Option<String> {
    let Event::BlastArea {
        caught, sheltered, ..
    } = ev
    else {
        return None;
    };
    let names = |ids: &[ModelId]| -> String {
        let names: Vec<String> = ids.iter().map(|m| model(game, *m)).collect();
        if names.is_empty() {
            "nobody".to_string()
        } else {
            names.join(", ")
        }
    };
    Some(format!(
        "The Blast catches {}; sheltered: {}.",
        names(caught),
        names(sheltered)
    ))
}

fn blast_escaped(who: &str, clear: bool) -> String {
    let still = if clear { "escapes" } else { "is still in" };
    format!("{who} {still} the Blast.")
}

fn pushed(game: &Game, ev: &Event) -> Option<String> {
    let Event::Pushed {
        model: id,
        to,
        stopped,
        ..
    } = ev
    else {
        return None;
    };
    let short = if *stopped { ", stopped short" } else { "" };
    Some(format!(
        "{} is pushed to {}{short}.",
        model(game, *id),
        point(to)
    ))
}

fn defense_gained(game: &Game, ev: &Event) -> Option<String> {
    let Event::DefenseGained {
        model: id,
        skill,
        by,
    } = ev
    else {
        return None;
    };
    Some(format!(
        "{} gains Defense {by} to {}.",
        model(game, *id),
        skill_word(*skill)
    ))
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

fn deployed(game: &Game, ev: &Event) -> Option<String> {
    let Event::Deployed {
        model: id,
        at,
        from_reserve,
    } = ev
    else {
        return None;
    };
    // COOP-2, COOP-3: a co-op game's reinforcements come in as Reserves do.
    if *from_reserve && game.setup().scenario.wave_of(*id).is_some() {
        return Some(format!(
            "Reinforcements! {} comes in with a wave at {}.",
            model(game, *id),
            point(at)
        ));
    }
    let from = if *from_reserve {
        " from the Reserves"
    } else {
        ""
    };
    Some(format!(
        "{} is set down{from} at {}.",
        model(game, *id),
        point(at)
    ))
}

fn left_table(game: &Game, ev: &Event) -> Option<String> {
    let Event::LeftTable {
        model: id,
        edge,
        markers,
    } = ev
    else {
        return None;
    };
    let carrying = match markers.len() {
        0 => String::new(),
        n => format!(" carrying {n} marker(s)"),
    };
    Some(format!(
        "{} leaves the table by the {}{carrying}.",
        model(game, *id),
        edge_word(*edge)
    ))
}

fn quarters(game: &Game, meta: &MatchMeta, t: TeamId, holders: &[Option<TeamId>; 4]) -> String {
    let held = holders.iter().filter(|h| **h == Some(t)).count();
    format!("{} controls {held} quarter(s).", team(game, meta, t))
}

fn markers_counted(game: &Game, meta: &MatchMeta, t: TeamId, held: &[u8]) -> String {
    format!("{} holds {} marker(s).", team(game, meta, t), held.len())
}

/// "The Crate is dragged 1.5\"." (MOVE-16), and its fall off raised scenery (MOVE-21).
fn object_moved(game: &Game, object: u32, by: [f32; 3]) -> String {
    let name = scenery(game, object);
    let across = by[0].hypot(by[2]);
    if by[1] < -0.05 {
        format!(
            "The {name} is dragged {across:.1}\" and falls {:.1}\".",
            -by[1]
        )
    } else {
        format!("The {name} is dragged {across:.1}\".")
    }
}

/// Where a fire burns, in words: the part's name, or a building's room or storey.
pub(super) fn fire_place(game: &Game, place: &FirePlace) -> String {
    match *place {
        FirePlace::Part(part) => scenery(game, part),
        FirePlace::Compartment {
            building,
            storey,
            room,
        } => super::compartment(game, building, storey, room),
    }
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
