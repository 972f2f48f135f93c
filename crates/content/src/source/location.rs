//! `pack/file.ron:line:col` locations and turning byte offsets into them.

use std::fmt;

/// Where a problem is: pack id, file path inside the pack, 1-based line and column.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Location {
    /// Pack id (from `pack.ron`).
    pub pack: String,
    /// File path relative to the pack folder, with `/` separators.
    pub file: String,
    /// Line, from 1; 0 when the problem concerns the whole file.
    pub line: usize,
    /// Column in characters, from 1; 0 when the problem concerns the whole file.
    pub col: usize,
}

impl fmt::Display for Location {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.line == 0 {
            write!(f, "{}/{}", self.pack, self.file)
        } else {
            write!(f, "{}/{}:{}:{}", self.pack, self.file, self.line, self.col)
        }
    }
}

/// 1-based line and column (in characters) of a byte offset in `text`.
pub(crate) fn position_of(text: &str, offset: usize) -> (usize, usize) {
    let before = &text[..offset.min(text.len())];
    let line = 1 + before.matches('\n').count();
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    let col = 1 + before[line_start..].chars().count();
    (line, col)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn position_counts_lines_and_characters_from_one() {
        let text = "ab\ncdé\nf";
        assert_eq!(position_of(text, 0), (1, 1));
        assert_eq!(position_of(text, 3), (2, 1));
        assert_eq!(position_of(text, text.find('f').unwrap()), (3, 1));
        // 'é' is two bytes but one column.
        assert_eq!(position_of(text, text.find('\n').unwrap() + 5), (2, 4));
    }

    #[test]
    fn whole_file_locations_print_without_position() {
        let loc = Location {
            pack: "p".into(),
            file: "a.ron".into(),
            line: 0,
            col: 0,
        };
        assert_eq!(loc.to_string(), "p/a.ron");
        let loc = Location {
            line: 12,
            col: 5,
            ..loc
        };
        assert_eq!(loc.to_string(), "p/a.ron:12:5");
    }
}
