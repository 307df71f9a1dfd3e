//! Folder evaluation on the fixtures under tests/fixtures/eval (numbers computed by hand), errors
//! that name the file, and a cross-check of the token counts against an independent Python
//! implementation of the i2b2 2014 script's token rule.

use deid::eval::{evaluate_dirs, Report};
use deid::PhiType;
use std::path::{Path, PathBuf};
use std::process::Command;

fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/eval")
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() < 1e-12
}

fn report() -> Report {
    evaluate_dirs(&fixtures().join("gold"), &fixtures().join("system")).unwrap()
}

#[test]
fn folder_totals_by_hand() {
    // doc1: gold 6 tokens (5 HIPAA), found 4 (3 HIPAA); system 6 tokens, 4 matched;
    //       entities tp 2, fp 3, fn 3 (partial date, PATIENT called DOCTOR, "Dr", missed city)
    // doc2: perfect: 6 tokens (3 HIPAA: 1, 5, 21), 3 entities
    // doc3: no system file: 5 gold tokens (4 HIPAA ID tokens + Texas), 2 fn
    let r = report();
    assert_eq!(r.documents, 3);
    assert_eq!(r.missing, ["doc3.xml"]);
    assert_eq!(r.extra, ["extra.xml"]);
    let c = &r.counts;
    assert_eq!((c.gold_tokens, c.found_tokens), (17, 10));
    assert_eq!((c.hipaa_gold_tokens, c.hipaa_found_tokens), (12, 6));
    assert_eq!((c.system_tokens, c.matched_system_tokens), (12, 10));
    assert!(close(r.summary.masking_recall, 10.0 / 17.0));
    assert!(close(r.summary.hipaa_recall, 0.5));
    assert!(close(r.summary.precision, 10.0 / 12.0));
    assert!(close(r.summary.f1, 100.0 / 145.0));
    assert_eq!((r.entity.tp, r.entity.fp, r.entity.fn_), (5, 3, 5));
    assert!(close(r.entity.precision, 0.625) && close(r.entity.recall, 0.5));
    let idnum = r
        .categories
        .iter()
        .find(|c| c.kind == PhiType::Idnum)
        .unwrap();
    assert_eq!(
        (idnum.gold_tokens, idnum.found_tokens, idnum.entity.fn_),
        (4, 0, 1)
    );
    let date = r
        .categories
        .iter()
        .find(|c| c.kind == PhiType::Date)
        .unwrap();
    assert_eq!((date.gold_tokens, date.found_tokens), (4, 3));
    assert_eq!((date.entity.tp, date.entity.fp, date.entity.fn_), (1, 1, 1));
}

#[test]
fn table_and_json() {
    let r = report();
    let table = r.to_table();
    for needle in [
        "Documents          3",
        "Gold tokens        17 (12 HIPAA)",
        "HIPAA recall       0.5000",
        "Masking recall     0.5882",
        "Precision          0.8333",
        "F1                 0.6897",
        "ID/IDNUM *",
        "LOCATION/STATE",
        "doc3.xml",
        "extra.xml",
    ] {
        assert!(table.contains(needle), "missing {needle:?} in\n{table}");
    }
    let all = table
        .lines()
        .find(|l| l.starts_with("All (micro)"))
        .unwrap();
    let cols: Vec<&str> = all.split_whitespace().collect();
    assert_eq!(
        cols,
        ["All", "(micro)", "17", "0.5882", "0.6250", "0.5000", "0.5556", "5", "3", "5"]
    );
    let json = serde_json::to_value(&r).unwrap();
    assert_eq!(json["missing"][0], "doc3.xml");
    assert_eq!(json["summary"]["hipaa_gold_tokens"], 12);
    assert_eq!(json["entity"]["fn"], 5);
}

#[test]
fn different_texts_name_the_file() {
    let m = fixtures().join("mismatch");
    let r = evaluate_dirs(&m.join("gold"), &m.join("system")).unwrap();
    assert_eq!(r.failed.len(), 1, "{:?}", r.failed);
    let msg = &r.failed[0];
    assert!(msg.contains("doc1.xml") && msg.contains("differs"), "{msg}");
    assert!(msg.contains("character 51"), "{msg}");
    assert!(r.to_table().contains("Not scored (1 files)"));
}

#[test]
fn a_broken_file_is_named_and_empty_folders_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let (gold, system) = (dir.path().join("gold"), dir.path().join("system"));
    std::fs::create_dir_all(&gold).unwrap();
    std::fs::create_dir_all(&system).unwrap();
    let msg = evaluate_dirs(&gold, &system).unwrap_err().to_string();
    assert!(msg.contains("no *.xml"), "{msg}");

    for name in ["doc1.xml", "doc2.xml"] {
        std::fs::copy(fixtures().join("gold").join(name), gold.join(name)).unwrap();
        std::fs::copy(fixtures().join("gold").join(name), system.join(name)).unwrap();
    }
    std::fs::write(system.join("doc2.xml"), "<deIdi2b2><TEXT>x</TEXT>").unwrap();
    // the broken file is listed and the others are still scored
    let r = evaluate_dirs(&gold, &system).unwrap();
    assert_eq!(r.documents, 1);
    assert_eq!(r.failed.len(), 1);
    let msg = &r.failed[0];
    assert!(
        msg.contains("doc2.xml") && msg.contains("line 1, column"),
        "{msg}"
    );

    let msg = evaluate_dirs(&gold, &dir.path().join("nope"))
        .unwrap_err()
        .to_string();
    assert!(msg.contains("nope"), "{msg}");
}

const PYTHON_TOKENS: &str = r#"
import os, re, sys, json, xml.etree.ElementTree as ET
gold_dir, sys_dir = sys.argv[1], sys.argv[2]
def tokens(path):
    out = {}
    if not os.path.exists(path):
        return out
    for e in ET.parse(path).getroot().find("TAGS"):
        start = int(e.attrib["start"])
        for m in re.finditer(r"[a-zA-Z0-9]+", e.attrib["text"]):
            out.setdefault((start + m.start(), start + m.end()), e.tag + "/" + e.attrib["TYPE"])
    return out
g_n = found = s_n = matched = 0
for name in sorted(os.listdir(gold_dir)):
    g = tokens(os.path.join(gold_dir, name)); s = tokens(os.path.join(sys_dir, name))
    g_n += len(g); s_n += len(s)
    found += sum(1 for k in g if k in s); matched += sum(1 for k in s if k in g)
json.dump([g_n, found, s_n, matched], sys.stdout)
"#;

#[test]
fn token_counts_agree_with_an_independent_python_count() {
    let out = Command::new("python3")
        .arg("-c")
        .arg(PYTHON_TOKENS)
        .arg(fixtures().join("gold"))
        .arg(fixtures().join("system"))
        .output()
        .unwrap_or_else(|e| {
            panic!("python3 is needed for this cross-check ({e}): ./studio setup installs it")
        });
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let py: Vec<usize> = serde_json::from_slice(&out.stdout).unwrap();
    let c = report().counts;
    assert_eq!(
        py,
        [
            c.gold_tokens,
            c.found_tokens,
            c.system_tokens,
            c.matched_system_tokens
        ]
    );
}
