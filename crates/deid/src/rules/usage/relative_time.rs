//! Counts that are relative time, not a date or an age: a number after "day", "week", "dose" or
//! "cycle" ("on day 8", "days 1, 2 and 3", "DTP #2") and its counting word, a duration made
//! relative by "ago", "later", "for", "within" ("3 days ago", "for 2 wks"), and the day of a month
//! before its name that is none ("dose 3 Mar"). Separate from the measurement pass because these
//! words share one vocabulary (the relative-time words, the long duration units) and one rule:
//! an age never counts so.

use super::written_numbers::is_written_cardinal;
use super::{is_number, one_of, plain_gap, Usage};
use crate::lexicon::{flag, LexFlags};
use crate::tokenize::Tokenized;

/// Words a count follows when it is relative time, not a date or an age ("day 8 of treatment",
/// "post-op day 2", "week 3", "dose 2", "cycle 4"; "hd"/"pod": hospital and post-operative day).
/// Lower case. The guidelines list relative time and durations as not PHI, and the time to onset
/// is the causality evidence the masking must keep.
const RELATIVE_TIME_WORDS: &[&str] = &[
    "day", "days", "week", "weeks", "wk", "dose", "doses", "cycle", "cycles", "hd", "pod",
    // the day of a treatment in Spanish, Portuguese, French, Italian, German, Dutch and the
    // Nordic languages ("día 25 de tratamiento", "J5", "Tag 3", "dag 4")
    "día", "dia", "jour", "giorno", "tag", "dag", "dosis", "ciclo",
];

/// Vaccines by the short names that number their doses with "#" ("DTP #3", "HEP B #1", "OPV #1",
/// "JE #2") and the words for a shot, lower case: a one-digit number after one and its "#" is the
/// dose's, the time course the masking must keep.
const VACCINE_WORDS: &[&str] = &[
    "dtp",
    "dtap",
    "dt",
    "td",
    "tdap",
    "opv",
    "ipv",
    "mmr",
    "mmrv",
    "hib",
    "hbv",
    "b",
    "pcv",
    "flu",
    "je",
    "bcg",
    "mr",
    "rv",
    "hpv",
    "var",
    "shot",
    "vax",
    "vaccine",
    "injection",
    "inj",
    "booster",
];

/// Whether the number at `i` counts days, weeks, doses or cycles: one of those words right before
/// it ("day 8", "Day: 3", "day #2"), or it continues a list of such counts ("days 1, 2, 3 and
/// 4", "days 3-5", "day 1 to 3"). At most three digits, on the line of its word, and not the
/// start of a date, a decimal or a time ("day 12/03", "day 1.5", "day 3:30").
pub(super) fn is_relative_count(
    doc: &Tokenized,
    flags: &[LexFlags],
    out: &[Option<Usage>],
    i: usize,
) -> bool {
    let w = doc.token_text(i);
    if !is_number(w) || w.len() > 3 || i == 0 || is_day_before_month(doc, flags, i) {
        return false;
    }
    if i + 1 < doc.len()
        && matches!(doc.gap_after(i), "/" | "." | ":")
        && is_number(doc.token_text(i + 1))
    {
        return false;
    }
    let gap = doc.gap_before(i);
    if gap.contains('\n') {
        return false;
    }
    let sep = gap.trim_matches([' ', '\u{a0}']);
    let before = doc.token_text(i - 1).to_lowercase();
    let counted = RELATIVE_TIME_WORDS.contains(&before.as_str()) && matches!(sep, "" | ":" | "#");
    // "DTP #2", "HEP B #1": a vaccine's dose
    let dose = VACCINE_WORDS.contains(&before.as_str()) && sep == "#" && w.len() == 1;
    // (a dose's "#" after the separator: "HEP B #1 & #2", "#1, #2")
    let listed = out[i - 1] == Some(Usage::RelativeTime)
        && matches!(sep.trim_end_matches('#').trim_end(), "," | "-" | "–" | "&");
    let joined = i >= 2
        && out[i - 2] == Some(Usage::RelativeTime)
        && matches!(before.as_str(), "and" | "to" | "or" | "through")
        && (plain_gap(gap) || sep == "#");
    counted || dose || listed || joined
}

