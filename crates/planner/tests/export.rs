//! Exports for the real table: the tiled PDF's page count and 1:1 scale bar, read back from
//! the file itself; the SVG's size and a footprint's place; the PNG's size and pixels.

use redline_content::schema::{Layout, PlacedPiece};
use redline_planner::export::pdf::{SCALE_BAR_TAG, pdf};
use redline_planner::export::png::{BARRIER_RGB, TABLE_RGB, png};
use redline_planner::export::svg::svg;
use redline_planner::export::{MARGIN_MM, OVERLAP_MM, Paper, tiling};
use redline_planner::table_plan;

fn one_container(at: [f32; 2], rotation_deg: f32) -> Layout {
    Layout {
        id: "test".into(),
        name: "One container".into(),
        size: [30.0, 22.0],
        pieces: vec![PlacedPiece {
            piece: "container".into(),
            at,
            elevation: 0.0,
            rotation_deg,
            label: Some("Box & co".into()),
            tags: Vec::new(),
        }],
        text: String::new(),
    }
}

fn standard_layout() -> Layout {
    let catalog = redline_content::starter();
    catalog
        .layouts
        .iter()
        .find(|l| l.size == [30.0, 22.0])
        .expect("the starter pack has a 22\"x30\" layout")
        .clone()
}

/// The indirect object `n 0 obj … endobj`'s text.
fn object(file: &str, n: u32) -> &str {
    let head = format!("\n{n} 0 obj");
    let start = file.find(&head).unwrap_or_else(|| panic!("object {n}")) + head.len();
    let end = start + file[start..].find("endobj").unwrap();
    &file[start..end]
}

/// The number before ` 0 R` after `key` in `text`.
fn reference(text: &str, key: &str) -> u32 {
    let at = text.find(key).unwrap_or_else(|| panic!("{key}")) + key.len();
    text[at..]
        .split_whitespace()
        .next()
        .unwrap()
        .parse()
        .unwrap()
}

/// The content stream of page `index` (0-based), following the page tree.
fn page_content(file: &str, index: usize) -> (String, String) {
    let catalog_pages = reference(file, "/Pages ");
    let tree = object(file, catalog_pages);
    let kids = &tree[tree.find("/Kids [").unwrap() + 7..];
    let kid: u32 = kids
        .split(" 0 R")
        .nth(index)
        .unwrap()
        .trim()
        .parse()
        .unwrap();
    let page = object(file, kid).to_owned();
    let stream_obj = object(file, reference(&page, "/Contents "));
    let body =
        &stream_obj[stream_obj.find("stream").unwrap() + 6..stream_obj.rfind("endstream").unwrap()];
    (page, body.to_owned())
}

/// A page's `/MediaBox` numbers.
fn media_box(page: &str) -> Vec<f32> {
    let at = page.find("/MediaBox [").unwrap() + 11;
    let end = at + page[at..].find(']').unwrap();
    page[at..end]
        .split_whitespace()
        .map(|t| t.parse().unwrap())
        .collect()
}

fn close(a: &[f32], b: &[f32]) -> bool {
    a.len() == b.len() && a.iter().zip(b).all(|(x, y)| (x - y).abs() < 0.01)
}

fn numbers_before(tokens: &[&str], i: usize, n: usize) -> Vec<f32> {
    tokens[i - n..i]
        .iter()
        .map(|t| t.parse().unwrap())
        .collect()
}

#[test]
fn a_22_by_30_table_on_a4_takes_twelve_tiles_and_an_overview() {
    // A4 less two 10 mm margins prints 190 x 277 mm; each next tile starts 10 mm before the
    // last one ends, so a tile adds 180 (or 267) mm. The table is 762 x 558.8 mm.
    // Upright: x needs 1 + ceil((762 - 190) / 180) = 5, z 1 + ceil((558.8 - 277) / 267) = 3
    // (15 sheets). Lying: x 1 + ceil((762 - 277) / 267) = 3, z 1 + ceil((558.8 - 190) / 180)
    // = 4 (12 sheets). Lying wins: 12 tiles plus the overview.
    assert_eq!((MARGIN_MM, OVERLAP_MM), (10.0, 10.0));
    let t = tiling(30.0, 22.0, Paper::A4);
    assert!(t.landscape);
    assert_eq!((t.columns, t.rows), (3, 4));

    let catalog = redline_content::starter();
    let plan = table_plan(&catalog, &standard_layout()).unwrap();
    let bytes = pdf(&plan, Paper::A4);
    let file = String::from_utf8_lossy(&bytes);
    assert!(file.starts_with("%PDF-"));
    let tree = object(&file, reference(&file, "/Pages "));
    assert_eq!(reference(tree, "/Count "), 13);
    let pages = file.matches("/Type /Page\n").count()
        + file.matches("/Type /Page\r").count()
        + file.matches("/Type /Page/").count()
        + file.matches("/Type /Page ").count();
    assert_eq!(pages, 13, "page objects in the file");
    // The last sheet is D3.
    let (_, last) = page_content(&file, 12);
    assert!(last.contains("(D3) Tj"), "{last}");
}

