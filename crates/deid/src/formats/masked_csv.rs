//! A CSV of de-identified narratives: a header `id,masked_text`, then one row per narrative
//! (RFC 4180 quoting: a field with a comma, a quote or a line break is quoted, so a `\r\n`
//! inside a narrative survives). The same columns as `deid annotate --format masked` on a CSV.

use super::invalid;
use crate::error::Result;
use std::io::Write;
use std::path::Path;

/// The header row.
pub const HEADER: [&str; 2] = ["id", "masked_text"];

/// Writes the header, then rows.
pub struct Writer<W: Write> {
    csv: csv::Writer<W>,
    path: std::path::PathBuf,
}

impl<W: Write> Writer<W> {
    /// Starts the file with its header; `path` names the output in errors.
    pub fn new(inner: W, path: &Path) -> Result<Writer<W>> {
        let mut w = Writer {
            csv: csv::Writer::from_writer(inner),
            path: path.to_path_buf(),
        };
        w.row(HEADER[0], HEADER[1])?;
        Ok(w)
    }

    /// One narrative.
    pub fn row(&mut self, id: &str, masked_text: &str) -> Result<()> {
        self.csv
            .write_record([id, masked_text])
            .map_err(|e| invalid(&self.path, e.to_string()))
    }

    /// Flushes and returns the inner writer.
    pub fn finish(self) -> Result<W> {
        let path = self.path;
        self.csv
            .into_inner()
            .map_err(|e| invalid(&path, e.to_string()))
    }
}

/// `(id, masked_text)` rows as one CSV file.
pub fn to_csv<'a>(
    rows: impl IntoIterator<Item = (&'a str, &'a str)>,
    path: &Path,
) -> Result<Vec<u8>> {
    let mut w = Writer::new(Vec::new(), path)?;
    for (id, text) in rows {
        w.row(id, text)?;
    }
    w.finish()
}

/// Reads the rows back (after the header, which must be `id,masked_text`).
pub fn parse(bytes: &[u8], path: &Path) -> Result<Vec<(String, String)>> {
    let mut r = csv::ReaderBuilder::new()
        .has_headers(true)
        .from_reader(bytes);
    let header = r
        .headers()
        .map_err(|e| invalid(path, e.to_string()))?
        .clone();
    if header.iter().collect::<Vec<_>>() != HEADER {
        return Err(invalid(path, "the header is not id,masked_text"));
    }
    let mut out = Vec::new();
    for (i, rec) in r.records().enumerate() {
        let rec = rec.map_err(|e| invalid(path, format!("row {}: {e}", i + 2)))?;
        if rec.len() != 2 {
            return Err(invalid(
                path,
                format!("row {}: {} fields, not 2", i + 2, rec.len()),
            ));
        }
        out.push((rec[0].to_string(), rec[1].to_string()));
    }
    Ok(out)
}
