//! A facility named in a note's heading. The first line of a clinical note often names the
//! facility beside the note's title ("JACARANDA LODGE AGED CARE - PROGRESS NOTES", "Nursing
//! Discharge Summary - St John of God Midland Public Hospital", "RIVERSIDE VALLEY MED CTR  LABOR
//! & DELIVERY  NURSING NOTE", "OXLEAS NHS FOUNDATION TRUST - Shore Unit (adult acute ward)"); the
//! model read such a line as a heading and released words of the name.
//!
//! The first line is cut at " - ", " – ", " | " and runs of two or more blanks; a part (without
//! its bracketed words) names a facility when it has two words or more, one of them a word of a
//! facility (the facility heads of `facility` and the words of care providers: "Trust", "Lodge", "Ctr", "Unit"),
//! none of a note's title ("note", "summary", "visit"), a word of its own beside those that say
//! what kind of ward it is ("Intensive Care Unit" has none), and it reads as a name: no
//! function word but the connectors of names ("St John of God"), and where capitals mean something
//! every other word capitalised. Its words are HOSPITAL with the reason `named-facility` (never
//! released). The line must be a heading: a line of its own, beside a note's title or above a
//! line that holds one (a narrative's first sentence "hosp X 3 days - outcome unk" is none).
//! Like the other context rules it only ever turns words into PHI.

use super::word_class::{WordClasses, FACILITY_HEAD};
use super::{Reason, TokenRule};
use crate::lexicon::{flag, LexFlags};
use crate::phi::PhiType;
use crate::tokenize::Tokenized;
use std::borrow::Cow;

/// Words of care providers' names besides the facility heads (folded).
const PROVIDER_WORDS: &[&str] = &[
    "ctr",
    "cntr",
    "hosp",
    "trust",
    "foundation",
    "lodge",
    "hospice",
    "services",
    "unit",
    "ward",
    "home",
    "care",
    "healthcare",
    "nhs",
];

/// Words that say what kind of ward or service a part is, not whose ("Intensive Care Unit",
/// "Paediatric Ward", "Nursing Care Plan Evaluation"), folded.
const KIND_WORDS: &[&str] = &[
    "intensive",
    "critical",
    "acute",
    "adult",
    "aged",
    "paediatric",
    "pediatric",
    "children",
    "childrens",
    "surgical",
    "emergency",
    "department",
    "maternity",
    "cardiac",
    "cardiology",
    "oncology",
    "renal",
    "dialysis",
    "stroke",
    "mental",
    "community",
    "district",
    "nursing",
    "plan",
    "evaluation",
    "labor",
    "labour",
    "delivery",
    "outpatient",
    "inpatient",
    "day",
    "rehab",
    "rehabilitation",
    "respiratory",
    "orthopaedic",
    "orthopedic",
    "neonatal",
    "general",
    "public",
    "private",
    "primary",
    "urgent",
    "wound",
    "nurse",
    "clinical",
    "high",
    "dependency",
    "step",
    "down",
    "short",
    "stay",
    "long",
    "term",
    "palliative",
    "geriatric",
    "medicine",
    "medical",
    "health",
    "infusion",
    "vaccination",
    "immunisation",
    "immunization",
];

/// Words of a note's title: a part holding one is the title, not the facility (folded).
const TITLE_WORDS: &[&str] = &[
    "note",
    "notes",
    "summary",
    "visit",
    "progress",
    "assessment",
    "report",
    "record",
    "handover",
    "handoff",
    "review",
    "consult",
    "consultation",
    "letter",
    "referral",
    "triage",
    "documentation",
    "update",
    "call",
];

/// Connectors inside a name (folded).
const CONNECTORS: &[&str] = &[
    "of", "de", "del", "di", "du", "des", "der", "la", "le", "st", "the", "and", "y", "van", "von",
];

