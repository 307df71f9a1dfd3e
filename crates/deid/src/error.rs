//! The engine's error type. Every variant names the file (or input) and the problem, because a
//! pharmacist importing a folder must be able to find the one bad file among thousands.

use std::path::PathBuf;

#[derive(Debug, thiserror::Error)]
pub enum Error {
    #[error("{path}: {source}")]
    Io {
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },
    #[error(
        "{path}: not valid UTF-8 text (first invalid byte at offset {offset}); re-save it as UTF-8"
    )]
    Encoding { path: PathBuf, offset: usize },
    #[error("{path}: looks like a binary file (NUL byte at offset {offset}), not a narrative")]
    Binary { path: PathBuf, offset: usize },
    #[error("{path}: {size} bytes is over the {limit}-byte limit for one narrative")]
    TooLarge {
        path: PathBuf,
        size: u64,
        limit: u64,
    },
    #[error("{path}: empty file, no narrative to process")]
    Empty { path: PathBuf },
    #[error("{path}: malformed i2b2 XML at {position}: {message}")]
    Xml {
        path: PathBuf,
        position: String,
        message: String,
    },
    #[error("{path}: {message}")]
    Csv { path: PathBuf, message: String },
    /// An E2B ICSR file (R2 or R3), or one report in it (`report`: its safety report id, or its
    /// position in the file when it has none).
    #[error("{path}{}: {message}", report_label(.report))]
    E2b {
        path: PathBuf,
        report: Option<String>,
        message: String,
    },
    #[error("{path}: {message}")]
    Invalid { path: PathBuf, message: String },
    #[error("{path}: {message}")]
    Model { path: PathBuf, message: String },
    #[error("ONNX Runtime: {0}")]
    Runtime(String),
    #[error("lexicon {name}: {message}")]
    Lexicon { name: String, message: String },
    /// A bug caught while processing one document (a panic), reported for that document only.
    #[error("{path}: {message}")]
    Internal { path: PathBuf, message: String },
    /// The annotation database: names the database file and the problem, never narrative text.
    #[error("{path}: {message}")]
    Store { path: PathBuf, message: String },
    /// A passphrase that does not open the database (or a file that is no encrypted database).
    /// Names the file, never the passphrase.
    #[error("{path}: wrong passphrase or not an encrypted Deid Studio database")]
    WrongPassphrase { path: PathBuf },
    /// An encrypted database opened without a passphrase.
    #[error("{path}: the database is encrypted; unlock it with its passphrase")]
    Encrypted { path: PathBuf },
}

fn report_label(report: &Option<String>) -> String {
    report
        .as_ref()
        .map_or_else(String::new, |r| format!(" report {r}"))
}

pub type Result<T, E = Error> = std::result::Result<T, E>;

impl Error {
    /// The same error naming `path` instead of a placeholder (errors raised where the file is
    /// not known, e.g. inside the engine, get the file name from the batch driver).
    pub fn at(self, path: impl Into<PathBuf>) -> Error {
        match self {
            Error::Internal { message, .. } => Error::Internal {
                path: path.into(),
                message,
            },
            Error::Invalid { message, .. } => Error::Invalid {
                path: path.into(),
                message,
            },
            other => other,
        }
    }

    pub fn io(path: impl Into<PathBuf>, source: std::io::Error) -> Error {
        Error::Io {
            path: path.into(),
            source,
        }
    }
}
