//! Gold edits, undo/redo across restarts, apply-to-all, refused edits.

mod common;
use common::new_doc;

use deid::phi::{PhiType, Span};
use deid_store::{DocEdit, Edit, GoldSpan, Status, Store};

fn g(start: usize, end: usize, kind: PhiType) -> GoldSpan {
    GoldSpan { start, end, kind }
}

fn edit(label: &str, doc: i64, remove: Vec<GoldSpan>, add: Vec<GoldSpan>) -> Edit {
    Edit {
        label: label.into(),
        changes: vec![DocEdit { doc, remove, add }],
    }
}

const TEXT: &str = "Seen by Dr Smith in Boston on 12/26/20.";
// Smith 11..16, Boston 20..26, 12/26/20 30..38

#[test]
fn edit_undo_redo_survive_a_restart_and_a_new_edit_clears_redo() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("annotations.db");
    let (c, id) = {
        let mut s = Store::open(&path).unwrap();
        let c = s.create_corpus("c", "x").unwrap();
        let id = s.add_documents(c, &[new_doc("1", TEXT, None)]).unwrap()[0];
        s.save_pre_annotation(
            id,
            "m",
            "hybrid",
            &[Span::new(11, 16, PhiType::Doctor)],
            &[],
            0.1,
        )
        .unwrap();
        (c, id)
    };
    let pre = vec![g(11, 16, PhiType::Doctor)];
    let with_city = vec![g(11, 16, PhiType::Doctor), g(20, 26, PhiType::City)];

    {
        let mut s = Store::open(&path).unwrap();
        s.apply_edit(
            "alice",
            &edit("toggle", id, vec![], vec![g(20, 26, PhiType::City)]),
        )
        .unwrap();
        let v = s.document(id).unwrap();
        assert_eq!(v.gold, with_city);
        assert!(v.gold_edited);
        assert_eq!(v.status, Status::InReview);
        assert_eq!(
            s.undo_redo_labels("alice").unwrap(),
            (Some("toggle".into()), None)
        );
    }
    {
        let mut s = Store::open(&path).unwrap();
        assert_eq!(s.undo("bob").unwrap(), None);
        let u = s.undo("alice").unwrap().unwrap();
        assert_eq!((u.label.as_str(), u.docs.clone()), ("toggle", vec![id]));
        let v = s.document(id).unwrap();
        assert_eq!(v.gold, pre);
        assert!(!v.gold_edited);
        assert_eq!(v.status, Status::New);
        assert_eq!(s.undo("alice").unwrap(), None);
    }
    {
        let mut s = Store::open(&path).unwrap();
        assert_eq!(
            s.undo_redo_labels("alice").unwrap(),
            (None, Some("toggle".into()))
        );
        let r = s.redo("alice").unwrap().unwrap();
        assert_eq!(r.docs, vec![id]);
        let v = s.document(id).unwrap();
        assert_eq!(v.gold, with_city);
        assert_eq!(v.status, Status::InReview);
        assert_eq!(s.redo("alice").unwrap(), None);
        let (rows, _) = s.documents(c, &Default::default()).unwrap();
        assert_eq!(rows[0].phi_spans, 2);
        assert_eq!(rows[0].categories, vec!["DOCTOR", "CITY"]);

        // Undo, then a new edit: the redo stack is gone.
        s.undo("alice").unwrap().unwrap();
        s.apply_edit(
            "alice",
            &edit(
                "relabel",
                id,
                vec![g(11, 16, PhiType::Doctor)],
                vec![g(11, 16, PhiType::Patient)],
            ),
        )
        .unwrap();
        assert_eq!(
            s.document(id).unwrap().gold,
            vec![g(11, 16, PhiType::Patient)]
        );
    }
    let mut s = Store::open(&path).unwrap();
    assert_eq!(s.redo("alice").unwrap(), None);
    assert_eq!(s.undo("alice").unwrap().unwrap().label, "relabel");
    assert_eq!(s.document(id).unwrap().gold, pre);
    assert_eq!(s.undo("alice").unwrap(), None);

    let h = s.history(id).unwrap();
    let states: Vec<_> = h
        .iter()
        .map(|e| (e.label.as_str(), e.state.as_str()))
        .collect();
    assert_eq!(states, vec![("toggle", "discarded"), ("relabel", "undone")]);
    assert_eq!(h[0].before, pre);
    assert_eq!(h[0].after, with_city);
    assert_eq!(h[0].annotator, "alice");
}

