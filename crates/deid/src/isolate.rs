//! Panics stay inside the document that caused them. A bug in a recognizer must cost one
//! document, not a batch of thousands or the app's import thread, and the panic's message (which
//! for a slicing bug quotes the narrative) must never reach a terminal or a log.

use crate::error::{Error, Result};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::PathBuf;

/// Run `f` for one document; a panic becomes [`Error::Internal`] for that document only.
pub fn per_document<T>(f: impl FnOnce() -> T) -> Result<T> {
    catch_unwind(AssertUnwindSafe(f)).map_err(|_| Error::Internal {
        path: PathBuf::from("(document)"),
        message: "internal error while de-identifying this document (a bug in Deid Studio; \
                  the document was skipped, the others are processed)"
            .into(),
    })
}

/// Replace the process's panic hook with one that says where a panic happened but never what
/// it said: panic messages of slicing bugs contain narrative text. Binaries (the `deid` command,
/// the app) call this first thing in `main`.
pub fn install_quiet_panic_hook() {
    std::panic::set_hook(Box::new(|info| {
        let at = info.location().map_or_else(
            || "unknown location".to_string(),
            |l| format!("{}:{}", l.file(), l.line()),
        );
        eprintln!(
            "deid: internal error at {at} (details withheld: they may contain narrative text)"
        );
    }));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_panic_becomes_an_error_that_does_not_quote_its_message() {
        let err = per_document(|| -> usize { panic!("secret narrative José") }).unwrap_err();
        let msg = err.to_string();
        assert!(msg.contains("internal error"), "{msg}");
        assert!(!msg.contains("José"), "{msg}");
        assert_eq!(per_document(|| 7).unwrap(), 7);
    }
}
