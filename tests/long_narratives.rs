//! Long narratives are read by the model in overlapping windows (bounded memory). Where the
//! whole narrative also fits in one sequence, the windows must give the same decisions.
//! The memory figure (a 5 MB narrative under 500 MiB) is a benchmark: `./studio bench`.

use deid::deidentify::{Deidentifier, Mode};
use deid::model::{DeepModel, Provider};
use deid::rules::RuleEngine;
use std::path::Path;

fn hybrid(window: usize) -> Deidentifier {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let model = DeepModel::load(&root.join(deid::model::DEFAULT_MODEL_DIR), Provider::Cpu).unwrap();
    let mut d = Deidentifier::with_model(RuleEngine::embedded(), model, Mode::Hybrid);
    d.window = window;
    d
}

#[test]
fn windows_give_the_decisions_of_the_whole_narrative() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    // the dev gold narratives one after another: about 9,000 words with PHI throughout
    let mut text = String::new();
    for name in deid::i2b2::xml_file_names(&root.join("tests/fixtures/gold/dev")).unwrap() {
        text += &deid::i2b2::read_file(&root.join("tests/fixtures/gold/dev").join(name))
            .unwrap()
            .text;
        text.push('\n');
    }
    let whole = hybrid(1_000_000).annotate(&text).unwrap();
    let windowed = hybrid(256).annotate(&text).unwrap();
    assert!(
        whole.tokens.len() > 4 * 256,
        "the narrative must span several windows"
    );
    assert_eq!(
        windowed.spans, whole.spans,
        "windowed and whole decisions differ"
    );
}
