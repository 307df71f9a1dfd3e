//! Annotation teams in a real SQLite file: each annotator's spans, status and judgment are their
//! own (bob never sees nor overwrites alice's work), samples assigned to several annotators,
//! agreement over what both marked done, adjudication with who decided, and gold exports that
//! name the version and hold only reviewed narratives.

mod common;
use common::new_doc;

use deid::eval::agreement::Choice;
use deid::phi::{PhiType, Span};
use deid_store::{DocEdit, Edit, ExportKind, GoldSpan, Judgment, Status, Store, Verdict};

fn g(start: usize, end: usize, kind: PhiType) -> GoldSpan {
    GoldSpan { start, end, kind }
}

fn edit(doc: i64, remove: Vec<GoldSpan>, add: Vec<GoldSpan>) -> Edit {
    Edit {
        label: "toggle".into(),
        changes: vec![DocEdit { doc, remove, add }],
    }
}

const TEXT: &str = "Seen by Dr Smith in Boston on 12/26/20.";
// Smith 11..16, Boston 20..26, 12/26/20 30..38

/// A corpus of three narratives, each pre-annotated with Smith as DOCTOR.
fn setup(s: &mut Store) -> (i64, Vec<i64>) {
    let c = s.create_corpus("team", "test").unwrap();
    let ids = s
        .add_documents(
            c,
            &[
                new_doc("1", TEXT, None),
                new_doc("2", TEXT, None),
                new_doc("3", TEXT, None),
            ],
        )
        .unwrap();
    for id in &ids {
        s.save_pre_annotation(
            *id,
            "m",
            "rules",
            &[Span::new(11, 16, PhiType::Doctor)],
            &[],
            0.1,
        )
        .unwrap();
    }
    (c, ids)
}

