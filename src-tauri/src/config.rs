//! Where things are: the database, the demo corpus, the model, who annotates. Resolved once at
//! start from the command line and the environment.

use deid::config::{Choices, EngineConfig};
use std::path::PathBuf;

/// The checkout this binary was built from (the repository root).
pub fn repo_root() -> PathBuf {
    deid::config::checkout_root()
}

/// The product name: the folder an installed app's resources go to (`/usr/lib/Deid Studio`).
const PRODUCT: &str = "Deid Studio";

/// An installed app's resources (the model, ONNX Runtime, the demo corpus), bundled by
/// `./studio package` beside the binary as the .deb lays them out: `/usr/bin/deid-studio` and
/// `/usr/lib/Deid Studio/`. `None` when running from the checkout.
pub fn installed_resources() -> Option<PathBuf> {
    let exe = std::env::current_exe().ok()?;
    let dir = exe.parent()?.parent()?.join("lib").join(PRODUCT);
    dir.join("models").is_dir().then_some(dir)
}

/// Where an installed app keeps its database by default: `$XDG_DATA_HOME/deid-studio`, else
/// `~/.local/share/deid-studio` (a checkout keeps it at its root).
fn user_data_dir() -> Option<PathBuf> {
    std::env::var_os("XDG_DATA_HOME")
        .map(PathBuf::from)
        .filter(|p| p.is_absolute())
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".local/share")))
        .map(|d| d.join("deid-studio"))
}

/// In an installed app, ONNX Runtime is the bundled library (unless `ORT_DYLIB_PATH` says
/// otherwise). Called first thing in `main`, before any thread starts.
pub fn use_bundled_runtime() {
    if std::env::var_os("ORT_DYLIB_PATH").is_some() {
        return;
    }
    if let Some(lib) = installed_resources()
        .map(|r| r.join("onnxruntime/libonnxruntime.so"))
        .filter(|l| l.is_file())
    {
        std::env::set_var("ORT_DYLIB_PATH", lib);
    }
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
        let installed = installed_resources();
        // the model and the demo corpus: an installed app's own, else the checkout's
        let root = installed.clone().unwrap_or_else(repo_root);
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
        let db = db.filter(|p| !p.as_os_str().is_empty()).unwrap_or_else(|| {
            match installed.as_ref().and_then(|_| user_data_dir()) {
                Some(dir) => dir.join("annotations.db"),
                None => repo_root().join("annotations.db"),
            }
        });
        let demo = match std::env::var("DEID_DEMO") {
            Ok(v) if v == "none" || v.is_empty() => None,
            Ok(v) => Some(PathBuf::from(v)),
            Err(_) => Some(root.join("data/demo/vaers-demo.csv")),
        };
        let engine = EngineConfig::resolve(Choices {
            // DEID_MODEL still wins over an installed app's bundled model
            model_dir: installed
                .as_ref()
                .filter(|_| std::env::var_os("DEID_MODEL").is_none())
                .map(|r| r.join(deid::model::DEFAULT_MODEL_DIR)),
            ..Choices::default()
        })
        .map_err(|e| e.to_string())?;
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
