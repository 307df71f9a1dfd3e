//! Narratives: the document list, one document, status and occurrences.

use super::{
    current_gold, now, parse_kind, store_err, Cached, CorpusId, Ctx, DocFilter, DocId, DocRow,
    DocumentView, Judgment, Status, Store,
};
use deid::error::Result;
use deid::tokenize::OffsetMap;
use rusqlite::types::Value;
use rusqlite::{params, OptionalExtension};

impl Store {
    /// One page of the document list (ordered by import order) and the number of matches.
    pub fn documents(&self, corpus: CorpusId, filter: &DocFilter) -> Result<(Vec<DocRow>, usize)> {
        self.check_corpus(corpus)?;
        // Without a status, `+` keeps SQLite off the (corpus, status) index, so that it scans
        // the (small) rows in id order and stops at the page instead of sorting every match.
        let own = filter.annotator.as_deref().filter(|a| !a.is_empty());
        let status_expr = if own.is_some() {
            "COALESCE((SELECT s.status FROM annotator_status s WHERE s.doc_id = d.id \
             AND s.annotator = ?), 'new')"
        } else {
            "d.status"
        };
        let mut sql = String::from(if filter.status.is_some() && own.is_none() {
            " FROM document d WHERE d.corpus_id = ?"
        } else {
            " FROM document d WHERE +d.corpus_id = ?"
        });
        let mut args: Vec<Value> = vec![Value::Integer(corpus)];
        if let Some(s) = filter.status {
            sql.push_str(&format!(" AND {status_expr} = ?"));
            if let Some(a) = own {
                args.push(Value::Text(a.into()));
            }
            args.push(Value::Text(s.as_str().into()));
        }
        if let Some(sample) = filter.sample {
            sql.push_str(
                " AND d.id IN (SELECT sd.doc_id FROM sample_document sd WHERE sd.sample_id = ?)",
            );
            args.push(Value::Integer(sample));
        }
        match filter.has_uncertain {
            Some(true) => sql.push_str(" AND d.uncertain_tokens > 0"),
            Some(false) => sql.push_str(" AND d.uncertain_tokens = 0"),
            None => {}
        }
        if let Some(c) = filter.category.as_deref().filter(|c| !c.is_empty()) {
            let kind = parse_kind(c)
                .ok_or_else(|| store_err(&self.path, format!("unknown category {c:?}")))?;
            sql.push_str(" AND instr(d.categories, ?) > 0");
            args.push(Value::Text(format!("|{}|", super::kind_name(kind))));
        }
        if let Some(s) = filter.search.as_deref().filter(|s| !s.is_empty()) {
            let pattern = format!("%{}%", like_escape(s));
            sql.push_str(
                " AND (d.external_id LIKE ? ESCAPE '\\' OR EXISTS (SELECT 1 FROM document_text t \
                 WHERE t.doc_id = d.id AND t.text LIKE ? ESCAPE '\\'))",
            );
            args.push(Value::Text(pattern.clone()));
            args.push(Value::Text(pattern));
        }
        // Counting only by corpus (and status) is fastest on the covering index.
        let count_sql = if args.len() == 1 + usize::from(filter.status.is_some())
            && filter.has_uncertain.is_none()
            && filter.sample.is_none()
            && own.is_none()
        {
            sql.replacen("+d.corpus_id", "d.corpus_id", 1)
        } else {
            sql.clone()
        };
        let total: i64 = self
            .conn
            .row_cached(
                &format!("SELECT COUNT(*){count_sql}"),
                rusqlite::params_from_iter(args.iter()),
                |r| r.get(0),
            )
            .ctx(&self.path, "counting documents")?;
        let limit = if filter.limit == 0 {
            -1
        } else {
            filter.limit as i64
        };
        // the row's status and span count come first in the SELECT, so their arguments go first
        let phi_expr = if let Some(a) = own {
            args.insert(0, Value::Text(a.into()));
            args.insert(0, Value::Text(a.into()));
            super::annotators::OWN_PHI_SPANS_SQL
        } else {
            "d.phi_spans"
        };
        args.push(Value::Integer(limit));
        args.push(Value::Integer(filter.offset as i64));
        let mut stmt = self
            .conn
            .prepare_cached(&format!(
                "SELECT d.id, d.external_id, {status_expr}, d.chars, {phi_expr}, d.uncertain_tokens,
                        d.categories{sql} ORDER BY d.id LIMIT ? OFFSET ?"
            ))
            .ctx(&self.path, "listing documents")?;
        let rows = stmt
            .query_map(rusqlite::params_from_iter(args.iter()), |r| {
                let status: String = r.get(2)?;
                let categories: String = r.get(6)?;
                Ok(DocRow {
                    id: r.get(0)?,
                    external_id: r.get(1)?,
                    status: Status::parse(&status).unwrap_or(Status::New),
                    chars: r.get::<_, i64>(3)? as usize,
                    phi_spans: r.get::<_, i64>(4)? as usize,
                    uncertain_tokens: r.get::<_, i64>(5)? as usize,
                    categories: categories
                        .split('|')
                        .filter(|c| !c.is_empty())
                        .map(str::to_string)
                        .collect(),
                })
            })
            .and_then(|rows| rows.collect::<rusqlite::Result<Vec<_>>>())
            .ctx(&self.path, "listing documents")?;
        Ok((rows, total as usize))
    }

