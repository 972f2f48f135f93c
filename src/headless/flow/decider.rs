//! Who must act on the current screen: the seat building its team, deploying, or answering
//! the game's decision. The hand-over and the intents of people check it.

use bevy::prelude::*;
use redline_rules::Seat;

use crate::headless::flow::builder::TeamBuilder;
use crate::headless::game::match_state::Match;
use crate::headless::schedule::PlaySystems;
use crate::headless::screen::Screen;

/// The player who must act on the current screen (the seat building its team, deploying,
/// or answering the game's decision); `None` when nobody in particular.
#[derive(Resource, Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Decider(pub Option<Seat>);

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Decider>();
    app.add_systems(Update, update_decider.in_set(PlaySystems::Derive));
    app.add_systems(OnEnter(Screen::MainMenu), forget_decider);
}

/// Who decides now, from whichever of team building or the match (its deployment
/// included) is running.
fn update_decider(
    screen: Res<State<Screen>>,
    builder: Option<Res<TeamBuilder>>,
    current: Option<Res<Match>>,
    mut decider: ResMut<Decider>,
) {
    let seat = match screen.get() {
        Screen::TeamBuilder => builder.map(|b| Seat(b.seat as u8)),
        Screen::Battle => current.and_then(|m| m.decider()),
        _ => None,
    };
    if decider.0 != seat {
        decider.0 = seat;
    }
}

fn forget_decider(mut decider: ResMut<Decider>) {
    decider.0 = None;
}
