//! Real files: the native open / choose-folder dialogs (GTK's file chooser, through `rfd`), the
//! preview of a CSV file before its import (the engine's reader: the same encoding, delimiter
//! and columns the import will use), and earlier imports of the same path. Paths go back to the
//! UI, which puts them in the import and export dialogs; a dropped file arrives there through
//! the window's own drag-and-drop event.
//!
//! The dialog runs in a child process (this binary with `--choose-path`), never in the app's:
//! GTK reads the files of every folder it lists (to tell their types), and a process that opens
//! and closes `annotations.db` outside SQLite drops SQLite's POSIX locks on it ("How To Corrupt
//! An SQLite Database File", 2.2). Another program opening the database would then take itself
//! for its last user and delete the write-ahead log the app is still writing to: that work
//! would be lost. Seen in the end-to-end test when the chooser listed the database's folder.

use crate::error::{CommandError, CommandResult};
use crate::AppState;
use deid_store::ImportedBefore;
use serde::{Deserialize, Serialize};
use std::path::PathBuf;
use tauri::State;

/// The argument that makes this binary show one dialog and print the chosen path.
pub const CHOOSER_ARG: &str = "--choose-path";

/// What a dialog chooses.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Pick {
    /// One file to import: a CSV, an i2b2 or E2B XML file, or a text file.
    ImportFile,
    /// A folder of .txt, i2b2 or E2B files to import.
    ImportFolder,
    /// The (new or empty) folder an export writes into.
    ExportFolder,
}

impl Pick {
    fn name(self) -> &'static str {
        match self {
            Pick::ImportFile => "import-file",
            Pick::ImportFolder => "import-folder",
            Pick::ExportFolder => "export-folder",
        }
    }

    fn parse(s: &str) -> Option<Pick> {
        [Pick::ImportFile, Pick::ImportFolder, Pick::ExportFolder]
            .into_iter()
            .find(|p| p.name() == s)
    }
}

/// In the child process (`deid-studio --choose-path KIND`): shows the dialog, prints the chosen
/// path's bytes on stdout (nothing when cancelled) and returns. `None` when the arguments are
/// not a chooser's (the app starts as usual).
pub fn run_chooser(args: &[std::ffi::OsString]) -> Option<std::process::ExitCode> {
    if args.get(1).map(|a| a.as_os_str()) != Some(std::ffi::OsStr::new(CHOOSER_ARG)) {
        return None;
    }
    let Some(pick) = args.get(2).and_then(|a| a.to_str()).and_then(Pick::parse) else {
        eprintln!("deid-studio: {CHOOSER_ARG} needs import-file, import-folder or export-folder");
        return Some(std::process::ExitCode::from(2));
    };
    let dialog = rfd::FileDialog::new();
    let chosen = match pick {
        Pick::ImportFile => dialog
            .set_title("Import narratives from a file")
            .add_filter("Narratives (CSV, XML, text)", &["csv", "tsv", "xml", "txt"])
            .add_filter("All files", &["*"])
            .pick_file(),
        Pick::ImportFolder => dialog
            .set_title("Import a folder of narratives")
            .pick_folder(),
        Pick::ExportFolder => dialog
            .set_title("Export into a new or empty folder")
            .pick_folder(),
    };
    if let Some(path) = chosen {
        use std::io::Write;
        use std::os::unix::ffi::OsStrExt;
        let mut out = std::io::stdout().lock();
        let _ = out.write_all(path.as_os_str().as_bytes());
        let _ = out.flush();
    }
    // GTK's teardown at exit has crashed under Xvfb (SIGSEGV after the choice was made); the
    // answer is on stdout and flushed, so nothing is left to tear down that the parent needs.
    // SAFETY: `_exit` ends this single-purpose child at once; no state outlives it.
    unsafe { libc::_exit(0) }
}

