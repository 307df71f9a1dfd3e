//! `deid` end to end, as scripts call it: real files in, real files out, exit codes and messages.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn deid(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_deid"))
        .args(args)
        .output()
        .expect("deid runs")
}

fn p(path: &Path) -> &str {
    path.to_str().unwrap()
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

fn write(dir: &Path, name: &str, bytes: &[u8]) -> PathBuf {
    let path = dir.join(name);
    std::fs::write(&path, bytes).unwrap();
    path
}

#[test]
fn a_folder_with_bad_files_reports_each_and_still_writes_the_good_ones() {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("in");
    std::fs::create_dir(&input).unwrap();
    let good =
        "Patient is a 53-year-old seen on 23Dec2020 in Dayton, OH.\r\nCafé ☕ then 😀 on 1/5/21.";
    write(&input, "good.txt", good.as_bytes());
    write(&input, "latin1.txt", b"fi\xe8vre le 12/01/2021");
    write(&input, "binary.txt", b"\x7fELF\x02\x01\x01\x00\x00\x00");
    write(&input, "empty.txt", b"");
    write(
        &input,
        "huge.txt",
        "On 12/26/20 fever. ".repeat(200).as_bytes(),
    );
    write(&input, "broken.xml", b"<deIdi2b2><TEXT>unclosed");
    let out = dir.path().join("out");

    let run = deid(&[
        "annotate",
        "--rules-only",
        p(&input),
        "--out",
        p(&out),
        "--max-bytes",
        "1000",
    ]);
    let err = stderr(&run);
    assert_eq!(run.status.code(), Some(1), "some documents failed: {err}");
    for (file, problem) in [
        ("latin1.txt", "not valid UTF-8"),
        ("binary.txt", "binary"),
        ("empty.txt", "empty"),
        ("huge.txt", "over the 1000-byte limit"),
        ("broken.xml", "malformed i2b2 XML"),
    ] {
        let line = err
            .lines()
            .find(|l| l.contains(file))
            .unwrap_or_else(|| panic!("{file} not reported in:\n{err}"));
        assert!(line.contains(problem), "{file}: {line}");
    }
    // PHI never appears in messages
    assert!(!err.contains("Dayton") && !err.contains("12/26/20"));

    // the good document is written, exactly, with its dates and age found
    let xml = std::fs::read_to_string(out.join("good.xml")).unwrap();
    let doc = deid::i2b2::parse(xml.as_bytes(), Path::new("good.xml")).unwrap();
    assert_eq!(doc.text, good);
    let found: Vec<(&str, &str)> = doc
        .tags
        .iter()
        .map(|t| (t.text.as_str(), t.span.kind.type_name()))
        .collect();
    for want in [("53", "AGE"), ("23Dec2020", "DATE"), ("1/5/21", "DATE")] {
        assert!(found.contains(&want), "{want:?} not in {found:?}");
    }
    let only: Vec<_> = std::fs::read_dir(&out)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    assert_eq!(
        only,
        ["good.xml"],
        "no output for failed documents, no temp files"
    );
}

#[test]
fn csv_rows_become_xml_files_by_id_or_one_jsonl_or_masked_csv_file() {
    let dir = tempfile::tempdir().unwrap();
    let csv = write(
        dir.path(),
        "reports.csv",
        "VAERS_ID,SYMPTOM_TEXT,OTHER\n\
         101,\"Fever on 12/26/20, \"\"quoted\"\"\r\nand a second line\",x\n\
         102,Seen at home. Called 555-123-4567.,y\n"
            .as_bytes(),
    );
    for format in ["i2b2", "masked", "jsonl"] {
        let out = dir.path().join(format);
        let run = deid(&[
            "annotate",
            "--rules-only",
            p(&csv),
            "--out",
            p(&out),
            "--format",
            format,
            "--quiet",
        ]);
        assert!(run.status.success(), "{}", stderr(&run));
    }
    // i2b2 XML is one document per file, named by the id column
    for id in ["101", "102"] {
        assert!(
            dir.path().join(format!("i2b2/{id}.xml")).exists(),
            "{id}.xml"
        );
    }
    // masked text: one CSV with the id and the masked narrative, quotes and line breaks kept
    let mut masked = csv::Reader::from_path(dir.path().join("masked/reports.masked.csv")).unwrap();
    assert_eq!(masked.headers().unwrap(), vec!["id", "masked_text"]);
    let rows: Vec<csv::StringRecord> = masked.records().map(Result::unwrap).collect();
    assert_eq!(rows.len(), 2);
    assert_eq!(&rows[0][0], "101");
    assert_eq!(
        &rows[0][1],
        "Fever on [DATE], \"quoted\"\r\nand a second line"
    );
    assert_eq!(&rows[1][0], "102");
    assert!(rows[1][1].contains("Called [PHONE]."), "{:?}", &rows[1][1]);

    // JSONL: one line per row, in input order
    let lines = std::fs::read_to_string(dir.path().join("jsonl/reports.jsonl")).unwrap();
    let docs: Vec<serde_json::Value> = lines
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(
        docs.iter()
            .map(|d| d["id"].as_str().unwrap())
            .collect::<Vec<_>>(),
        ["101", "102"]
    );
    let v = &docs[1];
    let text = v["text"].as_str().unwrap();
    let chars: Vec<char> = text.chars().collect();
    for span in v["spans"].as_array().unwrap() {
        let (s, e) = (
            span["start"].as_u64().unwrap() as usize,
            span["end"].as_u64().unwrap() as usize,
        );
        assert_eq!(
            chars[s..e].iter().collect::<String>(),
            span["text"].as_str().unwrap()
        );
    }
}

#[test]
fn a_csv_without_the_named_column_is_refused_with_the_columns_listed() {
    let dir = tempfile::tempdir().unwrap();
    let csv = write(dir.path(), "r.csv", b"id,body\n1,text\n");
    let out = dir.path().join("out");
    let run = deid(&[
        "annotate",
        "--rules-only",
        p(&csv),
        "--out",
        p(&out),
        "--text-column",
        "NARRATIVE",
    ]);
    assert_eq!(run.status.code(), Some(2));
    let err = stderr(&run);
    assert!(
        err.contains("r.csv") && err.contains("\"NARRATIVE\"") && err.contains("id, body"),
        "{err}"
    );
    // and with no usable default column either
    let run = deid(&["annotate", "--rules-only", p(&csv), "--out", p(&out)]);
    assert_eq!(run.status.code(), Some(2));
    assert!(stderr(&run).contains("--text-column"));
}

#[test]
fn a_csv_row_with_bad_bytes_fails_alone() {
    let dir = tempfile::tempdir().unwrap();
    let csv = write(
        dir.path(),
        "r.csv",
        "id,text\n1,On 12/26/20 fever in Zürich\n2,bad \u{fffd} byte\n3,\n"
            .replace('\u{fffd}', "\u{1}")
            .as_bytes()
            .iter()
            .map(|&b| if b == 1 { 0xff } else { b })
            .collect::<Vec<u8>>()
            .as_slice(),
    );
    let out = dir.path().join("out");
    let run = deid(&["annotate", "--rules-only", p(&csv), "--out", p(&out)]);
    assert_eq!(run.status.code(), Some(1));
    let err = stderr(&run);
    assert!(
        err.contains("r.csv row 3") && err.contains("not valid UTF-8"),
        "{err}"
    );
    assert!(
        err.contains("r.csv row 4") && err.contains("empty narrative"),
        "{err}"
    );
    assert!(out.join("1.xml").exists());
}

#[test]
fn re_annotating_xml_keeps_the_text_and_refuses_to_overwrite_the_input() {
    let dir = tempfile::tempdir().unwrap();
    let (gold, out) = annotate_dev_gold(dir.path(), &["--rules-only"]);
    let name = "918194.xml";
    let a = deid::i2b2::read_file(&gold.join(name)).unwrap();
    let b = deid::i2b2::read_file(&out.join(name)).unwrap();
    assert_eq!(a.text, b.text);

    // writing into the input folder would replace the gold
    let copy = dir.path().join("copy");
    std::fs::create_dir(&copy).unwrap();
    std::fs::copy(gold.join(name), copy.join(name)).unwrap();
    let before = std::fs::read(copy.join(name)).unwrap();
    let run = deid(&["annotate", "--rules-only", p(&copy), "--out", p(&copy)]);
    assert_eq!(run.status.code(), Some(2));
    assert!(stderr(&run).contains("would overwrite"), "{}", stderr(&run));
    assert_eq!(std::fs::read(copy.join(name)).unwrap(), before);
}

/// The rule-based de-identifier's promise (Meldau 2018: 0.988 on i2b2): HIPAA token recall of at
/// least 0.98 on the project's hand-annotated dev gold set, measured through the CLI.
#[test]
fn rules_only_hipaa_recall_on_the_dev_gold_set_is_at_least_098() {
    let dir = tempfile::tempdir().unwrap();
    let (gold, out) = annotate_dev_gold(dir.path(), &["--rules-only"]);
    let (recall, precision) = hipaa_recall_and_precision(&gold, &out);
    println!("rules-only on dev gold: HIPAA recall {recall:.4}, precision {precision:.4}");
    assert!(recall >= 0.98, "HIPAA recall {recall}");
}

/// The hybrid's promise (issue 3): HIPAA token recall of at least 0.99 at a precision of at least
/// 0.70 on the dev gold set, with the shipped model and the thresholds in its metadata (calibrated
/// on synthetic validation data, never on this set).
#[test]
fn hybrid_reaches_099_hipaa_recall_at_070_precision_on_the_dev_gold_set() {
    let dir = tempfile::tempdir().unwrap();
    let (gold, out) = annotate_dev_gold(dir.path(), &[]);
    let (recall, precision) = hipaa_recall_and_precision(&gold, &out);
    println!("hybrid on dev gold: HIPAA recall {recall:.4}, precision {precision:.4}");
    assert!(recall >= 0.99, "HIPAA recall {recall}");
    assert!(precision >= 0.70, "precision {precision}");
}

/// Every style of dev gold, with the shipped model and thresholds: the sets built like the team's
/// held-out sets (2021 narratives with US or international surrogate PHI, ALL CAPS, lower case)
/// meet the targets (HIPAA recall 0.995, precision 0.85); clinical nursing notes, a style
/// the model never saw, keep all-PHI recall 0.96 at precision 0.20, on the notes the rules were
/// written against and on the check set of other institutions' notes; the other sets stay at the
/// recall they reach today. A change to rules, lexicons or model that loses any of it fails here.
/// The default model deid-bilstm-v3 was fine-tuned on dev-vaers-sub .. dev-vaers-sub-11 and
/// dev-world-2 .. dev-world-11 (session 42): their floors are training figures now.
#[test]
fn hybrid_meets_the_targets_on_every_style_of_dev_gold() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/gold");
    let dir = tempfile::tempdir().unwrap();
    // (set, HIPAA recall, all-PHI (masking) recall, precision) at least
    let floors = [
        ("dev", 0.995, 0.99, 0.85),
        ("dev-sub-us/xml", 0.995, 0.99, 0.85),
        ("dev-sub-us-caps/xml", 0.995, 0.99, 0.85),
        ("dev-sub-us-lower/xml", 0.995, 0.99, 0.85),
        ("dev-sub-world/xml", 0.995, 0.99, 0.85),
        ("dev-1990s/xml", 0.99, 0.96, 0.75),
        ("dev-intl/xml", 0.995, 0.99, 0.70),
        ("dev-caps/xml", 0.995, 0.99, 0.70),
        ("dev-lower/xml", 0.995, 0.99, 0.70),
        ("dev-notes/xml", 0.97, 0.96, 0.20),
        // notes of 30 other countries (local IDs, phones, addresses, scripts, languages)
        ("dev-notes-world/xml", 0.995, 0.98, 0.50),
        // adverse-event narratives of 42 countries in three cases
        ("dev-world/xml", 0.99, 0.98, 0.55),
        // 48 more, dense in HIPAA PHI, 30 of them in the reporter's language
        ("dev-world-2/xml", 0.995, 0.98, 0.50),
        // 48 more of 42 countries, 16 each mixed case, ALL CAPS and lower case (session 28)
        ("dev-world-3/xml", 0.985, 0.98, 0.50),
        // 48 more of 37 countries in three cases, 18 in twelve more languages (session 29)
        ("dev-world-4/xml", 0.99, 0.98, 0.50),
        // VAERS-style narratives with international PHI in three cases: the 2021 style and the
        // 1990s shorthand (session 30)
        ("dev-world-5/xml", 0.995, 0.985, 0.82),
        ("dev-world-6/xml", 0.99, 0.99, 0.82),
        // the 2021 style weighted to pregnancy, deaths, workplaces and travel; drug reactions as
        // national centres send them (session 31)
        ("dev-world-7/xml", 0.985, 0.98, 0.75),
        ("dev-world-8/xml", 0.99, 0.98, 0.65),
        // the two VAERS styles alternating, small states; the most populous countries (session 31)
        ("dev-world-9/xml", 0.985, 0.985, 0.84),
        ("dev-world-10/xml", 0.99, 0.985, 0.84),
        // the two VAERS styles, 48 countries, scored unread as a held-out check (session 31)
        ("dev-world-11/xml", 0.99, 0.985, 0.85),
        // the two VAERS styles with US PHI, in three cases (session 32)
        // (sessions 32-41 at 0.9977 / 0.9930 with deid-bilstm-v2; deid-bilstm-v3 0.9966 / 0.9955)
        ("dev-us-2/xml", 0.99, 0.99, 0.85),
        // the 1990s shorthand, case processing, form fields, clinical notes and own words, half US
        // and half international PHI, in three cases (session 33)
        ("dev-world-12/xml", 0.99, 0.99, 0.75),
        // real VAERS narratives (2021 and 1990s) with surrogate PHI put in by hand, weighted to
        // employers, occupations and ordinary-word names (session 33)
        ("dev-vaers-sub/xml", 0.975, 0.94, 0.85),
        // 48 more, new carriers and 24 other countries (session 34)
        ("dev-vaers-sub-2/xml", 0.98, 0.975, 0.85),
        // 48 more again, 24 other US states and 24 other countries, scored unread (session 35)
        ("dev-vaers-sub-3/xml", 0.98, 0.97, 0.85),
        // 48 more again, the other 24 US states and 24 more countries, scored unread (session 36:
        // 0.9816 / 0.9597 / 0.916)
        ("dev-vaers-sub-4/xml", 0.975, 0.95, 0.85),
        // 48 more again, 24 states drawn again and 24 more countries, weighted to employers,
        // occupations, facilities and everyday-word names; scored unread (session 37: 0.9760 /
        // 0.9672 / 0.929)
        ("dev-vaers-sub-5/xml", 0.975, 0.96, 0.85),
        // 48 more again, 24 states drawn again and 24 more countries, weighted to employers,
        // occupations, facilities, reporters and everyday-word names; scored unread (session 38:
        // 0.9777 / 0.9756 / 0.901)
        ("dev-vaers-sub-6/xml", 0.975, 0.97, 0.85),
        // 48 more again, weighted as an ordinary reporter writes (the patient's full name, named
        // clinicians, sites, addresses, contacts, record numbers); scored unread (session 39:
        // 0.9925 / 0.9847 / 0.906)
        ("dev-vaers-sub-7/xml", 0.985, 0.975, 0.85),
        // 48 more again, with PHI where it hides (names without cues, possessives, initials,
        // e-mails, PO boxes, postcodes); scored unread (session 39: 0.9861 / 0.9776 / 0.898)
        ("dev-vaers-sub-8/xml", 0.98, 0.97, 0.85),
        // 48 more again: health-care and essential workers and their workplaces; scored unread
        // (session 39: 0.9879 / 0.9746 / 0.934)
        ("dev-vaers-sub-9/xml", 0.98, 0.965, 0.85),
        // 48 more again: the ordinary mix, as the team's held-out sets are built; scored unread
        // (session 40: 0.9908 / 0.9854 / 0.922)
        ("dev-vaers-sub-10/xml", 0.985, 0.975, 0.85),
        // 48 more again, the ordinary mix again; scored unread (session 40: 0.9912 / 0.9814 /
        // 0.908)
        ("dev-vaers-sub-11/xml", 0.985, 0.975, 0.85),
        // 48 more again, the ordinary mix a third time; scored unread (session 40: 0.9873 /
        // 0.9819 / 0.913)
        // (deid-bilstm-v3, session 42: 0.9979 / 0.9979 / 0.904)
        ("dev-vaers-sub-12/xml", 0.995, 0.99, 0.85),
        // 48 more twice, the ordinary mix a fourth and fifth time (-14: 12 of them with the
        // report's own history and lab fields pasted after the narrative); scored unread
        // (session 42, deid-bilstm-v3: 0.9990 / 0.9987 / 0.910 and 0.9943 / 0.9955 / 0.922)
        ("dev-vaers-sub-13/xml", 0.995, 0.99, 0.85),
        ("dev-vaers-sub-14/xml", 0.99, 0.99, 0.85),
        // 48 more, the ordinary mix a sixth time; scored unread (session 43, deid-bilstm-v3:
        // 0.9956 / 0.9964 / 0.913; 0.9983 / 0.9982 after two rules from its misses)
        ("dev-vaers-sub-15/xml", 0.995, 0.99, 0.85),
        // 48 more twice, the ordinary mix a seventh and eighth time; scored unread (session 44,
        // deid-bilstm-v3: 0.9975 / 0.9977 / 0.927 and 0.9957 / 0.9947 / 0.917; 0.9992 / 0.9989
        // and 0.9983 / 0.9977 after three rules from their misses)
        ("dev-vaers-sub-16/xml", 0.995, 0.99, 0.85),
        ("dev-vaers-sub-17/xml", 0.995, 0.99, 0.85),
        // ... a ninth time, and 40 more hand-written international narratives (35 countries
        // dev-intl has not); scored unread (session 44, deid-bilstm-v3: 0.9928 / 0.9931 / 0.938
        // and 0.9984 / 0.9962 / 0.763; 0.9952 / 0.9948 and 0.9989 / 0.9966 after rules from their
        // misses)
        ("dev-vaers-sub-18/xml", 0.995, 0.99, 0.85),
        ("dev-intl-2/xml", 0.995, 0.99, 0.70),
        // ... a tenth time, and 80 more real 1990s shorthand narratives (50 seeded, 30 chosen for
        // their PHI); scored unread (session 45, deid-bilstm-v3: 0.9949 / 0.9916 / 0.923 and
        // 0.9918 / 0.9856 / 0.774; 0.9958 / 0.9922 and 1.0000 / 1.0000 after rules from their
        // misses)
        ("dev-vaers-sub-19/xml", 0.995, 0.99, 0.85),
        ("dev-1990s-2/xml", 0.99, 0.98, 0.70),
        // ... an eleventh time, and 48 hand-written narratives of the 48 countries whose names and
        // scripts an English-trained engine knows least; scored unread (session 45,
        // deid-bilstm-v3: 0.9954 / 0.9951 / 0.920 and 0.9965 / 0.9977 / 0.835; 0.9963 / 0.9957 and
        // 0.9971 / 0.9981 after rules from their misses)
        ("dev-vaers-sub-20/xml", 0.995, 0.99, 0.85),
        ("dev-world-13/xml", 0.995, 0.99, 0.75),
        // ... a twelfth time; scored unread (session 45, deid-bilstm-v3: 1.0000 / 0.9965 / 0.906)
        ("dev-vaers-sub-21/xml", 0.995, 0.99, 0.85),
        // 40 more clinical notes of styles neither notes set has (handovers, ICU, anaesthesia,
        // obstetrics, pharmacy, general practice, occupational, prison and military clinics);
        // scored unread (session 45, deid-bilstm-v3: 0.9930 / 0.9904 / 0.734; 0.9972 / 0.9934
        // after rules from its misses)
        ("dev-notes-3/xml", 0.995, 0.99, 0.65),
        // 48 hand-written narratives in the two VAERS styles, 48 countries drawn from the UN
        // members; scored unread (session 46, deid-bilstm-v3: 0.9991 / 0.9993 / 0.875)
        ("dev-world-14/xml", 0.995, 0.99, 0.80),
        // the ordinary mix a thirteenth time; scored unread (session 46, deid-bilstm-v3: 0.9922 /
        // 0.9941 / 0.910; 0.9957 / 0.9965 after rules from its misses)
        ("dev-vaers-sub-22/xml", 0.995, 0.99, 0.85),
        // ... a fourteenth time, and 40 more international drug reactions of 40 countries drawn
        // from the UN members; scored unread (session 46, deid-bilstm-v3: 0.9981 / 0.9964 / 0.915
        // and 1.0000 / 1.0000 / 0.739)
        ("dev-vaers-sub-23/xml", 0.995, 0.99, 0.85),
        ("dev-intl-3/xml", 0.995, 0.99, 0.70),
        // ... a fifteenth time, and 80 more real 1990s shorthand narratives; scored unread
        // (session 46, deid-bilstm-v3: 0.9938 / 0.9931 / 0.907 and 0.9934 / 0.9818 / 0.802;
        // 0.9973 / 0.9954 and 1.0000 / 0.9879 after rules from their misses)
        ("dev-vaers-sub-24/xml", 0.995, 0.99, 0.85),
        ("dev-1990s-3/xml", 0.99, 0.98, 0.70),
        // ... a sixteenth time, 48 more hand-written narratives of 48 countries drawn again, 40
        // more international drug reactions (a third in ALL CAPS, many in the country's own
        // language: precision is the world's weakest) and 40 clinical notes of five more styles;
        // scored unread (session 47, deid-bilstm-v3: 0.9948 / 0.9946 / 0.911, 0.9978 / 0.9972 /
        // 0.814, 0.9984 / 0.9967 / 0.594, 0.9942 / 0.9905 / 0.721; 0.9974 / 0.9962, 0.9987 /
        // 0.9979, 0.9995 / 0.9975, 0.9955 / 0.9913 after rules from their misses)
        ("dev-vaers-sub-25/xml", 0.995, 0.99, 0.85),
        ("dev-world-15/xml", 0.995, 0.99, 0.75),
        ("dev-intl-4/xml", 0.995, 0.99, 0.55),
        ("dev-notes-4/xml", 0.995, 0.99, 0.65),
        // ... a seventeenth time, 48 more hand-written narratives of 48 countries drawn again, 40
        // more international drug reactions (25 in the country's own language) and 40 clinical
        // notes of five more styles; scored unread (session 48, deid-bilstm-v3: 0.9992 / 0.9979 /
        // 0.917, 0.9940 / 0.9950 / 0.783, 0.9982 / 0.9968 / 0.600, 0.9974 / 0.9935 / 0.806;
        // 0.9987 / 0.9984 (dev-world-16) and 0.9983 / 0.9941 (dev-notes-5) after rules from
        // their misses)
        ("dev-vaers-sub-26/xml", 0.995, 0.99, 0.85),
        ("dev-world-16/xml", 0.995, 0.99, 0.75),
        ("dev-intl-5/xml", 0.995, 0.99, 0.55),
        ("dev-notes-5/xml", 0.995, 0.99, 0.65),
        // ... an eighteenth time, and 48 more hand-written narratives of 48 countries drawn again;
        // scored unread (session 48, deid-bilstm-v3: 0.9931 / 0.9947 / 0.925 and 0.9930 / 0.9947 /
        // 0.843; 0.9957 / 0.9965 and 0.9962 / 0.9970 after rules from their misses)
        ("dev-vaers-sub-27/xml", 0.995, 0.99, 0.85),
        ("dev-world-17/xml", 0.995, 0.99, 0.75),
        // ... a nineteenth time, and 48 more hand-written narratives of 48 countries drawn again;
        // scored unread (session 49, deid-bilstm-v3: 0.9992 / 0.9978 / 0.934 and, on the gold with
        // titles taken out of its name spans, 0.9979 / 0.9931 / 0.804; 1.0000 / 0.9983 and 0.9996
        // / 0.9943 after rules from their misses)
        ("dev-vaers-sub-28/xml", 0.995, 0.99, 0.85),
        ("dev-world-18/xml", 0.995, 0.99, 0.75),
        // ... a twentieth time, and 40 clinical notes of five more styles; scored unread (session
        // 49, deid-bilstm-v3: 0.9984 / 0.9960 / 0.938 and 0.9973 / 0.9932 / 0.790; 1.0000 / 0.9972
        // and 0.9986 / 0.9941 after rules from their misses)
        ("dev-vaers-sub-29/xml", 0.995, 0.99, 0.85),
        ("dev-notes-6/xml", 0.995, 0.99, 0.65),
        // ... a twenty-first time, 48 more hand-written narratives of 48 countries drawn again,
        // 40 more international drug reactions and 40 clinical notes of five more styles; scored
        // unread (session 50, deid-bilstm-v3: 1.0000 / 0.9994 / 0.931, 0.9982 / 0.9973 / 0.858,
        // 0.9995 / 0.9988 / 0.621, 0.9938 / 0.9874 / 0.742; 1.0000 / 1.0000, 1.0000 / 0.9987 and
        // 0.9959 / 0.9906 (dev-notes-7) after rules from their misses)
        ("dev-vaers-sub-30/xml", 0.995, 0.99, 0.85),
        ("dev-world-19/xml", 0.995, 0.99, 0.75),
        ("dev-intl-6/xml", 0.995, 0.99, 0.55),
        ("dev-notes-7/xml", 0.995, 0.99, 0.65),
        // ... a twenty-second time, 48 more hand-written narratives of 48 countries drawn again
        // and 40 clinical notes of five more styles; scored unread (session 50, deid-bilstm-v3:
        // 0.9982 / 0.9963 / 0.948, 0.9980 / 0.9946 / 0.768, 0.9959 / 0.9920 / 0.769; 1.0000 /
        // 0.9982, 0.9985 / 0.9949 and 0.9964 / 0.9927 after rules from their misses)
        ("dev-vaers-sub-31/xml", 0.995, 0.99, 0.85),
        ("dev-world-20/xml", 0.995, 0.99, 0.75),
        ("dev-notes-8/xml", 0.995, 0.99, 0.65),
        // ... a twenty-third time, 48 more hand-written narratives of 48 countries drawn again,
        // 40 more international drug reactions and 40 clinical notes of five more styles; scored
        // unread (session 51, deid-bilstm-v3: 0.9991 / 0.9943 / 0.930, 0.9966 / 0.9952 / 0.829,
        // 1.0000 / 0.9996 / 0.652, 0.9978 / 0.9924 / 0.721; 0.9966 / 0.9962 (dev-world-21) and
        // 0.9983 / 0.9966 (dev-notes-9) after rules from their misses)
        ("dev-vaers-sub-32/xml", 0.995, 0.99, 0.85),
        ("dev-world-21/xml", 0.995, 0.99, 0.75),
        ("dev-intl-7/xml", 0.995, 0.99, 0.55),
        ("dev-notes-9/xml", 0.995, 0.99, 0.65),
        // ... a twenty-fourth time, 48 more of 48 countries drawn again and 40 clinical notes of
        // five more styles; scored unread (session 51, deid-bilstm-v3: 0.9991 / 0.9952 / 0.941,
        // 0.9941 / 0.9954 / 0.802, 0.9989 / 0.9934 / 0.754; dev-notes-10 0.9989 / 0.9946 after a
        // rule from its misses). dev-world-22 was BELOW the 0.995 HIPAA target unread (0.9941,
        // lower case 0.9892); rules from its misses (session 52: Port-au-Prince, "9 jours", a card
        // number after "carte ARCH") brought it to 0.9966 / 0.9972 / 0.803.
        ("dev-vaers-sub-33/xml", 0.995, 0.99, 0.85),
        ("dev-world-22/xml", 0.995, 0.99, 0.75),
        ("dev-notes-10/xml", 0.995, 0.99, 0.65),
        // ... a twenty-fifth time, 48 more of 48 countries drawn again and 40 clinical notes of
        // five more styles; scored unread (session 52, deid-bilstm-v3: 1.0000 / 0.9959 / 0.928,
        // 0.9985 / 0.9990 / 0.797 and 0.9974 / 0.9935 / 0.765; 1.0000 / 0.9971, 0.9990 / 0.9993
        // and 0.9990 / 0.9953 after rules from their misses)
        ("dev-vaers-sub-34/xml", 0.995, 0.99, 0.85),
        ("dev-world-23/xml", 0.995, 0.99, 0.75),
        ("dev-notes-11/xml", 0.995, 0.99, 0.65),
        // ... a twenty-sixth time and 40 more international drug reactions; scored unread
        // (session 52, deid-bilstm-v3: 0.9965 / 0.9959 / 0.947 and 0.9983 / 0.9982 / 0.615)
        ("dev-vaers-sub-35/xml", 0.995, 0.99, 0.85),
        ("dev-intl-8/xml", 0.995, 0.99, 0.55),
        // ... 48 more of 48 countries drawn again and the ordinary mix a twenty-seventh time;
        // scored unread (session 52, deid-bilstm-v3: 0.9959 / 0.9967 / 0.803 and 0.9991 / 0.9994 /
        // 0.951; dev-world-24 0.9966 after rules from its misses)
        ("dev-world-24/xml", 0.995, 0.99, 0.75),
        ("dev-vaers-sub-36/xml", 0.995, 0.99, 0.85),
        // ... 40 clinical notes of five more styles; scored unread (session 52, deid-bilstm-v3:
        // 0.9995 / 0.9967 / 0.798)
        ("dev-notes-12/xml", 0.995, 0.99, 0.65),
        // ... the ordinary mix a twenty-eighth time (2021 carriers from 275 characters), 40 more
        // international drug reactions, 48 more of 48 countries drawn again and 40 clinical notes
        // of five more styles; scored unread (session 53, deid-bilstm-v3: 0.9982 / 0.9969 /
        // 0.956, 0.9987 / 0.9985 / 0.674, 0.9964 / 0.9974 / 0.804 and 0.9963 / 0.9909 / 0.798)
        ("dev-vaers-sub-37/xml", 0.995, 0.99, 0.85),
        ("dev-intl-9/xml", 0.995, 0.99, 0.55),
        ("dev-world-25/xml", 0.995, 0.99, 0.75),
        ("dev-notes-13/xml", 0.995, 0.99, 0.65),
        // ... a twenty-ninth time, 40 more international drug reactions, 48 more of 48 countries
        // drawn again and 40 clinical notes of five more styles; scored unread (session 53,
        // deid-bilstm-v3: 1.0000 / 0.9961 / 0.944, 0.9984 / 0.9953 / 0.692, 0.9913 / 0.9923 /
        // 0.812 and 0.9959 / 0.9937 / 0.821)
        ("dev-vaers-sub-38/xml", 0.995, 0.99, 0.85),
        ("dev-intl-10/xml", 0.995, 0.99, 0.55),
        ("dev-world-26/xml", 0.995, 0.99, 0.75),
        ("dev-notes-14/xml", 0.995, 0.99, 0.65),
        // ... a thirtieth time, 40 more international drug reactions, 48 more of 48 countries
        // drawn again and 40 clinical notes of five more styles; scored unread (session 54,
        // deid-bilstm-v3: 1.0000 / 1.0000 / 0.943, 0.9955 / 0.9946 / 0.683, 0.9985 / 0.9969 /
        // 0.878 and 0.9979 / 0.9936 / 0.797)
        ("dev-vaers-sub-39/xml", 0.995, 0.99, 0.85),
        ("dev-intl-11/xml", 0.995, 0.99, 0.55),
        ("dev-world-27/xml", 0.995, 0.99, 0.75),
        ("dev-notes-15/xml", 0.995, 0.99, 0.65),
        // ... a thirty-first time, 40 more international drug reactions, 48 more of 48 countries
        // drawn again and 40 clinical notes of five more styles; scored unread (session 54,
        // deid-bilstm-v3: 1.0000 / 0.9993 / 0.963, 0.9977 / 0.9973 / 0.748, 0.9970 / 0.9968 /
        // 0.878 and 0.9949 / 0.9889 / 0.817: dev-notes-16 below the target unread, 0.9978 /
        // 0.9923 after the rules read from its misses, which its floor asks)
        ("dev-vaers-sub-40/xml", 0.995, 0.99, 0.85),
        ("dev-intl-12/xml", 0.995, 0.99, 0.55),
        ("dev-world-28/xml", 0.995, 0.99, 0.75),
        ("dev-notes-16/xml", 0.995, 0.99, 0.65),
        // ... a thirty-second time, 40 more international drug reactions, 48 more of 48 countries
        // drawn again and 40 clinical notes of five more styles; scored unread (session 54,
        // deid-bilstm-v3: 0.9989 / 0.9986 / 0.958, 0.9967 / 0.9970 / 0.707, 0.9986 / 0.9967 /
        // 0.887 and 0.9972 / 0.9953 / 0.832)
        ("dev-vaers-sub-41/xml", 0.995, 0.99, 0.85),
        ("dev-intl-13/xml", 0.995, 0.99, 0.55),
        ("dev-world-29/xml", 0.995, 0.99, 0.75),
        ("dev-notes-17/xml", 0.995, 0.99, 0.65),
        // a report's own HISTORY and LAB_DATA fields, one per document (45 of 100 with no PHI:
        // the precision floor guards the history a pharmacist reads), and clinical notes of styles
        // no other notes set has; scored unread (session 43, deid-bilstm-v3: 0.9868 / 0.9765 /
        // 0.798 and 0.9947 / 0.9925 / 0.700; then 0.811 and 0.9974 / 0.9952 after rules from
        // their errors)
        ("dev-fields/xml", 0.98, 0.97, 0.78),
        ("dev-notes-2/xml", 0.995, 0.99, 0.65),
        // notes of other institutions that no rule was written against (a check set)
        ("check-notes/xml", 0.99, 0.98, 0.20),
        // narratives of 46 countries written without reading the engine (a check set)
        ("check-world/xml", 0.99, 0.98, 0.55),
        // 48 more, 24 of them written in Spanish, French, Italian, Portuguese, German or Dutch (a
        // check set)
        ("check-world-2/xml", 0.99, 0.98, 0.40),
        // VAERS-style narratives with international PHI in three cases, the shape of the team's
        // held-out sets (a check set, session 29)
        ("check-world-3/xml", 0.995, 0.99, 0.80),
        // VAERS 2021-style narratives, half with US and half with international PHI, in three
        // cases (a check set, session 32)
        ("check-world-4/xml", 0.995, 0.99, 0.80),
        // real 2021 VAERS narratives with surrogate PHI put in by hand, half US and half
        // international, in three cases (a check set, session 33; deid-bilstm-v2 0.9900 / 0.9883,
        // deid-bilstm-v3 1.0000 / 0.9973 in session 42)
        ("check-vaers-sub/xml", 0.995, 0.99, 0.85),
    ];
    let mut failed = Vec::new();
    for (k, (set, hipaa, all, precision)) in floors.iter().enumerate() {
        let gold = root.join(set);
        let out = dir.path().join(format!("sys{k}"));
        let run = deid(&["annotate", p(&gold), "--out", p(&out), "--quiet"]);
        assert!(run.status.success(), "{set}: {}", stderr(&run));
        let run = deid(&["eval", p(&gold), p(&out), "--json"]);
        assert!(run.status.success(), "{}", stderr(&run));
        let report: serde_json::Value = serde_json::from_slice(&run.stdout).unwrap();
        let s = &report["summary"];
        let got = |key: &str| s[key].as_f64().unwrap();
        let line = format!(
            "{set}: HIPAA recall {:.4} (>= {hipaa}), all-PHI recall {:.4} (>= {all}), precision {:.4} (>= {precision})",
            got("hipaa_recall"),
            got("masking_recall"),
            got("precision")
        );
        println!("{line}");
        if got("hipaa_recall") < *hipaa
            || got("masking_recall") < *all
            || got("precision") < *precision
        {
            failed.push(line);
        }
    }
    assert!(failed.is_empty(), "below the floor:\n{}", failed.join("\n"));
}

