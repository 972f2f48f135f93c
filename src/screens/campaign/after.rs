//! The post-game sequence as a guided screen, one step at a time: the result with the
//! completed Objectives and scenario consequences, the winner's promotion or Merc, the
//! recovery rolls (injuries, the Medical save, major injuries, injured leaders, unlocked
//! Gear), the Shared Market, clean-up. Every campaign roll is drawn like a battle roll:
//! the die in its colour, its face, Skill, total, Crit or Fumble. The campaign is saved
//! after each step (`crate::headless::campaign`).

use bevy::prelude::*;
use bevy_egui::egui;
use redline_campaign::dice::RollRecord;
use redline_campaign::{Campaign, PendingGame, Phase, Step};
use redline_content::Catalog;

use crate::headless::campaign::{CampaignIntent, CampaignSession};
use crate::headless::game::describe;
use crate::screens::campaign::names::card_name;
use crate::screens::theme::{BAD, GOOD, MUTED, caption, token_colour};

/// The steps of the sequence, as the guide lists them.
const STEPS: [(&str, Option<Phase>); 5] = [
    ("Result and consequences", None),
    ("Promotion or a Merc", Some(Phase::Promotion)),
    ("Recovery rolls", Some(Phase::Recovery)),
    ("Shared Market", Some(Phase::Market)),
    ("Clean up", Some(Phase::CleanUp)),
];

fn step_index(phase: Phase) -> usize {
    STEPS
        .iter()
        .position(|(_, p)| *p == Some(phase))
        .unwrap_or(0)
}

/// Draws the post-game sequence at the campaign's current step.
pub(super) fn post_game(
    ui: &mut egui::Ui,
    catalog: &Catalog,
    session: &CampaignSession,
    out: &mut MessageWriter<CampaignIntent>,
) {
    let c = &session.campaign;
    let Some(p) = &c.pending else { return };
    ui.label(
        egui::RichText::new(format!(
            "After game {}: {}",
            p.number,
            card_name(catalog, &p.scenario)
        ))
        .size(20.0)
        .strong(),
    );
    steps(ui, c);
    ui.separator();
    result(ui, catalog, c, p);
    ui.separator();
    match c.phase {
        Phase::Promotion => promotion(ui, catalog, session, out),
        Phase::Recovery => recovery(ui, catalog, c, p, out),
        Phase::Market => {
            rolls(ui, &p.rolls);
            market(ui, catalog, session, out);
        }
        Phase::CleanUp => {
            rolls(ui, &p.rolls);
            clean_up(ui, out);
        }
        Phase::ChooseScenario | Phase::Objectives | Phase::BuildTeams | Phase::Play => {}
    }
    ui.separator();
    caption(ui, "WHAT HAPPENED");
    for line in &p.log {
        ui.label(egui::RichText::new(line).color(MUTED));
    }
}

/// The steps of the sequence, the current one lit and the done ones ticked.
fn steps(ui: &mut egui::Ui, c: &Campaign) {
    let now = step_index(c.phase);
    ui.horizontal_wrapped(|ui| {
        for (i, (name, phase)) in STEPS.iter().enumerate() {
            if *phase == Some(Phase::Market) && !c.shared_market {
                continue;
            }
            let text = format!("{}. {name}", i + 1);
            let rich = if i == now {
                egui::RichText::new(text)
                    .strong()
                    .color(egui::Color32::WHITE)
            } else if i < now {
                egui::RichText::new(format!("{text} ✔")).color(GOOD)
            } else {
                egui::RichText::new(text).color(MUTED)
            };
            ui.label(rich);
        }
    });
}

/// Who won, and the Objectives each team completed.
fn result(ui: &mut egui::Ui, catalog: &Catalog, c: &Campaign, p: &PendingGame) {
    caption(ui, "RESULT");
    let winner = match winner_names(c, &p.winners) {
        None => "No winner.".to_owned(),
        Some(names) if p.winners.len() > 1 => format!("{names} won together."),
        Some(names) => format!("{names} won."),
    };
    ui.label(egui::RichText::new(winner).size(16.0).strong());
    for (t, done) in p.completed.iter().enumerate() {
        let names: Vec<String> = done.iter().map(|o| card_name(catalog, o)).collect();
        if !names.is_empty() {
            ui.label(format!(
                "{} completed {}",
                c.teams[t].player,
                names.join(", ")
            ));
        }
    }
}

