//! Numbers written out as words, where they count time, doses or things rather than years:
//! "Two days later", "the first 48 hours", "First dose", "Took One tablet", "One of the things".
//! A written-out number is never released by the rules alone (it may be an age, "a woman of
//! seventy", or a date, "the first of March"); these shapes make it relative time or a count.

use super::units::is_short_duration_unit;
use super::{is_duration_count, plain_gap};
use crate::lexicon::{flag, LexFlags};
use crate::rules::one_of;
use crate::tokenize::Tokenized;

/// The cardinal numbers written out, folded: "Two days later", "for three weeks", "One hour post
/// shot" count time as "2 days later" does (the written-number list also holds the ordinals, a
/// day of a month: "the first of March").
const WRITTEN_CARDINALS: &[&str] = &[
    "one",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "eleven",
    "twelve",
    "thirteen",
    "fourteen",
    "fifteen",
    "sixteen",
    "seventeen",
    "eighteen",
    "nineteen",
    "twenty",
    "thirty",
    "forty",
    "fifty",
    "sixty",
    "seventy",
    "eighty",
    "ninety",
];

/// The tens of a compound ("twenty-one", "thirty five"): the cardinals from "twenty".
pub(super) const WRITTEN_TENS: &[&str] = WRITTEN_CARDINALS.split_at(19).1;

/// Whether a word is a cardinal number written out ("two", "Seventy").
pub(super) fn is_written_cardinal(word: &str) -> bool {
    word.len() <= 9 && one_of(word, WRITTEN_CARDINALS)
}

/// What a narrative counts in written-out numbers, folded: dose forms and doses ("Took One tablet
/// ALEVE", "Two doses of IVIG"), episodes and times ("One episode of vomiting").
const COUNTED_THINGS: &[&str] = &[
    "tablet",
    "tablets",
    "tab",
    "tabs",
    "pill",
    "pills",
    "capsule",
    "capsules",
    "caplet",
    "caplets",
    "dose",
    "doses",
    "shot",
    "shots",
    "injection",
    "injections",
    "puff",
    "puffs",
    "drop",
    "drops",
    "vial",
    "vials",
    "unit",
    "units",
    "episode",
    "episodes",
    "time",
    "times",
    "attack",
    "attacks",
    "seizure",
    "seizures",
    "medication",
    "medications",
    "drink",
    "drinks",
];

/// What an ordinal numbers, folded: a dose or a vaccination ("First dose; scheduled to receive a
/// second dose", "Second vaccine 1/8/21", "the first COVID19 Vaccine dose").
const NUMBERED_THINGS: &[&str] = &[
    "dose",
    "doses",
    "shot",
    "vaccine",
    "vaccination",
    "injection",
    "jab",
    "booster",
    "round",
    "series",
    "episode",
    "time",
    "dosis",
    "vax",
    "immunization",
    "immunisation",
];

/// The ordinals of a dose, folded.
const DOSE_ORDINALS: &[&str] = &[
    "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth",
];

/// Words after "One of", "Four of" that make it a count of people or things ("One of the things on
/// there", "Four of the eight workers"), folded.
const COUNT_DETERMINERS: &[&str] = &[
    "the", "my", "her", "his", "our", "their", "these", "those", "them", "us", "its", "your",
];

/// Whether the written number at `i` counts things, not years: before a dose form, a dose or an
/// episode ("Took One tablet", "Two doses of IVIG", "One episode of vomiting") or before "of" and
/// a determiner ("One of the things", "Four of the eight workers").
pub(super) fn is_written_thing_count(doc: &Tokenized, i: usize) -> bool {
    let n = doc.len();
    if !is_written_cardinal(doc.token_text(i)) || i + 1 >= n || !plain_gap(doc.gap_after(i)) {
        return false;
    }
    let next = doc.token_text(i + 1);
    one_of(next, COUNTED_THINGS)
        || (next.eq_ignore_ascii_case("of")
            && i + 2 < n
            && plain_gap(doc.gap_after(i + 1))
            && one_of(doc.token_text(i + 2), COUNT_DETERMINERS))
}

/// Whether the ordinal at `i` numbers a dose or a vaccination: before one of `NUMBERED_THINGS`,
/// or before one across up to two words of the product's name ("first COVID19 Vaccine dose",
/// "first moderna dose"); "the first of March" is a date.
pub(super) fn is_dose_ordinal(doc: &Tokenized, flags: &[LexFlags], i: usize) -> bool {
    let n = doc.len();
    if !one_of(doc.token_text(i), DOSE_ORDINALS) {
        return false;
    }
    let mut k = i + 1;
    while k < n && k <= i + 3 && plain_gap(doc.gap_before(k)) {
        let w = doc.token_text(k);
        if one_of(w, NUMBERED_THINGS) {
            return true;
        }
        // (a product's word: a drug or vaccine name, "covid19", "bnt162b2")
        let product = flags[k] & flag::DRUG != 0
            || (w.bytes().any(|b| b.is_ascii_digit()) && w.chars().any(char::is_alphabetic))
            || w.eq_ignore_ascii_case("covid");
        if !product {
            return false;
        }
        k += 1;
    }
    false
}

/// The ordinals that open a stretch of time, folded ("the first 24 hours", "first 2-3 days",
/// "the second 48 hours").
pub(super) const OPENING_ORDINALS: &[&str] =
    &["first", "second", "third", "initial", "last", "next"];

/// Whether the written number at `i` counts time as its digits would: a duration made relative
/// ("Two days later", "for three weeks", "two wks p/vax") or a short duration in its unit ("Two
/// hours later", "One hour post shot"); never before "old" or after "age" (`is_duration_count`).
pub(super) fn is_written_time_count(doc: &Tokenized, i: usize) -> bool {
    let n = doc.len();
    if !is_written_cardinal(doc.token_text(i)) {
        return false;
    }
    let short = i + 1 < n
        && plain_gap(doc.gap_after(i))
        && is_short_duration_unit(doc.token_text(i + 1))
        && !(i + 2 < n && one_of(doc.token_text(i + 2), &["old", "of"]));
    short || is_duration_count(doc, i)
}
