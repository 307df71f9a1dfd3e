//! Encryption at rest: the annotation database as a SQLCipher file (AES-256, a key derived from
//! the user's passphrase; every page of the database and of its `-wal` is encrypted).
//!
//! * [`Store::open`] stays for plain databases and refuses an encrypted one
//!   ([`Error::Encrypted`]); [`Store::open_encrypted`] / [`Store::create_encrypted`] take a
//!   [`Passphrase`]. `PRAGMA key` is the first statement on the connection and the key is checked
//!   by reading `sqlite_master` before anything else runs: a wrong passphrase is
//!   [`Error::WrongPassphrase`] (naming the file, never the passphrase) and changes nothing.
//! * [`Store::export_encrypted`] copies a database into a NEW encrypted file (`ATTACH ... KEY`,
//!   `sqlcipher_export`) and checks the copy (same schema version, same row count in every
//!   table) before returning; [`Store::encrypt_in_place`] does that into a temporary file beside
//!   the database and replaces the plain file by a rename only once the copy is verified.
//! * [`Store::change_passphrase`] checks the current passphrase, runs `PRAGMA rekey` (one SQLite
//!   transaction: a crash leaves the old passphrase working) and reopens with the new one.
//! * The passphrase lives only in memory: [`Passphrase`] never prints and is zeroed when dropped.

use super::{store_err, Store};
use deid::error::{Error, Result};
use rusqlite::{Connection, ErrorCode};
use std::collections::BTreeMap;
use std::io::Read;
use std::path::{Path, PathBuf};

/// The shortest passphrase a new encrypted database accepts.
pub const MIN_PASSPHRASE_CHARS: usize = 8;

/// The first 16 bytes of every plain SQLite database; an SQLCipher file starts with its salt.
const SQLITE_MAGIC: &[u8; 16] = b"SQLite format 3\0";

/// A passphrase, held in memory only: `Debug` hides it and dropping it overwrites its bytes.
pub struct Passphrase(String);

impl Passphrase {
    pub fn new(s: impl Into<String>) -> Passphrase {
        Passphrase(s.into())
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// Whether this passphrase may protect a new (or re-keyed) database; the message never
    /// holds the passphrase.
    pub fn check_new(&self) -> std::result::Result<(), String> {
        if self.0.chars().count() < MIN_PASSPHRASE_CHARS {
            return Err(format!(
                "the passphrase needs at least {MIN_PASSPHRASE_CHARS} characters"
            ));
        }
        if self.0.contains('\0') {
            return Err("the passphrase cannot hold a NUL character".into());
        }
        Ok(())
    }

    fn expose(&self) -> &str {
        &self.0
    }
}

impl From<String> for Passphrase {
    fn from(s: String) -> Passphrase {
        Passphrase(s)
    }
}

impl std::fmt::Debug for Passphrase {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Passphrase(hidden)")
    }
}

impl Drop for Passphrase {
    fn drop(&mut self) {
        // SAFETY: zero bytes are valid UTF-8; the string is dropped right after.
        for b in unsafe { self.0.as_mut_vec() }.iter_mut() {
            // volatile: the compiler may not skip a write to memory about to be freed
            unsafe { std::ptr::write_volatile(b, 0) };
        }
    }
}

/// What a database path holds, read from the first bytes of the file (nothing is opened).
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum DbFile {
    /// No file, or an empty one: a new database.
    New,
    /// A plain SQLite file (or something too short to be either).
    Plain,
    /// Not a plain SQLite file: an encrypted database (or some other file).
    Encrypted,
}

/// What `path` holds: a new, plain or encrypted database.
pub fn probe(path: &Path) -> Result<DbFile> {
    let mut f = match std::fs::File::open(path) {
        Ok(f) => f,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(DbFile::New),
        Err(e) => return Err(Error::io(path, e)),
    };
    let mut head = Vec::with_capacity(16);
    (&mut f)
        .take(16)
        .read_to_end(&mut head)
        .map_err(|e| Error::io(path, e))?;
    Ok(match head.len() {
        0 => DbFile::New,
        n if n < 16 || head.as_slice() == SQLITE_MAGIC => DbFile::Plain,
        _ => DbFile::Encrypted,
    })
}

/// What kind of SQLite error `e` is (its result codes, or the variant), without its message: the
/// message of a failed `PRAGMA key` could quote the statement, and so the passphrase.
fn error_kind(e: &rusqlite::Error) -> String {
    match e {
        rusqlite::Error::SqliteFailure(f, _) => {
            format!("SQLite {:?}, extended code {}", f.code, f.extended_code)
        }
        other => {
            let debug = format!("{other:?}");
            debug
                .split(|c: char| !c.is_alphanumeric())
                .next()
                .unwrap_or("error")
                .to_string()
        }
    }
}

