//! BioC XML (<https://bioc.sourceforge.net>, `BioC.dtd`): one collection file holding every
//! narrative as a document with one passage (offset 0, the whole text) and an annotation per
//! span:
//!
//! ```text
//! <collection><source>Deid Studio</source><date>20250101</date><key>deid-studio.key</key>
//!   <infon key="offsets">unicode code points</infon>
//!   <document><id>case-1</id><infon key="annotator">alice</infon>
//!     <passage><offset>0</offset><text>Patient Zoë, ...</text>
//!       <annotation id="T1"><infon key="type">PATIENT</infon><infon key="i2b2">NAME/PATIENT</infon>
//!         <location offset="8" length="3"/><text>Zoë</text></annotation>
//! ```
//!
//! **Offsets count Unicode code points** (characters), not bytes and not UTF-16 units. The DTD's
//! comments only muse about bytes ("nothing final"); the tools that produce and read BioC in
//! practice (PubTator's BioC, the `bioc` Python package, whose offsets are Python string
//! indices) count characters, and code points are what every other format of this engine uses.
//! The collection says so in an infon (`offsets`), and its `key` names the key file an export
//! writes beside it ([`key_file`]).
//!
//! Written and read with quick-xml. The writer is exact for any conforming XML parser: a `\r`
//! is written `&#13;` (parsers turn raw `\r\n` into `\n`), so `\r\n` narratives keep their
//! offsets; characters XML 1.0 cannot carry (most C0 controls) are refused, naming the
//! document and the offset. The reader applies a conforming parser's end-of-line handling,
//! lays passages at their offsets (gaps filled with spaces), takes annotations of passages and
//! sentences in document offsets, joins locations separated only by whitespace, and refuses
//! unknown entities (no DTD is ever read).

use super::{check_spans, invalid, join_pieces, label, parse_label};
use crate::error::{Error, Result};
use crate::i2b2::{code_point, is_xml_char, line_col};
use crate::phi::Span;
use crate::tokenize::OffsetMap;
use quick_xml::events::{BytesDecl, BytesEnd, BytesStart, BytesText, Event};
use quick_xml::reader::Reader;
use std::io::Write;
use std::path::Path;

/// What the `offsets` infon of a collection says.
pub const OFFSETS_INFON: &str = "unicode code points";

/// A BioC collection: its header and documents.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Collection {
    /// Where the collection comes from (`Deid Studio`).
    pub source: String,
    /// `YYYYMMDD`.
    pub date: String,
    /// The key file describing the collection's semantics.
    pub key: String,
    /// Collection-level `infon key="…"` pairs, in order.
    pub infons: Vec<(String, String)>,
    /// The documents, in order.
    pub documents: Vec<Document>,
}

/// One document: its id, infons, text and spans (document offsets, code points).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Document {
    /// The document's `<id>` (the narrative's external id).
    pub id: String,
    /// Document-level `infon key="…"` pairs, in order.
    pub infons: Vec<(String, String)>,
    /// The text: the one passage's (passages laid at their offsets, when read).
    pub text: String,
    /// One span per annotation, in document order of the file.
    pub spans: Vec<Span>,
}

/// The collection header of a Deid Studio export: source `Deid Studio`, `date`, key
/// `deid-studio.key`, the `offsets` infon.
pub fn header(date: &str) -> Collection {
    Collection {
        source: "Deid Studio".into(),
        date: date.into(),
        key: "deid-studio.key".into(),
        infons: vec![("offsets".into(), OFFSETS_INFON.into())],
        documents: Vec::new(),
    }
}

