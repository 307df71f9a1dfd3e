//! A given name and a surname side by side in an ALL CAPS narrative:
//! "SHE SAYS PETER JOHNSON IS DOING BETTER", "ANTONIO WHITE CALLED ON 2/2/21". Where capitals
//! mean nothing, the words' capitals cannot tell a name, and the model, reading "PETER" and
//! "WHITE" as everyday words, released both; two listed names in a row are a person's name far
//! more often than two everyday words that name lists also hold.
//!
//! Only in ALL CAPS (a narrative with capitals where they belong is read by them; lower-case
//! shorthand pairs clinical words that name lists hold, "abd pain", "luke warm"), both words
//! letters only and three or more, the first on a given-name list, the second on a surname list, a single blank
//! between, neither a stop word, a curated safe word, a relation word or a salutation, and not
//! both everyday words ("grace period", "frank reed" stay to the other rules and the model), nor
//! an everyday clinical word after a short word or a dictionary's ("ABD PAIN").
//! Reason `RelationName`: never released.

use super::TokenRule;
use crate::lexicon::{flag, LexFlags};
use crate::phi::PhiType;
use crate::rules::word_class::{WordClasses, RELATION};
use crate::rules::Reason;
use crate::tokenize::Tokenized;

pub(super) fn apply(
    doc: &Tokenized,
    rules: &mut [TokenRule],
    flags: &[LexFlags],
    class: &WordClasses,
) {
    // (ALL CAPS only: in lower-case shorthand two such words are far more often clinical ones,
    // "abd pain", "brain pos", "sun devel", "luke warm")
    if doc.case_informative || doc.text.chars().any(char::is_lowercase) {
        return;
    }
    let n = doc.len();
    let word = |rules: &[TokenRule], k: usize| {
        let w = doc.token_text(k);
        w.chars().count() >= 3
            && w.chars().all(char::is_alphabetic)
            && flags[k] & (flag::STOPWORD | flag::CURATED_SAFE | flag::SALUTATION) == 0
            && !class.on(k, RELATION)
            && !matches!(rules[k].reason, Reason::Pattern(_) | Reason::Digit)
            // (a word another rule read as a facility's, a company's or a street's keeps it:
            // "MINA SALMAN PORT", "FREDERICK AVE")
            && flags[k] & flag::STREET == 0
            && (!rules[k].phi
                || matches!(
                    rules[k].kind,
                    None | Some(PhiType::Patient | PhiType::Doctor | PhiType::City)
                ))
    };
    for k in 0..n.saturating_sub(1) {
        let s = k + 1;
        if flags[k] & flag::FIRST_NAME == 0
            || flags[s] & flag::SURNAME == 0
            || doc.gap_after(k) != " "
            || !word(rules, k)
            || !word(rules, s)
            || (flags[k] & flag::COMMON_WORD != 0 && flags[s] & flag::COMMON_WORD != 0)
            // an everyday clinical word after a short word or one a dictionary holds: "ABD PAIN"
            // ("Abd" and "Pain" are on the name lists); "ANTONIO WHITE" stays
            || (flags[s] & (flag::MEDICAL_TERM | flag::COMMON_WORD)
                == flag::MEDICAL_TERM | flag::COMMON_WORD
                && (flags[k] & flag::SAFE != 0 || doc.token_text(k).chars().count() <= 3))
        {
            continue;
        }
        for rule in &mut rules[k..=s] {
            rule.phi = true;
            if !matches!(rule.kind, Some(PhiType::Patient | PhiType::Doctor)) {
                rule.kind = Some(PhiType::Patient);
            }
            rule.reason = Reason::RelationName;
        }
    }
}
