//! Import + pre-annotation of a corpus, in three phases so that bad input and cancellation leave
//! the database as it was:
//!
//! 1. read: discover the narratives and read every one (and the tags of i2b2 XML as gold; an
//!    E2B ICSR file gives one narrative per safety report, named by its id); any unreadable file
//!    or report, wrong CSV column or malformed XML fails the import with a message that names
//!    the files, before anything is written;
//! 2. annotate: the engine pre-annotates in chunks, in memory (cancellable between chunks);
//! 3. save: the corpus, its documents and their pre-annotations in one transaction
//!    (`Store::import_corpus`): a crash never leaves narratives without a pre-annotation.
//!
//! A narrative the engine fails on (a bug, caught in that narrative alone) is left out and named
//! in the result; the others are imported.
//!
//! Progress goes out as `import-progress` events and is kept in the job table for a window that
//! opens late; the end is an `import-finished` event.

use crate::db::SharedStore;
use crate::engine::{token_probs, Engine, UNCERTAIN_MARGIN};
use deid::input::{discover, CsvColumns, Job, JobSource, DEFAULT_MAX_BYTES};
use deid_store::{NewDocument, Store, TokenProb};
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};

/// Narratives annotated per engine call (progress and cancellation granularity).
const CHUNK: usize = 32;

/// A token's probability, threshold and rule while the import holds the whole corpus in memory.
struct CompactToken {
    start: u32,
    end: u32,
    p_safe: f32,
    threshold: f32,
    rule: u16,
}

/// The few distinct rule labels, stored once.
#[derive(Default)]
struct Interner {
    names: Vec<String>,
    ids: std::collections::HashMap<String, u16>,
}

impl Interner {
    fn id(&mut self, name: String) -> u16 {
        if let Some(&i) = self.ids.get(&name) {
            return i;
        }
        let i = self.names.len() as u16;
        self.names.push(name.clone());
        self.ids.insert(name, i);
        i
    }

    fn expand(&self, t: &CompactToken) -> TokenProb {
        TokenProb {
            start: t.start as usize,
            end: t.end as usize,
            p_safe: t.p_safe,
            threshold: t.threshold,
            rule: self.names[t.rule as usize].clone(),
        }
    }
}

#[derive(Deserialize, Debug, Clone)]
pub struct ImportRequest {
    /// A folder of .txt files, a folder of i2b2 or E2B .xml files, a .csv file (or one .txt/.xml
    /// file).
    pub path: String,
    /// `txt`, `csv`, `xml` (i2b2 or E2B), `e2b` (E2B ICSR only), or `auto` (by extension /
    /// folder content; E2B by its root element).
    #[serde(default)]
    pub kind: Option<String>,
    /// CSV text column (default: the first of text, SYMPTOM_TEXT, narrative).
    #[serde(default)]
    pub text_column: Option<String>,
    /// CSV id column (default: id, VAERS_ID, report_id; else row numbers).
    #[serde(default)]
    pub id_column: Option<String>,
    /// Corpus name (default: the file or folder name).
    #[serde(default)]
    pub name: Option<String>,
}

#[derive(Serialize, Clone, Debug, Default)]
pub struct Progress {
    pub job: u64,
    /// `read`, `annotate`, `save`.
    pub phase: String,
    pub done: usize,
    pub total: usize,
    pub label: String,
}

#[derive(Serialize, Clone, Debug)]
pub struct Finished {
    pub job: u64,
    pub ok: bool,
    pub cancelled: bool,
    pub corpus: Option<i64>,
    pub corpus_name: Option<String>,
    pub documents: usize,
    /// For a failure: what is wrong, naming files and rows (never narrative text).
    pub error: Option<String>,
    /// Narratives left out of a successful import (the engine failed on them), named.
    pub skipped: Vec<String>,
}

pub struct Outcome {
    pub corpus: i64,
    pub name: String,
    pub documents: usize,
    /// Narratives left out because the engine failed on them, each named with the reason.
    pub skipped: Vec<String>,
}

pub enum Failure {
    Cancelled,
    Error(String),
}

impl From<String> for Failure {
    fn from(s: String) -> Failure {
        Failure::Error(s)
    }
}

impl From<crate::error::CommandError> for Failure {
    fn from(e: crate::error::CommandError) -> Failure {
        Failure::Error(e.to_string())
    }
}

