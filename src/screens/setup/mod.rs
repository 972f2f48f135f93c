//! The Setup screen: players, scenario (with its format and EB limit), the game size (100,
//! 150 or 200 EB and the table it is played on, FIELD-1), table layout (one of the
//! scenario's of that size or one saved in the planner),
//! who plays each seat (a person, or the computer at a level with a faction or its own
//! pick), the team a seat brings from a saved campaign and what that entry gives
//! (CAMP-4, CAMP-5), hand-over screens, dice seed.

mod modules;

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use redline_content::Catalog;
use redline_content::game_size::GameSize;

use crate::headless::content::Content;
use crate::headless::flow::computer_team::AiSeat;
use crate::headless::flow::new_game::{NewGame, SetupIntent, format_name};
use crate::headless::flow::one_off::{CampaignChoices, CampaignPick};
use crate::headless::game::ai_level::AiLevel;
use crate::headless::game::terms::terms;
use crate::headless::notice::Notice;
use crate::headless::persist::data_dir::DataDir;
use crate::headless::persist::layouts::list_layouts;
use crate::headless::screen::Screen;
use crate::screens::landmark;
use crate::screens::theme::notice_line;

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
    dir: Option<Res<DataDir>>,
    choices: Res<CampaignChoices>,
    mut out: MessageWriter<SetupIntent>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let catalog = &content.0;
    let title = if game.people() == usize::from(game.players) {
        "New hot-seat game"
    } else {
        "New game against the computer"
    };
    egui::Window::new(title)
        .resizable(false)
        .collapsible(false)
        .anchor(egui::Align2::CENTER_CENTER, egui::Vec2::ZERO)
        .min_width(560.0)
        .show(ctx, |ui| {
            players(ui, catalog, &game, &choices, &mut out);
            ui.separator();
            scenario(ui, catalog, &game, dir.as_deref(), &mut out);
            ui.separator();
            options_and_start(ui, &game, &notice, &mut out);
        });
    Ok(())
}

/// How many play, who plays each seat, and what a campaign team brings.
fn players(
    ui: &mut egui::Ui,
    catalog: &Catalog,
    game: &NewGame,
    choices: &CampaignChoices,
    out: &mut MessageWriter<SetupIntent>,
) {
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
    ui.label(egui::RichText::new("Who plays").strong());
    for (i, seat) in game.seats().into_iter().enumerate() {
        seat_row(ui, catalog, i as u8, seat, out);
        campaign_team_row(ui, game, choices, i as u8, out);
    }
    // Borrowed, not `campaign_seats()`: that clones whole campaigns every frame.
    for pick in game
        .campaign_teams
        .iter()
        .take(usize::from(game.players))
        .flatten()
    {
        ui.group(|ui| {
            for line in pick.describe(catalog) {
                ui.label(egui::RichText::new(line).small());
            }
            ui.label(
                egui::RichText::new("The campaign itself is not changed by this game.")
                    .small()
                    .weak(),
            );
        });
    }
}

/// The scenario, its story and its tables, or a table saved in the planner.
fn scenario(
    ui: &mut egui::Ui,
    catalog: &Catalog,
    game: &NewGame,
    dir: Option<&DataDir>,
    out: &mut MessageWriter<SetupIntent>,
) {
    ui.label(egui::RichText::new("Scenario").strong());
    // Scrolled, so the window fits a 720-pixel screen with a campaign entry shown.
    egui::ScrollArea::vertical()
        .id_salt("scenarios")
        .max_height(150.0)
        .show(ui, |ui| {
            for s in game.scenarios(catalog) {
                let text = format!("{} — {}, {} EB", s.name, format_name(s.teams), s.eb_limit);
                if ui.selectable_label(game.scenario == s.id, text).clicked() {
                    out.write(SetupIntent::Scenario(s.id.clone()));
                }
            }
        });
    let Some(s) = catalog.scenarios.get(&game.scenario) else {
        return;
    };
    ui.label(egui::RichText::new(&s.story).weak().italics());
    for line in terms(s) {
        ui.label(egui::RichText::new(line).weak());
    }
    ui.separator();
    game_size(ui, s.eb_limit, game, out);
    modules::modules_row(ui, s, game, out);
    modules::third_force_row(ui, catalog, game, out);
    ui.label(egui::RichText::new("Table layout").strong());
    ui.horizontal_wrapped(|ui| {
        for id in &game.layouts(catalog) {
            let name = catalog
                .layouts
                .get(id)
                .map_or(id.as_str(), |l| l.name.as_str());
            let on = game.planned.is_none() && game.layout == *id;
            if ui.selectable_label(on, name).clicked() {
                out.write(SetupIntent::Layout(id.clone()));
            }
        }
    });
    saved_layouts(ui, game, dir, out);
}

/// The game size: the scenario's own EB limit, or 100, 150 or 200 EB with the table each
/// is played on (FIELD-1, TEAM-5).
fn game_size(
    ui: &mut egui::Ui,
    scenario_eb: u32,
    game: &NewGame,
    out: &mut MessageWriter<SetupIntent>,
) {
    ui.horizontal_wrapped(|ui| {
        ui.label(egui::RichText::new("Game size").strong());
        let own = format!("The scenario's ({scenario_eb} EB)");
        if ui.selectable_label(game.size.is_none(), own).clicked() {
            out.write(SetupIntent::Size(None));
        }
        for size in GameSize::ALL {
            let text = format!("{} on {}", size.label(), size.table_label());
            if ui.selectable_label(game.size == Some(size), text).clicked() {
                out.write(SetupIntent::Size(Some(size)));
            }
        }
    });
}

