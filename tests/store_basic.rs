//! The annotation database: migrations, import, status, judgments (real SQLite files).

mod common;
use common::new_doc;

use deid::phi::{PhiType, Span};
use deid_store::{schema, DocFilter, InfoState, Judgment, Status, Store, TokenProb, Verdict};
use std::collections::BTreeMap;

#[test]
fn a_fresh_database_is_migrated_and_reopens_with_its_data() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("sub").join("annotations.db");
    {
        let mut s = Store::open(&path).unwrap();
        assert_eq!(s.path(), path.as_path());
        assert_eq!(s.schema_version().unwrap(), schema::MIGRATIONS.len() as i64);
        let c = s.create_corpus("vaers", "demo").unwrap();
        s.add_documents(c, &[new_doc("a", "On 12/26/20 fever.", None)])
            .unwrap();
        assert!(s.create_corpus("vaers", "again").is_err());
    }
    let s = Store::open(&path).unwrap();
    assert_eq!(s.schema_version().unwrap(), schema::MIGRATIONS.len() as i64);
    let corpora = s.corpora().unwrap();
    assert_eq!(corpora.len(), 1);
    assert_eq!((corpora[0].documents, corpora[0].new), (1, 1));
    assert_eq!(s.corpus_by_name("vaers").unwrap(), Some(corpora[0].id));
    assert_eq!(s.corpus_by_name("other").unwrap(), None);

    let conn = rusqlite::Connection::open(&path).unwrap();
    let mode: String = conn
        .query_row("PRAGMA journal_mode", [], |r| r.get(0))
        .unwrap();
    assert_eq!(mode, "wal");
}

#[test]
fn a_database_from_a_newer_program_or_another_program_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("annotations.db");
    drop(Store::open(&path).unwrap());
    {
        let conn = rusqlite::Connection::open(&path).unwrap();
        conn.execute_batch("PRAGMA user_version = 99").unwrap();
    }
    let err = Store::open(&path)
        .err()
        .expect("newer schema refused")
        .to_string();
    assert!(err.contains("annotations.db"), "{err}");
    assert!(err.contains("newer"), "{err}");

    let other = dir.path().join("other.db");
    {
        let conn = rusqlite::Connection::open(&other).unwrap();
        conn.execute_batch("CREATE TABLE t (x)").unwrap();
    }
    let err = Store::open(&other)
        .err()
        .expect("foreign db refused")
        .to_string();
    assert!(err.contains("not a Deid Studio"), "{err}");

    let junk = dir.path().join("junk.db");
    std::fs::write(&junk, b"this is not a database at all, just some bytes...").unwrap();
    let err = Store::open(&junk).err().expect("junk refused").to_string();
    assert!(err.contains("junk.db"), "{err}");
}

#[test]
fn a_bad_document_leaves_the_import_undone_and_is_named() {
    let dir = tempfile::tempdir().unwrap();
    let mut s = Store::open(&dir.path().join("a.db")).unwrap();
    let c = s.create_corpus("c", "x").unwrap();
    let text = "Seen in Boston on 12/26/20.";
    let good = new_doc("r1", text, Some(vec![Span::new(8, 14, PhiType::City)]));

    let out_of_range = new_doc("r2", text, Some(vec![Span::new(18, 99, PhiType::Date)]));
    let err = s
        .add_documents(c, &[good.clone(), out_of_range, new_doc("r3", text, None)])
        .unwrap_err()
        .to_string();
    assert!(
        err.contains("document 2") && err.contains("\"r2\""),
        "{err}"
    );
    assert!(err.contains("a.db"), "{err}");
    assert!(!err.contains("Boston"), "{err}");

    let overlapping = new_doc(
        "r3",
        text,
        Some(vec![
            Span::new(8, 14, PhiType::City),
            Span::new(10, 16, PhiType::Date),
        ]),
    );
    let err = s
        .add_documents(c, &[good.clone(), new_doc("r2", text, None), overlapping])
        .unwrap_err()
        .to_string();
    assert!(
        err.contains("document 3") && err.contains("overlap"),
        "{err}"
    );

    let err = s
        .add_documents(c, &[good.clone(), good.clone()])
        .unwrap_err()
        .to_string();
    assert!(
        err.contains("document 2") && err.contains("already"),
        "{err}"
    );

    let empty = new_doc("e", "", None);
    assert!(s.add_documents(c, &[empty]).is_err());

    assert_eq!(s.corpora().unwrap()[0].documents, 0);
    let (rows, total) = s.documents(c, &DocFilter::default()).unwrap();
    assert!(rows.is_empty() && total == 0);

    let ids = s
        .add_documents(c, &[good, new_doc("r2", text, None)])
        .unwrap();
    assert_eq!(ids.len(), 2);
    let v = s.document(ids[0]).unwrap();
    assert!(v.gold_edited);
    assert_eq!(v.gold.len(), 1);
    assert_eq!(v.text, text);
    assert_eq!(v.status, Status::New);
    let v2 = s.document(ids[1]).unwrap();
    assert!(!v2.gold_edited && v2.gold.is_empty() && v2.pre.is_none());
}