#[test]
fn apply_to_all_occurrences_is_one_undo_step() {
    let dir = tempfile::tempdir().unwrap();
    let mut s = Store::open(&dir.path().join("a.db")).unwrap();
    let c = s.create_corpus("c", "x").unwrap();
    let other = s.create_corpus("other", "x").unwrap();
    let ids = s
        .add_documents(
            c,
            &[
                new_doc("1", "Boston rash.", None),
                new_doc("2", "Née à Zürich, moved to Boston; Bostonian diet.", None),
                new_doc("3", "No city here.", None),
                new_doc("4", "In Boston and again Boston.", None),
            ],
        )
        .unwrap();
    s.add_documents(other, &[new_doc("1", "Boston", None)])
        .unwrap();
    let hits = s.find_occurrences(None, c, "Boston").unwrap();
    assert_eq!(
        hits,
        vec![
            (ids[0], 0, 6),
            (ids[1], 23, 29),
            (ids[3], 3, 9),
            (ids[3], 20, 26)
        ]
    );
    assert_eq!(
        s.find_occurrences(Some(ids[3]), c, "Boston").unwrap().len(),
        2
    );
    assert!(s.find_occurrences(None, c, "oston").unwrap().is_empty());
    assert!(s.find_occurrences(None, c, "  ").unwrap().is_empty());

    let changes = hits
        .iter()
        .map(|&(doc, start, end)| deid_store::DocEdit {
            doc,
            remove: vec![],
            add: vec![g(start, end, PhiType::City)],
        })
        .collect();
    let e = Edit {
        label: "apply to all: Boston".into(),
        changes,
    };
    s.apply_edit("alice", &e).unwrap();
    assert_eq!(s.document(ids[3]).unwrap().gold.len(), 2);
    assert_eq!(
        s.document(ids[1]).unwrap().gold,
        vec![g(23, 29, PhiType::City)]
    );
    assert_eq!(s.document(ids[2]).unwrap().status, Status::New);

    let u = s.undo("alice").unwrap().unwrap();
    assert_eq!(u.label, "apply to all: Boston");
    assert_eq!(u.docs, vec![ids[0], ids[1], ids[3]]);
    for id in &ids {
        let v = s.document(*id).unwrap();
        assert!(v.gold.is_empty() && !v.gold_edited && v.status == Status::New);
    }
    let r = s.redo("alice").unwrap().unwrap();
    assert_eq!(r.docs.len(), 3);
    assert_eq!(s.document(ids[3]).unwrap().gold.len(), 2);
}

