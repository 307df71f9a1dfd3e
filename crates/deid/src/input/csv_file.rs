//! CSV files as spreadsheets and case-management systems write them: the encoding (UTF-8, UTF-16
//! with a byte order mark, or Windows-1252 as Excel writes it) and the delimiter (comma,
//! semicolon or tab) are detected, and a bad row (a wrong number of fields, an unterminated quote)
//! is an error for that row only: the others are read.

use super::{safe_file_name, CsvColumns, Job, JobSource, ID_COLUMNS, TEXT_COLUMNS};
use crate::error::{Error, Result};
use std::io::Read;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

mod encoding;
pub use encoding::{decode, UTF8_WITH_BAD_BYTES};
use encoding::{decode_prefix, decoded_reader, encoding_label, read_prefix, sniff_encoding};

/// How a CSV file was written, as detected.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Dialect {
    /// The encoding's name as `encoding_rs` gives it (`UTF-8`, `UTF-16LE`, `windows-1252`).
    pub encoding: &'static str,
    /// The field separator: `,`, `;` or tab.
    pub delimiter: u8,
}

/// The delimiter that splits the header line into the most fields (outside quotes).
pub fn sniff_delimiter(text: &str) -> u8 {
    let header = first_line(text);
    let count = |d: char| {
        let mut quoted = false;
        header
            .chars()
            .filter(|&c| {
                if c == '"' {
                    quoted = !quoted;
                }
                !quoted && c == d
            })
            .count()
    };
    [(b',', count(',')), (b';', count(';')), (b'\t', count('\t'))]
        .into_iter()
        .max_by_key(|&(d, n)| (n, d == b','))
        .map_or(b',', |(d, _)| d)
}

fn first_line(text: &str) -> &str {
    text.split(['\n', '\r']).next().unwrap_or("")
}

/// One job per data row, read as a stream: memory stays bounded by one chunk of rows whatever
/// the file's size. Rows that cannot be read become jobs whose read fails with the row's
/// problem, so the batch reports them and goes on.
pub struct CsvRows {
    path: PathBuf,
    dialect: Dialect,
    headers: Vec<String>,
    text_col: usize,
    id_col: Option<usize>,
    reader: csv::Reader<Tee<Box<dyn Read + Send>>>,
    raw: Arc<Mutex<RawWindow>>,
    record: csv::StringRecord,
    row: usize,
    /// The record after the current one: the last record is checked for an unterminated quote.
    lookahead: Option<RawRecord>,
    done: bool,
    size: u64,
}

/// A record as parsed, before it becomes a job.
struct RawRecord {
    row: usize,
    fields: std::result::Result<csv::StringRecord, String>,
    odd_quotes: bool,
}

/// A CSV file opened up to the end of its header row.
struct Header {
    reader: csv::Reader<Tee<Box<dyn Read + Send>>>,
    raw: Arc<Mutex<RawWindow>>,
    headers: Vec<String>,
    dialect: Dialect,
    size: u64,
}

impl Header {
    /// Detect the encoding (one streaming pass over the bytes) and the delimiter, and read the
    /// header row.
    fn read(path: &Path) -> Result<Header> {
        let (encoding, size) = sniff_encoding(path)?;
        let prefix = read_prefix(path, encoding.bom, 64 * 1024)?;
        let delimiter = sniff_delimiter(&decode_prefix(&prefix, encoding));
        let dialect = Dialect {
            encoding: encoding_label(encoding),
            delimiter,
        };
        let raw = Arc::new(Mutex::new(RawWindow::default()));
        let mut reader = csv::ReaderBuilder::new()
            .flexible(true)
            .delimiter(delimiter)
            .from_reader(Tee {
                inner: decoded_reader(path, encoding)?,
                window: raw.clone(),
            });
        let headers: Vec<String> = reader
            .headers()
            .map_err(|e| Error::Csv {
                path: path.into(),
                message: format!("cannot read the header row: {e}"),
            })?
            .iter()
            .map(|h| h.trim_start_matches('\u{feff}').trim().to_string())
            .collect();
        Ok(Header {
            reader,
            raw,
            headers,
            dialect,
            size,
        })
    }
}

