//! The deep model's per-token input, computed here once for both sides: `deid featurize` writes it
//! for training (Python reads the JSONL), and the ONNX runner computes it at inference. One
//! implementation means training and inference cannot drift apart; the model's metadata records
//! [`FEATURE_NAMES`] and a model whose list differs is refused at load time.

use crate::phi::{PhiType, Span};
use crate::rules::{Feature, Reason, RuleOutput};
use crate::tokenize::Tokenized;
use serde::Serialize;

/// Number of "post-space" characters appended to each token for the character encoder.
pub const POST_SPACE_CHARS: usize = 3;

/// Names of the feature vector's columns, in order, and the column of each (generated from
/// `definitions/definitions.toml`, which training's copy comes from too).
pub use crate::definitions::{feature_column, FEATURE_NAMES};

/// The number of feature columns ([`FEATURE_NAMES`]'s length).
pub const N_FEATURES: usize = FEATURE_NAMES.len();

/// The feature vector of every token.
pub fn feature_vectors(doc: &Tokenized, rules: &RuleOutput) -> Vec<[f32; N_FEATURES]> {
    feature_bits(doc, rules)
        .into_iter()
        .map(expand_bits)
        .collect()
}

/// The features of every token as bits (bit `k` = feature `k` of [`FEATURE_NAMES`]): every
/// feature is 0 or 1, and 4 bytes a token instead of 124 keep long narratives small.
pub fn feature_bits(doc: &Tokenized, rules: &RuleOutput) -> Vec<u32> {
    (0..doc.len())
        .map(|i| {
            let rule = &rules.rules[i];
            let mut v = 0u32;
            // every rule feature in the column the definitions give it
            for f in Feature::ALL {
                if rule.features.has(f) {
                    v |= 1 << f.column();
                }
            }
            v |= 1 << (feature_column::CASE_LOWER + case_pattern(doc.token_text(i)));
            if let Reason::Pattern(kind) = rule.reason {
                let col = match kind.tag() {
                    "DATE" => Some(feature_column::PATTERN_DATE),
                    "AGE" => Some(feature_column::PATTERN_AGE),
                    "CONTACT" => Some(feature_column::PATTERN_CONTACT),
                    "ID" => Some(feature_column::PATTERN_ID),
                    // the profession recognizer came after the shipped models were trained: their
                    // input stays as they learnt it (the rules mask the title whatever they say)
                    "PROFESSION" => None,
                    _ => Some(feature_column::PATTERN_LOCATION),
                };
                if let Some(col) = col {
                    v |= 1 << col;
                }
            }
            v
        })
        .collect()
}

/// The 0/1 vector of [`feature_bits`].
pub fn expand_bits(bits: u32) -> [f32; N_FEATURES] {
    std::array::from_fn(|k| if bits & (1 << k) != 0 { 1.0 } else { 0.0 })
}

/// 0 lower, 1 UPPER, 2 Title, 3 mIxed, 4 digits, 5 letters and digits.
fn case_pattern(token: &str) -> usize {
    let n = token.chars().count();
    let digits = token.chars().filter(|c| c.is_numeric()).count();
    if digits == n {
        return 4;
    }
    if digits > 0 {
        return 5;
    }
    // letters without case (CJK, Arabic, Hebrew) count as lower case
    let upper = token.chars().filter(|c| c.is_uppercase()).count();
    match upper {
        0 => 0,
        u if u == n => 1,
        1 if token.chars().next().is_some_and(char::is_uppercase) => 2,
        _ => 3,
    }
}

/// Longest token prefix the character encoder reads (longer tokens are cut: the first 20
/// characters of a word say what it is).
pub const MAX_TOKEN_CHARS: usize = 20;

/// The characters the character encoder reads for token `i`: the token (at most
/// [`MAX_TOKEN_CHARS`]) and up to [`POST_SPACE_CHARS`] characters after it.
pub fn char_input(doc: &Tokenized, i: usize) -> String {
    char_input_chars(doc, i).collect()
}

