//! Joining an online match: the host's address, the seat's code, the player's name.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

use crate::headless::notice::Notice;
use crate::headless::online::OnlineIntent;
use crate::headless::online::link::{LinkState, OnlineLink};
use crate::screens::theme::notice_line;

/// What the player typed.
#[derive(Resource, Debug, Clone, PartialEq, Eq)]
pub(super) struct JoinForm {
    addr: String,
    code: String,
    name: String,
}

impl Default for JoinForm {
    fn default() -> Self {
        JoinForm {
            addr: "localhost:7878".into(),
            code: String::new(),
            name: "Player".into(),
        }
    }
}

pub(super) fn join_screen(
    mut contexts: EguiContexts,
    mut form: ResMut<JoinForm>,
    notice: Res<Notice>,
    link: Option<Res<OnlineLink>>,
    mut out: MessageWriter<OnlineIntent>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    egui::Window::new("Join an online game")
        .resizable(false)
        .collapsible(false)
        .anchor(egui::Align2::CENTER_CENTER, egui::Vec2::ZERO)
        .min_width(420.0)
        .show(ctx, |ui| {
            egui::Grid::new("join_fields").show(ui, |ui| {
                ui.label("Host's address");
                ui.text_edit_singleline(&mut form.addr);
                ui.end_row();
                ui.label("Your code");
                ui.text_edit_singleline(&mut form.code);
                ui.end_row();
                ui.label("Your name");
                ui.text_edit_singleline(&mut form.name);
                ui.end_row();
            });
            if let Some(link) = link.as_deref() {
                let state = match &link.state {
                    LinkState::Connecting => "Reaching the host…".to_owned(),
                    LinkState::Open => "Connected; asking for the seat…".to_owned(),
                    LinkState::Lost { why, .. } => {
                        format!("Cannot reach the host ({why}): trying again…")
                    }
                };
                ui.label(egui::RichText::new(state).weak());
            }
            notice_line(ui, &notice);
            ui.horizontal(|ui| {
                if ui.button("Back").clicked() {
                    out.write(OnlineIntent::Leave);
                }
                if ui.button("Join").clicked() {
                    out.write(OnlineIntent::Join {
                        addr: form.addr.clone(),
                        code: form.code.clone(),
                        name: form.name.clone(),
                    });
                }
            });
        });
    Ok(())
}
