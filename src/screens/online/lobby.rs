//! The lobby of an online match: the address and codes to hand out (the host), each seat
//! with its player, whether they are here (an away player's timer counts on), the faction
//! and cost of its team once in; a team to send for this player's seats (a saved team or a
//! faction's quick team); the owner's "hand to the computer" for an away seat; the chat.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};
use redline_content::Catalog;
use redline_online::lobby::{LobbyState, Presence, SeatState};
use redline_rules::Seat;

use crate::headless::content::Content;
use crate::headless::notice::Notice;
use crate::headless::online::host::Hosting;
use crate::headless::online::link::{LinkState, OnlineLink};
use crate::headless::online::{OnlineIntent, TeamChoice};
use crate::headless::persist::rosters::Rosters;
use crate::screens::theme::{BAD, GOOD, MUTED, caption, notice_line};

/// The chat line being typed.
#[derive(Resource, Debug, Clone, Default, PartialEq, Eq)]
pub(super) struct LobbyForm {
    chat: String,
}

/// What the lobby reads.
#[derive(bevy::ecs::system::SystemParam)]
pub(super) struct LobbyView<'w> {
    link: Option<Res<'w, OnlineLink>>,
    hosting: Option<Res<'w, Hosting>>,
    content: Res<'w, Content>,
    rosters: Res<'w, Rosters>,
    notice: Res<'w, Notice>,
    time: Res<'w, Time>,
}

pub(super) fn lobby_screen(
    mut contexts: EguiContexts,
    view: LobbyView,
    mut form: ResMut<LobbyForm>,
    mut out: MessageWriter<OnlineIntent>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    egui::Window::new("Lobby")
        .resizable(false)
        .collapsible(false)
        .anchor(egui::Align2::CENTER_CENTER, egui::Vec2::ZERO)
        .min_width(720.0)
        .show(ctx, |ui| {
            if let Some(hosting) = view.hosting.as_deref() {
                codes(ui, hosting);
                ui.separator();
            }
            let Some(link) = view.link.as_deref() else {
                return;
            };
            connection(ui, link);
            if let Some(lobby) = link.lobby() {
                let catalog = &view.content.0;
                let name = catalog
                    .scenarios
                    .get(&lobby.scenario)
                    .map_or(lobby.scenario.as_str(), |s| s.name.as_str());
                ui.label(
                    egui::RichText::new(format!("{name} — teams of up to {} EB", lobby.eb_limit))
                        .size(18.0)
                        .strong(),
                );
                if !lobby.modules.is_empty() {
                    let on: Vec<&str> = lobby.modules.iter().map(|m| m.title()).collect();
                    ui.label(format!("Optional rules: {}", on.join(", ")));
                }
                let now = view.time.elapsed_secs();
                seat_list(ui, catalog, link, lobby, now, &mut out);
                ui.separator();
                team_choice(ui, catalog, &view.rosters, link, lobby, &mut out);
            }
            ui.separator();
            chat(ui, link, &mut form, &mut out);
            notice_line(ui, &view.notice);
            if ui.button("Leave the match").clicked() {
                out.write(OnlineIntent::Leave);
            }
        });
    Ok(())
}

/// A line of text the player can select and copy, with a button that copies it.
fn copyable(ui: &mut egui::Ui, label: &str, text: &str) {
    ui.horizontal(|ui| {
        ui.label(label);
        let mut shown = text;
        ui.add(
            egui::TextEdit::singleline(&mut shown)
                .font(egui::TextStyle::Monospace)
                .desired_width(180.0),
        );
        if ui.small_button("Copy").clicked() {
            ui.ctx().copy_text(text.to_owned());
        }
    });
}

/// The host's address and every code to hand out.
fn codes(ui: &mut egui::Ui, hosting: &Hosting) {
    caption(ui, "HAND OUT");
    copyable(ui, "Address", &hosting.address);
    for code in &hosting.seat_codes {
        copyable(ui, &format!("Seat {} code", code.seat.0 + 1), &code.code);
    }
    copyable(ui, "Spectators", &hosting.spectator_code);
    ui.label(
        egui::RichText::new(format!(
            "Your own code, to come back with: {}. Others on the internet need port {} \
             forwarded to this machine.",
            hosting.owner_code,
            hosting.port()
        ))
        .color(MUTED),
    );
}

