//! The main menu: new hot-seat game, new solo game, new co-op game, quick skirmish, host or join an online
//! game, continue the autosaved game, load a save, the terrain planner, key bindings, quit.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::headless::campaign::CampaignIntent;
use crate::headless::flow::menu::MenuIntent;
use crate::headless::notice::Notice;
use crate::headless::persist::data_dir::DataDir;
use crate::headless::persist::refusals::Refusals;
use crate::headless::persist::saves::{AutosaveState, list_saves};
use crate::headless::screen::Screen;
use crate::screens::bindings::SettingsOpen;
use crate::screens::theme::notice_line;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        main_menu.run_if(in_state(Screen::MainMenu)),
    );
}

fn main_menu(
    mut contexts: EguiContexts,
    mut menu: MessageWriter<MenuIntent>,
    dir: Option<Res<DataDir>>,
    said: (Res<Notice>, Res<AutosaveState>, Res<Refusals>),
    mut settings: ResMut<SettingsOpen>,
    mut show_saves: Local<bool>,
    mut campaign: MessageWriter<CampaignIntent>,
) -> Result {
    let (notice, autosave, refusals) = said;
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
                let size = egui::vec2(260.0, 34.0);
                if ui
                    .add_enabled(
                        autosave.can_continue(),
                        egui::Button::new("Continue").min_size(size),
                    )
                    .clicked()
                {
                    menu.write(MenuIntent::Continue);
                }
                if autosave.previous().is_some()
                    && ui
                        .add_sized(
                            size,
                            egui::Button::new("Continue from the previous autosave"),
                        )
                        .clicked()
                {
                    menu.write(MenuIntent::ContinuePrevious);
                }
                refused_files(ui, &refusals);
                if ui
                    .add_sized(size, egui::Button::new("New hot-seat game"))
                    .clicked()
                {
                    menu.write(MenuIntent::NewGame);
                }
                if ui
                    .add_sized(
                        size,
                        egui::Button::new("New solo game (against the computer)"),
                    )
                    .clicked()
                {
                    menu.write(MenuIntent::NewSolo);
                }
                if ui
                    .add_sized(
                        size,
                        egui::Button::new("New co-op game (together against the computer)"),
                    )
                    .clicked()
                {
                    menu.write(MenuIntent::NewCoop);
                }
                if ui
                    .add_sized(size, egui::Button::new("Quick skirmish"))
                    .clicked()
                {
                    menu.write(MenuIntent::QuickSkirmish);
                }
                if ui
                    .add_sized(size, egui::Button::new("Host online game"))
                    .clicked()
                {
                    menu.write(MenuIntent::HostOnline);
                }
                if ui
                    .add_sized(size, egui::Button::new("Join online game"))
                    .clicked()
                {
                    menu.write(MenuIntent::JoinOnline);
                }
                if ui.add_sized(size, egui::Button::new("Campaigns")).clicked() {
                    campaign.write(CampaignIntent::ToList);
                }
                if ui
                    .add_sized(size, egui::Button::new("Load a saved game"))
                    .clicked()
                {
                    *show_saves = !*show_saves;
                }
                if *show_saves && let Some(dir) = dir.as_deref() {
                    let saves = list_saves(dir);
                    if saves.is_empty() {
                        ui.label(egui::RichText::new("No saved games yet.").weak());
                    }
                    for save in saves {
                        if ui.button(&save.name).clicked() {
                            menu.write(MenuIntent::Load(save.path.clone()));
                        }
                    }
                }
                if ui
                    .add_sized(size, egui::Button::new("Terrain planner"))
                    .clicked()
                {
                    menu.write(MenuIntent::Planner);
                }
                if ui
                    .add_sized(size, egui::Button::new("Key bindings"))
                    .clicked()
                {
                    settings.0 = !settings.0;
                }
                if ui.add_sized(size, egui::Button::new("Quit")).clicked() {
                    menu.write(MenuIntent::Quit);
                }
                notice_line(ui, &notice);
                ui.add_space(8.0);
            });
        });
    Ok(())
}

/// The files the app refused, each with its reason and what was kept.
fn refused_files(ui: &mut egui::Ui, refusals: &Refusals) {
    for refusal in &refusals.0 {
        ui.label(
            egui::RichText::new(refusal.sentence()).color(egui::Color32::from_rgb(230, 120, 90)),
        );
    }
}