/// The key file an export writes beside the collection (BioC's convention: a key file says what
/// the collection's elements mean).
pub fn key_file() -> String {
    let mut out = String::from(
        "Deid Studio BioC key\n\
         \n\
         collection: the narratives of one corpus, as one annotator's reviewed version (or the\n\
         adjudicated gold); infon offsets = \"unicode code points\".\n\
         document id: the narrative's id; infon annotator: whose version it is.\n\
         passage: one per document, offset 0, text = the exact narrative (a CR is written &#13;).\n\
         annotation: one PHI span; infon type = the i2b2 2014 TYPE, infon i2b2 = TAG/TYPE;\n\
         location offset and length count Unicode code points (characters) from the start of\n\
         the document, never bytes or UTF-16 units; text = the characters at the location.\n\
         \n\
         types:\n",
    );
    for kind in crate::phi::PhiType::ALL {
        out.push_str(&format!("  {} ({kind})\n", label(kind)));
    }
    out
}

/// Element text: `&`, `<`, `>` escaped, `\r` as `&#13;`.
fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 8);
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '\r' => out.push_str("&#13;"),
            c => out.push(c),
        }
    }
    out
}

/// Writes a collection document by document (a corpus need not be held in memory twice).
pub struct Writer<W: Write> {
    xml: quick_xml::Writer<W>,
    path: std::path::PathBuf,
    count: usize,
}

impl<W: Write> Writer<W> {
    /// Starts the collection (declaration, DOCTYPE, source, date, key, infons); `header`'s
    /// documents are not written. `path` names the output in errors.
    pub fn new(inner: W, header: &Collection, path: &Path) -> Result<Writer<W>> {
        let mut w = Writer {
            xml: quick_xml::Writer::new_with_indent(inner, b' ', 2),
            path: path.to_path_buf(),
            count: 0,
        };
        for (what, value) in [
            ("source", &header.source),
            ("date", &header.date),
            ("key", &header.key),
        ] {
            w.check_chars(value, &format!("collection {what}"))?;
        }
        w.check_infons(&header.infons, "collection")?;
        w.io(|x| {
            x.write_event(Event::Decl(BytesDecl::new("1.0", Some("UTF-8"), None)))?;
            x.write_event(Event::DocType(BytesText::from_escaped(
                "collection SYSTEM \"BioC.dtd\"",
            )))?;
            x.write_event(Event::Start(BytesStart::new("collection")))?;
            leaf(x, "source", &header.source)?;
            leaf(x, "date", &header.date)?;
            leaf(x, "key", &header.key)?;
            infons(x, &header.infons)
        })?;
        Ok(w)
    }

    fn io(
        &mut self,
        f: impl FnOnce(&mut quick_xml::Writer<W>) -> std::io::Result<()>,
    ) -> Result<()> {
        f(&mut self.xml).map_err(|e| Error::io(&self.path, e))
    }

    fn check_chars(&self, s: &str, what: &str) -> Result<()> {
        match s.chars().enumerate().find(|(_, c)| !is_xml_char(*c)) {
            Some((offset, c)) => Err(invalid(
                &self.path,
                format!(
                    "{what} contains {} at character offset {offset}, which XML 1.0 cannot \
                     represent",
                    code_point(c)
                ),
            )),
            None => Ok(()),
        }
    }

    fn check_infons(&self, infons: &[(String, String)], what: &str) -> Result<()> {
        for (k, v) in infons {
            self.check_chars(k, &format!("{what} infon key"))?;
            self.check_chars(v, &format!("{what} infon"))?;
        }
        Ok(())
    }

