//! A medical word in a short field: a report's history or lab field is often a list of a few
//! words ("Asthma", "Hayfever, eczema", "CHF, CKD", "CBC, UA, ANA"), and the model, trained on
//! narratives and reading no sentence around them, masks them ("Asthma" as a town, "eczema" as a
//! name): the 1990s HISTORY field lost the patient's history that way. In a text of at most
//! [`MAX_WORDS`] words, a word that the medical, drug or hand-checked clinical dictionaries vouch
//! for and that no name, place or date list holds gets the reason `MedicalField`, released
//! whatever the model says. In a narrative the model keeps its say: "Heart" may be part of a
//! hospital's name there.

use super::{Feature, Reason, TokenRule};
use crate::lexicon::{flag, LexFlags};
use crate::tokenize::Tokenized;

/// The most words a field has to be read as a list rather than a sentence.
pub(super) const MAX_WORDS: usize = 12;

/// Features of a word some name, place or date list holds.
const NAMELIKE: [Feature; 7] = [
    Feature::IsPossiblyName,
    Feature::IsPossiblyCity,
    Feature::IsCountry,
    Feature::IsState,
    Feature::IsStreet,
    Feature::IsMonth,
    Feature::IsWeekday,
];

pub(super) fn apply(doc: &Tokenized, rules: &mut [TokenRule], flags: &[LexFlags]) {
    if doc.len() > MAX_WORDS {
        return;
    }
    for (r, &f) in rules.iter_mut().zip(flags) {
        // (or the hand-checked list's clinical and lab abbreviations: "PCN", "afeb", "GGT")
        let medical = r.features.has(Feature::IsMedicalTerm)
            || r.features.has(Feature::IsDrug)
            || f & flag::CURATED_SAFE != 0;
        if !r.phi
            && r.reason == Reason::Safe
            && medical
            && !NAMELIKE.iter().any(|&f| r.features.has(f))
        {
            r.reason = Reason::MedicalField;
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::rules::{words_with_reason, Reason};

    fn medical(text: &str) -> Vec<String> {
        words_with_reason(text, Reason::MedicalField)
    }

    #[test]
    fn the_medical_words_of_a_short_field() {
        assert_eq!(medical("Asthma"), ["Asthma"]);
        assert_eq!(medical("PCN allergy"), ["PCN", "allergy"]);
        assert_eq!(
            medical("Hypertension, eczema; allergic to sulfa"),
            ["Hypertension", "eczema", "allergic", "to", "sulfa"]
        );
    }

    #[test]
    fn never_in_a_narrative_nor_a_name() {
        // a narrative: the model keeps its say
        let narrative =
            "The patient, who has asthma and eczema since childhood, received the first dose \
                         and developed hives on the arm the same evening.";
        assert!(medical(narrative).is_empty());
        // a surname the medical list holds too
        assert!(medical("Dr. Parkinson").is_empty());
    }
}
