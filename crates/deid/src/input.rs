//! Reading narratives from what users point `deid` (and the app) at: `.txt` files, folders,
//! i2b2 XML files (re-annotation), E2B ICSR XML files (one narrative per safety report, see
//! [`e2b`]), and CSV files with a text column (the VAERS exports).
//!
//! Every problem is an [`Error`] naming the file (and CSV row) and what is wrong, never the
//! narrative's content: error messages end up in terminals and logs, PHI must not.

mod csv_file;
pub mod e2b;

pub use csv_file::{
    decode as decode_csv_bytes, header_row as csv_header_row, preview as csv_preview,
    sniff_delimiter, CsvRows, Dialect, Preview as CsvPreview,
};

use crate::error::{Error, Result};
use crate::phi::Span;
use std::collections::HashSet;
use std::path::{Path, PathBuf};

/// Narratives longer than this are refused (a case narrative is a few kilobytes; a file of
/// megabytes is almost certainly not one, and one pathological file must not stall a batch).
pub const DEFAULT_MAX_BYTES: u64 = 8 * 1024 * 1024;

/// One document to process: where it comes from and the name its outputs get.
#[derive(Debug, Clone)]
pub struct Job {
    /// Output file stem (`NAME` of `NAME.txt`, or the CSV id), unique within one run.
    pub name: String,
    /// Where its text comes from.
    pub source: JobSource,
}

/// Where a [`Job`]'s narrative comes from: a file read when the job is annotated (bounded
/// memory), or text a streaming reader (E2B, CSV) has already read.
#[derive(Debug, Clone)]
pub enum JobSource {
    /// A text file (UTF-8, or UTF-16 with its byte order mark).
    TextFile(PathBuf),
    /// An i2b2 XML file (its text is re-annotated, its tags kept as gold), or an E2B file
    /// found in a folder, expanded into its reports when it is reached.
    XmlFile(PathBuf),
    /// One safety report of an E2B file already read: its narrative, or why it has none.
    E2bReport {
        /// The E2B file.
        path: PathBuf,
        /// The report's id, or `#N` (its position) when it has none.
        report: String,
        /// The narrative, or why the report has none (a message without narrative text).
        text: std::result::Result<String, String>,
    },
    /// An E2B file that could not be read as a whole: reading it again gives the error.
    E2bFile(PathBuf),
    /// A CSV row already read: its text, or the error reading it.
    CsvRow {
        /// The CSV file.
        path: PathBuf,
        /// The row's number in the file (the header is row 1).
        row: usize,
        /// The text column's value, or the error reading the row.
        text: std::result::Result<String, String>,
    },
}

impl Job {
    /// A label for messages: the file, or `file.csv row N`.
    pub fn label(&self) -> String {
        match &self.source {
            JobSource::TextFile(p) | JobSource::XmlFile(p) | JobSource::E2bFile(p) => {
                p.display().to_string()
            }
            JobSource::E2bReport { path, report, .. } => {
                format!("{} report {report}", path.display())
            }
            JobSource::CsvRow { path, row, .. } => format!("{} row {}", path.display(), row),
        }
    }

    /// Read the narrative text.
    pub fn read_text(&self, max_bytes: u64) -> Result<String> {
        Ok(self.read(max_bytes)?.0)
    }

    /// Read the narrative text and, for i2b2 XML, its tags as gold spans.
    pub fn read(&self, max_bytes: u64) -> Result<(String, Option<Vec<Span>>)> {
        match &self.source {
            JobSource::TextFile(p) => Ok((read_text_file(p, max_bytes)?, None)),
            JobSource::XmlFile(p) => {
                check_size(p, max_bytes)?;
                let doc = crate::i2b2::read_file(p)?;
                let gold = doc.spans();
                Ok((doc.text, Some(gold)))
            }
            JobSource::E2bReport { path, report, text } => {
                let err = |message: String| Error::E2b {
                    path: path.clone(),
                    report: Some(report.clone()),
                    message,
                };
                let text = text.clone().map_err(err)?;
                if text.len() as u64 > max_bytes {
                    return Err(err(format!(
                        "the narrative's {} bytes are over the {max_bytes}-byte limit for one \
                         narrative",
                        text.len()
                    )));
                }
                Ok((text, None))
            }
            JobSource::E2bFile(p) => match e2b::read_file(p) {
                Err(e) => Err(e),
                Ok(_) => Err(Error::E2b {
                    path: p.clone(),
                    report: None,
                    message: "the file changed while it was being read".into(),
                }),
            },
            JobSource::CsvRow { path, row, text } => match text {
                Ok(t) => Ok((t.clone(), None)),
                Err(message) => Err(Error::Csv {
                    path: path.clone(),
                    message: format!("row {row}: {message}"),
                }),
            },
        }
    }
}

