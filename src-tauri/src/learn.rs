//! The learning job: "Learn from reviewed narratives" and the model chooser.
//!
//! `start_learning` exports the current annotator's reviewed gold (one corpus, or all) through the
//! store's gold export (audited) into a fresh private temporary folder, then runs the existing
//! fine-tuning command in the background:
//!
//! ```text
//! training/.venv/bin/python -m training.finetune --base MODEL_IN_USE --xml GOLD --name NAME \
//!     --out models/NAME --summary-json WORK/summary.json
//! ```
//!
//! Its stdout and stderr lines (stage lines and figures, never narrative text) come as
//! `learning-progress` events; its end as one `learning-finished` event with the before/after
//! figures per category (from `finetune-report.json`, or the summary when no candidate beat the
//! base: exit 3, nothing written). `cancel_learning` kills the process group and removes whatever
//! it had begun to write. The temporary folder (gold text, the process's own temporary files:
//! `TMPDIR` points into it) is removed whatever the outcome. One learning job at a time.
//!
//! The new model is NOT used until the user says so: `use_model` loads a model in the background
//! and records the choice in a small settings file (the app's config folder, or `DEID_SETTINGS`),
//! so that the next start uses it too; `DEID_MODEL` set at start still wins. Every model under
//! `models/` (`DEID_MODELS_DIR`) stays selectable (`list_models`).
//!
//! The logic worth testing is in pure functions below (the minimum rule, the unique directory,
//! the report parsing, the outcome); the commands are thin.

use crate::config::Config;
use crate::engine::{Engine, EngineInfo};
use crate::error::{CommandError, CommandResult};
use crate::AppState;
use deid_store::{CorpusId, CorpusSummary, ExportKind, Store};
use serde::Serialize;
use serde_json::Value;
use std::ffi::OsString;
use std::io::{BufRead, BufReader, Read};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{mpsc, Arc, Mutex};
use std::time::{Instant, SystemTime, UNIX_EPOCH};
use tauri::{AppHandle, Emitter, Manager, State};

/// Fewer reviewed narratives than this and learning is refused: 20% are held out to judge the
/// candidates (4 of 20), fewer would decide on noise.
pub const MIN_REVIEWED: usize = 20;
pub const PROGRESS_EVENT: &str = "learning-progress";
pub const FINISHED_EVENT: &str = "learning-finished";
/// The engine finished loading the model chosen with `use_model`.
pub const MODEL_EVENT: &str = "model-changed";
/// Exit status of `training.finetune` when no candidate beat the base (nothing written).
pub const EXIT_NOT_BETTER: i32 = 3;
/// A longer output line is cut (lines are stage lines and tables; nothing long is expected).
const MAX_LINE_CHARS: usize = 400;
/// Lines kept for `learning_status` (a window that opens the dialog while the job runs).
const KEEP_LINES: usize = 400;

// ---------------------------------------------------------------- pure parts

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

/// A stage line of the process (for the dialog's headline), or `None` for other lines.
pub fn stage_of(line: &str) -> Option<&'static str> {
    let l = line.trim_start();
    let stages = [
        ("gold:", "reading the reviewed narratives"),
        ("replay:", "preparing synthetic replay data"),
        ("fine-tuning ", "fine-tuning"),
        ("base (epoch 0)", "scoring the current model"),
        ("epoch ", "fine-tuning"),
        ("time budget", "time budget reached"),
        ("early stop", "stopped early"),
        ("exported ONNX", "exporting the new model"),
        ("calibrating", "calibrating thresholds"),
        ("No fine-tuned model beat", "no better model"),
        ("wrote ", "new model written"),
    ];
    stages
        .iter()
        .find(|(p, _)| l.starts_with(p))
        .map(|(_, s)| *s)
}

/// One output line as the UI gets it: control characters out, cut to a bounded length; `None`
/// for a blank line.
pub fn clean_line(line: &str) -> Option<String> {
    let s: String = line
        .chars()
        .filter(|c| !c.is_control() || *c == '\t')
        .take(MAX_LINE_CHARS)
        .collect();
    let s = s.trim_end().to_string();
    (!s.trim().is_empty()).then_some(s)
}

/// Before and after of one figure (`None`: not defined, e.g. no token labelled so).
#[derive(Serialize, Clone, Debug, PartialEq)]
pub struct Pair {
    pub before: Option<f64>,
    pub after: Option<f64>,
}

/// One row of the before/after table: all PHI, or one category.
#[derive(Serialize, Clone, Debug, PartialEq)]
pub struct Row {
    /// `all PHI`, or the category (`DATE`, `DOCTOR`…).
    pub name: String,
    /// Gold PHI tokens of the row (the base's count).
    pub tokens: Option<u64>,
    pub recall: Pair,
    /// Per category: of the tokens the model labels with it, the share that are PHI.
    pub precision: Pair,
}

/// The table for one evaluation set (held-out reviewed gold, synthetic replay, dev gold).
#[derive(Serialize, Clone, Debug, PartialEq)]
pub struct SetComparison {
    /// `heldout`, `replay` or `dev`.
    pub set: String,
    pub label: String,
    pub documents: u64,
    pub rows: Vec<Row>,
}

/// The before/after figures of a fine-tuning run.
#[derive(Serialize, Clone, Debug, PartialEq)]
pub struct Comparison {
    pub sets: Vec<SetComparison>,
    /// The epoch chosen (0: the base).
    pub best_epoch: Option<u64>,
    /// Why training stopped.
    pub stopped: Option<String>,
}

const SETS: [(&str, &str); 3] = [
    ("heldout", "held-out reviewed narratives"),
    ("replay", "synthetic replay (forgetting)"),
    ("dev", "dev gold (report only)"),
];

fn num(v: &Value) -> Option<f64> {
    v.as_f64()
}

