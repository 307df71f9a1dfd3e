//! Finding and starting ONNX Runtime. The shared library comes from the `onnxruntime` wheel on
//! PyPI (`./studio setup` puts it in `vendor/onnxruntime/`) and is loaded at run time, so the
//! engine builds without it and says clearly what is missing when a model is asked for.

use crate::error::{Error, Result};
use std::path::PathBuf;
use std::sync::OnceLock;

/// Where a session runs. `Auto` is a request, never where a session ended up: the GPU when the
/// ONNX Runtime library loaded is a GPU build (`./studio setup` installs one where `nvidia-smi`
/// finds a GPU) and CUDA starts, else the CPU.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Provider {
    /// The GPU when the library is a GPU build and CUDA starts, else the CPU, without a message.
    Auto,
    /// The CPU: one single-threaded session per core.
    Cpu,
    /// CUDA; when it cannot start, the CPU with the reason (`DeepModel::fallback`).
    Cuda,
}

impl Provider {
    /// The names [`Provider::from_str`](std::str::FromStr) accepts, for command-line help.
    pub const NAMES: [&'static str; 3] = ["auto", "cpu", "cuda"];
}

impl std::str::FromStr for Provider {
    type Err = String;

    /// `auto` (or empty), `cpu` or `cuda` (any case); anything else is an error naming the
    /// choices, never a silent CPU.
    fn from_str(s: &str) -> std::result::Result<Provider, String> {
        match s.trim().to_ascii_lowercase().as_str() {
            "auto" | "" => Ok(Provider::Auto),
            "cpu" => Ok(Provider::Cpu),
            "cuda" | "gpu" => Ok(Provider::Cuda),
            other => Err(format!(
                "unknown execution provider {other:?}: use auto, cpu or cuda"
            )),
        }
    }
}

impl std::fmt::Display for Provider {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Provider::Auto => "auto",
            Provider::Cpu => "CPU",
            Provider::Cuda => "CUDA",
        })
    }
}

/// Candidate library paths, in order: `ORT_DYLIB_PATH`, next to the executable, the checkout's
/// `vendor/onnxruntime/` (where `./studio setup` puts it).
fn candidates() -> Vec<PathBuf> {
    let mut out = Vec::new();
    if let Some(p) = std::env::var_os("ORT_DYLIB_PATH") {
        out.push(PathBuf::from(p));
    }
    if let Some(dir) = std::env::current_exe()
        .ok()
        .and_then(|e| e.parent().map(PathBuf::from))
    {
        out.push(dir.join("libonnxruntime.so"));
    }
    // this crate sits at crates/deid in the checkout; vendor/ is at the checkout's root
    let vendor = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../vendor/onnxruntime");
    if let Ok(entries) = std::fs::read_dir(&vendor) {
        let mut libs: Vec<PathBuf> = entries
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| {
                p.file_name()
                    .is_some_and(|n| n.to_string_lossy().starts_with("libonnxruntime.so"))
            })
            .collect();
        libs.sort();
        out.extend(libs.into_iter().rev());
    }
    out
}

/// The variable that turns ONNX Runtime's telemetry off entirely.
pub const TELEMETRY_OFF_VAR: &str = "ORT_DISABLE_TELEMETRY";

/// Turn ONNX Runtime's telemetry off before the library starts. Since 1.29 the Linux builds on
/// PyPI upload telemetry too (1DS: a device id and an event cache written under
/// `~/.cache/Microsoft/DeveloperTools/.onnxruntime`, then DNS and HTTPS to Microsoft some seconds
/// later), and the C API's `DisableTelemetryEvents` (ort's `with_telemetry(false)`) comes after
/// the environment is created, too late: only `ORT_DISABLE_TELEMETRY=1` set before start-up stops
/// all of it. Programs call this first thing in `main`, before any thread exists (changing the
/// environment while another thread reads it is unsafe in C); `environment` calls it again,
/// which does nothing once the variable is set.
pub fn disable_runtime_telemetry() {
    if std::env::var_os(TELEMETRY_OFF_VAR).is_none_or(|v| v != "1") {
        std::env::set_var(TELEMETRY_OFF_VAR, "1");
    }
}

