//! The committed textures are exactly what the generator makes, small, tiling, and in muted
//! tones only (no saturated green, yellow or red: those colours belong to the rules).

use std::path::Path;

use redline_meshes::Texture;
use redline_meshes::texture::{SIZE, pixels};

fn committed(t: Texture) -> (Vec<u8>, u64) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../assets")
        .join(t.path());
    let bytes = std::fs::metadata(&path).expect("committed texture").len();
    let decoder = png::Decoder::new(std::io::BufReader::new(
        std::fs::File::open(&path).expect("open"),
    ));
    let mut reader = decoder.read_info().expect("png");
    let mut buf = vec![0; reader.output_buffer_size().expect("size")];
    let info = reader.next_frame(&mut buf).expect("frame");
    assert_eq!(
        (info.width as usize, info.height as usize),
        (SIZE, SIZE),
        "{t:?}"
    );
    assert_eq!(info.color_type, png::ColorType::Rgb, "{t:?}");
    buf.truncate(info.buffer_size());
    (buf, bytes)
}

#[test]
fn committed_textures_are_what_the_generator_makes() {
    let mut total = 0;
    for t in Texture::ALL {
        let (file, bytes) = committed(t);
        assert!(
            file == pixels(t).as_flattened(),
            "{t:?}: assets/{} differs from the generator; run `cargo run -p redline-meshes --example textures`",
            t.path()
        );
        total += bytes;
    }
    assert!(total < 2_000_000, "textures take {total} bytes");
}

#[test]
fn the_generator_is_deterministic() {
    for t in Texture::ALL {
        assert_eq!(pixels(t), pixels(t), "{t:?}");
    }
}

/// Saturation (0..1) of an sRGB colour.
fn saturation(c: [u8; 3]) -> f32 {
    let max = f32::from(c.iter().copied().max().unwrap_or(0));
    let min = f32::from(c.iter().copied().min().unwrap_or(0));
    if max > 0.0 { (max - min) / max } else { 0.0 }
}

#[test]
fn textures_stay_muted() {
    for t in Texture::ALL {
        let px = pixels(t);
        let loud = px.iter().filter(|c| saturation(**c) > 0.5).count();
        assert!(loud * 100 < px.len(), "{t:?}: {loud} saturated pixels");
        let mean = px
            .iter()
            .map(|c| f32::from(c[0]) + f32::from(c[1]) + f32::from(c[2]))
            .sum::<f32>()
            / (px.len() as f32 * 3.0);
        let spread = (px
            .iter()
            .map(|c| (f32::from(c[1]) - mean).powi(2))
            .sum::<f32>()
            / px.len() as f32)
            .sqrt();
        // Low-contrast detail: the standard deviation of a channel stays small.
        assert!(spread < 40.0, "{t:?}: contrast {spread:.1}");
    }
}