#[test]
fn an_edit_that_would_overlap_or_is_stale_changes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let mut s = Store::open(&dir.path().join("a.db")).unwrap();
    let c = s.create_corpus("c", "x").unwrap();
    let ids = s
        .add_documents(
            c,
            &[
                new_doc("1", TEXT, Some(vec![Span::new(20, 26, PhiType::City)])),
                new_doc("2", TEXT, None),
            ],
        )
        .unwrap();
    let before: Vec<_> = ids.iter().map(|i| s.document(*i).unwrap().gold).collect();

    // Document 2 is fine, document 1 would overlap: neither changes.
    let bad = Edit {
        label: "toggle".into(),
        changes: vec![
            DocEdit {
                doc: ids[1],
                remove: vec![],
                add: vec![g(30, 38, PhiType::Date)],
            },
            DocEdit {
                doc: ids[0],
                remove: vec![],
                add: vec![g(24, 29, PhiType::Date)],
            },
        ],
    };
    let err = s.apply_edit("alice", &bad).unwrap_err().to_string();
    assert!(
        err.contains("overlap") && err.contains(&format!("document {}", ids[0])),
        "{err}"
    );
    assert!(!err.contains("Boston"), "{err}");

    for (label, e) in [
        (
            "stale remove",
            edit("x", ids[0], vec![g(11, 16, PhiType::Doctor)], vec![]),
        ),
        (
            "past the end",
            edit("x", ids[0], vec![], vec![g(30, 80, PhiType::Date)]),
        ),
        (
            "empty span",
            edit("x", ids[0], vec![], vec![g(5, 5, PhiType::Date)]),
        ),
        (
            "duplicate",
            edit("x", ids[0], vec![], vec![g(20, 26, PhiType::City)]),
        ),
        (
            "no such document",
            edit("x", 999, vec![], vec![g(0, 4, PhiType::Date)]),
        ),
    ] {
        assert!(s.apply_edit("alice", &e).is_err(), "{label} accepted");
    }
    let after: Vec<_> = ids.iter().map(|i| s.document(*i).unwrap().gold).collect();
    assert_eq!(before, after);
    for id in &ids {
        assert_eq!(s.document(*id).unwrap().status, Status::New);
        assert!(s.history(*id).unwrap().is_empty());
    }
    assert_eq!(s.undo_redo_labels("alice").unwrap(), (None, None));
    assert_eq!(s.undo("alice").unwrap(), None);
}

/// Each annotator edits their own version (imported gold here, never the other's work); the
/// narrative-wide view (`document`) shows the newest gold of anybody.
#[test]
fn annotators_have_their_own_undo_and_the_latest_gold_wins() {
    let dir = tempfile::tempdir().unwrap();
    let mut s = Store::open(&dir.path().join("a.db")).unwrap();
    let c = s.create_corpus("c", "x").unwrap();
    let id = s
        .add_documents(
            c,
            &[new_doc(
                "1",
                TEXT,
                Some(vec![Span::new(20, 26, PhiType::City)]),
            )],
        )
        .unwrap()[0];
    s.apply_edit(
        "alice",
        &edit("a", id, vec![], vec![g(30, 38, PhiType::Date)]),
    )
    .unwrap();
    s.apply_edit(
        "bob",
        &edit("b", id, vec![], vec![g(11, 16, PhiType::Doctor)]),
    )
    .unwrap();
    // bob started from the imported gold, not from alice's: city + doctor
    assert_eq!(
        s.document(id).unwrap().gold,
        vec![g(11, 16, PhiType::Doctor), g(20, 26, PhiType::City)]
    );
    assert_eq!(s.document_for(id, "alice").unwrap().gold.len(), 2);
    s.set_status(id, Status::Done).unwrap();
    // Alice's undo removes her row; Bob's (newer) gold still shows.
    s.undo("alice").unwrap().unwrap();
    assert_eq!(s.document(id).unwrap().gold.len(), 2);
    assert_eq!(s.document(id).unwrap().status, Status::Done);
    s.undo("bob").unwrap().unwrap();
    // Bob's row gone: the imported gold is the newest left.
    assert_eq!(s.document(id).unwrap().gold, vec![g(20, 26, PhiType::City)]);
    assert!(s.document(id).unwrap().gold_edited);
    s.redo("alice").unwrap().unwrap();
    assert_eq!(s.document(id).unwrap().gold.len(), 2);
}

/// Two narratives with the same text, pre-annotated with the doctor only.
fn two_docs(path: &std::path::Path) -> (i64, i64) {
    let mut s = Store::open(path).unwrap();
    let c = s.create_corpus("c", "x").unwrap();
    let ids = s
        .add_documents(c, &[new_doc("a", TEXT, None), new_doc("b", TEXT, None)])
        .unwrap();
    for &id in &ids {
        s.save_pre_annotation(
            id,
            "m",
            "hybrid",
            &[Span::new(11, 16, PhiType::Doctor)],
            &[],
            0.1,
        )
        .unwrap();
    }
    (ids[0], ids[1])
}