/// CSV column choice; `None` picks the first of the usual names present.
#[derive(Debug, Clone, Default)]
pub struct CsvColumns {
    /// The column holding the narrative (`text`, `SYMPTOM_TEXT`, `narrative`, `NARRATIVE`).
    pub text: Option<String>,
    /// The column naming each row's outputs (`id`, `VAERS_ID`, `report_id`, `ID`); rows are
    /// numbered without one.
    pub id: Option<String>,
}

const TEXT_COLUMNS: [&str; 4] = ["text", "SYMPTOM_TEXT", "narrative", "NARRATIVE"];
const ID_COLUMNS: [&str; 4] = ["id", "VAERS_ID", "report_id", "ID"];

/// Turn a file or folder into jobs, all at once (see [`JobStream`] to read them as they come).
pub fn discover(input: &Path, columns: &CsvColumns) -> Result<Vec<Job>> {
    Ok(JobStream::open(input, columns)?.collect())
}

/// The jobs of one input, produced as they are read: a CSV file of any size streams through
/// bounded memory. Names are made unique as jobs come (`id`, `id_2`, ...).
pub struct JobStream {
    source: StreamSource,
    /// Hashes of the names given so far: 8 bytes a name, so a million-row CSV stays small. Two
    /// names with one hash (about one chance in 10^7 at 10^7 rows) only cost the second a `_2`.
    names: rustc_hash::FxHashSet<u64>,
    produced: u64,
}

enum StreamSource {
    /// Files (a folder, one .txt or .xml): listed up front, read when annotated.
    Files(std::collections::VecDeque<Job>, u64),
    Csv(Box<CsvRows>),
}

/// How far a [`JobStream`] has got: documents for files, bytes for a CSV file (its row count is
/// unknown until the end).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Progress {
    /// Files listed up front: jobs produced so far out of all of them.
    Documents {
        /// Jobs produced.
        done: u64,
        /// Jobs in all.
        total: u64,
    },
    /// One CSV file: bytes read so far out of its size.
    Bytes {
        /// Bytes read.
        done: u64,
        /// The file's size in bytes.
        total: u64,
    },
}

impl JobStream {
    /// A file or folder: a folder contributes its `.txt` and `.xml` files (recursively, in name
    /// order); a `.csv` file one job per row.
    pub fn open(input: &Path, columns: &CsvColumns) -> Result<JobStream> {
        let meta = std::fs::metadata(input).map_err(|e| Error::io(input, e))?;
        let mut jobs = std::collections::VecDeque::new();
        if meta.is_dir() {
            let mut files = Vec::new();
            collect_files(input, &mut files)?;
            files.sort();
            for path in files {
                match extension(&path).as_str() {
                    "txt" | "text" => {
                        jobs.push_back(file_job(&path, JobSource::TextFile(path.clone())))
                    }
                    "xml" => jobs.push_back(file_job(&path, JobSource::XmlFile(path.clone()))),
                    _ => {}
                }
            }
        } else {
            match extension(input).as_str() {
                "csv" => {
                    return Ok(JobStream {
                        source: StreamSource::Csv(Box::new(CsvRows::open(input, columns)?)),
                        names: Default::default(),
                        produced: 0,
                    })
                }
                "xml" => jobs.push_back(file_job(input, JobSource::XmlFile(input.into()))),
                _ => jobs.push_back(file_job(input, JobSource::TextFile(input.into()))),
            }
        }
        let total = jobs.len() as u64;
        Ok(JobStream {
            source: StreamSource::Files(jobs, total),
            names: Default::default(),
            produced: 0,
        })
    }

    /// Whether the input is one CSV file (whose outputs can go to one file).
    pub fn is_csv(&self) -> bool {
        matches!(self.source, StreamSource::Csv(_))
    }

    /// The jobs not yet produced, when they are files listed up front.
    pub fn pending_files(&self) -> Option<impl Iterator<Item = &Job>> {
        match &self.source {
            StreamSource::Files(jobs, _) => Some(jobs.iter()),
            StreamSource::Csv(_) => None,
        }
    }

    /// How far the stream has got (for a progress bar).
    pub fn progress(&self) -> Progress {
        match &self.source {
            StreamSource::Files(_, total) => Progress::Documents {
                done: self.produced,
                total: *total,
            },
            StreamSource::Csv(rows) => {
                let (total, done) = rows.progress();
                Progress::Bytes { done, total }
            }
        }
    }
}