    /// Appends one document: its spans must lie within its text and not be empty.
    pub fn document(&mut self, doc: &Document) -> Result<()> {
        self.count += 1;
        let what = format!("document #{} ({})", self.count, doc.id);
        self.check_chars(&doc.id, &format!("{what}: the id"))?;
        self.check_infons(&doc.infons, &what)?;
        self.check_chars(&doc.text, &format!("{what}: the text"))?;
        let map = OffsetMap::new(&doc.text);
        check_spans(
            &doc.spans,
            map.len_chars(),
            &self.path,
            &format!("{what}: "),
        )?;
        self.io(|x| {
            x.write_event(Event::Start(BytesStart::new("document")))?;
            leaf(x, "id", &doc.id)?;
            infons(x, &doc.infons)?;
            x.write_event(Event::Start(BytesStart::new("passage")))?;
            leaf(x, "offset", "0")?;
            leaf(x, "text", &doc.text)?;
            for (i, s) in doc.spans.iter().enumerate() {
                x.write_event(Event::Start(
                    BytesStart::new("annotation")
                        .with_attributes([("id", &*format!("T{}", i + 1))]),
                ))?;
                infons(
                    x,
                    &[
                        ("type".into(), label(s.kind).into()),
                        ("i2b2".into(), s.kind.to_string()),
                    ],
                )?;
                x.write_event(Event::Empty(BytesStart::new("location").with_attributes([
                    ("offset", &*s.start.to_string()),
                    ("length", &*s.len().to_string()),
                ])))?;
                leaf(x, "text", map.slice(&doc.text, s.start, s.end))?;
                x.write_event(Event::End(BytesEnd::new("annotation")))?;
            }
            x.write_event(Event::End(BytesEnd::new("passage")))?;
            x.write_event(Event::End(BytesEnd::new("document")))
        })
    }

    /// Closes the collection; returns the inner writer.
    pub fn finish(mut self) -> Result<W> {
        self.io(|x| {
            x.write_event(Event::End(BytesEnd::new("collection")))?;
            x.get_mut().write_all(b"\n")
        })?;
        Ok(self.xml.into_inner())
    }
}

fn leaf<W: Write>(x: &mut quick_xml::Writer<W>, name: &str, text: &str) -> std::io::Result<()> {
    x.create_element(name)
        .write_text_content(BytesText::from_escaped(escape(text)))?;
    Ok(())
}

fn infons<W: Write>(
    x: &mut quick_xml::Writer<W>,
    infons: &[(String, String)],
) -> std::io::Result<()> {
    for (k, v) in infons {
        x.create_element("infon")
            .with_attribute(("key", k.as_str()))
            .write_text_content(BytesText::from_escaped(escape(v)))?;
    }
    Ok(())
}

/// The whole collection as XML (`path` names the output in errors).
pub fn to_xml(c: &Collection, path: &Path) -> Result<String> {
    let mut w = Writer::new(Vec::new(), c, path)?;
    for d in &c.documents {
        w.document(d)?;
    }
    let bytes = w.finish()?;
    Ok(String::from_utf8(bytes).expect("written from &str"))
}

/// One passage as read: offset, text, annotations (document offsets, pieces).
#[derive(Default)]
struct Passage {
    offset: Option<usize>,
    text: Option<String>,
}

#[derive(Default)]
struct RawAnnotation {
    id: String,
    kind: Option<String>,
    i2b2: Option<String>,
    locations: Vec<(usize, usize)>,
    text: Option<String>,
    pos: usize,
}

