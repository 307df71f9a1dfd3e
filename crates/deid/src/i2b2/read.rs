//! The i2b2 XML reader: quick-xml events plus the checks a conforming XML 1.0 parser makes that
//! quick-xml leaves out (unclosed elements, characters outside XML 1.0, unknown entities), then
//! the i2b2 checks (offsets, text attributes, categories, overlaps).

use super::{
    check_offsets, code_point, find_overlap, first_non_xml_char, is_xml_char, line_col,
    overlap_message, tag_label, Document, Tag,
};
use crate::error::{Error, Result};
use crate::phi::{PhiType, Span};
use crate::tokenize::OffsetMap;
use quick_xml::events::{BytesRef, BytesStart, Event};
use quick_xml::reader::Reader;
use quick_xml::XmlVersion;
use std::path::Path;

pub(super) struct Parser<'a> {
    pub(super) src: &'a str,
    pub(super) path: &'a Path,
}

/// A tag as read, before it is checked against the TEXT.
struct RawTag {
    tag: Tag,
    has_text: bool,
    pos: usize,
}

impl<'a> Parser<'a> {
    fn err(&self, byte: usize, message: impl Into<String>) -> Error {
        Error::Xml {
            path: self.path.to_path_buf(),
            position: line_col(self.src, byte),
            message: message.into(),
        }
    }

    pub(super) fn run(&self) -> Result<Document> {
        if let Some((offset, c)) = self.src.char_indices().find(|(_, c)| !is_xml_char(*c)) {
            if !(offset == 0 && c == '\u{FEFF}') {
                return Err(self.err(
                    offset,
                    format!("character {} is not allowed in XML 1.0", code_point(c)),
                ));
            }
        }
        let mut reader = Reader::from_str(self.src);
        // (element name, byte position of its start tag)
        let mut stack: Vec<(String, usize)> = Vec::new();
        let mut root_seen = false;
        let mut text: Option<String> = None;
        let mut raw_tags: Vec<RawTag> = Vec::new();
        loop {
            let pos = reader.buffer_position() as usize;
            let event = reader
                .read_event()
                .map_err(|e| self.err(reader.error_position() as usize, e.to_string()))?;
            let in_text = stack.len() == 2 && stack[1].0 == "TEXT";
            match event {
                Event::Start(ref e) | Event::Empty(ref e) => {
                    let empty = matches!(event, Event::Empty(_));
                    let name = e.name().as_ref().to_string();
                    match stack.len() {
                        0 if root_seen => {
                            return Err(self.err(pos, format!("second root element <{name}>")))
                        }
                        0 => root_seen = true,
                        1 if name == "TEXT" => {
                            if text.is_some() {
                                return Err(self.err(pos, "a second <TEXT> element"));
                            }
                            text = Some(String::new());
                        }
                        2 if stack[1].0 == "TAGS" => {
                            raw_tags.push(self.read_tag(e, &name, pos, raw_tags.len())?)
                        }
                        _ if in_text => {
                            return Err(self.err(
                                pos,
                                format!("element <{name}> inside <TEXT>: the narrative must be plain text or CDATA"),
                            ))
                        }
                        _ => {}
                    }
                    if !empty {
                        stack.push((name, pos));
                    }
                }
                Event::End(_) => {
                    stack.pop();
                }
                Event::Text(t) => {
                    if in_text {
                        text.get_or_insert_default().push_str(&t.xml10_content());
                    } else if stack.is_empty() && !t.trim().is_empty() {
                        let at = pos + (t.len() - t.trim_start().len());
                        let what = if root_seen {
                            "text after the root element"
                        } else {
                            "text before the root element (is this an XML file?)"
                        };
                        return Err(self.err(at, what));
                    }
                }
                Event::CData(c) => {
                    if stack.is_empty() {
                        return Err(self.err(pos, "CDATA section outside the root element"));
                    }
                    if in_text {
                        text.get_or_insert_default().push_str(&c.xml10_content());
                    }
                }
                Event::GeneralRef(r) => {
                    if stack.is_empty() {
                        return Err(self.err(pos, "reference outside the root element"));
                    }
                    let resolved = self.resolve_ref(&r, pos)?;
                    if in_text {
                        text.get_or_insert_default().push_str(&resolved);
                    }
                }
                Event::Decl(_) | Event::PI(_) | Event::Comment(_) | Event::DocType(_) => {}
                Event::Eof => break,
            }
        }
        if let Some((name, open)) = stack.last() {
            return Err(self.err(
                self.src.len(),
                format!(
                    "unexpected end of file: element <{name}> opened at {} is not closed",
                    line_col(self.src, *open)
                ),
            ));
        }
        if !root_seen {
            return Err(self.err(
                self.src.len(),
                "no root element (empty or not an XML file?)",
            ));
        }
        let Some(text) = text else {
            return Err(self.err(self.src.len(), "no <TEXT> element under the root element"));
        };
        let tags = self.check_tags(&text, raw_tags)?;
        Ok(Document { text, tags })
    }

