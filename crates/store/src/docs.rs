//! Corpora, narratives, pre-annotations, status and the document list.

use super::{
    categories_column, check_spans, current_gold, doc_status_chars, now, parse_kind, parse_spans,
    refresh_gold_summary, spans_json, store_err, Cached, CorpusId, CorpusSummary, Ctx, DocFilter,
    DocId, DocRow, DocumentView, GoldSpan, ImportedBefore, Judgment, NewDocument, PreAnnotation,
    Status, Store, TokenProb,
};
use deid::deidentify::Annotation;
use deid::error::Result;
use deid::phi::Span;
use deid::rules::TokenRule;
use deid::tokenize::OffsetMap;
use rusqlite::types::Value;
use rusqlite::{params, OptionalExtension};

/// A pre-annotation to save with [`Store::save_pre_annotations`].
#[derive(Debug, Clone)]
pub struct NewPreAnnotation {
    pub doc: DocId,
    pub spans: Vec<Span>,
    pub tokens: Vec<TokenProb>,
}

/// The rule's reason as the UI reads it: `pattern:DATE`, `digit`, `unsafe:is-month`,
/// `single-capital`, `after-salutation`, `unknown`, `safe` ([`deid::rules::Reason::label`]: the names come
/// from `definitions/definitions.toml`, as the UI's explanations of them do).
pub fn rule_label(rule: &TokenRule) -> String {
    rule.reason.label()
}

/// Without a model the rules give no probability. What the review needs is where the rules
/// *guessed* (the reasons the shared definitions mark `guess`: a word masked only because no SAFE
/// dictionary knows it, a lone capital, a time of day): at the threshold (0.5 of 0.5:
/// uncertain); any other word the rules mask is PHI (0), any word they release safe (1). The app
/// reads the same `guess` mark from the rule's name, never from these numbers.
fn rules_only_confidence(rule: &TokenRule) -> f32 {
    if rule.reason.kind().is_guess() {
        0.5
    } else if rule.phi {
        0.0
    } else {
        1.0
    }
}

/// The per-token probabilities, thresholds and rules of an engine [`Annotation`], ready for
/// [`Store::save_pre_annotation`].
pub fn token_probs(a: &Annotation) -> Vec<TokenProb> {
    a.tokens
        .iter()
        .zip(&a.rules)
        .enumerate()
        .map(|(i, (t, r))| {
            let (p_safe, threshold) = match a.decisions.as_ref().and_then(|d| d.get(i)) {
                Some(d) => (d.p_safe, d.threshold),
                None => (rules_only_confidence(r), 0.5),
            };
            TokenProb {
                start: t.start,
                end: t.end,
                p_safe,
                threshold,
                rule: rule_label(r),
            }
        })
        .collect()
}

fn is_uncertain(t: &TokenProb, margin: f32) -> bool {
    (t.p_safe - t.threshold).abs() < margin
}

impl Store {
    pub fn create_corpus(&mut self, name: &str, source: &str) -> Result<CorpusId> {
        if name.trim().is_empty() {
            return Err(store_err(&self.path, "a corpus needs a name"));
        }
        let now = now(&self.conn, &self.path)?;
        let exists = self.corpus_by_name(name)?;
        if exists.is_some() {
            return Err(store_err(
                &self.path,
                format!("a corpus named {name:?} already exists"),
            ));
        }
        self.conn
            .exec_cached(
                "INSERT INTO corpus (name, source, created_at) VALUES (?1, ?2, ?3)",
                params![name, source, now],
            )
            .ctx(&self.path, "creating a corpus")?;
        Ok(self.conn.last_insert_rowid())
    }

    pub fn corpora(&self) -> Result<Vec<CorpusSummary>> {
        let mut stmt = self
            .conn
            .prepare(
                "SELECT c.id, c.name, COUNT(d.id),
                        COALESCE(SUM(d.status = 'new'), 0),
                        COALESCE(SUM(d.status = 'in_review'), 0),
                        COALESCE(SUM(d.status = 'done'), 0)
                 FROM corpus c LEFT JOIN document d ON d.corpus_id = c.id
                 GROUP BY c.id ORDER BY c.name",
            )
            .ctx(&self.path, "listing corpora")?;
        let rows = stmt
            .query_map([], |r| {
                Ok(CorpusSummary {
                    id: r.get(0)?,
                    name: r.get(1)?,
                    documents: r.get::<_, i64>(2)? as usize,
                    new: r.get::<_, i64>(3)? as usize,
                    in_review: r.get::<_, i64>(4)? as usize,
                    done: r.get::<_, i64>(5)? as usize,
                })
            })
            .and_then(|rows| rows.collect::<rusqlite::Result<Vec<_>>>())
            .ctx(&self.path, "listing corpora")?;
        Ok(rows)
    }

