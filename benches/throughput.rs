//! `cargo bench --bench throughput` (or `./studio bench`): the engine's speed and memory in one
//! table, with the ratio to the previous release's figures (`benches/baseline.json`, measured the
//! same way on the same kind of machine). Figures, not assertions.
//!
//! Rows:
//! - `deid annotate` end to end through the real binary, as a user runs it (process start,
//!   lexicons, model load, CSV parse, annotation on all cores, output written): rules-only and
//!   hybrid (the default model, and `deid-idcnn-64-v3`, the faster one shipped beside it), CSV -> one
//!   JSONL file and CSV -> one i2b2 XML file per narrative; best and median of
//!   3 runs and each run's own peak resident memory (wait4);
//! - the engine alone in-process (no start-up, no I/O): rules-only and hybrid;
//! - a long CSV (the corpus repeated, `DEID_BENCH_REPEAT`, default 10x) streamed through the
//!   hybrid: memory stays flat whatever the row count; `DEID_BENCH_ROWS=1000000` builds and runs
//!   the million-row CSV of issue 11 (about 1 GB on disk, minutes);
//! - one 1 MB and one 5 MB narrative through the hybrid: memory bounded by the model's windows;
//! - CUDA when a GPU is present: the hybrid in-process on `--provider cuda`, and GPU memory
//!   (`nvidia-smi`); otherwise the row says why not.
//!
//! The corpus defaults to `../shared/data/vaers/vaers-2021-01.csv`; `DEID_BENCH_CSV` names another
//! CSV with a SYMPTOM_TEXT column.

// the allocator of the `deid` command, so that the in-process rows measure what it runs
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

use deid::deidentify::{Deidentifier, Mode};
use deid::model::{DeepModel, Provider};
use deid::rules::RuleEngine;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

/// One measured row of the table.
struct Row {
    key: &'static str,
    what: String,
    per_sec: Option<f64>,
    median_per_sec: Option<f64>,
    peak_mib: Option<f64>,
    note: String,
}

fn median(mut v: Vec<Duration>) -> Duration {
    v.sort();
    v[v.len() / 2]
}

/// Run `cmd` to the end; its wall time, its own peak resident memory (wait4's rusage) and exit code.
// reaped by wait4 below (for its rusage), which clippy does not see
#[allow(clippy::zombie_processes)]
fn run_measured(cmd: &mut Command) -> (Duration, f64, i32) {
    let t = Instant::now();
    let child = cmd.spawn().expect("runs");
    let mut status = 0;
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    unsafe { libc::wait4(child.id() as i32, &mut status, 0, &mut usage) };
    (
        t.elapsed(),
        usage.ru_maxrss as f64 / 1024.0, // Linux reports KiB
        libc::WEXITSTATUS(status),
    )
}

fn annotate_cmd(bin: &str, input: &Path, out: &Path, format: &str, rules_only: bool) -> Command {
    let mut cmd = Command::new(bin);
    cmd.args(["annotate", "--quiet", "--format", format, "--out"])
        .arg(out)
        .arg(input);
    if rules_only {
        cmd.arg("--rules-only");
    }
    cmd
}

/// Output folders of the measured runs, removed only when the table is printed. ext4 avoids
/// reusing an inode deleted moments ago and searches its bitmaps for another, so a run that
/// created 2,370 files right after the previous run's folder was removed took 2.2 s instead of
/// 0.35 s (rules-only, i2b2 out): the benchmark measured its own clean-up.
static KEPT: std::sync::Mutex<Vec<tempfile::TempDir>> = std::sync::Mutex::new(Vec::new());

fn kept_temp_dir() -> PathBuf {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().to_path_buf();
    KEPT.lock().unwrap().push(dir);
    path
}

