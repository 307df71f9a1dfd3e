//! A street named without its house number where capitals say nothing: "i got the vaccine at
//! walgreens on veterans blvd in metairie", "LIVES OFF MAPLE AVENUE". In mixed case the street's
//! capitals find it; in lower case and ALL CAPS the rules read "veterans" and "blvd" as everyday
//! words, and the model released both. Only after a word that places something on a street ("on",
//! "at", "off", "along"), one to three words of the street's name that are no function word ("on
//! the road", "at a dirt road" name no street), and a street word that is nothing else in a
//! clinical narrative ("blvd", "avenue", "street", "road"; not "dr", "way", "st"). Marked as an
//! address's for certain (`AddressWord`), never released.

use super::address_parts::mark_address;
use super::TokenRule;
use crate::lexicon::{flag, LexFlags};
use crate::rules::one_of;
use crate::tokenize::Tokenized;

/// Street words that name nothing else in a clinical narrative.
const STREET_WORDS: &[&str] = &["blvd", "boulevard", "avenue", "ave", "street", "road", "rd"];

/// Words that place something on a street before its name.
const OPENERS: &[&str] = &["on", "at", "off", "along", "near", "onto", "via"];

/// The most words a street's name has here.
const MAX_NAME_WORDS: usize = 3;

pub(super) fn apply(doc: &Tokenized, rules: &mut [TokenRule], flags: &[LexFlags]) {
    if doc.case_informative {
        return;
    }
    let n = doc.len();
    for k in 2..n {
        if !one_of(doc.token_text(k), STREET_WORDS) || doc.gap_before(k) != " " {
            continue;
        }
        // the street's name back to its opener: words of letters (or an ordinal: "5th") with
        // blanks between, none a function word
        let name_word = |m: usize| {
            let w = doc.token_text(m);
            w.chars().any(char::is_alphabetic)
                && w.chars().all(char::is_alphanumeric)
                && flags[m] & flag::STOPWORD == 0
        };
        let mut first = k;
        while first > 0 && k - first < MAX_NAME_WORDS && name_word(first - 1) {
            first -= 1;
            if doc.gap_before(first) != " " {
                break;
            }
        }
        if first == k || first == 0 || doc.gap_before(first) != " " {
            continue;
        }
        if !one_of(doc.token_text(first - 1), OPENERS) {
            continue;
        }
        mark_address(rules, first, k);
    }
}

#[cfg(test)]
mod tests {
    use crate::rules::words_where;
    use crate::rules::Reason;

    fn streets(text: &str) -> Vec<String> {
        words_where(text, |r| r.reason == Reason::AddressWord)
    }

    #[test]
    fn a_street_without_its_number_where_capitals_say_nothing() {
        assert_eq!(
            streets("i got the vaccine at walgreens #10422 on veterans blvd in metairie, la."),
            ["veterans", "blvd"]
        );
        assert_eq!(
            streets("PT LIVES OFF MAPLE GROVE AVENUE WITH HER SON."),
            ["MAPLE", "GROVE", "AVENUE"]
        );
        // no street's name, a function word, no opener, mixed case (its capitals decide)
        for text in [
            "she collapsed on the road and was taken to the er.",
            "pt was found at a dirt road near the farm; crossed the street.",
            "patient walked down the road. went to street fair.",
            "I got the vaccine on Veterans Blvd and felt dizzy on the road.",
        ] {
            assert!(
                streets(text)
                    .iter()
                    .all(|w| w != "road" && w != "street" && w != "Blvd"),
                "{text}: {:?}",
                streets(text)
            );
        }
    }
}
