//! Bounds on RON text checked before a parser sees it, and parsing with located errors.

use crate::limits;

/// Why RON text can't be read, at a line and column of it.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{line}:{column}: {message}")]
pub struct TextError {
    /// Line, from 1.
    pub line: usize,
    /// Column in characters, from 1.
    pub column: usize,
    /// What is wrong; anything quoted from the text is cut to a short excerpt.
    pub message: String,
}

/// Parses RON text with `options` after [`check_ron_text`]; ron's nesting backstop is set
/// above [`limits::MAX_RON_DEPTH`].
pub fn parse_ron<T: serde::de::DeserializeOwned>(
    text: &str,
    options: ron::Options,
) -> Result<T, TextError> {
    check_ron_text(text).map_err(|refusal| {
        let (line, column) = crate::source::position_of(text, refusal.offset);
        TextError {
            line,
            column,
            message: refusal.message,
        }
    })?;
    options
        .with_recursion_limit(2 * limits::MAX_RON_DEPTH)
        .from_str(text)
        .map_err(|e| TextError {
            line: e.span.start.line,
            column: e.span.start.col,
            message: limits::excerpt(&e.code.to_string()).into_owned(),
        })
}

/// A limit that RON text breaks, found before parsing.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TextRefusal {
    /// Byte offset of the string, word or bracket that broke it.
    pub offset: usize,
    /// Which limit, in words.
    pub message: String,
}

/// Checks RON text against [`limits::MAX_STRING_BYTES`], [`limits::MAX_TOKEN_BYTES`] and
/// [`limits::MAX_RON_DEPTH`] in one pass, before a parser sees it. Comments are skipped;
/// text that is not valid RON is left for the parser to report.
pub fn check_ron_text(text: &str) -> Result<(), TextRefusal> {
    let bytes = text.as_bytes();
    let mut i = 0;
    let mut depth = 0usize;
    while i < bytes.len() {
        let c = bytes[i];
        let start = i;
        i = match c {
            b'/' if bytes.get(i + 1) == Some(&b'/') => line_end(bytes, i),
            b'/' if bytes.get(i + 1) == Some(&b'*') => comment_end(bytes, i),
            b'"' => string_end(bytes, i, None, start)?,
            b'\'' => char_end(bytes, i),
            b'(' | b'[' | b'{' => {
                depth += 1;
                if depth > limits::MAX_RON_DEPTH {
                    return Err(TextRefusal {
                        offset: start,
                        message: format!(
                            "brackets nested more than {} deep",
                            limits::MAX_RON_DEPTH
                        ),
                    });
                }
                i + 1
            }
            b')' | b']' | b'}' => {
                depth = depth.saturating_sub(1);
                i + 1
            }
            c if is_word(c) => word_end(bytes, i)?,
            _ => i + 1,
        };
    }
    Ok(())
}

fn is_word(c: u8) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, b'_' | b'.' | b'+' | b'-') || c >= 0x80
}

fn line_end(bytes: &[u8], i: usize) -> usize {
    bytes[i..]
        .iter()
        .position(|&b| b == b'\n')
        .map_or(bytes.len(), |n| i + n)
}

/// Past the end of a (nested) block comment starting at `i`, or the end of the text.
fn comment_end(bytes: &[u8], mut i: usize) -> usize {
    let mut depth = 0usize;
    while i < bytes.len() {
        if bytes[i..].starts_with(b"/*") {
            depth += 1;
            i += 2;
        } else if bytes[i..].starts_with(b"*/") {
            depth -= 1;
            i += 2;
            if depth == 0 {
                return i;
            }
        } else {
            i += 1;
        }
    }
    i
}

/// Past a string whose opening `"` is at `i` and whose closing `"` is followed by `hashes`
/// `#`s (a raw string; escapes count only when `hashes` is 0 and the string isn't raw).
fn string_end(
    bytes: &[u8],
    mut i: usize,
    hashes: Option<usize>,
    start: usize,
) -> Result<usize, TextRefusal> {
    let open = i;
    i += 1;
    while i < bytes.len() {
        match (bytes[i], hashes) {
            (b'\\', None) => i += 2,
            (b'"', None) => break,
            (b'"', Some(n))
                if bytes[i + 1..]
                    .iter()
                    .take(n)
                    .filter(|&&b| b == b'#')
                    .count()
                    == n =>
            {
                break;
            }
            _ => i += 1,
        }
    }
    let end = i.min(bytes.len());
    let length = end - open - 1;
    if length > limits::MAX_STRING_BYTES {
        return Err(TextRefusal {
            offset: start,
            message: format!(
                "a string of {length} bytes; strings are at most {} bytes",
                limits::MAX_STRING_BYTES
            ),
        });
    }
    Ok((end + 1 + hashes.unwrap_or(0)).min(bytes.len()))
}

