//! The passes that run once the measurements and labels are known: the unit and abbreviation of
//! an age or a duration after its number ("52 years", "45 Y/O"), a duration in halves ("2 1/2
//! hrs"), the side before a body site ("L THIGH"), the sex beside an age ("26 yo F"), and an
//! ordinal opening a stretch of time ("the first 24 hours"). Separate from the main pass in
//! `usage` because each reads the findings already made (a measured neighbour, a counted unit)
//! and describes the patient or the time course, never a number on its own.

use super::relative_time::LONG_DURATION_UNITS;
use super::units::{is_short_duration_unit, is_time_unit, is_unit};
use super::written_numbers::{is_written_cardinal, OPENING_ORDINALS};
use super::{is_number, one_of, plain_gap, Usage};
use crate::lexicon::{flag, LexFlags};
use crate::tokenize::Tokenized;

/// Body sites of an injection or a reaction after the side's letter ("L THIGH", "r deltoid"),
/// lower case.
const BODY_SITES: &[&str] = &[
    "thigh", "arm", "deltoid", "leg", "ua", "hand", "eye", "ear", "side", "knee", "buttock",
    "gluteal", "glut", "upper", "lower", "anterior", "lateral", "foot", "shoulder", "wrist",
    "ankle", "hip", "forearm", "chest", "breast", "cheek", "elbow", "vastus",
];