#[test]
fn status_transitions_and_counts() {
    let dir = tempfile::tempdir().unwrap();
    let mut s = Store::open(&dir.path().join("a.db")).unwrap();
    let c = s.create_corpus("c", "x").unwrap();
    let ids = s
        .add_documents(
            c,
            &[
                new_doc("1", "Boston", None),
                new_doc("2", "Paris", None),
                new_doc("3", "Rome", None),
            ],
        )
        .unwrap();
    s.set_status(ids[0], Status::InReview).unwrap();
    s.set_status(ids[1], Status::Done).unwrap();
    let sum = &s.corpora().unwrap()[0];
    assert_eq!((sum.new, sum.in_review, sum.done), (1, 1, 1));
    s.set_status(ids[1], Status::New).unwrap();
    assert_eq!(s.document(ids[1]).unwrap().status, Status::New);
    assert!(s.set_status(999, Status::Done).is_err());
    let filter = DocFilter {
        status: Some(Status::New),
        ..DocFilter::default()
    };
    let (rows, total) = s.documents(c, &filter).unwrap();
    assert_eq!(total, 2);
    assert_eq!(
        rows.iter().map(|r| r.id).collect::<Vec<_>>(),
        vec![ids[1], ids[2]]
    );
}

#[test]
fn pre_annotations_count_uncertain_tokens_and_stand_in_for_gold() {
    let dir = tempfile::tempdir().unwrap();
    let mut s = Store::open(&dir.path().join("a.db")).unwrap();
    let c = s.create_corpus("c", "x").unwrap();
    let id = s
        .add_documents(c, &[new_doc("1", "Seen by Smith in Boston", None)])
        .unwrap()[0];
    let tok = |start, end, p_safe, threshold| TokenProb {
        start,
        end,
        p_safe,
        threshold,
        rule: "unknown".into(),
    };
    let tokens = vec![
        tok(0, 4, 0.99, 0.5),
        tok(5, 7, 0.55, 0.5),
        tok(8, 13, 0.1, 0.5),
        tok(14, 16, 0.45, 0.5),
        tok(17, 23, 0.0, f32::INFINITY),
    ];
    let spans = [
        Span::new(8, 13, PhiType::Doctor),
        Span::new(17, 23, PhiType::City),
    ];
    s.save_pre_annotation(id, "bilstm 1.0", "hybrid", &spans, &tokens, 0.1)
        .unwrap();
    let v = s.document(id).unwrap();
    let pre = v.pre.unwrap();
    assert_eq!(pre.spans, spans.to_vec());
    assert_eq!(pre.tokens.len(), 5);
    assert!(pre.tokens[4].threshold.is_infinite());
    assert_eq!(pre.model, "bilstm 1.0");
    assert!(!v.gold_edited);
    assert_eq!(v.gold.len(), 2);
    let (rows, _) = s.documents(c, &DocFilter::default()).unwrap();
    assert_eq!(rows[0].uncertain_tokens, 2);
    assert_eq!(rows[0].phi_spans, 2);
    assert_eq!(rows[0].categories, vec!["DOCTOR", "CITY"]);
    let bad = [Span::new(17, 40, PhiType::City)];
    assert!(s
        .save_pre_annotation(id, "m", "hybrid", &bad, &[], 0.1)
        .is_err());
}

