//! ICH E2B individual case safety reports (ICSR XML), the files pharmacovigilance centres and
//! the WHO's VigiBase exchange: one narrative per safety report, a file holding one report or a
//! batch of them.
//!
//! - **E2B(R3)** (HL7 v3, root `MCCI_IN200100UV01` batch or a single `PORR_IN049016UV` message):
//!   each `investigationEvent` is a report; its direct child `text` is the case narrative (H.1)
//!   and its direct child `id` with root `2.16.840.1.113883.3.989.2.1.3.1` the safety report id
//!   (C.1.1; the worldwide unique id C.1.8.1 stands in when C.1.1 is missing).
//! - **E2B(R2)** (root `ichicsr`): each `safetyreport` is a report; `patient/summary/
//!   narrativeincludeclinical` is the narrative (B.5.1), `safetyreportid` the id (A.1.0.1).
//!
//! The narrative is the element's text exactly as a conforming XML 1.0 parser delivers it, so
//! offsets (Unicode code points) mean the same to us as to the safety database that wrote the
//! file: entities and character references are decoded, CDATA kept verbatim, and line ends
//! normalised as XML 1.0 requires (a raw CR LF or CR in the file is one LF; a line end written as
//! `&#13;&#10;` stays CR LF). Leading and trailing white space is kept: offsets count it.
//!
//! Encoding: a UTF-8 or UTF-16 byte order mark, else the XML declaration's `encoding` (R2 files
//! are often ISO-8859-1, decoded as Windows-1252 as browsers do), else UTF-8. Bytes invalid in
//! that encoding, a NUL byte (binary) or a character XML 1.0 forbids fail the file.
//!
//! Safety: a DOCTYPE naming an external DTD (`<!DOCTYPE ichicsr SYSTEM "...icsr21xml.dtd">`, as
//! R2 files carry) is allowed and never fetched; a DOCTYPE with an internal subset (where entity
//! declarations, and so XXE and entity expansion, live) fails the file, and so does any entity
//! reference other than XML's five and character references.
//!
//! Errors name the file and the report (its id, or `#N` for the N-th), never narrative text. A
//! malformed file fails as a whole; a report with no or an empty narrative fails alone.

use crate::error::{Error, Result};
use crate::i2b2::{code_point, is_xml_char, line_col};
use quick_xml::events::{BytesRef, BytesStart, Event};
use quick_xml::reader::Reader;
use quick_xml::XmlVersion;
use std::io::Read;
use std::path::Path;

/// An E2B file is a whole batch: far larger than one narrative may be.
pub const MAX_FILE_BYTES: u64 = 256 * 1024 * 1024;

/// OID root of the safety report id (C.1.1) on `investigationEvent/id`.
const ROOT_SAFETY_REPORT_ID: &str = "2.16.840.1.113883.3.989.2.1.3.1";
/// OID root of the worldwide unique case id (C.1.8.1).
const ROOT_WORLDWIDE_ID: &str = "2.16.840.1.113883.3.989.2.1.3.2";

/// The E2B ICSR version of a file, sniffed from its root element.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Version {
    /// E2B(R2): root `ichicsr`, narrative in `narrativeincludeclinical`, id in `safetyreportid`.
    R2,
    /// E2B(R3) (HL7 v3): root `MCCI_IN200100UV01` or `PORR_IN049016UV`, narrative in H.1
    /// `investigationEvent/text`, id C.1.1.
    R3,
}

impl Version {
    fn narrative_element(self) -> &'static str {
        match self {
            Version::R2 => "narrativeincludeclinical (B.5.1, patient/summary)",
            Version::R3 => "case narrative (H.1, investigationEvent/text)",
        }
    }
}

/// One safety report of a file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Report {
    /// Position in the file, from 1.
    pub index: usize,
    /// The safety report id, when the report has one.
    pub id: Option<String>,
    /// The narrative, or why this report has none (no narrative text in the message).
    pub narrative: std::result::Result<String, String>,
}

