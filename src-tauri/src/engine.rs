//! The engine as the app uses it: hybrid when the model loads, rules-only otherwise, and the
//! conversion of an engine [`Annotation`] into what the store keeps per token.

use crate::config::Config;
use deid::deidentify::{Annotation, Deidentifier, Mode};
use deid::model::DeepModel;
use deid::rules::{Reason, RuleEngine, TokenRule};
use deid::store::TokenProb;
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
        if config.rules_only {
            return rules_only(
                rules,
                Some("DEID_RULES_ONLY=1: the model is not used".into()),
            );
        }
        if !config.model_dir.join("metadata.json").is_file() {
            return rules_only(
                rules,
                Some(format!(
                    "no model at {}: rules only",
                    config.model_dir.display()
                )),
            );
        }
        match DeepModel::load(&config.model_dir, config.provider) {
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

/// The rule's reason as the UI reads it: `pattern:DATE`, `digit`, `unsafe:is_month`,
/// `single-capital`, `after-salutation`, `unknown`, `safe`.
pub fn rule_label(rule: &TokenRule) -> String {
    match rule.reason {
        Reason::Pattern(kind) => format!("pattern:{}", kind.type_name()),
        Reason::Digit => "digit".into(),
        Reason::Unsafe(feature) => format!("unsafe:{feature}"),
        Reason::SingleCapital => "single-capital".into(),
        Reason::AfterSalutation => "after-salutation".into(),
        Reason::Unknown => "unknown".into(),
        Reason::Safe => "safe".into(),
    }
}

/// Without a model the rules give no probability. What the review needs is where the rules
/// *guessed*: a word masked only because no SAFE dictionary knows it (or a lone capital) sits at
/// the threshold (0.5 of 0.5: uncertain); a token a pattern, a digit, an UNSAFE dictionary or a
/// salutation claimed is PHI (0); a word a SAFE dictionary vouches for is safe (1).
fn rules_only_confidence(rule: &TokenRule) -> f32 {
    match rule.reason {
        Reason::Unknown | Reason::SingleCapital => 0.5,
        Reason::Safe => 1.0,
        _ => 0.0,
    }
}

/// Per-token probabilities, thresholds and rules of one annotation.
pub fn token_probs(a: &Annotation) -> Vec<TokenProb> {
    a.tokens
        .iter()
        .zip(&a.rules)
        .enumerate()
        .map(|(i, (t, r))| {
            let (p_safe, threshold) = match a.decisions.as_ref().and_then(|d| d.get(i)) {
                Some(d) => (d.p_safe, d.threshold),
                None => (rules_only_confidence(r), 0.5),
            };
            TokenProb {
                start: t.start,
                end: t.end,
                p_safe,
                threshold,
                rule: rule_label(r),
            }
        })
        .collect()
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
