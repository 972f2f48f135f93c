//! Deployment (FIELD-7) is the engine's phase: a match built from a skirmish's
//! `to_deploy()` (or a campaign's `game_start()`) opens with each seat's `DeployTeam`
//! decision, answered like any other with `Command::Deploy` for each model put down and
//! `Command::EndDeployment` (`BattleIntent`), and a spot the rules refuse is refused with
//! its rule. The app only offers the standard spots: as a person's seat starts to deploy,
//! each of its models is set down where the skirmish set-up puts it (the match's
//! [`MatchMeta::deployment`], through the engine; the engine's first suggested spot for a
//! model whose standard spot is taken), so a player who is happy just ends the deployment.
//! A computer seat deploys by the same plan through its bot (`solo`). In an online match
//! ([`OnlineGame`]) this app's seats are offered the engine's first suggested spots, one
//! model at a time, each sent to the host ([`AnswerToHost`]) like any answer.
//!
//! [`MatchMeta::deployment`]: crate::headless::game::meta::MatchMeta::deployment

use bevy::prelude::*;
use redline_rules::{Command, DecisionKind, Event, ModelId};

use crate::headless::flow::battle::apply_answers;
use crate::headless::game::match_state::{Match, OnlineGame};
use crate::headless::game::messages::{AnswerToHost, MatchEvents};
use crate::headless::schedule::PlaySystems;
use crate::headless::screen::Screen;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        offer_standard_spots
            .in_set(PlaySystems::Apply)
            .before(apply_answers)
            .run_if(
                in_state(Screen::Battle)
                    .and_then(resource_exists::<Match>)
                    .and_then(not(resource_exists::<OnlineGame>)),
            ),
    );
    app.add_systems(
        Update,
        offer_spots_online
            .in_set(PlaySystems::Apply)
            .before(apply_answers)
            .run_if(in_state(Screen::Battle).and_then(resource_exists::<Match>)),
    );
}

/// The models a person's seat has still to place, while it deploys; empty otherwise.
fn persons_models_to_place(current: &Match) -> Vec<ModelId> {
    let Some(decision) = current.game().decision() else {
        return Vec::new();
    };
    match &decision.kind {
        DecisionKind::DeployTeam { to_place, .. } if !current.meta.is_computer(decision.seat) => {
            to_place.clone()
        }
        _ => Vec::new(),
    }
}

/// Sets a model down at its standard spot, else at the engine's first suggested spot; the
/// events, or `None` when neither is left.
fn place_at_offered_spot(current: &mut Match, model: ModelId) -> Option<Vec<Event>> {
    let spot = offered_spot(current, model)?;
    current.answer(spot).ok()
}

/// Sets a person's models down at their offered spots as the seat starts to deploy (once
/// for each state of the game: a model with no spot left stays to place).
fn offer_standard_spots(
    mut current: ResMut<Match>,
    mut news: MessageWriter<MatchEvents>,
    mut tried: Local<Option<u64>>,
) {
    let to_place = persons_models_to_place(&current);
    let hash = current.game().state_hash();
    if to_place.is_empty() || *tried == Some(hash) {
        return;
    }
    let mut events = Vec::new();
    for model in to_place {
        events.extend(place_at_offered_spot(&mut current, model).unwrap_or_default());
    }
    *tried = Some(current.game().state_hash());
    if !events.is_empty() {
        // The player starts from the offered spots: Undo takes back their own moves only.
        current.forget_undo();
        news.write(MatchEvents(events));
    }
}

/// The spot offered to a model: its standard spot when the engine takes it, else the
/// engine's first suggested spot.
fn offered_spot(current: &Match, model: ModelId) -> Option<Command> {
    let planned = current
        .meta
        .deployment
        .iter()
        .find(|c| matches!(c, Command::Deploy { model: m, .. } if *m == model))
        .cloned();
    match planned {
        Some(standard) if current.game().check(&standard).is_ok() => Some(standard),
        _ => {
            let at = current.game().deployment_spots(model).first().copied()?;
            Some(Command::Deploy { model, at })
        }
    }
}

/// Online: as one of this app's seats deploys, its next model to place is set down at its
/// offered spot through the host (once for each state of the game).
fn offer_spots_online(
    current: Res<Match>,
    online: Option<Res<OnlineGame>>,
    mut to_host: MessageWriter<AnswerToHost>,
    mut tried: Local<Option<u64>>,
) {
    let Some(online) = online else {
        return;
    };
    let hash = current.game().state_hash();
    if *tried == Some(hash) {
        return;
    }
    *tried = Some(hash);
    let Some(decision) = current.game().decision() else {
        return;
    };
    let DecisionKind::DeployTeam { to_place, .. } = &decision.kind else {
        return;
    };
    if !online.plays(decision.seat) {
        return;
    }
    if let Some(spot) = to_place.iter().find_map(|m| offered_spot(&current, *m)) {
        to_host.write(AnswerToHost(spot));
    }
}
