//! Gold edits with a persistent undo/redo history.
//!
//! An edit works on what the annotator sees: their own version of each narrative (their own gold
//! row, else the imported gold, else the pre-annotation: never another annotator's work, see
//! `annotators`). It removes then adds spans, and the result becomes this annotator's gold row;
//! their own status goes from `new` to `in_review`. The history keeps, per narrative, the
//! annotator's row before (or none) and after, with their row ids, so undo and redo put back
//! exactly the rows that were there, under the same ids (gold ids are AUTOINCREMENT, never
//! reused, and the newest id is the current gold).
//!
//! Undo works per narrative, as editors do ([`Scope::Document`]): it reverts the latest edit
//! that changed the narrative on screen, or was made from it (an apply-to-all made there), and
//! leaves every other narrative as it is. Of an edit that changed several narratives at once,
//! every part is reverted whose narrative has not been edited since; a narrative edited since
//! keeps it. Each narrative's part keeps its own state (`edit_document.state`); per narrative,
//! undone parts are always the newest ones, and a new edit of a narrative discards that
//! narrative's redo.

use super::annotators::{
    check_annotator_name, own_status, put_own_status, register, version_spans,
};
use super::{
    check_spans, doc_status_chars, now, parse_spans, refresh_gold_summary, spans_json, store_err,
    Cached, Ctx, DocId, Edit, GoldSpan, HistoryEntry, Status, Store, UndoResult,
};
use deid::error::Result;
use rusqlite::{params, Connection, OptionalExtension};
use std::collections::btree_map::Entry;
use std::collections::BTreeMap;
use std::path::Path;

/// This annotator's gold row of one narrative.
struct GoldRow {
    id: i64,
    spans: String,
    updated_at: String,
}

fn own_row(conn: &Connection, path: &Path, doc: DocId, annotator: &str) -> Result<Option<GoldRow>> {
    conn.row_cached(
        "SELECT id, spans, updated_at FROM gold WHERE doc_id = ?1 AND annotator = ?2",
        params![doc, annotator],
        |r| {
            Ok(GoldRow {
                id: r.get(0)?,
                spans: r.get(1)?,
                updated_at: r.get(2)?,
            })
        },
    )
    .optional()
    .ctx(path, "reading gold")
}

/// Replaces this annotator's gold row of `doc` by `row` (or removes it).
fn put_row(
    conn: &Connection,
    path: &Path,
    doc: DocId,
    annotator: &str,
    row: Option<&GoldRow>,
) -> Result<()> {
    conn.exec_cached(
        "DELETE FROM gold WHERE doc_id = ?1 AND annotator = ?2",
        params![doc, annotator],
    )
    .ctx(path, "replacing gold")?;
    if let Some(r) = row {
        conn.exec_cached(
            "INSERT INTO gold (id, doc_id, annotator, spans, updated_at) VALUES (?1, ?2, ?3, ?4, ?5)",
            params![r.id, doc, annotator, r.spans, r.updated_at],
        )
        .ctx(path, "replacing gold")?;
    }
    Ok(())
}

/// Which history an undo or redo walks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Scope {
    /// Everything this annotator edited, newest first.
    Annotator,
    /// The edits of one narrative.
    Document(DocId),
}

/// The edit the next undo (the newest with an applied part) or redo (the oldest with an undone
/// part) in `scope` would step, with its label. On a narrative, the edits made from it count
/// too (`origin_doc`), unless `parts_only`.
fn next_edit(
    conn: &Connection,
    path: &Path,
    annotator: &str,
    undo: bool,
    scope: Scope,
) -> Result<Option<(i64, String)>> {
    next_edit_of(conn, path, annotator, undo, scope, false)
}

