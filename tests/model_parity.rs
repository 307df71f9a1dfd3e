//! Parity: Rust preprocessing + ONNX Runtime give the probabilities PyTorch gave at export time
//! (for a quantized model: Python's ONNX Runtime on its int8 graphs, `training/quantize.py`)
//! (max abs difference < 1e-4) on the dev documents stored in the model's `parity.json`. The
//! inputs are compared first, so a failure says whether the featurizer drifted (re-export the
//! model) or the runtime disagrees.

mod common;

use deid::featurize::{expand_bits, feature_bits};
use deid::model::{DeepModel, Provider};
use deid::rules::RuleEngine;
use deid::tokenize::{OffsetMap, Tokenized};
use serde::Deserialize;
use std::path::Path;

#[derive(Deserialize)]
struct Parity {
    tolerance: f32,
    documents: Vec<ParityDoc>,
}

#[derive(Deserialize)]
struct ParityDoc {
    id: String,
    word_ids: Vec<i64>,
    char_ids: Vec<Vec<i64>>,
    features: Vec<Vec<f32>>,
    probs: Vec<Vec<f32>>,
}

/// Every model shipped under `models/` (the default and the others a user may pick).
fn shipped_models() -> Vec<std::path::PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("models");
    let mut dirs: Vec<_> = std::fs::read_dir(&root)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.join("metadata.json").is_file())
        .collect();
    dirs.sort();
    assert!(
        dirs.iter().any(|d| d.ends_with(
            Path::new(deid::model::DEFAULT_MODEL_DIR)
                .file_name()
                .unwrap()
        )),
        "{dirs:?}"
    );
    dirs
}

#[test]
fn rust_preprocessing_and_ort_match_pytorch() {
    for dir in shipped_models() {
        println!("{}", dir.display());
        preprocessing_and_ort_match_pytorch(&dir);
    }
}

fn preprocessing_and_ort_match_pytorch(dir: &Path) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let parity: Parity =
        serde_json::from_slice(&std::fs::read(dir.join("parity.json")).unwrap()).unwrap();
    assert!(parity.tolerance <= 1e-4);
    assert!(!parity.documents.is_empty());
    let model = DeepModel::load(dir, Provider::Cpu).expect("model loads");
    let rules = RuleEngine::embedded();
    let mut worst = 0f32;
    for doc in &parity.documents {
        let gold =
            deid::i2b2::read_file(&root.join(format!("tests/fixtures/gold/dev/{}.xml", doc.id)))
                .unwrap();
        let tokenized = Tokenized::new(&gold.text);
        let out = rules.apply(&tokenized, &OffsetMap::new(&gold.text));
        let input = model.input(&tokenized, feature_bits(&tokenized, &out));
        let name = format!("{} {}", dir.display(), doc.id);
        assert_eq!(input.word_ids, doc.word_ids, "{name}: word ids drifted");
        let char_ids: Vec<Vec<i64>> = input
            .char_ids
            .iter()
            .map(|c| c.iter().map(|&id| i64::from(id)).collect())
            .collect();
        assert_eq!(char_ids, doc.char_ids, "{name}: character ids drifted");
        for (i, (ours, theirs)) in input.features.iter().zip(&doc.features).enumerate() {
            assert_eq!(
                &expand_bits(*ours)[..],
                &theirs[..],
                "{name}: features of token {i} drifted; refresh the model's parity.json \
                 (python -m training.export --parity-only)"
            );
        }
        let probs = &model.predict(&[&input]).unwrap()[0];
        for (i, row) in doc.probs.iter().enumerate() {
            for (a, b) in probs.token(i).iter().zip(row) {
                worst = worst.max((a - b).abs());
            }
        }
    }
    println!("max abs difference to PyTorch: {worst:e}");
    assert!(
        worst < parity.tolerance,
        "{}: max abs difference {worst}",
        dir.display()
    );
}

/// Batching documents of different lengths together must not change any document's result,
/// with any shipped model (BiLSTM or dilated-CNN tagger).
#[test]
fn batching_with_padding_does_not_change_probabilities() {
    for dir in shipped_models() {
        batching_does_not_change(&dir);
    }
}

