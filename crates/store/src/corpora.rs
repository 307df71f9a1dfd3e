//! Corpora and importing narratives: creating and listing corpora, adding narratives, a whole
//! import (corpus, narratives, pre-annotations) in one transaction.

use super::preannotate::insert_pre_annotations;
use super::{
    categories_column, check_spans, now, spans_json, store_err, Cached, CorpusId, CorpusSummary,
    Ctx, DocId, GoldSpan, ImportedBefore, NewDocument, NewPreAnnotation, Store, TokenProb,
};
use deid::error::Result;
use deid::phi::Span;
use rusqlite::{params, OptionalExtension};

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
            .query_map([], CorpusSummary::from_row)
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
