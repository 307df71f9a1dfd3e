//! Batch annotation: many narratives in, streamed in chunks and annotated in parallel on all
//! cores; outputs one file per narrative, or one file for a whole CSV ([`output`]). One bad
//! document is reported and skipped; it never stops the batch or touches the outputs of the
//! others. An interrupted run resumes where it stopped ([`resume`]).

use crate::deidentify::Deidentifier;
use crate::error::{Error, Result};
use crate::input::{Job, JobSource, JobStream, Progress};
use crate::isolate::per_document;
use crate::phi::PhiType;
use crate::tokenize::OffsetMap;
use rayon::prelude::*;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

pub mod output;
pub mod resume;
use std::time::{Duration, Instant};

/// What `deid annotate` writes for each document (or, for a CSV input, for the whole file).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OutputFormat {
    /// i2b2 2014 XML, `NAME.xml`
    I2b2,
    /// the text with PHI replaced by `[DATE]`-style placeholders, `NAME.txt`
    Masked,
    /// one JSON line with the text and spans, `NAME.jsonl`
    Jsonl,
    /// CoNLL / BIO, one Unicode word a line with its tag (`formats::conll`), `NAME.conll`
    Conll,
    /// BioC XML, a collection of one document (`formats::bioc`), `NAME.bioc.xml`
    Bioc,
}

impl std::str::FromStr for OutputFormat {
    type Err = String;

    fn from_str(s: &str) -> std::result::Result<OutputFormat, String> {
        OutputFormat::ALL
            .into_iter()
            .find(|f| f.name() == s)
            .ok_or_else(|| {
                format!("unknown output format {s:?}: use i2b2, masked, jsonl, conll or bioc")
            })
    }
}

impl OutputFormat {
    /// Every format, in the order the command line lists them.
    pub const ALL: [OutputFormat; 5] = [
        OutputFormat::I2b2,
        OutputFormat::Masked,
        OutputFormat::Jsonl,
        OutputFormat::Conll,
        OutputFormat::Bioc,
    ];
    /// Their names on the command line.
    pub const NAMES: [&'static str; 5] = ["i2b2", "masked", "jsonl", "conll", "bioc"];

    /// The format's name on the command line.
    pub fn name(self) -> &'static str {
        match self {
            OutputFormat::I2b2 => "i2b2",
            OutputFormat::Masked => "masked",
            OutputFormat::Jsonl => "jsonl",
            OutputFormat::Conll => "conll",
            OutputFormat::Bioc => "bioc",
        }
    }

    fn extension(self) -> &'static str {
        match self {
            OutputFormat::I2b2 => "xml",
            OutputFormat::Masked => "txt",
            OutputFormat::Jsonl => "jsonl",
            OutputFormat::Conll => "conll",
            OutputFormat::Bioc => "bioc.xml",
        }
    }
}

/// How a batch runs ([`annotate_stream`]): where outputs go, in which format, and the limits.
pub struct AnnotateOptions {
    /// The output folder; existing outputs are never replaced.
    pub out_dir: PathBuf,
    /// The output format.
    pub format: OutputFormat,
    /// Masked output with shifted dates and capped ages instead of placeholders.
    pub surrogates: Option<crate::surrogate::SurrogateOptions>,
    /// Largest narrative accepted, in bytes (the command's default:
    /// [`DEFAULT_MAX_BYTES`](crate::input::DEFAULT_MAX_BYTES)).
    pub max_bytes: u64,
    /// What produces the outputs (mode, model, thresholds): a run is resumed only with the same.
    pub settings: String,
    /// Documents per chunk, each followed by a checkpoint ([`DEFAULT_CHUNK`]).
    pub checkpoint_every: usize,
}

