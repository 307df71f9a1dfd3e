//! The de-identifier a caller uses: texts in, PHI spans out, in one of three modes. Hybrid (the
//! default when a model is loaded) runs the rules and the deep model and combines them with the
//! adaptive-threshold rule; rules-only and model-only exist for comparison.

use crate::combine::WordScore;
use crate::combine::{combine_document, Decision};
use crate::error::Result;
use crate::featurize::feature_bits;
use crate::isolate::per_document;
use crate::masking::{mask_possessives, spans_from_tokens};
use crate::model::{length_batches, DeepModel, ModelInput, Thresholds};
use crate::phi::{PhiType, Span};
use crate::rules::{
    complete_balinese_names, complete_facility_heads, complete_given_names,
    complete_hyphenated_names, complete_initials, complete_inner_words, complete_inverted_names,
    complete_middle_names, complete_month_numbers, complete_repeated_names,
    complete_surnames_after_given_names, complete_title_employers, foreign_script_words,
    release_lone_function_words, RuleEngine, RuleOutput, TokenRule,
};
use crate::tokenize::{OffsetMap, Token, Tokenized};

/// Documents the rules process together, stage by stage ([`RuleEngine::apply_many`]): enough
/// for each stage's tables to stay in the CPU's caches, few enough that the cores share the work
/// evenly.
const RULES_CHUNK: usize = 32;
use rayon::prelude::*;
use serde::Serialize;

/// How a [`Deidentifier`] decides; serialised kebab-case (`hybrid`, `rules-only`, `model-only`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Mode {
    /// Rules and model combined by the adaptive thresholds (Meldau 2018): a word is released
    /// only when both allow it. The default with a model.
    Hybrid,
    /// The conservative rules alone: no model, no probabilities.
    RulesOnly,
    /// The model's most likely label alone (the recognizers only give masked words their extent);
    /// for comparison, not for release.
    ModelOnly,
}

/// Everything the engine decided about one document.
#[derive(Debug, Clone, Serialize)]
pub struct Annotation {
    /// The PHI spans (code points, sorted, non-overlapping), each covering whole words.
    pub spans: Vec<Span>,
    /// The document's Unicode words, the unit of every decision (code point offsets).
    pub tokens: Vec<Token>,
    /// The rules' verdict on each word, in `tokens` order.
    pub rules: Vec<TokenRule>,
    /// What the recognizers found, before any decision (for training-data generation and review).
    pub pattern_spans: Vec<Span>,
    /// Per token, the model's P(SAFE) and the threshold it had to reach (absent in rules-only).
    pub decisions: Option<Vec<Decision>>,
}

/// Tokens of a long narrative whose probabilities one window keeps (see [`Deidentifier::window`]).
pub const WINDOW_TOKENS: usize = 1024;
/// Tokens of context read on each side of a window and then dropped: a word's label depends on
/// its neighbours, rarely on anything 64 words away.
const WINDOW_CONTEXT: usize = 64;

/// The de-identifier: the rule engine, optionally a model, the mode and the thresholds. Built
/// once and shared by every thread; [`Deidentifier::annotate`] and
/// [`Deidentifier::annotate_batch`] isolate each document (a panic costs that document only).
pub struct Deidentifier {
    /// Lexicons and recognizers.
    pub rules: RuleEngine,
    /// The deep model; `None` in rules-only mode.
    pub model: Option<DeepModel>,
    /// How rules and model are combined.
    pub mode: Mode,
    /// The adaptive thresholds (the model's own unless a caller such as calibration changes them).
    pub thresholds: Thresholds,
    /// Tokens the model reads at once from a long narrative (plus context): bounds memory.
    pub window: usize,
}

impl Deidentifier {
    /// A rules-only de-identifier (no model, default thresholds unused).
    pub fn rules_only(rules: RuleEngine) -> Deidentifier {
        Deidentifier {
            rules,
            model: None,
            mode: Mode::RulesOnly,
            thresholds: Thresholds::default(),
            window: WINDOW_TOKENS,
        }
    }

    /// Hybrid or model-only with a loaded model; thresholds come from the model's metadata.
    pub fn with_model(rules: RuleEngine, model: DeepModel, mode: Mode) -> Deidentifier {
        Deidentifier {
            rules,
            thresholds: model.meta.thresholds.clone(),
            model: Some(model),
            mode,
            window: WINDOW_TOKENS,
        }
    }

