//! CoNLL / BIO: one word a line with its tag (a tab between them, shown here as two spaces), the
//! way sequence-labelling tools (CoNLL-2003 readers, flair, spaCy's converters, Hugging Face
//! token classification) read it:
//!
//! ```text
//! # doc_id = case-1
//! Patient  O
//! Zoë  B-PATIENT
//! 53  B-AGE
//! y  O
//! o  O
//!
//! seen  O
//! ```
//!
//! The words are the engine's one tokenizer's (`tokenize`: Unicode words, so a word never holds
//! a space, a tab or punctuation); the tag is `O`, or `B-`/`I-` and the category's TYPE. A word
//! is tagged when any span overlaps it (masks cover whole words); `B-` starts each span. A
//! document starts with `# doc_id = ID` (line breaks in the id become spaces); a blank line
//! ends each sentence (a line break, or `.` `!` `?` after a word, never inside a span) and
//! each document. The reader takes `-DOCSTART-` lines as document starts too, skips other `#`
//! comment lines, and reads the first column as the word and the last as the tag.
//!
//! BIO keeps word-level labels, not character offsets: [`spans_from_tags`] rebuilds spans from
//! the text and the tags, equal to the written ones where they start and end on word
//! boundaries (which the engine's and the app's spans do).

use super::{invalid, label, parse_label};
use crate::error::Result;
use crate::phi::{PhiType, Span};
use crate::tokenize::{tokenize, Token};
use std::fmt::Write as _;
use std::path::Path;

/// One document as read: its id and its (word, tag) lines.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Doc {
    /// From `# doc_id = ` (empty after `-DOCSTART-`).
    pub id: String,
    /// Each word line's first column (the word) and last column (its tag).
    pub words: Vec<(String, String)>,
}

/// Every word of `text` with its tag (`O`, `B-TYPE`, `I-TYPE`) under `spans`.
pub fn word_tags(text: &str, spans: &[Span]) -> Vec<(Token, String)> {
    let words = tokenize(text);
    let mut order: Vec<usize> = (0..spans.len()).collect();
    order.sort_by_key(|&i| (spans[i].start, spans[i].end));
    let mut out = Vec::with_capacity(words.len());
    let mut first = 0; // spans before `order[first]` end before the current word
    let mut prev: Option<usize> = None;
    for w in words {
        while first < order.len() && spans[order[first]].end <= w.start {
            first += 1;
        }
        let hit = order[first..]
            .iter()
            .take_while(|&&i| spans[i].start < w.end)
            .find(|&&i| spans[i].overlaps(w.start, w.end))
            .copied();
        let tag = match hit {
            None => "O".to_string(),
            Some(i) if prev == Some(i) => format!("I-{}", label(spans[i].kind)),
            Some(i) => format!("B-{}", label(spans[i].kind)),
        };
        prev = hit;
        out.push((w, tag));
    }
    out
}

/// Whether a sentence ends between two words, given the characters between them.
fn sentence_break(gap: &str) -> bool {
    gap.contains(['\n', '\r']) || gap.trim_end().ends_with(['.', '!', '?'])
}

/// Appends one document to `out`.
pub fn write_doc(out: &mut String, id: &str, text: &str, spans: &[Span]) {
    let id: String = id
        .chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect();
    let _ = writeln!(out, "# doc_id = {id}");
    let tagged = word_tags(text, spans);
    let mut prev_end_byte: Option<usize> = None;
    for (w, tag) in &tagged {
        if let Some(end) = prev_end_byte {
            if !tag.starts_with("I-") && sentence_break(&text[end..w.byte_start]) {
                out.push('\n');
            }
        }
        let _ = writeln!(out, "{}\t{tag}", w.text(text));
        prev_end_byte = Some(w.byte_end);
    }
    out.push('\n');
}

