//! "Learn from reviewed narratives" end to end, without the window: 20 narratives of the dev gold
//! imported into a temporary store and marked done by alice, exported through the store's gold
//! export, the real `training.finetune` run on them (short budget: a few epochs, no replay) with
//! a temporary models folder; then the outcome as the app reports it.
//!
//! - a new model is written with its report and listed as fine-tuned (not in use), or no candidate
//!   beat the base and the models folder is left empty: either way the checkout's `models/` is
//!   untouched;
//! - no output line holds narrative text (the PHI of the gold is looked for in every line);
//! - a cancelled run writes nothing.
//!
//! Needs `training/.venv` (training/setup.sh) and a `deid` binary (target/release or
//! target/debug); about 1 minute on 2 CPU cores. `cargo test -p deid-studio --test learn`.

use deid_store::{DocFilter, Status, Store};
use deid_studio::config::Config;
use deid_studio::db::SharedStore;
use deid_studio::engine::Engine;
use deid_studio::import::{run_import, ImportRequest};
use deid_studio::learn::{self, LearnPlan, Outcome};
use std::path::PathBuf;
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

fn root() -> PathBuf {
    deid::config::checkout_root()
}

/// The names under the checkout's models/ (to see that nothing is added there).
fn models_entries() -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_dir(root().join("models"))
        .unwrap()
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    v.sort();
    v
}

struct Setup {
    _tmp: tempfile::TempDir,
    store: Store,
    models: PathBuf,
    gold_texts: Vec<String>,
    work: PathBuf,
}

/// `n` dev gold narratives imported (their tags become gold), marked done by alice, exported.
fn setup(skip: usize, n: usize) -> Setup {
    let tmp = tempfile::tempdir().unwrap();
    let input = tmp.path().join("input");
    std::fs::create_dir_all(&input).unwrap();
    let mut files: Vec<PathBuf> = std::fs::read_dir(root().join("tests/fixtures/gold/dev"))
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "xml"))
        .collect();
    files.sort();
    let mut gold_texts = Vec::new();
    for f in files.iter().skip(skip).take(n) {
        std::fs::copy(f, input.join(f.file_name().unwrap())).unwrap();
        let doc = deid::i2b2::read_file(f).unwrap();
        for t in doc.tags {
            if t.text.chars().count() >= 5 {
                gold_texts.push(t.text);
            }
        }
    }
    let mut cfg = Config::from_env_and_args(&[]).unwrap();
    cfg.engine.mode = deid::deidentify::Mode::RulesOnly;
    let engine = Engine::load(&cfg);
    let shared = SharedStore::unlocked(Store::open(&tmp.path().join("a.db")).unwrap());
    let req = ImportRequest {
        path: input.display().to_string(),
        kind: Some("xml".into()),
        text_column: None,
        id_column: None,
        name: Some("dev".into()),
    };
    let out = match run_import(
        &req,
        &engine,
        &shared,
        &AtomicBool::new(false),
        &|_, _, _| {},
    ) {
        Ok(o) => o,
        Err(_) => panic!("import failed"),
    };
    drop(shared.lock().unwrap());
    let mut store = Store::open(&tmp.path().join("a.db")).unwrap();
    store.add_annotator("alice").unwrap();
    let (rows, _) = store.documents(out.corpus, &DocFilter::default()).unwrap();
    assert_eq!(rows.len(), n);
    for r in &rows {
        store.set_status_for(r.id, "alice", Status::Done).unwrap();
    }
    let corpora = store.corpora_for("alice").unwrap();
    assert_eq!(corpora.iter().map(|c| c.done).sum::<usize>(), n);
    let work = tmp.path().join("work");
    std::fs::create_dir_all(&work).unwrap();
    let written =
        learn::export_reviewed(&mut store, &corpora, "alice", &work.join("gold")).unwrap();
    assert_eq!(written, n, "every reviewed narrative exported as gold");
    assert!(
        store.audit_log().unwrap()[0]
            .action
            .starts_with("export-i2b2"),
        "the export for learning is in the audit log"
    );
    let models = tmp.path().join("models");
    Setup {
        _tmp: tmp,
        store,
        models,
        gold_texts,
        work,
    }
}

fn plan(s: &Setup, extra: &[&str]) -> LearnPlan {
    let base = root().join("models/deid-bilstm-v2");
    let out = learn::reserve_model_dir(&s.models, "deid-bilstm-v2", "20260101-000000").unwrap();
    LearnPlan {
        python: root().join("training/.venv/bin/python"),
        checkout: root(),
        base,
        base_name: "deid-bilstm-v2".into(),
        work: s.work.clone(),
        out,
        extra: extra.iter().map(|a| a.to_string()).collect(),
    }
}