/// The characters of [`char_input`], one by one.
pub fn char_input_chars<'a>(doc: &Tokenized<'a>, i: usize) -> impl Iterator<Item = char> + 'a {
    doc.token_text(i)
        .chars()
        .take(MAX_TOKEN_CHARS)
        .chain(doc.post_space(i, POST_SPACE_CHARS))
}

/// The key a token is looked up by in the word vocabulary: lower-cased, every digit `0`, so
/// "2020" and "2021" share an embedding and no date is memorised.
pub fn word_key(token: &str) -> String {
    let mut out = String::with_capacity(token.len());
    word_key_into(token, &mut out);
    out
}

/// [`word_key`] written into `out` (cleared first), so that a caller keying every word of a
/// document reuses one buffer.
pub fn word_key_into(token: &str, out: &mut String) {
    out.clear();
    if token.is_ascii() {
        // the same key: the only numeric ASCII characters are the digits, and ASCII letters
        // lower-case to ASCII letters
        out.extend(token.bytes().map(|b| {
            if b.is_ascii_digit() {
                '0'
            } else {
                char::from(b.to_ascii_lowercase())
            }
        }));
        return;
    }
    for c in token.chars() {
        if c.is_numeric() {
            out.push('0');
        } else {
            out.extend(c.to_lowercase());
        }
    }
}

/// The gold category of every token: the kind of the span that overlaps it.
pub fn token_labels(doc: &Tokenized, spans: &[Span]) -> Vec<Option<PhiType>> {
    let mut sorted: Vec<&Span> = spans.iter().collect();
    sorted.sort_by_key(|s| s.start);
    let mut out = vec![None; doc.len()];
    let mut s = 0;
    for (i, tok) in doc.tokens.iter().enumerate() {
        while s < sorted.len() && sorted[s].end <= tok.start {
            s += 1;
        }
        if let Some(span) = sorted.get(s) {
            if span.overlaps(tok.start, tok.end) {
                out[i] = Some(span.kind);
            }
        }
    }
    out
}

/// One document as a training example (one JSONL line of `deid featurize`).
#[derive(Debug, Serialize)]
pub struct Example<'a> {
    /// The document's id (its file stem or CSV id).
    pub id: &'a str,
    /// The text of each word.
    pub tokens: Vec<&'a str>,
    /// [`word_key`] of each token: the word vocabulary's input.
    pub words: Vec<String>,
    /// Token + post-space characters, the character encoder's input.
    pub chars: Vec<String>,
    /// Code point offset of each word's first character.
    pub starts: Vec<usize>,
    /// Code point offset one past each word's last character.
    pub ends: Vec<usize>,
    /// Each word's feature vector (0/1 in the columns of [`FEATURE_NAMES`]).
    pub features: Vec<[f32; N_FEATURES]>,
    /// Gold TYPE per token (`SAFE` when no tag covers it); absent for unlabelled input.
    pub labels: Option<Vec<&'static str>>,
    /// The rule-based de-identifier's decision (1 = PHI).
    pub rule_phi: Vec<u8>,
}

