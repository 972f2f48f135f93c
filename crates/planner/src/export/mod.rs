//! Exports for the real table, all drawn from a [`TablePlan`]:
//!
//! * [`pdf`]: a 1:1 printable PDF tiled on A4 or Letter with overlap, crop marks and grid
//!   labels (A1, A2, … B1, …), after a one-page overview with each piece's distances from the
//!   table's edges and a 10" scale bar to check the printer's scale.
//! * [`svg`]: the whole table as one SVG, 1:1 (its size is given in inches).
//! * [`png`]: a top-down picture at a chosen number of pixels per inch.
//!
//! Paper is tiled in whichever orientation needs fewer sheets; [`tiling`] says how.

mod font;
pub mod pdf;
pub mod png;
pub mod svg;

use serde::Serialize;

use crate::outline::TablePlan;

pub use redline_battlespace::MM_PER_INCH;
/// PDF points in an inch.
pub const PT_PER_INCH: f32 = 72.0;
/// Unprinted margin on every side of a sheet, mm: room for crop marks and labels, and
/// wider than what most printers can't reach.
pub const MARGIN_MM: f32 = 10.0;
/// How far neighbouring tiles repeat each other's edge, mm, so sheets can be taped together
/// without a gap.
pub const OVERLAP_MM: f32 = 10.0;

/// A sheet size.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum Paper {
    /// ISO A4, 210 × 297 mm.
    A4,
    /// US Letter, 8.5 × 11 in.
    Letter,
}

impl Paper {
    /// Width and height upright, in mm.
    pub fn portrait_mm(self) -> [f32; 2] {
        match self {
            Paper::A4 => [210.0, 297.0],
            Paper::Letter => [8.5 * MM_PER_INCH, 11.0 * MM_PER_INCH],
        }
    }

    /// The paper's name as printed ("A4", "Letter").
    pub fn name(self) -> &'static str {
        match self {
            Paper::A4 => "A4",
            Paper::Letter => "Letter",
        }
    }
}

/// How a table is cut into sheets.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Tiling {
    /// The paper.
    pub paper: Paper,
    /// Whether the sheets lie on their long side.
    pub landscape: bool,
    /// Sheet width and height as laid, mm.
    pub sheet_mm: [f32; 2],
    /// The printed area inside the margins, mm.
    pub printable_mm: [f32; 2],
    /// How far each tile starts from the one before it (printable less overlap), mm.
    pub step_mm: [f32; 2],
    /// Tiles along the table's x (west to east): the numbers 1, 2, …
    pub columns: usize,
    /// Tiles along the table's z (north to south): the letters A, B, …
    pub rows: usize,
}

impl Tiling {
    /// Number of tile sheets (the overview page not counted).
    pub fn tiles(&self) -> usize {
        self.columns.saturating_mul(self.rows)
    }

    /// The table point (inches) at the top-left corner of tile (`row`, `column`).
    pub fn origin_in(&self, row: usize, column: usize) -> [f32; 2] {
        [
            column as f32 * self.step_mm[0] / MM_PER_INCH,
            row as f32 * self.step_mm[1] / MM_PER_INCH,
        ]
    }
}

/// How many tiles of `printable` mm, each starting `step` mm after the last, cover `length`.
/// Never wraps: a length past any table's (refused before export, docs/limits.md) gives a
/// count that saturates instead.
fn tiles_along(length: f32, printable: f32, step: f32) -> usize {
    if length <= printable {
        return 1;
    }
    // `as` saturates (infinity becomes usize::MAX), and so does the sum.
    let more = ((length - printable) / step - 1e-4).ceil() as usize;
    more.saturating_add(1)
}

/// How a `width` × `depth` inch table is tiled on `paper`: the orientation needing fewer
/// sheets (upright when equal), with [`MARGIN_MM`] margins and [`OVERLAP_MM`] overlap.
pub fn tiling(width: f32, depth: f32, paper: Paper) -> Tiling {
    let [pw, ph] = paper.portrait_mm();
    let make = |landscape: bool| {
        let sheet_mm = if landscape { [ph, pw] } else { [pw, ph] };
        let printable_mm = sheet_mm.map(|s| s - 2.0 * MARGIN_MM);
        let step_mm = printable_mm.map(|p| p - OVERLAP_MM);
        Tiling {
            paper,
            landscape,
            sheet_mm,
            printable_mm,
            step_mm,
            columns: tiles_along(width * MM_PER_INCH, printable_mm[0], step_mm[0]),
            rows: tiles_along(depth * MM_PER_INCH, printable_mm[1], step_mm[1]),
        }
    };
    let (upright, lying) = (make(false), make(true));
    if lying.tiles() < upright.tiles() {
        lying
    } else {
        upright
    }
}

/// The grid label of a tile: its row letter (A, B, … Z, AA, …) then its column number from 1.
pub fn tile_label(row: usize, column: usize) -> String {
    let mut letters = Vec::new();
    let mut r = row + 1;
    while r > 0 {
        r -= 1;
        letters.push(char::from(b'A' + (r % 26) as u8));
        r /= 26;
    }
    letters.iter().rev().collect::<String>() + &(column + 1).to_string()
}

/// Inches as printed: one decimal, a trailing `"`.
pub fn inches(v: f32) -> String {
    format!("{v:.1}\"")
}

/// The title line every export carries.
pub fn title_of(plan: &TablePlan) -> String {
    format!(
        "{} - {}\" x {}\" table, {} pieces",
        plan.name,
        trim(plan.width),
        trim(plan.depth),
        plan.pieces.len()
    )
}

/// A size without a needless ".0".
fn trim(v: f32) -> String {
    if v.fract() == 0.0 {
        format!("{v:.0}")
    } else {
        format!("{v:.1}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_run_a1_to_aa1() {
        assert_eq!(tile_label(0, 0), "A1");
        assert_eq!(tile_label(1, 2), "B3");
        assert_eq!(tile_label(26, 0), "AA1");
    }

    #[test]
    fn a_huge_length_saturates_instead_of_wrapping() {
        let t = tiling(1e38, 1e38, Paper::A4);
        assert_eq!((t.columns, t.rows), (usize::MAX, usize::MAX));
        assert_eq!(t.tiles(), usize::MAX);
    }

    #[test]
    fn a_table_smaller_than_a_sheet_is_one_tile() {
        let t = tiling(6.0, 6.0, Paper::A4);
        assert_eq!((t.columns, t.rows), (1, 1));
        assert!(!t.landscape);
    }
}