/// Keep the memory ONNX Runtime frees for its next batch instead of returning it to the kernel.
/// The sessions run without ONNX Runtime's arena (it held the largest batch for the session's
/// life: most of the peak memory with a session per core), so every batch's buffers come from
/// glibc's malloc; the large ones (an LSTM's gates for 8,192 tokens: 16 MB) were fresh `mmap`s,
/// unmapped after each batch, and each new batch paid page faults and zeroed pages: 17% of the
/// hybrid's time was in the kernel. With buffers up to 32 MiB kept in the heap and the heap
/// trimmed only above 512 MiB, the kernel's share falls to a few percent at the same peak memory
/// (`./studio bench`). Programs call this first thing in `main`; Linux with glibc only
/// (elsewhere a no-op).
pub fn keep_runtime_memory() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: mallopt sets two of glibc's malloc parameters and prctl one flag of this process;
    // called before threads exist.
    unsafe {
        // glibc's largest allowed mmap threshold on 64-bit (DEFAULT_MMAP_THRESHOLD_MAX)
        libc::mallopt(libc::M_MMAP_THRESHOLD, 32 << 20);
        libc::mallopt(libc::M_TRIM_THRESHOLD, 512 << 20);
        // No transparent huge pages for this process. The allocator hands freed pages back in
        // pieces and takes them again a batch later; with huge pages each fault then zeroes
        // 2 MiB instead of 4 KiB: `clear_page_erms` was 8.6% of a hybrid run over
        // vaers-2021-01.csv, and the run took about 14% more CPU time than without
        // (perf stat, 5.7-5.9 s against 5.0 s). A failure (an old kernel) changes nothing.
        libc::prctl(libc::PR_SET_THP_DISABLE, 1, 0, 0, 0);
    }
}

static ENVIRONMENT: OnceLock<std::result::Result<ort::environment::Environment, String>> =
    OnceLock::new();

/// The process-wide ONNX Runtime environment, loaded once.
pub fn environment() -> Result<&'static ort::environment::Environment> {
    ENVIRONMENT
        .get_or_init(|| {
            let tried = candidates();
            let lib = tried.iter().find(|p| p.is_file()).ok_or_else(|| {
                format!(
                    "the shared library was not found (looked at: {}); run `./studio setup` or set ORT_DYLIB_PATH",
                    tried.iter().map(|p| p.display().to_string()).collect::<Vec<_>>().join(", ")
                )
            })?;
            disable_runtime_telemetry();
            let builder = ort::init_from(lib).map_err(|e| format!("cannot load {}: {e}", lib.display()))?;
            // ONNX Runtime's own telemetry is on by default in Microsoft's builds (the PyPI
            // wheel): narratives never leave the machine, and neither does anything about them.
            // (`with_telemetry(false)` only stops later events; see `disable_runtime_telemetry`.)
            builder
                .with_name("deid")
                .with_telemetry(false)
                .build()
                .map_err(|e| format!("cannot start ONNX Runtime from {}: {e}", lib.display()))
        })
        .as_ref()
        .map_err(|m| Error::Runtime(m.clone()))
}

#[cfg(test)]
mod provider_tests {
    use super::Provider;

    #[test]
    fn providers_parse_and_unknown_ones_are_errors() {
        assert_eq!("CUDA".parse::<Provider>(), Ok(Provider::Cuda));
        assert_eq!("cpu".parse::<Provider>(), Ok(Provider::Cpu));
        let e = "rocm".parse::<Provider>().unwrap_err();
        assert!(e.contains("rocm") && e.contains("cuda"), "{e}");
    }
}
