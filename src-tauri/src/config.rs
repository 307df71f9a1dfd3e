//! Where things are: the database, the demo corpus, the model, who annotates. Resolved once at
//! start from the command line and the environment.

use deid::model::Provider;
use std::path::{Path, PathBuf};

/// The checkout this binary was built from (the repository root).
pub fn repo_root() -> PathBuf {
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
    manifest.parent().unwrap_or(manifest).to_path_buf()
}

#[derive(Debug, Clone)]
pub struct Config {
    /// The annotation database: `--db PATH`, else `DEID_DB`, else `annotations.db` at the
    /// repository root.
    pub db: PathBuf,
    /// The corpus imported on first start (empty database): `DEID_DEMO` (`none` to skip), else
    /// `data/demo/vaers-demo.csv`.
    pub demo: Option<PathBuf>,
    /// The deep model directory: `DEID_MODEL`, else `deid::model::DEFAULT_MODEL_DIR`.
    pub model_dir: PathBuf,
    /// `DEID_PROVIDER`: `auto` by default (the GPU where ONNX Runtime is a GPU build and CUDA
    /// starts), `cpu`, or `cuda` (falls back to the CPU, saying why).
    pub provider: Provider,
    /// `DEID_RULES_ONLY=1` skips the model even when it is there.
    pub rules_only: bool,
    /// The name edits and judgments are stored under: `DEID_ANNOTATOR`, else `$USER`.
    pub annotator: String,
}

impl Config {
    pub fn from_env_and_args(args: &[String]) -> Result<Config, String> {
        let root = repo_root();
        let mut db = std::env::var_os("DEID_DB").map(PathBuf::from);
        let mut it = args.iter().skip(1);
        while let Some(a) = it.next() {
            if a == "--db" {
                db = Some(PathBuf::from(
                    it.next()
                        .ok_or("--db needs a path to the annotation database")?,
                ));
            } else if let Some(p) = a.strip_prefix("--db=") {
                db = Some(PathBuf::from(p));
            } else if a == "--help" || a == "-h" {
                return Err("usage: deid-studio [--db PATH]   (or DEID_DB=PATH)".into());
            }
            // other arguments (WebDriver, GTK) are not ours
        }
        let db = db
            .filter(|p| !p.as_os_str().is_empty())
            .unwrap_or_else(|| root.join("annotations.db"));
        let demo = match std::env::var("DEID_DEMO") {
            Ok(v) if v == "none" || v.is_empty() => None,
            Ok(v) => Some(PathBuf::from(v)),
            Err(_) => Some(root.join("data/demo/vaers-demo.csv")),
        };
        let model_dir = std::env::var_os("DEID_MODEL")
            .map(PathBuf::from)
            .unwrap_or_else(|| root.join(deid::model::DEFAULT_MODEL_DIR));
        let provider = match std::env::var("DEID_PROVIDER") {
            Ok(v) => v
                .parse::<Provider>()
                .map_err(|e| format!("DEID_PROVIDER: {e}"))?,
            Err(_) => Provider::Auto,
        };
        let rules_only = std::env::var("DEID_RULES_ONLY").is_ok_and(|v| v == "1");
        let annotator = std::env::var("DEID_ANNOTATOR")
            .or_else(|_| std::env::var("USER"))
            .ok()
            .filter(|s| !s.trim().is_empty())
            .unwrap_or_else(|| "annotator".into());
        Ok(Config {
            db,
            demo,
            model_dir,
            provider,
            rules_only,
            annotator,
        })
    }
}