fn batching_does_not_change(dir: &Path) {
    let model = DeepModel::load(dir, Provider::Cpu).unwrap();
    let rules = RuleEngine::embedded();
    let texts = [
        "Fever on 12/26/20.",
        "Patient is a 53-year-old nurse seen at Mercy Hospital in Dayton, OH on 23Dec2020 😀.",
    ];
    let inputs: Vec<_> = texts
        .iter()
        .map(|t| {
            let doc = Tokenized::new(t);
            let out = rules.apply(&doc, &OffsetMap::new(t));
            model.input(&doc, feature_bits(&doc, &out))
        })
        .collect();
    let together = model.predict(&[&inputs[0], &inputs[1]]).unwrap();
    for (i, input) in inputs.iter().enumerate() {
        let alone = &model.predict(&[input]).unwrap()[0];
        let diff = alone
            .values
            .iter()
            .zip(&together[i].values)
            .map(|(a, b)| (a - b).abs())
            .fold(0f32, f32::max);
        assert!(diff < 1e-5, "{}: document {i}: {diff}", dir.display());
    }
}

/// The split graph (character encoder with its cache across batches, then the tagger) decides
/// exactly as the whole graph on every dev gold narrative of every style, and its
/// probabilities differ by float rounding at most. The corpus goes through twice in batches,
/// so the second pass reads every character encoding from the cache.
#[test]
fn the_split_graph_with_its_cache_decides_exactly_as_the_whole_graph() {
    use deid::deidentify::{Deidentifier, Mode};
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let dir = root.join(deid::model::DEFAULT_MODEL_DIR);
    let texts = common::dev_gold_texts();
    assert!(texts.len() > 300, "{} dev narratives", texts.len());
    let refs: Vec<&str> = texts.iter().map(String::as_str).collect();
    let load = |split| {
        let model = DeepModel::load_with(&dir, Provider::Cpu, split).unwrap();
        assert_eq!(model.is_split(), split);
        Deidentifier::with_model(RuleEngine::embedded(), model, Mode::Hybrid)
    };
    let (whole, split) = (load(false), load(true));
    let expected = whole.score_batch(&refs).unwrap();
    for pass in 0..2 {
        let got = split.score_batch(&refs).unwrap();
        let mut worst = 0f32;
        for (k, (a, b)) in expected.iter().zip(&got).enumerate() {
            let (a, b) = (a.as_ref().unwrap(), b.as_ref().unwrap());
            let (pa, pb) = (a.scores.as_ref().unwrap(), b.scores.as_ref().unwrap());
            for (x, y) in pa.iter().zip(pb) {
                assert_eq!(x.best_phi, y.best_phi, "pass {pass}: narrative {k}");
                for (x, y) in [
                    (x.p_safe, y.p_safe),
                    (x.p_best_phi, y.p_best_phi),
                    (x.p_max_phi, y.p_max_phi),
                ] {
                    worst = worst.max((x - y).abs());
                }
            }
            let spans = |d: &Deidentifier, s| d.spans_for(s, &d.thresholds).0;
            assert_eq!(
                spans(&whole, a),
                spans(&split, b),
                "pass {pass}: narrative {k} decided differently"
            );
        }
        println!("pass {pass}: max abs probability difference {worst:e}");
        assert!(worst < 1e-5, "pass {pass}: {worst}");
    }
}

/// A quantized model (`training/quantize.py`) scales its activations by the batch, so the engine
/// runs it one document per batch: every dev narrative of every style gets exactly the spans and
/// probabilities in a batch run that it gets alone, as the app annotates it.
#[test]
fn a_quantized_model_decides_a_narrative_alone_as_in_a_batch() {
    use deid::deidentify::{Deidentifier, Mode};
    let quantized: Vec<_> = shipped_models()
        .into_iter()
        .filter(|d| deid::model::Metadata::read(d).unwrap().quantized.is_some())
        .collect();
    assert!(!quantized.is_empty(), "no quantized model is shipped");
    let texts = common::dev_gold_texts();
    let refs: Vec<&str> = texts.iter().map(String::as_str).collect();
    for dir in quantized {
        let model = DeepModel::load(&dir, Provider::Cpu).unwrap();
        let d = Deidentifier::with_model(RuleEngine::embedded(), model, Mode::Hybrid);
        let batch = d.score_batch(&refs).unwrap();
        for (k, text) in refs.iter().enumerate() {
            let alone = d.score_batch(&[text]).unwrap().remove(0).unwrap();
            let together = batch[k].as_ref().unwrap();
            assert_eq!(
                d.spans_for(&alone, &d.thresholds).0,
                d.spans_for(together, &d.thresholds).0,
                "{}: narrative {k}",
                dir.display()
            );
            let (pa, pb) = (
                alone.scores.as_ref().unwrap(),
                together.scores.as_ref().unwrap(),
            );
            for (x, y) in pa.iter().zip(pb) {
                assert_eq!(x.p_safe, y.p_safe, "{}: narrative {k}", dir.display());
            }
        }
    }
}