/// Runs one import. `report` is called with progress; `cancel` is polled between steps.
pub fn run_import(
    req: &ImportRequest,
    engine: &Engine,
    store: &SharedStore,
    cancel: &AtomicBool,
    report: &dyn Fn(&str, usize, usize),
) -> Result<Outcome, Failure> {
    let path = PathBuf::from(req.path.trim());
    if req.path.trim().is_empty() {
        return Err("choose a file or folder to import".to_string().into());
    }
    if !path.exists() {
        return Err(format!("{}: no such file or folder", path.display()).into());
    }
    let kind = req.kind.as_deref().unwrap_or("auto");
    check_kind(&path, kind)?;
    let columns = CsvColumns {
        text: req.text_column.clone().filter(|s| !s.trim().is_empty()),
        id: req.id_column.clone().filter(|s| !s.trim().is_empty()),
    };
    report("read", 0, 0);
    let jobs = discover(&path, &columns).map_err(|e| e.to_string())?;
    let jobs: Vec<Job> = jobs
        .into_iter()
        .filter(|j| {
            let e2b = matches!(
                j.source,
                JobSource::E2bReport { .. } | JobSource::E2bFile(_)
            );
            match kind {
                "txt" => matches!(j.source, JobSource::TextFile(_)),
                "xml" => !matches!(j.source, JobSource::TextFile(_)),
                "e2b" => e2b,
                _ => true,
            }
        })
        .collect();
    if jobs.is_empty() {
        return Err(format!(
            "{}: no narratives found (expected {})",
            path.display(),
            if kind == "e2b" {
                "E2B(R2) or E2B(R3) ICSR .xml files"
            } else {
                ".txt files, i2b2 or E2B .xml files or a .csv file"
            }
        )
        .into());
    }
    // 1. read everything; collect every failure so the user can fix them all at once
    let mut docs = Vec::with_capacity(jobs.len());
    let mut failures = Vec::new();
    for (i, job) in jobs.iter().enumerate() {
        if cancel.load(Ordering::Relaxed) {
            return Err(Failure::Cancelled);
        }
        match read_job(job) {
            Ok(doc) => docs.push(doc),
            Err(e) => failures.push(e),
        }
        if i % 64 == 0 {
            report("read", i + 1, jobs.len());
        }
    }
    if !failures.is_empty() {
        let n = failures.len();
        let shown: Vec<String> = failures.into_iter().take(5).collect();
        return Err(format!(
            "{n} of {} narratives could not be read; nothing was imported.\n{}{}",
            jobs.len(),
            shown.join("\n"),
            if n > 5 { "\n…" } else { "" }
        )
        .into());
    }
    report("read", jobs.len(), jobs.len());
    // 2. annotate in memory, compactly (16 bytes a token: a 50,000-narrative CSV fits)
    let total = docs.len();
    let mut rules = Interner::default();
    let mut pre: Vec<(Vec<deid::Span>, Vec<CompactToken>)> = Vec::with_capacity(total);
    // narratives the engine failed on (a bug caught in that narrative alone): left out and named
    let mut skipped: Vec<(usize, String)> = Vec::new();
    for (c, chunk) in docs.chunks(CHUNK).enumerate() {
        if cancel.load(Ordering::Relaxed) {
            return Err(Failure::Cancelled);
        }
        let texts: Vec<&str> = chunk
            .iter()
            .map(|d: &NewDocument| d.text.as_str())
            .collect();
        let annotations = engine
            .deid
            .annotate_batch(&texts)
            .map_err(|e| format!("pre-annotation failed: {e}; nothing was imported"))?;
        for (k, a) in annotations.into_iter().enumerate() {
            let a = match a {
                Ok(a) => a,
                Err(e) => {
                    let d = &chunk[k];
                    skipped.push((c * CHUNK + k, e.at(&d.source).to_string()));
                    pre.push((Vec::new(), Vec::new())); // placeholder, removed below
                    continue;
                }
            };
            let tokens = token_probs(&a)
                .into_iter()
                .map(|t| CompactToken {
                    start: t.start as u32,
                    end: t.end as u32,
                    p_safe: t.p_safe,
                    threshold: t.threshold,
                    rule: rules.id(t.rule),
                })
                .collect();
            pre.push((a.spans, tokens));
        }
        report("annotate", pre.len(), total);
    }
    if cancel.load(Ordering::Relaxed) {
        return Err(Failure::Cancelled);
    }
    for (i, _) in skipped.iter().rev() {
        docs.remove(*i);
        pre.remove(*i);
    }
    if docs.is_empty() {
        return Err(format!(
            "no narrative could be pre-annotated; nothing was imported.\n{}",
            skipped
                .into_iter()
                .map(|(_, m)| m)
                .collect::<Vec<_>>()
                .join("\n")
        )
        .into());
    }
    // 3. save: the corpus, its documents and their pre-annotations in ONE transaction, so that
    // no crash can leave a corpus whose narratives have no pre-annotation
    report("save", 0, docs.len());
    let mut store = store.lock()?;
    let name = unique_name(&store, req.name.as_deref(), &path)?;
    let (corpus, ids) = store
        .import_corpus(
            &name,
            &path.display().to_string(),
            &docs,
            engine.model_name(),
            &engine.info.mode,
            UNCERTAIN_MARGIN,
            &mut |i| {
                let (spans, tokens) = &pre[i];
                (
                    spans.clone(),
                    tokens.iter().map(|t| rules.expand(t)).collect(),
                )
            },
        )
        .map_err(|e| e.to_string())?;
    report("save", ids.len(), ids.len());
    Ok(Outcome {
        corpus,
        name,
        documents: ids.len(),
        skipped: skipped.into_iter().map(|(_, m)| m).collect(),
    })
}

