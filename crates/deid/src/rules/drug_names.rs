//! The words of a medicine's name the rules call safe: reason `DrugName`, which the combination
//! releases on half the model's evidence (`combine::DRUG_NAME_LOW`). The suspect drug is a
//! report's first causality fact, and the model doubted drug names in ALL CAPS and beside
//! another language's words ("ON HRZE (RIFAMPICIN, ISONIAZID, PYRAZINAMIDE, ETHAMBUTOL)",
//! "told her to stop isoniazid on 10 June").
//!
//! The drug dictionary (`lexicons/safe/drugs.txt`) holds the words of every product's name,
//! everyday ones among them ("return", "male", "hospital", "system"): only a word of six letters
//! or more that no everyday-word, name, place or street list holds counts ("isoniazid", which
//! WordNet holds, does not), never one another rule decided.

use super::{Feature, Reason, TokenRule};
use crate::tokenize::Tokenized;

/// Features that make a word maybe someone's or somewhere's.
const NOT_A_DRUG: &[Feature] = &[
    // (the everyday and medical words of products' names: "hospital", "medical", "system",
    // "potato", "hepatitis" stand in facilities', offices' and occupations' names)
    Feature::IsCommonWord,
    Feature::IsPossiblyName,
    Feature::IsPossiblyCity,
    Feature::IsStreet,
    Feature::IsCountry,
    Feature::IsState,
];

pub(super) fn apply(doc: &Tokenized, rules: &mut [TokenRule]) {
    for (k, rule) in rules.iter_mut().enumerate() {
        let word = doc.token_text(k);
        if !rule.phi
            && rule.reason == Reason::Safe
            && rule.features.has(Feature::IsDrug)
            && !NOT_A_DRUG.iter().any(|&f| rule.features.has(f))
            && word.chars().count() >= 6
            && word.chars().all(char::is_alphabetic)
        {
            rule.reason = Reason::DrugName;
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::rules::{words_with_reason, Reason};

    #[test]
    fn words_of_a_medicines_name_the_rules_call_safe() {
        let words = words_with_reason(
            "THE PATIENT DEVELOPED JAUNDICE, VOMITING AND ABDOMINAL PAIN 6 WEEKS AFTER STARTING \
             HRZE (RIFAMPICIN, ISONIAZID, PYRAZINAMIDE, ETHAMBUTOL) FOR SMEAR-POSITIVE TB.",
            Reason::DrugName,
        );
        for w in ["RIFAMPICIN", "PYRAZINAMIDE", "ETHAMBUTOL"] {
            assert!(words.contains(&w.to_string()), "{w}: {words:?}");
        }
        // a name or a place on a list is never one, nor a short word
        let words = words_with_reason(
            "The patient was seen by Dr Chad Warren in Aspen; a male who took Lasix for it at \
             Mercy Hospital; the medical examiner agreed.",
            Reason::DrugName,
        );
        for w in [
            "Chad", "Warren", "Aspen", "male", "Lasix", "Hospital", "medical",
        ] {
            assert!(!words.contains(&w.to_string()), "{w}: {words:?}");
        }
    }
}