    /// The corpora imported from `source` (the path an import was given), oldest first: a
    /// re-import of the same file asks before making another copy.
    pub fn corpora_from(&self, source: &str) -> Result<Vec<ImportedBefore>> {
        let mut stmt = self
            .conn
            .prepare_cached(
                "SELECT c.id, c.name, c.created_at, COUNT(d.id)
                 FROM corpus c LEFT JOIN document d ON d.corpus_id = c.id
                 WHERE c.source = ?1 GROUP BY c.id ORDER BY c.id",
            )
            .ctx(&self.path, "looking up earlier imports")?;
        let rows = stmt
            .query_map([source], |r| {
                Ok(ImportedBefore {
                    corpus: r.get(0)?,
                    name: r.get(1)?,
                    created_at: r.get(2)?,
                    documents: r.get::<_, i64>(3)? as usize,
                })
            })
            .and_then(|rows| rows.collect::<rusqlite::Result<Vec<_>>>())
            .ctx(&self.path, "looking up earlier imports")?;
        Ok(rows)
    }

    pub fn corpus_by_name(&self, name: &str) -> Result<Option<CorpusId>> {
        self.conn
            .row_cached("SELECT id FROM corpus WHERE name = ?1", [name], |r| {
                r.get(0)
            })
            .optional()
            .ctx(&self.path, "looking up a corpus")
    }

    pub(crate) fn check_corpus(&self, corpus: CorpusId) -> Result<()> {
        let found: bool = self
            .conn
            .row_cached(
                "SELECT EXISTS (SELECT 1 FROM corpus WHERE id = ?1)",
                [corpus],
                |r| r.get(0),
            )
            .ctx(&self.path, "looking up a corpus")?;
        if found {
            Ok(())
        } else {
            Err(store_err(&self.path, format!("no corpus {corpus}")))
        }
    }

    /// Imports narratives in one transaction: all or nothing. An error names the document (its
    /// position in the batch and external id) and the problem.
    pub fn add_documents(&mut self, corpus: CorpusId, docs: &[NewDocument]) -> Result<Vec<DocId>> {
        self.check_corpus(corpus)?;
        let path = self.path.clone();
        let tx = self.conn.transaction().ctx(&path, "starting an import")?;
        let ids = insert_documents(&tx, &path, corpus, docs)?;
        tx.commit().ctx(&path, "committing the import")?;
        Ok(ids)
    }

    /// A whole import in **one** transaction: the corpus, its narratives and the pre-annotation
    /// of each (`pre(i)` for `docs[i]`, asked for one at a time so that a caller holding the
    /// corpus compactly never expands all of it at once). A crash or an error at any point
    /// leaves no trace: never a corpus without its pre-annotations, whose export would show
    /// unmasked text.
    #[allow(clippy::too_many_arguments)]
    pub fn import_corpus(
        &mut self,
        name: &str,
        source: &str,
        docs: &[NewDocument],
        model: &str,
        mode: &str,
        uncertain_margin: f32,
        pre: &mut dyn FnMut(usize) -> (Vec<Span>, Vec<TokenProb>),
    ) -> Result<(CorpusId, Vec<DocId>)> {
        if name.trim().is_empty() {
            return Err(store_err(&self.path, "a corpus needs a name"));
        }
        if self.corpus_by_name(name)?.is_some() {
            return Err(store_err(
                &self.path,
                format!("a corpus named {name:?} already exists"),
            ));
        }
        let path = self.path.clone();
        let tx = self.conn.transaction().ctx(&path, "starting an import")?;
        let now = now(&tx, &path)?;
        tx.execute(
            "INSERT INTO corpus (name, source, created_at) VALUES (?1, ?2, ?3)",
            params![name, source, now],
        )
        .ctx(&path, "creating a corpus")?;
        let corpus = tx.last_insert_rowid();
        let ids = insert_documents(&tx, &path, corpus, docs)?;
        const CHUNK: usize = 512;
        for (k, id_chunk) in ids.chunks(CHUNK).enumerate() {
            let items: Vec<NewPreAnnotation> = id_chunk
                .iter()
                .enumerate()
                .map(|(j, &doc)| {
                    let (spans, tokens) = pre(k * CHUNK + j);
                    NewPreAnnotation { doc, spans, tokens }
                })
                .collect();
            insert_pre_annotations(&tx, &path, model, mode, &items, uncertain_margin)?;
        }
        tx.commit().ctx(&path, "committing the import")?;
        Ok((corpus, ids))
    }

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

