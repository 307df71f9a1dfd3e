//! How a word is used where it stands, for the words whose dictionary verdict misleads: a number
//! with a unit is a measurement ("35 mg/L", "1.1 g/L", "500mg", "95 %"), not an identifier or an
//! age; a field label that introduces a value ("Tel +46 …", "e-mail x@y", "Case SE-MPA-…") is
//! not PHI although the model, seeing PHI next to it, often says so; "Dr" before a name is a
//! title, not the street abbreviation. The phi guidelines list all three as not PHI, and they
//! carry the causality evidence (doses, lab values) the masking must keep readable.
//!
//! Each finding is narrow on purpose: a measurement needs a known unit right after the number
//! (single-letter units only next to "/"), durations and ages ("45 y", "3 days") are never
//! measurements, a label counts only when a recognizer's value or a number follows it ("Tel Aviv"
//! stays a city), and a title only when a capitalised word follows and no street name precedes.

use super::local_language::SEX_WORDS;
use super::one_of;
use crate::lexicon::{flag, fold, LexFlags};
use crate::tokenize::Tokenized;

mod descriptions;
mod labels;
mod lot;
mod measures;
mod ranges;
mod relative_time;
mod units;
mod written_numbers;
use labels::*;
use lot::is_lot_number;
pub(super) use measures::is_vital_or_lab;
use measures::*;
use relative_time::{counted_after_word, counting_word, is_duration_count, is_relative_count};
pub(crate) use units::is_time_unit as is_age_or_duration_unit;
use units::{is_day_or_week_unit_world, is_short_duration_unit, is_unit};
use written_numbers::*;

/// What [`usage`] found for a word.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Usage {
    /// A number measured in a unit, or the unit of one.
    Measurement,
    /// A field label followed by its value.
    FieldLabel,
    /// A title ("Dr", "Dra") before a name.
    Title,
    /// A count after "day", "week", "dose", "cycle" ("on day 8", "dose 2", "days 1, 2 and 3"):
    /// relative time.
    RelativeTime,
    /// The value after "Lot", "lote", "batch": a product's lot number.
    LotNumber,
}

/// Words before a house's or a plot's number, folded ("stand 4417", "plot 23", "erf 1234", "apt
/// 4", "flat 12", "hse 7", "casa 27", "parcelle 07"): the number after one is an address's.
const HOUSE_NUMBER_LABELS: &[&str] = &[
    "stand", "plot", "erf", "apt", "flat", "hse", "house", "casa", "apto", "depto", "parcelle",
];

/// Whether "BP" at `i` is a post box of French-speaking Africa ("BP 12417 Douala", boîte
/// postale) rather than blood pressure: a number of four to six digits follows that is no
/// pressure's ("BP 120/80", "BP 90 systolic").
fn is_post_box(doc: &Tokenized, i: usize) -> bool {
    let n = doc.len();
    doc.token_text(i).eq_ignore_ascii_case("bp")
        && i + 1 < n
        && plain_gap(doc.gap_after(i))
        && is_number(doc.token_text(i + 1))
        && (4..=6).contains(&doc.token_text(i + 1).len())
        && !(i + 2 < n && doc.gap_after(i + 1).starts_with('/'))
}

fn is_number(word: &str) -> bool {
    !word.is_empty() && word.bytes().all(|b| b.is_ascii_digit())
}

/// What the gap between two words allows for a number and its unit: nothing, spaces, or a
/// decimal point between two digit groups.
fn plain_gap(gap: &str) -> bool {
    gap.chars().all(|c| c == ' ' || c == '\u{a0}')
}

/// Whether `w`, the integer part of a number, can be a pH's (0 to 14).
fn is_ph_value(w: &str) -> bool {
    w.len() <= 2 && w.parse::<u32>().is_ok_and(|v| v <= 14)
}

