//! The document list over many narratives: filters, paging, counts; timings of the big one with
//! `cargo test --release --test store_scale -- --ignored --nocapture`.

use deid::phi::{PhiType, Span};
use deid_store::{
    DocEdit, DocFilter, Edit, GoldSpan, NewDocument, NewPreAnnotation, Status, Store, TokenProb,
};
use std::time::Instant;

const TEXT: &str =
    "A 53-year-old woman from Boston had a rash on 12/26/20 after drug X; recovered.";
// Boston 25..31, 12/26/20 46..54

fn build(n: usize) -> (tempfile::TempDir, Store, i64, Vec<i64>) {
    let dir = tempfile::tempdir().unwrap();
    let mut s = Store::open(&dir.path().join("annotations.db")).unwrap();
    let c = s.create_corpus("big", "synthetic").unwrap();
    let docs: Vec<NewDocument> = (0..n)
        .map(|i| NewDocument {
            external_id: format!("report-{i:06}"),
            text: if i % 100 == 7 {
                format!("{TEXT} Zanzibar {i}")
            } else {
                TEXT.to_string()
            },
            source: "synthetic".into(),
            gold: None,
        })
        .collect();
    let t = Instant::now();
    let ids = s.add_documents(c, &docs).unwrap();
    eprintln!("import {n}: {:?}", t.elapsed());
    let items: Vec<NewPreAnnotation> = ids
        .iter()
        .enumerate()
        .map(|(i, &doc)| NewPreAnnotation {
            doc,
            spans: vec![if i % 2 == 0 {
                Span::new(46, 54, PhiType::Date)
            } else {
                Span::new(25, 31, PhiType::City)
            }],
            tokens: vec![TokenProb {
                start: 25,
                end: 31,
                p_safe: if i % 3 == 0 { 0.48 } else { 0.02 },
                threshold: 0.5,
                rule: "unknown".into(),
            }],
        })
        .collect();
    let t = Instant::now();
    s.save_pre_annotations("m", "hybrid", &items, 0.1).unwrap();
    eprintln!("pre-annotations {n}: {:?}", t.elapsed());
    for id in ids.iter().step_by(5) {
        s.set_status(*id, Status::Done).unwrap();
    }
    (dir, s, c, ids)
}

fn check(n: usize) {
    let (_dir, mut s, c, ids) = build(n);
    // The result and the median time of 5 calls.
    let page = |s: &Store, f: DocFilter| {
        let mut times = Vec::new();
        let mut r = None;
        for _ in 0..5 {
            let t = Instant::now();
            r = Some(s.documents(c, &f).unwrap());
            times.push(t.elapsed());
        }
        times.sort();
        (r.unwrap(), times[2])
    };

    let ((rows, total), _) = page(
        &s,
        DocFilter {
            limit: 100,
            ..Default::default()
        },
    );
    assert_eq!((rows.len(), total), (100, n));
    assert_eq!(rows[0].external_id, "report-000000");
    let ((rows, total), last_page) = page(
        &s,
        DocFilter {
            offset: n - 100,
            limit: 100,
            ..Default::default()
        },
    );
    assert_eq!((rows.len(), total), (100, n));
    assert_eq!(rows[99].id, *ids.last().unwrap());
    eprintln!("last page of 100 / {n}: {last_page:?}");

    let ((rows, total), t_done) = page(
        &s,
        DocFilter {
            status: Some(Status::Done),
            limit: 100,
            offset: 100,
            ..Default::default()
        },
    );
    assert_eq!(total, n.div_ceil(5));
    assert!(rows.iter().all(|r| r.status == Status::Done));
    assert_eq!(rows[0].id, ids[500]);
    eprintln!("done page: {t_done:?}");

    let ((rows, total), t_unc) = page(
        &s,
        DocFilter {
            has_uncertain: Some(true),
            category: Some("DATE".into()),
            limit: 100,
            ..Default::default()
        },
    );
    assert_eq!(total, n.div_ceil(6));
    assert!(rows
        .iter()
        .all(|r| r.uncertain_tokens == 1 && r.categories == ["DATE"]));
    eprintln!("uncertain + category page: {t_unc:?}");

    let ((_, total), _) = page(
        &s,
        DocFilter {
            has_uncertain: Some(false),
            category: Some("LOCATION/CITY".into()),
            status: Some(Status::New),
            ..Default::default()
        },
    );
    let expected = (0..n)
        .filter(|i| i % 2 == 1 && i % 3 != 0 && i % 5 != 0)
        .count();
    assert_eq!(total, expected);

    let ((rows, total), t_search) = page(
        &s,
        DocFilter {
            search: Some("zanzibar".into()),
            limit: 100,
            ..Default::default()
        },
    );
    assert_eq!(total, n / 100);
    assert_eq!(rows[0].id, ids[7]);
    eprintln!("text search page: {t_search:?}");
    let ((rows, total), _) = page(
        &s,
        DocFilter {
            search: Some("report-000042".into()),
            ..Default::default()
        },
    );
    assert_eq!((total, rows[0].id), (1, ids[42]));
    let ((_, total), _) = page(
        &s,
        DocFilter {
            search: Some("100%".into()),
            ..Default::default()
        },
    );
    assert_eq!(total, 0);
    assert!(s
        .documents(
            c,
            &DocFilter {
                category: Some("WEATHER".into()),
                ..Default::default()
            }
        )
        .is_err());

    // Edits on a big database.
    let mut times = Vec::new();
    for (k, id) in ids.iter().skip(1).step_by(2).take(50).enumerate() {
        let e = Edit {
            label: format!("toggle {k}"),
            changes: vec![DocEdit {
                doc: *id,
                remove: vec![],
                add: vec![GoldSpan {
                    start: 46,
                    end: 54,
                    kind: PhiType::Date,
                }],
            }],
        };
        let t = Instant::now();
        s.apply_edit("alice", &e).unwrap();
        times.push(t.elapsed());
    }
    times.sort();
    eprintln!(
        "apply_edit x{}: median {:?}, max {:?}",
        times.len(),
        times[times.len() / 2],
        times.last().unwrap()
    );
    let t = Instant::now();
    s.undo("alice").unwrap().unwrap();
    eprintln!("undo: {:?}", t.elapsed());
    let ((rows, _), _) = page(
        &s,
        DocFilter {
            status: Some(Status::InReview),
            ..Default::default()
        },
    );
    assert!(rows
        .iter()
        .all(|r| r.phi_spans == 2 && r.categories == ["CITY", "DATE"]));
    // Edited: indices 1, 3, .., 99; those divisible by 5 were done and stay done; 99 was undone.
    let in_review = (1..100).step_by(2).filter(|i| i % 5 != 0).count() - 1;
    assert_eq!(rows.len(), in_review);
}

#[test]
fn five_thousand_documents_filter_and_page() {
    check(5_000);
}

#[test]
#[ignore = "50,000 documents: run in release with --ignored --nocapture for timings"]
fn fifty_thousand_documents_filter_and_page() {
    check(50_000);
}
