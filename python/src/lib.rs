//! `deid._native`: the Deid Studio engine as a Python extension module (PyO3).
//!
//! The Python package `deid` (`python/deid/__init__.py`) wraps this module: it finds the model
//! and ONNX Runtime, and caches one de-identifier per process for `deid.annotate`. Everything here
//! is a thin call into the engine; spans and masked text come from the same functions as
//! `deid annotate --format jsonl` / `--format masked` (`Deidentifier::annotate_batch`,
//! `masking::mask_text`), so the two cannot disagree.
//!
//! Errors never hold narrative text: the engine's errors name the document and the problem, a
//! bad argument is named by its index and type, and a panic becomes a generic error (the quiet
//! panic hook keeps its message, which may quote the text, off stderr).

use engine::deidentify::{Annotation, Deidentifier, Mode};
use engine::isolate::per_document;
use engine::lexicon::Lexicons;
use engine::masking::mask_text;
use engine::model::{DeepModel, Provider};
use engine::recognize::Recognizers;
use engine::rules::RuleEngine;
use engine::tokenize::OffsetMap;
use pyo3::exceptions::{PyRuntimeError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyString};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::PathBuf;

pyo3::create_exception!(
    deid,
    DeidError,
    PyRuntimeError,
    "The engine could not start or failed on a whole batch (model, ONNX Runtime, lexicons). \
     The message names the file and the problem, never narrative text."
);

/// One document's result, computed without the GIL: its spans and masked text, or the error.
type DocResult = Result<(Vec<engine::Span>, String), String>;

/// A loaded de-identifier: rules-only or hybrid (rules + the BiLSTM through ONNX Runtime).
#[pyclass(name = "Deidentifier", module = "deid._native", frozen)]
struct PyDeidentifier {
    inner: Deidentifier,
    /// Threads for one `annotate` call; `None`: rayon's global pool (all cores).
    pool: Option<rayon::ThreadPool>,
    mode: &'static str,
    description: String,
}

fn engine_error(e: engine::Error) -> PyErr {
    DeidError::new_err(e.to_string())
}

#[pymethods]
impl PyDeidentifier {
    /// `mode`: "hybrid" (needs `model_dir`) or "rules". `lexicons_dir`: a folder of lexicons
    /// instead of the embedded ones. `threads`: worker threads per `annotate` call (None: all
    /// cores; 1 under Spark/Dask, which already run one task per core). `provider`: "cpu" or
    /// "cuda" (falls back to the CPU, saying why in `fallback`).
    #[new]
    #[pyo3(signature = (mode="hybrid", model_dir=None, lexicons_dir=None, threads=None, provider="cpu"))]
    fn new(
        py: Python<'_>,
        mode: &str,
        model_dir: Option<PathBuf>,
        lexicons_dir: Option<PathBuf>,
        threads: Option<usize>,
        provider: &str,
    ) -> PyResult<Self> {
        let mode: &'static str = match mode {
            "hybrid" => "hybrid",
            "rules" | "rules-only" => "rules",
            other => {
                return Err(PyValueError::new_err(format!(
                    "unknown mode {other:?}: use \"hybrid\" or \"rules\""
                )))
            }
        };
        let provider: Provider = provider.parse().map_err(PyValueError::new_err)?;
        if mode == "hybrid" && model_dir.is_none() {
            return Err(PyValueError::new_err(
                "mode \"hybrid\" needs model_dir (the deid package passes its bundled model or $DEID_MODEL)",
            ));
        }
        let pool = match threads {
            None => None,
            Some(0) => return Err(PyValueError::new_err("threads must be at least 1")),
            Some(n) => Some(
                rayon::ThreadPoolBuilder::new()
                    .num_threads(n)
                    .build()
                    .map_err(|e| DeidError::new_err(format!("cannot start {n} threads: {e}")))?,
            ),
        };
        // loading the lexicons and the model takes a while: let other Python threads run
        let (inner, description) = py
            .detach(|| -> engine::Result<(Deidentifier, String)> {
                let lexicons = match &lexicons_dir {
                    Some(d) => Lexicons::from_dir(d)?,
                    None => Lexicons::embedded(),
                };
                let rules = RuleEngine::new(lexicons, Recognizers::new());
                match &model_dir {
                    Some(dir) if mode == "hybrid" => {
                        let model = DeepModel::load(dir, provider)?;
                        let mut description = model.describe();
                        if let Some(why) = &model.fallback {
                            description = format!("{description} ({why})");
                        }
                        Ok((
                            Deidentifier::with_model(rules, model, Mode::Hybrid),
                            description,
                        ))
                    }
                    _ => Ok((Deidentifier::rules_only(rules), "rules only".to_string())),
                }
            })
            .map_err(engine_error)?;
        Ok(PyDeidentifier {
            inner,
            pool,
            mode,
            description,
        })
    }

    /// "hybrid" or "rules".
    #[getter]
    fn mode(&self) -> &'static str {
        self.mode
    }

    /// The model, its provider and any CUDA fallback ("rules only" without a model).
    #[getter]
    fn description(&self) -> &str {
        &self.description
    }

    /// De-identify `texts` (a list or tuple of str). One dict per text, in order:
    /// `{"text", "masked", "spans": [{"start", "end", "tag", "type"}], "error"}` with offsets in
    /// code points; a document the engine fails on has `error` set (spans empty, masked None),
    /// the others are unaffected. The GIL is released while the engine works.
    fn annotate<'py>(
        &self,
        py: Python<'py>,
        texts: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyList>> {
        let items = text_items(texts)?;
        let owned: Vec<String> = items
            .iter()
            .enumerate()
            .map(|(i, s)| {
                s.to_cow().map(|c| c.into_owned()).map_err(|_| {
                    PyValueError::new_err(format!(
                        "texts[{i}] is not valid Unicode (it holds a lone surrogate)"
                    ))
                })
            })
            .collect::<PyResult<_>>()?;
        let results = py.detach(|| {
            let run = || self.run(&owned);
            match &self.pool {
                Some(pool) => pool.install(run),
                None => run(),
            }
        })?;
        let out = PyList::empty(py);
        for (text, result) in items.iter().zip(results) {
            let d = PyDict::new(py);
            d.set_item("text", text)?;
            match result {
                Ok((spans, masked)) => {
                    let list = PyList::empty(py);
                    for s in &spans {
                        let sd = PyDict::new(py);
                        sd.set_item("start", s.start)?;
                        sd.set_item("end", s.end)?;
                        sd.set_item("tag", s.kind.tag())?;
                        sd.set_item("type", s.kind.type_name())?;
                        list.append(sd)?;
                    }
                    d.set_item("masked", masked)?;
                    d.set_item("spans", list)?;
                    d.set_item("error", py.None())?;
                }
                Err(message) => {
                    d.set_item("masked", py.None())?;
                    d.set_item("spans", PyList::empty(py))?;
                    d.set_item("error", message)?;
                }
            }
            out.append(d)?;
        }
        Ok(out)
    }

    fn __repr__(&self) -> String {
        format!(
            "deid.Deidentifier(mode={:?}: {})",
            self.mode, self.description
        )
    }
}

