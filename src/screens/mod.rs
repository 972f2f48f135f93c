//! The egui screens, one folder each: the Loading screen, the main menu, key bindings, game
//! settings, the co-op settings, the team builder, the battle's panels (top bar, decision prompt, card, log,
//! dice, coach), the hand-over screen, results, campaigns, the terrain planner and online
//! play (host, join, lobby). Drawn in
//! bevy_egui's `EguiPrimaryContextPass`; each reads the match layer (`headless`) and sends it
//! intents.

use bevy::prelude::*;
use bevy_egui::EguiPrimaryContextPass;

mod battle;
pub(crate) mod bindings;
mod campaign;
mod coop;
mod deployment;
mod hand_over;
pub(crate) mod landmark;
mod loading;
mod menu;
mod module_ticks;
mod online;
pub(crate) mod order;
mod planner;
mod results;
mod setup;
mod team_builder;
mod theme;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        theme::apply_theme.before(order::PanelsDrawn),
    );
    app.add_plugins((
        loading::plugin,
        menu::plugin,
        setup::plugin,
        coop::plugin,
        team_builder::plugin,
        battle::plugin,
        hand_over::plugin,
        results::plugin,
        bindings::plugin,
        campaign::plugin,
        planner::plugin,
        online::plugin,
    ));
}
