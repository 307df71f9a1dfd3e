//! The model list (`models/*/metadata.json`) and the saved model choice (the settings file).

use crate::error::CommandResult;
use serde::Serialize;
use serde_json::Value;
use std::path::Path;

/// One model directory (`models/*/metadata.json`).
#[derive(Serialize, Clone, Debug, PartialEq)]
pub struct ModelInfo {
    pub name: String,
    pub version: String,
    pub dir: String,
    /// The engine uses it (or is loading it) now.
    pub in_use: bool,
    /// Created by fine-tuning in Deid Studio or `training.finetune` (else shipped / trained).
    pub fine_tuned: bool,
    /// The model it was fine-tuned from.
    pub base: Option<String>,
    pub created: Option<String>,
    /// It has `checkpoint.pt`, so it can be fine-tuned further.
    pub can_learn: bool,
}

fn same_dir(a: &Path, b: &Path) -> bool {
    match (a.canonicalize(), b.canonicalize()) {
        (Ok(x), Ok(y)) => x == y,
        _ => a == b,
    }
}

/// The model in `dir`, or `None` without a readable `metadata.json`.
pub fn read_model(dir: &Path, in_use: &Path) -> Option<ModelInfo> {
    let text = std::fs::read_to_string(dir.join("metadata.json")).ok()?;
    let m: Value = serde_json::from_str(&text).ok()?;
    let base = m["training"]["fine_tuned_from"]["name"]
        .as_str()
        .map(String::from);
    Some(ModelInfo {
        name: m["name"].as_str().map(String::from).unwrap_or_else(|| {
            dir.file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_default()
        }),
        version: m["version"].as_str().unwrap_or("").into(),
        dir: dir.display().to_string(),
        in_use: same_dir(dir, in_use),
        fine_tuned: base.is_some(),
        base,
        created: m["created"].as_str().map(String::from),
        can_learn: dir.join("checkpoint.pt").is_file(),
    })
}

/// Every model under `root` (hidden folders, such as a fine-tuning's staging, left out), plus
/// the one in use and those of `also` (the configured model: `DEID_MODEL` or the shipped one)
/// where they live elsewhere; shipped models first, then the newest first.
pub fn list_models_in(root: &Path, in_use: &Path, also: &[&Path]) -> Vec<ModelInfo> {
    let mut out: Vec<ModelInfo> = std::fs::read_dir(root)
        .into_iter()
        .flatten()
        .flatten()
        .filter(|e| !e.file_name().to_string_lossy().starts_with('.'))
        .filter(|e| e.path().is_dir())
        .filter_map(|e| read_model(&e.path(), in_use))
        .collect();
    for dir in std::iter::once(in_use).chain(also.iter().copied()) {
        if !out.iter().any(|m| same_dir(Path::new(&m.dir), dir)) {
            if let Some(m) = read_model(dir, in_use) {
                out.push(m);
            }
        }
    }
    out.sort_by(|a, b| {
        a.fine_tuned
            .cmp(&b.fine_tuned)
            .then_with(|| b.created.cmp(&a.created))
            .then_with(|| a.name.cmp(&b.name))
    });
    out
}

pub(super) fn read_json(path: &Path) -> Option<Value> {
    serde_json::from_str(&std::fs::read_to_string(path).ok()?).ok()
}

/// The settings file as a JSON object (empty when missing or unreadable).
pub(super) fn read_settings(path: &Path) -> serde_json::Map<String, Value> {
    read_json(path)
        .and_then(|v| v.as_object().cloned())
        .unwrap_or_default()
}

pub(super) fn save_model_choice(path: &Path, dir: &Path) -> CommandResult<()> {
    let mut s = read_settings(path);
    s.insert("model".into(), Value::String(dir.display().to_string()));
    if let Some(parent) = path.parent() {
        deid::fsutil::create_private_dir_all(parent)?;
    }
    let text = serde_json::to_string_pretty(&Value::Object(s))?;
    deid::fsutil::write_atomic(
        path,
        text.as_bytes(),
        deid::fsutil::Durability::ProcessCrash,
    )?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::learn::test_support::tmp;

    #[test]
    fn a_model_in_use_outside_the_models_folder_is_listed_too() {
        let root = tmp("outside");
        let elsewhere = root.join("elsewhere/m");
        std::fs::create_dir_all(&elsewhere).unwrap();
        std::fs::write(elsewhere.join("metadata.json"), r#"{"name": "m"}"#).unwrap();
        std::fs::create_dir_all(root.join("models")).unwrap();
        let list = list_models_in(&root.join("models"), &elsewhere, &[]);
        assert_eq!(list.len(), 1);
        assert!(list[0].in_use);
        // the configured model stays selectable when another one is in use
        let mine = root.join("models/mine");
        std::fs::create_dir_all(&mine).unwrap();
        std::fs::write(
            mine.join("metadata.json"),
            r#"{"name": "mine", "training": {"fine_tuned_from": {"name": "m"}}}"#,
        )
        .unwrap();
        let list = list_models_in(&root.join("models"), &mine, &[&elsewhere]);
        let names: Vec<_> = list.iter().map(|m| (m.name.as_str(), m.in_use)).collect();
        assert_eq!(names, [("m", false), ("mine", true)]);
        std::fs::remove_dir_all(&root).unwrap();
    }

    #[test]
    fn the_model_choice_is_saved_beside_other_settings() {
        let root = tmp("settings");
        let path = root.join("conf/settings.json");
        std::fs::create_dir_all(root.join("conf")).unwrap();
        std::fs::write(&path, r#"{"theme": "dark"}"#).unwrap();
        save_model_choice(&path, Path::new("/m/mine")).unwrap();
        let s = read_settings(&path);
        assert_eq!(s["model"], "/m/mine");
        assert_eq!(s["theme"], "dark");
        std::fs::remove_dir_all(&root).unwrap();
    }
}
