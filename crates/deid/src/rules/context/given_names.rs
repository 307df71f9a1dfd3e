//! After the combination: a given name right before a surname that the combination masked as a
//! person ("she ([yvette] arcement-leblanc, a shrimp boat deckhand"). The rules called it a name
//! (a name list holds it); the model, reading a lower-case word, released it, leaving the
//! person's first name visible beside the masked surname.
//!
//! Only ever masks more: a word of two letters or more, letters only, that the rules called PHI
//! because a name list holds it, no everyday, medical word or drug, no word that stands between two
//! people's names ("and", "dr"), a single blank before the next word, which the combination
//! masked as a person, on a name list (or the first half of a hyphenated name whose second half
//! is), and no everyday or medical word or drug; never a relation word or a title ("MOC", "Herr").

use super::frequent_names::is_frequent_given_name;
use super::middle_names::BETWEEN_NAMES;
use super::{PARTICLES, RELATIONS};
use crate::phi::PhiType;
use crate::rules::features::is_capitalised;
use crate::rules::{one_of, Feature, Reason, TokenRule};
use crate::tokenize::Tokenized;

/// Titles of other languages before a name that no salutation list holds ("Herr Jürgen
/// Meißner", "SIG.RA GIUSEPPINA MARINELLI").
pub(super) const TITLES: &[&str] = &[
    "herr", "herrn", "frau", "hr", "fr", "sig", "ra", "sra", "sr", "mme", "mlle", "dona", "dott",
    "ssa", "prof", "sir", "lady", "madam",
];

/// The words (indices) to mask after the combination, with their kind. `kinds[i]` is the
/// combination's verdict on word `i`, `rules[i]` the rules'.
pub fn complete_given_names(
    doc: &Tokenized,
    rules: &[TokenRule],
    kinds: &[Option<PhiType>],
) -> Vec<(usize, PhiType)> {
    let n = doc.len();
    let person = |k: usize| {
        matches!(kinds[k], Some(PhiType::Patient | PhiType::Doctor))
            && rules[k].phi
            && matches!(rules[k].kind, Some(PhiType::Patient | PhiType::Doctor))
    };
    // the surname: on a name list, or the first half of a hyphenated name whose second half is
    // ("arcement-leblanc"); not a misspelt word the model masked ("unk rxn", "devel urtucaria")
    let surname = |k: usize| {
        rules[k].features.has(Feature::IsPossiblyName)
            || (doc.gap_after(k) == "-"
                && k + 1 < n
                && person(k + 1)
                && rules[k + 1].features.has(Feature::IsPossiblyName))
    };
    let mut out = Vec::new();
    for k in 0..n.saturating_sub(1) {
        if kinds[k].is_none() && after_by(doc, rules, kinds, k) {
            let kind = person_kind(rules, kinds, k + 1)
                .or_else(|| person_kind(rules, kinds, (k + 2).min(n - 1)));
            out.push((k, kind.expect("a person's kind")));
            continue;
        }
        if kinds[k].is_none() && at_sentence_start(doc, rules, kinds, k) {
            let kind = person_kind(rules, kinds, k + 1).expect("a person's kind");
            out.push((k, kind));
            continue;
        }
        if kinds[k].is_none() && before_age_or_role(doc, rules, kinds, k) {
            let kind = person_kind(rules, kinds, k + 1).unwrap_or(PhiType::Patient);
            out.push((k, kind));
            continue;
        }
        // a given name before the surname, or before a second given name before it ("hoang anh
        // [tran] of falls church")
        // (where capitals mean something, a capitalised word no dictionary knows counts, before
        // a listed surname: "(resident Xiloj [Weston], aged 87")
        let unknown_capitalised = |m: usize| {
            let w = doc.token_text(m);
            doc.case_informative
                && rules[m].reason == Reason::Unknown
                && w.chars().count() >= 3
                && is_capitalised(w)
        };
        let listed_given = |m: usize| {
            kinds[m].is_none()
                && rules[m].phi
                && ((matches!(rules[m].reason, Reason::Unsafe(_))
                    && rules[m].features.has(Feature::IsPossiblyName))
                    || unknown_capitalised(m))
                && doc.token_text(m).chars().count() >= 2
                && doc.token_text(m).chars().all(char::is_alphabetic)
                && doc.gap_after(m) == " "
                && !one_of(doc.token_text(m), BETWEEN_NAMES)
                && !everyday_or_clinical(doc, rules, m)
                // (a relation word or a title is no given name: "MOC FARHIYA ADEN", "Herr Jürgen")
                && !one_of(doc.token_text(m), RELATIONS)
                && !one_of(doc.token_text(m), TITLES)
                && !rules[m].features.has(Feature::IsSalutation)
        };
        // (after a capitalised word no dictionary knows, a surname no dictionary knows counts)
        // (after a listed given name, a capitalised surname no dictionary knows counts: "resident
        // [Ochieng] Odhiambo"; not after a word no list holds either, "Rcvd Mencevax")
        let before_surname = |m: usize| {
            m + 1 < n
                && person(m + 1)
                && !everyday_or_clinical(doc, rules, m + 1)
                && (surname(m + 1)
                    || (rules[m].features.has(Feature::IsPossiblyName)
                        && unknown_capitalised(m + 1)))
        };
        if listed_given(k)
            && (before_surname(k) || (k + 2 < n && listed_given(k + 1) && before_surname(k + 1)))
        {
            let m = if before_surname(k) { k + 1 } else { k + 2 };
            out.push((k, kinds[m].expect("a person's kind")));
        }
    }
    out
}

