//! Where things are: the database, the demo corpus, the model, who annotates. Resolved once at
//! start from the command line and the environment.

use deid::config::{Choices, EngineConfig};
use std::path::PathBuf;

/// The checkout this binary was built from (the repository root).
pub fn repo_root() -> PathBuf {
    deid::config::checkout_root()
}

#[derive(Debug, Clone)]
pub struct Config {
    /// The annotation database: `--db PATH`, else `DEID_DB`, else `annotations.db` at the
    /// repository root.
    pub db: PathBuf,
    /// The corpus imported on first start (empty database): `DEID_DEMO` (`none` to skip), else
    /// `data/demo/vaers-demo.csv`.
    pub demo: Option<PathBuf>,
    /// The engine, resolved as the `deid` command resolves it: `DEID_MODEL`, `DEID_PROVIDER`
    /// (`auto` by default; an unknown value is an error) and `DEID_RULES_ONLY=1`.
    pub engine: EngineConfig,
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
        let engine = EngineConfig::resolve(Choices::default()).map_err(|e| e.to_string())?;
        let annotator = std::env::var("DEID_ANNOTATOR")
            .or_else(|_| std::env::var("USER"))
            .ok()
            .filter(|s| !s.trim().is_empty())
            .unwrap_or_else(|| "annotator".into());
        Ok(Config {
            db,
            demo,
            engine,
            annotator,
        })
    }
}
