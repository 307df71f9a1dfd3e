//! The words around a number that say whether it is a date: amounts and units after it, times and
//! measurements before it, events before or after a day and month, counts after a range. Read by
//! `date/mod.rs`; `is_amount_or_unit` there is what other recognizers ask.

/// Words after a month/day-looking fraction that show it is an amount, not a date.
pub(super) const AMOUNT_WORDS: &[&str] = &[
    "of",
    "tab",
    "tabs",
    "tablet",
    "tablets",
    "pill",
    "pills",
    "dose",
    "doses",
    "cup",
    "cups",
    "teaspoon",
    "tsp",
    "tbsp",
    "mg",
    "ml",
    "mcg",
    "ug",
    "g",
    "l",
    "strength",
    "inch",
    "inches",
    "cm",
    "mm",
    "hour",
    "hours",
    "hr",
    "hrs",
    "day",
    "days",
    "week",
    "weeks",
    "wk",
    "wks",
    "month",
    "months",
    "year",
    "years",
    "times",
    "pain",
    "liter",
    "liters",
    "bilaterally",
    "bilateral",
    "power",
    "motor",
    "throughout",
    "mile",
    "miles",
    "block",
    "blocks",
    "way",
];

/// Words just before a fraction that show it is a measurement.
pub(super) const MEASURE_CONTEXT: &[&str] = &[
    "bp", "b/p", "pressure", "vs", "vitals", "pain", "scale", "rated", "rates", "score",
    "strength", "motor", "power", "grip", "phase", "gcs", "ratio", "level", "stage", "grade",
    "apgar",
];

/// Words before "16.10" that make it a time of day ("by 16.10", "um 16.10 Uhr", "à 16.10").
pub(super) const TIME_BEFORE: &[&str] = &[
    "at", "by", "around", "about", "approx", "until", "till", "from", "since", "um", "ab", "bis",
    "gegen", "kl", "klo", "alle", "ore", "o", "godz",
];

/// Words after "16.10" that make it a time of day.
pub(super) const TIME_AFTER: &[&str] = &[
    "h", "hr", "hrs", "hours", "uhr", "am", "pm", "o", "clock", "godz",
];

/// Words before a weekday abbreviation that make it a weekday ("on Sat").
pub(super) const WEEKDAY_ABBR_BEFORE: &[&str] = &[
    "on", "last", "next", "this", "every", "until", "till", "by", "since", "from", "through",
    "thru", "and", "to", "or", "since",
];

/// Nouns after "the 15th" that make it an ordinal of something else ("the 2nd dose").
pub(super) const ORDINAL_NOUNS: &[&str] = &[
    "dose",
    "doses",
    "day",
    "days",
    "shot",
    "shots",
    "vaccine",
    "vaccination",
    "injection",
    "time",
    "times",
    "week",
    "month",
    "hour",
    "minute",
    "floor",
    "grade",
    "round",
    "attempt",
    "one",
    "covid",
    "booster",
    "dosage",
    "trimester",
    "percentile",
    "degree",
    "cranial",
    "toe",
    "finger",
    "rib",
    "set",
    "episode",
    "visit",
    "test",
    "and",
];

/// Words after a number that show a duration or a measurement, not a two-digit year.
pub(super) const DURATION_UNITS: &[&str] = &[
    "min", "mins", "minute", "minutes", "hr", "hrs", "hour", "hours", "h", "sec", "secs", "second",
    "seconds", "day", "days", "d", "wk", "wks", "week", "weeks", "mo", "mos", "month", "months",
    "yr", "yrs", "year", "years", "y", "times", "x", "percent", "degrees", "deg", "f", "c", "bpm",
    "mmhg", "kg", "lb", "lbs", "cm", "beats", "breaths", "of",
];

/// Words after a year that show it is a quantity ("in 2000 patients").
pub(super) const YEAR_UNITS: &[&str] = &[
    "mg", "mcg", "ml", "g", "units", "unit", "iu", "cells", "patients", "people", "cases",
    "calories", "kcal", "steps", "meters", "feet", "ft", "miles", "doses", "mm", "cc",
];

/// Words before "last fall" that make it the event (a fall), not the season.
pub(super) const FALL_EVENT_BEFORE: &[&str] = &[
    "her", "his", "my", "their", "your", "our", "its", "the", "a", "one", "s", "since", "prior",
    "pt", "patient",
];

