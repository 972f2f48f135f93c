//! The main menu: start a quick skirmish on the starter pack, or quit.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::screens::Screen;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        main_menu.run_if(in_state(Screen::MainMenu)),
    );
}

fn main_menu(
    mut contexts: EguiContexts,
    mut next: ResMut<NextState<Screen>>,
    mut exit: MessageWriter<AppExit>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    egui::Window::new("REDLINE")
        .title_bar(false)
        .resizable(false)
        .collapsible(false)
        .anchor(egui::Align2::CENTER_CENTER, egui::Vec2::ZERO)
        .show(ctx, |ui| {
            ui.vertical_centered(|ui| {
                ui.add_space(8.0);
                ui.label(
                    egui::RichText::new("REDLINE")
                        .size(40.0)
                        .strong()
                        .color(egui::Color32::from_rgb(230, 52, 46)),
                );
                ui.label("Tabletop skirmish on the [RE]action rules");
                ui.add_space(16.0);
                let size = egui::vec2(240.0, 34.0);
                if ui
                    .add_sized(size, egui::Button::new("Quick skirmish"))
                    .clicked()
                {
                    next.set(Screen::Battle);
                }
                if ui.add_sized(size, egui::Button::new("Quit")).clicked() {
                    exit.write(AppExit::Success);
                }
                ui.add_space(8.0);
            });
        });
    Ok(())
}
