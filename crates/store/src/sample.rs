//! Samples: a set of narratives of one corpus assigned to several annotators, who annotate them
//! independently so that their agreement can be measured.

use super::annotators::{check_annotator_name, register};
use super::{now, store_err, Cached, CorpusId, Ctx, DocId, Store};
use deid::error::Result;
use rusqlite::{params, OptionalExtension};
use serde::Serialize;

pub type SampleId = i64;

#[derive(Serialize, Debug, Clone, PartialEq)]
pub struct Sample {
    pub id: SampleId,
    pub corpus: CorpusId,
    pub name: String,
    /// In import order.
    pub documents: Vec<DocId>,
    /// By name.
    pub annotators: Vec<String>,
    pub created_by: String,
    pub created_at: String,
}

impl Store {
    /// Assigns the narratives `docs` of `corpus` to `annotators` (at least one narrative and one
    /// annotator; every narrative must belong to the corpus) under a name unique in the corpus.
    /// One transaction: an error changes nothing.
    pub fn create_sample(
        &mut self,
        corpus: CorpusId,
        name: &str,
        docs: &[DocId],
        annotators: &[String],
        created_by: &str,
    ) -> Result<SampleId> {
        let path = &self.path;
        let name = name.trim();
        if name.is_empty() {
            return Err(store_err(path, "a sample needs a name"));
        }
        if docs.is_empty() {
            return Err(store_err(
                path,
                format!("sample {name:?} has no narratives"),
            ));
        }
        if annotators.is_empty() {
            return Err(store_err(
                path,
                format!("sample {name:?} is assigned to nobody"),
            ));
        }
        let names = annotators
            .iter()
            .map(|a| check_annotator_name(path, a))
            .collect::<Result<Vec<String>>>()?;
        let created_by = check_annotator_name(path, created_by)?;
        self.check_corpus(corpus)?;
        let path = &self.path;
        let tx = self.conn.transaction().ctx(path, "creating a sample")?;
        let taken: Option<i64> = tx
            .row_cached(
                "SELECT id FROM sample WHERE corpus_id = ?1 AND name = ?2",
                params![corpus, name],
                |r| r.get(0),
            )
            .optional()
            .ctx(path, "creating a sample")?;
        if taken.is_some() {
            return Err(store_err(
                path,
                format!("this corpus already has a sample named {name:?}"),
            ));
        }
        let now = now(&tx, path)?;
        tx.exec_cached(
            "INSERT INTO sample (corpus_id, name, created_by, created_at) VALUES (?1, ?2, ?3, ?4)",
            params![corpus, name, created_by, now],
        )
        .ctx(path, "creating a sample")?;
        let id = tx.last_insert_rowid();
        for doc in docs {
            let in_corpus: bool = tx
                .row_cached(
                    "SELECT EXISTS (SELECT 1 FROM document WHERE id = ?1 AND corpus_id = ?2)",
                    params![doc, corpus],
                    |r| r.get(0),
                )
                .ctx(path, "creating a sample")?;
            if !in_corpus {
                return Err(store_err(
                    path,
                    format!("sample {name:?}: document {doc} is not in corpus {corpus}"),
                ));
            }
            tx.exec_cached(
                "INSERT OR IGNORE INTO sample_document (sample_id, doc_id) VALUES (?1, ?2)",
                params![id, doc],
            )
            .ctx(path, "creating a sample")?;
        }
        for a in &names {
            register(&tx, path, a, &now)?;
            tx.exec_cached(
                "INSERT OR IGNORE INTO sample_annotator (sample_id, annotator) VALUES (?1, ?2)",
                params![id, a],
            )
            .ctx(path, "creating a sample")?;
        }
        tx.commit().ctx(path, "creating a sample")?;
        Ok(id)
    }

    /// A sample of the first `count` narratives of the corpus (import order).
    pub fn create_sample_of_first(
        &mut self,
        corpus: CorpusId,
        name: &str,
        count: usize,
        annotators: &[String],
        created_by: &str,
    ) -> Result<SampleId> {
        let filter = super::DocFilter {
            limit: count.max(1),
            ..Default::default()
        };
        let (rows, _) = self.documents(corpus, &filter)?;
        let docs: Vec<DocId> = rows.iter().map(|r| r.id).collect();
        self.create_sample(corpus, name, &docs, annotators, created_by)
    }

    /// The samples of a corpus, oldest first.
    pub fn samples(&self, corpus: CorpusId) -> Result<Vec<Sample>> {
        self.check_corpus(corpus)?;
        let ids: Vec<SampleId> = {
            let mut stmt = self
                .conn
                .prepare("SELECT id FROM sample WHERE corpus_id = ?1 ORDER BY id")
                .ctx(&self.path, "listing samples")?;
            let rows = stmt
                .query_map([corpus], |r| r.get(0))
                .and_then(|rows| rows.collect::<rusqlite::Result<Vec<_>>>())
                .ctx(&self.path, "listing samples")?;
            rows
        };
        ids.into_iter().map(|id| self.sample(id)).collect()
    }

    pub fn sample(&self, id: SampleId) -> Result<Sample> {
        let path = &self.path;
        let head: Option<(CorpusId, String, String, String)> = self
            .conn
            .row_cached(
                "SELECT corpus_id, name, created_by, created_at FROM sample WHERE id = ?1",
                [id],
                |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)),
            )
            .optional()
            .ctx(path, "reading a sample")?;
        let (corpus, name, created_by, created_at) =
            head.ok_or_else(|| store_err(path, format!("no sample {id}")))?;
        let list = |sql: &str| -> Result<Vec<rusqlite::types::Value>> {
            let mut stmt = self
                .conn
                .prepare_cached(sql)
                .ctx(path, "reading a sample")?;
            let rows = stmt
                .query_map([id], |r| r.get(0))
                .and_then(|rows| rows.collect::<rusqlite::Result<Vec<_>>>())
                .ctx(path, "reading a sample")?;
            Ok(rows)
        };
        let documents =
            list("SELECT doc_id FROM sample_document WHERE sample_id = ?1 ORDER BY doc_id")?
                .into_iter()
                .filter_map(|v| match v {
                    rusqlite::types::Value::Integer(i) => Some(i),
                    _ => None,
                })
                .collect();
        let annotators =
            list("SELECT annotator FROM sample_annotator WHERE sample_id = ?1 ORDER BY annotator")?
                .into_iter()
                .filter_map(|v| match v {
                    rusqlite::types::Value::Text(s) => Some(s),
                    _ => None,
                })
                .collect();
        Ok(Sample {
            id,
            corpus,
            name,
            documents,
            annotators,
            created_by,
            created_at,
        })
    }
}
