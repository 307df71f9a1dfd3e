//! `models/<name>/metadata.json`: everything needed to reproduce the model's preprocessing and to
//! decide with it. A model whose metadata disagrees with this engine is refused with a message
//! naming the file and the disagreement, never run with silently wrong inputs.

use crate::error::{Error, Result};
use crate::featurize::{FEATURE_NAMES, MAX_TOKEN_CHARS, POST_SPACE_CHARS};
use crate::phi::PhiType;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// The adaptive-threshold rule's parameters (Meldau 2018, 4.3.5): a token the rules call safe is
/// let through when the model's P(SAFE) >= `low`; one the rules call PHI when P(SAFE) >= `high`.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct ThresholdPair {
    /// P(SAFE) a word the rules call safe needs to be released.
    pub low: f32,
    /// P(SAFE) a word the rules call PHI needs to be released; never below `low`.
    pub high: f32,
}

/// The thresholds a model ships with: a global pair, optionally overridden per category
/// (`deid calibrate` writes them). `low <= high` everywhere, or the model is refused.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Thresholds {
    /// Global P(SAFE) threshold for words the rules call safe.
    pub low: f32,
    /// Global P(SAFE) threshold for words the rules call PHI.
    pub high: f32,
    /// Overrides keyed by the i2b2 TYPE the model finds most likely among the PHI classes.
    #[serde(default)]
    pub per_category: BTreeMap<String, ThresholdPair>,
}

impl Default for Thresholds {
    fn default() -> Thresholds {
        Thresholds {
            low: 0.9,
            high: 0.95,
            per_category: BTreeMap::new(),
        }
    }
}

/// `metadata.json`'s "split": the model's graph as two ONNX files with the same weights.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SplitGraph {
    /// `char_ids [unique, chars]` -> `char_vectors [unique, char_vector_size]`.
    pub char_encoder: String,
    /// `word_ids, char_vectors, char_index, features` -> the probabilities.
    pub tagger: String,
    /// The name of the tensor between the two.
    pub char_vectors: String,
    /// Width of one character encoding (the second dimension of `char_vectors`).
    pub char_vector_size: usize,
    /// Checked by the split script on random inputs: largest difference from the whole graph.
    #[serde(default)]
    pub max_abs_diff_vs_whole: f64,
}

/// `metadata.json`'s "quantized": the model's weights are int8 (`training/quantize.py`, ONNX
/// Runtime's dynamic quantization). Its activations are scaled by the range of the whole input
/// tensor, so in a batch of several documents one document's probabilities would depend on the
/// others beside it: the engine runs such a model one document (or window) per batch.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Quantized {
    /// The model directory's name it was quantized from ("deid-bilstm-v2").
    pub from: String,
    /// How ("onnxruntime.quantization.quantize_dynamic, int8 weights, reduce_range").
    pub method: String,
}

/// The contents of a model's `metadata.json` (format 1), checked against this engine on
/// [`Metadata::read`].
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Metadata {
    /// The metadata format; this engine reads 1.
    pub format: u32,
    /// The model's name (`deid-bilstm`), shown in the status bar.
    pub name: String,
    /// The model's version.
    pub version: String,
    /// The architecture variation trained (a-d, see `training/deid_model/model.py`).
    #[serde(default)]
    pub variation: String,
    /// The ONNX file of the whole graph, relative to the model directory.
    pub onnx: String,
    /// The name of the graph's output tensor (per-word label probabilities).
    pub output: String,
    /// The word vocabulary (word keys, see `featurize::word_key`); index = word id, the
    /// first two are `<pad>` and `<unk>`.
    pub word_vocab: Vec<String>,
    /// The character vocabulary; index = character id, the first two are `<pad>` and `<unk>`.
    pub char_vocab: Vec<String>,
    /// The output classes in order: `SAFE`, then i2b2 TYPEs (the definitions' `LABELS`).
    pub labels: Vec<String>,
    /// The feature columns the model was trained with; must equal [`FEATURE_NAMES`].
    pub feature_names: Vec<String>,
    /// Characters of a word the character encoder reads; must equal [`MAX_TOKEN_CHARS`].
    pub max_token_chars: usize,
    /// Characters after a word appended to its characters; must equal
    /// [`POST_SPACE_CHARS`].
    pub post_space_chars: usize,
    /// The adaptive thresholds (defaults 0.9 / 0.95 when absent).
    #[serde(default)]
    pub thresholds: Thresholds,
    /// The graph cut in two (`training/split_model.py`), when it was: the engine then caches
    /// character encodings across batches.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub split: Option<SplitGraph>,
    /// Int8 weights (`training/quantize.py`): run one document per batch.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub quantized: Option<Quantized>,
    /// Training provenance and metrics, kept as they are (written by `training/`).
    #[serde(flatten)]
    pub other: BTreeMap<String, serde_json::Value>,
}

