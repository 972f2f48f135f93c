//! The campaign hub: each team's HQ and Supply, Street Cred, completed Objectives and the
//! Wounded Leader card on the left; the history of games on the right; in the middle the
//! next step: before a game the scenario, the Objective draw (kept hidden from the other
//! players), the teams from the HQ and the game itself; after it the guided post-game
//! sequence (`after`).

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use redline_campaign::{Campaign, CampaignTeam, PROVE_YOUR_WORTH_CRED, Phase, Step};
use redline_content::Catalog;

use crate::headless::campaign::{CampaignIntent, CampaignSession, after_the_game, phase_name};
use crate::headless::content::Content;
use crate::headless::notice::Notice;
use crate::headless::screen::Screen;
use crate::screens::campaign::after;
use crate::screens::campaign::draft::draft;
use crate::screens::campaign::names::card_name;
use crate::screens::theme::{BAD, GOOD, MUTED, caption, notice_line, panel_frame};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        hub.run_if(in_state(Screen::CampaignHub).and_then(resource_exists::<CampaignSession>)),
    );
}

/// Which person's hidden Objectives are shown right now (hot-seat: the others look away).
#[derive(Default)]
struct Shown {
    objectives: Option<usize>,
}

fn hub(
    mut contexts: EguiContexts,
    session: Res<CampaignSession>,
    content: Res<Content>,
    notice: Res<Notice>,
    mut out: MessageWriter<CampaignIntent>,
    mut shown: Local<Shown>,
) -> Result {
    let ctx = contexts.ctx_mut()?.clone();
    // Panels laid out inside one background Ui, as the battle HUD does.
    let mut root = egui::Ui::new(
        ctx.clone(),
        "campaign_hub".into(),
        egui::UiBuilder::new()
            .layer_id(egui::LayerId::background())
            .max_rect(ctx.viewport_rect()),
    );
    let catalog = &content.0;
    let c = &session.campaign;
    egui::Panel::top("campaign_top")
        .frame(panel_frame())
        .show(&mut root, |ui| {
            ui.horizontal(|ui| {
                ui.label(egui::RichText::new(&c.name).size(22.0).strong());
                let mode = if c.shared_market {
                    "Shared Market"
                } else {
                    "own Supply"
                };
                let modules = if c.modules.is_empty() {
                    String::new()
                } else {
                    let names: Vec<&str> = c.modules.iter().map(|m| m.title()).collect();
                    format!(" · optional rules: {}", names.join(", "))
                };
                ui.label(
                    egui::RichText::new(format!(
                        "{} game(s) played · {mode}{modules} · {}",
                        c.history.len(),
                        phase_name(c.phase)
                    ))
                    .color(MUTED),
                );
                ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                    if ui.button("All campaigns").clicked() {
                        out.write(CampaignIntent::ToList);
                    }
                    if ui.button("Export").clicked() {
                        out.write(CampaignIntent::Export);
                    }
                });
            });
            notice_line(ui, &notice);
        });
    egui::Panel::left("campaign_teams")
        .frame(panel_frame())
        .default_size(360.0)
        .show(&mut root, |ui| {
            egui::ScrollArea::vertical().show(ui, |ui| {
                for (i, t) in c.teams.iter().enumerate() {
                    team_card(ui, catalog, c, &session, i, t);
                    ui.separator();
                }
            });
        });
    egui::Panel::right("campaign_history")
        .frame(panel_frame())
        .default_size(300.0)
        .show(&mut root, |ui| {
            caption(ui, "HISTORY");
            egui::ScrollArea::vertical().show(ui, |ui| history(ui, catalog, c));
        });
    egui::CentralPanel::default()
        .frame(panel_frame())
        .show(&mut root, |ui| {
            egui::ScrollArea::vertical().show(ui, |ui| {
                if let Some(w) = c.winner {
                    ui.label(
                        egui::RichText::new(format!(
                            "{} proved its worth and won the campaign.",
                            c.teams[w].player
                        ))
                        .size(20.0)
                        .strong()
                        .color(GOOD),
                    );
                }
                super::arc::arc_banner(ui, catalog, c);
                if after_the_game(c.phase) {
                    after::post_game(ui, catalog, &session, &mut out);
                } else {
                    next_game(ui, catalog, &session, &mut shown, &mut out);
                }
                if !session.notes.is_empty() {
                    ui.separator();
                    caption(ui, "LAST STEP");
                    for n in &session.notes {
                        ui.label(egui::RichText::new(n).color(MUTED));
                    }
                }
            });
        });
    Ok(())
}

