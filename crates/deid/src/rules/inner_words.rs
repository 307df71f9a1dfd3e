//! After the combination: the inner words of a name that the rules read whole, where the model
//! released them and masked the words on both sides ("Regional Medical Center [of] Orangeburg",
//! "[HOME] FOR THE [AGED]"). Such a word is a function word ("of", "the", "for", "de") that the
//! model saw as safe in every other sentence; released, it leaves a gap in a masked name and
//! counts as a missed PHI word.
//!
//! Only ever masks more: a run of one to three words, each of which the rules called PHI of one
//! category, with a single blank on each side of every word, between two words the combination
//! masked that the rules called PHI of that same category too, each for a reason that reads a name
//! (a name list, the context around it, a facility's, company's or address's shape). A word the
//! rules called PHI only because no dictionary knows it, a digit, a pattern's hit, a title or a
//! word released by design (a time of day between two dates: "17DEC90 5PM 18DEC90") reads no
//! span, so it neither counts as a neighbour nor is masked.
//!
//! And "at" between two words the combination masked as a facility's, the hospital and the system
//! that runs it ("[Children's Hospital] at [OU Medicine]"); "good" before a masked "samaritan"
//! or "shepherd"; and "in" of a masked "walk-in" before a masked word ("[QuickMend Walk]-In
//! [Clinic]").

use crate::phi::PhiType;
use crate::rules::{Reason, TokenRule};
use crate::tokenize::Tokenized;

/// The longest run of released words filled between two masked ones.
const MAX_RUN: usize = 3;

