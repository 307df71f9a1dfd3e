//! A person's name inside the name of a disease, sign or test: "Menier's disease", "Koplik's
//! spots", "dx w/Werdnig-Hoffman disease", "Henoch Schonleen purpura", "HUNTINGTON'S CHOREA",
//! "Romberg's test". The guidelines call eponyms no PHI, and they are the reaction or the history
//! the causality assessment reads; but the surname and unknown-word lists, and the model, mask
//! them ("[PATIENT]'s disease"). Reason `Eponym`, released whatever the model says.
//!
//! Conservative, because releasing a word the rules call a name can only lose recall:
//! - one to three words right before the head ("disease", "syndrome", "palsy", ...), joined by
//!   hyphens, or by blanks where no name list holds them, each a word of letters that only a name list, no list at all or a safe
//!   list claims (never a found pattern or a name by context: "Dr. Moss's test" stays masked);
//! - where capitals mean something, every word capitalised ("his mother jones' disease" is no
//!   eponym); where they do not (ALL CAPS, lower case), written with the possessive "'s" or with
//!   a hyphen ("BELL'S PALSY", "guillain-barre syndrome");
//! - "test" only after the possessive ("Romberg's test"; not "Quest test");
//! - nothing before it that makes it a person's name: a title, a relation word ("wife", "pt"), a
//!   label, a name particle, or a word the rules mask ("John Smith's disease").

use super::word_class::{WordClasses, PARTICLE, RELATION};
use super::{Reason, TokenRule};
use crate::tokenize::Tokenized;
use std::borrow::Cow;

/// Head nouns after an eponym, folded.
const HEADS: &[&str] = &[
    "disease",
    "diseases",
    "syndrome",
    "palsy",
    "sign",
    "signs",
    "phenomenon",
    "spots",
    "purpura",
    "chorea",
    "lymphoma",
    "sarcoma",
    "thyroiditis",
    "encephalopathy",
    "encephalitis",
    "ulcer",
    "angina",
    "neuralgia",
    "contracture",
    "tumor",
    "tumour",
    "anomaly",
    "reflex",
    "maneuver",
    "manoeuvre",
    "paralysis",
    "dystrophy",
    "disorder",
    "test",
];

/// Heads that take an eponym only in the possessive ("Romberg's test"; "Abbott test" names a
/// maker).
const POSSESSIVE_ONLY: &[&str] = &["test"];

/// The most words an eponym has ("Hand-Schuller-Christian disease").
const MAX_WORDS: usize = 3;

/// Titles before a person's name, folded: "Dr. Moss's test" is the doctor's.
const TITLES: &[&str] = &[
    "dr", "mr", "mrs", "ms", "miss", "mx", "prof", "sr", "sra", "dra", "m", "mme", "herr", "frau",
];

