//! A tiny software renderer: perspective camera, z-buffer, Lambert shading with a key light,
//! a fill light and ambient, the surfaces' base colours, vertex tints, tiling textures and
//! emissive glow. Enough to judge silhouettes and colours without a GPU.

use std::collections::BTreeMap;

use glam::{Mat4, Vec2, Vec3, Vec4};
use redline_meshes::{ColourSource, Model, Texture};

/// An RGB image with a depth buffer.
pub struct Canvas {
    pub width: usize,
    pub height: usize,
    pub rgb: Vec<[f32; 3]>,
    depth: Vec<f32>,
}

/// A decoded tiling texture (linear RGB).
pub struct Image {
    w: usize,
    h: usize,
    px: Vec<[f32; 3]>,
}

impl Image {
    fn sample(&self, uv: Vec2) -> [f32; 3] {
        let x = (uv.x.rem_euclid(1.0) * self.w as f32) as usize % self.w;
        let y = (uv.y.rem_euclid(1.0) * self.h as f32) as usize % self.h;
        self.px[y * self.w + x]
    }
}

/// Loads the textures the generator wrote, if they are there.
pub fn load_textures(dir: &std::path::Path) -> BTreeMap<Texture, Image> {
    let mut out = BTreeMap::new();
    for t in Texture::ALL {
        let Ok(file) = std::fs::File::open(dir.join(t.path())) else {
            continue;
        };
        let decoder = png::Decoder::new(std::io::BufReader::new(file));
        let Ok(mut reader) = decoder.read_info() else {
            continue;
        };
        let mut buf = vec![0; reader.output_buffer_size().unwrap_or(0)];
        let Ok(info) = reader.next_frame(&mut buf) else {
            continue;
        };
        let channels = info.color_type.samples();
        let px = buf[..info.buffer_size()]
            .chunks_exact(channels)
            .map(|c| {
                let g = |v: u8| srgb_to_linear(f32::from(v) / 255.0);
                if channels >= 3 {
                    [g(c[0]), g(c[1]), g(c[2])]
                } else {
                    [g(c[0]); 3]
                }
            })
            .collect();
        out.insert(
            t,
            Image {
                w: info.width as usize,
                h: info.height as usize,
                px,
            },
        );
    }
    out
}

pub fn srgb_to_linear(c: f32) -> f32 {
    if c <= 0.04045 {
        c / 12.92
    } else {
        ((c + 0.055) / 1.055).powf(2.4)
    }
}

fn linear_to_srgb(c: f32) -> f32 {
    let c = c.clamp(0.0, 1.0);
    if c <= 0.0031308 {
        c * 12.92
    } else {
        1.055 * c.powf(1.0 / 2.4) - 0.055
    }
}

/// Where the camera is and what it looks at.
#[derive(Clone, Copy)]
pub struct Camera {
    pub eye: Vec3,
    pub target: Vec3,
    pub fov_y_deg: f32,
}

/// Colours chosen at run time.
#[derive(Clone, Copy)]
pub struct Paint {
    /// Team colour, sRGB.
    pub team: [f32; 3],
    /// Token colour, sRGB.
    pub token: [f32; 3],
}

impl Canvas {
    pub fn new(width: usize, height: usize, background: [f32; 3]) -> Canvas {
        let bg = background.map(srgb_to_linear);
        Canvas {
            width,
            height,
            rgb: vec![bg; width * height],
            depth: vec![f32::INFINITY; width * height],
        }
    }

    /// Clears the depth buffer (to draw a new cell's model over the previous ones).
    pub fn clear_depth(&mut self) {
        self.depth.fill(f32::INFINITY);
    }

