//! The training pipeline end to end on a tiny generated set: synthetic i2b2 XML from the demo
//! corpus → `deid featurize` → PyTorch training → ONNX export → loaded and run by the engine.
//! Needs `training/.venv` (created by `training/setup.sh`, which `./studio test` runs).

use deid::deidentify::{Deidentifier, Mode};
use deid::model::{DeepModel, Provider};
use deid::rules::RuleEngine;
use std::path::{Path, PathBuf};
use std::process::Command;

fn run(cmd: &mut Command) {
    let out = cmd.output().unwrap_or_else(|e| panic!("{cmd:?}: {e}"));
    assert!(
        out.status.success(),
        "{cmd:?} failed:\n{}\n{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn a_tiny_generated_set_trains_exports_and_runs_in_rust() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let python = root.join("training/.venv/bin/python");
    assert!(
        python.exists(),
        "training/.venv is missing: run training/setup.sh (./studio test does)"
    );
    let deid = env!("CARGO_BIN_EXE_deid");
    let tmp = tempfile::tempdir().unwrap();
    let t = |p: &str| tmp.path().join(p);
    let p = |p: &Path| p.to_str().unwrap().to_string();

    run(Command::new(&python).current_dir(&root).args([
        "-m",
        "training.generate",
        "--carriers",
        "data/demo/vaers-demo.csv",
        "--exclude",
        "tests/fixtures/gold/dev/VAERS_IDS.tsv",
        "--n",
        "40",
        "--seed",
        "5",
        "--deid",
        deid,
        "--out",
        &p(&t("synth")),
    ]));
    for split in ["train", "valid"] {
        run(Command::new(deid).args([
            "featurize",
            &p(&t(&format!("synth/{split}"))),
            "--out",
            &p(&t(&format!("{split}.jsonl"))),
        ]));
    }
    run(Command::new(deid).current_dir(&root).args([
        "featurize",
        "tests/fixtures/gold/dev",
        "--out",
        &p(&t("dev.jsonl")),
    ]));
    run(Command::new(&python)
        .current_dir(&root)
        .env("DEID_TRAIN_THREADS", "2")
        .args([
            "-m",
            "training.deid_model.train",
            "--train",
            &p(&t("train.jsonl")),
            "--valid",
            &p(&t("valid.jsonl")),
            "--dev",
            &p(&t("dev.jsonl")),
            "--variation",
            "d",
            "--epochs",
            "1",
            "--tiny",
            "--seed",
            "1",
            "--out",
            &p(&t("run")),
        ]));
    run(Command::new(&python).current_dir(&root).args([
        "-m",
        "training.export",
        "--checkpoint",
        &p(&t("run/checkpoint.pt")),
        "--name",
        "smoke",
        "--dev",
        &p(&t("dev.jsonl")),
        "--out",
        &p(&t("model")),
        "--parity-docs",
        "2",
    ]));

    let model = DeepModel::load(&t("model"), Provider::Cpu).expect("the exported model loads");
    assert_eq!(model.meta.name, "smoke");
    let deid = Deidentifier::with_model(RuleEngine::embedded(), model, Mode::Hybrid);
    let text = "Patient is a 53-year-old seen on 23Dec2020 in Dayton, OH.";
    let ann = deid.annotate(text).unwrap();
    let decisions = ann.decisions.expect("hybrid decisions");
    assert_eq!(decisions.len(), ann.tokens.len());
    assert!(decisions.iter().all(|d| (0.0..=1.0).contains(&d.p_safe)));
    // whatever a one-epoch model says, a recognizer's date is never released
    let date = text.find("23Dec2020").unwrap();
    assert!(
        ann.spans
            .iter()
            .any(|s| s.start == date && s.end == date + 9),
        "{:?}",
        ann.spans
    );
}
