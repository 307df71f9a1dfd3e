//! Where a batch's outputs go: one file per narrative (`NAME.xml`, `NAME.txt`, `NAME.jsonl`,
//! `NAME.conll`, `NAME.bioc.xml`), or, for a CSV input in JSONL, masked or CoNLL format, one file
//! for the whole CSV (`STEM.jsonl`, `STEM.masked.csv`, `STEM.conll`), written in input order so a million narratives make one file, not a
//! million, and an interrupted run can be resumed from a byte offset.

use super::{AnnotateOptions, OutputFormat};
use crate::deidentify::Annotation;
use crate::error::{Error, Result};
use crate::fsutil::Durability;
use crate::i2b2;
use crate::input::Job;
use crate::masking::mask_text;
use crate::tokenize::OffsetMap;
use serde::Serialize;
use std::io::{Seek, Write};
use std::path::{Path, PathBuf};

/// Header of the masked CSV output.
pub const MASKED_CSV_HEADER: [&str; 2] = ["id", "masked_text"];

/// The file one narrative's output goes to when each narrative has its own.
pub fn per_document_path(job: &Job, opts: &AnnotateOptions) -> PathBuf {
    opts.out_dir
        .join(format!("{}.{}", job.name, opts.format.extension()))
}

/// The one output file for a whole CSV input, when its format allows one.
pub fn single_file_path(csv: &Path, opts: &AnnotateOptions) -> Option<PathBuf> {
    let stem = csv
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_else(|| "narratives".into());
    match opts.format {
        OutputFormat::I2b2 | OutputFormat::Bioc => None,
        OutputFormat::Jsonl => Some(opts.out_dir.join(format!("{stem}.jsonl"))),
        OutputFormat::Conll => Some(opts.out_dir.join(format!("{stem}.conll"))),
        OutputFormat::Masked => Some(opts.out_dir.join(format!("{stem}.masked.csv"))),
    }
}

/// One output file appended to in input order.
pub struct SingleFile {
    path: PathBuf,
    file: std::io::BufWriter<std::fs::File>,
    /// Bytes written and flushed so far (what a checkpoint records).
    len: u64,
}

impl SingleFile {
    /// Create `path` (refusing to replace a file already there), or reopen it at `resume_at`
    /// bytes, dropping whatever an interrupted run wrote after its last checkpoint.
    pub fn open(path: &Path, format: OutputFormat, resume_at: Option<u64>) -> Result<SingleFile> {
        let io = |e| Error::io(path, e);
        let (mut file, len) = match resume_at {
            Some(len) => {
                let mut f = crate::fsutil::private_options()
                    .write(true)
                    .open(path)
                    .map_err(io)?;
                let have = f.metadata().map_err(io)?.len();
                if have < len {
                    return Err(Error::Invalid {
                        path: path.into(),
                        message: format!(
                            "shorter ({have} bytes) than the run's checkpoint says ({len} bytes): \
                             it was changed since; move it away and start again"
                        ),
                    });
                }
                f.set_len(len).map_err(io)?;
                f.seek(std::io::SeekFrom::End(0)).map_err(io)?;
                (f, len)
            }
            None => {
                let f = crate::fsutil::private_options()
                    .write(true)
                    .create_new(true)
                    .open(path)
                    .map_err(|e| {
                        if e.kind() == std::io::ErrorKind::AlreadyExists {
                            Error::Invalid {
                                path: path.into(),
                                message: "already exists; move it away or choose another --out \
                                          folder (outputs are never overwritten)"
                                    .into(),
                            }
                        } else {
                            Error::io(path, e)
                        }
                    })?;
                (f, 0)
            }
        };
        if len == 0 && format == OutputFormat::Masked {
            let mut header = csv::Writer::from_writer(Vec::new());
            header
                .write_record(MASKED_CSV_HEADER)
                .map_err(|e| Error::Invalid {
                    path: path.into(),
                    message: e.to_string(),
                })?;
            let bytes = header.into_inner().map_err(|e| Error::Invalid {
                path: path.into(),
                message: e.to_string(),
            })?;
            file.write_all(&bytes).map_err(io)?;
            file.flush().map_err(io)?;
            return Ok(SingleFile {
                path: path.into(),
                file: std::io::BufWriter::with_capacity(1 << 20, file),
                len: bytes.len() as u64,
            });
        }
        Ok(SingleFile {
            path: path.into(),
            file: std::io::BufWriter::with_capacity(1 << 20, file),
            len,
        })
    }