/// Whether word `k` is an everyday or clinical word a name list also holds ("takes", "poss",
/// "mom"). A drug only of four letters or fewer that a name list holds is none: the drug list
/// has the tokens of brand and synonym names ("anh", "tran", "adam", "ivy"), and a word that short
/// is more often the given name or surname.
fn everyday_or_clinical(doc: &Tokenized, rules: &[TokenRule], k: usize) -> bool {
    let has = |f: Feature| rules[k].features.has(f);
    let short_name = has(Feature::IsPossiblyName) && doc.token_text(k).chars().count() <= 4;
    has(Feature::IsMedicalTerm)
        || has(Feature::IsCommonWord)
        || (has(Feature::IsDrug) && !short_name)
}

/// A given name before a masked surname (one word, or a hyphenated name) that the person's age or
/// occupation follows: "cliff gentle (83, a retired cane farmer", "she (sky nakamura-parker, 68,",
/// "(PATIENT), ROBIN LAMOILLE-STORY, A DENTAL HYGIENIST". The model, reading an everyday word in
/// lower case or ALL CAPS, released the first name and masked the rest. The surname masked by the
/// combination and read as a name by the rules (a name or place list, no dictionary, or the
/// context; the model may call it a place: "nakamura"); then ", 68" or " (83" (an age the
/// combination masked), or ", a" and an occupation it masked. The given name one of the most
/// frequent given names or on a name list and no everyday word, or, right after an opening bracket
/// and before a surname on a name list and an age, any word (`may_be_given_name` besides).
fn before_age_or_role(
    doc: &Tokenized,
    rules: &[TokenRule],
    kinds: &[Option<PhiType>],
    k: usize,
) -> bool {
    let n = doc.len();
    let w = doc.token_text(k);
    let letters = |m: usize| doc.token_text(m).chars().all(char::is_alphabetic);
    let surname = |m: usize| {
        m < n
            && kinds[m].is_some()
            && rules[m].phi
            && matches!(
                rules[m].reason,
                Reason::Unsafe(_) | Reason::Unknown | Reason::Context
            )
            && letters(m)
    };
    if k + 2 >= n || doc.gap_after(k) != " " || !surname(k + 1) {
        return false;
    }
    // (a hyphenated surname, or two surnames: "[santos dimaculangan], a medical technologist")
    let mut end = k + 1;
    while end + 1 < n && end < k + 3 && matches!(doc.gap_after(end), "-" | " ") && surname(end + 1)
    {
        end += 1;
    }
    if end + 1 >= n {
        return false;
    }
    let gap = doc.gap_after(end).trim();
    let next = doc.token_text(end + 1);
    // (masked; the model may have read the age as another kind: "oyelowo-grant, [46],")
    let age = matches!(gap, "," | "(")
        && kinds[end + 1].is_some()
        && (kinds[end + 1] == Some(PhiType::Age) || rules[end + 1].kind == Some(PhiType::Age))
        && (1..=3).contains(&next.len())
        && next.chars().all(|c| c.is_ascii_digit());
    let role = gap == ","
        && one_of(next, &["a", "an"])
        && (end + 2..(end + 5).min(n)).any(|m| kinds[m] == Some(PhiType::Profession));
    let bracketed = doc.gap_before(k).trim_end().ends_with('(');
    // (before a surname of two parts, any word a name list holds: "[destiny] oyelowo-grant, 46,")
    let given = is_frequent_given_name(w)
        || (rules[k].features.has(Feature::IsPossiblyName)
            && (!rules[k].features.has(Feature::IsCommonWord) || end > k + 1))
        || (age && bracketed && rules[k + 1].features.has(Feature::IsPossiblyName));
    // (Spanish and Portuguese honorifics before a given name and surnames: "don [eusebio ternero]")
    let honorific = end > k + 1 && one_of(w, &["don", "doña", "dona", "dom"]);
    (age || role) && given && !honorific && may_be_given_name(doc, rules, k)
}