/// One team: player, faction, Street Cred, HQ, Supply, completed Objectives.
fn team_card(
    ui: &mut egui::Ui,
    catalog: &Catalog,
    c: &Campaign,
    session: &CampaignSession,
    i: usize,
    t: &CampaignTeam,
) {
    let faction = catalog.factions.get(&t.faction);
    let colour = faction.map_or(egui::Color32::LIGHT_GRAY, |f| {
        egui::Color32::from_rgb(f.colour[0], f.colour[1], f.colour[2])
    });
    let who = if session.is_computer(i) {
        " (computer)"
    } else {
        ""
    };
    ui.label(
        egui::RichText::new(format!("{}{who}", t.player))
            .size(18.0)
            .strong()
            .color(colour),
    );
    ui.label(format!(
        "{} · Street Cred {} · {} win(s)",
        faction.map_or(t.faction.as_str(), |f| f.name.as_str()),
        t.street_cred(catalog),
        t.wins
    ));
    if t.wounded_leader {
        ui.label(egui::RichText::new("Wounded Leader card in the HQ: -1 Street Cred").color(BAD));
    }
    let names = |ids: &mut dyn Iterator<Item = &String>| {
        ids.map(|id| card_name(catalog, id))
            .collect::<Vec<_>>()
            .join(", ")
    };
    caption(ui, "HQ");
    ui.label(format!(
        "Characters: {}",
        names(&mut t.hq.characters.iter())
    ));
    ui.label(format!("Gonks: {}", names(&mut t.hq.gonks.iter())));
    ui.label(format!("Gear: {}", names(&mut t.hq.gear.iter())));
    if !t.hq.programs.is_empty() {
        ui.label(format!("Programs: {}", names(&mut t.hq.programs.iter())));
    }
    if !t.loot.is_empty() {
        ui.label(format!("Loot kept: {}", names(&mut t.loot.iter())));
    }
    caption(ui, "COMPLETED OBJECTIVES");
    if t.completed.is_empty() {
        ui.label(egui::RichText::new("none yet").color(MUTED));
    }
    for o in &t.completed {
        ui.label(format!(
            "{} ({:?}, game {})",
            card_name(catalog, &o.id),
            o.kind,
            o.game
        ));
    }
    caption(ui, "SUPPLY");
    ui.label(
        egui::RichText::new(format!(
            "{} characters, {} Gear, {} programs, {} Objectives waiting",
            t.supply.characters.len(),
            t.supply.gear.len(),
            t.supply.programs.len(),
            t.supply.objectives.len()
        ))
        .color(MUTED),
    );
    if c.shared_market && i == 0 {
        ui.label(
            egui::RichText::new(format!("Market deck: {} cards", c.market.len())).color(MUTED),
        );
    }
}

/// The games played, newest first: scenario, winner, Objectives, rolls.
fn history(ui: &mut egui::Ui, catalog: &Catalog, c: &Campaign) {
    if c.history.is_empty() {
        ui.label(egui::RichText::new("No game played yet.").color(MUTED));
    }
    for g in c.history.iter().rev() {
        let winner = after::winner_names(c, &g.winners)
            .map_or_else(|| "no winner".to_owned(), |names| format!("won by {names}"));
        egui::CollapsingHeader::new(format!(
            "Game {}: {} — {winner}",
            g.number,
            card_name(catalog, &g.scenario)
        ))
        .id_salt(("game", g.number))
        .show(ui, |ui| {
            ui.label(format!(
                "{} commands in its replay, seed {}",
                g.commands.len(),
                g.seed
            ));
            for (t, done) in g.completed.iter().enumerate() {
                for o in done {
                    ui.label(format!(
                        "{} completed {}",
                        c.teams.get(t).map_or("?", |t| t.player.as_str()),
                        card_name(catalog, o)
                    ));
                }
            }
            for r in &g.rolls {
                ui.label(egui::RichText::new(r.line()).color(MUTED));
            }
        });
    }
}