/// Waits, once per process, until SQLCipher has finished its one-time set-up.
///
/// SQLite marks itself initialised and only then runs SQLCipher's set-up (`SQLITE_EXTRA_INIT`:
/// crypto provider, random pool), outside its own lock. A connection that a second thread
/// opens in that window gets a bare SQLITE_ERROR from `PRAGMA key` (CI saw this as a rare
/// failure of the encryption tests). The first caller keys in-memory connections until one
/// takes the key; every other thread waits on the `OnceLock` meanwhile, and later calls return
/// at once. Call it before the first connection of a process that may use a passphrase.
pub fn sqlcipher_ready() -> std::result::Result<(), String> {
    static READY: std::sync::OnceLock<std::result::Result<(), String>> = std::sync::OnceLock::new();
    READY
        .get_or_init(|| {
            let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
            loop {
                let attempt = Connection::open_in_memory()
                    .and_then(|c| c.pragma_update(None, "key", "set-up probe"));
                match attempt {
                    Ok(()) => return Ok(()),
                    Err(e) if std::time::Instant::now() >= deadline => {
                        return Err(format!(
                            "SQLCipher did not finish its set-up ({})",
                            error_kind(&e)
                        ))
                    }
                    Err(_) => std::thread::sleep(std::time::Duration::from_millis(2)),
                }
            }
        })
        .clone()
}

/// `PRAGMA key`, then the check that the key opens the file (reading `sqlite_master`).
pub(crate) fn apply_key(conn: &Connection, path: &Path, key: &Passphrase) -> Result<()> {
    let wrong = || Error::WrongPassphrase {
        path: path.to_path_buf(),
    };
    if key.is_empty() {
        return Err(wrong()); // an empty key would mean "no encryption" to SQLCipher
    }
    // the SQLite message could quote the statement: never pass it on
    conn.pragma_update(None, "key", key.expose()).map_err(|e| {
        store_err(
            path,
            format!(
                "cannot set the passphrase on the connection ({})",
                error_kind(&e)
            ),
        )
    })?;
    // SQLCipher's own log (stderr) would report a wrong key as a failed page check; the error
    // below says it better. A process-wide setting; it reads nothing from the file.
    let _ = conn.execute_batch("PRAGMA cipher_log_level = NONE");
    match conn.query_row("SELECT count(*) FROM sqlite_master", [], |r| {
        r.get::<_, i64>(0)
    }) {
        Ok(_) => Ok(()),
        Err(rusqlite::Error::SqliteFailure(e, _)) if e.code == ErrorCode::NotADatabase => {
            Err(wrong())
        }
        Err(e) => Err(store_err(path, format!("cannot read the database: {e}"))),
    }
}

/// Row counts of every table: what a verified copy must hold too.
fn table_counts(conn: &Connection, path: &Path) -> Result<BTreeMap<String, i64>> {
    let ctx = |e: rusqlite::Error| store_err(path, format!("counting rows: {e}"));
    let names: Vec<String> = conn
        .prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
        .and_then(|mut st| {
            st.query_map([], |r| r.get(0))?
                .collect::<rusqlite::Result<Vec<String>>>()
        })
        .map_err(ctx)?;
    let mut out = BTreeMap::new();
    for name in names {
        let n: i64 = conn
            .query_row(
                &format!("SELECT count(*) FROM \"{}\"", name.replace('"', "\"\"")),
                [],
                |r| r.get(0),
            )
            .map_err(ctx)?;
        out.insert(name, n);
    }
    Ok(out)
}

/// A file beside `path`: `.NAME.SUFFIX`.
fn sibling(path: &Path, suffix: &str) -> PathBuf {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    path.with_file_name(format!(".{name}.{suffix}"))
}

/// Removes a database file and its journal files (missing ones are fine).
fn remove_db_files(path: &Path) {
    let _ = std::fs::remove_file(path);
    for ext in ["-wal", "-shm", "-journal"] {
        let mut p = path.as_os_str().to_owned();
        p.push(ext);
        let _ = std::fs::remove_file(PathBuf::from(p));
    }
}

fn journal_file(path: &Path, ext: &str) -> PathBuf {
    let mut p = path.as_os_str().to_owned();
    p.push(ext);
    PathBuf::from(p)
}

fn sync_file_and_dir(path: &Path) -> Result<()> {
    std::fs::File::open(path)
        .and_then(|f| f.sync_all())
        .map_err(|e| Error::io(path, e))?;
    #[cfg(unix)]
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        let _ = std::fs::File::open(dir).and_then(|f| f.sync_all());
    }
    Ok(())
}

