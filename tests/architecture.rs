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
    if let Some(r) = rel.strip_prefix("src/") {
        out.push(r.to_string());
    }
    if let Some(module) = rel.strip_prefix("src/").and_then(|m| m.strip_suffix(".rs")) {
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
    walk(&root().join("src-tauri/src"), &[".rs"], &mut files);
    walk(&root().join("ui/app/js"), &[".js"], &mut files);
    walk(&root().join("training"), &[".py", ".sh"], &mut files);
    walk(&root().join("lexicons"), &[".py", ".sh"], &mut files);
    walk(&root().join("tests"), &[".rs"], &mut files);
    walk(&root().join("python"), &[".rs", ".py", ".sh"], &mut files);
    walk(&root().join("definitions"), &[".py", ".toml"], &mut files);
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
