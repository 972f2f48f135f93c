//! The Planner screen's table: the mat to scale with its 1" grid and quarter lines, the
//! deployment zones, the exposure heat map, the pieces (obstacles sand, barriers brick,
//! elevated tops outlined, the selection in yellow), open firing lanes, climbing routes onto
//! elevated tops and the Path of Attack
//! checked; and what clicks and drags on it do.

use bevy::prelude::*;
use bevy_egui::egui;
use redline_battlespace::BASE_27MM_RADIUS;

use crate::headless::planner::checks::Checks;
use crate::headless::planner::{Planner, PlannerIntent};
use crate::screens::planner::TableTool;

/// Zone colours by seat.
const SEAT_COLOURS: [egui::Color32; 4] = [
    egui::Color32::from_rgb(220, 70, 60),
    egui::Color32::from_rgb(70, 130, 230),
    egui::Color32::from_rgb(80, 190, 100),
    egui::Color32::from_rgb(230, 190, 60),
];

/// Maps table inches to the screen and back.
#[derive(Clone, Copy)]
struct View {
    origin: egui::Pos2,
    scale: f32,
}

impl View {
    fn screen(&self, [x, z]: [f32; 2]) -> egui::Pos2 {
        self.origin + egui::vec2(x * self.scale, z * self.scale)
    }

    fn table(&self, p: egui::Pos2) -> [f32; 2] {
        let v = (p - self.origin) / self.scale;
        [v.x, v.y]
    }
}

/// The top-down table with everything drawn on it, and what clicks and drags on it do.
pub(super) fn table(
    ui: &mut egui::Ui,
    planner: &Planner,
    tool: &mut TableTool,
    out: &mut MessageWriter<PlannerIntent>,
) {
    let [w, d] = planner.layout().size;
    let (response, painter) =
        ui.allocate_painter(ui.available_size(), egui::Sense::click_and_drag());
    let area = response.rect.shrink(24.0);
    let scale = (area.width() / w).min(area.height() / d).max(1.0);
    let origin = area.center() - egui::vec2(w * scale, d * scale) / 2.0;
    let view = View { origin, scale };
    let pen = Pen {
        painter: &painter,
        view,
    };
    draw_mat(&pen, w, d);
    let c = &planner.checks;
    draw_heat(&pen, c);
    draw_zones(&pen, c, w, d);
    draw_pieces(&pen, planner, tool, &response);
    if planner.show_lanes {
        draw_lanes(&pen, c);
    }
    draw_climbs(&pen, c);
    draw_poa(&pen, planner);
    draw_box(&pen, tool, &response);
    interact(&response, view, planner, tool, out);
}

/// The painter and where the table lies on the screen.
struct Pen<'a> {
    painter: &'a egui::Painter,
    view: View,
}

/// The mat, its 1" grid (every 6" stronger) and the quarter lines.
fn draw_mat(pen: &Pen, w: f32, d: f32) {
    let (painter, view, scale) = (pen.painter, pen.view, pen.view.scale);
    let origin = view.origin;
    let mat = egui::Rect::from_min_size(origin, egui::vec2(w * scale, d * scale));
    painter.rect_filled(mat, 2.0, egui::Color32::from_rgb(48, 56, 52));
    for i in 0..=(w as i32) {
        let x = origin.x + i as f32 * scale;
        let strong = i % 6 == 0;
        painter.line_segment(
            [egui::pos2(x, mat.top()), egui::pos2(x, mat.bottom())],
            grid_stroke(strong),
        );
    }
    for i in 0..=(d as i32) {
        let y = origin.y + i as f32 * scale;
        painter.line_segment(
            [egui::pos2(mat.left(), y), egui::pos2(mat.right(), y)],
            grid_stroke(i % 6 == 0),
        );
    }
    let quarter = egui::Stroke::new(1.5, egui::Color32::from_rgb(120, 130, 125));
    painter.line_segment(
        [view.screen([w / 2.0, 0.0]), view.screen([w / 2.0, d])],
        quarter,
    );
    painter.line_segment(
        [view.screen([0.0, d / 2.0]), view.screen([w, d / 2.0])],
        quarter,
    );
}

