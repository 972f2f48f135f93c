//! Labels on the table while an action is aimed at a model: each +1 on the piece or model
//! that gives it, the barrier that blocks the Path of Attack, and the odds over the target.

use bevy::prelude::*;
use bevy_egui::egui;

use crate::headless::flow::aim::AimPreview;
use crate::screens::theme::BAD;

const COVER: egui::Color32 = egui::Color32::from_rgb(250, 204, 40);

/// Draws the aimed action's labels where the camera sees their points.
pub(super) fn show(
    ctx: &egui::Context,
    preview: &AimPreview,
    (cam, cam_transform): (&Camera, &GlobalTransform),
) {
    let AimPreview::Target(t) = preview else {
        return;
    };
    let Some(poa) = &t.poa else {
        return;
    };
    let painter = ctx.layer_painter(egui::LayerId::new(egui::Order::Middle, "poa_labels".into()));
    let mut marks: Vec<(&str, Vec3, egui::Color32)> = poa
        .cover
        .iter()
        .map(|c| (c.label.as_str(), c.at, COVER))
        .collect();
    if let Some(b) = &poa.blocked_by {
        marks.push((b.label.as_str(), b.at, BAD));
    }
    if let Some(worst) = t.worst_case() {
        let text = format!(
            "{:.0}% ({:.0}% with Luck)",
            worst.odds.plain * 100.0,
            worst.odds.actor_luck * 100.0
        );
        if let Ok(p) = cam.world_to_viewport(cam_transform, poa.to + Vec3::Y * 1.2) {
            label(&painter, egui::pos2(p.x, p.y), &text, egui::Color32::WHITE);
        }
    }
    for (text, at, colour) in marks {
        if let Ok(p) = cam.world_to_viewport(cam_transform, at) {
            label(&painter, egui::pos2(p.x, p.y), text, colour);
        }
    }
}

fn label(painter: &egui::Painter, at: egui::Pos2, text: &str, colour: egui::Color32) {
    let galley = painter.layout_no_wrap(text.to_string(), egui::FontId::proportional(14.0), colour);
    let rect = egui::Rect::from_center_size(at, galley.size() + egui::vec2(10.0, 6.0));
    painter.rect_filled(
        rect,
        4.0,
        egui::Color32::from_rgba_unmultiplied(10, 10, 14, 220),
    );
    painter.galley(rect.min + egui::vec2(5.0, 3.0), galley, colour);
}
