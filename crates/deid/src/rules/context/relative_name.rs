//! A relative's name between the relation word and their age in brackets, as histories write
//! them: "HX: SIB FATOU (3) FEBRILE SZ", "Brother Joeli (41) sugar mill worker", "wife joan
//! (70)". The bracketed age is recognized (`recognize::age`); the name before it is one no list
//! may know ("Fatou", "Joeli"), which the model, reading a history, released. Up to three words,
//! letters only, no stopword, no word of the language or of medicine unless a given name: "mother
//! (60)" has none, "mother also (60)" none either, nor "pt exp fever (104)" (a temperature).
//!
//! And relatives named together in brackets with their ages after a plural relation word: "her
//! kids (fidencio and xochitl, 9 and 6)", "2 sons (Tariq, Bilal and Omar; 12, 9 and 4)": one word
//! each, joined by "and" or commas, then as many ages of up to three digits. The model released
//! the second name and both ages in lower case.

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

/// Plural relation words before a bracketed list of names and ages, folded.
const RELATIVES_PLURAL: &[&str] = &[
    "kids",
    "children",
    "sons",
    "daughters",
    "grandchildren",
    "grandkids",
    "siblings",
    "sibs",
    "brothers",
    "sisters",
    "twins",
    "grandsons",
    "granddaughters",
];

/// Mark the names and ages of "her kids (fidencio and xochitl, 9 and 6)".
fn plural_relatives(
    doc: &Tokenized,
    rules: &mut [TokenRule],
    flags: &[LexFlags],
    class: &WordClasses,
) {
    let n = doc.len();
    let word = |k: usize| doc.token_text(k);
    for i in 0..n.saturating_sub(4) {
        if !one_of(word(i), RELATIVES_PLURAL) || !matches!(doc.gap_after(i), " (" | "(") {
            continue;
        }
        // the names: one word each, joined by "and" or a comma, up to the list's end
        let mut names = Vec::new();
        let mut k = i + 1;
        let ages_from = loop {
            if k >= n
                || !word(k).chars().all(char::is_alphabetic)
                || flags[k] & (flag::STOPWORD | flag::CURATED_SAFE) != 0
                || (flags[k] & flag::FIRST_NAME == 0 && ordinary(&rules[k]))
                || class.on(k, RELATION)
            {
                break None;
            }
            names.push(k);
            let gap = doc.gap_after(k);
            if k + 2 < n && gap == " " && word(k + 1).eq_ignore_ascii_case("and") {
                k += 2;
            } else if gap == ", " && k + 1 < n && word(k + 1).chars().all(char::is_alphabetic) {
                k += 1;
            } else if matches!(gap, ", " | "; ") {
                break Some(k + 1);
            } else {
                break None;
            }
        };
        let Some(mut a) = ages_from else { continue };
        // as many ages, joined the same way, closing the bracket
        let mut ages = Vec::new();
        while a < n
            && (1..=3).contains(&word(a).len())
            && word(a).bytes().all(|b| b.is_ascii_digit())
        {
            ages.push(a);
            let gap = doc.gap_after(a);
            if gap.starts_with(')') {
                break;
            }
            if a + 2 < n && gap == " " && word(a + 1).eq_ignore_ascii_case("and") {
                a += 2;
            } else if gap == ", " {
                a += 1;
            } else {
                ages.clear();
                break;
            }
        }
        let closed = ages
            .last()
            .is_some_and(|&l| doc.gap_after(l).starts_with(')'));
        if names.len() < 2 || ages.len() != names.len() || !closed {
            continue;
        }
        for &k in &names {
            rules[k].phi = true;
            rules[k].kind = Some(PhiType::Patient);
            rules[k].reason = Reason::RelationName;
        }
        // (their ages are the relatives', read as such: never released either)
        for &k in &ages {
            rules[k].phi = true;
            rules[k].kind = Some(PhiType::Age);
            rules[k].reason = Reason::RelationName;
        }
    }
}

/// Mark the words between a relation word and a bracketed age as the relative's name.
pub(super) fn apply(
    doc: &Tokenized,
    rules: &mut [TokenRule],
    flags: &[LexFlags],
    class: &WordClasses,
) {
    plural_relatives(doc, rules, flags, class);
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
