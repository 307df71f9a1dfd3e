//! Safety invariants of de-identification, on the fuzz regression corpus
//! (`tests/fixtures/fuzz-regressions/`) and on ordinary world text:
//!
//! - no input panics, and a batch writes one output per input;
//! - masks cover whole words: no span starts or ends inside a word, so no part of a word is
//!   left visible;
//! - rules-only output never shows a word that holds a digit;
//! - names in any script are masked whole, in rules-only and hybrid mode;
//! - no narrative text in any error or panic message.
//!
//! `tests/fuzz.rs` checks the same invariants on generated input.

mod common;

use common::invariants::{check_invariants, masked_words};
use deid::deidentify::{Deidentifier, Mode};
use deid::model::{DeepModel, Provider};
use deid::rules::RuleEngine;
use std::path::{Path, PathBuf};
use std::process::Command;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn corpus() -> Vec<(PathBuf, String)> {
    let dir = root().join("tests/fixtures/fuzz-regressions");
    let mut out: Vec<(PathBuf, String)> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "txt"))
        .map(|p| {
            let text = std::fs::read_to_string(&p).unwrap();
            (p, text)
        })
        .collect();
    out.sort();
    assert!(out.len() >= 9, "the regression corpus is missing files");
    out
}

fn hybrid() -> Deidentifier {
    let model = DeepModel::load(&root().join(deid::model::DEFAULT_MODEL_DIR), Provider::Cpu)
        .expect("the shipped model loads (ONNX Runtime from ./studio setup)");
    Deidentifier::with_model(RuleEngine::embedded(), model, Mode::Hybrid)
}

#[test]
fn the_regression_corpus_keeps_every_invariant_in_rules_only_and_hybrid_mode() {
    let rules_only = Deidentifier::rules_only(RuleEngine::embedded());
    let hybrid = hybrid();
    for (path, text) in corpus() {
        for (deid, digits_masked) in [(&rules_only, true), (&hybrid, false)] {
            let ann = deid
                .annotate(&text)
                .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            if let Err(m) = check_invariants(&text, &ann.spans, digits_masked) {
                panic!("{} ({:?}): {m}", path.display(), deid.mode);
            }
        }
    }
}

#[test]
fn partial_word_matches_never_leave_digits_visible() {
    let deid = Deidentifier::rules_only(RuleEngine::embedded());
    for text in [
        "age 93to95 at onset",
        "45to12/26/2020 reported",
        "a 93-year-old, 93yo, 93YO, 93to2",
    ] {
        let ann = deid.annotate(text).unwrap();
        let masked =
            deid::masking::mask_text(text, &deid::tokenize::OffsetMap::new(text), &ann.spans);
        assert!(
            !masked.chars().any(|c| c.is_ascii_digit()),
            "{text:?} -> {masked:?}"
        );
    }
}

#[test]
fn names_of_every_script_are_masked_whole() {
    let hybrid = hybrid();
    let rules_only = Deidentifier::rules_only(RuleEngine::embedded());
    let names = [
        "Иван",
        "Петров",
        "王小明",
        "محمد",
        "أحمد",
        "Γιώργος",
        "Παπαδόπουλος",
        "דוד",
        "כהן",
        "Ødegård",
        "김민준",
    ];
    let text = "The patient Иван Петров (wife of 王小明) was seen by محمد أحمد with Γιώργος \
                Παπαδόπουλος, דוד כהן, Ødegård and 김민준 on 12.03.2021.";
    for deid in [&rules_only, &hybrid] {
        let ann = deid.annotate(text).unwrap();
        let masked = masked_words(text, &ann.spans);
        for n in names {
            assert!(
                masked.iter().any(|m| m == n),
                "{:?} left {n:?} visible",
                deid.mode
            );
        }
    }
}

#[test]
fn a_batch_with_inputs_that_once_panicked_writes_one_output_each_and_names_no_text() {
    let tmp = tempfile::tempdir().unwrap();
    let input = tmp.path().join("in");
    std::fs::create_dir(&input).unwrap();
    let corpus = corpus();
    for (path, text) in &corpus {
        std::fs::write(input.join(path.file_name().unwrap()), text).unwrap();
    }
    let out = tmp.path().join("out");
    for mode in ["--rules-only", "--hybrid"] {
        let o = Command::new(env!("CARGO_BIN_EXE_deid"))
            .args([
                "annotate",
                input.to_str().unwrap(),
                "--out",
                out.to_str().unwrap(),
            ])
            .args(["--format", "masked", "--quiet"])
            .args((mode == "--rules-only").then_some(mode))
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&o.stderr);
        assert!(o.status.success(), "{mode}: {:?} {stderr}", o.status);
        assert!(
            !stderr.contains("Café") && !stderr.contains("José"),
            "{stderr}"
        );
        let written = std::fs::read_dir(&out).unwrap().count();
        assert_eq!(written, corpus.len(), "{mode}: one output per input");
        std::fs::remove_dir_all(&out).unwrap();
    }
}

#[cfg(unix)]
#[test]
fn outputs_and_their_folder_are_readable_by_their_owner_only() {
    use std::os::unix::fs::PermissionsExt;
    let tmp = tempfile::tempdir().unwrap();
    let input = tmp.path().join("n.txt");
    std::fs::write(&input, "Seen on 12/26/2020 in Boston.").unwrap();
    let out = tmp.path().join("out");
    let o = Command::new(env!("CARGO_BIN_EXE_deid"))
        .args([
            "annotate",
            input.to_str().unwrap(),
            "--out",
            out.to_str().unwrap(),
        ])
        .args(["--rules-only", "--quiet"])
        .output()
        .unwrap();
    assert!(o.status.success());
    let mode = |p: &Path| std::fs::metadata(p).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode(&out), 0o700);
    assert_eq!(mode(&out.join("n.xml")), 0o600);
}
