//! The definitions Rust, JavaScript and Python share (PHI categories, hotkeys, the model's labels and
//! feature columns, causality information keys) are written once, in `definitions/definitions.toml`,
//! and `definitions/generate.py` writes the three modules. These tests fail when a checked-in module
//! is not what the generator makes of the TOML file (a generated file edited by hand, or the TOML
//! file edited without regenerating), and when the shipped model disagrees with the definitions.

use deid::definitions::{FEATURE_NAMES, LABELS};
use std::path::{Path, PathBuf};
use std::process::Command;

const REGENERATE: &str = "python3 definitions/generate.py";
const GENERATED: [&str; 3] = [
    "crates/deid/src/definitions.rs",
    "ui/app/js/definitions.js",
    "training/definitions.py",
];
const MODEL: &str = "models/deid-bilstm-v2";

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Runs the generator into `dir`; the files it says it wrote.
fn generate_into(dir: &Path) -> Vec<String> {
    generate(&root().join("definitions/generate.py"), dir)
}

/// Runs the generator `script` (which reads the `definitions.toml` beside it) into `dir`.
fn generate(script: &Path, dir: &Path) -> Vec<String> {
    let out = Command::new("python3")
        .arg(script)
        .arg("--out-dir")
        .arg(dir)
        .output()
        .unwrap_or_else(|e| panic!("python3 (3.11+) runs definitions/generate.py: {e}"));
    assert!(
        out.status.success(),
        "definitions/generate.py failed:\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(str::to_string)
        .collect()
}

/// The generated files under `fresh` whose bytes differ from (or are missing under) `checked_in`.
fn stale(fresh: &Path, checked_in: &Path) -> Vec<&'static str> {
    GENERATED
        .into_iter()
        .filter(|rel| {
            let new = std::fs::read(fresh.join(rel)).unwrap();
            std::fs::read(checked_in.join(rel)).ok() != Some(new)
        })
        .collect()
}

#[test]
fn checked_in_modules_are_what_the_definitions_generate() {
    let tmp = tempfile::tempdir().unwrap();
    assert_eq!(generate_into(tmp.path()), GENERATED);
    let stale = stale(tmp.path(), &root());
    assert!(
        stale.is_empty(),
        "{stale:?} differ from what definitions/definitions.toml generates: edit the TOML file \
         (never a generated file), then run `{REGENERATE}` from the repository root"
    );
}

#[test]
fn an_edited_generated_module_is_stale() {
    // the comparison above must see a one-byte change in any of the files
    let fresh = tempfile::tempdir().unwrap();
    generate_into(fresh.path());
    for rel in GENERATED {
        let copy = tempfile::tempdir().unwrap();
        generate_into(copy.path());
        let path = copy.path().join(rel);
        let mut bytes = std::fs::read(&path).unwrap();
        bytes.push(b'\n');
        std::fs::write(&path, bytes).unwrap();
        assert_eq!(stale(fresh.path(), copy.path()), [rel]);
    }
}

#[test]
fn a_category_changed_in_the_definitions_changes_every_module() {
    // the generator reads the TOML file it sits beside: a changed category reaches all three files
    let tmp = tempfile::tempdir().unwrap();
    let defs = tmp.path().join("definitions");
    std::fs::create_dir(&defs).unwrap();
    std::fs::copy(
        root().join("definitions/generate.py"),
        defs.join("generate.py"),
    )
    .unwrap();
    let toml = std::fs::read_to_string(root().join("definitions/definitions.toml")).unwrap();
    let changed = toml.replace("type = \"HEALTHPLAN\"", "type = \"INSURANCE\"");
    assert_ne!(changed, toml);
    std::fs::write(defs.join("definitions.toml"), changed).unwrap();
    assert_eq!(generate(&defs.join("generate.py"), tmp.path()), GENERATED);
    assert_eq!(stale(tmp.path(), &root()), GENERATED);
}

#[test]
fn the_shipped_model_uses_the_defined_labels_and_features() {
    // a model's outputs and inputs are positional: the definitions follow the shipped model
    let read = |file: &str| -> serde_json::Value {
        let path = root().join(MODEL).join(file);
        serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap()
    };
    let meta = read("metadata.json");
    assert_eq!(
        meta["feature_names"],
        serde_json::json!(FEATURE_NAMES),
        "{MODEL}/metadata.json feature_names differ from definitions/definitions.toml [model].features"
    );
    assert_eq!(
        meta["labels"],
        serde_json::json!(LABELS),
        "{MODEL}/metadata.json labels differ from definitions/definitions.toml (SAFE, then the categories' TYPEs)"
    );
    assert_eq!(read("parity.json")["labels"], serde_json::json!(LABELS));
}
