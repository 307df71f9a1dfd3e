//! Resuming an interrupted batch. After every chunk whose outputs are written, the output folder
//! gets a checkpoint (`.deid-run.json`): which input, with which settings, how many documents
//! are done and how long the single output file is. Running the same command again skips the
//! documents already done and cuts the output file back to its last checkpoint; a finished run
//! removes its checkpoint. The checkpoint holds no narrative text.

use crate::error::{Error, Result};
use crate::fsutil::Durability;
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

const FILE_NAME: &str = ".deid-run.json";

/// What must be the same for a run to continue another: the input file as it was, the output
/// format and the engine's settings.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RunIdentity {
    /// The input file or folder, canonicalised.
    pub input: PathBuf,
    /// Its size in bytes when the run started (a changed input is another run).
    pub input_bytes: u64,
    /// Its modification time, nanoseconds since the Unix epoch (0 when unknown).
    pub input_modified_ns: u128,
    /// The output format's name (`i2b2`, `masked`, `jsonl`).
    pub format: String,
    /// What produces the outputs: mode, model and thresholds ([`AnnotateOptions::settings`](super::AnnotateOptions::settings)).
    pub settings: String,
}

impl RunIdentity {
    /// The identity of a run over `input` as it is now; fails when `input` cannot be read.
    pub fn of(input: &Path, format: &str, settings: &str) -> Result<RunIdentity> {
        let io = |e| Error::io(input, e);
        let meta = std::fs::metadata(input).map_err(io)?;
        let modified = meta
            .modified()
            .map_err(io)?
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos());
        Ok(RunIdentity {
            input: std::fs::canonicalize(input).map_err(io)?,
            input_bytes: meta.len(),
            input_modified_ns: modified,
            format: format.into(),
            settings: settings.into(),
        })
    }
}

/// The content of `.deid-run.json`: which run, and how far it got.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Checkpoint {
    /// The run it belongs to; another run's checkpoint is refused.
    pub run: RunIdentity,
    /// Jobs consumed from the input, in input order (written or reported as failed).
    pub documents_done: u64,
    /// Length of the single output file after those documents (absent: one file per document).
    pub output_bytes: Option<u64>,
}

/// The checkpoint file of an output folder.
pub fn path_in(out_dir: &Path) -> PathBuf {
    out_dir.join(FILE_NAME)
}

/// The unfinished run recorded in `out_dir`, if any. A checkpoint of another input or other
/// settings is an error: continuing it would mix two runs in one output.
pub fn load(out_dir: &Path, run: &RunIdentity) -> Result<Option<Checkpoint>> {
    let path = path_in(out_dir);
    let bytes = match std::fs::read(&path) {
        Ok(b) => b,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(Error::io(&path, e)),
    };
    let checkpoint: Checkpoint = serde_json::from_slice(&bytes).map_err(|e| Error::Invalid {
        path: path.clone(),
        message: format!("not a checkpoint of this version of deid ({e}); remove it to start over"),
    })?;
    if &checkpoint.run != run {
        let what = if checkpoint.run.input != run.input {
            format!("another input ({})", checkpoint.run.input.display())
        } else if checkpoint.run.input_bytes != run.input_bytes
            || checkpoint.run.input_modified_ns != run.input_modified_ns
        {
            "this input as it was before it changed".to_string()
        } else if checkpoint.run.format != run.format {
            format!("another format ({})", checkpoint.run.format)
        } else {
            format!("other settings ({})", checkpoint.run.settings)
        };
        return Err(Error::Invalid {
            path: out_dir.into(),
            message: format!(
                "holds an unfinished run of {what}; finish it with its own command, or choose \
                 another --out folder"
            ),
        });
    }
    Ok(Some(checkpoint))
}

/// Writes the checkpoint atomically, so a crash leaves the previous one or this one, never half.
pub fn save(out_dir: &Path, checkpoint: &Checkpoint) -> Result<()> {
    let bytes = serde_json::to_vec_pretty(checkpoint).expect("serialising plain data");
    crate::fsutil::write_atomic(&path_in(out_dir), &bytes, Durability::ProcessCrash)
}

/// The run finished: nothing to resume.
pub fn clear(out_dir: &Path) -> Result<()> {
    let path = path_in(out_dir);
    match std::fs::remove_file(&path) {
        Ok(()) => Ok(()),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(()),
        Err(e) => Err(Error::io(&path, e)),
    }
}
