//! The card panel: the selected model's name, role and team, its action tokens as
//! coloured Ready / Used chips (TOK-1), its Skills, and — read from the rules engine's card
//! layer, not the roster — every card it holds now (Gear, Loot, programs) with its side:
//! Ready or Exhausted (TOK-5), a program Loaded or Running and against whom (NET-5,
//! NET-8), looted cards with where they came from, its character card exhausted, and its
//! Hacked tokens; the optional modules' lines (`module_card`: Downed and First Aid, a
//! construct's systems, Haywire). Below, the controls with the keys the player has bound.

use bevy_egui::egui;
use redline_rules::Game;
use redline_rules::card::Skill;
use redline_rules::cards::{CardKind, CardStatus};

use crate::headless::game::card_layer::{CardLayer, HeldCard};
use crate::headless::persist::bindings::{Bindings, controls};
use crate::screens::theme::{MUTED, egui_colour, panel_frame, token_colour};
use crate::table::module_card::ModuleCard;
use crate::table::scene::TeamSpec;
use crate::table::spawn::{ActionToken, ActionTokens, CardSkills, Miniature};

const EXHAUSTED: egui::Color32 = egui::Color32::from_rgb(150, 150, 160);
const RUNNING: egui::Color32 = egui::Color32::from_rgb(90, 220, 200);
const HACKED: egui::Color32 = egui::Color32::from_rgb(200, 90, 255);

/// What the card panel shows of the selected model.
pub(super) struct CardView<'a> {
    /// The selected miniature, its tokens and Skills.
    pub card: Option<(&'a Miniature, &'a ActionTokens, &'a CardSkills)>,
    /// The battle's teams.
    pub teams: &'a [TeamSpec],
    /// Its cards in play.
    pub layer: Option<&'a CardLayer>,
    /// The game and the model's optional-module lines.
    pub modules: Option<(&'a Game, &'a ModuleCard)>,
}

pub(super) fn show(ui: &mut egui::Ui, view: CardView, bindings: &Bindings) {
    let CardView {
        card,
        teams,
        layer,
        modules,
    } = view;
    egui::Panel::right("card_panel")
        .frame(panel_frame())
        .resizable(false)
        .exact_size(270.0)
        .show(ui, |ui| {
            match card {
                Some((model, tokens, skills)) => {
                    show_card(ui, model, tokens, skills, teams, layer);
                    if let Some((game, lines)) = modules.filter(|(_, c)| !c.is_empty()) {
                        super::module_card::show(ui, game, lines);
                    }
                    if let Some(layer) = layer {
                        show_cards(ui, layer);
                    }
                }
                None => {
                    ui.add_space(6.0);
                    ui.label(egui::RichText::new("No model selected").heading());
                    ui.label(
                        egui::RichText::new("Click a miniature to see its card.").color(MUTED),
                    );
                }
            }
            ui.add_space(10.0);
            ui.separator();
            ui.label(
                egui::RichText::new("CONTROLS")
                    .small()
                    .strong()
                    .color(MUTED),
            );
            egui::Grid::new("controls").num_columns(2).show(ui, |ui| {
                for (keys, what) in controls(bindings) {
                    ui.label(egui::RichText::new(keys).small().strong());
                    ui.label(egui::RichText::new(what).small().color(MUTED));
                    ui.end_row();
                }
            });
        });
}

fn show_card(
    ui: &mut egui::Ui,
    model: &Miniature,
    tokens: &ActionTokens,
    skills: &CardSkills,
    teams: &[TeamSpec],
    layer: Option<&CardLayer>,
) {
    let team = teams.get(model.team);
    let colour = team.map_or(egui::Color32::WHITE, |t| egui_colour(t.colour));
    ui.add_space(4.0);
    ui.label(egui::RichText::new(&model.name).size(22.0).strong());
    ui.horizontal(|ui| {
        ui.label(egui::RichText::new(&model.role).strong());
        ui.label(egui::RichText::new("·").color(MUTED));
        ui.label(egui::RichText::new(team.map_or("?", |t| t.name.as_str())).color(colour));
    });
    ui.add_space(8.0);
    ui.label(
        egui::RichText::new("ACTION TOKENS")
            .small()
            .strong()
            .color(MUTED),
    );
    ui.horizontal_wrapped(|ui| {
        for token in &tokens.0 {
            token_chip(ui, token);
        }
    });
    let ready = tokens.0.iter().filter(|t| t.ready).count();
    ui.label(egui::RichText::new(format!("{ready} of {} Ready", tokens.0.len())).color(MUTED));
    if layer.is_some_and(|l| l.character_exhausted) {
        ui.label(egui::RichText::new("Character card exhausted").color(EXHAUSTED));
    }
    ui.add_space(8.0);
    ui.label(egui::RichText::new("SKILLS").small().strong().color(MUTED));
    egui::Grid::new("skills")
        .num_columns(2)
        .striped(true)
        .min_col_width(110.0)
        .show(ui, |ui| {
            for skill in Skill::ALL {
                // The engine's value (with Ready cards' bonuses) once the battle is on.
                let value = layer
                    .and_then(|l| l.skills.iter().find(|(s, _)| *s == skill))
                    .map_or_else(|| skills.0.get(skill), |(_, v)| *v);
                ui.label(format!("{skill:?}"));
                let text = egui::RichText::new(format!("{value:+}")).strong();
                ui.label(if value > 0 { text } else { text.color(MUTED) });
                ui.end_row();
            }
        });
}

