//! A co-op campaign arc on the campaign screens (COOP-7..COOP-10): the new-campaign row
//! that chooses an arc and the computer's level, the hub's line on where the arc stands,
//! and its scenario step, which is always the arc's next game.

use bevy::prelude::*;
use bevy_egui::egui;
use redline_campaign::{Campaign, Step};
use redline_content::Catalog;
use redline_content::schema::MAX_PEOPLE;

use crate::headless::campaign::arc::{NewArc, arc_line, computer_level};
use crate::headless::campaign::{CampaignIntent, NewCampaign};
use crate::headless::game::ai_level::AiLevel;
use crate::screens::theme::{GOOD, MUTED};

/// The new campaign's kind: an open campaign, or a co-op arc with its computer level.
pub(super) fn arc_row(ui: &mut egui::Ui, catalog: &Catalog, new: &mut NewCampaign) {
    let Some(first) = NewArc::first(catalog) else {
        return;
    };
    ui.horizontal_wrapped(|ui| {
        ui.label("Kind:");
        if ui
            .selectable_label(new.arc.is_none(), "Open campaign")
            .clicked()
        {
            new.arc = None;
        }
        for a in catalog.coop_arcs.iter() {
            let on = new.arc.as_ref().is_some_and(|n| n.arc == a.id);
            if ui
                .selectable_label(on, format!("Co-op arc: {}", a.name))
                .clicked()
            {
                let computer = new.arc.as_ref().map_or(first.computer, |n| n.computer);
                new.arc = Some(NewArc {
                    arc: a.id.clone(),
                    computer,
                });
                new.players.truncate(usize::from(MAX_PEOPLE));
            }
        }
    });
    let Some(chosen) = new.arc.as_mut() else {
        return;
    };
    if let Some(a) = catalog.coop_arcs.get(&chosen.arc) {
        ui.label(egui::RichText::new(&a.story).color(MUTED));
        ui.label(
            egui::RichText::new(format!(
                "{} games in order; every player is a person, all on one side (COOP-1).",
                a.games.len()
            ))
            .color(MUTED),
        );
    }
    ui.horizontal(|ui| {
        ui.label("The computer plays at:");
        for level in AiLevel::ALL {
            if ui
                .selectable_label(chosen.computer == level, level.name())
                .clicked()
            {
                chosen.computer = level;
            }
        }
    });
}

/// Where the arc stands, above the next game; the ending once it is over (COOP-10).
pub(super) fn arc_banner(ui: &mut egui::Ui, catalog: &Catalog, c: &Campaign) {
    let Some(line) = arc_line(catalog, c) else {
        return;
    };
    let over = c.arc_ending(catalog).is_some();
    let text = egui::RichText::new(line).size(16.0);
    ui.label(if over {
        text.strong().color(GOOD)
    } else {
        text
    });
}

/// 1. The scenario of an arc: its next game, told before it is played (COOP-7).
pub(super) fn arc_scenario(
    ui: &mut egui::Ui,
    catalog: &Catalog,
    c: &Campaign,
    out: &mut MessageWriter<CampaignIntent>,
) {
    let Some((i, game)) = c.arc_next(catalog) else {
        return;
    };
    ui.label(egui::RichText::new(format!("Game {} of the arc: {}", i + 1, game.title)).strong());
    if !game.story.is_empty() {
        ui.label(egui::RichText::new(&game.story).color(MUTED));
    }
    if ui
        .button(egui::RichText::new("Set up this game").strong())
        .clicked()
    {
        out.write(CampaignIntent::Step(Step::ChooseScenario {
            agreed: Some(game.scenario.clone()),
        }));
    }
}

/// The computer's seats of an arc's game, in one line before the people's (COOP-1); how
/// many there are (none in an ordinary campaign).
pub(super) fn computer_seats_line(ui: &mut egui::Ui, catalog: &Catalog, c: &Campaign) -> usize {
    let seats = c.computer_seats(catalog);
    if let Some(level) = computer_level(c).filter(|_| seats > 0) {
        let which = match seats {
            1 => "Seat 1".to_owned(),
            n => format!("Seats 1 to {n}"),
        };
        ui.label(format!(
            "{which}: the computer's crews, played at {}",
            level.name()
        ));
    }
    seats
}
