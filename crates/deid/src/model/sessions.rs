//! ONNX Runtime sessions of one graph: one single-threaded session per core on the CPU, each
//! running its own batch, or one session on a GPU.
//!
//! Why not one session with a thread per core: a BiLSTM steps through a sequence one token at a
//! time, and its small matrix products gain nothing from threads that must meet at every step.
//! Measured on 2 cores (`python` + onnxruntime 1.31, batches of 16k tokens): one session of two
//! threads 0.17 s per batch, two sessions of one thread side by side 0.066 s per batch.

use super::runtime::{self, Provider};
use crate::error::{Error, Result};
use ort::session::Session;
use std::path::Path;
use std::sync::{Mutex, MutexGuard};

pub struct SessionPool {
    sessions: Vec<Mutex<Session>>,
}

/// Sessions opened, and where they run.
pub struct Opened {
    pub pool: SessionPool,
    pub provider: Provider,
    /// Why CUDA was not used although asked for, if so.
    pub fallback: Option<String>,
}

impl SessionPool {
    /// Open `onnx` on `provider` (never `Auto` in the result), `gpu_sessions` sessions on a GPU;
    /// CUDA that cannot run falls back to the CPU and says why.
    pub fn open(onnx: &Path, provider: Provider, gpu_sessions: usize) -> Result<Opened> {
        let env = runtime::environment()?;
        let model_err = |e: ort::Error| Error::Model {
            path: onnx.into(),
            message: format!("ONNX Runtime cannot load this model: {e}"),
        };
        let builder =
            || -> std::result::Result<ort::session::builder::SessionBuilder, ort::Error> {
                Session::builder(env)?
                    .with_intra_threads(1)
                    .map_err(ort::Error::<()>::from)?
                    .with_inter_threads(1)
                    .map_err(ort::Error::<()>::from)
            };
        // Without the CPU arena: it keeps the largest batch's memory for the session's life, and
        // with one session per core (and two graphs) that was most of the peak memory.
        let cpu = || {
            builder()
                .and_then(|b| {
                    b.with_execution_providers([ort::ep::CPU::default()
                        .with_arena_allocator(false)
                        .build()])
                        .map_err(ort::Error::<()>::from)
                })
                .and_then(|b| b.with_memory_pattern(false).map_err(ort::Error::<()>::from))
                .and_then(|mut b| b.commit_from_file(onnx))
                .map_err(model_err)
        };
        // `auto` tries CUDA only where the library loaded was built with it (the CPU wheel is not)
        let try_cuda = match provider {
            Provider::Cuda => true,
            Provider::Auto => cuda_built_in(),
            Provider::Cpu => false,
        };
        if try_cuda {
            // Each batch has shapes of its own (its longest sequence, its longest word): the
            // default exhaustive search for cuDNN's convolution algorithm ran again for every
            // new shape, and the convolutional model spent most of its GPU time searching.
            // TF32 (ONNX Runtime's default) rounds matrix products to 10-bit mantissas; full
            // FP32 keeps the GPU's probabilities as near the CPU's as cuDNN's own order of
            // summation allows, and costs little: the GPU is about 20% busy (H200), the CPU's
            // stages set the pace. Even so, one word of the 2,370 2021 narratives sits so near
            // its threshold that the two differ ("POA", power of attorney: masked on the CPU).
            let cuda = || {
                builder()
                    .and_then(|b| {
                        b.with_execution_providers([ort::ep::CUDA::default()
                            .with_conv_algorithm_search(
                                ort::ep::cuda::ConvAlgorithmSearch::Heuristic,
                            )
                            .build()
                            .error_on_failure()])
                            .map_err(ort::Error::<()>::from)
                    })
                    .and_then(|mut b| b.commit_from_file(onnx))
            };
            match (0..gpu_sessions.max(1))
                .map(|_| cuda().map(Mutex::new))
                .collect::<std::result::Result<Vec<_>, _>>()
            {
                Ok(sessions) => {
                    return Ok(Opened {
                        pool: SessionPool { sessions },
                        provider: Provider::Cuda,
                        fallback: None,
                    })
                }
                Err(e) => {
                    let asked = if provider == Provider::Cuda {
                        "CUDA was asked for"
                    } else {
                        "this ONNX Runtime is a GPU build"
                    };
                    let why = format!("{asked} but CUDA cannot run ({e}); running on the CPU");
                    let mut opened = SessionPool::open(onnx, Provider::Cpu, 1)?;
                    opened.fallback = Some(why);
                    return Ok(opened);
                }
            }
        }
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        let sessions = (0..cores)
            .map(|_| cpu().map(Mutex::new))
            .collect::<Result<Vec<_>>>()?;
        Ok(Opened {
            pool: SessionPool { sessions },
            provider: Provider::Cpu,
            fallback: None,
        })
    }

    /// A session no other thread is running, or (all busy) the one this thread is assigned.
    pub fn get(&self) -> MutexGuard<'_, Session> {
        for s in &self.sessions {
            if let Ok(guard) = s.try_lock() {
                return guard;
            }
        }
        let mine = rayon::current_thread_index().unwrap_or(0) % self.sessions.len();
        self.sessions[mine].lock().expect("model session lock")
    }

    /// Any session, to look at the graph's inputs and outputs.
    pub fn first(&self) -> MutexGuard<'_, Session> {
        self.sessions[0].lock().expect("model session lock")
    }

    #[allow(clippy::len_without_is_empty)] // never empty: one session at least
    pub fn len(&self) -> usize {
        self.sessions.len()
    }
}

/// Whether the ONNX Runtime library loaded has the CUDA execution provider compiled in.
pub fn cuda_built_in() -> bool {
    <ort::ep::CUDA as ort::ep::ExecutionProvider>::is_available().unwrap_or(false)
}
