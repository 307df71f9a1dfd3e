//! "Learn…" in the real window: 20 reviewed narratives (dev gold, marked done by the annotator),
//! the dialog started from the top bar, the fine-tuning run in the background with its progress
//! lines, the before/after table; then "Use the new model" switches the engine and the choice is
//! saved for the next start, or (no better model) nothing is written. A short budget
//! (`DEID_FINETUNE_ARGS`), a temporary models folder (`DEID_MODELS_DIR`) and settings file
//! (`DEID_SETTINGS`): the checkout's `models/` and the user's settings are never touched.
//! Screenshot `40-learn.png`. About a minute.

use super::*;
use deid_store::{DocFilter, Status, Store};

/// Variables for the app (tauri-driver passes its environment on), removed again at the end.
struct Env(Vec<&'static str>);

impl Env {
    fn set(vars: &[(&'static str, String)]) -> Env {
        for (k, v) in vars {
            std::env::set_var(k, v);
        }
        Env(vars.iter().map(|(k, _)| *k).collect())
    }
}

impl Drop for Env {
    fn drop(&mut self) {
        for k in &self.0 {
            std::env::remove_var(k);
        }
    }
}

/// Polls a JavaScript expression for up to `secs` seconds.
async fn wait_long(c: &Client, expr: &str, what: &str, secs: u64) {
    let t = Instant::now();
    while t.elapsed() < Duration::from_secs(secs) {
        if let Ok(v) = c.execute(&format!("return !!({expr});"), vec![]).await {
            if v == json!(true) {
                return;
            }
        }
        tokio::time::sleep(Duration::from_millis(250)).await;
    }
    wait_js(c, expr, what).await;
}

/// The first 20 dev gold narratives, imported with their tags as gold, marked done by `who`.
fn reviewed_database(db: &Path, input: &Path, who: &str) {
    std::fs::create_dir_all(input).unwrap();
    let mut files: Vec<PathBuf> = std::fs::read_dir(repo().join("tests/fixtures/gold/dev"))
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "xml"))
        .collect();
    files.sort();
    for f in files.iter().take(20) {
        std::fs::copy(f, input.join(f.file_name().unwrap())).unwrap();
    }
    let mut cfg = deid_studio::config::Config::from_env_and_args(&[]).unwrap();
    cfg.engine.mode = deid::deidentify::Mode::RulesOnly;
    let engine = deid_studio::engine::Engine::load(&cfg);
    let shared = deid_studio::db::SharedStore::unlocked(Store::open(db).unwrap());
    let req = deid_studio::import::ImportRequest {
        path: input.display().to_string(),
        kind: Some("xml".into()),
        text_column: None,
        id_column: None,
        name: Some("reviewed".into()),
    };
    let corpus = match deid_studio::import::run_import(
        &req,
        &engine,
        &shared,
        &std::sync::atomic::AtomicBool::new(false),
        &|_, _, _| {},
    ) {
        Ok(o) => o.corpus,
        Err(_) => panic!("import failed"),
    };
    drop(shared);
    let mut store = Store::open(db).unwrap();
    store.add_annotator(who).unwrap();
    let (rows, _) = store.documents(corpus, &DocFilter::default()).unwrap();
    for r in rows {
        store.set_status_for(r.id, who, Status::Done).unwrap();
    }
}

#[tokio::test]
#[ignore = "needs a display, tauri-driver and WebKitWebDriver: ./studio test runs it under xvfb-run"]
async fn learning_from_reviewed_narratives_in_the_real_window() {
    if !repo().join("training/.venv/bin/python").is_file() {
        panic!("training/.venv is missing: run training/setup.sh (./studio test does)");
    }
    let tmp = tempfile::tempdir().unwrap();
    let db = tmp.path().join("learn.db");
    reviewed_database(&db, &tmp.path().join("input"), "e2e");
    let models = tmp.path().join("models");
    let settings = tmp.path().join("config/settings.json");
    let checkout_models = std::fs::read_dir(repo().join("models")).unwrap().count();
    let _env = Env::set(&[
        ("DEID_MODELS_DIR", models.display().to_string()),
        ("DEID_SETTINGS", settings.display().to_string()),
        (
            "DEID_FINETUNE_ARGS",
            "--epochs 3 --max-minutes 3 --replay-ratio 0 --replay-valid-docs 0 --lr 0.003 --seed 1"
                .into(),
        ),
    ]);
    let driver = Driver::start(4454, &db);
    let c = driver.session().await;

    click(&c, "#btn-learn").await;
    wait_js(
        &c,
        "document.querySelector('#learn-models tr.in-use') && document.getElementById('learn-scope').options.length === 2",
        "the dialog with the model in use and the scope",
    )
    .await;
    let scope = js(
        &c,
        "document.getElementById('learn-scope').selectedOptions[0].textContent",
    )
    .await;
    assert_eq!(scope, json!("reviewed: 20 reviewed"));
    // the review keys are off while the dialog is open
    let before = snapshot(&c).await;
    c.find(Locator::Css("#learn-start"))
        .await
        .unwrap()
        .send_keys(" ")
        .await
        .ok();
    let t0 = Instant::now();
    wait_js(
        &c,
        "document.getElementById('learn-cancel').disabled === false",
        "the job to start",
    )
    .await;
    assert_eq!(
        snapshot(&c).await["spans"],
        before["spans"],
        "space did not toggle a span"
    );
    wait_long(
        &c,
        "document.getElementById('learn-log').textContent.includes('base (epoch 0)')",
        "progress lines",
        120,
    )
    .await;
    wait_long(
        &c,
        "document.querySelector('#learn-message p') && document.getElementById('learn-start').disabled === false",
        "the end of the learning job",
        240,
    )
    .await;
    let secs = t0.elapsed().as_secs_f64();
    shot(&c, "40-learn").await;
    let result = js(&c, "document.getElementById('learn-message').textContent").await;
    let result = result.as_str().unwrap().to_string();
    eprintln!(
        "learning in the window: {secs:.0} s: {}",
        &result[..result.len().min(200)]
    );
    let table = js(&c, "document.querySelectorAll('#learn-result table.learn-table[data-set=heldout] tbody tr').length").await;
    assert!(
        table.as_u64().unwrap() >= 2,
        "all PHI and categories: {result}"
    );
    let written = js(
        &c,
        "!document.getElementById('learn-choice').classList.contains('hidden')",
    )
    .await
        == json!(true);
    assert_eq!(
        std::fs::read_dir(repo().join("models")).unwrap().count(),
        checkout_models,
        "the checkout's models/ is untouched"
    );
    if written {
        assert!(result.contains("not used until you choose it"), "{result}");
        // what de-identifying gives, per gold set: the held-out narratives and the base's
        // calibration sets, the model in use against the new one
        let hybrid = js(&c, "document.querySelectorAll('#learn-result table.learn-table[data-set=hybrid] tbody tr').length").await;
        assert!(
            hybrid.as_u64().unwrap() >= 2,
            "the hybrid per gold set: {result}"
        );
        click(&c, "#learn-use").await;
        wait_long(
            &c,
            "document.getElementById('learn-model-state').textContent.startsWith('Now using')",
            "the new model to load",
            60,
        )
        .await;
        wait_js(
            &c,
            "document.querySelector('#learn-models tr.in-use strong').textContent.includes('-ft-')",
            "the new model marked in use",
        )
        .await;
        let saved = std::fs::read_to_string(&settings).expect("the choice is saved");
        assert!(saved.contains("-ft-"), "{saved}");
        // the old model stays selectable
        let others = js(
            &c,
            "document.querySelectorAll('#learn-models button[data-dir]').length",
        )
        .await;
        assert_eq!(others, json!(1));
        shot(&c, "41-learn-switched").await;
        // a restart uses the chosen model (DEID_MODEL is not set)
        c.close().await.ok();
        drop(driver);
        let driver = Driver::start(4454, &db);
        let c = driver.session().await;
        click(&c, "#btn-learn").await;
        wait_js(
            &c,
            "document.querySelector('#learn-models tr.in-use strong')?.textContent.includes('-ft-')",
            "the chosen model in use after a restart",
        )
        .await;
        c.close().await.ok();
        return;
    } else {
        assert!(result.contains("nothing was written"), "{result}");
        let left = std::fs::read_dir(&models).map(|d| d.count()).unwrap_or(0);
        assert_eq!(left, 0, "not better: the models folder stays empty");
    }
    c.close().await.ok();
}