fn gold_of(s: &Store, doc: i64) -> Vec<GoldSpan> {
    s.document_for(doc, "alice").unwrap().gold
}

#[test]
fn undo_on_one_narrative_leaves_the_others_untouched_across_restarts() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("annotations.db");
    let (a, b) = two_docs(&path);
    let doctor = g(11, 16, PhiType::Doctor);
    let city = g(20, 26, PhiType::City);
    let date = g(30, 38, PhiType::Date);
    {
        let mut s = Store::open(&path).unwrap();
        s.apply_edit("alice", &edit("city on a", a, vec![], vec![city.clone()]))
            .unwrap();
        s.apply_edit("alice", &edit("date on b", b, vec![], vec![date.clone()]))
            .unwrap();
        s.apply_edit("alice", &edit("date on a", a, vec![], vec![date.clone()]))
            .unwrap();
        assert_eq!(
            s.undo_redo_labels_in("alice", b).unwrap(),
            (Some("date on b".into()), None)
        );
    }
    // after a restart, ctrl+z on b undoes b's edit although a was edited after it
    let mut s = Store::open(&path).unwrap();
    let u = s.undo_in("alice", b).unwrap().unwrap();
    assert_eq!((u.label.as_str(), u.docs.clone()), ("date on b", vec![b]));
    assert_eq!(gold_of(&s, b), vec![doctor.clone()]);
    assert_eq!(
        gold_of(&s, a),
        vec![doctor.clone(), city.clone(), date.clone()],
        "a keeps both of its edits"
    );
    assert_eq!(
        s.undo_in("alice", b).unwrap(),
        None,
        "b has nothing more to undo"
    );
    // a's history is its own: newest first
    assert_eq!(s.undo_in("alice", a).unwrap().unwrap().label, "date on a");
    assert_eq!(gold_of(&s, a), vec![doctor.clone(), city.clone()]);
    assert_eq!(s.undo_in("alice", a).unwrap().unwrap().label, "city on a");
    assert_eq!(gold_of(&s, a), vec![doctor.clone()]);
    // redo on b gives b's edit back and nothing on a
    drop(s);
    let mut s = Store::open(&path).unwrap();
    assert_eq!(s.redo_in("alice", b).unwrap().unwrap().docs, vec![b]);
    assert_eq!(gold_of(&s, b), vec![doctor.clone(), date.clone()]);
    assert_eq!(gold_of(&s, a), vec![doctor.clone()]);
    // a new edit on b ends b's redo only: a can still redo its two edits
    s.apply_edit("alice", &edit("city on b", b, vec![], vec![city.clone()]))
        .unwrap();
    assert_eq!(s.redo_in("alice", b).unwrap(), None);
    assert_eq!(s.redo_in("alice", a).unwrap().unwrap().label, "city on a");
    assert_eq!(s.redo_in("alice", a).unwrap().unwrap().label, "date on a");
    assert_eq!(
        gold_of(&s, a),
        vec![doctor.clone(), city.clone(), date.clone()]
    );
    assert_eq!(gold_of(&s, b), vec![doctor, city, date]);
}

