//! Hosting an online match: the scenario, the game size (FIELD-1) and its table, who plays
//! each seat (here, someone
//! with a code, or the computer at a level with a faction), the port, this player's name.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};
use redline_content::Catalog;
use redline_content::game_size::GameSize;
use redline_online::lobby::SeatKind;
use redline_rules::Modules;

use crate::headless::content::Content;
use crate::headless::flow::new_game::layouts_of_size;
use crate::headless::notice::Notice;
use crate::headless::online::{HostRequest, OnlineIntent};
use crate::headless::persist::settings::GameSettings;
use crate::screens::module_ticks::module_ticks;
use crate::screens::theme::notice_line;

/// The port offered first.
const DEFAULT_PORT: &str = "7878";
/// The bot levels a computer seat can play at.
const LEVELS: [&str; 4] = ["random", "easy", "normal", "hard"];

/// What the host has chosen so far.
#[derive(Resource, Debug, Clone, PartialEq)]
pub(super) struct HostForm {
    scenario: String,
    /// The game size; `None` until the form first shows the size last chosen.
    size: Option<GameSize>,
    /// Whether the size last chosen (the game settings) has been put in the form.
    sized: bool,
    layout: Option<String>,
    seats: Vec<SeatKind>,
    /// The optional rule modules ticked for the game (MOD-1).
    modules: Modules,
    port: String,
    name: String,
}

impl Default for HostForm {
    fn default() -> Self {
        HostForm {
            scenario: String::new(),
            size: None,
            sized: false,
            layout: None,
            seats: Vec::new(),
            modules: Modules::new(),
            port: DEFAULT_PORT.into(),
            name: "Host".into(),
        }
    }
}

impl HostForm {
    /// Keeps the form consistent with the packs: a scenario, a seat per player; it starts at
    /// the game size last chosen.
    fn fix(&mut self, catalog: &Catalog, settings: &GameSettings) {
        if !self.sized {
            self.size = settings.size();
            self.sized = true;
        }
        if !catalog.scenarios.iter().any(|s| s.id == self.scenario) {
            self.scenario = catalog
                .scenarios
                .iter()
                .find(|s| s.players == 2)
                .or_else(|| catalog.scenarios.iter().next())
                .map_or_else(String::new, |s| s.id.clone());
            self.layout = None;
            self.modules.clear();
        }
        let players = catalog
            .scenarios
            .get(&self.scenario)
            .map_or(2, |s| usize::from(s.players));
        self.seats.truncate(players);
        while self.seats.len() < players {
            let kind = if self.seats.is_empty() {
                SeatKind::Local
            } else {
                SeatKind::Remote
            };
            self.seats.push(kind);
        }
    }

    fn request(&self) -> HostRequest {
        HostRequest {
            scenario: self.scenario.clone(),
            layout: self.layout.clone(),
            seats: self.seats.clone(),
            turn_limit: None,
            size: self.size,
            modules: self.modules.clone(),
            bind: format!("0.0.0.0:{}", self.port.trim()),
            name: self.name.trim().to_owned(),
        }
    }
}

pub(super) fn host_screen(
    mut contexts: EguiContexts,
    content: Res<Content>,
    mut form: ResMut<HostForm>,
    settings: Res<GameSettings>,
    notice: Res<Notice>,
    mut out: MessageWriter<OnlineIntent>,
) -> Result {
    let catalog = &content.0;
    form.fix(catalog, &settings);
    let ctx = contexts.ctx_mut()?;
    egui::Window::new("Host an online game")
        .resizable(false)
        .collapsible(false)
        .anchor(egui::Align2::CENTER_CENTER, egui::Vec2::ZERO)
        .min_width(560.0)
        .show(ctx, |ui| {
            scenario(ui, catalog, &mut form);
            ui.separator();
            seats(ui, catalog, &mut form);
            ui.separator();
            ui.horizontal(|ui| {
                ui.label("Your name");
                ui.text_edit_singleline(&mut form.name);
                ui.label("Port");
                ui.add(egui::TextEdit::singleline(&mut form.port).desired_width(60.0));
            });
            ui.label(
                egui::RichText::new(
                    "Players on other machines join with this machine's address, the port and \
                     their seat's code (shown in the lobby).",
                )
                .weak(),
            );
            notice_line(ui, &notice);
            ui.horizontal(|ui| {
                if ui.button("Back").clicked() {
                    out.write(OnlineIntent::Leave);
                }
                if ui.button("Open the lobby").clicked() {
                    out.write(OnlineIntent::Host(form.request()));
                }
            });
        });
    Ok(())
}

