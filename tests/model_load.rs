//! Loading a model directory that is broken or was made for another engine gives a clear error
//! naming the file and the problem (with the real ONNX Runtime from the PyPI wheel).

use deid::featurize::{FEATURE_NAMES, MAX_TOKEN_CHARS, POST_SPACE_CHARS};
use deid::model::{DeepModel, Provider};
use std::path::Path;

fn metadata(features: &[&str]) -> serde_json::Value {
    serde_json::json!({
        "format": 1,
        "name": "test-model",
        "version": "0",
        "onnx": "model.onnx",
        "output": "probs",
        "word_vocab": ["<pad>", "<unk>", "fever"],
        "char_vocab": ["<pad>", "<unk>", "a"],
        "labels": ["SAFE", "DATE", "PATIENT"],
        "feature_names": features,
        "max_token_chars": MAX_TOKEN_CHARS,
        "post_space_chars": POST_SPACE_CHARS,
        "thresholds": {"low": 0.9, "high": 0.95}
    })
}

fn model_dir(meta: &serde_json::Value, onnx: Option<&[u8]>) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("metadata.json"), meta.to_string()).unwrap();
    if let Some(bytes) = onnx {
        std::fs::write(dir.path().join("model.onnx"), bytes).unwrap();
    }
    dir
}

fn load_error(dir: &Path) -> String {
    match DeepModel::load(dir, Provider::Cpu) {
        Ok(_) => panic!("{} loaded", dir.display()),
        Err(e) => e.to_string(),
    }
}

#[test]
fn a_folder_without_metadata_is_not_a_model() {
    let dir = tempfile::tempdir().unwrap();
    let err = load_error(dir.path());
    assert!(
        err.contains("metadata.json") && err.contains("model directory"),
        "{err}"
    );
}

#[test]
fn metadata_that_is_not_json_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("metadata.json"), b"{ not json").unwrap();
    let err = load_error(dir.path());
    assert!(
        err.contains("metadata.json") && err.contains("not valid model metadata"),
        "{err}"
    );
}

#[test]
fn a_model_trained_with_other_features_is_refused() {
    let mut other: Vec<&str> = FEATURE_NAMES.to_vec();
    other.swap(0, 1);
    let dir = model_dir(&metadata(&other), Some(b"irrelevant"));
    let err = load_error(dir.path());
    assert!(
        err.contains("other features") && err.contains("column 0"),
        "{err}"
    );
}

#[test]
fn unknown_labels_are_refused() {
    let mut meta = metadata(&FEATURE_NAMES);
    meta["labels"] = serde_json::json!(["SAFE", "DATE", "SPACESHIP"]);
    let dir = model_dir(&meta, Some(b"irrelevant"));
    let err = load_error(dir.path());
    assert!(err.contains("SPACESHIP"), "{err}");
}

#[test]
fn a_missing_onnx_file_is_named() {
    let dir = model_dir(&metadata(&FEATURE_NAMES), None);
    let err = load_error(dir.path());
    assert!(
        err.contains("model.onnx") && err.contains("missing"),
        "{err}"
    );
}

#[test]
fn a_corrupt_onnx_file_is_reported_by_onnx_runtime() {
    let dir = model_dir(
        &metadata(&FEATURE_NAMES),
        Some(b"\x08\x07garbage that is not a protobuf"),
    );
    let err = load_error(dir.path());
    assert!(
        err.contains("model.onnx") && err.contains("cannot load this model"),
        "{err}"
    );
}