#[test]
fn bob_never_sees_nor_overwrites_alices_work() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("a.db");
    let (c, id) = {
        let mut s = Store::open(&path).unwrap();
        let (c, ids) = setup(&mut s);
        s.apply_edit(
            "alice",
            &edit(ids[0], vec![], vec![g(20, 26, PhiType::City)]),
        )
        .unwrap();
        s.set_status_for(ids[0], "alice", Status::Done).unwrap();
        let j = Judgment {
            verdict: Some(Verdict::SomeLost),
            comment: "alice's comment".into(),
            ..Judgment::default()
        };
        s.save_judgment(ids[0], "alice", &j).unwrap();
        (c, ids[0])
    };
    // a restart: a new connection on the same file
    let mut s = Store::open(&path).unwrap();
    let bob = s.document_for(id, "bob").unwrap();
    assert_eq!(
        bob.gold,
        vec![g(11, 16, PhiType::Doctor)],
        "bob starts from the pre-annotation"
    );
    assert!(!bob.gold_edited);
    assert_eq!(bob.status, Status::New);
    assert!(bob.judgment.is_none());

    // bob's edit works on his own version: removing alice's city is refused (he has none)
    let err = s
        .apply_edit("bob", &edit(id, vec![g(20, 26, PhiType::City)], vec![]))
        .unwrap_err()
        .to_string();
    assert!(err.contains("no span 20..26"), "{err}");
    s.apply_edit(
        "bob",
        &edit(
            id,
            vec![g(11, 16, PhiType::Doctor)],
            vec![g(11, 16, PhiType::Patient)],
        ),
    )
    .unwrap();
    s.save_judgment(id, "bob", &Judgment::default()).unwrap();
    s.set_status_for(id, "bob", Status::InReview).unwrap();

    let alice = s.document_for(id, "alice").unwrap();
    assert_eq!(
        alice.gold,
        vec![g(11, 16, PhiType::Doctor), g(20, 26, PhiType::City)]
    );
    assert_eq!(alice.status, Status::Done, "bob's status is his own");
    assert_eq!(alice.judgment.unwrap().comment, "alice's comment");
    let bob = s.document_for(id, "bob").unwrap();
    assert_eq!(bob.gold, vec![g(11, 16, PhiType::Patient)]);
    assert_eq!(bob.status, Status::InReview);

    // what the app reads back after an edit: each annotator's own spans and status, as in the
    // whole view
    for who in ["alice", "bob", "carol"] {
        let view = s.document_for(id, who).unwrap();
        let gold = s.gold_for(id, who).unwrap();
        assert_eq!(
            (gold.id, &gold.gold, gold.gold_edited, gold.status),
            (id, &view.gold, view.gold_edited, view.status),
            "{who}"
        );
    }
    assert!(s.gold_for(id + 1000, "bob").is_err(), "no such narrative");

    // bob's undo puts back his own state only
    s.undo("bob").unwrap().unwrap();
    assert_eq!(
        s.document_for(id, "bob").unwrap().gold,
        vec![g(11, 16, PhiType::Doctor)]
    );
    assert_eq!(s.document_for(id, "alice").unwrap().gold.len(), 2);

    // the list shows each annotator's own status
    let mine = |who: &str, status: Status| {
        let f = deid_store::DocFilter {
            annotator: Some(who.into()),
            status: Some(status),
            ..Default::default()
        };
        s.documents(c, &f)
            .unwrap()
            .0
            .iter()
            .map(|r| r.id)
            .collect::<Vec<_>>()
    };
    assert_eq!(mine("alice", Status::Done), vec![id]);
    // and counts each one's own spans and progress
    let spans_of = |who: &str| {
        let f = deid_store::DocFilter {
            annotator: Some(who.into()),
            ..Default::default()
        };
        s.documents(c, &f).unwrap().0[0].phi_spans
    };
    assert_eq!((spans_of("alice"), spans_of("bob")), (2, 1));
    let progress = |who: &str| {
        let p = &s.corpora_for(who).unwrap()[0];
        (p.documents, p.new, p.in_review, p.done)
    };
    assert_eq!(progress("alice"), (3, 2, 0, 1));
    assert_eq!(progress("bob"), (3, 3, 0, 0));
    assert!(mine("bob", Status::Done).is_empty());
    assert_eq!(
        mine("bob", Status::New).len(),
        3,
        "his undo took him back to new"
    );

    // the reserved versions are not people
    for reserved in ["adjudicated", "import", " Adjudicated "] {
        assert!(s
            .apply_edit(reserved, &edit(id, vec![], vec![g(0, 4, PhiType::Patient)]))
            .is_err());
        assert!(s.add_annotator(reserved).is_err());
    }
    assert!(s.add_annotator("  ").is_err());
    assert_eq!(s.add_annotator(" carol ").unwrap(), "carol");
    assert_eq!(s.annotators().unwrap(), vec!["alice", "bob", "carol"]);
}

/// Alice and bob annotate a sample of two narratives differently; carol adjudicates.
fn two_annotators(s: &mut Store) -> (i64, i64, Vec<i64>) {
    let (c, ids) = setup(s);
    let sample = s
        .create_sample(
            c,
            "pilot",
            &ids[..2],
            &["alice".into(), "bob".into()],
            "carol",
        )
        .unwrap();
    // alice: Smith DOCTOR (kept), Boston CITY, date
    for id in &ids[..2] {
        s.apply_edit(
            "alice",
            &edit(
                *id,
                vec![],
                vec![g(20, 26, PhiType::City), g(30, 38, PhiType::Date)],
            ),
        )
        .unwrap();
        s.set_status_for(*id, "alice", Status::Done).unwrap();
    }
    // bob: Smith PATIENT, 12/26 only; on narrative 2 he is not done yet
    for id in &ids[..2] {
        s.apply_edit(
            "bob",
            &edit(
                *id,
                vec![g(11, 16, PhiType::Doctor)],
                vec![g(11, 16, PhiType::Patient), g(30, 35, PhiType::Date)],
            ),
        )
        .unwrap();
    }
    s.set_status_for(ids[0], "bob", Status::Done).unwrap();
    (c, sample, ids)
}

