//! Running and cancelling the fine-tuning process (its own process group), the job's private
//! temporary folder, and the export of the reviewed gold it learns from.

use super::plan::LearnPlan;
use super::report::clean_line;
use crate::error::CommandResult;
use deid_store::{CorpusSummary, ExportKind, Store};
use std::io::{BufRead, BufReader, Read};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{mpsc, Mutex};
use std::time::{SystemTime, UNIX_EPOCH};

/// Kills the process group `pgid` (the fine-tuning and everything it started).
fn kill_group(pgid: i32) {
    if pgid > 1 {
        // SAFETY: kill(2) with a negative id signals that process group; no memory is touched
        unsafe {
            libc::kill(-pgid, libc::SIGKILL);
        }
    }
}

/// Cancels a run: sets `cancel` and kills the running group, if there is one yet (a run that has
/// not started its process yet kills it as soon as it does).
pub fn cancel_run(cancel: &AtomicBool, pgid: &Mutex<Option<i32>>) {
    cancel.store(true, Ordering::SeqCst);
    if let Some(pgid) = *pgid.lock().expect("pgid") {
        kill_group(pgid);
    }
}

/// Runs `training.finetune` as `plan` says, in its own process group, `TMPDIR` inside the
/// private work folder, each output line to `on_line`; returns the exit status (`None`: killed
/// by a signal). `pgid` holds the running group for a cancel; `cancel` already set kills it at
/// once.
pub fn run_finetune(
    plan: &LearnPlan,
    cancel: &AtomicBool,
    pgid: &Mutex<Option<i32>>,
    on_line: &dyn Fn(&str),
) -> Result<Option<i32>, String> {
    use std::os::unix::process::CommandExt;
    if !plan.python.is_file() {
        return Err(format!(
            "{} not found: the training environment is missing (run training/setup.sh)",
            plan.python.display()
        ));
    }
    let tmp = plan.work.join("tmp");
    deid::fsutil::create_private_dir_all(&tmp).map_err(|e| e.to_string())?;
    let mut command = Command::new(&plan.python);
    // SAFETY: prctl(2) is async-signal-safe; it only asks the kernel to kill the child when this
    // thread ends (the app quit or crashed), since its own process group outlives the app
    unsafe {
        command.pre_exec(|| {
            libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL);
            Ok(())
        });
    }
    let mut child = command
        .args(plan.args())
        .current_dir(&plan.checkout)
        .env("PYTHONUNBUFFERED", "1")
        .env("ORT_DISABLE_TELEMETRY", "1")
        .env("TMPDIR", &tmp)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .process_group(0)
        .spawn()
        .map_err(|e| format!("{}: {e}", plan.python.display()))?;
    *pgid.lock().expect("pgid") = Some(child.id() as i32);
    if cancel.load(Ordering::SeqCst) {
        kill_group(child.id() as i32);
    }
    let (tx, rx) = mpsc::channel::<String>();
    let readers: Vec<_> = [
        child
            .stdout
            .take()
            .map(|s| Box::new(s) as Box<dyn Read + Send>),
        child
            .stderr
            .take()
            .map(|s| Box::new(s) as Box<dyn Read + Send>),
    ]
    .into_iter()
    .flatten()
    .map(|r| {
        let tx = tx.clone();
        std::thread::spawn(move || {
            for line in BufReader::new(r).split(b'\n').map_while(Result::ok) {
                if let Some(l) = clean_line(&String::from_utf8_lossy(&line)) {
                    if tx.send(l).is_err() {
                        break;
                    }
                }
            }
        })
    })
    .collect();
    drop(tx);
    for line in rx {
        on_line(&line);
    }
    for r in readers {
        let _ = r.join();
    }
    let status = child.wait().map_err(|e| e.to_string());
    *pgid.lock().expect("pgid") = None;
    let status = status?;
    Ok(status.code())
}

/// The folder name of a job's temporary folder (`deid-learn-PID-NANOS`) → PID.
pub fn work_dir_pid(name: &str) -> Option<u32> {
    name.strip_prefix("deid-learn-")?
        .split('-')
        .next()?
        .parse()
        .ok()
}

/// Removes the temporary folders (exported gold) of jobs whose app is gone (it crashed, or quit
/// while learning): the next job cleans up after them.
fn remove_stale_work_dirs() {
    for e in std::fs::read_dir(std::env::temp_dir())
        .into_iter()
        .flatten()
        .flatten()
    {
        let name = e.file_name().to_string_lossy().into_owned();
        if let Some(pid) = work_dir_pid(&name) {
            if pid != std::process::id() && !Path::new(&format!("/proc/{pid}")).exists() {
                let _ = std::fs::remove_dir_all(e.path());
            }
        }
    }
}

/// A fresh private (0700) temporary folder for one job.
pub(super) fn private_work_dir() -> std::io::Result<PathBuf> {
    use std::os::unix::fs::DirBuilderExt;
    remove_stale_work_dirs();
    let nanos = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_nanos())
        .unwrap_or(0);
    let dir = std::env::temp_dir().join(format!("deid-learn-{}-{nanos}", std::process::id()));
    std::fs::DirBuilder::new().mode(0o700).create(&dir)?;
    Ok(dir)
}

/// Exports `annotator`'s reviewed gold of `corpora` (those with narratives marked done) as i2b2
/// XML into `gold/corpus-ID/` through the store's audited gold export; the number written.
pub fn export_reviewed(
    store: &mut Store,
    corpora: &[CorpusSummary],
    annotator: &str,
    gold: &Path,
) -> CommandResult<usize> {
    let mut n = 0;
    for c in corpora.iter().filter(|c| c.done > 0) {
        let m = store.export_to_new_folder(
            c.id,
            ExportKind::I2b2,
            &gold.join(format!("corpus-{}", c.id)),
            annotator,
            annotator,
        )?;
        n += m.documents;
    }
    Ok(n)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn temporary_folders_name_their_app() {
        assert_eq!(work_dir_pid("deid-learn-4242-1795590000123"), Some(4242));
        assert_eq!(work_dir_pid("deid-learn-test-x-1-2"), None);
        assert_eq!(work_dir_pid("deid-finetune-abc"), None);
    }
}
