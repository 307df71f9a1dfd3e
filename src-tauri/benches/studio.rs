//! Figures for the app's speed targets (printed, not asserted):
//!
//! - open a 10,000-character narrative with all its highlights: the store read + token bounds +
//!   JSON the command returns (Rust side), then the UI's own render code (`ui/app/js/render.js`)
//!   under node, as the window runs it (target < 150 ms together);
//! - one correction persisted: `Store::apply_edit` of a one-span edit (target < 20 ms);
//! - the document list: one page (200 rows) of `Store::documents` with 50,000 narratives, plain,
//!   deep in the list, and filtered.
//!
//! `cargo bench -p deid-studio --bench studio` (or `./studio bench`). The corpus is the demo
//! narratives repeated to 50,000 and pre-annotated by the rules.

use deid::deidentify::Deidentifier;
use deid::rules::RuleEngine;
use deid_store::{
    DocEdit, DocFilter, Edit, GoldSpan, NewDocument, NewPreAnnotation, Status, Store,
};
use deid_studio::commands::document_payload;
use deid_studio::engine::{token_probs, UNCERTAIN_MARGIN};
use std::path::Path;
use std::time::{Duration, Instant};

const N_DOCS: usize = 50_000;

fn main() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap();
    let csv = root.join("data/demo/vaers-demo.csv");
    let jobs = deid::input::discover(&csv, &Default::default()).expect("demo corpus");
    let texts: Vec<String> = jobs
        .iter()
        .filter_map(|j| j.read_text(deid::input::DEFAULT_MAX_BYTES).ok())
        .collect();
    let deid = Deidentifier::rules_only(RuleEngine::embedded());
    let refs: Vec<&str> = texts.iter().map(String::as_str).collect();
    let annotations: Vec<_> = deid
        .annotate_batch(&refs)
        .unwrap()
        .into_iter()
        .map(Result::unwrap)
        .collect();

    let dir = tempfile::tempdir().unwrap();
    let mut store = Store::open(&dir.path().join("bench.db")).unwrap();
    let corpus = store.create_corpus("bench", "demo x 125").unwrap();
    let t = Instant::now();
    let docs: Vec<NewDocument> = (0..N_DOCS)
        .map(|i| NewDocument {
            external_id: format!("doc-{i:06}"),
            text: texts[i % texts.len()].clone(),
            source: "bench".into(),
            gold: None,
        })
        .collect();
    let ids = store.add_documents(corpus, &docs).unwrap();
    let items: Vec<NewPreAnnotation> = ids
        .iter()
        .enumerate()
        .map(|(i, &doc)| {
            let a = &annotations[i % annotations.len()];
            NewPreAnnotation {
                doc,
                spans: a.spans.clone(),
                tokens: token_probs(a),
            }
        })
        .collect();
    store
        .save_pre_annotations("rules", "rules-only", &items, UNCERTAIN_MARGIN)
        .unwrap();
    println!(
        "setup: {N_DOCS} narratives imported and pre-annotated in {:.1} s",
        t.elapsed().as_secs_f64()
    );

    // ---- the document list with 50,000 narratives
    let page = |f: DocFilter| {
        let t = Instant::now();
        let (rows, total) = store.documents(corpus, &f).unwrap();
        (t.elapsed(), rows.len(), total)
    };
    let cases: Vec<(&str, DocFilter)> = vec![
        (
            "first page",
            DocFilter {
                limit: 200,
                ..Default::default()
            },
        ),
        (
            "page at row 25,000",
            DocFilter {
                offset: 25_000,
                limit: 200,
                ..Default::default()
            },
        ),
        (
            "last page",
            DocFilter {
                offset: N_DOCS - 200,
                limit: 200,
                ..Default::default()
            },
        ),
        (
            "has uncertain, first page",
            DocFilter {
                has_uncertain: Some(true),
                limit: 200,
                ..Default::default()
            },
        ),
        (
            "category DATE, page at 10,000",
            DocFilter {
                category: Some("DATE".into()),
                offset: 10_000,
                limit: 200,
                ..Default::default()
            },
        ),
        (
            "status new + search \"fever\"",
            DocFilter {
                status: Some(Status::New),
                search: Some("fever".into()),
                limit: 200,
                ..Default::default()
            },
        ),
    ];
    println!("\ndocument list page (200 rows) with {N_DOCS} narratives:");
    for (name, f) in cases {
        let mut times = Vec::new();
        let mut last = (0, 0);
        for _ in 0..5 {
            let (d, n, total) = page(f.clone());
            times.push(d);
            last = (n, total);
        }
        println!(
            "  {name:<32} median {:>7.2} ms  ({} rows of {})",
            ms(median(&mut times)),
            last.0,
            last.1
        );
    }

    // ---- a correction persisted
    let doc = ids[1234];
    let mut times = Vec::new();
    for k in 0..50 {
        let span = GoldSpan {
            start: 0,
            end: 3,
            kind: deid::PhiType::Patient,
        };
        let (remove, add) = if k % 2 == 0 {
            (vec![], vec![span])
        } else {
            (vec![span], vec![])
        };
        let edit = Edit {
            label: "toggle".into(),
            changes: vec![DocEdit { doc, remove, add }],
        };
        // the first add may conflict with a pre-annotated span: clear it once
        if k == 0 {
            let view = store.document(doc).unwrap();
            let overl: Vec<GoldSpan> = view.gold.into_iter().filter(|s| s.start < 3).collect();
            if !overl.is_empty() {
                store
                    .apply_edit(
                        "bench",
                        &Edit {
                            label: "clear".into(),
                            changes: vec![DocEdit {
                                doc,
                                remove: overl,
                                add: vec![],
                            }],
                        },
                    )
                    .unwrap();
            }
        }
        let t = Instant::now();
        store.apply_edit("bench", &edit).unwrap();
        times.push(t.elapsed());
    }
    println!(
        "\ncorrection persisted (Store::apply_edit, one span, WAL): median {:.2} ms, max {:.2} ms (target < 20 ms)",
        ms(median(&mut times)),
        ms(*times.iter().max().unwrap())
    );
    let mut times = Vec::new();
    for _ in 0..20 {
        let t = Instant::now();
        store.undo("bench").unwrap();
        times.push(t.elapsed());
    }
    println!(
        "undo (Store::undo): median {:.2} ms",
        ms(median(&mut times))
    );

    // ---- open a 10,000-character narrative
    let mut long = String::new();
    let mut i = 0;
    while long.chars().count() < 10_000 {
        long.push_str(&texts[i % texts.len()]);
        long.push_str(if i % 7 == 3 { " 😀 " } else { " " });
        i += 1;
    }
    let long: String = long.chars().take(10_000).collect();
    let a = deid.annotate(&long).unwrap();
    let id = store
        .add_documents(
            corpus,
            &[NewDocument {
                external_id: "long".into(),
                text: long.clone(),
                source: "bench".into(),
                gold: None,
            }],
        )
        .unwrap()[0];
    store
        .save_pre_annotation(
            id,
            "rules",
            "rules-only",
            &a.spans,
            &token_probs(&a),
            UNCERTAIN_MARGIN,
        )
        .unwrap();
    let mut times = Vec::new();
    let mut json = String::new();
    for _ in 0..20 {
        let t = Instant::now();
        let view = store.document(id).unwrap();
        json = serde_json::to_string(&document_payload(view)).unwrap();
        times.push(t.elapsed());
    }
    let rust_ms = ms(median(&mut times));
    println!(
        "\nopen a 10,000-character narrative ({} tokens, {} PHI spans): Rust side (store + tokens + JSON, {} KB) median {:.2} ms",
        a.tokens.len(),
        a.spans.len(),
        json.len() / 1024,
        rust_ms
    );
    let payload = dir.path().join("long.json");
    std::fs::write(&payload, &json).unwrap();
    let script = root.join("ui/bench/render.mjs");
    match std::process::Command::new("node")
        .arg(&script)
        .arg(&payload)
        .output()
    {
        Ok(o) if o.status.success() => {
            print!("{}", String::from_utf8_lossy(&o.stdout));
        }
        Ok(o) => println!(
            "  (node render bench failed: {})",
            String::from_utf8_lossy(&o.stderr)
        ),
        Err(e) => println!("  (node not available for the render bench: {e})"),
    }
    println!(
        "  (the end-to-end test also reports the render time measured in the real window: window.deidStudio.lastRenderMs)"
    );
}

fn median(v: &mut [Duration]) -> Duration {
    v.sort();
    v[v.len() / 2]
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}
