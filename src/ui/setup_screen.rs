//! The Setup screen: players, scenario (with its format and EB limit), table layout,
//! hand-over screens, dice seed.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::theme::notice_line;
use crate::play::new_game::{NewGame, SetupIntent, format_name};
use crate::play::{Content, Notice};
use crate::screens::Screen;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        setup_screen.run_if(in_state(Screen::Setup).and_then(resource_exists::<NewGame>)),
    );
}

fn setup_screen(
    mut contexts: EguiContexts,
    game: Res<NewGame>,
    content: Res<Content>,
    notice: Res<Notice>,
    mut out: MessageWriter<SetupIntent>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let catalog = &content.0;
    egui::Window::new("New hot-seat game")
        .resizable(false)
        .collapsible(false)
        .anchor(egui::Align2::CENTER_CENTER, egui::Vec2::ZERO)
        .min_width(560.0)
        .show(ctx, |ui| {
            ui.horizontal(|ui| {
                ui.label("Players:");
                for n in 2..=4u8 {
                    if ui
                        .selectable_label(game.players == n, n.to_string())
                        .clicked()
                    {
                        out.write(SetupIntent::Players(n));
                    }
                }
            });
            ui.separator();
            ui.label(egui::RichText::new("Scenario").strong());
            for s in game.scenarios(catalog) {
                let text = format!("{} — {}, {} EB", s.name, format_name(s.teams), s.eb_limit);
                if ui.selectable_label(game.scenario == s.id, text).clicked() {
                    out.write(SetupIntent::Scenario(s.id.clone()));
                }
            }
            if let Some(s) = catalog.scenarios.get(&game.scenario) {
                ui.label(egui::RichText::new(&s.story).weak().italics());
                ui.separator();
                ui.label(egui::RichText::new("Table layout").strong());
                ui.horizontal_wrapped(|ui| {
                    for id in &s.setup.layouts {
                        let name = catalog
                            .layouts
                            .get(id)
                            .map_or(id.as_str(), |l| l.name.as_str());
                        if ui.selectable_label(game.layout == *id, name).clicked() {
                            out.write(SetupIntent::Layout(id.clone()));
                        }
                    }
                });
            }
            ui.separator();
            let mut hand_over = game.hand_over;
            if ui
                .checkbox(&mut hand_over, "Hand-over screens between players")
                .changed()
            {
                out.write(SetupIntent::HandOver(hand_over));
            }
            ui.horizontal(|ui| {
                ui.label("Dice seed:");
                let mut seed = game.seed.to_string();
                if ui.text_edit_singleline(&mut seed).changed()
                    && let Ok(v) = seed.trim().parse()
                {
                    out.write(SetupIntent::Seed(v));
                }
            });
            notice_line(ui, &notice);
            ui.horizontal(|ui| {
                if ui.button("Back").clicked() {
                    out.write(SetupIntent::Back);
                }
                if ui
                    .button(egui::RichText::new("Build the teams").strong())
                    .clicked()
                {
                    out.write(SetupIntent::Start);
                }
            });
        });
    Ok(())
}