/// Mark the facility named in the first line (see the module).
pub(super) fn apply(
    doc: &Tokenized,
    rules: &mut [TokenRule],
    flags: &[LexFlags],
    folded: &[Cow<'_, str>],
    class: &WordClasses,
) {
    // the first line's words, cut into parts; words in brackets belong to no part
    let mut parts: Vec<Vec<usize>> = vec![Vec::new()];
    let mut depth = 0i32;
    let mut next_line = None;
    for k in 0..doc.len() {
        let gap = if k == 0 { "" } else { doc.gap_before(k) };
        if gap.contains('\n') {
            next_line = Some(k);
            break;
        }
        let breaks = gap.contains(" - ")
            || gap.contains('–')
            || gap.contains('|')
            || gap.contains("  ")
            || gap.contains('\t');
        depth += gap.matches('(').count() as i32 - gap.matches(')').count() as i32;
        if breaks && depth <= 0 {
            depth = 0;
            parts.push(Vec::new());
        }
        if depth <= 0 {
            parts.last_mut().expect("one part at least").push(k);
        }
    }
    // a heading: a line of its own beside a note's title, or above one
    let word = |k: usize| folded[k].as_ref();
    let Some(next_line) = next_line else { return };
    let titled = |k: usize| TITLE_WORDS.contains(&word(k));
    let mut second_line = (next_line..doc.len())
        .take_while(|&k| k == next_line || !doc.gap_before(k).contains('\n'))
        .take(8);
    if !parts.iter().flatten().any(|&k| titled(k)) && !second_line.any(titled) {
        return;
    }
    for part in parts {
        if part.len() < 2 || part.len() > 8 {
            continue;
        }
        let facility = part
            .iter()
            .any(|&k| class.on(k, FACILITY_HEAD) || PROVIDER_WORDS.contains(&word(k)));
        let title = part.iter().any(|&k| TITLE_WORDS.contains(&word(k)));
        let name_like = part.iter().all(|&k| {
            let text = doc.token_text(k);
            let provider = class.on(k, FACILITY_HEAD) || PROVIDER_WORDS.contains(&word(k));
            CONNECTORS.contains(&word(k))
                || text.bytes().all(|b| b.is_ascii_digit())
                || ((provider || flags[k] & flag::STOPWORD == 0)
                    && (!doc.case_informative || text.starts_with(char::is_uppercase)))
        });
        // a name of its own beside the facility's words, not a ward's kind ("Intensive Care
        // Unit", "Paediatric Ward", "NURSING CARE PLAN EVALUATION")
        let named = part.iter().any(|&k| {
            !class.on(k, FACILITY_HEAD)
                && !PROVIDER_WORDS.contains(&word(k))
                && !CONNECTORS.contains(&word(k))
                && !KIND_WORDS.contains(&word(k))
                && word(k).chars().count() >= 3
                && word(k).chars().all(char::is_alphabetic)
        });
        if !facility || title || !name_like || !named {
            continue;
        }
        for k in part {
            let r = &mut rules[k];
            if matches!(r.reason, Reason::Pattern(_) | Reason::Digit) {
                continue;
            }
            r.phi = true;
            r.kind = Some(PhiType::Hospital);
            r.reason = Reason::NamedFacility;
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::rules::{words_with_reason, Reason};

    fn named(text: &str) -> Vec<String> {
        words_with_reason(text, Reason::NamedFacility)
    }

    #[test]
    fn the_facility_beside_a_notes_title() {
        for (text, want) in [
            (
                "JACARANDA LODGE AGED CARE - PROGRESS NOTES\nResident: Edna Pickering",
                vec!["JACARANDA", "LODGE", "AGED", "CARE"],
            ),
            (
                "Nursing Discharge Summary - St John of God Midland Public Hospital\nPatient: Maria",
                vec!["St", "John", "of", "God", "Midland", "Public", "Hospital"],
            ),
            (
                "RIVERSIDE VALLEY MED CTR  LABOR & DELIVERY  NURSING NOTE\n03/20/21",
                vec!["RIVERSIDE", "VALLEY", "MED", "CTR"],
            ),
            (
                "OXLEAS NHS FOUNDATION TRUST - Shore Unit (adult acute ward)\nNursing note, late",
                vec!["OXLEAS", "NHS", "FOUNDATION", "TRUST", "Shore", "Unit"],
            ),
            (
                "lakeshore home care services - nursing visit note - 2021-06-03\nclient: joan",
                vec!["lakeshore", "home", "care", "services"],
            ),
        ] {
            assert_eq!(named(text), want, "{text}");
        }
    }

    #[test]
    fn not_a_title_a_sentence_or_a_later_line() {
        for text in [
            "Hospice Nursing Visit\nPatient seen at home.",
            "Went to the hospital - admitted overnight.",
            "Pt received vaccine at clinic - rash next day.",
            "Progress note\nSmith Nursing Home - staff called",
            "Emergency Department - Triage Note",
            "Paediatric Ward - Nursing Note\nPt settled.",
            "hosp X 3 days - outcome unk",
            "Riverside Clinic - rash after dose\nfever next day",
        ] {
            assert!(named(text).is_empty(), "{text}: {:?}", named(text));
        }
    }
}