/// The heat map: attacks within GREEN from all zones, cooler to hotter.
fn draw_heat(pen: &Pen, c: &Checks) {
    let (painter, view) = (pen.painter, pen.view);
    if let Some(heat) = &c.heat {
        let total = |col, row| -> Option<(u32, u32)> {
            let mut sum = None;
            for zone in 0..heat.zones.len() {
                if let Some(e) = heat.at(zone, col, row) {
                    let (a, o) = sum.unwrap_or((0, 0));
                    sum = Some((a + e.attackers, o + e.open));
                }
            }
            sum
        };
        let max = (0..heat.rows)
            .flat_map(|r| (0..heat.columns).map(move |c| (c, r)))
            .filter_map(|(c, r)| total(c, r).map(|t| t.0))
            .max()
            .unwrap_or(1)
            .max(1);
        for row in 0..heat.rows {
            for col in 0..heat.columns {
                let Some((attackers, open)) = total(col, row) else {
                    continue;
                };
                let [x, z] = heat.centre(col, row);
                let h = heat.cell / 2.0;
                let r = egui::Rect::from_min_max(
                    view.screen([x - h, z - h]),
                    view.screen([x + h, z + h]),
                );
                painter.rect_filled(r, 0.0, heat_colour(attackers, open, max));
            }
        }
    }
}

/// Deployment zones, over the heat map: the 1" cells whose centre is in the zone, tinted
/// in the seat's colour, with the zone's edge drawn where a neighbour cell is outside.
fn draw_zones(pen: &Pen, c: &Checks, w: f32, d: f32) {
    let (painter, view) = (pen.painter, pen.view);
    if let Some(space) = &c.space {
        let table = *space.table();
        let (cols, rows) = (w.floor() as i32, d.floor() as i32);
        for z in &c.zones {
            let colour = SEAT_COLOURS[usize::from(z.seat) % 4];
            let tint =
                egui::Color32::from_rgba_unmultiplied(colour.r(), colour.g(), colour.b(), 40);
            let edge = egui::Stroke::new(2.0, colour);
            let inside = |col: i32, row: i32| {
                (0..cols).contains(&col)
                    && (0..rows).contains(&row)
                    && redline_planner::generate::circle_in_zone(
                        &table,
                        [col as f32 + 0.5, row as f32 + 0.5],
                        0.0,
                        z.zone,
                    )
            };
            for row in 0..rows {
                for col in 0..cols {
                    if !inside(col, row) {
                        continue;
                    }
                    let (x, y) = (col as f32, row as f32);
                    let r = egui::Rect::from_min_max(
                        view.screen([x, y]),
                        view.screen([x + 1.0, y + 1.0]),
                    );
                    painter.rect_filled(r, 0.0, tint);
                    let sides = [
                        ((0, -1), [x, y], [x + 1.0, y]),
                        ((0, 1), [x, y + 1.0], [x + 1.0, y + 1.0]),
                        ((-1, 0), [x, y], [x, y + 1.0]),
                        ((1, 0), [x + 1.0, y], [x + 1.0, y + 1.0]),
                    ];
                    for ((dc, dr), from, to) in sides {
                        if !inside(col + dc, row + dr) {
                            painter.line_segment([view.screen(from), view.screen(to)], edge);
                        }
                    }
                }
            }
        }
    }
}

/// Pieces: obstacles sand, barriers brick; elevated tops outlined; the selection in yellow.
fn draw_pieces(pen: &Pen, planner: &Planner, tool: &TableTool, response: &egui::Response) {
    let (painter, view, scale) = (pen.painter, pen.view, pen.view.scale);
    let c = &planner.checks;
    let drag_delta = match (
        tool.drag,
        response.hover_pos().or(response.interact_pointer_pos()),
    ) {
        (Some((start, true)), Some(now)) if response.dragged() => {
            let now = view.table(now);
            Some([now[0] - start[0], now[1] - start[1]])
        }
        _ => None,
    };
    for part in &c.parts {
        let selected = planner.editor.selection().contains(&part.owner);
        let shift = match drag_delta {
            Some(delta) if selected => delta,
            _ => [0.0, 0.0],
        };
        let points: Vec<egui::Pos2> = part
            .polygon
            .iter()
            .map(|p| view.screen([p[0] + shift[0], p[1] + shift[1]]))
            .collect();
        let fill = if part.barrier {
            egui::Color32::from_rgb(150, 72, 58)
        } else {
            egui::Color32::from_rgb(196, 164, 100)
        };
        let stroke = if selected {
            egui::Stroke::new(2.5, egui::Color32::from_rgb(255, 230, 60))
        } else if part.elevated {
            egui::Stroke::new(2.0, egui::Color32::from_rgb(235, 235, 235))
        } else {
            egui::Stroke::new(1.0, egui::Color32::from_rgb(30, 30, 30))
        };
        painter.add(egui::Shape::convex_polygon(points, fill, stroke));
    }
    for (i, placed) in planner.layout().pieces.iter().enumerate() {
        if scale < 14.0 && !planner.editor.selection().contains(&i) {
            continue;
        }
        let name = placed
            .label
            .clone()
            .unwrap_or_else(|| placed.piece.replace('_', " "));
        painter.text(
            view.screen(placed.at),
            egui::Align2::CENTER_CENTER,
            name,
            egui::FontId::proportional(11.0),
            egui::Color32::from_rgb(20, 20, 20),
        );
    }
}

