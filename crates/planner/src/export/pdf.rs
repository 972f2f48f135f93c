//! The printable PDF: page 1 is an overview of the whole table (pieces numbered, each one's
//! distances from the nearer edges, the tile grid, a 10" scale bar printed 1:1), then one
//! sheet per tile at 1:1 with crop marks, overlap strips and its grid label.
//!
//! Everything is drawn in plain page points (no `cm` transform), ASCII text in the PDF's
//! built-in Helvetica, content streams left uncompressed: a reader — or a test — can measure
//! any line straight from the file. Text beyond ASCII (a piece named "Café", "Склад") is
//! drawn in an embedded Unicode font ([`super::font`]), written only when the table needs
//! it. The scale bar is wrapped in marked content tagged `/ScaleBar`.

use pdf_writer::{Content, Finish, Name, Pdf, Rect, Ref, Str, TextStr};

use super::font;
use super::{
    MARGIN_MM, MM_PER_INCH, OVERLAP_MM, PT_PER_INCH, Paper, Tiling, inches, tile_label, tiling,
    title_of,
};
use crate::outline::{PieceOutline, TablePlan, edge_word};
use redline_battlespace::{OpeningKind, SceneryKind};

const FONT: Name<'static> = Name(b"F1");
const BOLD: Name<'static> = Name(b"F2");
/// The embedded Unicode font, for text Helvetica can't show.
const UNICODE: Name<'static> = Name(b"F3");
/// The marked-content tag around the scale bar.
pub const SCALE_BAR_TAG: &str = "ScaleBar";
/// Length of the overview's scale bar, inches.
pub const SCALE_BAR_INCHES: f32 = 10.0;

fn mm(v: f32) -> f32 {
    v / MM_PER_INCH * PT_PER_INCH
}

/// Maps table inches to page points: `x` right from `ox`, `z` down from `oy`.
#[derive(Clone, Copy)]
struct Frame {
    ox: f32,
    oy: f32,
    scale: f32,
}

impl Frame {
    fn pt(&self, [x, z]: [f32; 2]) -> (f32, f32) {
        (self.ox + x * self.scale, self.oy - z * self.scale)
    }
}

/// How much of the table drawing to show.
#[derive(Clone, Copy)]
struct Detail {
    /// A line every inch (1:1 tiles) rather than every 6".
    inch_grid: bool,
    /// Names and tags on the footprints, at this font size; numbers only when `None`.
    labels: Option<f32>,
}

/// The PDF for `plan` on `paper`: the overview page, then the tiles row by row.
pub fn pdf(plan: &TablePlan, paper: Paper) -> Vec<u8> {
    let tiles = tiling(plan.width, plan.depth, paper);
    let pages = 1 + tiles.tiles();
    let catalog_id = Ref::new(1);
    let tree_id = Ref::new(2);
    let font_id = Ref::new(3);
    let bold_id = Ref::new(4);
    let info_id = Ref::new(5);
    let page_ids: Vec<Ref> = (0..pages).map(|i| Ref::new(6 + 2 * i as i32)).collect();
    let content_ids: Vec<Ref> = (0..pages).map(|i| Ref::new(7 + 2 * i as i32)).collect();

    let mut doc = Pdf::new();
    doc.catalog(catalog_id).pages(tree_id);
    doc.pages(tree_id)
        .kids(page_ids.iter().copied())
        .count(pages as i32);
    doc.type1_font(font_id).base_font(Name(b"Helvetica"));
    doc.type1_font(bold_id).base_font(Name(b"Helvetica-Bold"));
    // Every text of the plan's own (the rest is this file's ASCII): the Unicode font is
    // embedded only when one of them needs it, with the glyphs they use.
    let title = title_of(plan);
    let mut own: Vec<&str> = vec![&title, &plan.name];
    for p in &plan.pieces {
        own.push(&p.name);
        own.extend(p.tags.iter().map(String::as_str));
    }
    let unicode_id = Ref::new(6 + 2 * pages as i32);
    let unicode = !own.iter().all(|t| font::is_plain(t));
    if unicode {
        font::write(&mut doc, unicode_id, &own);
    }
    doc.document_info(info_id)
        .title(TextStr(&title))
        .creator(TextStr("Redline terrain planner"));

    let [pw, ph] = paper.portrait_mm().map(mm);
    let mut contents = vec![(overview(plan, &tiles, [ph, pw]), [ph, pw])];
    let sheet = tiles.sheet_mm.map(mm);
    for row in 0..tiles.rows {
        for column in 0..tiles.columns {
            contents.push((tile(plan, &tiles, row, column, pages), sheet));
        }
    }
    for (i, (content, [w, h])) in contents.into_iter().enumerate() {
        let mut page = doc.page(page_ids[i]);
        page.media_box(Rect::new(0.0, 0.0, w, h))
            .parent(tree_id)
            .contents(content_ids[i]);
        let mut resources = page.resources();
        let mut fonts = resources.fonts();
        fonts.pair(FONT, font_id).pair(BOLD, bold_id);
        if unicode {
            fonts.pair(UNICODE, unicode_id);
        }
        fonts.finish();
        resources.finish();
        page.finish();
        doc.stream(content_ids[i], &content.finish());
    }
    doc.finish()
}

