//! The definitions Rust, JavaScript and Python share (PHI categories, hotkeys, the model's labels and
//! feature columns, causality information keys) are written once, in `definitions/definitions.toml`,
//! and `definitions/generate.py` writes the three modules. These tests fail when a checked-in module
//! is not what the generator makes of the TOML file (a generated file edited by hand, or the TOML
//! file edited without regenerating), and when the shipped model disagrees with the definitions.

use deid::definitions::{Feature, RuleReason, FEATURE_NAMES, LABELS};
use std::path::{Path, PathBuf};
use std::process::Command;

const REGENERATE: &str = "python3 definitions/generate.py";
const GENERATED: [&str; 3] = [
    "crates/deid/src/definitions.rs",
    "ui/app/js/definitions.js",
    "training/definitions.py",
];
const MODEL: &str = "models/deid-bilstm-v3";

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
    let stale = generated_after(|t| t.replace("type = \"HEALTHPLAN\"", "type = \"INSURANCE\""));
    assert_eq!(stale, GENERATED);
}

/// Writes `definitions.toml` with `edit` applied, and the generator beside it, under a new
/// temporary folder, runs it there, and returns the generated files that differ from the checked-in ones.
fn generated_after(edit: impl Fn(&str) -> String) -> Vec<&'static str> {
    let tmp = tempfile::tempdir().unwrap();
    let defs = tmp.path().join("definitions");
    std::fs::create_dir(&defs).unwrap();
    std::fs::copy(
        root().join("definitions/generate.py"),
        defs.join("generate.py"),
    )
    .unwrap();
    let toml = std::fs::read_to_string(root().join("definitions/definitions.toml")).unwrap();
    let changed = edit(&toml);
    assert_ne!(changed, toml, "the edit changes nothing");
    std::fs::write(defs.join("definitions.toml"), changed).unwrap();
    assert_eq!(generate(&defs.join("generate.py"), tmp.path()), GENERATED);
    stale(tmp.path(), &root())
}

#[test]
fn a_renamed_feature_changes_rust_and_python() {
    // the rule engine's `Feature::name` is the column name: renamed once, in the TOML file
    let stale = generated_after(|t| t.replace("name = \"is-drug\"", "name = \"is-medication\""));
    assert_eq!(
        stale,
        ["crates/deid/src/definitions.rs", "training/definitions.py"]
    );
}

#[test]
fn a_changed_reason_changes_rust_and_javascript() {
    // the engine's reason names and the app's explanations of them come from one list
    let stale = generated_after(|t| {
        t.replace(
            "explanation = \"no SAFE dictionary knows it\"",
            "explanation = \"unknown to every SAFE dictionary\"",
        )
    });
    assert_eq!(
        stale,
        ["crates/deid/src/definitions.rs", "ui/app/js/definitions.js"]
    );
}

#[test]
fn rule_features_are_named_by_their_model_columns() {
    for f in Feature::ALL {
        assert_eq!(FEATURE_NAMES[f.column()], f.name(), "{f:?}");
        assert_eq!(
            serde_json::to_value(f).unwrap(),
            serde_json::json!(f.name())
        );
    }
    // Meldau's fifteen are the first columns, in order (the shipped model's input)
    for (k, f) in Feature::MELDAU.into_iter().enumerate() {
        assert_eq!(f.column(), k, "{f:?}");
    }
}

#[test]
fn the_app_explains_every_reason_the_engine_gives() {
    // the engine's labels (as the store writes them for the app) name a defined reason, and the
    // app's generated copy lists that reason with the engine's explanation of it
    let js = std::fs::read_to_string(root().join("ui/app/js/definitions.js")).unwrap();
    for kind in RuleReason::ALL {
        let entry = format!("{{ name: '{}', ", kind.name());
        let line = js
            .lines()
            .find(|l| l.trim_start().starts_with(&entry))
            .unwrap_or_else(|| panic!("ui/app/js/definitions.js lacks the reason {}", kind.name()));
        // as the generator writes a JavaScript string
        let js_text = kind
            .explanation()
            .replace('\\', "\\\\")
            .replace('\'', "\\'");
        assert!(line.contains(&js_text), "{line}");
    }
    let engine = deid::deidentify::Deidentifier::rules_only(deid::rules::RuleEngine::embedded());
    let text =
        "Pt seen by Dr Smith on Monday 12/26/2020 at 7:30am in Boston; van der Berg, J. fever";
    let a = engine.annotate(text).unwrap();
    let mut seen = std::collections::BTreeSet::new();
    for r in &a.rules {
        let label = r.reason.label();
        let name = label.split(':').next().unwrap().to_string();
        assert!(
            RuleReason::ALL.iter().any(|k| k.name() == name),
            "{label} is no reason of definitions/definitions.toml"
        );
        seen.insert(name);
    }
    assert!(seen.len() >= 5, "{seen:?}");
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