/// The before/after table from `finetune-report.json` or `--summary-json` (both have `before`
/// and `after`, each `{heldout, replay, dev}` of the evaluation's metrics); sets missing on
/// either side are left out. `None` when there is nothing to compare.
pub fn parse_comparison(report: &Value) -> Option<Comparison> {
    let (before, after) = (report.get("before")?, report.get("after")?);
    let mut sets = Vec::new();
    for (key, label) in SETS {
        let (b, a) = match (before.get(key), after.get(key)) {
            (Some(b), Some(a)) if b.is_object() && a.is_object() => (b, a),
            _ => continue,
        };
        let mut rows = vec![Row {
            name: "all PHI".into(),
            tokens: b["phi_tokens"].as_u64(),
            recall: Pair {
                before: num(&b["argmax"]["recall"]),
                after: num(&a["argmax"]["recall"]),
            },
            precision: Pair {
                before: num(&b["argmax"]["precision"]),
                after: num(&a["argmax"]["precision"]),
            },
        }];
        let mut cats: Vec<(String, u64)> = Vec::new();
        for side in [b, a] {
            if let Some(per) = side["per_category"].as_object() {
                for (c, m) in per {
                    if !cats.iter().any(|(n, _)| n == c) {
                        cats.push((c.clone(), m["tokens"].as_u64().unwrap_or(0)));
                    }
                }
            }
        }
        cats.sort_by(|x, y| y.1.cmp(&x.1).then_with(|| x.0.cmp(&y.0)));
        for (c, tokens) in cats {
            let (mb, ma) = (&b["per_category"][&c], &a["per_category"][&c]);
            rows.push(Row {
                name: c,
                tokens: Some(tokens),
                recall: Pair {
                    before: num(&mb["recall"]),
                    after: num(&ma["recall"]),
                },
                precision: Pair {
                    before: num(&mb["precision"]),
                    after: num(&ma["precision"]),
                },
            });
        }
        sets.push(SetComparison {
            set: key.into(),
            label: label.into(),
            documents: b["documents"].as_u64().unwrap_or(0),
            rows,
        });
    }
    if sets.is_empty() {
        return None;
    }
    Some(Comparison {
        sets,
        best_epoch: report
            .get("selected_epoch")
            .or_else(|| report.get("best_epoch"))
            .and_then(Value::as_u64),
        stopped: report
            .get("stopped")
            .and_then(Value::as_str)
            .map(String::from),
    })
}

/// How a learning job ended.
#[derive(Serialize, Clone, Copy, Debug, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum Outcome {
    /// A better model was written (not used until the user chooses it).
    Written,
    /// No candidate beat the model in use: nothing written.
    NotBetter,
    /// Cancelled by the user: nothing written.
    Cancelled,
    /// The process failed: nothing written.
    Failed,
}

/// The outcome from the cancel flag and the exit status (`None`: killed by a signal).
pub fn outcome_of(cancelled: bool, exit: Option<i32>) -> Outcome {
    match (cancelled, exit) {
        (true, _) => Outcome::Cancelled,
        (false, Some(0)) => Outcome::Written,
        (false, Some(EXIT_NOT_BETTER)) => Outcome::NotBetter,
        _ => Outcome::Failed,
    }
}

/// One model directory (`models/*/metadata.json`).
#[derive(Serialize, Clone, Debug, PartialEq)]
pub struct ModelInfo {
    pub name: String,
    pub version: String,
    pub dir: String,
    /// The engine uses it (or is loading it) now.
    pub in_use: bool,
    /// Created by fine-tuning in Deid Studio or `training.finetune` (else shipped / trained).
    pub fine_tuned: bool,
    /// The model it was fine-tuned from.
    pub base: Option<String>,
    pub created: Option<String>,
    /// It has `checkpoint.pt`, so it can be fine-tuned further.
    pub can_learn: bool,
}

fn same_dir(a: &Path, b: &Path) -> bool {
    match (a.canonicalize(), b.canonicalize()) {
        (Ok(x), Ok(y)) => x == y,
        _ => a == b,
    }
}

/// The model in `dir`, or `None` without a readable `metadata.json`.
pub fn read_model(dir: &Path, in_use: &Path) -> Option<ModelInfo> {
    let text = std::fs::read_to_string(dir.join("metadata.json")).ok()?;
    let m: Value = serde_json::from_str(&text).ok()?;
    let base = m["training"]["fine_tuned_from"]["name"]
        .as_str()
        .map(String::from);
    Some(ModelInfo {
        name: m["name"].as_str().map(String::from).unwrap_or_else(|| {
            dir.file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_default()
        }),
        version: m["version"].as_str().unwrap_or("").into(),
        dir: dir.display().to_string(),
        in_use: same_dir(dir, in_use),
        fine_tuned: base.is_some(),
        base,
        created: m["created"].as_str().map(String::from),
        can_learn: dir.join("checkpoint.pt").is_file(),
    })
}

