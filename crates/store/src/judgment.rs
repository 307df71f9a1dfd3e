//! Causality judgments and the review report.

use super::{
    doc_status_chars, now, parse_spans, store_err, Cached, CorpusId, Ctx, DocId, InfoState,
    Judgment, Store, Verdict,
};
use deid::error::Result;
use deid::eval::{evaluate_pair, Counts};
use deid::i2b2::{document_from_spans, Document};
use deid::phi::{PhiType, Span};
use deid::tokenize::i2b2_tokens;
use rusqlite::params;
use serde::Serialize;
use std::collections::{BTreeMap, HashSet};

/// The kinds of information useful for causality assessment a judgment records (generated from
/// `definitions/definitions.toml`, as the app's list is).
pub use deid::definitions::INFO_KEYS;

/// Token-level quality of the current pre-annotations for one category, against the gold.
#[derive(Serialize, Debug, Clone, PartialEq)]
pub struct CategoryQuality {
    /// The category as it serialises (`"DATE"`, `"CITY"`).
    pub category: String,
    pub gold_tokens: usize,
    /// Gold tokens of this category the pre-annotation masked (in any category).
    pub found_tokens: usize,
    /// `None` without gold tokens (nothing to divide).
    pub recall: Option<f64>,
    /// Pre-annotation tokens of this category.
    pub system_tokens: usize,
    /// Of those, the ones that are gold PHI tokens (in any category).
    pub matched_system_tokens: usize,
    /// `None` without system tokens.
    pub precision: Option<f64>,
}

/// What the review of a corpus found so far.
#[derive(Serialize, Debug, Clone, PartialEq)]
pub struct ReviewReport {
    pub documents: usize,
    /// Narratives with a judgment (the latest of any annotator counts).
    pub judged: usize,
    /// Judged narratives where some useful information type was retained.
    pub some_retained: usize,
    /// Shares and ratios are `None` where there is nothing to divide (no narrative judged, no
    /// gold yet): the report shows a dash, never a made-up 0%.
    pub some_retained_share: Option<f64>,
    /// Judged narratives with the verdict "nothing lost".
    pub nothing_lost: usize,
    pub nothing_lost_share: Option<f64>,
    /// Judged narratives per verdict: `nothing_lost`, `some_lost`, `critical_lost`, and `none`
    /// (judged without a verdict), in that order.
    pub verdicts: Vec<(String, usize)>,
    /// Narratives marked done per day (UTC date, oldest first), counting each annotator's
    /// status: the review's progress over time.
    pub done_per_day: Vec<(String, usize)>,
    /// Per information type, the judged narratives where it was lost; most lost first.
    pub lost: Vec<(String, usize)>,
    /// Narratives with gold (edited or imported) and a pre-annotation, compared below.
    pub evaluated: usize,
    pub token_recall: Option<f64>,
    pub hipaa_recall: Option<f64>,
    pub token_precision: Option<f64>,
    /// Per category with gold or pre-annotated tokens, in [`PhiType::ALL`] order.
    pub categories: Vec<CategoryQuality>,
}

fn ratio(a: usize, b: usize) -> Option<f64> {
    (b > 0).then(|| a as f64 / b as f64)
}

/// Per category of the system: (system tokens, those at the offsets of a gold token).
fn system_token_counts(gold: &Document, system: &Document) -> BTreeMap<PhiType, (usize, usize)> {
    let positions = |d: &Document| -> Vec<(usize, usize, PhiType)> {
        d.tags
            .iter()
            .flat_map(|t| {
                i2b2_tokens(&t.text)
                    .into_iter()
                    .map(|k| (t.span.start + k.start, t.span.start + k.end, t.span.kind))
            })
            .collect()
    };
    let gold_pos: HashSet<(usize, usize)> = positions(gold)
        .into_iter()
        .map(|(s, e, _)| (s, e))
        .collect();
    let mut out: BTreeMap<PhiType, (usize, usize)> = BTreeMap::new();
    let mut seen = HashSet::new();
    for (s, e, kind) in positions(system) {
        if !seen.insert((s, e)) {
            continue;
        }
        let c = out.entry(kind).or_default();
        c.0 += 1;
        c.1 += usize::from(gold_pos.contains(&(s, e)));
    }
    out
}

