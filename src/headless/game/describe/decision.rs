//! The prompt's title for each decision the engine asks for. [`decision`] matches every
//! kind; a kind with several things to say is worded by a helper of its own.

use redline_rules::{Decision, DecisionKind, Game};

use super::{colour_word, model, seat};
use crate::headless::game::meta::MatchMeta;

/// The prompt's title for a decision: who decides what.
pub fn decision(game: &Game, meta: &MatchMeta, d: &Decision) -> String {
    let who = seat(meta, d.seat);
    let m = |id| model(game, id);
    use DecisionKind as K;
    let what = match &d.kind {
        K::TakeControl { may_inspire, .. } if may_inspire.is_empty() => {
            return format!("{who} has Control: activate a character");
        }
        K::TakeControl { .. } => {
            return format!("{who} has Control: activate a character or Inspire");
        }
        K::InspireGonks { .. } => return format!("{who} Inspires: each Gonk may take one action"),
        K::ChooseFirstControl { .. } => {
            return format!("{who} won the roll-off: who takes Control first?");
        }
        K::NextAction { model } => format!("{}'s next action", m(*model)),
        K::ChooseDefence { .. } => defence(game, &d.kind),
        K::OfferLuck {
            model: Some(id),
            die,
            ..
        } => {
            format!("re-roll {}'s {} with Luck?", m(*id), die.label())
        }
        K::OfferLuck {
            model: None, die, ..
        } => format!("re-roll the {} with Luck?", die.label()),
        K::OfferReaction { model, .. } => format!("{} was wounded and may [RE]act", m(*model)),
        K::AllocateWound { .. } => wounds(game, &d.kind),
        K::ChooseHealedToken { model, .. } => {
            format!("which RED token of {} is healed?", m(*model))
        }
        K::ChooseOpposer { mover, .. } => format!("who opposes {}?", m(*mover)),
        K::FaceHazard { colour, .. } => {
            format!(
                "a {} Hazard: which model faces it next, with which token?",
                colour.name()
            )
        }
        K::OrderFireRolls { .. } => "which of your fires rolls next?".to_string(),
        K::SentryShot { .. } => "which of your sentries fires next, and at whom?".to_string(),
        K::Deploy { model, .. } => format!("where does {} enter the table?", m(*model)),
        K::DeployTeam { to_place, .. } => deploy_team(to_place.len()),
        K::PlaceSecurity { budget, .. } => {
            format!("place your security: locks, sentries and fences for up to {budget} EB")
        }
        K::BreakBrawlTie { target, .. } => {
            format!("the shot at {} hits one of the tied models", m(*target))
        }
        K::ChooseLootedCard { looter, from, .. } => {
            format!(
                "which card does {} take from {}'s body?",
                m(*looter),
                m(*from)
            )
        }
        K::CombatNetrunning { .. } => netrunning(game, &d.kind),
        K::MemoryLeak { model, .. } => {
            format!(
                "which Ready token of {} does the memory leak flip?",
                m(*model)
            )
        }
        K::FreeMoves { colour, .. } => {
            format!(
                "free {} moves: move each model or end them",
                colour_word(*colour)
            )
        }
        K::PlaceImpact { .. } => impact(game, &d.kind),
        K::BlastEscape { .. } => "models caught in the Blast escape or face it".to_string(),
        K::NextRepetition { .. } => repetition(game, &d.kind),
        K::ChooseStunnedToken { model, left, .. } => {
            format!("which token of {} is Stunned ({left} left)?", m(*model))
        }
        K::ChooseRefreshedToken { model, left, .. } => {
            format!("which token of {} is Refreshed ({left} left)?", m(*model))
        }
    };
    format!("{who}: {what}")
}

fn defence(game: &Game, kind: &DecisionKind) -> String {
    let DecisionKind::ChooseDefence {
        defender,
        actor,
        action,
        ..
    } = kind
    else {
        return String::new();
    };
    format!(
        "{} defends against {}'s {action}",
        model(game, *defender),
        model(game, *actor)
    )
}

fn wounds(game: &Game, kind: &DecisionKind) -> String {
    let DecisionKind::AllocateWound {
        model: id,
        wounds_left,
        ..
    } = kind
    else {
        return String::new();
    };
    format!(
        "place {wounds_left} wound(s) on {}'s tokens",
        model(game, *id)
    )
}

fn netrunning(game: &Game, kind: &DecisionKind) -> String {
    let DecisionKind::CombatNetrunning {
        launcher,
        target,
        program,
        ..
    } = kind
    else {
        return String::new();
    };
    format!(
        "who opposes {}'s {program} against {}?",
        model(game, *launcher),
        model(game, *target)
    )
}

fn impact(game: &Game, kind: &DecisionKind) -> String {
    let DecisionKind::PlaceImpact {
        actor,
        target,
        fumble,
        ..
    } = kind
    else {
        return String::new();
    };
    let shot = if *fumble { "fumbled shot" } else { "shot" };
    format!(
        "where does the Impact token of {}'s {shot} at {} land?",
        model(game, *actor),
        model(game, *target)
    )
}

fn repetition(game: &Game, kind: &DecisionKind) -> String {
    let DecisionKind::NextRepetition {
        model: id,
        number,
        of,
        ..
    } = kind
    else {
        return String::new();
    };
    format!(
        "{}'s attack {number} of {of}: repeat or stop",
        model(game, *id)
    )
}

/// The deploying seat's task: the models it has still to place, or ending its deployment.
fn deploy_team(to_place: usize) -> String {
    match to_place {
        0 => "every model is placed: end the deployment".to_string(),
        1 => "deploy the team: 1 model to place".to_string(),
        n => format!("deploy the team: {n} models to place"),
    }
}
