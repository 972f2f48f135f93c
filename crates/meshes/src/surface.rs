//! Surfaces (material slots) and the material each one stands for: what the app turns into
//! one Bevy `StandardMaterial` per surface (per team or token colour for the slots coloured at
//! run time).
//!
//! Colours keep clear of the rules' reserved hues (ART.md): nothing here is a saturated green,
//! yellow or red. Scenery lives in muted, weathered tones; team colours come from the packs.

/// A material slot. Every mesh of a [`crate::Model`] belongs to one, so a visual is a
/// handful of meshes (one draw call per surface it uses).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Surface {
    /// Clothing in the team's colour (a band, a sash, a tabard): coloured at run time.
    TeamCloth,
    /// The rim of a base in the team's colour: coloured at run time.
    TeamRim,
    /// The top of a base: grey street grit.
    BaseGround,
    /// Faces and hands.
    Skin,
    /// Matte fabric, tinted per vertex (each crew's own colours).
    Cloth,
    /// Leather, oilskin and webbing, tinted per vertex.
    Leather,
    /// Wet-look rubber: waders, tyres, bumpers, seals.
    Rubber,
    /// Rusted steel (textured): tools, drums, ladders, tank legs.
    RustedSteel,
    /// Brushed metal: weapons, rails, fittings, drone frames.
    BrushedMetal,
    /// Steel under weathered paint, tinted per vertex (containers, vans).
    PaintedSteel,
    /// Fire-blackened metal (the burnt-out car).
    BurntMetal,
    /// Gloss ceramic armour plates.
    Ceramic,
    /// Dark bakelite (radio casings, handsets).
    Bakelite,
    /// Copper (antenna wire, coils, horns).
    Copper,
    /// Salt-stained canvas (textured): tarps, packs, the crate's stencil cloth.
    Canvas,
    /// Brick (textured).
    Brick,
    /// Concrete (textured).
    Concrete,
    /// Wood (textured): crates, planks, the table's frame.
    Wood,
    /// Harbour asphalt (textured): the mat.
    Asphalt,
    /// Faded lane paint on the mat.
    LanePaint,
    /// Dark harbour water beyond the quay.
    Water,
    /// Dark glass and mirrored visors.
    Glass,
    /// The orange glow of embers on Ashfall tools.
    GlowEmber,
    /// The warm glow of valves in the Choir's transmitters.
    GlowValve,
    /// Cyan light: visors, decks, drone eyes, neon.
    GlowCyan,
    /// Magenta neon.
    GlowMagenta,
    /// Marker plates and token bodies: dark, matte.
    Marker,
    /// The light glyphs on markers (icons, the Body token's cross).
    MarkerGlyph,
    /// A token pip in its token's colour: coloured at run time (the rules' colours).
    TokenColour,
    /// An objective beacon's light.
    Beacon,
    /// A soft shadow under a hovering drone (translucent black).
    Shadow,
}

/// A tiling texture the generator writes to `assets/textures/`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Texture {
    /// Brick courses with mortar.
    Brick,
    /// Rusted, streaked steel.
    RustedSteel,
    /// Poured concrete with stains.
    Concrete,
    /// Harbour asphalt with aggregate and patches.
    Asphalt,
    /// Wood grain with planks.
    Wood,
    /// Woven canvas.
    Canvas,
}

impl Texture {
    /// Every texture, in file order.
    pub const ALL: [Texture; 6] = [
        Texture::Brick,
        Texture::RustedSteel,
        Texture::Concrete,
        Texture::Asphalt,
        Texture::Wood,
        Texture::Canvas,
    ];

    /// Its file's path under `assets/`.
    pub fn path(self) -> &'static str {
        match self {
            Texture::Brick => "textures/brick.png",
            Texture::RustedSteel => "textures/rusted_steel.png",
            Texture::Concrete => "textures/concrete.png",
            Texture::Asphalt => "textures/asphalt.png",
            Texture::Wood => "textures/wood.png",
            Texture::Canvas => "textures/canvas.png",
        }
    }

    /// How many inches of surface one copy of the texture covers (UVs are in inches).
    pub fn tile_inches(self) -> f32 {
        match self {
            // Four courses of 0.25" bricks and two and a half bricks across.
            Texture::Brick => 1.0,
            Texture::RustedSteel => 3.0,
            Texture::Concrete => 4.0,
            Texture::Asphalt => 6.0,
            Texture::Wood => 2.0,
            Texture::Canvas => 1.0,
        }
    }
}

