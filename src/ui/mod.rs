//! egui screens and panels: the main menu, game settings, team builder, the battle's
//! panels (top bar, decision prompt, card, log, dice), the hand-over screen, results and
//! key bindings. Drawn in bevy_egui's `EguiPrimaryContextPass`; each sends intents that
//! the headless `play` systems apply.

use bevy::prelude::*;
use bevy_egui::EguiPrimaryContextPass;

mod battle_hud;
mod campaign_after;
mod campaign_hub;
mod campaigns;
mod card_panel;
mod hand_over;
mod log_panel;
mod main_menu;
mod prompt;
mod results;
pub(crate) mod settings;
mod setup_screen;
mod team_builder;
mod theme;
mod top_bar;

/// The panels of the current screen are drawn (overlays come after).
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct PanelsDrawn;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        theme::apply_theme.before(PanelsDrawn),
    );
    app.add_plugins((
        main_menu::plugin,
        setup_screen::plugin,
        team_builder::plugin,
        battle_hud::plugin,
        hand_over::plugin,
        results::plugin,
        settings::plugin,
        campaigns::plugin,
        campaign_hub::plugin,
    ));
}
