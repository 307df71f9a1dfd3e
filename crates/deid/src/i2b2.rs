//! Reading and writing i2b2 2014 de-identification XML:
//!
//! ```text
//! <?xml version="1.0" encoding="UTF-8" ?>
//! <deIdi2b2>
//! <TEXT><![CDATA[On dec 22 ...]]></TEXT>
//! <TAGS>
//! <DATE id="P0" start="3" end="9" text="dec 22" TYPE="DATE" comment="" />
//! </TAGS>
//! </deIdi2b2>
//! ```
//!
//! Offsets are Unicode code points into the TEXT as an XML parser delivers it. The writer is
//! exact: writing then reading (with this module or any conforming XML 1.0 parser, such as the
//! one under the i2b2 evaluation script) gives back the same text and attributes, character for
//! character. That is why a `\r` in the text is written as `&#13;` outside CDATA (parsers turn raw
//! `\r\n` and `\r` into `\n`, even inside CDATA), a `]]>` is split across two CDATA sections, and
//! attribute values carry `&#10;` `&#13;` `&#9;` (parsers turn raw ones into spaces). Characters
//! that XML 1.0 cannot carry at all (most C0 controls, U+FFFE, U+FFFF) make `to_xml` fail.
//!
//! The reader applies the same end-of-line and attribute-value normalisation as a conforming
//! parser, so files written by other tools mean the same to us as to the evaluation script.

use crate::error::{Error, Result};
use crate::fsutil::Durability;
use crate::phi::Span;
use crate::tokenize::OffsetMap;
use serde::Serialize;
use std::path::{Path, PathBuf};

/// One PHI annotation of an i2b2 file.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Tag {
    /// The tag's `id` attribute (`P0`, `P1`…).
    pub id: String,
    /// Where it is (code points into the TEXT) and its category (from the tag name and TYPE).
    pub span: Span,
    /// The annotated characters: always equal to the TEXT slice `span.start..span.end`.
    pub text: String,
    /// The `comment` attribute (empty in what the engine writes).
    pub comment: String,
}

/// An i2b2 document: the narrative and its PHI tags, in file order.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Document {
    /// The narrative: the TEXT element's content, exactly (offsets index it).
    pub text: String,
    /// The PHI tags.
    pub tags: Vec<Tag>,
}

impl Document {
    /// The tags' spans, in file order.
    pub fn spans(&self) -> Vec<Span> {
        self.tags.iter().map(|t| t.span.clone()).collect()
    }
}

/// Builds a document from spans over `text`: ids `P0`, `P1`, ... in the given order, `text`
/// attributes cut from the code point offsets, empty comments. Offsets past the end of the text
/// are kept as they are (the text attribute is cut at the end); `to_xml` reports them.
pub fn document_from_spans(text: String, spans: &[Span]) -> Document {
    let map = OffsetMap::new(&text);
    let n = map.len_chars();
    let tags = spans
        .iter()
        .enumerate()
        .map(|(i, s)| {
            let end = s.end.min(n);
            Tag {
                id: format!("P{i}"),
                span: s.clone(),
                text: map.slice(&text, s.start.min(end), end).to_string(),
                comment: String::new(),
            }
        })
        .collect();
    Document { text, tags }
}

/// Reads and checks one i2b2 file.
pub fn read_file(path: &Path) -> Result<Document> {
    let bytes = std::fs::read(path).map_err(|e| Error::io(path, e))?;
    parse(&bytes, path)
}

/// Writes `doc` to `path` atomically: the XML goes to a temporary file in the same folder, which
/// is then renamed over `path`, so a crash never leaves a half-written file behind.
pub fn write_file(path: &Path, doc: &Document) -> Result<()> {
    let xml = to_xml_inner(doc).map_err(|message| Error::Invalid {
        path: path.to_path_buf(),
        message,
    })?;
    crate::fsutil::write_atomic(path, xml.as_bytes(), Durability::PowerLoss)
}

