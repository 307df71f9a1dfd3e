//! The plan of a learning job, in pure functions: the minimum rule, the new model's name and its
//! reserved directory, the model to load at start, and the `training.finetune` command line.

use std::ffi::OsString;
use std::path::{Path, PathBuf};

/// The minimum rule: `Err` with the message the user sees when there are too few.
pub fn check_enough(reviewed: usize, min: usize, scope: &str) -> Result<(), String> {
    if reviewed >= min {
        return Ok(());
    }
    Err(format!(
        "{reviewed} reviewed narrative{} in {scope}: learning needs at least {min} (mark \
         narratives done with ctrl+enter; a fifth of them are held out to judge the new model)",
        if reviewed == 1 { "" } else { "s" }
    ))
}

/// The stem of a fine-tuned model's name: the base's name without an earlier `-ft-…` suffix,
/// reduced to `[A-Za-z0-9._-]` ("model" when nothing is left).
pub fn model_stem(base_name: &str) -> String {
    let base = base_name.split("-ft-").next().unwrap_or(base_name);
    let s: String = base
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || matches!(c, '.' | '_' | '-') {
                c
            } else {
                '-'
            }
        })
        .collect();
    let s = s.trim_matches(|c| c == '-' || c == '.').to_string();
    if s.is_empty() {
        "model".into()
    } else {
        s
    }
}

/// `YYYYMMDD-HHMMSS` (UTC) of a Unix time.
pub fn utc_stamp(secs: u64) -> String {
    let (days, rem) = (secs / 86_400, secs % 86_400);
    // civil-from-days (Howard Hinnant's algorithm)
    let z = days as i64 + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    format!(
        "{y:04}{m:02}{d:02}-{:02}{:02}{:02}",
        rem / 3600,
        rem / 60 % 60,
        rem % 60
    )
}

/// The `n`-th candidate name of a new model (n = 1, 2, …): `STEM-ft-STAMP`, then `…-2`, `…-3`.
pub fn candidate_name(stem: &str, stamp: &str, n: usize) -> String {
    if n <= 1 {
        format!("{stem}-ft-{stamp}")
    } else {
        format!("{stem}-ft-{stamp}-{n}")
    }
}

/// Reserves a new, empty model directory under `root` (created here, so two jobs can never get
/// the same one and nothing is ever overwritten). `training.finetune` accepts an empty `--out`
/// and replaces it by its complete result.
pub fn reserve_model_dir(root: &Path, stem: &str, stamp: &str) -> std::io::Result<PathBuf> {
    std::fs::create_dir_all(root)?;
    for n in 1..10_000 {
        let dir = root.join(candidate_name(stem, stamp, n));
        match std::fs::create_dir(&dir) {
            Ok(()) => return Ok(dir),
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => continue,
            Err(e) => return Err(e),
        }
    }
    Err(std::io::Error::other("no free model directory name"))
}

/// Which model to load at start: the one chosen in an earlier session when it still exists and
/// `DEID_MODEL` was not set, else the configured one.
pub fn startup_model(
    env_model: bool,
    configured: &Path,
    saved: Option<&Path>,
    exists: impl Fn(&Path) -> bool,
) -> PathBuf {
    match saved {
        Some(dir) if !env_model && exists(&dir.join("metadata.json")) => dir.to_path_buf(),
        _ => configured.to_path_buf(),
    }
}

/// What one run of `training.finetune` needs.
#[derive(Debug, Clone)]
pub struct LearnPlan {
    /// `training/.venv/bin/python`.
    pub python: PathBuf,
    /// The checkout (`python -m training.finetune` runs there).
    pub checkout: PathBuf,
    /// The model in use.
    pub base: PathBuf,
    pub base_name: String,
    /// The private temporary folder: `gold/` (the exported XML), `tmp/` (the process's
    /// `TMPDIR`), `summary.json`. Removed when the job ends.
    pub work: PathBuf,
    /// The reserved, empty new model directory.
    pub out: PathBuf,
    /// Extra arguments (`DEID_FINETUNE_ARGS`: a short budget for tests).
    pub extra: Vec<String>,
}

impl LearnPlan {
    pub fn gold(&self) -> PathBuf {
        self.work.join("gold")
    }

    pub fn summary(&self) -> PathBuf {
        self.work.join("summary.json")
    }

