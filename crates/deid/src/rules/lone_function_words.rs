//! After the combination and its completions: a run of one to three function words that the
//! model alone masked, between two words the combination released on the same line ("AT [THE]
//! SAME HOSPITAL", "fiebre [de] 39.4", "clindamicina 300 mg [cada] 8 horas", "Je reste [à]
//! votre disposition"). Nothing masked stands beside it, so it can be part of no name, and a
//! function word alone identifies no one; masked, it breaks the sentence a pharmacist reads.
//!
//! Only ever releases, and only words the rules call safe, that no completion masked, and that
//! are no state's or id's code, surname, given name or month in any case ("IN", "OR", "DE", "LA",
//! "Le", "Del", "Das", "Di", "Con", "may"): those are left out of the list.

use super::TokenRule;
use crate::lexicon::fold;
use crate::phi::PhiType;
use crate::tokenize::Tokenized;

/// Function words of English and of the main languages of the world's reports, folded, that are
/// never a name, a code or a date on their own.
const LONE_FUNCTION_WORDS: &[&str] = &[
    // English
    "the",
    "of",
    "and",
    "at",
    "for",
    "with",
    "without",
    "from",
    "to",
    "by",
    "via",
    "on",
    "about",
    "approximately",
    "approx",
    "our",
    "their",
    "his",
    "her",
    "its",
    // Spanish, Portuguese, Italian, French, German, Dutch
    "el",
    "los",
    "las",
    "en",
    "por",
    "para",
    "cada",
    "una",
    "un",
    "une",
    "et",
    "y",
    "com",
    "uma",
    "der",
    "die",
    "und",
    "het",
    "een",
    "zu",
    "dans",
    "avec",
    "pour",
    "sur",
];

/// The words (indices) to release: `kinds[i]` is the verdict after the completions, `fixed[i]`
/// whether a completion or a rule made word `i` unreleasable.
pub fn release_lone_function_words(
    doc: &Tokenized,
    rules: &[TokenRule],
    kinds: &[Option<PhiType>],
    fixed: &[bool],
) -> Vec<usize> {
    let n = doc.len();
    let listed = |k: usize| {
        kinds[k].is_some()
            && !fixed[k]
            && !rules[k].phi
            && LONE_FUNCTION_WORDS.contains(&fold(doc.token_text(k)).as_ref())
    };
    let mut out = Vec::new();
    let mut k = 1;
    while k + 1 < n {
        if !(kinds[k - 1].is_none() && doc.gap_before(k) == " " && listed(k)) {
            k += 1;
            continue;
        }
        // the run of masked function words, one blank apart
        let mut end = k;
        while end + 1 < n && end < k + 2 && doc.gap_after(end) == " " && listed(end + 1) {
            end += 1;
        }
        if end + 1 < n && doc.gap_after(end) == " " && kinds[end + 1].is_none() {
            out.extend(k..=end);
        }
        k = end + 1;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Reason;

    /// The words released when the words at `masked` are masked (as a hospital) by the model
    /// alone and the rules call every word safe, except those at `rules_phi`.
    fn released(text: &str, masked: &[&str], rules_phi: &[&str]) -> Vec<String> {
        let doc = Tokenized::new(text);
        let rules: Vec<TokenRule> = (0..doc.len())
            .map(|k| TokenRule {
                phi: rules_phi.contains(&doc.token_text(k)),
                kind: None,
                reason: Reason::Safe,
                features: Default::default(),
            })
            .collect();
        let kinds: Vec<_> = (0..doc.len())
            .map(|k| {
                masked
                    .contains(&doc.token_text(k))
                    .then_some(PhiType::Hospital)
            })
            .collect();
        let fixed = vec![false; doc.len()];
        release_lone_function_words(&doc, &rules, &kinds, &fixed)
            .into_iter()
            .map(|k| doc.token_text(k).to_string())
            .collect()
    }

    #[test]
    fn a_function_word_alone_between_released_words() {
        assert_eq!(
            released("WHO WORKS AS A NURSE AT THE SAME HOSPITAL.", &["THE"], &[]),
            ["THE"]
        );
        assert_eq!(
            released(
                "presentó fiebre de 39.4 y clindamicina 300 mg cada 8 horas",
                &["cada", "y"],
                &[]
            ),
            ["y", "cada"]
        );
        assert_eq!(
            released(
                "seen in emergency department of the lycksele",
                &["of", "the"],
                &[]
            ),
            ["of", "the"]
        );
    }

    #[test]
    fn never_beside_a_masked_word_nor_a_code_the_rules_found() {
        // inside a name the model masked, beside it, or a state's code the rules masked
        assert!(released("the Bank of China branch", &["Bank", "of", "China"], &[]).is_empty());
        assert!(released("a nurse at Mercy Hospital today", &["at", "Mercy"], &[]).is_empty());
        assert!(released("she moved to the IN office", &["IN"], &["IN"]).is_empty());
        // a word that is no function word of the list ("DE", "Le", "may")
        assert!(released("fiebre DE 39 and Le said may be", &["DE", "Le", "may"], &[]).is_empty());
    }
}