/// The passes over what the main pass and the label passes left, in their order (each reads the
/// findings of the ones before: the sex's "31 y" is the age abbreviation's measurement).
pub(super) fn ages_sites_and_durations(
    doc: &Tokenized,
    flags: &[LexFlags],
    claimed: &[bool],
    out: &mut [Option<Usage>],
) {
    let n = doc.len();
    let word = |i: usize| doc.token_text(i);
    // the unit of an age or a duration after its number ("52 years", "87 Jahre", "57 tuổi", "74
    // ετών"): never PHI; the number keeps its own decision (an age is PHI). Not a street's first
    // word before the street word ("lives at 504 Weeks Ville Apt. 231")
    let street_follows = |i: usize| {
        (i + 1..(i + 3).min(n))
            .take_while(|&k| doc.gap_before(k) == " ")
            .any(|k| flags[k] & flag::STREET != 0)
    };
    for i in 1..n {
        if out[i].is_none()
            && !claimed[i]
            && word(i - 1).starts_with(|c: char| c.is_ascii_digit())
            && is_number(word(i - 1))
            && plain_gap(doc.gap_before(i))
            // ("Pt: Arbër Dervishi, 5 mo M, DOB ...": an infant's age in 1990s shorthand; not
            // a duration's unit, where "14 1/2 mo" is an age)
            && (is_time_unit(word(i)) || one_of(word(i), &["mo", "mth", "mths", "wk"]))
            && !street_follows(i)
        {
            out[i] = Some(Usage::Measurement);
        }
    }
    // the "of" of the form's "at the age of 24 years old" (the model, reading the form in another
    // country's narrative, masked it)
    for (i, usage) in out.iter_mut().enumerate().take(n.saturating_sub(1)).skip(1) {
        if usage.is_none()
            && word(i).eq_ignore_ascii_case("of")
            && word(i - 1).eq_ignore_ascii_case("age")
            && plain_gap(doc.gap_after(i))
            && is_number(word(i + 1))
        {
            *usage = Some(Usage::Measurement);
        }
    }
    // an age's abbreviation after its number: "45 Y/O", "60 YO", "82yo", "75Y/O" (in ALL CAPS the
    // single-capital rule took "Y" and "O" for initials)
    for i in 1..n {
        if out[i].is_some() || claimed[i] {
            continue;
        }
        let before = word(i - 1);
        let glued_y = before.strip_suffix(['y', 'Y']).is_some_and(is_number);
        let w = word(i);
        if is_number(before) && plain_gap(doc.gap_before(i)) {
            // ("31 y, nik 3174...": a bare "y" closing an age in a list)
            let bare_y = w.eq_ignore_ascii_case("y")
                && before.len() <= 3
                && i + 1 < n
                && doc.gap_after(i).starts_with([',', ';']);
            if w.eq_ignore_ascii_case("yo") || bare_y {
                out[i] = Some(Usage::Measurement);
            } else if w.eq_ignore_ascii_case("y")
                && i + 1 < n
                && matches!(doc.gap_after(i), "/" | ".")
                && word(i + 1).eq_ignore_ascii_case("o")
                && !claimed[i + 1]
            {
                out[i] = Some(Usage::Measurement);
                out[i + 1] = Some(Usage::Measurement);
            }
        } else if glued_y && matches!(doc.gap_before(i), "/" | ".") && w.eq_ignore_ascii_case("o") {
            out[i] = Some(Usage::Measurement);
        }
    }
    // a duration in halves and quarters: "1/2 hr", "2 1/2 hrs post vax", "3 1/2 to 4hrs" (the
    // whole number before the fraction too)
    for i in 0..n.saturating_sub(2) {
        let fraction = matches!(word(i), "1" | "3")
            && doc.gap_after(i) == "/"
            && matches!(word(i + 1), "2" | "3" | "4");
        if !fraction || claimed[i] || claimed[i + 1] {
            continue;
        }
        let next = word(i + 2);
        let glued_unit = next
            .find(|c: char| !c.is_ascii_digit())
            .is_some_and(|k| k > 0 && is_time_unit(&next[k..]));
        // (the singular and short units of a duration, which `is_time_unit` leaves out as an
        // age's; a unit of dose or amount: "1/2 tab", "1/2 tsp")
        let short_time = one_of(
            next,
            &[
                "hr", "hour", "min", "mins", "minute", "minutes", "day", "wk", "sec", "secs",
                "tab", "tablet", "pill",
            ],
        );
        let timed = plain_gap(doc.gap_after(i + 1))
            && (is_time_unit(next)
                || short_time
                || is_unit(next) == Some(false)
                || one_of(next, &["to", "or"])
                || glued_unit);
        // an age in halves is an age: "4 1/2 yr old child", "until 7 1/2 month of age", "@ age
        // 11mos & 1 1/2 yrs"
        let old = i + 3 < n && one_of(word(i + 3), &["old", "of"]);
        // (and a gestational age at birth, conservatively: "Born @ 35 1/2 wks")
        let aged = (i.saturating_sub(5)..i).any(|k| {
            one_of(
                word(k),
                &["age", "aged", "ages", "born", "birth", "gestation", "ga"],
            )
        });
        if !timed || old || aged {
            continue;
        }
        out[i] = Some(Usage::Measurement);
        out[i + 1] = Some(Usage::Measurement);
        if i > 0 && is_number(word(i - 1)) && word(i - 1).len() <= 2 && plain_gap(doc.gap_before(i))
        {
            out[i - 1] = Some(Usage::Measurement);
        }
    }
    // the side before a body part: "IM L THIGH", "SC L UPPER ARM", "r deltoid" (the
    // single-capital rule took "L" for an initial)
    for i in 0..n.saturating_sub(1) {
        if out[i].is_none()
            && !claimed[i]
            && one_of(word(i), &["l", "r"])
            && plain_gap(doc.gap_after(i))
            && one_of(word(i + 1), BODY_SITES)
        {
            out[i] = Some(Usage::Measurement);
        }
    }
    // the sex after an age ("26 yo F,", "52 yo M, civil engineer", "19 y/o F") or before it in
    // brackets ("(F/84)"): a description, no initial (the single-capital rule masked it)
    for i in 1..n {
        if out[i].is_some() || claimed[i] || !one_of(word(i), &["m", "f"]) {
            continue;
        }
        // ("9 MONTHS, M.", "7 YR OLD F", "6 WK OLD F": an age's unit, its number within three
        // words before)
        // (and the world's units of years, its comma between: "34 ANS, M, ORPAILLEUR", "31 a,
        // f, fontvieille", "57 ani, M")
        let after_age = one_of(
            word(i - 1),
            &[
                "yo", "o", "y", "yr", "yrs", "years", "old", "mo", "mos", "months", "wk", "wks",
                "weeks", "a", "ans", "anni", "anos", "años", "ani", "j", "g",
            ],
        ) && (i.saturating_sub(4)..i - 1).any(|k| is_number(word(k)))
            && matches!(doc.gap_before(i), " " | ", ");
        // an age of one to three digits: a sex beside it is no initial
        let age = |k: usize| k < n && is_number(word(k)) && word(k).len() <= 3;
        // the sex after a bare age, before its comma: "Deireragea Adeang-Harris, 58 M,
        // Anabar", "JENEBA MOMOH-KALLON, 26 F, NGIEHUN" (not a code's "418827 F 47")
        let after_bare_age =
            age(i - 1) && doc.gap_before(i) == " " && doc.gap_after(i).starts_with(',');
        // ... or before it, listed after the name: "Lindon Pemberton, M, 61, welder",
        // "SHEN YUELAN (沈月兰), F, 19", "prossy kisakye, f 31, hairdresser" (an initial takes
        // its dot: "Smith, M., 45")
        let listed_before_bare_age = doc.gap_before(i).ends_with(", ")
            && matches!(doc.gap_after(i), ", " | " ")
            && age(i + 1)
            && (i + 2 == n || doc.gap_after(i + 1).starts_with([',', ';']));
        let before_age = i + 1 < n
            && doc.gap_after(i) == "/"
            && is_number(word(i + 1))
            && word(i + 1).len() <= 3
            && doc.gap_before(i).ends_with('(');
        // ... or in a list before the age and its unit: "dewi saputri, f, 31 y, nik 3174"
        let listed_before_age = i + 2 < n
            && doc.gap_before(i) == ", "
            && doc.gap_after(i) == ", "
            && is_number(word(i + 1))
            && word(i + 1).len() <= 3
            && out[i + 2] == Some(Usage::Measurement);
        if after_age || before_age || listed_before_age || after_bare_age || listed_before_bare_age
        {
            out[i] = Some(Usage::Measurement);
        }
    }
    // an ordinal opening a stretch of time before its count ("the first 24 hours", "first 2-3
    // days", "the first two weeks"): no day of a month, which a month's name follows
    for i in 0..n.saturating_sub(2) {
        let unit = |k: usize| {
            k < n && (one_of(word(k), LONG_DURATION_UNITS) || is_short_duration_unit(word(k)))
        };
        let counted = matches!(out[i + 1], Some(Usage::Measurement | Usage::RelativeTime))
            || (plain_gap(doc.gap_after(i + 1)) && unit(i + 2))
            || (is_number(word(i + 1))
                && matches!(doc.gap_after(i + 1), "-" | "–")
                && is_number(word(i + 2))
                && plain_gap(doc.gap_after(i + 2))
                && unit(i + 3));
        if out[i].is_none()
            && !claimed[i]
            && one_of(word(i), OPENING_ORDINALS)
            && plain_gap(doc.gap_after(i))
            && (is_number(word(i + 1)) || is_written_cardinal(word(i + 1)))
            && counted
        {
            out[i] = Some(Usage::RelativeTime);
            // (its count written out too: "the first two days")
            if is_written_cardinal(word(i + 1)) && !claimed[i + 1] {
                out[i + 1] = Some(Usage::RelativeTime);
            }
        }
    }
}