#[test]
fn a_sample_agreement_and_an_adjudication() {
    let dir = tempfile::tempdir().unwrap();
    let mut s = Store::open(&dir.path().join("a.db")).unwrap();
    let (c, sample, ids) = two_annotators(&mut s);
    let smp = s.sample(sample).unwrap();
    assert_eq!(smp.documents, ids[..2].to_vec());
    assert_eq!(smp.annotators, vec!["alice", "bob"]);
    assert_eq!(s.samples(c).unwrap().len(), 1);
    // an annotator's list narrowed to the sample assigned (with the other filters, counted)
    let assigned = |status: Option<Status>| {
        let f = deid_store::DocFilter {
            annotator: Some("bob".into()),
            sample: Some(sample),
            status,
            ..Default::default()
        };
        let (rows, total) = s.documents(c, &f).unwrap();
        assert_eq!(rows.len(), total);
        rows.iter().map(|r| r.id).collect::<Vec<_>>()
    };
    assert_eq!(
        assigned(None),
        ids[..2].to_vec(),
        "the third narrative is not in it"
    );
    assert_eq!(
        assigned(Some(Status::Done)),
        vec![ids[0]],
        "bob's own status"
    );
    let (_, all) = s.documents(c, &Default::default()).unwrap();
    assert_eq!(all, 3);
    assert!(s
        .create_sample(c, "pilot", &ids[..1], &["alice".into()], "carol")
        .is_err());
    assert!(s
        .create_sample(c, "empty", &[], &["alice".into()], "carol")
        .is_err());
    assert!(s
        .create_sample(c, "x", &[9999], &["alice".into()], "carol")
        .is_err());

    let r = s.agreement(c, Some(sample), "alice", "bob").unwrap();
    assert_eq!(
        (r.in_scope, r.compared),
        (2, 1),
        "only what both marked done"
    );
    assert_eq!(r.external_ids[&ids[0]], "1");
    // the figures of the engine's hand-checked example (one narrative, 10 words)
    let date = r
        .agreement
        .categories
        .iter()
        .find(|k| k.category == PhiType::Date)
        .unwrap();
    assert!((date.token.kappa.unwrap() - 0.28 / 0.38).abs() < 1e-9);
    assert_eq!(r.agreement.disagreements.len(), 3);
    assert!(s.agreement(c, Some(sample), "alice", "alice").is_err());

    let v = s.adjudication_view(ids[0], "alice", "bob").unwrap();
    assert_eq!(v.disagreements.len(), 3);
    assert!(v.agreed.is_empty());
    assert!(v.decided.is_none());

    // bob has not finished narrative 2: adjudicating it is refused
    let err = s
        .adjudicate(
            ids[1],
            "carol",
            "alice",
            "bob",
            &[Choice::A, Choice::A, Choice::A],
        )
        .unwrap_err()
        .to_string();
    assert!(err.contains("bob has not marked it done"), "{err}");
    // a wrong number of choices is refused, nothing recorded
    assert!(s
        .adjudicate(ids[0], "carol", "alice", "bob", &[Choice::A])
        .is_err());
    assert!(s.adjudications(ids[0]).unwrap().is_empty());

    let rec = s
        .adjudicate(
            ids[0],
            "carol",
            "alice",
            "bob",
            &[Choice::B, Choice::Neither, Choice::A],
        )
        .unwrap();
    assert_eq!(rec.adjudicator, "carol");
    assert_eq!(
        rec.spans,
        vec![g(11, 16, PhiType::Patient), g(30, 38, PhiType::Date)]
    );
    let adj = s.document_for(ids[0], "adjudicated").unwrap();
    assert_eq!(adj.gold, rec.spans);
    assert_eq!(adj.status, Status::Done);
    // the annotators' own versions are untouched
    assert_eq!(s.document_for(ids[0], "alice").unwrap().gold.len(), 3);
    assert_eq!(s.document_for(ids[0], "bob").unwrap().gold.len(), 2);
    // a second decision is added, the first kept
    s.adjudicate_spans(
        ids[0],
        "dave",
        "alice",
        "bob",
        &[g(11, 16, PhiType::Doctor)],
    )
    .unwrap();
    let all = s.adjudications(ids[0]).unwrap();
    assert_eq!(
        all.iter()
            .map(|a| a.adjudicator.as_str())
            .collect::<Vec<_>>(),
        vec!["carol", "dave"]
    );
    assert_eq!(
        s.adjudication_view(ids[0], "alice", "bob")
            .unwrap()
            .decided
            .unwrap()
            .adjudicator,
        "dave"
    );
    assert!(s
        .adjudicate_spans(ids[0], "carol", "alice", "bob", &[g(30, 99, PhiType::Date)])
        .is_err());
    let r = s.agreement(c, Some(sample), "alice", "bob").unwrap();
    assert_eq!(r.adjudicated, vec![ids[0]]);
}