/// Every model under `root` (hidden folders, such as a fine-tuning's staging, left out), plus
/// the one in use and those of `also` (the configured model: `DEID_MODEL` or the shipped one)
/// where they live elsewhere; shipped models first, then the newest first.
pub fn list_models_in(root: &Path, in_use: &Path, also: &[&Path]) -> Vec<ModelInfo> {
    let mut out: Vec<ModelInfo> = std::fs::read_dir(root)
        .into_iter()
        .flatten()
        .flatten()
        .filter(|e| !e.file_name().to_string_lossy().starts_with('.'))
        .filter(|e| e.path().is_dir())
        .filter_map(|e| read_model(&e.path(), in_use))
        .collect();
    for dir in std::iter::once(in_use).chain(also.iter().copied()) {
        if !out.iter().any(|m| same_dir(Path::new(&m.dir), dir)) {
            if let Some(m) = read_model(dir, in_use) {
                out.push(m);
            }
        }
    }
    out.sort_by(|a, b| {
        a.fine_tuned
            .cmp(&b.fine_tuned)
            .then_with(|| b.created.cmp(&a.created))
            .then_with(|| a.name.cmp(&b.name))
    });
    out
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

/// How a learning job ended, as the `learning-finished` event says it.
#[derive(Serialize, Clone, Debug)]
pub struct LearnFinished {
    pub job: u64,
    pub outcome: Outcome,
    pub message: String,
    /// The new model (outcome `written`).
    pub model: Option<ModelInfo>,
    /// The before/after figures (written, and not better when a candidate was trained).
    pub comparison: Option<Comparison>,
    /// The process's exit status (`None`: killed, or it never started).
    pub exit: Option<i32>,
    pub seconds: f64,
    /// Reviewed narratives it learned from (all of them, the held-out ones included).
    pub reviewed: usize,
}

fn read_json(path: &Path) -> Option<Value> {
    serde_json::from_str(&std::fs::read_to_string(path).ok()?).ok()
}

/// Removes what an unsuccessful run may have left under the models folder: the reserved
/// directory (whatever is in it: nobody but this job wrote there) and the fine-tuning's
/// `.NAME.partial-PID` staging folders.
pub fn remove_unfinished(out: &Path) {
    let _ = std::fs::remove_dir_all(out);
    let (Some(parent), Some(name)) = (out.parent(), out.file_name()) else {
        return;
    };
    let prefix = format!(".{}.partial-", name.to_string_lossy());
    for e in std::fs::read_dir(parent).into_iter().flatten().flatten() {
        if e.file_name().to_string_lossy().starts_with(&prefix) {
            let _ = std::fs::remove_dir_all(e.path());
        }
    }
}

/// The end of a run: the outcome, the figures, the message; removes the reserved directory
/// unless a model was written (a `written` run without its report counts as failed).
pub fn conclude(
    plan: &LearnPlan,
    cancelled: bool,
    exit: Option<i32>,
    tail: &[String],
) -> (Outcome, String, Option<ModelInfo>, Option<Comparison>) {
    let mut outcome = outcome_of(cancelled, exit);
    let mut model = None;
    let mut comparison = None;
    if outcome == Outcome::Written {
        match read_json(&plan.out.join("finetune-report.json")) {
            Some(r) => {
                comparison = parse_comparison(&r);
                model = read_model(&plan.out, &plan.base);
            }
            None => outcome = Outcome::Failed,
        }
        if model.is_none() {
            outcome = Outcome::Failed;
        }
    } else if outcome == Outcome::NotBetter {
        comparison = read_json(&plan.summary()).and_then(|s| parse_comparison(&s));
    }
    if outcome != Outcome::Written {
        remove_unfinished(&plan.out);
        model = None;
    }
    let last = tail
        .iter()
        .rev()
        .take(6)
        .rev()
        .cloned()
        .collect::<Vec<_>>()
        .join("\n");
    let message = match outcome {
        Outcome::Written => format!(
            "{} beat {} on the held-out reviewed narratives and is saved in {}. It is not used \
             until you choose it.",
            plan.name(),
            plan.base_name,
            plan.out.display()
        ),
        Outcome::NotBetter => format!(
            "No fine-tuned model beat {} on the held-out reviewed narratives: nothing was \
             written, and {} stays in use.",
            plan.base_name, plan.base_name
        ),
        Outcome::Cancelled => "Cancelled: nothing was written.".into(),
        Outcome::Failed => format!(
            "Fine-tuning failed ({}); nothing was written.{}",
            match exit {
                Some(c) => format!("exit status {c}"),
                None => "killed".into(),
            },
            if last.is_empty() {
                String::new()
            } else {
                format!("\n{last}")
            }
        ),
    };
    (outcome, message, model, comparison)
}

// ---------------------------------------------------------------- the process

/// Kills the process group `pgid` (the fine-tuning and everything it started).
fn kill_group(pgid: i32) {
    if pgid > 1 {
        // SAFETY: kill(2) with a negative id signals that process group; no memory is touched
        unsafe {
            libc::kill(-pgid, libc::SIGKILL);
        }
    }
}

/// Cancels a run: sets `cancel` and kills the running group, if there is one yet (a run that has
/// not started its process yet kills it as soon as it does).
pub fn cancel_run(cancel: &AtomicBool, pgid: &Mutex<Option<i32>>) {
    cancel.store(true, Ordering::SeqCst);
    if let Some(pgid) = *pgid.lock().expect("pgid") {
        kill_group(pgid);
    }
}

/// Runs `training.finetune` as `plan` says, in its own process group, `TMPDIR` inside the
/// private work folder, each output line to `on_line`; returns the exit status (`None`: killed
/// by a signal). `pgid` holds the running group for a cancel; `cancel` already set kills it at
/// once.
pub fn run_finetune(
    plan: &LearnPlan,
    cancel: &AtomicBool,
    pgid: &Mutex<Option<i32>>,
    on_line: &dyn Fn(&str),
) -> Result<Option<i32>, String> {
    use std::os::unix::process::CommandExt;
    if !plan.python.is_file() {
        return Err(format!(
            "{} not found: the training environment is missing (run training/setup.sh)",
            plan.python.display()
        ));
    }
    let tmp = plan.work.join("tmp");
    deid::fsutil::create_private_dir_all(&tmp).map_err(|e| e.to_string())?;
    let mut command = Command::new(&plan.python);
    // SAFETY: prctl(2) is async-signal-safe; it only asks the kernel to kill the child when this
    // thread ends (the app quit or crashed), since its own process group outlives the app
    unsafe {
        command.pre_exec(|| {
            libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL);
            Ok(())
        });
    }
    let mut child = command
        .args(plan.args())
        .current_dir(&plan.checkout)
        .env("PYTHONUNBUFFERED", "1")
        .env("ORT_DISABLE_TELEMETRY", "1")
        .env("TMPDIR", &tmp)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .process_group(0)
        .spawn()
        .map_err(|e| format!("{}: {e}", plan.python.display()))?;
    *pgid.lock().expect("pgid") = Some(child.id() as i32);
    if cancel.load(Ordering::SeqCst) {
        kill_group(child.id() as i32);
    }
    let (tx, rx) = mpsc::channel::<String>();
    let readers: Vec<_> = [
        child
            .stdout
            .take()
            .map(|s| Box::new(s) as Box<dyn Read + Send>),
        child
            .stderr
            .take()
            .map(|s| Box::new(s) as Box<dyn Read + Send>),
    ]
    .into_iter()
    .flatten()
    .map(|r| {
        let tx = tx.clone();
        std::thread::spawn(move || {
            for line in BufReader::new(r).split(b'\n').map_while(Result::ok) {
                if let Some(l) = clean_line(&String::from_utf8_lossy(&line)) {
                    if tx.send(l).is_err() {
                        break;
                    }
                }
            }
        })
    })
    .collect();
    drop(tx);
    for line in rx {
        on_line(&line);
    }
    for r in readers {
        let _ = r.join();
    }
    let status = child.wait().map_err(|e| e.to_string());
    *pgid.lock().expect("pgid") = None;
    let status = status?;
    Ok(status.code())
}

