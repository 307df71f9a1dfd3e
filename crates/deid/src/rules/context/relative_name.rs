//! A relative's name between the relation word and their age in brackets, as histories write
//! them: "HX: SIB FATOU (3) FEBRILE SZ", "Brother Joeli (41) sugar mill worker", "wife joan
//! (70)". The bracketed age is recognized (`recognize::age`); the name before it is one no list
//! may know ("Fatou", "Joeli"), which the model, reading a history, released. Up to three words,
//! letters only, no stopword, no word of the language or of medicine unless a given name: "mother
//! (60)" has none, "mother also (60)" none either, nor "pt exp fever (104)" (a temperature).

use super::{close, TokenRule};
use crate::lexicon::{flag, LexFlags};
use crate::phi::PhiType;
use crate::rules::word_class::{WordClasses, RELATION};
use crate::rules::{one_of, Feature, Reason};
use crate::tokenize::Tokenized;

/// Relation words that name no relative.
const NOT_RELATIVES: &[&str] = &["pt", "patient", "named", "called", "vaccinee"];

/// A word of the language or of medicine ("exp fever (104)"), unless a name list holds it.
fn ordinary(r: &TokenRule) -> bool {
    [
        Feature::IsCommonWord,
        Feature::IsMedicalTerm,
        Feature::IsDrug,
    ]
    .iter()
    .any(|&f| r.features.has(f))
}

/// Mark the words between a relation word and a bracketed age as the relative's name.
pub(super) fn apply(
    doc: &Tokenized,
    rules: &mut [TokenRule],
    flags: &[LexFlags],
    class: &WordClasses,
) {
    let n = doc.len();
    for i in 0..n {
        // a relative, not the patient ("pt exp fever (104)": a temperature)
        if !class.on(i, RELATION) || one_of(doc.token_text(i), NOT_RELATIVES) {
            continue;
        }
        // the name's words, then "(N)" right after the last of them
        let mut last = i;
        while last + 1 < n
            && last - i < 3
            && close(doc, last + 1)
            && doc.token_text(last + 1).chars().all(char::is_alphabetic)
            && flags[last + 1] & (flag::STOPWORD | flag::CURATED_SAFE) == 0
            && (flags[last + 1] & flag::FIRST_NAME != 0 || !ordinary(&rules[last + 1]))
            && !class.on(last + 1, RELATION)
        {
            last += 1;
            let age = last + 1;
            if age < n
                && matches!(doc.gap_before(age), " (" | "(")
                && doc.gap_after(age).starts_with(')')
                && (1..=3).contains(&doc.token_text(age).len())
                && doc.token_text(age).bytes().all(|b| b.is_ascii_digit())
            {
                for r in &mut rules[i + 1..=last] {
                    r.phi = true;
                    r.kind = Some(PhiType::Patient);
                    r.reason = Reason::RelationName;
                }
                break;
            }
        }
    }
}