/// Words after "last fall" that make it the event: how or where someone fell.
pub(super) const FALL_EVENT_AFTER: &[&str] = &[
    "from",
    "off",
    "out",
    "down",
    "with",
    "on",
    "onto",
    "into",
    "at",
    "in",
    "resulting",
    "which",
    "and",
    "was",
    "when",
    "while",
    "she",
    "he",
    "the",
];

/// The English months, as the surrogate dates write them and the recognizers tell them apart.
pub(crate) const ENGLISH_MONTHS: [&str; 12] = [
    "january",
    "february",
    "march",
    "april",
    "may",
    "june",
    "july",
    "august",
    "september",
    "october",
    "november",
    "december",
];

/// The English weekdays' abbreviations, as [`WEEKDAYS`] before a day and month ("by Sat 23-2").
pub(super) const WEEKDAY_ABBREVIATIONS: [&str; 10] = [
    "mon", "tue", "tues", "wed", "thu", "thur", "thurs", "fri", "sat", "sun",
];

/// Whether `w` (lower case) is an English weekday or its abbreviation.
pub(crate) fn is_english_weekday(w: &str) -> bool {
    WEEKDAYS.contains(&w) || WEEKDAY_ABBREVIATIONS.contains(&w)
}

/// The English weekdays, lower case.
pub(super) const WEEKDAYS: [&str; 7] = [
    "monday",
    "tuesday",
    "wednesday",
    "thursday",
    "friday",
    "saturday",
    "sunday",
];

/// What happens on a date, before a day and month with a hyphen and one digit ("vaccine received
/// 1-8", "vaccinated 3-4"): words of an event, never of an amount.
pub(super) const EVENT_BEFORE_DAY: &[&str] = &[
    "received",
    "vaccine",
    "vaccinated",
    "vaccination",
    "shot",
    "appointment",
    "appt",
    "seen",
    "admitted",
    "discharged",
    "dated",
    "since",
    "until",
    "home",
    // a part of the day says a date follows ("On Friday evening 3-7 it became"), as a weekday
    // does (`WEEKDAYS`)
    "morning",
    "afternoon",
    "evening",
    // where one went or what one learnt that day ("Presented to ED 6-5 with", "tested positive
    // 5-5 in clinic")
    "ed",
    "er",
    "positive",
    // when a drug was withdrawn ("nitrofurantoin stopped 13.3., no steroids")
    "stopped",
];

/// What happened on a date, after a day and month with a hyphen at a clause's start ("15-3 repeat
/// of COVID swab", "9-7 virtual appointment").
pub(crate) const EVENT_AFTER_DAY: &[&str] = &[
    "repeat",
    "virtual",
    "appointment",
    "appt",
    "visit",
    "seen",
    "admitted",
    "discharged",
    "received",
    "vaccinated",
    "tested",
    "fever",
    "started",
    "stopped",
    "went",
    "rash",
    "team",
];

/// Verbs in the past after a day and a lower-case "mar" at a clause's start (";9 mar had sz"):
/// the verb "mar" is never followed by one.
pub(crate) const VERB_AFTER_DAY: &[&str] = &[
    "had",
    "was",
    "developed",
    "became",
    "began",
    "woke",
    "noted",
];

/// Nouns of an event after a day and a month word that is an English word too ("4 dec
/// appointment made", "1 MAY VIRTUAL APPOINTMENT"): no verb of "may", no "decreased" before them.
pub(super) const EVENT_NOUN_AFTER_DAY: &[&str] =
    &["appointment", "appt", "visit", "virtual", "team"];

/// Words after a hyphenated pair of numbers that make it a count ("2-3 occasions", "1-2 more").
pub(super) const AFTER_COUNT: &[&str] = &[
    "occasions",
    "episodes",
    "more",
    "other",
    "others",
    "people",
    "patients",
    "children",
    "kids",
    "sets",
    "reps",
    "cm",
    "mm",
    "inch",
    "inches",
    "in",
    "ft",
    "lb",
    "lbs",
    "kg",
    "l",
    "ml",
    "mg",
    "units",
    "drops",
    "puffs",
    "sprays",
    "points",
    "out",
];
