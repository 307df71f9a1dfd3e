//! The deep de-identifier: a character + token BiLSTM (Meldau 2018, variation d) exported to ONNX
//! by `training/` and run here through ONNX Runtime (`ort`). Inputs are built by
//! [`crate::featurize`], the same code that wrote the training data.

mod char_cache;
mod metadata;
mod runtime;
mod sessions;

pub use metadata::{Metadata, Quantized, SplitGraph, ThresholdPair, Thresholds};
pub use runtime::{disable_runtime_telemetry, keep_runtime_memory, Provider};

use crate::error::{Error, Result};
use crate::featurize::{char_input_chars, expand_bits, word_key_into, N_FEATURES};
use crate::phi::PhiType;
use crate::tokenize::Tokenized;
use char_cache::CharCache;
use ndarray::{Array2, Array3};
use ort::session::Session;
use ort::value::TensorRef;
use rustc_hash::FxHashMap;
use sessions::SessionPool;
use std::path::{Path, PathBuf};

/// One document's model input.
pub struct ModelInput {
    /// Per token, its id in the model's word vocabulary (`<unk>` for unknown word keys).
    pub word_ids: Vec<i64>,
    /// Per token, its character ids (unpadded; u32 to keep long narratives small).
    pub char_ids: Vec<Box<[u32]>>,
    /// Per token, its features as bits (`featurize::feature_bits`).
    pub features: Vec<u32>,
}

/// Probabilities of one document: `tokens × labels`, row-major.
#[derive(Debug, Clone)]
pub struct Probabilities {
    /// Labels per token: the metadata's `labels`, SAFE first.
    pub n_labels: usize,
    /// The graph's output probabilities, one row of `n_labels` per token.
    pub values: Vec<f32>,
}

impl Probabilities {
    /// Token `i`'s probabilities, in label order (panics when `i` is past the last token).
    pub fn token(&self, i: usize) -> &[f32] {
        &self.values[i * self.n_labels..(i + 1) * self.n_labels]
    }
}

/// A loaded ONNX model (`model.onnx`, or a split graph) with its metadata and vocabularies,
/// ready for batched inference; shared by every thread.
pub struct DeepModel {
    /// The model directory.
    pub dir: PathBuf,
    /// Its checked `metadata.json`.
    pub meta: Metadata,
    /// The category of every output label (`None` for SAFE), in label order.
    pub label_kinds: Vec<Option<PhiType>>,
    /// The provider the sessions actually run on (after any fallback).
    pub provider: Provider,
    /// Why CUDA was not used although asked for, if so.
    pub fallback: Option<String>,
    words: FxHashMap<String, i64>,
    chars: FxHashMap<char, u32>,
    /// `chars` for the ASCII characters, by code: most characters of most narratives.
    ascii_chars: [u32; 128],
    graph: Graph,
    /// How the model is batched when it runs on a GPU.
    gpu: GpuSettings,
}

/// How the model runs on a GPU (no effect on the CPU). Neither changes a probability.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GpuSettings {
    /// Padded tokens per batch (`DEID_GPU_BATCH_TOKENS`): a large GPU stays busier with larger
    /// batches, at the cost of GPU memory.
    pub batch_tokens: usize,
    /// Sessions on the GPU (`DEID_GPU_SESSIONS`), each with its own CUDA stream: while one
    /// batch runs on the GPU, the next one's tensors are built and the last one's read on the
    /// CPU.
    pub sessions: usize,
}

/// Measured on an H200 with 16 cores over 47,400 narratives (the device check in issue 11's
/// note): one session of 16,384 tokens 11.4 s, of 65,536 7.1-7.4 s; four sessions of 65,536
/// 5.0-5.4 s (11 GB of GPU memory), eight no faster (22 GB). The GPU was 20-30% busy: the CPU's
/// stages, not the GPU, set the pace.
impl Default for GpuSettings {
    fn default() -> GpuSettings {
        GpuSettings {
            batch_tokens: 65_536,
            sessions: 4,
        }
    }
}

