//! The Results screen: the scenario's outcome, what each seat has left, the last lines of
//! the log, back to the menu.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use redline_rules::{ModelId, Seat};

use crate::headless::campaign::CampaignIntent;
use crate::headless::flow::menu::MenuIntent;
use crate::headless::game::describe;
use crate::headless::game::ending;
use crate::headless::game::log::BattleLog;
use crate::headless::game::match_state::CampaignGame;
use crate::headless::game::match_state::Match;
use crate::headless::online::link::OnlineLink;
use crate::headless::screen::Screen;
use crate::screens::theme::{caption, seat_colour};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        results.run_if(in_state(Screen::Results)),
    );
}

fn results(
    mut contexts: EguiContexts,
    current: Option<Res<Match>>,
    log: Res<BattleLog>,
    mut menu: MessageWriter<MenuIntent>,
    campaign_game: Option<Res<CampaignGame>>,
    mut campaign: MessageWriter<CampaignIntent>,
    online: Option<Res<OnlineLink>>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    egui::Window::new("Result")
        .title_bar(false)
        .resizable(false)
        .collapsible(false)
        .anchor(egui::Align2::CENTER_CENTER, egui::Vec2::ZERO)
        .min_width(620.0)
        .show(ctx, |ui| {
            ui.vertical_centered(|ui| {
                if let Some(m) = current.as_deref() {
                    let game = m.game();
                    ui.label(egui::RichText::new(&m.meta.scenario_name).size(16.0).weak());
                    let line = game.outcome().map_or_else(
                        || "The game is not over.".into(),
                        |o| describe::outcome_line(&m.meta, o),
                    );
                    ui.label(egui::RichText::new(line).size(34.0).strong());
                    if let Some(o) = game.outcome() {
                        ui.label(egui::RichText::new(ending::end_reason(o)).size(16.0));
                    }
                    ui.label(format!("after {} turns of Control", game.turns()));
                    if let Some(check) = online.as_deref().and_then(|l| l.finish.as_ref()) {
                        let colour = if check.agrees() {
                            egui::Color32::from_rgb(140, 210, 140)
                        } else {
                            egui::Color32::from_rgb(240, 90, 80)
                        };
                        ui.label(egui::RichText::new(check.words()).color(colour));
                    }
                    ui.add_space(10.0);
                    egui::Grid::new("seats").striped(true).show(ui, |ui| {
                        ui.label(egui::RichText::new("Player").strong());
                        ui.label(egui::RichText::new("Models left").strong());
                        ui.label(egui::RichText::new("Healthy tokens").strong());
                        ui.label(egui::RichText::new("Luck").strong());
                        ui.end_row();
                        for (i, seat) in m.meta.seats.iter().enumerate() {
                            let s = Seat(i as u8);
                            let owned: Vec<ModelId> = (0..game.model_count() as u16)
                                .map(ModelId)
                                .filter(|x| game.owner(*x) == s)
                                .collect();
                            let in_play: Vec<ModelId> =
                                owned.iter().copied().filter(|x| game.in_play(*x)).collect();
                            ui.label(
                                egui::RichText::new(m.meta.seat_label(s))
                                    .color(seat_colour(seat.colour)),
                            );
                            ui.label(format!("{} of {}", in_play.len(), owned.len()));
                            // What a limit counts after models (CTRL-21): tokens of the
                            // models in play that no wound turned RED.
                            let healthy: usize =
                                in_play.iter().map(|x| game.healthy_tokens(*x)).sum();
                            ui.label(healthy.to_string());
                            ui.label(game.luck(s).to_string());
                            ui.end_row();
                        }
                    });
                }
                ui.add_space(10.0);
                caption(ui, "LAST MOMENTS");
                let lines = log.entries();
                for line in &lines[lines.len().saturating_sub(8)..] {
                    ui.label(egui::RichText::new(line).weak());
                }
                ui.add_space(10.0);
                if campaign_game.is_some()
                    && ui
                        .add_sized(
                            [240.0, 36.0],
                            egui::Button::new(
                                egui::RichText::new("On to the campaign's post-game").strong(),
                            ),
                        )
                        .clicked()
                {
                    campaign.write(CampaignIntent::ToHub);
                }
                if ui
                    .add_sized([240.0, 36.0], egui::Button::new("Back to the menu"))
                    .clicked()
                {
                    menu.write(MenuIntent::ToMenu);
                }
            });
        });
    Ok(())
}
