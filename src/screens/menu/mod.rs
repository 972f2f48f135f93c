//! The main menu: new hot-seat game, new solo game, new co-op game, quick skirmish, host or
//! join an online game, campaigns, continue the autosaved game, load or import a save, the
//! terrain planner, key bindings, add a content pack, quit.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::headless::campaign::CampaignIntent;
use crate::headless::content::{PackIntent, PackReport};
use crate::headless::flow::menu::MenuIntent;
use crate::headless::notice::Notice;
use crate::headless::persist::data_dir::DataDir;
use crate::headless::persist::refusals::Refusals;
use crate::headless::persist::saves::{AutosaveState, list_saves};
use crate::headless::persist::transfer::TransferIntent;
use crate::headless::screen::Screen;
use crate::screens::bindings::SettingsOpen;
use crate::screens::theme::notice_line;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        main_menu.run_if(in_state(Screen::MainMenu)),
    );
}

/// What the menu keeps between frames: whether the saves are listed, and the paths typed
/// for a save to import and a pack folder to add (the desktop has no file picker).
#[derive(Default)]
struct MenuFields {
    show_saves: bool,
    show_pack: bool,
    save_path: String,
    pack_path: String,
}

/// Where the menu's buttons send their intents.
type MenuWriters<'w> = (
    MessageWriter<'w, MenuIntent>,
    MessageWriter<'w, CampaignIntent>,
    MessageWriter<'w, TransferIntent>,
    MessageWriter<'w, PackIntent>,
);

fn main_menu(
    mut contexts: EguiContexts,
    writers: MenuWriters,
    dir: Option<Res<DataDir>>,
    said: (
        Res<Notice>,
        Res<AutosaveState>,
        Res<Refusals>,
        Res<PackReport>,
    ),
    mut settings: ResMut<SettingsOpen>,
    mut fields: Local<MenuFields>,
) -> Result {
    let (notice, autosave, refusals, pack_report) = said;
    let (mut menu, mut campaign, mut transfer, mut packs) = writers;
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
                    .add_sized(size, egui::Button::new("New co-op game"))
                    .on_hover_text("Two or three of you together against the computer's crews")
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
                    fields.show_saves = !fields.show_saves;
                }
                if fields.show_saves {
                    import_save(ui, &mut fields.save_path, &mut transfer);
                }
                if fields.show_saves
                    && let Some(dir) = dir.as_deref()
                {
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
                add_pack(ui, size, &mut fields, &mut packs, &pack_report);
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

/// Import a save file: the browser's file picker, or a path typed on the desktop. The file is
/// checked as loading checks a save before it joins the saves (`TransferIntent`).
fn import_save(ui: &mut egui::Ui, path: &mut String, transfer: &mut MessageWriter<TransferIntent>) {
    if cfg!(target_arch = "wasm32") {
        if ui.button("Import a save file…").clicked() {
            transfer.write(TransferIntent::Pick);
        }
        return;
    }
    if let Some(path) = path_field(ui, path, "path of a save file to import", "Import") {
        transfer.write(TransferIntent::ImportPath(path.into()));
    }
}

/// A path typed on the desktop and the button that takes it (enabled once there is one):
/// the trimmed path when the button is clicked.
fn path_field(ui: &mut egui::Ui, path: &mut String, hint: &str, take: &str) -> Option<String> {
    ui.horizontal(|ui| {
        ui.add(egui::TextEdit::singleline(path).hint_text(hint));
        ui.add_enabled(!path.trim().is_empty(), egui::Button::new(take))
            .clicked()
            .then(|| path.trim().to_owned())
    })
    .inner
}

/// Add a content pack: its files from the browser's file picker, or a folder typed on the
/// desktop (the button opens the field there); then what the loader said (every problem at
/// its `file:line:col`).
fn add_pack(
    ui: &mut egui::Ui,
    size: egui::Vec2,
    fields: &mut MenuFields,
    packs: &mut MessageWriter<PackIntent>,
    report: &PackReport,
) {
    let button = egui::Button::new("Add a content pack…").min_size(size);
    if ui.add(button).clicked() {
        if cfg!(target_arch = "wasm32") {
            packs.write(PackIntent::Pick);
        } else {
            fields.show_pack = !fields.show_pack;
        }
    }
    if fields.show_pack
        && let Some(path) = path_field(ui, &mut fields.pack_path, "content pack folder", "Add pack")
    {
        packs.write(PackIntent::Folder(path.into()));
    }
    let colour = if report.refused {
        egui::Color32::from_rgb(230, 120, 90)
    } else {
        egui::Color32::GRAY
    };
    for line in &report.lines {
        ui.label(egui::RichText::new(line).color(colour));
    }
}
