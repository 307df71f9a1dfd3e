//! Which engine to run: the model directory, where the model runs and in which mode, resolved
//! once from explicit choices (command-line flags, the app's settings) and the environment
//! (`DEID_MODEL`, `DEID_PROVIDER`, `DEID_RULES_ONLY`). The `deid` command and the app both
//! resolve through [`EngineConfig::resolve`], so the same variable means the same thing in both,
//! and a value nobody understands is an error rather than a silent default.

use crate::deidentify::{Deidentifier, Mode};
use crate::error::{Error, Result};
use crate::lexicon::Lexicons;
use crate::model::{DeepModel, GpuSettings, Provider, DEFAULT_MODEL_DIR};
use crate::recognize::Recognizers;
use crate::rules::RuleEngine;
use std::path::{Path, PathBuf};

/// The checkout this library was built from: `models/`, `lexicons/` and `vendor/` live there.
pub fn checkout_root() -> PathBuf {
    // this crate sits at crates/deid
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
    manifest
        .parent()
        .and_then(Path::parent)
        .unwrap_or(manifest)
        .to_path_buf()
}

/// The shipped model: `DEFAULT_MODEL_DIR` under the checkout.
pub fn default_model_dir() -> PathBuf {
    checkout_root().join(DEFAULT_MODEL_DIR)
}

/// What the caller chose explicitly; `None` leaves the choice to the environment, then the
/// default.
#[derive(Debug, Clone, Default)]
pub struct Choices {
    /// The model directory (`--model`, or the app's setting).
    pub model_dir: Option<PathBuf>,
    /// The execution provider (`--provider`).
    pub provider: Option<Provider>,
    /// `None`: hybrid unless `DEID_RULES_ONLY=1`.
    pub mode: Option<Mode>,
    /// Lexicon folder instead of the embedded lists.
    pub lexicons: Option<PathBuf>,
}

/// The engine to build, every choice resolved.
#[derive(Debug, Clone, PartialEq)]
pub struct EngineConfig {
    /// The model directory to load (unused in rules-only mode).
    pub model_dir: PathBuf,
    /// Where the model runs (a request: `auto` may end on the CPU).
    pub provider: Provider,
    /// Hybrid, rules-only or model-only.
    pub mode: Mode,
    /// A lexicon folder to read instead of the embedded lists.
    pub lexicons: Option<PathBuf>,
    /// Batching on a GPU (`DEID_GPU_BATCH_TOKENS`, `DEID_GPU_SESSIONS`).
    pub gpu: GpuSettings,
    /// Whether the ordinary words of narratives written in another language are released
    /// (`DEID_LOCAL_WORDS`, default 1; see `rules::RuleEngine::local_words`).
    pub local_words: bool,
}

/// An environment variable as `Some(value)`, or `None` when unset or empty.
fn process_env(name: &str) -> Option<String> {
    std::env::var(name).ok().filter(|v| !v.trim().is_empty())
}

impl EngineConfig {
    /// Explicit choices first, then `DEID_MODEL` / `DEID_PROVIDER` / `DEID_RULES_ONLY`, then
    /// the defaults (the shipped model, `auto`, hybrid). An unknown provider, or a
    /// `DEID_RULES_ONLY` other than `0`/`1`, is an error naming the variable.
    pub fn resolve(choices: Choices) -> Result<EngineConfig> {
        EngineConfig::resolve_with(choices, process_env)
    }

    /// [`EngineConfig::resolve`] with the environment given (tests cannot change the process's
    /// safely while other tests run).
    pub fn resolve_with(
        choices: Choices,
        env: impl Fn(&str) -> Option<String>,
    ) -> Result<EngineConfig> {
        let model_dir = choices
            .model_dir
            .or_else(|| env("DEID_MODEL").map(PathBuf::from))
            .unwrap_or_else(default_model_dir);
        let provider = match (choices.provider, env("DEID_PROVIDER")) {
            (Some(p), _) => p,
            (None, Some(text)) => text.parse::<Provider>().map_err(|message| Error::Invalid {
                path: PathBuf::from("DEID_PROVIDER"),
                message,
            })?,
            (None, None) => Provider::Auto,
        };
        let mode = match choices.mode {
            Some(m) => m,
            None => match env("DEID_RULES_ONLY").as_deref() {
                None | Some("0") => Mode::Hybrid,
                Some("1") => Mode::RulesOnly,
                Some(other) => {
                    return Err(Error::Invalid {
                        path: PathBuf::from("DEID_RULES_ONLY"),
                        message: format!("{other:?} is neither 0 nor 1"),
                    })
                }
            },
        };
        let local_words = match env("DEID_LOCAL_WORDS").as_deref() {
            None | Some("1") => true,
            Some("0") => false,
            Some(other) => {
                return Err(Error::Invalid {
                    path: PathBuf::from("DEID_LOCAL_WORDS"),
                    message: format!("{other:?} is neither 0 nor 1"),
                })
            }
        };
        let count =
            |name: &str, range: std::ops::RangeInclusive<usize>, default: usize| match env(name) {
                None => Ok(default),
                Some(text) => match text.trim().parse::<usize>() {
                    Ok(n) if range.contains(&n) => Ok(n),
                    _ => Err(Error::Invalid {
                        path: PathBuf::from(name),
                        message: format!(
                            "{text:?} is not a whole number from {} to {}",
                            range.start(),
                            range.end()
                        ),
                    }),
                },
            };
        let defaults = GpuSettings::default();
        let gpu = GpuSettings {
            batch_tokens: count(
                "DEID_GPU_BATCH_TOKENS",
                256..=16_777_216,
                defaults.batch_tokens,
            )?,
            sessions: count("DEID_GPU_SESSIONS", 1..=16, defaults.sessions)?,
        };
        Ok(EngineConfig {
            model_dir,
            provider,
            mode,
            lexicons: choices.lexicons,
            gpu,
            local_words,
        })
    }