/// Shows the native dialog (in a child process, see the module's docs) and waits for the user;
/// `None` when they cancel.
#[tauri::command(async)]
pub fn pick_path(pick: Pick) -> CommandResult<Option<String>> {
    let exe = std::env::current_exe().map_err(|e| {
        CommandError::internal(format!("cannot find this program to open a dialog: {e}"))
    })?;
    // GTK's chooser has died from a signal under Xvfb (SIGSEGV) before anything was chosen:
    // the user gets the dialog once more rather than an error for something they did not do
    for attempt in 1..=CHOOSER_ATTEMPTS {
        let out = std::process::Command::new(&exe)
            .args([CHOOSER_ARG, pick.name()])
            .stdin(std::process::Stdio::null())
            .stderr(std::process::Stdio::inherit())
            .output()
            .map_err(|e| CommandError::internal(format!("cannot open the file dialog: {e}")))?;
        match chooser_outcome(&out.status, out.stdout) {
            ChooserOutcome::Chosen(path) => return Ok(path),
            ChooserOutcome::Crashed if attempt < CHOOSER_ATTEMPTS => {
                eprintln!(
                    "deid-studio: the file dialog died ({}); opening it again",
                    out.status
                );
            }
            ChooserOutcome::Crashed | ChooserOutcome::Failed => {
                return Err(CommandError::internal(format!(
                    "the file dialog failed ({})",
                    out.status
                )));
            }
        }
    }
    unreachable!("the last attempt returns")
}

/// How often the chooser opens when it dies from a signal before an answer.
const CHOOSER_ATTEMPTS: usize = 2;

#[derive(Debug, PartialEq)]
enum ChooserOutcome {
    /// The user's answer: a path, or `None` when they cancelled.
    Chosen(Option<String>),
    /// Killed by a signal before it printed a path: worth opening again.
    Crashed,
    /// Exited with an error of its own.
    Failed,
}

/// The child's exit status and stdout, read as the user's answer. A path on stdout is the
/// answer even when the child died afterwards (it prints and flushes as soon as the user chose).
fn chooser_outcome(status: &std::process::ExitStatus, stdout: Vec<u8>) -> ChooserOutcome {
    use std::os::unix::ffi::OsStringExt;
    use std::os::unix::process::ExitStatusExt;
    let path = (!stdout.is_empty())
        .then(|| PathBuf::from(std::ffi::OsString::from_vec(stdout)))
        .map(|p| p.display().to_string());
    if status.success() || (status.signal().is_some() && path.is_some()) {
        ChooserOutcome::Chosen(path)
    } else if status.signal().is_some() {
        ChooserOutcome::Crashed
    } else {
        ChooserOutcome::Failed
    }
}

/// A CSV file's first rows as the import will read them.
#[derive(Serialize, Debug)]
pub struct CsvPreview {
    pub columns: Vec<String>,
    pub rows: Vec<Vec<String>>,
    /// `UTF-8`, `UTF-16LE`, `windows-1252`...
    pub encoding: String,
    /// `comma`, `semicolon` or `tab`.
    pub delimiter: String,
}

/// Rows shown in the import dialog's preview.
const PREVIEW_ROWS: usize = 5;

#[tauri::command(async)]
pub fn csv_preview(path: String) -> CommandResult<CsvPreview> {
    let p = deid::input::csv_preview(&PathBuf::from(path.trim()), PREVIEW_ROWS)?;
    Ok(CsvPreview {
        columns: p.columns,
        rows: p.rows,
        encoding: p.dialect.encoding.to_string(),
        delimiter: match p.dialect.delimiter {
            b';' => "semicolon",
            b'\t' => "tab",
            _ => "comma",
        }
        .to_string(),
    })
}

/// The corpora imported before from this path (as the import records it), for the question
/// "import it again?".
#[tauri::command(async)]
pub fn imported_before(
    state: State<'_, AppState>,
    path: String,
) -> CommandResult<Vec<ImportedBefore>> {
    let source = PathBuf::from(path.trim()).display().to_string();
    Ok(state.store.lock()?.corpora_from(&source)?)
}

