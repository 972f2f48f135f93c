//! The panels' look: a dark theme, larger text, and colour conversions shared by panels.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};
use redline_rules::card::Colour;

/// Sets the dark theme and text sizes once, on the first egui pass.
pub(super) fn apply_theme(mut contexts: EguiContexts, mut done: Local<bool>) -> Result {
    if *done {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    ctx.set_visuals(egui::Visuals::dark());
    ctx.all_styles_mut(|style| {
        use egui::{FontFamily, FontId, TextStyle};
        style.text_styles = [
            (
                TextStyle::Heading,
                FontId::new(20.0, FontFamily::Proportional),
            ),
            (TextStyle::Body, FontId::new(14.5, FontFamily::Proportional)),
            (
                TextStyle::Button,
                FontId::new(15.0, FontFamily::Proportional),
            ),
            (
                TextStyle::Small,
                FontId::new(12.0, FontFamily::Proportional),
            ),
            (
                TextStyle::Monospace,
                FontId::new(13.5, FontFamily::Monospace),
            ),
        ]
        .into();
        style.spacing.item_spacing = egui::vec2(8.0, 5.0);
    });
    *done = true;
    Ok(())
}

/// Panel background.
pub(super) const PANEL_FILL: egui::Color32 = egui::Color32::from_rgb(22, 24, 30);
/// Secondary text.
/// Text for what goes well (a success, a legal team).
pub(super) const GOOD: egui::Color32 = egui::Color32::from_rgb(140, 210, 140);
/// Text for what goes wrong (a failure, a refusal).
pub(super) const BAD: egui::Color32 = egui::Color32::from_rgb(240, 90, 80);
/// Text that stays in the background.
pub(super) const MUTED: egui::Color32 = egui::Color32::from_rgb(150, 155, 165);

/// A Bevy colour as an egui colour.
pub(super) fn egui_colour(colour: Color) -> egui::Color32 {
    let [r, g, b, a] = colour.to_srgba().to_u8_array();
    egui::Color32::from_rgba_unmultiplied(r, g, b, a)
}

/// The chip colour of an action token of `colour`.
pub(super) fn token_colour(colour: Colour) -> egui::Color32 {
    match colour {
        Colour::Green => egui::Color32::from_rgb(52, 190, 82),
        Colour::Yellow => egui::Color32::from_rgb(250, 204, 40),
        Colour::Red => egui::Color32::from_rgb(230, 52, 46),
    }
}

/// A panel frame with the app's fill and margins.
pub(super) fn panel_frame() -> egui::Frame {
    egui::Frame::new()
        .fill(PANEL_FILL)
        .inner_margin(egui::Margin::symmetric(12, 8))
}

/// The latest notice, in red for a failure.
pub(super) fn notice_line(ui: &mut egui::Ui, notice: &crate::headless::notice::Notice) {
    if notice.text.is_empty() {
        return;
    }
    let colour = if notice.error {
        egui::Color32::from_rgb(240, 90, 80)
    } else {
        egui::Color32::from_rgb(140, 210, 140)
    };
    ui.label(egui::RichText::new(&notice.text).color(colour));
}

/// A heading in small caps style used by every panel.
pub(super) fn caption(ui: &mut egui::Ui, text: &str) {
    ui.label(egui::RichText::new(text).small().strong().color(MUTED));
}

/// A seat's colour as egui's.
pub(super) fn seat_colour(colour: [u8; 3]) -> egui::Color32 {
    egui::Color32::from_rgb(colour[0], colour[1], colour[2])
}