impl Store {
    /// Opens an existing encrypted database. A wrong passphrase, or a file that is not an
    /// encrypted Deid Studio database, is [`Error::WrongPassphrase`] and changes nothing.
    pub fn open_encrypted(path: &Path, key: &Passphrase) -> Result<Store> {
        match probe(path)? {
            DbFile::New => Err(store_err(
                path,
                "no database here (create an encrypted database instead)",
            )),
            DbFile::Plain => Err(Error::WrongPassphrase {
                path: path.to_path_buf(),
            }),
            DbFile::Encrypted => Store::open_with(path, Some(key)),
        }
    }

    /// Creates a new encrypted database (its folder too); refuses a path that holds a file.
    pub fn create_encrypted(path: &Path, key: &Passphrase) -> Result<Store> {
        key.check_new().map_err(|m| store_err(path, m))?;
        if probe(path)? != DbFile::New || journal_file(path, "-wal").exists() {
            return Err(store_err(
                path,
                "a file is already there; choose a new file for the encrypted database",
            ));
        }
        let store = Store::open_with(path, Some(key))?;
        // the (encrypted) header on disk now, so the file reads as encrypted from the start
        store
            .conn
            .query_row("PRAGMA wal_checkpoint(TRUNCATE)", [], |_| Ok(()))
            .map_err(|e| store_err(path, format!("checkpoint: {e}")))?;
        Ok(store)
    }

    /// Whether the database was opened with a passphrase.
    pub fn is_encrypted(&self) -> bool {
        self.encrypted
    }

    /// Copies this database into a NEW encrypted file `dest` with passphrase `key`, then checks
    /// the copy (it opens with `key`, same schema, same row count in every table). On any
    /// failure `dest` is removed; this database is never changed.
    pub fn export_encrypted(&self, dest: &Path, key: &Passphrase) -> Result<()> {
        key.check_new().map_err(|m| store_err(dest, m))?;
        if probe(dest)? != DbFile::New || journal_file(dest, "-wal").exists() {
            return Err(store_err(
                dest,
                "a file is already there; the encrypted copy needs a new file",
            ));
        }
        let dest_str = dest
            .to_str()
            .ok_or_else(|| store_err(dest, "the path is not valid UTF-8"))?;
        if let Some(dir) = dest.parent().filter(|d| !d.as_os_str().is_empty()) {
            deid::fsutil::create_private_dir_all(dir)?;
        }
        deid::fsutil::ensure_private_file(dest)?; // 0600 before SQLite writes into it
        let result = self.export_into(dest, dest_str, key).and_then(|()| {
            let copy = Store::open_encrypted(dest, key)?;
            let (want, got) = (
                table_counts(&self.conn, &self.path)?,
                table_counts(&copy.conn, dest)?,
            );
            if want != got || copy.schema_version()? != self.schema_version()? {
                return Err(store_err(
                    dest,
                    "the encrypted copy does not match the database; it was removed",
                ));
            }
            copy.conn
                .query_row("PRAGMA wal_checkpoint(TRUNCATE)", [], |_| Ok(()))
                .map_err(|e| store_err(dest, format!("checkpoint: {e}")))?;
            drop(copy);
            sync_file_and_dir(dest)
        });
        if result.is_err() {
            remove_db_files(dest);
        }
        result
    }

    fn export_into(&self, dest: &Path, dest_str: &str, key: &Passphrase) -> Result<()> {
        let fail = |what: &str, e: rusqlite::Error| store_err(dest, format!("{what}: {e}"));
        self.conn
            .execute(
                "ATTACH DATABASE ?1 AS deid_export KEY ?2",
                rusqlite::params![dest_str, key.expose()],
            )
            .map_err(|_| store_err(dest, "cannot create the encrypted copy"))?;
        let copied = (|| -> Result<()> {
            self.conn
                .query_row("SELECT sqlcipher_export('deid_export')", [], |_| Ok(()))
                .map_err(|e| fail("copying into the encrypted file", e))?;
            let version: i64 = self
                .conn
                .query_row("PRAGMA main.user_version", [], |r| r.get(0))
                .map_err(|e| fail("reading the schema version", e))?;
            let app: i32 = self
                .conn
                .query_row("PRAGMA main.application_id", [], |r| r.get(0))
                .map_err(|e| fail("reading the application id", e))?;
            self.conn
                .execute_batch(&format!(
                    "PRAGMA deid_export.user_version = {version};
                     PRAGMA deid_export.application_id = {app};"
                ))
                .map_err(|e| fail("writing the schema version", e))
        })();
        let detached = self
            .conn
            .execute("DETACH DATABASE deid_export", [])
            .map_err(|e| fail("closing the encrypted copy", e));
        copied.and(detached.map(|_| ()))
    }