    /// The rule engine with the configured lexicons.
    pub fn rules(&self) -> Result<RuleEngine> {
        // The lexicons load while the patterns compile: start-up is most of a short run.
        let (lexicons, recognizers) = rayon::join(
            || match &self.lexicons {
                Some(dir) => Lexicons::from_dir(dir),
                None => Ok(Lexicons::embedded()),
            },
            Recognizers::new,
        );
        Ok(RuleEngine::new(lexicons?, recognizers).with_local_words(self.local_words))
    }

    /// Build the engine. The model is loaded unless the mode is rules-only; when CUDA was asked
    /// for and could not start, the model runs on the CPU and `DeepModel::fallback` says why.
    pub fn build(&self) -> Result<Deidentifier> {
        if self.mode == Mode::RulesOnly {
            return Ok(Deidentifier::rules_only(self.rules()?));
        }
        // ONNX Runtime's session start and the rules' start-up side by side.
        let (rules, model) = rayon::join(
            || self.rules(),
            || DeepModel::load_on(&self.model_dir, self.provider, self.gpu),
        );
        Ok(Deidentifier::with_model(rules?, model?, self.mode))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn env_of(pairs: &'static [(&'static str, &'static str)]) -> impl Fn(&str) -> Option<String> {
        move |name| {
            pairs
                .iter()
                .find(|(k, _)| *k == name)
                .map(|(_, v)| v.to_string())
        }
    }

    #[test]
    fn explicit_choices_win_over_the_environment() {
        let env = env_of(&[
            ("DEID_MODEL", "/env-model"),
            ("DEID_PROVIDER", "cuda"),
            ("DEID_RULES_ONLY", "1"),
        ]);
        let c = EngineConfig::resolve_with(
            Choices {
                model_dir: Some("/m".into()),
                provider: Some(Provider::Cpu),
                mode: Some(Mode::ModelOnly),
                lexicons: None,
            },
            &env,
        )
        .unwrap();
        assert_eq!(c.model_dir, PathBuf::from("/m"));
        assert_eq!(c.provider, Provider::Cpu);
        assert_eq!(c.mode, Mode::ModelOnly);
        let from_env = EngineConfig::resolve_with(Choices::default(), &env).unwrap();
        assert_eq!(from_env.model_dir, PathBuf::from("/env-model"));
        assert_eq!(from_env.provider, Provider::Cuda);
        assert_eq!(from_env.mode, Mode::RulesOnly);
        let none = EngineConfig::resolve_with(Choices::default(), env_of(&[])).unwrap();
        assert_eq!(none.model_dir, default_model_dir());
        assert_eq!(none.provider, Provider::Auto);
        assert_eq!(none.mode, Mode::Hybrid);
        assert_eq!(none.gpu, GpuSettings::default());
        assert!(none.local_words);
        let off =
            EngineConfig::resolve_with(Choices::default(), env_of(&[("DEID_LOCAL_WORDS", "0")]))
                .unwrap();
        assert!(!off.local_words);
        assert!(!off.rules().unwrap().local_words);
    }

    #[test]
    fn unknown_values_in_the_environment_are_errors_naming_the_variable() {
        let err =
            EngineConfig::resolve_with(Choices::default(), env_of(&[("DEID_PROVIDER", "tpu")]))
                .unwrap_err()
                .to_string();
        assert!(
            err.contains("DEID_PROVIDER") && err.contains("tpu"),
            "{err}"
        );
        let err =
            EngineConfig::resolve_with(Choices::default(), env_of(&[("DEID_RULES_ONLY", "yes")]))
                .unwrap_err()
                .to_string();
        assert!(err.contains("DEID_RULES_ONLY"), "{err}");
        for (name, bad) in [
            ("DEID_GPU_BATCH_TOKENS", "lots"),
            ("DEID_GPU_BATCH_TOKENS", "0"),
            ("DEID_GPU_BATCH_TOKENS", "-5"),
            ("DEID_GPU_BATCH_TOKENS", "99999999999"),
            ("DEID_GPU_SESSIONS", "0"),
            ("DEID_GPU_SESSIONS", "17"),
            ("DEID_LOCAL_WORDS", "no"),
        ] {
            let env = move |n: &str| (n == name).then(|| bad.to_string());
            let err = EngineConfig::resolve_with(Choices::default(), env)
                .unwrap_err()
                .to_string();
            assert!(err.contains(name) && err.contains(bad), "{bad}: {err}");
        }
        let c = EngineConfig::resolve_with(
            Choices::default(),
            env_of(&[
                ("DEID_GPU_BATCH_TOKENS", "65536"),
                ("DEID_GPU_SESSIONS", "3"),
            ]),
        )
        .unwrap();
        assert_eq!(
            c.gpu,
            GpuSettings {
                batch_tokens: 65_536,
                sessions: 3
            }
        );
    }

    #[test]
    fn the_default_model_is_the_shipped_one() {
        assert!(default_model_dir().join("metadata.json").is_file());
    }
}