/// Writes a report (HTML the UI made: figures and charts, no narrative text) into `folder` as a
/// new file named `name` (letters, digits, `.`, `_`, `-`, ending in `.html`), or `name-2.html`,
/// `name-3.html`... when that is taken: never over an existing file. Returns the path written.
#[tauri::command(async)]
pub fn save_report(folder: String, name: String, html: String) -> CommandResult<String> {
    let folder = PathBuf::from(folder.trim());
    if folder.as_os_str().is_empty() {
        return Err(CommandError::invalid("choose a folder for the report"));
    }
    let stem = name
        .strip_suffix(".html")
        .filter(|s| {
            !s.is_empty()
                && s.chars()
                    .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '_' | '-'))
        })
        .ok_or_else(|| CommandError::invalid(format!("not a report file name: {name:?}")))?;
    if !folder.is_dir() {
        return Err(CommandError::file(&folder, "not a folder"));
    }
    for k in 1..1000 {
        let path = if k == 1 {
            folder.join(format!("{stem}.html"))
        } else {
            folder.join(format!("{stem}-{k}.html"))
        };
        match deid::fsutil::private_options()
            .write(true)
            .create_new(true)
            .open(&path)
        {
            Ok(mut f) => {
                use std::io::Write;
                f.write_all(html.as_bytes())
                    .and_then(|_| f.sync_all())
                    .map_err(|e| {
                        CommandError::file(&path, format!("cannot write the report: {e}"))
                    })?;
                return Ok(path.display().to_string());
            }
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => continue,
            Err(e) => {
                return Err(CommandError::file(
                    &path,
                    format!("cannot write the report: {e}"),
                ))
            }
        }
    }
    Err(CommandError::file(
        &folder,
        "too many reports of that name here",
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_chooser_runs_only_when_asked() {
        let args = |a: &[&str]| a.iter().map(std::ffi::OsString::from).collect::<Vec<_>>();
        assert!(run_chooser(&args(&["deid-studio"])).is_none());
        assert!(run_chooser(&args(&["deid-studio", "--db", "x.db"])).is_none());
        // a kind it does not know is refused before any window opens
        assert_eq!(
            run_chooser(&args(&["deid-studio", CHOOSER_ARG, "everything"])),
            Some(std::process::ExitCode::from(2))
        );
        for p in [Pick::ImportFile, Pick::ImportFolder, Pick::ExportFolder] {
            assert_eq!(Pick::parse(p.name()), Some(p));
        }
    }

    #[test]
    fn a_chooser_that_dies_is_opened_again_unless_the_user_had_chosen() {
        use std::os::unix::process::ExitStatusExt;
        let exited = |code: i32| std::process::ExitStatus::from_raw(code << 8);
        let killed = |signal: i32| std::process::ExitStatus::from_raw(signal);
        let path = b"/home/pv/cases.csv".to_vec();
        assert_eq!(
            chooser_outcome(&exited(0), path.clone()),
            ChooserOutcome::Chosen(Some("/home/pv/cases.csv".into()))
        );
        assert_eq!(
            chooser_outcome(&exited(0), vec![]),
            ChooserOutcome::Chosen(None)
        );
        // SIGSEGV after the answer was flushed: the answer stands
        assert_eq!(
            chooser_outcome(&killed(11), path),
            ChooserOutcome::Chosen(Some("/home/pv/cases.csv".into()))
        );
        assert_eq!(
            chooser_outcome(&killed(11), vec![]),
            ChooserOutcome::Crashed
        );
        assert_eq!(chooser_outcome(&exited(2), vec![]), ChooserOutcome::Failed);
    }

    #[test]
    fn a_report_never_replaces_a_file_and_keeps_to_its_folder() {
        let dir = tempfile::tempdir().unwrap();
        let folder = dir.path().display().to_string();
        let save = |name: &str, html: &str| save_report(folder.clone(), name.into(), html.into());
        let first = save("deid-report-2026-11-24.html", "<p>1</p>").unwrap();
        let second = save("deid-report-2026-11-24.html", "<p>2</p>").unwrap();
        assert!(first.ends_with("deid-report-2026-11-24.html"), "{first}");
        assert!(
            second.ends_with("deid-report-2026-11-24-2.html"),
            "{second}"
        );
        assert_eq!(std::fs::read_to_string(&first).unwrap(), "<p>1</p>");
        for bad in ["../escape.html", "report.txt", "a/b.html", ".html"] {
            assert!(
                matches!(save(bad, "x"), Err(CommandError::Invalid { .. })),
                "{bad}"
            );
        }
        let missing = save_report(
            dir.path().join("nope").display().to_string(),
            "r.html".into(),
            "x".into(),
        );
        assert!(matches!(missing, Err(CommandError::File { .. })));
    }
}