/// Fine-tuning needs the training virtualenv (`./studio test` and `training/setup.sh` create it)
/// and the base model's checkpoint (checked in): without them the test fails, naming what is
/// missing, rather than passing unchecked.
fn require_training() {
    for (path, how) in [
        (
            "training/.venv/bin/python",
            "run training/setup.sh (./studio test does)",
        ),
        (
            "models/deid-bilstm-v2/checkpoint.pt",
            "the checked-in base checkpoint is missing",
        ),
    ] {
        assert!(root().join(path).is_file(), "{path} not found: {how}");
    }
}

#[test]
fn learning_from_20_reviewed_narratives_writes_a_better_model_or_nothing() {
    require_training();
    let before = models_entries();
    let s = setup(0, 20);
    let p = plan(
        &s,
        &[
            "--epochs",
            "3",
            "--max-minutes",
            "3",
            "--replay-ratio",
            "0",
            "--replay-valid-docs",
            "0",
            "--lr",
            "0.003",
            "--seed",
            "1",
        ],
    );
    let lines = Mutex::new(Vec::<String>::new());
    let t0 = Instant::now();
    let exit = learn::run_finetune(&p, &AtomicBool::new(false), &Mutex::new(None), &|l| {
        lines.lock().unwrap().push(l.to_string())
    })
    .unwrap();
    let secs = t0.elapsed().as_secs_f64();
    let lines = lines.into_inner().unwrap();
    let (outcome, message, model, comparison) = learn::conclude(&p, false, exit, &lines);
    eprintln!("fine-tuning: {outcome:?} in {secs:.0} s (exit {exit:?}): {message}");
    assert!(
        matches!(outcome, Outcome::Written | Outcome::NotBetter),
        "{outcome:?}: {message}\n{}",
        lines.join("\n")
    );
    // stage lines came, narrative text did not
    assert!(
        lines.iter().any(|l| l.starts_with("gold: 20 documents")),
        "{lines:?}"
    );
    assert!(lines
        .iter()
        .any(|l| learn::stage_of(l) == Some("scoring the current model")));
    for t in &s.gold_texts {
        assert!(
            !lines.iter().any(|l| l.contains(t.as_str())),
            "gold text in the process output"
        );
    }
    let c = comparison.expect("the before/after figures of the best candidate");
    let held = c.sets.iter().find(|s| s.set == "heldout").unwrap();
    assert_eq!(held.documents, 4, "a fifth of 20 held out");
    assert_eq!(held.rows[0].name, "all PHI");
    assert!(held.rows[0].recall.before.is_some() && held.rows[0].recall.after.is_some());
    assert!(held.rows.len() > 1, "per-category rows");
    match outcome {
        Outcome::Written => {
            let m = model.unwrap();
            assert!(p.out.join("finetune-report.json").is_file());
            assert!(p.out.join("MODEL_CARD.md").is_file());
            let listed = learn::list_models_in(&s.models, &p.base, &[]);
            assert_eq!(
                listed.len(),
                2,
                "the new one, and the base in use: {listed:?}"
            );
            let new = listed.iter().find(|x| x.dir == m.dir).unwrap();
            assert!(new.fine_tuned && !new.in_use && new.can_learn);
            assert_eq!(new.base.as_deref(), Some("deid-bilstm-v2"));
            assert!(listed
                .iter()
                .any(|x| x.in_use && x.name == "deid-bilstm-v2"));
        }
        _ => {
            assert!(model.is_none());
            let left: Vec<_> = std::fs::read_dir(&s.models).unwrap().flatten().collect();
            assert!(left.is_empty(), "not better: nothing in the models folder");
        }
    }
    assert_eq!(
        models_entries(),
        before,
        "the checkout's models/ is untouched"
    );
    drop(s.store);
}

#[test]
fn a_cancelled_run_writes_nothing() {
    require_training();
    let s = setup(20, 20);
    let p = plan(
        &s,
        &[
            "--epochs",
            "50",
            "--patience",
            "50",
            "--replay-ratio",
            "0",
            "--replay-valid-docs",
            "0",
        ],
    );
    let cancel = Arc::new(AtomicBool::new(false));
    let pgid = Arc::new(Mutex::new(None));
    let (c2, g2) = (cancel.clone(), pgid.clone());
    let t0 = Instant::now();
    let exit = learn::run_finetune(&p, &cancel, &pgid, &move |l| {
        // cancel once training runs (the process and its children are killed)
        if l.starts_with("epoch 1:") {
            learn::cancel_run(&c2, &g2);
        }
    })
    .unwrap();
    assert!(t0.elapsed() < Duration::from_secs(150));
    let (outcome, message, model, _) = learn::conclude(&p, true, exit, &[]);
    assert_eq!(outcome, Outcome::Cancelled, "{message}");
    assert_eq!(exit, None, "killed");
    assert!(model.is_none());
    let left: Vec<_> = std::fs::read_dir(&s.models).unwrap().flatten().collect();
    assert!(
        left.is_empty(),
        "cancelled: nothing in the models folder: {left:?}"
    );
    assert!(pgid.lock().unwrap().is_none());
}
