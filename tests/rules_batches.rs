//! The rules process documents in small batches, stage by stage (`RuleEngine::apply_many`: every
//! document's lexicon lookups, then each recognizer over every document), for speed. A document's
//! verdicts must not depend on the documents batched with it: on every dev gold narrative of
//! every style, the verdicts in one batch equal the verdicts one document at a time.

mod common;

use common::dev_gold_texts;
use deid::deidentify::Deidentifier;
use deid::rules::RuleEngine;
use deid::tokenize::{OffsetMap, Tokenized};

#[test]
fn a_documents_verdicts_do_not_depend_on_its_batch() {
    let texts = dev_gold_texts();
    assert!(texts.len() > 300, "{} dev gold narratives", texts.len());
    let engine = RuleEngine::embedded();
    let docs: Vec<(Tokenized, OffsetMap)> = texts
        .iter()
        .map(|t| (Tokenized::new(t), OffsetMap::new(t)))
        .collect();
    let refs: Vec<_> = docs.iter().map(|(d, m)| (d, m)).collect();
    let together = engine.apply_many(&refs);
    assert_eq!(together.len(), docs.len());
    for (k, ((doc, map), batched)) in docs.iter().zip(&together).enumerate() {
        let alone = engine.apply(doc, map);
        assert_eq!(
            batched.pattern_spans, alone.pattern_spans,
            "document {k}: the recognizers' spans differ in a batch"
        );
        let verdicts = |o: &deid::rules::RuleOutput| -> Vec<_> {
            o.rules
                .iter()
                .map(|r| (r.phi, r.kind, r.reason.label()))
                .collect()
        };
        assert_eq!(
            verdicts(batched),
            verdicts(&alone),
            "document {k}: the rules' verdicts differ in a batch"
        );
    }
}

#[test]
fn the_rules_only_engine_masks_alike_in_batches_and_alone() {
    let texts = dev_gold_texts();
    let refs: Vec<&str> = texts.iter().map(String::as_str).collect();
    let deid = Deidentifier::rules_only(RuleEngine::embedded());
    let batched = deid.annotate_batch(&refs).unwrap();
    for (k, (text, b)) in refs.iter().zip(batched).enumerate() {
        let alone = deid.annotate(text).unwrap();
        assert_eq!(b.unwrap().spans, alone.spans, "document {k}");
    }
}
