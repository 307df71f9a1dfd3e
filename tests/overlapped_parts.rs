//! On a GPU, `deid annotate` sends a chunk through the engine in parts whose stages overlap
//! (`Deidentifier::annotate_parts`: one part's rules while the previous part is on the model and
//! the one before is written). A user must get exactly what the one-pass engine gives, in order,
//! and an error must stop the run. The overlap is the same code on the CPU, so it is checked here
//! with the real default model on the real ONNX Runtime, in parts too small for any part to hold
//! a whole style of narrative.

mod common;

use common::dev_gold_texts;
use deid::deidentify::{Annotation, Deidentifier, Mode};
use deid::error::{Error, Result};
use deid::model::{DeepModel, Provider, DEFAULT_MODEL_DIR};
use deid::rules::RuleEngine;
use std::path::Path;

fn hybrid() -> Deidentifier {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join(DEFAULT_MODEL_DIR);
    let model = DeepModel::load(&dir, Provider::Cpu).expect("the default model loads");
    Deidentifier::with_model(RuleEngine::embedded(), model, Mode::Hybrid)
}

/// Every part `annotate_parts` hands over, with the index of its first document.
fn in_parts(deid: &Deidentifier, texts: &[&str], part: usize) -> Vec<(usize, Vec<Annotation>)> {
    let mut parts = Vec::new();
    deid.annotate_parts(texts, part, |first, annotations| {
        parts.push((
            first,
            annotations
                .into_iter()
                .map(|a| a.expect("every dev narrative is annotated"))
                .collect(),
        ));
        Ok(())
    })
    .expect("no part fails");
    parts
}

fn assert_same_as_one_pass(deid: &Deidentifier, texts: &[&str], part: usize) {
    let one_pass: Vec<Annotation> = deid
        .annotate_batch(texts)
        .unwrap()
        .into_iter()
        .map(Result::unwrap)
        .collect();
    let parts = in_parts(deid, texts, part);
    let firsts: Vec<usize> = parts.iter().map(|(first, _)| *first).collect();
    let expected: Vec<usize> = (0..texts.len()).step_by(part).collect();
    assert_eq!(firsts, expected, "parts handed over in order, each once");
    let overlapped: Vec<Annotation> = parts.into_iter().flat_map(|(_, a)| a).collect();
    assert_eq!(overlapped.len(), one_pass.len());
    for (k, (a, b)) in overlapped.iter().zip(&one_pass).enumerate() {
        assert_eq!(a.spans, b.spans, "document {k}: spans differ in parts");
        let decisions = |x: &Annotation| {
            x.decisions.as_ref().map(|d| {
                d.iter()
                    .map(|d| (d.kind, d.threshold, d.p_safe))
                    .collect::<Vec<_>>()
            })
        };
        assert_eq!(decisions(a), decisions(b), "document {k}: decisions differ");
    }
}

#[test]
fn the_hybrid_in_overlapping_parts_decides_as_in_one_pass() {
    let texts = dev_gold_texts();
    let refs: Vec<&str> = texts.iter().map(String::as_str).collect();
    let deid = hybrid();
    // the CPU keeps one pass: every stage already has every core there
    assert_eq!(deid.overlap_part(), None);
    assert_same_as_one_pass(&deid, &refs, 37);
}

#[test]
fn the_rules_in_overlapping_parts_decide_as_in_one_pass() {
    let texts = dev_gold_texts();
    let refs: Vec<&str> = texts.iter().map(String::as_str).collect();
    let deid = Deidentifier::rules_only(RuleEngine::embedded());
    assert_same_as_one_pass(&deid, &refs, 50);
    // one part larger than the list, and parts of one document
    assert_same_as_one_pass(&deid, &refs[..20], 1000);
    assert_same_as_one_pass(&deid, &refs[..5], 1);
}

#[test]
fn an_error_where_a_part_is_written_stops_the_run_and_is_returned() {
    let texts = dev_gold_texts();
    let refs: Vec<&str> = texts.iter().map(String::as_str).collect();
    let deid = hybrid();
    let mut seen = Vec::new();
    let result = deid.annotate_parts(&refs[..100], 10, |first, _| {
        seen.push(first);
        if first == 30 {
            return Err(Error::Invalid {
                path: "out.jsonl".into(),
                message: "disk full".into(),
            });
        }
        Ok(())
    });
    match result {
        Err(Error::Invalid { message, .. }) => assert_eq!(message, "disk full"),
        other => panic!("the writer's error is returned, got {other:?}"),
    }
    assert_eq!(
        seen,
        [0, 10, 20, 30],
        "nothing is handed over after the error"
    );
}