/// A frequent given name that is an everyday word too, first in its sentence where capitals mean
/// something, before the masked rest of a person's name: "This is the 3rd of 6 reports: [Nelson]
/// Yujra Poma, camillero". A capitalised everyday word first in a sentence is read as the word
/// ("Nelson", "Will", "Rose" are on no name list there), so the rules called it safe and the model
/// released it. The next word masked as a person, a name to the rules too (on a name list, or
/// capitalised and no dictionary's word), and the name going on to another word masked as a
/// person or closing (a punctuation mark, the line's end): "Will Johnson call?" stays.
fn at_sentence_start(
    doc: &Tokenized,
    rules: &[TokenRule],
    kinds: &[Option<PhiType>],
    k: usize,
) -> bool {
    let n = doc.len();
    if !doc.case_informative
        || k + 1 >= n
        || !rules[k].features.has(Feature::IsSentenceBeginning)
        || doc.gap_after(k) != " "
    {
        return false;
    }
    let w = doc.token_text(k);
    let surname = |m: usize| {
        person_kind(rules, kinds, m).is_some()
            && rules[m].phi
            && (rules[m].features.has(Feature::IsPossiblyName)
                || (rules[m].reason == Reason::Unknown && is_capitalised(doc.token_text(m))))
    };
    let mut end = k + 1;
    while end + 1 < n && matches!(doc.gap_after(end), " " | "-") && surname(end + 1) {
        end += 1;
    }
    let closed = end + 1 >= n
        || end > k + 1
        || doc
            .gap_after(end)
            .trim_start()
            .starts_with([',', ';', ':', '.', '(', ')'])
        || doc.gap_after(end).contains('\n');
    !rules[k].phi
        && is_capitalised(w)
        && is_frequent_given_name(w)
        && surname(k + 1)
        && closed
        && may_be_given_name(doc, rules, k)
}

/// Whether word `k` may be a given name the completions add: two letters or more, letters only,
/// capitalised where capitals mean something; never a word that stands between names, a relation
/// word, a title, a salutation, a medical word or a drug (an everyday word a medical list also
/// holds is none: "cliff").
fn may_be_given_name(doc: &Tokenized, rules: &[TokenRule], k: usize) -> bool {
    let w = doc.token_text(k);
    let has = |f: Feature| rules[k].features.has(f);
    w.chars().count() >= 2
        && w.chars().all(char::is_alphabetic)
        && (!doc.case_informative || w.starts_with(char::is_uppercase))
        && !one_of(w, BETWEEN_NAMES)
        && !one_of(w, RELATIONS)
        && !one_of(w, TITLES)
        && !has(Feature::IsSalutation)
        && ![Feature::IsMedicalTerm, Feature::IsDrug]
            .iter()
            .any(|&f| has(f) && !has(Feature::IsCommonWord))
}

/// The person's kind of masked word `m`: the combination's, or, where the model named another
/// kind ("i am will [reyes]-price": PROFESSION), the rules'.
fn person_kind(rules: &[TokenRule], kinds: &[Option<PhiType>], m: usize) -> Option<PhiType> {
    kinds[m]?;
    [kinds[m], rules[m].kind]
        .into_iter()
        .flatten()
        .find(|kind| matches!(kind, PhiType::Patient | PhiType::Doctor))
}