    /// What produces this engine's decisions: the mode, and the model and its thresholds.
    pub fn describe(&self) -> String {
        match (&self.mode, &self.model) {
            (Mode::RulesOnly, _) | (_, None) => "rules only".to_string(),
            (mode, Some(m)) => format!(
                "{} with {} {} (thresholds {:?})",
                match mode {
                    Mode::ModelOnly => "model only",
                    _ => "hybrid",
                },
                m.meta.name,
                m.meta.version,
                self.thresholds
            ),
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

    /// The rules' half of [`Deidentifier::score_batch`] for a few documents, stage by stage
    /// ([`RuleEngine::apply_many`]). A bug met in one of them (a panic, caught) is met again
    /// document by document, so that it costs that document only.
    fn score_rules<'t>(&self, texts: &[&'t str]) -> Vec<Result<Scored<'t>>> {
        let together = per_document(|| {
            let docs: Vec<(Tokenized<'t>, OffsetMap)> = texts
                .iter()
                .map(|text| (Tokenized::new(text), OffsetMap::new(text)))
                .collect();
            let refs: Vec<_> = docs.iter().map(|(d, m)| (d, m)).collect();
            let rules = self.rules.apply_many(&refs);
            docs.into_iter()
                .zip(rules)
                .map(|((doc, map), rules)| {
                    Ok(Scored {
                        doc,
                        map,
                        rules,
                        scores: None,
                    })
                })
                .collect::<Vec<_>>()
        });
        together.unwrap_or_else(|_| {
            texts
                .iter()
                .map(|text| {
                    per_document(|| {
                        let doc = Tokenized::new(text);
                        let map = OffsetMap::new(text);
                        let rules = self.rules.apply(&doc, &map);
                        Scored {
                            doc,
                            map,
                            rules,
                            scores: None,
                        }
                    })
                })
                .collect()
        })
    }

