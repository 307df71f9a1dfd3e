//! A kind of place of care named without its name: "the health department", "TRANSFERRED TO
//! HOSPITAL FOR ADMISSION", "at the vaccination site", "the urgent care clinic". The guidelines call a
//! facility PHI only by its name; the model, which saw these words inside named facilities in
//! training, masked them, most of all in ALL CAPS, where nothing tells a name from a kind. Every
//! word of the run must be one of the generic words below, a determiner or "to"/"at" before it,
//! and no name or unknown word after it ("AT HEALTH CLINIC OKAPA" names a clinic). Only words the
//! rules call safe are touched; reason `GenericPlace`, released whatever the model says.

use super::{Reason, TokenRule};
use crate::lexicon::{flag, LexFlags};
use crate::tokenize::Tokenized;
use std::borrow::Cow;

/// Words of a place of care that name its kind, not itself, folded.
const GENERIC_WORDS: &[&str] = &[
    "health",
    "department",
    "dept",
    "hospital",
    "clinic",
    "emergency",
    "medical",
    "center",
    "centre",
    "room",
    "unit",
    "ward",
    "care",
    "urgent",
    "family",
    "doctor",
    "doctors",
    "office",
    "pharmacy",
    "vaccination",
    "vaccine",
    "site",
    "local",
    "regional",
    "community",
    "public",
    "mass",
    "outpatient",
    "inpatient",
    "intensive",
    "primary",
    "staff",
    "employee",
    "occupational",
    "nursing",
    "home",
    "pharmacovigilance",
    "walk",
    "in",
    "drive",
    "thru",
    // the 1990s shorthand for a hospital ("admitted to Hosp with hives", "taken to hosp ER"),
    // also a surname on the census list: see `abbreviated`
    "hosp",
];

/// The generic words that end a place's kind: the place itself.
const HEADS: &[&str] = &[
    "department",
    "dept",
    "hospital",
    "clinic",
    "center",
    "centre",
    "room",
    "unit",
    "ward",
    "office",
    "pharmacy",
    "site",
    "home",
    "hosp",
];

/// Words before the run: a determiner, or where one goes without one ("to hospital").
const BEFORE: &[&str] = &[
    "the", "a", "an", "her", "his", "their", "my", "our", "your", "this", "that", "to", "at",
    "from", "into",
];

pub(super) fn apply(
    doc: &Tokenized,
    rules: &mut [TokenRule],
    flags: &[LexFlags],
    folded: &[Cow<'_, str>],
) {
    let n = doc.len();
    let generic = |k: usize| GENERIC_WORDS.contains(&folded[k].as_ref());
    let mut i = 1;
    while i < n {
        if !generic(i) || !BEFORE.contains(&folded[i - 1].as_ref()) || doc.gap_before(i) != " " {
            i += 1;
            continue;
        }
        // the run of generic words on one line, blanks or a hyphen between ("walk-in")
        let mut j = i;
        while j + 1 < n
            && j + 1 - i < 4
            && generic(j + 1)
            && matches!(doc.gap_before(j + 1), " " | "-")
        {
            j += 1;
        }
        // it ends with a head, every word of it safe by the rules and in lower case where
        // capitals mean something ("the Health Department" may be a name's)
        let lower =
            |k: usize| !doc.case_informative || !doc.token_text(k).starts_with(char::is_uppercase);
        let ends_with_head = HEADS.contains(&folded[j].as_ref());
        // ("hosp", capitalised or not, abbreviates the kind: the rules read it as a surname)
        let abbreviated = |k: usize| {
            folded[k] == "hosp"
                && matches!(
                    rules[k].reason,
                    Reason::Safe | Reason::Unknown | Reason::Unsafe("is-possibly-name")
                )
        };
        let all_safe = (i..=j).all(|k| {
            (!rules[k].phi && rules[k].reason == Reason::Safe && lower(k)) || abbreviated(k)
        });
        // and nothing after it that could be its name: the text's end, a punctuation mark, or a
        // dictionary word that is no name, place or facility word
        let after_ok = j + 1 >= n
            || doc
                .gap_after(j)
                .trim_start()
                .starts_with(['.', ',', ';', ':', '(', ')', '\n'])
            || (!rules[j + 1].phi
                && !generic(j + 1)
                // (a function word, "ON", "FOR", even where a name list holds it too)
                && (flags[j + 1] & flag::STOPWORD != 0
                    || (flags[j + 1] & flag::SAFE != 0
                        && flags[j + 1] & (flag::FIRST_NAME | flag::SURNAME | flag::CITY) == 0)));
        if ends_with_head && all_safe && after_ok {
            for rule in &mut rules[i..=j] {
                rule.phi = false;
                rule.kind = None;
                rule.reason = Reason::GenericPlace;
            }
        }
        i = j + 1;
    }
}

#[cfg(test)]
mod tests {
    use crate::rules::{words_with_reason, Reason};

    fn generic(text: &str) -> Vec<String> {
        words_with_reason(text, Reason::GenericPlace)
    }

    #[test]
    fn a_kind_of_place_without_its_name() {
        assert_eq!(
            generic("SHE RECEIVED THE VACCINE FROM THE HEALTH DEPARTMENT ON JANUARY 8."),
            ["HEALTH", "DEPARTMENT"]
        );
        assert_eq!(
            generic("HE WAS TRANSFERRED TO HOSPITAL FOR ADMISSION AND OBSERVED."),
            ["HOSPITAL"]
        );
        assert_eq!(
            generic("She was seen at the vaccination site and then at the urgent care clinic."),
            ["vaccination", "site", "urgent", "care", "clinic"]
        );
    }

    #[test]
    fn the_shorthand_hosp_without_a_name() {
        assert_eq!(
            generic("31yr old women admitted to Hosp with hives and tightness"),
            ["Hosp"]
        );
        assert_eq!(generic("pt taken to hosp, released 2 hrs later"), ["hosp"]);
        assert!(generic("admitted to Mercy Hosp with hives").is_empty());
        assert!(generic("taken to hosp Sao Lucas for observation").is_empty());
    }

    #[test]
    fn never_a_facility_by_its_name() {
        for text in [
            // a name after the kind, or a name inside it
            "SEEN AT HEALTH CLINIC OKAPA ON DAY 2.",
            "ADMITTED TO THE MERCY HOSPITAL FOR OBSERVATION.",
            "She was admitted to the Regional Hospital in Kumasi.",
            // no determiner or "to"/"at" before it
            "Hospital staff gave the vaccine.",
        ] {
            assert!(generic(text).is_empty(), "{text}: {:?}", generic(text));
        }
    }
}