/// Reads a BioC XML collection (UTF-8). `path` names the file in errors.
pub fn parse(bytes: &[u8], path: &Path) -> Result<Collection> {
    let src = std::str::from_utf8(bytes).map_err(|e| {
        invalid(
            path,
            format!(
                "not valid UTF-8 (invalid byte at byte offset {}); BioC XML must be UTF-8",
                e.valid_up_to()
            ),
        )
    })?;
    let src = src.strip_prefix('\u{FEFF}').unwrap_or(src);
    let err = |byte: usize, m: String| Error::Xml {
        path: path.to_path_buf(),
        position: line_col(src, byte),
        message: m,
    };
    if let Some((offset, c)) = src.char_indices().find(|(_, c)| !is_xml_char(*c)) {
        return Err(err(
            offset,
            format!("character {} is not allowed in XML 1.0", code_point(c)),
        ));
    }
    let mut reader = Reader::from_str(src);
    let mut stack: Vec<String> = Vec::new();
    let mut coll = Collection::default();
    let mut root = false;
    let mut buf = String::new();
    let mut infon_key: Option<String> = None;
    let mut doc: Option<(Document, Vec<Passage>, Vec<RawAnnotation>)> = None;
    let mut ann: Option<RawAnnotation> = None;
    loop {
        let pos = reader.buffer_position() as usize;
        let event = reader
            .read_event()
            .map_err(|e| err(reader.error_position() as usize, e.to_string()))?;
        match event {
            Event::Start(ref e) | Event::Empty(ref e) => {
                let empty = matches!(event, Event::Empty(_));
                let name = e.name().as_ref().to_string();
                if stack.is_empty() {
                    if root {
                        return Err(err(pos, format!("second root element <{name}>")));
                    }
                    if name != "collection" {
                        return Err(err(pos, format!("the root is <{name}>, not <collection>")));
                    }
                    root = true;
                }
                let attr = |key: &str| -> Result<Option<String>> {
                    for a in e.attributes() {
                        let a =
                            a.map_err(|x| err(pos, format!("bad attribute in <{name}>: {x}")))?;
                        if a.key.as_ref() == key {
                            let v = a
                                .normalized_value(quick_xml::XmlVersion::Implicit1_0)
                                .map_err(|x| err(pos, format!("bad attribute in <{name}>: {x}")))?;
                            return Ok(Some(v.into_owned()));
                        }
                    }
                    Ok(None)
                };
                match name.as_str() {
                    "document" if stack.len() == 1 => doc = Some(Default::default()),
                    "passage" => {
                        if let Some((_, passages, _)) = doc.as_mut() {
                            passages.push(Passage::default());
                        }
                    }
                    "annotation" => {
                        ann = Some(RawAnnotation {
                            id: attr("id")?.unwrap_or_default(),
                            pos,
                            ..Default::default()
                        })
                    }
                    "location" => {
                        if let Some(a) = ann.as_mut() {
                            let num = |key: &str| -> Result<usize> {
                                let v = attr(key)?
                                    .ok_or_else(|| err(pos, format!("<location> without {key}")))?;
                                v.trim().parse().map_err(|_| {
                                    err(
                                        pos,
                                        format!("<location> {key}=\"{v}\" is not a whole number"),
                                    )
                                })
                            };
                            let (o, l) = (num("offset")?, num("length")?);
                            a.locations.push((o, o + l));
                        }
                    }
                    "infon" => infon_key = Some(attr("key")?.unwrap_or_default()),
                    _ => {}
                }
                buf.clear();
                if !empty {
                    stack.push(name);
                }
            }
            Event::Text(t) => buf.push_str(&t.xml10_content()),
            Event::CData(c) => buf.push_str(&c.xml10_content()),
            Event::GeneralRef(r) => {
                let c = match r.resolve_char_ref() {
                    Ok(Some(c)) if is_xml_char(c) => c.to_string(),
                    Ok(Some(c)) => {
                        return Err(err(
                            pos,
                            format!("character reference to {}", code_point(c)),
                        ))
                    }
                    Ok(None) => quick_xml::escape::resolve_predefined_entity(&r)
                        .ok_or_else(|| err(pos, format!("unknown entity &{};", &*r)))?
                        .to_string(),
                    Err(e) => return Err(err(pos, format!("bad character reference: {e}"))),
                };
                buf.push_str(&c);
            }
            Event::End(_) => {
                let name = stack.pop().unwrap_or_default();
                let parent = stack.last().map(String::as_str).unwrap_or("");
                let value = std::mem::take(&mut buf);
                match (parent, name.as_str()) {
                    ("collection", "source") => coll.source = value,
                    ("collection", "date") => coll.date = value,
                    ("collection", "key") => coll.key = value,
                    ("collection", "infon") => coll
                        .infons
                        .push((infon_key.take().unwrap_or_default(), value)),
                    ("document", "id") => {
                        if let Some((d, _, _)) = doc.as_mut() {
                            d.id = value;
                        }
                    }
                    ("document", "infon") => {
                        if let Some((d, _, _)) = doc.as_mut() {
                            d.infons.push((infon_key.take().unwrap_or_default(), value));
                        }
                    }
                    ("passage", "offset") => {
                        let o = value.trim().parse().map_err(|_| {
                            err(
                                pos,
                                format!("passage offset {:?} is not a whole number", value.trim()),
                            )
                        })?;
                        if let Some(p) = doc.as_mut().and_then(|d| d.1.last_mut()) {
                            p.offset = Some(o);
                        }
                    }
                    ("passage", "text") => {
                        if let Some(p) = doc.as_mut().and_then(|d| d.1.last_mut()) {
                            p.text = Some(value);
                        }
                    }
                    ("annotation", "infon") => {
                        if let Some(a) = ann.as_mut() {
                            match infon_key.take().as_deref() {
                                Some("type") => a.kind = Some(value),
                                Some("i2b2") => a.i2b2 = Some(value),
                                _ => {}
                            }
                        }
                    }
                    ("annotation", "text") => {
                        if let Some(a) = ann.as_mut() {
                            a.text = Some(value);
                        }
                    }
                    (_, "annotation") => {
                        if let (Some(a), Some((_, _, anns))) = (ann.take(), doc.as_mut()) {
                            anns.push(a);
                        }
                    }
                    ("collection", "document") => {
                        if let Some((d, passages, anns)) = doc.take() {
                            let n = coll.documents.len() + 1;
                            coll.documents
                                .push(finish_document(d, passages, anns, n, &err)?);
                        }
                    }
                    _ => {}
                }
            }
            Event::Decl(_) | Event::PI(_) | Event::Comment(_) | Event::DocType(_) => {}
            Event::Eof => break,
        }
    }
    if let Some(open) = stack.last() {
        return Err(err(
            src.len(),
            format!("unexpected end of file: <{open}> is not closed"),
        ));
    }
    if !root {
        return Err(err(
            src.len(),
            "no <collection> element (empty or not BioC XML?)".into(),
        ));
    }
    Ok(coll)
}