fn check_kind(path: &Path, kind: &str) -> Result<(), String> {
    let ext = path
        .extension()
        .map(|e| e.to_string_lossy().to_ascii_lowercase())
        .unwrap_or_default();
    let ok = match kind {
        "auto" => true,
        "csv" => path.is_file() && ext == "csv",
        "txt" => path.is_dir() || ext == "txt",
        "xml" | "e2b" => path.is_dir() || ext == "xml",
        other => return Err(format!("unknown import kind {other:?}")),
    };
    if ok {
        Ok(())
    } else {
        Err(format!(
            "{}: not a {} (expected {})",
            path.display(),
            match kind {
                "csv" => "CSV file",
                "txt" => "folder of .txt files",
                "e2b" => "E2B ICSR XML file or folder",
                _ => "folder of i2b2 XML files",
            },
            match kind {
                "csv" => "a .csv file",
                "txt" => "a folder or a .txt file",
                _ => "a folder or an .xml file",
            }
        ))
    }
}

fn read_job(job: &Job) -> Result<NewDocument, String> {
    let (text, gold) = job.read(DEFAULT_MAX_BYTES).map_err(|e| e.to_string())?;
    if gold.is_some() && text.trim().is_empty() {
        return Err(format!("{}: empty narrative", job.label()));
    }
    Ok(NewDocument {
        external_id: job.name.clone(),
        text,
        source: job.label(),
        gold,
    })
}

fn unique_name(store: &Store, name: Option<&str>, path: &Path) -> Result<String, String> {
    let base = name
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(String::from)
        .unwrap_or_else(|| {
            path.file_stem()
                .map(|s| s.to_string_lossy().into_owned())
                .unwrap_or_else(|| "corpus".into())
        });
    let mut candidate = base.clone();
    let mut k = 2;
    while store
        .corpus_by_name(&candidate)
        .map_err(|e| e.to_string())?
        .is_some()
    {
        candidate = format!("{base} ({k})");
        k += 1;
    }
    Ok(candidate)
}

