//! Share codes round-trip and refuse bad input; density findings cite FIELD-2/FIELD-3.

use redline_content::schema::{Layout, PlacedPiece};
use redline_planner::density::density;
use redline_planner::{GenerateOptions, ShareError, Symmetry, decode, encode, generate};

#[test]
fn every_starter_layout_round_trips_through_its_share_code() {
    let catalog = redline_content::starter();
    for layout in catalog.layouts.iter() {
        let code = encode(layout);
        let back = decode(&code).unwrap();
        assert_eq!(&back, layout);
        assert_eq!(encode(&back), code);
        assert!(code.len() < 600, "{}: {} characters", layout.id, code.len());
    }
}

#[test]
fn a_generated_layout_round_trips_through_its_share_code() {
    let catalog = redline_content::starter();
    let mut opts = GenerateOptions::new([44.0, 30.0], 7);
    opts.symmetry = Symmetry::Rotational;
    let layout = generate(&catalog, &opts).unwrap();
    let code = encode(&layout);
    assert_eq!(decode(&format!("  {code}\n")).unwrap(), layout);
    assert_eq!(encode(&decode(&code).unwrap()), code);
}

#[test]
fn bad_share_codes_are_refused_with_a_reason() {
    let catalog = redline_content::starter();
    let code = encode(catalog.layouts.iter().next().unwrap());
    assert_eq!(decode(""), Err(ShareError::Empty));
    assert_eq!(decode("not a code!"), Err(ShareError::NotText));
    assert_eq!(decode("AQ"), Err(ShareError::TooShort));
    // Version byte 3 (this build writes 2 and reads 1 and 2): "Aw" starts with 0x03.
    let mut other = String::from("Aw");
    other.push_str(&code[2..]);
    assert!(matches!(decode(&other), Err(ShareError::UnknownVersion(_))));
    // Flip one character in the middle: the checksum (or the inflater) notices.
    let mut bytes = code.clone().into_bytes();
    let mid = bytes.len() / 2;
    bytes[mid] = if bytes[mid] == b'A' { b'B' } else { b'A' };
    let damaged = String::from_utf8(bytes).unwrap();
    assert!(matches!(
        decode(&damaged),
        Err(ShareError::Damaged | ShareError::Malformed(_))
    ));
    // Cut off: too little data for the checksum to match.
    assert!(decode(&code[..code.len() - 6]).is_err());
    let message = decode("not a code!").unwrap_err().to_string();
    assert!(message.contains("not a share code"), "{message}");
}

fn placed(x: f32, z: f32) -> PlacedPiece {
    PlacedPiece {
        piece: "crate".to_owned(),
        at: [x, z],
        elevation: 0.0,
        rotation_deg: 0.0,
        label: None,
        tags: Vec::new(),
    }
}

// FIELD-2: 10-15 pieces on a 22" x 30" table, 3-4 per quarter.
#[test]
fn field_2_density_of_a_crowded_corner() {
    let layout = Layout {
        id: "corner".to_owned(),
        name: "Corner".to_owned(),
        size: [30.0, 22.0],
        pieces: (0..8).map(|i| placed(2.0 + i as f32, 3.0)).collect(),
        text: String::new(),
    };
    let d = density(&layout);
    assert_eq!(d.pieces, 8);
    assert_eq!(d.per_quarter, [8, 0, 0, 0]);
    assert!((d.per_square_foot - 8.0 / (660.0 / 144.0)).abs() < 1e-4);
    assert_eq!(d.guidance.total, (10, 15));
    assert_eq!(d.guidance.rule, "FIELD-2");
    // Sparse overall, and all four quarters outside 3-4.
    assert_eq!(d.findings.len(), 5);
    assert!(d.findings[0].message.contains("sparse"));
}

// FIELD-3: any other table gets 2-3 pieces per square foot: 36" x 36" is 9 sq ft, 18-27.
#[test]
fn field_3_guidance_for_a_custom_table() {
    let layout = Layout {
        id: "square".to_owned(),
        name: "Square".to_owned(),
        size: [36.0, 36.0],
        pieces: Vec::new(),
        text: String::new(),
    };
    let d = density(&layout);
    assert_eq!(d.guidance.total, (18, 27));
    assert_eq!(d.guidance.per_quarter, (4, 7));
    assert_eq!(d.guidance.rule, "FIELD-3");
}
