//! Annotation formats beyond i2b2 2014 XML (which stays in `i2b2`): what annotation teams and NLP
//! tools read. Each is a pure writer over a text and its spans, with a reader where the format
//! can carry our spans back:
//!
//! | module | format | reader |
//! |---|---|---|
//! | [`brat`] | brat standoff: `NAME.txt` + `NAME.ann`, `annotation.conf` | spans back |
//! | [`bioc`] | BioC XML: one collection file, documents with one passage each | documents and spans back |
//! | [`conll`] | CoNLL / BIO: one Unicode word a line, `B-`/`I-`/`O` tags | words and tags back (spans where they start and end on words) |
//! | [`masked_csv`] | CSV of de-identified narratives (`id,masked_text`) | rows back |
//!
//! Offsets are Unicode code points into the exact text everywhere (as in i2b2 XML and the rest
//! of the engine): a `\r\n` counts as two characters, an emoji as one. Categories are written
//! by their i2b2 TYPE (`PATIENT`, `DATE`, `OTHER`: the model's labels); readers also accept
//! `TAG/TYPE`. Errors say where (document, line, annotation, offsets), never what: the text
//! is PHI.

pub mod bioc;
pub mod brat;
pub mod conll;
pub mod masked_csv;

use crate::error::{Error, Result};
use crate::phi::{PhiType, Span};
use std::path::Path;

/// The name a category has in these formats: its i2b2 TYPE (unique across categories).
pub fn label(kind: PhiType) -> &'static str {
    kind.type_name()
}

/// A category from its label: a TYPE (`PATIENT`), or `TAG/TYPE` (`NAME/PATIENT`).
pub fn parse_label(s: &str) -> Option<PhiType> {
    PhiType::parse(s.trim())
}

/// An `Error::Invalid` naming `path`.
pub(crate) fn invalid(path: &Path, message: impl Into<String>) -> Error {
    Error::Invalid {
        path: path.to_path_buf(),
        message: message.into(),
    }
}

/// Checks that every span lies within a text of `n_chars` code points and is not empty.
pub(crate) fn check_spans(spans: &[Span], n_chars: usize, path: &Path, doc: &str) -> Result<()> {
    for (i, s) in spans.iter().enumerate() {
        if s.start >= s.end || s.end > n_chars {
            return Err(invalid(
                path,
                format!(
                    "{doc}span #{} ({} {}..{}) is empty or past the end of the text ({n_chars} \
                     characters)",
                    i + 1,
                    s.kind,
                    s.start,
                    s.end
                ),
            ));
        }
    }
    Ok(())
}

/// Joins `[start, end)` pieces of one annotation that a format split (brat fragments, BioC
/// locations) back into one span, when only whitespace lies between them: our writers split
/// only at line breaks. Pieces with other characters between them make a discontinuous
/// annotation, which a span cannot be, so they are refused (`Err` with the reason).
pub(crate) fn join_pieces(
    text_chars: &[char],
    pieces: &mut [(usize, usize)],
) -> std::result::Result<(usize, usize), String> {
    pieces.sort_unstable();
    let Some(&(start, _)) = pieces.first() else {
        return Err("no offsets".into());
    };
    let mut end = start;
    for &(s, e) in pieces.iter() {
        if s > e || e > text_chars.len() {
            return Err(format!(
                "offsets {s}..{e} are reversed or past the end of the text ({} characters)",
                text_chars.len()
            ));
        }
        if s < end {
            return Err(format!("pieces overlap at offset {s}"));
        }
        if !text_chars[end..s].iter().all(|c| c.is_whitespace()) {
            return Err(format!(
                "discontinuous annotation (text between offsets {end} and {s}): a span has one \
                 start and one end"
            ));
        }
        end = e;
    }
    Ok((start, end))
}

#[cfg(test)]
mod tests;