    /// A narrative with its pre-annotation, current gold and judgment.
    pub fn document(&self, id: DocId) -> Result<DocumentView> {
        let path = &self.path;
        let row: Option<(CorpusId, String, String, String)> = self
            .conn
            .row_cached(
                "SELECT d.corpus_id, d.external_id, d.status, t.text
                 FROM document d JOIN document_text t ON t.doc_id = d.id WHERE d.id = ?1",
                [id],
                |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)),
            )
            .optional()
            .ctx(path, "reading a document")?;
        let (corpus, external_id, status, text) =
            row.ok_or_else(|| store_err(path, format!("no document {id}")))?;
        let status = Status::parse(&status)
            .ok_or_else(|| store_err(path, format!("document {id}: unknown status {status:?}")))?;
        let pre = self.pre_annotation(id)?;
        let (gold, gold_edited) = current_gold(&self.conn, path, id)?;
        let judgment = self.latest_judgment(id)?;
        Ok(DocumentView {
            id,
            corpus,
            external_id,
            text,
            status,
            pre,
            gold,
            gold_edited,
            judgment,
        })
    }

    pub(crate) fn latest_judgment(&self, doc: DocId) -> Result<Option<Judgment>> {
        let json: Option<String> = self
            .conn
            .row_cached(
                "SELECT data FROM judgment WHERE doc_id = ?1 ORDER BY id DESC LIMIT 1",
                [doc],
                |r| r.get(0),
            )
            .optional()
            .ctx(&self.path, "reading a judgment")?;
        json.map(|j| {
            serde_json::from_str(&j).map_err(|e| {
                store_err(
                    &self.path,
                    format!("judgment of document {doc}: bad JSON: {e}"),
                )
            })
        })
        .transpose()
    }

    pub fn set_status(&mut self, doc: DocId, status: Status) -> Result<()> {
        let path = &self.path;
        let now = now(&self.conn, path)?;
        let n = self
            .conn
            .exec_cached(
                "UPDATE document SET status = ?2, updated_at = ?3 WHERE id = ?1",
                params![doc, status.as_str(), now],
            )
            .ctx(path, "setting the status")?;
        if n == 0 {
            return Err(store_err(path, format!("no document {doc}")));
        }
        Ok(())
    }

    /// Exact (case-sensitive) occurrences of `needle` that start and end on token boundaries,
    /// as `(document, start, end)` in code points; in one narrative or the whole corpus.
    pub fn find_occurrences(
        &self,
        scope_doc: Option<DocId>,
        corpus: CorpusId,
        needle: &str,
    ) -> Result<Vec<(DocId, usize, usize)>> {
        if needle.trim().is_empty() {
            return Ok(Vec::new());
        }
        let mut stmt = self
            .conn
            .prepare(
                "SELECT d.id, t.text FROM document d JOIN document_text t ON t.doc_id = d.id
                 WHERE d.corpus_id = ?1 AND (?2 IS NULL OR d.id = ?2) AND instr(t.text, ?3) > 0
                 ORDER BY d.id",
            )
            .ctx(&self.path, "searching occurrences")?;
        let mut rows = stmt
            .query(params![corpus, scope_doc, needle])
            .ctx(&self.path, "searching occurrences")?;
        let mut out = Vec::new();
        while let Some(r) = rows.next().ctx(&self.path, "searching occurrences")? {
            let id: DocId = r.get(0).ctx(&self.path, "searching occurrences")?;
            let text: String = r.get(1).ctx(&self.path, "searching occurrences")?;
            let map = OffsetMap::new(&text);
            for (b, m) in text.match_indices(needle) {
                let e = b + m.len();
                let before = text[..b].chars().next_back();
                let after = text[e..].chars().next();
                let first = m.chars().next();
                let last = m.chars().next_back();
                let word = |c: Option<char>| c.is_some_and(deid::tokenize::is_word_char);
                if (word(before) && word(first)) || (word(after) && word(last)) {
                    continue;
                }
                out.push((id, map.cp_from_byte(b), map.cp_from_byte(e)));
            }
        }
        Ok(out)
    }
}

fn like_escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        if matches!(c, '%' | '_' | '\\') {
            out.push('\\');
        }
        out.push(c);
    }
    out
}
