//! The Tauri commands: each one a thin call into the store or the engine. Offsets are Unicode
//! code points both ways (the UI converts to UTF-16 itself). Errors are strings for the UI; they
//! name files, rows and offsets, never narrative text (the engine's and store's rule).

use crate::db::LockState;
use crate::engine::EngineInfo;
use crate::error::{CommandError, CommandResult};
use crate::import::{self, Failure, Finished, ImportRequest, Progress};
use crate::{AppState, JobState};
use deid_store::{
    CorpusId, CorpusSummary, DocFilter, DocId, DocRow, DocumentView, Edit, ExportKind, GoldSpan,
    GoldView, Judgment, Passphrase, Status, UndoResult, MIN_PASSPHRASE_CHARS,
};
use serde::Serialize;
use std::collections::BTreeMap;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use tauri::{AppHandle, Emitter, Manager, State};

type Res<T> = CommandResult<T>;

fn err(e: impl Into<CommandError>) -> CommandError {
    e.into()
}

/// The open store for one command (an error while the encrypted database is locked).
macro_rules! store {
    ($state:expr) => {
        $state.store.lock()?
    };
}

#[derive(Serialize)]
pub struct AppInfo {
    pub db: String,
    pub annotator: String,
    /// `None` while the engine is still loading.
    pub engine: Option<EngineInfo>,
    /// Whether the database is encrypted, and still waiting for its passphrase.
    #[serde(flatten)]
    pub lock: LockState,
    /// The shortest passphrase a new encryption accepts.
    pub min_passphrase_chars: usize,
}

#[tauri::command(async)]
pub fn app_info(state: State<'_, AppState>) -> Res<AppInfo> {
    Ok(AppInfo {
        db: state.config.db.display().to_string(),
        annotator: state.annotator(),
        engine: state.engine.get().map(|e| e.info.clone()),
        lock: state.store.state()?,
        min_passphrase_chars: MIN_PASSPHRASE_CHARS,
    })
}

// Encryption at rest. A passphrase is handed to the store and dropped (zeroed); it is never
// logged or kept, and errors name the database, never the passphrase.

/// Opens the locked (encrypted) database.
#[tauri::command(async)]
pub fn unlock_database(state: State<'_, AppState>, passphrase: String) -> Res<()> {
    state.store.unlock(Passphrase::from(passphrase))
}

/// Encrypts the open plain database where it lies.
#[tauri::command(async)]
pub fn encrypt_database(state: State<'_, AppState>, passphrase: String) -> Res<()> {
    state.store.encrypt(Passphrase::from(passphrase))
}

#[tauri::command(async)]
pub fn change_passphrase(state: State<'_, AppState>, current: String, new: String) -> Res<()> {
    state
        .store
        .change_passphrase(Passphrase::from(current), Passphrase::from(new))
}

#[tauri::command(async)]
pub fn list_corpora(state: State<'_, AppState>) -> Res<Vec<CorpusSummary>> {
    // progress as the current annotator's own
    store!(state).corpora_for(&state.annotator()).map_err(err)
}

#[derive(Serialize)]
pub struct Page {
    pub rows: Vec<DocRow>,
    pub total: usize,
}

#[tauri::command(async)]
pub fn list_documents(
    state: State<'_, AppState>,
    corpus: CorpusId,
    mut filter: DocFilter,
) -> Res<Page> {
    // the list shows the current annotator's own status
    filter.annotator = Some(state.annotator());
    let (rows, total) = store!(state).documents(corpus, &filter).map_err(err)?;
    Ok(Page { rows, total })
}

/// A narrative for the review screen: the store's view plus its token boundaries.
#[derive(Serialize)]
pub struct DocPayload {
    #[serde(flatten)]
    pub view: DocumentView,
    /// `[start, end)` of every word (the engine's unit of decision), in code points.
    pub token_bounds: Vec<(usize, usize)>,
}

pub fn document_payload(view: DocumentView) -> DocPayload {
    let token_bounds = deid::tokenize::tokenize(&view.text)
        .into_iter()
        .map(|t| (t.start, t.end))
        .collect();
    DocPayload { view, token_bounds }
}

#[tauri::command(async)]
pub fn get_document(state: State<'_, AppState>, id: DocId) -> Res<DocPayload> {
    let view = store!(state)
        .document_for(id, &state.annotator())
        .map_err(err)?;
    Ok(document_payload(view))
}

/// The current annotator's spans and status of a narrative: what the review screen reads back
/// after an edit or an undo (the text, words and pre-annotation do not change).
#[tauri::command(async)]
pub fn get_gold(state: State<'_, AppState>, id: DocId) -> Res<GoldView> {
    store!(state).gold_for(id, &state.annotator()).map_err(err)
}

