//! The de-identifier a caller uses: texts in, PHI spans out, in one of three modes. Hybrid (the
//! default when a model is loaded) runs the rules and the deep model and combines them with the
//! adaptive-threshold rule; rules-only and model-only exist for comparison.

use crate::combine::{combine_document, model_only, Decision};
use crate::error::Result;
use crate::featurize::feature_vectors;
use crate::isolate::per_document;
use crate::masking::spans_from_tokens;
use crate::model::{length_batches, DeepModel, Probabilities, Thresholds};
use crate::phi::Span;
use crate::rules::{RuleEngine, RuleOutput, TokenRule};
use crate::tokenize::{OffsetMap, Token, Tokenized};
use rayon::prelude::*;
use serde::Serialize;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, clap::ValueEnum)]
#[serde(rename_all = "kebab-case")]
pub enum Mode {
    Hybrid,
    RulesOnly,
    ModelOnly,
}

/// Everything the engine decided about one document.
#[derive(Debug, Clone, Serialize)]
pub struct Annotation {
    pub spans: Vec<Span>,
    pub tokens: Vec<Token>,
    pub rules: Vec<TokenRule>,
    /// What the recognizers found, before any decision (for training-data generation and review).
    pub pattern_spans: Vec<Span>,
    /// Per token, the model's P(SAFE) and the threshold it had to reach (absent in rules-only).
    pub decisions: Option<Vec<Decision>>,
}

/// Padded tokens per inference batch: large enough to keep ONNX Runtime's threads busy, small
/// enough that one batch of long narratives stays within a few hundred MB.
const BATCH_TOKENS: usize = 16_384;

pub struct Deidentifier {
    pub rules: RuleEngine,
    pub model: Option<DeepModel>,
    pub mode: Mode,
    pub thresholds: Thresholds,
}

impl Deidentifier {
    pub fn rules_only(rules: RuleEngine) -> Deidentifier {
        Deidentifier {
            rules,
            model: None,
            mode: Mode::RulesOnly,
            thresholds: Thresholds::default(),
        }
    }

    /// Hybrid or model-only with a loaded model; thresholds come from the model's metadata.
    pub fn with_model(rules: RuleEngine, model: DeepModel, mode: Mode) -> Deidentifier {
        Deidentifier {
            rules,
            thresholds: model.meta.thresholds.clone(),
            model: Some(model),
            mode,
        }
    }

    /// One document.
    pub fn annotate(&self, text: &str) -> Result<Annotation> {
        self.annotate_batch(&[text])?
            .pop()
            .expect("one annotation per text")
    }

    /// Many documents: rules in parallel, the model in length-sorted batches. The outer error is
    /// a failure of the whole batch (ONNX Runtime); each document has its own result, so a bug
    /// met in one document (a panic, caught) costs that document only.
    pub fn annotate_batch(&self, texts: &[&str]) -> Result<Vec<Result<Annotation>>> {
        Ok(self
            .score_batch(texts)?
            .into_par_iter()
            .map(|scored| {
                let scored = scored?;
                per_document(|| {
                    let (spans, decisions) = self.spans_for(&scored, &self.thresholds);
                    Annotation {
                        spans,
                        tokens: scored.doc.tokens,
                        rules: scored.rules.rules,
                        pattern_spans: scored.rules.pattern_spans,
                        decisions,
                    }
                })
            })
            .collect())
    }

    /// The expensive half: tokens, rules and (unless rules-only) the model's probabilities.
    /// Per document as [`Deidentifier::annotate_batch`].
    pub fn score_batch<'t>(&self, texts: &[&'t str]) -> Result<Vec<Result<Scored<'t>>>> {
        let mut scored: Vec<Result<Scored<'t>>> = texts
            .par_iter()
            .map(|text| {
                per_document(|| {
                    let doc = Tokenized::new(text);
                    let map = OffsetMap::new(text);
                    let rules = self.rules.apply(&doc, &map);
                    Scored {
                        doc,
                        map,
                        rules,
                        probs: None,
                    }
                })
            })
            .collect();
        if let (Some(model), Mode::Hybrid | Mode::ModelOnly) = (&self.model, self.mode) {
            let mut ok: Vec<&mut Scored<'t>> =
                scored.iter_mut().filter_map(|s| s.as_mut().ok()).collect();
            let probs = run_model(model, &ok)?;
            for (s, p) in ok.iter_mut().zip(probs) {
                s.probs = Some(p);
            }
        }
        Ok(scored)
    }

    /// The cheap half: spans (and per-token decisions) under the given thresholds. Calibration
    /// calls this many times on one scoring.
    pub fn spans_for(
        &self,
        s: &Scored,
        thresholds: &Thresholds,
    ) -> (Vec<Span>, Option<Vec<Decision>>) {
        let (kinds, decisions): (Vec<_>, Option<Vec<Decision>>) =
            match (&s.probs, self.mode, &self.model) {
                (Some(p), Mode::ModelOnly, Some(m)) => {
                    let kinds = (0..s.doc.len())
                        .map(|i| model_only(p.token(i), &m.label_kinds))
                        .collect();
                    (kinds, None)
                }
                (Some(p), _, Some(m)) => {
                    let unreadable: Vec<bool> = (0..s.doc.len())
                        .map(|i| m.cannot_read(s.doc.token_text(i)))
                        .collect();
                    let d = combine_document(
                        &s.rules.rules,
                        p,
                        &m.label_kinds,
                        thresholds,
                        &unreadable,
                    );
                    (d.iter().map(|d| d.kind).collect(), Some(d))
                }
                _ => (
                    s.rules
                        .rules
                        .iter()
                        .map(|r| r.kind.filter(|_| r.phi))
                        .collect(),
                    None,
                ),
            };
        // In model-only mode the recognizers' spans only give extents to tokens the model masks.
        let spans = spans_from_tokens(&s.doc, &kinds, &s.rules.pattern_spans);
        (spans, decisions)
    }
}

/// One document scored by the rules and (unless rules-only) the model.
pub struct Scored<'t> {
    pub doc: Tokenized<'t>,
    pub map: OffsetMap,
    pub rules: RuleOutput,
    pub probs: Option<Probabilities>,
}

fn run_model(model: &DeepModel, scored: &[&mut Scored]) -> Result<Vec<Probabilities>> {
    let inputs: Vec<_> = scored
        .par_iter()
        .map(|s| model.input(&s.doc, feature_vectors(&s.doc, &s.rules)))
        .collect();
    let lengths: Vec<usize> = inputs.iter().map(|i| i.word_ids.len()).collect();
    let mut out: Vec<Option<Probabilities>> = vec![None; inputs.len()];
    for batch in length_batches(&lengths, BATCH_TOKENS) {
        let refs: Vec<_> = batch.iter().map(|&i| &inputs[i]).collect();
        for (i, p) in batch.iter().zip(model.predict(&refs)?) {
            out[*i] = Some(p);
        }
    }
    Ok(out
        .into_iter()
        .map(|p| p.expect("every document predicted"))
        .collect())
}