    fn resolve_ref(&self, r: &BytesRef, pos: usize) -> Result<String> {
        let c = match r.resolve_char_ref() {
            Ok(Some(c)) => c,
            Ok(None) => {
                let name: &str = r;
                return match quick_xml::escape::resolve_predefined_entity(name) {
                    Some(s) => Ok(s.to_string()),
                    None => Err(self.err(pos, format!("unknown entity &{name};"))),
                };
            }
            Err(e) => return Err(self.err(pos, format!("bad character reference &{};: {e}", &**r))),
        };
        if !is_xml_char(c) {
            return Err(self.err(
                pos,
                format!(
                    "character reference &{}; to {}, which XML 1.0 does not allow",
                    &**r,
                    code_point(c)
                ),
            ));
        }
        Ok(c.to_string())
    }

    fn read_tag(&self, e: &BytesStart, name: &str, pos: usize, index: usize) -> Result<RawTag> {
        let (mut id, mut start, mut end, mut text, mut ty, mut comment) =
            (None, None, None, None, None, None);
        for attr in e.attributes() {
            let attr =
                attr.map_err(|er| self.err(pos, format!("bad attribute in <{name}>: {er}")))?;
            if attr.value.contains('<') {
                return Err(self.err(pos, format!("'<' in an attribute value of <{name}>")));
            }
            let value = attr
                .normalized_value(XmlVersion::Implicit1_0)
                .map_err(|er| self.err(pos, format!("bad attribute value in <{name}>: {er}")))?
                .into_owned();
            if let Some((_, c)) = first_non_xml_char(&value) {
                return Err(self.err(
                    pos,
                    format!(
                        "attribute of <{name}> refers to {}, which XML 1.0 does not allow",
                        code_point(c)
                    ),
                ));
            }
            match attr.key.as_ref() {
                "id" => id = Some(value),
                "start" => start = Some(value),
                "end" => end = Some(value),
                "text" => text = Some(value),
                k if k.eq_ignore_ascii_case("TYPE") => ty = Some(value),
                "comment" => comment = Some(value),
                _ => {}
            }
        }
        let id = id.unwrap_or_default();
        let label = if id.is_empty() {
            format!("tag #{} <{name}> (no id)", index + 1)
        } else {
            format!("tag {id} <{name}>")
        };
        let offset = |key: &str, v: Option<String>| -> Result<usize> {
            let v = v.ok_or_else(|| self.err(pos, format!("{label}: no {key} attribute")))?;
            v.trim().parse().map_err(|_| {
                self.err(
                    pos,
                    format!("{label}: {key}=\"{v}\" is not an offset (a whole number >= 0)"),
                )
            })
        };
        let (start, end) = (offset("start", start)?, offset("end", end)?);
        let kind = phi_type(name, ty.as_deref()).ok_or_else(|| {
            let ty = ty
                .as_deref()
                .map_or("no TYPE".to_string(), |t| format!("TYPE=\"{t}\""));
            self.err(
                pos,
                format!("{label}: unknown PHI category <{name}> with {ty}"),
            )
        })?;
        Ok(RawTag {
            has_text: text.is_some(),
            tag: Tag {
                id,
                span: Span::new(start, end, kind),
                text: text.unwrap_or_default(),
                comment: comment.unwrap_or_default(),
            },
            pos,
        })
    }

