//! brat standoff: a narrative is `NAME.txt` plus `NAME.ann`, one text-bound annotation a line
//! (fields separated by tabs, shown here as two spaces):
//!
//! ```text
//! T1  PATIENT 8 11  Zoë
//! T2  STREET 30 37;38 49  Main St Springfield
//! ```
//!
//! Offsets are characters (code points) of the `.txt`, as brat (Python) counts them. brat reads
//! the `.txt` with universal newlines (nlplab/brat issue 853), and so does Python's default text
//! mode: a `\r\n` would be one character to them and two to us, shifting every later
//! annotation. [`write()`] therefore writes the `.txt` with its line breaks as `\n` (`\r\n` and a
//! lone `\r` become `\n`: [`txt_of`]) and offsets into that `.txt`, which every reader counts
//! alike; [`LineBreaks`] maps them back to the exact narrative's code points ([`spans_in`]),
//! exactly for any span that does not start or end between a `\r` and its `\n`.
//!
//! brat refuses a text-bound annotation across a line break, so a span that crosses one is
//! written as fragments `start end;start end` around the line break, and the surface text is
//! the fragments joined by one space, as brat writes it (a tab in it is written as a space, so
//! that readers splitting the line at tabs see three fields). No other discontinuous
//! annotation is ever produced; the reader joins fragments separated by whitespace only and
//! refuses the others. [`annotation_conf`] lists the categories for the collection's
//! `annotation.conf`.

use super::{check_spans, invalid, join_pieces, label, parse_label};
use crate::error::Result;
use crate::phi::{PhiType, Span};
use crate::tokenize::OffsetMap;
use std::fmt::Write as _;
use std::path::Path;

/// A narrative as brat files: the `.txt` and the `.ann`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Files {
    /// `NAME.txt`: the narrative with `\n` line breaks ([`txt_of`]).
    pub txt: String,
    /// `NAME.ann`: a `T` line per span, offsets into `txt`.
    pub ann: String,
}

/// The `.txt` of a narrative: `\r\n` and a lone `\r` as `\n`, everything else as it is.
pub fn txt_of(text: &str) -> String {
    if !text.contains('\r') {
        return text.to_string();
    }
    text.replace("\r\n", "\n").replace('\r', "\n")
}

/// Code point offsets of a narrative ↔ of its `.txt` ([`txt_of`]).
pub struct LineBreaks {
    /// `.txt` offset of every narrative offset `0..=n`.
    to_txt: Vec<usize>,
    /// Narrative offset of every `.txt` offset `0..=m` (a `\n` that was `\r\n`: its `\r`).
    to_text: Vec<usize>,
}

impl LineBreaks {
    /// The mapping of `text` and its `.txt`.
    pub fn new(text: &str) -> LineBreaks {
        let chars: Vec<char> = text.chars().collect();
        let mut to_txt = Vec::with_capacity(chars.len() + 1);
        let mut to_text = Vec::with_capacity(chars.len() + 1);
        let mut j = 0;
        for (i, &c) in chars.iter().enumerate() {
            to_txt.push(j);
            if to_text.len() == j {
                to_text.push(i);
            }
            if !(c == '\r' && chars.get(i + 1) == Some(&'\n')) {
                j += 1;
            }
        }
        to_txt.push(j);
        to_text.push(chars.len());
        LineBreaks { to_txt, to_text }
    }

    /// The `.txt` offset of narrative offset `i`.
    pub fn to_txt(&self, i: usize) -> usize {
        self.to_txt[i.min(self.to_txt.len() - 1)]
    }

    /// The narrative offset of `.txt` offset `q`.
    pub fn to_text(&self, q: usize) -> usize {
        self.to_text[q.min(self.to_text.len() - 1)]
    }
}

/// Spans over a `.txt` ([`parse_ann`]) as spans over the exact narrative `text` it was made
/// from.
pub fn spans_in(text: &str, txt_spans: &[Span]) -> Vec<Span> {
    let map = LineBreaks::new(text);
    txt_spans
        .iter()
        .map(|s| Span::new(map.to_text(s.start), map.to_text(s.end), s.kind))
        .collect()
}

/// The brat files of a narrative with `spans` (code points of `text`): the `.txt`
/// ([`txt_of`]) and the `.ann` over it ([`to_ann`]). `path` names the output in errors.
pub fn write(text: &str, spans: &[Span], path: &Path) -> Result<Files> {
    let n = text.chars().count();
    check_spans(spans, n, path, "")?;
    let txt = txt_of(text);
    let ann = if txt.len() == text.len() {
        to_ann(&txt, spans, path)?
    } else {
        let map = LineBreaks::new(text);
        let moved: Vec<Span> = spans
            .iter()
            .map(|s| Span::new(map.to_txt(s.start), map.to_txt(s.end), s.kind))
            .collect();
        to_ann(&txt, &moved, path)?
    };
    Ok(Files { txt, ann })
}

/// The characters a brat fragment never contains.
fn is_line_break(c: char) -> bool {
    matches!(c, '\n' | '\r')
}

/// `[start, end)` split into its maximal runs without line breaks.
pub fn fragments(text: &str, map: &OffsetMap, start: usize, end: usize) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut run: Option<usize> = None;
    for (at, c) in (start..).zip(map.slice(text, start, end).chars()) {
        match (is_line_break(c), run) {
            (true, Some(s)) => {
                out.push((s, at));
                run = None;
            }
            (false, None) => run = Some(at),
            _ => {}
        }
    }
    if let Some(s) = run {
        out.push((s, end));
    }
    out
}

