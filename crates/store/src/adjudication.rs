//! Agreement between two annotators over a corpus or a sample, and adjudication: a third person
//! decides, per disagreement, which version is right; the result is the gold of the reserved
//! annotator `adjudicated`, and every decision is kept in the `adjudication` table with who
//! decided. The figures themselves are computed by the engine ([`deid::eval::agreement`]).

use super::annotators::{
    check_annotator_name, own_status, put_own_status, register, version_spans, ADJUDICATED,
};
use super::sample::SampleId;
use super::{
    check_spans, doc_status_chars, now, parse_spans, refresh_gold_summary, spans_json, store_err,
    Cached, CorpusId, Ctx, DocId, GoldSpan, Status, Store,
};
use deid::error::Result;
use deid::eval::agreement::{self, Agreement, Choice, Disagreement, DocPair};
use deid::phi::Span;
use rusqlite::{params, OptionalExtension};
use serde::Serialize;
use std::collections::BTreeMap;

/// The agreement view: the figures over the narratives both annotators marked done.
#[derive(Serialize, Debug, Clone)]
pub struct AgreementReport {
    pub annotator_a: String,
    pub annotator_b: String,
    pub sample: Option<SampleId>,
    /// Narratives in scope (the sample, or the whole corpus).
    pub in_scope: usize,
    /// Of those, the ones both marked done: the ones compared.
    pub compared: usize,
    /// External id of every compared narrative (for the disagreement list).
    pub external_ids: BTreeMap<DocId, String>,
    /// Compared narratives that already have adjudicated gold.
    pub adjudicated: Vec<DocId>,
    #[serde(flatten)]
    pub agreement: Agreement,
}

/// One adjudication decision.
#[derive(Serialize, Debug, Clone, PartialEq)]
pub struct AdjudicationRecord {
    pub id: i64,
    pub doc: DocId,
    /// Who decided.
    pub adjudicator: String,
    pub annotator_a: String,
    pub annotator_b: String,
    pub spans: Vec<GoldSpan>,
    pub decided_at: String,
}

/// The adjudication view of one narrative: both versions side by side.
#[derive(Serialize, Debug, Clone)]
pub struct AdjudicationView {
    pub doc: DocId,
    pub external_id: String,
    pub text: String,
    pub annotator_a: String,
    pub annotator_b: String,
    pub status_a: Status,
    pub status_b: Status,
    pub a: Vec<GoldSpan>,
    pub b: Vec<GoldSpan>,
    /// Spans both versions have.
    pub agreed: Vec<GoldSpan>,
    /// Where they differ, in offset order (one choice each for [`Store::adjudicate`]).
    pub disagreements: Vec<Disagreement>,
    /// The latest decision on this narrative, if any.
    pub decided: Option<AdjudicationRecord>,
}

fn to_spans(g: &[GoldSpan]) -> Vec<Span> {
    g.iter().map(Span::from).collect()
}

/// Two different people's names (the adjudicated version is compared like anybody's).
fn check_pair(path: &std::path::Path, a: &str, b: &str) -> Result<(String, String)> {
    let name = |n: &str| {
        if n.trim() == ADJUDICATED {
            Ok(ADJUDICATED.to_string())
        } else {
            check_annotator_name(path, n)
        }
    };
    let (a, b) = (name(a)?, name(b)?);
    if a == b {
        return Err(store_err(
            path,
            format!("agreement needs two different annotators (got {a:?} twice)"),
        ));
    }
    Ok((a, b))
}