    /// Appends one document's output (buffered: [`SingleFile::flush`] before a checkpoint).
    pub fn append(&mut self, bytes: &[u8]) -> Result<()> {
        self.file
            .write_all(bytes)
            .map_err(|e| Error::io(&self.path, e))?;
        self.len += bytes.len() as u64;
        Ok(())
    }

    /// Flush to the operating system (survives a crash of this process) and return the length
    /// a checkpoint may record.
    pub fn flush(&mut self) -> Result<u64> {
        self.file.flush().map_err(|e| Error::io(&self.path, e))?;
        Ok(self.len)
    }

    /// The output file.
    pub fn path(&self) -> &Path {
        &self.path
    }
}

/// Write one narrative's own output file (atomically: a crash leaves no half file).
pub fn write_per_document(
    text: &str,
    ann: &Annotation,
    job: &Job,
    opts: &AnnotateOptions,
) -> Result<()> {
    let path = per_document_path(job, opts);
    let bytes = render(text, ann, job, opts, &path, false)?;
    crate::fsutil::write_atomic(&path, &bytes, Durability::ProcessCrash)
}

#[derive(Serialize)]
struct JsonSpan<'a> {
    start: usize,
    end: usize,
    tag: &'static str,
    #[serde(rename = "type")]
    type_name: &'static str,
    text: &'a str,
}

#[derive(Serialize)]
struct JsonDoc<'a> {
    id: &'a str,
    text: &'a str,
    spans: Vec<JsonSpan<'a>>,
    /// Recognizer hits (dates, ages, IDs...) on their own: high-precision labels for training data.
    pattern_spans: Vec<JsonSpan<'a>>,
}

fn json_spans<'a>(text: &'a str, map: &OffsetMap, spans: &[crate::phi::Span]) -> Vec<JsonSpan<'a>> {
    spans
        .iter()
        .map(|s| JsonSpan {
            start: s.start,
            end: s.end,
            tag: s.kind.tag(),
            type_name: s.kind.type_name(),
            text: map.slice(text, s.start, s.end),
        })
        .collect()
}

/// One narrative's output in `opts.format`. `csv_row`: masked text as a row of the masked CSV
/// (`id,masked_text`) rather than a file of its own.
pub fn render(
    text: &str,
    ann: &Annotation,
    job: &Job,
    opts: &AnnotateOptions,
    path: &Path,
    csv_row: bool,
) -> Result<Vec<u8>> {
    let map = OffsetMap::new(text);
    match opts.format {
        OutputFormat::I2b2 => {
            let doc = i2b2::document_from_spans(text.to_string(), &ann.spans);
            i2b2::to_xml(&doc)
                .map(String::into_bytes)
                .map_err(|e| retarget(e, path))
        }
        OutputFormat::Masked => {
            let masked = match &opts.surrogates {
                Some(s) => crate::surrogate::surrogate_text(text, &map, &ann.spans, &job.name, s),
                None => mask_text(text, &map, &ann.spans),
            };
            if !csv_row {
                return Ok(masked.into_bytes());
            }
            let mut row = csv::Writer::from_writer(Vec::new());
            row.write_record([job.name.as_str(), masked.as_str()])
                .map_err(|e| retarget_message(e.to_string(), path))?;
            row.into_inner()
                .map_err(|e| retarget_message(e.to_string(), path))
        }
        OutputFormat::Jsonl => {
            let doc = JsonDoc {
                id: &job.name,
                text,
                spans: json_spans(text, &map, &ann.spans),
                pattern_spans: json_spans(text, &map, &ann.pattern_spans),
            };
            let mut line = serde_json::to_vec(&doc).expect("serialising plain data");
            line.push(b'\n');
            Ok(line)
        }
        OutputFormat::Conll => {
            let mut out = String::new();
            crate::formats::conll::write_doc(&mut out, &job.name, text, &ann.spans);
            Ok(out.into_bytes())
        }
        OutputFormat::Bioc => {
            // no date: the same input gives the same bytes (a resumed run equals one whole run)
            let mut c = crate::formats::bioc::header("");
            c.documents.push(crate::formats::bioc::Document {
                id: job.name.clone(),
                infons: Vec::new(),
                text: text.to_string(),
                spans: ann.spans.clone(),
            });
            crate::formats::bioc::to_xml(&c, path).map(String::into_bytes)
        }
    }
}

fn retarget_message(message: String, path: &Path) -> Error {
    Error::Invalid {
        path: path.into(),
        message,
    }
}

/// `to_xml` has no file to name; name the output being written.
fn retarget(e: Error, path: &Path) -> Error {
    match e {
        Error::Invalid { message, .. } => retarget_message(message, path),
        other => other,
    }
}