#[test]
fn gold_exports_name_the_version_and_hold_only_reviewed_narratives() {
    let dir = tempfile::tempdir().unwrap();
    let mut s = Store::open(&dir.path().join("a.db")).unwrap();
    let (c, _sample, ids) = two_annotators(&mut s);
    s.adjudicate(
        ids[0],
        "carol",
        "alice",
        "bob",
        &[Choice::B, Choice::Neither, Choice::A],
    )
    .unwrap();

    let export = |s: &mut Store, name: &str, version: &str| {
        let out = dir.path().join(name);
        let m = s
            .export_to_new_folder(c, ExportKind::I2b2, &out, "carol", version)
            .unwrap();
        let mut files: Vec<String> = std::fs::read_dir(&out)
            .unwrap()
            .map(|e| e.unwrap().file_name().into_string().unwrap())
            .filter(|f| f.ends_with(".xml"))
            .collect();
        files.sort();
        let manifest: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(out.join("manifest.json")).unwrap())
                .unwrap();
        (m.documents, files, manifest, out)
    };
    let (n, files, manifest, out) = export(&mut s, "alice", "alice");
    assert_eq!(
        (n, files),
        (2, vec!["1.xml".to_string(), "2.xml".to_string()])
    );
    assert_eq!(manifest["annotator"], "alice");
    assert_eq!(manifest["exported_by"], "carol");
    assert_eq!(manifest["only_reviewed"], true);
    let d = deid::i2b2::read_file(&out.join("1.xml")).unwrap();
    assert_eq!(d.spans().len(), 3, "alice's version");

    let (n, files, _, out) = export(&mut s, "bob", "bob");
    assert_eq!(
        (n, files),
        (1, vec!["1.xml".to_string()]),
        "bob finished one"
    );
    let d = deid::i2b2::read_file(&out.join("1.xml")).unwrap();
    assert_eq!(d.spans()[0].kind, PhiType::Patient);

    let (n, files, manifest, out) = export(&mut s, "adj", "adjudicated");
    assert_eq!((n, files), (1, vec!["1.xml".to_string()]));
    assert_eq!(manifest["annotator"], "adjudicated");
    let d = deid::i2b2::read_file(&out.join("1.xml")).unwrap();
    assert_eq!(
        d.spans(),
        vec![
            Span::new(11, 16, PhiType::Patient),
            Span::new(30, 38, PhiType::Date)
        ]
    );

    // nobody reviewed anything: no gold at all (never the model's own output)
    let (n, files, _, _) = export(&mut s, "erin", "erin");
    assert_eq!((n, files.len()), (0, 0));

    // JSONL names whose version each line is
    let out = dir.path().join("jsonl");
    s.export_to_new_folder(c, ExportKind::Jsonl, &out, "carol", "bob")
        .unwrap();
    let text = std::fs::read_to_string(out.join("judgments.jsonl")).unwrap();
    let first: serde_json::Value = serde_json::from_str(text.lines().next().unwrap()).unwrap();
    assert_eq!(first["annotator"], "bob");
    assert_eq!(first["status"], "done");
    let log = s.audit_log().unwrap();
    assert_eq!(log[0].who, "carol");
    assert!(s
        .export_to_new_folder(
            c,
            ExportKind::I2b2,
            &dir.path().join("x"),
            "carol",
            "import"
        )
        .is_err());
}