impl Store {
    /// Agreement between annotators `a` and `b` on the narratives of `sample` (or the whole
    /// corpus), counting only narratives **both** marked done: an untouched narrative would show
    /// the shared pre-annotation on both sides and inflate the figures.
    pub fn agreement(
        &self,
        corpus: CorpusId,
        sample: Option<SampleId>,
        a: &str,
        b: &str,
    ) -> Result<AgreementReport> {
        let path = &self.path;
        let (a, b) = check_pair(path, a, b)?;
        self.check_corpus(corpus)?;
        let scope: Vec<DocId> = match sample {
            Some(id) => {
                let s = self.sample(id)?;
                if s.corpus != corpus {
                    return Err(store_err(
                        path,
                        format!("sample {id} is not a sample of corpus {corpus}"),
                    ));
                }
                s.documents
            }
            None => {
                let mut stmt = self
                    .conn
                    .prepare_cached("SELECT id FROM document WHERE corpus_id = ?1 ORDER BY id")
                    .ctx(path, "agreement")?;
                let ids = stmt
                    .query_map([corpus], |r| r.get(0))
                    .and_then(|rows| rows.collect::<rusqlite::Result<Vec<_>>>())
                    .ctx(path, "agreement")?;
                ids
            }
        };
        let mut texts: Vec<(DocId, String, Vec<Span>, Vec<Span>)> = Vec::new();
        let mut external_ids = BTreeMap::new();
        let mut adjudicated = Vec::new();
        for &doc in &scope {
            let done = |who: &str| -> Result<bool> {
                Ok(own_status(&self.conn, path, doc, who)? == Status::Done)
            };
            if !(done(&a)? && done(&b)?) {
                continue;
            }
            let (ext, text): (String, String) = self
                .conn
                .row_cached(
                    "SELECT d.external_id, t.text FROM document d
                     JOIN document_text t ON t.doc_id = d.id WHERE d.id = ?1",
                    [doc],
                    |r| Ok((r.get(0)?, r.get(1)?)),
                )
                .ctx(path, "agreement")?;
            let (va, _) = version_spans(&self.conn, path, doc, &a)?;
            let (vb, _) = version_spans(&self.conn, path, doc, &b)?;
            if own_status(&self.conn, path, doc, ADJUDICATED)? == Status::Done {
                adjudicated.push(doc);
            }
            external_ids.insert(doc, ext);
            texts.push((doc, text, to_spans(&va), to_spans(&vb)));
        }
        let pairs: Vec<DocPair<'_>> = texts
            .iter()
            .map(|(doc, text, va, vb)| DocPair {
                doc: *doc,
                text,
                a: va,
                b: vb,
            })
            .collect();
        Ok(AgreementReport {
            annotator_a: a,
            annotator_b: b,
            sample,
            in_scope: scope.len(),
            compared: pairs.len(),
            external_ids,
            adjudicated,
            agreement: agreement::agreement(&pairs),
        })
    }

    /// Both annotators' versions of one narrative, their disagreements and the latest decision.
    pub fn adjudication_view(&self, doc: DocId, a: &str, b: &str) -> Result<AdjudicationView> {
        let path = &self.path;
        let (a, b) = check_pair(path, a, b)?;
        let view = self.document(doc)?;
        let (va, _) = version_spans(&self.conn, path, doc, &a)?;
        let (vb, _) = version_spans(&self.conn, path, doc, &b)?;
        let agreed = va.iter().filter(|s| vb.contains(s)).cloned().collect();
        let disagreements = agreement::disagreements(doc, &to_spans(&va), &to_spans(&vb));
        Ok(AdjudicationView {
            doc,
            external_id: view.external_id,
            text: view.text,
            status_a: own_status(&self.conn, path, doc, &a)?,
            status_b: own_status(&self.conn, path, doc, &b)?,
            annotator_a: a,
            annotator_b: b,
            a: va,
            b: vb,
            agreed,
            disagreements,
            decided: self.adjudications(doc)?.pop(),
        })
    }

    /// Records the adjudicated gold of a narrative from one choice per disagreement (in
    /// [`AdjudicationView::disagreements`] order) between the versions of `a` and `b`, both of
    /// which must be marked done. See [`Store::adjudicate_spans`].
    pub fn adjudicate(
        &mut self,
        doc: DocId,
        adjudicator: &str,
        a: &str,
        b: &str,
        choices: &[Choice],
    ) -> Result<AdjudicationRecord> {
        let path = &self.path;
        let (a_name, b_name) = check_pair(path, a, b)?;
        let (va, _) = version_spans(&self.conn, path, doc, &a_name)?;
        let (vb, _) = version_spans(&self.conn, path, doc, &b_name)?;
        let spans = agreement::adjudicate(&to_spans(&va), &to_spans(&vb), choices)
            .map_err(|m| store_err(path, format!("adjudication of document {doc}: {m}")))?;
        let spans: Vec<GoldSpan> = spans.iter().map(GoldSpan::from).collect();
        self.adjudicate_spans(doc, adjudicator, a, b, &spans)
    }

