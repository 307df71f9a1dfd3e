//! What the end-to-end tests and the window bench share: `tauri-driver` started on its own ports
//! with the app's environment, a WebDriver session on the real window, and small helpers (run a
//! script, wait for a condition, real keys and clicks, screenshots, the import dialog).
//! `tests/e2e/e2e.rs` includes it as a module, `src-tauri/benches/window.rs` by path.
#![allow(dead_code)] // each includer uses a part

use fantoccini::{Client, ClientBuilder, Locator};
use serde_json::{json, Value};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

pub const CTRL: &str = "\u{E009}";
pub const SHIFT: &str = "\u{E008}";
pub const ENTER: &str = "\u{E007}";
pub const ESCAPE: &str = "\u{E00C}";
pub const UP: &str = "\u{E013}";
pub const DOWN: &str = "\u{E015}";

pub fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .unwrap()
        .to_path_buf()
}

pub fn fixtures() -> PathBuf {
    repo().join("tests/e2e/fixtures")
}

/// `tauri-driver` on its own ports, with the app's environment (database, no demo, rules only).
pub struct Driver {
    child: Child,
    port: u16,
}

impl Driver {
    /// The app in rules-only mode (fast, the same decisions on every machine).
    pub fn start(port: u16, db: &Path) -> Driver {
        Driver::start_with(port, db, true)
    }

    /// The app as a user gets it: hybrid, the shipped model loaded through ONNX Runtime.
    pub fn start_hybrid(port: u16, db: &Path) -> Driver {
        Driver::start_with(port, db, false)
    }

    pub fn start_with(port: u16, db: &Path, rules_only: bool) -> Driver {
        let exe = which("tauri-driver").expect(
            "tauri-driver not found: cargo install tauri-driver --version ^2 --locked (./studio test does)",
        );
        let child = Command::new(exe)
            .args([
                "--port",
                &port.to_string(),
                "--native-port",
                &(port + 1).to_string(),
            ])
            .env("DEID_DB", db)
            .env("DEID_DEMO", "none")
            .env("DEID_RULES_ONLY", if rules_only { "1" } else { "0" })
            .env("DEID_ANNOTATOR", "e2e")
            .stdout(Stdio::null())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("start tauri-driver");
        let t = Instant::now();
        while TcpStream::connect(("127.0.0.1", port)).is_err() {
            assert!(
                t.elapsed() < Duration::from_secs(20),
                "tauri-driver did not listen on {port}"
            );
            std::thread::sleep(Duration::from_millis(100));
        }
        Driver { child, port }
    }

    pub async fn session(&self) -> Client {
        let c = self.connect().await;
        wait_js(
            &c,
            "document.body.dataset.ready === 'true'",
            "the app to start",
        )
        .await;
        c
    }

    /// A session on a window that may still wait for something (a passphrase) before it is ready.
    pub async fn connect(&self) -> Client {
        let mut caps = serde_json::Map::new();
        caps.insert("browserName".into(), json!("wry"));
        caps.insert(
            "tauri:options".into(),
            json!({ "application": env!("CARGO_BIN_EXE_deid-studio") }),
        );
        let c = ClientBuilder::native()
            .capabilities(caps)
            .connect(&format!("http://127.0.0.1:{}", self.port))
            .await
            .expect("WebDriver session");
        c
    }
}