/// Before the game: scenario, Objectives, teams, then play.
fn next_game(
    ui: &mut egui::Ui,
    catalog: &Catalog,
    session: &CampaignSession,
    shown: &mut Shown,
    out: &mut MessageWriter<CampaignIntent>,
) {
    let c = &session.campaign;
    let number = c.history.len() + 1;
    ui.label(
        egui::RichText::new(format!("Game {number}"))
            .size(20.0)
            .strong(),
    );
    match c.phase {
        Phase::ChooseScenario if c.arc.is_some() => {
            super::arc::arc_scenario(ui, catalog, c, out);
        }
        Phase::ChooseScenario => choose_scenario(ui, catalog, c, out),
        Phase::Objectives => objectives(ui, catalog, session, shown, out),
        Phase::BuildTeams => build_teams(ui, catalog, session, out),
        Phase::Play => play(ui, catalog, session, out),
        Phase::Promotion | Phase::Recovery | Phase::Market | Phase::CleanUp => {}
    }
}

/// 1. The scenario: drawn at random, or agreed.
fn choose_scenario(
    ui: &mut egui::Ui,
    catalog: &Catalog,
    c: &Campaign,
    out: &mut MessageWriter<CampaignIntent>,
) {
    caption(ui, "1. THE SCENARIO");
    ui.label(format!(
        "Agree on a scenario, or draw one at random. A team at {PROVE_YOUR_WORTH_CRED} \
         Street Cred must play its Prove Your Worth scenario."
    ));
    if ui
        .button(egui::RichText::new("Random scenario").strong())
        .clicked()
    {
        out.write(CampaignIntent::Step(Step::ChooseScenario { agreed: None }));
    }
    for s in catalog.scenarios_for(c.teams.len() as u8) {
        // CTRL-20: a team game pairs seats 1+3 against 2+4, in joining order.
        let pairs = if s.teams == redline_content::schema::TeamFormat::TwoVsTwo {
            let name = |t: usize| c.teams.get(t).map_or("", |t| t.player.as_str());
            format!(
                " — {} + {} against {} + {}, winning or losing together",
                name(0),
                name(2),
                name(1),
                name(3)
            )
        } else {
            String::new()
        };
        if ui
            .button(format!("Agreed: {} ({} EB){pairs}", s.name, s.eb_limit))
            .clicked()
        {
            out.write(CampaignIntent::Step(Step::ChooseScenario {
                agreed: Some(s.id.clone()),
            }));
        }
    }
}

/// 2. The Objectives: each person looks at their four in turn and discards one.
fn objectives(
    ui: &mut egui::Ui,
    catalog: &Catalog,
    session: &CampaignSession,
    shown: &mut Shown,
    out: &mut MessageWriter<CampaignIntent>,
) {
    let c = &session.campaign;
    scenario_line(ui, catalog, c);
    caption(ui, "2. OBJECTIVES");
    ui.label("Each player draws four Objectives and keeps three, hidden.");
    let Some(p) = &c.pending else {
        return;
    };
    for (t, team) in c.teams.iter().enumerate() {
        ui.separator();
        if p.kept.get(t).is_some_and(Option::is_some) {
            ui.label(format!("{} keeps three Objectives hidden.", team.player));
            continue;
        }
        if session.is_computer(t) {
            ui.label(format!("{} is choosing…", team.player));
            continue;
        }
        if shown.objectives != Some(t) {
            if ui
                .button(format!(
                    "Show {}'s four Objectives (the others look away)",
                    team.player
                ))
                .clicked()
            {
                shown.objectives = Some(t);
            }
            continue;
        }
        ui.label(format!("{}: discard one, keep three.", team.player));
        for o in p.drawn.get(t).into_iter().flatten() {
            ui.horizontal(|ui| {
                if ui.button("Discard").clicked() {
                    shown.objectives = None;
                    out.write(CampaignIntent::Step(Step::DiscardObjective {
                        team: t,
                        objective: o.clone(),
                    }));
                }
                objective_label(ui, catalog, o);
            });
        }
    }
}

