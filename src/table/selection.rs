//! Which miniature is selected. Input (a click, the smoke script, a test) writes a
//! [`SelectModel`] message; one system applies it to [`SelectedModel`]. The selection also
//! follows the play: when a model is activated, or an action is aimed for a model, it
//! becomes the selected one, so its card, its ring and the Limiter move to it.

use bevy::prelude::*;

use redline_rules::{Event, ModelId};

use crate::headless::flow::aim::Aim;
use crate::headless::game::log::BattleLog;
use crate::headless::game::messages::MatchEvents;
use crate::headless::schedule::AppSystems;
use crate::headless::screen::Screen;
use crate::table::spawn::{Miniature, Teams};

/// The selected miniature, if any.
#[derive(Resource, Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct SelectedModel(pub Option<Entity>);

/// A request to select a miniature (`None` clears the selection).
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub struct SelectModel(pub Option<Entity>);

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<SelectedModel>();
    app.add_message::<SelectModel>();
    app.add_systems(
        Update,
        apply_selection
            .in_set(AppSystems::Update)
            .run_if(in_state(Screen::Battle)),
    );
    app.add_systems(
        Update,
        follow_the_play
            .after(apply_selection)
            .in_set(AppSystems::Update)
            .run_if(in_state(Screen::Battle)),
    );
    app.add_systems(OnExit(Screen::Battle), clear_selection);
}

/// The model the play has moved to this frame: the last one activated, else the one an
/// action was just aimed for.
fn followed_model(
    events: &mut MessageReader<MatchEvents>,
    aim: Option<Res<Aim>>,
) -> Option<ModelId> {
    let activated = events
        .read()
        .flat_map(|batch| batch.0.iter())
        .filter_map(|e| match e {
            Event::Activated { model } => Some(*model),
            _ => None,
        })
        .last();
    let aimed = aim
        .filter(|a| a.is_changed())
        .and_then(|a| a.action.as_ref().map(|action| action.model));
    activated.or(aimed)
}

/// Moves the selection to the model the play moved to (activated, or aimed for).
pub fn follow_the_play(
    mut events: MessageReader<MatchEvents>,
    aim: Option<Res<Aim>>,
    mut selected: ResMut<SelectedModel>,
    miniatures: Query<(Entity, &Miniature)>,
) {
    let Some(model) = followed_model(&mut events, aim) else {
        return;
    };
    let entity = miniatures
        .iter()
        .find(|(_, m)| m.model == model)
        .map(|(e, _)| e);
    if entity.is_some() && selected.0 != entity {
        selected.0 = entity;
    }
}

/// Applies the last valid request of the frame; requests for non-miniatures are ignored.
pub fn apply_selection(
    mut requests: MessageReader<SelectModel>,
    mut selected: ResMut<SelectedModel>,
    miniatures: Query<&Miniature>,
    teams: Res<Teams>,
    mut log: ResMut<BattleLog>,
) {
    let Some(SelectModel(target)) = requests
        .read()
        .filter(|request| request.0.is_none_or(|e| miniatures.contains(e)))
        .last()
        .copied()
    else {
        return;
    };
    if selected.0 == target {
        return;
    }
    selected.0 = target;
    if let Some(model) = target.and_then(|e| miniatures.get(e).ok()) {
        let team = teams.0.get(model.team).map_or("?", |t| t.name.as_str());
        log.push(format!("Selected {} ({}, {team}).", model.name, model.role));
    }
}

fn clear_selection(mut selected: ResMut<SelectedModel>) {
    selected.0 = None;
}
