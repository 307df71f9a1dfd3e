//! Encryption at rest (SQLCipher): no planted narrative text or annotator name in the bytes of
//! the database, its -wal or its -shm; a wrong passphrase is a clear error that changes nothing;
//! plain databases open as before; encrypting a plain database keeps every row (real files).

mod common;
use common::new_doc;

use deid::phi::{PhiType, Span};
use deid::Error;
use deid_store::{
    probe, DbFile, DocEdit, Edit, GoldSpan, InfoState, Judgment, Passphrase, Status, Store,
};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

const NARRATIVE: &str =
    "Patient Zebulon Quixotefield was seen at Marrowby Clinic in Thistleton after the dose.";
const PLANTED: &[&str] = &[
    "Zebulon",
    "Quixotefield",
    "Marrowby",
    "Thistleton",
    "Xanthippe-Vollmer",
    "fainted-in-the-corridor",
];
const ANNOTATOR: &str = "Xanthippe-Vollmer";
const KEY: &str = "correct horse battery staple";

fn sidecar(db: &Path, ext: &str) -> PathBuf {
    let mut p = db.as_os_str().to_owned();
    p.push(ext);
    PathBuf::from(p)
}

/// Every planted string found in the bytes of the database, its -wal and its -shm.
fn leaks(db: &Path) -> Vec<String> {
    let mut found = Vec::new();
    for ext in ["", "-wal", "-shm"] {
        let Ok(bytes) = std::fs::read(sidecar(db, ext)) else {
            continue;
        };
        for s in PLANTED {
            if bytes.windows(s.len()).any(|w| w == s.as_bytes()) {
                found.push(format!("{s} in {ext:?}"));
            }
        }
    }
    found
}

/// A corpus with the planted narrative, an edit and a judgment by the planted annotator.
fn fill(s: &mut Store) -> i64 {
    let c = s.create_corpus("vaers", "test").unwrap();
    let gold = vec![Span::new(8, 28, PhiType::Patient)];
    let ids = s
        .add_documents(
            c,
            &[
                new_doc("case-1", NARRATIVE, Some(gold)),
                new_doc("case-2", "Fever on day 2.", None),
            ],
        )
        .unwrap();
    let edit = Edit {
        label: "toggle".into(),
        changes: vec![DocEdit {
            doc: ids[0],
            remove: vec![],
            add: vec![GoldSpan {
                start: 41,
                end: 56,
                kind: PhiType::Hospital,
            }],
        }],
    };
    s.apply_edit(ANNOTATOR, &edit).unwrap();
    let mut info = BTreeMap::new();
    info.insert("timing".to_string(), InfoState::Retained);
    let j = Judgment {
        info,
        comment: "fainted-in-the-corridor".into(),
        ..Default::default()
    };
    s.save_judgment(ids[0], ANNOTATOR, &j).unwrap();
    s.set_status(ids[1], Status::Done).unwrap();
    ids[0]
}

#[cfg(unix)]
fn mode(p: &Path) -> u32 {
    use std::os::unix::fs::PermissionsExt;
    std::fs::metadata(p).unwrap().permissions().mode() & 0o777
}

/// Length and hash of the database, its -wal and its -shm (`None`: no such file).
fn snapshot(db: &Path) -> Vec<(&'static str, Option<(usize, u64)>)> {
    use std::hash::{Hash, Hasher};
    ["", "-wal", "-shm"]
        .iter()
        .map(|e| {
            let digest = std::fs::read(sidecar(db, e)).ok().map(|b| {
                let mut h = std::collections::hash_map::DefaultHasher::new();
                b.hash(&mut h);
                (b.len(), h.finish())
            });
            (*e, digest)
        })
        .collect()
}