impl Iterator for JobStream {
    type Item = Job;

    fn next(&mut self) -> Option<Job> {
        let mut job = match &mut self.source {
            StreamSource::Files(jobs, total) => {
                let job = jobs.pop_front()?;
                match &job.source {
                    // an E2B file becomes one job per report, read when it is reached
                    JobSource::XmlFile(p) if e2b::sniff(p).is_some() => {
                        let mut reports = e2b_jobs(p);
                        *total += reports.len() as u64 - 1;
                        let first = reports.pop_front()?;
                        while let Some(j) = reports.pop_back() {
                            jobs.push_front(j);
                        }
                        first
                    }
                    _ => job,
                }
            }
            StreamSource::Csv(rows) => rows.next()?,
        };
        self.produced += 1;
        if !self.names.insert(name_hash(&job.name)) {
            let mut k = 2;
            while !self.names.insert(name_hash(&format!("{}_{k}", job.name))) {
                k += 1;
            }
            job.name = format!("{}_{k}", job.name);
        }
        Some(job)
    }
}

/// SipHash with fixed keys: the same names get the same hashes in every run (resume depends on
/// names being given the same way), and unlike FxHash it spreads similar ids ("123_0", "123_1").
fn name_hash(name: &str) -> u64 {
    use std::hash::Hasher;
    let mut h = std::hash::DefaultHasher::new();
    h.write(name.as_bytes());
    h.finish()
}

/// The jobs of one E2B file: one per report, named by its safety report id (or `STEM-N`), or
/// one job that fails with the file's error.
fn e2b_jobs(path: &Path) -> std::collections::VecDeque<Job> {
    let Ok((_, reports)) = e2b::read_file(path) else {
        return [file_job(path, JobSource::E2bFile(path.into()))].into();
    };
    let stem = file_job(path, JobSource::E2bFile(path.into())).name;
    reports
        .into_iter()
        .map(|r| Job {
            name: match &r.id {
                Some(id) => safe_file_name(id),
                None => format!("{stem}-{}", r.index),
            },
            source: JobSource::E2bReport {
                path: path.into(),
                report: r.label(),
                text: r.narrative,
            },
        })
        .collect()
}

fn extension(path: &Path) -> String {
    path.extension()
        .map(|e| e.to_string_lossy().to_ascii_lowercase())
        .unwrap_or_default()
}

fn collect_files(dir: &Path, out: &mut Vec<PathBuf>) -> Result<()> {
    let mut seen = HashSet::new();
    collect_files_in(dir, out, &mut seen)
}

/// Files under `dir`, following symbolic links (a folder reached twice through links is read
/// once). A broken link is kept as a file, so reading it fails with an error naming it rather
/// than vanishing from the batch without a word.
fn collect_files_in(dir: &Path, out: &mut Vec<PathBuf>, seen: &mut HashSet<PathBuf>) -> Result<()> {
    let real = std::fs::canonicalize(dir).map_err(|e| Error::io(dir, e))?;
    if !seen.insert(real) {
        return Ok(());
    }
    for entry in std::fs::read_dir(dir).map_err(|e| Error::io(dir, e))? {
        let entry = entry.map_err(|e| Error::io(dir, e))?;
        let path = entry.path();
        let mut ty = entry.file_type().map_err(|e| Error::io(&path, e))?;
        if ty.is_symlink() {
            match std::fs::metadata(&path) {
                Ok(m) => ty = m.file_type(),
                Err(_) => {
                    out.push(path); // broken link: reported when read
                    continue;
                }
            }
        }
        if ty.is_dir() {
            collect_files_in(&path, out, seen)?;
        } else if ty.is_file() {
            out.push(path);
        }
    }
    Ok(())
}

fn file_job(path: &Path, source: JobSource) -> Job {
    let name = path
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_else(|| "document".into());
    Job {
        name: safe_file_name(&name),
        source,
    }
}

/// Keep ids usable as file names on every platform.
fn safe_file_name(id: &str) -> String {
    let s: String = id
        .trim()
        .chars()
        .map(|c| {
            if c.is_alphanumeric() || matches!(c, '-' | '_' | '.') {
                c
            } else {
                '_'
            }
        })
        .collect();
    let s = s.trim_start_matches('.').to_string();
    if s.is_empty() {
        "document".into()
    } else {
        s
    }
}