#[test]
fn judgments_round_trip_and_are_checked() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("a.db");
    let mut s = Store::open(&path).unwrap();
    let c = s.create_corpus("c", "x").unwrap();
    let id = s
        .add_documents(c, &[new_doc("1", "Rash after drug X on 12/26/20.", None)])
        .unwrap()[0];
    assert!(s.document(id).unwrap().judgment.is_none());
    let mut info = BTreeMap::new();
    info.insert("reaction".to_string(), InfoState::Retained);
    info.insert("timing".to_string(), InfoState::Lost);
    let j = Judgment {
        info,
        valuable_masked: vec![(21, 29)],
        verdict: Some(Verdict::SomeLost),
        comment: "date needed for timing".into(),
    };
    s.save_judgment(id, "alice", &j).unwrap();
    drop(s);
    let mut s = Store::open(&path).unwrap();
    assert_eq!(s.document(id).unwrap().judgment, Some(j.clone()));

    let mut j2 = j.clone();
    j2.verdict = Some(Verdict::NothingLost);
    s.save_judgment(id, "bob", &j2).unwrap();
    assert_eq!(s.document(id).unwrap().judgment, Some(j2.clone()));
    s.save_judgment(id, "alice", &j).unwrap();
    assert_eq!(s.document(id).unwrap().judgment, Some(j.clone()));

    let mut bad = j.clone();
    bad.info.insert("weather".into(), InfoState::Lost);
    assert!(s.save_judgment(id, "alice", &bad).is_err());
    let mut bad = j.clone();
    bad.valuable_masked = vec![(21, 500)];
    assert!(s.save_judgment(id, "alice", &bad).is_err());
    assert!(s.save_judgment(999, "alice", &j).is_err());
    assert_eq!(s.document(id).unwrap().judgment, Some(j));
}

/// Two programs (the app and `deid`, or two app windows) opening a database that does not exist
/// yet, at the same moment: both open it, the schema is created once. 200 rounds: the check of
/// what a file holds once read three facts one by one and called about one new file in 125
/// foreign (another opener committed the schema between the reads).
#[test]
fn a_new_database_opened_by_several_at_once_is_created_once_and_opens_for_all() {
    for round in 0..200 {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join(format!("race-{round}.db"));
        let barrier = std::sync::Arc::new(std::sync::Barrier::new(4));
        let opened: Vec<Result<(), String>> = (0..4)
            .map(|_| {
                let (path, barrier) = (path.clone(), barrier.clone());
                std::thread::spawn(move || {
                    barrier.wait();
                    Store::open(&path).map(drop).map_err(|e| e.to_string())
                })
            })
            .collect::<Vec<_>>()
            .into_iter()
            .map(|t| t.join().unwrap())
            .collect();
        for r in &opened {
            assert!(r.is_ok(), "round {round}: {r:?}");
        }
        assert!(Store::open(&path).unwrap().corpora().unwrap().is_empty());
    }
}

/// Importing the same file twice: the second import can say when and as what it came before.
#[test]
fn earlier_imports_of_a_file_are_found_by_its_path() {
    let dir = tempfile::tempdir().unwrap();
    let mut s = Store::open(&dir.path().join("a.db")).unwrap();
    assert!(s.corpora_from("/data/vaers.csv").unwrap().is_empty());
    let a = s.create_corpus("vaers", "/data/vaers.csv").unwrap();
    s.add_documents(a, &[common::new_doc("1", "Fever.", None)])
        .unwrap();
    let b = s.create_corpus("vaers (2)", "/data/vaers.csv").unwrap();
    s.create_corpus("other", "/data/other.csv").unwrap();
    let before = s.corpora_from("/data/vaers.csv").unwrap();
    let found: Vec<(i64, &str, usize)> = before
        .iter()
        .map(|c| (c.corpus, c.name.as_str(), c.documents))
        .collect();
    assert_eq!(found, [(a, "vaers", 1), (b, "vaers (2)", 0)]);
    assert!(!before[0].created_at.is_empty());
}

/// Without a model: the rules' guesses sit at the threshold, what they mask is PHI, what they
/// release (a field label before its value, a unit) is safe, never PHI.
#[test]
fn rules_only_probabilities_follow_the_rules_verdict() {
    let text = "Zorblax, tel +46 70 174 06 42, CRP 35 mg/L.";
    let deid = deid::deidentify::Deidentifier::rules_only(deid::rules::RuleEngine::embedded());
    let probs = deid_store::token_probs(&deid.annotate(text).unwrap());
    let at = |word: &str| {
        let start = text.chars().take(text.find(word).unwrap()).count();
        probs.iter().find(|p| p.start == start).unwrap().clone()
    };
    assert_eq!(
        (at("Zorblax").p_safe, at("Zorblax").rule.as_str()),
        (0.5, "unknown")
    );
    assert_eq!(
        (at("tel").p_safe, at("tel").rule.as_str()),
        (1.0, "field-label")
    );
    assert_eq!(
        (at("mg").p_safe, at("mg").rule.as_str()),
        (1.0, "measurement")
    );
    assert_eq!(at("46").p_safe, 0.0);
}
