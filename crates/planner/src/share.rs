//! Share codes: a short text string holding a whole layout, to paste into a chat and load on
//! another machine (docs/decisions/planner-share-code.md).
//!
//! The code is URL-safe base64 (no padding) of: one version byte, the DEFLATE-compressed
//! payload, and the payload's CRC-32 (big-endian). The payload is a compact binary form of
//! the layout: strings as a length then UTF-8, numbers as unsigned LEB128 varints, and every
//! measurement as its exact `f32` bits, so a layout comes back exactly as it went in.
//!
//! Format 2 adds each placed piece's agreed tags (FIELD-11) after its label; codes of format
//! 1 (no agreed tags) still load, every part keeping the pack's tags.

use std::io::{Read, Write};

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use flate2::Compression;
use flate2::read::DeflateDecoder;
use flate2::write::DeflateEncoder;
use redline_content::limits;
use redline_content::schema::{Layout, OpeningKind, PartTags, PlacedPiece, SceneryTag};

/// The share-code format this build writes.
pub const SHARE_VERSION: u8 = 2;
/// The oldest share-code format this build still reads.
pub const OLDEST_SHARE_VERSION: u8 = 1;

/// The tags in the order of their bits in a format-2 code.
const TAG_BITS: [SceneryTag; 5] = [
    SceneryTag::Obstacle,
    SceneryTag::Barrier,
    SceneryTag::EasyClimb,
    SceneryTag::Draggable,
    SceneryTag::Elevated,
];

/// Why a share code can't be read. Messages are for the player who pasted it.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ShareError {
    /// Nothing was pasted.
    #[error("the share code is empty")]
    Empty,
    /// A character that share codes never use.
    #[error("this is not a share code: only letters, digits, '-' and '_' can appear in one")]
    NotText,
    /// Too short to hold even the version and checksum.
    #[error("the share code is too short; was it cut off when copied?")]
    TooShort,
    /// Written by a newer (or unknown) version of Redline.
    #[error(
        "the share code is format {0}; this Redline reads formats {OLDEST_SHARE_VERSION} to \
         {SHARE_VERSION}"
    )]
    UnknownVersion(u8),
    /// The compressed data or its checksum is damaged.
    #[error("the share code is damaged (its checksum does not match); copy it again")]
    Damaged,
    /// The data is intact but does not describe a layout.
    #[error("the share code does not hold a layout: {0}")]
    Malformed(String),
    /// Longer than any share code this build writes (docs/limits.md).
    #[error("the share code is {chars} characters long; share codes are at most {max}")]
    TooLong {
        /// Characters pasted.
        chars: usize,
        /// [`limits::MAX_SHARE_CODE_CHARS`].
        max: usize,
    },
    /// The code inflates to more than any layout needs (docs/limits.md).
    #[error("the share code inflates past {max} bytes; no layout needs that much")]
    TooLarge {
        /// [`limits::MAX_SHARE_PAYLOAD_BYTES`].
        max: u64,
    },
    /// The layout it holds breaks a limit on input (docs/limits.md), such as a table larger
    /// than any the rulebook plays on.
    #[error("the share code's layout is refused: {0}")]
    Refused(String),
}

/// The share code of a layout.
pub fn encode(layout: &Layout) -> String {
    let payload = payload_of(layout);
    let mut deflate = DeflateEncoder::new(vec![SHARE_VERSION], Compression::best());
    deflate
        .write_all(&payload)
        .expect("writing to a Vec cannot fail");
    let mut bytes = deflate.finish().expect("writing to a Vec cannot fail");
    bytes.extend_from_slice(&crc(&payload).to_be_bytes());
    URL_SAFE_NO_PAD.encode(bytes)
}

/// The layout a share code holds. Surrounding whitespace is ignored. A code longer than
/// [`limits::MAX_SHARE_CODE_CHARS`], inflating past [`limits::MAX_SHARE_PAYLOAD_BYTES`], or
/// holding a layout beyond the limits on input ([`Layout::limits_problem`]) is refused.
pub fn decode(code: &str) -> Result<Layout, ShareError> {
    let code = code.trim();
    if code.is_empty() {
        return Err(ShareError::Empty);
    }
    if code.len() > limits::MAX_SHARE_CODE_CHARS {
        return Err(ShareError::TooLong {
            chars: code.chars().count(),
            max: limits::MAX_SHARE_CODE_CHARS,
        });
    }
    let bytes = URL_SAFE_NO_PAD
        .decode(code)
        .map_err(|_| ShareError::NotText)?;
    if bytes.len() < 1 + 4 {
        return Err(ShareError::TooShort);
    }
    let version = bytes[0];
    if !(OLDEST_SHARE_VERSION..=SHARE_VERSION).contains(&version) {
        return Err(ShareError::UnknownVersion(version));
    }
    let (body, sum) = bytes[1..].split_at(bytes.len() - 5);
    let mut payload = Vec::new();
    DeflateDecoder::new(body)
        .take(limits::MAX_SHARE_PAYLOAD_BYTES + 1)
        .read_to_end(&mut payload)
        .map_err(|_| ShareError::Damaged)?;
    if payload.len() as u64 > limits::MAX_SHARE_PAYLOAD_BYTES {
        return Err(ShareError::TooLarge {
            max: limits::MAX_SHARE_PAYLOAD_BYTES,
        });
    }
    let expected = u32::from_be_bytes([sum[0], sum[1], sum[2], sum[3]]);
    if crc(&payload) != expected {
        return Err(ShareError::Damaged);
    }
    let layout = read_layout(
        &mut Reader {
            bytes: &payload,
            at: 0,
        },
        version,
    )?;
    match layout.limits_problem() {
        None => Ok(layout),
        Some(why) => Err(ShareError::Refused(why)),
    }
}