/// The column names of a CSV file and its detected dialect (encoding, delimiter), read as
/// [`CsvRows::open`] reads them: for choosing the text column before an import.
pub fn header_row(path: &Path) -> Result<(Vec<String>, Dialect)> {
    let h = Header::read(path)?;
    Ok((h.headers, h.dialect))
}

/// The first rows of a CSV file as the import will read them (same encoding, delimiter and
/// quoting), for a preview before choosing the columns.
#[derive(Debug, Clone, PartialEq)]
pub struct Preview {
    /// The header row.
    pub columns: Vec<String>,
    /// The detected encoding and delimiter.
    pub dialect: Dialect,
    /// Up to the requested number of records after the header, each field as read (a field of
    /// a record shorter than the header is absent).
    pub rows: Vec<Vec<String>>,
}

/// Read the header and the first `rows` records of `path` ([`Preview`]). A record the parser
/// cannot read ends the preview there: the import names the row.
pub fn preview(path: &Path, rows: usize) -> Result<Preview> {
    let Header {
        mut reader,
        headers,
        dialect,
        ..
    } = Header::read(path)?;
    let mut out = Vec::new();
    let mut record = csv::StringRecord::new();
    while out.len() < rows {
        match reader.read_record(&mut record) {
            Ok(true) => out.push(record.iter().map(str::to_string).collect()),
            Ok(false) | Err(_) => break,
        }
    }
    Ok(Preview {
        columns: headers,
        dialect,
        rows: out,
    })
}

impl CsvRows {
    /// Open `path`: detect its encoding (one streaming pass over the bytes) and delimiter, read
    /// the header row and find the text and id columns.
    pub fn open(path: &Path, columns: &CsvColumns) -> Result<CsvRows> {
        let csv_err = |message: String| Error::Csv {
            path: path.into(),
            message,
        };
        let Header {
            reader,
            raw,
            headers,
            dialect,
            size,
        } = Header::read(path)?;
        let delimiter = dialect.delimiter;
        let find = |name: &str| headers.iter().position(|h| h == name);
        let available = || {
            format!(
                "the columns are: {} ({}, {})",
                headers.join(", "),
                dialect.encoding,
                delimiter_name(delimiter, "separated")
            )
        };
        let text_col = match &columns.text {
            Some(name) => find(name)
                .ok_or_else(|| csv_err(format!("no column named {name:?}; {}", available())))?,
            None => TEXT_COLUMNS.iter().find_map(|n| find(n)).ok_or_else(|| {
                csv_err(format!(
                    "no narrative column found (looked for {}); choose the text column; {}",
                    TEXT_COLUMNS.join(", "),
                    available()
                ))
            })?,
        };
        let id_col = match &columns.id {
            Some(name) => Some(
                find(name)
                    .ok_or_else(|| csv_err(format!("no column named {name:?}; {}", available())))?,
            ),
            None => ID_COLUMNS.iter().find_map(|n| find(n)),
        };
        Ok(CsvRows {
            path: path.into(),
            dialect,
            headers,
            text_col,
            id_col,
            reader,
            raw,
            record: csv::StringRecord::new(),
            row: 1, // the header
            lookahead: None,
            done: false,
            size,
        })
    }

    /// The detected encoding and delimiter.
    pub fn dialect(&self) -> Dialect {
        self.dialect
    }

    /// The header row's column names.
    pub fn headers(&self) -> &[String] {
        &self.headers
    }

    /// The file's size in bytes, and how far the parser has read in the decoded text (for a
    /// progress bar; the two agree for UTF-8 files, the usual case).
    pub fn progress(&self) -> (u64, u64) {
        (self.size, self.reader.position().byte())
    }

