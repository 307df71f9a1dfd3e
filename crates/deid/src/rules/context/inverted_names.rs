//! After the combination: the rest of a name written surname first, as forms and lists write it
//! ("LANE, CHARITY R (MRN …", "[JANSEN-DE BOER], SJOERD P (67), VACCINATED …", "Patient: [Pruitt],
//! Janelle M"). The combination masked the surname; the given name (a name the model did not
//! know in capitals) and the middle initial after it (a letter, which it reads as nothing) were
//! released, leaving half the person's name visible.
//!
//! Only ever masks more. The surname: words the combination masked, at least one as a person,
//! opening the text or a line, right after a label's colon ("Patient: ", "Name: ") or after the
//! patient's label ("(PATIENT), WINSLOW, HAZEL P OF", "pt wojcik, hudson e ("), then a comma. After
//! it, a given name (letters only, on a name list or a word of four letters or more no dictionary
//! knows, "OSA" of "Asthma, OSA (not using CPAP)" is none; no everyday or medical word, relation
//! word or title) or one the combination masked as a person (then the surname may be masked as
//! anything: "[LANE], [CHARITY] R", "LANE" a street's word), then perhaps one letter (the middle
//! initial, a full stop after it allowed), and the name closed: a bracket, a comma, a semicolon, a
//! line's or the text's end, a slash after an initial, after an initial "of" or "from" a place, or where capitals
//! mean something a word in lower case after a capital initial ("(Kealamakia, Leilani P per the
//! pharmacy profile"; the name may open after a bracket too). "SMITH, JOHN A (45)" is a
//! name; "[Smith], the patient" and "[Paris], France" are not (a stop word, or no person).

use super::given_names::TITLES;
use super::{unlisted_long_word, RELATIONS};
use crate::phi::PhiType;
use crate::rules::features::{is_capitalised, starts_with_capital};
use crate::rules::{one_of, Feature, TokenRule};
use crate::tokenize::Tokenized;

/// The longest surname (in words) before the comma: "JANSEN-DE BOER".
const MAX_SURNAME_WORDS: usize = 4;

/// The words (indices) to mask after the combination, with their kind. `kinds[i]` is the
/// combination's verdict on word `i`, `rules[i]` the rules'.
pub fn complete_inverted_names(
    doc: &Tokenized,
    rules: &[TokenRule],
    kinds: &[Option<PhiType>],
) -> Vec<(usize, PhiType)> {
    let n = doc.len();
    let person = |k: usize| matches!(kinds[k], Some(PhiType::Patient | PhiType::Doctor));
    let mut out = Vec::new();
    for k in 1..n {
        if doc.gap_before(k) != ", " || kinds[k - 1].is_none() {
            continue;
        }
        // the surname: masked words joined by blanks or hyphens back to where the name opens
        let mut first = k - 1;
        while first > 0
            && k - first < MAX_SURNAME_WORDS
            && kinds[first - 1].is_some()
            && matches!(doc.gap_before(first), " " | "-")
        {
            first -= 1;
        }
        // (or after the patient's label and a comma: "A CONTACTABLE CONSUMER (PATIENT), WINSLOW,
        // HAZEL P OF SKOWHEGAN")
        let opens = {
            let gap = doc.gap_before(first);
            first == 0 && gap.trim().is_empty()
                || gap.contains('\n')
                || gap.trim_end().ends_with(':')
                // (or in brackets: "(Kealamakia, Leilani P per the pharmacy profile")
                || (first > 0 && gap.trim_end().ends_with('('))
                || (first > 0
                    && matches!(gap, ", " | "), " | " " | ": ")
                    && one_of(doc.token_text(first - 1), &["patient", "pt", "vaccinee"]))
        };
        // (the surname may have been masked as a place, "[LANE], [CHARITY] R": then the given
        // name is masked as a person)
        let Some(kind) = (first..=k).filter(|&m| person(m)).find_map(|m| kinds[m]) else {
            continue;
        };
        if !opens {
            continue;
        }
        // the given name
        let w = doc.token_text(k);
        let given = person(k)
            || (w.chars().all(char::is_alphabetic)
                && w.chars().count() >= 2
                && (rules[k].features.has(Feature::IsPossiblyName)
                    || unlisted_long_word(doc, rules, k))
                && !one_of(w, RELATIONS)
                && !one_of(w, TITLES)
                && !rules[k].features.has(Feature::IsCommonWord)
                && !rules[k].features.has(Feature::IsMedicalTerm));
        // where capitals mean something, written as the surname is ("Pruitt, Janelle", "LANE,
        // CHARITY"; not "Asthma, OSA", the model's "Asthma" before an abbreviation)
        if !given || (doc.case_informative && shape(w) != shape(doc.token_text(k - 1))) {
            continue;
        }
        // perhaps a middle initial, then the name closed
        let initial = k + 1 < n
            && doc.gap_before(k + 1) == " "
            && doc.token_text(k + 1).chars().count() == 1
            && doc.token_text(k + 1).chars().all(char::is_alphabetic);
        let last = if initial { k + 1 } else { k };
        // (after an initial, "of" or "from" a place closes it too: "HAZEL P OF SKOWHEGAN")
        let closed = last + 1 >= n || {
            let gap = doc.gap_after(last);
            let gap = gap.strip_prefix('.').unwrap_or(gap);
            gap.contains('\n')
                || gap.trim_start().starts_with(['(', ',', ';', '['])
                // (a slash after an initial: "thigpen, marguerite a / 38f"; not a list's,
                // "Cipro, Augmentin/narcotics")
                || (initial && gap.trim_start().starts_with('/'))
                || (initial && gap == " " && one_of(doc.token_text(last + 1), &["of", "from"]))
                // (and the label of the person's next particular: "KIMBROUGH, DELPHINE A DOB
                // 06-14-1977", "hafen, brynlee k age 34")
                || (initial
                    && gap == " "
                    && one_of(doc.token_text(last + 1), PARTICULAR_LABELS))
                // (where capitals mean something, a capital initial before a word in lower case:
                // "Leilani P per the pharmacy profile")
                || (initial
                    && gap == " "
                    && doc.case_informative
                    && doc.token_text(last).chars().all(char::is_uppercase)
                    && doc.token_text(last + 1).chars().all(char::is_lowercase))
        };
        if !closed {
            continue;
        }
        out.extend(
            (k..=last)
                .filter(|&m| kinds[m].is_none())
                .map(|m| (m, kind)),
        );
    }
    out
}

