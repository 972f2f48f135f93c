//! Copies `redline-meshes`' plain data into Bevy: a [`redline_meshes::Mesh`] into a Bevy
//! mesh, a [`Surface`]'s material into one cached `StandardMaterial` per surface and colour
//! (the seat's colour on team surfaces, a token's on pips), textured from the loaded
//! [`TableTextures`]; once they are in, the materials the table draws with are made
//! before the first screen ([`build_materials`]).

use bevy::asset::RenderAssetUsages;
use bevy::math::Affine2;
use bevy::mesh::{Indices, PrimitiveTopology};
use bevy::platform::collections::HashMap;
use bevy::prelude::*;
use redline_meshes::{ColourSource, Surface, Texture};

use crate::table::assets::TableTextures;
use crate::table::visuals::batch::{Batch, Batching};

/// A Bevy mesh with the plain mesh's positions, normals, UVs, tints and indices.
pub(super) fn to_bevy(mesh: &redline_meshes::Mesh) -> Mesh {
    let mut out = Mesh::new(
        PrimitiveTopology::TriangleList,
        RenderAssetUsages::default(),
    );
    out.insert_attribute(Mesh::ATTRIBUTE_POSITION, mesh.positions.clone());
    out.insert_attribute(Mesh::ATTRIBUTE_NORMAL, mesh.normals.clone());
    out.insert_attribute(Mesh::ATTRIBUTE_UV_0, mesh.uvs.clone());
    if let Some(colours) = &mesh.colors {
        out.insert_attribute(Mesh::ATTRIBUTE_COLOR, colours.clone());
    }
    out.insert_indices(Indices::U32(mesh.indices.clone()));
    out
}

/// The materials made so far, one per surface and run-time colour.
#[derive(Resource, Default)]
pub(super) struct SurfaceMaterials {
    made: HashMap<(Surface, [u8; 4]), Handle<StandardMaterial>>,
    batches: HashMap<Batch, Handle<StandardMaterial>>,
    plain: HashMap<([u8; 4], bool), Handle<StandardMaterial>>,
}

/// What colours a team or token surface (ignored by fixed surfaces).
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) struct Paint {
    /// The seat's colour.
    pub team: Color,
    /// The token's colour.
    pub token: Color,
}

impl Default for Paint {
    fn default() -> Self {
        Paint {
            team: Color::srgb(0.8, 0.8, 0.8),
            token: Color::srgb(0.8, 0.8, 0.8),
        }
    }
}

/// The loaders a model needs to become entities.
#[derive(bevy::ecs::system::SystemParam)]
pub(super) struct Models<'w> {
    /// The mesh assets, for meshes made otherwise.
    pub meshes: ResMut<'w, Assets<Mesh>>,
    /// The material assets, for materials made otherwise.
    pub materials: ResMut<'w, Assets<StandardMaterial>>,
    cache: ResMut<'w, SurfaceMaterials>,
    /// In from the Loading screen on; before it, surfaces go untextured.
    textures: Option<Res<'w, TableTextures>>,
}