/// Told how far a batch is, after each chunk. The engine draws nothing itself: the `deid`
/// command shows a progress bar, the app could show its own, tests and libraries pass
/// [`Silent`].
pub trait Observer: Sync {
    /// Before the first document; `initial` says whether progress counts documents or bytes.
    fn started(&self, _initial: Progress) {}
    /// An earlier run's checkpoint said `documents` were done; they are skipped.
    fn resumed(&self, _documents: u64) {}
    /// A chunk is written and checkpointed: `documents_done` in all, `progress` of the input.
    fn advanced(&self, _progress: Progress, _documents_done: u64) {}
    /// Every document is done and the checkpoint cleared.
    fn finished(&self) {}
}

/// Reports nothing.
pub struct Silent;

impl Observer for Silent {}

/// What a batch did.
#[derive(Debug, Default)]
pub struct Summary {
    /// Documents annotated and written in this run.
    pub documents: usize,
    /// Their length in Unicode code points.
    pub characters: usize,
    /// PHI spans written, per category.
    pub spans: BTreeMap<PhiType, usize>,
    /// Documents that failed, each with its label (file, or `file.csv row N`) and the error;
    /// the others were written.
    pub failures: Vec<(String, Error)>,
    /// Wall-clock time of the run.
    pub elapsed: Duration,
    /// Documents an earlier, interrupted run of the same command had done (skipped).
    pub resumed: u64,
    /// The one output file, when the whole input went to one.
    pub output_file: Option<PathBuf>,
}

impl Summary {
    /// The summary as the `deid` command prints it: counts, speed, spans per category and every
    /// failure.
    pub fn to_text(&self) -> String {
        let secs = self.elapsed.as_secs_f64().max(1e-9);
        let mut s = String::new();
        if self.resumed > 0 {
            s += &format!("resumed after {} documents done earlier\n", self.resumed);
        }
        s += &format!(
            "annotated {} documents ({} characters) in {:.2} s: {:.0} documents/s\n",
            self.documents,
            self.characters,
            secs,
            self.documents as f64 / secs
        );
        let total: usize = self.spans.values().sum();
        s += &format!("{total} PHI spans");
        let parts: Vec<String> = self.spans.iter().map(|(k, n)| format!("{k} {n}")).collect();
        if !parts.is_empty() {
            s += &format!(": {}", parts.join(", "));
        }
        s.push('\n');
        if let Some(path) = &self.output_file {
            s += &format!("written to {}\n", path.display());
        }
        if !self.failures.is_empty() {
            s += &format!("{} documents failed:\n", self.failures.len());
            for (label, err) in &self.failures {
                let msg = err.to_string();
                // most errors already start with the file name
                if msg.starts_with(label.as_str()) {
                    s += &format!("  {msg}\n");
                } else {
                    s += &format!("  {label}: {msg}\n");
                }
            }
        }
        s
    }
}

/// Documents read, annotated and written together by default: enough for full model batches,
/// few enough that a corpus of any size streams through bounded memory. A checkpoint follows
/// every chunk.
pub const DEFAULT_CHUNK: usize = 2048;

/// [`DEFAULT_CHUNK`] when the model runs on a GPU: a chunk's model batches are all the GPU
/// sessions have to run side by side, and each chunk's rules run while the GPU waits. On an
/// H200 with 16 cores, 47,400 narratives took 5.0 s in chunks of 2,048 and 3.7 s in chunks of
/// 8,192 (32,768: 3.7 s, with 0.7 GB more memory).
pub const GPU_CHUNK: usize = 8192;

/// The chunk size for `deid`: [`GPU_CHUNK`] when its model runs on a GPU, else [`DEFAULT_CHUNK`].
pub fn default_chunk(deid: &Deidentifier) -> usize {
    match &deid.model {
        Some(m) if m.provider == crate::model::Provider::Cuda => GPU_CHUNK,
        _ => DEFAULT_CHUNK,
    }
}

/// Documents of the first chunk at most (a checkpoint follows it as any other).
const FIRST_CHUNK: usize = 256;