/// A label's width: a rough Helvetica advance for ASCII, good enough to centre it; the
/// embedded font's own advances otherwise.
fn text_width(text: &str, size: f32) -> f32 {
    if !font::is_plain(text) {
        return font::width(text, size);
    }
    let em: f32 = text
        .chars()
        .map(|c| match c {
            'i' | 'j' | 'l' | '.' | ',' | ' ' | '\'' | '"' | '!' | '|' | 'I' | 't' | 'f' => 0.28,
            'm' | 'w' | 'M' | 'W' => 0.83,
            'A'..='Z' => 0.67,
            _ => 0.54,
        })
        .sum();
    em * size
}

fn text(c: &mut Content, face: Name, size: f32, (x, y): (f32, f32), s: &str) {
    c.begin_text();
    if font::is_plain(s) {
        c.set_font(face, size);
        c.next_line(x, y);
        c.show(Str(s.as_bytes()));
    } else {
        c.set_font(UNICODE, size);
        c.next_line(x, y);
        c.show(Str(&font::encode(s)));
    }
    c.end_text();
}

fn centred(c: &mut Content, font: Name, size: f32, (x, y): (f32, f32), s: &str) {
    text(c, font, size, (x - text_width(s, size) / 2.0, y), s);
}

fn polygon(c: &mut Content, frame: Frame, points: &[[f32; 2]]) {
    for (i, p) in points.iter().enumerate() {
        let (x, y) = frame.pt(*p);
        if i == 0 {
            c.move_to(x, y);
        } else {
            c.line_to(x, y);
        }
    }
    c.close_path();
}

fn line(c: &mut Content, a: (f32, f32), b: (f32, f32)) {
    c.move_to(a.0, a.1);
    c.line_to(b.0, b.1);
    c.stroke();
}

/// The table, its grid and every footprint, in `frame`.
fn draw_table(c: &mut Content, plan: &TablePlan, frame: Frame, detail: Detail) {
    let (x0, y0) = frame.pt([0.0, 0.0]);
    let (x1, y1) = frame.pt([plan.width, plan.depth]);
    c.set_fill_gray(0.97);
    c.rect(x0, y1, x1 - x0, y0 - y1);
    c.fill_nonzero();
    c.set_stroke_gray(0.8);
    c.set_line_width(0.3);
    let step = if detail.inch_grid { 1 } else { 6 };
    for i in (step..plan.width.ceil() as usize).step_by(step) {
        line(
            c,
            frame.pt([i as f32, 0.0]),
            frame.pt([i as f32, plan.depth]),
        );
    }
    for i in (step..plan.depth.ceil() as usize).step_by(step) {
        line(
            c,
            frame.pt([0.0, i as f32]),
            frame.pt([plan.width, i as f32]),
        );
    }
    for piece in &plan.pieces {
        draw_piece(c, piece, frame);
    }
    c.set_stroke_gray(0.0);
    c.set_line_width(1.0);
    c.rect(x0, y1, x1 - x0, y0 - y1);
    c.stroke();
    for piece in &plan.pieces {
        let (x, y) = frame.pt(piece.label_at);
        c.set_fill_gray(0.0);
        match detail.labels {
            Some(size) => {
                let name = format!("{}. {}", piece.number, piece.name);
                centred(c, BOLD, size, (x, y + 1.0), &name);
                let tags = piece.tags.join(", ");
                centred(c, FONT, size * 0.8, (x, y - size), &tags);
            }
            None => centred(c, BOLD, 6.0, (x, y - 2.0), &piece.number.to_string()),
        }
    }
}

