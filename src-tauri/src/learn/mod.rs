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
//! The logic worth testing is in pure functions of the submodules: `plan` (the minimum rule, the
//! unique directory, the command line), `report` (the report parsing, the outcome, the end of a
//! job), `models` (the model list, the saved choice) and `process` (running and cancelling the
//! fine-tuning); the commands here are thin.

mod models;
mod plan;
mod process;
mod report;

pub use models::{list_models_in, read_model, ModelInfo};
pub use plan::{
    candidate_name, check_enough, model_stem, reserve_model_dir, startup_model, utc_stamp,
    LearnPlan,
};
pub use process::{cancel_run, export_reviewed, run_finetune, work_dir_pid};
pub use report::{
    clean_line, conclude, outcome_of, parse_comparison, remove_unfinished, stage_of, Comparison,
    LearnFinished, Outcome, Pair, Row, SetComparison,
};

use crate::config::Config;
use crate::engine::{Engine, EngineInfo};
use crate::error::{CommandError, CommandResult};
use crate::AppState;
use deid_store::{CorpusId, CorpusSummary};
use models::{read_settings, save_model_choice};
use process::private_work_dir;
use serde::Serialize;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
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
/// Lines kept for `learning_status` (a window that opens the dialog while the job runs).
const KEEP_LINES: usize = 400;

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

/// What the unit tests of several submodules share.
#[cfg(test)]
mod test_support {
    use super::*;

    pub(super) fn tmp(name: &str) -> PathBuf {
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

    pub(super) fn plan(root: &Path) -> LearnPlan {
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
}
