//! A long `deid annotate` run over a CSV is interrupted (kill -9, as a power cut or a closed
//! laptop would) and resumed by typing the same command: the output is exactly what one
//! uninterrupted run writes, with no document twice and none missing. A folder holding another
//! run's checkpoint, or an output that is already there, is never written over.

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

fn deid() -> Command {
    Command::new(env!("CARGO_BIN_EXE_deid"))
}

fn p(path: &Path) -> &str {
    path.to_str().unwrap()
}

/// A CSV of `n` short narratives with dates, ages, phones and names to find.
fn write_csv(dir: &Path, n: usize) -> PathBuf {
    let path = dir.join("reports.csv");
    let mut w = csv::Writer::from_path(&path).unwrap();
    w.write_record(["VAERS_ID", "SYMPTOM_TEXT"]).unwrap();
    for i in 0..n {
        w.write_record([
            format!("{}", 900_000 + i),
            format!(
                "Patient {} is a {}-year-old seen on {}/{}/2021 by Dr. Okafor; fever 39.{} C after \
                 dose {}. Called 555-01{:02}. Müller family, café ☕ visit.",
                ["John Smith", "Ana Souza", "Иван Петров", "王小明"][i % 4],
                20 + i % 70,
                1 + i % 12,
                1 + i % 28,
                i % 10,
                1 + i % 3,
                i % 100
            ),
        ])
        .unwrap();
    }
    w.flush().unwrap();
    path
}

fn annotate_args<'a>(csv: &'a Path, out: &'a Path, format: &'a str) -> Vec<&'a str> {
    vec![
        "annotate",
        "--rules-only",
        p(csv),
        "--out",
        p(out),
        "--format",
        format,
        "--checkpoint-every",
        "50",
    ]
}

fn run(args: &[&str]) -> Output {
    deid().args(args).output().expect("deid runs")
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

#[test]
fn a_run_killed_midway_resumes_to_exactly_the_uninterrupted_output() {
    let dir = tempfile::tempdir().unwrap();
    let csv = write_csv(dir.path(), 4000);
    for format in ["jsonl", "masked"] {
        let whole = dir.path().join(format!("whole-{format}"));
        let done = run(&annotate_args(&csv, &whole, format));
        assert!(done.status.success(), "{}", stderr(&done));
        let name = if format == "jsonl" {
            "reports.jsonl"
        } else {
            "reports.masked.csv"
        };
        let expected = std::fs::read(whole.join(name)).unwrap();
        assert!(
            !whole.join(".deid-run.json").exists(),
            "a finished run leaves no checkpoint"
        );

        // kill -9 once the first checkpoints are written, then type the same command again
        let out = dir.path().join(format!("killed-{format}"));
        let mut child = deid()
            .args(annotate_args(&csv, &out, format))
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let started = Instant::now();
        while !out.join(".deid-run.json").exists() {
            assert!(
                started.elapsed() < Duration::from_secs(120),
                "no checkpoint"
            );
            std::thread::sleep(Duration::from_millis(2));
        }
        child.kill().unwrap();
        child.wait().unwrap();
        assert!(
            out.join(".deid-run.json").exists(),
            "the run was killed before it finished (make the CSV longer if this fails)"
        );
        let resumed = run(&annotate_args(&csv, &out, format));
        let err = stderr(&resumed);
        assert!(resumed.status.success(), "{err}");
        assert!(err.contains("resumed after"), "{err}");
        let got = std::fs::read(out.join(name)).unwrap();
        assert!(
            got == expected,
            "{format}: resumed output differs from one uninterrupted run"
        );
        assert!(!out.join(".deid-run.json").exists());
    }
}

#[test]
fn another_runs_checkpoint_or_an_existing_output_is_never_written_over() {
    let dir = tempfile::tempdir().unwrap();
    let csv = write_csv(dir.path(), 20);
    let out = dir.path().join("out");
    let first = run(&annotate_args(&csv, &out, "jsonl"));
    assert!(first.status.success(), "{}", stderr(&first));
    let before = std::fs::read(out.join("reports.jsonl")).unwrap();

    // the same command again: the output is there and is not replaced
    let again = run(&annotate_args(&csv, &out, "jsonl"));
    assert_eq!(again.status.code(), Some(2));
    let err = stderr(&again);
    assert!(
        err.contains("reports.jsonl") && err.contains("already exists"),
        "{err}"
    );
    assert_eq!(std::fs::read(out.join("reports.jsonl")).unwrap(), before);

    // a checkpoint of another format (an unfinished run) is not continued by this one
    let checkpoint = out.join(".deid-run.json");
    let masked = dir.path().join("masked");
    std::fs::create_dir(&masked).unwrap();
    let fake = format!(
        r#"{{"run":{{"input":{:?},"input_bytes":{},"input_modified_ns":0,"format":"jsonl","settings":"rules only"}},"documents_done":10,"output_bytes":100}}"#,
        std::fs::canonicalize(&csv).unwrap(),
        std::fs::metadata(&csv).unwrap().len()
    );
    std::fs::write(masked.join(".deid-run.json"), &fake).unwrap();
    let other = run(&annotate_args(&csv, &masked, "masked"));
    assert_eq!(other.status.code(), Some(2));
    let err = stderr(&other);
    assert!(err.contains("unfinished run"), "{err}");
    assert!(!masked.join("reports.masked.csv").exists());
    assert!(!checkpoint.exists());
    // nothing of the narratives in the messages
    assert!(!err.contains("Okafor") && !err.contains("555-01"));
}