/// Where a surface's colour comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ColourSource {
    /// The material's own [`Material::base_color`].
    Fixed,
    /// The team's colour (base rims, clothing bands), chosen by the app per seat.
    Team,
    /// The colour of the action token a pip stands for (the rules' colours).
    Token,
}

/// A material description: what the app turns into a `StandardMaterial`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Material {
    /// Base colour, sRGB 0..1 (a neutral stand-in where [`Material::colour`] is not fixed).
    pub base_color: [f32; 3],
    /// Opacity, 1 for opaque.
    pub alpha: f32,
    /// Perceptual roughness, 0 (mirror) ..1 (chalk).
    pub roughness: f32,
    /// Metallic, 0..1.
    pub metallic: f32,
    /// Emitted light, linear RGB (already scaled; 0 for none).
    pub emissive: [f32; 3],
    /// The tiling texture multiplied with the base colour, if any.
    pub texture: Option<Texture>,
    /// Where the colour comes from.
    pub colour: ColourSource,
}

impl Material {
    const fn plain(base_color: [f32; 3], roughness: f32, metallic: f32) -> Material {
        Material {
            base_color,
            alpha: 1.0,
            roughness,
            metallic,
            emissive: [0.0; 3],
            texture: None,
            colour: ColourSource::Fixed,
        }
    }

    const fn textured(texture: Texture, base_color: [f32; 3], roughness: f32) -> Material {
        Material {
            texture: Some(texture),
            ..Material::plain(base_color, roughness, 0.0)
        }
    }

    const fn glow(base_color: [f32; 3], emissive: [f32; 3]) -> Material {
        Material {
            emissive,
            ..Material::plain(base_color, 0.6, 0.0)
        }
    }

    /// Inches of surface per copy of the texture (1 without a texture): the app scales UVs
    /// by its inverse (`uv_transform`) and samples with repeat.
    pub fn tile_inches(&self) -> f32 {
        self.texture.map_or(1.0, Texture::tile_inches)
    }
}

impl Surface {
    /// Every surface, in order.
    pub const ALL: [Surface; 31] = [
        Surface::TeamCloth,
        Surface::TeamRim,
        Surface::BaseGround,
        Surface::Skin,
        Surface::Cloth,
        Surface::Leather,
        Surface::Rubber,
        Surface::RustedSteel,
        Surface::BrushedMetal,
        Surface::PaintedSteel,
        Surface::BurntMetal,
        Surface::Ceramic,
        Surface::Bakelite,
        Surface::Copper,
        Surface::Canvas,
        Surface::Brick,
        Surface::Concrete,
        Surface::Wood,
        Surface::Asphalt,
        Surface::LanePaint,
        Surface::Water,
        Surface::Glass,
        Surface::GlowEmber,
        Surface::GlowValve,
        Surface::GlowCyan,
        Surface::GlowMagenta,
        Surface::Marker,
        Surface::MarkerGlyph,
        Surface::TokenColour,
        Surface::Beacon,
        Surface::Shadow,
    ];