#[tauri::command(async)]
/// One user edit; `origin` is the narrative on screen (undo there reverts the edit even when it
/// changed only other narratives, as an apply-to-all may).
pub fn apply_edit(state: State<'_, AppState>, edit: Edit, origin: Option<DocId>) -> Res<i64> {
    // the store puts a new narrative in review for this annotator
    store!(state)
        .apply_edit_from(&state.annotator(), &edit, origin)
        .map_err(err)
}

/// Undo on the narrative on screen (`doc`), leaving the others as they are; without `doc`, the
/// annotator's latest edit wherever it was.
#[tauri::command(async)]
pub fn undo(state: State<'_, AppState>, doc: Option<DocId>) -> Res<Option<UndoResult>> {
    let annotator = state.annotator();
    let mut store = store!(state);
    match doc {
        Some(doc) => store.undo_in(&annotator, doc),
        None => store.undo(&annotator),
    }
    .map_err(err)
}

/// Redo on the narrative on screen (`doc`); without `doc`, the annotator's oldest undone edit.
#[tauri::command(async)]
pub fn redo(state: State<'_, AppState>, doc: Option<DocId>) -> Res<Option<UndoResult>> {
    let annotator = state.annotator();
    let mut store = store!(state);
    match doc {
        Some(doc) => store.redo_in(&annotator, doc),
        None => store.redo(&annotator),
    }
    .map_err(err)
}

#[tauri::command(async)]
pub fn set_status(state: State<'_, AppState>, doc: DocId, status: Status) -> Res<()> {
    store!(state)
        .set_status_for(doc, &state.annotator(), status)
        .map_err(err)
}

#[tauri::command(async)]
pub fn save_judgment(state: State<'_, AppState>, doc: DocId, judgment: Judgment) -> Res<()> {
    store!(state)
        .save_judgment(doc, &state.annotator(), &judgment)
        .map_err(err)
}

#[derive(Serialize)]
pub struct Hit {
    pub doc: DocId,
    pub external_id: String,
    pub start: usize,
    pub end: usize,
    /// Up to 40 characters of context either side, for the preview list.
    pub before: String,
    pub after: String,
}

/// The current gold and text of a narrative with hits: the UI computes the edits from them
/// with the same span operations as single edits.
#[derive(Serialize)]
pub struct OccurrenceDoc {
    pub gold: Vec<GoldSpan>,
    pub text: String,
}

#[derive(Serialize)]
pub struct Occurrences {
    pub hits: Vec<Hit>,
    pub docs: BTreeMap<DocId, OccurrenceDoc>,
}

/// Occurrences of `needle` (exact, on token boundaries) in one narrative or the whole corpus.
#[tauri::command(async)]
pub fn find_occurrences(
    state: State<'_, AppState>,
    corpus: CorpusId,
    doc: Option<DocId>,
    needle: String,
) -> Res<Occurrences> {
    const MAX_HITS: usize = 5000;
    let store = store!(state);
    let annotator = state.annotator();
    let found = store.find_occurrences(doc, corpus, &needle).map_err(err)?;
    if found.len() > MAX_HITS {
        return Err(format!(
            "{} occurrences: too many to review at once (at most {MAX_HITS})",
            found.len()
        )
        .into());
    }
    let mut views: BTreeMap<DocId, DocumentView> = BTreeMap::new();
    let mut hits = Vec::with_capacity(found.len());
    for (d, start, end) in found {
        if let std::collections::btree_map::Entry::Vacant(e) = views.entry(d) {
            e.insert(store.document_for(d, &annotator).map_err(err)?);
        }
        let v = &views[&d];
        let chars: Vec<char> = v.text.chars().collect();
        let from = start.saturating_sub(40);
        let to = (end + 40).min(chars.len());
        hits.push(Hit {
            doc: d,
            external_id: v.external_id.clone(),
            start,
            end,
            before: chars[from..start].iter().collect(),
            after: chars[end..to].iter().collect(),
        });
    }
    let docs = views
        .into_iter()
        .map(|(d, v)| {
            (
                d,
                OccurrenceDoc {
                    gold: v.gold,
                    text: v.text,
                },
            )
        })
        .collect();
    Ok(Occurrences { hits, docs })
}

/// The review report of a corpus: `version`'s work (an annotator, or `adjudicated`: its
/// judgments, days and reviewed gold), or everybody's when it is `None`.
#[tauri::command(async)]
pub fn report(
    state: State<'_, AppState>,
    corpus: CorpusId,
    version: Option<String>,
) -> Res<serde_json::Value> {
    let version = version.filter(|v| !v.trim().is_empty());
    let report = store!(state)
        .report_for(corpus, version.as_deref())
        .map_err(err)?;
    serde_json::to_value(report).map_err(err)
}

