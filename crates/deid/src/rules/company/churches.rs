//! A congregation named by its denomination: "First Presbyterian Church of Flushing", "grace
//! lutheran church", "CALVARY BAPTIST CHURCH", "St. Mark's Catholic Church". The patient's or a
//! relative's church (where they worship, work or were vaccinated) is an organisation; the model,
//! reading "first", "grace" and "church" in lower case or ALL CAPS, released the name. The
//! denomination alone ("the catholic church", "her baptist church") names no congregation.
//!
//! Only ever adds PHI (reason `company`, never released): one name word before a denomination
//! and "church", "chapel" or "cathedral" — an ordinal ("first", "2nd") or a word of letters that
//! is no determiner, possessive or everyday adjective — or a saint's name ("St. Mark's"); where
//! capitals mean something, every word capitalised; and the place after "of", one or two words
//! closed by punctuation ("of Flushing.").

use super::mark_company;
use super::TokenRule;
use crate::rules::one_of;
use crate::tokenize::Tokenized;
use std::borrow::Cow;

/// Denominations and kinds of congregation before "church" (folded).
const DENOMINATIONS: &[&str] = &[
    "baptist",
    "methodist",
    "presbyterian",
    "lutheran",
    "episcopal",
    "catholic",
    "pentecostal",
    "evangelical",
    "adventist",
    "wesleyan",
    "orthodox",
    "congregational",
    "nazarene",
    "mennonite",
    "apostolic",
    "reformed",
    "christian",
    "bible",
    "community",
    "unitarian",
    "covenant",
    "missionary",
    "gospel",
    "holiness",
    "ame",
];

/// The head after the denomination (folded).
const HEADS: &[&str] = &["church", "chapel", "cathedral"];

/// Words before a denomination that name no congregation: determiners, possessives, everyday
/// adjectives ("the local baptist church", "her own catholic church").
const NO_NAME: &[&str] = &[
    "the", "a", "an", "his", "her", "their", "our", "my", "your", "its", "local", "own", "this",
    "that", "same", "nearby", "every", "each", "any", "some", "another", "other", "at", "to",
    "from", "in", "of", "and", "or", "for", "with", "by", "on", "roman", "catholic",
];

pub(super) fn apply(doc: &Tokenized, rules: &mut [TokenRule], folded: &[Cow<'_, str>]) {
    let n = doc.len();
    let capitalised = |k: usize| {
        !doc.case_informative || doc.token_text(k).starts_with(|c: char| c.is_uppercase())
    };
    let letters = |k: usize| {
        let w = doc.token_text(k);
        w.chars().count() >= 2 && w.chars().all(char::is_alphabetic)
    };
    for h in 2..n {
        if !HEADS.contains(&folded[h].as_ref())
            || !DENOMINATIONS.contains(&folded[h - 1].as_ref())
            || doc.gap_before(h) != " "
            || !capitalised(h)
            || !capitalised(h - 1)
        {
            continue;
        }
        let d = h - 1;
        // the name word before the denomination: an ordinal or a word that is no determiner
        let w = d - 1;
        let ordinal = {
            let t = folded[w].as_ref();
            matches!(t, "first" | "second" | "third")
                || (t.len() <= 4
                    && t.starts_with(|c: char| c.is_ascii_digit())
                    && ["st", "nd", "rd", "th"].iter().any(|s| t.ends_with(s)))
        };
        // (a saint's possessive: "St. Mark's Catholic Church", "mark" and "s" before it)
        let possessive =
            folded[w] == "s" && w >= 2 && matches!(doc.gap_before(w), "'" | "\u{2019}");
        let name = if possessive { w - 1 } else { w };
        let named = doc.gap_before(d) == " "
            && capitalised(name)
            && (ordinal || (letters(name) && !one_of(doc.token_text(name), NO_NAME)));
        if !named {
            continue;
        }
        let mut start = w;
        if possessive {
            start = w - 1;
            if start >= 1
                && one_of(doc.token_text(start - 1), &["st", "saint"])
                && matches!(doc.gap_before(start), " " | ". ")
            {
                start -= 1;
            }
        } else if w >= 1
            && one_of(doc.token_text(w - 1), &["st", "saint"])
            && matches!(doc.gap_before(w), " " | ". ")
        {
            start = w - 1;
        }
        let mut end = h;
        // "of" and the place, one or two words closed by punctuation or the text's end
        if h + 1 < n && folded[h + 1] == "of" && doc.gap_after(h) == " " {
            for last in [h + 2, h + 3] {
                let closed = last + 1 >= n
                    || doc
                        .gap_after(last)
                        .trim_start_matches(' ')
                        .starts_with([',', '.', ';', ')', '\n']);
                if last < n
                    && (h + 2..=last).all(|k| letters(k) && capitalised(k))
                    && (h + 2..=last).all(|k| doc.gap_before(k) == " ")
                    && closed
                {
                    end = last;
                    break;
                }
            }
        }
        for k in start..=end {
            mark_company(rules, k);
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::rules::{words_with_reason, Reason};

    fn church(text: &str) -> Vec<String> {
        words_with_reason(text, Reason::Company)
    }

    #[test]
    fn a_congregation_named_by_its_denomination() {
        for (text, words) in [
            (
                "his sister called in on her behalf from first presbyterian church of flushing.",
                &["first", "presbyterian", "church", "of", "flushing"][..],
            ),
            (
                "VACCINATED AT THE CALVARY BAPTIST CHURCH CLINIC ON 1/12/21.",
                &["CALVARY", "BAPTIST", "CHURCH"],
            ),
            (
                "She went to St. Mark's Catholic Church for mass on Sunday.",
                &["St", "Mark", "s", "Catholic", "Church"],
            ),
        ] {
            assert_eq!(church(text), words, "{text}");
        }
        // the denomination alone names none, nor an everyday word before it
        for text in [
            "she is a member of the local baptist church and sings in its choir.",
            "Her own Catholic Church was closed, so she went to the Methodist church.",
            "she was vaccinated at her baptist church on monday and had a fever.",
        ] {
            assert!(church(text).is_empty(), "{text}: {:?}", church(text));
        }
    }
}
