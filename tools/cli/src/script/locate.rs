//! Where a part of a script sits in its file, so a semantic error (an unknown card, a refused
//! command) can say `file:line:col` like a syntax error does. `ron` keeps no positions for
//! values it parsed, so this skims the text again: a bracket walker that knows RON's strings,
//! chars and comments, run only on text `ron` already accepted.

/// One step of a path into a RON value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Seg<'a> {
    /// The value of a named field: `Script(steps: ...)`, `(label: ...)`.
    Field(&'a str),
    /// The n-th item of a list or a tuple; in a newtype variant around a list
    /// (`Expect([...])`), of that list.
    Index(usize),
}

/// A 1-based line and column.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, serde::Serialize)]
pub struct Position {
    /// Line, from 1.
    pub line: usize,
    /// Column in characters, from 1.
    pub column: usize,
}

impl std::fmt::Display for Position {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}:{}", self.line, self.column)
    }
}

/// The position of byte `offset` in `text`.
pub fn position_of(text: &str, offset: usize) -> Position {
    let before = &text[..offset.min(text.len())];
    let line = before.matches('\n').count() + 1;
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    Position {
        line,
        column: before[line_start..].chars().count() + 1,
    }
}

/// The position of the value at `path` in the RON document `text`, or of the deepest value
/// on the way that could be found.
pub fn locate(text: &str, path: &[Seg<'_>]) -> Position {
    let walker = Walker {
        bytes: text.as_bytes(),
    };
    let mut at = walker.document_start();
    for seg in path {
        match walker.child(at, *seg) {
            Some(next) => at = next,
            None => break,
        }
    }
    position_of(text, at)
}

/// One item of a bracketed group: where its value starts, and its key if it has one.
struct Item<'t> {
    key: Option<&'t [u8]>,
    value: usize,
}

struct Walker<'t> {
    bytes: &'t [u8],
}

impl<'t> Walker<'t> {
    /// The first value of the document, after trivia and `#![enable(...)]` attributes.
    fn document_start(&self) -> usize {
        let mut i = self.skip_trivia(0);
        while self.bytes.get(i) == Some(&b'#') {
            match self.bytes[i..].iter().position(|&b| b == b']') {
                Some(end) => i = self.skip_trivia(i + end + 1),
                None => break,
            }
        }
        i
    }

    /// The start of the child `seg` of the value starting at `at`.
    fn child(&self, at: usize, seg: Seg<'_>) -> Option<usize> {
        let open = self.group_after_ident(at)?;
        let items = self.items(open)?;
        match seg {
            Seg::Field(name) => items
                .iter()
                .find(|item| item.key == Some(name.as_bytes()))
                .map(|item| item.value),
            Seg::Index(n) => {
                // A newtype variant around a list (`Expect([...])`) indexes the list.
                if let [only] = &items[..]
                    && only.key.is_none()
                    && self.bytes.get(only.value) == Some(&b'[')
                {
                    return self.items(only.value)?.get(n).map(|item| item.value);
                }
                items.get(n).map(|item| item.value)
            }
        }
    }

    /// The opening bracket of the value at `at`, skipping a leading name (`Script(`).
    fn group_after_ident(&self, at: usize) -> Option<usize> {
        let mut i = at;
        if self.bytes.get(i).is_some_and(|b| is_ident_start(*b)) {
            i = self.skip_ident(i);
            i = self.skip_trivia(i);
        }
        matches!(self.bytes.get(i), Some(b'(' | b'[' | b'{')).then_some(i)
    }

