//! `cargo bench --bench throughput` (or `./studio bench`): figures for the engine's targets.
//!
//! - lexicon load time (target < 300 ms);
//! - rules-only `deid annotate` on the VAERS January 2021 file, end to end through the real binary
//!   (CSV parse, annotation on all cores, one i2b2 XML file written per narrative): narratives/s
//!   (target >= 2,000 on 2 cores) and the process's peak resident memory; the same for the hybrid
//!   (target >= 300 narratives/s on 2 cores);
//! - the same narratives annotated in-process without I/O, to separate engine from file cost.
//!
//! The corpus defaults to `../shared/data/vaers/vaers-2021-01.csv`; set `DEID_BENCH_CSV` to use
//! another CSV with a SYMPTOM_TEXT column. Figures go to stdout; nothing is asserted.

use deid::deidentify::Deidentifier;
use deid::lexicon::Lexicons;
use deid::rules::RuleEngine;
use std::path::PathBuf;
use std::process::Command;
use std::time::{Duration, Instant};

fn median(mut v: Vec<Duration>) -> Duration {
    v.sort();
    v[v.len() / 2]
}

fn peak_rss_of_children_mib() -> f64 {
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    unsafe { libc::getrusage(libc::RUSAGE_CHILDREN, &mut usage) };
    usage.ru_maxrss as f64 / 1024.0 // Linux reports KiB
}

/// Run `cmd` to the end; its wall time and its own peak resident memory (wait4's rusage).
fn run_measured(cmd: &mut Command) -> (Duration, f64, i32) {
    let t = Instant::now();
    let child = cmd.spawn().expect("runs");
    let mut status = 0;
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    unsafe { libc::wait4(child.id() as i32, &mut status, 0, &mut usage) };
    (
        t.elapsed(),
        usage.ru_maxrss as f64 / 1024.0,
        libc::WEXITSTATUS(status),
    )
}

/// One narrative of `bytes` bytes made of the corpus's narratives one after another.
fn long_narrative(texts: &[String], bytes: usize) -> String {
    let mut s = String::with_capacity(bytes + 4096);
    for t in texts.iter().cycle() {
        if s.len() >= bytes {
            break;
        }
        s.push_str(t);
        s.push('\n');
    }
    s
}

fn main() {
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
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    println!("corpus: {}  cores: {cores}", csv.display());

    let loads: Vec<Duration> = (0..5)
        .map(|_| {
            let t = Instant::now();
            let lex = Lexicons::embedded();
            let d = t.elapsed();
            drop(lex);
            d
        })
        .collect();
    println!(
        "lexicon load (embedded, median of 5): {:.1} ms",
        median(loads).as_secs_f64() * 1e3
    );

    let texts: Vec<String> = csv::Reader::from_path(&csv)
        .expect("readable CSV")
        .deserialize::<std::collections::HashMap<String, String>>()
        .map(|r| r.expect("CSV row")["SYMPTOM_TEXT"].clone())
        .filter(|t| !t.trim().is_empty())
        .collect();
    let chars: usize = texts.iter().map(|t| t.chars().count()).sum();
    println!(
        "narratives: {} ({:.0} characters on average)",
        texts.len(),
        chars as f64 / texts.len() as f64
    );

    // End to end through the binary, as a user runs it: rules-only, then the hybrid.
    let bin = env!("CARGO_BIN_EXE_deid");
    for (label, mode) in [
        ("--rules-only", Some("--rules-only")),
        ("hybrid (default)", None),
    ] {
        let mut runs = Vec::new();
        for _ in 0..3 {
            let out = tempfile::tempdir().expect("temp dir");
            let mut cmd = Command::new(bin);
            cmd.args(["annotate", "--quiet", "--format", "i2b2", "--out"])
                .arg(out.path())
                .arg(&csv);
            if let Some(m) = mode {
                cmd.arg(m);
            }
            let t = Instant::now();
            let status = cmd.status().expect("deid runs");
            runs.push(t.elapsed());
            assert!(
                status.success() || status.code() == Some(1),
                "deid annotate failed: {status}"
            );
        }
        let best = *runs.iter().min().unwrap();
        let med = median(runs);
        println!(
            "deid annotate {label} (CSV -> i2b2 XML files): median {:.3} s = {:.0} narratives/s (best {:.0}/s)",
            med.as_secs_f64(),
            texts.len() as f64 / med.as_secs_f64(),
            texts.len() as f64 / best.as_secs_f64()
        );
        // ru_maxrss of children is the largest child so far: rules-only runs first, so the second
        // figure is the hybrid's whenever it is the larger.
        println!(
            "  peak memory of the largest run so far (max RSS): {:.1} MiB",
            peak_rss_of_children_mib()
        );
    }

    // One long narrative, hybrid: memory is bounded by the model's windows, not the narrative.
    for mb in [1usize, 5] {
        let dir = tempfile::tempdir().expect("temp dir");
        let file = dir.path().join(format!("long-{mb}mb.txt"));
        std::fs::write(&file, long_narrative(&texts, mb * 1_000_000)).expect("write");
        let (t, peak, code) = run_measured(
            Command::new(bin)
                .args(["annotate", "--quiet", "--format", "masked", "--out"])
                .arg(dir.path().join("out"))
                .arg(&file),
        );
        println!(
            "one {mb} MB narrative, hybrid: {:.1} s, peak memory {peak:.0} MiB (target < 500 MiB){}",
            t.as_secs_f64(),
            if code == 0 { "" } else { "  FAILED" }
        );
    }

    // In-process, engine only.
    let deid = Deidentifier::rules_only(RuleEngine::embedded());
    let mut runs = Vec::new();
    for _ in 0..5 {
        let t = Instant::now();
        let spans: usize = deid
            .annotate_batch(&texts.iter().map(String::as_str).collect::<Vec<_>>())
            .expect("rules never fail")
            .iter()
            .map(|a| a.as_ref().map_or(0, |a| a.spans.len()))
            .sum();
        runs.push(t.elapsed());
        std::hint::black_box(spans);
    }
    let med = median(runs);
    println!(
        "engine only, rules, {cores} threads: median {:.3} s = {:.0} narratives/s, {:.1} MB/s",
        med.as_secs_f64(),
        texts.len() as f64 / med.as_secs_f64(),
        chars as f64 / med.as_secs_f64() / 1e6
    );

    let model_dir = root.join(deid::model::DEFAULT_MODEL_DIR);
    let model =
        deid::model::DeepModel::load(&model_dir, deid::model::Provider::Cpu).expect("model loads");
    let hybrid = Deidentifier::with_model(
        RuleEngine::embedded(),
        model,
        deid::deidentify::Mode::Hybrid,
    );
    let refs: Vec<&str> = texts.iter().map(String::as_str).collect();
    let mut runs = Vec::new();
    for _ in 0..3 {
        let t = Instant::now();
        let n: usize = hybrid
            .annotate_batch(&refs)
            .expect("hybrid runs")
            .iter()
            .map(|a| a.as_ref().map_or(0, |a| a.spans.len()))
            .sum();
        runs.push(t.elapsed());
        std::hint::black_box(n);
    }
    let med = median(runs);
    println!(
        "engine only, hybrid (rules + BiLSTM on CPU), {cores} threads: median {:.3} s = {:.0} narratives/s",
        med.as_secs_f64(),
        texts.len() as f64 / med.as_secs_f64()
    );
}
