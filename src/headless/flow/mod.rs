//! Playing a match, headless: the flow from the main menu through game set-up, team
//! building and deployment to the battle and its result, driven by intent messages that the
//! egui screens (or a test, or the smoke script) send. The rules `Game` lives in the
//! `game::match_state::Match` resource; nothing here implements a rule.

use bevy::prelude::*;

pub mod aim;
pub mod battle;
pub mod breach_aim;
pub mod builder;
pub mod builder_intents;
pub mod coach;
pub mod computer_team;
pub mod coop;
pub mod decider;
pub mod deploy;
pub mod drag;
pub mod hand_over;
pub mod menu;
pub mod new_game;
pub mod one_off;
pub mod security;
pub mod solo;
pub mod start;

pub(super) fn plugin(app: &mut App) {
    app.add_plugins((
        menu::plugin,
        new_game::plugin,
        builder_intents::plugin,
        deploy::plugin,
        battle::plugin,
        hand_over::plugin,
        decider::plugin,
        aim::plugin,
        solo::plugin,
        coach::plugin,
        security::plugin,
        coop::plugin,
    ));
}
