//! After the other name completions: a person's name word said again on its own ("cliff gentle
//! (83, …) called for assistance. … cliff refused vitals", "found cliff unresponsive"). Narratives
//! name the patient or a relative in full once and then by the first name; in lower case and ALL
//! CAPS the model, reading an everyday word ("cliff", "rose", "grant"), released the repeats and
//! left the person's first name visible beside the masked full name.
//!
//! Only ever masks more. The name word: masked as a person (patient or doctor) beside another word
//! masked as a person (a name of two words or more, so that one word the model took for a name
//! does not spread), on a name list or one of the most frequent given names or surnames (never a
//! word only the model took for a name: "Pasien", "rxn"), three letters or more, letters only, no
//! word that stands between names, no relation word, title, salutation, modal verb, medical word
//! or drug. A repeat: the same word (any case) that the combination released, capitalised where
//! capitals mean something, and only where the sentence reads it as a person (the full name may
//! be a name only the model saw, "abdo parin", so a word does not spread on its own): before a
//! verb a person does ("cliff refused", "rose said"), before "'s" or the person's age in brackets
//! ("HAZEL (64) GAVE"), or after a verb done to a person ("found cliff", "told rose").

use super::certain_names::PERSON_VERBS;
use super::frequent_names::{is_frequent_given_name, is_frequent_surname};
use super::given_names::TITLES;
use super::middle_names::BETWEEN_NAMES;
use super::{unlisted_long_word, RELATIONS};
use crate::phi::PhiType;
use crate::rules::{one_of, Feature, TokenRule};
use crate::tokenize::Tokenized;
use std::collections::HashMap;

/// Modal and auxiliary verbs that are also given names or surnames ("will", "may", "can").
const MODALS: &[&str] = &[
    "will", "may", "can", "must", "shall", "might", "would", "could", "should", "did", "does",
];

/// Verbs a person does after their name, besides `PERSON_VERBS`: "cliff refused vitals".
const MORE_PERSON_VERBS: &[&str] = &[
    "refused", "refuses", "did", "does", "had", "has", "denied", "denies", "went", "felt", "feels",
    "fell", "died", "expired", "woke", "became", "started", "noticed", "told", "asked", "called",
    "returned", "came", "tested", "needed", "needs", "wants", "wanted", "took", "takes", "got",
];

/// Verbs done to a person before their name: "found cliff unresponsive", "told rose to".
const VERBS_BEFORE: &[&str] = &[
    "found", "told", "saw", "asked", "gave", "brought", "took", "helped", "called", "informed",
    "advised", "examined", "sent", "drove",
];

/// The words (indices) to mask after the combination, with their kind. `kinds[i]` is the
/// combination's verdict on word `i`, `rules[i]` the rules'.
pub fn complete_repeated_names(
    doc: &Tokenized,
    rules: &[TokenRule],
    kinds: &[Option<PhiType>],
) -> Vec<(usize, PhiType)> {
    let n = doc.len();
    let person = |k: usize| matches!(kinds[k], Some(PhiType::Patient | PhiType::Doctor));
    let lower = |k: usize| doc.token_text(k).to_lowercase();
    // the name words: a person's, beside another word masked as a person's
    let mut names: HashMap<String, PhiType> = HashMap::new();
    for k in 0..n {
        let w = doc.token_text(k);
        let beside = (k > 0 && person(k - 1) && matches!(doc.gap_before(k), " " | "-"))
            || (k + 1 < n && person(k + 1) && matches!(doc.gap_after(k), " " | "-"));
        // (on a name list, or one of the most frequent names: not a word the model alone took
        // for a name, "Pasien", "rxn")
        // ... or, of four letters or more, a word no dictionary knows that the rules masked
        // too: "ZDEŇKA HORÁČKOVÁ ... ZDEŇKA CALLED")
        let listed = rules[k].features.has(Feature::IsPossiblyName)
            || is_frequent_given_name(w)
            || is_frequent_surname(w)
            || (rules[k].phi && unlisted_long_word(doc, rules, k));
        if person(k)
            && beside
            && listed
            && w.chars().count() >= 3
            && w.chars().all(char::is_alphabetic)
            && !one_of(w, BETWEEN_NAMES)
            && !one_of(w, RELATIONS)
            && !one_of(w, TITLES)
            && !one_of(w, MODALS)
            && !rules[k].features.has(Feature::IsSalutation)
            && ![Feature::IsMedicalTerm, Feature::IsDrug]
                .iter()
                .any(|&f| rules[k].features.has(f) && !rules[k].features.has(Feature::IsCommonWord))
        {
            names
                .entry(lower(k))
                .or_insert(kinds[k].expect("a person's kind"));
        }
    }
    let initials = initials_of_names(doc, kinds);
    let mut out = surnames_of_two_words(doc, rules, kinds);
    if names.is_empty() && initials.is_empty() {
        return out;
    }
    for k in (0..n).filter(|&k| kinds[k].is_none()) {
        let w = doc.token_text(k);
        // a name word, or the person's initials: in capitals where capitals mean something ("SM
        // took 3 shots" of Sandy Moody), any case elsewhere ("pt [jm] 44 yo … jm's arm")
        let kind = match names.get(&lower(k)) {
            Some(&kind) => kind,
            None => match initials.get(&lower(k)) {
                Some(&kind) if !doc.case_informative || !w.chars().any(char::is_lowercase) => kind,
                _ => continue,
            },
        };
        if doc.case_informative && !w.starts_with(char::is_uppercase) {
            continue;
        }
        // read as a person: a verb after it, "'s", or a verb done to a person before it
        let verb_after = k + 1 < n
            && doc.gap_after(k) == " "
            && (one_of(doc.token_text(k + 1), PERSON_VERBS)
                || one_of(doc.token_text(k + 1), MORE_PERSON_VERBS));
        let possessive = k + 1 < n
            && matches!(doc.gap_after(k), "'" | "\u{2019}")
            && doc.token_text(k + 1).eq_ignore_ascii_case("s");
        let verb_before =
            k > 0 && doc.gap_before(k) == " " && one_of(doc.token_text(k - 1), VERBS_BEFORE);
        // ... or the person's age in brackets after it: "HAZEL (64) GAVE 207-555-0193" (not a
        // phone's area code: "HOME PH (937) 555-0137")
        let age_after = k + 2 < n
            && doc.gap_after(k) == " ("
            && doc.gap_after(k + 1).starts_with(')')
            && doc
                .token_text(k + 1)
                .parse::<u8>()
                .is_ok_and(|age| age <= 120)
            && !doc
                .token_text(k + 2)
                .starts_with(|c: char| c.is_ascii_digit());
        if verb_after || possessive || verb_before || age_after {
            out.push((k, kind));
        }
    }
    out
}