/// 3. The teams, each from its HQ: a person's draft, the computer's own.
fn build_teams(
    ui: &mut egui::Ui,
    catalog: &Catalog,
    session: &CampaignSession,
    out: &mut MessageWriter<CampaignIntent>,
) {
    let c = &session.campaign;
    scenario_line(ui, catalog, c);
    caption(ui, "3. TEAMS FROM THE HQ");
    ui.label("Each team is chosen from its HQ only.");
    let Some(p) = &c.pending else {
        return;
    };
    for (t, team) in c.teams.iter().enumerate() {
        ui.separator();
        if p.teams.get(t).is_some_and(Option::is_some) {
            ui.label(format!("{}'s team is ready.", team.player));
            continue;
        }
        if session.is_computer(t) {
            ui.label(format!("{} is building…", team.player));
            continue;
        }
        draft(ui, catalog, session, t, out);
    }
}

/// 4. The game: the seats, then deploy and play (or resume the kept battle).
fn play(
    ui: &mut egui::Ui,
    catalog: &Catalog,
    session: &CampaignSession,
    out: &mut MessageWriter<CampaignIntent>,
) {
    let c = &session.campaign;
    scenario_line(ui, catalog, c);
    caption(ui, "4. THE GAME");
    // COOP-1: in an arc the computer's seats come first.
    let first = super::arc::computer_seats_line(ui, catalog, c);
    if let Some(p) = &c.pending {
        for (seat, &t) in p.seats.iter().enumerate() {
            let luck = p.luck.get(t).copied().unwrap_or(0);
            let members = p.teams[t].as_ref().map_or(0, |s| s.members.len());
            ui.label(format!(
                "Seat {}: {} — {members} models, +{luck} Luck (Beginner's Luck and bonuses)",
                first + seat + 1,
                c.teams[t].player
            ));
        }
    }
    let deployed = c.pending.as_ref().is_some_and(|p| !p.deployed.is_empty());
    let (line, button) = match session.kept_battle {
        Some(n) => (
            format!("The battle was left after {n} command(s): it goes on where it stopped."),
            "Resume the battle",
        ),
        None if deployed => (
            "The teams have deployed; the battle starts from there.".to_owned(),
            "Play the game",
        ),
        None => (
            "Each player first deploys inside their zone, as in a one-off game.".to_owned(),
            "Deploy and play",
        ),
    };
    ui.label(egui::RichText::new(line).color(MUTED));
    if ui
        .add_sized(
            [240.0, 36.0],
            egui::Button::new(egui::RichText::new(button).strong()),
        )
        .clicked()
    {
        out.write(CampaignIntent::PlayGame);
    }
}

fn scenario_line(ui: &mut egui::Ui, catalog: &Catalog, c: &Campaign) {
    if let Some(p) = &c.pending {
        ui.label(
            egui::RichText::new(format!(
                "{} ({})",
                card_name(catalog, &p.scenario),
                p.chosen
            ))
            .size(16.0),
        );
    }
}

fn objective_label(ui: &mut egui::Ui, catalog: &Catalog, id: &str) {
    match catalog.objectives.get(id) {
        Some(o) => {
            ui.label(egui::RichText::new(&o.name).strong());
            ui.label(
                egui::RichText::new(format!(
                    "{:?} · {}★ {} EB {} Luck",
                    o.kind, o.reward.stars, o.reward.eb, o.reward.luck
                ))
                .color(MUTED),
            );
        }
        None => {
            ui.label(id);
        }
    }
}