#[test]
fn the_overview_scale_bar_is_254_mm_in_pdf_units() {
    let catalog = redline_content::starter();
    let plan = table_plan(&catalog, &standard_layout()).unwrap();
    let bytes = pdf(&plan, Paper::A4);
    let file = String::from_utf8_lossy(&bytes);
    let (page, content) = page_content(&file, 0);
    // Page 1 is an A4 sheet lying, in default user units (1/72 in), nothing rescaled.
    let a4_lying = [0.0, 0.0, 297.0 / 25.4 * 72.0, 210.0 / 25.4 * 72.0];
    assert!(close(&media_box(&page), &a4_lying), "{page}");
    assert!(!page.contains("/UserUnit"));
    let tokens: Vec<&str> = content.split_whitespace().collect();
    assert!(
        !tokens.contains(&"cm"),
        "no transform: page units are points"
    );
    let start = tokens
        .iter()
        .position(|t| *t == format!("/{SCALE_BAR_TAG}"))
        .expect("the scale bar is tagged");
    assert_eq!(tokens[start + 1], "BMC");
    let end = start + tokens[start..].iter().position(|t| *t == "EMC").unwrap();
    let (mut left, mut right) = (f32::MAX, f32::MIN);
    for i in start..end {
        if tokens[i] == "re" {
            let v = numbers_before(&tokens, i, 4);
            left = left.min(v[0]);
            right = right.max(v[0] + v[2]);
        }
    }
    let mm = (right - left) / 72.0 * 25.4;
    assert!((mm - 254.0).abs() < 0.01, "the bar measures {mm} mm");
}

#[test]
fn letter_paper_tiles_differently_and_names_every_sheet() {
    let catalog = redline_content::starter();
    let plan = table_plan(&catalog, &standard_layout()).unwrap();
    let t = tiling(30.0, 22.0, Paper::Letter);
    let bytes = pdf(&plan, Paper::Letter);
    let file = String::from_utf8_lossy(&bytes);
    let tree = object(&file, reference(&file, "/Pages "));
    assert_eq!(reference(tree, "/Count ") as usize, 1 + t.tiles());
    let (page, content) = page_content(&file, 1);
    let [w, h] = t.sheet_mm.map(|v| v / 25.4 * 72.0);
    assert!(close(&media_box(&page), &[0.0, 0.0, w, h]), "{page}");
    assert!(
        close(&[w.min(h), w.max(h)], &[612.0, 792.0]),
        "Letter is 8.5 x 11 in"
    );
    assert!(content.contains("(A1) Tj"));
}

fn svg_polygon_bounds(text: &str) -> [f32; 4] {
    let g = text.find("<g id=\"piece-1\"").expect("piece 1's group");
    let p = g + text[g..].find("points=\"").unwrap() + 8;
    let pts = &text[p..p + text[p..].find('"').unwrap()];
    let mut b = [f32::MAX, f32::MAX, f32::MIN, f32::MIN];
    for pair in pts.split_whitespace() {
        let (x, y) = pair.split_once(',').unwrap();
        let (x, y): (f32, f32) = (x.parse().unwrap(), y.parse().unwrap());
        b = [b[0].min(x), b[1].min(y), b[2].max(x), b[3].max(y)];
    }
    b
}

