//! The top bar: the layout's name, the optional rules on in this game, each team with its Luck tokens (LUCK-1) — in a team game
//! grouped by side, "Ana & Cy vs Bo & Di" (CTRL-18) — the turn and who has Control, and the
//! battle's buttons (undo, save, coach, menu).
//!
//! The buttons are laid out first, from the right; everything else flows left to right in
//! the room they leave and wraps onto a second row rather than running under the buttons
//! (four teams at 1280 px do not fit on one row). Each team is one block, so a team's name
//! and its tokens never end up on different rows; the word "Luck" is in the block's hover
//! text, the gold tokens and their count say it on the bar.

use bevy_egui::egui;

use crate::screens::theme::{MUTED, egui_colour, panel_frame};
use crate::table::scene::TeamSpec;

const LUCK_GOLD: egui::Color32 = egui::Color32::from_rgb(240, 196, 60);
/// Side of the team's colour swatch.
const SWATCH: f32 = 12.0;
/// Width of one Luck token's slot.
const TOKEN: f32 = 16.0;
/// Room between the parts of a team's block.
const GAP: f32 = 6.0;

pub(super) fn show(
    ui: &mut egui::Ui,
    layout: &str,
    modules: Option<&str>,
    teams: &[TeamSpec],
    sides: &[u8],
    status: &str,
    buttons: impl FnOnce(&mut egui::Ui),
) {
    egui::Panel::top("top_bar")
        .frame(panel_frame())
        .show(ui, |ui| {
            ui.with_layout(egui::Layout::right_to_left(egui::Align::Min), |ui| {
                ui.horizontal(buttons);
                // Like `horizontal_wrapped`, but left to right inside the right-to-left row.
                let row = egui::vec2(ui.available_width(), ui.spacing().interact_size.y);
                let flow = egui::Layout::left_to_right(egui::Align::Center).with_main_wrap(true);
                ui.allocate_ui_with_layout(row, flow, |ui| {
                    ui.set_row_height(row.y);
                    ui.label(
                        egui::RichText::new("REDLINE")
                            .size(18.0)
                            .strong()
                            .color(egui::Color32::from_rgb(230, 52, 46)),
                    );
                    no_wrap(ui, egui::RichText::new(layout).color(MUTED));
                    if let Some(modules) = modules {
                        let text = egui::RichText::new(modules).small().color(MUTED);
                        ui.add(egui::Label::new(text).wrap_mode(egui::TextWrapMode::Extend))
                            .on_hover_text("The optional rule modules on in this game (MOD-1)");
                    }
                    let mut after_joiner = false;
                    for part in arrange(teams.len(), sides) {
                        after_joiner = match part {
                            Part::Team(t) => {
                                team_luck(ui, &teams[t], after_joiner);
                                false
                            }
                            Part::Ally => {
                                joiner(ui, "&", "allies: they win or lose together");
                                true
                            }
                            Part::Against => {
                                joiner(ui, "vs", "the other side");
                                true
                            }
                        };
                    }

                    if !status.is_empty() {
                        status_block(ui, status);
                    }
                });
            });
        });
}

/// One piece of the teams' row.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Part {
    /// A team's block, by seat.
    Team(usize),
    /// Between two allies.
    Ally,
    /// Between two sides.
    Against,
}

/// The teams in seat order; in a team game (two seats or more share a side, CTRL-18) grouped
/// by side in order of each side's first seat, allies joined by "&" and the sides by "vs".
fn arrange(teams: usize, sides: &[u8]) -> Vec<Part> {
    let side = |t: usize| sides.get(t).copied().unwrap_or(t as u8);
    let mut order: Vec<u8> = Vec::new();
    for t in 0..teams {
        if !order.contains(&side(t)) {
            order.push(side(t));
        }
    }
    if order.len() == teams {
        return (0..teams).map(Part::Team).collect();
    }
    let mut parts = Vec::new();
    for (g, s) in order.iter().enumerate() {
        if g > 0 {
            parts.push(Part::Against);
        }
        for (k, t) in (0..teams).filter(|&t| side(t) == *s).enumerate() {
            if k > 0 {
                parts.push(Part::Ally);
            }
            parts.push(Part::Team(t));
        }
    }
    parts
}

/// "&" between allies, "vs" between sides, as a muted word.
fn joiner(ui: &mut egui::Ui, word: &str, hover: &str) {
    ui.add(
        egui::Label::new(egui::RichText::new(word).color(MUTED).strong())
            .wrap_mode(egui::TextWrapMode::Extend),
    )
    .on_hover_text(hover);
}

