//! `ARCHITECTURE.md` is the map a newcomer reads first: every source file of the engine, the
//! store, the app, the UI, the training pipeline, the lexicon scripts, the Python package, the shared
//! definitions and the tests must be on it.
//! A file is "on the map" when the page names it in backticks: by its path, or as its module
//! (`recognize/world_date` for `src/recognize/world_date.rs`), or by its file name.

use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn walk(dir: &Path, exts: &[&str], out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let p = e.path();
        let name = p.file_name().unwrap().to_string_lossy().to_string();
        if name.starts_with('.')
            || matches!(
                name.as_str(),
                "__pycache__" | "data" | "runs" | "node_modules" | "fixtures" | "gen"
            )
        {
            continue;
        }
        if p.is_dir() {
            walk(&p, exts, out);
        } else if exts.iter().any(|x| name.ends_with(x)) && name != "__init__.py" {
            out.push(p);
        }
    }
}

/// The names under which `ARCHITECTURE.md` may list `file`.
fn names(file: &Path) -> Vec<String> {
    let rel = file
        .strip_prefix(root())
        .unwrap()
        .to_string_lossy()
        .replace('\\', "/");
    let mut out = vec![
        rel.clone(),
        file.file_name().unwrap().to_string_lossy().to_string(),
    ];
    // a crate's modules are named relative to its src/ folder
    let in_crate = ["crates/deid/src/", "crates/store/src/", "src/"]
        .iter()
        .find_map(|prefix| rel.strip_prefix(prefix));
    if let Some(r) = in_crate {
        out.push(r.to_string());
    }
    if let Some(module) = in_crate.and_then(|m| m.strip_suffix(".rs")) {
        out.push(module.trim_end_matches("/mod").to_string());
        out.push(format!("{}/", module.trim_end_matches("/mod")));
    }
    if let Some(t) = rel.strip_prefix("training/") {
        out.push(t.to_string());
    }
    if let Some(t) = rel.strip_prefix("tests/") {
        out.push(t.to_string());
    }
    out
}

#[test]
fn every_source_file_is_on_the_map() {
    let map = std::fs::read_to_string(root().join("ARCHITECTURE.md")).unwrap();
    let mut files = Vec::new();
    walk(&root().join("src"), &[".rs"], &mut files);
    walk(&root().join("crates"), &[".rs"], &mut files);
    walk(&root().join("src-tauri/src"), &[".rs"], &mut files);
    walk(&root().join("ui/app/js"), &[".js"], &mut files);
    walk(&root().join("training"), &[".py", ".sh"], &mut files);
    walk(&root().join("lexicons"), &[".py", ".sh"], &mut files);
    walk(&root().join("tests"), &[".rs"], &mut files);
    walk(&root().join("python"), &[".rs", ".py", ".sh"], &mut files);
    walk(&root().join("definitions"), &[".py", ".toml"], &mut files);
    walk(&root().join("scripts"), &[".py", ".sh"], &mut files);
    assert!(
        files.len() > 60,
        "the walk found too few files: {}",
        files.len()
    );
    let missing: Vec<String> = files
        .iter()
        .filter(|f| !names(f).iter().any(|n| map.contains(&format!("`{n}`"))))
        .map(|f| f.strip_prefix(root()).unwrap().display().to_string())
        .collect();
    assert!(
        missing.is_empty(),
        "ARCHITECTURE.md does not mention: {missing:?}"
    );
}

/// The engine is a library any program can embed: no command-line, terminal, database or GUI
/// crate may enter its dependency tree (they belong to `deid-cli`, `deid-store`, `deid-studio`).
#[test]
fn the_engine_depends_on_no_terminal_database_or_gui_crate() {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let out = std::process::Command::new(cargo)
        .args([
            "tree",
            "--offline",
            "--locked",
            "-p",
            "deid",
            "-e",
            "normal",
            "--prefix",
            "none",
        ])
        .current_dir(root())
        .output()
        .expect("cargo tree runs");
    assert!(
        out.status.success(),
        "cargo tree failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let tree = String::from_utf8_lossy(&out.stdout);
    assert!(
        tree.lines().count() > 10,
        "the engine's tree is suspiciously small:\n{tree}"
    );
    let forbidden = [
        "clap",
        "indicatif",
        "console",
        "rusqlite",
        "libsqlite3-sys",
        "tauri",
        "gtk",
        "pyo3",
    ];
    let found: Vec<&str> = tree
        .lines()
        .filter(|l| {
            let name = l.split_whitespace().next().unwrap_or("");
            forbidden.contains(&name)
        })
        .collect();
    assert!(found.is_empty(), "the engine crate pulls in {found:?}");
}