    /// Encrypts this plain database where it lies: an encrypted copy is written beside it and
    /// verified ([`Store::export_encrypted`]), then this connection is closed and the copy
    /// renamed over the plain file. Until the rename the plain file is untouched; on an error
    /// before it, the store is reopened as it was. Another program with the database open
    /// makes it fail (nothing changed). The plain file's blocks are unlinked, not overwritten.
    pub fn encrypt_in_place(&mut self, key: &Passphrase) -> Result<()> {
        if self.encrypted {
            return Err(store_err(
                &self.path,
                "the database is already encrypted; change its passphrase instead",
            ));
        }
        let path = self.path.clone();
        let tmp = sibling(&path, "encrypting");
        remove_db_files(&tmp); // a leftover of an interrupted attempt (encrypted, unverified)
        self.export_encrypted(&tmp, key)?;
        self.conn
            .query_row("PRAGMA wal_checkpoint(TRUNCATE)", [], |_| Ok(()))
            .map_err(|e| store_err(&path, format!("checkpoint: {e}")))?;
        let placeholder = Connection::open_in_memory()
            .map_err(|e| store_err(&path, format!("cannot open a connection: {e}")))?;
        let old = std::mem::replace(&mut self.conn, placeholder);
        let closed = old.close().map_err(|(_, e)| e);
        // the last connection to close deletes -wal and -shm: still there means another one
        let others = journal_file(&path, "-wal").exists() || journal_file(&path, "-shm").exists();
        let swapped = match (closed, others) {
            (Err(e), _) => Err(store_err(&path, format!("cannot close the database: {e}"))),
            (Ok(()), true) => Err(store_err(
                &path,
                "another program has the database open; close it and encrypt again",
            )),
            (Ok(()), false) => std::fs::rename(&tmp, &path).map_err(|e| Error::io(&path, e)),
        };
        match swapped {
            Ok(()) => {
                let _ = sync_file_and_dir(&path);
                *self = Store::open_encrypted(&path, key)?;
                Ok(())
            }
            Err(e) => {
                remove_db_files(&tmp);
                *self = Store::open(&path)?;
                Err(e)
            }
        }
    }

    /// Changes the passphrase of this encrypted database: `current` must open it; `new` must
    /// pass [`Passphrase::check_new`]. `PRAGMA rekey` re-encrypts every page in one
    /// transaction; the result is then read back with `new` (every table's row count).
    pub fn change_passphrase(&mut self, current: &Passphrase, new: &Passphrase) -> Result<()> {
        let path = self.path.clone();
        if !self.encrypted {
            return Err(store_err(
                &path,
                "the database is not encrypted; encrypt it first",
            ));
        }
        new.check_new().map_err(|m| store_err(&path, m))?;
        {
            let check = Connection::open(&path)
                .map_err(|e| store_err(&path, format!("cannot open the database: {e}")))?;
            apply_key(&check, &path, current)?;
        }
        let before = table_counts(&self.conn, &path)?;
        self.conn
            .pragma_update(None, "rekey", new.expose())
            .map_err(|_| {
                store_err(
                    &path,
                    "changing the passphrase failed; the old one still opens the database",
                )
            })?;
        let check = Connection::open(&path)
            .map_err(|e| store_err(&path, format!("cannot open the database: {e}")))?;
        apply_key(&check, &path, new)?;
        if table_counts(&check, &path)? != before {
            return Err(store_err(
                &path,
                "the database read with the new passphrase does not match",
            ));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_passphrase_never_prints_and_short_ones_are_refused() {
        let p = Passphrase::new("correct horse");
        assert_eq!(format!("{p:?}"), "Passphrase(hidden)");
        assert!(p.check_new().is_ok());
        let short = Passphrase::new("abc");
        let m = short.check_new().unwrap_err();
        assert!(!m.contains("abc"), "{m}");
        assert!(Passphrase::new("ab\0cdefghij").check_new().is_err());
    }

    #[test]
    fn probe_tells_new_plain_and_encrypted_files_apart() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("x.db");
        assert_eq!(probe(&p).unwrap(), DbFile::New);
        std::fs::write(&p, b"").unwrap();
        assert_eq!(probe(&p).unwrap(), DbFile::New);
        std::fs::write(&p, b"SQLite format 3\0and more").unwrap();
        assert_eq!(probe(&p).unwrap(), DbFile::Plain);
        std::fs::write(&p, [7u8; 64]).unwrap();
        assert_eq!(probe(&p).unwrap(), DbFile::Encrypted);
    }
}
