//! Real files through the native dialog, in the real window: "Choose file…" opens GTK's file
//! chooser (Tauri's dialog plugin), driven here as a user would, by typing the path into it
//! (xdotool, under the same virtual display). A semicolon-separated Windows-1252 CSV, as Excel
//! writes it, shows its encoding, delimiter, columns and first rows before the import, and
//! imports with its accents intact; importing the same file again asks first; an E2B(R3) ICSR
//! chosen the same way imports its case narrative under its safety report id. The app runs
//! hybrid here, with the shipped model loaded. The database,
//! read by this test while the app runs, holds everything the app shows.

use super::*;
use deid_store::Store;

/// Waits for the native chooser titled `title`, types `path` into it and presses enter. The app
/// opens the chooser once more when GTK's dialog process dies before answering (it has, under
/// Xvfb): the path then goes into the new one, as a user would type it again.
fn choose_in_native_dialog(title: &str, path: &Path) {
    let xdotool = which("xdotool")
        .expect("xdotool not found: apt-get install xdotool (./studio test installs it)");
    let xdo = |args: &[&str]| -> Result<String, String> {
        let out = Command::new(&xdotool)
            .args(args)
            .output()
            .expect("xdotool runs");
        if out.status.success() {
            Ok(String::from_utf8_lossy(&out.stdout).trim().to_string())
        } else {
            Err(format!(
                "xdotool {args:?}: {}",
                String::from_utf8_lossy(&out.stderr)
            ))
        }
    };
    // the chooser is a window of its own (GTK), not part of the web page
    let find = |within: Duration, not: Option<&str>| -> Option<String> {
        let t = Instant::now();
        loop {
            let found = xdo(&["search", "--onlyvisible", "--name", title])
                .unwrap_or_default()
                .lines()
                .find(|w| Some(*w) != not)
                .map(str::to_string);
            if found.is_some() || t.elapsed() > within {
                return found;
            }
            std::thread::sleep(Duration::from_millis(200));
        }
    };
    let type_into = |window: &str| -> Result<(), String> {
        // no window manager under Xvfb: give the chooser the keyboard ourselves
        std::thread::sleep(Duration::from_millis(500));
        xdo(&["windowfocus", "--sync", window])?;
        // ctrl+L opens the chooser's location field; the path, then enter, chooses it
        xdo(&["key", "--window", window, "--clearmodifiers", "ctrl+l"])?;
        std::thread::sleep(Duration::from_millis(300));
        let typed = path.display().to_string();
        xdo(&["type", "--window", window, "--delay", "20", &typed])?;
        std::thread::sleep(Duration::from_millis(300));
        xdo(&["key", "--window", window, "Return"]).map(drop)
    };
    let mut window = find(Duration::from_secs(20), None)
        .unwrap_or_else(|| panic!("the native dialog {title:?} did not open"));
    for attempt in 1..=2 {
        let typed = type_into(&window);
        // a dialog that died is opened again by the app, as a new window
        match find(Duration::from_secs(4), Some(&window)) {
            Some(again) if attempt == 1 => {
                eprintln!("the native dialog opened again ({typed:?}); typing into the new one");
                window = again;
            }
            Some(_) => panic!("the native dialog {title:?} kept opening again"),
            None => {
                typed.expect("typing into the native dialog");
                return;
            }
        }
    }
}

/// Excel's "CSV (semicolon)" on Windows: `;`, Windows-1252, CRLF, quotes around a field that
/// holds the delimiter.
const EXCEL_CSV: &[u8] = b"VAERS_ID;SYMPTOM_TEXT;STATE\r\n\
    2001;\"Fi\xe8vre \xe0 39 \xb0C; c\xe9phal\xe9e apr\xe8s la 2e dose. Vu par Dr Lef\xe8vre.\";FR\r\n\
    2002;Naus\xe9es et vertiges le 3 mars 2021.;BE\r\n";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs a display, tauri-driver, WebKitWebDriver and xdotool: ./studio test runs it under xvfb-run"]