/// The whole graph, or (a split model) its character encoder with a cache and the rest.
enum Graph {
    Whole(SessionPool),
    Split {
        encoder: SessionPool,
        cache: CharCache,
        tagger: SessionPool,
        char_vectors: String,
    },
}

const UNK: i64 = 1;

/// The id of character `c` in the character vocabulary, `<unk>` if it has none.
fn char_id(chars: &FxHashMap<char, u32>, c: char) -> u32 {
    *chars.get(&c).unwrap_or(&(UNK as u32))
}

/// The model the command and the app load when none is named (`DEID_MODEL` or `--model`
/// choose another), relative to the repository root. Defined once for both.
pub const DEFAULT_MODEL_DIR: &str = "models/deid-bilstm-v3";

impl DeepModel {
    /// Load `dir/metadata.json` and the ONNX graph(s) it names: the split pair
    /// (`char_encoder.onnx` + `tagger.onnx`) when it records one, else the whole graph. Asking for
    /// CUDA where it cannot run falls back to the CPU and says why in [`DeepModel::fallback`].
    pub fn load(dir: &Path, provider: Provider) -> Result<DeepModel> {
        DeepModel::open(dir, provider, true, GpuSettings::default())
    }

    /// As [`DeepModel::load`], batched on a GPU as `gpu` says.
    pub fn load_on(dir: &Path, provider: Provider, gpu: GpuSettings) -> Result<DeepModel> {
        DeepModel::open(dir, provider, true, gpu)
    }

    /// As [`DeepModel::load`]; `split: false` runs the whole graph even when a split is recorded
    /// (to check that both give the same decisions).
    pub fn load_with(dir: &Path, provider: Provider, split: bool) -> Result<DeepModel> {
        DeepModel::open(dir, provider, split, GpuSettings::default())
    }

    fn open(dir: &Path, provider: Provider, split: bool, gpu: GpuSettings) -> Result<DeepModel> {
        let gpu = GpuSettings {
            batch_tokens: gpu.batch_tokens.max(1),
            sessions: gpu.sessions.max(1),
        };
        let meta = Metadata::read(dir)?;
        let file = |name: &str| -> Result<PathBuf> {
            let path = dir.join(name);
            if path.is_file() {
                Ok(path)
            } else {
                Err(Error::Model {
                    path,
                    message: "the ONNX file named in metadata.json is missing".into(),
                })
            }
        };
        let onnx = file(&meta.onnx)?;
        let (graph, provider, fallback) = match (&meta.split, split) {
            (Some(s), true) => {
                let encoder = SessionPool::open(&file(&s.char_encoder)?, provider, gpu.sessions)?;
                let tagger_path = file(&s.tagger)?;
                let tagger = SessionPool::open(&tagger_path, encoder.provider, gpu.sessions)?;
                check_split_io(&encoder.pool, &tagger.pool, s, &meta, dir)?;
                (
                    Graph::Split {
                        encoder: encoder.pool,
                        cache: CharCache::new(s.char_vector_size),
                        tagger: tagger.pool,
                        char_vectors: s.char_vectors.clone(),
                    },
                    tagger.provider,
                    encoder.fallback,
                )
            }
            _ => {
                let opened = SessionPool::open(&onnx, provider, gpu.sessions)?;
                check_io(&opened.pool.first(), &meta, &onnx)?;
                (Graph::Whole(opened.pool), opened.provider, opened.fallback)
            }
        };
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
        let ascii_chars = std::array::from_fn(|b| char_id(&chars, char::from(b as u8)));
        Ok(DeepModel {
            dir: dir.to_path_buf(),
            label_kinds: meta.label_kinds(),
            meta,
            provider,
            fallback,
            words,
            chars,
            ascii_chars,
            graph,
            gpu,
        })
    }

