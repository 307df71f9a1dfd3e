//! The review report and the exports of the annotation database.

mod common;
use common::new_doc;

use deid::phi::{PhiType, Span};
use deid_store::{DocEdit, Edit, GoldSpan, InfoState, Judgment, Status, Store, Verdict};
use std::collections::BTreeMap;

fn judgment(info: &[(&str, InfoState)], verdict: Verdict) -> Judgment {
    Judgment {
        info: info
            .iter()
            .map(|(k, v)| (k.to_string(), *v))
            .collect::<BTreeMap<_, _>>(),
        valuable_masked: vec![],
        verdict: Some(verdict),
        comment: String::new(),
    }
}

const TEXT: &str = "John Smith seen in Boston on 12/26/20.";
// John 0..4, Smith 5..10, seen 11..15, Boston 19..25, 12/26/20 29..37

#[test]
fn report_numbers_on_a_hand_computed_case() {
    use InfoState::*;
    let dir = tempfile::tempdir().unwrap();
    let mut s = Store::open(&dir.path().join("a.db")).unwrap();
    let c = s.create_corpus("c", "x").unwrap();
    let gold = vec![
        Span::new(0, 10, PhiType::Patient),
        Span::new(19, 25, PhiType::City),
        Span::new(29, 37, PhiType::Date),
    ];
    let ids = s
        .add_documents(
            c,
            &[
                new_doc("evaluated", TEXT, Some(gold.clone())),
                new_doc("no gold", TEXT, None),
                new_doc("no pre", TEXT, Some(gold)),
                new_doc("untouched", TEXT, None),
            ],
        )
        .unwrap();
    let pre = [
        Span::new(0, 4, PhiType::Patient),
        Span::new(11, 15, PhiType::Doctor),
        Span::new(19, 25, PhiType::City),
        Span::new(29, 37, PhiType::Date),
    ];
    for id in &ids[..2] {
        s.save_pre_annotation(*id, "m", "hybrid", &pre, &[], 0.1)
            .unwrap();
    }
    s.save_judgment(
        ids[0],
        "alice",
        &judgment(
            &[("reaction", Retained), ("dose", Lost), ("timing", Lost)],
            Verdict::SomeLost,
        ),
    )
    .unwrap();
    s.save_judgment(
        ids[1],
        "alice",
        &judgment(&[("reaction", Retained)], Verdict::NothingLost),
    )
    .unwrap();
    s.save_judgment(
        ids[2],
        "alice",
        &judgment(&[("outcome", Lost)], Verdict::SomeLost),
    )
    .unwrap();
    // The latest judgment of a narrative is the one that counts.
    s.save_judgment(
        ids[2],
        "bob",
        &judgment(&[("timing", Lost), ("dose", Absent)], Verdict::CriticalLost),
    )
    .unwrap();

    let r = s.report(c).unwrap();
    assert_eq!(r.documents, 4);
    assert_eq!(r.judged, 3);
    assert_eq!(r.some_retained, 2);
    assert!((r.some_retained_share.unwrap() - 2.0 / 3.0).abs() < 1e-9);
    assert_eq!(r.nothing_lost, 1);
    assert!((r.nothing_lost_share.unwrap() - 1.0 / 3.0).abs() < 1e-9);
    let verdicts: Vec<(&str, usize)> = r.verdicts.iter().map(|(v, n)| (v.as_str(), *n)).collect();
    assert_eq!(
        verdicts,
        [
            ("nothing_lost", 1),
            ("some_lost", 1),
            ("critical_lost", 1),
            ("none", 0)
        ]
    );
    assert_eq!(r.lost[0], ("timing".to_string(), 2));
    assert_eq!(r.lost[1], ("dose".to_string(), 1));
    assert!(r.lost[2..].iter().all(|(_, n)| *n == 0));
    assert_eq!(r.lost.len(), 12);

    // Gold tokens John Smith | Boston | 12 26 20; the pre-annotation misses Smith and adds seen.
    assert_eq!(r.evaluated, 1);
    assert!((r.token_recall.unwrap() - 5.0 / 6.0).abs() < 1e-9);
    assert!((r.token_precision.unwrap() - 5.0 / 6.0).abs() < 1e-9);
    let cat = |name: &str| r.categories.iter().find(|c| c.category == name).unwrap();
    let p = cat("PATIENT");
    assert_eq!(
        (
            p.gold_tokens,
            p.found_tokens,
            p.system_tokens,
            p.matched_system_tokens
        ),
        (2, 1, 1, 1)
    );
    assert!((p.recall.unwrap() - 0.5).abs() < 1e-9 && (p.precision.unwrap() - 1.0).abs() < 1e-9);
    let d = cat("DOCTOR");
    assert_eq!(
        (d.gold_tokens, d.system_tokens, d.matched_system_tokens),
        (0, 1, 0)
    );
    assert_eq!(d.precision, Some(0.0));
    // no DOCTOR in the gold: its recall is not 0%, it does not exist
    assert_eq!(d.recall, None);
    let dt = cat("DATE");
    assert_eq!(
        (dt.gold_tokens, dt.found_tokens, dt.system_tokens),
        (3, 3, 3)
    );
    assert_eq!(cat("CITY").recall, Some(1.0));
    assert_eq!(r.categories.len(), 4);

    // Editing the second narrative's gold brings it into the comparison.
    s.apply_edit(
        "alice",
        &Edit {
            label: "toggle".into(),
            changes: vec![DocEdit {
                doc: ids[1],
                remove: vec![GoldSpan {
                    start: 11,
                    end: 15,
                    kind: PhiType::Doctor,
                }],
                add: vec![],
            }],
        },
    )
    .unwrap();
    let r = s.report(c).unwrap();
    assert_eq!(r.evaluated, 2);
    assert!((r.token_recall.unwrap() - 10.0 / 11.0).abs() < 1e-9);
    assert!(r.done_per_day.is_empty());

    // progress over time: narratives marked done, per day
    s.set_status_for(ids[0], "alice", Status::Done).unwrap();
    s.set_status_for(ids[1], "alice", Status::Done).unwrap();
    s.set_status_for(ids[1], "bob", Status::Done).unwrap();
    let r = s.report(c).unwrap();
    assert_eq!(r.done_per_day.len(), 1, "{:?}", r.done_per_day);
    let (day, n) = &r.done_per_day[0];
    assert_eq!((day.len(), &day[4..5], *n), (10, "-", 3));

    // one version's report: its own judgments and days, and the pre-annotation against the
    // narratives it marked done, with its spans (own, else imported, else the accepted
    // pre-annotation)
    let alice = s.report_for(c, Some("alice")).unwrap();
    assert_eq!(alice.judged, 3);
    let verdicts: Vec<usize> = alice.verdicts.iter().map(|(_, n)| *n).collect();
    assert_eq!(
        verdicts,
        [1, 2, 0, 0],
        "alice's own verdict on the third narrative"
    );
    assert_eq!(alice.done_per_day.iter().map(|(_, n)| n).sum::<usize>(), 2);
    assert_eq!(alice.evaluated, 2, "the two narratives alice marked done");
    assert!((alice.token_recall.unwrap() - 10.0 / 11.0).abs() < 1e-9);
    let bob = s.report_for(c, Some("bob")).unwrap();
    assert_eq!(bob.judged, 1);
    assert_eq!(bob.verdicts[2], ("critical_lost".to_string(), 1));
    assert_eq!(bob.done_per_day.iter().map(|(_, n)| n).sum::<usize>(), 1);
    // bob accepted the pre-annotation of the one narrative he marked done
    assert_eq!(bob.evaluated, 1);
    assert_eq!(
        (bob.token_recall, bob.token_precision),
        (Some(1.0), Some(1.0))
    );
    let nobody = s.report_for(c, Some("carol")).unwrap();
    assert_eq!(
        (nobody.judged, nobody.evaluated, nobody.token_recall),
        (0, 0, None)
    );

    // a corpus with nothing reviewed: no shares or ratios, not 0%
    let empty = s.create_corpus("empty", "x").unwrap();
    let r = s.report(empty).unwrap();
    assert_eq!(
        (
            r.some_retained_share,
            r.nothing_lost_share,
            r.token_recall,
            r.token_precision
        ),
        (None, None, None, None)
    );
}

