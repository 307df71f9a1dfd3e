//! The deep de-identifier: a character + token BiLSTM (Meldau 2018, variation d) exported to ONNX
//! by `training/` and run here through ONNX Runtime (`ort`). Inputs are built by
//! [`crate::featurize`], the same code that wrote the training data.

mod metadata;
mod runtime;

pub use metadata::{Metadata, ThresholdPair, Thresholds};
pub use runtime::Provider;

use crate::error::{Error, Result};
use crate::featurize::{char_input, expand_bits, word_key, N_FEATURES};
use crate::phi::PhiType;
use crate::tokenize::Tokenized;
use ndarray::{Array2, Array3};
use ort::session::Session;
use ort::value::TensorRef;
use rustc_hash::FxHashMap;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

/// One document's model input.
pub struct ModelInput {
    pub word_ids: Vec<i64>,
    /// Per token, its character ids (unpadded; u32 to keep long narratives small).
    pub char_ids: Vec<Box<[u32]>>,
    /// Per token, its features as bits (`featurize::feature_bits`).
    pub features: Vec<u32>,
}

/// Probabilities of one document: `tokens × labels`, row-major.
#[derive(Debug, Clone)]
pub struct Probabilities {
    pub n_labels: usize,
    pub values: Vec<f32>,
}

impl Probabilities {
    pub fn token(&self, i: usize) -> &[f32] {
        &self.values[i * self.n_labels..(i + 1) * self.n_labels]
    }
}

pub struct DeepModel {
    pub dir: PathBuf,
    pub meta: Metadata,
    pub label_kinds: Vec<Option<PhiType>>,
    /// The provider the session actually runs on (after any fallback).
    pub provider: Provider,
    /// Why CUDA was not used although asked for, if so.
    pub fallback: Option<String>,
    words: FxHashMap<String, i64>,
    chars: FxHashMap<char, u32>,
    session: Mutex<Session>,
}

const UNK: i64 = 1;

/// The model the command and the app load when none is named (`DEID_MODEL` or `--model`
/// choose another), relative to the repository root. Defined once for both.
pub const DEFAULT_MODEL_DIR: &str = "models/deid-bilstm-v2";

impl DeepModel {
    /// Load `dir/metadata.json` and `dir/<onnx>`. Asking for CUDA where it cannot run falls back
    /// to the CPU and says why in [`DeepModel::fallback`].
    pub fn load(dir: &Path, provider: Provider) -> Result<DeepModel> {
        let meta = Metadata::read(dir)?;
        let onnx = meta.onnx_path(dir);
        if !onnx.is_file() {
            return Err(Error::Model {
                path: onnx,
                message: "the ONNX file named in metadata.json is missing".into(),
            });
        }
        let env = runtime::environment()?;
        let model_err = |e: ort::Error| Error::Model {
            path: onnx.clone(),
            message: format!("ONNX Runtime cannot load this model: {e}"),
        };
        let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
        let builder =
            || -> std::result::Result<ort::session::builder::SessionBuilder, ort::Error> {
                let b = Session::builder(env)?;
                Ok(b.with_intra_threads(threads)
                    .map_err(ort::Error::<()>::from)?)
            };
        let (session, provider, fallback) = match provider {
            Provider::Cpu => (
                builder()
                    .and_then(|mut b| b.commit_from_file(&onnx))
                    .map_err(model_err)?,
                Provider::Cpu,
                None,
            ),
            Provider::Cuda => {
                let cuda = builder().and_then(|b| {
                    b.with_execution_providers([ort::ep::CUDA::default()
                        .build()
                        .error_on_failure()])
                        .map_err(ort::Error::<()>::from)
                });
                match cuda.and_then(|mut b| b.commit_from_file(&onnx)) {
                    Ok(s) => (s, Provider::Cuda, None),
                    Err(e) => {
                        let why = format!(
                            "CUDA was asked for but is not available ({e}); running on the CPU"
                        );
                        let s = builder()
                            .and_then(|mut b| b.commit_from_file(&onnx))
                            .map_err(model_err)?;
                        (s, Provider::Cpu, Some(why))
                    }
                }
            }
        };
        check_io(&session, &meta, &onnx)?;
        let words = meta
            .word_vocab
            .iter()
            .enumerate()
            .map(|(i, w)| (w.clone(), i as i64))
            .collect();
        let chars = meta
            .char_vocab
            .iter()
            .enumerate()
            .filter_map(|(i, c)| {
                let mut it = c.chars();
                match (it.next(), it.next()) {
                    (Some(ch), None) => Some((ch, i as u32)),
                    _ => None, // <pad>, <unk>
                }
            })
            .collect();
        Ok(DeepModel {
            dir: dir.to_path_buf(),
            label_kinds: meta.label_kinds(),
            meta,
            provider,
            fallback,
            words,
            chars,
            session: Mutex::new(session),
        })
    }

    /// "name version on CPU", for status bars and summaries.
    pub fn describe(&self) -> String {
        format!(
            "{} {} on {}",
            self.meta.name, self.meta.version, self.provider
        )
    }

    /// Whether `word` holds a character the model has no embedding for (a script it never saw):
    /// its opinion on such a word is a guess.
    pub fn cannot_read(&self, word: &str) -> bool {
        !word.is_ascii() && word.chars().any(|c| !self.chars.contains_key(&c))
    }

    /// Map a tokenized document to ids; features come from the rules already applied.
    pub fn input(&self, doc: &Tokenized, features: Vec<u32>) -> ModelInput {
        ModelInput {
            word_ids: (0..doc.len())
                .map(|i| *self.words.get(&word_key(doc.token_text(i))).unwrap_or(&UNK))
                .collect(),
            char_ids: (0..doc.len())
                .map(|i| {
                    char_input(doc, i)
                        .chars()
                        .map(|c| *self.chars.get(&c).unwrap_or(&(UNK as u32)))
                        .collect()
                })
                .collect(),
            features,
        }
    }

