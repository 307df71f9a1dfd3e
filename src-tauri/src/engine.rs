//! The engine as the app uses it: hybrid when the model loads, rules-only otherwise, and the
//! conversion of an engine [`Annotation`] into what the store keeps per token.

use crate::config::Config;
use deid::deidentify::{Deidentifier, Mode};
use deid::model::DeepModel;
use deid::rules::RuleEngine;
/// How the store turns an annotation into per-token probabilities and rule labels.
pub use deid_store::token_probs;
use serde::Serialize;
use std::sync::{Arc, Mutex, RwLock};

/// |p_safe - threshold| under this marks a token uncertain (the store counts them, the UI marks
/// them and `n`/`p` walk them).
pub const UNCERTAIN_MARGIN: f32 = 0.05;

pub struct Engine {
    pub deid: Deidentifier,
    pub info: EngineInfo,
}

/// What the status bar says about the engine.
#[derive(Serialize, Clone, Debug)]
pub struct EngineInfo {
    /// `hybrid` or `rules-only`.
    pub mode: String,
    /// "deid-bilstm 1.0.0 on CPU", or "rules" without a model.
    pub model: String,
    /// `CPU` or `CUDA` (where the model runs); `none` in rules-only mode.
    pub provider: String,
    /// Why the model is not used (missing directory, ONNX Runtime not loadable) or why CUDA fell
    /// back to the CPU.
    pub note: Option<String>,
    pub uncertain_margin: f32,
}

/// The engine the app uses now: loaded in the background at start, replaced (in the background
/// too) when the user chooses another model (`learn::use_model`). A job keeps the engine it
/// started with until it ends; the next one gets the new engine.
#[derive(Default)]
pub struct EngineSlot {
    current: RwLock<Option<Arc<Engine>>>,
    /// Held while the first engine loads, so that it loads once.
    first: Mutex<()>,
}

impl EngineSlot {
    /// The engine, or `None` while the first one still loads.
    pub fn get(&self) -> Option<Arc<Engine>> {
        self.current.read().expect("engine slot").clone()
    }

    /// The engine, loading it with `load` if there is none yet (once, whoever asks first).
    pub fn get_or_init(&self, load: impl FnOnce() -> Engine) -> Arc<Engine> {
        if let Some(e) = self.get() {
            return e;
        }
        let _first = self.first.lock().expect("engine slot");
        if let Some(e) = self.get() {
            return e;
        }
        let e = Arc::new(load());
        *self.current.write().expect("engine slot") = Some(e.clone());
        e
    }

    /// Use `engine` from now on.
    pub fn replace(&self, engine: Engine) -> Arc<Engine> {
        let e = Arc::new(engine);
        *self.current.write().expect("engine slot") = Some(e.clone());
        e
    }
}

impl Engine {
    pub fn load(config: &Config) -> Engine {
        let rules = RuleEngine::embedded().with_local_words(config.engine.local_words);
        let rules_only = |rules, note: Option<String>| Engine {
            deid: Deidentifier::rules_only(rules),
            info: EngineInfo {
                mode: "rules-only".into(),
                model: "rules".into(),
                provider: "none".into(),
                note,
                uncertain_margin: UNCERTAIN_MARGIN,
            },
        };
        let engine = &config.engine;
        if engine.mode == Mode::RulesOnly {
            return rules_only(
                rules,
                Some("DEID_RULES_ONLY=1: the model is not used".into()),
            );
        }
        if !engine.model_dir.join("metadata.json").is_file() {
            return rules_only(
                rules,
                Some(format!(
                    "no model at {}: rules only",
                    engine.model_dir.display()
                )),
            );
        }
        match DeepModel::load(&engine.model_dir, engine.provider) {
            Ok(model) => {
                let info = EngineInfo {
                    mode: "hybrid".into(),
                    model: model.describe(),
                    provider: model.provider.to_string(),
                    note: model.fallback.clone(),
                    uncertain_margin: UNCERTAIN_MARGIN,
                };
                Engine {
                    deid: Deidentifier::with_model(rules, model, Mode::Hybrid),
                    info,
                }
            }
            Err(e) => rules_only(rules, Some(format!("model not loaded ({e}): rules only"))),
        }
    }

    /// The model name stored with each pre-annotation.
    pub fn model_name(&self) -> &str {
        &self.info.model
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rules_engine(model: &str) -> Engine {
        Engine {
            deid: Deidentifier::rules_only(RuleEngine::embedded()),
            info: EngineInfo {
                mode: "rules-only".into(),
                model: model.into(),
                provider: "none".into(),
                note: None,
                uncertain_margin: UNCERTAIN_MARGIN,
            },
        }
    }

    #[test]
    fn the_slot_loads_once_and_a_replacement_leaves_running_jobs_their_engine() {
        let slot = EngineSlot::default();
        assert!(slot.get().is_none());
        let first = slot.get_or_init(|| rules_engine("a"));
        let again = slot.get_or_init(|| panic!("loaded twice"));
        assert!(Arc::ptr_eq(&first, &again));
        slot.replace(rules_engine("b"));
        assert_eq!(slot.get().unwrap().info.model, "b");
        assert_eq!(
            first.info.model, "a",
            "a job that holds the old engine keeps it"
        );
    }

    #[test]
    fn rules_only_marks_guesses_uncertain_and_labels_rules() {
        let deid = Deidentifier::rules_only(RuleEngine::embedded());
        // (a narrative: in a field of a few words the rules release medical words themselves)
        let text = "Pt Zorblax got the vaccine on 12/26/2020 and developed a rash on the left arm the next day.";
        let a = deid.annotate(text).unwrap();
        let probs = token_probs(&a);
        assert_eq!(probs.len(), a.tokens.len());
        let by_text = |t: &str| {
            let start = text.find(t).unwrap();
            probs.iter().find(|p| p.start == start).unwrap().clone()
        };
        let z = by_text("Zorblax");
        assert_eq!(z.rule, "unknown");
        assert!((z.p_safe - z.threshold).abs() < UNCERTAIN_MARGIN);
        let v = by_text("vaccine");
        assert_eq!(v.rule, "safe");
        assert!(v.p_safe > v.threshold + UNCERTAIN_MARGIN);
        let d = by_text("12");
        assert_eq!(d.rule, "pattern:DATE");
        assert!(d.p_safe < d.threshold - UNCERTAIN_MARGIN);
    }
}