/// Past a character literal starting at `i` (`'a'`, `'\n'`, `'"'`); a lone `'` is skipped.
fn char_end(bytes: &[u8], i: usize) -> usize {
    let body = if bytes.get(i + 1) == Some(&b'\\') {
        i + 3
    } else {
        i + 2
    };
    // A character is at most four bytes, an escape like `\u{10FFFF}` ten.
    (body..bytes.len().min(i + 12))
        .find(|&j| bytes[j] == b'\'')
        .map_or(i + 1, |j| j + 1)
}

/// Past a bare word (identifier, keyword or number) starting at `i`, or past the raw or
/// byte string it opens (`r"…"`, `r#"…"#`, `b"…"`, `br#"…"#`).
fn word_end(bytes: &[u8], i: usize) -> Result<usize, TextRefusal> {
    let mut j = i;
    while j < bytes.len() && is_word(bytes[j]) {
        j += 1;
    }
    let word = &bytes[i..j];
    if matches!(word, b"r" | b"br") {
        let hashes = bytes[j..].iter().take_while(|&&b| b == b'#').count();
        if bytes.get(j + hashes) == Some(&b'"') {
            return string_end(bytes, j + hashes, Some(hashes), i);
        }
    }
    if word == b"b" && bytes.get(j) == Some(&b'"') {
        return string_end(bytes, j, None, i);
    }
    if word.len() > limits::MAX_TOKEN_BYTES {
        return Err(TextRefusal {
            offset: i,
            message: format!(
                "a word of {} bytes; words and numbers are at most {} bytes",
                word.len(),
                limits::MAX_TOKEN_BYTES
            ),
        });
    }
    Ok(j)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn refused(text: &str) -> Option<(usize, String)> {
        check_ron_text(text).err().map(|r| (r.offset, r.message))
    }

    #[test]
    fn ordinary_ron_passes() {
        let text = "// c\n#![enable(implicit_some)]\n(a: \"x\\\"y\", b: r#\"q\"#, c: 'x', \
                    d: '\"', e: [1.5e3, -2], f: { \"k\": b\"v\" }, /* (( */ g: Some(3))";
        assert_eq!(refused(text), None);
    }

    #[test]
    fn a_long_string_is_refused_at_its_quote() {
        let text = format!("(name: \"{}\")", "a".repeat(limits::MAX_STRING_BYTES + 1));
        let (offset, message) = refused(&text).unwrap();
        assert_eq!(offset, 7);
        assert!(message.contains("string of 4097 bytes"), "{message}");
        let raw = format!("(t: r##\"{}\"##)", "\"#".repeat(limits::MAX_STRING_BYTES));
        assert_eq!(refused(&raw).unwrap().0, 4);
        // Up to the limit is fine, and a quote inside a comment opens nothing.
        let fine = format!(
            "// \"\n(name: \"{}\")",
            "a".repeat(limits::MAX_STRING_BYTES)
        );
        assert_eq!(refused(&fine), None);
    }

    #[test]
    fn deep_brackets_and_long_words_are_refused() {
        let deep = "[".repeat(limits::MAX_RON_DEPTH + 1);
        assert_eq!(refused(&deep).unwrap().0, limits::MAX_RON_DEPTH);
        let ok = "[".repeat(limits::MAX_RON_DEPTH) + &"]".repeat(limits::MAX_RON_DEPTH);
        assert_eq!(refused(&ok.repeat(3)), None);
        let word = format!("(a: {})", "9".repeat(limits::MAX_TOKEN_BYTES + 1));
        assert_eq!(refused(&word).unwrap().0, 4);
    }

    #[test]
    fn unterminated_text_is_left_to_the_parser() {
        for text in [
            "(a: \"open",
            "(a: r#\"open",
            "/* open",
            "'",
            "(a: '\\",
            "b\"",
            "r#",
        ] {
            assert_eq!(refused(text), None, "{text}");
        }
    }
}
