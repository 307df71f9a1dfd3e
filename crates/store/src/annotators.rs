//! Annotators and what is each one's own: gold spans, review status and judgment.
//!
//! Each annotator works on their **own version** of a narrative: their own gold row when they
//! have edited it, else the starting point every annotator shares: the gold that came with the
//! import (i2b2 XML tags, annotator `import`), else the model's pre-annotation. Never another
//! person's work: nobody sees or overwrites someone else's spans, status or judgment. The
//! adjudicated gold is the version of the reserved annotator `adjudicated`, written only by
//! [`Store::adjudicate`](super::Store::adjudicate).

use super::{
    doc_status_chars, now, parse_spans, store_err, Cached, CorpusSummary, Ctx, DocId, DocumentView,
    GoldSpan, GoldView, Judgment, Status, Store,
};
use deid::error::Result;
use rusqlite::{params, Connection, OptionalExtension};
use std::path::Path;

/// The annotator of gold imported with the narratives (i2b2 XML tags).
pub const IMPORTED: &str = "import";
/// The annotator whose version is the adjudicated gold.
pub const ADJUDICATED: &str = "adjudicated";

/// The longest annotator name, in characters.
const MAX_NAME_CHARS: usize = 64;

/// A person's name as it is stored: trimmed, 1 to 64 characters, no control characters, not a
/// reserved name (`import`, `adjudicated`, in any case).
pub fn check_annotator_name(path: &Path, name: &str) -> Result<String> {
    let name = name.trim();
    if name.is_empty() {
        return Err(store_err(path, "an annotator needs a name"));
    }
    if name.chars().count() > MAX_NAME_CHARS {
        return Err(store_err(
            path,
            format!("an annotator's name has at most {MAX_NAME_CHARS} characters"),
        ));
    }
    if name.chars().any(char::is_control) {
        return Err(store_err(
            path,
            "an annotator's name cannot hold control characters",
        ));
    }
    if [IMPORTED, ADJUDICATED]
        .iter()
        .any(|r| r.eq_ignore_ascii_case(name))
    {
        return Err(store_err(
            path,
            format!("{name:?} is reserved (imported and adjudicated gold), not a person's name"),
        ));
    }
    Ok(name.to_string())
}

/// Records `name` as an annotator (nothing when already there).
pub(crate) fn register(conn: &Connection, path: &Path, name: &str, now: &str) -> Result<()> {
    conn.exec_cached(
        "INSERT OR IGNORE INTO annotator (name, created_at) VALUES (?1, ?2)",
        params![name, now],
    )
    .ctx(path, "recording an annotator")?;
    Ok(())
}

/// This annotator's status of a narrative (`new` until they do something).
pub(crate) fn own_status(
    conn: &Connection,
    path: &Path,
    doc: DocId,
    annotator: &str,
) -> Result<Status> {
    let s: Option<String> = conn
        .row_cached(
            "SELECT status FROM annotator_status WHERE doc_id = ?1 AND annotator = ?2",
            params![doc, annotator],
            |r| r.get(0),
        )
        .optional()
        .ctx(path, "reading a status")?;
    match s {
        None => Ok(Status::New),
        Some(s) => Status::parse(&s)
            .ok_or_else(|| store_err(path, format!("document {doc}: unknown status {s:?}"))),
    }
}

pub(crate) fn put_own_status(
    conn: &Connection,
    path: &Path,
    doc: DocId,
    annotator: &str,
    status: Status,
    now: &str,
) -> Result<()> {
    conn.exec_cached(
        "INSERT INTO annotator_status (doc_id, annotator, status, updated_at)
         VALUES (?1, ?2, ?3, ?4)
         ON CONFLICT (doc_id, annotator) DO UPDATE SET status = ?3, updated_at = ?4",
        params![doc, annotator, status.as_str(), now],
    )
    .ctx(path, "setting a status")?;
    Ok(())
}

/// The spans this annotator works on (see the module documentation) and whether they are real
/// gold (the annotator's own or imported) rather than the pre-annotation.
pub(crate) fn version_spans(
    conn: &Connection,
    path: &Path,
    doc: DocId,
    annotator: &str,
) -> Result<(Vec<GoldSpan>, bool)> {
    let what = format!("gold of document {doc}");
    for who in [annotator, IMPORTED] {
        let json: Option<String> = conn
            .row_cached(
                "SELECT spans FROM gold WHERE doc_id = ?1 AND annotator = ?2",
                params![doc, who],
                |r| r.get(0),
            )
            .optional()
            .ctx(path, "reading gold")?;
        if let Some(json) = json {
            let mut spans = parse_spans(path, &json, &what)?;
            spans.sort();
            return Ok((spans, true));
        }
    }
    Ok((super::pre_annotation_spans(conn, path, doc)?, false))
}

/// This annotator's judgment of a narrative.
pub(crate) fn own_judgment(
    conn: &Connection,
    path: &Path,
    doc: DocId,
    annotator: &str,
) -> Result<Option<Judgment>> {
    let json: Option<String> = conn
        .row_cached(
            "SELECT data FROM judgment WHERE doc_id = ?1 AND annotator = ?2",
            params![doc, annotator],
            |r| r.get(0),
        )
        .optional()
        .ctx(path, "reading a judgment")?;
    json.map(|j| {
        serde_json::from_str(&j)
            .map_err(|e| store_err(path, format!("judgment of document {doc}: bad JSON: {e}")))
    })
    .transpose()
}

