//! After the combination: a person's initial right before the name the combination masked
//! ("[D.] Rutledge RN 10/14/2025", "- [a].belanger rpn", "- [I.] Okonkwo-Bell, 919-555-0172").
//! The model reads one letter as nothing and released it, leaving the initial of a signature
//! visible beside its masked surname.
//!
//! Only ever masks more: one letter of any script, joined by a full stop (with or without a blank)
//! to a word the combination masked and the rules read as a name from a list (whatever kind the
//! combination gave it), or to another such initial ("[J. R.] Smith"). And the middle initial
//! after such a name where a field or line ends ("NAME: FORTENBERRY, RUBYE [A]     SEX: F",
//! "DELBERT [T]   SSN"): in capitals the model read "A" as the article.

use crate::phi::PhiType;
use crate::rules::{Feature, Reason, TokenRule};
use crate::tokenize::Tokenized;

/// Whether word `k` is one letter of any script.
fn one_letter(doc: &Tokenized, k: usize) -> bool {
    let mut letters = doc.token_text(k).chars();
    matches!((letters.next(), letters.next()), (Some(c), None) if c.is_alphabetic())
}

/// Whether the rules read word `k` as a person's name: on a name list or named by its context,
/// and no medical, drug or everyday word ("E. coli", "H. influenzae", "L. GCS 15" stay).
fn name_to_the_rules(rules: &[TokenRule], k: usize) -> bool {
    let r = &rules[k];
    let listed = r.features.has(Feature::IsPossiblyName)
        || matches!(r.reason, Reason::AfterSalutation | Reason::RelationName);
    listed
        && ![
            Feature::IsMedicalTerm,
            Feature::IsDrug,
            Feature::IsCommonWord,
        ]
        .iter()
        .any(|&f| r.features.has(f))
}

/// The words (indices) to mask after the combination, with their kind. `kinds[i]` is the
/// combination's verdict on word `i`, `rules[i]` the rules'.
pub fn complete_initials(
    doc: &Tokenized,
    rules: &[TokenRule],
    kinds: &[Option<PhiType>],
) -> Vec<(usize, PhiType)> {
    let n = doc.len();
    let mut out = Vec::new();
    out.extend(initials_after_names(doc, rules, kinds));
    for k in 0..n.saturating_sub(1) {
        if kinds[k].is_some() || !one_letter(doc, k) || !matches!(doc.gap_after(k), "." | ". ") {
            continue;
        }
        // the initials of "J. R. Smith": the name after a run of them
        let mut name = k + 1;
        while name + 1 < n && one_letter(doc, name) && doc.gap_after(name) == ". " {
            name += 1;
        }
        // (the first initial opens the name: after a blank, a sentence's or a clause's end, a
        // dash or a bracket; never inside a unit or an abbreviation, "mmol/L. GCS", "C/D/I.
        // Voiding", "V. a.")
        let gap = doc.gap_before(k);
        let after_letter = k > 0 && one_letter(doc, k - 1) && gap.starts_with('.');
        let opens = (k == 0 && gap.trim().is_empty())
            || (gap.chars().any(char::is_whitespace)
                && gap
                    .chars()
                    .all(|c| c.is_whitespace() || "-–().;:,!?".contains(c))
                && !after_letter);
        // (a capital where case means something: "mg i.v. durch", "c/12 h. Tomó" are units; and no
        // unit after a number, "C/6 H. CAMBIO")
        let lower = doc
            .token_text(k)
            .chars()
            .next()
            .is_some_and(char::is_lowercase);
        let after_number = k > 0
            && !gap.contains('.')
            && doc.token_text(k - 1).chars().all(|c| c.is_ascii_digit());
        // (or a double-barrelled surname whose second half is a listed name: "H. Virdee-Grey
        // MRPharmS")
        let hyphened = name + 1 < n
            && doc.gap_after(name) == "-"
            && kinds[name].is_some()
            && name_to_the_rules(rules, name + 1);
        if !opens
            || (doc.case_informative && lower)
            || after_number
            || !(name_to_the_rules(rules, name) || hyphened)
        {
            continue;
        }
        // (the name masked as anything: "D. [Rutledge] RN" was masked as a town, "N. [Dakota]"
        // a state, and the letter is part of it either way)
        if let Some(kind) = kinds[name] {
            out.extend((k..name).map(|j| (j, kind)));
        }
    }
    out
}