/// A label that moves to the next row whole instead of breaking its words across rows.
fn no_wrap(ui: &mut egui::Ui, text: egui::RichText) {
    ui.add(egui::Label::new(text).wrap_mode(egui::TextWrapMode::Extend));
}

/// Room before a block of this width for the separator line: none when the block starts a
/// row (the row is full, or it is the first row's start).
fn lead(ui: &egui::Ui, width: f32) -> f32 {
    let at_start = ui.cursor().min.x <= ui.max_rect().left() + 1.0;
    let fits = 2.0 * GAP + width + ui.spacing().item_spacing.x <= ui.available_size_before_wrap().x;
    if at_start || !fits { 0.0 } else { 2.0 * GAP }
}

/// The line between a block and the one before it (`lead` is its room; none, no line).
fn separator(ui: &egui::Ui, painter: &egui::Painter, block: egui::Rect, lead: f32) {
    if lead > 0.0 {
        let line = ui.visuals().widgets.noninteractive.bg_stroke;
        let y = block.center().y;
        let half = block.height() * 0.45;
        painter.vline(block.left(), (y - half)..=(y + half), line);
    }
}

/// The turn and who has Control, after a separator, as one block.
fn status_block(ui: &mut egui::Ui, status: &str) {
    let body = egui::TextStyle::Body.resolve(ui.style());
    let strong = ui.visuals().strong_text_color();
    let painter = ui.painter().clone();
    let text = painter.layout_no_wrap(status.to_string(), body, strong);
    let height = ui.spacing().interact_size.y.max(text.size().y);
    let lead = lead(ui, text.size().x);
    let (rect, _) = ui.allocate_exact_size(
        egui::vec2(lead + text.size().x, height),
        egui::Sense::hover(),
    );
    let mid = rect.center().y;
    separator(ui, &painter, rect, lead);
    let at = egui::pos2(rect.left() + lead, mid - text.size().y / 2.0);
    painter.galley(at, text, strong);
}

/// One team as a single block: separator, colour swatch, name, a gold token per Luck token
/// left and their number; hovering it says what the tokens are.
fn team_luck(ui: &mut egui::Ui, team: &TeamSpec, after_joiner: bool) {
    let colour = egui_colour(team.colour);
    let body = egui::TextStyle::Body.resolve(ui.style());
    let strong = ui.visuals().strong_text_color();
    let painter = ui.painter().clone();
    let name = painter.layout_no_wrap(team.name.clone(), body.clone(), colour);
    let count = painter.layout_no_wrap(team.luck.to_string(), body, strong);
    let height = ui.spacing().interact_size.y.max(name.size().y);
    let width = SWATCH
        + GAP
        + name.size().x
        + GAP
        + TOKEN * f32::from(team.luck)
        + GAP / 2.0
        + count.size().x;
    // Right after "&" or "vs" no separator line: the word separates.
    let lead = if after_joiner { 0.0 } else { lead(ui, width) };
    let (rect, response) =
        ui.allocate_exact_size(egui::vec2(lead + width, height), egui::Sense::hover());
    let mid = rect.center().y;
    separator(ui, &painter, rect, lead);
    let mut x = rect.left() + lead;
    let swatch = egui::Rect::from_min_size(
        egui::pos2(x, mid - SWATCH / 2.0),
        egui::vec2(SWATCH, SWATCH),
    );
    painter.rect_filled(swatch, 2.0, colour);
    x += SWATCH + GAP;
    let name_width = name.size().x;
    painter.galley(egui::pos2(x, mid - name.size().y / 2.0), name, colour);
    x += name_width + GAP;
    for _ in 0..team.luck {
        painter.circle_filled(egui::pos2(x + TOKEN / 2.0, mid), 6.0, LUCK_GOLD);
        x += TOKEN;
    }
    x += GAP / 2.0;
    painter.galley(egui::pos2(x, mid - count.size().y / 2.0), count, strong);
    response.on_hover_text(format!("{}: {} Luck token(s) left", team.name, team.luck));
}

#[cfg(test)]
mod tests {
    use super::{Part, arrange};

    #[test]
    fn ctrl_18_a_team_game_groups_allies_and_a_free_for_all_keeps_seat_order() {
        use Part::{Against, Ally, Team};
        // 2 vs 2: seats 1+3 (side 0) against 2+4 (side 1).
        assert_eq!(
            arrange(4, &[0, 1, 0, 1]),
            vec![Team(0), Ally, Team(2), Against, Team(1), Ally, Team(3)]
        );
        assert_eq!(arrange(3, &[0, 1, 2]), vec![Team(0), Team(1), Team(2)]);
        // Sides not known yet: seat order.
        assert_eq!(arrange(2, &[]), vec![Team(0), Team(1)]);
    }
}