impl Metadata {
    /// Reads and checks `dir/metadata.json`: format, features, character input, labels,
    /// vocabularies and thresholds; a model that disagrees with this engine is an [`Error::Model`]
    /// naming the file and the first difference.
    pub fn read(dir: &Path) -> Result<Metadata> {
        let path = dir.join("metadata.json");
        let bytes = std::fs::read(&path).map_err(|e| Error::Model {
            path: path.clone(),
            message: format!(
                "cannot read the model metadata ({e}); is {} a model directory?",
                dir.display()
            ),
        })?;
        let meta: Metadata = serde_json::from_slice(&bytes).map_err(|e| Error::Model {
            path: path.clone(),
            message: format!("not valid model metadata: {e}"),
        })?;
        meta.check(&path)?;
        Ok(meta)
    }

    fn check(&self, path: &Path) -> Result<()> {
        let bad = |message: String| Error::Model {
            path: path.into(),
            message,
        };
        if self.format != 1 {
            return Err(bad(format!(
                "metadata format {} is not supported (this engine reads format 1)",
                self.format
            )));
        }
        if self.feature_names != FEATURE_NAMES {
            let first = (0..FEATURE_NAMES.len().max(self.feature_names.len()))
                .find(|&i| {
                    self.feature_names.get(i).map(String::as_str) != FEATURE_NAMES.get(i).copied()
                })
                .unwrap_or(0);
            return Err(bad(format!(
                "the model was trained with other features than this engine computes ({} vs {} features; first difference at column {first}: {:?} vs {:?}); retrain it or use a matching engine",
                self.feature_names.len(),
                FEATURE_NAMES.len(),
                self.feature_names.get(first),
                FEATURE_NAMES.get(first)
            )));
        }
        if self.max_token_chars != MAX_TOKEN_CHARS || self.post_space_chars != POST_SPACE_CHARS {
            return Err(bad(format!(
                "character input mismatch: model uses {}+{} characters per token, engine {}+{}",
                self.max_token_chars, self.post_space_chars, MAX_TOKEN_CHARS, POST_SPACE_CHARS
            )));
        }
        if self.labels.first().map(String::as_str) != Some("SAFE") {
            return Err(bad("the first label must be SAFE".into()));
        }
        for label in &self.labels[1..] {
            if PhiType::parse(label).is_none() {
                return Err(bad(format!(
                    "unknown label {label:?} (labels are SAFE and i2b2 TYPEs)"
                )));
            }
        }
        if self.word_vocab.len() < 2 || self.char_vocab.len() < 2 {
            return Err(bad("vocabularies must hold at least <pad> and <unk>".into()));
        }
        for (name, t) in std::iter::once((
            "global",
            ThresholdPair {
                low: self.thresholds.low,
                high: self.thresholds.high,
            },
        ))
        .chain(
            self.thresholds
                .per_category
                .iter()
                .map(|(k, v)| (k.as_str(), *v)),
        ) {
            if !(0.0..=1.0).contains(&t.low) || !(0.0..=1.0).contains(&t.high) {
                return Err(bad(format!("{name} thresholds must lie in [0, 1]")));
            }
            // the rules' PHI must never be easier to release than the rules' safe
            if t.low > t.high {
                return Err(bad(format!(
                    "{name} thresholds: low {} is above high {}",
                    t.low, t.high
                )));
            }
        }
        Ok(())
    }

    /// The PhiType of every label (None for SAFE).
    pub fn label_kinds(&self) -> Vec<Option<PhiType>> {
        self.labels.iter().map(|l| PhiType::parse(l)).collect()
    }

    /// The whole graph's ONNX file in model directory `dir`.
    pub fn onnx_path(&self, dir: &Path) -> PathBuf {
        dir.join(&self.onnx)
    }
}