/// The folder name of a job's temporary folder (`deid-learn-PID-NANOS`) → PID.
pub fn work_dir_pid(name: &str) -> Option<u32> {
    name.strip_prefix("deid-learn-")?
        .split('-')
        .next()?
        .parse()
        .ok()
}

/// Removes the temporary folders (exported gold) of jobs whose app is gone (it crashed, or quit
/// while learning): the next job cleans up after them.
fn remove_stale_work_dirs() {
    for e in std::fs::read_dir(std::env::temp_dir())
        .into_iter()
        .flatten()
        .flatten()
    {
        let name = e.file_name().to_string_lossy().into_owned();
        if let Some(pid) = work_dir_pid(&name) {
            if pid != std::process::id() && !Path::new(&format!("/proc/{pid}")).exists() {
                let _ = std::fs::remove_dir_all(e.path());
            }
        }
    }
}

/// A fresh private (0700) temporary folder for one job.
fn private_work_dir() -> std::io::Result<PathBuf> {
    use std::os::unix::fs::DirBuilderExt;
    remove_stale_work_dirs();
    let nanos = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_nanos())
        .unwrap_or(0);
    let dir = std::env::temp_dir().join(format!("deid-learn-{}-{nanos}", std::process::id()));
    std::fs::DirBuilder::new().mode(0o700).create(&dir)?;
    Ok(dir)
}

/// Exports `annotator`'s reviewed gold of `corpora` (those with narratives marked done) as i2b2
/// XML into `gold/corpus-ID/` through the store's audited gold export; the number written.
pub fn export_reviewed(
    store: &mut Store,
    corpora: &[CorpusSummary],
    annotator: &str,
    gold: &Path,
) -> CommandResult<usize> {
    let mut n = 0;
    for c in corpora.iter().filter(|c| c.done > 0) {
        let m = store.export_to_new_folder(
            c.id,
            ExportKind::I2b2,
            &gold.join(format!("corpus-{}", c.id)),
            annotator,
            annotator,
        )?;
        n += m.documents;
    }
    Ok(n)
}

// ---------------------------------------------------------------- app state

struct RunningJob {
    id: u64,
    cancel: Arc<AtomicBool>,
    pgid: Arc<Mutex<Option<i32>>>,
}

/// The learning job, the models folder and the model chosen.
pub struct LearnState {
    /// `DEID_MODELS_DIR`, else `models/` of the checkout: new models go here, the chooser lists it.
    pub models_root: PathBuf,
    /// The model the engine uses (or is loading).
    model_dir: Mutex<PathBuf>,
    /// `DEID_MODEL` was set: it wins over a saved choice at start.
    env_model: bool,
    /// The settings file (`DEID_SETTINGS`, else `settings.json` in the app's config folder).
    settings: Mutex<Option<PathBuf>>,
    job: Mutex<Option<RunningJob>>,
    next_job: AtomicU64,
    /// The latest model switch (an older one finishing later does not win).
    generation: AtomicU64,
    /// The running job's lines and the last job's end, for a dialog opened later.
    log: Mutex<Vec<String>>,
    last: Mutex<Option<LearnFinished>>,
}

fn env_path(name: &str) -> Option<PathBuf> {
    std::env::var_os(name)
        .filter(|v| !v.is_empty())
        .map(PathBuf::from)
}

impl LearnState {
    pub fn new(config: &Config) -> LearnState {
        LearnState {
            models_root: env_path("DEID_MODELS_DIR")
                .unwrap_or_else(|| crate::config::repo_root().join("models")),
            model_dir: Mutex::new(config.engine.model_dir.clone()),
            env_model: env_path("DEID_MODEL").is_some(),
            settings: Mutex::new(env_path("DEID_SETTINGS")),
            job: Mutex::new(None),
            next_job: AtomicU64::new(1),
            generation: AtomicU64::new(0),
            log: Mutex::new(Vec::new()),
            last: Mutex::new(None),
        }
    }

    /// The model the engine uses (or is loading).
    pub fn model_dir(&self) -> PathBuf {
        self.model_dir.lock().expect("model dir").clone()
    }

    /// `config` with the chosen model.
    pub fn engine_config(&self, config: &Config) -> Config {
        let mut c = config.clone();
        c.engine.model_dir = self.model_dir();
        c
    }

