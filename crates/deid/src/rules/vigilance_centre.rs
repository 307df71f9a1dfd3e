//! A pharmacovigilance centre or programme named by its kind, in any country's words: "Centre
//! National de Pharmacovigilance", "Iranian Pharmacovigilance Center", "Centro Institucional de
//! Farmacovigilancia", "Núcleo de Vigilância Epidemiológica", "UNIDAD COORDINADORA NACIONAL DE
//! FARMACOVIGILANCIA", "the regional pharmacovigilance centre". The guidelines call regulators
//! and programmes no PHI, and a hospital's unit is a department, which no gold tags; the
//! regulators' list (`regulator.rs`) holds the national names as written, and every country
//! writes its centres otherwise, so here the shape decides: a word of vigilance
//! ("pharmacovigilance", "farmacovigilanza", "vigilância") and the words joined to it by spaces
//! alone, up to five on each side.
//!
//! The run stops at punctuation, at a hospital's or clinic's head ("... del Hospital Civil de
//! Guadalajara" keeps the hospital), at a place on a list ("... de Tunis", "Pakistan National
//! ..." keep the town and the country), at a number or a found pattern, at a person's name and
//! at a determiner or a function word that is no connector of a name ("TO THE NATIONAL
//! PHARMACOVIGILANCE CENTRE ON"); connectors at its ends are left out. Not after an employer cue
//! ("works at the pharmacovigilance centre of ..." is the patient's employer). Reason `Regulator`.

use super::facility::{HOSPITAL_NOUNS, OTHER_HEADS};
use super::regulator::after_employer_cue;
use super::{Reason, TokenRule};
use crate::lexicon::{flag, LexFlags};
use crate::tokenize::Tokenized;
use std::borrow::Cow;

/// Words joined to the vigilance word on either side, at most.
const REACH: usize = 5;

/// Connectors inside a centre's name, folded: kept inside the run, never at its ends.
const CONNECTORS: &[&str] = &[
    "de", "du", "des", "del", "della", "di", "da", "do", "dos", "das", "of", "for", "and", "et",
    "y", "e", "und", "fur", "la", "le", "les", "el", "en",
];

/// The kinds of a centre that close its name after the vigilance word, folded.
const CENTRE_KINDS: &[&str] = &[
    "centre",
    "center",
    "centro",
    "centrum",
    "unit",
    "unidad",
    "unidade",
    "unite",
    "division",
    "divisao",
    "department",
    "departamento",
    "programme",
    "program",
    "programa",
    "system",
    "sistema",
    "section",
    "seccion",
    "service",
    "servicio",
    "office",
    "branch",
    "bureau",
    "network",
    "rete",
    "red",
    "reseau",
    "commission",
    "comision",
    "committee",
    "agency",
    "agencia",
    "authority",
];

/// Heads of a hospital or clinic, beyond the facility rule's lists, where a centre's name ends
/// ("Pharmacovigilance Unit, Hospital ..." is punctuated; "... del Hospital Civil" is not).
fn is_hospital_head(folded: &str) -> bool {
    HOSPITAL_NOUNS.contains(&folded)
        || matches!(
            folded,
            "hospital" | "hospitals" | "clinic" | "clinics" | "infirmary" | "hopital" | "ospedale"
        )
        || (OTHER_HEADS.contains(&folded)
            && !matches!(
                folded,
                "centre"
                    | "center"
                    | "centro"
                    | "institute"
                    | "institut"
                    | "instituto"
                    | "health"
                    | "medical"
                    | "general"
                    | "unidad"
            ))
}

/// Whether the folded word is one of vigilance: "pharmacovigilance", "farmacovigilancia",
/// "vigilance", "vigilância", "materiovigilance", "Pharmakovigilanz".
fn is_vigilance_word(folded: &str) -> bool {
    // (the length first: it runs on every word)
    folded.len() >= 7 && folded.contains("vigilan")
}