/// The training example of one document: its words, model input and rule decisions, with
/// `gold` spans (code points) turned into per-word labels where given.
pub fn example<'a>(
    id: &'a str,
    doc: &Tokenized<'a>,
    rules: &RuleOutput,
    gold: Option<&[Span]>,
) -> Example<'a> {
    Example {
        id,
        tokens: (0..doc.len()).map(|i| doc.token_text(i)).collect(),
        words: (0..doc.len())
            .map(|i| word_key(doc.token_text(i)))
            .collect(),
        chars: (0..doc.len()).map(|i| char_input(doc, i)).collect(),
        starts: doc.tokens.iter().map(|t| t.start).collect(),
        ends: doc.tokens.iter().map(|t| t.end).collect(),
        features: feature_vectors(doc, rules),
        labels: gold.map(|spans| {
            token_labels(doc, spans)
                .into_iter()
                .map(|k| k.map_or("SAFE", |k| k.type_name()))
                .collect()
        }),
        rule_phi: rules.rules.iter().map(|r| r.phi as u8).collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn case_patterns() {
        let got: Vec<usize> = ["fever", "ER", "Boston", "mRNA", "2020", "23Dec2020"]
            .iter()
            .map(|t| case_pattern(t))
            .collect();
        assert_eq!(got, [0, 1, 2, 3, 4, 5]);
        let got: Vec<usize> = ["ødegård", "ØDEGÅRD", "Björn", "王小明", "٢٠٢١"]
            .iter()
            .map(|t| case_pattern(t))
            .collect();
        assert_eq!(got, [0, 1, 2, 0, 4]);
        assert_eq!(word_key("Ødegård2021"), "ødegård0000");
    }

    #[test]
    fn rule_features_sit_in_the_columns_named_after_them() {
        // feature_bits writes every rule feature in its `column()` (generated with its name), and
        // `Features::meldau_vector` relies on Meldau's fifteen being the first columns, in order
        for (k, f) in Feature::MELDAU.into_iter().enumerate() {
            assert_eq!(f.column(), k, "{f:?}");
            assert_eq!(FEATURE_NAMES[k], f.name(), "column {k}");
        }
        for f in Feature::ALL {
            assert_eq!(FEATURE_NAMES[f.column()], f.name());
        }
        let mut columns: Vec<usize> = Feature::ALL.iter().map(|f| f.column()).collect();
        columns.sort_unstable();
        columns.dedup();
        assert_eq!(columns.len(), Feature::ALL.len(), "one column per feature");
        // a word with every rule feature gets exactly those columns (and its case pattern)
        let doc = Tokenized::new("fever");
        let mut all = crate::rules::Features::default();
        for f in Feature::ALL {
            all.set(f, true);
        }
        let rules = RuleOutput {
            rules: vec![crate::rules::TokenRule {
                phi: false,
                kind: None,
                reason: Reason::Safe,
                features: all,
            }],
            pattern_spans: vec![],
        };
        let bits = feature_bits(&doc, &rules)[0];
        for (k, name) in FEATURE_NAMES.iter().enumerate() {
            let rule_feature = Feature::ALL.iter().any(|f| f.column() == k);
            let expected = rule_feature || k == feature_column::CASE_LOWER;
            assert_eq!(bits & (1 << k) != 0, expected, "{name}");
        }
        // case_pattern's numbers, from CASE_LOWER on
        let case = ["lower", "upper", "title", "mixed", "digits", "alphanumeric"];
        for (p, name) in case.into_iter().enumerate() {
            assert_eq!(
                FEATURE_NAMES[feature_column::CASE_LOWER + p],
                format!("case-{name}")
            );
        }
    }

    #[test]
    fn labels_follow_overlapping_spans() {
        let doc = Tokenized::new("seen 12/26/20 in Boston");
        let spans = [
            Span::new(5, 13, PhiType::Date),
            Span::new(17, 23, PhiType::City),
        ];
        let labels = token_labels(&doc, &spans);
        assert_eq!(
            labels,
            [
                None,
                Some(PhiType::Date),
                Some(PhiType::Date),
                Some(PhiType::Date),
                None,
                Some(PhiType::City)
            ]
        );
        assert_eq!(char_input(&doc, 0), "seen ");
        assert_eq!(char_input(&doc, 1), "12/");
        assert_eq!(word_key("23Dec2020"), "00dec0000");
        let long = Tokenized::new("Hydrochlorothiazidexyz, ok");
        assert_eq!(char_input(&long, 0), "Hydrochlorothiazidex, ");
    }

    #[test]
    fn ascii_words_are_keyed_as_any_unicode_word() {
        // the fast path for ASCII must give the general path's key for every character
        for b in 0u8..128 {
            let c = char::from(b);
            let general: String = if c.is_numeric() {
                "0".into()
            } else {
                c.to_lowercase().collect()
            };
            assert_eq!(word_key(&c.to_string()), general, "byte {b}");
        }
        let mut key = String::from("left over");
        word_key_into("MRN-4411", &mut key);
        assert_eq!(key, "mrn-0000");
    }
}