    /// Run one batch (documents padded to the longest; callers group documents of similar
    /// length, see [`length_batches`]). Documents without tokens get empty probabilities.
    pub fn predict(&self, batch: &[&ModelInput]) -> Result<Vec<Probabilities>> {
        let n_labels = self.meta.labels.len();
        let t_max = batch.iter().map(|d| d.word_ids.len()).max().unwrap_or(0);
        if t_max == 0 {
            return Ok(batch
                .iter()
                .map(|_| Probabilities {
                    n_labels,
                    values: Vec::new(),
                })
                .collect());
        }
        // Each distinct character sequence is encoded once per batch (the character BiLSTM is
        // most of the model's cost and narratives repeat their words); tokens point at its row.
        let mut rows: Vec<&[u32]> = Vec::new();
        let mut row_of: FxHashMap<&[u32], i64> = FxHashMap::default();
        let b = batch.len();
        let mut words = Array2::<i64>::zeros((b, t_max));
        let mut char_index = Array2::<i64>::zeros((b, t_max));
        let mut feats = Array3::<f32>::zeros((b, t_max, N_FEATURES));
        for (d, doc) in batch.iter().enumerate() {
            for (t, &w) in doc.word_ids.iter().enumerate() {
                words[[d, t]] = w;
                let seq = &doc.char_ids[t][..];
                char_index[[d, t]] = *row_of.entry(seq).or_insert_with(|| {
                    rows.push(seq);
                    rows.len() as i64 - 1
                });
                for (f, &v) in expand_bits(doc.features[t]).iter().enumerate() {
                    feats[[d, t, f]] = v;
                }
            }
        }
        let c_max = rows.iter().map(|r| r.len()).max().unwrap_or(1).max(1);
        let mut chars = Array2::<i64>::zeros((rows.len(), c_max));
        for (r, seq) in rows.iter().enumerate() {
            for (c, &id) in seq.iter().enumerate() {
                chars[[r, c]] = i64::from(id);
            }
        }
        let run_err = |e: ort::Error| Error::Model {
            path: self.meta.onnx_path(&self.dir),
            message: format!("inference failed: {e}"),
        };
        let mut session = self.session.lock().expect("model session lock");
        let outputs = session
            .run(ort::inputs![
                "word_ids" => TensorRef::from_array_view(&words).map_err(run_err)?,
                "char_ids" => TensorRef::from_array_view(&chars).map_err(run_err)?,
                "char_index" => TensorRef::from_array_view(&char_index).map_err(run_err)?,
                "features" => TensorRef::from_array_view(&feats).map_err(run_err)?,
            ])
            .map_err(run_err)?;
        let probs = outputs[self.meta.output.as_str()]
            .try_extract_array::<f32>()
            .map_err(run_err)?;
        if probs.shape() != [b, t_max, n_labels] {
            return Err(Error::Model {
                path: self.meta.onnx_path(&self.dir),
                message: format!(
                    "output shape {:?}, expected [{b}, {t_max}, {n_labels}]",
                    probs.shape()
                ),
            });
        }
        Ok(batch
            .iter()
            .enumerate()
            .map(|(d, doc)| {
                let n = doc.word_ids.len();
                let mut values = Vec::with_capacity(n * n_labels);
                for t in 0..n {
                    values.extend((0..n_labels).map(|l| probs[[d, t, l]]));
                }
                Probabilities { n_labels, values }
            })
            .collect())
    }
}

/// The model's inputs and output must be the ones the metadata promises.
fn check_io(session: &Session, meta: &Metadata, onnx: &Path) -> Result<()> {
    let inputs: Vec<&str> = session.inputs().iter().map(|i| i.name()).collect();
    for want in ["word_ids", "char_ids", "char_index", "features"] {
        if !inputs.contains(&want) {
            return Err(Error::Model {
                path: onnx.into(),
                message: format!("the model has no input {want:?} (it has {inputs:?})"),
            });
        }
    }
    if !session.outputs().iter().any(|o| o.name() == meta.output) {
        return Err(Error::Model {
            path: onnx.into(),
            message: format!("the model has no output {:?}", meta.output),
        });
    }
    Ok(())
}

/// Group document indices into batches of similar length (fewer padded steps) holding at most
/// `max_tokens` padded tokens each.
pub fn length_batches(lengths: &[usize], max_tokens: usize) -> Vec<Vec<usize>> {
    let mut order: Vec<usize> = (0..lengths.len()).collect();
    order.sort_by_key(|&i| lengths[i]);
    let mut batches = Vec::new();
    let mut current: Vec<usize> = Vec::new();
    for i in order {
        let longest = lengths[i].max(1);
        if !current.is_empty() && longest * (current.len() + 1) > max_tokens {
            batches.push(std::mem::take(&mut current));
        }
        current.push(i);
    }
    if !current.is_empty() {
        batches.push(current);
    }
    batches
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn length_batches_cover_every_document_once_within_budget() {
        let lengths = [5, 300, 7, 0, 299, 6, 1200];
        let batches = length_batches(&lengths, 600);
        let mut seen: Vec<usize> = batches.iter().flatten().copied().collect();
        seen.sort();
        assert_eq!(seen, (0..lengths.len()).collect::<Vec<_>>());
        for b in &batches {
            let longest = b.iter().map(|&i| lengths[i]).max().unwrap().max(1);
            assert!(b.len() == 1 || longest * b.len() <= 600, "{b:?}");
        }
    }
}