    /// The expensive half: tokens, rules and (unless rules-only) the model's probabilities.
    /// Per document as [`Deidentifier::annotate_batch`].
    pub fn score_batch<'t>(&self, texts: &[&'t str]) -> Result<Vec<Result<Scored<'t>>>> {
        let mut scored: Vec<Result<Scored<'t>>> = texts
            .par_chunks(RULES_CHUNK)
            .flat_map_iter(|chunk| self.score_rules(chunk))
            .collect();
        if let (Some(model), Mode::Hybrid | Mode::ModelOnly) = (&self.model, self.mode) {
            let mut ok: Vec<&mut Scored<'t>> =
                scored.iter_mut().filter_map(|s| s.as_mut().ok()).collect();
            let scores = run_model(model, &ok, self.window)?;
            for (s, p) in ok.iter_mut().zip(scores) {
                s.scores = Some(p);
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
        let (mut kinds, mut decisions): (Vec<_>, Option<Vec<Decision>>) =
            match (&s.scores, self.mode, &self.model) {
                (Some(p), Mode::ModelOnly, Some(_)) => {
                    let kinds = p.iter().map(WordScore::model_only).collect();
                    (kinds, None)
                }
                (Some(p), _, Some(m)) => {
                    // a word the model cannot read, or of a script foreign to the narrative
                    // (a name beside its transliteration): its "safe" is a guess
                    let foreign = foreign_script_words(&s.doc);
                    let unreadable: Vec<bool> = (0..s.doc.len())
                        .map(|i| foreign[i] || m.cannot_read(s.doc.token_text(i)))
                        .collect();
                    let mut d = combine_document(&s.rules.rules, p, thresholds, &unreadable);
                    // completions after the combination, each reading the verdicts of the one
                    // before, each never released: a facility's head after a name the model
                    // masked ("[Vistara] Heart Institute"), the other half of a hyphenated name
                    // ("VLĂDUȚESCU-[POPA]"), a short middle name ("BETTY [JO] TATUM"), the rest of a name
                    // written surname first ("LANE, [CHARITY R] (MRN"), a given
                    // name before its masked surname ("[yvette] arcement-leblanc"), an everyday word's surname after
                    // masked given names ("[joy lee] brown ("), a name word said again on its own
                    // ("found [cliff] unresponsive"), a person's initial before the masked name
                    // ("[D.] Rutledge RN"), the day or year beside a masked month ("[3] dec"), last an
                    // employer's words after a title ("guard at [black] swan security"), and first the
                    // inner words of a name the rules read whole ("Medical Center [of] Orangeburg")
                    type Completion =
                        fn(&Tokenized, &[TokenRule], &[Option<PhiType>]) -> Vec<(usize, PhiType)>;
                    let completions: [Completion; 12] = [
                        complete_inner_words,
                        complete_facility_heads,
                        complete_hyphenated_names,
                        complete_middle_names,
                        complete_inverted_names,
                        complete_given_names,
                        complete_balinese_names,
                        complete_surnames_after_given_names,
                        complete_repeated_names,
                        complete_initials,
                        complete_month_numbers,
                        complete_title_employers,
                    ];
                    for complete in completions {
                        let kinds: Vec<_> = d.iter().map(|d| d.kind).collect();
                        for (k, kind) in complete(&s.doc, &s.rules.rules, &kinds) {
                            d[k].kind = Some(kind);
                            d[k].threshold = f32::INFINITY;
                        }
                    }
                    // then a function word the model alone masked between two released words
                    // ("AT [THE] SAME HOSPITAL", "fiebre [de] 39.4"): part of no name
                    let kinds: Vec<_> = d.iter().map(|d| d.kind).collect();
                    let fixed: Vec<bool> = d.iter().map(|d| d.threshold.is_infinite()).collect();
                    for k in release_lone_function_words(&s.doc, &s.rules.rules, &kinds, &fixed) {
                        d[k].kind = None;
                    }
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
        // in every mode, a masked word's possessive "'s" goes with it
        for k in mask_possessives(&s.doc, &mut kinds) {
            if let Some(d) = decisions.as_mut() {
                d[k].kind = kinds[k];
                d[k].threshold = f32::INFINITY;
            }
        }
        // In model-only mode the recognizers' spans only give extents to tokens the model masks.
        let spans = spans_from_tokens(&s.doc, &kinds, &s.rules.pattern_spans);
        (spans, decisions)
    }
}

/// One document scored by the rules and (unless rules-only) the model.
pub struct Scored<'t> {
    /// The document's words.
    pub doc: Tokenized<'t>,
    /// Code point ↔ byte offsets of the text.
    pub map: OffsetMap,
    /// The rules' verdicts and the recognizers' spans.
    pub rules: RuleOutput,
    /// Per word, what the model said (absent in rules-only).
    pub scores: Option<Vec<WordScore>>,
}

/// One stretch of a document the model reads at once: `window` (with context on both sides)
/// of which the probabilities of `core` are kept.
struct Piece {
    doc: usize,
    window: std::ops::Range<usize>,
    core: std::ops::Range<usize>,
}

/// Split every document into pieces of at most `core + 2 * context` tokens: a long narrative is
/// read in overlapping windows, so memory is bounded by the batch, not by the narrative (a
/// whole 1 MB narrative in one sequence needed about 1 GB).
fn pieces(lengths: &[usize], core: usize, context: usize) -> Vec<Piece> {
    let mut out = Vec::new();
    for (doc, &n) in lengths.iter().enumerate() {
        if n <= core + 2 * context {
            out.push(Piece {
                doc,
                window: 0..n,
                core: 0..n,
            });
            continue;
        }
        let mut start = 0;
        while start < n {
            let end = (start + core).min(n);
            out.push(Piece {
                doc,
                window: start.saturating_sub(context)..(end + context).min(n),
                core: start..end,
            });
            start = end;
        }
    }
    out
}

fn slice_input(input: &ModelInput, r: std::ops::Range<usize>) -> ModelInput {
    ModelInput {
        word_ids: input.word_ids[r.clone()].to_vec(),
        char_ids: input.char_ids[r.clone()].to_vec(),
        features: input.features[r].to_vec(),
    }
}

fn run_model(
    model: &DeepModel,
    scored: &[&mut Scored],
    window: usize,
) -> Result<Vec<Vec<WordScore>>> {
    let inputs: Vec<ModelInput> = scored
        .par_iter()
        .map(|s| model.input(&s.doc, feature_bits(&s.doc, &s.rules)))
        .collect();
    // per word only what the decisions need: the batch's full distributions are dropped as soon
    // as they are read
    let mut out: Vec<Vec<WordScore>> = inputs
        .iter()
        .map(|i| vec![WordScore::default(); i.word_ids.len()])
        .collect();
    let lengths: Vec<usize> = inputs.iter().map(|i| i.word_ids.len()).collect();
    let pieces = pieces(&lengths, window, WINDOW_CONTEXT);
    let piece_lengths: Vec<usize> = pieces.iter().map(|p| p.window.len()).collect();
    // batches run side by side, one per model session (one per core on the CPU)
    let batches = length_batches(&piece_lengths, model.batch_tokens());
    let results: Vec<Result<Vec<Vec<WordScore>>>> = batches
        .par_iter()
        .with_max_len(1)
        .map(|batch| {
            // whole documents are read in place; windows of long ones are copied, a batch at a time
            let owned: Vec<Option<ModelInput>> = batch
                .iter()
                .map(|&k| {
                    let p = &pieces[k];
                    (p.window.len() != lengths[p.doc])
                        .then(|| slice_input(&inputs[p.doc], p.window.clone()))
                })
                .collect();
            let refs: Vec<&ModelInput> = batch
                .iter()
                .zip(&owned)
                .map(|(&k, o)| o.as_ref().unwrap_or(&inputs[pieces[k].doc]))
                .collect();
            // each piece's core words, summarised here so that only one batch's full
            // distributions per session are ever held
            let probs = model.predict(&refs)?;
            Ok(batch
                .iter()
                .zip(probs)
                .map(|(&k, probs)| {
                    let p = &pieces[k];
                    let offset = p.core.start - p.window.start;
                    (0..p.core.len())
                        .map(|j| WordScore::of(probs.token(offset + j), &model.label_kinds))
                        .collect::<Vec<WordScore>>()
                })
                .collect::<Vec<_>>())
        })
        .collect();
    for (batch, scores) in batches.iter().zip(results) {
        for (&k, scores) in batch.iter().zip(scores?) {
            let p = &pieces[k];
            out[p.doc][p.core.clone()].copy_from_slice(&scores);
        }
    }
    Ok(out)
}