#[test]
fn i2b2_export_reads_back_with_the_exact_gold() {
    let dir = tempfile::tempdir().unwrap();
    let mut s = Store::open(&dir.path().join("a.db")).unwrap();
    let c = s.create_corpus("c", "x").unwrap();
    let crlf = "Patient Zoë, 53 y/o,\r\nseen ]]> in Boston & <Paris> on 12/26/20.";
    let gold = vec![
        Span::new(8, 11, PhiType::Patient),
        Span::new(13, 15, PhiType::Age),
    ];
    let ids = s
        .add_documents(
            c,
            &[
                new_doc("case/1", crlf, Some(gold.clone())),
                new_doc("case 2", TEXT, None),
                new_doc("case:1", TEXT, Some(vec![Span::new(19, 25, PhiType::City)])),
            ],
        )
        .unwrap();
    s.save_pre_annotation(
        ids[1],
        "m",
        "hybrid",
        &[Span::new(29, 37, PhiType::Date)],
        &[],
        0.1,
    )
    .unwrap();
    s.set_status_for(ids[0], "alice", Status::Done).unwrap();
    s.set_status_for(ids[1], "alice", Status::Done).unwrap();
    // bob reviewed nothing: his gold export is empty (never the unreviewed pre-annotation)
    assert_eq!(s.export_i2b2(c, "bob", &dir.path().join("bob")).unwrap(), 0);

    let out = dir.path().join("done");
    assert_eq!(s.export_i2b2(c, "alice", &out).unwrap(), 2);
    let mut names: Vec<_> = std::fs::read_dir(&out)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    names.sort();
    assert_eq!(names, vec!["case_1.xml", "case_2.xml"]);
    let d = deid::i2b2::read_file(&out.join("case_1.xml")).unwrap();
    assert_eq!(d.text, crlf);
    assert_eq!(d.spans(), gold);
    let d = deid::i2b2::read_file(&out.join("case_2.xml")).unwrap();
    assert_eq!(d.spans(), vec![Span::new(29, 37, PhiType::Date)]);

    let all = dir.path().join("all");
    s.set_status_for(ids[2], "alice", Status::Done).unwrap();
    assert_eq!(s.export_i2b2(c, "alice", &all).unwrap(), 3);
    // "case:1" sanitises to a name already taken, so it gets its id.
    let third = all.join(format!("case_1_{}.xml", ids[2]));
    let d = deid::i2b2::read_file(&third).unwrap();
    assert_eq!(d.spans(), vec![Span::new(19, 25, PhiType::City)]);

    let masked = dir.path().join("masked");
    assert_eq!(s.export_masked(c, "alice", &masked).unwrap(), 3);
    let m = std::fs::read_to_string(masked.join("case_2.txt")).unwrap();
    assert_eq!(m, "John Smith seen in Boston on [DATE].");
    let m = std::fs::read_to_string(masked.join("case_1.txt")).unwrap();
    assert!(m.starts_with("Patient [PATIENT], [AGE] y/o,\r\n"), "{m}");

    let j = Judgment {
        verdict: Some(Verdict::NothingLost),
        ..Judgment::default()
    };
    s.save_judgment(ids[1], "alice", &j).unwrap();
    let jsonl = dir.path().join("out.jsonl");
    assert_eq!(s.export_jsonl(c, "alice", &jsonl).unwrap(), 3);
    let lines: Vec<serde_json::Value> = std::fs::read_to_string(&jsonl)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 3);
    assert_eq!(lines[0]["id"], "case/1");
    assert_eq!(lines[0]["text"], crlf);
    assert_eq!(lines[0]["gold"][1]["kind"], "AGE");
    assert_eq!(lines[0]["gold_edited"], true);
    assert_eq!(lines[1]["gold_edited"], false);
    assert_eq!(lines[1]["judgment"]["verdict"], "nothing_lost");
    assert!(lines[2]["judgment"].is_null());
}