/// The scenario and its table.
fn scenario(ui: &mut egui::Ui, catalog: &Catalog, form: &mut HostForm) {
    ui.label(egui::RichText::new("Scenario").strong());
    egui::ScrollArea::vertical()
        .id_salt("online_scenarios")
        .max_height(140.0)
        .show(ui, |ui| {
            for s in catalog.scenarios.iter() {
                let text = format!("{} — {} players, {} EB", s.name, s.players, s.eb_limit);
                if ui.selectable_label(form.scenario == s.id, text).clicked() {
                    form.scenario = s.id.clone();
                    form.layout = None;
                    form.modules.clear();
                }
            }
        });
    let Some(s) = catalog.scenarios.get(&form.scenario) else {
        return;
    };
    ui.horizontal_wrapped(|ui| {
        ui.label(egui::RichText::new("Game size").strong());
        let own = format!("The scenario's ({} EB)", s.eb_limit);
        if ui.selectable_label(form.size.is_none(), own).clicked() {
            form.size = None;
            form.layout = None;
        }
        for size in GameSize::ALL {
            let text = format!("{} on {}", size.label(), size.table_label());
            if ui.selectable_label(form.size == Some(size), text).clicked() {
                form.size = Some(size);
                form.layout = None;
            }
        }
    });
    ui.label(egui::RichText::new("Table layout").strong());
    ui.horizontal_wrapped(|ui| {
        for (i, id) in layouts_of_size(catalog, s, form.size).iter().enumerate() {
            let name = catalog
                .layouts
                .get(id)
                .map_or(id.as_str(), |l| l.name.as_str());
            let on = form.layout.as_ref().map_or(i == 0, |l| l == id);
            if ui.selectable_label(on, name).clicked() {
                form.layout = Some(id.clone());
            }
        }
    });
    if let Some((module, on)) = module_ticks(ui, s, &form.modules) {
        if on {
            form.modules.insert(module);
        } else {
            form.modules.remove(&module);
        }
    }
}

/// Who plays each seat.
fn seats(ui: &mut egui::Ui, catalog: &Catalog, form: &mut HostForm) {
    ui.label(egui::RichText::new("Seats").strong());
    let first_faction = catalog
        .factions
        .iter()
        .next()
        .map_or_else(String::new, |f| f.id.clone());
    for (i, kind) in form.seats.iter_mut().enumerate() {
        ui.horizontal(|ui| {
            ui.label(format!("Seat {}", i + 1));
            if ui
                .selectable_label(*kind == SeatKind::Local, "This machine")
                .clicked()
            {
                *kind = SeatKind::Local;
            }
            if ui
                .selectable_label(*kind == SeatKind::Remote, "Someone with a code")
                .clicked()
            {
                *kind = SeatKind::Remote;
            }
            let computer = matches!(kind, SeatKind::Computer { .. });
            if ui.selectable_label(computer, "Computer").clicked() && !computer {
                *kind = SeatKind::Computer {
                    level: "normal".into(),
                    faction: first_faction.clone(),
                };
            }
            if let SeatKind::Computer { level, faction } = kind {
                egui::ComboBox::from_id_salt(("online_level", i))
                    .selected_text(level.as_str())
                    .show_ui(ui, |ui| {
                        for l in LEVELS {
                            ui.selectable_value(level, l.to_owned(), l);
                        }
                    });
                let shown = catalog
                    .factions
                    .get(faction.as_str())
                    .map_or(faction.as_str(), |f| f.name.as_str())
                    .to_owned();
                egui::ComboBox::from_id_salt(("online_faction", i))
                    .selected_text(shown)
                    .show_ui(ui, |ui| {
                        for f in catalog.factions.iter() {
                            ui.selectable_value(faction, f.id.clone(), &f.name);
                        }
                    });
            }
        });
    }
}