    /// The current (newest) pre-annotation of a narrative.
    pub fn pre_annotation(&self, doc: DocId) -> Result<Option<PreAnnotation>> {
        let path = &self.path;
        let row: Option<(String, String, String, String, String)> = self
            .conn
            .row_cached(
                "SELECT model, mode, spans, tokens, created_at FROM pre_annotation
                 WHERE doc_id = ?1 ORDER BY id DESC LIMIT 1",
                [doc],
                |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?, r.get(4)?)),
            )
            .optional()
            .ctx(path, "reading a pre-annotation")?;
        let Some((model, mode, spans, tokens, created_at)) = row else {
            return Ok(None);
        };
        let what = format!("pre-annotation of document {doc}");
        let spans = parse_spans(path, &spans, &what)?
            .iter()
            .map(Span::from)
            .collect();
        let tokens = serde_json::from_str(&tokens)
            .map_err(|e| store_err(path, format!("{what}: bad token JSON: {e}")))?;
        Ok(Some(PreAnnotation {
            model,
            mode,
            spans,
            tokens,
            created_at,
        }))
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

    /// Saves a model pre-annotation (replacing an earlier one of the same model and mode) and
    /// updates the uncertain-token count (|p_safe - threshold| < `uncertain_margin`).
    pub fn save_pre_annotation(
        &mut self,
        doc: DocId,
        model: &str,
        mode: &str,
        spans: &[Span],
        tokens: &[TokenProb],
        uncertain_margin: f32,
    ) -> Result<()> {
        let item = NewPreAnnotation {
            doc,
            spans: spans.to_vec(),
            tokens: tokens.to_vec(),
        };
        self.save_pre_annotations(model, mode, std::slice::from_ref(&item), uncertain_margin)
    }

    /// Many pre-annotations of one model run in one transaction (all or nothing).
    pub fn save_pre_annotations(
        &mut self,
        model: &str,
        mode: &str,
        items: &[NewPreAnnotation],
        uncertain_margin: f32,
    ) -> Result<()> {
        let path = self.path.clone();
        let tx = self
            .conn
            .transaction()
            .ctx(&path, "starting a transaction")?;
        insert_pre_annotations(&tx, &path, model, mode, items, uncertain_margin)?;
        tx.commit().ctx(&path, "committing pre-annotations")
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

/// The narratives of one import, inside the caller's transaction.
fn insert_documents(
    tx: &rusqlite::Connection,
    path: &std::path::Path,
    corpus: CorpusId,
    docs: &[NewDocument],
) -> Result<Vec<DocId>> {
    let now = now(tx, path)?;
    let mut ids = Vec::with_capacity(docs.len());
    {
        let mut insert_doc = tx
            .prepare(
                "INSERT INTO document (corpus_id, external_id, source, chars, phi_spans,
                    categories, gold_edited, created_at, updated_at)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?8)",
            )
            .ctx(path, "preparing the import")?;
        let mut insert_text = tx
            .prepare("INSERT INTO document_text (doc_id, text) VALUES (?1, ?2)")
            .ctx(path, "preparing the import")?;
        let mut insert_gold = tx
            .prepare(
                "INSERT INTO gold (doc_id, annotator, spans, updated_at)
                 VALUES (?1, 'import', ?2, ?3)",
            )
            .ctx(path, "preparing the import")?;
        let mut exists = tx
            .prepare(
                "SELECT EXISTS (SELECT 1 FROM document WHERE corpus_id = ?1 AND external_id = ?2)",
            )
            .ctx(path, "preparing the import")?;
        for (i, d) in docs.iter().enumerate() {
            let which = format!("document {} (external id {:?})", i + 1, d.external_id);
            let bad = |m: String| store_err(path, format!("import: {which}: {m}"));
            if d.external_id.trim().is_empty() {
                return Err(bad("empty external id".into()));
            }
            if d.text.is_empty() {
                return Err(bad("empty text".into()));
            }
            let taken: bool = exists
                .query_row(params![corpus, d.external_id], |r| r.get(0))
                .ctx(path, "import")?;
            if taken {
                return Err(bad("external id already in this corpus".into()));
            }
            let chars = d.text.chars().count();
            let gold: Option<Vec<GoldSpan>> = d
                .gold
                .as_ref()
                .map(|g| g.iter().map(GoldSpan::from).collect());
            if let Some(g) = &gold {
                check_spans(g, chars).map_err(|m| bad(format!("gold {m}")))?;
            }
            let spans = gold.clone().unwrap_or_default();
            insert_doc
                .execute(params![
                    corpus,
                    d.external_id,
                    d.source,
                    chars as i64,
                    spans.len() as i64,
                    categories_column(&spans),
                    gold.is_some(),
                    now
                ])
                .map_err(|e| bad(e.to_string()))?;
            let id = tx.last_insert_rowid();
            insert_text
                .execute(params![id, d.text])
                .map_err(|e| bad(e.to_string()))?;
            if let Some(mut g) = gold {
                g.sort();
                insert_gold
                    .execute(params![id, spans_json(&g), now])
                    .map_err(|e| bad(e.to_string()))?;
            }
            ids.push(id);
        }
    }
    Ok(ids)
}