    fn check_tags(&self, text: &str, raw: Vec<RawTag>) -> Result<Vec<Tag>> {
        let map = OffsetMap::new(text);
        let mut tags = Vec::with_capacity(raw.len());
        let mut positions = Vec::with_capacity(raw.len());
        for (
            i,
            RawTag {
                mut tag,
                has_text,
                pos,
            },
        ) in raw.into_iter().enumerate()
        {
            let label = tag_label(&tag, i);
            check_offsets(&tag.span, map.len_chars())
                .map_err(|m| self.err(pos, format!("{label} ({}): {m}", tag.span.kind)))?;
            let slice = map.slice(text, tag.span.start, tag.span.end);
            if !has_text || same_after_attribute_normalisation(&tag.text, slice) {
                tag.text = slice.to_string();
            } else if tag.text != slice {
                return Err(self.err(
                    pos,
                    // say where, never what: both strings are PHI
                    format!(
                        "{label} ({} {}..{}): the text attribute ({} characters) differs from \
                         the TEXT between these offsets ({} characters)",
                        tag.span.kind,
                        tag.span.start,
                        tag.span.end,
                        tag.text.chars().count(),
                        slice.chars().count()
                    ),
                ));
            }
            tags.push(tag);
            positions.push(pos);
        }
        if let Some((a, b)) = find_overlap(&tags) {
            return Err(self.err(positions[b], overlap_message(&tags, a, b)));
        }
        Ok(tags)
    }
}

/// Whether an attribute written with raw line breaks or tabs (which parsers turn into spaces)
/// stands for `slice`: other tools write `text="a\nb"` for a tag across a line break.
fn same_after_attribute_normalisation(attr: &str, slice: &str) -> bool {
    let mut norm = String::with_capacity(slice.len());
    let mut prev_cr = false;
    for c in slice.chars() {
        match c {
            '\n' if prev_cr => {}
            '\n' | '\r' | '\t' => norm.push(' '),
            c => norm.push(c),
        }
        prev_cr = c == '\r';
    }
    norm == attr
}

/// The category of a tag element: `<DATE TYPE="DATE">`, `<LOCATION TYPE="CITY">`, the i2b2 2014
/// variants (`LOCATION-OTHER`, `ROOM` and `DEPARTMENT` as parts of a hospital), a bare TYPE as
/// the element name (`<CITY>`, `<AGE>`), or `<PHI TYPE="CITY">`.
pub(super) fn phi_type(tag: &str, ty: Option<&str>) -> Option<PhiType> {
    let tag = tag.trim().to_ascii_uppercase();
    let Some(ty) = ty.map(|t| t.trim().to_ascii_uppercase()) else {
        return PhiType::parse(&tag).filter(|_| !tag.contains('/'));
    };
    let ty = match (tag.as_str(), ty.as_str()) {
        ("LOCATION", "LOCATION-OTHER") => "OTHER".to_string(),
        ("LOCATION", "ROOM" | "DEPARTMENT") => "HOSPITAL".to_string(),
        _ => ty,
    };
    if let Some(kind) = PhiType::from_tag_and_type(&tag, &ty) {
        return Some(kind);
    }
    let by_type = PhiType::parse(&ty).filter(|_| !ty.contains('/'))?;
    (tag == "PHI" || PhiType::parse(&tag) == Some(by_type)).then_some(by_type)
}