/// Per word, whether it is part of a pharmacovigilance centre's name (see the module's
/// documentation).
pub(super) fn vigilance_centre_words(
    doc: &Tokenized,
    rules: &[TokenRule],
    flags: &[LexFlags],
    folded: &[Cow<'_, str>],
) -> Vec<bool> {
    let n = doc.len();
    let mut out = vec![false; n];
    // words a centre's name may hold: the rules' doubt, never a found pattern, a place on a list,
    // a person's name after a title or a relation word, or a number
    let joinable = |k: usize| {
        let reason_open = match rules[k].reason {
            Reason::Safe
            | Reason::Unknown
            | Reason::LocalWord
            | Reason::FunctionWord
            | Reason::Context
            | Reason::NamedFacility
            | Reason::GenericPlace
            | Reason::Company
            | Reason::DrugName
            | Reason::MedicalField
            | Reason::Regulator => true,
            // a word a name list holds too, when a SAFE list holds it ("Centre", "National")
            Reason::Unsafe("is-possibly-name") => flags[k] & flag::SAFE != 0,
            _ => false,
        };
        reason_open
            // (a town keeps its place reason; "Centre" is a town on the list too)
            && flags[k] & (flag::COUNTRY | flag::STATE) == 0
            && !doc.token_text(k).bytes().any(|b| b.is_ascii_digit())
            && !is_hospital_head(&folded[k])
            // a function word that connects no name ("to", "the", "on") ends it
            && (flags[k] & flag::STOPWORD == 0 || CONNECTORS.contains(&folded[k].as_ref()))
    };
    let spaced = |k: usize| matches!(doc.gap_before(k), " " | "\u{a0}");
    for anchor in 0..n {
        if !is_vigilance_word(&folded[anchor]) || !joinable(anchor) || out[anchor] {
            continue;
        }
        let connector = |k: usize| CONNECTORS.contains(&folded[k].as_ref());
        // where capitals mean something, the name's words are written as the vigilance word is
        // ("recibido del Centro ... de Farmacovigilancia": "recibido" is the sentence's)
        let capital = |k: usize| doc.token_text(k).starts_with(char::is_uppercase);
        let same_case =
            |k: usize| !doc.case_informative || connector(k) || capital(k) == capital(anchor);
        let takes = |k: usize| joinable(k) && same_case(k);
        let mut first = anchor;
        while first > 0 && anchor - first < REACH && spaced(first) && takes(first - 1) {
            first -= 1;
        }
        let mut last = anchor;
        while last + 1 < n && last - anchor < REACH && spaced(last + 1) && takes(last + 1) {
            last += 1;
        }
        // where capitals say nothing, the name ends at its kind after the vigilance word, if any
        // ("CENTRE", "UNIT", "SYSTEM"): "... de farmacovigilancia porque la doctora" goes on
        // with the sentence
        if !doc.case_informative {
            let mut end = anchor;
            for k in anchor + 1..=last {
                if CENTRE_KINDS.contains(&folded[k].as_ref()) {
                    end = k;
                    break;
                }
                // (only connectors and English words before it: "NATIONAL", "DRUG SAFETY")
                if !connector(k) && flags[k] & flag::SAFE == 0 {
                    break;
                }
            }
            last = end;
        }
        while first < anchor && connector(first) {
            first += 1;
        }
        while last > anchor && connector(last) {
            last -= 1;
        }
        if after_employer_cue(folded, first) {
            continue;
        }
        out[first..=last].iter_mut().for_each(|w| *w = true);
    }
    out
}

#[cfg(test)]
mod tests {
    use crate::rules::{words_with_reason, Reason};

    fn centre(text: &str) -> Vec<String> {
        words_with_reason(text, Reason::Regulator)
    }

    #[test]
    fn a_pharmacovigilance_centre_named_by_its_kind() {
        for (text, words) in [
            (
                "Centre National de Pharmacovigilance de Tunis, Dossier TN-2021-114.",
                &["Centre", "National", "de", "Pharmacovigilance"][..],
            ),
            (
                "Reporte MX-COFEPRIS-2021-00412 recibido del Centro Institucional de \
                 Farmacovigilancia del Hospital Civil de Guadalajara.",
                &["Centro", "Institucional", "de", "Farmacovigilancia"],
            ),
            (
                "Notificadora: enfermeira Patrícia Lima, Núcleo de Vigilância Epidemiológica.",
                &["Núcleo", "de", "Vigilância", "Epidemiológica"],
            ),
            (
                "FORWARDED TO THE NATIONAL PHARMACOVIGILANCE CENTRE ON 12 MARCH.",
                &["NATIONAL", "PHARMACOVIGILANCE", "CENTRE"],
            ),
            (
                "received via the regional pharmacovigilance centre. Reporter: Dr. Rochat",
                &["regional", "pharmacovigilance", "centre"],
            ),
        ] {
            let w = centre(text);
            for x in words {
                assert!(w.iter().any(|y| y == x), "{x} in {text}: {w:?}");
            }
        }
    }

    #[test]
    fn the_hospital_the_place_and_the_employer_stay() {
        let w = centre(
            "recibido del Centro Institucional de Farmacovigilancia del Hospital Civil de \
             Guadalajara Fray Antonio Alcalde",
        );
        for x in ["Hospital", "Civil", "Guadalajara", "Fray", "Antonio", "del"] {
            assert!(!w.iter().any(|y| y == x), "{x}: {w:?}");
        }
        let w = centre("Centre National de Pharmacovigilance de Tunis; Pakistan National Pharmacovigilance Centre");
        for x in ["Tunis", "Pakistan"] {
            assert!(!w.iter().any(|y| y == x), "{x}: {w:?}");
        }
        assert!(
            centre("She works at the Regional Pharmacovigilance Centre as a clerk.").is_empty()
        );
        // in lower case, the sentence after the name is the sentence's
        let w =
            centre("escribo al centro estatal de farmacovigilancia porque la doctora del centro");
        assert_eq!(w, ["centro", "estatal", "de", "farmacovigilancia"]);
    }
}