/// Labels of a person's particulars that may follow their name on a form's line.
const PARTICULAR_LABELS: &[&str] = &[
    "dob", "born", "age", "aged", "mrn", "sex", "male", "female", "ssn", "nhs", "id",
];

/// How a word is written: 1 all capitals ("LANE"), 2 capitalised ("Lane"), 0 otherwise.
fn shape(w: &str) -> u8 {
    if starts_with_capital(w) && !w.chars().any(char::is_lowercase) {
        1
    } else if is_capitalised(w) {
        2
    } else {
        0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::context::given_names::tests::rule;
    use crate::rules::Reason;

    fn masked(text: &str, surname: &[usize], name_words: &[usize]) -> Vec<String> {
        let doc = Tokenized::new(text);
        let mut rules: Vec<_> = (0..doc.len()).map(|_| rule(false, false)).collect();
        for &k in name_words {
            rules[k].features.set(Feature::IsPossiblyName, true);
        }
        let mut kinds = vec![None; doc.len()];
        for &k in surname {
            kinds[k] = Some(PhiType::Patient);
        }
        complete_inverted_names(&doc, &rules, &kinds)
            .into_iter()
            .map(|(k, _)| doc.token_text(k).to_string())
            .collect()
    }

    #[test]
    fn the_given_name_and_initial_after_a_surname_written_first() {
        // LANE CHARITY R MRN ...
        assert_eq!(
            masked(
                "LANE, CHARITY R (MRN UA-7730142) PATIENT IS AN RN.",
                &[0],
                &[1]
            ),
            ["CHARITY", "R"]
        );
        // JANSEN DE BOER SJOERD P 67
        assert_eq!(
            masked(
                "JANSEN-DE BOER, SJOERD P (67), VACCINATED",
                &[0, 1, 2],
                &[3]
            ),
            ["SJOERD", "P"]
        );
        // after the patient's label and a comma, "of" a place after the initial
        assert_eq!(
            masked(
                "A CONTACTABLE CONSUMER (PATIENT), WINSLOW, HAZEL P OF SKOWHEGAN, ME. THE",
                &[4],
                &[5]
            ),
            ["HAZEL", "P"]
        );
        // right after the patient's label: "pt wojcik, hudson e (34 yo m"
        assert_eq!(
            masked(
                "pt wojcik, hudson e (34 yo m, mrn hf-20399581) vaccinated",
                &[1],
                &[2]
            ),
            ["hudson", "e"]
        );
        // Patient Pruitt Janelle M. after a label, a full stop after the initial
        assert_eq!(
            masked("Patient: Pruitt, Janelle M.\nSeen today.", &[1], &[2]),
            ["Janelle", "M"]
        );
        // in brackets, a capital initial before a word in lower case; a slash after the initial
        assert_eq!(
            masked(
                "A patient (Kealamakia, Leilani P per the pharmacy profile) received",
                &[2],
                &[3]
            ),
            ["Leilani", "P"]
        );
        // a label of the person's particulars after the initial
        assert_eq!(
            masked(
                "KIMBROUGH, DELPHINE A DOB 06-14-1977, 3390 CASCADE RD SW",
                &[0],
                &[1]
            ),
            ["DELPHINE", "A"]
        );
        assert_eq!(
            masked(
                "thigpen, marguerite a / 38f / vaccinated 01/04/2021",
                &[0],
                &[1]
            ),
            ["marguerite", "a"]
        );
    }

    #[test]
    fn no_name_where_the_surname_does_not_open_the_text_or_nothing_closes_it() {
        // mid-sentence: "was seen by Smith, Anna and ..."
        assert!(masked("She was seen by Smith, Anna (RN) today.", &[4], &[5]).is_empty());
        // a given name that no list holds and dictionaries know
        assert!(masked("Smith, the patient (45)", &[0], &[]).is_empty());
        // not closed: "Lane, Charity went home", "Lane, Charity of Skowhegan" (no initial)
        assert!(masked("Lane, Charity went home.", &[0], &[1]).is_empty());
        assert!(masked("Lane, Charity of Skowhegan.", &[0], &[1]).is_empty());
        // a capital initial before a capitalised word: no end of the name
        assert!(masked("(Lane, Charity R Smith went home)", &[1], &[2]).is_empty());
        // a list's slash after no initial
        assert!(masked("Cipro, Augmentin/narcotics;", &[0], &[1]).is_empty());
        // a given name masked as a person after a surname masked as a place
        let doc = Tokenized::new("LANE, CHARITY R (MRN 7730142)");
        let rules: Vec<_> = (0..doc.len()).map(|_| rule(false, true)).collect();
        let kinds = [
            Some(PhiType::Street),
            Some(PhiType::Patient),
            None,
            None,
            None,
        ];
        assert_eq!(
            complete_inverted_names(&doc, &rules, &kinds),
            [(2, PhiType::Patient)]
        );
        // an abbreviation no list holds is no given name: "Asthma, OSA (not using CPAP)", nor
        // a word written otherwise than the surname where capitals mean something
        assert!(masked("Asthma, OSA (not using CPAP); seen today.", &[0], &[1]).is_empty());
        let doc = Tokenized::new("Asthma, OSA (not using CPAP)");
        let mut rules: Vec<_> = (0..doc.len()).map(|_| rule(false, false)).collect();
        rules[1].reason = Reason::Unknown;
        let mut kinds = vec![None; doc.len()];
        kinds[0] = Some(PhiType::Patient);
        assert!(complete_inverted_names(&doc, &rules, &kinds).is_empty());
        // ... a longer one is: "HORVATH, ZSOFIA (45)"
        let doc = Tokenized::new("HORVATH, ZSOFIA (45)");
        let mut rules: Vec<_> = (0..doc.len()).map(|_| rule(false, false)).collect();
        rules[1].reason = Reason::Unknown;
        let mut kinds = vec![None; doc.len()];
        kinds[0] = Some(PhiType::Patient);
        assert_eq!(
            complete_inverted_names(&doc, &rules, &kinds),
            [(1, PhiType::Patient)]
        );
        // no person before the comma: "[Paris], France"
        let doc = Tokenized::new("Paris, Francine (45)");
        let rules: Vec<_> = (0..doc.len()).map(|_| rule(false, true)).collect();
        let mut kinds = vec![None; doc.len()];
        kinds[0] = Some(PhiType::City);
        assert!(complete_inverted_names(&doc, &rules, &kinds).is_empty());
    }
}