fn draw_piece(c: &mut Content, piece: &PieceOutline, frame: Frame) {
    for part in &piece.parts {
        match part.kind {
            SceneryKind::Barrier => c.set_fill_rgb(0.62, 0.64, 0.7),
            SceneryKind::Obstacle => c.set_fill_rgb(0.86, 0.8, 0.64),
        };
        c.set_stroke_gray(0.1);
        c.set_line_width(if part.elevated { 1.6 } else { 0.8 });
        polygon(c, frame, &part.polygon);
        c.fill_nonzero_and_stroke();
        for o in &part.openings {
            match o.kind {
                OpeningKind::Door => c.set_stroke_gray(1.0),
                OpeningKind::Window => c.set_stroke_rgb(0.35, 0.6, 0.95),
            };
            c.set_line_width(frame.scale * 0.2);
            line(c, frame.pt(o.from), frame.pt(o.to));
        }
        c.set_fill_rgb(0.8, 0.2, 0.1);
        for l in &part.ladders {
            let (x, y) = frame.pt(*l);
            let r = frame.scale * 0.15;
            c.rect(x - r, y - r, 2.0 * r, 2.0 * r);
            c.fill_nonzero();
        }
    }
}

/// The overview page, lying: the table to scale, the tile grid over it, each piece's edge
/// distances, a list of pieces and the 1:1 scale bar.
fn overview(plan: &TablePlan, tiles: &Tiling, [w, h]: [f32; 2]) -> Content {
    let mut c = Content::new();
    let m = mm(MARGIN_MM);
    c.set_fill_gray(0.0);
    text(&mut c, BOLD, 13.0, (m, h - m - 10.0), &title_of(plan));
    let how = format!(
        "Overview. Then {} {} sheets{} ({} across x {} down, labelled A1 to {}), {:.0} mm \
         overlap. Print at 100% (\"actual size\", no fit to page).",
        tiles.tiles(),
        tiles.paper.name(),
        if tiles.landscape {
            " lying"
        } else {
            " upright"
        },
        tiles.columns,
        tiles.rows,
        tile_label(tiles.rows - 1, tiles.columns - 1),
        OVERLAP_MM
    );
    text(&mut c, FONT, 8.0, (m, h - m - 24.0), &how);

    let top = h - m - 40.0;
    let bottom = m + 52.0;
    let box_w = (w - 2.0 * m) * 0.62;
    let scale = (box_w / plan.width).min((top - bottom) / plan.depth);
    let frame = Frame {
        ox: m,
        oy: top,
        scale,
    };
    draw_table(
        &mut c,
        plan,
        frame,
        Detail {
            inch_grid: false,
            labels: None,
        },
    );
    // The tile grid: where each sheet's own (not overlapped) part begins.
    c.set_stroke_rgb(0.2, 0.4, 0.85);
    c.set_line_width(0.5);
    c.set_dash_pattern([3.0, 2.0], 0.0);
    for row in 0..tiles.rows {
        for column in 0..tiles.columns {
            let [x, z] = tiles.origin_in(row, column);
            let [sw, sd] = tiles.printable_mm.map(|v| v / MM_PER_INCH);
            let corners = [
                [x, z],
                [(x + sw).min(plan.width), z],
                [(x + sw).min(plan.width), (z + sd).min(plan.depth)],
                [x, (z + sd).min(plan.depth)],
            ];
            polygon(&mut c, frame, &corners);
            c.stroke();
            c.set_fill_rgb(0.2, 0.4, 0.85);
            let (tx, ty) = frame.pt([x + 0.3, z + 0.3]);
            text(&mut c, BOLD, 7.0, (tx, ty - 6.0), &tile_label(row, column));
        }
    }
    c.set_dash_pattern([], 0.0);
    // Edge distances: from the nearer edge to the footprint, along the piece's middle.
    c.set_stroke_rgb(0.8, 0.1, 0.1);
    c.set_fill_rgb(0.8, 0.1, 0.1);
    c.set_line_width(0.4);
    for piece in &plan.pieces {
        let [dx, dz] = piece.from_edges;
        let [cx, cz] = piece.label_at;
        let b = piece.bounds;
        let (edge_x, foot_x) = if dx.edge == redline_battlespace::Edge::West {
            (0.0, b[0])
        } else {
            (plan.width, b[2])
        };
        let (edge_z, foot_z) = if dz.edge == redline_battlespace::Edge::North {
            (0.0, b[1])
        } else {
            (plan.depth, b[3])
        };
        if dx.inches > 0.05 {
            let (a, e) = (frame.pt([edge_x, cz]), frame.pt([foot_x, cz]));
            line(&mut c, a, e);
            centred(
                &mut c,
                FONT,
                5.0,
                ((a.0 + e.0) / 2.0, a.1 + 1.5),
                &inches(dx.inches),
            );
        }
        if dz.inches > 0.05 {
            let (a, e) = (frame.pt([cx, edge_z]), frame.pt([cx, foot_z]));
            line(&mut c, a, e);
            text(
                &mut c,
                FONT,
                5.0,
                (a.0 + 1.5, (a.1 + e.1) / 2.0),
                &inches(dz.inches),
            );
        }
    }
    legend(&mut c, plan, m + box_w + 14.0, top, bottom);
    scale_bar(&mut c, m, m + 14.0);
    c
}