/// The initials of the people the combination masked, lower-cased: the first letters of a name of
/// two or three words of letters ("[Sandy Moody]": "sm"; "[jamal lee moseley]": "jlm" and "jm"),
/// and a word of two or three letters it masked as a person right after the patient's label ("pt
/// [jm] 44 yo"). Only where the
/// sentence reads the repeat as a person does it count (the caller), so that "BP had dropped" in
/// the narrative of a Bob Parker is rarely taken.
fn initials_of_names(doc: &Tokenized, kinds: &[Option<PhiType>]) -> HashMap<String, PhiType> {
    let n = doc.len();
    let person = |k: usize| matches!(kinds[k], Some(PhiType::Patient | PhiType::Doctor));
    let letters = |k: usize, min: usize| {
        let w = doc.token_text(k);
        w.chars().count() >= min && w.chars().all(char::is_alphabetic)
    };
    let first = |k: usize| {
        doc.token_text(k)
            .chars()
            .next()
            .map(|c| c.to_lowercase().to_string())
            .unwrap_or_default()
    };
    let mut out = HashMap::new();
    let mut k = 0;
    while k < n {
        if !(person(k) && letters(k, 1)) {
            k += 1;
            continue;
        }
        let mut end = k;
        while end + 1 < n && doc.gap_after(end) == " " && person(end + 1) && letters(end + 1, 1) {
            end += 1;
        }
        let kind = kinds[k].expect("a person's kind");
        let words = end - k + 1;
        if (2..=3).contains(&words) && (k..=end).all(|m| letters(m, 2)) {
            let all: String = (k..=end).map(first).collect();
            out.entry(all).or_insert(kind);
            out.entry(first(k) + &first(end)).or_insert(kind);
        } else if words == 1
            && (2..=3).contains(&doc.token_text(k).chars().count())
            // (the patient's initials after the patient's label: "pt [jm] 44 yo"; not a word the
            // model took for a person somewhere, "mom", "GNA", "MGM")
            && k > 0
            && doc.gap_before(k) == " "
            && one_of(doc.token_text(k - 1), &["pt", "patient"])
        {
            out.entry(doc.token_text(k).to_lowercase()).or_insert(kind);
        }
        k = end + 1;
    }
    out
}