impl Report {
    /// How errors name the report: its id, or `#N`.
    pub fn label(&self) -> String {
        self.id
            .clone()
            .unwrap_or_else(|| format!("#{}", self.index))
    }
}

/// The E2B version of a file by its root element, reading only its beginning; `None` for any
/// other XML (i2b2), for non-XML and for a file that cannot be read (its reader reports why).
pub fn sniff(path: &Path) -> Option<Version> {
    let mut head = Vec::with_capacity(16 * 1024);
    std::fs::File::open(path)
        .ok()?
        .take(16 * 1024)
        .read_to_end(&mut head)
        .ok()?;
    sniff_bytes(&head)
}

/// [`sniff`] on the first bytes of a file.
pub fn sniff_bytes(head: &[u8]) -> Option<Version> {
    let text = if head.starts_with(&[0xFF, 0xFE]) || head.starts_with(&[0xFE, 0xFF]) {
        crate::input::decode_csv_bytes(head).0
    } else {
        // the root's name is ASCII: a character cut at the end of the prefix does not matter
        String::from_utf8_lossy(head).into_owned()
    };
    let mut reader = Reader::from_str(text.trim_start_matches('\u{FEFF}'));
    loop {
        match reader.read_event().ok()? {
            Event::Start(e) | Event::Empty(e) => {
                return match e.local_name().as_ref() {
                    "ichicsr" => Some(Version::R2),
                    "MCCI_IN200100UV01" | "PORR_IN049016UV" => Some(Version::R3),
                    _ => None,
                }
            }
            Event::Eof => return None,
            _ => {}
        }
    }
}

/// Reads one E2B file: its version and its reports, in file order.
pub fn read_file(path: &Path) -> Result<(Version, Vec<Report>)> {
    let size = std::fs::metadata(path)
        .map_err(|e| Error::io(path, e))?
        .len();
    if size > MAX_FILE_BYTES {
        return Err(Error::TooLarge {
            path: path.into(),
            size,
            limit: MAX_FILE_BYTES,
        });
    }
    let bytes = std::fs::read(path).map_err(|e| Error::io(path, e))?;
    parse(&bytes, path)
}

/// Parses E2B XML from `bytes`; `path` only names the file in errors.
pub fn parse(bytes: &[u8], path: &Path) -> Result<(Version, Vec<Report>)> {
    let src = decode(bytes, path)?;
    let parser = Parser {
        src: &src,
        path,
        version: None,
    };
    parser.run()
}

fn file_error(path: &Path, message: impl Into<String>) -> Error {
    Error::E2b {
        path: path.into(),
        report: None,
        message: message.into(),
    }
}

/// The file's characters, by byte order mark, XML declaration, or UTF-8.
fn decode(bytes: &[u8], path: &Path) -> Result<String> {
    use encoding_rs::{Encoding, UTF_16BE, UTF_16LE, UTF_8};
    let (encoding, body) = if let Some(rest) = bytes.strip_prefix(&[0xEF, 0xBB, 0xBF]) {
        (UTF_8, rest)
    } else if let Some(rest) = bytes.strip_prefix(&[0xFF, 0xFE]) {
        (UTF_16LE, rest)
    } else if let Some(rest) = bytes.strip_prefix(&[0xFE, 0xFF]) {
        (UTF_16BE, rest)
    } else {
        if let Some(offset) = bytes.iter().position(|&b| b == 0) {
            return Err(Error::Binary {
                path: path.into(),
                offset,
            });
        }
        let encoding = match declared_encoding(bytes) {
            None => UTF_8,
            Some(label) => Encoding::for_label(label.as_bytes())
                .filter(|e| *e != UTF_16LE && *e != UTF_16BE)
                .ok_or_else(|| {
                    file_error(
                        path,
                        format!(
                            "the XML declaration names encoding \"{label}\", which is not \
                             supported here (UTF-16 needs a byte order mark); re-save the file \
                             as UTF-8"
                        ),
                    )
                })?,
        };
        (encoding, bytes)
    };
    if encoding == UTF_8 {
        return String::from_utf8(body.to_vec()).map_err(|e| Error::Encoding {
            path: path.into(),
            offset: e.utf8_error().valid_up_to() + (bytes.len() - body.len()),
        });
    }
    encoding
        .decode_without_bom_handling_and_without_replacement(body)
        .map(|s| s.into_owned())
        .ok_or_else(|| {
            file_error(
                path,
                format!(
                    "not valid {} text; re-save the file as UTF-8",
                    encoding.name()
                ),
            )
        })
}

