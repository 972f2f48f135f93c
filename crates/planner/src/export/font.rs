//! Text beyond ASCII in the PDF: the built-in Helvetica only knows a Latin code page, so a
//! name like "Café Łódź" or "Склад" is drawn in an embedded TrueType font instead — Ubuntu
//! Light from `epaint_default_fonts` (Latin, Greek, Cyrillic), already in the build for the
//! app. It is written as a Type 0 font with Identity-H encoding (two bytes per glyph id), the
//! widths of the glyphs the document uses and a ToUnicode map, so readers copy and search
//! the text as typed. Characters the font lacks print as '?'. Only the glyphs used keep
//! their outlines ([`subset`]), so the font adds kilobytes, not the whole 360 KB file.

use std::collections::{BTreeMap, BTreeSet};
use std::sync::OnceLock;

use pdf_writer::types::{CidFontType, FontFlags, SystemInfo, UnicodeCmap};
use pdf_writer::{Filter, Finish, Name, Pdf, Rect, Ref, Str};
use ttf_parser::{Face, GlyphId};

/// The embedded font's PostScript name, with the tag that marks a subset.
const BASE_FONT: Name<'static> = Name(b"RDLINE+Ubuntu-Light");

fn face() -> &'static Face<'static> {
    static FACE: OnceLock<Face<'static>> = OnceLock::new();
    FACE.get_or_init(|| {
        Face::parse(epaint_default_fonts::UBUNTU_LIGHT, 0)
            .expect("the font shipped with epaint_default_fonts parses")
    })
}

/// Whether the built-in Helvetica can show `text` (printable ASCII).
pub fn is_plain(text: &str) -> bool {
    text.chars().all(|c| c.is_ascii() && !c.is_ascii_control())
}

/// The glyph for `c`, or the one for '?' when the font has none.
fn glyph(c: char) -> GlyphId {
    let f = face();
    f.glyph_index(c)
        .or_else(|| f.glyph_index('?'))
        .unwrap_or(GlyphId(0))
}

/// `text` as the embedded font's two-byte glyph codes (Identity-H).
pub fn encode(text: &str) -> Vec<u8> {
    text.chars()
        .filter(|c| !c.is_control())
        .flat_map(|c| glyph(c).0.to_be_bytes())
        .collect()
}

/// A glyph's advance in thousandths of the font size (PDF glyph space).
fn advance(g: GlyphId) -> f32 {
    let f = face();
    f32::from(f.glyph_hor_advance(g).unwrap_or(0)) * 1000.0 / f32::from(f.units_per_em())
}

/// Width of `text` in the embedded font at `size` points.
pub fn width(text: &str, size: f32) -> f32 {
    text.chars()
        .filter(|c| !c.is_control())
        .map(|c| advance(glyph(c)))
        .sum::<f32>()
        * size
        / 1000.0
}

/// Writes the font for printable ASCII and the characters of `texts` (the plan's own text)
/// under the five ids from `first`: Type 0 font (the one pages name), CID font, descriptor,
/// font file, ToUnicode map.
pub fn write(doc: &mut Pdf, first: Ref, texts: &[&str]) {
    let [type0, cid, descriptor, file, cmap] = [0, 1, 2, 3, 4].map(|i| Ref::new(first.get() + i));
    let f = face();
    let scale = 1000.0 / f32::from(f.units_per_em());
    let chars: BTreeSet<char> = texts
        .iter()
        .flat_map(|t| t.chars())
        .filter(|c| !c.is_control())
        .chain(' '..='~') // numbers and words this crate adds around them
        .collect();
    // Each glyph once, with the character it really is (a missing one borrows '?').
    let glyphs: BTreeMap<u16, char> = chars
        .iter()
        .filter_map(|&c| f.glyph_index(c).map(|g| (g.0, c)))
        .collect();

    doc.type0_font(type0)
        .base_font(BASE_FONT)
        .encoding_predefined(Name(b"Identity-H"))
        .descendant_font(cid)
        .to_unicode(cmap);

    let info = SystemInfo {
        registry: Str(b"Adobe"),
        ordering: Str(b"Identity"),
        supplement: 0,
    };
    let mut font = doc.cid_font(cid);
    font.subtype(CidFontType::Type2)
        .base_font(BASE_FONT)
        .system_info(info)
        .font_descriptor(descriptor)
        .cid_to_gid_map_predefined(Name(b"Identity"))
        .default_width(advance(glyph(' ')));
    let mut widths = font.widths();
    for &g in glyphs.keys() {
        widths.consecutive(g, [advance(GlyphId(g))]);
    }
    widths.finish();
    font.finish();

    let bbox = f.global_bounding_box();
    let s = |v: i16| f32::from(v) * scale;
    doc.font_descriptor(descriptor)
        .name(BASE_FONT)
        .flags(FontFlags::NON_SYMBOLIC)
        .bbox(Rect::new(
            s(bbox.x_min),
            s(bbox.y_min),
            s(bbox.x_max),
            s(bbox.y_max),
        ))
        .italic_angle(f.italic_angle())
        .ascent(s(f.ascender()))
        .descent(s(f.descender()))
        .cap_height(s(f.capital_height().unwrap_or(f.ascender())))
        .stem_v(80.0)
        .font_file2(file);

    // Only the glyphs used keep their outlines: a few kilobytes instead of the whole font.
    let full = epaint_default_fonts::UBUNTU_LIGHT;
    let keep: BTreeSet<u16> = glyphs.keys().copied().collect();
    let data = subset(full, &keep).unwrap_or_else(|| full.to_vec());
    let packed = deflate(&data);
    doc.stream(file, &packed)
        .filter(Filter::FlateDecode)
        .pair(Name(b"Length1"), data.len() as i32);

    let mut map = UnicodeCmap::new(Name(b"Redline-UTF16"), info);
    for (&g, &c) in &glyphs {
        map.pair(g, c);
    }
    doc.cmap(cmap, &map.finish());
}

