//! The database as the app holds it: unlocked (an open [`Store`]) or locked (an encrypted file
//! waiting for its passphrase). Commands take it for one call with [`SharedStore::lock`]; the
//! encryption operations themselves are the store's (`deid_store`), called from here.
//!
//! A passphrase arrives from the UI, is handed to the store and dropped (zeroed) at once: it is
//! never stored, logged, or kept after the database is open (SQLCipher keeps the derived key).

use crate::error::{CommandError, CommandResult};
use deid_store::{probe, DbFile, Passphrase, Store};
use std::ops::{Deref, DerefMut};
use std::path::{Path, PathBuf};
use std::sync::{Mutex, MutexGuard};

pub struct SharedStore {
    path: PathBuf,
    inner: Mutex<Option<Store>>,
}

/// The open store, for the length of one command.
pub struct StoreGuard<'a>(MutexGuard<'a, Option<Store>>);

impl Deref for StoreGuard<'_> {
    type Target = Store;
    fn deref(&self) -> &Store {
        self.0.as_ref().expect("checked by SharedStore::lock")
    }
}

impl DerefMut for StoreGuard<'_> {
    fn deref_mut(&mut self) -> &mut Store {
        self.0.as_mut().expect("checked by SharedStore::lock")
    }
}

/// What the UI's lock state shows.
#[derive(serde::Serialize, Debug, Clone, Copy, PartialEq, Eq)]
pub struct LockState {
    /// The file is encrypted (locked or not).
    pub encrypted: bool,
    /// Waiting for the passphrase: every other command fails until then.
    pub locked: bool,
}

impl SharedStore {
    /// A plain (or new) database is opened now; an encrypted one starts locked.
    pub fn open(path: &Path) -> CommandResult<SharedStore> {
        let store = match probe(path).map_err(CommandError::from)? {
            DbFile::Encrypted => None,
            DbFile::New | DbFile::Plain => Some(Store::open(path).map_err(CommandError::from)?),
        };
        Ok(SharedStore {
            path: path.to_path_buf(),
            inner: Mutex::new(store),
        })
    }

    pub fn unlocked(store: Store) -> SharedStore {
        SharedStore {
            path: store.path().to_path_buf(),
            inner: Mutex::new(Some(store)),
        }
    }

    fn slot(&self) -> CommandResult<MutexGuard<'_, Option<Store>>> {
        self.inner
            .lock()
            .map_err(|_| CommandError::internal("the database lock is poisoned"))
    }

    /// The open store, or an error saying the database waits for its passphrase.
    pub fn lock(&self) -> CommandResult<StoreGuard<'_>> {
        let g = self.slot()?;
        if g.is_none() {
            return Err(CommandError::Locked {
                path: self.path.display().to_string(),
                message: format!(
                    "{}: the database is encrypted and locked; enter its passphrase",
                    self.path.display()
                ),
            });
        }
        Ok(StoreGuard(g))
    }

    pub fn state(&self) -> CommandResult<LockState> {
        let g = self.slot()?;
        Ok(match g.as_ref() {
            None => LockState {
                encrypted: true,
                locked: true,
            },
            Some(s) => LockState {
                encrypted: s.is_encrypted(),
                locked: false,
            },
        })
    }

    /// Opens the locked database with `passphrase` (already open: nothing to do).
    pub fn unlock(&self, passphrase: Passphrase) -> CommandResult<()> {
        let mut g = self.slot()?;
        if g.is_none() {
            *g = Some(Store::open_encrypted(&self.path, &passphrase).map_err(CommandError::from)?);
        }
        Ok(())
    }

    /// Encrypts the open plain database where it lies ([`Store::encrypt_in_place`]).
    pub fn encrypt(&self, passphrase: Passphrase) -> CommandResult<()> {
        self.lock()?
            .encrypt_in_place(&passphrase)
            .map_err(CommandError::from)
    }

    pub fn change_passphrase(&self, current: Passphrase, new: Passphrase) -> CommandResult<()> {
        self.lock()?
            .change_passphrase(&current, &new)
            .map_err(CommandError::from)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_encrypted_database_starts_locked_and_unlocks_with_its_passphrase() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("a.db");
        let shared = SharedStore::open(&path).unwrap();
        assert_eq!(
            shared.state().unwrap(),
            LockState {
                encrypted: false,
                locked: false
            }
        );
        shared.lock().unwrap().create_corpus("c", "test").unwrap();
        assert!(shared.encrypt(Passphrase::new("short")).is_err());
        shared
            .encrypt(Passphrase::new("a long passphrase"))
            .unwrap();
        assert!(shared.state().unwrap().encrypted);
        drop(shared);

        let shared = SharedStore::open(&path).unwrap();
        assert_eq!(
            shared.state().unwrap(),
            LockState {
                encrypted: true,
                locked: true
            }
        );
        let err = shared.lock().err().unwrap();
        assert!(matches!(err, CommandError::Locked { .. }), "{err:?}");
        assert!(err.message().contains("locked"), "{err}");
        let err = shared.unlock(Passphrase::new("wrong one!")).unwrap_err();
        assert!(
            matches!(err, CommandError::WrongPassphrase { .. }),
            "{err:?}"
        );
        assert!(err.message().contains("wrong passphrase"), "{err}");
        assert!(!err.message().contains("wrong one!"), "{err}");
        assert!(shared.state().unwrap().locked);
        shared.unlock(Passphrase::new("a long passphrase")).unwrap();
        assert_eq!(shared.lock().unwrap().corpora().unwrap().len(), 1);
        shared
            .change_passphrase(
                Passphrase::new("a long passphrase"),
                Passphrase::new("another long one"),
            )
            .unwrap();
    }
}