    pub fn name(&self) -> String {
        self.out
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default()
    }

    /// The arguments after the python binary.
    pub fn args(&self) -> Vec<OsString> {
        let mut a: Vec<OsString> = ["-m", "training.finetune", "--base"]
            .iter()
            .map(OsString::from)
            .collect();
        a.push(self.base.clone().into());
        a.push("--xml".into());
        a.push(self.gold().into());
        a.push("--name".into());
        a.push(self.name().into());
        a.push("--out".into());
        a.push(self.out.clone().into());
        a.push("--summary-json".into());
        a.push(self.summary().into());
        a.extend(self.extra.iter().map(OsString::from));
        a
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::learn::test_support::{plan, tmp};

    #[test]
    fn too_few_reviewed_narratives_are_refused_with_the_count_and_the_minimum() {
        assert!(check_enough(20, 20, "x").is_ok());
        assert!(check_enough(57, 20, "x").is_ok());
        let m = check_enough(19, 20, "corpus \"VAERS demo\" (alice's work)").unwrap_err();
        assert!(
            m.starts_with("19 reviewed narratives in corpus \"VAERS demo\""),
            "{m}"
        );
        assert!(m.contains("at least 20"), "{m}");
        assert!(check_enough(1, 20, "x")
            .unwrap_err()
            .starts_with("1 reviewed narrative in"));
    }

    #[test]
    fn names_of_new_models() {
        assert_eq!(model_stem("deid-bilstm-v2"), "deid-bilstm-v2");
        assert_eq!(
            model_stem("deid-bilstm-v2-ft-20261124-071500"),
            "deid-bilstm-v2"
        );
        assert_eq!(model_stem("my model/../x"), "my-model-..-x");
        assert_eq!(model_stem("///"), "model");
        assert_eq!(utc_stamp(0), "19700101-000000");
        assert_eq!(utc_stamp(1_795_590_000), "20261125-070000");
        assert_eq!(utc_stamp(951_782_400), "20000229-000000");
        assert_eq!(candidate_name("m", "s", 1), "m-ft-s");
        assert_eq!(candidate_name("m", "s", 3), "m-ft-s-3");
    }

    #[test]
    fn a_reserved_model_directory_is_new_and_never_an_existing_one() {
        let root = tmp("reserve").join("models");
        let a = reserve_model_dir(&root, "m", "20260101-000000").unwrap();
        std::fs::write(a.join("metadata.json"), "{}").unwrap();
        let b = reserve_model_dir(&root, "m", "20260101-000000").unwrap();
        let c = reserve_model_dir(&root, "m", "20260101-000000").unwrap();
        assert_eq!(a, root.join("m-ft-20260101-000000"));
        assert_eq!(b, root.join("m-ft-20260101-000000-2"));
        assert_eq!(c, root.join("m-ft-20260101-000000-3"));
        assert!(
            a.join("metadata.json").is_file(),
            "the first one is untouched"
        );
        std::fs::remove_dir_all(root.parent().unwrap()).unwrap();
    }

    #[test]
    fn a_saved_choice_is_used_at_start_unless_deid_model_is_set_or_it_is_gone() {
        let exists = |p: &Path| p.starts_with("/models/mine");
        let conf = Path::new("/models/shipped");
        let saved = Path::new("/models/mine");
        assert_eq!(startup_model(false, conf, Some(saved), exists), saved);
        assert_eq!(startup_model(true, conf, Some(saved), exists), conf);
        assert_eq!(startup_model(false, conf, None, exists), conf);
        let gone = Path::new("/models/deleted");
        assert_eq!(startup_model(false, conf, Some(gone), exists), conf);
    }

    #[test]
    fn the_command_line() {
        let p = plan(Path::new("/r"));
        let args: Vec<String> = p
            .args()
            .iter()
            .map(|a| a.to_string_lossy().into_owned())
            .collect();
        assert_eq!(
            args,
            [
                "-m",
                "training.finetune",
                "--base",
                "/r/models/base",
                "--xml",
                "/r/work/gold",
                "--name",
                "base-ft-1",
                "--out",
                "/r/models/base-ft-1",
                "--summary-json",
                "/r/work/summary.json",
                "--max-minutes",
                "2"
            ]
        );
    }
}
