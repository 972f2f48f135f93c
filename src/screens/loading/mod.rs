//! The Loading screen: what is loading, a bar and the share done; a texture that failed to
//! load is named with the reason instead.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::headless::screen::Screen;
use crate::table::assets::LoadingProgress;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        loading_screen.run_if(in_state(Screen::Loading)),
    );
}

fn loading_screen(mut contexts: EguiContexts, progress: Option<Res<LoadingProgress>>) -> Result {
    let ctx = contexts.ctx_mut()?;
    let Some(progress) = progress else {
        return Ok(());
    };
    egui::Window::new("Loading")
        .title_bar(false)
        .resizable(false)
        .collapsible(false)
        .anchor(egui::Align2::CENTER_CENTER, egui::Vec2::ZERO)
        .show(ctx, |ui| {
            ui.set_width(360.0);
            ui.vertical_centered(|ui| {
                ui.label(
                    egui::RichText::new("REDLINE")
                        .size(32.0)
                        .strong()
                        .color(egui::Color32::from_rgb(230, 52, 46)),
                );
                ui.add_space(8.0);
                match &progress.failed {
                    Some(failed) => failure(ui, failed),
                    None => bar(ui, &progress),
                }
            });
        });
    Ok(())
}

fn bar(ui: &mut egui::Ui, progress: &LoadingProgress) {
    let what = progress.loading.unwrap_or("the table");
    ui.label(format!("Loading {what}…"));
    ui.add(
        egui::ProgressBar::new(progress.share())
            .show_percentage()
            .desired_width(320.0),
    );
    ui.label(format!("{} of {} textures", progress.done, progress.total));
}

fn failure(ui: &mut egui::Ui, failed: &str) {
    ui.colored_label(
        egui::Color32::from_rgb(230, 90, 80),
        format!("A texture could not be loaded: {failed}"),
    );
    ui.label("The game's files are damaged: build or install it again.");
}