/// Pre-annotations of one model run, inside the caller's transaction.
fn insert_pre_annotations(
    tx: &rusqlite::Connection,
    path: &std::path::Path,
    model: &str,
    mode: &str,
    items: &[NewPreAnnotation],
    uncertain_margin: f32,
) -> Result<()> {
    let now = now(tx, path)?;
    for item in items {
        let doc = item.doc;
        let (_, chars) = doc_status_chars(&tx, path, doc)?;
        let spans: Vec<GoldSpan> = item.spans.iter().map(GoldSpan::from).collect();
        check_spans(&spans, chars)
            .map_err(|m| store_err(path, format!("pre-annotation of document {doc}: {m}")))?;
        if let Some(t) = item
            .tokens
            .iter()
            .find(|t| t.end <= t.start || t.end > chars)
        {
            return Err(store_err(
                path,
                format!(
                    "pre-annotation of document {doc}: token {}..{} outside the text \
                     ({chars} characters)",
                    t.start, t.end
                ),
            ));
        }
        if let Some(t) = item
            .tokens
            .iter()
            .find(|t| !t.p_safe.is_finite() || t.threshold.is_nan())
        {
            return Err(store_err(
                path,
                format!(
                    "pre-annotation of document {doc}: token {}..{} has no valid P(SAFE) or \
                     threshold",
                    t.start, t.end
                ),
            ));
        }
        let uncertain = item
            .tokens
            .iter()
            .filter(|t| is_uncertain(t, uncertain_margin))
            .count() as i64;
        let tokens_json = serde_json::to_string(&item.tokens)
            .map_err(|e| store_err(path, format!("document {doc}: tokens: {e}")))?;
        tx.exec_cached(
            "DELETE FROM pre_annotation WHERE doc_id = ?1 AND model = ?2 AND mode = ?3",
            params![doc, model, mode],
        )
        .ctx(path, "replacing a pre-annotation")?;
        tx.exec_cached(
            "INSERT INTO pre_annotation (doc_id, model, mode, spans, tokens, uncertain_margin,
                uncertain_tokens, created_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
            params![
                doc,
                model,
                mode,
                spans_json(&spans),
                tokens_json,
                uncertain_margin as f64,
                uncertain,
                now
            ],
        )
        .ctx(path, "saving a pre-annotation")?;
        tx.exec_cached(
            "UPDATE document SET uncertain_tokens = ?2 WHERE id = ?1",
            params![doc, uncertain],
        )
        .ctx(path, "saving a pre-annotation")?;
        refresh_gold_summary(&tx, path, doc, &now)?;
    }
    Ok(())
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
