//! The annotation database (`annotations.db`, SQLite): corpora, narratives, model
//! pre-annotations, gold spans, status and judgments per annotator (each annotator's own, see
//! `annotators`), samples, agreement and adjudication, the persistent edit history behind undo/redo and
//! the audit trail, causality judgments and review status.
//!
//! * WAL journal, `synchronous = NORMAL` (a committed edit survives a crash of the program),
//!   foreign keys on, a busy timeout, versioned migrations (`PRAGMA user_version`, see
//!   [`schema`]); a database from a newer program is refused with a clear error.
//! * Every user edit and every import is one transaction: an error rolls everything back.
//! * Offsets are Unicode code points into the exact text, as everywhere in the engine.
//! * Errors name the database (or export) path and the problem, never narrative text.
//! * Optionally encrypted at rest (SQLCipher, a passphrase): see [`crypt`].

mod adjudication;
mod annotators;
mod audit;
mod corpora;
mod crypt;
mod docs;
mod edit;
mod export;
mod judgment;
mod preannotate;
mod sample;
pub mod schema;

pub use adjudication::{AdjudicationRecord, AdjudicationView, AgreementReport};
pub use annotators::{check_annotator_name, ADJUDICATED, IMPORTED};
pub use audit::{AuditEntry, ExportKind, ExportManifest};
pub use crypt::{probe, sqlcipher_ready, DbFile, Passphrase, MIN_PASSPHRASE_CHARS};
pub use judgment::{CategoryQuality, ReviewReport, INFO_KEYS};
pub use preannotate::{rule_label, token_probs, NewPreAnnotation};
pub use sample::{Sample, SampleId};

use deid::error::{Error, Result};
use deid::phi::{PhiType, Span};
use rusqlite::{Connection, OptionalExtension};
use serde::{Deserialize, Deserializer, Serialize};
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::time::Duration;

pub type CorpusId = i64;
pub type DocId = i64;

/// How long a write waits for another connection's lock before failing.
const BUSY_TIMEOUT: Duration = Duration::from_secs(5);

/// The annotation database.
pub struct Store {
    conn: Connection,
    path: PathBuf,
    /// Opened with a passphrase (SQLCipher).
    encrypted: bool,
}

#[derive(Serialize, Deserialize, Clone, Copy, PartialEq, Eq, Debug)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    New,
    InReview,
    Done,
}

impl Status {
    pub fn as_str(self) -> &'static str {
        match self {
            Status::New => "new",
            Status::InReview => "in_review",
            Status::Done => "done",
        }
    }

    pub fn parse(s: &str) -> Option<Status> {
        match s {
            "new" => Some(Status::New),
            "in_review" => Some(Status::InReview),
            "done" => Some(Status::Done),
            _ => None,
        }
    }
}

/// A narrative to import; `gold`, when given, is stored as the gold of annotator `"import"`.
#[derive(Debug, Clone)]
pub struct NewDocument {
    pub external_id: String,
    pub text: String,
    pub source: String,
    pub gold: Option<Vec<Span>>,
}

#[derive(Serialize, Debug, Clone)]
pub struct CorpusSummary {
    pub id: CorpusId,
    pub name: String,
    pub documents: usize,
    pub new: usize,
    pub in_review: usize,
    pub done: usize,
}

impl CorpusSummary {
    /// One row of a corpus listing: id, name, documents, new, in review, done.
    pub(crate) fn from_row(r: &rusqlite::Row<'_>) -> rusqlite::Result<CorpusSummary> {
        Ok(CorpusSummary {
            id: r.get(0)?,
            name: r.get(1)?,
            documents: r.get::<_, i64>(2)? as usize,
            new: r.get::<_, i64>(3)? as usize,
            in_review: r.get::<_, i64>(4)? as usize,
            done: r.get::<_, i64>(5)? as usize,
        })
    }
}

/// A corpus imported earlier from the same file or folder.
#[derive(Serialize, Debug, Clone, PartialEq)]
pub struct ImportedBefore {
    pub corpus: CorpusId,
    pub name: String,
    /// When it was imported (SQLite's `datetime('now')`, UTC).
    pub created_at: String,
    pub documents: usize,
}