/// Whether the number before "ph" at `i` can be a pH's: its integer part ("6" of "6.5") is 14
/// at most.
fn ph_value_before(doc: &Tokenized, i: usize) -> bool {
    let mut k = i - 1;
    if k >= 1 && matches!(doc.gap_before(k), "." | ",") && is_number(doc.token_text(k - 1)) {
        k -= 1;
    }
    is_ph_value(doc.token_text(k))
}

/// Per word: how it is used, where that changes its verdict. `flags` are the lexicon flags of
/// each word; `claimed[i]` says a recognizer (date, phone, ID...) covers word `i`.
pub fn usage(doc: &Tokenized, flags: &[LexFlags], claimed: &[bool]) -> Vec<Option<Usage>> {
    let n = doc.len();
    let mut out = vec![None; n];
    let word = |i: usize| doc.token_text(i);
    // a unit that is a name too ("Min", "Gram", "IU") before a word that may be a name ("Bed 5
    // Min Jung", "12 Gram Street"): a capitalised word where case means something (not an
    // acronym: "10 IU IM"), else any word no SAFE list knows
    let name_not_unit = |i: usize| {
        flags[i] & (flag::FIRST_NAME | flag::SURNAME) != 0
            && i + 1 < n
            && plain_gap(doc.gap_after(i))
            && word(i + 1).starts_with(char::is_alphabetic)
            && if doc.case_informative {
                super::features::is_capitalised(word(i + 1))
            } else {
                flags[i + 1] & flag::SAFE == 0
            }
    };
    // the unit of word `i`, when it is one where it stands
    // "Ph" before a phone number is the phone's label, not the pH after an amount: "Hamilton
    // 3200   Ph (07) 849 3312" (a postcode, then the phone)
    let phone_label = |i: usize| {
        word(i).eq_ignore_ascii_case("ph")
            && i + 1 < n
            && is_number(word(i + 1))
            && doc
                .gap_after(i)
                .chars()
                .all(|c| c.is_whitespace() || "(:.".contains(c))
    };
    let unit_at = |i: usize| -> bool {
        if phone_label(i) {
            return false;
        }
        match is_unit(word(i)) {
            Some(false) => !name_not_unit(i),
            Some(true) => doc.gap_before(i).ends_with('/') || doc.gap_after(i).starts_with('/'),
            None => false,
        }
    };
    for i in 0..n {
        if claimed[i] {
            continue;
        }
        let w = word(i);
        if is_lot_number(doc, &out, i) {
            out[i] = Some(Usage::LotNumber);
            continue;
        }
        // "t102", "T100": a temperature glued to its "t" ("17OCT93 t102; 18OCT93 would not nap")
        let glued_temperature = w.len() >= 3
            && w.starts_with(['t', 'T'])
            && is_number(&w[1..])
            && is_temperature(&w[1..]);
        if is_glued_measurement(w)
            || glued_temperature
            || is_obstetric_formula(w)
            || is_dosing_interval(w)
            || is_orientation_score(w)
        {
            out[i] = Some(Usage::Measurement);
            continue;
        }
        // a count written out after its word ("on day four", "week two", "dose three")
        if is_written_cardinal(w) && counted_after_word(doc, i) {
            out[i] = Some(Usage::RelativeTime);
            counting_word(doc, &mut out, claimed, i);
            continue;
        }
        if is_written_thing_count(doc, i) {
            out[i] = Some(Usage::Measurement);
            continue;
        }
        // a dozen is a count, never an age ("3-4 dozen lesions", "a dozen hives", "dozens of
        // blisters"), and so is the number before it
        if one_of(w, &["dozen", "dozens"]) {
            out[i] = Some(Usage::Measurement);
            if i > 0 && is_number(word(i - 1)) && plain_gap(doc.gap_before(i)) && !claimed[i - 1] {
                out[i - 1] = Some(Usage::Measurement);
            }
            continue;
        }
        if is_dose_ordinal(doc, flags, i) {
            out[i] = Some(Usage::RelativeTime);
            continue;
        }
        if is_written_time_count(doc, i) {
            out[i] = Some(Usage::RelativeTime);
            // (and the tens of a compound: "twenty-one days later")
            if i > 0
                && matches!(doc.gap_before(i), "-" | " ")
                && one_of(word(i - 1), WRITTEN_TENS)
                && !claimed[i - 1]
            {
                out[i - 1] = Some(Usage::RelativeTime);
            }
            continue;
        }
        if is_number(w) {
            // a house's or a plot's number ("stand 4417 unit k, chitungwiza", "plot 23 unit 4"):
            // no amount, whatever unit's word follows it
            if i > 0 && plain_gap(doc.gap_before(i)) && one_of(word(i - 1), HOUSE_NUMBER_LABELS) {
                continue;
            }
            // a gestational age, weeks and days: "39+2 WKS", "36+4 weeks" (no age is written so)
            let gestation = i + 2 < n
                && doc.gap_after(i) == "+"
                && w.parse::<u32>().is_ok_and(|v| (4..=44).contains(&v))
                && word(i + 1).len() == 1
                && word(i + 1).as_bytes()[0] <= b'6'
                && is_number(word(i + 1))
                && plain_gap(doc.gap_after(i + 1))
                && matches!(
                    word(i + 2).to_ascii_lowercase().as_str(),
                    "wk" | "wks" | "week" | "weeks" | "w" | "sem" | "semanas" | "sa" | "ssw"
                );
            if gestation {
                out[i] = Some(Usage::Measurement);
                out[i + 1] = Some(Usage::Measurement);
                continue;
            }
            // ... and a range's first number ("2-3 wks later", "7-10 days after")
            let range_start = i + 1 < n
                && matches!(doc.gap_after(i), "-" | "–")
                && w.len() <= 3
                && is_duration_count(doc, i + 1);
            if is_relative_count(doc, flags, &out, i) || is_duration_count(doc, i) || range_start {
                out[i] = Some(Usage::RelativeTime);
                // and the word that counts it ("on day 8", "On Day 4", "week 2"): the model
                // masked "day" before the number it released
                counting_word(doc, &mut out, claimed, i);
                continue;
            }
            // "x10^9/L", "10^12/L": the exponent of a count unit
            let exponent = i > 0
                && doc.gap_before(i) == "^"
                && (word(i - 1) == "10" || word(i - 1).eq_ignore_ascii_case("x10"));
            let base = w == "10" && i + 1 < n && doc.gap_after(i) == "^" && is_number(word(i + 1));
            if exponent || base {
                out[i] = Some(Usage::Measurement);
                continue;
            }
            // the number right before a unit, or the integer part of a decimal right before one
            // (with a decimal comma too, as most of the world writes one: "creatinina 0,9 mg/dL",
            // "fiebre de 39,2 °C")
            // a count per unit ("214000/mm³", "5 400/µL", "12/L"): the unit after the slash,
            // of one letter only a litre ("84/M", "45/F" are an age and a sex)
            let per_unit = |j: usize| {
                j + 1 < n
                    && doc.gap_after(j) == "/"
                    && word(j + 1).starts_with(char::is_alphabetic)
                    && match is_unit(word(j + 1)) {
                        Some(false) => true,
                        Some(true) => word(j + 1).eq_ignore_ascii_case("l"),
                        None => false,
                    }
            };
            let mut j = i;
            // a thousands group after a space, as most of the world writes one, before a unit or
            // a count's unit ("plaquetas 214 000/mm³", "1 218 ng/L"); not a phone's groups, which
            // no unit follows
            if w.len() <= 3
                && j + 2 < n
                && matches!(doc.gap_after(j), " " | "\u{a0}" | "\u{202f}")
                && word(j + 1).len() == 3
                && is_number(word(j + 1))
                && (per_unit(j + 1)
                    || (plain_gap(doc.gap_after(j + 1)) && is_unit(word(j + 2)) == Some(false)))
            {
                j += 1;
            }
            if j + 1 < n && matches!(doc.gap_after(j), "." | ",") && is_number(word(j + 1)) {
                j += 1;
            }
            // "1.2 L", "0.5 g": a one-letter unit after a decimal (no initial follows one), or
            // a dose's gram or litre before how often it is given ("METFORMIN 1 G BID")
            let letter_unit = j + 1 < n
                && doc.gap_after(j) == " "
                && is_unit(word(j + 1)) == Some(true)
                && (j > i
                    || (matches!(word(j + 1), "g" | "G" | "l" | "L")
                        && j + 2 < n
                        && plain_gap(doc.gap_after(j + 1))
                        && one_of(word(j + 2), DOSING_WORDS)));
            // (a pH is 14 at most: "urine 6.5 pH", never "ohip 5583 209 415 ph", a health
            // card's number and version code)
            // (a long number before a unit's word across a printout's field gap is an
            // identifier before the next field's label: "DOD ID: 1620094471   UNIT PHONE:")
            let field_gap = w.len() >= 7 && doc.gap_after(j).chars().count() >= 2;
            // (a day and month's second half with its leading zero, no fraction: "stop dig.
            // 06/03 hr 62" is a date and a heart rate; "1/2 hr" is half an hour)
            let zero_padded_date = i > 0
                && doc.gap_before(i) == "/"
                && w.len() == 2
                && word(i - 1).len() == 2
                && is_number(word(i - 1))
                && (w.starts_with('0') || word(i - 1).starts_with('0'));
            let unit_follows = j + 1 < n
                && plain_gap(doc.gap_after(j))
                && !field_gap
                && !zero_padded_date
                && (unit_at(j + 1) || letter_unit)
                && (!word(j + 1).eq_ignore_ascii_case("ph") || is_ph_value(word(i)))
                && !looks_like_postcode(doc, j, j + 1);
            let percent = doc.gap_after(j).trim_start().starts_with('%');
            // (after "ph", a number with a leading zero or a phone's next group is a phone's:
            // "ph 019-774 2081", "ph 555-1234"; "pH 7.35", "pH 6.877", "ALK PH 340" are values)
            let ph_value = || {
                if !word(i - 1).eq_ignore_ascii_case("ph") {
                    return true;
                }
                // (a code's prefix glued by a hyphen: "licence PH-28741" is a licence's number;
                // "PH-6", "PH-11.8" are values)
                if doc.gap_before(i) == "-" && w.len() >= 3 {
                    return false;
                }
                let leading_zero = w.len() > 1 && w.starts_with('0');
                let phone_group = i + 1 < n
                    && matches!(doc.gap_after(i), "-" | " ")
                    && (3..=4).contains(&word(i + 1).len())
                    && is_number(word(i + 1));
                // (a pH is 14 at most; more is the alkaline phosphatase's, "ALK PH 340", or a
                // register's code and number: "reg no PH 95/1184")
                let phosphatase = i >= 2 && one_of(word(i - 2), &["alk", "alkaline", "alkphos"]);
                !leading_zero && !phone_group && (is_ph_value(w) || phosphatase)
            };
            // (after "BP" a pressure's number has at most three digits: "BP 12417 Douala" is a
            // French post-office box, "boîte postale")
            let bp_value = || !word(i - 1).eq_ignore_ascii_case("bp") || w.len() <= 3;
            // (an identifier's code, never a value: "employee no. hr-0731946", a leading zero or
            // five digits glued by a hyphen)
            // ... or a register's slashed number glued to its letters: "clinic reg. cr-95/1184"
            // is no creatinine
            let slashed_register = doc.gap_before(i) == "-"
                && doc.gap_after(i) == "/"
                && i + 1 < n
                && word(i + 1).len() >= 4
                && is_number(word(i + 1));
            let code = (w.len() >= 4 && w.starts_with('0'))
                || (doc.gap_before(i) == "-" && w.len() >= 5)
                || slashed_register;
            // (a year between a test and its value is the test's date: "SGPT 1990 184, LDH 1990 259")
            let year_before_value = w.len() == 4
                && w.parse::<u32>().is_ok_and(|y| (1900..=2039).contains(&y))
                && i + 1 < n
                && plain_gap(doc.gap_after(i))
                && is_number(word(i + 1));
            // (a pain score is out of ten, "pain 4/10"; "PAIN 1/21- ABDOMINAL PAIN WORSENED" is a
            // date)
            let pain_date = i > 0
                && word(i - 1).eq_ignore_ascii_case("pain")
                && doc.gap_after(i) == "/"
                && i + 1 < n
                && word(i + 1) != "10";
            let after_vital = i > 0
                && is_vital_or_lab(word(i - 1))
                && !code
                && !year_before_value
                && !pain_date
                && ph_value()
                && bp_value()
                && matches!(
                    doc.gap_before(i).trim_matches([' ', '\u{a0}']),
                    "" | ":" | "=" | "-"
                )
                && !doc.gap_before(i).contains('\n');
            // a body temperature after "T", "temp" or "fever": "T 102", "fever 103-104", "t 38.5"
            let temperature = i > 0
                && is_temperature(w)
                && matches!(
                    word(i - 1).to_ascii_lowercase().as_str(),
                    "t" | "temp" | "temperature" | "fever" | "febrile" | "tmax" | "tmp"
                )
                && matches!(
                    doc.gap_before(i).trim_matches([' ', '\u{a0}']),
                    "" | ":" | "="
                )
                && !doc.gap_before(i).contains('\n');
            // (not a floor and flat after a house number: "Bv. San Juan 1184, 5° C")
            let floor_after_house_number = i >= 2
                && doc.gap_before(i) == ", "
                && is_number(word(i - 1))
                && word(i - 2).starts_with(char::is_alphabetic);
            let degrees = j + 1 < n
                && matches!(doc.gap_after(j).trim(), "°" | "º")
                && matches!(word(j + 1), "C" | "F" | "c" | "f")
                && !floor_after_house_number;
            // the second of two measured numbers: "BP 168/94", "MAP 75-85", "Pain 4/10"
            let second_of_pair = i > 0
                && out[i - 1] == Some(Usage::Measurement)
                && is_number(word(i - 1))
                && matches!(doc.gap_before(i), "/" | "-" | "–");
            // a count of hours ("cada 12 horas", "toutes les 8 heures", "q 6 hours"): no age is
            // written so but a newborn's ("36 hours old", "12 horas de vida"); four digits are a
            // clock's ("NGT removed 1100 hrs": `time_of_day`)
            // ("1.5 hours": a decimal count too)
            let hours = (j == i || doc.gap_after(i) == ".")
                && w.len() <= 3
                && !zero_padded_date
                && j + 1 < n
                && plain_gap(doc.gap_after(j))
                && is_short_duration_unit(word(j + 1))
                && !name_not_unit(j + 1)
                && !claimed[j + 1]
                && !(j + 2 < n
                    && matches!(
                        word(j + 2).to_lowercase().as_str(),
                        "old" | "of" | "de" | "alt" | "après"
                    ));
            // a count of days or weeks in another language ("durante 7 días", "pendant 14
            // jours", "(7 días)"): never after "de", "di", "da", "von", "van" ("niño de 10
            // días", a newborn's age) or a sex and its comma ("esther, m, 9 jours": the
            // demographics' age) nor before "de vida", "alt", "oud" (an age)
            let after_sex = i > 0
                && doc.gap_before(i).trim() == ","
                && SEX_WORDS.contains(&fold(word(i - 1)).as_ref());
            let days_or_weeks = j == i
                && !after_sex
                && w.len() <= 3
                && j + 1 < n
                && plain_gap(doc.gap_after(j))
                && is_day_or_week_unit_world(word(j + 1))
                && !claimed[j + 1]
                && !(i > 0
                    && matches!(
                        word(i - 1).to_lowercase().as_str(),
                        "de" | "di" | "da" | "do" | "von" | "van" | "d"
                    ))
                && !(j + 2 < n
                    && matches!(
                        word(j + 2).to_lowercase().as_str(),
                        "de" | "di"
                            | "da"
                            | "d"
                            | "alt"
                            | "alter"
                            | "alte"
                            | "alten"
                            | "altes"
                            | "oud"
                            | "oude"
                            | "old"
                            | "of"
                            | "vida"
                            | "vita"
                    ));
            if hours || days_or_weeks {
                out[i..=j + 1].fill(Some(Usage::Measurement));
                // the range's first number: "5-10 min later", "30–40 seconds" (not a date's
                // part: "12/5-10 min")
                if i >= 1
                    && matches!(doc.gap_before(i), "-" | "–")
                    && is_number(word(i - 1))
                    && word(i - 1).len() <= 3
                    && !claimed[i - 1]
                    && !(i >= 2
                        && is_number(word(i - 2))
                        && matches!(doc.gap_before(i - 1), "/" | "." | "-"))
                {
                    out[i - 1] = Some(Usage::Measurement);
                }
                continue;
            }
            if unit_follows
                || per_unit(j)
                || percent
                || degrees
                || after_vital
                || second_of_pair
                || temperature
            {
                for k in i..=j {
                    if !claimed[k] {
                        out[k] = Some(Usage::Measurement);
                    }
                }
                if unit_follows && letter_unit && !claimed[j + 1] {
                    out[j + 1] = Some(Usage::Measurement);
                }
            }
            continue;
        }
        if unit_at(i) {
            // a unit after a number ("35 mg") or inside a compound unit ("mg/L", "U/L")
            let after_number = i > 0
                && (is_number(word(i - 1)) || is_glued_measurement(word(i - 1)))
                && (!w.eq_ignore_ascii_case("ph") || ph_value_before(doc, i))
                && plain_gap(doc.gap_before(i))
                && !looks_like_postcode(doc, i - 1, i);
            let in_compound =
                i > 0 && doc.gap_before(i) == "/" && (unit_at(i - 1) || is_number(word(i - 1)));
            if after_number || in_compound {
                out[i] = Some(Usage::Measurement);
            }
            continue;
        }
    }
    for i in 0..n {
        if out[i].is_some() || claimed[i] {
            continue;
        }
        let label = (flags[i] & flag::CURATED_SAFE != 0 || is_number_abbreviation(doc, flags, i))
            && label_introduces_value(doc, claimed, i)
            && !is_post_box(doc, i)
            && !is_state_before_zip(doc, flags, i)
            && !is_state_after_town(doc, flags, i)
            && !opens_hyphened_identifier(doc, i)
            // (never inside a chain of hyphens: "ref. cd-pnlo-2021-sae-017" is one identifier)
            && !(i > 0 && doc.gap_before(i) == "-" && doc.gap_after(i) == "-")
            && !is_abbreviated_street_word(doc, flags, i)
            && !is_initial_after_name(doc, flags, i)
            && !is_surname_after_first_name(doc, flags, i);
        if label || is_home_label(doc, flags, i) {
            out[i] = Some(Usage::FieldLabel);
        } else if flags[i] & flag::SALUTATION != 0 && is_title(doc, flags, i) {
            out[i] = Some(Usage::Title);
        }
    }
    ranges::measured_ranges_and_hour_compounds(doc, claimed, &mut out);
    spread_two_word_labels(doc, &mut out);
    initials_of_an_identifier(doc, claimed, &mut out);
    spread_over_label_chains(doc, flags, claimed, &mut out);
    descriptions::ages_sites_and_durations(doc, flags, claimed, &mut out);
    // the second half of a word an apostrophe joins ("rehov ha-nevi'im 17": no route "IM", no
    // label) is part of that word, which no usage releases
    for (i, usage) in out.iter_mut().enumerate().skip(1) {
        let joined = matches!(doc.gap_before(i), "'" | "\u{2019}")
            && word(i - 1).chars().all(char::is_alphabetic)
            && word(i).chars().all(char::is_alphabetic);
        if joined {
            *usage = None;
        }
    }
    out
}

#[cfg(test)]
mod tests;