    /// Records `spans` (edited by the adjudicator, or from [`Store::adjudicate`]) as the
    /// adjudicated gold of a narrative, decided by `adjudicator` between `a` and `b`: a new
    /// `adjudication` row (earlier decisions are kept), the gold row of `adjudicated` replaced,
    /// its status `done`. One transaction. Refused when either annotator has not marked the
    /// narrative done, or a span is empty, outside the text or overlapping another.
    pub fn adjudicate_spans(
        &mut self,
        doc: DocId,
        adjudicator: &str,
        a: &str,
        b: &str,
        spans: &[GoldSpan],
    ) -> Result<AdjudicationRecord> {
        let path = &self.path;
        let (a, b) = check_pair(path, a, b)?;
        let adjudicator = check_annotator_name(path, adjudicator)?;
        let tx = self.conn.transaction().ctx(path, "adjudicating")?;
        let (_, chars) = doc_status_chars(&tx, path, doc)?;
        for who in [&a, &b] {
            if own_status(&tx, path, doc, who)? != Status::Done {
                return Err(store_err(
                    path,
                    format!(
                        "document {doc}: {who} has not marked it done; adjudicate reviewed work only"
                    ),
                ));
            }
        }
        let mut spans = spans.to_vec();
        spans.sort();
        check_spans(&spans, chars)
            .map_err(|m| store_err(path, format!("adjudication of document {doc}: {m}")))?;
        let now = now(&tx, path)?;
        register(&tx, path, &adjudicator, &now)?;
        let json = spans_json(&spans);
        tx.exec_cached(
            "INSERT INTO adjudication (doc_id, adjudicator, annotator_a, annotator_b, spans,
                decided_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
            params![doc, adjudicator, a, b, json, now],
        )
        .ctx(path, "recording an adjudication")?;
        let id = tx.last_insert_rowid();
        tx.exec_cached(
            "DELETE FROM gold WHERE doc_id = ?1 AND annotator = ?2",
            params![doc, ADJUDICATED],
        )
        .ctx(path, "saving adjudicated gold")?;
        tx.exec_cached(
            "INSERT INTO gold (doc_id, annotator, spans, updated_at) VALUES (?1, ?2, ?3, ?4)",
            params![doc, ADJUDICATED, json, now],
        )
        .ctx(path, "saving adjudicated gold")?;
        put_own_status(&tx, path, doc, ADJUDICATED, Status::Done, &now)?;
        refresh_gold_summary(&tx, path, doc, &now)?;
        tx.commit().ctx(path, "adjudicating")?;
        Ok(AdjudicationRecord {
            id,
            doc,
            adjudicator,
            annotator_a: a,
            annotator_b: b,
            spans,
            decided_at: now,
        })
    }

    /// Every adjudication decision on a narrative, oldest first.
    pub fn adjudications(&self, doc: DocId) -> Result<Vec<AdjudicationRecord>> {
        let path = &self.path;
        let mut stmt = self
            .conn
            .prepare_cached(
                "SELECT id, adjudicator, annotator_a, annotator_b, spans, decided_at
                 FROM adjudication WHERE doc_id = ?1 ORDER BY id",
            )
            .ctx(path, "reading adjudications")?;
        let rows = stmt
            .query_map([doc], |r| {
                Ok((
                    r.get::<_, i64>(0)?,
                    r.get::<_, String>(1)?,
                    r.get::<_, String>(2)?,
                    r.get::<_, String>(3)?,
                    r.get::<_, String>(4)?,
                    r.get::<_, String>(5)?,
                ))
            })
            .and_then(|rows| rows.collect::<rusqlite::Result<Vec<_>>>())
            .ctx(path, "reading adjudications")?;
        rows.into_iter()
            .map(
                |(id, adjudicator, annotator_a, annotator_b, spans, decided_at)| {
                    Ok(AdjudicationRecord {
                        id,
                        doc,
                        adjudicator,
                        annotator_a,
                        annotator_b,
                        spans: parse_spans(path, &spans, &format!("adjudication {id}"))?,
                        decided_at,
                    })
                },
            )
            .collect()
    }

    /// The adjudicator of the current adjudicated gold of a narrative, if any.
    pub fn adjudicator_of(&self, doc: DocId) -> Result<Option<String>> {
        self.conn
            .row_cached(
                "SELECT adjudicator FROM adjudication WHERE doc_id = ?1 ORDER BY id DESC LIMIT 1",
                [doc],
                |r| r.get(0),
            )
            .optional()
            .ctx(&self.path, "reading adjudications")
    }
}