/// One line of the document list.
#[derive(Serialize, Debug, Clone)]
pub struct DocRow {
    pub id: DocId,
    pub external_id: String,
    pub status: Status,
    /// Length of the text in code points.
    pub chars: usize,
    /// Spans of the current gold (or of the pre-annotation while there is no gold).
    pub phi_spans: usize,
    /// Tokens of the current pre-annotation with |p_safe - threshold| under the margin.
    pub uncertain_tokens: usize,
    /// Categories of those spans, as [`PhiType`] serialises (`"DATE"`, `"CITY"`), in
    /// [`PhiType::ALL`] order.
    pub categories: Vec<String>,
}

/// A filter and page of the document list. `limit` 0 means no limit. `category` is a
/// [`PhiType`] as it serialises (`"DATE"`, `"LOCATION_OTHER"`) or as [`PhiType::parse`] reads it
/// (`"LOCATION/CITY"`, `"CITY"`). `search` matches a substring of the external id or the text
/// (ASCII case-insensitive). With `annotator`, `status` (filter and rows) is that annotator's
/// own status; without, the last status anybody set. `sample`: only the narratives of that
/// sample (an annotator's assignment).
#[derive(Deserialize, Default, Debug, Clone)]
#[serde(default)]
pub struct DocFilter {
    pub annotator: Option<String>,
    pub sample: Option<i64>,
    pub status: Option<Status>,
    pub has_uncertain: Option<bool>,
    pub category: Option<String>,
    pub search: Option<String>,
    pub offset: usize,
    pub limit: usize,
}

/// One token of a pre-annotation: where it is, the model's P(SAFE), the threshold it had to
/// reach (infinite when it never can: serialised as `null`) and the rule reason.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct TokenProb {
    pub start: usize,
    pub end: usize,
    pub p_safe: f32,
    #[serde(deserialize_with = "f32_or_infinity")]
    pub threshold: f32,
    pub rule: String,
}

fn f32_or_infinity<'de, D: Deserializer<'de>>(d: D) -> std::result::Result<f32, D::Error> {
    Ok(Option::<f32>::deserialize(d)?.unwrap_or(f32::INFINITY))
}

/// The current model output of a narrative.
#[derive(Serialize, Debug, Clone)]
pub struct PreAnnotation {
    pub model: String,
    pub mode: String,
    pub spans: Vec<Span>,
    pub tokens: Vec<TokenProb>,
    pub created_at: String,
}

#[derive(Serialize, Deserialize, Clone, PartialEq, Eq, Debug, Hash, PartialOrd, Ord)]
pub struct GoldSpan {
    pub start: usize,
    pub end: usize,
    pub kind: PhiType,
}

impl From<&Span> for GoldSpan {
    fn from(s: &Span) -> GoldSpan {
        GoldSpan {
            start: s.start,
            end: s.end,
            kind: s.kind,
        }
    }
}

impl From<&GoldSpan> for Span {
    fn from(s: &GoldSpan) -> Span {
        Span::new(s.start, s.end, s.kind)
    }
}

/// A narrative as the review screen shows it.
#[derive(Serialize, Debug, Clone)]
pub struct DocumentView {
    pub id: DocId,
    pub corpus: CorpusId,
    pub external_id: String,
    pub text: String,
    pub status: Status,
    pub pre: Option<PreAnnotation>,
    /// The latest gold of any annotator; while there is none, the pre-annotation's spans.
    pub gold: Vec<GoldSpan>,
    /// Whether `gold` is real gold (edited or imported) rather than the pre-annotation.
    pub gold_edited: bool,
    /// The latest judgment of any annotator.
    pub judgment: Option<Judgment>,
}

/// One annotator's spans and status of a narrative (`Store::gold_for`): `DocumentView`'s
/// `gold`, `gold_edited` and `status` alone.
#[derive(Serialize, Clone, Debug, PartialEq)]
pub struct GoldView {
    pub id: DocId,
    pub status: Status,
    pub gold: Vec<GoldSpan>,
    pub gold_edited: bool,
}

/// One user edit on one or more documents: spans to remove then spans to add, per document.
/// Several entries for the same document apply in order.
#[derive(Deserialize, Serialize, Clone, Debug)]
pub struct DocEdit {
    pub doc: DocId,
    pub remove: Vec<GoldSpan>,
    pub add: Vec<GoldSpan>,
}

#[derive(Deserialize, Serialize, Clone, Debug)]
pub struct Edit {
    /// What the user did: "toggle", "relabel", "apply to all: ..." (shown in undo/redo menus).
    pub label: String,
    pub changes: Vec<DocEdit>,
}