impl Store {
    /// Saves this annotator's judgment of a narrative (replacing their earlier one).
    pub fn save_judgment(&mut self, doc: DocId, annotator: &str, j: &Judgment) -> Result<()> {
        let path = &self.path;
        if annotator.trim().is_empty() {
            return Err(store_err(path, "a judgment needs an annotator"));
        }
        if let Some(k) = j.info.keys().find(|k| !INFO_KEYS.contains(&k.as_str())) {
            return Err(store_err(
                path,
                format!("judgment of document {doc}: unknown information type {k:?}"),
            ));
        }
        let tx = self.conn.transaction().ctx(path, "saving a judgment")?;
        let (_, chars) = doc_status_chars(&tx, path, doc)?;
        if let Some((s, e)) = j.valuable_masked.iter().find(|(s, e)| e <= s || *e > chars) {
            return Err(store_err(
                path,
                format!(
                    "judgment of document {doc}: valuable range {s}..{e} is empty or outside the \
                     text ({chars} characters)"
                ),
            ));
        }
        let now = now(&tx, path)?;
        let data = serde_json::to_string(j)
            .map_err(|e| store_err(path, format!("judgment of document {doc}: {e}")))?;
        tx.exec_cached(
            "DELETE FROM judgment WHERE doc_id = ?1 AND annotator = ?2",
            params![doc, annotator],
        )
        .ctx(path, "saving a judgment")?;
        tx.exec_cached(
            "INSERT INTO judgment (doc_id, annotator, data, verdict, updated_at)
             VALUES (?1, ?2, ?3, ?4, ?5)",
            params![doc, annotator, data, j.verdict.map(Verdict::as_str), now],
        )
        .ctx(path, "saving a judgment")?;
        tx.exec_cached(
            "UPDATE document SET updated_at = ?2 WHERE id = ?1",
            params![doc, now],
        )
        .ctx(path, "saving a judgment")?;
        tx.commit().ctx(path, "saving a judgment")
    }

    /// The review report of a corpus over everybody's work: the latest judgment of each
    /// narrative, and the current pre-annotations' token-level recall/precision against the
    /// latest gold of the narratives whose gold was edited or imported.
    pub fn report(&self, corpus: CorpusId) -> Result<ReviewReport> {
        self.report_for(corpus, None)
    }