/// `deid annotate` the dev gold set into `dir/sys` with extra arguments; returns (gold, sys).
fn annotate_dev_gold(dir: &Path, extra: &[&str]) -> (PathBuf, PathBuf) {
    let gold = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/gold/dev");
    let out = dir.join("sys");
    let mut args = vec!["annotate", p(&gold), "--out", p(&out), "--quiet"];
    args.extend_from_slice(extra);
    let run = deid(&args);
    assert!(run.status.success(), "{}", stderr(&run));
    (gold, out)
}

fn hipaa_recall_and_precision(gold: &Path, sys: &Path) -> (f64, f64) {
    let summary = eval_summary(gold, sys);
    (
        summary["hipaa_recall"].as_f64().unwrap(),
        summary["precision"].as_f64().unwrap(),
    )
}

/// `deid eval --json`'s summary of a system folder against its gold (40 documents or more).
fn eval_summary(gold: &Path, sys: &Path) -> serde_json::Value {
    let run = deid(&["eval", p(gold), p(sys), "--json"]);
    assert!(run.status.success(), "{}", stderr(&run));
    let report: serde_json::Value = serde_json::from_slice(&run.stdout).unwrap();
    assert!(report["documents"].as_u64().unwrap() >= 40);
    report["summary"].clone()
}