fn next_edit_of(
    conn: &Connection,
    path: &Path,
    annotator: &str,
    undo: bool,
    scope: Scope,
    parts_only: bool,
) -> Result<Option<(i64, String)>> {
    let (state, order) = if undo {
        ("applied", "DESC")
    } else {
        ("undone", "ASC")
    };
    let doc_filter = match (scope, parts_only) {
        (Scope::Annotator, _) => "",
        (Scope::Document(_), true) => "AND x.doc_id = ?3",
        (Scope::Document(_), false) => "AND (x.doc_id = ?3 OR e.origin_doc = ?3)",
    };
    let sql = format!(
        "SELECT e.id, e.label FROM edit_document x JOIN edit e ON e.id = x.edit_id
         WHERE e.annotator = ?1 AND x.state = ?2 {doc_filter}
         ORDER BY e.id {order} LIMIT 1"
    );
    let found = match scope {
        Scope::Annotator => conn.row_cached(&sql, params![annotator, state], |r| {
            Ok((r.get(0)?, r.get(1)?))
        }),
        Scope::Document(doc) => conn.row_cached(&sql, params![annotator, state, doc], |r| {
            Ok((r.get(0)?, r.get(1)?))
        }),
    };
    found.optional().ctx(path, "reading the edit history")
}

/// One narrative's part of an edit as stored: the doc, its gold row before (id, spans, time),
/// after (id, spans, time), the document status before and after, the annotator's own status
/// before and after (absent for edits made before schema version 3).
type PartRow = (
    DocId,
    Option<i64>,
    Option<String>,
    Option<String>,
    i64,
    String,
    String,
    String,
    String,
    Option<String>,
    Option<String>,
);

/// The parts of edit `edit_id` in state `from_state` that this step moves. Annotator-wide: all of
/// them. On a narrative: each part whose narrative has this edit as its newest step (undo) or
/// next step (redo); a narrative edited since keeps its part.
fn step_rows(
    conn: &Connection,
    path: &Path,
    annotator: &str,
    undo: bool,
    scope: Scope,
    edit_id: i64,
    from_state: &str,
) -> Result<Vec<PartRow>> {
    let what = if undo { "undo" } else { "redo" };
    let rows: Vec<PartRow> = {
        let mut stmt = conn
            .prepare_cached(
                "SELECT doc_id, before_gold_id, before_spans, before_updated_at, after_gold_id,
                    after_spans, after_updated_at, status_before, status_after,
                    own_status_before, own_status_after
                 FROM edit_document WHERE edit_id = ?1 AND state = ?2 ORDER BY rowid",
            )
            .ctx(path, what)?;
        let rows = stmt
            .query_map(params![edit_id, from_state], |r| {
                Ok((
                    r.get(0)?,
                    r.get(1)?,
                    r.get(2)?,
                    r.get(3)?,
                    r.get(4)?,
                    r.get(5)?,
                    r.get(6)?,
                    r.get(7)?,
                    r.get(8)?,
                    r.get(9)?,
                    r.get(10)?,
                ))
            })
            .and_then(|rows| rows.collect::<rusqlite::Result<Vec<_>>>())
            .ctx(path, what)?;
        rows
    };
    if scope == Scope::Annotator {
        return Ok(rows);
    }
    let mut keep = Vec::with_capacity(rows.len());
    for row in rows {
        let next = next_edit_of(conn, path, annotator, undo, Scope::Document(row.0), true)?;
        if next.map(|(id, _)| id) == Some(edit_id) {
            keep.push(row);
        }
    }
    Ok(keep)
}

fn set_status(conn: &Connection, path: &Path, doc: DocId, status: Status) -> Result<()> {
    conn.exec_cached(
        "UPDATE document SET status = ?2 WHERE id = ?1",
        params![doc, status.as_str()],
    )
    .ctx(path, "setting the status")?;
    Ok(())
}

impl Store {
    /// Applies one user edit in one transaction and records it for undo/redo; returns its id.
    /// Fails, changing nothing, when a document does not exist, a span to remove is not in the
    /// current gold, or the result has a span outside the text, empty, or overlapping another.
    /// A new narrative goes to `in_review`. Clears this annotator's redo stack.
    pub fn apply_edit(&mut self, annotator: &str, edit: &Edit) -> Result<i64> {
        self.apply_edit_from(annotator, edit, None)
    }

