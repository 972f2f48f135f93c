//! Fewer draws: a model's surfaces merged into as few meshes as their materials allow, the
//! surfaces' colours baked into the vertices. `redline-meshes` gives one mesh per surface
//! (up to 11 for a figure); drawn as they are, a table of thirty miniatures is hundreds of
//! meshes. Here opaque lit surfaces share one material per texture and finish, so a figure
//! is one mesh (plus its glows), a scenery piece one per texture and finish, and a token
//! plate with its pips and icons one unlit mesh. Glowing and see-through surfaces keep their
//! own material. Every material is made once and shared (`SurfaceMaterials`).

use bevy::prelude::*;
use redline_meshes::{ColourSource, Model, Surface, Texture};

use crate::table::visuals::convert::{Models, Paint, to_bevy};

/// How a model's surfaces may be drawn together.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Batching {
    /// One lit mesh for every opaque surface, textures dropped: a 1.3" figure is a few
    /// dozen pixels tall, where a texture reads as noise.
    Figure,
    /// One lit mesh per texture and finish.
    Scenery,
    /// One unlit mesh: markers that read the same under any light.
    Unlit,
}

/// How shiny a merged lit mesh is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(super) enum Finish {
    /// Cloth, paint, brick, concrete.
    Rough,
    /// A painted miniature's satin varnish.
    Satin,
    /// Water, glass, ceramic.
    Glossy,
    /// Bare metal.
    Metal,
}

impl Finish {
    /// A surface's finish, from its roughness and metallic.
    fn of(roughness: f32, metallic: f32) -> Finish {
        if metallic >= 0.5 {
            Finish::Metal
        } else if roughness < 0.4 {
            Finish::Glossy
        } else {
            Finish::Rough
        }
    }

    /// Perceptual roughness and metallic.
    pub(super) fn roughness_metallic(self) -> (f32, f32) {
        match self {
            Finish::Rough => (0.85, 0.0),
            Finish::Satin => (0.6, 0.0),
            Finish::Glossy => (0.2, 0.0),
            Finish::Metal => (0.4, 0.8),
        }
    }
}

/// A group of surfaces drawn as one mesh with one material.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(super) enum Batch {
    /// Opaque and lit; the colour in the vertices.
    Lit {
        /// The texture multiplied in, if any.
        texture: Option<Texture>,
        /// How shiny.
        finish: Finish,
    },
    /// Opaque and unlit; the colour in the vertices.
    Unlit,
    /// A surface drawn with its own material (glows, see-through surfaces).
    Own(Surface),
}

impl Batch {
    /// The batch a surface goes to.
    pub(super) fn of(surface: Surface, batching: Batching) -> Batch {
        let spec = surface.material();
        if spec.alpha < 1.0 || spec.emissive.iter().any(|e| *e > 0.0) {
            return Batch::Own(surface);
        }
        match batching {
            Batching::Figure => Batch::Lit {
                texture: None,
                finish: Finish::Satin,
            },
            Batching::Scenery => Batch::Lit {
                texture: spec.texture,
                finish: Finish::of(spec.roughness, spec.metallic),
            },
            Batching::Unlit => Batch::Unlit,
        }
    }
}

/// The linear colour a surface has in a paint, before any vertex tint.
fn surface_colour(surface: Surface, paint: Paint) -> LinearRgba {
    let spec = surface.material();
    match spec.colour {
        ColourSource::Fixed => {
            let [r, g, b] = spec.base_color;
            Color::srgb(r, g, b).to_linear()
        }
        ColourSource::Team => paint.team.to_linear(),
        ColourSource::Token => paint.token.to_linear(),
    }
}

/// Models gathered into batches, each vertex carrying its surface's colour.
#[derive(Default)]
pub(super) struct Batcher {
    batches: Vec<(Batch, Option<Paint>, redline_meshes::Mesh)>,
}

impl Batcher {
    /// A batcher for one model.
    pub(super) fn of(model: &Model, paint: Paint, batching: Batching) -> Batcher {
        let mut batcher = Batcher::default();
        batcher.add(model, paint, batching, &bevy::math::Affine3A::IDENTITY);
        batcher
    }

    /// Adds a model, moved by `at`, painted with `paint`.
    pub(super) fn add(
        &mut self,
        model: &Model,
        paint: Paint,
        batching: Batching,
        at: &bevy::math::Affine3A,
    ) {
        for (surface, mesh) in model.parts() {
            let batch = Batch::of(surface, batching);
            let mut mesh = mesh.clone().transformed(at);
            let paint_key = if let Batch::Own(_) = batch {
                Some(paint)
            } else {
                bake(&mut mesh, surface_colour(surface, paint));
                None
            };
            match self
                .batches
                .iter_mut()
                .find(|(b, p, _)| *b == batch && *p == paint_key)
            {
                Some((_, _, merged)) => merged.append(&mesh),
                None => self.batches.push((batch, paint_key, mesh)),
            }
        }
    }

    /// Number of meshes the batches make.
    pub(super) fn len(&self) -> usize {
        self.batches.len()
    }