/// The numbered list of pieces: name and tags, then where to put it.
fn legend(c: &mut Content, plan: &TablePlan, x: f32, top: f32, bottom: f32) {
    let lead = 8.0;
    let fits = ((top - bottom) / (2.0 * lead)).floor().max(1.0) as usize;
    let mut y = top - 6.0;
    c.set_fill_gray(0.0);
    text(
        c,
        BOLD,
        8.0,
        (x, y),
        "Pieces (distances: nearest point of the footprint)",
    );
    y -= lead + 2.0;
    let shown = if plan.pieces.len() > fits {
        fits - 1
    } else {
        plan.pieces.len()
    };
    for piece in &plan.pieces[..shown] {
        let head = format!(
            "{}. {} - {}",
            piece.number,
            piece.name,
            piece.tags.join(", ")
        );
        text(c, FONT, 6.5, (x, y), &head);
        let [dx, dz] = piece.from_edges;
        let place = format!(
            "     {} from {}, {} from {}, turned {:.0} deg",
            inches(dx.inches),
            edge_word(dx.edge),
            inches(dz.inches),
            edge_word(dz.edge),
            piece.rotation_deg
        );
        text(c, FONT, 6.5, (x, y - lead * 0.9), &place);
        y -= 2.0 * lead;
    }
    if shown < plan.pieces.len() {
        let more = format!(
            "... and {} more: each tile names its pieces",
            plan.pieces.len() - shown
        );
        text(c, FONT, 6.5, (x, y), &more);
    }
}

/// The 10" bar printed 1:1, in alternating inches, with a line saying what to measure.
fn scale_bar(c: &mut Content, x: f32, y: f32) {
    let len = SCALE_BAR_INCHES * PT_PER_INCH;
    let high = 6.0;
    c.set_fill_gray(0.0);
    text(
        c,
        FONT,
        7.0,
        (x, y + high + 12.0),
        "Scale check: this bar is 10 in (254 mm) long when printed at 100%.",
    );
    c.begin_marked_content(Name(SCALE_BAR_TAG.as_bytes()));
    for i in (0..SCALE_BAR_INCHES as usize).step_by(2) {
        c.rect(x + i as f32 * PT_PER_INCH, y, PT_PER_INCH, high);
        c.fill_nonzero();
    }
    c.set_stroke_gray(0.0);
    c.set_line_width(0.5);
    c.rect(x, y, len, high);
    c.stroke();
    c.end_marked_content();
    for i in 0..=SCALE_BAR_INCHES as usize {
        centred(
            c,
            FONT,
            6.0,
            (x + i as f32 * PT_PER_INCH, y + high + 2.5),
            &i.to_string(),
        );
    }
}

