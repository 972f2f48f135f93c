//! Fuzzing the planner's loaders: share codes (the text mutated, and the payload inside
//! mutated under a valid checksum so the parser, not the checksum, meets the damage) and
//! saved layout files. What loads is then checked and exported like the CLI does; nothing
//! may panic or hang, and a layout beyond the limits never reaches the checks.
//!
//! A fixed set of cases runs in `cargo test`; `REDLINE_FUZZ_CASES=<n>` runs `n` fresh random
//! cases per property (docs/limits.md).

#[path = "../../content/tests/common/fuzz.rs"]
mod fuzz;

use std::io::{Read, Write};
use std::path::Path;
use std::sync::OnceLock;

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use flate2::Compression;
use flate2::read::DeflateDecoder;
use flate2::write::DeflateEncoder;
use fuzz::{apply, apply_text, mutations};
use proptest::prelude::*;
use redline_content::Catalog;
use redline_content::schema::Layout;
use redline_planner::export::svg::svg;
use redline_planner::{battlespace_of, decode, density, encode, table_plan};

fn catalog() -> &'static Catalog {
    static CATALOG: OnceLock<Catalog> = OnceLock::new();
    CATALOG.get_or_init(redline_content::starter)
}

fn pier() -> &'static Layout {
    catalog().layouts.get("pier_nine").unwrap()
}

/// The payload inside the share code of the pier layout.
fn payload() -> &'static [u8] {
    static PAYLOAD: OnceLock<Vec<u8>> = OnceLock::new();
    PAYLOAD.get_or_init(|| {
        let bytes = URL_SAFE_NO_PAD.decode(encode(pier())).unwrap();
        let mut out = Vec::new();
        DeflateDecoder::new(&bytes[1..bytes.len() - 4])
            .read_to_end(&mut out)
            .unwrap();
        out
    })
}

/// A share code of version `version` holding `payload` with a valid checksum.
fn code_of(version: u8, payload: &[u8]) -> String {
    let mut deflate = DeflateEncoder::new(vec![version], Compression::fast());
    deflate.write_all(payload).unwrap();
    let mut bytes = deflate.finish().unwrap();
    let mut crc = flate2::Crc::new();
    crc.update(payload);
    bytes.extend_from_slice(&crc.sum().to_be_bytes());
    URL_SAFE_NO_PAD.encode(bytes)
}

/// What the CLI does with a layout it was given: checks and an export.
fn check(layout: &Layout) {
    assert!(
        layout.limits_problem().is_none(),
        "a layout beyond the limits decoded: {:?}",
        layout.limits_problem()
    );
    let _ = density::density(layout);
    let _ = battlespace_of(catalog(), layout);
    if let Ok(plan) = table_plan(catalog(), layout) {
        let _ = svg(&plan);
    }
}

proptest! {
    #![proptest_config(fuzz::config(400))]

    /// A share code mangled as text: refused with a reason, or a layout within the limits.
    #[test]
    fn mutated_share_codes_never_panic(m in mutations(4)) {
        let code = apply_text(&encode(pier()), &m);
        if let Ok(layout) = decode(&code) {
            check(&layout);
        }
    }

    /// Random text pasted as a share code.
    #[test]
    fn random_text_as_a_share_code_never_panics(text in "[A-Za-z0-9_\\- ]{0,300}") {
        if let Ok(layout) = decode(&text) {
            check(&layout);
        }
    }
}

proptest! {
    #![proptest_config(fuzz::config(200))]

    /// The payload damaged under a valid checksum, in either format: the parser meets the
    /// damage, never a panic, and what decodes is checked and exported.
    #[test]
    fn mutated_share_payloads_never_panic(m in mutations(4), version in 1u8..=2) {
        let bytes = apply(payload(), &m);
        if let Ok(layout) = decode(&code_of(version, &bytes)) {
            check(&layout);
        }
    }

    /// A saved layout file mangled: refused with file, line and column, or a layout within
    /// the limits.
    #[test]
    fn mutated_saved_layouts_never_panic(m in mutations(6), bare in any::<bool>()) {
        let text = if bare {
            ron::ser::to_string_pretty(pier(), ron::ser::PrettyConfig::default()).unwrap()
        } else {
            redline_content::store::to_text("redline-layout", 2, pier()).unwrap()
        };
        let text = apply_text(&text, &m);
        if let Ok(layout) = redline_planner::save::from_text(Path::new("fuzz.ron"), &text) {
            check(&layout);
        }
    }
}
