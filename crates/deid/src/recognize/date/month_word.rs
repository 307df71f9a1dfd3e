//! Whether an English month's word next to a day is an ordinary word instead: "may" (a modal),
//! "mar" (a verb), "dec" (decreased) and the lower-case abbreviations, which need a word of time,
//! an event or the clause's start around them.

use super::*;

/// Whether month word `w`, with only a day number next to it (no year, no ordinal), is more
/// likely an ordinary word than a month: `may` except title-case "May" (lower/upper case
/// "may 2" needs a temporal preposition before it, "2 may" is never enough), lowercase `mar`,
/// lowercase `dec` ("HR dec 5" is "decreased") unless a temporal preposition, an event that
/// happens on a date ("appointment", "seen", "admitted") or the start of a line comes before it
/// ("on dec 22", "gi appointment mar 3"), and a lowercase abbreviation after the day ("5 dec").
/// A day before "may" in lower case or capitals ("discharged to home 4 may with", "APPETITE. 5
/// MAY-8") needs that word before it and no verb after it: only a preposition, a conjunction,
/// punctuation or the end follow a month there, and a verb follows the modal ("2 may be").
pub(super) fn needs_more_than_day(
    w: &str,
    month_first: bool,
    text: &str,
    start: usize,
    end: usize,
) -> bool {
    let lower = w.to_ascii_lowercase();
    let temporal = || {
        let before = word_before(text, start);
        let line_start = text[..start].trim_end_matches([' ', '\t']).is_empty()
            || text[..start]
                .trim_end_matches([' ', '\t'])
                .ends_with(['\n', '.', ';', ',']);
        line_start
            || matches!(
                before.as_str(),
                "on" | "in"
                    | "of"
                    | "since"
                    | "until"
                    | "till"
                    | "by"
                    | "from"
                    | "before"
                    | "after"
                    | "through"
                    | "thru"
                    | "and"
                    | "to"
                    | "mon"
                    | "tue"
                    | "tues"
                    | "wed"
                    | "thu"
                    | "thur"
                    | "thurs"
                    | "fri"
                    | "sat"
                    | "sun"
                    // what happens on a date: "gi appointment mar 3", "seen dec 5", "vax may 2"
                    | "appointment"
                    | "appt"
                    | "visit"
                    | "seen"
                    | "admitted"
                    | "discharged"
                    // "discharged to home mar 3", "sent home dec 5"
                    | "home"
                    | "vaccinated"
                    | "vax"
                    | "scheduled"
                    // "FIRST COVID VACCINE 4 MAY.", "PRESENTED TO ED 7 MAY WITH"
                    | "vaccine"
                    | "ed"
                    | "er"
                    // "vaccine received 10 sept, began to feel ill"
                    | "received"
                    | "given"
                    // "on fre. evening 5 sept it became": the part of the day before its date
                    | "morning"
                    | "evening"
                    | "afternoon"
                    | "night"
            )
    };
    match lower.as_str() {
        "may" if is_title_case(w) => false,
        // "TESTED POSITIVE FOR COVID MAY 5 IN CLINIC" (not the disease's "COVID 19")
        "may" if month_first => {
            let after_covid =
                word_before(text, start) == "covid" && !is_amount_or_unit(&word_after(text, end));
            !(temporal() || after_covid)
        }
        "may" => {
            let tail = text[end..].trim_start_matches([' ', '\u{a0}']);
            let next = word_after(text, end);
            let no_verb = tail.is_empty()
                || tail.starts_with(['-', ',', '.', ';', ':', '(', ')', '\n'])
                || matches!(
                    next.as_str(),
                    "with"
                        // no verb after a modal: "1 MAY VIRTUAL APPOINTMENT", "10 may appointment made"
                        | "appointment"
                        | "appt"
                        | "visit"
                        | "virtual"
                        | "team"
                        | "and"
                        | "at"
                        | "in"
                        | "to"
                        | "from"
                        | "until"
                        | "for"
                        | "when"
                        | "after"
                        // what happened that day: ";8 may rash devel @ inj site" (no verb)
                        | "rash"
                        | "fever"
                        | "onset"
                        // a finite verb, which no modal takes: ";30 MAY HAD SZ", "4 may was"
                        | "had"
                        | "has"
                        | "was"
                        | "were"
                        | "developed"
                        | "started"
                        | "began"
                );
            // "tested positive for COVID 23 MAY IN clinic" (not "COVID 19 may cause")
            let after_covid =
                word_before(text, start) == "covid" && !text[start..].starts_with("19");
            !((temporal() || after_covid) && no_verb)
        }
        // "4 dec appointment made", "4 mar appointment": a day, the word and an event's noun
        "mar" | "dec" if w == lower => {
            let next = word_after(text, end);
            // ";7 mar fever 106": what happened that day ("dec fever" may be a decreased one)
            // "bleeding and 26 mar." at a sentence's end
            // ", 5 mar, fever 103": a comma or semicolon ends the clause too
            let sentence_end = (text[end..].starts_with('.')
                && !text[end + 1..].starts_with(|c: char| c.is_alphanumeric()))
                || (lower == "mar" && text[end..].starts_with([',', ';']));
            // ";9 mar had sz": a verb of what happened that day (no verb follows the verb "mar")
            let event = EVENT_NOUN_AFTER_DAY.contains(&next.as_str())
                || (lower == "mar"
                    && (EVENT_AFTER_DAY.contains(&next.as_str())
                        || VERB_AFTER_DAY.contains(&next.as_str())
                        || sentence_end))
                // "bleeding and 22 dec.": a sentence ends after the day and the month, where
                // "decreased" would have its noun before ("HR dec.")
                || (lower == "dec" && !month_first && sentence_end);
            // "gi appointment 6 dec with plan", "positive for covid 23 dec in clinic": an event
            // named right before the day; "cleared up by sat 24 dec.": or its weekday
            let before = word_before(text, start);
            let event_before = matches!(
                before.as_str(),
                "appointment" | "appt" | "visit" | "covid" | "vaccine" | "vaccinated"
            ) || is_english_weekday(&before)
                // "presented to ed 7 mar with a chief complaint": the place a date follows, and a
                // clause's preposition after the month
                || (matches!(before.as_str(), "ed" | "er" | "admitted" | "discharged")
                    && matches!(
                        next.as_str(),
                        "with" | "for" | "and" | "at" | "after" | "via" | "complaining"
                    ));
            !(event_before || (temporal() && (month_first || event)))
        }
        // "5 sept rash" at a clause's start, "on 3 jun": a lower-case month needs a word of time
        // or the clause's start before its day ("2 jan" alone may be a name); "positive for covid
        // 10 june in clinic": or the disease
        _ => {
            !month_first
                && lower.len() <= 4
                && w.bytes().all(|b| b.is_ascii_lowercase())
                && !temporal()
                && word_before(text, start) != "covid"
        }
    }
}