    fn read_raw(&mut self) -> Option<RawRecord> {
        if self.done {
            return None;
        }
        let start = self.reader.position().byte();
        self.raw.lock().expect("csv window").forget_before(start);
        let fields = match self.reader.read_record(&mut self.record) {
            Ok(false) => {
                self.done = true;
                return None;
            }
            Ok(true) => Ok(self.record.clone()),
            Err(e) => Err(format!("cannot be parsed: {e}")),
        };
        self.row += 1;
        let end = self.reader.position().byte();
        let odd_quotes = self
            .raw
            .lock()
            .expect("csv window")
            .quotes_between(start, end)
            % 2
            == 1;
        Some(RawRecord {
            row: self.row,
            fields,
            odd_quotes,
        })
    }

    fn job(&self, rec: RawRecord, is_last: bool) -> Job {
        let row = rec.row;
        let record = match rec.fields {
            Ok(r) => r,
            Err(message) => return bad_row(&self.path, row, message),
        };
        let id = self
            .id_col
            .and_then(|c| record.get(c))
            .map(str::to_string)
            .filter(|s| !s.trim().is_empty())
            .unwrap_or_else(|| format!("row-{row}"));
        let narrative: std::result::Result<String, String> = if is_last && rec.odd_quotes {
            // the parser ran to the end of the file inside a quoted field: every later row was
            // swallowed into this one; say so rather than import the merged text
            Err(
                "unterminated quote: the rest of the file was read as part of this row's \
                 field; close the quote and import again"
                    .to_string(),
            )
        } else if record.len() != self.headers.len() {
            Err(format!(
                "{} fields where the header has {} (a stray {} or quote?)",
                record.len(),
                self.headers.len(),
                delimiter_name(self.dialect.delimiter, "")
            ))
        } else {
            match record.get(self.text_col) {
                Some(t)
                    if self.dialect.encoding == UTF8_WITH_BAD_BYTES && t.contains('\u{fffd}') =>
                {
                    Err(
                        "not valid UTF-8 (a byte of this row's narrative is not UTF-8); re-save \
                         the file as UTF-8"
                            .to_string(),
                    )
                }
                Some(t) if t.trim().is_empty() => Err("empty narrative".to_string()),
                Some(t) if t.contains('\0') => Err("binary content (NUL byte)".to_string()),
                Some(t) => Ok(t.to_string()),
                None => Err("missing the text column".to_string()),
            }
        };
        Job {
            name: safe_file_name(&id),
            source: JobSource::CsvRow {
                path: self.path.clone(),
                row,
                text: narrative,
            },
        }
    }
}

impl Iterator for CsvRows {
    type Item = Job;

    fn next(&mut self) -> Option<Job> {
        let current = match self.lookahead.take() {
            Some(r) => r,
            None => self.read_raw()?,
        };
        self.lookahead = self.read_raw();
        let is_last = self.lookahead.is_none();
        Some(self.job(current, is_last))
    }
}

fn delimiter_name(delimiter: u8, suffix: &str) -> String {
    let name = match delimiter {
        b';' => "semicolon",
        b'\t' => "tab",
        _ => "comma",
    };
    if suffix.is_empty() {
        name.to_string()
    } else {
        format!("{name}-{suffix}")
    }
}

/// The decoded bytes the CSV parser has read and not yet passed: enough to look at the raw
/// text of the record being parsed (its quotes), never the whole file.
#[derive(Default)]
struct RawWindow {
    /// Offset in the decoded stream of `bytes[0]`.
    base: u64,
    bytes: Vec<u8>,
}

impl RawWindow {
    fn forget_before(&mut self, offset: u64) {
        let drop = (offset.saturating_sub(self.base) as usize).min(self.bytes.len());
        self.bytes.drain(..drop);
        self.base += drop as u64;
    }

    fn quotes_between(&self, start: u64, end: u64) -> usize {
        let from = (start.saturating_sub(self.base) as usize).min(self.bytes.len());
        let to = (end.saturating_sub(self.base) as usize).min(self.bytes.len());
        self.bytes[from..to].iter().filter(|&&b| b == b'"').count()
    }
}

