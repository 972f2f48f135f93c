//! A top-down picture of the table: `ppi` pixels per inch, north up, no border, so pixel
//! (x, y) shows the table point (x / ppi, y / ppi). Drawn with plotters' bitmap backend and
//! encoded with `png`. The pieces' numbers are drawn by this module itself with `ab_glyph`
//! in the Hack font from `epaint_default_fonts`, not by plotters: no system font library is
//! needed, and the browser build draws them too (plotters' text there uses the page's fonts,
//! which it can measure but not draw into a bitmap).

use ab_glyph::{Font, FontRef, PxScale, ScaleFont, point};
use plotters::prelude::*;
use redline_battlespace::{OpeningKind, SceneryKind};

use crate::outline::TablePlan;

/// The table's colour.
pub const TABLE_RGB: [u8; 3] = [247, 247, 242];
/// A barrier's fill.
pub const BARRIER_RGB: [u8; 3] = [158, 163, 179];
/// An obstacle's fill.
pub const OBSTACLE_RGB: [u8; 3] = [219, 204, 163];
const GRID_RGB: [u8; 3] = [214, 214, 208];

/// Why a picture can't be made.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PngError {
    /// The picture would be empty or larger than 16384 pixels a side.
    #[error("a {width} x {height} pixel picture is out of range (1 to 16384 a side)")]
    Size {
        /// Pixels across.
        width: u32,
        /// Pixels down.
        height: u32,
    },
    /// Drawing or encoding failed.
    #[error("cannot draw the picture: {0}")]
    Draw(String),
}

fn rgb([r, g, b]: [u8; 3]) -> RGBColor {
    RGBColor(r, g, b)
}

/// The PNG bytes of `plan` at `ppi` pixels per inch.
pub fn png(plan: &TablePlan, ppi: u32) -> Result<Vec<u8>, PngError> {
    let width = (plan.width * ppi as f32).round() as u32;
    let height = (plan.depth * ppi as f32).round() as u32;
    if !(1..=16384).contains(&width) || !(1..=16384).contains(&height) {
        return Err(PngError::Size { width, height });
    }
    let mut buf = vec![0u8; (width * height * 3) as usize];
    draw(&mut buf, (width, height), plan, ppi as f32).map_err(|e| PngError::Draw(e.to_string()))?;
    numbers(&mut buf, (width, height), plan, ppi as f32)?;
    let mut out = Vec::new();
    let mut enc = ::png::Encoder::new(&mut out, width, height);
    enc.set_color(::png::ColorType::Rgb);
    enc.set_depth(::png::BitDepth::Eight);
    let mut w = enc
        .write_header()
        .map_err(|e| PngError::Draw(e.to_string()))?;
    w.write_image_data(&buf)
        .map_err(|e| PngError::Draw(e.to_string()))?;
    w.finish().map_err(|e| PngError::Draw(e.to_string()))?;
    Ok(out)
}

fn draw(
    buf: &mut [u8],
    size: (u32, u32),
    plan: &TablePlan,
    ppi: f32,
) -> Result<(), Box<dyn std::error::Error>> {
    let root = BitMapBackend::with_buffer(buf, size).into_drawing_area();
    root.fill(&rgb(TABLE_RGB))?;
    let px = |p: [f32; 2]| ((p[0] * ppi).round() as i32, (p[1] * ppi).round() as i32);
    let (w, h) = (size.0 as i32, size.1 as i32);
    for i in 1..plan.width.ceil() as i32 {
        let x = (i as f32 * ppi).round() as i32;
        root.draw(&PathElement::new(vec![(x, 0), (x, h)], rgb(GRID_RGB)))?;
    }
    for i in 1..plan.depth.ceil() as i32 {
        let y = (i as f32 * ppi).round() as i32;
        root.draw(&PathElement::new(vec![(0, y), (w, y)], rgb(GRID_RGB)))?;
    }
    for piece in &plan.pieces {
        for part in &piece.parts {
            let fill = match part.kind {
                SceneryKind::Barrier => BARRIER_RGB,
                SceneryKind::Obstacle => OBSTACLE_RGB,
            };
            let pts: Vec<(i32, i32)> = part.polygon.iter().map(|p| px(*p)).collect();
            root.draw(&Polygon::new(pts.clone(), rgb(fill).filled()))?;
            let mut ring = pts;
            ring.push(ring[0]);
            let width = if part.elevated { 3 } else { 1 };
            root.draw(&PathElement::new(ring, BLACK.stroke_width(width)))?;
            for o in &part.openings {
                let colour = match o.kind {
                    OpeningKind::Door => WHITE,
                    OpeningKind::Window => RGBColor(90, 154, 242),
                };
                let stroke = ((0.2 * ppi).round() as u32).max(2);
                root.draw(&PathElement::new(
                    vec![px(o.from), px(o.to)],
                    colour.stroke_width(stroke),
                ))?;
            }
        }
    }
    root.present()?;
    Ok(())
}

/// Draws each piece's number in black, centred on its label point, into the RGB picture
/// `buf` of `size` pixels: each glyph's coverage darkens the pixels under it.
fn numbers(buf: &mut [u8], size: (u32, u32), plan: &TablePlan, ppi: f32) -> Result<(), PngError> {
    let font = FontRef::try_from_slice(epaint_default_fonts::HACK_REGULAR)
        .map_err(|_| PngError::Draw("the built-in font does not load".into()))?;
    let scale = PxScale::from((0.3 * ppi).round().max(9.0));
    let scaled = font.as_scaled(scale);
    for piece in &plan.pieces {
        let label = piece.number.to_string();
        let width: f32 = label
            .chars()
            .map(|c| scaled.h_advance(scaled.glyph_id(c)))
            .sum();
        let mut x = piece.label_at[0] * ppi - width / 2.0;
        // Centred on the label point between the ascent and the descent (below zero).
        let baseline = piece.label_at[1] * ppi + (scaled.ascent() + scaled.descent()) / 2.0;
        for c in label.chars() {
            let id = scaled.glyph_id(c);
            let glyph = id.with_scale_and_position(scale, point(x, baseline));
            x += scaled.h_advance(id);
            let Some(outline) = font.outline_glyph(glyph) else {
                continue;
            };
            let bounds = outline.px_bounds();
            outline.draw(|gx, gy, coverage| {
                let px = bounds.min.x as i64 + i64::from(gx);
                let py = bounds.min.y as i64 + i64::from(gy);
                if px < 0 || py < 0 || px >= i64::from(size.0) || py >= i64::from(size.1) {
                    return;
                }
                let i = (py as usize * size.0 as usize + px as usize) * 3;
                let keep = 1.0 - coverage.clamp(0.0, 1.0);
                for v in &mut buf[i..i + 3] {
                    *v = (f32::from(*v) * keep).round() as u8;
                }
            });
        }
    }
    Ok(())
}