impl Drop for Driver {
    /// SIGTERM first: tauri-driver then stops its WebKitWebDriver (a SIGKILL would orphan it).
    fn drop(&mut self) {
        let _ = Command::new("kill")
            .args(["-TERM", &self.child.id().to_string()])
            .status();
        let t = Instant::now();
        while t.elapsed() < Duration::from_secs(5) {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

pub fn which(name: &str) -> Option<PathBuf> {
    let mut dirs: Vec<PathBuf> = std::env::var_os("PATH")
        .map(|p| std::env::split_paths(&p).collect())
        .unwrap_or_default();
    if let Some(home) = std::env::var_os("HOME") {
        dirs.push(PathBuf::from(home).join(".cargo/bin"));
    }
    dirs.into_iter().map(|d| d.join(name)).find(|p| p.is_file())
}

pub async fn js(c: &Client, expr: &str) -> Value {
    c.execute(&format!("return ({expr});"), vec![])
        .await
        .unwrap_or_else(|e| panic!("script {expr}: {e}"))
}

/// Poll until a JavaScript expression is truthy (10 s).
pub async fn wait_js(c: &Client, expr: &str, what: &str) {
    let t = Instant::now();
    loop {
        if let Ok(v) = c.execute(&format!("return !!({expr});"), vec![]).await {
            if v == json!(true) {
                return;
            }
        }
        if t.elapsed() > Duration::from_secs(10) {
            let snap = c
                .execute(
                    "return window.deidStudio ? window.deidStudio.snapshot() : 'no app state';",
                    vec![],
                )
                .await
                .ok();
            let msg = c
                .execute(
                    "return document.getElementById('sb-msg')?.textContent;",
                    vec![],
                )
                .await
                .ok();
            let _ = shot(c, &format!("FAILED-{}", slug(what))).await;
            panic!("timed out waiting for {what} ({expr}); state {snap:?}; message {msg:?}");
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

pub fn slug(s: &str) -> String {
    s.chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '-' })
        .take(40)
        .collect()
}

pub async fn snapshot(c: &Client) -> Value {
    let s = js(c, "window.deidStudio.snapshot()").await;
    serde_json::from_str(s.as_str().expect("snapshot is a JSON string")).unwrap()
}

/// Real key events to the narrative (it has the keyboard focus in review mode).
pub async fn keys(c: &Client, k: &str) {
    let nar = c.find(Locator::Css("#narrative")).await.unwrap();
    nar.send_keys(k)
        .await
        .unwrap_or_else(|e| panic!("keys {k:?}: {e}"));
}

pub async fn click(c: &Client, css: &str) {
    c.find(Locator::Css(css))
        .await
        .unwrap_or_else(|e| panic!("find {css}: {e}"))
        .click()
        .await
        .unwrap_or_else(|e| panic!("click {css}: {e}"));
}

pub async fn type_into(c: &Client, css: &str, text: &str) {
    c.find(Locator::Css(css))
        .await
        .unwrap_or_else(|e| panic!("find {css}: {e}"))
        .send_keys(text)
        .await
        .unwrap_or_else(|e| panic!("type into {css}: {e}"));
}

/// Put `path` into the export dialog's folder field (replacing what is there).
pub async fn set_folder(c: &Client, path: &str) {
    js(
        c,
        &format!(
            "(document.getElementById('exp-folder').value = {}, 1)",
            json!(path)
        ),
    )
    .await;
}

pub async fn shot(c: &Client, name: &str) -> PathBuf {
    let dir = repo().join("target/e2e-screenshots");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(format!("{name}.png"));
    // let the window paint what the DOM now holds (a fresh window may not have painted yet)
    let _ = c
        .execute(
            "return new Promise(r => requestAnimationFrame(() => requestAnimationFrame(() => r(true))));",
            vec![],
        )
        .await;
    tokio::time::sleep(Duration::from_millis(300)).await;
    match c.screenshot().await {
        Ok(png) => std::fs::write(&path, png).unwrap(),
        Err(e) => eprintln!("screenshot {name}: {e}"),
    }
    path
}

pub fn has_span(snap: &Value, start: u64, end: u64, kind: &str) -> bool {
    snap["spans"]
        .as_array()
        .unwrap()
        .iter()
        .any(|s| s["start"] == json!(start) && s["end"] == json!(end) && s["kind"] == json!(kind))
}

pub fn span_js(start: u64, end: u64, kind: &str) -> String {
    format!(
        "window.deidStudio.state.spans.some(s => s.start === {start} && s.end === {end} && s.kind === '{kind}')"
    )
}

pub async fn import_folder(c: &Client, kind: &str, path: &Path) {
    click(c, "#btn-import").await;
    click(c, &format!("#imp-kind option[value='{kind}']")).await;
    type_into(c, "#imp-path", &path.display().to_string()).await;
    click(c, "#imp-start").await;
}

/// (start, end, TYPE) of an expected-tags file.
pub fn expected(name: &str) -> Vec<(usize, usize, String)> {
    std::fs::read_to_string(fixtures().join("expected").join(name))
        .unwrap()
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            (
                f[0].parse().unwrap(),
                f[1].parse().unwrap(),
                f[2].to_string(),
            )
        })
        .collect()
}

pub fn exported_tags(path: &Path) -> Vec<(usize, usize, String)> {
    let doc = deid::i2b2::read_file(path).unwrap_or_else(|e| panic!("{e}"));
    let mut tags: Vec<_> = doc
        .tags
        .iter()
        .map(|t| {
            (
                t.span.start,
                t.span.end,
                t.span.kind.type_name().to_string(),
            )
        })
        .collect();
    tags.sort();
    tags
}