/// The Veterans hurt in the game and what each rolls; the roll.
fn recovery(
    ui: &mut egui::Ui,
    catalog: &Catalog,
    c: &Campaign,
    p: &PendingGame,
    out: &mut MessageWriter<CampaignIntent>,
) {
    caption(ui, "RECOVERY");
    if p.casualties.is_empty() {
        ui.label("No Veteran was wounded or taken out: nobody rolls.");
    }
    for cas in &p.casualties {
        let how = if cas.taken_out {
            "taken out: rolls two RED dice".to_owned()
        } else {
            format!(
                "wounded: rolls the {} die of its best token left",
                cas.best.name()
            )
        };
        ui.label(format!(
            "{} ({}) — {how}",
            card_name(catalog, &cas.card),
            c.teams[cas.team].player
        ));
    }
    ui.label(
        egui::RichText::new(
            "A Fumble is a major injury unless the team's medic makes the Medical save.",
        )
        .color(MUTED),
    );
    if ui
        .add_sized(
            [220.0, 34.0],
            egui::Button::new(egui::RichText::new("Roll recovery").strong()),
        )
        .clicked()
    {
        out.write(CampaignIntent::Step(Step::RollRecovery));
    }
}

/// The clean-up step.
fn clean_up(ui: &mut egui::Ui, out: &mut MessageWriter<CampaignIntent>) {
    caption(ui, "CLEAN UP");
    ui.label("Tokens, Loot and used Objectives go back; the game joins the history.");
    if ui
        .add_sized(
            [220.0, 34.0],
            egui::Button::new(egui::RichText::new("Clean up").strong()),
        )
        .clicked()
    {
        out.write(CampaignIntent::Step(Step::CleanUp));
    }
}

/// "Ana" or "Ana and Cy" for a winning pair (CTRL-20); `None` for a draw.
pub(super) fn winner_names(c: &redline_campaign::Campaign, winners: &[usize]) -> Option<String> {
    let names: Vec<&str> = winners
        .iter()
        .filter_map(|&w| c.teams.get(w))
        .map(|t| t.player.as_str())
        .collect();
    (!names.is_empty()).then(|| names.join(" and "))
}

fn promotion(
    ui: &mut egui::Ui,
    catalog: &Catalog,
    session: &CampaignSession,
    out: &mut MessageWriter<CampaignIntent>,
) {
    let c = &session.campaign;
    // Each winner of a team game chooses in turn (CTRL-20); a person's choice is shown
    // while the computer's is on its way.
    let waiting = c
        .pending
        .as_ref()
        .map(redline_campaign::PendingGame::to_promote)
        .unwrap_or_default();
    let Some(team) = waiting
        .iter()
        .copied()
        .find(|&t| !session.is_computer(t))
        .or_else(|| waiting.first().copied())
    else {
        return;
    };
    let player = &c.teams[team].player;
    caption(ui, "PROMOTION");
    if session.is_computer(team) {
        ui.label(format!("{player} is choosing…"));
        return;
    }
    ui.label(format!(
        "{player} may promote one character to its Veteran card or hire a Merc instead."
    ));
    for card in c.promotable(catalog, team) {
        if ui
            .button(format!("Promote {}", card_name(catalog, &card)))
            .clicked()
        {
            out.write(CampaignIntent::Step(Step::Promote { team, card }));
        }
    }
    for card in c.hireable_mercs(catalog, team) {
        if ui
            .button(format!("Hire {}", card_name(catalog, &card)))
            .clicked()
        {
            out.write(CampaignIntent::Step(Step::HireMerc { team, card }));
        }
    }
    if ui.button("Neither").clicked() {
        out.write(CampaignIntent::Step(Step::Pass { team }));
    }
}

