//! After the combination: a surname an everyday word spells, right after the given names the
//! combination masked ("[joy lee] brown (a public works clerk", "I'm Young, [Delphine] Young,").
//! The rules hold the word as a possible name (the census surname list), but also as an ordinary
//! word ("brown", "young"), so alone they let it through; the model, reading a colour or an
//! adjective, released it and left the person's surname visible beside the masked given names.
//!
//! Only ever masks more: a word of two letters or more, letters only, on a name list and no
//! everyday or medical word or drug, or one of the 1,000 most frequent US surnames
//! (`context/frequent_surnames.txt`, "brown", "young" among them); no word that stands between two
//! people's names ("and", "dr"); a single blank after the masked words, and the name closed right
//! after it (a punctuation mark, a bracket, a line's or the text's end, a verb: "is", "said", or the
//! person's age the combination masked: "pt [summer jade] reyes [4] mo"). The masked words before
//! it: two words of letters joined by a single blank, masked as whatever (the model called "joy
//! lee" part of the site before them); or one given name of a name list (no everyday word, a
//! town's name too: "dolores"), where capitals mean something both capitalised ("Delphine Young,"), elsewhere before
//! one of the frequent surnames ("dolores walker,"; "told maria back," would be no name).

use super::frequent_names::is_frequent_surname;
use super::middle_names::BETWEEN_NAMES;
use super::RELATIONS;
use crate::phi::PhiType;
use crate::rules::{one_of, Feature, Reason, TokenRule};
use crate::tokenize::Tokenized;

/// Verbs right after a person's name that close it ("she says martin cooper is doing better").
const VERBS_AFTER_NAME: &[&str] = &[
    "is", "was", "has", "had", "says", "said", "states", "stated", "reports", "reported", "called",
];