/// Best of `runs` runs of `deid annotate` on `input`: narratives/s best and median, peak MiB.
fn measure_cli(
    bin: &str,
    input: &Path,
    n: usize,
    format: &str,
    rules_only: bool,
    model: Option<&str>,
    runs: usize,
) -> (f64, f64, f64) {
    let mut times = Vec::new();
    let mut peak = 0f64;
    for _ in 0..runs {
        let out = kept_temp_dir();
        let mut cmd = annotate_cmd(bin, input, &out.join("out"), format, rules_only);
        if let Some(dir) = model {
            cmd.arg("--model").arg(dir);
        }
        let (t, mib, code) = run_measured(&mut cmd);
        assert!(code == 0 || code == 1, "deid annotate failed: exit {code}");
        times.push(t);
        peak = peak.max(mib);
    }
    let best = *times.iter().min().unwrap();
    let med = median(times);
    (
        n as f64 / best.as_secs_f64(),
        n as f64 / med.as_secs_f64(),
        peak,
    )
}

fn read_corpus(csv: &Path) -> Vec<(String, String)> {
    let mut reader = csv::Reader::from_path(csv).expect("readable CSV");
    let headers = reader.headers().expect("header").clone();
    let text = headers
        .iter()
        .position(|h| h == "SYMPTOM_TEXT")
        .expect("SYMPTOM_TEXT column");
    let id = headers.iter().position(|h| h == "VAERS_ID");
    reader
        .records()
        .enumerate()
        .map(|(i, r)| {
            let r = r.expect("CSV row");
            let id = id.map_or_else(|| i.to_string(), |c| r[c].to_string());
            (id, r[text].to_string())
        })
        .filter(|(_, t)| !t.trim().is_empty())
        .collect()
}

/// The corpus written `rows` rows long (narratives repeated, ids made unique).
fn repeated_csv(corpus: &[(String, String)], rows: usize, path: &Path) {
    let mut w = csv::Writer::from_path(path).expect("writable");
    w.write_record(["VAERS_ID", "SYMPTOM_TEXT"]).unwrap();
    for (k, (id, text)) in corpus.iter().cycle().take(rows).enumerate() {
        w.write_record([format!("{id}-{k}").as_str(), text.as_str()])
            .unwrap();
    }
    w.flush().unwrap();
}

fn in_process(deid: &Deidentifier, texts: &[&str], runs: usize) -> (f64, f64) {
    let mut times = Vec::new();
    for _ in 0..runs {
        let t = Instant::now();
        let n: usize = deid
            .annotate_batch(texts)
            .expect("engine runs")
            .iter()
            .map(|a| a.as_ref().map_or(0, |a| a.spans.len()))
            .sum();
        times.push(t.elapsed());
        std::hint::black_box(n);
    }
    let best = *times.iter().min().unwrap();
    (
        texts.len() as f64 / best.as_secs_f64(),
        texts.len() as f64 / median(times).as_secs_f64(),
    )
}

fn gpu_memory_mib() -> Option<String> {
    let out = Command::new("nvidia-smi")
        .args([
            "--query-gpu=memory.used,memory.total",
            "--format=csv,noheader",
        ])
        .output()
        .ok()?;
    out.status
        .success()
        .then(|| String::from_utf8_lossy(&out.stdout).trim().to_string())
}