/// Hand-over screens, the dice seed, the last word, back and start.
fn options_and_start(
    ui: &mut egui::Ui,
    game: &NewGame,
    notice: &Notice,
    out: &mut MessageWriter<SetupIntent>,
) {
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
        let field = ui.text_edit_singleline(&mut seed);
        landmark::mark(ui, landmark::DICE_SEED, field.rect);
        if field.changed()
            && let Ok(v) = seed.trim().parse()
        {
            out.write(SetupIntent::Seed(v));
        }
    });
    notice_line(ui, notice);
    ui.horizontal(|ui| {
        if ui.button("Back").clicked() {
            out.write(SetupIntent::Back);
        }
        let start = ui.button(egui::RichText::new("Build the teams").strong());
        landmark::mark(ui, landmark::BUILD_TEAMS, start.rect);
        if start.clicked() {
            out.write(SetupIntent::Start);
        }
    });
}

/// The seat's team: built in the team builder, or a player's team from a saved campaign
/// (CAMP-4, CAMP-5).
fn campaign_team_row(
    ui: &mut egui::Ui,
    game: &NewGame,
    choices: &CampaignChoices,
    seat: u8,
    out: &mut MessageWriter<SetupIntent>,
) {
    if choices.0.is_empty() {
        return;
    }
    let current = game
        .campaign_teams
        .get(usize::from(seat))
        .and_then(Option::as_ref);
    ui.horizontal(|ui| {
        ui.add_space(60.0);
        ui.label("Team:");
        // A person builds the team; the computer builds its own.
        let build = if game
            .seats()
            .get(usize::from(seat))
            .is_some_and(Option::is_some)
        {
            "its own"
        } else {
            "build one"
        };
        let text = current.map_or_else(|| build.to_owned(), CampaignPick::label);
        egui::ComboBox::from_id_salt(("campaign_team", seat))
            .selected_text(text)
            .show_ui(ui, |ui| {
                if ui.selectable_label(current.is_none(), build).clicked() {
                    out.write(SetupIntent::CampaignTeam { seat, pick: None });
                }
                for c in &choices.0 {
                    for (team, (player, _)) in c.players.iter().enumerate() {
                        let on = current.is_some_and(|p| p.path == c.path && p.team == team);
                        if ui
                            .selectable_label(on, format!("{player} ({})", c.name))
                            .clicked()
                        {
                            out.write(SetupIntent::CampaignTeam {
                                seat,
                                pick: Some((c.path.clone(), team)),
                            });
                        }
                    }
                }
            });
    });
}

/// Layouts saved in the planner, to play instead of the scenario's tables.
fn saved_layouts(
    ui: &mut egui::Ui,
    game: &NewGame,
    dir: Option<&DataDir>,
    out: &mut MessageWriter<SetupIntent>,
) {
    let saved = dir.map(list_layouts).unwrap_or_default();
    if let Some(planned) = &game.planned {
        ui.label(format!("Playing on '{}' from the planner.", planned.name));
    }
    if saved.is_empty() {
        return;
    }
    ui.horizontal_wrapped(|ui| {
        ui.label("Saved in the planner:");
        for entry in saved {
            let on = game.planned.as_ref().is_some_and(|l| {
                crate::headless::persist::data_dir::file_stem(&l.name) == entry.name
            });
            if ui.selectable_label(on, &entry.name).clicked() {
                out.write(SetupIntent::SavedLayout(Some(entry.path.clone())));
            }
        }
    });
}

/// One seat: a person or the computer; for the computer its level and faction.
fn seat_row(
    ui: &mut egui::Ui,
    catalog: &redline_content::Catalog,
    seat: u8,
    computer: Option<AiSeat>,
    out: &mut MessageWriter<SetupIntent>,
) {
    ui.horizontal(|ui| {
        ui.label(format!("Seat {}:", seat + 1));
        if ui.selectable_label(computer.is_none(), "Person").clicked() {
            out.write(SetupIntent::Seat {
                seat,
                computer: None,
            });
        }
        let mut set = |c: AiSeat| {
            out.write(SetupIntent::Seat {
                seat,
                computer: Some(c),
            });
        };
        for level in AiLevel::ALL {
            let on = computer.as_ref().is_some_and(|c| c.level == level);
            if ui
                .selectable_label(on, format!("Computer · {}", level.name()))
                .clicked()
            {
                set(AiSeat {
                    level,
                    faction: computer.as_ref().and_then(|c| c.faction.clone()),
                });
            }
        }
        if let Some(c) = &computer {
            let current = c
                .faction
                .as_ref()
                .and_then(|f| catalog.factions.get(f))
                .map_or("its own pick", |f| f.name.as_str());
            egui::ComboBox::from_id_salt(("computer_faction", seat))
                .selected_text(current)
                .show_ui(ui, |ui| {
                    if ui
                        .selectable_label(c.faction.is_none(), "its own pick")
                        .clicked()
                    {
                        set(AiSeat {
                            faction: None,
                            ..c.clone()
                        });
                    }
                    for f in catalog.factions.iter() {
                        let on = c.faction.as_deref() == Some(f.id.as_str());
                        if ui.selectable_label(on, &f.name).clicked() {
                            set(AiSeat {
                                faction: Some(f.id.clone()),
                                ..c.clone()
                            });
                        }
                    }
                });
            ui.label(egui::RichText::new("builds a legal team for the budget").weak());
        }
    });
}
