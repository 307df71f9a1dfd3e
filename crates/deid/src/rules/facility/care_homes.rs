//! Care homes named in everyday words before their two-word kind, where one lives or goes: "all
//! residents of PRAIRIE CROSSING SENIOR LIVING", "lives at autumn ridge assisted living", "staff
//! of sacred heart nursing home". In ALL CAPS and lower case no word of such a name is on a
//! name or place list, so rule 1 of `facility` finds no anchor, and the model released the
//! everyday words ("prairie", "crossing", "ridge").
//!
//! The name: one to three words right after a word that says where one lives or goes ("of",
//! "at", "to", "from", "in", "into", an opening bracket), each letters only, no stopword, no
//! medical word or drug that is no everyday word too, no word that says which home of a kind without naming it
//! (`QUALIFIERS`: "the local", "skilled", "another"), capitalised where capitals mean something; then the kind. Without such
//! words there is no name ("in a nursing home", "to assisted living", "at the skilled nursing
//! home"). Never released.

use super::mark_named;
use super::words::QUALIFIERS;
use crate::lexicon::{flag, LexFlags};
use crate::rules::TokenRule;
use crate::tokenize::Tokenized;
use std::borrow::Cow;

/// The two-word kinds of a care home, folded.
const CARE_KINDS: &[(&str, &str)] = &[
    ("nursing", "home"),
    ("nursing", "center"),
    ("nursing", "centre"),
    ("senior", "living"),
    ("senior", "residence"),
    ("senior", "center"),
    ("assisted", "living"),
    ("retirement", "home"),
    ("retirement", "community"),
    ("retirement", "village"),
    ("care", "home"),
    ("care", "center"),
    ("care", "centre"),
    ("living", "center"),
    ("memory", "care"),
    ("healthcare", "center"),
];

/// Words after which a care home's name begins.
const WHERE: &[&str] = &["of", "at", "to", "from", "in", "into"];

pub(super) fn apply(
    doc: &Tokenized,
    rules: &mut [TokenRule],
    flags: &[LexFlags],
    folded: &[Cow<'_, str>],
    case_informative: bool,
) {
    let n = doc.len();
    let spaced = |k: usize| doc.gap_before(k) == " ";
    let capitalised = |k: usize| doc.token_text(k).starts_with(char::is_uppercase);
    let nameable = |k: usize| {
        let w = doc.token_text(k);
        w.chars().count() >= 2
            && w.chars().all(char::is_alphabetic)
            && flags[k] & flag::STOPWORD == 0
            // (the medical and drug lists hold everyday words too: "prairie", "crossing", "heart")
            && (flags[k] & (flag::MEDICAL_TERM | flag::DRUG) == 0
                || flags[k] & flag::COMMON_WORD != 0)
            && !QUALIFIERS.contains(&folded[k].as_ref())
            && !WHERE.contains(&folded[k].as_ref())
            && (!case_informative || capitalised(k))
    };
    for h in 1..n.saturating_sub(1) {
        let kind = (folded[h].as_ref(), folded[h + 1].as_ref());
        if !CARE_KINDS.contains(&kind) || !spaced(h) || !spaced(h + 1) {
            continue;
        }
        if case_informative && !(capitalised(h) && capitalised(h + 1)) {
            continue;
        }
        // the name's words back to where one lives or goes, up to three
        let mut from = h;
        while from > 0 && h - from < 3 && nameable(from - 1) && spaced(from) {
            from -= 1;
        }
        if from == h || from == 0 {
            continue;
        }
        let introduced = (WHERE.contains(&folded[from - 1].as_ref()) && spaced(from))
            || doc.gap_before(from).trim_end().ends_with('(');
        if introduced {
            mark_named(rules, from..h + 2);
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::rules::{words_with_reason, Reason};

    /// The words of `text` the rules call a named facility's.
    fn named(text: &str) -> Vec<String> {
        words_with_reason(text, Reason::NamedFacility)
    }

    #[test]
    fn a_care_home_named_in_everyday_words_before_its_kind() {
        assert_eq!(
            named("ALL RESIDENTS OF PRAIRIE CROSSING SENIOR LIVING HAD BEEN IN ISOLATION SINCE THE OUTBREAK."),
            ["PRAIRIE", "CROSSING", "SENIOR", "LIVING"]
        );
        // (and "living" before "in" is the kind's, no verb)
        assert_eq!(
            named("RESIDENTS OF PRAIRIE CROSSING SENIOR LIVING IN MITCHELL HAD BEEN IN ISOLATION."),
            ["PRAIRIE", "CROSSING", "SENIOR", "LIVING"]
        );
        assert_eq!(
            named("staff of sacred heart nursing home found him on the floor and called 911."),
            ["sacred", "heart", "nursing", "home"]
        );
    }

    #[test]
    fn a_care_home_named_by_its_kind_alone_is_no_name() {
        for text in [
            "she was moved to the skilled nursing home and then to assisted living last month.",
            "he lives in a nursing home and was vaccinated at his nursing home by the pharmacy.",
            "she was discharged to inpatient rehab center after the stroke and did well there.",
            "RESIDENT OF LOCAL NURSING HOME, VACCINATED BY THE PHARMACY TEAM ON SITE TODAY.",
        ] {
            assert!(named(text).is_empty(), "{text}: {:?}", named(text));
        }
    }
}