#[test]
fn an_apply_to_all_is_undone_whole_until_one_of_its_narratives_is_edited_again() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("annotations.db");
    let (a, b) = two_docs(&path);
    let doctor = g(11, 16, PhiType::Doctor);
    let city = g(20, 26, PhiType::City);
    let date = g(30, 38, PhiType::Date);
    let mut s = Store::open(&path).unwrap();
    let to_all = |label: &str| Edit {
        label: label.into(),
        changes: vec![
            DocEdit {
                doc: a,
                remove: vec![],
                add: vec![city.clone()],
            },
            DocEdit {
                doc: b,
                remove: vec![],
                add: vec![city.clone()],
            },
        ],
    };
    s.apply_edit("alice", &to_all("city everywhere")).unwrap();
    // nothing happened since on either narrative: undo from a reverts both, redo from b both
    let u = s.undo_in("alice", a).unwrap().unwrap();
    assert_eq!(u.docs, vec![a, b]);
    assert_eq!(gold_of(&s, b), vec![doctor.clone()]);
    assert_eq!(s.redo_in("alice", b).unwrap().unwrap().docs, vec![a, b]);
    assert_eq!(gold_of(&s, a), vec![doctor.clone(), city.clone()]);
    // b edited again: undo from a now reverts a's part only, and b keeps both of its edits
    s.apply_edit("alice", &edit("date on b", b, vec![], vec![date.clone()]))
        .unwrap();
    let u = s.undo_in("alice", a).unwrap().unwrap();
    assert_eq!((u.label.as_str(), u.docs), ("city everywhere", vec![a]));
    assert_eq!(gold_of(&s, a), vec![doctor.clone()]);
    assert_eq!(
        gold_of(&s, b),
        vec![doctor.clone(), city.clone(), date.clone()]
    );
    // b's own history still holds its part of the apply-to-all, under its own edit
    assert_eq!(s.undo_in("alice", b).unwrap().unwrap().label, "date on b");
    assert_eq!(s.undo_in("alice", b).unwrap().unwrap().docs, vec![b]);
    assert_eq!(gold_of(&s, b), vec![doctor.clone()]);
    assert_eq!(s.undo_in("alice", b).unwrap(), None);
    // the annotator-wide undo has nothing left either, and the history says what was undone
    assert_eq!(s.undo("alice").unwrap(), None);
    let states: Vec<String> = s.history(a).unwrap().into_iter().map(|h| h.state).collect();
    assert_eq!(states, vec!["undone"]);
}

#[test]
fn an_apply_to_all_made_on_a_narrative_it_did_not_change_is_undone_from_there() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("annotations.db");
    let (a, b) = two_docs(&path);
    let doctor = g(11, 16, PhiType::Doctor);
    let city = g(20, 26, PhiType::City);
    let date = g(30, 38, PhiType::Date);
    let mut s = Store::open(&path).unwrap();
    // on a: the date, then an apply-to-all (from a) that changes only b
    s.apply_edit_from(
        "alice",
        &edit("date on a", a, vec![], vec![date.clone()]),
        Some(a),
    )
    .unwrap();
    s.apply_edit_from(
        "alice",
        &edit("city on b, from a", b, vec![], vec![city.clone()]),
        Some(a),
    )
    .unwrap();
    assert_eq!(
        s.undo_redo_labels_in("alice", a).unwrap().0.as_deref(),
        Some("city on b, from a")
    );
    // ctrl+z on a undoes what was done there last: b's city
    let u = s.undo_in("alice", a).unwrap().unwrap();
    assert_eq!((u.label.as_str(), u.docs), ("city on b, from a", vec![b]));
    assert_eq!(gold_of(&s, b), vec![doctor.clone()]);
    assert_eq!(gold_of(&s, a), vec![doctor.clone(), date.clone()]);
    s.redo_in("alice", a).unwrap().unwrap();
    // b edited since: b keeps it, and ctrl+z on a is not stuck: a's own date goes
    s.apply_edit("alice", &edit("date on b", b, vec![], vec![date.clone()]))
        .unwrap();
    let u = s.undo_in("alice", a).unwrap().unwrap();
    assert_eq!((u.label.as_str(), u.docs), ("date on a", vec![a]));
    assert_eq!(gold_of(&s, a), vec![doctor.clone()]);
    assert_eq!(gold_of(&s, b), vec![doctor, city, date]);
    assert_eq!(s.undo_in("alice", a).unwrap(), None);
}