    /// Draws a model into the viewport (x, y, w, h) of the canvas.
    pub fn draw(
        &mut self,
        model: &Model,
        cam: &Camera,
        viewport: [usize; 4],
        paint: Paint,
        textures: &BTreeMap<Texture, Image>,
    ) {
        let [vx, vy, vw, vh] = viewport;
        let view = Mat4::look_at_rh(cam.eye, cam.target, Vec3::Y);
        let proj = Mat4::perspective_rh(
            cam.fov_y_deg.to_radians(),
            vw as f32 / vh as f32,
            0.05,
            500.0,
        );
        let vp = proj * view;
        let key = Vec3::new(-0.45, 0.8, 0.35).normalize();
        let fill = Vec3::new(0.6, 0.3, -0.5).normalize();
        for (surface, mesh) in model.parts() {
            let mat = surface.material();
            let base = match mat.colour {
                ColourSource::Fixed => mat.base_color,
                ColourSource::Team => paint.team,
                ColourSource::Token => paint.token,
            }
            .map(srgb_to_linear);
            let tex = mat.texture.and_then(|t| textures.get(&t));
            let tile = mat.tile_inches();
            let alpha = mat.alpha;
            let clip: Vec<Vec4> = mesh
                .positions
                .iter()
                .map(|p| vp * Vec3::from(*p).extend(1.0))
                .collect();
            for tri in mesh.indices.chunks_exact(3) {
                let idx = [tri[0] as usize, tri[1] as usize, tri[2] as usize];
                let c = idx.map(|i| clip[i]);
                if c.iter().any(|v| v.w <= 0.05) {
                    continue;
                }
                let s = c.map(|v| {
                    let n = v.truncate() / v.w;
                    Vec3::new(
                        vx as f32 + (n.x * 0.5 + 0.5) * vw as f32,
                        vy as f32 + (0.5 - n.y * 0.5) * vh as f32,
                        n.z,
                    )
                });
                let area =
                    (s[1].x - s[0].x) * (s[2].y - s[0].y) - (s[2].x - s[0].x) * (s[1].y - s[0].y);
                if area.abs() < 1e-9 {
                    continue;
                }
                let minx = s
                    .iter()
                    .map(|p| p.x)
                    .fold(f32::MAX, f32::min)
                    .floor()
                    .max(vx as f32) as i64;
                let maxx = s
                    .iter()
                    .map(|p| p.x)
                    .fold(f32::MIN, f32::max)
                    .ceil()
                    .min((vx + vw) as f32 - 1.0) as i64;
                let miny = s
                    .iter()
                    .map(|p| p.y)
                    .fold(f32::MAX, f32::min)
                    .floor()
                    .max(vy as f32) as i64;
                let maxy = s
                    .iter()
                    .map(|p| p.y)
                    .fold(f32::MIN, f32::max)
                    .ceil()
                    .min((vy + vh) as f32 - 1.0) as i64;
                if minx > maxx || miny > maxy {
                    continue;
                }
                let nrm = idx.map(|i| Vec3::from(mesh.normals[i]));
                let uv = idx.map(|i| Vec2::from(mesh.uvs[i]));
                let col = idx.map(|i| mesh.colors.as_ref().map_or([1.0; 4], |c| c[i]));
                let pos = idx.map(|i| Vec3::from(mesh.positions[i]));
                let inv_w = c.map(|v| 1.0 / v.w);
                for py in miny..=maxy {
                    for px in minx..=maxx {
                        let p = Vec2::new(px as f32 + 0.5, py as f32 + 0.5);
                        let e = |a: Vec3, b: Vec3| {
                            (b.x - a.x) * (p.y - a.y) - (p.x - a.x) * (b.y - a.y)
                        };
                        let w0 = e(s[1], s[2]) / area;
                        let w1 = e(s[2], s[0]) / area;
                        let w2 = e(s[0], s[1]) / area;
                        if w0 < 0.0 || w1 < 0.0 || w2 < 0.0 {
                            continue;
                        }
                        let z = w0 * s[0].z + w1 * s[1].z + w2 * s[2].z;
                        let k = py as usize * self.width + px as usize;
                        if z >= self.depth[k] {
                            continue;
                        }
                        // Perspective-correct interpolation.
                        let (a, b, cc) = (w0 * inv_w[0], w1 * inv_w[1], w2 * inv_w[2]);
                        let sum = a + b + cc;
                        let (a, b, cc) = (a / sum, b / sum, cc / sum);
                        let mut n = (nrm[0] * a + nrm[1] * b + nrm[2] * cc).normalize_or(Vec3::Y);
                        let world = pos[0] * a + pos[1] * b + pos[2] * cc;
                        if n.dot(cam.eye - world) < 0.0 {
                            n = -n;
                        }
                        let t = tex.map_or([1.0; 3], |img| {
                            img.sample((uv[0] * a + uv[1] * b + uv[2] * cc) / tile)
                        });
                        let vc = [0, 1, 2].map(|j| col[0][j] * a + col[1][j] * b + col[2][j] * cc);
                        let light = 0.28 + 0.85 * n.dot(key).max(0.0) + 0.25 * n.dot(fill).max(0.0);
                        let mut out = [0.0; 3];
                        for j in 0..3 {
                            out[j] = base[j] * vc[j] * t[j] * light + mat.emissive[j] * 0.35;
                        }
                        if alpha < 1.0 {
                            let under = self.rgb[k];
                            for j in 0..3 {
                                out[j] = out[j] * alpha + under[j] * (1.0 - alpha);
                            }
                        } else {
                            self.depth[k] = z;
                        }
                        self.rgb[k] = out;
                    }
                }
            }
        }
    }

    /// The canvas with every pixel repeated `k` times each way (to look at small renders).
    pub fn upscaled(&self, k: usize) -> Canvas {
        let (w, h) = (self.width * k, self.height * k);
        let rgb = (0..w * h)
            .map(|i| self.rgb[(i / w / k) * self.width + (i % w) / k])
            .collect();
        Canvas {
            width: w,
            height: h,
            rgb,
            depth: vec![f32::INFINITY; w * h],
        }
    }

    /// Writes the canvas as an sRGB PNG.
    pub fn save(&self, path: &std::path::Path) -> std::io::Result<()> {
        let file = std::fs::File::create(path)?;
        let mut enc = png::Encoder::new(
            std::io::BufWriter::new(file),
            self.width as u32,
            self.height as u32,
        );
        enc.set_color(png::ColorType::Rgb);
        enc.set_depth(png::BitDepth::Eight);
        let mut w = enc.write_header().map_err(std::io::Error::other)?;
        let data: Vec<u8> = self
            .rgb
            .iter()
            .flat_map(|c| c.map(|v| (linear_to_srgb(v) * 255.0 + 0.5) as u8))
            .collect();
        w.write_image_data(&data).map_err(std::io::Error::other)
    }

    /// Writes text with a 5×7 pixel font, `scale` pixels per font pixel (sRGB colour).
    pub fn text(&mut self, x: usize, y: usize, s: &str, scale: usize, srgb: [f32; 3]) {
        let c = srgb.map(srgb_to_linear);
        let mut cx = x;
        for ch in s.chars() {
            let rows = crate::font::glyph(ch);
            for (ry, row) in rows.iter().enumerate() {
                for rx in 0..5 {
                    if row & (0x10 >> rx) != 0 {
                        for dy in 0..scale {
                            for dx in 0..scale {
                                let (px, py) = (cx + rx * scale + dx, y + ry * scale + dy);
                                if px < self.width && py < self.height {
                                    self.rgb[py * self.width + px] = c;
                                }
                            }
                        }
                    }
                }
            }
            cx += 6 * scale;
        }
    }
}