/// Open firing lanes longer than GREEN.
fn draw_lanes(pen: &Pen, c: &Checks) {
    let (painter, view) = (pen.painter, pen.view);
    let lane = egui::Stroke::new(
        2.0,
        egui::Color32::from_rgba_unmultiplied(80, 220, 240, 170),
    );
    for l in &c.lanes {
        painter.line_segment([view.screen(l.from), view.screen(l.to)], lane);
    }
}

/// Climbing routes onto elevated tops: the route walked and climbed, from a ring where
/// the model starts to a dot on the top; a cross on a top with no way up.
fn draw_climbs(pen: &Pen, c: &Checks) {
    let (painter, view, scale) = (pen.painter, pen.view, pen.view.scale);
    for r in &c.climbs {
        let colour = crate::screens::planner::checks::climb_colour(r.way);
        match &r.plan {
            Some(plan) => {
                let points: Vec<egui::Pos2> = r
                    .from
                    .iter()
                    .chain(&plan.path)
                    .map(|p| view.screen([p[0], p[2]]))
                    .collect();
                painter.add(egui::Shape::line(points, egui::Stroke::new(3.0, colour)));
                if let Some(start) = r.from {
                    painter.circle_stroke(
                        view.screen([start[0], start[2]]),
                        BASE_27MM_RADIUS * scale,
                        egui::Stroke::new(2.0, colour),
                    );
                }
                painter.circle_filled(
                    view.screen([plan.end[0], plan.end[2]]),
                    0.25 * scale,
                    colour,
                );
            }
            None => {
                if let Some(part) = c.parts.iter().find(|p| p.name == r.name && p.elevated) {
                    let n = part.polygon.len().max(1) as f32;
                    let (x, z) = part
                        .polygon
                        .iter()
                        .fold((0.0, 0.0), |(x, z), p| (x + p[0] / n, z + p[1] / n));
                    let m = view.screen([x, z]);
                    let d = 0.5 * scale;
                    let stroke = egui::Stroke::new(3.0, colour);
                    painter.line_segment([m + egui::vec2(-d, -d), m + egui::vec2(d, d)], stroke);
                    painter.line_segment([m + egui::vec2(-d, d), m + egui::vec2(d, -d)], stroke);
                }
            }
        }
    }
}

/// The Path of Attack checked.
fn draw_poa(pen: &Pen, planner: &Planner) {
    let (painter, view, scale) = (pen.painter, pen.view, pen.view.scale);
    if let Some(from) = planner.poa_from {
        painter.circle_filled(
            view.screen(from),
            BASE_27MM_RADIUS * scale,
            egui::Color32::from_rgb(230, 52, 46),
        );
    }
    if let Some(poa) = &planner.poa {
        let (a, b) = ([poa.from[0], poa.from[2]], [poa.to[0], poa.to[2]]);
        let colour = if poa.poa.blocked_by.is_some() {
            egui::Color32::from_rgb(240, 60, 50)
        } else if poa.poa.cover.is_empty() {
            egui::Color32::from_rgb(90, 230, 110)
        } else {
            egui::Color32::from_rgb(250, 190, 50)
        };
        painter.line_segment(
            [view.screen(a), view.screen(b)],
            egui::Stroke::new(scale, colour.gamma_multiply(0.35)),
        );
        painter.line_segment(
            [view.screen(a), view.screen(b)],
            egui::Stroke::new(2.0, colour),
        );
        painter.circle_filled(
            view.screen(a),
            BASE_27MM_RADIUS * scale,
            egui::Color32::from_rgb(230, 52, 46),
        );
        painter.circle_filled(
            view.screen(b),
            BASE_27MM_RADIUS * scale,
            egui::Color32::from_rgb(70, 130, 230),
        );
        if let Some(label) = poa.explanation.get(1) {
            painter.text(
                view.screen(b) + egui::vec2(0.0, -scale),
                egui::Align2::CENTER_BOTTOM,
                label,
                egui::FontId::proportional(13.0),
                egui::Color32::WHITE,
            );
        }
    }
}