/// One 1:1 sheet: the part of the table it covers, clipped to the printable area, then its
/// label, its neighbours, the overlap strips and crop marks in the margin.
fn tile(plan: &TablePlan, tiles: &Tiling, row: usize, column: usize, pages: usize) -> Content {
    let mut c = Content::new();
    let [w, h] = tiles.sheet_mm.map(mm);
    let m = mm(MARGIN_MM);
    let [x0, z0] = tiles.origin_in(row, column);
    let frame = Frame {
        ox: m - x0 * PT_PER_INCH,
        oy: h - m + z0 * PT_PER_INCH,
        scale: PT_PER_INCH,
    };
    let (pw, ph) = (w - 2.0 * m, h - 2.0 * m);
    c.save_state();
    c.rect(m, m, pw, ph);
    c.clip_nonzero();
    c.end_path();
    draw_table(
        &mut c,
        plan,
        frame,
        Detail {
            inch_grid: true,
            labels: Some(8.0),
        },
    );
    // Overlap strips: the part the next sheet right or below repeats.
    let overlap = mm(OVERLAP_MM);
    c.set_stroke_rgb(0.2, 0.4, 0.85);
    c.set_line_width(0.5);
    c.set_dash_pattern([4.0, 3.0], 0.0);
    if column + 1 < tiles.columns {
        line(&mut c, (w - m - overlap, m), (w - m - overlap, h - m));
    }
    if row + 1 < tiles.rows {
        line(&mut c, (m, m + overlap), (w - m, m + overlap));
    }
    c.set_dash_pattern([], 0.0);
    c.restore_state();

    crop_marks(&mut c, [m, m, w - m, h - m]);
    let label = tile_label(row, column);
    c.set_fill_gray(0.0);
    text(&mut c, BOLD, 14.0, (m + 8.0, h - m + 6.0), &label);
    let span = format!(
        "{} - table x {} to {}, z {} to {} from the north-west corner - sheet {} of {}",
        plan.name,
        inches(x0),
        inches((x0 + pw / PT_PER_INCH).min(plan.width)),
        inches(z0),
        inches((z0 + ph / PT_PER_INCH).min(plan.depth)),
        row * tiles.columns + column + 2,
        pages
    );
    text(&mut c, FONT, 7.0, (m + 44.0, h - m + 8.0), &span);
    let mut next = Vec::new();
    if column + 1 < tiles.columns {
        next.push(format!(
            "{} goes right, over the dashed strip",
            tile_label(row, column + 1)
        ));
    }
    if row + 1 < tiles.rows {
        next.push(format!(
            "{} goes below, over the dashed strip",
            tile_label(row + 1, column)
        ));
    }
    let foot = if next.is_empty() {
        "Last sheet. Print at 100%.".to_owned()
    } else {
        format!("{}. Print at 100%.", next.join("; "))
    };
    text(&mut c, FONT, 7.0, (m + 8.0, m - 14.0), &foot);
    c
}

/// Short marks in the margin at each corner of the printable area, for trimming.
fn crop_marks(c: &mut Content, [l, b, r, t]: [f32; 4]) {
    let (gap, len) = (mm(1.5), mm(6.0));
    c.set_stroke_gray(0.0);
    c.set_line_width(0.3);
    for (x, y, dx, dy) in [
        (l, b, -1.0, -1.0),
        (r, b, 1.0, -1.0),
        (l, t, -1.0, 1.0),
        (r, t, 1.0, 1.0),
    ] {
        line(c, (x + dx * gap, y), (x + dx * (gap + len), y));
        line(c, (x, y + dy * gap), (x, y + dy * (gap + len)));
    }
}
