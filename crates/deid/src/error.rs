//! The engine's error type. Every variant names the file (or input) and the problem, because a
//! pharmacist importing a folder must be able to find the one bad file among thousands.

use std::path::PathBuf;

/// Everything that can go wrong in the engine. The message (`Display`) names the file and the
/// problem and never quotes narrative text, so it can be logged and shown as it is.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// Reading or writing a file failed.
    #[error("{path}: {source}")]
    Io {
        /// The file or folder.
        path: PathBuf,
        /// What the operating system said.
        #[source]
        source: std::io::Error,
    },
    /// A text file that is neither valid UTF-8 nor UTF-16 with a byte order mark.
    #[error(
        "{path}: not valid UTF-8 text (first invalid byte at offset {offset}); re-save it as UTF-8"
    )]
    Encoding {
        /// The file.
        path: PathBuf,
        /// Byte offset of the first invalid byte.
        offset: usize,
    },
    /// A file with a NUL byte: an image, a PDF or another binary file given as a narrative.
    #[error("{path}: looks like a binary file (NUL byte at offset {offset}), not a narrative")]
    Binary {
        /// The file.
        path: PathBuf,
        /// Byte offset of the first NUL byte.
        offset: usize,
    },
    /// A narrative larger than the per-narrative limit (`--max-bytes`), refused before it is read.
    #[error("{path}: {size} bytes is over the {limit}-byte limit for one narrative")]
    TooLarge {
        /// The file.
        path: PathBuf,
        /// Its size in bytes.
        size: u64,
        /// The limit in bytes.
        limit: u64,
    },
    /// A file with no text: empty, or only white space.
    #[error("{path}: empty file, no narrative to process")]
    Empty {
        /// The file.
        path: PathBuf,
    },
    /// XML that is not well formed, or not the i2b2 (or BioC) layout the reader expects.
    #[error("{path}: malformed i2b2 XML at {position}: {message}")]
    Xml {
        /// The file.
        path: PathBuf,
        /// Where in the file, as `line L, column C`.
        position: String,
        /// What is wrong (element and attribute names only, never the text).
        message: String,
    },
    /// A CSV file, or one row of it, that cannot be read (the message names the row).
    #[error("{path}: {message}")]
    Csv {
        /// The CSV file.
        path: PathBuf,
        /// What is wrong, with the row number where there is one.
        message: String,
    },
    /// An E2B ICSR file (R2 or R3), or one report in it (`report`: its safety report id, or its
    /// position in the file when it has none).
    #[error("{path}{}: {message}", report_label(.report))]
    E2b {
        /// The E2B file.
        path: PathBuf,
        /// The safety report, when the error concerns one report rather than the whole file.
        report: Option<String>,
        /// What is wrong.
        message: String,
    },
    /// An input or a request the engine refuses (a bad span, an output that would replace a
    /// file, an unknown setting); `path` may be a placeholder until [`Error::at`] names the file.
    #[error("{path}: {message}")]
    Invalid {
        /// The file or input concerned.
        path: PathBuf,
        /// What is wrong.
        message: String,
    },
    /// A model directory that cannot be used: a missing or malformed `metadata.json` or ONNX
    /// file, features or labels other than the definitions', thresholds with `low > high`.
    #[error("{path}: {message}")]
    Model {
        /// The model file or directory.
        path: PathBuf,
        /// What is wrong.
        message: String,
    },
    /// ONNX Runtime could not be found, loaded or started (the message says which library was tried).
    #[error("ONNX Runtime: {0}")]
    Runtime(String),
    /// A lexicon (dictionary) that cannot be read or parsed.
    #[error("lexicon {name}: {message}")]
    Lexicon {
        /// The lexicon's name (its file name).
        name: String,
        /// What is wrong.
        message: String,
    },
    /// A bug caught while processing one document (a panic), reported for that document only.
    #[error("{path}: {message}")]
    Internal {
        /// The document (a placeholder until [`Error::at`] names it).
        path: PathBuf,
        /// What happened, never the panic's payload (which could hold narrative text).
        message: String,
    },
    /// The annotation database: names the database file and the problem, never narrative text.
    #[error("{path}: {message}")]
    Store {
        /// The database file.
        path: PathBuf,
        /// What is wrong.
        message: String,
    },
    /// A passphrase that does not open the database (or a file that is no encrypted database).
    /// Names the file, never the passphrase.
    #[error("{path}: wrong passphrase or not an encrypted Deid Studio database")]
    WrongPassphrase {
        /// The database file.
        path: PathBuf,
    },
    /// An encrypted database opened without a passphrase.
    #[error("{path}: the database is encrypted; unlock it with its passphrase")]
    Encrypted {
        /// The database file.
        path: PathBuf,
    },
}

fn report_label(report: &Option<String>) -> String {
    report
        .as_ref()
        .map_or_else(String::new, |r| format!(" report {r}"))
}

/// The engine's result type: [`Error`] unless said otherwise.
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

    /// An [`Error::Io`] naming `path`.
    pub fn io(path: impl Into<PathBuf>, source: std::io::Error) -> Error {
        Error::Io {
            path: path.into(),
            source,
        }
    }
}