/// Annotate every job of `jobs` (read from `input`) and write the outputs into `opts.out_dir`.
/// A CSV input in JSONL or masked format goes to one file; anything else to one file per
/// narrative. A run interrupted by anything (Ctrl-C, kill, power) is resumed by the same
/// command: the documents done are skipped (see [`resume`]).
pub fn annotate_stream(
    deid: &Deidentifier,
    mut jobs: JobStream,
    input: &Path,
    opts: &AnnotateOptions,
    observer: &dyn Observer,
) -> Result<Summary> {
    crate::fsutil::create_private_dir_all(&opts.out_dir)?;
    if let Some(files) = jobs.pending_files() {
        refuse_overwriting_inputs(files, opts)?;
    }
    let started = Instant::now();
    let run = resume::RunIdentity::of(input, opts.format.name(), &opts.settings)?;
    let checkpoint = resume::load(&opts.out_dir, &run)?;
    let single_path = if jobs.is_csv() {
        output::single_file_path(input, opts)
    } else {
        None
    };
    let mut single = single_path
        .map(|p| {
            let at = checkpoint.as_ref().map(|c| c.output_bytes.unwrap_or(0));
            output::SingleFile::open(&p, opts.format, at)
        })
        .transpose()?;
    let mut summary = Summary {
        output_file: single.as_ref().map(|s| s.path().to_path_buf()),
        ..Summary::default()
    };
    observer.started(jobs.progress());
    let mut done: u64 = 0;
    if let Some(c) = &checkpoint {
        while done < c.documents_done && jobs.next().is_some() {
            done += 1;
        }
        summary.resumed = done;
        observer.resumed(done);
    }
    // The next chunk is read (CSV parsing, decoding) on a thread of its own while this one is
    // annotated: reading is sequential, and the cores would otherwise wait for it.
    // The first chunk is short: the cores wait while it is read, and start on it as soon as it is.
    let chunk_size = opts.checkpoint_every.max(1);
    let mut next_size = chunk_size.min(FIRST_CHUNK);
    std::thread::scope(|scope| -> Result<()> {
        let (tx, rx) = std::sync::mpsc::sync_channel::<(Vec<Job>, Progress)>(1);
        scope.spawn(move || loop {
            let chunk: Vec<Job> = jobs.by_ref().take(next_size).collect();
            next_size = chunk_size;
            // the receiver is gone when annotation stopped on an error: stop reading too
            if chunk.is_empty() || tx.send((chunk, jobs.progress())).is_err() {
                break;
            }
        });
        for (chunk, progress) in rx {
            annotate_chunk(deid, &chunk, opts, single.as_mut(), &mut summary)?;
            done += chunk.len() as u64;
            let output_bytes = single.as_mut().map(|s| s.flush()).transpose()?;
            resume::save(
                &opts.out_dir,
                &resume::Checkpoint {
                    run: run.clone(),
                    documents_done: done,
                    output_bytes,
                },
            )?;
            observer.advanced(progress, done);
        }
        Ok(())
    })?;
    resume::clear(&opts.out_dir)?;
    observer.finished();
    summary.failures.sort_by(|a, b| a.0.cmp(&b.0));
    summary.elapsed = started.elapsed();
    Ok(summary)
}