pub(super) fn apply(
    doc: &Tokenized,
    rules: &mut [TokenRule],
    folded: &[Cow<'_, str>],
    class: &WordClasses,
) {
    let n = doc.len();
    for head in 1..n {
        let head_word = folded[head].as_ref();
        // (asked of every word: the heads have four to fourteen letters)
        if !(4..=14).contains(&head_word.len())
            || doc.gap_before(head) != " "
            || !HEADS.contains(&head_word)
        {
            continue;
        }
        // the possessive "s" glued by an apostrophe: "Menier's"
        let mut last = head - 1;
        let possessive = folded[last] == "s" && matches!(doc.gap_before(last), "'" | "\u{2019}");
        if possessive {
            if last == 0 {
                continue;
            }
            last -= 1;
        }
        if POSSESSIVE_ONLY.contains(&head_word) && !possessive {
            continue;
        }
        // the run of name words, back from the head
        let mut first = last;
        let mut hyphenated = false;
        while first > 0 && last - first + 1 < MAX_WORDS {
            // (joined by a blank only where no name list holds either word: "Landouzy Dejerine
            // dystrophy"; two listed names are a person's, "saw John Smith's disease")
            let gap = doc.gap_before(first);
            let unlisted = |k: usize| matches!(rules[k].reason, Reason::Unknown | Reason::Safe);
            let joined = gap == "-"
                || (gap == " " && doc.case_informative && unlisted(first) && unlisted(first - 1));
            if !joined || !name_word(doc, rules, first - 1) {
                break;
            }
            hyphenated |= gap == "-";
            first -= 1;
        }
        if !(first..=last).all(|k| name_word(doc, rules, k)) {
            continue;
        }
        if !doc.case_informative && !possessive && !hyphenated {
            continue;
        }
        if !free_before(doc, rules, folded, class, first) {
            continue;
        }
        for rule in &mut rules[first..head] {
            rule.phi = false;
            rule.kind = None;
            rule.reason = Reason::Eponym;
        }
    }
}

/// A word that may be part of an eponym: letters only, three or more ("Bell", "Barré"), capitalised where
/// capitals mean something, claimed by nothing but a name or place list (or no list).
fn name_word(doc: &Tokenized, rules: &[TokenRule], k: usize) -> bool {
    let w = doc.token_text(k);
    w.chars().count() >= 3
        && w.chars().all(char::is_alphabetic)
        && (!doc.case_informative
            || (w.starts_with(char::is_uppercase) && w.chars().skip(1).any(char::is_lowercase)))
        && matches!(
            rules[k].reason,
            Reason::Unknown | Reason::Unsafe(_) | Reason::Safe
        )
}

/// Whether nothing before word `first` makes the run a person's name: the text's or a line's start,
/// a punctuation mark, or a word the rules call safe that is no title, relation word, label or name
/// particle.
fn free_before(
    doc: &Tokenized,
    rules: &[TokenRule],
    folded: &[Cow<'_, str>],
    class: &WordClasses,
    first: usize,
) -> bool {
    if first == 0 {
        return true;
    }
    let gap = doc.gap_before(first);
    if gap.contains(['\n', ';', ',', '(', ':', '/']) {
        return true;
    }
    let prev = first - 1;
    gap.trim().is_empty()
        && !rules[prev].phi
        && matches!(rules[prev].reason, Reason::Safe)
        && !class.on(prev, RELATION | PARTICLE)
        && !TITLES.contains(&folded[prev].as_ref())
}

#[cfg(test)]
mod tests {
    use crate::rules::{words_with_reason, Reason};

    fn eponyms(text: &str) -> Vec<String> {
        words_with_reason(text, Reason::Eponym)
    }

    #[test]
    fn the_name_in_a_disease_sign_or_test() {
        assert_eq!(
            eponyms("History: asthma; Menier's disease."),
            ["Menier", "s"]
        );
        assert_eq!(
            eponyms("devel rash over body, Koplik's spots & T 103"),
            ["Koplik", "s"]
        );
        assert_eq!(
            eponyms("14JAN92 dx w/Werdnig-Hoffman disease @ hosp"),
            ["Werdnig", "Hoffman"]
        );
        assert_eq!(
            eponyms("facial weakness; Landouzy Dejerine dystrophy suspected"),
            ["Landouzy", "Dejerine"]
        );
        assert_eq!(eponyms("suspected Creutzfeldt Jakob disease"), ["Jakob"]);
        assert_eq!(
            eponyms("HISTORY: PATIENT WAS DIAGNOSED WITH HUNTINGTON'S CHOREA, HTN, HLP."),
            ["HUNTINGTON", "S"]
        );
        assert_eq!(eponyms("MRI sug; Romberg's Test-pos"), ["Romberg", "s"]);
    }

    #[test]
    fn never_a_persons_name() {
        for text in [
            // a title, a relation word, a name before it
            "Dr. Moss's test was positive.",
            "Her husband Walsh's disease progressed.",
            "Patient John Smith's disease progressed.",
            "I saw John Smith's disease get worse.",
            // no capitals where capitals mean something, no possessive where they do not
            "her mother jones' disease was known.",
            "PT SEEN TODAY. HER JONES DISEASE PROGRESSED OVER THE YEAR",
            // a maker before a test, without the possessive
            "Covid19 - Abbott test positive on 1/6/2021",
        ] {
            assert!(eponyms(text).is_empty(), "{text}: {:?}", eponyms(text));
        }
    }
}
