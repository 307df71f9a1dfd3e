//! A telephone's extension word between its number and the extension's digits: "tel 448 2231 ext
//! 305", "ph 9876 5432 extn 12". The recognizers find an extension only after a ten-digit North
//! American number; after a local number of other lengths the rules mask the digits as numbers and
//! the model, reading "ext" as an abbreviation, released it inside the masked phone. Only between
//! two numbers the rules masked, the first of three digits or more (a phone's last group), the
//! second of one to six digits. Marked as a phone's, never released.

use super::{mark, Reason, TokenRule};
use crate::phi::PhiType;
use crate::rules::one_of;
use crate::tokenize::Tokenized;

/// The words that introduce an extension.
const EXTENSION_WORDS: &[&str] = &["ext", "extn", "extension", "poste", "durchwahl"];

pub(super) fn apply(doc: &Tokenized, rules: &mut [TokenRule]) {
    let n = doc.len();
    let digits = |k: usize, len: std::ops::RangeInclusive<usize>| {
        let w = doc.token_text(k);
        len.contains(&w.len()) && w.bytes().all(|b| b.is_ascii_digit())
    };
    for k in 1..n.saturating_sub(1) {
        if !one_of(doc.token_text(k), EXTENSION_WORDS)
            || doc.gap_before(k) != " "
            || !matches!(doc.gap_after(k), " " | ". " | "." | ": ")
            // (a phone's last group: "4 ext 2 flexion" counts degrees)
            || !digits(k - 1, 3..=12)
            || !rules[k - 1].phi
            || !digits(k + 1, 1..=6)
            || !rules[k + 1].phi
        {
            continue;
        }
        mark(rules, k, PhiType::Phone);
        rules[k].reason = Reason::Pattern(PhiType::Phone);
    }
}

#[cfg(test)]
mod tests {
    use crate::rules::words_where;
    use crate::rules::Reason;

    fn extensions(text: &str) -> Vec<String> {
        words_where(text, |r| matches!(r.reason, Reason::Pattern(_)))
            .into_iter()
            .filter(|w| !w.bytes().any(|b| b.is_ascii_digit()))
            .collect()
    }

    #[test]
    fn the_extension_word_inside_a_local_phone_number() {
        assert_eq!(
            extensions("reporter: dr c. fontaine, tel 448 2231 ext 305, form to carec 02jun95."),
            ["ext"]
        );
        // no number before it, or a word after it
        assert!(extensions("ext rotation 30 degrees; tel ext only; 4 ext 2 flexion").is_empty());
    }
}