#[test]
fn exports_go_to_new_folders_with_a_manifest_and_an_audit_row() {
    use deid_store::ExportKind;
    let dir = tempfile::tempdir().unwrap();
    let mut s = Store::open(&dir.path().join("a.db")).unwrap();
    let c = s.create_corpus("vaers", "x").unwrap();
    let ids = s
        .add_documents(
            c,
            &[
                new_doc("a", TEXT, Some(vec![Span::new(19, 25, PhiType::City)])),
                new_doc("b", TEXT, Some(vec![])),
            ],
        )
        .unwrap();
    s.set_status_for(ids[0], "alice", Status::Done).unwrap();

    let gold = dir.path().join("gold");
    let m = s
        .export_to_new_folder(c, ExportKind::I2b2, &gold, "alice", "alice")
        .unwrap();
    assert_eq!(m.documents, 1, "only the reviewed narrative is gold");
    assert!(gold.join("a.xml").exists() && !gold.join("b.xml").exists());
    let manifest: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(gold.join("manifest.json")).unwrap())
            .unwrap();
    assert_eq!(manifest["annotator"], "alice");
    assert_eq!(manifest["corpus"], "vaers");
    assert_eq!(manifest["documents"], 1);

    // the same folder again: refused, and the reviewed file is untouched
    let before = std::fs::read(gold.join("a.xml")).unwrap();
    let err = s
        .export_to_new_folder(c, ExportKind::I2b2, &gold, "bob", "bob")
        .unwrap_err()
        .to_string();
    assert!(err.contains("not empty"), "{err}");
    assert_eq!(std::fs::read(gold.join("a.xml")).unwrap(), before);
    assert!(!gold.join("b.xml").exists());

    s.export_to_new_folder(
        c,
        ExportKind::Masked,
        &dir.path().join("masked"),
        "bob",
        "bob",
    )
    .unwrap();
    let log = s.audit_log().unwrap();
    assert_eq!(log.len(), 2, "the refused export is not logged as done");
    assert_eq!(
        (log[0].who.as_str(), log[0].action.as_str()),
        ("bob", "export-masked")
    );
    assert_eq!((log[1].who.as_str(), log[1].documents), ("alice", 1));
}

