//! Hostile share codes and layouts: each input a hostile user tried is a test here. A layout
//! beyond the limits on input (docs/limits.md) is refused before any check or export works
//! on it, and a crowd of elevated tops costs bounded work per top.

use std::io::{Read, Write};

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use flate2::Compression;
use flate2::read::DeflateDecoder;
use flate2::write::DeflateEncoder;
use redline_content::limits;
use redline_content::schema::{Layout, PlacedPiece};
use redline_planner::{
    GenerateError, GenerateOptions, PlanError, ShareError, WayUp, battlespace_of, climbing_routes,
    decode, encode, generate, table_plan,
};

fn layout(size: [f32; 2], pieces: Vec<PlacedPiece>) -> Layout {
    Layout {
        id: "hostile".into(),
        name: "Hostile".into(),
        size,
        pieces,
        text: String::new(),
    }
}

/// A share code holding `payload` as is (version 2, valid checksum).
fn code_of(payload: &[u8]) -> String {
    let mut deflate = DeflateEncoder::new(vec![2u8], Compression::best());
    deflate.write_all(payload).unwrap();
    let mut bytes = deflate.finish().unwrap();
    let mut crc = flate2::Crc::new();
    crc.update(payload);
    bytes.extend_from_slice(&crc.sum().to_be_bytes());
    URL_SAFE_NO_PAD.encode(bytes)
}

#[test]
fn a_share_code_of_a_table_1e38_inches_a_side_is_refused() {
    // The report's code: a 26-character code of an empty 1e38" x 1e38" table, which decoded
    // and then made `layout check` and the exports panic or run out of memory.
    let err = decode("AmNMYnRimFk2rQ6EGRgAY1XF2w").unwrap_err();
    assert!(
        matches!(&err, ShareError::Refused(why) if why.contains("sides are at most 96")),
        "{err}"
    );
    let huge = layout(
        [1e38, 1e38],
        vec![PlacedPiece::new("container", [5.0, 5.0])],
    );
    assert!(matches!(
        decode(&encode(&huge)),
        Err(ShareError::Refused(_))
    ));
    let catalog = redline_content::starter();
    // Handed to the checks and exports directly, it is refused there too.
    assert!(matches!(
        battlespace_of(&catalog, &huge),
        Err(PlanError::Limits { .. })
    ));
    assert!(matches!(
        table_plan(&catalog, &huge),
        Err(PlanError::Limits { .. })
    ));
}

#[test]
fn a_table_of_a_hundred_thousand_inches_is_not_generated() {
    let catalog = redline_content::starter();
    let err = generate(&catalog, &GenerateOptions::new([100_000.0, 100_000.0], 1)).unwrap_err();
    assert!(matches!(err, GenerateError::TableTooLarge(_)), "{err}");
}

#[test]
fn pieces_off_the_table_or_beyond_the_piece_limit_are_refused() {
    let off = layout([30.0, 22.0], vec![PlacedPiece::new("barrel", [31.0, 5.0])]);
    let err = decode(&encode(&off)).unwrap_err();
    assert!(
        matches!(&err, ShareError::Refused(why) if why.contains("off the")),
        "{err}"
    );
    let crowd = layout(
        [30.0, 22.0],
        vec![PlacedPiece::new("barrel", [5.0, 5.0]); limits::MAX_LAYOUT_PIECES + 1],
    );
    let err = decode(&encode(&crowd)).unwrap_err();
    assert_eq!(
        err,
        ShareError::Refused("1001 in the piece list; at most 1000".into())
    );
}

#[test]
fn a_share_code_inflating_past_the_limit_or_too_long_is_refused() {
    // Two megabytes of zeros deflate to a few kilobytes.
    let bomb = code_of(&vec![0u8; 2 * 1024 * 1024]);
    assert!(bomb.len() < 20_000, "{}", bomb.len());
    assert_eq!(
        decode(&bomb).unwrap_err(),
        ShareError::TooLarge {
            max: limits::MAX_SHARE_PAYLOAD_BYTES
        }
    );
    let long = "A".repeat(limits::MAX_SHARE_CODE_CHARS + 1);
    assert!(matches!(decode(&long), Err(ShareError::TooLong { .. })));
}

#[test]
fn a_string_length_beyond_the_limit_is_refused_before_it_is_copied() {
    // id: a length of 100 000 bytes, then the bytes.
    let mut payload = vec![0xa0, 0x8d, 0x06];
    payload.extend(std::iter::repeat_n(b'x', 100_000));
    let err = decode(&code_of(&payload)).unwrap_err();
    assert_eq!(
        err,
        ShareError::Refused("the layout id is 100000 bytes long; at most 64".into())
    );
}

#[test]
fn every_top_of_a_crowd_of_stacked_containers_is_answered() {
    // Two hundred containers on one spot made the climbing check's work grow with the cube
    // of their number: each top tried the starting spots of every other top. Now each top
    // tries its own and those of its three nearest (the same spots, once).
    let catalog = redline_content::starter();
    let stacked = layout(
        [30.0, 22.0],
        vec![PlacedPiece::new("container", [15.0, 11.0]); 200],
    );
    let space = battlespace_of(&catalog, &stacked).unwrap();
    let routes = climbing_routes(&space);
    assert_eq!(routes.len(), 200);
    let first = &routes[0];
    assert_ne!(first.way, WayUp::None, "{:?}", first.steps);
    assert!(
        routes
            .iter()
            .all(|r| r.way == first.way && r.top == first.top)
    );
}

#[test]
fn a_decoded_code_holds_exactly_the_payload_it_was_made_from() {
    // The helper above writes codes the way the planner does: a round trip through it.
    let pier = redline_content::starter()
        .layouts
        .get("pier_nine")
        .unwrap()
        .clone();
    let code = encode(&pier);
    let bytes = URL_SAFE_NO_PAD.decode(&code).unwrap();
    let mut payload = Vec::new();
    DeflateDecoder::new(&bytes[1..bytes.len() - 4])
        .read_to_end(&mut payload)
        .unwrap();
    assert_eq!(decode(&code_of(&payload)).unwrap(), pier);
}