fn deflate(data: &[u8]) -> Vec<u8> {
    use std::io::Write;
    let mut z = flate2::write::ZlibEncoder::new(Vec::new(), flate2::Compression::best());
    z.write_all(data).expect("writing to a Vec cannot fail");
    z.finish().expect("writing to a Vec cannot fail")
}

/// Tables a TrueType font embedded in a PDF keeps; layout tables (GSUB, GPOS, kern, ...)
/// are for shaping, which PDF text does not do.
const KEPT_TABLES: [&[u8; 4]; 13] = [
    b"OS/2", b"cmap", b"cvt ", b"fpgm", b"glyf", b"head", b"hhea", b"hmtx", b"loca", b"maxp",
    b"name", b"post", b"prep",
];

fn u16_at(d: &[u8], at: usize) -> Option<u16> {
    Some(u16::from_be_bytes(d.get(at..at + 2)?.try_into().ok()?))
}

fn u32_at(d: &[u8], at: usize) -> Option<u32> {
    Some(u32::from_be_bytes(d.get(at..at + 4)?.try_into().ok()?))
}

/// The font with every glyph outside `keep` (and the components of composite glyphs in it)
/// emptied, and only [`KEPT_TABLES`]: glyph ids stay as they are, so the PDF's Identity
/// mapping still holds. `None` when the font is not a plain TrueType file this reads.
pub(crate) fn subset(data: &[u8], keep: &BTreeSet<u16>) -> Option<Vec<u8>> {
    let count = usize::from(u16_at(data, 4)?);
    let mut tables: BTreeMap<[u8; 4], &[u8]> = BTreeMap::new();
    for i in 0..count {
        let rec = 12 + 16 * i;
        let tag: [u8; 4] = data.get(rec..rec + 4)?.try_into().ok()?;
        let offset = u32_at(data, rec + 8)? as usize;
        let len = u32_at(data, rec + 12)? as usize;
        tables.insert(tag, data.get(offset..offset.checked_add(len)?)?);
    }
    let head = tables.get(b"head")?;
    let long_loca = u16_at(head, 50)? == 1;
    let glyphs = usize::from(u16_at(tables.get(b"maxp")?, 4)?);
    let (loca, glyf) = (*tables.get(b"loca")?, *tables.get(b"glyf")?);
    let span = |g: usize| -> Option<(usize, usize)> {
        let at = |i: usize| {
            if long_loca {
                u32_at(loca, 4 * i).map(|v| v as usize)
            } else {
                u16_at(loca, 2 * i).map(|v| 2 * usize::from(v))
            }
        };
        let (a, b) = (at(g)?, at(g + 1)?);
        (a <= b && b <= glyf.len()).then_some((a, b))
    };
    // Glyph 0 (.notdef) always, then composite glyphs' components, transitively.
    let mut wanted: BTreeSet<u16> = keep.iter().copied().chain([0]).collect();
    let mut todo: Vec<u16> = wanted.iter().copied().collect();
    while let Some(g) = todo.pop() {
        let (a, b) = span(usize::from(g))?;
        let body = &glyf[a..b];
        if body.len() < 10 || (u16_at(body, 0)? as i16) >= 0 {
            continue;
        }
        let mut at = 10;
        loop {
            let flags = u16_at(body, at)?;
            let component = u16_at(body, at + 2)?;
            if wanted.insert(component) {
                todo.push(component);
            }
            at += 4 + if flags & 0x0001 != 0 { 4 } else { 2 };
            at += match flags {
                f if f & 0x0008 != 0 => 2,
                f if f & 0x0040 != 0 => 4,
                f if f & 0x0080 != 0 => 8,
                _ => 0,
            };
            if flags & 0x0020 == 0 {
                break;
            }
        }
    }
    let mut new_glyf = Vec::new();
    let mut new_loca = Vec::with_capacity(4 * (glyphs + 1));
    for g in 0..glyphs {
        new_loca.extend((new_glyf.len() as u32).to_be_bytes());
        if wanted.contains(&u16::try_from(g).ok()?) {
            let (a, b) = span(g)?;
            new_glyf.extend_from_slice(&glyf[a..b]);
            while new_glyf.len() % 4 != 0 {
                new_glyf.push(0);
            }
        }
    }
    new_loca.extend((new_glyf.len() as u32).to_be_bytes());
    let mut new_head = head.to_vec();
    new_head.get_mut(8..12)?.fill(0); // checkSumAdjustment: not checked by PDF readers
    new_head
        .get_mut(50..52)?
        .copy_from_slice(&1u16.to_be_bytes()); // long loca
    let mut out_tables: Vec<([u8; 4], Vec<u8>)> = Vec::new();
    for tag in KEPT_TABLES {
        let body = match tag {
            b"glyf" => new_glyf.clone(),
            b"loca" => new_loca.clone(),
            b"head" => new_head.clone(),
            _ => match tables.get(tag) {
                Some(t) => t.to_vec(),
                None => continue,
            },
        };
        out_tables.push((*tag, body));
    }
    Some(sfnt(data.get(0..4)?, &out_tables))
}

