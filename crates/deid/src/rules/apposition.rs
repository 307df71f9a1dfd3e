//! An occupation set off right after a person's name: "(Marisol Bird, bakery line
//! supervisor)", "GRANDSON WILL KING, A FIREFIGHTER, WERE PRESENT", "(yvette arcement-leblanc, a
//! shrimp boat deckhand out of delcambre)". The recognizers find a title only after words that
//! say whose it is ("works as", "46 yo male"); after a name the name says it, and only the rules
//! know where a name ends. Reason `pattern:PROFESSION`, as the recognizers' titles: never
//! released (the model reads "supervisor", "deckhand" as ordinary words).
//!
//! Not a clinician's: after a doctor's name, or on a reporter's line ("Reporter: Haruka
//! Shimizu, staff nurse", a reporter's qualification is no PHI: `cue`), nothing is marked, and a
//! credential alone ("Vera Sims, RN,") is left to `role`.

use super::role::CREDENTIALS;
use super::{one_of, Feature, Reason, TokenRule};
use crate::phi::PhiType;
use crate::recognize::Recognizers;
use crate::tokenize::Tokenized;

/// Whether a reporter is named just before the name that starts at word `k` ("[Reporter: Haruka
/// Shimizu, staff nurse", "reported by: sr. achola brenda, enrolled nurse"): the 60 bytes before
/// it on its line, not the whole line, since a narrative is often one line ("This nurse is
/// reporting similar events for two patients. ... A female patient (Lorena Two Bulls, a tribal
/// school bus driver").
fn reporter_before(doc: &Tokenized, k: usize) -> bool {
    let end = doc.tokens[k].byte_start;
    let line_start = doc.text[..end].rfind('\n').map_or(0, |i| i + 1);
    let mut start = end.saturating_sub(60).max(line_start);
    while !doc.text.is_char_boundary(start) {
        start += 1;
    }
    super::cue::names_reporter(&doc.text[start..end].to_ascii_lowercase())
}

/// The words (indices) of the titles set off after a patient's or relative's name.
pub(super) fn apposition_titles(
    doc: &Tokenized,
    rules: &[TokenRule],
    recognizers: &Recognizers,
) -> Vec<usize> {
    let n = doc.len();
    // (a surname a city list also holds is masked as a city: "Vera Sims, nurse aide")
    let person = |k: usize| {
        rules[k].phi
            && (rules[k].kind == Some(PhiType::Patient)
                || (rules[k].kind == Some(PhiType::City)
                    && rules[k].features.has(Feature::IsPossiblyName)))
            && !matches!(rules[k].reason, Reason::Pattern(_) | Reason::Digit)
    };
    let mut out = Vec::new();
    for k in 0..n.saturating_sub(1) {
        // (the gap first: nearly every word is followed by a blank)
        if !matches!(doc.gap_after(k), ", " | " (" | "(") || !person(k) {
            continue;
        }
        // a name by the lists or by a relation word, not any unknown word ("pcn, contrast
        // agent", "swollen, tender, hot per MD")
        if !rules[k].features.has(Feature::IsPossiblyName)
            && rules[k].reason != Reason::RelationName
        {
            continue;
        }
        // the name's first word, and what is before it: not a doctor's name
        let mut first = k;
        while first > 0 && matches!(doc.gap_before(first), " " | "-") && person(first - 1) {
            first -= 1;
        }
        let doctor = first > 0
            && (rules[first - 1].kind == Some(PhiType::Doctor)
                || rules[first - 1].features.has(Feature::IsSalutation)
                || rules[first].kind == Some(PhiType::Doctor));
        if doctor || reporter_before(doc, first) {
            continue;
        }
        let Some((start, end)) = recognizers.title_after_name(doc.text, doc.tokens[k].byte_end)
        else {
            continue;
        };
        let words: Vec<usize> = (k + 1..n)
            .take_while(|&j| doc.tokens[j].byte_start < end)
            .filter(|&j| doc.tokens[j].byte_end > start)
            .collect();
        // (a clinician's letters: "Vera Sims, RN,", "hot per MD")
        if words.last().is_some_and(|&j| {
            one_of(doc.token_text(j), CREDENTIALS) || one_of(doc.token_text(j), &["md", "do"])
        }) {
            continue;
        }
        out.extend(
            words
                .into_iter()
                .filter(|&j| !matches!(rules[j].reason, Reason::Pattern(_) | Reason::Digit)),
        );
    }
    out
}

#[cfg(test)]
mod tests {
    use crate::phi::PhiType;
    use crate::rules::{words_with_reason, Reason};

    fn titles(text: &str) -> Vec<String> {
        words_with_reason(text, Reason::Pattern(PhiType::Profession))
    }

    #[test]
    fn an_occupation_set_off_after_a_patients_or_relatives_name_in_any_case() {
        for (text, want) in [
            (
                "A 59-year-old female patient (Marisol Bird, bakery line supervisor) received her first dose.",
                &["bakery", "line", "supervisor"][..],
            ),
            (
                "she (yvette arcement-leblanc, a shrimp boat deckhand out of delcambre) was admitted to the hospital",
                &["shrimp", "boat", "deckhand"][..],
            ),
            (
                "HIS WIFE AND GRANDSON WILL KING, A FIREFIGHTER, WERE PRESENT WHEN THE SWELLING BEGAN.",
                &["FIREFIGHTER"][..],
            ),
            (
                "This nurse is reporting similar events for two patients. A female patient (Lorena Two Bulls, a tribal school bus driver from Wanblee) received a dose.",
                &["tribal", "school", "bus", "driver"][..],
            ),
            // the person's age between the name and the title
            (
                "the patient (dwight honeycutt, 64, tobacco farmer near four oaks) experienced anaphylaxis.",
                &["tobacco", "farmer"][..],
            ),
        ] {
            assert_eq!(titles(text), want, "{text}");
        }
    }

    #[test]
    fn not_after_a_doctors_name_nor_on_a_reporters_line() {
        for text in [
            "The patient was seen by Dr. Helen Marsh, cardiologist, at the clinic on the same day.",
            "Reporter: Haruka Shimizu, staff nurse, Kameda Medical Center, called on the next day.",
            "The vaccine was given by Vera Sims, RN, at the pharmacy on the same afternoon.",
            "pcn, contrast agent, sulfa, epilepsy and a history of asthma since childhood",
            "deltoid area erythematous/swollen, tender, hot per MD; no fever and no other symptoms",
        ] {
            let found = titles(text);
            assert!(
                !found.iter().any(|w| matches!(
                    w.as_str(),
                    "cardiologist" | "nurse" | "RN" | "agent" | "MD"
                )),
                "{text}: {found:?}"
            );
        }
    }
}