#[test]
fn conll_and_bioc_outputs_carry_the_same_spans_as_i2b2() {
    use deid::formats::{bioc, conll};
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("in");
    std::fs::create_dir(&input).unwrap();
    let text =
        "Pt 🙂 John Smith seen 12/26/20 at Mercy Hospital,\r\ncall 555-123-4567. Иван Петров.";
    write(&input, "a.txt", text.as_bytes());
    let csv = write(
        dir.path(),
        "reports.csv",
        "VAERS_ID,SYMPTOM_TEXT\n101,Fever on 12/26/20.\n102,Seen at home. Called 555-123-4567.\n"
            .as_bytes(),
    );
    for format in ["i2b2", "conll", "bioc"] {
        for (src, out) in [
            (&input, format.to_string()),
            (&csv, format!("{format}-csv")),
        ] {
            let run = deid(&[
                "annotate",
                "--rules-only",
                p(src),
                "--out",
                p(&dir.path().join(out)),
                "--format",
                format,
                "--quiet",
            ]);
            assert!(run.status.success(), "{format}: {}", stderr(&run));
        }
    }
    let gold = deid::i2b2::read_file(&dir.path().join("i2b2/a.xml")).unwrap();
    assert!(!gold.tags.is_empty());
    let xml = std::fs::read(dir.path().join("bioc/a.bioc.xml")).unwrap();
    let c = bioc::parse(&xml, Path::new("a.bioc.xml")).unwrap();
    assert_eq!(c.documents.len(), 1);
    assert_eq!(
        (c.documents[0].id.as_str(), c.documents[0].text.as_str()),
        ("a", text)
    );
    assert_eq!(c.documents[0].spans, gold.spans());
    let src = std::fs::read_to_string(dir.path().join("conll/a.conll")).unwrap();
    let docs = conll::parse(&src, Path::new("a.conll")).unwrap();
    assert_eq!(docs[0].id, "a");
    let want: Vec<(String, String)> = conll::word_tags(text, &gold.spans())
        .into_iter()
        .map(|(t, tag)| (t.text(text).to_string(), tag))
        .collect();
    assert_eq!(docs[0].words, want);
    // a CSV gives one CoNLL file (a document per row, in order) and one BioC file per row
    let src = std::fs::read_to_string(dir.path().join("conll-csv/reports.conll")).unwrap();
    let ids: Vec<String> = conll::parse(&src, Path::new("x"))
        .unwrap()
        .into_iter()
        .map(|d| d.id)
        .collect();
    assert_eq!(ids, ["101", "102"]);
    for id in ["101", "102"] {
        assert!(
            dir.path().join(format!("bioc-csv/{id}.bioc.xml")).exists(),
            "{id}"
        );
    }
}

