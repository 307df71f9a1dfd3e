//! After the combination: a short middle name between a first name and a surname that the
//! combination masked ("GMOC BETTY [JO] TATUM", "Mary [Ann] Whitfield", "Billy [Ray] Caudill").
//! Such a name is also a word of the language ("jo", "ann", "ray"), which the model, reading it
//! between two names, still released, leaving a part of the person's name visible.
//!
//! Only ever masks more: a word of one to three letters, letters only, no medical word, no word
//! of the short list that stands between two people's names in a sentence ("Smith and Jones",
//! "Lee saw Park"), with a single blank on each side, both neighbours masked, on a name list,
//! and one of them masked as a person (the surname may have been masked as a city).

use crate::phi::PhiType;
use crate::rules::{one_of, Feature, TokenRule};
use crate::tokenize::Tokenized;

/// Short words that join or separate two people's names in a sentence.
pub(super) const BETWEEN_NAMES: &[&str] = &[
    "and", "or", "nor", "the", "of", "to", "in", "on", "at", "by", "for", "was", "is", "are",
    "saw", "had", "has", "her", "his", "him", "she", "he", "we", "my", "our", "met", "told", "and",
    "w", "c", "mr", "ms", "mrs", "dr", "md", "rn", "do", "pa", "np", "lpn", "cna", "pt", "via",
    "per", "vs", "v", "x", "y", "e", "et", "di", "da", "de", "del", "van", "von", "bin", "a",
    // labels between a name and its value ("POR FAX EM 22-11-2017")
    "fax", "tel", "ph", "dob", "age", "yo", "mrn", "id", "no", "nr", "em", "por",
];

/// The words (indices) to mask after the combination, with their kind. `kinds[i]` is the
/// combination's verdict on word `i`, `rules[i]` the rules'.
pub fn complete_middle_names(
    doc: &Tokenized,
    rules: &[TokenRule],
    kinds: &[Option<PhiType>],
) -> Vec<(usize, PhiType)> {
    let n = doc.len();
    let person = |k: usize| matches!(kinds[k], Some(PhiType::Patient | PhiType::Doctor));
    // a word masked that a name list holds (the surname may have been masked as a city: "TATUM")
    let name = |k: usize| kinds[k].is_some() && rules[k].features.has(Feature::IsPossiblyName);
    let mut out = Vec::new();
    for k in 1..n.saturating_sub(1) {
        let w = doc.token_text(k);
        if kinds[k].is_some()
            || !(1..=3).contains(&w.chars().count())
            || !w.chars().all(char::is_alphabetic)
            || doc.gap_before(k) != " "
            || doc.gap_after(k) != " "
            || !(person(k - 1) || person(k + 1))
            || !name(k - 1)
            || !name(k + 1)
            || one_of(w, BETWEEN_NAMES)
            || [Feature::IsMedicalTerm, Feature::IsDrug]
                .iter()
                .any(|&f| rules[k].features.has(f))
        {
            continue;
        }
        let kind = if person(k - 1) {
            kinds[k - 1]
        } else {
            kinds[k + 1]
        };
        out.push((k, kind.expect("a person's kind")));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Reason;

    fn rule() -> TokenRule {
        TokenRule {
            phi: false,
            kind: None,
            reason: Reason::Safe,
            features: Default::default(),
        }
    }

    #[test]
    fn a_short_middle_name_between_a_masked_first_name_and_surname() {
        let doc = Tokenized::new("GMOC BETTY JO TATUM STAYS W/ PT. DR LEE AND PARK SAW HER");
        // GMOC BETTY JO TATUM STAYS W PT DR LEE AND PARK SAW HER
        let mut rules = vec![rule(); doc.len()];
        for r in &mut rules {
            r.features.set(Feature::IsPossiblyName, true);
        }
        let mut kinds = vec![None; doc.len()];
        for k in [1, 8, 10] {
            kinds[k] = Some(PhiType::Patient);
        }
        kinds[3] = Some(PhiType::City);
        assert_eq!(
            complete_middle_names(&doc, &rules, &kinds),
            [(2, PhiType::Patient)]
        );
        // not between words no name list holds ("LBP sp disectomy")
        rules[1].features = Default::default();
        let got = complete_middle_names(&doc, &rules, &kinds);
        assert!(got.is_empty(), "{got:?}");
    }
}
