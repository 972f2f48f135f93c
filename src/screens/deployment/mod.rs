//! The deployment's guidance in the battle's left panel while the engine's deployment
//! (FIELD-7) runs: whose turn it is to deploy, how to move a model, the models still to
//! place, the engine's last refusal (its sentence and rule) and "Deployment done"; before
//! it, the defender's security panel (`security`, SEC-2).

use bevy::prelude::*;
use bevy_egui::egui;
use redline_rules::{Command, DecisionKind};

use crate::headless::flow::battle::BattleIntent;
use crate::headless::game::describe;
use crate::headless::game::match_state::Match;
use crate::headless::notice::Notice;
use crate::screens::theme::{MUTED, caption, notice_line};

mod security;

pub(crate) use security::security_panel;

/// The deploying seat's panel.
pub(crate) fn deployment_panel(
    ui: &mut egui::Ui,
    current: &Match,
    notice: &Notice,
    answers: &mut MessageWriter<BattleIntent>,
) {
    let game = current.game();
    let Some(decision) = game.decision() else {
        return;
    };
    let DecisionKind::DeployTeam { to_place, .. } = &decision.kind else {
        return;
    };
    caption(ui, "DEPLOYMENT");
    ui.label(
        egui::RichText::new(current.meta.seat_label(decision.seat))
            .size(18.0)
            .strong(),
    );
    ui.label("Drag your models within your highlighted zone, or click a model and then the table.");
    ui.label(
        egui::RichText::new(
            "The rules check each spot: inside the zone, on the table, clear of scenery and other bases.",
        )
        .color(MUTED),
    );
    for model in to_place {
        ui.label(
            egui::RichText::new(format!("Still to place: {}", describe::model(game, *model)))
                .color(MUTED),
        );
    }
    notice_line(ui, notice);
    if ui
        .button(egui::RichText::new("Deployment done").strong())
        .clicked()
    {
        answers.write(BattleIntent::Answer(Command::EndDeployment));
    }
}