/// Documents `(id, text, spans)` as one CoNLL file.
pub fn to_conll<'a>(docs: impl IntoIterator<Item = (&'a str, &'a str, &'a [Span])>) -> String {
    let mut out = String::new();
    for (id, text, spans) in docs {
        write_doc(&mut out, id, text, spans);
    }
    out
}

/// Checks a tag: `O`, or `B-`/`I-` and a category.
fn check_tag(tag: &str) -> Option<Option<(bool, PhiType)>> {
    if tag == "O" {
        return Some(None);
    }
    let (bio, ty) = tag.split_once('-')?;
    let begin = match bio {
        "B" => true,
        "I" => false,
        _ => return None,
    };
    Some(Some((begin, parse_label(ty)?)))
}

/// Reads a CoNLL / BIO file: documents in order (`# doc_id = ` or `-DOCSTART-` starts one; words
/// before any such line form a document with an empty id). A line with one column, or a tag
/// that is neither `O` nor `B-`/`I-` and a category, is an error naming the line.
pub fn parse(src: &str, path: &Path) -> Result<Vec<Doc>> {
    let mut docs: Vec<Doc> = Vec::new();
    for (n, line) in src.lines().enumerate() {
        let line = line.strip_prefix('\u{FEFF}').unwrap_or(line);
        if let Some(id) = line.strip_prefix("# doc_id =") {
            docs.push(Doc {
                id: id.strip_prefix(' ').unwrap_or(id).to_string(),
                words: Vec::new(),
            });
            continue;
        }
        if line.starts_with("-DOCSTART-") {
            docs.push(Doc::default());
            continue;
        }
        if line.trim().is_empty() || line.starts_with('#') {
            continue;
        }
        let cols: Vec<&str> = line.split(['\t', ' ']).filter(|c| !c.is_empty()).collect();
        if cols.len() < 2 {
            return Err(invalid(
                path,
                format!("line {}: a word line has the word and its tag", n + 1),
            ));
        }
        let tag = cols[cols.len() - 1];
        if check_tag(tag).is_none() {
            return Err(invalid(
                path,
                format!("line {}: {tag:?} is not O, B-TYPE or I-TYPE", n + 1),
            ));
        }
        if docs.is_empty() {
            docs.push(Doc::default());
        }
        let doc = docs.last_mut().expect("pushed");
        doc.words.push((cols[0].to_string(), tag.to_string()));
    }
    Ok(docs)
}

/// Spans over `text` from the tags of its words (as [`parse`] read them): a span runs from a
/// `B-` word (or an `I-` word after a word of another category) to the last `I-` word of the
/// same category after it. The words must be `text`'s words (an error names the first that is
/// not); `path` names the CoNLL file.
pub fn spans_from_tags(text: &str, words: &[(String, String)], path: &Path) -> Result<Vec<Span>> {
    let tokens = tokenize(text);
    if tokens.len() != words.len() {
        return Err(invalid(
            path,
            format!(
                "{} words, but the text has {}: not the CoNLL of this text",
                words.len(),
                tokens.len()
            ),
        ));
    }
    let mut spans: Vec<Span> = Vec::new();
    let mut open: Option<Span> = None;
    for (i, (t, (word, tag))) in tokens.iter().zip(words).enumerate() {
        if t.text(text) != word {
            return Err(invalid(
                path,
                format!(
                    "word #{} is not the text's word at offset {}",
                    i + 1,
                    t.start
                ),
            ));
        }
        let parsed = check_tag(tag)
            .ok_or_else(|| invalid(path, format!("word #{}: {tag:?} is not a tag", i + 1)))?;
        match parsed {
            Some((false, kind)) if open.as_ref().is_some_and(|s| s.kind == kind) => {
                open.as_mut().expect("checked").end = t.end;
            }
            Some((_, kind)) => {
                spans.extend(open.take());
                open = Some(Span::new(t.start, t.end, kind));
            }
            None => spans.extend(open.take()),
        }
    }
    spans.extend(open);
    Ok(spans)
}
