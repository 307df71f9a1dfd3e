//! An organisation named in brackets right after its kind: "ems (old colony ambulance)", "via EMS
//! (FREMONT COUNTY EMS)", "sz @ daycare (little sprouts learning center)", "her caregiver
//! (compassionate hearts home care)", "ems (e-plus medical services)". The bracket holds the name
//! of the service, daycare or agency the kind before it announces; in lower case or ALL CAPS
//! nothing else tells it from everyday words, and the model released "old colony ambulance" and
//! "little ... center" word by word.
//!
//! Only ever adds PHI (reason `company`, never released): two to six words of letters in the
//! bracket, which closes right after them, after one of `KINDS` and "(" (a space between or
//! none); never a bracket of a number, a time or a reporter's role ("ems (911)", "ambulance
//! (private)", "daycare (unknown)": one word), nor one that a found pattern or a person's name
//! already covers (left as it is).

use super::mark_company;
use super::TokenRule;
use crate::rules::{one_of, Reason};
use crate::tokenize::Tokenized;

/// The kinds of organisation a name in brackets follows (lower case).
const KINDS: &[&str] = &[
    "ems",
    "ambulance",
    "paramedics",
    "daycare",
    "preschool",
    "caregiver",
    "caregivers",
    "employer",
    "agency",
    "hospice",
    "insurer",
    "insurance",
];

/// Words no name of a service holds (lower case): a bracket with one of them says something
/// else ("ems (present onsite)", "ambulance (called by neighbour prasert)", "EMS (paramedic Tyler
/// Bessette)", "daycare (unknown)").
const NO_NAME: &[&str] = &[
    "private",
    "public",
    "local",
    "unknown",
    "unk",
    "none",
    "not",
    "the",
    "a",
    "an",
    "called",
    "via",
    "by",
    "per",
    "or",
    "was",
    "were",
    "is",
    "transported",
    "name",
    "names",
    "pt",
    "patient",
    "husband",
    "wife",
    "mother",
    "father",
    "mom",
    "dad",
    "family",
    "staff",
    "nurse",
    "times",
    "present",
    "onsite",
    "arrived",
    "paramedic",
    "paramedics",
    "medic",
    "medics",
    "crew",
    "driver",
    "neighbour",
    "neighbor",
    "friend",
    "son",
    "daughter",
];

/// The words of the kinds themselves: a bracket of them only spells the kind out ("EMS
/// (emergency medical services)").
const KIND_WORDS: &[&str] = &[
    "hospital",
    "clinic",
    "physician",
    "doctor",
    "pharmacist",
    "emergency",
    "medical",
    "services",
    "service",
    "ambulance",
    "fire",
    "rescue",
    "department",
    "dept",
    "day",
    "care",
    "home",
    "health",
];

pub(super) fn apply(doc: &Tokenized, rules: &mut [TokenRule]) {
    let n = doc.len();
    for k in 0..n.saturating_sub(2) {
        // (the bracket first: nearly every word has none after it)
        if !matches!(doc.gap_after(k), " (" | "(") || !one_of(doc.token_text(k), KINDS) {
            continue;
        }
        // the bracket's words, one space or hyphen apart, closed by ")"
        let first = k + 1;
        let mut last = first;
        while last + 1 < n && last - first < 6 && matches!(doc.gap_after(last), " " | "-" | " & ") {
            last += 1;
        }
        let words = last - first + 1;
        let closes = doc.gap_after(last).starts_with(')');
        let letters = (first..=last).all(|j| doc.token_text(j).chars().all(char::is_alphabetic));
        let a_name = (first..=last).all(|j| !one_of(doc.token_text(j), NO_NAME))
            && (first..=last).any(|j| !one_of(doc.token_text(j), KIND_WORDS));
        let taken = (first..=last).any(|j| {
            matches!(
                rules[j].reason,
                Reason::Pattern(_) | Reason::AfterSalutation | Reason::RelationName
            )
        });
        if (2..=6).contains(&words) && closes && letters && a_name && !taken {
            for j in first..=last {
                mark_company(rules, j);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::rules::{words_with_reason, Reason};

    #[test]
    fn an_organisation_named_in_brackets_after_its_kind() {
        for (text, name) in [
            (
                "found unresponsive around 5pm. ems (old colony ambulance) declared her dead",
                &["old", "colony", "ambulance"][..],
            ),
            (
                "she told her caregiver (compassionate hearts home care) on sun morning",
                &["compassionate", "hearts", "home", "care"],
            ),
            (
                "t107; sz @ daycare (little sprouts learning center);t107 @ er",
                &["little", "sprouts", "learning", "center"],
            ),
            (
                "PATIENT WAS TRANSPORTED VIA EMS (FREMONT COUNTY EMS) WITHIN AN HOUR",
                &["FREMONT", "COUNTY", "EMS"],
            ),
        ] {
            let w = words_with_reason(text, Reason::Company);
            for x in name {
                assert!(w.iter().any(|y| y == x), "{x} in {text}: {w:?}");
            }
        }
        for text in [
            "called ems (911) and she was taken to the er",
            "brought by ambulance (private) to the hospital",
            "daycare (unknown name) reported nothing; ems (called by husband) at 3pm",
            "EMS (present onsite) arrived; EMS (emergency medical services) was called",
            "via ambulance (called by neighbour prasert); Per EMS (paramedic Tyler Bessette),",
            "Norwegian Medicines Agency (hospital physician) Patient: Solveig",
        ] {
            let w = words_with_reason(text, Reason::Company);
            assert!(w.is_empty(), "{text}: {w:?}");
        }
    }
}
