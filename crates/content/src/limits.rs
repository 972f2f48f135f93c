//! Every limit on what Redline reads from outside: pack files, share codes, replays, saves,
//! campaigns, layouts, team files and scripts. Inputs come from strangers (a share code pasted
//! from a forum, a pack or a replay downloaded), so each one is bounded before it can cost
//! much memory or time, and each refusal says which limit it broke. `docs/limits.md` lists
//! them with the error a user sees.
//!
//! The limits are far above anything the rulebook or the shipped content needs: they are
//! there to stop a hostile or broken file, not to constrain play.

use std::borrow::Cow;

pub use redline_rules::replay::MAX_REPLAY_STEPS;

/// How many bytes one kind of file may hold, and what to call it in a refusal. Checked on
/// the file's size before a byte is read, and again while reading (a file that grows).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FileLimit {
    /// What the file is, for messages ("a pack file").
    pub what: &'static str,
    /// Most bytes read.
    pub max_bytes: u64,
}

const MIB: u64 = 1024 * 1024;

/// A pack's `pack.ron`: a name, a description and the list of files. The starter pack's is
/// under 2 KiB.
pub const PACK_MANIFEST: FileLimit = FileLimit {
    what: "a pack manifest",
    max_bytes: 256 * 1024,
};

/// One file a pack lists. The starter pack's largest is under 40 KiB.
pub const PACK_FILE: FileLimit = FileLimit {
    what: "a pack file",
    max_bytes: 2 * MIB,
};

/// All the files of one pack together.
pub const PACK_TOTAL_BYTES: u64 = 16 * MIB;

/// Files one pack manifest may list (the starter pack lists 21).
pub const MAX_PACK_FILES: usize = 1_000;

/// Folder entries looked at when a pack folder is searched for `.ron` files it doesn't list
/// (a warning); the search stops there.
pub const MAX_PACK_FOLDER_ENTRIES: usize = 10_000;

/// Folder levels below a pack folder searched for unlisted files, and allowed in a listed
/// path.
pub const MAX_PACK_FOLDER_DEPTH: usize = 16;

/// A file written through the store (`crate::store`): game saves and autosaves, campaigns,
/// rosters, key bindings, saved layouts. A ten-game campaign of random bots is about 0.6 MiB;
/// a long one of a few dozen games stays under 4 MiB.
pub const STORE_FILE: FileLimit = FileLimit {
    what: "a saved file",
    max_bytes: 32 * MIB,
};

/// A replay file (`redline-cli replay`): about 200 bytes a command, so a replay of
/// [`MAX_REPLAY_STEPS`] commands is about 20 MiB.
pub const REPLAY_FILE: FileLimit = FileLimit {
    what: "a replay file",
    max_bytes: 32 * MIB,
};

/// A small hand-written input: a team file, a layout file, a game script, a campaign script,
/// an arena seed list. The repository's largest is under 64 KiB.
pub const SMALL_FILE: FileLimit = FileLimit {
    what: "an input file",
    max_bytes: 4 * MIB,
};

/// Brackets (`(`, `[`, `{`) open at once in any RON text. The deepest file the build writes
/// (a replay) nests 13 deep; ron's own default stops at 128.
pub const MAX_RON_DEPTH: usize = 64;

/// Bytes of one string in any RON text (names, rules text, log lines). The starter pack's
/// longest is under 200.
pub const MAX_STRING_BYTES: usize = 4_096;

/// Bytes of one bare word or number in any RON text (a field name, a keyword, a number).
pub const MAX_TOKEN_BYTES: usize = 256;

/// Bytes of an id (a card, a piece, a layout, a pack). The starter pack's longest is 28.
pub const MAX_ID_BYTES: usize = 64;

/// Characters of input quoted in an error message; longer input is cut to this many and the
/// rest counted, so an error never echoes a huge token.
pub const MAX_QUOTED_CHARS: usize = 200;

/// Longest table side, inches: twice the largest table of FIELD-1..FIELD-3 (20" to 48" a
/// side). Layouts, scenarios, share codes and the generator are held to it.
pub const MAX_TABLE_SIDE_INCHES: f32 = 96.0;

/// Longest dimension of a scenery part, furthest a part sits from its piece's origin, and
/// highest a piece is set (elevation), inches.
pub const MAX_SCENERY_INCHES: f32 = 96.0;

/// Pieces placed on one layout. FIELD-3's densest guidance on the largest table is under
/// 200; the planner's checks stay near-linear up to this many (docs/planner.md).
pub const MAX_LAYOUT_PIECES: usize = 1_000;

