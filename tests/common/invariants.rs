//! The safety invariants every de-identification must keep, as one checker shared by the
//! regression tests (`tests/safety.rs`) and the fuzz targets (`tests/fuzz.rs`).

use deid::phi::Span;
use deid::tokenize::tokenize;

/// Checks, for `spans` produced on `text`:
/// - spans are sorted, non-overlapping, non-empty and inside the text;
/// - every word is masked whole or not at all (a recognizer's exact extent inside a word, "46"
///   in "46yo", is fine as long as other spans cover the rest of the word);
/// - with `digits_masked` (rules-only), every word holding a digit of any script is masked.
///
/// Errors name offsets, never the text.
pub fn check_invariants(text: &str, spans: &[Span], digits_masked: bool) -> Result<(), String> {
    let chars: Vec<char> = text.chars().collect();
    let n = chars.len();
    let mut covered = vec![false; n];
    let mut last_end = 0;
    for (k, s) in spans.iter().enumerate() {
        if s.start >= s.end || s.end > n || (k > 0 && s.start < last_end) {
            return Err(format!(
                "span {k} ({}..{}) is empty, outside the text or overlaps",
                s.start, s.end
            ));
        }
        last_end = s.end;
        for c in &mut covered[s.start..s.end] {
            *c = true;
        }
    }
    for w in tokenize(text) {
        let masked = covered[w.start..w.end].iter().filter(|&&c| c).count();
        if masked != 0 && masked != w.end - w.start {
            return Err(format!("word {}..{} is partly masked", w.start, w.end));
        }
        if digits_masked && masked == 0 && chars[w.start..w.end].iter().any(|c| c.is_numeric()) {
            return Err(format!(
                "word {}..{} holds a digit and is visible",
                w.start, w.end
            ));
        }
    }
    Ok(())
}

/// The words of `text` that `spans` mask entirely.
pub fn masked_words(text: &str, spans: &[Span]) -> Vec<String> {
    let chars: Vec<char> = text.chars().collect();
    tokenize(text)
        .into_iter()
        .filter(|w| spans.iter().any(|s| s.start <= w.start && w.end <= s.end))
        .map(|w| chars[w.start..w.end].iter().collect())
        .collect()
}