    /// The review report of one version of the work: an annotator's (or `adjudicated`) own
    /// judgments and days, and the pre-annotations against that version's reviewed gold: the
    /// narratives it marked done, with its spans (its own, else the imported gold, else the
    /// pre-annotation it accepted, as the gold export writes them). `None`: everybody's
    /// ([`Store::report`]).
    pub fn report_for(&self, corpus: CorpusId, version: Option<&str>) -> Result<ReviewReport> {
        self.check_corpus(corpus)?;
        let path = &self.path;
        let documents: i64 = self
            .conn
            .row_cached(
                "SELECT COUNT(*) FROM document WHERE corpus_id = ?1",
                [corpus],
                |r| r.get(0),
            )
            .ctx(path, "report")?;

        // The latest judgment per narrative.
        let mut latest: BTreeMap<DocId, Judgment> = BTreeMap::new();
        {
            let mut stmt = self
                .conn
                .prepare(
                    "SELECT j.doc_id, j.data FROM judgment j JOIN document d ON d.id = j.doc_id
                     WHERE d.corpus_id = ?1 AND (?2 IS NULL OR j.annotator = ?2) ORDER BY j.id",
                )
                .ctx(path, "report")?;
            let rows = stmt
                .query_map(params![corpus, version], |r| {
                    Ok((r.get::<_, DocId>(0)?, r.get::<_, String>(1)?))
                })
                .and_then(|rows| rows.collect::<rusqlite::Result<Vec<_>>>())
                .ctx(path, "report")?;
            for (doc, data) in rows {
                let j: Judgment = serde_json::from_str(&data).map_err(|e| {
                    store_err(path, format!("judgment of document {doc}: bad JSON: {e}"))
                })?;
                latest.insert(doc, j);
            }
        }
        let judged = latest.len();
        let some_retained = latest
            .values()
            .filter(|j| j.info.values().any(|s| *s == InfoState::Retained))
            .count();
        let nothing_lost = latest
            .values()
            .filter(|j| j.verdict == Some(Verdict::NothingLost))
            .count();
        let verdicts = [
            Some(Verdict::NothingLost),
            Some(Verdict::SomeLost),
            Some(Verdict::CriticalLost),
            None,
        ]
        .into_iter()
        .map(|v| {
            let n = latest.values().filter(|j| j.verdict == v).count();
            (v.map_or("none", Verdict::as_str).to_string(), n)
        })
        .collect();
        let done_per_day: Vec<(String, usize)> = {
            let mut stmt = self
                .conn
                .prepare(
                    "SELECT date(s.updated_at), COUNT(*) FROM annotator_status s
                     JOIN document d ON d.id = s.doc_id
                     WHERE d.corpus_id = ?1 AND s.status = 'done'
                       AND (?2 IS NULL OR s.annotator = ?2)
                     GROUP BY date(s.updated_at) ORDER BY 1",
                )
                .ctx(path, "report")?;
            let rows = stmt
                .query_map(params![corpus, version], |r| {
                    Ok((r.get::<_, String>(0)?, r.get::<_, i64>(1)? as usize))
                })
                .and_then(|rows| rows.collect::<rusqlite::Result<Vec<_>>>())
                .ctx(path, "report")?;
            rows
        };
        let mut lost: Vec<(String, usize)> = INFO_KEYS
            .iter()
            .map(|k| {
                let n = latest
                    .values()
                    .filter(|j| j.info.get(*k) == Some(&InfoState::Lost))
                    .count();
                (k.to_string(), n)
            })
            .collect();
        lost.sort_by_key(|(_, n)| std::cmp::Reverse(*n));

        // Pre-annotation against gold.
        let mut counts = Counts::default();
        let mut system: BTreeMap<PhiType, (usize, usize)> = BTreeMap::new();
        {
            let mut stmt = self
                .conn
                .prepare(
                    "SELECT d.id, t.text,
                        CASE WHEN ?2 IS NULL THEN
                          (SELECT spans FROM gold g WHERE g.doc_id = d.id ORDER BY g.id DESC LIMIT 1)
                        ELSE COALESCE(
                          (SELECT spans FROM gold g WHERE g.doc_id = d.id AND g.annotator = ?2),
                          (SELECT spans FROM gold g WHERE g.doc_id = d.id AND g.annotator = ?3),
                          (SELECT spans FROM pre_annotation p WHERE p.doc_id = d.id
                           ORDER BY p.id DESC LIMIT 1))
                        END,
                        (SELECT spans FROM pre_annotation p WHERE p.doc_id = d.id
                         ORDER BY p.id DESC LIMIT 1)
                     FROM document d JOIN document_text t ON t.doc_id = d.id
                     WHERE d.corpus_id = ?1 AND CASE WHEN ?2 IS NULL THEN d.gold_edited = 1
                       ELSE EXISTS (SELECT 1 FROM annotator_status s WHERE s.doc_id = d.id
                                    AND s.annotator = ?2 AND s.status = 'done') END
                     ORDER BY d.id",
                )
                .ctx(path, "report")?;
            let mut rows = stmt
                .query(params![corpus, version, super::annotators::IMPORTED])
                .ctx(path, "report")?;
            while let Some(r) = rows.next().ctx(path, "report")? {
                let doc: DocId = r.get(0).ctx(path, "report")?;
                let text: String = r.get(1).ctx(path, "report")?;
                let gold: Option<String> = r.get(2).ctx(path, "report")?;
                let pre: Option<String> = r.get(3).ctx(path, "report")?;
                let (Some(gold), Some(pre)) = (gold, pre) else {
                    continue;
                };
                let to_spans = |json: &str, what: &str| -> Result<Vec<Span>> {
                    let mut s: Vec<Span> = parse_spans(path, json, what)?
                        .iter()
                        .map(Span::from)
                        .collect();
                    s.sort();
                    Ok(s)
                };
                let g = document_from_spans(text.clone(), &to_spans(&gold, "gold")?);
                let s = document_from_spans(text, &to_spans(&pre, "pre-annotation")?);
                let c = evaluate_pair(&g, &s)
                    .map_err(|e| store_err(path, format!("report: document {doc}: {e}")))?;
                counts += c;
                for (k, (n, m)) in system_token_counts(&g, &s) {
                    let e = system.entry(k).or_default();
                    e.0 += n;
                    e.1 += m;
                }
            }
        }
        let categories = PhiType::ALL
            .iter()
            .filter_map(|k| {
                let c = counts.categories.get(k).copied().unwrap_or_default();
                let (n, m) = system.get(k).copied().unwrap_or_default();
                (c.gold_tokens > 0 || n > 0).then(|| CategoryQuality {
                    category: super::kind_name(*k),
                    gold_tokens: c.gold_tokens,
                    found_tokens: c.found_tokens,
                    recall: ratio(c.found_tokens, c.gold_tokens),
                    system_tokens: n,
                    matched_system_tokens: m,
                    precision: ratio(m, n),
                })
            })
            .collect();
        Ok(ReviewReport {
            documents: documents as usize,
            judged,
            some_retained,
            some_retained_share: ratio(some_retained, judged),
            nothing_lost,
            nothing_lost_share: ratio(nothing_lost, judged),
            verdicts,
            done_per_day,
            lost,
            evaluated: counts.documents,
            token_recall: ratio(counts.found_tokens, counts.gold_tokens),
            hipaa_recall: ratio(counts.hipaa_found_tokens, counts.hipaa_gold_tokens),
            token_precision: ratio(counts.matched_system_tokens, counts.system_tokens),
            categories,
        })
    }
}
