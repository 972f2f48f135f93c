//! The loaded files' text, and finding positions of ids and fields in it for messages.

use std::ops::Range;

use crate::source::{Location, position_of};

/// Where a parsed item sits: file index and byte range of its text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Origin {
    pub file: usize,
    pub span: Range<usize>,
}

/// One file's text and name.
pub(crate) struct FileText {
    pub pack: String,
    pub path: String,
    pub text: String,
}

/// Every loaded file, indexed by [`Origin::file`].
#[derive(Default)]
pub(crate) struct Files {
    pub files: Vec<FileText>,
}

impl Files {
    /// The location of a byte offset in a file.
    pub fn location(&self, file: usize, offset: usize) -> Location {
        let f = &self.files[file];
        let (line, col) = position_of(&f.text, offset);
        Location {
            pack: f.pack.clone(),
            file: f.path.clone(),
            line,
            col,
        }
    }

    /// The whole file, with no position.
    pub fn whole(&self, file: usize) -> Location {
        let f = &self.files[file];
        Location {
            pack: f.pack.clone(),
            file: f.path.clone(),
            line: 0,
            col: 0,
        }
    }

    /// The start of an item.
    pub fn item(&self, origin: &Origin) -> Location {
        self.location(origin.file, origin.span.start)
    }

    /// The string literal `"needle"` inside an item (for ids and references), or the item's
    /// start when it isn't written literally (a Veteran inheriting it, say).
    pub fn string(&self, origin: &Origin, needle: &str) -> Location {
        let text = &self.files[origin.file].text[origin.span.clone()];
        let quoted = format!("\"{needle}\"");
        match text.find(&quoted) {
            Some(at) => self.location(origin.file, origin.span.start + at + 1),
            None => self.item(origin),
        }
    }

    /// The field name `field:` inside an item, or the item's start.
    pub fn field(&self, origin: &Origin, field: &str) -> Location {
        let text = &self.files[origin.file].text[origin.span.clone()];
        let mut from = 0;
        while let Some(found) = text[from..].find(field) {
            let at = from + found;
            let before_ok = text[..at]
                .chars()
                .next_back()
                .is_none_or(|c| !(c.is_alphanumeric() || c == '_'));
            let after = text[at + field.len()..].trim_start();
            if before_ok && after.starts_with(':') {
                return self.location(origin.file, origin.span.start + at);
            }
            from = at + field.len();
        }
        self.item(origin)
    }
}