/// The `encoding` of an XML declaration at the very start of the file (ASCII), if any.
fn declared_encoding(bytes: &[u8]) -> Option<String> {
    let head = &bytes[..bytes.len().min(512)];
    if !head.starts_with(b"<?xml") {
        return None;
    }
    let end = head.windows(2).position(|w| w == b"?>")?;
    let decl = std::str::from_utf8(&head[..end]).ok()?;
    let at = decl.find("encoding")? + "encoding".len();
    let rest = decl[at..].trim_start().strip_prefix('=')?.trim_start();
    let quote = rest.chars().next().filter(|c| *c == '"' || *c == '\'')?;
    let value = &rest[1..];
    Some(value[..value.find(quote)?].trim().to_string())
}

/// The report being read.
#[derive(Default)]
struct Current {
    /// Stack depth of the report's element.
    depth: usize,
    id: Option<String>,
    /// C.1.8.1, used when there is no C.1.1.
    fallback_id: Option<String>,
    /// R2's id, as its character data comes.
    id_text: String,
    narrative: Option<String>,
    /// Why the narrative cannot be used, found while reading it.
    problem: Option<String>,
    narratives: usize,
    /// The field element open now, with its stack depth.
    open: Option<(Field, usize)>,
}

/// A report's element whose character data is read.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Field {
    Id,
    Narrative,
}

struct Parser<'a> {
    src: &'a str,
    path: &'a Path,
    version: Option<Version>,
}

