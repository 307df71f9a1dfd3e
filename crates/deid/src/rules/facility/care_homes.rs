//! Care homes and children's day cares named in everyday words before their kind, where one lives
//! or goes: "pt excluded from little sprouts daycare", "all
//! residents of PRAIRIE CROSSING SENIOR LIVING", "lives at autumn ridge assisted living", "staff
//! of sacred heart nursing home". In ALL CAPS and lower case no word of such a name is on a
//! name or place list, so rule 1 of `facility` finds no anchor, and the model released the
//! everyday words ("prairie", "crossing", "ridge").
//!
//! The name: one to three words right after a word that says where one lives or goes ("of",
//! "at", "to", "from", "in", "into", "attends", an opening bracket), each letters only, no word of
//! every sentence, no
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

/// Words of every sentence that name nothing: pronouns, auxiliaries, conjunctions.
pub(super) const FUNCTION_WORDS: &[&str] = &[
    "the", "a", "an", "and", "or", "but", "with", "for", "on", "by", "as", "is", "was", "are",
    "were", "be", "been", "being", "has", "had", "have", "she", "he", "they", "we", "i", "you",
    "it", "this", "that", "these", "those", "which", "who", "also", "then", "now", "still", "not",
    "no", "all", "both", "some", "any", "there", "here", "when", "where", "after", "before",
];

/// A child's day care by its one-word kind ("pt excluded from little sprouts daycare").
const CHILD_CARE_KINDS: &[&str] = &["daycare", "preschool", "kindergarten", "nursery"];

/// Words after which a care home's or day care's name begins.
const WHERE: &[&str] = &[
    "of",
    "at",
    "to",
    "from",
    "in",
    "into",
    "attends",
    "attended",
    "attend",
    "attending",
];

/// Whether word `k` may be a word of a name in everyday words: two letters or more, letters
/// only, and no medical word or drug that is no everyday word too (the medical and drug lists
/// hold everyday words too: "prairie", "crossing", "heart", "coast"). Shared with `practices`.
pub(super) fn everyday_name_word(doc: &Tokenized, flags: &[LexFlags], k: usize) -> bool {
    let w = doc.token_text(k);
    w.chars().count() >= 2
        && w.chars().all(char::is_alphabetic)
        && (flags[k] & (flag::MEDICAL_TERM | flag::DRUG) == 0 || flags[k] & flag::COMMON_WORD != 0)
}

/// Whether word `k` is a verb's "-ing", no name's inner word ("related to starting kindergarten";
/// "Sterling" is a name's, "PRAIRIE CROSSING" a name's inner word). Shared with `practices`.
pub(super) fn ing_verb(flags: &[LexFlags], folded: &[Cow<'_, str>], k: usize) -> bool {
    folded[k].ends_with("ing")
        && flags[k] & flag::COMMON_WORD != 0
        && flags[k] & (flag::FIRST_NAME | flag::SURNAME | flag::CITY) == 0
}

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
        everyday_name_word(doc, flags, k)
            // (the stopword lists hold "little" and "young" too: only the words of every
            // sentence count)
            && !FUNCTION_WORDS.contains(&folded[k].as_ref())
            && !QUALIFIERS.contains(&folded[k].as_ref())
            && !WHERE.contains(&folded[k].as_ref())
            && (!case_informative || capitalised(k))
    };
    for h in 1..n {
        // the kind's words: two ("senior living") or one ("daycare")
        let two = h + 1 < n
            && CARE_KINDS.contains(&(folded[h].as_ref(), folded[h + 1].as_ref()))
            && spaced(h + 1);
        let len = if two {
            2
        } else if CHILD_CARE_KINDS.contains(&folded[h].as_ref()) {
            1
        } else {
            continue;
        };
        if !spaced(h) || (case_informative && !(h..h + len).all(capitalised)) {
            continue;
        }
        // the name's words: one to three, right after where one lives or goes, the nearest
        // (not a verb's "-ing" right after it: "related to starting kindergarten"; "Sterling" is
        // a name's, "PRAIRIE CROSSING" a name's inner word)
        let verb = |k: usize| ing_verb(flags, folded, k);
        let introduced = |from: usize| {
            ((WHERE.contains(&folded[from - 1].as_ref()) && spaced(from))
                || doc.gap_before(from).trim_end().ends_with('('))
                && !verb(from)
        };
        let from = (1..=3.min(h - 1))
            .map(|words| h - words)
            .take_while(|&from| nameable(from) && spaced(from + 1))
            .find(|&from| introduced(from));
        if let Some(from) = from {
            mark_named(rules, from..h + len);
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
    fn a_day_care_named_in_everyday_words() {
        assert_eq!(
            named(
                "no tx. pt excluded from little sprouts daycare x 1 wk. moc is a dental assistant"
            ),
            ["little", "sprouts", "daycare"]
        );
        assert_eq!(
            named("HER SON ATTENDS BUSY BEES PRESCHOOL AND HAD A FEVER AFTER THE SECOND DOSE."),
            ["BUSY", "BEES", "PRESCHOOL"]
        );
        for text in [
            "the child is in kindergarten and was sent home from daycare with a fever today.",
            "she attends the local preschool and her sister attends a nursery in town.",
            "this problem could also be related to starting kindergarten all day, mom says.",
        ] {
            assert!(named(text).is_empty(), "{text}: {:?}", named(text));
        }
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