#[test]
fn the_svg_is_table_sized_and_puts_a_container_where_it_was_placed() {
    let catalog = redline_content::starter();
    // The container is 8" x 3"; placed at (10, 5) it spans x 6..14, z 3.5..6.5.
    let plan = table_plan(&catalog, &one_container([10.0, 5.0], 0.0)).unwrap();
    let text = svg(&plan);
    assert!(text.contains(r#"width="30in" height="22in" viewBox="0 0 30 22""#));
    assert!(
        text.contains("data-name=\"Box &amp; co\""),
        "names are escaped"
    );
    assert!(text.contains("barrier, 3.5&quot; high, elevated"));
    let b = svg_polygon_bounds(&text);
    for (got, want) in b.iter().zip([6.0, 3.5, 14.0, 6.5]) {
        assert!((got - want).abs() < 1e-3, "{b:?}");
    }
    // Turned a quarter, it runs along z instead.
    let turned = svg(&table_plan(&catalog, &one_container([10.0, 8.0], 90.0)).unwrap());
    let b = svg_polygon_bounds(&turned);
    for (got, want) in b.iter().zip([8.5, 4.0, 11.5, 12.0]) {
        assert!((got - want).abs() < 1e-3, "{b:?}");
    }
}

#[test]
fn the_png_is_ppi_sized_with_the_container_drawn_in_place() {
    let catalog = redline_content::starter();
    let plan = table_plan(&catalog, &one_container([10.0, 5.0], 0.0)).unwrap();
    let bytes = png(&plan, 20).unwrap();
    let decoder = ::png::Decoder::new(std::io::Cursor::new(bytes));
    let mut reader = decoder.read_info().unwrap();
    let mut buf = vec![0; reader.output_buffer_size().unwrap()];
    let info = reader.next_frame(&mut buf).unwrap();
    assert_eq!((info.width, info.height), (600, 440));
    let pixel = |x: f32, z: f32| {
        let (px, py) = ((x * 20.0) as usize, (z * 20.0) as usize);
        let i = (py * 600 + px) * 3;
        [buf[i], buf[i + 1], buf[i + 2]]
    };
    // Inside the footprint, near its north-west corner (away from the number in the middle).
    assert_eq!(pixel(6.6, 4.1), BARRIER_RGB);
    assert_eq!(pixel(13.4, 6.1), BARRIER_RGB);
    // Half an inch outside it, between grid lines: bare table.
    assert_eq!(pixel(5.5, 4.5), TABLE_RGB);
    assert_eq!(pixel(10.5, 7.3), TABLE_RGB);
    assert!(png(&plan, 0).is_err());
}

#[test]
fn names_beyond_ascii_are_drawn_in_an_embedded_unicode_font() {
    let catalog = redline_content::starter();
    let mut layout = one_container([15.0, 11.0], 0.0);
    let plain = pdf(&table_plan(&catalog, &layout).unwrap(), Paper::A4);
    let plain_text = String::from_utf8_lossy(&plain);
    assert!(
        !plain_text.contains("/FontFile2"),
        "ASCII needs no embedded font"
    );
    assert!(!plain_text.contains("/F3"));

    layout.pieces[0].label = Some("Café Łódź — Склад".into());
    let bytes = pdf(&table_plan(&catalog, &layout).unwrap(), Paper::A4);
    let file = String::from_utf8_lossy(&bytes);
    assert!(file.contains("/Subtype /Type0"), "a Type 0 font");
    assert!(file.contains("/Encoding /Identity-H"));
    assert!(file.contains("/CIDFontType2"));
    assert!(file.contains("/FontFile2"));
    assert!(file.contains("/BaseFont /RDLINE+Ubuntu-Light"));
    // The ToUnicode map gives back what was typed: é is U+00E9, С is U+0421.
    let cmap = &file[file.find("begincmap").unwrap()..file.find("endcmap").unwrap()];
    assert!(cmap.contains("<00E9>"), "{cmap}");
    assert!(cmap.contains("<0421>"), "{cmap}");
    // A tile showing the piece draws its name in the Unicode font; the overview's legend too.
    let (_, overview) = page_content(&file, 0);
    assert!(overview.contains("/F3 "), "{overview}");
    // Only the glyphs used are embedded: the file stays small.
    assert!(
        bytes.len() < plain.len() + 40_000,
        "{} bytes with the font, {} without",
        bytes.len(),
        plain.len()
    );
    // Never a '?' for a character the font has.
    assert!(!file.contains("Caf? "));
}

/// The RGB pixels of a PNG and its width.
fn decoded(bytes: Vec<u8>) -> (Vec<u8>, usize) {
    let decoder = ::png::Decoder::new(std::io::Cursor::new(bytes));
    let mut reader = decoder.read_info().unwrap();
    let mut buf = vec![0; reader.output_buffer_size().unwrap()];
    let info = reader.next_frame(&mut buf).unwrap();
    (buf, info.width as usize)
}

#[test]
fn the_png_draws_each_piece_s_number_on_its_label_point() {
    // Two containers, pieces 1 and 2: near each label point dark pixels make up the digit
    // (the outline is more than an inch away), and the two digits differ.
    let mut layout = one_container([8.0, 6.0], 0.0);
    let mut second = layout.pieces[0].clone();
    second.at = [20.0, 14.0];
    layout.pieces.push(second);
    let catalog = redline_content::starter();
    let plan = table_plan(&catalog, &layout).unwrap();
    let ppi = 40.0;
    let (buf, width) = decoded(png(&plan, ppi as u32).unwrap());
    // Dark pixels within a third of an inch of a point, as offsets from it.
    let dark_near = |at: [f32; 2]| -> Vec<(i32, i32)> {
        let (cx, cy) = ((at[0] * ppi) as i32, (at[1] * ppi) as i32);
        let r = (ppi / 3.0) as i32;
        let mut dark = Vec::new();
        for dy in -r..=r {
            for dx in -r..=r {
                let i = ((cy + dy) as usize * width + (cx + dx) as usize) * 3;
                if buf[i..i + 3].iter().all(|&v| v < 80) {
                    dark.push((dx, dy));
                }
            }
        }
        dark
    };
    let (one, two) = (
        dark_near(plan.pieces[0].label_at),
        dark_near(plan.pieces[1].label_at),
    );
    assert_eq!(plan.pieces[0].number + 1, plan.pieces[1].number);
    assert!(
        one.len() > 10 && two.len() > 10,
        "{} and {} dark pixels",
        one.len(),
        two.len()
    );
    assert_ne!(one, two, "two different numbers");
    // Away from the numbers and the outline, inside the footprint: the barrier's fill.
    let i = (((6.0 - 1.0) * ppi) as usize * width + ((8.0 - 2.5) * ppi) as usize) * 3;
    assert_eq!(buf[i..i + 3], BARRIER_RGB);
}
