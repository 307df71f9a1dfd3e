//! Helpers shared by the store tests.
#![allow(dead_code)] // each test file uses its own subset

use deid::phi::Span;
use deid_store::NewDocument;

pub fn new_doc(ext: &str, text: &str, gold: Option<Vec<Span>>) -> NewDocument {
    NewDocument {
        external_id: ext.into(),
        text: text.into(),
        source: "test".into(),
        gold,
    }
}

pub mod invariants;