/// A box being drawn to select.
fn draw_box(pen: &Pen, tool: &TableTool, response: &egui::Response) {
    let (painter, view) = (pen.painter, pen.view);
    if let (Some((start, false)), Some(now)) = (tool.drag, response.interact_pointer_pos())
        && response.dragged()
    {
        let r = egui::Rect::from_two_pos(view.screen(start), now);
        painter.rect_stroke(
            r,
            0.0,
            egui::Stroke::new(1.0, egui::Color32::from_rgb(255, 230, 60)),
            egui::StrokeKind::Inside,
        );
    }
}

/// Clicks place, select or measure; drags move the selection or draw a selection box.
fn interact(
    response: &egui::Response,
    view: View,
    planner: &Planner,
    tool: &mut TableTool,
    out: &mut MessageWriter<PlannerIntent>,
) {
    let shift = response.ctx.input(|i| i.modifiers.shift);
    if response.clicked()
        && let Some(pos) = response.interact_pointer_pos()
    {
        let at = view.table(pos);
        if let Some(piece) = &tool.placing {
            out.write(PlannerIntent::Place {
                piece: piece.clone(),
                at,
            });
        } else if tool.measuring {
            out.write(PlannerIntent::PoaPoint(at));
        } else {
            out.write(PlannerIntent::Select {
                index: planner.checks.piece_at(at),
                add: shift,
            });
        }
    }
    if response.drag_started()
        && let Some(pos) = response.interact_pointer_pos()
    {
        let at = view.table(pos);
        let hit = planner.checks.piece_at(at);
        let moves = hit.is_some();
        if let Some(i) = hit
            && !planner.editor.selection().contains(&i)
        {
            out.write(PlannerIntent::Select {
                index: Some(i),
                add: shift,
            });
        }
        tool.drag = Some((at, moves));
    }
    if response.drag_stopped()
        && let Some((start, moves)) = tool.drag.take()
        && let Some(pos) = response.interact_pointer_pos().or(response.hover_pos())
    {
        let end = view.table(pos);
        if moves {
            out.write(PlannerIntent::Move([end[0] - start[0], end[1] - start[1]]));
        } else {
            let (lo, hi) = (
                [start[0].min(end[0]), start[1].min(end[1])],
                [start[0].max(end[0]), start[1].max(end[1])],
            );
            let inside = planner
                .layout()
                .pieces
                .iter()
                .enumerate()
                .filter(|(_, p)| {
                    (lo[0]..=hi[0]).contains(&p.at[0]) && (lo[1]..=hi[1]).contains(&p.at[1])
                })
                .map(|(i, _)| i)
                .collect();
            out.write(PlannerIntent::SelectOnly(inside));
        }
    }
}

fn grid_stroke(strong: bool) -> egui::Stroke {
    if strong {
        egui::Stroke::new(
            1.0,
            egui::Color32::from_rgba_unmultiplied(255, 255, 255, 40),
        )
    } else {
        egui::Stroke::new(
            1.0,
            egui::Color32::from_rgba_unmultiplied(255, 255, 255, 14),
        )
    }
}

/// Blue where few attacks reach, through yellow to red where the most do; more opaque when
/// most of them find no cover.
fn heat_colour(attackers: u32, open: u32, max: u32) -> egui::Color32 {
    if attackers == 0 {
        return egui::Color32::from_rgba_unmultiplied(40, 90, 200, 70);
    }
    let t = attackers as f32 / max as f32;
    let (r, g, b) = if t < 0.5 {
        let u = t * 2.0;
        (40.0 + 210.0 * u, 90.0 + 130.0 * u, 200.0 - 160.0 * u)
    } else {
        let u = (t - 0.5) * 2.0;
        (250.0, 220.0 - 170.0 * u, 40.0)
    };
    let open_share = open as f32 / attackers as f32;
    let alpha = 90.0 + 80.0 * open_share;
    egui::Color32::from_rgba_unmultiplied(r as u8, g as u8, b as u8, alpha as u8)
}
