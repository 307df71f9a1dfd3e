//! kill -9 during imports: an import is one transaction, so after any crash every corpus in the
//! database has all its narratives pre-annotated, and no export shows an unmasked narrative.
//!
//! The test runs itself as the child: with `DEID_CRASH_CHILD=<db>` set, the same test function
//! imports corpora into that database in a loop until it is killed.

mod common;

use deid::deidentify::Deidentifier;
use deid::rules::RuleEngine;
use deid_store::{token_probs, NewDocument, Store};
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::Duration;

const CHILD_ENV: &str = "DEID_CRASH_CHILD";

fn narratives() -> Vec<String> {
    let csv = Path::new(env!("CARGO_MANIFEST_DIR")).join("data/demo/vaers-demo.csv");
    let jobs = deid::input::discover(&csv, &Default::default()).unwrap();
    jobs.iter()
        .take(40)
        .map(|j| j.read_text(1 << 20).unwrap())
        .collect()
}

fn import_forever(db: &Path) -> ! {
    let texts = narratives();
    let deid = Deidentifier::rules_only(RuleEngine::embedded());
    let refs: Vec<&str> = texts.iter().map(String::as_str).collect();
    let annotations: Vec<_> = deid
        .annotate_batch(&refs)
        .unwrap()
        .into_iter()
        .map(Result::unwrap)
        .collect();
    let docs: Vec<NewDocument> = texts
        .iter()
        .enumerate()
        .map(|(i, t)| common::new_doc(&format!("d{i}"), t, None))
        .collect();
    let mut store = Store::open(db).unwrap();
    {
        use std::io::Write;
        println!("ready");
        std::io::stdout().flush().unwrap();
    }
    for k in 0.. {
        store
            .import_corpus(
                &format!("c{}-{k}", std::process::id()),
                "crash",
                &docs,
                "rules",
                "rules-only",
                0.1,
                &mut |i| (annotations[i].spans.clone(), token_probs(&annotations[i])),
            )
            .unwrap();
    }
    unreachable!()
}

#[test]
fn kill_9_during_imports_never_leaves_narratives_without_pre_annotation() {
    if let Ok(db) = std::env::var(CHILD_ENV) {
        import_forever(Path::new(&db));
    }
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("annotations.db");
    let me = std::env::current_exe().unwrap();
    let mut imported = 0;
    for k in 0..30u64 {
        let mut child = Command::new(&me)
            .args([
                "--exact",
                "kill_9_during_imports_never_leaves_narratives_without_pre_annotation",
                "--nocapture",
                "--quiet",
            ])
            .env(CHILD_ENV, &db)
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        // wait until it imports, then kill at varied moments: mid-transaction, mid-commit,
        // between imports (one import takes a few milliseconds)
        let stdout = std::io::BufReader::new(child.stdout.take().unwrap());
        let ready = std::io::BufRead::lines(stdout).any(|l| l.is_ok_and(|l| l.trim() == "ready"));
        assert!(ready, "the child never started importing");
        std::thread::sleep(Duration::from_millis((k * 7) % 60));
        child.kill().unwrap(); // SIGKILL
        child.wait().unwrap();

        let store = Store::open(&db).expect("the database always opens after a kill");
        for corpus in store.corpora().unwrap() {
            let (rows, total) = store.documents(corpus.id, &Default::default()).unwrap();
            assert_eq!(total, 40, "corpus {} is half-imported", corpus.name);
            for row in rows {
                assert!(
                    store.pre_annotation(row.id).unwrap().is_some(),
                    "document {} of corpus {} has no pre-annotation",
                    row.id,
                    corpus.name
                );
            }
            imported += 1;
        }
    }
    assert!(
        imported > 0,
        "no import ever committed: the kills came too early to test anything"
    );
    // and a masked export masks what the pre-annotation found in every narrative
    let store = Store::open(&db).unwrap();
    let corpus = store.corpora().unwrap()[0].id;
    let out = dir.path().join("masked");
    assert_eq!(store.export_masked(corpus, "e2e", &out).unwrap(), 40);
    let (rows, _) = store.documents(corpus, &Default::default()).unwrap();
    for row in rows {
        let pre = store.pre_annotation(row.id).unwrap().unwrap();
        let view = store.document(row.id).unwrap();
        let exported =
            std::fs::read_to_string(out.join(format!("{}.txt", view.external_id))).unwrap();
        if !pre.spans.is_empty() {
            assert_ne!(exported, view.text, "document {} exported unmasked", row.id);
        }
    }
}

#[test]
fn a_narrative_without_any_annotation_is_exported_fully_masked() {
    let dir = tempfile::tempdir().unwrap();
    let mut store = Store::open(&dir.path().join("a.db")).unwrap();
    let corpus = store.create_corpus("c", "test").unwrap();
    store
        .add_documents(
            corpus,
            &[common::new_doc(
                "x",
                "Pt John Smith seen 12/26/2020 in Boston.",
                None,
            )],
        )
        .unwrap();
    let out = dir.path().join("masked");
    store.export_masked(corpus, "e2e", &out).unwrap();
    let text = std::fs::read_to_string(out.join("x.txt")).unwrap();
    assert_eq!(
        text,
        "[MASKED] [MASKED] [MASKED] [MASKED] [MASKED]/[MASKED]/[MASKED] [MASKED] [MASKED]."
    );
    let gold = dir.path().join("gold");
    // even marked done, a narrative nothing annotated is not gold
    let (rows, _) = store.documents(corpus, &Default::default()).unwrap();
    store
        .set_status_for(rows[0].id, "alice", deid_store::Status::Done)
        .unwrap();
    assert_eq!(store.export_i2b2(corpus, "alice", &gold).unwrap(), 0);
    assert_eq!(
        std::fs::read_dir(&gold).unwrap().count(),
        0,
        "no annotation is never exported as gold"
    );
}