    /// Whether the character encoder runs apart, with its cache.
    pub fn is_split(&self) -> bool {
        matches!(self.graph, Graph::Split { .. })
    }

    /// Padded tokens per inference batch. On the CPU each batch runs on one core, and a small
    /// batch keeps the LSTM's gates in the core's caches: over vaers-2021-01.csv (2 cores) 2,048
    /// tokens took 2.8 s and 255 MB, 8,192 tokens 3.4 s and 375 MB, 512 tokens 3.8 s (the
    /// per-step overhead wins). A GPU wants large batches (`DEID_GPU_BATCH_TOKENS`). Batching never changes a probability
    /// (`tests/model_parity.rs`).
    pub fn batch_tokens(&self) -> usize {
        match self.provider {
            // a quantized model scales activations by the batch: one document per batch
            _ if self.meta.quantized.is_some() => 1,
            Provider::Cuda => self.gpu.batch_tokens,
            Provider::Cpu | Provider::Auto => 2_048,
        }
    }

    /// Batches that can run at once (one per session).
    pub fn parallel_batches(&self) -> usize {
        match &self.graph {
            Graph::Whole(pool) => pool.len(),
            Graph::Split { tagger, .. } => tagger.len(),
        }
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
        let mut key = String::new();
        ModelInput {
            word_ids: (0..doc.len())
                .map(|i| {
                    word_key_into(doc.token_text(i), &mut key);
                    *self.words.get(&key).unwrap_or(&UNK)
                })
                .collect(),
            // the characters of `featurize::char_input`, mapped without building its string
            char_ids: (0..doc.len())
                .map(|i| {
                    char_input_chars(doc, i)
                        .map(|c| match self.ascii_chars.get(c as usize) {
                            Some(&id) => id,
                            None => char_id(&self.chars, c),
                        })
                        .collect()
                })
                .collect(),
            features,
        }
    }

    /// Run one batch (documents padded to the longest; callers group documents of similar
    /// length, see [`length_batches`]). Documents without tokens get empty probabilities.
    pub fn predict(&self, batch: &[&ModelInput]) -> Result<Vec<Probabilities>> {
        // int8 activations are scaled by the whole batch's range: each document alone, so that
        // its result never depends on the documents beside it
        if self.meta.quantized.is_some() && batch.len() > 1 {
            let mut out = Vec::with_capacity(batch.len());
            for doc in batch {
                out.extend(self.predict(&[*doc])?);
            }
            return Ok(out);
        }
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
        let run_err = |e: ort::Error| Error::Model {
            path: self.meta.onnx_path(&self.dir),
            message: format!("inference failed: {e}"),
        };
        let words = TensorRef::from_array_view(&words).map_err(run_err)?;
        let char_index = TensorRef::from_array_view(&char_index).map_err(run_err)?;
        let feats = TensorRef::from_array_view(&feats).map_err(run_err)?;
        let output = self.meta.output.as_str();
        let split_rows = |probs: &ort::value::DynValue| -> Result<Vec<Probabilities>> {
            let probs = probs.try_extract_array::<f32>().map_err(run_err)?;
            if probs.shape() != [b, t_max, n_labels] {
                return Err(Error::Model {
                    path: self.meta.onnx_path(&self.dir),
                    message: format!(
                        "output shape {:?}, expected [{b}, {t_max}, {n_labels}]",
                        probs.shape()
                    ),
                });
            }
            // each document's rows are one stretch of the (row-major) output: copied whole, since
            // this runs while the session is held
            let probs = probs.as_standard_layout();
            let flat = probs
                .as_slice()
                .expect("a standard-layout array is contiguous");
            Ok(batch
                .iter()
                .enumerate()
                .map(|(d, doc)| {
                    let rows = d * t_max..d * t_max + doc.word_ids.len();
                    Probabilities {
                        n_labels,
                        values: flat[rows.start * n_labels..rows.end * n_labels].to_vec(),
                    }
                })
                .collect())
        };
        match &self.graph {
            Graph::Whole(pool) => {
                let chars = char_matrix(&rows);
                let mut session = pool.get();
                let outputs = session
                    .run(ort::inputs![
                        "word_ids" => words,
                        "char_ids" => TensorRef::from_array_view(&chars).map_err(run_err)?,
                        "char_index" => char_index,
                        "features" => feats,
                    ])
                    .map_err(run_err)?;
                split_rows(&outputs[output])
            }
            Graph::Split {
                encoder,
                cache,
                tagger,
                char_vectors,
            } => {
                let vectors = self.char_vectors(encoder, cache, &rows)?;
                let mut session = tagger.get();
                let outputs = session
                    .run(ort::inputs![
                        "word_ids" => words,
                        char_vectors.as_str() => TensorRef::from_array_view(&vectors).map_err(run_err)?,
                        "char_index" => char_index,
                        "features" => feats,
                    ])
                    .map_err(run_err)?;
                split_rows(&outputs[output])
            }
        }
    }
}