/// The header row of a CSV file, for the column chooser.
pub fn csv_columns(path: &Path) -> deid::Result<Vec<String>> {
    // the import reads the file with this same reader: the columns offered are the ones it finds
    // (any delimiter, UTF-8, UTF-16 or Windows-1252, as Excel writes them)
    deid::input::csv_header_row(path).map(|(columns, _)| columns)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::Config;

    fn setup() -> (tempfile::TempDir, SharedStore, Engine) {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::open(&dir.path().join("t.db")).unwrap();
        let mut cfg = Config::from_env_and_args(&[]).unwrap();
        cfg.engine.mode = deid::deidentify::Mode::RulesOnly;
        (dir, SharedStore::unlocked(store), Engine::load(&cfg))
    }

    fn req(path: &Path, kind: &str) -> ImportRequest {
        ImportRequest {
            path: path.display().to_string(),
            kind: Some(kind.into()),
            text_column: None,
            id_column: None,
            name: None,
        }
    }

    #[test]
    fn a_malformed_xml_file_fails_the_import_and_writes_nothing() {
        let (dir, store, engine) = setup();
        let input = dir.path().join("in");
        std::fs::create_dir(&input).unwrap();
        std::fs::write(
            input.join("good.xml"),
            "<?xml version=\"1.0\" encoding=\"UTF-8\" ?>\n<deIdi2b2><TEXT><![CDATA[Seen on 12/26/2020.]]></TEXT><TAGS><DATE id=\"P0\" start=\"8\" end=\"18\" text=\"12/26/2020\" TYPE=\"DATE\" comment=\"\" /></TAGS></deIdi2b2>",
        )
        .unwrap();
        std::fs::write(input.join("bad.xml"), "<deIdi2b2><TEXT>oops").unwrap();
        let cancel = AtomicBool::new(false);
        let err = match run_import(&req(&input, "xml"), &engine, &store, &cancel, &|_, _, _| {}) {
            Err(Failure::Error(e)) => e,
            _ => panic!("expected an error"),
        };
        assert!(err.contains("bad.xml"), "{err}");
        assert!(err.contains("nothing was imported"), "{err}");
        assert!(store.lock().unwrap().corpora().unwrap().is_empty());
    }

    #[test]
    fn xml_tags_become_gold_and_text_is_pre_annotated() {
        let (dir, store, engine) = setup();
        let input = dir.path().join("in");
        std::fs::create_dir(&input).unwrap();
        std::fs::write(
            input.join("a.xml"),
            "<?xml version=\"1.0\" encoding=\"UTF-8\" ?>\n<deIdi2b2><TEXT><![CDATA[Seen on 12/26/2020.]]></TEXT><TAGS><DATE id=\"P0\" start=\"8\" end=\"18\" text=\"12/26/2020\" TYPE=\"DATE\" comment=\"\" /></TAGS></deIdi2b2>",
        )
        .unwrap();
        let cancel = AtomicBool::new(false);
        let out = run_import(&req(&input, "xml"), &engine, &store, &cancel, &|_, _, _| {})
            .ok()
            .unwrap();
        assert_eq!(out.documents, 1);
        let s = store.lock().unwrap();
        let (rows, total) = s.documents(out.corpus, &Default::default()).unwrap();
        assert_eq!(total, 1);
        let view = s.document(rows[0].id).unwrap();
        assert!(view.gold_edited);
        assert_eq!(view.gold.len(), 1);
        assert!(view.pre.is_some());
    }

    fn e2b_fixture(name: &str) -> PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../tests/fixtures/e2b")
            .join(name)
    }

    #[test]
    fn an_e2b_r3_batch_becomes_one_narrative_per_safety_report() {
        let (_dir, store, engine) = setup();
        let cancel = AtomicBool::new(false);
        let file = e2b_fixture("r3_batch.xml");
        let out = run_import(&req(&file, "e2b"), &engine, &store, &cancel, &|_, _, _| {})
            .ok()
            .expect("imported");
        assert_eq!((out.documents, out.name.as_str()), (3, "r3_batch"));
        let s = store.lock().unwrap();
        let (rows, total) = s.documents(out.corpus, &Default::default()).unwrap();
        assert_eq!(total, 3);
        let mut seen = Vec::new();
        for row in &rows {
            let view = s.document(row.id).unwrap();
            assert!(view.pre.is_some(), "pre-annotated");
            assert!(!view.gold_edited, "an E2B narrative carries no gold");
            seen.push((view.external_id.clone(), view.text.clone()));
        }
        seen.sort();
        let ids: Vec<&str> = seen.iter().map(|(id, _)| id.as_str()).collect();
        assert_eq!(
            ids,
            [
                "DE-PEI-2026-555000",
                "FR-ANSM-2026-000123",
                "FR-ANSM-2026-000124"
            ]
        );
        assert_eq!(
            seen[2].1,
            "Second report for the same sender: Mr Tomás Ferreira, 81, dizzy on 5 Feb 2026."
        );
        // the same file through the i2b2/E2B kind and auto-detection imports too
        drop(s);
        for kind in ["xml", "auto"] {
            let again = run_import(&req(&file, kind), &engine, &store, &cancel, &|_, _, _| {});
            assert_eq!(again.ok().map(|o| o.documents), Some(3), "{kind}");
        }
    }

    #[test]
    fn an_e2b_report_without_narrative_fails_the_import_naming_it() {
        let (_dir, store, engine) = setup();
        let cancel = AtomicBool::new(false);
        let file = e2b_fixture("r3_empty_narrative.xml");
        let err = match run_import(&req(&file, "e2b"), &engine, &store, &cancel, &|_, _, _| {}) {
            Err(Failure::Error(e)) => e,
            _ => panic!("expected an error"),
        };
        assert!(err.contains("report NL-LRB-2026-00043"), "{err}");
        assert!(
            err.contains("nothing was imported") && !err.contains("Anke"),
            "{err}"
        );
        assert!(store.lock().unwrap().corpora().unwrap().is_empty());
        // an i2b2 file is not an E2B file
        let dir = tempfile::tempdir().unwrap();
        let i2b2 = dir.path().join("gold.xml");
        std::fs::write(&i2b2, "<deIdi2b2><TEXT>x</TEXT><TAGS/></deIdi2b2>").unwrap();
        let err = match run_import(&req(&i2b2, "e2b"), &engine, &store, &cancel, &|_, _, _| {}) {
            Err(Failure::Error(e)) => e,
            _ => panic!("expected an error"),
        };
        assert!(err.contains("E2B(R2) or E2B(R3)"), "{err}");
    }

    #[test]
    fn a_wrong_csv_column_names_the_columns() {
        let (dir, store, engine) = setup();
        let csv = dir.path().join("r.csv");
        std::fs::write(&csv, "id,notes\n1,hello there\n").unwrap();
        let mut r = req(&csv, "csv");
        r.text_column = Some("SYMPTOM_TEXT".into());
        let cancel = AtomicBool::new(false);
        let err = match run_import(&r, &engine, &store, &cancel, &|_, _, _| {}) {
            Err(Failure::Error(e)) => e,
            _ => panic!("expected an error"),
        };
        assert!(
            err.contains("SYMPTOM_TEXT") && err.contains("notes"),
            "{err}"
        );
        assert!(store.lock().unwrap().corpora().unwrap().is_empty());
    }

    #[test]
    fn the_columns_offered_are_those_of_an_excel_csv_semicolons_and_windows_1252() {
        let dir = tempfile::tempdir().unwrap();
        let csv = dir.path().join("rapports.csv");
        // "Numéro;Récit" and a row, as Excel writes them in a French locale
        let mut bytes = b"Num\xe9ro;R\xe9cit;Date\r\n".to_vec();
        bytes.extend_from_slice(b"1;Fi\xe8vre apr\xe8s la dose;03/12/2021\r\n");
        std::fs::write(&csv, bytes).unwrap();
        assert_eq!(
            csv_columns(&csv).unwrap(),
            vec!["Numéro".to_string(), "Récit".into(), "Date".into()]
        );
        let err = csv_columns(&dir.path().join("missing.csv"))
            .unwrap_err()
            .to_string();
        assert!(err.contains("missing.csv"), "{err}");
    }

    #[test]
    fn cancelling_writes_nothing() {
        let (dir, store, engine) = setup();
        let csv = dir.path().join("r.csv");
        let mut rows = String::from("id,text\n");
        for i in 0..(4 * CHUNK) {
            rows += &format!("{i},Pt Zorblax seen on 12/26/2020 for fever number {i}\n");
        }
        std::fs::write(&csv, rows).unwrap();
        // cancelled while it annotates, after the first chunk: nothing is saved
        let cancel = AtomicBool::new(false);
        let annotated = std::sync::atomic::AtomicUsize::new(0);
        let report = |phase: &str, done: usize, _total: usize| {
            if phase == "annotate" && done >= CHUNK {
                annotated.store(done, Ordering::SeqCst);
                cancel.store(true, Ordering::SeqCst);
            }
        };
        assert!(matches!(
            run_import(&req(&csv, "csv"), &engine, &store, &cancel, &report),
            Err(Failure::Cancelled)
        ));
        let done = annotated.load(Ordering::SeqCst);
        assert!(
            (CHUNK..4 * CHUNK).contains(&done),
            "cancelled mid-import, after {done} narratives"
        );
        assert!(store.lock().unwrap().corpora().unwrap().is_empty());
        // and cancelled before it starts: nothing read, nothing saved
        let cancel = AtomicBool::new(true);
        assert!(matches!(
            run_import(&req(&csv, "csv"), &engine, &store, &cancel, &|_, _, _| {}),
            Err(Failure::Cancelled)
        ));
        assert!(store.lock().unwrap().corpora().unwrap().is_empty());
    }
}
