//! The hand-over screen: an opaque page over everything, naming the player who takes the
//! screen (in a co-op game, with whom they play); nothing of the table shows until they
//! click.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::headless::flow::decider::Decider;
use crate::headless::flow::hand_over::{HandOver, HandOverReady};
use crate::headless::game::match_state::Match;
use redline_rules::Seat;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        hand_over_screen.after(crate::screens::order::PanelsDrawn),
    );
}

fn hand_over_screen(
    mut contexts: EguiContexts,
    hand_over: Res<HandOver>,
    decider: Res<Decider>,
    current: Option<Res<Match>>,
    mut ready: MessageWriter<HandOverReady>,
) -> Result {
    let Some(seat) = hand_over.pending(*decider) else {
        return Ok(());
    };
    let ctx = contexts.ctx_mut()?;
    let name = current.as_ref().map_or_else(
        || format!("Player {}", seat.0 + 1),
        |m| m.meta.seat_label(seat),
    );
    egui::Area::new("hand_over".into())
        .order(egui::Order::Foreground)
        .fixed_pos(egui::Pos2::ZERO)
        .show(ctx, |ui| {
            let screen = ui.ctx().viewport_rect();
            ui.painter()
                .rect_filled(screen, 0.0, egui::Color32::from_rgb(12, 13, 17));
            ui.scope_builder(egui::UiBuilder::new().max_rect(screen), |ui| {
                ui.vertical_centered(|ui| {
                    ui.add_space(screen.height() * 0.35);
                    ui.label(
                        egui::RichText::new("Hand over the screen")
                            .size(18.0)
                            .weak(),
                    );
                    ui.label(egui::RichText::new(&name).size(34.0).strong());
                    if let Some(side) = current.as_deref().and_then(|m| coop_side(m, seat)) {
                        ui.label(egui::RichText::new(side).size(16.0).weak());
                    }
                    ui.add_space(18.0);
                    if ui
                        .add_sized(
                            [240.0, 40.0],
                            egui::Button::new("I'm ready — show the table"),
                        )
                        .clicked()
                    {
                        ready.write(HandOverReady);
                    }
                });
            });
        });
    Ok(())
}

/// In a co-op game (COOP-1), who `seat` plays with and against: "With Player 2 and Player 3,
/// against the computer's crews."; `None` in any other game.
fn coop_side(current: &Match, seat: Seat) -> Option<String> {
    let game = current.game();
    if game.setup().scenario.computer.is_empty() {
        return None;
    }
    let others: Vec<String> = (0..game.setup().players.len() as u8)
        .map(Seat)
        .filter(|&s| s != seat && !current.meta.is_computer(s))
        .map(|s| current.meta.seat_name(s))
        .collect();
    Some(format!(
        "With {}, against the computer's crews.",
        others.join(" and ")
    ))
}