fn connection(ui: &mut egui::Ui, link: &OnlineLink) {
    let (text, colour) = match &link.state {
        LinkState::Connecting => ("Reaching the host…".to_owned(), MUTED),
        LinkState::Open => ("Connected.".to_owned(), GOOD),
        LinkState::Lost { why, .. } => (format!("Connection lost ({why}): reconnecting…"), BAD),
    };
    ui.label(egui::RichText::new(text).color(colour));
}

/// Whether the seat's player is here, in words.
fn presence_words(link: &OnlineLink, seat: &SeatState, now: f32) -> (String, egui::Color32) {
    match seat.presence {
        Presence::Open => ("waiting for a player".into(), MUTED),
        Presence::Here => ("here".into(), GOOD),
        Presence::Away { .. } => {
            let secs = link.away_secs(seat, now).unwrap_or_default();
            (format!("away for {secs} s"), BAD)
        }
        Presence::Computer => ("computer".into(), MUTED),
    }
}

fn seat_list(
    ui: &mut egui::Ui,
    catalog: &Catalog,
    link: &OnlineLink,
    lobby: &LobbyState,
    now: f32,
    out: &mut MessageWriter<OnlineIntent>,
) {
    let mine = link.seats();
    let owner = link.online.session.is_owner();
    egui::Grid::new("lobby_seats").striped(true).show(ui, |ui| {
        for title in ["Seat", "Player", "", "Team", ""] {
            ui.label(egui::RichText::new(title).strong());
        }
        ui.end_row();
        for s in &lobby.seats {
            let yours = if mine.contains(&s.seat) { " (you)" } else { "" };
            ui.label(format!("{}{yours}", s.seat.0 + 1));
            ui.label(s.player.as_deref().unwrap_or("—"));
            let (words, colour) = presence_words(link, s, now);
            ui.label(egui::RichText::new(words).color(colour));
            match (&s.faction, s.cost) {
                (Some(f), Some(cost)) => {
                    let name = catalog
                        .factions
                        .get(f)
                        .map_or(f.as_str(), |d| d.name.as_str());
                    ui.label(format!("{name}, {cost} EB"))
                }
                _ => ui.label(egui::RichText::new("no team yet").color(MUTED)),
            };
            let away = matches!(s.presence, Presence::Away { .. });
            if owner && away && s.faction.is_some() && ui.button("Hand to the computer").clicked() {
                out.write(OnlineIntent::HandToComputer {
                    seat: s.seat,
                    level: "normal".into(),
                });
            }
            ui.end_row();
        }
    });
}

/// For each of this player's seats: a saved team or a faction's quick team to send.
fn team_choice(
    ui: &mut egui::Ui,
    catalog: &Catalog,
    rosters: &Rosters,
    link: &OnlineLink,
    lobby: &LobbyState,
    out: &mut MessageWriter<OnlineIntent>,
) {
    if lobby.started {
        return;
    }
    for seat in link.seats() {
        let seat: Seat = *seat;
        ui.horizontal_wrapped(|ui| {
            ui.label(egui::RichText::new(format!("Team for seat {}:", seat.0 + 1)).strong());
            for f in catalog.factions.iter() {
                if ui.button(format!("{} quick team", f.name)).clicked() {
                    out.write(OnlineIntent::Team {
                        seat,
                        choice: TeamChoice::Quick(f.id.clone()),
                    });
                }
            }
            for r in rosters.list.iter().filter(|r| r.eb_limit <= lobby.eb_limit) {
                if ui.button(format!("Saved: {}", r.name)).clicked() {
                    out.write(OnlineIntent::Team {
                        seat,
                        choice: TeamChoice::Roster(r.name.clone()),
                    });
                }
            }
        });
    }
    if let Some(refusal) = &link.refusal {
        ui.label(egui::RichText::new(refusal).color(BAD));
    }
}

fn chat(
    ui: &mut egui::Ui,
    link: &OnlineLink,
    form: &mut LobbyForm,
    out: &mut MessageWriter<OnlineIntent>,
) {
    caption(ui, "CHAT");
    egui::ScrollArea::vertical()
        .id_salt("lobby_chat")
        .max_height(90.0)
        .stick_to_bottom(true)
        .show(ui, |ui| {
            for line in &link.chat {
                ui.label(line);
            }
        });
    ui.horizontal(|ui| {
        let sent = ui.text_edit_singleline(&mut form.chat).lost_focus()
            && ui.input(|i| i.key_pressed(egui::Key::Enter));
        if (ui.button("Send").clicked() || sent) && !form.chat.trim().is_empty() {
            out.write(OnlineIntent::Chat(std::mem::take(&mut form.chat)));
        }
    });
}