/// Words right before a person's name that say one comes: "reported by", "a post by", "i am",
/// "i'm", "my name is", "named", "the nurse" (before a name the combination masked, never a verb:
/// "the nurse will [monitor]" has no masked surname after it).
fn introduces_name(doc: &Tokenized, k: usize) -> bool {
    if k == 0 || doc.gap_before(k) != " " {
        return false;
    }
    // (asked of every word the combination released: no allocation)
    let is = |m: usize, word: &str| doc.token_text(m).eq_ignore_ascii_case(word);
    let before = |word: &str| k >= 2 && is(k - 2, word);
    if ["by", "named", "nurse", "pharmacist"]
        .iter()
        .any(|w| is(k - 1, w))
    {
        true
    } else if is(k - 1, "am") {
        // "i am", "i'm"
        before("i") && doc.gap_before(k - 1) == " "
    } else if is(k - 1, "m") {
        before("i") && matches!(doc.gap_before(k - 1), "'" | "\u{2019}")
    } else if is(k - 1, "is") {
        before("name") && doc.gap_before(k - 1) == " "
    } else {
        false
    }
}

/// A given name right after words that introduce a person (`introduces_name`: "by", "i am") and
/// before the masked rest of a person's name, which may be an everyday word: "case reported by
/// [ivy] de kok of", "seen by [ben] vos,", "i am [will] reyes-price, 67", "a post by [hope] xiloj
/// (". The given name on a name list and no everyday word, or one of the most frequent given
/// names; the surname (after a particle the combination masked, perhaps) masked as a person and a
/// person's name for the rules too (on a name list, or, after a frequent given name, a word no
/// dictionary knows); the name closed after it, or after the hyphenated name it begins ("of",
/// "from", "at", a punctuation mark); `may_be_given_name` besides.
fn after_by(doc: &Tokenized, rules: &[TokenRule], kinds: &[Option<PhiType>], k: usize) -> bool {
    let n = doc.len();
    // (the cheap test first: this is asked of every word the combination released)
    if k + 1 >= n || !introduces_name(doc, k) {
        return false;
    }
    let w = doc.token_text(k);
    let frequent = is_frequent_given_name(w);
    // the surname: masked as a person, a person's for the rules too, on a name list (or, after
    // a frequent given name, no dictionary's word: "hope xiloj")
    let person = |m: usize| {
        m < n
            && person_kind(rules, kinds, m).is_some()
            && rules[m].phi
            && (rules[m].features.has(Feature::IsPossiblyName)
                || (frequent && rules[m].reason == Reason::Unknown))
    };
    // the given name: on a name list and no everyday word, or a frequent given name
    let given = (rules[k].features.has(Feature::IsPossiblyName)
        && !rules[k].features.has(Feature::IsCommonWord))
        || frequent;
    // the name closed after the surname ("of", a punctuation mark, the end), or after the
    // hyphenated name it begins ("reyes-price,")
    let mut end = if person(k + 1) { k + 1 } else { k + 2 };
    while end + 1 < n && doc.gap_after(end) == "-" && kinds[end + 1].is_some() {
        end += 1;
    }
    let closed = end + 1 >= n
        || doc
            .gap_after(end)
            .trim_start()
            .starts_with([',', ';', ':', '.', '(', ')'])
        || doc.gap_after(end).contains('\n')
        || (doc.gap_after(end) == " " && one_of(doc.token_text(end + 1), &["of", "from", "at"]));
    given
        && closed
        && doc.gap_after(k) == " "
        // the surname next, or a particle the combination masked and then the surname
        && (person(k + 1)
            || (kinds[k + 1].is_some()
                && one_of(doc.token_text(k + 1), PARTICLES)
                && doc.gap_after(k + 1) == " "
                && person(k + 2)))
        && may_be_given_name(doc, rules, k)
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;

    /// Every word of `doc` safe for the rules, on no name list, and released by the combination.
    fn released(doc: &Tokenized) -> (Vec<TokenRule>, Vec<Option<PhiType>>) {
        (
            (0..doc.len()).map(|_| rule(false, false)).collect(),
            vec![None; doc.len()],
        )
    }

    /// A word's rules verdict: PHI (a patient's, from a name list) or safe, on a name list or not.
    pub(in crate::rules::context) fn rule(phi: bool, name: bool) -> TokenRule {
        let mut r = TokenRule {
            phi,
            kind: phi.then_some(PhiType::Patient),
            reason: if phi {
                Reason::Unsafe("is-possibly-name")
            } else {
                Reason::Safe
            },
            features: Default::default(),
        };
        r.features.set(Feature::IsPossiblyName, name);
        r
    }

    #[test]
    fn a_given_name_the_model_released_before_a_masked_surname() {
        let doc = Tokenized::new("she (yvette arcement-leblanc, a deckhand) and dr lee saw her");
        // she yvette arcement leblanc a deckhand and dr lee saw her
        let (mut rules, mut kinds) = released(&doc);
        for k in [1, 2, 3, 7, 8] {
            rules[k] = rule(true, true);
        }
        for k in [2, 3, 8] {
            kinds[k] = Some(PhiType::Patient);
        }
        // "yvette" joins the surname; "dr" before "lee" stays released
        assert_eq!(
            complete_given_names(&doc, &rules, &kinds),
            [(1, PhiType::Patient)]
        );
        // not a word the rules called safe
        rules[1] = rule(false, true);
        assert!(complete_given_names(&doc, &rules, &kinds).is_empty());
    }

    #[test]
    fn where_capitals_mean_something_a_surname_or_given_name_no_dictionary_knows() {
        let doc = Tokenized::new(
            "Seen: resident Ochieng Odhiambo Were, aged 87. Then Xiloj Weston called. Rcvd Mencevax A/C.",
        );
        // Seen resident Ochieng Odhiambo Were aged 87 Then Xiloj Weston called Rcvd Mencevax A C
        let (mut rules, mut kinds) = released(&doc);
        for k in [2, 10] {
            rules[k] = rule(true, true);
        }
        for k in [3, 9, 12, 13] {
            rules[k] = rule(true, false);
            rules[k].reason = Reason::Unknown;
        }
        for k in [3, 10, 13] {
            kinds[k] = Some(PhiType::Patient);
        }
        // a listed given name before a surname no list holds, a word no list holds before a
        // listed surname; not two words no list holds ("Rcvd [Mencevax]")
        assert_eq!(
            complete_given_names(&doc, &rules, &kinds),
            [(2, PhiType::Patient), (9, PhiType::Patient)]
        );
    }

    #[test]
    fn a_frequent_given_name_first_in_its_sentence_before_a_masked_name() {
        let text =
            "The 3rd of 6 reports: Nelson Yujra Poma, porter. Will Johnson call? Rose Mbeki.";
        let doc = Tokenized::new(text);
        // The 3rd of 6 reports Nelson Yujra Poma porter Will Johnson call Rose Mbeki
        let (mut rules, mut kinds) = released(&doc);
        for k in [6, 7, 10, 13] {
            rules[k] = rule(true, k == 7 || k == 10);
            kinds[k] = Some(PhiType::Patient);
        }
        for k in [6, 13] {
            rules[k].reason = Reason::Unknown;
        }
        for k in [5, 9, 12] {
            rules[k].features.set(Feature::IsSentenceBeginning, true);
        }
        // "Nelson" before a name going on, "Rose" before a name closed by its period; "Will"
        // before a name that a verb follows stays released
        assert_eq!(
            complete_given_names(&doc, &rules, &kinds),
            [(5, PhiType::Patient), (12, PhiType::Patient)]
        );
        // not where capitals mean nothing
        let upper_text = text.to_uppercase();
        let upper = Tokenized::new(&upper_text);
        assert!(complete_given_names(&upper, &rules, &kinds).is_empty());
    }

    #[test]
    fn two_given_names_before_a_masked_surname_even_where_the_drug_list_holds_them() {
        let doc =
            Tokenized::new("a consumer, hoang anh tran of falls church; took adalat cc today");
        // a consumer hoang anh tran of falls church took adalat cc today
        let (mut rules, mut kinds) = released(&doc);
        for k in [2, 3, 4, 9] {
            rules[k] = rule(true, true);
        }
        // the drug list holds the tokens "anh", "tran" and "adalat"
        for k in [3, 4, 9] {
            rules[k].features.set(Feature::IsDrug, true);
        }
        kinds[4] = Some(PhiType::Patient);
        kinds[10] = Some(PhiType::Patient);
        assert_eq!(
            complete_given_names(&doc, &rules, &kinds),
            [(2, PhiType::Patient), (3, PhiType::Patient)]
        );
        // a drug of five letters or more is no given name ("took [adalat] cc")
        rules[10] = rule(true, true);
        assert_eq!(complete_given_names(&doc, &rules, &kinds).len(), 2);
    }

    #[test]
    fn a_frequent_given_name_after_by_before_a_masked_surname() {
        let doc = Tokenized::new(
            "case reported by ivy de kok of the county; caused by staph aureus; seen by ben vos, rn",
        );
        // case reported by ivy de kok of the county caused by staph aureus seen by ben vos rn
        let (mut rules, mut kinds) = released(&doc);
        for k in [5, 16] {
            rules[k] = rule(true, true);
            kinds[k] = Some(PhiType::Patient);
        }
        kinds[4] = Some(PhiType::Patient);
        // (a word the model masked as a person that no name list holds is no surname)
        rules[12] = rule(true, false);
        kinds[12] = Some(PhiType::Doctor);
        assert_eq!(
            complete_given_names(&doc, &rules, &kinds),
            [(3, PhiType::Patient), (15, PhiType::Patient)]
        );
    }
    #[test]
    fn a_frequent_given_name_after_i_am_or_by_before_a_hyphenated_or_unknown_surname() {
        let doc = Tokenized::new(
            "i am will reyes-price, 67; a post by hope xiloj (online); they will call mark soon",
        );
        // i am will reyes price 67 a post by hope xiloj online they will call mark soon
        let (mut rules, mut kinds) = released(&doc);
        for k in [3, 4] {
            rules[k] = rule(true, true);
            kinds[k] = Some(PhiType::Patient);
        }
        // "xiloj": no dictionary knows it; the combination masked it as a person
        rules[10] = rule(true, false);
        rules[10].reason = Reason::Unknown;
        kinds[10] = Some(PhiType::Patient);
        assert_eq!(
            complete_given_names(&doc, &rules, &kinds),
            [(2, PhiType::Patient), (9, PhiType::Patient)]
        );
        // an unknown word is a surname only after a frequent given name ("by staph xiloj")
        let doc = Tokenized::new("the rash was caused by staph xiloj (a lab error) today");
        let (mut rules, mut kinds) = released(&doc);
        rules[6] = rule(true, false);
        rules[6].reason = Reason::Unknown;
        kinds[6] = Some(PhiType::Patient);
        assert!(complete_given_names(&doc, &rules, &kinds).is_empty());
    }
    #[test]
    fn a_given_name_before_two_surnames_or_a_hyphenated_one_and_the_age_or_occupation() {
        let doc = Tokenized::new(
            "gender (joy santos dimaculangan, a medical technologist) - destiny oyelowo-grant, 46, cna",
        );
        // gender joy santos dimaculangan a medical technologist destiny oyelowo grant 46 cna
        let (mut rules, mut kinds) = released(&doc);
        for k in [2, 3, 8, 9] {
            rules[k] = rule(true, true);
            kinds[k] = Some(PhiType::Patient);
        }
        kinds[5] = Some(PhiType::Profession);
        kinds[6] = Some(PhiType::Profession);
        kinds[10] = Some(PhiType::Age);
        // "destiny" is an everyday word a name list holds too
        rules[7] = rule(true, true);
        rules[7].features.set(Feature::IsCommonWord, true);
        rules[1] = rule(true, true);
        assert_eq!(
            complete_given_names(&doc, &rules, &kinds),
            [(1, PhiType::Patient), (7, PhiType::Patient)]
        );
    }

    #[test]
    fn a_given_name_before_a_masked_surname_and_the_persons_age_or_occupation() {
        let doc = Tokenized::new(
            "at 3am cliff gentle (83, a farmer) fell; she (sky nakamura-parker, 68) sat; the rash (upper arm, 12) spread",
        );
        // at 3am cliff gentle 83 a farmer fell she sky nakamura parker 68 sat the rash upper arm 12 spread
        let (mut rules, mut kinds) = released(&doc);
        for k in [3, 10, 11] {
            rules[k] = rule(true, true);
            kinds[k] = Some(PhiType::Patient);
        }
        // "arm" masked by the model as a person's name is no surname ("upper" is no given name)
        rules[17] = rule(true, false);
        rules[17].reason = Reason::Unknown;
        kinds[17] = Some(PhiType::Patient);
        for k in [4, 12, 18] {
            kinds[k] = Some(PhiType::Age);
        }
        assert_eq!(
            complete_given_names(&doc, &rules, &kinds),
            [(2, PhiType::Patient), (9, PhiType::Patient)]
        );
        // no age after the name, no completion
        kinds[4] = None;
        assert_eq!(
            complete_given_names(&doc, &rules, &kinds),
            [(9, PhiType::Patient)]
        );
    }
}