/// A version-2 database (before annotation teams) made with the version-2 schema itself.
#[test]
fn a_version_2_database_migrates_keeping_everything() {
    use rusqlite::Connection;
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("old.db");
    {
        let mut conn = Connection::open(&path).unwrap();
        let tx = conn.transaction().unwrap();
        for sql in &deid_store::schema::MIGRATIONS[..2] {
            tx.execute_batch(sql).unwrap();
        }
        tx.execute_batch(&format!(
            "PRAGMA user_version = 2; PRAGMA application_id = {};
             INSERT INTO corpus (id, name, source, created_at) VALUES (1, 'old', 'x', 't');
             INSERT INTO document (id, corpus_id, external_id, source, status, chars, created_at,
                 updated_at) VALUES (1, 1, 'a', 'x', 'done', 39, 't', 't'),
                                    (2, 1, 'b', 'x', 'in_review', 39, 't', 't');
             INSERT INTO document_text VALUES (1, '{TEXT}'), (2, '{TEXT}');
             INSERT INTO gold (doc_id, annotator, spans, updated_at)
                 VALUES (1, 'alice', '[{{\"start\":20,\"end\":26,\"kind\":\"CITY\"}}]', 't'),
                        (2, 'import', '[]', 't');
             INSERT INTO judgment (doc_id, annotator, data, verdict, updated_at)
                 VALUES (2, 'bob', '{{\"comment\":\"kept\"}}', NULL, 't');
             INSERT INTO edit (id, annotator, label, created_at, changed_at)
                 VALUES (1, 'alice', 'toggle', 't', 't');
             INSERT INTO edit_document (edit_id, doc_id, before_view, after_gold_id, after_spans,
                 after_updated_at, status_before, status_after)
                 VALUES (1, 1, '[]', 1, '[{{\"start\":20,\"end\":26,\"kind\":\"CITY\"}}]', 't',
                         'new', 'in_review');
             INSERT INTO audit (at, who, action, target, documents) VALUES ('t', 'alice',
                 'export-i2b2', '/x', 1);",
            deid_store::schema::APPLICATION_ID
        ))
        .unwrap();
        tx.commit().unwrap();
    }
    let mut s = Store::open(&path).unwrap();
    assert_eq!(
        s.schema_version().unwrap(),
        deid_store::schema::MIGRATIONS.len() as i64
    );
    assert_eq!(s.annotators().unwrap(), vec!["alice", "bob"]);
    let a = s.document_for(1, "alice").unwrap();
    assert_eq!(a.gold, vec![g(20, 26, PhiType::City)]);
    assert_eq!(a.status, Status::Done, "alice's status is the one she had");
    let b = s.document_for(2, "bob").unwrap();
    assert_eq!(b.status, Status::InReview);
    assert_eq!(b.judgment.unwrap().comment, "kept");
    assert_eq!(s.document(1).unwrap().status, Status::Done);
    assert_eq!(s.audit_log().unwrap().len(), 1);
    assert_eq!(s.history(1).unwrap().len(), 1);
    // an edit made before the migration undoes as before
    assert_eq!(s.undo("alice").unwrap().unwrap().docs, vec![1]);
    assert!(s.document_for(1, "alice").unwrap().gold.is_empty());
    // and the migrated database works for teams
    s.set_status_for(1, "bob", Status::Done).unwrap();
    assert_eq!(s.document_for(1, "alice").unwrap().status, Status::Done);
    drop(s);
    let s = Store::open(&path).unwrap();
    assert_eq!(
        s.schema_version().unwrap(),
        deid_store::schema::MIGRATIONS.len() as i64
    );
}