/// A surname of two words said again after another given name: "FAMILY DAUGHTER [CORINNE TEN
/// FINGERS] ... RESIDENT [LEONARD] TEN FINGERS (88 Y/O)". The pair masked as a person's name
/// after a given name masked with it (a name of three words, so that two everyday words the model
/// took for a name do not spread); the repeat, the same two words (any case) of which the
/// combination released one or both, right after a word the combination masked that a name list
/// holds (the other person's given name). Surnames of everyday words ("Ten Fingers", "White
/// Calf", "Two Bulls") are words the model reads as safe without their given name's help.
fn surnames_of_two_words(
    doc: &Tokenized,
    rules: &[TokenRule],
    kinds: &[Option<PhiType>],
) -> Vec<(usize, PhiType)> {
    let n = doc.len();
    let person = |k: usize| matches!(kinds[k], Some(PhiType::Patient | PhiType::Doctor));
    let word = |k: usize| {
        let w = doc.token_text(k);
        w.chars().count() >= 2
            && w.chars().all(char::is_alphabetic)
            && !one_of(w, BETWEEN_NAMES)
            && !one_of(w, RELATIONS)
            && !one_of(w, TITLES)
    };
    let mut pairs: Vec<(String, String, PhiType)> = Vec::new();
    for k in (1..n.saturating_sub(1)).filter(|&k| person(k - 1) && person(k) && person(k + 1)) {
        if doc.gap_before(k) == " " && doc.gap_after(k) == " " && word(k) && word(k + 1) {
            let pair = (
                doc.token_text(k).to_lowercase(),
                doc.token_text(k + 1).to_lowercase(),
            );
            if !pairs.iter().any(|(a, b, _)| (a, b) == (&pair.0, &pair.1)) {
                pairs.push((pair.0, pair.1, kinds[k].expect("a person's kind")));
            }
        }
    }
    let mut out = Vec::new();
    for k in 1..n.saturating_sub(1) {
        if (kinds[k].is_some() && kinds[k + 1].is_some())
            || doc.gap_before(k) != " "
            || doc.gap_after(k) != " "
            || kinds[k - 1].is_none()
            || !rules[k - 1].features.has(Feature::IsPossiblyName)
        {
            continue;
        }
        let (a, b) = (doc.token_text(k), doc.token_text(k + 1));
        if let Some(&(_, _, kind)) = pairs
            .iter()
            .find(|(x, y, _)| a.eq_ignore_ascii_case(x) && b.eq_ignore_ascii_case(y))
        {
            out.extend(
                [k, k + 1]
                    .into_iter()
                    .filter(|&m| kinds[m].is_none())
                    .map(|m| (m, kind)),
            );
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::context::given_names::tests::rule;
    use crate::rules::Reason;

    #[test]
    fn a_first_name_said_again_where_the_sentence_reads_it_as_a_person() {
        let doc = Tokenized::new(
            "cliff gentle (83) fell. staff found cliff on the floor; cliff refused vitals. \
             the cliff edge; cliff's wife came. xiloj came too",
        );
        // cliff gentle 83 fell staff found cliff on the floor cliff refused vitals the cliff edge
        // cliff s wife came xiloj came too
        let mut rules: Vec<_> = (0..doc.len()).map(|_| rule(false, false)).collect();
        let mut kinds = vec![None; doc.len()];
        for k in [0, 1] {
            kinds[k] = Some(PhiType::Patient);
        }
        for k in [0, 6, 10, 14, 16] {
            rules[k].features.set(Feature::IsCommonWord, true);
        }
        // "cliff" after "found", before "refused" and before "'s"; not "the cliff edge"
        assert_eq!(
            complete_repeated_names(&doc, &rules, &kinds),
            [
                (6, PhiType::Patient),
                (10, PhiType::Patient),
                (16, PhiType::Patient)
            ]
        );
        // one word masked as a person on its own spreads nowhere
        let mut kinds = vec![None; doc.len()];
        kinds[0] = Some(PhiType::Patient);
        assert!(complete_repeated_names(&doc, &rules, &kinds).is_empty());
    }

    /// Words 2 and 3 a name no dictionary knows, masked by the rules and the combination.
    fn unknown_name_at_2_and_3(doc: &Tokenized) -> (Vec<TokenRule>, Vec<Option<PhiType>>) {
        let mut rules: Vec<_> = (0..doc.len()).map(|_| rule(false, false)).collect();
        let mut kinds = vec![None; doc.len()];
        for k in [2, 3] {
            kinds[k] = Some(PhiType::Patient);
            rules[k].phi = true;
            rules[k].reason = Reason::Unknown;
        }
        (rules, kinds)
    }

    #[test]
    fn a_name_no_dictionary_knows_said_again() {
        let doc = Tokenized::new(
            "THE PATIENT, ZDEŇKA HORÁČKOVÁ (RN), CALLED. LATER ZDEŇKA CALLED AGAIN; ZDEŇKA.",
        );
        // THE PATIENT ZDEŇKA HORÁČKOVÁ RN CALLED LATER ZDEŇKA CALLED AGAIN ZDEŇKA
        let (rules, kinds) = unknown_name_at_2_and_3(&doc);
        // before a verb a person does; not without one
        assert_eq!(
            complete_repeated_names(&doc, &rules, &kinds),
            [(7, PhiType::Patient)]
        );
        // before the person's age in brackets
        let doc =
            Tokenized::new("THE PATIENT, ZDEŇKA HORÁČKOVÁ, CALLED. ZDEŇKA (64) GAVE A PHONE.");
        // THE PATIENT ZDEŇKA HORÁČKOVÁ CALLED ZDEŇKA 64 GAVE A PHONE
        let (mut rules, kinds) = unknown_name_at_2_and_3(&doc);
        assert_eq!(
            complete_repeated_names(&doc, &rules, &kinds),
            [(5, PhiType::Patient)]
        );
        // a word the rules released (the model's alone) spreads nowhere
        rules[2].phi = false;
        rules[2].reason = Reason::Safe;
        assert!(complete_repeated_names(&doc, &rules, &kinds).is_empty());
    }

    #[test]
    fn the_persons_initials_where_the_sentence_reads_them_as_a_person() {
        let doc = Tokenized::new(
            "Pt Sandy Moody, 34. SM has to drink steroids. SM took 3 shots. Her sm was low. \
             BP was 120/80.",
        );
        // Pt Sandy Moody 34 SM has to drink steroids SM took 3 shots Her sm was low BP was 120 80
        let rules: Vec<_> = (0..doc.len()).map(|_| rule(false, false)).collect();
        let mut kinds = vec![None; doc.len()];
        kinds[1] = Some(PhiType::Patient);
        kinds[2] = Some(PhiType::Patient);
        // in capitals where capitals mean something, before a verb a person does; not "BP"
        assert_eq!(
            complete_repeated_names(&doc, &rules, &kinds),
            [(4, PhiType::Patient), (9, PhiType::Patient)]
        );
        // a short word masked as a person said again: "pt [jm] 44 yo ... jm's arm"
        let doc = Tokenized::new("pt jm 44 yo bm c/o sore arm; main concern is jm's arm is aching");
        // pt jm 44 yo bm c o sore arm main concern is jm s arm is aching
        let rules: Vec<_> = (0..doc.len()).map(|_| rule(false, false)).collect();
        let mut kinds = vec![None; doc.len()];
        kinds[1] = Some(PhiType::Patient);
        assert_eq!(
            complete_repeated_names(&doc, &rules, &kinds),
            [(12, PhiType::Patient)]
        );
    }

    #[test]
    fn a_surname_of_two_words_said_again_after_another_given_name() {
        let doc = Tokenized::new(
            "RESIDENT LEONARD TEN FINGERS (88 Y/O) WOKE UP. DAUGHTER CORINNE TEN FINGERS CALLED. \
             HE MOVED TEN FINGERS.",
        );
        // RESIDENT LEONARD TEN FINGERS 88 Y O WOKE UP DAUGHTER CORINNE TEN FINGERS CALLED HE
        // MOVED TEN FINGERS
        let mut rules: Vec<_> = (0..doc.len()).map(|_| rule(false, false)).collect();
        let mut kinds = vec![None; doc.len()];
        for k in [1, 10] {
            rules[k] = rule(true, true);
        }
        for k in [10, 11, 12] {
            kinds[k] = Some(PhiType::Patient);
        }
        kinds[1] = Some(PhiType::City);
        // after the other given name, not after "MOVED"
        assert_eq!(
            complete_repeated_names(&doc, &rules, &kinds),
            [(2, PhiType::Patient), (3, PhiType::Patient)]
        );
        // a pair masked without a given name before it spreads nowhere
        kinds[10] = None;
        assert!(complete_repeated_names(&doc, &rules, &kinds).is_empty());
    }

    #[test]
    fn a_repeat_where_capitals_mean_something_is_capitalised() {
        // where capitals mean something, a lower-case repeat is another word
        let doc = Tokenized::new(
            "Patient Rose Miller was seen today. Her temperature rose and Rose said so.",
        );
        // Patient Rose Miller was seen today Her temperature rose and Rose said so
        let mut rules: Vec<_> = (0..doc.len()).map(|_| rule(false, false)).collect();
        let mut kinds = vec![None; doc.len()];
        kinds[1] = Some(PhiType::Patient);
        kinds[2] = Some(PhiType::Patient);
        for k in [1, 8, 10] {
            rules[k].features.set(Feature::IsCommonWord, true);
        }
        assert_eq!(
            complete_repeated_names(&doc, &rules, &kinds),
            [(10, PhiType::Patient)]
        );
    }
}