    /// [`Store::apply_edit`], made while narrative `origin` was on screen: undo on `origin`
    /// reverts it even when it changed only other narratives (an apply-to-all).
    pub fn apply_edit_from(
        &mut self,
        annotator: &str,
        edit: &Edit,
        origin: Option<DocId>,
    ) -> Result<i64> {
        let path = &self.path;
        // a person's name: the reserved versions (imported, adjudicated) are never edited here
        let annotator = check_annotator_name(path, annotator)
            .map_err(|e| store_err(path, format!("an edit needs an annotator: {e}")))?;
        let annotator = annotator.as_str();
        if edit.changes.is_empty() {
            return Err(store_err(
                path,
                format!("edit {:?} changes nothing", edit.label),
            ));
        }
        let tx = self.conn.transaction().ctx(path, "starting an edit")?;
        let now = now(&tx, path)?;

        // The working gold of every document touched, in first-touched order.
        let mut order: Vec<DocId> = Vec::new();
        let mut work: BTreeMap<DocId, (Vec<GoldSpan>, Status, usize)> = BTreeMap::new();
        let mut views: BTreeMap<DocId, String> = BTreeMap::new();
        for change in &edit.changes {
            let doc = change.doc;
            let (spans, _, _) = match work.entry(doc) {
                Entry::Occupied(e) => e.into_mut(),
                Entry::Vacant(e) => {
                    let (status, chars) = doc_status_chars(&tx, path, doc)?;
                    let (spans, _) = version_spans(&tx, path, doc, annotator)?;
                    views.insert(doc, spans_json(&spans));
                    order.push(doc);
                    e.insert((spans, status, chars))
                }
            };
            for r in &change.remove {
                let i = spans.iter().position(|s| s == r).ok_or_else(|| {
                    store_err(
                        path,
                        format!(
                            "edit {:?}: document {doc} has no span {}..{} ({}) to remove",
                            edit.label, r.start, r.end, r.kind
                        ),
                    )
                })?;
                spans.remove(i);
            }
            spans.extend(change.add.iter().cloned());
        }
        for doc in &order {
            let (spans, _, chars) = work.get_mut(doc).expect("worked on");
            spans.sort();
            check_spans(spans, *chars).map_err(|m| {
                store_err(path, format!("edit {:?}: document {doc}: {m}", edit.label))
            })?;
        }

        register(&tx, path, annotator, &now)?;
        // a new edit of a narrative ends that narrative's redo (and only that one's)
        for doc in &order {
            tx.exec_cached(
                "UPDATE edit_document SET state = 'discarded'
                 WHERE doc_id = ?2 AND state = 'undone'
                   AND edit_id IN (SELECT id FROM edit WHERE annotator = ?1)",
                params![annotator, doc],
            )
            .ctx(path, "clearing the redo stack")?;
        }
        tx.exec_cached(
            "UPDATE edit SET state = 'discarded', changed_at = ?2
             WHERE annotator = ?1 AND state = 'undone'
               AND NOT EXISTS (SELECT 1 FROM edit_document x
                               WHERE x.edit_id = edit.id AND x.state <> 'discarded')",
            params![annotator, now],
        )
        .ctx(path, "clearing the redo stack")?;
        tx.exec_cached(
            "INSERT INTO edit (annotator, label, created_at, changed_at, origin_doc)
             VALUES (?1, ?2, ?3, ?3, ?4)",
            params![annotator, edit.label, now, origin],
        )
        .ctx(path, "recording an edit")?;
        let edit_id = tx.last_insert_rowid();
        for doc in &order {
            let (spans, status, _) = &work[doc];
            let before = own_row(&tx, path, *doc, annotator)?;
            tx.exec_cached(
                "DELETE FROM gold WHERE doc_id = ?1 AND annotator = ?2",
                params![doc, annotator],
            )
            .ctx(path, "saving gold")?;
            let after_json = spans_json(spans);
            tx.exec_cached(
                "INSERT INTO gold (doc_id, annotator, spans, updated_at) VALUES (?1, ?2, ?3, ?4)",
                params![doc, annotator, after_json, now],
            )
            .ctx(path, "saving gold")?;
            let after_id = tx.last_insert_rowid();
            let status_after = if *status == Status::New {
                Status::InReview
            } else {
                *status
            };
            set_status(&tx, path, *doc, status_after)?;
            let own_before = own_status(&tx, path, *doc, annotator)?;
            let own_after = if own_before == Status::New {
                Status::InReview
            } else {
                own_before
            };
            put_own_status(&tx, path, *doc, annotator, own_after, &now)?;
            refresh_gold_summary(&tx, path, *doc, &now)?;
            tx.exec_cached(
                "INSERT INTO edit_document (edit_id, doc_id, before_view, before_gold_id,
                    before_spans, before_updated_at, after_gold_id, after_spans, after_updated_at,
                    status_before, status_after, own_status_before, own_status_after)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13)",
                params![
                    edit_id,
                    doc,
                    views[doc],
                    before.as_ref().map(|b| b.id),
                    before.as_ref().map(|b| b.spans.as_str()),
                    before.as_ref().map(|b| b.updated_at.as_str()),
                    after_id,
                    after_json,
                    now,
                    status.as_str(),
                    status_after.as_str(),
                    own_before.as_str(),
                    own_after.as_str()
                ],
            )
            .ctx(path, "recording an edit")?;
        }
        tx.commit().ctx(path, "committing an edit")?;
        Ok(edit_id)
    }

    /// Reverts this annotator's latest applied edit (all its narratives still applied) in one
    /// transaction, whatever narrative it was on.
    pub fn undo(&mut self, annotator: &str) -> Result<Option<UndoResult>> {
        self.step(annotator, true, Scope::Annotator)
    }

    /// Re-applies this annotator's oldest undone edit.
    pub fn redo(&mut self, annotator: &str) -> Result<Option<UndoResult>> {
        self.step(annotator, false, Scope::Annotator)
    }

    /// Undo on one narrative: reverts this annotator's latest edit of `doc` (see the module's
    /// docs for edits of several narratives); other narratives are untouched.
    pub fn undo_in(&mut self, annotator: &str, doc: DocId) -> Result<Option<UndoResult>> {
        self.step(annotator, true, Scope::Document(doc))
    }

    /// Redo on one narrative: re-applies the oldest undone edit of `doc`.
    pub fn redo_in(&mut self, annotator: &str, doc: DocId) -> Result<Option<UndoResult>> {
        self.step(annotator, false, Scope::Document(doc))
    }

    /// The labels the next undo and redo would revert / re-apply (for the menus).
    pub fn undo_redo_labels(&self, annotator: &str) -> Result<(Option<String>, Option<String>)> {
        self.labels(annotator, Scope::Annotator)
    }

    /// The labels the next undo and redo on `doc` would revert / re-apply.
    pub fn undo_redo_labels_in(
        &self,
        annotator: &str,
        doc: DocId,
    ) -> Result<(Option<String>, Option<String>)> {
        self.labels(annotator, Scope::Document(doc))
    }

    fn labels(&self, annotator: &str, scope: Scope) -> Result<(Option<String>, Option<String>)> {
        let label = |undo: bool| -> Result<Option<String>> {
            Ok(next_edit(&self.conn, &self.path, annotator, undo, scope)?.map(|(_, l)| l))
        };
        Ok((label(true)?, label(false)?))
    }

    fn step(&mut self, annotator: &str, undo: bool, scope: Scope) -> Result<Option<UndoResult>> {
        let path = &self.path;
        let what = if undo { "undo" } else { "redo" };
        let tx = self.conn.transaction().ctx(path, what)?;
        let now = now(&tx, path)?;
        let (from_state, to_state) = if undo {
            ("applied", "undone")
        } else {
            ("undone", "applied")
        };
        // The edit to step, and its parts to step. On a narrative, an edit made from it whose
        // parts were all edited since has nothing left to step: then the narrative's own newest
        // (oldest undone) part is stepped instead, so that undo never gets stuck.
        let mut found = None;
        for parts_only in [false, true] {
            if parts_only && scope == Scope::Annotator {
                break;
            }
            let Some((edit_id, label)) =
                next_edit_of(&tx, path, annotator, undo, scope, parts_only)?
            else {
                return Ok(None);
            };
            let rows = step_rows(&tx, path, annotator, undo, scope, edit_id, from_state)?;
            if !rows.is_empty() {
                found = Some((edit_id, label, rows));
                break;
            }
        }
        let Some((edit_id, label, rows)) = found else {
            return Ok(None);
        };
        let mut docs = Vec::with_capacity(rows.len());
        for (doc, b_id, b_spans, b_at, a_id, a_spans, a_at, s_before, s_after, o_before, o_after) in
            rows
        {
            let before = match (b_id, b_spans, b_at) {
                (Some(id), Some(spans), Some(updated_at)) => Some(GoldRow {
                    id,
                    spans,
                    updated_at,
                }),
                _ => None,
            };
            let after = GoldRow {
                id: a_id,
                spans: a_spans,
                updated_at: a_at,
            };
            let (target, from_status, to_status) = if undo {
                (before.as_ref(), &s_after, &s_before)
            } else {
                (Some(&after), &s_before, &s_after)
            };
            put_row(&tx, path, doc, annotator, target)?;
            // The status goes back only if nobody changed it since.
            let (current, _) = doc_status_chars(&tx, path, doc)?;
            if current.as_str() == from_status {
                if let Some(s) = Status::parse(to_status) {
                    set_status(&tx, path, doc, s)?;
                }
            }
            // so does the annotator's own status (edits made before schema version 3 have none)
            if let (Some(o_before), Some(o_after)) = (o_before, o_after) {
                let (from, to) = if undo {
                    (o_after, o_before)
                } else {
                    (o_before, o_after)
                };
                if own_status(&tx, path, doc, annotator)?.as_str() == from {
                    if let Some(s) = Status::parse(&to) {
                        put_own_status(&tx, path, doc, annotator, s, &now)?;
                    }
                }
            }
            refresh_gold_summary(&tx, path, doc, &now)?;
            tx.exec_cached(
                "UPDATE edit_document SET state = ?3 WHERE edit_id = ?1 AND doc_id = ?2",
                params![edit_id, doc, to_state],
            )
            .ctx(path, what)?;
            docs.push(doc);
        }
        // the edit's own state sums up its parts: applied while any part is
        tx.exec_cached(
            "UPDATE edit SET changed_at = ?2, state = CASE
                 WHEN EXISTS (SELECT 1 FROM edit_document WHERE edit_id = ?1 AND state = 'applied')
                     THEN 'applied'
                 WHEN EXISTS (SELECT 1 FROM edit_document WHERE edit_id = ?1 AND state = 'undone')
                     THEN 'undone'
                 ELSE 'discarded' END
             WHERE id = ?1",
            params![edit_id, now],
        )
        .ctx(path, what)?;
        tx.commit().ctx(path, what)?;
        Ok(Some(UndoResult { label, docs }))
    }

    /// The edit history of one narrative, oldest first (audit: who, when, what).
    pub fn history(&self, doc: DocId) -> Result<Vec<HistoryEntry>> {
        let path = &self.path;
        let mut stmt = self
            .conn
            .prepare(
                "SELECT e.id, e.annotator, e.label, x.state, e.created_at, x.before_view,
                    x.after_spans
                 FROM edit_document x JOIN edit e ON e.id = x.edit_id
                 WHERE x.doc_id = ?1 ORDER BY e.id",
            )
            .ctx(path, "reading the edit history")?;
        let rows = stmt
            .query_map([doc], |r| {
                Ok((
                    r.get::<_, i64>(0)?,
                    r.get::<_, String>(1)?,
                    r.get::<_, String>(2)?,
                    r.get::<_, String>(3)?,
                    r.get::<_, String>(4)?,
                    r.get::<_, String>(5)?,
                    r.get::<_, String>(6)?,
                ))
            })
            .and_then(|rows| rows.collect::<rusqlite::Result<Vec<_>>>())
            .ctx(path, "reading the edit history")?;
        rows.into_iter()
            .map(
                |(edit, annotator, label, state, created_at, before, after)| {
                    let what = format!("edit {edit}");
                    Ok(HistoryEntry {
                        edit,
                        annotator,
                        label,
                        state,
                        created_at,
                        before: parse_spans(path, &before, &what)?,
                        after: parse_spans(path, &after, &what)?,
                    })
                },
            )
            .collect()
    }
}