    /// The material the surface stands for.
    pub fn material(self) -> Material {
        use Surface::*;
        match self {
            TeamCloth => Material {
                colour: ColourSource::Team,
                ..Material::plain([0.8, 0.8, 0.8], 0.8, 0.0)
            },
            TeamRim => Material {
                colour: ColourSource::Team,
                ..Material::plain([0.8, 0.8, 0.8], 0.45, 0.0)
            },
            BaseGround => Material::plain([0.54, 0.54, 0.55], 0.95, 0.0),
            Skin => Material::plain([0.78, 0.60, 0.50], 0.7, 0.0),
            Cloth => Material::plain([1.0, 1.0, 1.0], 0.9, 0.0),
            Leather => Material::plain([1.0, 1.0, 1.0], 0.6, 0.0),
            Rubber => Material::plain([0.14, 0.15, 0.16], 0.35, 0.0),
            RustedSteel => Material::textured(Texture::RustedSteel, [0.62, 0.56, 0.52], 0.85),
            BrushedMetal => Material::plain([0.62, 0.64, 0.66], 0.35, 0.9),
            PaintedSteel => Material {
                texture: Some(Texture::RustedSteel),
                ..Material::plain([1.0, 1.0, 1.0], 0.7, 0.2)
            },
            BurntMetal => Material::textured(Texture::RustedSteel, [0.34, 0.30, 0.28], 0.95),
            Ceramic => Material::plain([0.50, 0.54, 0.58], 0.18, 0.0),
            Bakelite => Material::plain([0.24, 0.16, 0.12], 0.3, 0.0),
            Copper => Material::plain([0.72, 0.45, 0.32], 0.35, 0.9),
            Canvas => Material::textured(Texture::Canvas, [0.66, 0.62, 0.54], 0.95),
            Brick => Material::textured(Texture::Brick, [0.92, 0.90, 0.88], 0.9),
            Concrete => Material::textured(Texture::Concrete, [0.70, 0.70, 0.68], 0.92),
            Wood => Material::textured(Texture::Wood, [0.86, 0.80, 0.72], 0.8),
            Asphalt => Material::textured(Texture::Asphalt, [0.52, 0.53, 0.55], 0.9),
            LanePaint => Material::plain([0.72, 0.73, 0.72], 0.8, 0.0),
            Water => Material::plain([0.06, 0.10, 0.13], 0.08, 0.0),
            Glass => Material::plain([0.10, 0.13, 0.16], 0.05, 0.3),
            GlowEmber => Material::glow([1.0, 0.55, 0.25], [3.0, 1.0, 0.25]),
            GlowValve => Material::glow([1.0, 0.80, 0.68], [2.2, 1.2, 0.8]),
            GlowCyan => Material::glow([0.55, 0.95, 1.0], [0.4, 2.2, 2.8]),
            GlowMagenta => Material::glow([1.0, 0.45, 0.9], [2.6, 0.4, 2.2]),
            Marker => Material::plain([0.12, 0.12, 0.14], 0.6, 0.0),
            MarkerGlyph => Material::plain([0.92, 0.93, 0.95], 0.5, 0.0),
            TokenColour => Material {
                colour: ColourSource::Token,
                ..Material::plain([0.9, 0.9, 0.9], 0.4, 0.0)
            },
            Beacon => Material::glow([0.75, 0.95, 1.0], [1.5, 3.0, 3.5]),
            Shadow => Material {
                alpha: 0.45,
                ..Material::plain([0.0, 0.0, 0.0], 1.0, 0.0)
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Hue in degrees and saturation of an RGB colour.
    fn hue_sat([r, g, b]: [f32; 3]) -> (f32, f32) {
        let (max, min) = (r.max(g).max(b), r.min(g).min(b));
        let d = (max - min).max(1e-6);
        let hue = if max == r {
            60.0 * ((g - b) / d).rem_euclid(6.0)
        } else if max == g {
            60.0 * ((b - r) / d + 2.0)
        } else {
            60.0 * ((r - g) / d + 4.0)
        };
        (hue, if max > 0.0 { (max - min) / max } else { 0.0 })
    }

    #[test]
    fn no_fixed_colour_is_a_rules_colour() {
        for s in Surface::ALL {
            let m = s.material();
            if m.colour != ColourSource::Fixed {
                continue;
            }
            for c in [m.base_color, m.emissive] {
                let (hue, sat) = hue_sat(c);
                // Red either side of 0°, yellow and green from 45° to 165°.
                let reserved = !(15.0..=345.0).contains(&hue) || (45.0..165.0).contains(&hue);
                assert!(
                    !(reserved && sat > 0.5),
                    "{s:?}: {c:?} reads as a rules colour"
                );
            }
        }
    }

    #[test]
    fn every_surface_is_listed_once() {
        let mut all = Surface::ALL.to_vec();
        all.sort();
        all.dedup();
        assert_eq!(all.len(), Surface::ALL.len());
    }
}