    fn settings_path(&self) -> Option<PathBuf> {
        self.settings.lock().expect("settings").clone()
    }
}

/// The settings file as a JSON object (empty when missing or unreadable).
fn read_settings(path: &Path) -> serde_json::Map<String, Value> {
    read_json(path)
        .and_then(|v| v.as_object().cloned())
        .unwrap_or_default()
}

fn save_model_choice(path: &Path, dir: &Path) -> CommandResult<()> {
    let mut s = read_settings(path);
    s.insert("model".into(), Value::String(dir.display().to_string()));
    if let Some(parent) = path.parent() {
        deid::fsutil::create_private_dir_all(parent)?;
    }
    let text = serde_json::to_string_pretty(&Value::Object(s))?;
    deid::fsutil::write_atomic(
        path,
        text.as_bytes(),
        deid::fsutil::Durability::ProcessCrash,
    )?;
    Ok(())
}

/// At start, before the engine loads: where the settings live, and the model chosen in an
/// earlier session (unless `DEID_MODEL` was set, or that model is gone).
pub fn restore_model_choice(app: &AppHandle) {
    let state = app.state::<AppState>();
    let learn = &state.learn;
    let path = {
        let mut s = learn.settings.lock().expect("settings");
        if s.is_none() {
            *s = app
                .path()
                .app_config_dir()
                .ok()
                .map(|d| d.join("settings.json"));
        }
        s.clone()
    };
    let saved = path.as_deref().and_then(|p| {
        read_settings(p)
            .get("model")
            .and_then(|v| v.as_str())
            .map(PathBuf::from)
    });
    let configured = learn.model_dir();
    let dir = startup_model(
        learn.env_model,
        &configured,
        saved.as_deref(),
        Path::is_file,
    );
    if dir != configured {
        eprintln!("deid-studio: model {} (chosen in the app)", dir.display());
    }
    *learn.model_dir.lock().expect("model dir") = dir;
}

// ---------------------------------------------------------------- commands

/// The start of a learning job (`start_learning`).
#[derive(Serialize, Clone, Debug)]
pub struct LearnStarted {
    pub job: u64,
    pub reviewed: usize,
    pub base: String,
    pub out: String,
}

/// A line of the running job (`learning-progress`).
#[derive(Serialize, Clone, Debug)]
pub struct LearnProgress {
    pub job: u64,
    pub line: String,
    /// The stage this line starts, if it starts one.
    pub stage: Option<String>,
    pub seconds: f64,
}

/// `learning_status`: the running job and its lines so far, and how the last one ended.
#[derive(Serialize, Clone, Debug)]
pub struct LearningStatus {
    pub running: Option<u64>,
    pub lines: Vec<String>,
    pub last: Option<LearnFinished>,
    pub min_reviewed: usize,
}

fn learn_error(message: impl Into<String>) -> CommandError {
    CommandError::invalid(message)
}