/// A document from its passages (laid at their offsets, gaps filled with spaces) and its
/// annotations (checked against that text).
fn finish_document(
    mut doc: Document,
    mut passages: Vec<Passage>,
    anns: Vec<RawAnnotation>,
    n: usize,
    err: &dyn Fn(usize, String) -> Error,
) -> Result<Document> {
    let what = format!("document #{n} ({})", doc.id);
    passages.sort_by_key(|p| p.offset);
    let mut chars: Vec<char> = Vec::new();
    for (i, p) in passages.into_iter().enumerate() {
        let offset = p.offset.unwrap_or(chars.len());
        let Some(text) = p.text else {
            return Err(err(
                0,
                format!(
                    "{what}: passage #{} has no <text> (sentence-level BioC is not read)",
                    i + 1
                ),
            ));
        };
        if offset < chars.len() {
            return Err(err(
                0,
                format!(
                    "{what}: passage #{} at offset {offset} overlaps the one before",
                    i + 1
                ),
            ));
        }
        chars.resize(offset, ' ');
        chars.extend(text.chars());
    }
    for a in anns {
        let label = if a.id.is_empty() {
            "an annotation".to_string()
        } else {
            format!("annotation {}", a.id)
        };
        let kind = a
            .kind
            .as_deref()
            .and_then(parse_label)
            .or_else(|| a.i2b2.as_deref().and_then(parse_label))
            .ok_or_else(|| {
                err(
                    a.pos,
                    format!("{what}: {label} has no PHI category as its type"),
                )
            })?;
        let single = a.locations.len() == 1;
        let mut pieces = a.locations;
        let (start, end) = join_pieces(&chars, &mut pieces)
            .map_err(|m| err(a.pos, format!("{what}: {label}: {m}")))?;
        if start >= end {
            return Err(err(
                a.pos,
                format!("{what}: {label} is empty ({start}..{end})"),
            ));
        }
        if let (true, Some(t)) = (single, &a.text) {
            if !t.chars().eq(chars[start..end].iter().copied()) {
                return Err(err(
                    a.pos,
                    format!(
                        "{what}: {label} ({start}..{end}): its text ({} characters) is not the \
                         text at its location",
                        t.chars().count()
                    ),
                ));
            }
        }
        doc.spans.push(Span::new(start, end, kind));
    }
    doc.text = chars.into_iter().collect();
    Ok(doc)
}