#[test]
fn brat_bioc_conll_and_csv_exports_read_back_with_the_exact_gold() {
    use deid::formats::{bioc, brat, conll, masked_csv};
    use deid_store::ExportKind;
    let dir = tempfile::tempdir().unwrap();
    let mut s = Store::open(&dir.path().join("a.db")).unwrap();
    let c = s.create_corpus("c", "x").unwrap();
    // CRLF, an emoji before the spans (one code point, two UTF-16 units, four bytes), Cyrillic
    // and Chinese; the street crosses the line break
    let text = "Pt 🙂 Иван Петров, 53,\r\nlives at 12 Main St\r\nSpringfield; Dr 王小明.";
    let cp = |needle: &str| {
        let b = text.find(needle).unwrap();
        let s = text[..b].chars().count();
        (s, s + needle.chars().count())
    };
    let span = |needle: &str, k| {
        let (a, b) = cp(needle);
        Span::new(a, b, k)
    };
    let gold = vec![
        span("Иван Петров", PhiType::Patient),
        span("53", PhiType::Age),
        span("12 Main St\r\nSpringfield", PhiType::Street),
        span("王小明", PhiType::Doctor),
    ];
    let ids = s
        .add_documents(
            c,
            &[
                new_doc("case/1", text, Some(gold.clone())),
                new_doc(
                    "unreviewed",
                    TEXT,
                    Some(vec![Span::new(19, 25, PhiType::City)]),
                ),
                new_doc("plain", TEXT, None),
            ],
        )
        .unwrap();
    s.set_status_for(ids[0], "alice", Status::Done).unwrap();
    // "plain" is done but nothing annotated it: never gold, fully masked in the CSV
    s.set_status_for(ids[2], "alice", Status::Done).unwrap();

    let export = |s: &mut Store, kind, name: &str| {
        let out = dir.path().join(name);
        let m = s
            .export_to_new_folder(c, kind, &out, "alice", "alice")
            .unwrap();
        (out, m)
    };

    let (out, m) = export(&mut s, ExportKind::Brat, "brat");
    assert_eq!((m.documents, m.only_reviewed), (1, true));
    let mut names: Vec<_> = std::fs::read_dir(&out)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    names.sort();
    assert_eq!(
        names,
        [
            "annotation.conf",
            "case_1.ann",
            "case_1.txt",
            "manifest.json"
        ]
    );
    let txt = std::fs::read_to_string(out.join("case_1.txt")).unwrap();
    assert_eq!(
        txt,
        text.replace("\r\n", "\n"),
        "brat counts a CR LF as one character"
    );
    let ann = std::fs::read_to_string(out.join("case_1.ann")).unwrap();
    let b = txt.find("12 Main").unwrap();
    let a = txt[..b].chars().count();
    let b = a + "12 Main St\nSpringfield".chars().count();
    assert!(
        ann.contains(&format!("STREET {a} {};{} {b}\t", a + 10, a + 11)),
        "{ann}"
    );
    let over_txt = brat::parse_ann(&txt, &ann, &out).unwrap();
    assert_eq!(brat::spans_in(text, &over_txt), gold);

    let (out, m) = export(&mut s, ExportKind::Bioc, "bioc");
    assert_eq!((m.documents, m.only_reviewed), (1, true));
    assert!(out.join("deid-studio.key").exists());
    let xml = std::fs::read(out.join("gold.bioc.xml")).unwrap();
    let coll = bioc::parse(&xml, &out).unwrap();
    assert_eq!(
        coll.infons,
        [("offsets".to_string(), bioc::OFFSETS_INFON.to_string())]
    );
    assert_eq!(coll.date.len(), 8);
    assert_eq!(coll.documents.len(), 1);
    let d = &coll.documents[0];
    assert_eq!((d.id.as_str(), d.text.as_str()), ("case/1", text));
    assert_eq!(d.infons, [("annotator".to_string(), "alice".to_string())]);
    assert_eq!(d.spans, gold);

    let (out, m) = export(&mut s, ExportKind::Conll, "conll");
    assert_eq!((m.documents, m.only_reviewed), (1, true));
    let src = std::fs::read_to_string(out.join("gold.conll")).unwrap();
    let docs = conll::parse(&src, &out).unwrap();
    assert_eq!(docs.len(), 1);
    assert_eq!(docs[0].id, "case/1");
    assert_eq!(
        conll::spans_from_tags(text, &docs[0].words, &out).unwrap(),
        gold
    );

    let (out, m) = export(&mut s, ExportKind::MaskedCsv, "csv");
    assert_eq!((m.documents, m.only_reviewed), (3, false));
    let rows = masked_csv::parse(&std::fs::read(out.join("masked.csv")).unwrap(), &out).unwrap();
    assert_eq!(rows.len(), 3);
    assert_eq!(rows[0].0, "case/1");
    assert_eq!(
        rows[0].1,
        "Pt 🙂 [PATIENT], [AGE],\r\nlives at [STREET]; Dr [DOCTOR]."
    );
    assert_eq!(rows[1].1, "John Smith seen in [CITY] on 12/26/20.");
    assert!(
        !rows[2].1.contains("John"),
        "unannotated: every word masked"
    );

    // bob reviewed nothing: his gold exports are empty, never the pre-annotation
    for (kind, name) in [
        (ExportKind::Brat, "b1"),
        (ExportKind::Bioc, "b2"),
        (ExportKind::Conll, "b3"),
    ] {
        let m = s
            .export_to_new_folder(c, kind, &dir.path().join(name), "bob", "bob")
            .unwrap();
        assert_eq!(m.documents, 0, "{kind:?}");
    }
    let log = s.audit_log().unwrap();
    assert_eq!(log[3].action, "export-csv");
    assert_eq!(log[6].action, "export-brat");
}