fn crc(bytes: &[u8]) -> u32 {
    let mut c = flate2::Crc::new();
    c.update(bytes);
    c.sum()
}

fn put_varint(out: &mut Vec<u8>, mut v: u64) {
    loop {
        let byte = (v & 0x7f) as u8;
        v >>= 7;
        if v == 0 {
            out.push(byte);
            return;
        }
        out.push(byte | 0x80);
    }
}

fn put_str(out: &mut Vec<u8>, s: &str) {
    put_varint(out, s.len() as u64);
    out.extend_from_slice(s.as_bytes());
}

fn put_f32(out: &mut Vec<u8>, v: f32) {
    out.extend_from_slice(&v.to_le_bytes());
}

/// The binary payload: id, name, text, size, the distinct scenery ids once, then each placed
/// piece as an index into them with its placement.
fn payload_of(layout: &Layout) -> Vec<u8> {
    let mut out = Vec::new();
    put_str(&mut out, &layout.id);
    put_str(&mut out, &layout.name);
    put_str(&mut out, &layout.text);
    put_f32(&mut out, layout.size[0]);
    put_f32(&mut out, layout.size[1]);
    let mut kinds: Vec<&str> = Vec::new();
    for p in &layout.pieces {
        if !kinds.contains(&p.piece.as_str()) {
            kinds.push(&p.piece);
        }
    }
    put_varint(&mut out, kinds.len() as u64);
    for k in &kinds {
        put_str(&mut out, k);
    }
    put_varint(&mut out, layout.pieces.len() as u64);
    for p in &layout.pieces {
        let index = kinds.iter().position(|k| *k == p.piece).unwrap_or(0);
        put_varint(&mut out, index as u64);
        put_f32(&mut out, p.at[0]);
        put_f32(&mut out, p.at[1]);
        put_f32(&mut out, p.elevation);
        put_f32(&mut out, p.rotation_deg);
        match &p.label {
            Some(label) => {
                out.push(1);
                put_str(&mut out, label);
            }
            None => out.push(0),
        }
        put_tags(&mut out, &p.tags);
    }
    out
}

/// The agreed tags of one piece: how many parts, then each part's index, its tags as bits
/// ([`TAG_BITS`]) and its openings (0 door, 1 window).
fn put_tags(out: &mut Vec<u8>, tags: &[PartTags]) {
    put_varint(out, tags.len() as u64);
    for t in tags {
        put_varint(out, u64::from(t.part));
        let bits = TAG_BITS
            .iter()
            .enumerate()
            .filter(|(_, tag)| t.tags.contains(tag))
            .fold(0u8, |b, (i, _)| b | 1 << i);
        out.push(bits);
        put_varint(out, t.openings.len() as u64);
        out.extend(t.openings.iter().map(|o| match o {
            OpeningKind::Door => 0u8,
            OpeningKind::Window => 1,
        }));
    }
}

fn read_tags(r: &mut Reader) -> Result<Vec<PartTags>, ShareError> {
    let mut out = Vec::new();
    for _ in 0..r.count_max("the agreed tags", limits::MAX_PARTS_PER_PIECE)? {
        let part = u32::try_from(r.varint("a part number")?)
            .map_err(|_| ShareError::Malformed("a part number is too large".to_owned()))?;
        let bits = r.take(1, "a part's tags")?[0];
        if bits >> TAG_BITS.len() != 0 {
            return Err(ShareError::Malformed(
                "a part has an unknown tag".to_owned(),
            ));
        }
        let tags = TAG_BITS
            .iter()
            .enumerate()
            .filter(|(i, _)| bits & (1 << i) != 0)
            .map(|(_, t)| *t)
            .collect();
        let mut openings = Vec::new();
        for _ in 0..r.count_max("a part's openings", limits::MAX_POINTS_PER_PART)? {
            openings.push(match r.take(1, "an opening")?[0] {
                0 => OpeningKind::Door,
                1 => OpeningKind::Window,
                _ => {
                    return Err(ShareError::Malformed(
                        "an opening is neither a door nor a window".to_owned(),
                    ));
                }
            });
        }
        out.push(PartTags {
            part,
            tags,
            openings,
        });
    }
    Ok(out)
}

struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl Reader<'_> {
    fn take(&mut self, n: usize, what: &str) -> Result<&[u8], ShareError> {
        let end = self
            .at
            .checked_add(n)
            .filter(|&e| e <= self.bytes.len())
            .ok_or_else(|| ShareError::Malformed(format!("it ends in the middle of {what}")))?;
        let slice = &self.bytes[self.at..end];
        self.at = end;
        Ok(slice)
    }

    fn varint(&mut self, what: &str) -> Result<u64, ShareError> {
        let mut v = 0u64;
        for shift in (0..64).step_by(7) {
            let byte = self.take(1, what)?[0];
            v |= u64::from(byte & 0x7f) << shift;
            if byte & 0x80 == 0 {
                return Ok(v);
            }
        }
        Err(ShareError::Malformed(format!("{what} is not a number")))
    }

    fn count(&mut self, what: &str) -> Result<usize, ShareError> {
        let n = self.varint(what)?;
        // Every item takes at least one byte, so a count beyond what is left is corrupt.
        usize::try_from(n)
            .ok()
            .filter(|&n| n <= self.bytes.len() - self.at)
            .ok_or_else(|| ShareError::Malformed(format!("{what} is too large")))
    }

    /// A string of at most `max` bytes (checked before it is copied).
    fn string(&mut self, what: &str, max: usize) -> Result<String, ShareError> {
        let n = self.count(what)?;
        if n > max {
            return Err(ShareError::Refused(format!(
                "{what} is {n} bytes long; at most {max}"
            )));
        }
        String::from_utf8(self.take(n, what)?.to_vec())
            .map_err(|_| ShareError::Malformed(format!("{what} is not text")))
    }

    /// A count of at most `max` items (checked before any is read).
    fn count_max(&mut self, what: &str, max: usize) -> Result<usize, ShareError> {
        let n = self.count(what)?;
        if n > max {
            return Err(ShareError::Refused(format!("{n} in {what}; at most {max}")));
        }
        Ok(n)
    }

    fn f32(&mut self, what: &str) -> Result<f32, ShareError> {
        let b = self.take(4, what)?;
        let v = f32::from_le_bytes([b[0], b[1], b[2], b[3]]);
        if v.is_finite() {
            Ok(v)
        } else {
            Err(ShareError::Malformed(format!("{what} is not a number")))
        }
    }
}

fn read_layout(r: &mut Reader, version: u8) -> Result<Layout, ShareError> {
    let id = r.string("the layout id", limits::MAX_ID_BYTES)?;
    let name = r.string("the layout name", limits::MAX_STRING_BYTES)?;
    let text = r.string("the layout note", limits::MAX_STRING_BYTES)?;
    let size = [r.f32("the table width")?, r.f32("the table depth")?];
    let kinds = (0..r.count_max("the scenery list", limits::MAX_LAYOUT_PIECES)?)
        .map(|_| r.string("a scenery id", limits::MAX_ID_BYTES))
        .collect::<Result<Vec<_>, _>>()?;
    let mut pieces = Vec::new();
    for _ in 0..r.count_max("the piece list", limits::MAX_LAYOUT_PIECES)? {
        let index = r.varint("a piece")? as usize;
        let piece = kinds
            .get(index)
            .ok_or_else(|| ShareError::Malformed("a piece names no scenery".to_owned()))?
            .clone();
        let at = [r.f32("a position")?, r.f32("a position")?];
        let elevation = r.f32("an elevation")?;
        let rotation_deg = r.f32("a turn")?;
        let label = match r.take(1, "a label")?[0] {
            0 => None,
            1 => Some(r.string("a label", limits::MAX_STRING_BYTES)?),
            _ => {
                return Err(ShareError::Malformed(
                    "a label flag is neither 0 nor 1".into(),
                ));
            }
        };
        // Format 1 has no agreed tags: every part keeps the pack's.
        let tags = if version >= 2 {
            read_tags(r)?
        } else {
            Vec::new()
        };
        pieces.push(PlacedPiece {
            piece,
            at,
            elevation,
            rotation_deg,
            label,
            tags,
        });
    }
    if r.at != r.bytes.len() {
        return Err(ShareError::Malformed(
            "there is data after the layout".to_owned(),
        ));
    }
    Ok(Layout {
        id,
        name,
        size,
        pieces,
        text,
    })
}