/// Read, annotate and write one chunk; its outputs are complete (or its documents failed) when
/// this returns.
fn annotate_chunk(
    deid: &Deidentifier,
    chunk: &[Job],
    opts: &AnnotateOptions,
    single: Option<&mut output::SingleFile>,
    summary: &mut Summary,
) -> Result<()> {
    let texts: Vec<Result<String>> = chunk
        .par_iter()
        .map(|j| j.read_text(opts.max_bytes))
        .collect();
    let ok: Vec<(usize, &str)> = texts
        .iter()
        .enumerate()
        .filter_map(|(i, t)| t.as_ref().ok().map(|t| (i, t.as_str())))
        .collect();
    let annotations = deid.annotate_batch(&ok.iter().map(|(_, t)| *t).collect::<Vec<_>>())?;
    let single_path = single.as_ref().map(|s| s.path().to_path_buf());
    // per document: its span categories, its length in characters, and its output (already
    // written when per document)
    type Rendered = (Vec<PhiType>, usize, Result<Vec<u8>>);
    let results: Vec<Rendered> = ok
        .par_iter()
        .zip(annotations)
        .map(|((i, text), ann)| {
            let job = &chunk[*i];
            let kinds = ann
                .as_ref()
                .map_or_else(|_| Vec::new(), |a| a.spans.iter().map(|s| s.kind).collect());
            let result = ann
                .and_then(|ann| {
                    per_document(|| match &single_path {
                        Some(path) => output::render(text, &ann, job, opts, path, true),
                        None => output::write_per_document(text, &ann, job, opts).map(|()| vec![]),
                    })?
                })
                .map_err(|e| e.at(job.label()));
            (kinds, text.chars().count(), result)
        })
        .collect();
    let mut single = single;
    for ((i, _), (kinds, characters, result)) in ok.iter().zip(results) {
        match result {
            Ok(bytes) => {
                if let Some(out) = single.as_deref_mut() {
                    out.append(&bytes)?;
                }
                summary.documents += 1;
                summary.characters += characters;
                for k in kinds {
                    *summary.spans.entry(k).or_default() += 1;
                }
            }
            Err(e) => summary.failures.push((chunk[*i].label(), e)),
        }
    }
    for (job, text) in chunk.iter().zip(texts) {
        if let Err(e) = text {
            summary.failures.push((job.label(), e));
        }
    }
    Ok(())
}

/// Writing `NAME.xml` into the folder it was read from would replace the gold with system output.
fn refuse_overwriting_inputs<'a>(
    jobs: impl Iterator<Item = &'a Job>,
    opts: &AnnotateOptions,
) -> Result<()> {
    let out = std::fs::canonicalize(&opts.out_dir).map_err(|e| Error::io(&opts.out_dir, e))?;
    for job in jobs {
        let input = match &job.source {
            JobSource::TextFile(p) | JobSource::XmlFile(p) | JobSource::E2bFile(p) => p,
            JobSource::E2bReport { path, .. } => path,
            JobSource::CsvRow { .. } => continue,
        };
        let target = out.join(format!("{}.{}", job.name, opts.format.extension()));
        if std::fs::canonicalize(input).ok().as_deref() == Some(target.as_path()) {
            return Err(Error::Invalid {
                path: input.clone(),
                message: format!(
                    "the output {} would overwrite this input; choose another --out folder",
                    target.display()
                ),
            });
        }
    }
    Ok(())
}

/// `deid featurize`: every job as one JSONL training example (tokens, character input, feature
/// vectors, gold labels from i2b2 tags when the input is XML), in input order.
pub fn featurize_jobs(
    engine: &crate::rules::RuleEngine,
    jobs: &[Job],
    max_bytes: u64,
) -> (String, Vec<(String, Error)>) {
    use crate::tokenize::Tokenized;
    let results: Vec<Result<String>> = jobs
        .par_iter()
        .map(|job| {
            let (text, gold) = job.read(max_bytes)?;
            let doc = Tokenized::new(&text);
            let map = OffsetMap::new(&text);
            let rules = engine.apply(&doc, &map);
            let ex = crate::featurize::example(&job.name, &doc, &rules, gold.as_deref());
            let mut line = serde_json::to_string(&ex).expect("serialising plain data");
            line.push('\n');
            Ok(line)
        })
        .collect();
    let mut out = String::new();
    let mut failures = Vec::new();
    for (job, r) in jobs.iter().zip(results) {
        match r {
            Ok(line) => out.push_str(&line),
            Err(e) => failures.push((job.label(), e)),
        }
    }
    (out, failures)
}