/// A copy of the default model directory in `dir/model` (calibration rewrites its metadata).
fn copy_of_default_model(dir: &Path) -> PathBuf {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let model = dir.join("model");
    std::fs::create_dir(&model).unwrap();
    for entry in std::fs::read_dir(root.join(deid::model::DEFAULT_MODEL_DIR)).unwrap() {
        let entry = entry.unwrap();
        std::fs::copy(entry.path(), model.join(entry.file_name())).unwrap();
    }
    model
}

/// `deid calibrate --model MODEL --gold SET... --target-recall T --global-only EXTRA...`.
fn calibrate_on(model: &Path, sets: &[PathBuf], target: f64, extra: &[&str]) -> Output {
    let target = target.to_string();
    let mut args = vec!["calibrate", "--model", p(model)];
    for set in sets {
        args.extend(["--gold", p(set)]);
    }
    args.extend(["--target-recall", &target, "--global-only"]);
    args.extend(extra);
    deid(&args)
}

/// `deid calibrate` with one gold folder per narrative style: the thresholds it writes reach the
/// target on each folder (checked again by annotating and scoring each one with the calibrated
/// model), and metadata.json records each folder's recall.
#[test]
fn calibration_per_style_reaches_the_target_on_each_gold_folder() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let dir = tempfile::tempdir().unwrap();
    let model = copy_of_default_model(dir.path());
    let sets = [
        root.join("tests/fixtures/gold/dev"),
        root.join("tests/fixtures/gold/dev-intl/xml"),
    ];
    let target = 0.99;
    let run = calibrate_on(&model, &sets, target, &[]);
    let printed = String::from_utf8_lossy(&run.stdout);
    assert!(run.status.success(), "{printed}{}", stderr(&run));
    for set in &sets {
        assert!(
            printed.contains(&format!("on {}", set.display())),
            "{printed}"
        );
    }
    let meta: serde_json::Value =
        serde_json::from_slice(&std::fs::read(model.join("metadata.json")).unwrap()).unwrap();
    let cal = &meta["calibration"];
    assert_eq!(cal["target_per_set"], serde_json::json!(true));
    assert_eq!(cal["recall_per_set"].as_array().unwrap().len(), 2);
    for (k, set) in sets.iter().enumerate() {
        let out = dir.path().join(format!("sys{k}"));
        let ann = deid(&[
            "annotate",
            p(set),
            "--out",
            p(&out),
            "--quiet",
            "--model",
            p(&model),
        ]);
        assert!(ann.status.success(), "{}", stderr(&ann));
        let (recall, _) = hipaa_recall_and_precision(set, &out);
        assert!(recall >= target, "{}: HIPAA recall {recall}", set.display());
        let recorded = cal["recall_per_set"][k].as_f64().unwrap();
        assert!(
            (recorded - recall).abs() < 1e-9,
            "{recorded} recorded, {recall} measured"
        );
    }
}

