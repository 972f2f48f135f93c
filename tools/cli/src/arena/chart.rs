//! The arena's PNG chart, drawn with plotters' bitmap backend into a buffer and encoded with
//! `png`. Text uses ab_glyph with the Hack font from `epaint_default_fonts` (already in the
//! dependency tree), so no system font library is needed.

use std::fs::File;
use std::io::BufWriter;
use std::path::Path;

use plotters::prelude::*;
use plotters::style::FontStyle;

use super::stats::Timing;

/// One pairing's bar.
#[derive(Debug, Clone)]
pub struct Row {
    /// "easy vs random".
    pub label: String,
    /// Wins, draws, losses of the first bot.
    pub wdl: [u32; 3],
    /// 95% interval of the win rate.
    pub ci: (f64, f64),
}

const WIDTH: u32 = 1000;
const LEFT: i32 = 230;
const RIGHT: i32 = 960;
const FONT: &str = "arena-mono";

/// Draws the chart to `path`: one bar of wins / draws / losses per pairing with the win
/// rate's interval as a whisker, then each bot's median and p95 ms per decision on a log
/// scale.
pub fn write(path: &Path, rows: &[Row], timings: &[(String, Timing)]) -> Result<(), String> {
    // Registering twice (a second chart in the same run) is harmless.
    plotters::style::register_font(FONT, FontStyle::Normal, epaint_default_fonts::HACK_REGULAR)
        .map_err(|_| "the built-in font does not load".to_owned())?;
    let height = 90 + 50 * rows.len() as u32 + 70 + 44 * timings.len() as u32 + 20;
    let mut buf = vec![0u8; (WIDTH * height * 3) as usize];
    draw(&mut buf, height, rows, timings).map_err(|e| format!("drawing the chart: {e}"))?;
    let file = File::create(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let mut enc = png::Encoder::new(BufWriter::new(file), WIDTH, height);
    enc.set_color(png::ColorType::Rgb);
    enc.set_depth(png::BitDepth::Eight);
    let mut w = enc
        .write_header()
        .map_err(|e| format!("{}: {e}", path.display()))?;
    w.write_image_data(&buf)
        .map_err(|e| format!("{}: {e}", path.display()))?;
    w.finish().map_err(|e| format!("{}: {e}", path.display()))
}

fn draw(
    buf: &mut [u8],
    height: u32,
    rows: &[Row],
    timings: &[(String, Timing)],
) -> Result<(), Box<dyn std::error::Error>> {
    let root = BitMapBackend::with_buffer(buf, (WIDTH, height)).into_drawing_area();
    root.fill(&WHITE)?;
    let font = |size: i32| (FONT, size).into_font();
    let text = |s: &str, x: i32, y: i32, size: i32| Text::new(s.to_owned(), (x, y), font(size));
    let x_of = |f: f64| LEFT + ((RIGHT - LEFT) as f64 * f.clamp(0.0, 1.0)).round() as i32;
    root.draw(&text(
        "Arena: wins / draws / losses of the first bot (whisker: 95% Wilson interval)",
        16,
        14,
        18,
    ))?;
    let legend = [
        ("win", RGBColor(60, 160, 80)),
        ("draw", RGBColor(170, 170, 170)),
        ("loss", RGBColor(200, 70, 60)),
    ];
    for (i, (name, colour)) in legend.iter().enumerate() {
        let x = LEFT + 110 * i as i32;
        root.draw(&Rectangle::new([(x, 46), (x + 16, 62)], colour.filled()))?;
        root.draw(&text(name, x + 22, 46, 15))?;
    }
    let mut y = 80;
    for row in rows {
        let n = row.wdl.iter().sum::<u32>().max(1);
        root.draw(&text(&row.label, 16, y + 10, 16))?;
        let mut from = 0.0;
        for (count, (_, colour)) in row.wdl.iter().zip(legend.iter()) {
            let to = from + f64::from(*count) / f64::from(n);
            if to > from {
                root.draw(&Rectangle::new(
                    [(x_of(from), y), (x_of(to), y + 34)],
                    colour.filled(),
                ))?;
            }
            from = to;
        }
        let (lo, hi) = (x_of(row.ci.0), x_of(row.ci.1));
        let whisker = BLACK.stroke_width(2);
        root.draw(&PathElement::new(vec![(lo, y + 17), (hi, y + 17)], whisker))?;
        root.draw(&PathElement::new(vec![(lo, y + 9), (lo, y + 25)], whisker))?;
        root.draw(&PathElement::new(vec![(hi, y + 9), (hi, y + 25)], whisker))?;
        let rate = f64::from(row.wdl[0]) / f64::from(n);
        root.draw(&text(
            &format!(
                "{:.1}% ({:.1}-{:.1})",
                100.0 * rate,
                100.0 * row.ci.0,
                100.0 * row.ci.1
            ),
            x_of(rate).min(RIGHT - 170) + 4,
            y + 36,
            12,
        ))?;
        y += 50;
    }
    y += 20;
    root.draw(&text(
        "ms per decision: median (dark) and p95 (light), log scale 0.001 ms - 10 s",
        16,
        y,
        18,
    ))?;
    y += 36;
    let log_x = |ms: f64| {
        let (lo, hi) = (-3.0f64, 4.0f64);
        x_of((ms.max(1e-3).log10() - lo) / (hi - lo))
    };
    for (name, t) in timings {
        root.draw(&text(name, 16, y + 8, 16))?;
        root.draw(&Rectangle::new(
            [(LEFT, y), (log_x(t.p95_ms), y + 28)],
            RGBColor(150, 180, 230).filled(),
        ))?;
        root.draw(&Rectangle::new(
            [(LEFT, y + 6), (log_x(t.median_ms), y + 22)],
            RGBColor(40, 80, 160).filled(),
        ))?;
        root.draw(&text(
            &format!("{:.3} | {:.3} ms", t.median_ms, t.p95_ms),
            log_x(t.p95_ms).min(RIGHT - 160) + 6,
            y + 8,
            13,
        ))?;
        y += 44;
    }
    root.present()?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_chart_is_a_png_of_the_expected_size_with_ink_on_it() {
        let dir = std::env::temp_dir().join(format!("arena-chart-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("chart.png");
        let rows = vec![Row {
            label: "easy vs random".into(),
            wdl: [30, 5, 5],
            ci: (0.6, 0.86),
        }];
        let t = Timing::of(&[0.1, 0.2, 5.0]);
        write(&path, &rows, &[("easy".into(), t)]).unwrap();
        let decoder = png::Decoder::new(std::io::BufReader::new(File::open(&path).unwrap()));
        let mut reader = decoder.read_info().unwrap();
        let mut img = vec![0; reader.output_buffer_size().unwrap()];
        let info = reader.next_frame(&mut img).unwrap();
        assert_eq!((info.width, info.height), (WIDTH, 90 + 50 + 70 + 44 + 20));
        let px = |x: u32, y: u32| {
            let i = ((y * info.width + x) * 3) as usize;
            [img[i], img[i + 1], img[i + 2]]
        };
        // Inside the win part of the bar: green; the background: white.
        assert_eq!(px(LEFT as u32 + 40, 85), [60, 160, 80]);
        assert_eq!(px(WIDTH - 5, height_minus(info.height)), [255, 255, 255]);
        // Some text was drawn (dark pixels in the title line).
        let dark = (0..400).filter(|&x| px(x, 22)[0] < 100).count();
        assert!(dark > 20, "no title text drawn");
        std::fs::remove_dir_all(&dir).ok();
    }

    fn height_minus(h: u32) -> u32 {
        h - 5
    }
}