/// The number of spans of the annotator's version in the document list (`?` is the annotator):
/// their own gold, else the imported gold, else the newest pre-annotation. Computed per listed
/// row (a page at a time) so that nobody's list counts another person's spans.
pub(crate) const OWN_PHI_SPANS_SQL: &str = "COALESCE(\
    (SELECT json_array_length(g.spans) FROM gold g WHERE g.doc_id = d.id AND g.annotator = ?), \
    (SELECT json_array_length(g.spans) FROM gold g WHERE g.doc_id = d.id AND g.annotator = 'import'), \
    (SELECT json_array_length(p.spans) FROM pre_annotation p WHERE p.doc_id = d.id \
     ORDER BY p.id DESC LIMIT 1), 0)";

impl Store {
    /// The corpora with this annotator's own progress (new / in review / done).
    pub fn corpora_for(&self, annotator: &str) -> Result<Vec<CorpusSummary>> {
        let mut stmt = self
            .conn
            .prepare(
                "SELECT c.id, c.name, COUNT(d.id),
                        COALESCE(SUM(d.id IS NOT NULL AND COALESCE(s.status, 'new') = 'new'), 0),
                        COALESCE(SUM(s.status = 'in_review'), 0),
                        COALESCE(SUM(s.status = 'done'), 0)
                 FROM corpus c LEFT JOIN document d ON d.corpus_id = c.id
                 LEFT JOIN annotator_status s ON s.doc_id = d.id AND s.annotator = ?1
                 GROUP BY c.id ORDER BY c.name",
            )
            .ctx(&self.path, "listing corpora")?;
        let rows = stmt
            .query_map([annotator], CorpusSummary::from_row)
            .and_then(|rows| rows.collect::<rusqlite::Result<Vec<_>>>())
            .ctx(&self.path, "listing corpora")?;
        Ok(rows)
    }

    /// Every annotator, by name.
    pub fn annotators(&self) -> Result<Vec<String>> {
        let mut stmt = self
            .conn
            .prepare("SELECT name FROM annotator ORDER BY name COLLATE NOCASE")
            .ctx(&self.path, "listing annotators")?;
        let rows = stmt
            .query_map([], |r| r.get(0))
            .and_then(|rows| rows.collect::<rusqlite::Result<Vec<String>>>())
            .ctx(&self.path, "listing annotators")?;
        Ok(rows)
    }

    /// Adds an annotator (an existing name is fine: choosing it again changes nothing) and
    /// returns the name as stored (trimmed).
    pub fn add_annotator(&mut self, name: &str) -> Result<String> {
        let name = check_annotator_name(&self.path, name)?;
        let now = now(&self.conn, &self.path)?;
        register(&self.conn, &self.path, &name, &now)?;
        Ok(name)
    }

    /// A narrative as `annotator` sees it: their own version of the spans (see the module
    /// documentation), their own status and their own judgment. `adjudicated` is accepted here
    /// (reading the adjudicated gold).
    pub fn document_for(&self, id: DocId, annotator: &str) -> Result<DocumentView> {
        let mut view = self.document(id)?;
        let (gold, edited) = version_spans(&self.conn, &self.path, id, annotator)?;
        view.gold = gold;
        view.gold_edited = edited;
        view.status = own_status(&self.conn, &self.path, id, annotator)?;
        view.judgment = own_judgment(&self.conn, &self.path, id, annotator)?;
        Ok(view)
    }

    /// This annotator's spans and status of a narrative, without its text or pre-annotation: what
    /// the app reads back after an edit (a 20,000-character narrative's whole view is ~0.5 MB).
    pub fn gold_for(&self, id: DocId, annotator: &str) -> Result<GoldView> {
        doc_status_chars(&self.conn, &self.path, id)?;
        let (gold, gold_edited) = version_spans(&self.conn, &self.path, id, annotator)?;
        let status = own_status(&self.conn, &self.path, id, annotator)?;
        Ok(GoldView {
            id,
            status,
            gold,
            gold_edited,
        })
    }

    /// Sets this annotator's status of a narrative (and `document.status`, the last status
    /// anybody set, which the corpus counts show).
    pub fn set_status_for(&mut self, doc: DocId, annotator: &str, status: Status) -> Result<()> {
        let path = &self.path;
        let annotator = check_annotator_name(path, annotator)?;
        let tx = self.conn.transaction().ctx(path, "setting the status")?;
        doc_status_chars(&tx, path, doc)?;
        let now = now(&tx, path)?;
        register(&tx, path, &annotator, &now)?;
        put_own_status(&tx, path, doc, &annotator, status, &now)?;
        tx.exec_cached(
            "UPDATE document SET status = ?2, updated_at = ?3 WHERE id = ?1",
            params![doc, status.as_str(), now],
        )
        .ctx(path, "setting the status")?;
        tx.commit().ctx(path, "setting the status")
    }

    /// This annotator's status of a narrative.
    pub fn status_for(&self, doc: DocId, annotator: &str) -> Result<Status> {
        doc_status_chars(&self.conn, &self.path, doc)?;
        own_status(&self.conn, &self.path, doc, annotator)
    }
}