/// Starts learning from the current annotator's reviewed narratives of `corpus` (null: every
/// corpus). Refused while a job runs, with fewer than [`MIN_REVIEWED`] reviewed narratives, or
/// when the model in use cannot be fine-tuned (no `checkpoint.pt`).
#[tauri::command(async)]
pub fn start_learning(
    app: AppHandle,
    state: State<'_, AppState>,
    corpus: Option<CorpusId>,
) -> CommandResult<LearnStarted> {
    let learn = &state.learn;
    let mut slot = learn.job.lock().expect("learning job");
    if slot.is_some() {
        return Err(learn_error(
            "a learning job is already running: wait for it or cancel it",
        ));
    }
    let annotator = state.annotator();
    let base = learn.model_dir();
    let base_info = read_model(&base, &base).ok_or_else(|| {
        CommandError::file(
            &base,
            format!("{}: no model metadata.json to learn from", base.display()),
        )
    })?;
    if !base_info.can_learn {
        return Err(CommandError::file(
            &base,
            format!(
                "{}: the model in use has no checkpoint.pt, so it cannot be fine-tuned; choose \
                 another model",
                base.display()
            ),
        ));
    }
    let checkout = crate::config::repo_root();
    let python = checkout.join("training/.venv/bin/python");
    if !python.is_file() {
        return Err(learn_error(format!(
            "{} not found: set up the training environment first (training/setup.sh)",
            python.display()
        )));
    }
    let work = private_work_dir().map_err(|e| {
        CommandError::internal(format!("cannot create a private temporary folder: {e}"))
    })?;
    let cleanup_err = |e: CommandError| {
        let _ = std::fs::remove_dir_all(&work);
        e
    };
    let reviewed = {
        let mut store = state.store.lock().map_err(cleanup_err)?;
        let all = store
            .corpora_for(&annotator)
            .map_err(|e| cleanup_err(e.into()))?;
        let chosen: Vec<CorpusSummary> = all
            .into_iter()
            .filter(|c| corpus.is_none_or(|id| c.id == id))
            .collect();
        let scope = match (corpus, chosen.first()) {
            (Some(_), Some(c)) => format!("corpus {:?} ({annotator}'s work)", c.name),
            (Some(id), None) => return Err(cleanup_err(learn_error(format!("no corpus {id}")))),
            (None, _) => format!("all corpora ({annotator}'s work)"),
        };
        let done: usize = chosen.iter().map(|c| c.done).sum();
        check_enough(done, MIN_REVIEWED, &scope).map_err(|m| cleanup_err(learn_error(m)))?;
        let n = export_reviewed(&mut store, &chosen, &annotator, &work.join("gold"))
            .map_err(cleanup_err)?;
        check_enough(n, MIN_REVIEWED, &scope).map_err(|m| cleanup_err(learn_error(m)))?;
        n
    };
    let stamp = utc_stamp(
        SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map(|d| d.as_secs())
            .unwrap_or(0),
    );
    let out = reserve_model_dir(&learn.models_root, &model_stem(&base_info.name), &stamp).map_err(
        |e| {
            cleanup_err(CommandError::file(
                &learn.models_root,
                format!(
                    "{}: cannot create a model folder: {e}",
                    learn.models_root.display()
                ),
            ))
        },
    )?;
    let plan = LearnPlan {
        python,
        checkout,
        base,
        base_name: base_info.name.clone(),
        work,
        out,
        extra: std::env::var("DEID_FINETUNE_ARGS")
            .map(|s| s.split_whitespace().map(String::from).collect())
            .unwrap_or_default(),
    };
    let id = learn.next_job.fetch_add(1, Ordering::SeqCst);
    let cancel = Arc::new(AtomicBool::new(false));
    let pgid = Arc::new(Mutex::new(None));
    *slot = Some(RunningJob {
        id,
        cancel: cancel.clone(),
        pgid: pgid.clone(),
    });
    drop(slot);
    learn.log.lock().expect("log").clear();
    let started = LearnStarted {
        job: id,
        reviewed,
        base: base_info.name,
        out: plan.out.display().to_string(),
    };
    let app = app.clone();
    std::thread::spawn(move || {
        let state = app.state::<AppState>();
        let t0 = Instant::now();
        let tail = Mutex::new(Vec::<String>::new());
        let on_line = |line: &str| {
            {
                let mut log = state.learn.log.lock().expect("log");
                if log.len() >= KEEP_LINES {
                    log.remove(0);
                }
                log.push(line.to_string());
            }
            let mut t = tail.lock().expect("tail");
            if t.len() >= 12 {
                t.remove(0);
            }
            t.push(line.to_string());
            let _ = app.emit(
                PROGRESS_EVENT,
                LearnProgress {
                    job: id,
                    line: line.to_string(),
                    stage: stage_of(line).map(String::from),
                    seconds: t0.elapsed().as_secs_f64(),
                },
            );
        };
        // a bug here must still end the job with `learning-finished`
        let ran = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            run_finetune(&plan, &cancel, &pgid, &on_line)
        }))
        .unwrap_or_else(|_| Err("internal error in Deid Studio's learning job".into()));
        let cancelled = cancel.load(Ordering::SeqCst);
        let tail = tail.into_inner().unwrap_or_default();
        let finished = match ran {
            Ok(exit) => {
                let (outcome, message, model, comparison) = conclude(&plan, cancelled, exit, &tail);
                LearnFinished {
                    job: id,
                    outcome,
                    message,
                    model,
                    comparison,
                    exit,
                    seconds: t0.elapsed().as_secs_f64(),
                    reviewed,
                }
            }
            Err(e) => {
                remove_unfinished(&plan.out);
                LearnFinished {
                    job: id,
                    outcome: if cancelled {
                        Outcome::Cancelled
                    } else {
                        Outcome::Failed
                    },
                    message: format!("Fine-tuning could not run: {e}; nothing was written."),
                    model: None,
                    comparison: None,
                    exit: None,
                    seconds: t0.elapsed().as_secs_f64(),
                    reviewed,
                }
            }
        };
        // the exported gold and the process's temporary files
        let _ = std::fs::remove_dir_all(&plan.work);
        *state.learn.last.lock().expect("last") = Some(finished.clone());
        *state.learn.job.lock().expect("learning job") = None;
        let _ = app.emit(FINISHED_EVENT, finished);
    });
    Ok(started)
}

/// Cancels the running learning job (kills its process group; nothing is written). False when
/// none runs.
#[tauri::command(async)]
pub fn cancel_learning(state: State<'_, AppState>) -> bool {
    let slot = state.learn.job.lock().expect("learning job");
    let Some(job) = slot.as_ref() else {
        return false;
    };
    cancel_run(&job.cancel, &job.pgid);
    true
}

/// The running job (with its lines so far) and how the last one ended.
#[tauri::command(async)]
pub fn learning_status(state: State<'_, AppState>) -> LearningStatus {
    let learn = &state.learn;
    LearningStatus {
        running: learn
            .job
            .lock()
            .expect("learning job")
            .as_ref()
            .map(|j| j.id),
        lines: learn.log.lock().expect("log").clone(),
        last: learn.last.lock().expect("last").clone(),
        min_reviewed: MIN_REVIEWED,
    }
}

/// Every model under the models folder, which one is in use, which were fine-tuned.
#[tauri::command(async)]
pub fn list_models(state: State<'_, AppState>) -> Vec<ModelInfo> {
    list_models_in(
        &state.learn.models_root,
        &state.learn.model_dir(),
        &[&state.config.engine.model_dir],
    )
}

/// The engine finished loading a model (`model-changed`).
#[derive(Serialize, Clone, Debug)]
pub struct ModelChanged {
    pub dir: String,
    pub engine: EngineInfo,
}