/// The `*.xml` file names in `dir`, sorted.
pub fn xml_file_names(dir: &Path) -> Result<Vec<String>> {
    let mut names = Vec::new();
    for entry in std::fs::read_dir(dir).map_err(|e| Error::io(dir, e))? {
        let entry = entry.map_err(|e| Error::io(dir, e))?;
        let path = entry.path();
        let is_xml = path
            .extension()
            .is_some_and(|e| e.eq_ignore_ascii_case("xml"));
        if is_xml && path.is_file() {
            if let Some(name) = path.file_name().and_then(|n| n.to_str()) {
                names.push(name.to_string());
            }
        }
    }
    names.sort();
    Ok(names)
}

/// Serialises `doc` as i2b2 2014 XML. Fails (naming the tag, or the code point and its offset)
/// when a tag's offsets or text do not fit the TEXT, tags overlap, or a character cannot be
/// represented in XML 1.0.
pub fn to_xml(doc: &Document) -> Result<String> {
    to_xml_inner(doc).map_err(|message| Error::Invalid {
        path: PathBuf::from("(i2b2 XML being written)"),
        message,
    })
}

fn to_xml_inner(doc: &Document) -> std::result::Result<String, String> {
    if let Some((offset, c)) = first_non_xml_char(&doc.text) {
        return Err(format!(
            "TEXT contains {} at character offset {offset}, which XML 1.0 cannot represent",
            code_point(c)
        ));
    }
    let map = OffsetMap::new(&doc.text);
    for (i, tag) in doc.tags.iter().enumerate() {
        let label = tag_label(tag, i);
        check_offsets(&tag.span, map.len_chars()).map_err(|m| format!("{label}: {m}"))?;
        let slice = map.slice(&doc.text, tag.span.start, tag.span.end);
        if slice != tag.text {
            // say where, never what: both strings are PHI
            return Err(format!(
                "{label} ({}..{}): the text attribute differs from the TEXT between these offsets",
                tag.span.start, tag.span.end
            ));
        }
        for (what, value) in [("id", &tag.id), ("comment", &tag.comment)] {
            if let Some((offset, c)) = first_non_xml_char(value) {
                return Err(format!(
                    "{label}: {what} contains {} at character offset {offset}, which XML 1.0 \
                     cannot represent",
                    code_point(c)
                ));
            }
        }
    }
    if let Some((a, b)) = find_overlap(&doc.tags) {
        return Err(overlap_message(&doc.tags, a, b));
    }

    let mut out = String::with_capacity(doc.text.len() + 100 * doc.tags.len() + 128);
    out.push_str("<?xml version=\"1.0\" encoding=\"UTF-8\" ?>\n<deIdi2b2>\n<TEXT>");
    push_text(&mut out, &doc.text);
    out.push_str("</TEXT>\n<TAGS>\n");
    for tag in &doc.tags {
        let kind = tag.span.kind;
        out.push('<');
        out.push_str(kind.tag());
        for (key, value) in [
            ("id", tag.id.as_str()),
            ("start", &tag.span.start.to_string()),
            ("end", &tag.span.end.to_string()),
            ("text", &tag.text),
            ("TYPE", kind.type_name()),
            ("comment", &tag.comment),
        ] {
            out.push(' ');
            out.push_str(key);
            out.push_str("=\"");
            push_attr(&mut out, value);
            out.push('"');
        }
        out.push_str(" />\n");
    }
    out.push_str("</TAGS>\n</deIdi2b2>\n");
    Ok(out)
}

/// TEXT content: CDATA sections, with every `\r` as `&#13;` between them and `]]>` split.
fn push_text(out: &mut String, text: &str) {
    if text.is_empty() {
        out.push_str("<![CDATA[]]>");
        return;
    }
    for (i, run) in text.split('\r').enumerate() {
        if i > 0 {
            out.push_str("&#13;");
        }
        if !run.is_empty() {
            out.push_str("<![CDATA[");
            out.push_str(&run.replace("]]>", "]]]]><![CDATA[>"));
            out.push_str("]]>");
        }
    }
}

fn push_attr(out: &mut String, value: &str) {
    for c in value.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\n' => out.push_str("&#10;"),
            '\r' => out.push_str("&#13;"),
            '\t' => out.push_str("&#9;"),
            c => out.push(c),
        }
    }
}

