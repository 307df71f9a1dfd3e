//! Deid Studio's desktop shell: Tauri commands over the engine (`deid`) and the annotation store
//! (`deid_store`). No business logic lives here: span operations, offsets and the keyboard are
//! in `ui/app/js/`, decisions in the engine, persistence in the store.

pub mod commands;
pub mod config;
pub mod db;
pub mod engine;
pub mod error;
pub mod files;
pub mod import;
pub mod learn;
pub mod team;

use config::Config;
use db::SharedStore;
use engine::{Engine, EngineSlot};
use import::{Finished, Progress};
use std::collections::HashMap;
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex};

/// One import job: its cancel flag, its latest progress and, once over, how it ended.
pub struct JobState {
    pub cancel: Arc<AtomicBool>,
    pub progress: Progress,
    pub finished: Option<Finished>,
}

pub struct AppState {
    pub config: Config,
    /// Who is annotating now: `DEID_ANNOTATOR` or the login name at start, then whoever is
    /// chosen in the app. Every edit, status, judgment and export is recorded under it.
    pub annotator: Mutex<String>,
    /// Locked (an encrypted database before its passphrase) or open.
    pub store: Arc<SharedStore>,
    /// Loaded in the background at start; the first import waits for it. Replaced when the
    /// user chooses another model (`learn::use_model`).
    pub engine: Arc<EngineSlot>,
    /// The learning job, the models and the model chosen (`learn`).
    pub learn: learn::LearnState,
    pub jobs: Arc<Mutex<HashMap<u64, JobState>>>,
    pub next_job: Mutex<u64>,
}

impl AppState {
    pub fn new(config: Config) -> Result<AppState, String> {
        let store = SharedStore::open(&config.db).map_err(|e| e.to_string())?;
        Ok(AppState {
            annotator: Mutex::new(config.annotator.clone()),
            store: Arc::new(store),
            engine: Arc::new(EngineSlot::default()),
            learn: learn::LearnState::new(&config),
            jobs: Arc::new(Mutex::new(HashMap::new())),
            next_job: Mutex::new(1),
            config,
        })
    }

    /// The annotator working now.
    pub fn annotator(&self) -> String {
        self.annotator.lock().expect("annotator").clone()
    }

    /// The engine in use (loaded now if it is not yet): a job holds on to the one it got.
    pub fn engine(&self) -> Arc<Engine> {
        self.engine
            .get_or_init(|| Engine::load(&self.learn.engine_config(&self.config)))
    }
}

pub fn run() {
    deid::isolate::install_quiet_panic_hook();
    let args: Vec<String> = std::env::args().collect();
    let config = match Config::from_env_and_args(&args) {
        Ok(c) => c,
        Err(m) => {
            eprintln!("{m}");
            std::process::exit(2);
        }
    };
    let state = match AppState::new(config) {
        Ok(s) => s,
        Err(m) => {
            eprintln!("deid-studio: {m}");
            std::process::exit(2);
        }
    };
    let locked = state.store.state().map(|s| s.locked).unwrap_or(false);
    eprintln!(
        "deid-studio: database {}{}",
        state.config.db.display(),
        if locked {
            " (encrypted: waiting for its passphrase)"
        } else {
            ""
        }
    );
    tauri::Builder::default()
        .manage(state)
        .setup(|app| {
            use tauri::Manager;
            let handle = app.handle().clone();
            // the model chosen in an earlier session (unless DEID_MODEL says otherwise)
            learn::restore_model_choice(&handle);
            // Load the engine off the main thread, then import the demo corpus into an empty
            // database (never into a locked one).
            std::thread::spawn(move || {
                let state = handle.state::<AppState>();
                let info = state.engine().info.clone();
                eprintln!("deid-studio: engine {} ({})", info.model, info.mode);
                let empty = state
                    .store
                    .lock()
                    .map(|s| s.corpora().map(|c| c.is_empty()).unwrap_or(false))
                    .unwrap_or(false);
                if let (true, Some(demo)) = (empty, state.config.demo.clone()) {
                    if demo.exists() {
                        let req = import::ImportRequest {
                            path: demo.display().to_string(),
                            kind: Some("csv".into()),
                            text_column: Some("SYMPTOM_TEXT".into()),
                            id_column: Some("VAERS_ID".into()),
                            name: Some("VAERS demo".into()),
                        };
                        commands::start_import(&handle, &state, req);
                    }
                }
            });
            Ok(())
        })
        .invoke_handler(tauri::generate_handler![
            commands::app_info,
            commands::list_corpora,
            commands::list_documents,
            commands::get_document,
            commands::get_gold,
            commands::apply_edit,
            commands::undo,
            commands::redo,
            commands::set_status,
            commands::save_judgment,
            commands::find_occurrences,
            commands::report,
            commands::export,
            commands::import_start,
            commands::import_cancel,
            commands::jobs,
            commands::csv_columns,
            files::pick_path,
            files::csv_preview,
            files::imported_before,
            files::save_report,
            commands::unlock_database,
            commands::encrypt_database,
            commands::change_passphrase,
            team::list_annotators,
            team::choose_annotator,
            team::list_samples,
            team::create_sample,
            team::agreement,
            team::adjudication_view,
            team::adjudicate,
            team::adjudicate_spans,
            learn::start_learning,
            learn::cancel_learning,
            learn::learning_status,
            learn::list_models,
            learn::use_model,
        ])
        .run(tauri::generate_context!())
        .expect("error while running Deid Studio");
}