impl Parser<'_> {
    fn err(&self, byte: usize, message: impl std::fmt::Display) -> Error {
        file_error(
            self.path,
            format!(
                "malformed E2B XML at {}: {message}",
                line_col(self.src, byte)
            ),
        )
    }

    /// Input refused on purpose (not malformed): DTD internal subsets, entities.
    fn refuse(&self, byte: usize, message: impl std::fmt::Display) -> Error {
        file_error(
            self.path,
            format!("refused at {}: {message}", line_col(self.src, byte)),
        )
    }

    fn run(mut self) -> Result<(Version, Vec<Report>)> {
        if let Some((offset, c)) = self.src.char_indices().find(|(_, c)| !is_xml_char(*c)) {
            if !(offset == 0 && c == '\u{FEFF}') {
                let message = format!("character {} is not allowed in XML 1.0", code_point(c));
                return Err(self.err(offset, message));
            }
        }
        let mut reader = Reader::from_str(self.src);
        // local names of the open elements, with the byte position of their start tags
        let mut stack: Vec<(String, usize)> = Vec::new();
        let mut reports: Vec<Report> = Vec::new();
        let mut current: Option<Current> = None;
        loop {
            let pos = reader.buffer_position() as usize;
            let event = reader
                .read_event()
                .map_err(|e| self.err(reader.error_position() as usize, e))?;
            match event {
                Event::Start(ref e) | Event::Empty(ref e) => {
                    let name = e.local_name().as_ref().to_string();
                    let empty = matches!(event, Event::Empty(_));
                    if stack.is_empty() {
                        self.root(&name, pos)?;
                    }
                    if let Some(cur) = current.as_mut() {
                        match cur.open {
                            Some((Field::Narrative, _)) => {
                                cur.problem = Some(format!(
                                "element <{name}> inside the narrative, which must be plain text"
                            ))
                            }
                            Some((Field::Id, _)) => {}
                            None => {
                                let field = self.open_in_report(e, &name, &stack, cur, pos)?;
                                if !empty {
                                    cur.open = field.map(|f| (f, stack.len()));
                                }
                            }
                        }
                    } else if self.starts_report(&name, &stack) {
                        current = Some(Current {
                            depth: stack.len(),
                            ..Current::default()
                        });
                    }
                    if !empty {
                        stack.push((name, pos));
                    } else if current.as_ref().is_some_and(|c| c.depth == stack.len()) {
                        reports.push(self.finish(current.take().expect("open"), reports.len()));
                    }
                }
                Event::End(_) => {
                    stack.pop();
                    if let Some(cur) = current.as_mut() {
                        if cur.open.is_some_and(|(_, d)| d == stack.len()) {
                            if cur.open.is_some_and(|(f, _)| f == Field::Id) {
                                let id = cur.id_text.trim();
                                if !id.is_empty() && cur.id.is_none() {
                                    cur.id = Some(id.to_string());
                                }
                            }
                            cur.open = None;
                        }
                        if cur.depth == stack.len() {
                            reports.push(self.finish(current.take().expect("open"), reports.len()));
                        }
                    }
                }
                Event::Text(t) => {
                    if stack.is_empty() && !t.trim().is_empty() {
                        let at = pos + (t.len() - t.trim_start().len());
                        let what = if self.version.is_some() {
                            "text after the root element"
                        } else {
                            "text before the root element (is this an XML file?)"
                        };
                        return Err(self.err(at, what));
                    }
                    push(&mut current, &t.xml10_content());
                }
                Event::CData(c) => {
                    if stack.is_empty() {
                        return Err(self.err(pos, "CDATA section outside the root element"));
                    }
                    push(&mut current, &c.xml10_content());
                }
                Event::GeneralRef(r) => {
                    if stack.is_empty() {
                        return Err(self.err(pos, "reference outside the root element"));
                    }
                    let resolved = self.resolve_ref(&r, pos)?;
                    push(&mut current, &resolved);
                }
                Event::DocType(d) => {
                    if d.contains('[') {
                        return Err(self.refuse(
                            pos,
                            "a DOCTYPE with an internal subset (entity declarations) is refused: \
                             E2B files need none, and entities could read other files",
                        ));
                    }
                }
                Event::Decl(_) | Event::PI(_) | Event::Comment(_) => {}
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
        let Some(version) = self.version else {
            return Err(self.err(
                self.src.len(),
                "no root element (empty or not an XML file?)",
            ));
        };
        if reports.is_empty() {
            let what = match version {
                Version::R2 => "no <safetyreport> in the <ichicsr> message",
                Version::R3 => "no <investigationEvent> (safety report) in the message",
            };
            return Err(file_error(self.path, what));
        }
        Ok((version, reports))
    }

    /// The root element decides the version.
    fn root(&mut self, name: &str, pos: usize) -> Result<()> {
        if self.version.is_some() {
            return Err(self.err(pos, format!("second root element <{name}>")));
        }
        self.version = Some(match name {
            "ichicsr" => Version::R2,
            "MCCI_IN200100UV01" | "PORR_IN049016UV" => Version::R3,
            _ => {
                return Err(file_error(
                    self.path,
                    format!("root element <{name}> is not an E2B ICSR"),
                ))
            }
        });
        Ok(())
    }

    /// Whether an element named `name` under `stack` is the element of one report.
    fn starts_report(&self, name: &str, stack: &[(String, usize)]) -> bool {
        match self.version {
            // a report is a safetyreport right under the root
            Some(Version::R2) => name == "safetyreport" && stack.len() == 1,
            // the outermost investigationEvent (linked reports nest no narrative of their own)
            Some(Version::R3) => name == "investigationEvent",
            None => false,
        }
    }

    /// An element opened inside a report: reads the R3 id's attributes, and says where its
    /// character data goes.
    fn open_in_report(
        &self,
        e: &BytesStart,
        name: &str,
        stack: &[(String, usize)],
        cur: &mut Current,
        pos: usize,
    ) -> Result<Option<Field>> {
        // the element names between the report's element and this one
        let names: Vec<&str> = stack[cur.depth + 1..]
            .iter()
            .map(|(n, _)| n.as_str())
            .collect();
        let direct = stack.len() == cur.depth + 1;
        match self.version {
            Some(Version::R3) if direct && name == "id" => {
                let (mut root, mut extension) = (None, None);
                for attr in e.attributes() {
                    let attr = attr.map_err(|er| self.err(pos, format!("bad attribute: {er}")))?;
                    let value = attr
                        .normalized_value(XmlVersion::Implicit1_0)
                        .map_err(|er| self.err(pos, format!("bad attribute value: {er}")))?;
                    match attr.key.local_name().as_ref() {
                        "root" => root = Some(value.trim().to_string()),
                        "extension" => extension = Some(value.trim().to_string()),
                        _ => {}
                    }
                }
                let extension = extension.filter(|x| !x.is_empty());
                match root.as_deref() {
                    Some(ROOT_SAFETY_REPORT_ID) => cur.id = cur.id.take().or(extension),
                    Some(ROOT_WORLDWIDE_ID) => {
                        cur.fallback_id = cur.fallback_id.take().or(extension)
                    }
                    _ => {}
                }
                Ok(None)
            }
            Some(Version::R3) if direct && name == "text" => {
                for attr in e.attributes().flatten() {
                    let value = attr
                        .normalized_value(XmlVersion::Implicit1_0)
                        .unwrap_or_default();
                    if attr.key.local_name().as_ref() == "representation" && value.trim() == "B64" {
                        cur.problem = Some(
                            "the narrative is base64-encoded (representation=\"B64\"), which is \
                             not supported"
                                .into(),
                        );
                    }
                }
                Ok(Some(open_narrative(cur)))
            }
            Some(Version::R2) if direct && name == "safetyreportid" => Ok(Some(Field::Id)),
            Some(Version::R2)
                if names == ["patient", "summary"] && name == "narrativeincludeclinical" =>
            {
                Ok(Some(open_narrative(cur)))
            }
            _ => Ok(None),
        }
    }

    fn finish(&self, cur: Current, index: usize) -> Report {
        let version = self.version.expect("root seen");
        let what = version.narrative_element();
        let narrative = match (cur.problem, cur.narrative) {
            (Some(problem), _) => Err(problem),
            (None, None) => Err(format!("no {what}")),
            (None, Some(_)) if cur.narratives > 1 => Err(format!(
                "{} narrative elements; expected one {what}",
                cur.narratives
            )),
            (None, Some(t)) if t.trim().is_empty() => Err(format!("empty {what}")),
            (None, Some(t)) => Ok(t),
        };
        Report {
            index: index + 1,
            id: cur.id.or(cur.fallback_id),
            narrative,
        }
    }

    fn resolve_ref(&self, r: &BytesRef, pos: usize) -> Result<String> {
        let c = match r.resolve_char_ref() {
            Ok(Some(c)) => c,
            Ok(None) => {
                let name: &str = r;
                return match quick_xml::escape::resolve_predefined_entity(name) {
                    Some(s) => Ok(s.to_string()),
                    None => Err(self.refuse(
                        pos,
                        format!(
                            "entity &{name}; refused (only XML's predefined entities are read)"
                        ),
                    )),
                };
            }
            Err(e) => return Err(self.err(pos, format!("bad character reference &{};: {e}", &**r))),
        };
        if !is_xml_char(c) {
            let message = format!(
                "character reference &{}; to {}, which XML 1.0 does not allow",
                &**r,
                code_point(c)
            );
            return Err(self.err(pos, message));
        }
        Ok(c.to_string())
    }
}

/// A narrative element opened (the first one is read; more are an error for the report).
fn open_narrative(cur: &mut Current) -> Field {
    cur.narratives += 1;
    cur.narrative.get_or_insert_default();
    Field::Narrative
}

/// Character data into the field open now, if any.
fn push(current: &mut Option<Current>, s: &str) {
    let Some(cur) = current.as_mut() else { return };
    match cur.open {
        Some((Field::Narrative, _)) if cur.narratives == 1 => {
            cur.narrative.get_or_insert_default().push_str(s)
        }
        Some((Field::Id, _)) => cur.id_text.push_str(s),
        _ => {}
    }
}
