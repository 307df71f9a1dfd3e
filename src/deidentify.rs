//! The de-identifier a caller uses: text in, PHI spans out. Today it runs the rule-based
//! de-identifier; the deep model and the adaptive-threshold combination plug in here.

use crate::masking::spans_from_tokens;
use crate::phi::Span;
use crate::rules::{RuleEngine, TokenRule};
use crate::tokenize::{OffsetMap, Token, Tokenized};
use serde::Serialize;

/// Everything the engine decided about one document.
#[derive(Debug, Clone, Serialize)]
pub struct Annotation {
    pub spans: Vec<Span>,
    pub tokens: Vec<Token>,
    pub rules: Vec<TokenRule>,
    /// What the recognizers found, before any decision (for training-data generation and review).
    pub pattern_spans: Vec<Span>,
}

pub struct Deidentifier {
    pub rules: RuleEngine,
}

impl Deidentifier {
    pub fn new(rules: RuleEngine) -> Deidentifier {
        Deidentifier { rules }
    }

    /// Rules-only de-identification of one text.
    pub fn annotate(&self, text: &str) -> Annotation {
        let doc = Tokenized::new(text);
        let map = OffsetMap::new(text);
        let out = self.rules.apply(&doc, &map);
        let kinds: Vec<_> = out.rules.iter().map(|r| r.kind.filter(|_| r.phi)).collect();
        let spans = spans_from_tokens(&doc, &map, &kinds, &out.pattern_spans);
        Annotation {
            spans,
            tokens: doc.tokens,
            rules: out.rules,
            pattern_spans: out.pattern_spans,
        }
    }
}