impl PyDeidentifier {
    /// The engine's batch call, then per document the masked text, exactly as `deid annotate`
    /// renders it. A panic outside the engine's own per-document isolation fails the batch with
    /// a message that does not quote it.
    fn run(&self, texts: &[String]) -> PyResult<Vec<DocResult>> {
        let refs: Vec<&str> = texts.iter().map(String::as_str).collect();
        let batch = catch_unwind(AssertUnwindSafe(|| self.inner.annotate_batch(&refs)))
            .map_err(|_| {
                DeidError::new_err(
                    "internal error while de-identifying this batch (a bug in Deid Studio; details withheld)",
                )
            })?
            .map_err(engine_error)?;
        Ok(refs
            .iter()
            .zip(batch)
            .enumerate()
            .map(|(i, (text, ann))| {
                let label = format!("texts[{i}]");
                ann.and_then(|ann: Annotation| {
                    per_document(|| {
                        let map = OffsetMap::new(text);
                        let masked = mask_text(text, &map, &ann.spans);
                        (ann.spans, masked)
                    })
                })
                .map_err(|e| e.at(&label).to_string())
            })
            .collect())
    }
}

/// The items of a list or tuple of str; anything else is a TypeError naming the argument or the
/// index and the type, never the value.
fn text_items<'py>(texts: &Bound<'py, PyAny>) -> PyResult<Vec<Bound<'py, PyString>>> {
    let type_name = |o: &Bound<'py, PyAny>| {
        o.get_type()
            .name()
            .map_or_else(|_| "?".to_string(), |n| n.to_string())
    };
    if texts.is_instance_of::<PyString>() {
        return Err(PyTypeError::new_err(
            "texts must be a list of str, not one str (wrap it: [text])",
        ));
    }
    let iter = texts.try_iter().map_err(|_| {
        PyTypeError::new_err(format!(
            "texts must be a list of str, not {}",
            type_name(texts)
        ))
    })?;
    let mut out = Vec::new();
    for (i, item) in iter.enumerate() {
        let item = item?;
        match item.cast_into::<PyString>() {
            Ok(s) => out.push(s),
            Err(e) => {
                return Err(PyTypeError::new_err(format!(
                    "texts[{i}] is {}, not str",
                    type_name(&e.into_inner())
                )))
            }
        }
    }
    Ok(out)
}

/// The extension module `deid._native`.
#[pymodule]
#[pyo3(name = "_native")]
fn native_module(m: &Bound<'_, PyModule>) -> PyResult<()> {
    // panic messages may quote narrative text: keep them off stderr (this library's own hook)
    engine::isolate::install_quiet_panic_hook();
    m.add_class::<PyDeidentifier>()?;
    m.add("DeidError", m.py().get_type::<DeidError>())?;
    m.add("DEFAULT_MODEL_DIR", engine::model::DEFAULT_MODEL_DIR)?;
    Ok(())
}