fn main() {
    // as the `deid` command does, so that the in-process rows measure what it runs
    deid::model::keep_runtime_memory();
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let csv = std::env::var_os("DEID_BENCH_CSV")
        .map(PathBuf::from)
        .unwrap_or_else(|| root.join("../shared/data/vaers/vaers-2021-01.csv"));
    if !csv.exists() {
        eprintln!(
            "benchmark corpus {} not found; set DEID_BENCH_CSV",
            csv.display()
        );
        std::process::exit(2);
    }
    let env_usize = |name: &str, default: usize| {
        std::env::var(name)
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(default)
    };
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let corpus = read_corpus(&csv);
    let n = corpus.len();
    let chars: usize = corpus.iter().map(|(_, t)| t.chars().count()).sum();
    println!(
        "corpus: {} ({n} narratives, {:.0} characters on average), {cores} cores",
        csv.display(),
        chars as f64 / n as f64
    );
    let bin = env!("CARGO_BIN_EXE_deid");
    let mut rows: Vec<Row> = Vec::new();

    // the faster models shipped beside the default (dilated-CNN tagger; v2 with int8 weights)
    let cnn = concat!(env!("CARGO_MANIFEST_DIR"), "/models/deid-idcnn-64-v3");
    let int8 = concat!(env!("CARGO_MANIFEST_DIR"), "/models/deid-bilstm-v2-int8");
    for (key, what, format, rules_only, model) in [
        (
            "cli_rules_jsonl",
            "deid annotate --rules-only, CSV -> one JSONL",
            "jsonl",
            true,
            None,
        ),
        (
            "cli_hybrid_jsonl",
            "deid annotate (hybrid, CPU), CSV -> one JSONL",
            "jsonl",
            false,
            None,
        ),
        (
            "cli_hybrid_idcnn_jsonl",
            "deid annotate (hybrid, deid-idcnn-64-v3, CPU), CSV -> one JSONL",
            "jsonl",
            false,
            Some(cnn),
        ),
        (
            "cli_hybrid_int8_jsonl",
            "deid annotate (hybrid, deid-bilstm-v2-int8, CPU), CSV -> one JSONL",
            "jsonl",
            false,
            Some(int8),
        ),
        (
            "cli_rules_i2b2",
            "deid annotate --rules-only, CSV -> i2b2 XML per narrative",
            "i2b2",
            true,
            None,
        ),
        (
            "cli_hybrid_i2b2",
            "deid annotate (hybrid, CPU), CSV -> i2b2 XML per narrative",
            "i2b2",
            false,
            None,
        ),
        (
            "cli_hybrid_idcnn_i2b2",
            "deid annotate (hybrid, deid-idcnn-64-v3, CPU), CSV -> i2b2 XML per narrative",
            "i2b2",
            false,
            Some(cnn),
        ),
    ] {
        let (best, med, peak) = measure_cli(bin, &csv, n, format, rules_only, model, 3);
        rows.push(Row {
            key,
            what: what.into(),
            per_sec: Some(best),
            median_per_sec: Some(med),
            peak_mib: Some(peak),
            note: "end to end, process start included".into(),
        });
    }

    // A long CSV streamed through: memory must not grow with the row count.
    let long_rows = env_usize("DEID_BENCH_ROWS", n * env_usize("DEID_BENCH_REPEAT", 10));
    let dir = tempfile::tempdir().expect("temp dir");
    let long_csv = dir.path().join("long.csv");
    repeated_csv(&corpus, long_rows, &long_csv);
    for (key, rules_only) in [("stream_rules", true), ("stream_hybrid", false)] {
        let (t, peak, code) = run_measured(&mut annotate_cmd(
            bin,
            &long_csv,
            &dir.path().join(key),
            "jsonl",
            rules_only,
        ));
        rows.push(Row {
            key,
            what: format!(
                "deid annotate{} on a {long_rows}-row CSV -> one JSONL",
                if rules_only { " --rules-only" } else { "" }
            ),
            per_sec: Some(long_rows as f64 / t.as_secs_f64()),
            median_per_sec: None,
            peak_mib: Some(peak),
            note: if code == 0 {
                "one run; streamed in chunks with checkpoints".into()
            } else {
                format!("exit {code}")
            },
        });
        let _ = std::fs::remove_dir_all(dir.path().join(key));
    }

    // One long narrative, hybrid: memory is bounded by the model's windows, not the narrative.
    for (key, mb) in [("long_1mb", 1usize), ("long_5mb", 5)] {
        let file = dir.path().join(format!("long-{mb}mb.txt"));
        let mut text = String::new();
        for (_, t) in corpus.iter().cycle() {
            if text.len() >= mb * 1_000_000 {
                break;
            }
            text.push_str(t);
            text.push('\n');
        }
        std::fs::write(&file, &text).expect("write");
        let (t, peak, code) = run_measured(
            Command::new(bin)
                .args(["annotate", "--quiet", "--format", "masked", "--out"])
                .arg(dir.path().join(key))
                .arg(&file),
        );
        rows.push(Row {
            key,
            what: format!("one {mb} MB narrative, hybrid"),
            per_sec: None,
            median_per_sec: None,
            peak_mib: Some(peak),
            note: format!(
                "{:.1} s{}",
                t.as_secs_f64(),
                if code == 0 { "" } else { ", FAILED" }
            ),
        });
    }

    // In process, last: a child's peak memory (wait4) includes the memory of the process it was
    // forked from, so every `deid` child runs before this process loads an engine of its own.
    let texts: Vec<&str> = corpus.iter().map(|(_, t)| t.as_str()).collect();
    let rules = Deidentifier::rules_only(RuleEngine::embedded());
    let (best, med) = in_process(&rules, &texts, 5);
    rows.push(Row {
        key: "engine_rules",
        what: "engine only, rules".into(),
        per_sec: Some(best),
        median_per_sec: Some(med),
        peak_mib: None,
        note: format!("{:.1} MB/s", chars as f64 * best / n as f64 / 1e6),
    });
    drop(rules);
    let model_dir = root.join(deid::model::DEFAULT_MODEL_DIR);
    let hybrid = Deidentifier::with_model(
        RuleEngine::embedded(),
        DeepModel::load(&model_dir, Provider::Cpu).expect("model loads"),
        Mode::Hybrid,
    );
    let (best, med) = in_process(&hybrid, &texts, 3);
    rows.push(Row {
        key: "engine_hybrid_cpu",
        what: "engine only, hybrid on CPU".into(),
        per_sec: Some(best),
        median_per_sec: Some(med),
        peak_mib: None,
        note: "character encodings cached across batches".into(),
    });
    drop(hybrid);

    // CUDA: measured where a GPU is, otherwise the reason
    match DeepModel::load(&model_dir, Provider::Cuda) {
        Ok(model) if model.provider == Provider::Cuda => {
            let hybrid = Deidentifier::with_model(RuleEngine::embedded(), model, Mode::Hybrid);
            let (best, med) = in_process(&hybrid, &texts, 3);
            rows.push(Row {
                key: "engine_hybrid_cuda",
                what: "engine only, hybrid on CUDA".into(),
                per_sec: Some(best),
                median_per_sec: Some(med),
                peak_mib: None,
                note: format!(
                    "GPU memory used/total: {}",
                    gpu_memory_mib().unwrap_or_else(|| "nvidia-smi not available".into())
                ),
            });
        }
        Ok(model) => rows.push(Row {
            key: "engine_hybrid_cuda",
            what: "engine only, hybrid on CUDA".into(),
            per_sec: None,
            median_per_sec: None,
            peak_mib: None,
            note: model
                .fallback
                .unwrap_or_else(|| "CUDA not used".into())
                .chars()
                .take(120)
                .collect(),
        }),
        Err(e) => rows.push(Row {
            key: "engine_hybrid_cuda",
            what: "engine only, hybrid on CUDA".into(),
            per_sec: None,
            median_per_sec: None,
            peak_mib: None,
            note: format!("{e}"),
        }),
    }

    print_table(&rows, &root.join("benches/baseline.json"));
}