    /// The items of the group opening at `open`.
    fn items(&self, open: usize) -> Option<Vec<Item<'t>>> {
        let close = match self.bytes[open] {
            b'(' => b')',
            b'[' => b']',
            _ => b'}',
        };
        let mut items = Vec::new();
        let mut i = self.skip_trivia(open + 1);
        loop {
            if self.bytes.get(i)? == &close {
                return Some(items);
            }
            let start = i;
            let end = self.skip_value(i)?;
            let after = self.skip_trivia(end);
            if self.bytes.get(after) == Some(&b':') {
                let key = &self.bytes[start..end];
                let key = key
                    .strip_prefix(b"\"")
                    .and_then(|k| k.strip_suffix(b"\""))
                    .unwrap_or(key);
                let value = self.skip_trivia(after + 1);
                items.push(Item {
                    key: Some(key),
                    value,
                });
                i = self.skip_trivia(self.skip_value(value)?);
            } else {
                items.push(Item {
                    key: None,
                    value: start,
                });
                i = after;
            }
            if self.bytes.get(i) == Some(&b',') {
                i = self.skip_trivia(i + 1);
            }
        }
    }

    /// The end of the value starting at `i`.
    fn skip_value(&self, i: usize) -> Option<usize> {
        let b = *self.bytes.get(i)?;
        if b == b'r' && matches!(self.bytes.get(i + 1), Some(b'"' | b'#')) {
            return self.skip_raw_string(i);
        }
        if is_ident_start(b) {
            let end = self.skip_ident(i);
            let next = self.skip_trivia(end);
            return if self.bytes.get(next) == Some(&b'(') {
                self.skip_group(next)
            } else {
                Some(end)
            };
        }
        match b {
            b'(' | b'[' | b'{' => self.skip_group(i),
            b'"' => self.skip_string(i, b'"'),
            b'\'' => self.skip_string(i, b'\''),
            _ => {
                let len = self.bytes[i..]
                    .iter()
                    .take_while(|c| c.is_ascii_alphanumeric() || b"_.+-".contains(c))
                    .count();
                (len > 0).then_some(i + len)
            }
        }
    }

    fn skip_group(&self, open: usize) -> Option<usize> {
        let mut depth = 0usize;
        let mut i = open;
        loop {
            i = self.skip_trivia(i);
            let b = *self.bytes.get(i)?;
            match b {
                b'(' | b'[' | b'{' => depth += 1,
                b')' | b']' | b'}' => {
                    depth -= 1;
                    if depth == 0 {
                        return Some(i + 1);
                    }
                }
                b'"' => {
                    i = self.skip_string(i, b'"')?;
                    continue;
                }
                b'\'' => {
                    i = self.skip_string(i, b'\'')?;
                    continue;
                }
                b'r' if matches!(self.bytes.get(i + 1), Some(b'"' | b'#')) => {
                    i = self.skip_raw_string(i)?;
                    continue;
                }
                _ => {}
            }
            i += 1;
        }
    }

    fn skip_string(&self, open: usize, quote: u8) -> Option<usize> {
        let mut i = open + 1;
        loop {
            match *self.bytes.get(i)? {
                b'\\' => i += 2,
                b if b == quote => return Some(i + 1),
                _ => i += 1,
            }
        }
    }

    fn skip_raw_string(&self, start: usize) -> Option<usize> {
        let hashes = self.bytes[start + 1..]
            .iter()
            .take_while(|&&b| b == b'#')
            .count();
        let body = start + 1 + hashes + 1;
        let mut closing = vec![b'"'];
        closing.extend(std::iter::repeat_n(b'#', hashes));
        self.bytes
            .get(body..)?
            .windows(closing.len())
            .position(|w| w == closing.as_slice())
            .map(|p| body + p + closing.len())
    }

    fn skip_ident(&self, i: usize) -> usize {
        i + self.bytes[i..]
            .iter()
            .take_while(|b| b.is_ascii_alphanumeric() || **b == b'_')
            .count()
    }

    /// Skips whitespace and `//` and (nested) `/* */` comments.
    fn skip_trivia(&self, mut i: usize) -> usize {
        loop {
            while self.bytes.get(i).is_some_and(u8::is_ascii_whitespace) {
                i += 1;
            }
            match (self.bytes.get(i), self.bytes.get(i + 1)) {
                (Some(b'/'), Some(b'/')) => {
                    while self.bytes.get(i).is_some_and(|&b| b != b'\n') {
                        i += 1;
                    }
                }
                (Some(b'/'), Some(b'*')) => {
                    let mut depth = 0usize;
                    loop {
                        match (self.bytes.get(i), self.bytes.get(i + 1)) {
                            (None, _) => return i,
                            (Some(b'/'), Some(b'*')) => {
                                depth += 1;
                                i += 2;
                            }
                            (Some(b'*'), Some(b'/')) => {
                                depth -= 1;
                                i += 2;
                                if depth == 0 {
                                    break;
                                }
                            }
                            _ => i += 1,
                        }
                    }
                }
                _ => return i,
            }
        }
    }
}

fn is_ident_start(b: u8) -> bool {
    b.is_ascii_alphabetic() || b == b'_'
}

#[cfg(test)]
mod tests {
    use super::{Position, Seg, locate};

    const TEXT: &str = r##"#![enable(implicit_some)]
// a comment with ( and "
Script(
    title: "a ) tricky [ title",
    players: [
        (name: "north", models: [
            (label: "boss", card: "ash_scrapper", at: (1, 0, 2)),
            /* skipped ] */ (label: "b", card: r#"x"#, at: (3, 0, 4)),
        ]),
    ],
    steps: [
        Activate("boss"),
        Expect([Luck("north", 3), Control("north")]),
    ],
)
"##;

    fn at(path: &[Seg<'_>]) -> (usize, usize) {
        let Position { line, column } = locate(TEXT, path);
        (line, column)
    }

    #[test]
    fn fields_items_and_newtype_contents_are_found() {
        use Seg::*;
        assert_eq!(at(&[]), (3, 1));
        assert_eq!(at(&[Field("title")]), (4, 12));
        assert_eq!(at(&[Field("steps"), Index(1)]), (13, 9));
        assert_eq!(at(&[Field("steps"), Index(1), Index(1)]), (13, 35));
        let card = [
            Field("players"),
            Index(0),
            Field("models"),
            Index(1),
            Field("card"),
        ];
        assert_eq!(at(&card), (8, 48));
    }

    #[test]
    fn a_missing_part_stops_at_the_deepest_value_found() {
        use Seg::*;
        assert_eq!(at(&[Field("steps"), Index(7)]), (11, 12));
        assert_eq!(at(&[Field("nothing")]), (3, 1));
    }
}