/// The labels of a person's sex in the world's forms, lower case.
const SEX_LABELS: &[&str] = &[
    "sex",
    "sexe",
    "sexo",
    "sesso",
    "geschlecht",
    "gender",
    "genre",
    "género",
    "kön",
    "kjønn",
    "køn",
    "płeć",
    "pohlaví",
    "spol",
    "nem",
    "cinsiyet",
    "geslacht",
];

/// A middle initial right after a masked name, where the field or line ends: one blank before
/// it, and after it the text's end, a line break, a field's wide gap (two blanks or more) or a
/// comma, semicolon or bracket. An article goes on to its noun after one blank ("gave
/// RUTH A DOSE"), and a sentence's end is no field's ("seen by Mary A." stays as it was).
fn initials_after_names(
    doc: &Tokenized,
    rules: &[TokenRule],
    kinds: &[Option<PhiType>],
) -> Vec<(usize, PhiType)> {
    let n = doc.len();
    (1..n)
        .filter_map(|k| {
            let kind = kinds[k - 1]?;
            let after = if k + 1 < n { doc.gap_after(k) } else { "" };
            let field_ends = k + 1 == n
                || after.contains('\n')
                || after.starts_with("  ")
                || after.trim_start().starts_with([',', ';', '(', ')']);
            let capital = doc
                .token_text(k)
                .chars()
                .next()
                .is_some_and(char::is_uppercase);
            // (a sex after its label, which the model masked as a name: "SESSO F", "sexe F";
            // asked last, of the few one-letter words after a name)
            let sex = || SEX_LABELS.contains(&doc.token_text(k - 1).to_lowercase().as_str());
            // (or a name written surname first, both masked as a person's, whatever lists hold
            // them: "SOLDIER: HOLLENBACK-RUIZISSE, MAROVAN A   PVT", "OYELOSTRA, TOBI A   ID:")
            let person = |j: usize| matches!(kinds[j], Some(PhiType::Patient | PhiType::Doctor));
            let surname_first = || {
                k >= 2
                    && person(k - 1)
                    && person(k - 2)
                    && doc.gap_before(k - 1) == ", "
                    && rules[k - 1].phi
            };
            (kinds[k].is_none()
                && one_letter(doc, k)
                && doc.gap_before(k) == " "
                && field_ends
                && (capital || !doc.case_informative)
                && (name_to_the_rules(rules, k - 1) || surname_first())
                && !sex())
            .then_some((k, kind))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The initials masked when the words of `masked` are masked as that kind, the rules reading
    /// them as names from a list.
    fn initials(text: &str, masked: &[(&str, PhiType)]) -> Vec<String> {
        let doc = Tokenized::new(text);
        let find = |i: usize| masked.iter().find(|(w, _)| *w == doc.token_text(i));
        let kinds: Vec<_> = (0..doc.len()).map(|i| find(i).map(|&(_, p)| p)).collect();
        let rules: Vec<_> = (0..doc.len())
            .map(|i| {
                let mut r = TokenRule {
                    phi: find(i).is_some(),
                    kind: find(i).map(|&(_, p)| p),
                    reason: Reason::Unsafe("is-possibly-name"),
                    features: Default::default(),
                };
                r.features.set(Feature::IsPossiblyName, find(i).is_some());
                r
            })
            .collect();
        complete_initials(&doc, &rules, &kinds)
            .into_iter()
            .map(|(k, _)| doc.token_text(k).to_string())
            .collect()
    }

    #[test]
    fn the_initial_before_a_masked_name_is_masked_with_it() {
        let doctor = PhiType::Doctor;
        let rutledge = [("Rutledge", doctor)];
        assert_eq!(
            initials("cell 601-555-0186. D. Rutledge RN 10/14/2025", &rutledge),
            ["D"]
        );
        let belanger = [("belanger", doctor)];
        assert_eq!(
            initials(
                "picking up rx from shoppers on lasalle blvd. next visit mon. - a.belanger rpn",
                &belanger
            ),
            ["a"]
        );
        assert_eq!(
            initials("seen by J. R. Smith today", &[("Smith", doctor)]),
            ["J", "R"]
        );
        // a double-barrelled surname, its second half a listed name
        assert_eq!(
            initials(
                "patient safety event recorded (ref 61188290). H. Virdee-Grey MRPharmS",
                &[("Virdee", doctor), ("Grey", doctor)]
            ),
            ["H"]
        );
        // the name masked as a town: the letter goes with it
        assert_eq!(
            initials("D. Rutledge RN", &[("Rutledge", PhiType::City)]),
            ["D"]
        );
        // not without the full stop, nor inside a unit or an abbreviation
        assert!(initials("grade A Smith", &[("Smith", doctor)]).is_empty());
        assert!(initials("K 4.1 mmol/L. Smith reviewed", &[("Smith", doctor)]).is_empty());
        assert!(initials("Naloxon 0,4 mg i.v. Durch Notarzt", &[("Durch", doctor)]).is_empty());
        assert!(initials("4 MG C/6 H. CAMBIO A TMP", &[("CAMBIO", doctor)]).is_empty());
    }

    #[test]
    fn the_middle_initial_after_a_masked_name_where_the_field_ends_is_masked() {
        let patient = PhiType::Patient;
        let rubye = [("FORTENBERRY", patient), ("RUBYE", patient)];
        assert_eq!(
            initials(
                "NAME: FORTENBERRY, RUBYE A     SEX: F    DOB: 11/22/1947",
                &rubye
            ),
            ["A"]
        );
        assert_eq!(
            initials(
                "PATIENT: DELBERT T   SSN 000-12-3456",
                &[("DELBERT", patient)]
            ),
            ["T"]
        );
        assert_eq!(
            initials(
                "resident lott, thurman e (91, dob 1/2/30) fell in the hall and was sent to the er",
                &[("thurman", patient)]
            ),
            ["e"]
        );
        // a given name no list holds, written after the surname and its comma
        let text = "SOLDIER: HOLLENBACK-RUIZISSE, MAROVAN A   PVT   DOB: 06/21/2005";
        let doc = Tokenized::new(text);
        let masked = |i: usize| matches!(doc.token_text(i), "RUIZISSE" | "MAROVAN");
        let kinds: Vec<_> = (0..doc.len())
            .map(|i| masked(i).then_some(patient))
            .collect();
        let rules: Vec<_> = (0..doc.len())
            .map(|i| TokenRule {
                phi: masked(i),
                kind: masked(i).then_some(patient),
                reason: if masked(i) {
                    Reason::Unknown
                } else {
                    Reason::Safe
                },
                features: Default::default(),
            })
            .collect();
        let found: Vec<_> = complete_initials(&doc, &rules, &kinds)
            .into_iter()
            .map(|(k, _)| doc.token_text(k))
            .collect();
        assert_eq!(found, ["A"]);
        // an article goes on to its noun; a sentence's end is no field's
        assert!(initials(
            "THE NURSE GAVE RUTH A DOSE OF TYLENOL",
            &[("RUTH", patient)]
        )
        .is_empty());
        assert!(initials("seen by Mary A. today", &[("Mary", patient)]).is_empty());
        assert!(initials(
            "SCOGNAMIGLIO ASSUNTA   ETA' 47   SESSO F   C.F. SCGSNT57C49G964W",
            &[
                ("SCOGNAMIGLIO", patient),
                ("ASSUNTA", patient),
                ("SESSO", patient)
            ]
        )
        .is_empty());
    }
}