fn print_table(rows: &[Row], baseline_path: &Path) {
    let baseline: serde_json::Value = std::fs::read(baseline_path)
        .ok()
        .and_then(|b| serde_json::from_slice(&b).ok())
        .unwrap_or(serde_json::Value::Null);
    println!(
        "\nbaseline: {} ({})",
        baseline["release"].as_str().unwrap_or("none"),
        baseline_path.display()
    );
    println!("| what | narratives/s (best of runs) | median | peak memory | vs baseline | notes |");
    println!("|---|---:|---:|---:|---:|---|");
    let fmt = |v: Option<f64>, unit: &str| v.map_or("-".to_string(), |v| format!("{v:.0}{unit}"));
    for r in rows {
        let before = baseline["figures"][r.key]["per_sec"].as_f64();
        let ratio = match (r.per_sec, before) {
            (Some(now), Some(then)) if then > 0.0 => format!("{:.2}x ({then:.0}/s)", now / then),
            _ => "-".into(),
        };
        println!(
            "| {} | {} | {} | {} | {ratio} | {} |",
            r.what,
            fmt(r.per_sec, ""),
            fmt(r.median_per_sec, ""),
            fmt(r.peak_mib, " MiB"),
            r.note
        );
    }
    KEPT.lock().unwrap().clear();
}