/// A font file of `tables` (sorted by tag), each 4-byte aligned with its checksum.
fn sfnt(version: &[u8], tables: &[([u8; 4], Vec<u8>)]) -> Vec<u8> {
    let n = tables.len() as u16;
    let pow = 1u16 << (15 - n.leading_zeros().min(15));
    let mut out = version.to_vec();
    for v in [n, pow * 16, pow.trailing_zeros() as u16, n * 16 - pow * 16] {
        out.extend(v.to_be_bytes());
    }
    let mut offset = 12 + 16 * tables.len();
    for (tag, body) in tables {
        let sum = body
            .chunks(4)
            .map(|c| {
                let mut w = [0u8; 4];
                w[..c.len()].copy_from_slice(c);
                u32::from_be_bytes(w)
            })
            .fold(0u32, u32::wrapping_add);
        out.extend(tag);
        out.extend(sum.to_be_bytes());
        out.extend((offset as u32).to_be_bytes());
        out.extend((body.len() as u32).to_be_bytes());
        offset += body.len().div_ceil(4) * 4;
    }
    for (_, body) in tables {
        out.extend(body);
        out.resize(out.len().div_ceil(4) * 4, 0);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_subset_keeps_the_outlines_used_and_drops_the_rest() {
        let full = epaint_default_fonts::UBUNTU_LIGHT;
        let keep: BTreeSet<u16> = ['é', 'Ж', 'a'].map(|c| glyph(c).0).into();
        let small = subset(full, &keep).expect("Ubuntu Light subsets");
        assert!(small.len() * 10 < full.len(), "{} bytes", small.len());
        let face = Face::parse(&small, 0).expect("the subset is a font");
        assert_eq!(face.number_of_glyphs(), super::face().number_of_glyphs());
        for c in ['é', 'Ж', 'a'] {
            assert!(face.glyph_bounding_box(glyph(c)).is_some(), "{c} kept");
        }
        assert!(face.glyph_bounding_box(glyph('Q')).is_none(), "Q dropped");
        // Advances are kept for every glyph, so widths stay right.
        assert_eq!(
            face.glyph_hor_advance(glyph('Q')),
            super::face().glyph_hor_advance(glyph('Q'))
        );
    }

    #[test]
    fn text_beyond_ascii_is_two_bytes_a_glyph_and_missing_characters_are_question_marks() {
        assert!(is_plain("Container 2"));
        assert!(!is_plain("Café"));
        assert_eq!(encode("Café").len(), 8);
        let unknown = '\u{4E2D}'; // a CJK character: not in Ubuntu Light
        assert_eq!(encode(&unknown.to_string()), encode("?"));
        assert!(width("Склад", 10.0) > 0.0);
    }
}