/// The words (indices) to mask after the combination, with their kind. `kinds[i]` is the
/// combination's verdict on word `i`, `rules[i]` the rules'.
pub fn complete_inner_words(
    doc: &Tokenized,
    rules: &[TokenRule],
    kinds: &[Option<PhiType>],
) -> Vec<(usize, PhiType)> {
    let n = doc.len();
    // the rules' category of a word they read as part of a name
    let spanned = |k: usize| {
        let r = &rules[k];
        let name = matches!(
            r.reason,
            Reason::Context
                | Reason::Unsafe(_)
                | Reason::AfterSalutation
                | Reason::RelationName
                | Reason::PlaceName
                | Reason::NamedFacility
                | Reason::AddressWord
                | Reason::Company
                | Reason::Signature
        );
        (r.phi && name).then_some(r.kind).flatten()
    };
    let mut out = Vec::new();
    let mut k = 1;
    while k + 1 < n {
        // a masked word of a rules' span, followed by released words of the same span
        let Some(kind) = spanned(k - 1).filter(|_| kinds[k - 1].is_some()) else {
            k += 1;
            continue;
        };
        let mut end = k;
        while end < n
            && end - k < MAX_RUN
            && kinds[end].is_none()
            && spanned(end) == Some(kind)
            && doc.gap_before(end) == " "
        {
            end += 1;
        }
        let closed = end > k
            && end < n
            && kinds[end].is_some()
            && spanned(end) == Some(kind)
            && doc.gap_before(end) == " ";
        if closed {
            out.extend((k..end).map(|i| (i, kind)));
        }
        k = end.max(k + 1);
    }
    // "at" between two facility names the combination masked, the hospital and the system that
    // runs it ("[riley hospital for children] at [iu health]", "[children's hospital] at [ou
    // medicine]"): the model released "at", a word of every sentence
    // (a hospital's head before "at", and two masked words after it: the model also masks
    // "bought", "given" or "adon" before "at" and "about" or "their" after it)
    let hospital = |k: usize| kinds[k] == Some(PhiType::Hospital);
    for k in (1..n.saturating_sub(2)).filter(|&k| kinds[k].is_none()) {
        if doc.token_text(k).eq_ignore_ascii_case("at")
            && hospital(k - 1)
            && matches!(
                doc.token_text(k - 1).to_lowercase().as_str(),
                "hospital" | "children" | "childrens" | "healthcare" | "center" | "centre"
            )
            && hospital(k + 1)
            && hospital(k + 2)
            && doc.gap_before(k) == " "
            && doc.gap_after(k) == " "
            && doc.gap_after(k + 1) == " "
            && !out.iter().any(|&(i, _)| i == k)
        {
            out.push((k, PhiType::Hospital));
        }
    }
    // "good" before a masked "samaritan" or "shepherd", the names of hospitals and care homes
    // ("(CHI HEALTH GOOD SAMARITAN)": the model released "GOOD", an everyday word)
    for k in (0..n.saturating_sub(1)).filter(|&k| kinds[k].is_none()) {
        let next = doc.token_text(k + 1);
        if doc.token_text(k).eq_ignore_ascii_case("good")
            && doc.gap_after(k) == " "
            && (next.eq_ignore_ascii_case("samaritan") || next.eq_ignore_ascii_case("shepherd"))
        {
            // (masked as a facility's or as a name's: the model reads "SAMARITAN" as a surname)
            if let Some(kind) =
                kinds[k + 1].filter(|kind| matches!(kind.tag(), "LOCATION" | "NAME"))
            {
                out.push((k, kind));
            }
        }
    }
    // "in" of a masked "walk-in" before a masked word, a clinic's kind inside its name
    // ("[QuickMend Walk]-In [Clinic]", "[Demerara Walk]-In [Medical Centre]"): the model released
    // "In", a word of every sentence
    for k in (1..n.saturating_sub(1)).filter(|&k| kinds[k].is_none()) {
        if doc.token_text(k).eq_ignore_ascii_case("in")
            && doc.token_text(k - 1).eq_ignore_ascii_case("walk")
            && doc.gap_before(k) == "-"
            && doc.gap_after(k) == " "
            && kinds[k + 1].is_some()
        {
            if let Some(kind) =
                kinds[k - 1].filter(|kind| matches!(kind.tag(), "LOCATION" | "NAME"))
            {
                out.push((k, kind));
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rule(phi: bool, kind: Option<PhiType>, reason: Reason) -> TokenRule {
        TokenRule {
            phi,
            kind,
            reason,
            features: Default::default(),
        }
    }

    #[test]
    fn released_inner_words_of_a_masked_name_are_masked() {
        let doc = Tokenized::new("Adm Regional Medical Center of the Orangeburg area, 11/1/96");
        // Adm Regional Medical Center of the Orangeburg area 11 1 96
        let hospital = || rule(true, Some(PhiType::Hospital), Reason::Context);
        let mut rules = vec![rule(false, None, Reason::Safe); doc.len()];
        for r in &mut rules[1..=6] {
            *r = hospital();
        }
        let mut kinds = vec![None; doc.len()];
        for k in [1, 2, 3, 6] {
            kinds[k] = Some(PhiType::Hospital);
        }
        assert_eq!(
            complete_inner_words(&doc, &rules, &kinds),
            [(4, PhiType::Hospital), (5, PhiType::Hospital)]
        );
        // not where the rules read another category on the far side
        rules[6] = rule(true, Some(PhiType::City), Reason::PlaceName);
        assert!(complete_inner_words(&doc, &rules, &kinds).is_empty());
        // nor where the far side was released too: the model's word on the name's end stands
        rules[6] = hospital();
        kinds[6] = None;
        assert!(complete_inner_words(&doc, &rules, &kinds).is_empty());
    }

    #[test]
    fn punctuation_or_a_word_no_dictionary_knows_reads_no_span() {
        let doc = Tokenized::new("GIVEN BY SMITH, OF JONES CLINIC TODAY");
        // GIVEN BY SMITH OF JONES CLINIC TODAY
        let mut rules = vec![rule(true, Some(PhiType::Patient), Reason::Context); doc.len()];
        let mut kinds = vec![Some(PhiType::Patient); doc.len()];
        kinds[3] = None;
        // "SMITH, OF": a comma between
        assert!(complete_inner_words(&doc, &rules, &kinds).is_empty());
        // "BY [released] JONES": the word between was only unknown to the dictionaries
        let doc = Tokenized::new("GIVEN BY SMITH OF JONES CLINIC TODAY");
        rules[3] = rule(true, Some(PhiType::Patient), Reason::Unknown);
        assert!(complete_inner_words(&doc, &rules, &kinds).is_empty());
        rules[3] = rule(true, Some(PhiType::Patient), Reason::Context);
        assert_eq!(
            complete_inner_words(&doc, &rules, &kinds),
            [(3, PhiType::Patient)]
        );
    }

    #[test]
    fn at_between_a_hospital_and_its_health_system() {
        let doc = Tokenized::new("hospitalized at childrens hospital at ou medicine and at home");
        // hospitalized at childrens hospital at ou medicine and at home
        let rules = vec![rule(false, None, Reason::Safe); doc.len()];
        let mut kinds = vec![None; doc.len()];
        for k in [2, 3, 5, 6] {
            kinds[k] = Some(PhiType::Hospital);
        }
        assert_eq!(
            complete_inner_words(&doc, &rules, &kinds),
            [(4, PhiType::Hospital)]
        );
        // not before a town ("[mercy hospital] at [springfield]")
        kinds[5] = Some(PhiType::City);
        assert!(complete_inner_words(&doc, &rules, &kinds).is_empty());
        // nor after a word the model masked that is no hospital's head ("[bought] at [apteka na]")
        kinds[5] = Some(PhiType::Hospital);
        kinds[3] = None;
        assert!(complete_inner_words(&doc, &rules, &kinds).is_empty());
    }

    #[test]
    fn good_before_a_masked_samaritan() {
        let doc =
            Tokenized::new("UNDER THE CARE OF (CHI HEALTH GOOD SAMARITAN) AND A GOOD SAMARITAN");
        // UNDER THE CARE OF CHI HEALTH GOOD SAMARITAN AND A GOOD SAMARITAN
        let rules = vec![rule(false, None, Reason::Safe); doc.len()];
        let mut kinds = vec![None; doc.len()];
        for k in [4, 5] {
            kinds[k] = Some(PhiType::Hospital);
        }
        kinds[7] = Some(PhiType::Patient);
        // (the passer-by the model left alone stays)
        assert_eq!(
            complete_inner_words(&doc, &rules, &kinds),
            [(6, PhiType::Patient)]
        );
    }

    #[test]
    fn in_of_a_masked_walk_in_clinic() {
        // QuickMend Walk In Clinic | took a walk in the park
        let doc =
            Tokenized::new("QuickMend Walk-In Clinic, 612 Harbor Rd. She took a walk-in the park.");
        let rules = vec![rule(false, None, Reason::Safe); doc.len()];
        let mut kinds = vec![None; doc.len()];
        for k in [0, 1, 3] {
            kinds[k] = Some(PhiType::Hospital);
        }
        assert_eq!(
            complete_inner_words(&doc, &rules, &kinds),
            [(2, PhiType::Hospital)]
        );
    }
}
