//! CSV files as spreadsheets and case-management systems write them: the encoding (UTF-8, UTF-16
//! with a byte order mark, or Windows-1252 as Excel writes it) and the delimiter (comma,
//! semicolon or tab) are detected, and a bad row (a wrong number of fields, an unterminated quote)
//! is an error for that row only: the others are read.

use super::{safe_file_name, CsvColumns, Job, JobSource, ID_COLUMNS, TEXT_COLUMNS};
use crate::error::{Error, Result};
use std::path::Path;

/// How a CSV file was written, as detected.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Dialect {
    pub encoding: &'static str,
    pub delimiter: u8,
}

/// Decode a CSV file's bytes: a byte order mark decides (UTF-8, UTF-16LE/BE); without one,
/// valid UTF-8 is UTF-8, a file without a single UTF-8 multi-byte sequence is Windows-1252 (what
/// Excel writes on Windows), and UTF-8 with a few bad bytes stays UTF-8 with U+FFFD in their
/// place ([`UTF8_WITH_BAD_BYTES`]: the rows holding them are refused, the others read).
pub fn decode(bytes: &[u8]) -> (String, &'static str) {
    if let Some((enc, bom)) = encoding_rs::Encoding::for_bom(bytes) {
        let (text, _) = enc.decode_without_bom_handling(&bytes[bom..]);
        return (text.into_owned(), enc.name());
    }
    match std::str::from_utf8(bytes) {
        Ok(t) => (t.to_string(), "UTF-8"),
        Err(_) if has_utf8_multibyte(bytes) => (
            String::from_utf8_lossy(bytes).into_owned(),
            UTF8_WITH_BAD_BYTES,
        ),
        Err(_) => {
            let (text, _) = encoding_rs::WINDOWS_1252.decode_without_bom_handling(bytes);
            (text.into_owned(), "windows-1252")
        }
    }
}

/// The encoding name [`decode`] gives UTF-8 text with bytes that are not UTF-8.
pub const UTF8_WITH_BAD_BYTES: &str = "UTF-8 (with invalid bytes)";

/// Whether `bytes` hold at least one well-formed UTF-8 sequence of two or more bytes.
fn has_utf8_multibyte(bytes: &[u8]) -> bool {
    let mut rest = bytes;
    loop {
        match std::str::from_utf8(rest) {
            Ok(s) => return !s.is_ascii(),
            Err(e) => {
                let good = &rest[..e.valid_up_to()];
                if !good.is_ascii() {
                    return true;
                }
                let skip =
                    e.valid_up_to() + e.error_len().unwrap_or(rest.len() - e.valid_up_to()).max(1);
                if skip >= rest.len() {
                    return false;
                }
                rest = &rest[skip..];
            }
        }
    }
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

/// Whether `record_text` (one record's raw text up to the end of the file) leaves a quote open.
fn quote_left_open(record_text: &str) -> bool {
    record_text.bytes().filter(|&b| b == b'"').count() % 2 == 1
}

/// One job per data row; rows that cannot be read become jobs whose read fails with the row's
/// problem, so the batch reports them and goes on.
pub fn csv_jobs(path: &Path, columns: &CsvColumns) -> Result<Vec<Job>> {
    let csv_err = |message: String| Error::Csv {
        path: path.into(),
        message,
    };
    let bytes = std::fs::read(path).map_err(|e| Error::io(path, e))?;
    if bytes.contains(&0) && !bytes.starts_with(&[0xFF, 0xFE]) && !bytes.starts_with(&[0xFE, 0xFF])
    {
        return Err(Error::Binary {
            path: path.into(),
            offset: bytes.iter().position(|&b| b == 0).unwrap_or(0),
        });
    }
    let (text, encoding) = decode(&bytes);
    drop(bytes);
    let dialect = Dialect {
        encoding,
        delimiter: sniff_delimiter(&text),
    };
    let mut reader = csv::ReaderBuilder::new()
        .flexible(true)
        .delimiter(dialect.delimiter)
        .from_reader(text.as_bytes());
    let headers: Vec<String> = reader
        .headers()
        .map_err(|e| csv_err(format!("cannot read the header row: {e}")))?
        .iter()
        .map(|h| h.trim_start_matches('\u{feff}').trim().to_string())
        .collect();
    let find = |name: &str| headers.iter().position(|h| h == name);
    let available = || {
        format!(
            "the columns are: {} ({}, {})",
            headers.join(", "),
            dialect.encoding,
            match dialect.delimiter {
                b';' => "semicolon-separated",
                b'\t' => "tab-separated",
                _ => "comma-separated",
            }
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
    let mut jobs = Vec::new();
    let mut row = 1; // the header
    let mut record = csv::StringRecord::new();
    loop {
        let start = reader.position().byte() as usize;
        match reader.read_record(&mut record) {
            Ok(false) => break,
            Ok(true) => {}
            Err(e) => {
                row += 1;
                jobs.push(bad_row(path, row, format!("cannot be parsed: {e}")));
                continue;
            }
        }
        row += 1;
        let end = reader.position().byte() as usize;
        let is_last = end >= text.len();
        let rec_text = text.get(start..end).unwrap_or("");
        let id = id_col
            .and_then(|c| record.get(c))
            .map(str::to_string)
            .filter(|s| !s.trim().is_empty())
            .unwrap_or_else(|| format!("row-{row}"));
        let narrative: std::result::Result<String, String> = if is_last && quote_left_open(rec_text)
        {
            // the parser ran to the end of the file inside a quoted field: every later row was
            // swallowed into this one; say so rather than import the merged text
            Err(
                "unterminated quote: the rest of the file was read as part of this row's \
                 field; close the quote and import again"
                    .to_string(),
            )
        } else if record.len() != headers.len() {
            Err(format!(
                "{} fields where the header has {} (a stray {} or quote?)",
                record.len(),
                headers.len(),
                match dialect.delimiter {
                    b';' => "semicolon",
                    b'\t' => "tab",
                    _ => "comma",
                }
            ))
        } else {
            match record.get(text_col) {
                Some(t) if encoding == UTF8_WITH_BAD_BYTES && t.contains('\u{fffd}') => Err(
                    "not valid UTF-8 (a byte of this row's narrative is not UTF-8); re-save the \
                     file as UTF-8"
                        .to_string(),
                ),
                Some(t) if t.trim().is_empty() => Err("empty narrative".to_string()),
                Some(t) if t.contains('\0') => Err("binary content (NUL byte)".to_string()),
                Some(t) => Ok(t.to_string()),
                None => Err("missing the text column".to_string()),
            }
        };
        jobs.push(Job {
            name: safe_file_name(&id),
            source: JobSource::CsvRow {
                path: path.into(),
                row,
                text: narrative,
            },
        });
    }
    Ok(jobs)
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
        csv_jobs(&p, &CsvColumns::default())
            .unwrap()
            .into_iter()
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
