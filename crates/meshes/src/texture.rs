//! The table's tiling textures, generated from seeded noise of our own: brick, rusted
//! steel, concrete, asphalt, wood and canvas. Deterministic: the same bytes on every run and
//! every machine (integer hashing, no system randomness). `examples/textures.rs` writes
//! them to `assets/textures/`; a test checks the committed files are exactly what this
//! module makes, so the app may load the files or make the pixels itself.
//!
//! Detail is low-contrast and in muted tones (ART.md: models must stand out, nothing
//! saturated green, yellow or red); each material's base colour tints its texture.

use crate::surface::Texture;

/// Pixels along each side of every texture.
pub const SIZE: usize = 256;

/// The texture's pixels, row by row from the top, as 8-bit sRGB triples.
pub fn pixels(texture: Texture) -> Vec<[u8; 3]> {
    let img = match texture {
        Texture::Brick => brick(),
        Texture::RustedSteel => rusted_steel(),
        Texture::Concrete => concrete(),
        Texture::Asphalt => asphalt(),
        Texture::Wood => wood(),
        Texture::Canvas => canvas(),
    };
    img.px
        .iter()
        .map(|c| c.map(|v| (v.clamp(0.0, 1.0) * 255.0 + 0.5) as u8))
        .collect()
}

/// An RGB image of sRGB values 0..1.
struct Img {
    px: Vec<[f32; 3]>,
}

impl Img {
    fn from_fn(f: impl Fn(f32, f32) -> [f32; 3]) -> Img {
        let mut px = Vec::with_capacity(SIZE * SIZE);
        for y in 0..SIZE {
            for x in 0..SIZE {
                px.push(f(x as f32 / SIZE as f32, y as f32 / SIZE as f32));
            }
        }
        Img { px }
    }
}

/// A 32-bit integer hash (lowbias32).
fn hash(mut x: u32) -> u32 {
    x ^= x >> 16;
    x = x.wrapping_mul(0x7feb_352d);
    x ^= x >> 15;
    x = x.wrapping_mul(0x846c_a68b);
    x ^ (x >> 16)
}

/// A value in 0..1 for a lattice point of a seeded, `period`-periodic grid.
fn lattice(seed: u32, period: u32, x: i32, y: i32) -> f32 {
    let (x, y) = (
        x.rem_euclid(period as i32) as u32,
        y.rem_euclid(period as i32) as u32,
    );
    (hash(seed ^ hash(x ^ hash(y.wrapping_add(0x9e37_79b9)))) & 0xffff) as f32 / 65535.0
}

/// Smooth value noise that tiles over 0..1 with `period` cells across.
fn noise(seed: u32, period: u32, u: f32, v: f32) -> f32 {
    let (x, y) = (u * period as f32, v * period as f32);
    let (x0, y0) = (x.floor(), y.floor());
    let (fx, fy) = (x - x0, y - y0);
    let s = |t: f32| t * t * (3.0 - 2.0 * t);
    let (ix, iy) = (x0 as i32, y0 as i32);
    let l = |dx, dy| lattice(seed, period, ix + dx, iy + dy);
    let a = l(0, 0) + (l(1, 0) - l(0, 0)) * s(fx);
    let b = l(0, 1) + (l(1, 1) - l(0, 1)) * s(fx);
    a + (b - a) * s(fy)
}

/// Fractal noise: `octaves` of [`noise`], each twice as fine and half as strong; 0..1.
fn fbm(seed: u32, period: u32, octaves: u32, u: f32, v: f32) -> f32 {
    let (mut sum, mut amp, mut norm) = (0.0, 1.0, 0.0);
    for o in 0..octaves {
        sum += amp * noise(seed.wrapping_add(o * 101), period << o, u, v);
        norm += amp;
        amp *= 0.5;
    }
    sum / norm
}

fn mix(a: [f32; 3], b: [f32; 3], t: f32) -> [f32; 3] {
    let t = t.clamp(0.0, 1.0);
    [0, 1, 2].map(|i| a[i] + (b[i] - a[i]) * t)
}

fn scale(c: [f32; 3], k: f32) -> [f32; 3] {
    c.map(|v| v * k)
}