/// `deid calibrate --no-worse-than BASE` (how a fine-tuned model gets its thresholds): on a set
/// where the base stays below the target, the goal is the base's own recall there, HIPAA and
/// all-PHI, and the thresholds written reach it (checked by annotating and scoring with them);
/// metadata.json records the base's recall and precision per set beside the new ones.
#[test]
fn calibration_no_worse_than_a_base_holds_each_set_at_the_base_recall() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let base = root.join(deid::model::DEFAULT_MODEL_DIR);
    let dir = tempfile::tempdir().unwrap();
    let model = copy_of_default_model(dir.path());
    let sets = [
        root.join("tests/fixtures/gold/dev"),
        root.join("tests/fixtures/gold/dev-1990s/xml"),
    ];
    // above what the base reaches on the 1990s shorthand, so there its own recall is the goal
    let target = 0.999;
    let run = calibrate_on(&model, &sets, target, &["--no-worse-than", p(&base)]);
    let printed = String::from_utf8_lossy(&run.stdout);
    assert!(run.status.success(), "{printed}{}", stderr(&run));
    let meta: serde_json::Value =
        serde_json::from_slice(&std::fs::read(model.join("metadata.json")).unwrap()).unwrap();
    let cal = &meta["calibration"];
    let list = |key: &str| -> Vec<f64> {
        cal[key]
            .as_array()
            .unwrap_or_else(|| panic!("{key} missing: {cal}"))
            .iter()
            .map(|v| v.as_f64().unwrap())
            .collect()
    };
    let (floors, goals, recalls) = (
        list("floor_per_set"),
        list("goal_per_set"),
        list("recall_per_set"),
    );
    assert_eq!(list("floor_precision_per_set").len(), 2);
    assert!(
        floors[1] < target,
        "the base reaches {} on 1990s",
        floors[1]
    );
    for k in 0..2 {
        assert_eq!(goals[k], floors[k].min(target));
        assert!(
            recalls[k] >= goals[k],
            "set {k}: {recalls:?} vs goals {goals:?}"
        );
    }
    // the all-PHI recall (professions, countries, organisations too) is held at the base's as well
    let (all_floors, all_goals, all_recalls) = (
        list("all_floor_per_set"),
        list("all_goal_per_set"),
        list("all_recall_per_set"),
    );
    for k in 0..2 {
        assert_eq!(all_goals[k], all_floors[k].min(target));
        assert!(
            all_recalls[k] >= all_goals[k],
            "set {k}: all-PHI {all_recalls:?} vs goals {all_goals:?}"
        );
    }
    let out = dir.path().join("sys");
    let ann = deid(&[
        "annotate",
        p(&sets[1]),
        "--out",
        p(&out),
        "--quiet",
        "--model",
        p(&model),
    ]);
    assert!(ann.status.success(), "{}", stderr(&ann));
    let (recall, _) = hipaa_recall_and_precision(&sets[1], &out);
    assert!(
        recall >= floors[1],
        "HIPAA recall {recall} below the base's {}",
        floors[1]
    );
    let all = eval_summary(&sets[1], &out)["masking_recall"]
        .as_f64()
        .unwrap();
    assert!(
        all >= all_floors[1] && (all - all_recalls[1]).abs() < 1e-9,
        "all-PHI recall {all}: the base had {}, calibration recorded {}",
        all_floors[1],
        all_recalls[1]
    );
}
