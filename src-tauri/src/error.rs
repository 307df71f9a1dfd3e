//! What a command's failure is, as the UI receives it: `{kind, message, path?}`. The UI decides
//! what to do from `kind` (ask for the passphrase, point at the file, show the message), never by
//! reading the message. Messages name files, rows and offsets, never narrative text or a
//! passphrase (the engine's and store's rule, kept by converting their errors here unchanged).

use serde::Serialize;
use std::fmt;

/// A command's failure. `ui/app/js/api.js` mirrors it as `CommandError` and rejects with it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum CommandError {
    /// The database is encrypted and waits for its passphrase.
    Locked { path: String, message: String },
    /// The passphrase does not open the database; nothing changed.
    WrongPassphrase { path: String, message: String },
    /// A file or folder the user named cannot be used as asked (missing, unreadable, malformed,
    /// wrong encoding, too large, or it would be overwritten); nothing changed.
    File { path: String, message: String },
    /// The request cannot be done as asked (nothing chosen, a name taken, an unknown narrative,
    /// a job already running).
    Invalid { message: String },
    /// Something the user cannot fix from here (the database, the engine); the message names
    /// the file.
    Internal { message: String },
}

impl CommandError {
    /// A request that cannot be done as asked.
    pub fn invalid(message: impl Into<String>) -> CommandError {
        CommandError::Invalid {
            message: message.into(),
        }
    }

    /// A problem with a file the user named.
    pub fn file(path: &std::path::Path, message: impl Into<String>) -> CommandError {
        CommandError::File {
            path: path.display().to_string(),
            message: message.into(),
        }
    }

    /// Something the user cannot fix from here.
    pub fn internal(message: impl Into<String>) -> CommandError {
        CommandError::Internal {
            message: message.into(),
        }
    }

    /// The text shown to the user.
    pub fn message(&self) -> &str {
        match self {
            CommandError::Locked { message, .. }
            | CommandError::WrongPassphrase { message, .. }
            | CommandError::File { message, .. }
            | CommandError::Invalid { message }
            | CommandError::Internal { message } => message,
        }
    }
}

impl fmt::Display for CommandError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.message())
    }
}

impl std::error::Error for CommandError {}

impl From<deid::Error> for CommandError {
    fn from(e: deid::Error) -> CommandError {
        use deid::Error as E;
        // the engine's and store's messages already start with the file they are about
        let message = e.to_string();
        let path = |p: &std::path::Path| p.display().to_string();
        match &e {
            E::WrongPassphrase { path: p } => CommandError::WrongPassphrase {
                path: path(p),
                message,
            },
            E::Encrypted { path: p } => CommandError::Locked {
                path: path(p),
                message,
            },
            E::Io { path: p, .. }
            | E::Encoding { path: p, .. }
            | E::Binary { path: p, .. }
            | E::TooLarge { path: p, .. }
            | E::Empty { path: p }
            | E::Xml { path: p, .. }
            | E::Csv { path: p, .. }
            | E::Invalid { path: p, .. }
            | E::Model { path: p, .. } => CommandError::File {
                path: path(p),
                message,
            },
            _ => CommandError::Internal { message },
        }
    }
}

/// The shell's own checks still phrase some refusals as text: they are requests that cannot be
/// done as asked.
impl From<String> for CommandError {
    fn from(message: String) -> CommandError {
        CommandError::Invalid { message }
    }
}

impl From<&str> for CommandError {
    fn from(message: &str) -> CommandError {
        CommandError::invalid(message)
    }
}

impl From<serde_json::Error> for CommandError {
    fn from(e: serde_json::Error) -> CommandError {
        CommandError::internal(format!("cannot encode the reply: {e}"))
    }
}

/// A command's result.
pub type CommandResult<T> = Result<T, CommandError>;

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::PathBuf;

    #[test]
    fn serialises_as_kind_message_and_path() {
        let e = CommandError::from(deid::Error::WrongPassphrase {
            path: PathBuf::from("/tmp/a.db"),
        });
        let v = serde_json::to_value(&e).unwrap();
        assert_eq!(v["kind"], "wrong_passphrase");
        assert_eq!(v["path"], "/tmp/a.db");
        assert!(v["message"].as_str().unwrap().contains("a.db"), "{v}");
        let v = serde_json::to_value(CommandError::invalid("choose a folder")).unwrap();
        assert_eq!(
            v,
            serde_json::json!({"kind": "invalid", "message": "choose a folder"})
        );
    }

    #[test]
    fn file_problems_name_the_file() {
        let e = CommandError::from(deid::Error::Empty {
            path: PathBuf::from("/data/x.csv"),
        });
        match e {
            CommandError::File { path, message } => {
                assert_eq!(path, "/data/x.csv");
                assert!(message.contains("x.csv"), "{message}");
            }
            other => panic!("{other:?}"),
        }
    }
}