fn check_size(path: &Path, max_bytes: u64) -> Result<u64> {
    let size = std::fs::metadata(path)
        .map_err(|e| Error::io(path, e))?
        .len();
    if size > max_bytes {
        return Err(Error::TooLarge {
            path: path.into(),
            size,
            limit: max_bytes,
        });
    }
    Ok(size)
}

/// Read one narrative file: size-checked, NUL-free, UTF-8 (a UTF-8 byte order mark is dropped:
/// it is an encoding marker, not text), not blank.
pub fn read_text_file(path: &Path, max_bytes: u64) -> Result<String> {
    check_size(path, max_bytes)?;
    let bytes = std::fs::read(path).map_err(|e| Error::io(path, e))?;
    decode_text(path, bytes)
}

/// Decodes one narrative file's bytes as [`read_text_file`] does: UTF-16 with a byte order
/// mark, else UTF-8 without NUL bytes (a UTF-8 byte order mark dropped); blank text is
/// [`Error::Empty`]. `path` only names the file in errors.
pub fn decode_text(path: &Path, mut bytes: Vec<u8>) -> Result<String> {
    if bytes.starts_with(&[0xFF, 0xFE]) || bytes.starts_with(&[0xFE, 0xFF]) {
        // UTF-16 with its byte order mark (Windows "Unicode" text): decoded, not refused
        let (text, _) = csv_file::decode(&bytes);
        if text.trim().is_empty() {
            return Err(Error::Empty { path: path.into() });
        }
        return Ok(text);
    }
    if let Some(offset) = bytes.iter().position(|&b| b == 0) {
        return Err(Error::Binary {
            path: path.into(),
            offset,
        });
    }
    if bytes.starts_with(&[0xEF, 0xBB, 0xBF]) {
        bytes.drain(..3);
    }
    let text = String::from_utf8(bytes).map_err(|e| Error::Encoding {
        path: path.into(),
        offset: e.utf8_error().valid_up_to(),
    })?;
    // (Windows-1252 .txt files are refused with the offset: a narrative file is one document,
    // and guessing its encoding wrong would silently change names)
    if text.trim().is_empty() {
        return Err(Error::Empty { path: path.into() });
    }
    Ok(text)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decode_rejects_binary_utf16_invalid_and_blank() {
        let p = Path::new("x.txt");
        assert!(matches!(
            decode_text(p, b"a\0b".to_vec()),
            Err(Error::Binary { offset: 1, .. })
        ));
        assert_eq!(decode_text(p, vec![0xFF, 0xFE, b'a', 0]).unwrap(), "a");
        assert!(matches!(
            decode_text(p, vec![b'o', b'k', 0xC3, 0x28]),
            Err(Error::Encoding { offset: 2, .. })
        ));
        assert!(matches!(
            decode_text(p, b" \r\n".to_vec()),
            Err(Error::Empty { .. })
        ));
        assert_eq!(
            decode_text(p, b"\xEF\xBB\xBFok\r\n".to_vec()).unwrap(),
            "ok\r\n"
        );
    }

    #[cfg(unix)]
    #[test]
    fn symlinks_are_followed_and_broken_ones_reported() {
        let dir = tempfile::tempdir().unwrap();
        let real = dir.path().join("real");
        std::fs::create_dir(&real).unwrap();
        std::fs::write(real.join("a.txt"), "fever").unwrap();
        let input = dir.path().join("in");
        std::fs::create_dir(&input).unwrap();
        std::os::unix::fs::symlink(real.join("a.txt"), input.join("linked.txt")).unwrap();
        std::os::unix::fs::symlink(&real, input.join("folder")).unwrap();
        std::os::unix::fs::symlink(dir.path().join("gone.txt"), input.join("broken.txt")).unwrap();
        let jobs = discover(&input, &CsvColumns::default()).unwrap();
        let labels: Vec<String> = jobs.iter().map(|j| j.name.clone()).collect();
        assert_eq!(labels, ["broken", "a", "linked"]);
        let err = jobs[0].read_text(1 << 20).unwrap_err().to_string();
        assert!(err.contains("broken.txt"), "{err}");
    }

    #[test]
    fn names_are_sanitised_and_unique() {
        let dir = tempfile::tempdir().unwrap();
        let csv = dir.path().join("ids.csv");
        std::fs::write(&csv, "id,text\na/b,one\na/b,two\n..x,three\n ,four\n").unwrap();
        let names: Vec<String> = discover(&csv, &CsvColumns::default())
            .unwrap()
            .into_iter()
            .map(|j| j.name)
            .collect();
        assert_eq!(names, ["a_b", "a_b_2", "x", "row-5"]);
    }
}
