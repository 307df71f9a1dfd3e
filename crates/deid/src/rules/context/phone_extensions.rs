//! A telephone's extension word between its number and the extension's digits: "tel 448 2231 ext
//! 305", "ph 9876 5432 extn 12". The recognizers find an extension only after a ten-digit North
//! American number; after a local number of other lengths the rules mask the digits as numbers and
//! the model, reading "ext" as an abbreviation, released it inside the masked phone. Only between
//! two numbers the rules masked, the first of three digits or more (a phone's last group), the
//! second of one to six digits; or after a number of hyphened groups, seven digits or more, that
//! the rules read as counts ("2212-1000 ext 3318": then the groups and the extension's digits are
//! the phone's too). Marked as a phone's, never released.

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
            || !digits(k + 1, 1..=6)
        {
            continue;
        }
        // "2212-1000 ext 3318": a number of two to four groups of two to four digits joined by
        // hyphens, seven digits or more in all, is a phone's before its extension even where
        // the rules read its groups as counts
        let mut first = k - 1;
        while first > 0
            && k - first < 4
            && digits(first, 2..=4)
            && doc.gap_before(first) == "-"
            && digits(first - 1, 2..=4)
        {
            first -= 1;
        }
        let grouped =
            first < k - 1 && (first..k).map(|g| doc.token_text(g).len()).sum::<usize>() >= 7;
        // (a phone's last group: "4 ext 2 flexion" counts degrees)
        let masked = digits(k - 1, 3..=12) && rules[k - 1].phi && rules[k + 1].phi;
        if !(masked || grouped) {
            continue;
        }
        let marked = if grouped { first..k + 2 } else { k..k + 1 };
        for g in marked {
            mark(rules, g, PhiType::Phone);
            rules[g].reason = Reason::Pattern(PhiType::Phone);
        }
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
        // a number in hyphened groups before it, which the rules read as counts
        let p = words_where(
            "cirugía, hospital calderón guardia, san josé; 2212-1000 ext 3318; esolanoq@hcg.example.",
            |r| r.reason == Reason::Pattern(crate::phi::PhiType::Phone),
        );
        assert_eq!(p, ["2212", "1000", "ext", "3318"]);
        // no number before it, or a word after it
        assert!(extensions("ext rotation 30 degrees; tel ext only; 4 ext 2 flexion").is_empty());
        assert!(extensions("flexion 10-20 ext 30 degrees; 5-10 ext 2").is_empty());
    }
}
