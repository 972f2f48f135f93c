//! The Campaigns screen: every campaign in the data folder (open one), a new campaign
//! (an open one or a co-op arc and the computer's level, name, players, who plays each
//! team, factions, Shared Market, dice seed), and import of
//! a campaign file.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::headless::campaign::{CampaignIntent, NewCampaign, NewSeat, list_campaigns};
use crate::headless::content::Content;
use crate::headless::flow::menu::MenuIntent;
use crate::headless::game::ai_level::AiLevel;
use crate::headless::notice::Notice;
use crate::headless::persist::data_dir::DataDir;
use crate::headless::screen::Screen;
use crate::screens::theme::{MUTED, notice_line};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        campaigns.run_if(in_state(Screen::Campaigns)),
    );
}

/// What the screen remembers between frames: the new campaign's settings and the file
/// to import.
#[derive(Default)]
struct Form {
    new: Option<NewCampaign>,
    import: String,
}

fn campaigns(
    mut contexts: EguiContexts,
    content: Res<Content>,
    dir: Option<Res<DataDir>>,
    notice: Res<Notice>,
    mut out: MessageWriter<CampaignIntent>,
    mut menu: MessageWriter<MenuIntent>,
    mut form: Local<Form>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let catalog = &content.0;
    let form = &mut *form;
    let new = form.new.get_or_insert_with(|| NewCampaign::new(catalog));
    egui::Window::new("Campaigns")
        .resizable(false)
        .collapsible(false)
        .anchor(egui::Align2::CENTER_CENTER, egui::Vec2::ZERO)
        .min_width(640.0)
        .show(ctx, |ui| {
            ui.label(egui::RichText::new("Your campaigns").strong());
            let entries = dir.as_deref().map(list_campaigns).unwrap_or_default();
            if entries.is_empty() {
                ui.label(egui::RichText::new("No campaign yet: start one below.").color(MUTED));
            }
            for e in entries {
                ui.horizontal(|ui| {
                    let open = match &e.refusal {
                        Some(r) if r.previous.is_some() => "Open the previous copy",
                        _ => "Open",
                    };
                    if ui
                        .add_enabled(e.readable, egui::Button::new(open))
                        .clicked()
                    {
                        out.write(CampaignIntent::Open(e.path.clone()));
                    }
                    ui.label(&e.summary);
                });
                if let Some(r) = &e.refusal {
                    ui.label(
                        egui::RichText::new(r.sentence())
                            .color(egui::Color32::from_rgb(230, 120, 90)),
                    );
                }
            }
            ui.separator();
            ui.label(egui::RichText::new("New campaign").strong());
            ui.horizontal(|ui| {
                ui.label("Name:");
                ui.text_edit_singleline(&mut new.name);
            });
            super::arc::arc_row(ui, catalog, new);
            let arc = new.arc.is_some();
            for (i, p) in new.players.iter_mut().enumerate() {
                seat_row(ui, catalog, i, p, arc);
            }
            // COOP-1: an arc is played by two or three people.
            let most = if arc { 3 } else { 4 };
            ui.horizontal(|ui| {
                if new.players.len() < most && ui.button("Add a player").clicked() {
                    let n = new.players.len();
                    new.players.push(NewSeat {
                        name: format!("Player {}", n + 1),
                        faction: catalog
                            .factions
                            .iter()
                            .nth(n % catalog.factions.len().max(1))
                            .map_or_else(String::new, |f| f.id.clone()),
                        computer: None,
                    });
                }
                if new.players.len() > 2 && ui.button("Remove the last player").clicked() {
                    new.players.pop();
                }
            });
            if !arc {
                ui.checkbox(
                    &mut new.shared_market,
                    "Shared Market (Gear comes from one Market deck)",
                );
            }
            modules_row(ui, &mut new.modules);
            ui.horizontal(|ui| {
                ui.label("Dice seed:");
                let mut seed = new.seed.to_string();
                if ui.text_edit_singleline(&mut seed).changed()
                    && let Ok(v) = seed.trim().parse()
                {
                    new.seed = v;
                }
            });
            if ui
                .button(egui::RichText::new("Start the campaign").strong())
                .clicked()
            {
                out.write(CampaignIntent::Create(new.clone()));
            }
            ui.separator();
            ui.horizontal(|ui| {
                ui.label("Import a campaign file:");
                ui.text_edit_singleline(&mut form.import);
                if ui.button("Import").clicked() && !form.import.trim().is_empty() {
                    out.write(CampaignIntent::Import(form.import.trim().into()));
                }
            });
            notice_line(ui, &notice);
            if ui.button("Back to the menu").clicked() {
                menu.write(MenuIntent::ToMenu);
            }
        });
    Ok(())
}

/// One player of the new campaign: name, a person or the computer (always a person in a
/// co-op arc), faction.
fn seat_row(
    ui: &mut egui::Ui,
    catalog: &redline_content::Catalog,
    i: usize,
    p: &mut NewSeat,
    arc: bool,
) {
    ui.horizontal(|ui| {
        ui.label(format!("Player {}:", i + 1));
        ui.add(egui::TextEdit::singleline(&mut p.name).desired_width(120.0));
        if !arc {
            who_plays(ui, p);
        }
        let current = catalog
            .factions
            .get(&p.faction)
            .map_or(p.faction.as_str(), |f| f.name.as_str());
        egui::ComboBox::from_id_salt(("campaign_faction", i))
            .selected_text(current)
            .show_ui(ui, |ui| {
                for f in catalog.factions.iter() {
                    if ui.selectable_label(p.faction == f.id, &f.name).clicked() {
                        p.faction = f.id.clone();
                    }
                }
            });
    });
}

/// Who plays a team of an open campaign: a person or the computer at a level.
fn who_plays(ui: &mut egui::Ui, p: &mut NewSeat) {
    if ui
        .selectable_label(p.computer.is_none(), "Person")
        .clicked()
    {
        p.computer = None;
    }
    for level in AiLevel::ALL {
        if ui
            .selectable_label(
                p.computer == Some(level),
                format!("Computer · {}", level.name()),
            )
            .clicked()
        {
            p.computer = Some(level);
        }
    }
}

/// The optional rule modules the campaign plays with, fixed once it starts (MOD-1).
fn modules_row(ui: &mut egui::Ui, modules: &mut redline_rules::Modules) {
    ui.horizontal_wrapped(|ui| {
        ui.label("Optional rules for the whole campaign:");
        for module in redline_rules::Module::ALL {
            let mut on = modules.contains(&module);
            if ui.checkbox(&mut on, module.title()).changed() {
                if on {
                    modules.insert(module);
                } else {
                    modules.remove(&module);
                }
            }
        }
    })
    .response
    .on_hover_text("Each game also turns on what its scenario requires and off what it forbids.");
}
