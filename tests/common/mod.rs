//! Helpers shared by the integration tests (the store tests, and the dev gold of every style).
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

/// The text of every dev gold narrative of every style (2021, 1990s shorthand, international, ALL
/// CAPS, lower case), in file order: 351 narratives.
pub fn dev_gold_texts() -> Vec<String> {
    let gold = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/gold");
    let mut texts = Vec::new();
    for set in [
        "dev",
        "dev-1990s/xml",
        "dev-intl/xml",
        "dev-caps/xml",
        "dev-lower/xml",
    ] {
        let dir = gold.join(set);
        for name in deid::i2b2::xml_file_names(&dir).unwrap() {
            texts.push(deid::i2b2::read_file(&dir.join(name)).unwrap().text);
        }
    }
    texts
}
