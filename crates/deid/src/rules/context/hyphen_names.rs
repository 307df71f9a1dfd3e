//! After the combination: the other half of a hyphenated name ("VLĂDUȚESCU-[POPA]",
//! "[Abdel]-Fattah", "Moon-[Khumalo]"). Both halves are names to the rules; the model, reading
//! one half as a common word in that place, let it through while masking the other, and a
//! visible half of a double-barrelled surname narrows the person down to a family.
//!
//! Only ever masks more: a word the rules call a person's name (or know of no list, and no SAFE
//! list holds), of two letters or more, joined by a hyphen with nothing else to such a word the
//! combination masked as a person's name.

use crate::phi::PhiType;
use crate::rules::{Feature, Reason, TokenRule};
use crate::tokenize::Tokenized;

/// Whether the rules call word `k` a person's name or a word no list knows, and no SAFE list
/// holds it ("Charcot-Marie-Tooth", "PCN-hives", "HBc-pos" are no names).
fn namelike(rules: &[TokenRule], k: usize) -> bool {
    let r = &rules[k];
    r.phi
        && matches!(r.kind, Some(PhiType::Patient | PhiType::Doctor))
        && matches!(
            r.reason,
            Reason::Unknown | Reason::Unsafe(_) | Reason::AfterSalutation | Reason::RelationName
        )
        && ![
            Feature::IsCommonWord,
            Feature::IsMedicalTerm,
            Feature::IsDrug,
        ]
        .iter()
        .any(|&f| r.features.has(f))
}

/// The words (indices) to mask after the combination, with their kind. `kinds[i]` is the
/// combination's verdict on word `i`, `rules[i]` the rules'.
pub fn complete_hyphenated_names(
    doc: &Tokenized,
    rules: &[TokenRule],
    kinds: &[Option<PhiType>],
) -> Vec<(usize, PhiType)> {
    let n = doc.len();
    let person = |k: usize| matches!(kinds[k], Some(PhiType::Patient | PhiType::Doctor));
    let word = |k: usize| {
        let t = doc.token_text(k);
        t.chars().count() >= 2 && t.chars().all(char::is_alphabetic)
    };
    let mut out = Vec::new();
    for k in 0..n.saturating_sub(1) {
        if doc.gap_after(k) != "-" || !word(k) || !word(k + 1) {
            continue;
        }
        for (masked, other) in [(k, k + 1), (k + 1, k)] {
            // (both halves names to the rules: the model masked one of them)
            if person(masked)
                && namelike(rules, masked)
                && kinds[other].is_none()
                && namelike(rules, other)
            {
                out.push((other, kinds[masked].expect("a person's kind")));
            }
        }
    }
    out.extend(elided_prefixes(doc, kinds));
    out
}

/// The elided article or preposition joined by an apostrophe to a word the combination masked:
/// "d'[iberville] high school", "l'[Hôtel-Dieu]", "o'[neill]". The letter is part of the
/// name's word; the model, reading one letter, released it and left a piece of the word visible.
/// Any kind (the name of a person, a place or a facility); only "d", "l" and "o" of one letter,
/// so that a contraction's parts ("I'm", "didn't") are never read so.
fn elided_prefixes(doc: &Tokenized, kinds: &[Option<PhiType>]) -> Vec<(usize, PhiType)> {
    (0..doc.len().saturating_sub(1))
        .filter(|&k| kinds[k].is_none() && matches!(doc.gap_after(k), "'" | "\u{2019}"))
        .filter(|&k| matches!(doc.token_text(k), "d" | "D" | "l" | "L" | "o" | "O"))
        .filter_map(|k| {
            let next = doc.token_text(k + 1);
            (next.chars().count() >= 2 && next.chars().all(char::is_alphabetic))
                .then_some(kinds[k + 1])
                .flatten()
                .map(|kind| (k, kind))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rule(phi: bool) -> TokenRule {
        TokenRule {
            phi,
            kind: phi.then_some(PhiType::Patient),
            reason: if phi { Reason::Unknown } else { Reason::Safe },
            features: Default::default(),
        }
    }

    #[test]
    fn an_elided_letter_before_a_masked_word() {
        let doc =
            Tokenized::new("a sophomore at d'iberville high school; I'm sure she didn't; o'neill");
        // a sophomore at d iberville high school I m sure she didn t o neill
        let rules: Vec<_> = (0..doc.len()).map(|_| rule(false)).collect();
        let mut kinds = vec![None; doc.len()];
        for k in [4, 5, 6] {
            kinds[k] = Some(PhiType::Organization);
        }
        // (even a masked "m" or "t" after a contraction's first part is no name's)
        kinds[8] = Some(PhiType::Patient);
        kinds[12] = Some(PhiType::Patient);
        kinds[14] = Some(PhiType::Patient);
        assert_eq!(
            complete_hyphenated_names(&doc, &rules, &kinds),
            [(3, PhiType::Organization), (13, PhiType::Patient)]
        );
    }

    #[test]
    fn the_other_half_of_a_hyphenated_name() {
        let doc = Tokenized::new("DAUGHTER MIHAELA VLĂDUȚESCU-POPA (52), PHARMACIST");
        // DAUGHTER MIHAELA VLĂDUȚESCU POPA 52 PHARMACIST
        let rules = [false, true, true, true, true, false].map(rule);
        let mut kinds = vec![None; doc.len()];
        kinds[1] = Some(PhiType::Patient);
        kinds[2] = Some(PhiType::Patient);
        kinds[4] = Some(PhiType::Age);
        let got = complete_hyphenated_names(&doc, &rules, &kinds);
        assert_eq!(got, [(3, PhiType::Patient)]);
        // a word the rules call safe is no name's half ("Smith-[like]"), nor a date's neighbour
        let rules = [false, true, true, false, true, false].map(rule);
        assert!(complete_hyphenated_names(&doc, &rules, &kinds).is_empty());
    }
}