/// The cards in play for the model, by kind, each with its side; then Hacked tokens.
fn show_cards(ui: &mut egui::Ui, layer: &CardLayer) {
    for (kind, title) in [
        (CardKind::Gear, "GEAR"),
        (CardKind::Loot, "LOOT"),
        (CardKind::Program, "PROGRAMS"),
    ] {
        let cards: Vec<&HeldCard> = layer.cards.iter().filter(|c| c.kind == kind).collect();
        if cards.is_empty() {
            continue;
        }
        ui.add_space(6.0);
        ui.label(egui::RichText::new(title).small().strong().color(MUTED));
        for card in cards {
            let (side, colour) = side(card);
            ui.horizontal_wrapped(|ui| {
                let name = egui::RichText::new(&card.name);
                ui.label(if card.status == CardStatus::Exhausted {
                    name.color(EXHAUSTED).italics()
                } else {
                    name.strong()
                });
                ui.label(egui::RichText::new(side).small().strong().color(colour));
            });
            if let Some(from) = &card.looted_from {
                ui.label(
                    egui::RichText::new(format!("  looted from {from}"))
                        .small()
                        .color(MUTED),
                );
            }
            if let Some(target) = &card.target {
                ui.label(
                    egui::RichText::new(format!("  against {target}"))
                        .small()
                        .color(RUNNING),
                );
            }
        }
    }
    if layer.hacked > 0 {
        ui.add_space(4.0);
        ui.label(
            egui::RichText::new(format!("HACKED ×{}", layer.hacked))
                .strong()
                .color(HACKED),
        );
    }
}

/// The card's side in words and colour.
fn side(card: &HeldCard) -> (&'static str, egui::Color32) {
    let ready = egui::Color32::from_rgb(140, 210, 140);
    match (card.kind, card.status) {
        (CardKind::Program, CardStatus::Ready) => ("LOADED", ready),
        (_, CardStatus::Running) => ("RUNNING", RUNNING),
        (_, CardStatus::Ready) => ("READY", ready),
        (_, CardStatus::Exhausted) => ("EXHAUSTED", EXHAUSTED),
        (_, CardStatus::Discarded) => ("DISCARDED", EXHAUSTED),
        (_, CardStatus::InDeck) => ("IN THE DECK", EXHAUSTED),
    }
}

/// A token chip: filled in its colour when Ready, dark with a coloured rim when Used.
fn token_chip(ui: &mut egui::Ui, token: &ActionToken) {
    let colour = token_colour(token.colour);
    let (rect, _) = ui.allocate_exact_size(egui::vec2(72.0, 40.0), egui::Sense::hover());
    let painter = ui.painter();
    let (fill, text_colour, state) = if token.ready {
        (colour, egui::Color32::from_rgb(16, 16, 18), "READY")
    } else {
        (egui::Color32::from_rgb(38, 40, 46), colour, "USED")
    };
    painter.rect_filled(rect, 6.0, fill);
    painter.rect_stroke(
        rect,
        6.0,
        egui::Stroke::new(2.0, colour),
        egui::StrokeKind::Inside,
    );
    painter.text(
        rect.center() - egui::vec2(0.0, 7.0),
        egui::Align2::CENTER_CENTER,
        token.colour.name(),
        egui::FontId::proportional(13.0),
        text_colour,
    );
    painter.text(
        rect.center() + egui::vec2(0.0, 9.0),
        egui::Align2::CENTER_CENTER,
        state,
        egui::FontId::proportional(11.0),
        text_colour,
    );
}