impl Models<'_> {
    /// The cached material of a surface in a paint.
    pub fn material(&mut self, surface: Surface, paint: Paint) -> Handle<StandardMaterial> {
        let spec = surface.material();
        let colour = match spec.colour {
            ColourSource::Fixed => {
                let [r, g, b] = spec.base_color;
                Color::srgba(r, g, b, spec.alpha)
            }
            ColourSource::Team => paint.team,
            ColourSource::Token => paint.token,
        };
        let key = (surface, colour.to_srgba().to_u8_array());
        if let Some(made) = self.cache.made.get(&key) {
            return made.clone();
        }
        let texture = spec.texture.and_then(|t| self.texture(t));
        let [er, eg, eb] = spec.emissive;
        let material = StandardMaterial {
            base_color: colour,
            base_color_texture: texture,
            uv_transform: Affine2::from_scale(Vec2::splat(1.0 / spec.tile_inches())),
            perceptual_roughness: spec.roughness,
            metallic: spec.metallic,
            emissive: LinearRgba::rgb(er, eg, eb),
            alpha_mode: if spec.alpha < 1.0 {
                AlphaMode::Blend
            } else {
                AlphaMode::Opaque
            },
            // Token pips and marker glyphs read the same under any light.
            unlit: matches!(
                surface,
                Surface::TokenColour | Surface::MarkerGlyph | Surface::Beacon
            ),
            ..default()
        };
        let handle = self.materials.add(material);
        self.cache.made.insert(key, handle.clone());
        handle
    }

    /// The shared material of a batch of merged surfaces: white (the colours are in the
    /// vertices), with the batch's texture and finish, lit or not.
    pub fn batch_material(&mut self, batch: Batch) -> Handle<StandardMaterial> {
        if let Some(made) = self.cache.batches.get(&batch) {
            return made.clone();
        }
        let material = match batch {
            Batch::Lit { texture, finish } => {
                let (perceptual_roughness, metallic) = finish.roughness_metallic();
                StandardMaterial {
                    base_color: Color::WHITE,
                    base_color_texture: texture.and_then(|t| self.texture(t)),
                    uv_transform: Affine2::from_scale(Vec2::splat(
                        1.0 / texture.map_or(1.0, Texture::tile_inches),
                    )),
                    perceptual_roughness,
                    metallic,
                    ..default()
                }
            }
            Batch::Unlit | Batch::Own(_) => StandardMaterial {
                base_color: Color::WHITE,
                unlit: true,
                ..default()
            },
        };
        let handle = self.materials.add(material);
        self.cache.batches.insert(batch, handle.clone());
        handle
    }

    /// A shared plain material of one colour: unlit markings that read the same under
    /// any light (see-through when the colour is), or matte tabletop paint.
    pub fn plain(&mut self, colour: Color, unlit: bool) -> Handle<StandardMaterial> {
        let key = (colour.to_srgba().to_u8_array(), unlit);
        if let Some(made) = self.cache.plain.get(&key) {
            return made.clone();
        }
        let handle = if unlit {
            super::marking(&mut self.materials, colour)
        } else {
            super::matte(&mut self.materials, colour)
        };
        self.cache.plain.insert(key, handle.clone());
        handle
    }

    fn texture(&self, texture: Texture) -> Option<Handle<Image>> {
        self.textures.as_ref().map(|t| t.get(texture).clone())
    }
}

/// Makes the materials the table draws with once the textures are in, so the first table
/// builds none: every fixed-colour surface's own material and every lit batch's (a
/// surface drawn with its own material keeps it).
pub(super) fn build_materials(mut models: Models) {
    models.batch_material(Batch::Unlit);
    for surface in Surface::ALL {
        if surface.material().colour == ColourSource::Fixed {
            models.material(surface, Paint::default());
        }
        for batching in [Batching::Scenery, Batching::Figure] {
            let batch = Batch::of(surface, batching);
            if matches!(batch, Batch::Lit { .. }) {
                models.batch_material(batch);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_figure_becomes_bevy_meshes_with_every_attribute() {
        let spec = redline_meshes::FigureSpec {
            crew: redline_meshes::Crew::Tidewater,
            role: redline_meshes::Role::Leader,
            kit: redline_meshes::Kit::Pistol,
            base_radius: 0.53,
            variant: 0,
        };
        let model = redline_meshes::figure(&spec, redline_meshes::Pose::Standing);
        for (_, mesh) in model.parts() {
            let bevy_mesh = to_bevy(mesh);
            assert_eq!(bevy_mesh.count_vertices(), mesh.vertex_count());
            assert_eq!(
                bevy_mesh.indices().map(Indices::len),
                Some(mesh.indices.len())
            );
            assert!(bevy_mesh.attribute(Mesh::ATTRIBUTE_NORMAL).is_some());
            assert!(bevy_mesh.attribute(Mesh::ATTRIBUTE_UV_0).is_some());
        }
    }
}