impl DeepModel {
    /// The character encodings of `rows` (`rows.len() × dim`): from the cache, the rest from
    /// the character encoder (then cached).
    fn char_vectors(
        &self,
        encoder: &SessionPool,
        cache: &CharCache,
        rows: &[&[u32]],
    ) -> Result<Array2<f32>> {
        let dim = cache.dim();
        let mut vectors = Array2::<f32>::zeros((rows.len(), dim));
        let out = vectors.as_slice_mut().expect("a fresh array is contiguous");
        let missing = cache.fill(rows, out);
        if missing.is_empty() {
            return Ok(vectors);
        }
        let path = self.dir.join(
            self.meta
                .split
                .as_ref()
                .map_or("char_encoder.onnx", |s| s.char_encoder.as_str()),
        );
        let run_err = |e: ort::Error| Error::Model {
            path: path.clone(),
            message: format!("inference failed: {e}"),
        };
        // The encoder steps through every padded position of its batch: rows of similar length
        // run together (a word of 4 characters beside one of 23 cost as much as two of 23).
        // A row's encoding never depends on the rows beside it or on its padding
        // (`tests/model_parity.rs`), so this changes no number.
        let mut missing = missing;
        missing.sort_by_key(|&r| rows[r].len());
        let new_rows: Vec<&[u32]> = missing.iter().map(|&r| rows[r]).collect();
        let name = self
            .meta
            .split
            .as_ref()
            .map_or("char_vectors", |s| s.char_vectors.as_str());
        let mut encoded: Vec<f32> = Vec::with_capacity(new_rows.len() * dim);
        let mut session = encoder.get();
        for band in length_bands(&new_rows) {
            let band_rows = &new_rows[band];
            let chars = char_matrix(band_rows);
            let outputs = session
                .run(ort::inputs!["char_ids" => TensorRef::from_array_view(&chars).map_err(run_err)?])
                .map_err(run_err)?;
            let band_encoded = outputs[name].try_extract_array::<f32>().map_err(run_err)?;
            if band_encoded.shape() != [band_rows.len(), dim] {
                return Err(Error::Model {
                    path: path.clone(),
                    message: format!(
                        "character encoder output shape {:?}, expected [{}, {dim}]",
                        band_encoded.shape(),
                        band_rows.len()
                    ),
                });
            }
            encoded.extend(band_encoded.iter().copied());
        }
        drop(session);
        for (k, &r) in missing.iter().enumerate() {
            out[r * dim..(r + 1) * dim].copy_from_slice(&encoded[k * dim..(k + 1) * dim]);
        }
        cache.insert(&new_rows, &encoded);
        Ok(vectors)
    }
}