/// What the masking destroyed, per narrative: the keys of `info` are [`INFO_KEYS`].
#[derive(Serialize, Deserialize, Clone, Debug, Default, PartialEq)]
#[serde(default)]
pub struct Judgment {
    pub info: BTreeMap<String, InfoState>,
    /// Masked token ranges (code points) the pharmacist marked valuable.
    pub valuable_masked: Vec<(usize, usize)>,
    pub verdict: Option<Verdict>,
    pub comment: String,
}

#[derive(Serialize, Deserialize, Clone, Copy, PartialEq, Eq, Debug)]
#[serde(rename_all = "snake_case")]
pub enum InfoState {
    Absent,
    Retained,
    Lost,
}

#[derive(Serialize, Deserialize, Clone, Copy, PartialEq, Eq, Debug)]
#[serde(rename_all = "snake_case")]
pub enum Verdict {
    NothingLost,
    SomeLost,
    CriticalLost,
}

impl Verdict {
    fn as_str(self) -> &'static str {
        match self {
            Verdict::NothingLost => "nothing_lost",
            Verdict::SomeLost => "some_lost",
            Verdict::CriticalLost => "critical_lost",
        }
    }
}

/// What an undo or redo changed.
#[derive(Serialize, Debug, Clone, PartialEq)]
pub struct UndoResult {
    pub label: String,
    pub docs: Vec<DocId>,
}

/// One entry of a narrative's edit history (audit).
#[derive(Serialize, Debug, Clone)]
pub struct HistoryEntry {
    pub edit: i64,
    pub annotator: String,
    pub label: String,
    /// `applied`, `undone`, or `discarded` (undone, then a new edit cleared the redo stack).
    pub state: String,
    pub created_at: String,
    pub before: Vec<GoldSpan>,
    pub after: Vec<GoldSpan>,
}

impl Store {
    /// Opens the plain (unencrypted) database, creating it (and its folder) when missing, and
    /// migrates it. An encrypted database is refused with [`Error::Encrypted`]: open it with
    /// [`Store::open_encrypted`].
    pub fn open(path: &Path) -> Result<Store> {
        if crypt::probe(path)? == DbFile::Encrypted {
            return Err(Error::Encrypted {
                path: path.to_path_buf(),
            });
        }
        Store::open_with(path, None)
    }

    /// Opens (creating when missing) a database, keyed with `key` when given: `PRAGMA key` is the
    /// first statement on the connection and the key is checked by reading `sqlite_master`
    /// before anything else runs, so a wrong key changes nothing.
    pub(crate) fn open_with(path: &Path, key: Option<&Passphrase>) -> Result<Store> {
        let fail = |message: String| Error::Store {
            path: path.to_path_buf(),
            message,
        };
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            deid::fsutil::create_private_dir_all(dir)?;
        }
        // 0600 before SQLite opens it: its -wal and -shm files inherit the database's mode
        deid::fsutil::ensure_private_file(path)?;
        // before this process's first connection, so that a later ATTACH ... KEY is safe too
        if let Err(message) = crypt::sqlcipher_ready() {
            if key.is_some() {
                return Err(fail(message));
            }
        }
        let mut conn = Connection::open(path)
            .map_err(|e| fail(format!("cannot open the annotation database: {e}")))?;
        if let Some(key) = key {
            crypt::apply_key(&conn, path, key)?;
        }
        conn.set_prepared_statement_cache_capacity(64);
        conn.busy_timeout(BUSY_TIMEOUT)
            .map_err(|e| fail(format!("cannot set the busy timeout: {e}")))?;
        let mode =
            wal_mode(&conn).map_err(|e| fail(format!("not a usable SQLite database: {e}")))?;
        if !mode.eq_ignore_ascii_case("wal") {
            return Err(fail(format!(
                "cannot switch to WAL journal mode (got {mode:?}); is the folder on a network drive?"
            )));
        }
        conn.execute_batch("PRAGMA foreign_keys = ON; PRAGMA synchronous = NORMAL;")
            .map_err(|e| fail(format!("cannot set up the connection: {e}")))?;
        match schema::migrate(&mut conn).map_err(|e| fail(format!("migration failed: {e}")))? {
            schema::Migration::UpToDate | schema::Migration::Migrated { .. } => {}
            schema::Migration::TooNew { found, supported } => {
                return Err(fail(format!(
                    "schema version {found} is newer than this program supports ({supported}); \
                     update Deid Studio to open it"
                )))
            }
            schema::Migration::Foreign { application_id } => {
                return Err(fail(format!(
                    "not a Deid Studio annotation database (application id {application_id:#x})"
                )))
            }
        }
        Ok(Store {
            conn,
            path: path.to_path_buf(),
            encrypted: key.is_some(),
        })
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The schema version of the open database.
    pub fn schema_version(&self) -> Result<i64> {
        self.conn
            .row_cached("PRAGMA user_version", [], |r| r.get(0))
            .ctx(&self.path, "reading the schema version")
    }
}

