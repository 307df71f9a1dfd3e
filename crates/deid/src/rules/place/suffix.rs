//! A town's name of a place and a place word: "TRAVERSE CITY MI", "iowa falls;", "Colorado
//! Springs, CO". The place list flags the first word ("traverse", "iowa"); the second is an
//! everyday word ("city", "falls") that the model released. Both become a city the model never
//! releases, where the pair closes a phrase (a comma, a period, a state's code or a ZIP after
//! it), so that "pain in iowa falls within..." is no town.

use super::mark_place;
use crate::lexicon::{flag, LexFlags};
use crate::phi::PhiType;
use crate::rules::{Reason, TokenRule};
use crate::tokenize::Tokenized;
use rustc_hash::FxHashSet;
use std::borrow::Cow;
use std::sync::LazyLock;

/// Place words that end a town's name (folded).
const TOWN_SUFFIXES: &[&str] = &[
    "city", "falls", "springs", "beach", "heights", "island", "hills", "village", "junction",
];

/// The US Postal Service's two-letter codes (the lexicon's own list, lower-cased). The lexicon's
/// flag drops a code in a document without capitals outside an address ("fever, or", "in 2021");
/// after a town's name it is one ("traverse city mi", "TRAVERSE CITY MI").
static US_STATE_CODES: LazyLock<FxHashSet<String>> = LazyLock::new(|| {
    include_str!("../../../../../lexicons/unsafe/state_abbreviations.txt")
        .lines()
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(str::to_ascii_lowercase)
        .collect()
});

pub(super) fn apply(
    doc: &Tokenized,
    rules: &mut [TokenRule],
    flags: &[LexFlags],
    folded: &[Cow<'_, str>],
) {
    let n = doc.len();
    for k in 1..n {
        if !TOWN_SUFFIXES.contains(&folded[k].as_ref()) || doc.gap_before(k) != " " {
            continue;
        }
        let place = rules[k - 1].phi
            && flags[k - 1] & (flag::CITY | flag::STATE) != 0
            && matches!(
                rules[k - 1].reason,
                Reason::Unsafe(_) | Reason::PlaceName | Reason::Context
            );
        let capitals = !doc.case_informative
            || (doc.token_text(k - 1).starts_with(char::is_uppercase)
                && doc.token_text(k).starts_with(char::is_uppercase));
        let gap = doc.gap_after(k);
        // a state's two-letter code or a ZIP code after it ("TRAVERSE CITY MI", "Iowa Falls
        // 50126")
        let state_or_zip = k + 1 < n && gap == " " && {
            let next = doc.token_text(k + 1);
            (next.len() == 2 && US_STATE_CODES.contains(folded[k + 1].as_ref()))
                || (next.len() == 5 && next.bytes().all(|b| b.is_ascii_digit()))
        };
        let closed = k + 1 >= n || gap.starts_with([',', ';', '.', ')', '\n']) || state_or_zip;
        if place && capitals && closed {
            mark_place(&mut rules[k - 1], PhiType::City);
            mark_place(&mut rules[k], PhiType::City);
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::rules::{words_with_reason, Reason};

    #[test]
    fn a_town_of_a_place_and_a_place_word() {
        for (text, town) in [
            (
                "RESIDENT AT CEDAR HOLLOW MANOR, TRAVERSE CITY MI, PFIZER DOSE 1 (LOT EL9262) 1/12/21.",
                ["TRAVERSE", "CITY"],
            ),
            (
                "pt is a hog confinement manager at a farm near iowa falls; 2wk p/vax pt noticed a rash.",
                ["iowa", "falls"],
            ),
        ] {
            let p = words_with_reason(text, Reason::PlaceName);
            for w in town {
                assert!(p.contains(&w.to_string()), "{w} in {text}: {p:?}");
            }
        }
        // no phrase closes after the place word
        let p = words_with_reason(
            "the patient from iowa falls within the study's age group and had a fever.",
            Reason::PlaceName,
        );
        assert!(!p.contains(&"falls".to_string()), "{p:?}");
    }
}