/// Uses the model in `dir` from now on: loads it in the background (`model-changed` when
/// loaded; imports started meanwhile use the engine they got) and records the choice for the
/// next start (where `DEID_MODEL` still wins). Returns the models with the new one in use.
#[tauri::command(async)]
pub fn use_model(
    app: AppHandle,
    state: State<'_, AppState>,
    dir: String,
) -> CommandResult<Vec<ModelInfo>> {
    let dir = PathBuf::from(dir.trim());
    if !dir.join("metadata.json").is_file() {
        return Err(CommandError::file(
            &dir,
            format!(
                "{}: not a model directory (no metadata.json)",
                dir.display()
            ),
        ));
    }
    let dir = dir.canonicalize().unwrap_or(dir);
    let learn = &state.learn;
    *learn.model_dir.lock().expect("model dir") = dir.clone();
    if let Some(path) = learn.settings_path() {
        save_model_choice(&path, &dir)?;
    }
    let generation = learn.generation.fetch_add(1, Ordering::SeqCst) + 1;
    let app2 = app.clone();
    std::thread::spawn(move || {
        let state = app2.state::<AppState>();
        let config = state.learn.engine_config(&state.config);
        let engine = Engine::load(&config);
        // a later choice wins even when this load ends after its own
        if state.learn.generation.load(Ordering::SeqCst) != generation {
            return;
        }
        let info = engine.info.clone();
        state.engine.replace(engine);
        eprintln!("deid-studio: engine {} ({})", info.model, info.mode);
        let _ = app2.emit(
            MODEL_EVENT,
            ModelChanged {
                dir: config.engine.model_dir.display().to_string(),
                engine: info,
            },
        );
    });
    Ok(list_models_in(
        &learn.models_root,
        &dir,
        &[&state.config.engine.model_dir],
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn tmp(name: &str) -> PathBuf {
        let d = std::env::temp_dir().join(format!(
            "deid-learn-test-{name}-{}-{}",
            std::process::id(),
            SystemTime::now()
                .duration_since(UNIX_EPOCH)
                .unwrap()
                .as_nanos()
        ));
        std::fs::create_dir_all(&d).unwrap();
        d
    }

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
    fn stage_lines_and_cleaned_lines() {
        assert_eq!(
            stage_of("epoch 2: loss 0.18 (1s) held-out R 1.0"),
            Some("fine-tuning")
        );
        assert_eq!(
            stage_of("calibrating on the held-out gold"),
            Some("calibrating thresholds")
        );
        assert_eq!(stage_of("| PHI recall | 0.9 |"), None);
        assert_eq!(clean_line("  \r"), None);
        assert_eq!(clean_line("a\u{1b}[0mb\r").unwrap(), "a[0mb");
        assert_eq!(clean_line(&"x".repeat(1000)).unwrap().len(), MAX_LINE_CHARS);
    }

    fn metrics(recall: f64, precision: f64, per: Value) -> Value {
        json!({"documents": 4, "tokens": 900, "phi_tokens": 18,
               "argmax": {"recall": recall, "precision": precision, "f1": 0.9},
               "per_category": per})
    }

    #[test]
    fn the_report_becomes_a_before_after_table_per_category() {
        let report = json!({
            "selected_epoch": 2, "stopped": "all 3 epochs run",
            "before": {
                "heldout": metrics(0.9, 0.95, json!({
                    "DATE": {"tokens": 12, "recall": 0.9, "precision": 0.8},
                    "AGE": {"tokens": 2, "recall": 1.0, "precision": null}})),
                "replay": null,
                "dev": metrics(0.93, 0.95, json!({}))
            },
            "after": {
                "heldout": metrics(1.0, 0.6, json!({
                    "DATE": {"tokens": 12, "recall": 1.0, "precision": 0.9},
                    "AGE": {"tokens": 2, "recall": 1.0, "precision": 1.0},
                    "DOCTOR": {"tokens": 3, "recall": 0.5}})),
                "replay": null,
                "dev": metrics(0.98, 0.78, json!({}))
            }
        });
        let c = parse_comparison(&report).unwrap();
        assert_eq!(c.best_epoch, Some(2));
        assert_eq!(c.stopped.as_deref(), Some("all 3 epochs run"));
        assert_eq!(
            c.sets.iter().map(|s| s.set.as_str()).collect::<Vec<_>>(),
            ["heldout", "dev"],
            "a set missing on one side is left out"
        );
        let h = &c.sets[0];
        assert_eq!(h.documents, 4);
        let names: Vec<_> = h.rows.iter().map(|r| r.name.as_str()).collect();
        assert_eq!(
            names,
            ["all PHI", "DATE", "DOCTOR", "AGE"],
            "most tokens first"
        );
        assert_eq!(
            h.rows[0].precision,
            Pair {
                before: Some(0.95),
                after: Some(0.6)
            }
        );
        assert_eq!(
            h.rows[1].recall,
            Pair {
                before: Some(0.9),
                after: Some(1.0)
            }
        );
        assert_eq!(h.rows[2].recall.before, None, "only after: no before");
        assert_eq!(
            h.rows[3].precision.before, None,
            "undefined stays undefined"
        );
        assert!(parse_comparison(&json!({"before": {}, "after": {}})).is_none());
        assert!(parse_comparison(&json!({"outcome": "not_better", "after": null})).is_none());
        // the summary of a run that was not better names its best epoch instead
        let mut s = report.clone();
        s.as_object_mut().unwrap().remove("selected_epoch");
        s["best_epoch"] = json!(1);
        assert_eq!(parse_comparison(&s).unwrap().best_epoch, Some(1));
    }

    #[test]
    fn temporary_folders_name_their_app() {
        assert_eq!(work_dir_pid("deid-learn-4242-1795590000123"), Some(4242));
        assert_eq!(work_dir_pid("deid-learn-test-x-1-2"), None);
        assert_eq!(work_dir_pid("deid-finetune-abc"), None);
    }

    #[test]
    fn outcomes_from_the_exit_status() {
        assert_eq!(outcome_of(false, Some(0)), Outcome::Written);
        assert_eq!(outcome_of(false, Some(3)), Outcome::NotBetter);
        assert_eq!(outcome_of(false, Some(2)), Outcome::Failed);
        assert_eq!(outcome_of(false, None), Outcome::Failed);
        assert_eq!(outcome_of(true, Some(0)), Outcome::Cancelled);
        assert_eq!(outcome_of(true, None), Outcome::Cancelled);
    }

    fn plan(root: &Path) -> LearnPlan {
        LearnPlan {
            python: "/nonexistent/python".into(),
            checkout: root.into(),
            base: root.join("models/base"),
            base_name: "base".into(),
            work: root.join("work"),
            out: root.join("models/base-ft-1"),
            extra: vec!["--max-minutes".into(), "2".into()],
        }
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

    #[test]
    fn an_unsuccessful_run_leaves_nothing_in_the_models_folder() {
        let root = tmp("conclude");
        let p = plan(&root);
        let models = root.join("models");
        std::fs::create_dir_all(models.join("base")).unwrap();
        std::fs::write(models.join("base/metadata.json"), r#"{"name": "base"}"#).unwrap();
        // cancelled midway: a half-written staging folder and the reserved directory
        std::fs::create_dir_all(&p.out).unwrap();
        std::fs::create_dir_all(models.join(".base-ft-1.partial-77")).unwrap();
        std::fs::create_dir_all(models.join(".other.partial-1")).unwrap();
        let (o, m, model, _) = conclude(&p, true, None, &[]);
        assert_eq!(o, Outcome::Cancelled);
        assert!(m.contains("nothing was written"), "{m}");
        assert!(model.is_none());
        assert!(!p.out.exists());
        assert!(!models.join(".base-ft-1.partial-77").exists());
        assert!(
            models.join(".other.partial-1").exists(),
            "another job's is kept"
        );
        assert!(models.join("base/metadata.json").is_file());
        // not better: the summary's figures, the reserved directory removed
        std::fs::create_dir_all(&p.out).unwrap();
        std::fs::create_dir_all(&p.work).unwrap();
        let summary = json!({"outcome": "not_better", "best_epoch": 1,
            "before": {"heldout": metrics(0.9, 0.9, json!({}))},
            "after": {"heldout": metrics(0.9, 0.8, json!({}))}});
        std::fs::write(p.summary(), summary.to_string()).unwrap();
        let (o, m, _, c) = conclude(&p, false, Some(3), &[]);
        assert_eq!(o, Outcome::NotBetter);
        assert!(m.contains("base stays in use"), "{m}");
        assert_eq!(c.unwrap().sets[0].rows[0].precision.after, Some(0.8));
        assert!(!p.out.exists());
        // exit 0 without a report is a failure, and nothing stays
        std::fs::create_dir_all(&p.out).unwrap();
        let tail = vec!["Traceback".to_string(), "OSError: disk full".to_string()];
        let (o, m, _, _) = conclude(&p, false, Some(0), &tail);
        assert_eq!(o, Outcome::Failed);
        assert!(m.contains("disk full"), "{m}");
        assert!(!p.out.exists());
        // written: the model and its figures, the directory kept
        std::fs::create_dir_all(&p.out).unwrap();
        std::fs::write(
            p.out.join("metadata.json"),
            json!({"name": "base-ft-1", "version": "1.0.0", "created": "2026-11-24T07:00:00Z",
                   "training": {"fine_tuned_from": {"name": "base"}}})
            .to_string(),
        )
        .unwrap();
        let mut report = summary.clone();
        report["selected_epoch"] = json!(2);
        std::fs::write(p.out.join("finetune-report.json"), report.to_string()).unwrap();
        let (o, m, model, c) = conclude(&p, false, Some(0), &[]);
        assert_eq!(o, Outcome::Written);
        assert!(m.contains("not used until you choose it"), "{m}");
        let model = model.unwrap();
        assert!(model.fine_tuned && !model.in_use);
        assert_eq!(model.base.as_deref(), Some("base"));
        assert_eq!(c.unwrap().best_epoch, Some(2));
        assert!(p.out.join("finetune-report.json").is_file());
        // the chooser: shipped first, the fine-tuned one selectable, staging folders hidden
        std::fs::create_dir_all(models.join(".x.partial-1")).unwrap();
        let list = list_models_in(&models, &models.join("base"), &[&models.join("base")]);
        let names: Vec<_> = list.iter().map(|m| m.name.as_str()).collect();
        assert_eq!(names, ["base", "base-ft-1"]);
        assert!(list[0].in_use && !list[0].fine_tuned && !list[0].can_learn);
        std::fs::remove_dir_all(&root).unwrap();
    }

    #[test]
    fn a_model_in_use_outside_the_models_folder_is_listed_too() {
        let root = tmp("outside");
        let elsewhere = root.join("elsewhere/m");
        std::fs::create_dir_all(&elsewhere).unwrap();
        std::fs::write(elsewhere.join("metadata.json"), r#"{"name": "m"}"#).unwrap();
        std::fs::create_dir_all(root.join("models")).unwrap();
        let list = list_models_in(&root.join("models"), &elsewhere, &[]);
        assert_eq!(list.len(), 1);
        assert!(list[0].in_use);
        // the configured model stays selectable when another one is in use
        let mine = root.join("models/mine");
        std::fs::create_dir_all(&mine).unwrap();
        std::fs::write(
            mine.join("metadata.json"),
            r#"{"name": "mine", "training": {"fine_tuned_from": {"name": "m"}}}"#,
        )
        .unwrap();
        let list = list_models_in(&root.join("models"), &mine, &[&elsewhere]);
        let names: Vec<_> = list.iter().map(|m| (m.name.as_str(), m.in_use)).collect();
        assert_eq!(names, [("m", false), ("mine", true)]);
        std::fs::remove_dir_all(&root).unwrap();
    }

    #[test]
    fn the_model_choice_is_saved_beside_other_settings() {
        let root = tmp("settings");
        let path = root.join("conf/settings.json");
        std::fs::create_dir_all(root.join("conf")).unwrap();
        std::fs::write(&path, r#"{"theme": "dark"}"#).unwrap();
        save_model_choice(&path, Path::new("/m/mine")).unwrap();
        let s = read_settings(&path);
        assert_eq!(s["model"], "/m/mine");
        assert_eq!(s["theme"], "dark");
        std::fs::remove_dir_all(&root).unwrap();
    }
}