/// `execute` and `query_row` through the connection's prepared-statement cache: an edit runs a
/// dozen small statements, and preparing each one anew costs more than running it.
pub(crate) trait Cached {
    fn exec_cached<P: rusqlite::Params>(&self, sql: &str, params: P) -> rusqlite::Result<usize>;
    fn row_cached<T, P, F>(&self, sql: &str, params: P, f: F) -> rusqlite::Result<T>
    where
        P: rusqlite::Params,
        F: FnOnce(&rusqlite::Row<'_>) -> rusqlite::Result<T>;
}

impl Cached for Connection {
    fn exec_cached<P: rusqlite::Params>(&self, sql: &str, params: P) -> rusqlite::Result<usize> {
        self.prepare_cached(sql)?.execute(params)
    }

    fn row_cached<T, P, F>(&self, sql: &str, params: P, f: F) -> rusqlite::Result<T>
    where
        P: rusqlite::Params,
        F: FnOnce(&rusqlite::Row<'_>) -> rusqlite::Result<T>,
    {
        self.prepare_cached(sql)?.query_row(params, f)
    }
}

/// Error context for SQLite results: the database path and what was being done.
pub(crate) trait Ctx<T> {
    fn ctx(self, path: &Path, what: &str) -> Result<T>;
}

impl<T> Ctx<T> for rusqlite::Result<T> {
    fn ctx(self, path: &Path, what: &str) -> Result<T> {
        self.map_err(|e| Error::Store {
            path: path.to_path_buf(),
            message: format!("{what}: {e}"),
        })
    }
}

pub(crate) fn store_err(path: &Path, message: impl Into<String>) -> Error {
    Error::Store {
        path: path.to_path_buf(),
        message: message.into(),
    }
}

/// The current time as SQLite writes it (UTC, ISO 8601 with milliseconds).
pub(crate) fn now(conn: &Connection, path: &Path) -> Result<String> {
    conn.row_cached("SELECT strftime('%Y-%m-%dT%H:%M:%fZ', 'now')", [], |r| {
        r.get(0)
    })
    .ctx(path, "reading the clock")
}

/// The name a category has in JSON (`"DATE"`, `"LOCATION_OTHER"`).
pub(crate) fn kind_name(kind: PhiType) -> String {
    match serde_json::to_value(kind) {
        Ok(serde_json::Value::String(s)) => s,
        _ => kind.type_name().to_string(),
    }
}

/// A category from its JSON name or anything [`PhiType::parse`] reads.
pub(crate) fn parse_kind(s: &str) -> Option<PhiType> {
    serde_json::from_value(serde_json::Value::String(s.to_string()))
        .ok()
        .or_else(|| PhiType::parse(s))
}

/// The `categories` column: `|DATE|CITY|` (JSON names between bars, [`PhiType::ALL`] order).
pub(crate) fn categories_column(spans: &[GoldSpan]) -> String {
    let kinds: BTreeSet<PhiType> = spans.iter().map(|s| s.kind).collect();
    let mut out = String::from("|");
    for k in kinds {
        out.push_str(&kind_name(k));
        out.push('|');
    }
    out
}

/// Checks spans against a text of `chars` code points: non-empty, inside the text, no overlaps.
/// The message names offsets and categories only.
pub(crate) fn check_spans(spans: &[GoldSpan], chars: usize) -> std::result::Result<(), String> {
    for s in spans {
        if s.end <= s.start {
            return Err(format!(
                "span {}..{} ({}) is empty or reversed",
                s.start, s.end, s.kind
            ));
        }
        if s.end > chars {
            return Err(format!(
                "span {}..{} ({}) ends past the text ({chars} characters)",
                s.start, s.end, s.kind
            ));
        }
    }
    let mut sorted: Vec<&GoldSpan> = spans.iter().collect();
    sorted.sort();
    for w in sorted.windows(2) {
        if w[1].start < w[0].end {
            return Err(format!(
                "spans {}..{} ({}) and {}..{} ({}) overlap",
                w[0].start, w[0].end, w[0].kind, w[1].start, w[1].end, w[1].kind
            ));
        }
    }
    Ok(())
}

pub(crate) fn spans_json(spans: &[GoldSpan]) -> String {
    serde_json::to_string(spans).expect("spans serialise")
}

pub(crate) fn parse_spans(path: &Path, json: &str, what: &str) -> Result<Vec<GoldSpan>> {
    serde_json::from_str(json).map_err(|e| store_err(path, format!("{what}: bad span JSON: {e}")))
}

/// The current gold of a narrative: the newest gold row of any annotator, else the current
/// pre-annotation's spans (sorted), else nothing. The flag says whether it is real gold.
pub(crate) fn current_gold(
    conn: &Connection,
    path: &Path,
    doc: DocId,
) -> Result<(Vec<GoldSpan>, bool)> {
    let gold: Option<String> = conn
        .row_cached(
            "SELECT spans FROM gold WHERE doc_id = ?1 ORDER BY id DESC LIMIT 1",
            [doc],
            |r| r.get(0),
        )
        .optional()
        .ctx(path, "reading gold")?;
    if let Some(json) = gold {
        let mut spans = parse_spans(path, &json, &format!("gold of document {doc}"))?;
        spans.sort();
        return Ok((spans, true));
    }
    Ok((pre_annotation_spans(conn, path, doc)?, false))
}

/// The newest pre-annotation's spans of a narrative, sorted (none: empty): where every
/// annotator's work starts.
pub(crate) fn pre_annotation_spans(
    conn: &Connection,
    path: &Path,
    doc: DocId,
) -> Result<Vec<GoldSpan>> {
    let pre: Option<String> = conn
        .row_cached(
            "SELECT spans FROM pre_annotation WHERE doc_id = ?1 ORDER BY id DESC LIMIT 1",
            [doc],
            |r| r.get(0),
        )
        .optional()
        .ctx(path, "reading the pre-annotation")?;
    let mut spans = match pre {
        Some(json) => parse_spans(path, &json, &format!("pre-annotation of document {doc}"))?,
        None => Vec::new(),
    };
    spans.sort();
    Ok(spans)
}

/// Recomputes the denormalised columns of `document` that depend on the gold.
pub(crate) fn refresh_gold_summary(
    conn: &Connection,
    path: &Path,
    doc: DocId,
    now: &str,
) -> Result<()> {
    let (spans, edited) = current_gold(conn, path, doc)?;
    conn.exec_cached(
        "UPDATE document SET phi_spans = ?2, categories = ?3, gold_edited = ?4, updated_at = ?5
         WHERE id = ?1",
        rusqlite::params![
            doc,
            spans.len() as i64,
            categories_column(&spans),
            edited,
            now
        ],
    )
    .ctx(path, "updating the document summary")?;
    Ok(())
}

/// The status and length of a narrative, or an error naming the missing id.
pub(crate) fn doc_status_chars(
    conn: &Connection,
    path: &Path,
    doc: DocId,
) -> Result<(Status, usize)> {
    let row: Option<(String, i64)> = conn
        .row_cached(
            "SELECT status, chars FROM document WHERE id = ?1",
            [doc],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
        .optional()
        .ctx(path, "reading a document")?;
    let (status, chars) = row.ok_or_else(|| store_err(path, format!("no document {doc}")))?;
    let status = Status::parse(&status)
        .ok_or_else(|| store_err(path, format!("document {doc}: unknown status {status:?}")))?;
    Ok((status, chars as usize))
}

/// Switch the connection to WAL and return the journal mode SQLite reports. Switching needs a
/// moment of exclusive access, and SQLite answers "database is locked" at once, without the busy
/// handler, while another program is creating or recovering the same new file (seen with two
/// app windows started together); that is retried for up to [`BUSY_TIMEOUT`].
fn wal_mode(conn: &Connection) -> rusqlite::Result<String> {
    let started = std::time::Instant::now();
    loop {
        match conn.query_row("PRAGMA journal_mode = WAL", [], |r| r.get::<_, String>(0)) {
            Err(rusqlite::Error::SqliteFailure(e, _))
                if matches!(
                    e.code,
                    rusqlite::ErrorCode::DatabaseBusy | rusqlite::ErrorCode::DatabaseLocked
                ) && started.elapsed() < BUSY_TIMEOUT =>
            {
                std::thread::sleep(std::time::Duration::from_millis(10));
            }
            other => return other,
        }
    }
}
