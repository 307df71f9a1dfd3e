//! File writing that never leaves a half-written file behind.

use crate::error::{Error, Result};
use std::io::Write;
use std::path::Path;
use std::sync::atomic::{AtomicU64, Ordering};

/// Whether a write must survive a power loss (fsync before the rename) or only a crash of the
/// program. Batch outputs can be regenerated, and one fsync per narrative costs more than
/// annotating it; exported gold is worth the fsync.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Durability {
    ProcessCrash,
    PowerLoss,
}

/// Write `bytes` to `path` through a temporary file in the same folder and a rename, so a crash
/// or a full disk leaves either the old file or the new one, never a truncated one.
pub fn write_atomic(path: &Path, bytes: &[u8], durability: Durability) -> Result<()> {
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let dir = path
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy())
        .unwrap_or_default();
    let n = COUNTER.fetch_add(1, Ordering::Relaxed);
    let tmp = dir.join(format!(".{name}.{}.{n}.tmp", std::process::id()));
    let write = || -> std::io::Result<()> {
        let mut f = std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&tmp)?;
        f.write_all(bytes)?;
        if durability == Durability::PowerLoss {
            f.sync_all()?;
        }
        drop(f);
        std::fs::rename(&tmp, path)
    };
    write().map_err(|e| {
        let _ = std::fs::remove_file(&tmp);
        Error::io(path, e)
    })
}
