//! The database schema and its versioned migrations. `PRAGMA user_version` holds the number of
//! migrations applied; each migration runs in its own transaction together with the version bump,
//! so a crash leaves the database at one version or the next, never between.
//!
//! Tables (version 1):
//!
//! * `corpus`: a named collection of narratives.
//! * `document`: one narrative's metadata plus the denormalised counts the document list filters
//!   on (`phi_spans`, `uncertain_tokens`, `categories`, `gold_edited`), kept up to date whenever a
//!   pre-annotation or gold changes, so listing 50,000 narratives never parses JSON. The list is
//!   in id order: by `(corpus_id, status)` (rowid order within a status) or by scanning the
//!   table in rowid order; an index on the uncertain count would make SQLite sort instead.
//! * `document_text`: the exact narrative text, apart from `document` so that scanning the list
//!   stays small.
//! * `pre_annotation`: model output per narrative (spans and per-token probabilities as JSON);
//!   the current one is the newest row.
//! * `gold`: one row per narrative and annotator with the annotator's whole span set (JSON). The
//!   current gold of a narrative is the row with the highest id (AUTOINCREMENT: ids are never
//!   reused, so undo/redo can put a row back under its old id and the order is kept).
//! * `edit` / `edit_document`: the edit history, persistent for undo/redo across restarts and
//!   kept for audit (state `applied`, `undone`, or `discarded` when a new edit cleared the redo
//!   stack); per narrative the gold the edit started from (what the annotator saw), the
//!   annotator's own gold row before and after (with row ids) and the status before/after.
//! * `judgment`: the pharmacist's causality-information judgment per narrative and annotator.
//!
//! Version 2:
//!
//! * `audit`: who exported what, when and where (one row per export; never updated).
//!
//! Version 3 (annotation teams: every annotator's work is their own):
//!
//! * `annotator`: the people who annotate (chosen or created in the app). `import` (gold that
//!   came with an i2b2 XML import) and `adjudicated` (the adjudicated gold) are reserved names,
//!   never people.
//! * `annotator_status`: each annotator's own review status per narrative (`document.status`
//!   stays as the last status anybody set, for the corpus-wide counts).
//! * `sample` / `sample_document` / `sample_annotator`: a set of narratives of a corpus assigned
//!   to several annotators, whose agreement is measured.
//! * `adjudication`: every adjudication decision (append-only: who decided, between which two
//!   annotators, the spans decided); the current adjudicated gold is the `gold` row of annotator
//!   `adjudicated`.
//! * `edit_document.own_status_before` / `own_status_after`: the editing annotator's own status
//!   around an edit (NULL for edits made before version 3).
//!
//! Migrating to version 3 keeps every row; it registers every name found in `gold`,
//! `judgment` and `edit` as an annotator and gives each of them, for the narratives they edited
//! or judged, the narrative's status at the time of the migration (a status set before version 3
//! was one status for everybody).

use rusqlite::Connection;

/// Identifies a Deid Studio annotation database (`PRAGMA application_id`, "DEID").
pub const APPLICATION_ID: i32 = 0x4445_4944;

/// The migrations, in order; `user_version` = how many have been applied.
pub const MIGRATIONS: &[&str] = &[V1, V2, V3, V4];

/// Version 4: undo per narrative. Each narrative's part of an edit has its own state, so that
/// undoing on one narrative leaves the others as they are (an edit's own `state` becomes a
/// summary: applied while any part is); an edit remembers the narrative it was made from
/// (`origin_doc`: an apply-to-all made on one narrative is undone from there).
const V4: &str = r#"
ALTER TABLE edit_document ADD COLUMN state TEXT NOT NULL DEFAULT 'applied'
    CHECK (state IN ('applied', 'undone', 'discarded'));
ALTER TABLE edit ADD COLUMN origin_doc INTEGER REFERENCES document(id) ON DELETE SET NULL;
UPDATE edit_document SET state = (SELECT e.state FROM edit e WHERE e.id = edit_document.edit_id);
CREATE INDEX edit_document_doc_state ON edit_document (doc_id, state, edit_id);
"#;

const V3: &str = r#"
CREATE TABLE annotator (
    name        TEXT PRIMARY KEY,
    created_at  TEXT NOT NULL
);

CREATE TABLE annotator_status (
    doc_id      INTEGER NOT NULL REFERENCES document(id) ON DELETE CASCADE,
    annotator   TEXT NOT NULL,
    status      TEXT NOT NULL CHECK (status IN ('new', 'in_review', 'done')),
    updated_at  TEXT NOT NULL,
    PRIMARY KEY (doc_id, annotator)
);
CREATE INDEX annotator_status_annotator ON annotator_status (annotator, status);