/// The words (indices) to mask after the combination, with their kind. `kinds[i]` is the
/// combination's verdict on word `i`, `rules[i]` the rules'.
pub fn complete_surnames_after_given_names(
    doc: &Tokenized,
    rules: &[TokenRule],
    kinds: &[Option<PhiType>],
) -> Vec<(usize, PhiType)> {
    let n = doc.len();
    let person_kind = |k: usize| match kinds[k] {
        Some(kind @ (PhiType::Patient | PhiType::Doctor)) => Some(kind),
        _ => None,
    };
    let letters = |k: usize| {
        let w = doc.token_text(k);
        w.chars().count() >= 2 && w.chars().all(char::is_alphabetic)
    };
    let capitalised = |k: usize| {
        let w = doc.token_text(k);
        w.starts_with(char::is_uppercase) && !w.chars().skip(1).any(char::is_uppercase)
    };
    // on a name list and no everyday or medical word or drug ("inc [temp]"), or one of the most
    // frequent surnames whatever else it is ("brown": a colour, on the medical list too)
    let frequent = |k: usize| is_frequent_surname(doc.token_text(k));
    let surname = |k: usize| {
        let f = &rules[k].features;
        (f.has(Feature::IsPossiblyName)
            && ![
                Feature::IsMedicalTerm,
                Feature::IsDrug,
                Feature::IsCommonWord,
            ]
            .iter()
            .any(|&g| f.has(g)))
            || frequent(k)
    };
    let mut out = Vec::new();
    for k in 1..n {
        let w = doc.token_text(k);
        let gap = doc.gap_after(k);
        // (or a verb of saying or being after the name: "she says martin [cooper] is doing")
        let closed = k + 1 == n
            || gap.contains('\n')
            || gap
                .trim_start()
                .starts_with([',', ';', ':', '.', '(', ')', '[', ']'])
            || (gap == " " && one_of(doc.token_text(k + 1), VERBS_AFTER_NAME))
            // or the person's age, which the combination masked ("pt [summer jade] reyes 4 mo
            // hf")
            || (gap == " " && kinds[k + 1] == Some(PhiType::Age));
        if kinds[k].is_some()
            || !letters(k)
            || doc.gap_before(k) != " "
            || !closed
            || !surname(k)
            || one_of(w, BETWEEN_NAMES)
            || one_of(w, RELATIONS)
            || kinds[k - 1].is_none()
            || !letters(k - 1)
        {
            continue;
        }
        // two given names masked before it ("joy lee brown")
        let pair = k >= 2
            && kinds[k - 2].is_some()
            && letters(k - 2)
            && doc.gap_before(k - 1) == " "
            && !one_of(doc.token_text(k - 2), BETWEEN_NAMES)
            && !one_of(doc.token_text(k - 1), BETWEEN_NAMES);
        // (the model may have masked them as something else: "joy" as part of the site before it)
        let kind = pair.then(|| {
            person_kind(k - 1)
                .or_else(|| person_kind(k - 2))
                .unwrap_or(PhiType::Patient)
        });
        // one given name of a name list, masked: both capitalised ("Delphine Young,"), or
        // where capitals say nothing a frequent surname ("(LEILANI YOUNG, A HOTEL HOUSEKEEPER")
        // (where capitals say nothing, a given name that is an everyday word too, which the
        // combination masked all the same: "she says [martin] cooper is")
        let single = (if doc.case_informative {
            capitalised(k)
                && capitalised(k - 1)
                && !rules[k - 1].features.has(Feature::IsCommonWord)
        } else {
            frequent(k)
        }) && rules[k - 1].phi
            && (rules[k - 1].features.has(Feature::IsPossiblyName)
                // (or a word no list knows, there: "[dylano] young called")
                || (!doc.case_informative && rules[k - 1].reason == Reason::Unknown));
        // (the rules may hold the given name as a town's too: "(dolores walker, a resident")
        let single_kind = || {
            person_kind(k - 1)
                .or(rules[k - 1]
                    .kind
                    .filter(|k| matches!(k, PhiType::Patient | PhiType::Doctor)))
                .unwrap_or(PhiType::Patient)
        };
        if let Some(kind) = kind.or_else(|| single.then(single_kind)) {
            out.push((k, kind));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::context::given_names::tests::rule;

    #[test]
    fn an_everyday_surname_after_two_masked_given_names() {
        let doc = Tokenized::new("at the site, joy lee brown (a clerk) and joy lee brown hair");
        // at the site joy lee brown a clerk and joy lee brown hair
        let mut rules: Vec<_> = (0..doc.len()).map(|_| rule(false, false)).collect();
        let mut kinds = vec![None; doc.len()];
        for k in [3, 4, 5, 9, 10, 11] {
            rules[k] = rule(false, true);
        }
        for k in [3, 4, 9, 10] {
            kinds[k] = Some(PhiType::Patient);
        }
        // the first "brown" closes the name; the second goes on ("brown hair")
        assert_eq!(
            complete_surnames_after_given_names(&doc, &rules, &kinds),
            [(5, PhiType::Patient)]
        );
        // the person's age after the surname closes the name too
        kinds[12] = Some(PhiType::Age);
        assert_eq!(
            complete_surnames_after_given_names(&doc, &rules, &kinds),
            [(5, PhiType::Patient), (11, PhiType::Patient)]
        );
        kinds[12] = None;
        // one masked word before it, in lower case: no name
        kinds[3] = None;
        assert!(complete_surnames_after_given_names(&doc, &rules, &kinds).is_empty());
        // a medical word is no surname, unless one of the most frequent surnames ("brown")
        kinds[3] = Some(PhiType::Patient);
        rules[5].features.set(Feature::IsMedicalTerm, true);
        assert_eq!(
            complete_surnames_after_given_names(&doc, &rules, &kinds).len(),
            1
        );
        let doc = Tokenized::new("at the site, joy lee fever (a clerk) and joy lee brown hair");
        assert!(complete_surnames_after_given_names(&doc, &rules, &kinds).is_empty());
    }

    #[test]
    fn one_capitalised_given_name_where_capitals_mean_something() {
        let doc = Tokenized::new("I'm Young, Delphine Young, and Fever Young, I'm 71.");
        // I m Young Delphine Young and Fever Young I m 71
        let mut rules: Vec<_> = (0..doc.len()).map(|_| rule(false, false)).collect();
        let mut kinds = vec![None; doc.len()];
        for k in [2, 4, 7] {
            rules[k] = rule(false, true);
        }
        rules[3] = rule(true, true);
        rules[6] = rule(true, true);
        rules[6].features.set(Feature::IsCommonWord, true);
        // ("Young" is a stop word: no name list's word for the rules, but a frequent surname)
        rules[4] = rule(false, false);
        kinds[3] = Some(PhiType::Patient);
        kinds[6] = Some(PhiType::Patient);
        // "Delphine Young,": a given name no everyday word spells
        assert_eq!(
            complete_surnames_after_given_names(&doc, &rules, &kinds),
            [(4, PhiType::Patient)]
        );
        // in lower case an everyday given name counts too, but "fever" is on no name list
        rules[6] = rule(true, false);
        rules[6].features.set(Feature::IsCommonWord, true);
        // in lower case only before a frequent surname ("young"; not "brahe")
        let doc = Tokenized::new("i'm young, delphine young, and fever young, i'm 71.");
        assert_eq!(
            complete_surnames_after_given_names(&doc, &rules, &kinds),
            [(4, PhiType::Patient)]
        );
        let doc = Tokenized::new("i'm young, delphine brahe, and fever young, i'm 71.");
        assert!(complete_surnames_after_given_names(&doc, &rules, &kinds).is_empty());
        // a verb closes the name as a comma does; another word does not
        let doc = Tokenized::new("i'm young, delphine young is fever young, i'm 71.");
        assert_eq!(
            complete_surnames_after_given_names(&doc, &rules, &kinds),
            [(4, PhiType::Patient)]
        );
        let doc = Tokenized::new("i'm young, delphine young adults fever young, i'm 71.");
        assert!(complete_surnames_after_given_names(&doc, &rules, &kinds).is_empty());
    }

    #[test]
    fn where_capitals_say_nothing_a_given_name_no_list_knows() {
        let lower = Tokenized::new("dylano young called to report that her daughter had a fever");
        let mixed = Tokenized::new("Dylano Young called to report that her daughter had a fever");
        let mut rules: Vec<_> = (0..lower.len()).map(|_| rule(false, false)).collect();
        let mut kinds = vec![None; lower.len()];
        rules[0].phi = true;
        rules[0].reason = Reason::Unknown;
        kinds[0] = Some(PhiType::Patient);
        // lower case: the word no list knows, masked, before a frequent surname and a verb
        assert_eq!(
            complete_surnames_after_given_names(&lower, &rules, &kinds),
            [(1, PhiType::Patient)]
        );
        // where capitals mean something, only a name list's given name counts
        assert!(complete_surnames_after_given_names(&mixed, &rules, &kinds).is_empty());
    }
}
