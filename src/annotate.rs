//! Batch annotation: many narratives in, one output file per narrative out, in parallel on all
//! cores. One bad document is reported and skipped; it never stops the batch or touches the
//! outputs of the others.

use crate::deidentify::{Annotation, Deidentifier};
use crate::error::{Error, Result};
use crate::fsutil::Durability;
use crate::i2b2;
use crate::input::{Job, JobSource};
use crate::isolate::per_document;
use crate::masking::mask_text;
use crate::phi::PhiType;
use crate::tokenize::OffsetMap;
use rayon::prelude::*;
use serde::Serialize;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum OutputFormat {
    /// i2b2 2014 XML, `NAME.xml`
    I2b2,
    /// the text with PHI replaced by `[DATE]`-style placeholders, `NAME.txt`
    Masked,
    /// one JSON line with the text and spans, `NAME.jsonl`
    Jsonl,
}

impl OutputFormat {
    fn extension(self) -> &'static str {
        match self {
            OutputFormat::I2b2 => "xml",
            OutputFormat::Masked => "txt",
            OutputFormat::Jsonl => "jsonl",
        }
    }
}

pub struct AnnotateOptions {
    pub out_dir: PathBuf,
    pub format: OutputFormat,
    /// Masked output with shifted dates and capped ages instead of placeholders.
    pub surrogates: Option<crate::surrogate::SurrogateOptions>,
    pub max_bytes: u64,
    pub progress: bool,
}

/// What a batch did.
#[derive(Debug, Default)]
pub struct Summary {
    pub documents: usize,
    pub characters: usize,
    pub spans: BTreeMap<PhiType, usize>,
    pub failures: Vec<(String, Error)>,
    pub elapsed: Duration,
}

impl Summary {
    pub fn to_text(&self) -> String {
        let secs = self.elapsed.as_secs_f64().max(1e-9);
        let mut s = format!(
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

/// Documents read, annotated and written together: enough for full model batches, few enough
/// that a corpus of any size streams through bounded memory.
const CHUNK: usize = 1024;

/// Annotate every job and write its output into `opts.out_dir`.
pub fn annotate_jobs(deid: &Deidentifier, jobs: &[Job], opts: &AnnotateOptions) -> Result<Summary> {
    crate::fsutil::create_private_dir_all(&opts.out_dir)?;
    refuse_overwriting_inputs(jobs, opts)?;
    let started = Instant::now();
    let bar = progress_bar(jobs.len() as u64, opts.progress);
    let mut summary = Summary::default();
    for chunk in jobs.chunks(CHUNK) {
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
        // per document: its index in the chunk, its span categories, and whether it was written
        let written: Vec<(usize, Vec<PhiType>, Result<()>)> = ok
            .par_iter()
            .zip(annotations)
            .map(|((i, text), ann)| {
                let job = &chunk[*i];
                let kinds = ann
                    .as_ref()
                    .map_or_else(|_| Vec::new(), |a| a.spans.iter().map(|s| s.kind).collect());
                let result = ann
                    .and_then(|ann| per_document(|| write_output(text, &ann, job, opts))?)
                    .map_err(|e| e.at(job.label()));
                (*i, kinds, result)
            })
            .collect();
        for ((_, text), (_, kinds, result)) in ok.iter().zip(&written) {
            if result.is_ok() {
                summary.characters += text.chars().count();
                for k in kinds {
                    *summary.spans.entry(*k).or_default() += 1;
                }
            }
        }
        let written = written.into_iter().map(|(i, _, r)| (i, r));
        for (i, result) in written {
            match result {
                Ok(()) => summary.documents += 1,
                Err(e) => summary.failures.push((chunk[i].label(), e)),
            }
        }
        for (job, text) in chunk.iter().zip(texts) {
            if let Err(e) = text {
                summary.failures.push((job.label(), e));
            }
        }
        bar.inc(chunk.len() as u64);
    }
    bar.finish_and_clear();
    summary.failures.sort_by(|a, b| a.0.cmp(&b.0));
    summary.elapsed = started.elapsed();
    Ok(summary)
}

fn write_output(text: &str, ann: &Annotation, job: &Job, opts: &AnnotateOptions) -> Result<()> {
    let path = output_path(job, opts);
    let bytes = render(text, ann, job, opts, &path)?;
    crate::fsutil::write_atomic(&path, bytes.as_bytes(), Durability::ProcessCrash)
}

fn output_path(job: &Job, opts: &AnnotateOptions) -> PathBuf {
    opts.out_dir
        .join(format!("{}.{}", job.name, opts.format.extension()))
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

fn render(
    text: &str,
    ann: &Annotation,
    job: &Job,
    opts: &AnnotateOptions,
    path: &Path,
) -> Result<String> {
    let map = OffsetMap::new(text);
    match opts.format {
        OutputFormat::I2b2 => {
            let doc = i2b2::document_from_spans(text.to_string(), &ann.spans);
            i2b2::to_xml(&doc).map_err(|e| retarget(e, path))
        }
        OutputFormat::Masked => Ok(match &opts.surrogates {
            Some(s) => crate::surrogate::surrogate_text(text, &map, &ann.spans, &job.name, s),
            None => mask_text(text, &map, &ann.spans),
        }),
        OutputFormat::Jsonl => {
            let doc = JsonDoc {
                id: &job.name,
                text,
                spans: json_spans(text, &map, &ann.spans),
                pattern_spans: json_spans(text, &map, &ann.pattern_spans),
            };
            let mut line = serde_json::to_string(&doc).expect("serialising plain data");
            line.push('\n');
            Ok(line)
        }
    }
}

/// `to_xml` has no file to name; name the output being written.
fn retarget(e: Error, path: &Path) -> Error {
    match e {
        Error::Invalid { message, .. } => Error::Invalid {
            path: path.into(),
            message,
        },
        other => other,
    }
}

/// Writing `NAME.xml` into the folder it was read from would replace the gold with system output.
fn refuse_overwriting_inputs(jobs: &[Job], opts: &AnnotateOptions) -> Result<()> {
    let out = std::fs::canonicalize(&opts.out_dir).map_err(|e| Error::io(&opts.out_dir, e))?;
    for job in jobs {
        let input = match &job.source {
            JobSource::TextFile(p) | JobSource::XmlFile(p) => p,
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

fn progress_bar(len: u64, enabled: bool) -> indicatif::ProgressBar {
    if !enabled {
        return indicatif::ProgressBar::hidden();
    }
    let bar = indicatif::ProgressBar::new(len);
    bar.set_style(
        indicatif::ProgressStyle::with_template(
            "{spinner} {bar:40} {pos}/{len} documents ({per_sec}, {eta} left)",
        )
        .expect("valid template"),
    );
    bar
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