CREATE TABLE sample (
    id          INTEGER PRIMARY KEY,
    corpus_id   INTEGER NOT NULL REFERENCES corpus(id) ON DELETE CASCADE,
    name        TEXT NOT NULL,
    created_by  TEXT NOT NULL,
    created_at  TEXT NOT NULL,
    UNIQUE (corpus_id, name)
);

CREATE TABLE sample_document (
    sample_id   INTEGER NOT NULL REFERENCES sample(id) ON DELETE CASCADE,
    doc_id      INTEGER NOT NULL REFERENCES document(id) ON DELETE CASCADE,
    PRIMARY KEY (sample_id, doc_id)
);

CREATE TABLE sample_annotator (
    sample_id   INTEGER NOT NULL REFERENCES sample(id) ON DELETE CASCADE,
    annotator   TEXT NOT NULL,
    PRIMARY KEY (sample_id, annotator)
);

CREATE TABLE adjudication (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    doc_id       INTEGER NOT NULL REFERENCES document(id) ON DELETE CASCADE,
    adjudicator  TEXT NOT NULL,
    annotator_a  TEXT NOT NULL,
    annotator_b  TEXT NOT NULL,
    spans        TEXT NOT NULL,
    decided_at   TEXT NOT NULL
);
CREATE INDEX adjudication_doc ON adjudication (doc_id, id);

ALTER TABLE edit_document ADD COLUMN own_status_before TEXT;
ALTER TABLE edit_document ADD COLUMN own_status_after TEXT;

INSERT OR IGNORE INTO annotator (name, created_at)
    SELECT annotator, MIN(at) FROM (
        SELECT annotator, updated_at AS at FROM gold
        UNION ALL SELECT annotator, updated_at FROM judgment
        UNION ALL SELECT annotator, created_at FROM edit)
    WHERE annotator NOT IN ('import', 'adjudicated') AND trim(annotator) <> ''
    GROUP BY annotator;

INSERT OR IGNORE INTO annotator_status (doc_id, annotator, status, updated_at)
    SELECT x.doc_id, x.annotator, d.status, d.updated_at FROM (
        SELECT doc_id, annotator FROM gold
        UNION SELECT doc_id, annotator FROM judgment) x
    JOIN document d ON d.id = x.doc_id
    WHERE x.annotator IN (SELECT name FROM annotator);
"#;

const V2: &str = r#"
CREATE TABLE audit (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    at          TEXT NOT NULL,
    who         TEXT NOT NULL,
    action      TEXT NOT NULL,
    corpus_id   INTEGER,
    target      TEXT NOT NULL,
    documents   INTEGER NOT NULL,
    detail      TEXT NOT NULL DEFAULT ''
);
"#;

const V1: &str = r#"
CREATE TABLE corpus (
    id          INTEGER PRIMARY KEY,
    name        TEXT NOT NULL UNIQUE,
    source      TEXT NOT NULL,
    created_at  TEXT NOT NULL
);

CREATE TABLE document (
    id               INTEGER PRIMARY KEY,
    corpus_id        INTEGER NOT NULL REFERENCES corpus(id) ON DELETE CASCADE,
    external_id      TEXT NOT NULL,
    source           TEXT NOT NULL,
    status           TEXT NOT NULL DEFAULT 'new' CHECK (status IN ('new', 'in_review', 'done')),
    chars            INTEGER NOT NULL,
    phi_spans        INTEGER NOT NULL DEFAULT 0,
    uncertain_tokens INTEGER NOT NULL DEFAULT 0,
    categories       TEXT NOT NULL DEFAULT '|',
    gold_edited      INTEGER NOT NULL DEFAULT 0,
    created_at       TEXT NOT NULL,
    updated_at       TEXT NOT NULL,
    UNIQUE (corpus_id, external_id)
);
CREATE INDEX document_corpus_status ON document (corpus_id, status);

CREATE TABLE document_text (
    doc_id  INTEGER PRIMARY KEY REFERENCES document(id) ON DELETE CASCADE,
    text    TEXT NOT NULL
);

CREATE TABLE pre_annotation (
    id                INTEGER PRIMARY KEY,
    doc_id            INTEGER NOT NULL REFERENCES document(id) ON DELETE CASCADE,
    model             TEXT NOT NULL,
    mode              TEXT NOT NULL,
    spans             TEXT NOT NULL,
    tokens            TEXT NOT NULL,
    uncertain_margin  REAL NOT NULL,
    uncertain_tokens  INTEGER NOT NULL,
    created_at        TEXT NOT NULL
);
CREATE INDEX pre_annotation_doc ON pre_annotation (doc_id, id);