#[test]
fn an_encrypted_database_holds_no_planted_text_in_its_files() {
    let dir = tempfile::tempdir().unwrap();

    // control: the same content in a plain database IS visible, so the grep below means something
    let plain = dir.path().join("plain.db");
    {
        let mut s = Store::open(&plain).unwrap();
        fill(&mut s);
        assert!(!leaks(&plain).is_empty(), "the control grep finds nothing");
    }

    let db = dir.path().join("secret.db");
    let key = Passphrase::new(KEY);
    let mut s = Store::create_encrypted(&db, &key).unwrap();
    assert!(s.is_encrypted());
    let doc = fill(&mut s);
    // the edits live in the -wal while the store is open
    let wal = sidecar(&db, "-wal");
    assert!(
        std::fs::metadata(&wal).unwrap().len() > 0,
        "nothing in the -wal"
    );
    assert!(sidecar(&db, "-shm").exists());
    assert_eq!(leaks(&db), Vec::<String>::new(), "before a checkpoint");
    #[cfg(unix)]
    for ext in ["", "-wal", "-shm"] {
        assert_eq!(mode(&sidecar(&db, ext)), 0o600, "mode of {ext:?}");
    }
    // a checkpoint by a second (keyed) connection moves the pages into the database file
    {
        let c = rusqlite::Connection::open(&db).unwrap();
        c.pragma_update(None, "key", KEY).unwrap();
        let (busy, _, _): (i64, i64, i64) = c
            .query_row("PRAGMA wal_checkpoint(PASSIVE)", [], |r| {
                Ok((r.get(0)?, r.get(1)?, r.get(2)?))
            })
            .unwrap();
        assert_eq!(busy, 0);
    }
    assert_eq!(leaks(&db), Vec::<String>::new(), "after a checkpoint");
    // more writes after the checkpoint, then close (the last close checkpoints and removes -wal)
    s.set_status(doc, Status::Done).unwrap();
    assert_eq!(leaks(&db), Vec::<String>::new(), "after more writes");
    drop(s);
    assert_eq!(leaks(&db), Vec::<String>::new(), "after closing");
    assert_eq!(probe(&db).unwrap(), DbFile::Encrypted);

    // and everything reads back with the passphrase
    let s = Store::open_encrypted(&db, &key).unwrap();
    let v = s.document(doc).unwrap();
    assert_eq!(v.text, NARRATIVE);
    assert_eq!(v.status, Status::Done);
    assert_eq!(v.judgment.unwrap().comment, "fainted-in-the-corridor");
    assert_eq!(s.history(doc).unwrap()[0].annotator, ANNOTATOR);
}

#[test]
fn a_wrong_passphrase_is_a_clear_error_that_changes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("secret.db");
    {
        let mut s = Store::create_encrypted(&db, &Passphrase::new(KEY)).unwrap();
        fill(&mut s);
    }
    let before = snapshot(&db);
    let wrong = "Wrong-Passphrase-123";
    for attempt in [Passphrase::new(wrong), Passphrase::new("")] {
        let err = Store::open_encrypted(&db, &attempt).err().expect("refused");
        assert!(matches!(err, Error::WrongPassphrase { .. }), "{err:?}");
        let msg = err.to_string();
        assert!(msg.contains("secret.db"), "{msg}");
        assert!(
            msg.contains("wrong passphrase or not an encrypted Deid Studio database"),
            "{msg}"
        );
        assert!(!msg.contains(wrong) && !msg.contains(KEY), "{msg}");
        assert!(!format!("{err:?}").contains(wrong));
    }
    // without a passphrase: told it is encrypted
    let err = Store::open(&db).err().expect("refused");
    assert!(matches!(err, Error::Encrypted { .. }), "{err:?}");
    assert!(err.to_string().contains("encrypted"), "{err}");
    assert_eq!(snapshot(&db), before, "a refused open changed the files");

    // while the right passphrase has it open (a live -wal): still nothing changes
    let mut s = Store::open_encrypted(&db, &Passphrase::new(KEY)).unwrap();
    s.create_corpus("second", "test").unwrap();
    // (the -shm is SQLite's shared lock memory: a reader, even a refused one, takes a read
    // mark there; it holds page numbers and checksums, no content)
    let live = snapshot(&db)[..2].to_vec();
    assert!(Store::open_encrypted(&db, &Passphrase::new(wrong)).is_err());
    assert_eq!(snapshot(&db)[..2].to_vec(), live);
    assert_eq!(s.corpora().unwrap().len(), 2);
}

#[test]
fn plain_databases_open_as_before_and_refuse_a_passphrase() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("plain.db");
    assert_eq!(probe(&db).unwrap(), DbFile::New);
    {
        let mut s = Store::open(&db).unwrap();
        assert!(!s.is_encrypted());
        fill(&mut s);
    }
    assert_eq!(probe(&db).unwrap(), DbFile::Plain);
    let before = snapshot(&db);
    let err = Store::open_encrypted(&db, &Passphrase::new(KEY))
        .err()
        .unwrap();
    assert!(matches!(err, Error::WrongPassphrase { .. }), "{err:?}");
    assert_eq!(snapshot(&db), before);
    let s = Store::open(&db).unwrap();
    assert_eq!(s.corpora().unwrap()[0].documents, 2);
    drop(s);

    // a missing file is not created by an unlock attempt
    let missing = dir.path().join("missing.db");
    assert!(Store::open_encrypted(&missing, &Passphrase::new(KEY)).is_err());
    assert!(!missing.exists());
    // creating refuses an existing file and a short passphrase
    assert!(Store::create_encrypted(&db, &Passphrase::new(KEY)).is_err());
    let err = Store::create_encrypted(&missing, &Passphrase::new("short"))
        .err()
        .unwrap()
        .to_string();
    assert!(err.contains("at least 8"), "{err}");
    assert_eq!(snapshot(&db), before);
}