/// Four courses of bricks (a 1" tile), half-bond, each brick its own shade, soft mortar.
fn brick() -> Img {
    let mortar = [0.66, 0.64, 0.6];
    let bricks = [
        [0.56, 0.40, 0.34],
        [0.50, 0.37, 0.32],
        [0.58, 0.45, 0.38],
        [0.47, 0.36, 0.33],
    ];
    Img::from_fn(|u, v| {
        let course = (v * 4.0).floor();
        let along = u * 2.0 + if course as i32 % 2 == 1 { 0.5 } else { 0.0 };
        let index = along.floor().rem_euclid(2.0) as u32 + course as u32 * 2;
        let (fu, fv) = (along.fract(), (v * 4.0).fract());
        // Distance to the nearest joint, in inches (bricks 0.5" long, courses 0.25").
        let edge = (fu.min(1.0 - fu) * 0.5).min(fv.min(1.0 - fv) * 0.25);
        let grain = fbm(11, 16, 4, u, v);
        let shade = bricks[(hash(index) % 4) as usize];
        let brick = scale(shade, 0.9 + 0.2 * grain);
        let m = scale(mortar, 0.92 + 0.1 * fbm(12, 32, 3, u, v));
        let soot = fbm(13, 4, 3, u, v);
        let c = if edge < 0.012 { m } else { brick };
        scale(c, 0.95 - 0.1 * soot)
    })
}

/// Steel worn to rust in patches, with rust streaks running down (a 3" tile). Light overall:
/// painted steel multiplies its paint with it.
fn rusted_steel() -> Img {
    let steel = [0.86, 0.85, 0.84];
    let rust = [0.68, 0.57, 0.49];
    let dark = [0.52, 0.45, 0.40];
    Img::from_fn(|u, v| {
        let patches = fbm(21, 6, 5, u, v);
        let streak = fbm(22, 24, 3, u, v * 0.125);
        let pits = noise(23, 128, u, v);
        let t = ((patches - 0.6) * 3.0).clamp(0.0, 0.55);
        let mut c = mix(steel, rust, t.max((streak - 0.62) * 1.5));
        if pits > 0.9 {
            c = mix(c, dark, (pits - 0.9) * 5.0);
        }
        scale(c, 0.93 + 0.07 * fbm(24, 32, 2, u, v))
    })
}

/// Poured concrete with stains, pores and a faint form-work line (a 4" tile).
fn concrete() -> Img {
    let base = [0.78, 0.78, 0.76];
    Img::from_fn(|u, v| {
        let stain = fbm(31, 4, 5, u, v);
        let pore = noise(32, 160, u, v);
        let mut c = scale(base, 0.88 + 0.16 * stain);
        if pore > 0.86 {
            c = scale(c, 0.8);
        }
        if (v * 4.0).fract() < 0.012 {
            c = scale(c, 0.9);
        }
        c
    })
}

/// Asphalt: dark aggregate with lighter stones, broad tone changes and hairline cracks (a
/// 6" tile).
fn asphalt() -> Img {
    let base = [0.36, 0.36, 0.37];
    Img::from_fn(|u, v| {
        let grit = noise(41, 200, u, v);
        let tone = fbm(42, 3, 4, u, v);
        let mut c = scale(base, 0.85 + 0.25 * tone);
        if grit > 0.8 {
            c = scale(c, 1.0 + (grit - 0.8) * 2.0);
        } else if grit < 0.15 {
            c = scale(c, 0.85);
        }
        // Cracks: where a warped noise field crosses its middle.
        let crack = fbm(43, 5, 4, u, v);
        if (crack - 0.5).abs() < 0.004 && noise(44, 6, u, v) > 0.55 {
            c = scale(c, 0.7);
        }
        c
    })
}

/// Planks with grain along x and seams every half inch (a 2" tile).
fn wood() -> Img {
    let light = [0.66, 0.55, 0.43];
    let dark = [0.5, 0.4, 0.31];
    Img::from_fn(|u, v| {
        let plank = (v * 4.0).floor() as u32;
        let warp = fbm(51 + plank, 4, 3, u, v);
        let grain = ((v * 4.0 * 18.0 + warp * 6.0) * std::f32::consts::PI).sin() * 0.5 + 0.5;
        let shade = 0.9 + 0.15 * (hash(plank * 7 + 3) % 100) as f32 / 100.0;
        let mut c = scale(mix(light, dark, grain * 0.6), shade);
        let fv = (v * 4.0).fract();
        if !(0.025..=0.985).contains(&fv) {
            c = scale(c, 0.55);
        }
        c
    })
}

/// Woven canvas with salt stains (a 1" tile).
fn canvas() -> Img {
    let base = [0.8, 0.78, 0.72];
    Img::from_fn(|u, v| {
        let (x, y) = ((u * 64.0) as u32, (v * 64.0) as u32);
        let over = (x + y) % 2 == 0;
        let thread = if over { 1.0 } else { 0.9 };
        let salt = fbm(61, 3, 4, u, v);
        scale(base, thread * (0.9 + 0.14 * salt))
    })
}