/// Whether XML 1.0 allows the character (production `Char`).
pub(crate) fn is_xml_char(c: char) -> bool {
    matches!(c, '\t' | '\n' | '\r' | '\u{20}'..='\u{D7FF}' | '\u{E000}'..='\u{FFFD}' | '\u{10000}'..)
}

/// The first character XML 1.0 cannot carry, with its code point offset.
fn first_non_xml_char(s: &str) -> Option<(usize, char)> {
    s.chars().enumerate().find(|(_, c)| !is_xml_char(*c))
}

pub(crate) fn code_point(c: char) -> String {
    format!("U+{:04X}", c as u32)
}

fn tag_label(tag: &Tag, index: usize) -> String {
    if tag.id.is_empty() {
        format!("tag #{} (no id)", index + 1)
    } else {
        format!("tag {}", tag.id)
    }
}

fn check_offsets(span: &Span, n_chars: usize) -> std::result::Result<(), String> {
    if span.start > span.end {
        Err(format!("start {} is after end {}", span.start, span.end))
    } else if span.end > n_chars {
        Err(format!(
            "end {} is past the end of the TEXT ({n_chars} characters)",
            span.end
        ))
    } else {
        Ok(())
    }
}

/// Indices `(earlier, later)` of two overlapping tags, if any.
fn find_overlap(tags: &[Tag]) -> Option<(usize, usize)> {
    let mut order: Vec<usize> = (0..tags.len()).collect();
    order.sort_by_key(|&i| (tags[i].span.start, tags[i].span.end));
    // `widest`: the tag with the largest end so far; `widest_before`: the same among tags that
    // start strictly before the current one (an empty span only overlaps those).
    let (mut widest, mut widest_before, mut cur_start) = (None::<usize>, None::<usize>, None);
    for &i in &order {
        let s = &tags[i].span;
        if cur_start != Some(s.start) {
            widest_before = widest;
            cur_start = Some(s.start);
        }
        let candidate = if s.start < s.end {
            widest
        } else {
            widest_before
        };
        if let Some(w) = candidate {
            if tags[w].span.overlaps(s.start, s.end) {
                return Some((w.min(i), w.max(i)));
            }
        }
        if widest.is_none_or(|w| s.end > tags[w].span.end) {
            widest = Some(i);
        }
    }
    None
}

fn overlap_message(tags: &[Tag], a: usize, b: usize) -> String {
    let (ta, tb) = (&tags[a], &tags[b]);
    format!(
        "{} ({} {}..{}) and {} ({} {}..{}) overlap",
        tag_label(ta, a),
        ta.span.kind,
        ta.span.start,
        ta.span.end,
        tag_label(tb, b),
        tb.span.kind,
        tb.span.start,
        tb.span.end
    )
}

/// "line L, column C" (1-based; columns count characters) of a byte offset into `src`.
pub(crate) fn line_col(src: &str, byte: usize) -> String {
    let mut b = byte.min(src.len());
    while !src.is_char_boundary(b) {
        b -= 1;
    }
    let (mut line, mut col, mut prev_cr) = (1, 1, false);
    for (i, c) in src[..b].char_indices() {
        match c {
            '\n' if prev_cr => {}
            '\n' | '\r' => {
                line += 1;
                col = 1;
            }
            '\u{FEFF}' if i == 0 => {}
            _ => col += 1,
        }
        prev_cr = c == '\r';
    }
    format!("line {line}, column {col}")
}

/// Parses i2b2 XML from `bytes`; `path` is only used to name the file in errors.
pub fn parse(bytes: &[u8], path: &Path) -> Result<Document> {
    let src = match std::str::from_utf8(bytes) {
        Ok(s) => s,
        Err(e) => {
            let valid = std::str::from_utf8(&bytes[..e.valid_up_to()]).unwrap_or("");
            return Err(Error::Xml {
                path: path.to_path_buf(),
                position: line_col(valid, valid.len()),
                message: format!(
                    "not valid UTF-8 (invalid byte at byte offset {}); i2b2 XML must be UTF-8",
                    e.valid_up_to()
                ),
            });
        }
    };
    read::Parser { src, path }.run()
}

mod read;
#[cfg(test)]
mod tests;
