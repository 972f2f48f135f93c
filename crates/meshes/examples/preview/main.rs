//! Renders the table's visuals to PNG contact sheets with a small software renderer, to
//! judge silhouettes and colours without the app:
//!
//! ```text
//! cargo run -p redline-meshes --example preview -- /tmp/redline-preview
//! ```

mod font;
mod raster;
mod sheets;

fn main() {
    let out = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "/tmp/redline-preview".into());
    let out = std::path::PathBuf::from(out);
    std::fs::create_dir_all(&out).expect("output folder");
    let assets = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../assets");
    let textures = raster::load_textures(&assets);
    for (name, canvas) in sheets::all(&textures) {
        let path = out.join(format!("{name}.png"));
        canvas.save(&path).expect("write png");
        println!("{}", path.display());
    }
}
