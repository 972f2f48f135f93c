//! The table as one SVG at 1:1: the document's size is the table's in inches and one user
//! unit is one inch, x east and y south (the table's z), so a footprint's points are its
//! table coordinates. Each piece is a `<g>` with `id="piece-N"` and `data-name`.

use std::fmt::Write as _;

use redline_battlespace::{OpeningKind, SceneryKind};

use super::title_of;
use crate::outline::TablePlan;

/// Escapes text for SVG content and attributes.
fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

fn points(polygon: &[[f32; 2]]) -> String {
    polygon
        .iter()
        .map(|p| format!("{:.3},{:.3}", p[0], p[1]))
        .collect::<Vec<_>>()
        .join(" ")
}

/// The SVG text for `plan`.
pub fn svg(plan: &TablePlan) -> String {
    let (w, d) = (plan.width, plan.depth);
    let mut s = String::new();
    let _ = writeln!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}in" height="{d}in" viewBox="0 0 {w} {d}">"#
    );
    let _ = writeln!(s, "<title>{}</title>", escape(&title_of(plan)));
    let _ = writeln!(
        s,
        r##"<rect id="table" x="0" y="0" width="{w}" height="{d}" fill="#f7f7f2" stroke="#000" stroke-width="0.04"/>"##
    );
    let mut grid = String::new();
    for i in 1..w.ceil() as usize {
        let _ = write!(grid, "M{i} 0V{d}");
    }
    for i in 1..d.ceil() as usize {
        let _ = write!(grid, "M0 {i}H{w}");
    }
    let _ = writeln!(
        s,
        r##"<path id="grid" d="{grid}" stroke="#ccc" stroke-width="0.01" fill="none"/>"##
    );
    for piece in &plan.pieces {
        let _ = writeln!(
            s,
            r#"<g id="piece-{}" data-name="{}" data-tags="{}">"#,
            piece.number,
            escape(&piece.name),
            escape(&piece.tags.join(", "))
        );
        for part in &piece.parts {
            let fill = match part.kind {
                SceneryKind::Barrier => "#9ea3b3",
                SceneryKind::Obstacle => "#dbcca3",
            };
            let stroke = if part.elevated { 0.06 } else { 0.03 };
            let _ = writeln!(
                s,
                r##"<polygon points="{}" fill="{fill}" stroke="#1a1a1a" stroke-width="{stroke}"/>"##,
                points(&part.polygon)
            );
            for o in &part.openings {
                let colour = match o.kind {
                    OpeningKind::Door => "#ffffff",
                    OpeningKind::Window => "#5a9af2",
                };
                let _ = writeln!(
                    s,
                    r#"<line x1="{:.3}" y1="{:.3}" x2="{:.3}" y2="{:.3}" stroke="{colour}" stroke-width="0.2"/>"#,
                    o.from[0], o.from[1], o.to[0], o.to[1]
                );
            }
            for l in &part.ladders {
                let _ = writeln!(
                    s,
                    r##"<rect x="{:.3}" y="{:.3}" width="0.3" height="0.3" fill="#cc3319"/>"##,
                    l[0] - 0.15,
                    l[1] - 0.15
                );
            }
        }
        let [x, y] = piece.label_at;
        let _ = writeln!(
            s,
            r#"<text x="{x:.3}" y="{y:.3}" font-family="sans-serif" font-size="0.3" font-weight="bold" text-anchor="middle">{}. {}</text>"#,
            piece.number,
            escape(&piece.name)
        );
        let _ = writeln!(
            s,
            r#"<text x="{x:.3}" y="{:.3}" font-family="sans-serif" font-size="0.22" text-anchor="middle">{}</text>"#,
            y + 0.3,
            escape(&piece.tags.join(", "))
        );
        s.push_str("</g>\n");
    }
    s.push_str("</svg>\n");
    s
}