CREATE TABLE gold (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    doc_id      INTEGER NOT NULL REFERENCES document(id) ON DELETE CASCADE,
    annotator   TEXT NOT NULL,
    spans       TEXT NOT NULL,
    updated_at  TEXT NOT NULL,
    UNIQUE (doc_id, annotator)
);
CREATE INDEX gold_doc ON gold (doc_id, id);

CREATE TABLE edit (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    annotator   TEXT NOT NULL,
    label       TEXT NOT NULL,
    state       TEXT NOT NULL DEFAULT 'applied'
                CHECK (state IN ('applied', 'undone', 'discarded')),
    created_at  TEXT NOT NULL,
    changed_at  TEXT NOT NULL
);
CREATE INDEX edit_annotator_state ON edit (annotator, state, id);

CREATE TABLE edit_document (
    edit_id            INTEGER NOT NULL REFERENCES edit(id) ON DELETE CASCADE,
    doc_id             INTEGER NOT NULL REFERENCES document(id) ON DELETE CASCADE,
    before_view        TEXT NOT NULL,
    before_gold_id     INTEGER,
    before_spans       TEXT,
    before_updated_at  TEXT,
    after_gold_id      INTEGER NOT NULL,
    after_spans        TEXT NOT NULL,
    after_updated_at   TEXT NOT NULL,
    status_before      TEXT NOT NULL,
    status_after       TEXT NOT NULL,
    PRIMARY KEY (edit_id, doc_id)
);
CREATE INDEX edit_document_doc ON edit_document (doc_id);

CREATE TABLE judgment (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    doc_id      INTEGER NOT NULL REFERENCES document(id) ON DELETE CASCADE,
    annotator   TEXT NOT NULL,
    data        TEXT NOT NULL,
    verdict     TEXT,
    updated_at  TEXT NOT NULL,
    UNIQUE (doc_id, annotator)
);
CREATE INDEX judgment_doc ON judgment (doc_id, id);
"#;

/// What `migrate` found and did.
pub enum Migration {
    UpToDate,
    Migrated {
        from: i64,
        to: i64,
    },
    /// The database was written by a newer program.
    TooNew {
        found: i64,
        supported: i64,
    },
    /// The file is a SQLite database of something else.
    Foreign {
        application_id: i32,
    },
}

/// Brings the database to the latest version.
pub fn migrate(conn: &mut Connection) -> rusqlite::Result<Migration> {
    // The three facts from one snapshot (one read transaction): read one by one, another
    // program creating the same new file could commit between them, and "no version, no
    // application id, but tables" would call our own fresh database foreign.
    let (version, app, tables) = {
        let tx = conn.transaction()?;
        let version: i64 = tx.query_row("PRAGMA user_version", [], |r| r.get(0))?;
        let app: i32 = tx.query_row("PRAGMA application_id", [], |r| r.get(0))?;
        let tables = has_tables(&tx)?;
        tx.commit()?;
        (version, app, tables)
    };
    let latest = MIGRATIONS.len() as i64;
    if app != APPLICATION_ID && (version > 0 || app != 0 || tables) {
        return Ok(Migration::Foreign {
            application_id: app,
        });
    }
    if version > latest {
        return Ok(Migration::TooNew {
            found: version,
            supported: latest,
        });
    }
    if version == latest {
        return Ok(Migration::UpToDate);
    }
    for (i, sql) in MIGRATIONS.iter().enumerate().skip(version as usize) {
        // Another program may be creating or upgrading the same file right now (the app and
        // `deid` on a new database): take the write lock first, then look again at what is
        // applied, so that each migration runs once.
        let tx = conn.transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)?;
        let applied: i64 = tx.query_row("PRAGMA user_version", [], |r| r.get(0))?;
        if applied > i as i64 {
            tx.commit()?;
            continue;
        }
        tx.execute_batch(sql)?;
        tx.execute_batch(&format!(
            "PRAGMA user_version = {}; PRAGMA application_id = {APPLICATION_ID};",
            i + 1
        ))?;
        tx.commit()?;
    }
    Ok(Migration::Migrated {
        from: version,
        to: latest,
    })
}

fn has_tables(conn: &Connection) -> rusqlite::Result<bool> {
    conn.query_row(
        "SELECT EXISTS (SELECT 1 FROM sqlite_master WHERE type = 'table')",
        [],
        |r| r.get(0),
    )
}