/// Export `version`'s work (an annotator, or `adjudicated`; the current annotator by default)
/// to a NEW (or empty) folder: gold, only narratives that version marked done (never unreviewed
/// output), as `i2b2` (XML, one file per narrative), `brat` (standoff `.txt` + `.ann`,
/// `annotation.conf`), `bioc` (one BioC XML collection) or `conll` (BIO, one word a line); or
/// `masked` (de-identified text files), `csv` (de-identified text, one `id,masked_text` CSV),
/// `jsonl` (narratives with gold and judgments). The folder gets a `manifest.json` naming the version; the export is recorded in
/// the audit log under the current annotator's name. A folder holding anything is refused:
/// nothing is ever replaced.
#[tauri::command(async)]
pub fn export(
    state: State<'_, AppState>,
    corpus: CorpusId,
    kind: ExportKind,
    folder: String,
    version: Option<String>,
) -> Res<serde_json::Value> {
    let who = state.annotator();
    let version = version
        .filter(|v| !v.trim().is_empty())
        .unwrap_or_else(|| who.clone());
    let dir = PathBuf::from(folder.trim());
    if folder.trim().is_empty() {
        return Err("choose a folder to export to".into());
    }
    let mut store = store!(state);
    let m = store
        .export_to_new_folder(corpus, kind, &dir, &who, &version)
        .map_err(err)?;
    Ok(serde_json::json!({
        "count": m.documents,
        "path": dir.display().to_string(),
        "annotator": m.annotator,
    }))
}

/// Starts an import job; progress and the end come as events.
pub fn start_import(app: &AppHandle, state: &AppState, req: ImportRequest) -> u64 {
    let job = {
        let mut next = state.next_job.lock().expect("job counter");
        let j = *next;
        *next += 1;
        j
    };
    let cancel = Arc::new(AtomicBool::new(false));
    state.jobs.lock().expect("jobs").insert(
        job,
        JobState {
            cancel: cancel.clone(),
            progress: Progress {
                job,
                phase: "read".into(),
                label: req.path.clone(),
                ..Default::default()
            },
            finished: None,
        },
    );
    let app = app.clone();
    tauri::async_runtime::spawn_blocking(move || {
        let state = app.state::<AppState>();
        let jobs = state.jobs.clone();
        let label = req.path.clone();
        let report = |phase: &str, done: usize, total: usize| {
            let p = Progress {
                job,
                phase: phase.into(),
                done,
                total,
                label: label.clone(),
            };
            if let Some(j) = jobs.lock().expect("jobs").get_mut(&job) {
                j.progress = p.clone();
            }
            let _ = app.emit("import-progress", p);
        };
        let engine = state.engine();
        // a bug in the import must still end the job with `import-finished`, never kill it silently
        let result = deid::isolate::per_document(|| {
            import::run_import(&req, &engine, &state.store, &cancel, &report)
        })
        .unwrap_or_else(|e| {
            Err(Failure::Error(format!(
                "{}: {e}; nothing was imported",
                req.path
            )))
        });
        let finished = match result {
            Ok(o) => Finished {
                job,
                ok: true,
                cancelled: false,
                corpus: Some(o.corpus),
                corpus_name: Some(o.name),
                documents: o.documents,
                error: None,
                skipped: o.skipped,
            },
            Err(f) => Finished {
                job,
                ok: false,
                cancelled: matches!(f, Failure::Cancelled),
                corpus: None,
                corpus_name: None,
                documents: 0,
                error: match f {
                    Failure::Cancelled => None,
                    Failure::Error(e) => Some(e),
                },
                skipped: Vec::new(),
            },
        };
        if let Some(j) = jobs.lock().expect("jobs").get_mut(&job) {
            j.finished = Some(finished.clone());
        }
        let _ = app.emit("import-finished", finished);
    });
    job
}

#[tauri::command(async)]
pub fn import_start(app: AppHandle, state: State<'_, AppState>, request: ImportRequest) -> u64 {
    start_import(&app, &state, request)
}

#[tauri::command(async)]
pub fn import_cancel(state: State<'_, AppState>, job: u64) -> bool {
    match state.jobs.lock().expect("jobs").get(&job) {
        Some(j) if j.finished.is_none() => {
            j.cancel.store(true, Ordering::Relaxed);
            true
        }
        _ => false,
    }
}

#[derive(Serialize)]
pub struct JobView {
    pub progress: Progress,
    pub finished: Option<Finished>,
}

/// Every import of this session, for a window that missed the events.
#[tauri::command(async)]
pub fn jobs(state: State<'_, AppState>) -> Vec<JobView> {
    let jobs = state.jobs.lock().expect("jobs");
    let mut out: Vec<JobView> = jobs
        .values()
        .map(|j| JobView {
            progress: j.progress.clone(),
            finished: j.finished.clone(),
        })
        .collect();
    out.sort_by_key(|j| j.progress.job);
    out
}

#[tauri::command(async)]
pub fn csv_columns(path: String) -> Res<Vec<String>> {
    Ok(import::csv_columns(&PathBuf::from(path.trim()))?)
}