/// A reader that keeps what passes through it in a [`RawWindow`].
struct Tee<R> {
    inner: R,
    window: Arc<Mutex<RawWindow>>,
}

impl<R: Read> Read for Tee<R> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.window
            .lock()
            .expect("csv window")
            .bytes
            .extend_from_slice(&buf[..n]);
        Ok(n)
    }
}

fn bad_row(path: &Path, row: usize, message: String) -> Job {
    Job {
        name: format!("row-{row}"),
        source: JobSource::CsvRow {
            path: path.into(),
            row,
            text: Err(message),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn jobs_of(bytes: &[u8]) -> Vec<(String, std::result::Result<String, String>)> {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("x.csv");
        std::fs::write(&p, bytes).unwrap();
        CsvRows::open(&p, &CsvColumns::default())
            .unwrap()
            .map(|j| match j.source {
                JobSource::CsvRow { text, .. } => (j.name, text),
                _ => unreachable!(),
            })
            .collect()
    }

    #[test]
    fn semicolons_and_windows_1252_as_excel_writes_them() {
        let got = jobs_of(b"id;text\r\n1;Patient vu \xe0 l'h\xf4pital; fi\xe8vre\r\n");
        assert_eq!(got.len(), 1);
        assert_eq!(
            got[0].1.as_deref().unwrap_err(),
            "3 fields where the header has 2 (a stray semicolon or quote?)"
        );
        let got = jobs_of(b"id;text\r\n1;\"Patient vu \xe0 l'h\xf4pital; fi\xe8vre\"\r\n");
        assert_eq!(
            got[0].1.as_deref().unwrap(),
            "Patient vu à l'hôpital; fièvre"
        );
    }

    #[test]
    fn the_preview_reads_what_the_import_reads() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("excel.csv");
        std::fs::write(
            &p,
            b"VAERS_ID;SYMPTOM_TEXT\r\n1;\"Fi\xe8vre; c\xe9phal\xe9e\"\r\n2;Toux\r\n3;Naus\xe9e\r\n",
        )
        .unwrap();
        let p2 = preview(&p, 2).unwrap();
        assert_eq!(p2.columns, ["VAERS_ID", "SYMPTOM_TEXT"]);
        assert_eq!(p2.dialect.delimiter, b';');
        assert_eq!(p2.dialect.encoding, "windows-1252");
        assert_eq!(p2.rows, [vec!["1", "Fièvre; céphalée"], vec!["2", "Toux"]]);
        assert_eq!(preview(&p, 10).unwrap().rows.len(), 3);
        let err = preview(&dir.path().join("missing.csv"), 2)
            .unwrap_err()
            .to_string();
        assert!(err.contains("missing.csv"), "{err}");
    }

    #[test]
    fn utf16_with_a_byte_order_mark() {
        let mut bytes = vec![0xFF, 0xFE];
        for u in "id,text\n7,Zürich\n".encode_utf16() {
            bytes.extend(u.to_le_bytes());
        }
        let got = jobs_of(&bytes);
        assert_eq!(got, vec![("7".to_string(), Ok("Zürich".to_string()))]);
    }

    #[test]
    fn a_ragged_row_is_reported_and_the_others_are_read() {
        let got = jobs_of(b"id,text\n1,fine\n2,too,many\n3,also fine\n");
        assert_eq!(got[0].1.as_deref(), Ok("fine"));
        assert!(got[1].1.as_ref().unwrap_err().contains("3 fields"));
        assert_eq!(got[2].1.as_deref(), Ok("also fine"));
    }

    #[test]
    fn an_unterminated_quote_is_an_error_not_a_merged_row() {
        let got = jobs_of(b"id,text\n1,fine\n2,\"never closed\n3,swallowed\n");
        assert_eq!(got[0].1.as_deref(), Ok("fine"));
        assert!(
            got[1]
                .1
                .as_ref()
                .unwrap_err()
                .contains("unterminated quote"),
            "{got:?}"
        );
        assert_eq!(got.len(), 2);
    }
}