    /// One Bevy mesh and shared material per batch.
    pub(super) fn build(
        self,
        models: &mut Models,
    ) -> Vec<(Mesh3d, MeshMaterial3d<StandardMaterial>)> {
        self.batches
            .into_iter()
            .map(|(batch, paint, mesh)| {
                let material = match batch {
                    Batch::Own(surface) => models.material(surface, paint.unwrap_or_default()),
                    _ => models.batch_material(batch),
                };
                (
                    Mesh3d(models.meshes.add(to_bevy(&mesh))),
                    MeshMaterial3d(material),
                )
            })
            .collect()
    }
}

/// Multiplies a mesh's vertex tints (white when it has none) by a colour.
fn bake(mesh: &mut redline_meshes::Mesh, colour: LinearRgba) {
    let n = mesh.vertex_count();
    let tints = mesh.colors.get_or_insert_with(|| vec![[1.0; 4]; n]);
    for t in tints.iter_mut() {
        t[0] *= colour.red;
        t[1] *= colour.green;
        t[2] *= colour.blue;
        t[3] = 1.0;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use redline_meshes::{Crew, FigureSpec, Kit, Pose, Role};

    fn batcher_len(model: &Model, batching: Batching) -> usize {
        Batcher::of(model, Paint::default(), batching).len()
    }

    #[test]
    fn a_figure_is_one_lit_mesh_plus_its_glows() {
        for crew in [
            Crew::Ashfall,
            Crew::Choir,
            Crew::Tidewater,
            Crew::Glasswork,
            Crew::Lantern,
        ] {
            for role in [Role::Leader, Role::Gonk, Role::Netrunner] {
                let spec = FigureSpec {
                    crew,
                    role,
                    kit: Kit::Pistol,
                    base_radius: 0.53,
                    variant: 0,
                };
                let model = redline_meshes::figure(&spec, Pose::Standing);
                let own = model
                    .parts()
                    .filter(|(s, _)| matches!(Batch::of(*s, Batching::Figure), Batch::Own(_)))
                    .count();
                assert!(model.draw_calls() > 2, "{crew:?} {role:?}");
                assert_eq!(batcher_len(&model, Batching::Figure), 1 + own);
                assert!(own <= 2, "{crew:?} {role:?}: {own} glowing surfaces");
            }
        }
    }

    #[test]
    fn merging_keeps_every_triangle_and_bakes_the_colours() {
        let spec = FigureSpec {
            crew: Crew::Tidewater,
            role: Role::Leader,
            kit: Kit::Pistol,
            base_radius: 0.53,
            variant: 0,
        };
        let model = redline_meshes::figure(&spec, Pose::Standing);
        let batcher = Batcher::of(&model, Paint::default(), Batching::Figure);
        let triangles: usize = batcher
            .batches
            .iter()
            .map(|(_, _, m)| m.triangle_count())
            .sum();
        assert_eq!(triangles, model.triangle_count());
        let (_, _, lit) = &batcher.batches[0];
        let colours = lit.colors.as_ref().expect("baked colours");
        assert_eq!(colours.len(), lit.vertex_count());
        let mut distinct: Vec<[u32; 3]> = colours
            .iter()
            .map(|c| [c[0].to_bits(), c[1].to_bits(), c[2].to_bits()])
            .collect();
        distinct.sort_unstable();
        distinct.dedup();
        assert!(distinct.len() >= 4, "{} colours", distinct.len());
    }

    #[test]
    fn baking_multiplies_the_tint_by_the_surface_colour() {
        let mut plain = redline_meshes::Mesh::default();
        plain.vertex(Vec3::ZERO, Vec3::Y, Vec2::ZERO);
        let mut tinted = plain.clone().tinted([0.5, 1.0, 1.0, 1.0]);
        let skin = surface_colour(Surface::Skin, Paint::default());
        bake(&mut plain, skin);
        bake(&mut tinted, skin);
        assert_eq!(
            plain.colors,
            Some(vec![[skin.red, skin.green, skin.blue, 1.0]])
        );
        assert_eq!(
            tinted.colors,
            Some(vec![[skin.red * 0.5, skin.green, skin.blue, 1.0]])
        );
    }

    #[test]
    fn a_plate_with_its_pips_is_one_unlit_mesh() {
        use redline_meshes::markers;
        let mut batcher = Batcher::default();
        batcher.add(
            &markers::token_plate(3),
            Paint::default(),
            Batching::Unlit,
            &bevy::math::Affine3A::IDENTITY,
        );
        for (state, slot) in [markers::PipState::Ready, markers::PipState::Used]
            .into_iter()
            .zip(markers::pip_slots(3))
        {
            let paint = Paint {
                token: Color::srgb(0.1, 0.8, 0.2),
                ..default()
            };
            let at = bevy::math::Affine3A::from_translation(Vec3::from(slot));
            batcher.add(&markers::pip(state), paint, Batching::Unlit, &at);
        }
        assert_eq!(batcher.len(), 1);
    }
}