/// The `.ann` file of `text` (as the `.txt` holds it) with `spans` (ids `T1`, `T2`, ... in the
/// given order). A span that is empty, past the end of the text, or made only of line breaks is
/// refused (`path` names the file being written in the error).
pub fn to_ann(text: &str, spans: &[Span], path: &Path) -> Result<String> {
    let map = OffsetMap::new(text);
    check_spans(spans, map.len_chars(), path, "")?;
    let mut out = String::with_capacity(spans.len() * 32);
    for (i, s) in spans.iter().enumerate() {
        let frags = fragments(text, &map, s.start, s.end);
        if frags.is_empty() {
            return Err(invalid(
                path,
                format!(
                    "span #{} ({} {}..{}) holds only line breaks: brat cannot carry it",
                    i + 1,
                    s.kind,
                    s.start,
                    s.end
                ),
            ));
        }
        let offsets: Vec<String> = frags.iter().map(|(a, b)| format!("{a} {b}")).collect();
        let surface: Vec<String> = frags
            .iter()
            .map(|&(a, b)| map.slice(text, a, b).replace('\t', " "))
            .collect();
        let _ = writeln!(
            out,
            "T{}\t{} {}\t{}",
            i + 1,
            label(s.kind),
            offsets.join(";"),
            surface.join(" ")
        );
    }
    Ok(out)
}

/// The spans of the text-bound annotations (`T` lines) of an `.ann` file over `text`, in file
/// order. Other lines (relations, events, attributes, notes, comments) are ignored. A line
/// whose category is not a PHI category, whose offsets do not fit the text, whose fragments
/// have anything but whitespace between them, or whose surface text is not the text at its
/// offsets is an error naming the line (never quoting it). `path` names the `.ann` file.
pub fn parse_ann(text: &str, ann: &str, path: &Path) -> Result<Vec<Span>> {
    let chars: Vec<char> = text.chars().collect();
    let mut spans = Vec::new();
    for (n, line) in ann.lines().enumerate() {
        let err = |m: String| invalid(path, format!("line {}: {m}", n + 1));
        if !line.starts_with('T') {
            continue;
        }
        let mut fields = line.splitn(3, '\t');
        let id = fields.next().unwrap_or("");
        let Some(middle) = fields.next() else {
            return Err(err(format!("annotation {id} has no type and offsets")));
        };
        let surface = fields.next();
        let (ty, offsets) = middle
            .split_once(' ')
            .ok_or_else(|| err(format!("annotation {id} has no offsets")))?;
        let kind: PhiType = parse_label(ty)
            .ok_or_else(|| err(format!("annotation {id}: {ty:?} is not a PHI category")))?;
        let mut pieces = Vec::new();
        for frag in offsets.split(';') {
            let mut nums = frag.split_whitespace().map(str::parse::<usize>);
            match (nums.next(), nums.next(), nums.next()) {
                (Some(Ok(a)), Some(Ok(b)), None) => pieces.push((a, b)),
                _ => {
                    return Err(err(format!(
                        "annotation {id}: {frag:?} is not a fragment \"start end\""
                    )))
                }
            }
        }
        let (start, end) =
            join_pieces(&chars, &mut pieces).map_err(|m| err(format!("annotation {id}: {m}")))?;
        if start >= end {
            return Err(err(format!("annotation {id} is empty ({start}..{end})")));
        }
        if let Some(surface) = surface {
            let expected: Vec<String> = pieces
                .iter()
                .map(|&(a, b)| chars[a..b].iter().collect())
                .collect();
            if surface.replace('\t', " ") != expected.join(" ").replace('\t', " ") {
                return Err(err(format!(
                    "annotation {id} ({start}..{end}): its text ({} characters) is not the \
                     text at its offsets",
                    surface.chars().count()
                )));
            }
        }
        spans.push(Span::new(start, end, kind));
    }
    Ok(spans)
}

/// `annotation.conf` for a brat collection: every PHI category as an entity type, named by its
/// TYPE (grouped under comments naming the i2b2 tag); no relations, events or attributes.
pub fn annotation_conf() -> String {
    let mut out = String::from(
        "# Deid Studio: the i2b2 2014 PHI categories (from definitions/definitions.toml).\n\
         # Entity types are the i2b2 TYPEs; offsets are characters (code points) of the .txt.\n\
         [entities]\n",
    );
    let mut tag = "";
    for kind in PhiType::ALL {
        if kind.tag() != tag {
            tag = kind.tag();
            let _ = writeln!(out, "# {tag}");
        }
        let _ = writeln!(out, "{}", label(kind));
    }
    out.push_str("[relations]\n[events]\n[attributes]\n");
    out
}

/// The entity types of an `annotation.conf` (its `[entities]` section, comments and the
/// `!` of abstract types left out).
pub fn conf_entities(conf: &str) -> Vec<String> {
    let mut in_entities = false;
    let mut out = Vec::new();
    for line in conf.lines() {
        let t = line.trim();
        if t.starts_with('[') {
            in_entities = t == "[entities]";
        } else if in_entities && !t.is_empty() && !t.starts_with('#') {
            out.push(t.trim_start_matches('!').to_string());
        }
    }
    out
}
