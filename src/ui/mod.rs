//! egui panels: the main menu, and in battle a top bar (teams, Luck), a card panel for the
//! selected model and the log. Drawn in bevy_egui's `EguiPrimaryContextPass`.

use bevy::prelude::*;
use bevy_egui::EguiPrimaryContextPass;

mod battle_hud;
mod card_panel;
mod log_panel;
mod main_menu;
mod theme;
mod top_bar;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(EguiPrimaryContextPass, theme::apply_theme);
    app.add_plugins((main_menu::plugin, battle_hud::plugin));
}
