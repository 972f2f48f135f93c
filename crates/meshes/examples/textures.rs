//! Writes the table's tiling textures (`redline_meshes::texture`) to `assets/textures/`.
//!
//! ```text
//! cargo run -p redline-meshes --example textures            # writes assets/textures/
//! cargo run -p redline-meshes --example textures -- OUT_DIR # writes elsewhere
//! ```

use std::path::{Path, PathBuf};

use redline_meshes::Texture;
use redline_meshes::texture::{SIZE, pixels};

fn main() {
    let out = std::env::args().nth(1).map_or_else(
        || Path::new(env!("CARGO_MANIFEST_DIR")).join("../../assets"),
        PathBuf::from,
    );
    for t in Texture::ALL {
        let path = out.join(t.path());
        std::fs::create_dir_all(path.parent().expect("folder")).expect("create folder");
        write_png(&path, &pixels(t)).expect("write texture");
        println!("{}", path.display());
    }
}

fn write_png(path: &Path, px: &[[u8; 3]]) -> std::io::Result<()> {
    let file = std::fs::File::create(path)?;
    let mut enc = png::Encoder::new(std::io::BufWriter::new(file), SIZE as u32, SIZE as u32);
    enc.set_color(png::ColorType::Rgb);
    enc.set_depth(png::BitDepth::Eight);
    enc.set_compression(png::Compression::High);
    let mut w = enc.write_header().map_err(std::io::Error::other)?;
    w.write_image_data(px.as_flattened())
        .map_err(std::io::Error::other)
}
