//! File writing that never leaves a half-written file behind, and files that only their owner
//! can read: narratives, gold and exports are created 0600 and their folders 0700.

use crate::error::{Error, Result};
use std::io::Write;
use std::path::Path;
use std::sync::atomic::{AtomicU64, Ordering};

/// Whether a write must survive a power loss (fsync before the rename) or only a crash of the
/// program. Batch outputs can be regenerated, and one fsync per narrative costs more than
/// annotating it; exported gold is worth the fsync.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Durability {
    /// Survives a crash of the program: no fsync (batch outputs, checkpoints).
    ProcessCrash,
    /// Survives a power loss: fsync of the file before the rename (exported gold).
    PowerLoss,
}

/// Write `bytes` to `path` through a temporary file in the same folder and a rename, so a crash
/// or a full disk leaves either the old file or the new one, never a truncated one.
pub fn write_atomic(path: &Path, bytes: &[u8], durability: Durability) -> Result<()> {
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let dir = path
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy())
        .unwrap_or_default();
    let n = COUNTER.fetch_add(1, Ordering::Relaxed);
    let tmp = dir.join(format!(".{name}.{}.{n}.tmp", std::process::id()));
    let write = || -> std::io::Result<()> {
        let mut f = private_options().write(true).create_new(true).open(&tmp)?;
        f.write_all(bytes)?;
        if durability == Durability::PowerLoss {
            f.sync_all()?;
        }
        drop(f);
        std::fs::rename(&tmp, path)
    };
    write().map_err(|e| {
        let _ = std::fs::remove_file(&tmp);
        Error::io(path, e)
    })
}

/// `OpenOptions` whose newly created file is readable by its owner only (0600 on Unix).
pub fn private_options() -> std::fs::OpenOptions {
    #[allow(unused_mut)]
    let mut o = std::fs::OpenOptions::new();
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        o.mode(0o600);
    }
    o
}

/// Create `dir` and its missing parents; the folders created are the owner's only (0700).
pub fn create_private_dir_all(dir: &Path) -> Result<()> {
    #[allow(unused_mut)]
    let mut b = std::fs::DirBuilder::new();
    b.recursive(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::DirBuilderExt;
        b.mode(0o700);
    }
    b.create(dir).map_err(|e| Error::io(dir, e))
}

/// Make `path` a file only its owner can read: created empty with 0600 when missing, its mode
/// tightened to 0600 when it exists (SQLite gives its `-wal` and `-shm` files the mode of the
/// database file, so this covers them too).
pub fn ensure_private_file(path: &Path) -> Result<()> {
    match private_options().write(true).create_new(true).open(path) {
        Ok(_) => Ok(()),
        Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {
            #[cfg(unix)]
            {
                use std::os::unix::fs::PermissionsExt;
                let mode = std::fs::metadata(path)
                    .map_err(|e| Error::io(path, e))?
                    .permissions()
                    .mode();
                if mode & 0o077 != 0 {
                    std::fs::set_permissions(path, std::fs::Permissions::from_mode(mode & 0o700))
                        .map_err(|e| Error::io(path, e))?;
                }
            }
            Ok(())
        }
        Err(e) => Err(Error::io(path, e)),
    }
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;
    use std::os::unix::fs::PermissionsExt;

    fn mode(p: &Path) -> u32 {
        std::fs::metadata(p).unwrap().permissions().mode() & 0o777
    }

    #[test]
    fn written_files_and_created_folders_are_the_owners_only() {
        let tmp = tempfile::tempdir().unwrap();
        let dir = tmp.path().join("a/b");
        create_private_dir_all(&dir).unwrap();
        assert_eq!(mode(&dir), 0o700);
        let f = dir.join("x.xml");
        write_atomic(&f, b"gold", Durability::ProcessCrash).unwrap();
        assert_eq!(mode(&f), 0o600);
        let db = tmp.path().join("open.db");
        std::fs::write(&db, b"").unwrap();
        std::fs::set_permissions(&db, std::fs::Permissions::from_mode(0o644)).unwrap();
        ensure_private_file(&db).unwrap();
        assert_eq!(mode(&db), 0o600);
    }
}