fn market(
    ui: &mut egui::Ui,
    catalog: &Catalog,
    session: &CampaignSession,
    out: &mut MessageWriter<CampaignIntent>,
) {
    let c = &session.campaign;
    let Some(offer) = c.pending.as_ref().and_then(|p| p.offers.first()) else {
        return;
    };
    let team = offer.team;
    caption(ui, "SHARED MARKET");
    let player = &c.teams[team].player;
    if session.is_computer(team) {
        ui.label(format!("{player} is choosing…"));
        return;
    }
    if offer.pass_on {
        ui.label(format!(
            "{player} takes one card of the offer; the others go on to the next player."
        ));
    } else {
        ui.label(format!(
            "{player} takes one of the cards its Loot bought; the others go back to the Market deck."
        ));
    }
    for card in &offer.cards {
        if ui
            .button(format!("Take {}", card_name(catalog, card)))
            .clicked()
        {
            out.write(CampaignIntent::Step(Step::MarketPick {
                team,
                card: card.clone(),
            }));
        }
    }
    if ui.button("Take nothing").clicked() {
        out.write(CampaignIntent::Step(Step::Pass { team }));
    }
    spend_loot(ui, catalog, session, out);
}

/// CAMP-42: a person's team holding Loot may spend it for Market cards, one per Loot card.
fn spend_loot(
    ui: &mut egui::Ui,
    catalog: &Catalog,
    session: &CampaignSession,
    out: &mut MessageWriter<CampaignIntent>,
) {
    let c = &session.campaign;
    for (team, t) in c.teams.iter().enumerate() {
        if t.loot.is_empty() || session.is_computer(team) {
            continue;
        }
        ui.separator();
        caption(ui, "SPEND LOOT");
        ui.label(format!(
            "{} holds {} Loot card(s). Each one spent draws one Market card; one of those may join the HQ and the rest go back to the Market deck.",
            t.player,
            t.loot.len()
        ));
        if c.market.is_empty() {
            ui.label(
                egui::RichText::new("The Market deck is empty: there is nothing to draw.")
                    .color(MUTED),
            );
            continue;
        }
        let draws = t.loot.len().min(c.market.len());
        if ui
            .button(format!(
                "Spend all {} for {draws} Market card(s)",
                t.loot.len()
            ))
            .clicked()
        {
            out.write(CampaignIntent::Step(Step::SpendLoot {
                team,
                loot: t.loot.clone(),
            }));
        }
        let mut seen = Vec::new();
        for l in &t.loot {
            if seen.contains(&l) {
                continue;
            }
            seen.push(l);
            if ui
                .button(format!("Spend {} for one card", card_name(catalog, l)))
                .clicked()
            {
                out.write(CampaignIntent::Step(Step::SpendLoot {
                    team,
                    loot: vec![l.clone()],
                }));
            }
        }
    }
}

/// The campaign's rolls, each die drawn like the battle's dice tray.
fn rolls(ui: &mut egui::Ui, rolls: &[RollRecord]) {
    caption(ui, "RECOVERY ROLLS");
    if rolls.is_empty() {
        ui.label("No roll was needed.");
    }
    for r in rolls {
        let colour =
            describe::die_colour(r.die).map_or(egui::Color32::from_gray(200), token_colour);
        ui.horizontal(|ui| {
            let (rect, _) = ui.allocate_exact_size(egui::vec2(34.0, 34.0), egui::Sense::hover());
            ui.painter().rect_filled(rect, 5.0, colour);
            ui.painter().text(
                rect.center(),
                egui::Align2::CENTER_CENTER,
                r.face.to_string(),
                egui::FontId::proportional(18.0),
                egui::Color32::BLACK,
            );
            let total = i16::from(r.face) + r.modifier;
            let modifier = if r.modifier == 0 {
                String::new()
            } else {
                format!(" {:+} = {total}", r.modifier)
            };
            ui.label(format!(
                "{} {}: {}{modifier}",
                r.rule,
                r.what,
                r.die.label()
            ));
            if r.is_fumble() {
                ui.label(egui::RichText::new("FUMBLE").strong().color(BAD));
            } else if r.is_crit() {
                ui.label(egui::RichText::new("CRIT").strong().color(GOOD));
            }
        });
    }
}
