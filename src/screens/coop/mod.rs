//! The co-op Setup screen (COOP-1): the co-op scenario with its briefing (story, table, what
//! each side wins by, when the game ends), how many people play, each person's crew (a
//! faction's quick team or a saved roster), the computer's level, hand-over screens, the
//! dice seed, back and start. Everything it shows comes from `headless::flow::coop`; every
//! click is a [`CoopIntent`].

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use redline_content::Catalog;
use redline_content::coop::coop_scenarios;
use redline_content::schema::{MAX_PEOPLE, MIN_PEOPLE};

use crate::headless::content::Content;
use crate::headless::flow::coop::{CoopCrew, CoopIntent, CoopSetup, briefing};
use crate::headless::game::ai_level::AiLevel;
use crate::headless::notice::Notice;
use crate::headless::persist::rosters::Rosters;
use crate::headless::screen::Screen;
use crate::screens::theme::notice_line;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        coop_screen.run_if(in_state(Screen::CoopSetup).and_then(resource_exists::<CoopSetup>)),
    );
}

fn coop_screen(
    mut contexts: EguiContexts,
    setup: Res<CoopSetup>,
    (content, rosters): (Res<Content>, Res<Rosters>),
    notice: Res<Notice>,
    mut out: MessageWriter<CoopIntent>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let catalog = &content.0;
    egui::Window::new("New co-op game")
        .resizable(false)
        .collapsible(false)
        .anchor(egui::Align2::CENTER_CENTER, egui::Vec2::ZERO)
        .min_width(560.0)
        .max_width(640.0)
        .show(ctx, |ui| {
            ui.label(
                egui::RichText::new(
                    "Two or three of you share one side against the computer's crews.",
                )
                .weak(),
            );
            scenario(ui, catalog, &setup, &mut out);
            ui.separator();
            people(ui, catalog, &setup, &rosters, &mut out);
            ui.separator();
            options_and_start(ui, &setup, &notice, &mut out);
        });
    Ok(())
}

/// The co-op scenarios and the chosen one's briefing.
fn scenario(
    ui: &mut egui::Ui,
    catalog: &Catalog,
    setup: &CoopSetup,
    out: &mut MessageWriter<CoopIntent>,
) {
    ui.label(egui::RichText::new("Scenario").strong());
    ui.horizontal_wrapped(|ui| {
        for s in coop_scenarios(catalog) {
            if ui
                .selectable_label(setup.scenario == s.id, &s.name)
                .clicked()
            {
                out.write(CoopIntent::Scenario(s.id.clone()));
            }
        }
    });
    let Some(s) = setup.scenario(catalog) else {
        return;
    };
    egui::ScrollArea::vertical()
        .id_salt("briefing")
        .max_height(170.0)
        .show(ui, |ui| {
            let lines = briefing(s);
            for (i, line) in lines.iter().enumerate() {
                let text = egui::RichText::new(line);
                // The story in italics, the table plain, the goals and the end strong.
                let text = match i {
                    0 => text.weak().italics(),
                    1 => text.weak(),
                    _ => text,
                };
                ui.label(text);
            }
        });
}

/// How many people play, and each one's crew.
fn people(
    ui: &mut egui::Ui,
    catalog: &Catalog,
    setup: &CoopSetup,
    rosters: &Rosters,
    out: &mut MessageWriter<CoopIntent>,
) {
    ui.horizontal(|ui| {
        ui.label(egui::RichText::new("People").strong());
        for n in MIN_PEOPLE..=MAX_PEOPLE {
            if ui
                .selectable_label(setup.people == n, n.to_string())
                .clicked()
            {
                out.write(CoopIntent::People(n));
            }
        }
    });
    for (i, crew) in setup
        .crews
        .iter()
        .take(usize::from(setup.people))
        .enumerate()
    {
        ui.horizontal(|ui| {
            ui.label(format!("Player {}:", i + 1));
            crew_choice(ui, catalog, rosters, i as u8, crew, out);
        });
    }
    ui.horizontal(|ui| {
        ui.label(egui::RichText::new("The computer").strong());
        for level in AiLevel::ALL {
            if ui
                .selectable_label(setup.level == level, level.name())
                .clicked()
            {
                out.write(CoopIntent::Level(level));
            }
        }
    });
}

/// One person's crew: a faction's quick team or a saved roster.
fn crew_choice(
    ui: &mut egui::Ui,
    catalog: &Catalog,
    rosters: &Rosters,
    person: u8,
    crew: &CoopCrew,
    out: &mut MessageWriter<CoopIntent>,
) {
    let label = match crew {
        CoopCrew::Quick(f) => catalog
            .factions
            .get(f)
            .map_or_else(|| f.clone(), |f| format!("{} (quick team)", f.name)),
        CoopCrew::Roster(name) => format!("Roster: {name}"),
    };
    egui::ComboBox::from_id_salt(("coop_crew", person))
        .selected_text(label)
        .width(300.0)
        .show_ui(ui, |ui| {
            for f in catalog.factions.iter() {
                let on = *crew == CoopCrew::Quick(f.id.clone());
                if ui
                    .selectable_label(on, format!("{} (quick team)", f.name))
                    .clicked()
                {
                    let crew = CoopCrew::Quick(f.id.clone());
                    out.write(CoopIntent::Crew { person, crew });
                }
            }
            for r in &rosters.list {
                let on = *crew == CoopCrew::Roster(r.name.clone());
                let text = format!("Roster: {} ({} EB)", r.name, r.eb_limit);
                if ui.selectable_label(on, text).clicked() {
                    let crew = CoopCrew::Roster(r.name.clone());
                    out.write(CoopIntent::Crew { person, crew });
                }
            }
        });
}

/// Hand-over screens, the dice seed, the last word, back and start.
fn options_and_start(
    ui: &mut egui::Ui,
    setup: &CoopSetup,
    notice: &Notice,
    out: &mut MessageWriter<CoopIntent>,
) {
    let mut hand_over = setup.hand_over;
    if ui
        .checkbox(&mut hand_over, "Hand-over screens between players")
        .changed()
    {
        out.write(CoopIntent::HandOver(hand_over));
    }
    ui.horizontal(|ui| {
        ui.label("Dice seed:");
        let mut seed = setup.seed.to_string();
        if ui.text_edit_singleline(&mut seed).changed()
            && let Ok(v) = seed.trim().parse()
        {
            out.write(CoopIntent::Seed(v));
        }
    });
    notice_line(ui, notice);
    ui.horizontal(|ui| {
        if ui.button("Back").clicked() {
            out.write(CoopIntent::Back);
        }
        if ui
            .button(egui::RichText::new("Start the game").strong())
            .clicked()
        {
            out.write(CoopIntent::Start);
        }
    });
}
