//! Pre-annotations: the model's (or the rules') spans and per-token probabilities of a
//! narrative, saved, read back and counted as uncertain tokens.

use super::{
    check_spans, doc_status_chars, now, parse_spans, refresh_gold_summary, spans_json, store_err,
    Cached, Ctx, DocId, GoldSpan, PreAnnotation, Store, TokenProb,
};
use deid::deidentify::Annotation;
use deid::error::Result;
use deid::phi::Span;
use deid::rules::TokenRule;
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
}

/// Pre-annotations of one model run, inside the caller's transaction.
pub(super) fn insert_pre_annotations(
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
        let (_, chars) = doc_status_chars(tx, path, doc)?;
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
        refresh_gold_summary(tx, path, doc, &now)?;
    }
    Ok(())
}
