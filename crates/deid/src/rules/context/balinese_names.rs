//! After the combination: the "I" and "Ni" that open a Balinese name ("I Made Suarjana", "Ni Luh
//! Putu Ariani"). They say the bearer's sex, and a birth-order name follows them (Wayan, Made,
//! Nyoman, Ketut, ...). The model read "I" as the pronoun and released it, and "Made" as the verb,
//! leaving the opening of the name visible beside the masked rest.
//!
//! Only ever masks more: "i" or "ni", then one or more of the birth-order and caste names, one
//! blank apart, then a word the combination masked as a person. "i made a list" and "ni fiebre
//! ni dolor" have no masked name after them.

use crate::phi::PhiType;
use crate::rules::{one_of, TokenRule};
use crate::tokenize::Tokenized;

/// Balinese birth-order names and the titles of the castes that may stand in their place
/// (folded).
const BIRTH_ORDER_NAMES: &[&str] = &[
    "wayan", "putu", "gede", "iluh", "luh", "made", "kadek", "nengah", "nyoman", "komang", "ketut",
    "gusti", "ngurah", "ayu", "agung",
];

/// The words (indices) to mask after the combination, with the person's kind. `kinds[i]` is the
/// combination's verdict on word `i` (the rules' verdicts are not needed).
pub fn complete_balinese_names(
    doc: &Tokenized,
    _rules: &[TokenRule],
    kinds: &[Option<PhiType>],
) -> Vec<(usize, PhiType)> {
    let n = doc.len();
    let mut out = Vec::new();
    for k in 0..n.saturating_sub(2) {
        if !one_of(doc.token_text(k), &["i", "ni"]) || doc.gap_after(k) != " " {
            continue;
        }
        // the birth-order names, then the person's masked name
        let mut m = k + 1;
        while m < n
            && m < k + 5
            && one_of(doc.token_text(m), BIRTH_ORDER_NAMES)
            && doc.gap_after(m) == " "
        {
            m += 1;
        }
        let person = |m: usize| matches!(kinds[m], Some(PhiType::Patient | PhiType::Doctor));
        if m == k + 1 || m >= n || !person(m) {
            continue;
        }
        let kind = kinds[m].expect("a person");
        out.extend((k..m).filter(|&j| kinds[j].is_none()).map(|j| (j, kind)));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The words masked after the combination, when the words at `masked` are a masked patient.
    fn completed(text: &str, masked: &[&str]) -> Vec<String> {
        let doc = Tokenized::new(text);
        let kinds: Vec<_> = (0..doc.len())
            .map(|i| {
                masked
                    .contains(&doc.token_text(i))
                    .then_some(PhiType::Patient)
            })
            .collect();
        complete_balinese_names(&doc, &[], &kinds)
            .into_iter()
            .map(|(i, _)| doc.token_text(i).to_string())
            .collect()
    }

    #[test]
    fn the_opening_of_a_balinese_name_before_its_masked_rest() {
        assert_eq!(
            completed(
                "A PATIENT OF UNSPECIFIED AGE (I MADE SUARJANA, TOUR GUIDE)",
                &["SUARJANA"]
            ),
            ["I", "MADE"]
        );
        assert_eq!(
            completed("pasien ni luh putu ariani di denpasar", &["putu", "ariani"]),
            ["ni", "luh"]
        );
        // the pronoun and the conjunction, with no masked name after the birth-order word
        assert!(completed("i made a list; ni fiebre ni dolor", &[]).is_empty());
        assert!(completed("then i made sure that Smith came", &["Smith"]).is_empty());
    }
}
