//! The mat at the Low rendering quality. The mat is level and, at Low, lit by one key light
//! and the ambient with no shadows, so every point of it gets the same light: worked out
//! once ([`super::lighting::on_level_ground`]) and multiplied in by a small shader
//! (`flat_mat.wgsl`: texture × vertex colour × light). On a CPU rasteriser the mat covers
//! most of the pixels of the view, and the full PBR shader there was most of the frame
//! (docs/table.md, Speed).

use bevy::asset::embedded_asset;
use bevy::prelude::*;
use bevy::render::render_resource::AsBindGroup;
use bevy::shader::ShaderRef;

/// The mat's material at Low: its texture and tiling, under a fixed light.
#[derive(Asset, TypePath, AsBindGroup, Debug, Clone)]
pub(crate) struct FlatMat {
    /// The light on level ground (linear RGB; can exceed 1).
    #[uniform(0)]
    pub light: LinearRgba,
    /// UV scale (x, y) of the texture: one repeat per this many inches, inverted.
    #[uniform(1)]
    pub tile: Vec4,
    /// The surface's texture; the default image (white) for an untextured surface.
    #[texture(2)]
    #[sampler(3)]
    pub texture: Handle<Image>,
}

impl Material for FlatMat {
    fn fragment_shader() -> ShaderRef {
        ShaderRef::Path("embedded://redline/table/visuals/flat_mat.wgsl".into())
    }
}

impl FlatMat {
    /// The flat version of a lit mat material under `light`: its texture and tiling; its
    /// base colour is white on the mat's batches (the colours are in the vertices).
    pub fn of(material: &StandardMaterial, light: LinearRgba) -> FlatMat {
        let scale = material.uv_transform.matrix2;
        let tint = material.base_color.to_linear();
        FlatMat {
            light: LinearRgba::rgb(
                light.red * tint.red,
                light.green * tint.green,
                light.blue * tint.blue,
            ),
            tile: Vec4::new(scale.x_axis.x, scale.y_axis.y, 0.0, 0.0),
            texture: material.base_color_texture.clone().unwrap_or_default(),
        }
    }
}

/// The material and its shader, built into the binary (needs the asset server).
pub(crate) fn plugin(app: &mut App) {
    embedded_asset!(app, "flat_mat.wgsl");
    app.add_plugins(MaterialPlugin::<FlatMat>::default());
}