/// Everything a user sees of a database, for before/after comparisons.
fn contents(s: &Store) -> String {
    let mut out = String::new();
    for c in s.corpora().unwrap() {
        out += &format!("{c:?}\n");
        let (rows, _) = s.documents(c.id, &Default::default()).unwrap();
        for r in rows {
            let v = s.document(r.id).unwrap();
            out += &format!("{r:?}\n{:?} {:?} {:?}\n", v.text, v.gold, v.judgment);
            out += &format!("{:?}\n", s.history(r.id).unwrap());
        }
    }
    out
}

#[test]
fn encrypting_a_plain_database_keeps_every_row() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("annotations.db");
    let key = Passphrase::new(KEY);
    let mut s = Store::open(&db).unwrap();
    fill(&mut s);
    let want = contents(&s);
    let version = s.schema_version().unwrap();

    // into a new file: the plain database is left as it was
    let copy = dir.path().join("copy.db");
    s.export_encrypted(&copy, &key).unwrap();
    assert_eq!(contents(&s), want);
    assert_eq!(probe(&copy).unwrap(), DbFile::Encrypted);
    assert_eq!(leaks(&copy), Vec::<String>::new());
    #[cfg(unix)]
    assert_eq!(mode(&copy), 0o600);
    let c = Store::open_encrypted(&copy, &key).unwrap();
    assert_eq!(contents(&c), want);
    assert_eq!(c.schema_version().unwrap(), version);
    drop(c);
    // never over an existing file
    let err = s.export_encrypted(&copy, &key).err().unwrap().to_string();
    assert!(err.contains("already there"), "{err}");

    // in place: the same path, now encrypted, with the same rows and a working undo history
    s.encrypt_in_place(&key).unwrap();
    assert!(s.is_encrypted());
    assert_eq!(contents(&s), want);
    let u = s.undo(ANNOTATOR).unwrap().unwrap();
    assert_eq!(u.label, "toggle");
    s.redo(ANNOTATOR).unwrap().unwrap();
    assert!(s.encrypt_in_place(&key).is_err(), "encrypted twice");
    drop(s);
    assert_eq!(probe(&db).unwrap(), DbFile::Encrypted);
    assert_eq!(leaks(&db), Vec::<String>::new());
    #[cfg(unix)]
    assert_eq!(mode(&db), 0o600);
    let names: Vec<String> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.contains("annotations"))
        .collect();
    assert_eq!(names, vec!["annotations.db".to_string()], "leftover files");
    let s = Store::open_encrypted(&db, &key).unwrap();
    assert_eq!(contents(&s), want);
    assert!(Store::open(&db).is_err());
}

#[test]
fn another_connection_stops_in_place_encryption_and_nothing_changes() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("annotations.db");
    let mut s = Store::open(&db).unwrap();
    fill(&mut s);
    let want = contents(&s);
    let other = Store::open(&db).unwrap(); // e.g. a second window or the deid command
    let err = s.encrypt_in_place(&Passphrase::new(KEY)).err().unwrap();
    assert!(err.to_string().contains("another program"), "{err}");
    assert!(!s.is_encrypted());
    assert_eq!(contents(&s), want);
    assert_eq!(contents(&other), want);
    drop((s, other));
    assert_eq!(probe(&db).unwrap(), DbFile::Plain);
    let left: Vec<_> = std::fs::read_dir(dir.path()).unwrap().collect();
    assert_eq!(left.len(), 1, "leftover files: {left:?}");
}

#[test]
fn the_passphrase_changes_only_with_the_current_one() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("secret.db");
    let (old, new) = (
        Passphrase::new(KEY),
        Passphrase::new("a new and longer one"),
    );
    let mut s = Store::create_encrypted(&db, &old).unwrap();
    fill(&mut s);
    let want = contents(&s);

    let err = s
        .change_passphrase(&Passphrase::new("not the current one"), &new)
        .err()
        .unwrap();
    assert!(matches!(err, Error::WrongPassphrase { .. }), "{err:?}");
    assert!(s
        .change_passphrase(&old, &Passphrase::new("short"))
        .is_err());
    assert!(
        Store::open_encrypted(&db, &old).is_ok(),
        "old one still opens"
    );

    s.change_passphrase(&old, &new).unwrap();
    assert_eq!(contents(&s), want);
    s.set_status(1, Status::InReview).unwrap(); // still writable
    drop(s);
    assert_eq!(leaks(&db), Vec::<String>::new());
    assert!(matches!(
        Store::open_encrypted(&db, &old).err().unwrap(),
        Error::WrongPassphrase { .. }
    ));
    let s = Store::open_encrypted(&db, &new).unwrap();
    assert_eq!(s.document(1).unwrap().status, Status::InReview);

    // a plain database has no passphrase to change
    let plain = dir.path().join("plain.db");
    let mut p = Store::open(&plain).unwrap();
    assert!(p.change_passphrase(&old, &new).is_err());
}
