//! The engine as the app uses it: hybrid when the model loads, rules-only otherwise, and the
//! conversion of an engine [`Annotation`] into what the store keeps per token.

use crate::config::Config;
use deid::deidentify::{Deidentifier, Mode};
use deid::model::DeepModel;
use deid::rules::RuleEngine;
/// How the store turns an annotation into per-token probabilities and rule labels.
pub use deid_store::token_probs;
use serde::Serialize;

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

impl Engine {
    pub fn load(config: &Config) -> Engine {
        let rules = RuleEngine::embedded();
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

    #[test]
    fn rules_only_marks_guesses_uncertain_and_labels_rules() {
        let deid = Deidentifier::rules_only(RuleEngine::embedded());
        let a = deid
            .annotate("Pt Zorblax got the vaccine on 12/26/2020.")
            .unwrap();
        let probs = token_probs(&a);
        assert_eq!(probs.len(), a.tokens.len());
        let by_text = |t: &str| {
            let text = "Pt Zorblax got the vaccine on 12/26/2020.";
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