async fn import_through_the_native_dialog_an_excel_csv_and_an_e2b_file() {
    let tmp = tempfile::tempdir().unwrap();
    // the inputs lie beside the database: the chooser lists that folder. In the app's own
    // process that dropped SQLite's locks, and this test's reading of the database then deleted
    // the write-ahead log the app was still writing to (the second import was lost); the
    // chooser now runs in a child process (src-tauri/src/files.rs)
    let db = tmp.path().join("files.db");
    let inputs = tmp.path().to_path_buf();
    let csv = inputs.join("excel-export.csv");
    std::fs::write(&csv, EXCEL_CSV).unwrap();
    let e2b = inputs.join("icsr-r3.xml");
    std::fs::copy(repo().join("tests/fixtures/e2b/r3_single.xml"), &e2b).unwrap();

    // hybrid: the shipped model pre-annotates what comes in through the dialog
    let driver = Driver::start_hybrid(4960, &db);
    let c = driver.session().await;
    wait_js(
        &c,
        "document.getElementById('sb-model').textContent.includes('deid-bilstm')",
        "the model to load (hybrid)",
    )
    .await;

    // ---- the CSV, chosen in the native dialog
    click(&c, "#btn-import").await;
    click(&c, "#imp-browse-file").await;
    choose_in_native_dialog("Import narratives from a file", &csv);
    wait_js(
        &c,
        &format!(
            "document.getElementById('imp-path').value === {}",
            json!(csv.display().to_string())
        ),
        "the chosen file in the import dialog",
    )
    .await;
    wait_js(
        &c,
        "!document.getElementById('imp-preview').classList.contains('hidden')",
        "the CSV preview",
    )
    .await;
    let preview = js(&c, "document.getElementById('imp-preview').textContent").await;
    let preview = preview.as_str().unwrap();
    assert!(
        preview.contains("windows-1252") && preview.contains("semicolon"),
        "{preview}"
    );
    assert!(
        preview.contains("Fièvre à 39 °C; céphalée") && preview.contains("Nausées"),
        "{preview}"
    );
    assert_eq!(
        js(&c, "document.getElementById('imp-kind').value").await,
        json!("csv")
    );
    assert_eq!(
        js(&c, "document.getElementById('imp-text-col').value").await,
        json!("SYMPTOM_TEXT")
    );
    shot(&c, "42-import-preview").await;
    click(&c, "#imp-start").await;
    wait_js(
        &c,
        "window.deidStudio.state.doc && window.deidStudio.state.doc.external_id === '2001'",
        "the imported CSV's first narrative",
    )
    .await;
    let text = js(&c, "window.deidStudio.state.doc.text").await;
    assert_eq!(
        text,
        json!("Fièvre à 39 °C; céphalée après la 2e dose. Vu par Dr Lefèvre.")
    );
    // pre-annotated by the hybrid engine: the model's probabilities, the doctor's name masked
    assert_eq!(
        js(&c, "window.deidStudio.state.doc.pre.mode").await,
        json!("hybrid")
    );
    let snap = snapshot(&c).await;
    assert!(has_span(&snap, 53, 60, "DOCTOR"), "{snap}");

    // ---- the same file again: the dialog says when it came before and asks
    click(&c, "#btn-import").await;
    // the path typed in (replacing what the field holds), as a user may type it
    js(
        &c,
        &format!(
            "(() => {{ const p = document.getElementById('imp-path'); p.value = {}; p.dispatchEvent(new Event('change')); return 1; }})()",
            json!(csv.display().to_string())
        ),
    )
    .await;
    click(&c, "#imp-kind option[value='csv']").await;
    click(&c, "#imp-start").await;
    wait_js(
        &c,
        "!document.getElementById('imp-again').classList.contains('hidden')",
        "the question about importing the same file again",
    )
    .await;
    let again = js(&c, "document.getElementById('imp-again').textContent").await;
    assert!(
        again
            .as_str()
            .unwrap()
            .contains("imported before as “excel-export”"),
        "{again}"
    );
    assert_eq!(
        Store::open(&db).unwrap().corpora().unwrap().len(),
        1,
        "asking imported nothing"
    );
    click(&c, "#imp-start").await;
    wait_js(
        &c,
        "window.deidStudio.state.corpora.length === 2 && document.getElementById('import-overlay').classList.contains('hidden')",
        "the second import to finish",
    )
    .await;
    let names: Vec<String> = Store::open(&db)
        .unwrap()
        .corpora()
        .unwrap()
        .into_iter()
        .map(|c| c.name)
        .collect();
    assert_eq!(
        names,
        ["excel-export", "excel-export (2)"],
        "the database holds what the app shows ({})",
        js(&c, "JSON.stringify(window.deidStudio.state.corpora)").await
    );

    // ---- an E2B(R3) file, chosen in the native dialog: its kind follows the file
    click(&c, "#btn-import").await;
    click(&c, "#imp-kind option[value='txt']").await;
    click(&c, "#imp-browse-file").await;
    choose_in_native_dialog("Import narratives from a file", &e2b);
    wait_js(
        &c,
        "document.getElementById('imp-kind').value === 'e2b'",
        "the E2B file to choose the E2B kind",
    )
    .await;
    click(&c, "#imp-start").await;
    wait_js(
        &c,
        "window.deidStudio.state.doc && window.deidStudio.state.doc.external_id === 'SE-MPA-2026-004711'",
        "the E2B report's narrative",
    )
    .await;
    let text = js(&c, "window.deidStudio.state.doc.text").await;
    assert!(
        text.as_str().unwrap().starts_with("Patient Åsa Lindqvist"),
        "{text}"
    );
    c.close().await.unwrap();
}