/// The word of relative time right before the count at `i` ("day" of "on day 8", "Week" of
/// "Week 2"), which counts time as the number does. Only letters, joined by blanks, a colon or
/// "#": "Day 2 (12/29/20)", "dose #2".
pub(super) fn counting_word(
    doc: &Tokenized,
    out: &mut [Option<Usage>],
    claimed: &[bool],
    i: usize,
) {
    if counted_after_word(doc, i) && !claimed[i - 1] {
        out[i - 1] = Some(Usage::RelativeTime);
    }
}

/// Whether the count at `i` stands right after a word of relative time, on its line.
pub(super) fn counted_after_word(doc: &Tokenized, i: usize) -> bool {
    if i == 0 || doc.gap_before(i).contains('\n') {
        return false;
    }
    let gap = doc.gap_before(i).trim_matches([' ', '\u{a0}']);
    let w = doc.token_text(i - 1);
    matches!(gap, "" | ":" | "#")
        && w.chars().all(char::is_alphabetic)
        && one_of(w, RELATIVE_TIME_WORDS)
}

/// Units of a duration counted in days or more, folded.
pub(super) const LONG_DURATION_UNITS: &[&str] = &[
    "day", "days", "d", "week", "weeks", "wk", "wks", "month", "months", "mo", "mos", "mth",
    "mths", "year", "years", "yr", "yrs",
];

/// Whether the number at `i` counts a duration in days, weeks, months or years that a word makes
/// relative time: after it "ago", "later", "earlier", "after", "before", "prior", "post" ("3 days
/// ago", "two weeks later": the time to onset), or before it "for", "x", "within", "over",
/// "past", "last", "after" ("for 3 days", "x 2 wks", "within 4 weeks"). An age has "old", "of
/// age" or an age's label ("a 45 year old", "aged 3 months"), never these words.
pub(super) fn is_duration_count(doc: &Tokenized, i: usize) -> bool {
    let n = doc.len();
    let w = doc.token_text(i);
    let count = (is_number(w) && w.len() <= 3) || is_written_cardinal(w);
    if !count || i + 1 >= n || !plain_gap(doc.gap_after(i)) {
        return false;
    }
    if !one_of(doc.token_text(i + 1), LONG_DURATION_UNITS) {
        return false;
    }
    // ("3 days old", "2 years of age")
    let after = |k: usize| {
        k < n
            && !doc.gap_before(k).contains(['\n', '.', ';', ','])
            && (one_of(
                doc.token_text(k),
                &[
                    "ago", "later", "earlier", "after", "before", "prior", "post",
                ],
            )
            // the shorthand "p/" ("12 days p/vax", "2 wks p/immun")
            || (doc.token_text(k).eq_ignore_ascii_case("p") && doc.gap_after(k) == "/"))
    };
    let before = i > 0
        && !doc.gap_before(i).contains('\n')
        && plain_gap(doc.gap_before(i))
        && one_of(
            doc.token_text(i - 1),
            &["for", "x", "within", "over", "past", "last", "after"],
        );
    let aged = i > 0 && one_of(doc.token_text(i - 1), &["age", "aged", "ages"]);
    let old = i + 2 < n && one_of(doc.token_text(i + 2), &["old", "of"]);
    (after(i + 2) || before) && !aged && !old
}

/// Whether the number at `i` is a day of the month before its month's name ("first dose 24 may
/// no problem", "dose 3 Mar"): a date, not a count. "May" as a month only where no verb follows
/// ("dose 2 may be given"): the end of its phrase, a number, or a word that goes on with the
/// sentence.
fn is_day_before_month(doc: &Tokenized, flags: &[LexFlags], i: usize) -> bool {
    let n = doc.len();
    let day = doc
        .token_text(i)
        .parse::<u32>()
        .is_ok_and(|d| (1..=31).contains(&d));
    if !day || i + 1 >= n || !plain_gap(doc.gap_after(i)) || flags[i + 1] & flag::MONTH == 0 {
        return false;
    }
    if !doc.token_text(i + 1).eq_ignore_ascii_case("may") {
        return true;
    }
    i + 2 >= n
        || !plain_gap(doc.gap_after(i + 1))
        || is_number(doc.token_text(i + 2))
        || matches!(
            doc.token_text(i + 2).to_ascii_lowercase().as_str(),
            "no" | "and" | "with" | "then" | "in" | "at" | "on" | "i" | "she" | "he" | "we"
        )
}