/// Consecutive stretches of `rows` (sorted by length) to encode together: a stretch closes when
/// the next row is longer than its shortest by more than [`BAND_SLACK`] characters, once it holds
/// [`BAND_MIN_ROWS`] rows (fewer rows per run cost more per run than the padding saved).
fn length_bands(rows: &[&[u32]]) -> Vec<std::ops::Range<usize>> {
    let mut bands = Vec::new();
    let mut start = 0;
    for i in 1..rows.len() {
        if i - start >= BAND_MIN_ROWS && rows[i].len() > rows[start].len() + BAND_SLACK {
            bands.push(start..i);
            start = i;
        }
    }
    if start < rows.len() {
        bands.push(start..rows.len());
    }
    bands
}

/// See [`length_bands`].
const BAND_SLACK: usize = 2;
/// See [`length_bands`].
const BAND_MIN_ROWS: usize = 16;

/// The character ids of `rows`, padded to the longest.
fn char_matrix(rows: &[&[u32]]) -> Array2<i64> {
    let c_max = rows.iter().map(|r| r.len()).max().unwrap_or(1).max(1);
    let mut chars = Array2::<i64>::zeros((rows.len(), c_max));
    for (r, seq) in rows.iter().enumerate() {
        for (c, &id) in seq.iter().enumerate() {
            chars[[r, c]] = i64::from(id);
        }
    }
    chars
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

/// A split model's halves must read and write what the metadata promises.
fn check_split_io(
    encoder: &SessionPool,
    tagger: &SessionPool,
    split: &SplitGraph,
    meta: &Metadata,
    dir: &Path,
) -> Result<()> {
    let bad = |file: &str, message: String| Error::Model {
        path: dir.join(file),
        message,
    };
    let enc = encoder.first();
    if !enc.inputs().iter().any(|i| i.name() == "char_ids")
        || !enc.outputs().iter().any(|o| o.name() == split.char_vectors)
    {
        return Err(bad(
            &split.char_encoder,
            format!(
                "the character encoder must map char_ids to {:?}",
                split.char_vectors
            ),
        ));
    }
    let tag = tagger.first();
    let inputs: Vec<&str> = tag.inputs().iter().map(|i| i.name()).collect();
    for want in [
        "word_ids",
        split.char_vectors.as_str(),
        "char_index",
        "features",
    ] {
        if !inputs.contains(&want) {
            return Err(bad(
                &split.tagger,
                format!("the tagger has no input {want:?} (it has {inputs:?})"),
            ));
        }
    }
    if !tag.outputs().iter().any(|o| o.name() == meta.output) {
        return Err(bad(
            &split.tagger,
            format!("the tagger has no output {:?}", meta.output),
        ));
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
    fn length_bands_cover_sorted_rows_in_order_and_keep_lengths_close() {
        let lengths = [1, 2, 3, 3, 5, 6, 9, 9, 9, 20, 21, 23];
        let seqs: Vec<Vec<u32>> = lengths.iter().map(|&n| vec![7; n]).collect();
        let rows: Vec<&[u32]> = seqs.iter().map(|s| &s[..]).collect();
        let bands = length_bands(&rows);
        // every row once, in order
        let flat: Vec<usize> = bands.iter().flat_map(|b| b.clone()).collect();
        assert_eq!(flat, (0..rows.len()).collect::<Vec<_>>());
        // too few rows for more than one band: the minimum wins over the slack
        assert_eq!(bands.len(), 1);
        let many: Vec<Vec<u32>> = (0..4 * BAND_MIN_ROWS)
            .map(|i| vec![7; 1 + i / BAND_MIN_ROWS * 10])
            .collect();
        let rows: Vec<&[u32]> = many.iter().map(|s| &s[..]).collect();
        let bands = length_bands(&rows);
        assert_eq!(bands.len(), 4, "{bands:?}");
        for b in &bands {
            let (short, long) = (rows[b.start].len(), rows[b.end - 1].len());
            assert!(long <= short + BAND_SLACK, "{b:?}: {short}..{long}");
        }
        assert!(length_bands(&[]).is_empty());
    }

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