/// Parts of one scenery piece, and agreed-tag entries on one placed piece.
pub const MAX_PARTS_PER_PIECE: usize = 64;

/// Footprint points of one hull, and openings of one wall.
pub const MAX_POINTS_PER_PART: usize = 64;

/// Cost of one card, EB. The rulebook's dearest card costs well under 100; with at most
/// [`MAX_TEAM_MODELS`] models carrying at most [`MAX_CARDS_PER_MODEL`] cards each, a team's
/// total can't come near `u32::MAX`.
pub const MAX_CARD_COST: i32 = 1_000;

/// Street Cred stars one card, Objective or consequence may show.
pub const MAX_STARS: u8 = 5;

/// Street Cred a Gear card or program may require (TEAM-15): the campaign's climb ends at
/// 10, where Prove Your Worth is played (CAMP-35).
pub const MAX_STREET_CRED: u8 = 10;

/// Models in one team (characters and Gonks).
pub const MAX_TEAM_MODELS: usize = 40;

/// Gear cards bought plus programs installed on one model.
pub const MAX_CARDS_PER_MODEL: usize = 16;

/// An agreed EB limit plus bonus EB (TEAM-5, TEAM-18). The rulebook's games are 100 to 200.
pub const MAX_EB_LIMIT: u32 = 100_000;

/// Characters in a share code. A share code of the largest layout with long labels is under
/// 100 KiB.
pub const MAX_SHARE_CODE_CHARS: usize = 256 * 1024;

/// Bytes a share code may inflate to; a share code inflating beyond it is refused.
pub const MAX_SHARE_PAYLOAD_BYTES: u64 = 1024 * 1024;

/// Games in one campaign's history.
pub const MAX_CAMPAIGN_GAMES: usize = 1_000;

/// Why a table of `size` inches (x, z) can't be used, if it can't: each side a finite
/// length above 0 and at most [`MAX_TABLE_SIDE_INCHES`].
pub fn table_problem(size: [f32; 2]) -> Option<String> {
    let [x, z] = size;
    if !(x.is_finite() && z.is_finite() && x > 0.0 && z > 0.0) {
        return Some(format!("table sides must be above 0, not {x}\" x {z}\""));
    }
    if x > MAX_TABLE_SIDE_INCHES || z > MAX_TABLE_SIDE_INCHES {
        return Some(format!(
            "a {x}\" x {z}\" table; sides are at most {MAX_TABLE_SIDE_INCHES}\" (twice the \
             rulebook's largest, FIELD-3)"
        ));
    }
    None
}

/// Why a string of `field` can't be used, if it is longer than `max` bytes.
pub fn length_problem(field: &str, text: &str, max: usize) -> Option<String> {
    (text.len() > max).then(|| {
        format!(
            "{field} is {} bytes long; at most {max} (\"{}\")",
            text.len(),
            excerpt(text)
        )
    })
}

/// `text` as quoted in an error: at most [`MAX_QUOTED_CHARS`] characters, the rest counted.
pub fn excerpt(text: &str) -> Cow<'_, str> {
    match text.char_indices().nth(MAX_QUOTED_CHARS) {
        None => Cow::Borrowed(text),
        Some((cut, _)) => {
            let rest = text[cut..].chars().count();
            Cow::Owned(format!("{}… ({rest} more characters)", &text[..cut]))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tables_of_the_rulebook_pass_and_huge_or_empty_ones_are_refused() {
        for size in [
            [30.0, 22.0],
            [44.0, 30.0],
            [48.0, 48.0],
            [96.0, 96.0],
            [0.5, 0.5],
        ] {
            assert_eq!(table_problem(size), None, "{size:?}");
        }
        for size in [
            [1e38, 1e38],
            [100_000.0, 22.0],
            [0.0, 22.0],
            [f32::NAN, 1.0],
        ] {
            assert!(table_problem(size).is_some(), "{size:?}");
        }
    }

    #[test]
    fn an_excerpt_keeps_short_text_and_cuts_long_text_at_a_character() {
        assert_eq!(excerpt("short"), "short");
        let long = "é".repeat(MAX_QUOTED_CHARS + 20);
        let cut = excerpt(&long);
        assert!(cut.starts_with(&"é".repeat(MAX_QUOTED_CHARS)));
        assert!(cut.ends_with("… (20 more characters)"), "{cut}");
    }
}
