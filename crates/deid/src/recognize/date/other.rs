//! The dates of the `other` pattern, which have neither a month's name before a day nor a numeric
//! shape: weekdays and their abbreviations ("TUE 3", "next visit mon."), holidays, seasons ("last
//! fall", "summer 1994"), a year alone after a temporal word ("in 2014", "since '88"), a year in
//! parentheses, and an ordinal day ("on the 2nd"). Separate from `recognize/date` because these
//! checks share none of the named or numeric dates' guards, only their word lists.

use super::words::*;
use super::{
    char_at, char_before, continues_number, is_amount_or_unit, is_english_month, is_title_case,
    is_word, word_after, word_before, DateRecognizer,
};
use regex::Captures;

impl DateRecognizer {
    pub(super) fn check_other(
        &self,
        text: &str,
        c: &Captures,
    ) -> Option<[Option<(usize, usize)>; 2]> {
        let m = c.get(0).unwrap();
        let (s, e) = (m.start(), m.end());
        if c.name("wd").is_some() || c.name("hol").is_some() {
            return Some([Some((s, e)), None]);
        }
        // a year before its season ("started 2022 summer"; not "fall", the event: "2019 fall
        // from a ladder")
        if c.name("sea5").is_some() {
            return Some([Some((s, e)), None]);
        }
        // a range of seasons whose year comes once, at its end ("later summer to early fall
        // 1994", "winter/spring 95"): two dates, as every range is
        if let (Some(first), Some(second)) = (c.name("sea3"), c.name("sea4")) {
            return Some([
                Some((first.start(), first.end())),
                Some((second.start(), second.end())),
            ]);
        }
        if c.name("sea").is_some() {
            // "autumn 03-October 11, 2003": a range whose year the day and month after the hyphen
            // read as their own ("03-October"); the season alone then, so both stay
            // ("autumn 97-1997-12-13": or a number the ids read whole; the year then a span of
            // its own, which yields to that reading)
            let rest = &text[e..];
            let after_dash = rest.trim_start_matches(['-', '–']);
            if after_dash.len() < rest.len()
                && (self.month_start.is_match(after_dash)
                    || after_dash.starts_with(|ch: char| ch.is_ascii_digit()))
            {
                // ("AUTUMN OF 1991-07/09/91": the season with its "of")
                let year = text[s..e]
                    .rfind([' ', '\t', ',', '\u{a0}'])
                    .map_or(e, |k| s + k + 1);
                let season = text[s..year].trim_end_matches([' ', '\t', ',', '\u{a0}']);
                return Some([Some((s, s + season.len())), Some((year, e))]);
            }
            return Some([Some((s, e)), None]);
        }
        // "last spring", "this summer", "developed it last fall"; not the event "since her last
        // fall" (a determiner before) or "last fall from bed" (how it happened after)
        if let Some(sea) = c.name("sea2") {
            if sea.as_str().eq_ignore_ascii_case("fall")
                && (FALL_EVENT_BEFORE.contains(&word_before(text, s).as_str())
                    || FALL_EVENT_AFTER.contains(&word_after(text, e).as_str()))
            {
                return None;
            }
            return Some([Some((sea.start(), sea.end())), None]);
        }
        if let Some(w) = c.name("wa") {
            let date_after = self.month_start.is_match(&text[e..]);
            // "PATIENT WOKE UP TUE 3 WITH": an abbreviation and its day of the month ("sat" and
            // "sun" not: "O2 sat 89", "sun 3 hours")
            if let Some(day) = day_after_weekday(text, w.as_str(), e) {
                return Some([Some((s, e)), Some(day)]);
            }
            // "wed dec 4" in lower case; "sat" or "sun" alone only with a capital
            let part_of_day = matches!(
                word_after(text, e).as_str(),
                "morning" | "evening" | "afternoon" | "night" | "eve"
            ) || {
                // ... or "am"/"pm" after a weekday that is no word ("by wed pm", "tues. am"; not
                // "O2 sat am draw")
                let after = text[e..].strip_prefix('.').unwrap_or(&text[e..]);
                matches!(word_after(after, 0).as_str(), "am" | "pm")
                    && !matches!(w.as_str().to_ascii_lowercase().as_str(), "sat" | "sun")
            };
            let before = word_before(text, s);
            // "next visit mon.", "f/u appt wed": in lower case after a word of when or an
            // appointment (never "sat" or "sun": "O2 sat", "in the sun")
            // (or in ALL CAPS after a word in capitals: "NEXT VISIT MON.")
            let caps_before = || {
                let head = text[..s].trim_end_matches([' ', '\t']);
                let word_start = head
                    .rfind(|ch: char| !ch.is_alphabetic())
                    .map_or(0, |k| k + 1);
                let word = &head[word_start..];
                !word.is_empty() && word.chars().all(|ch| ch.is_uppercase())
            };
            let caseless = w.as_str().bytes().all(|b| b.is_ascii_lowercase())
                || (w.as_str().bytes().all(|b| b.is_ascii_uppercase()) && caps_before());
            let lower_when = caseless
                && !matches!(w.as_str().to_ascii_lowercase().as_str(), "sat" | "sun")
                && (WEEKDAY_ABBR_BEFORE.contains(&before.as_str())
                    || matches!(before.as_str(), "visit" | "appt" | "appointment" | "review"));
            if !is_title_case(w.as_str())
                && !w.as_str().bytes().all(|b| b.is_ascii_uppercase())
                && !date_after
                && !part_of_day
                && !lower_when
            {
                return None;
            }
            // "UNTIL SUN MORNING", "sat eve": before a part of the day, in any case
            let ok = date_after
                || part_of_day
                || lower_when
                || (is_title_case(w.as_str()) && WEEKDAY_ABBR_BEFORE.contains(&before.as_str()));
            return ok.then_some([Some((s, e)), None]);
        }
        if let Some(y) = c.name("yr") {
            let trig = c["trig"].to_ascii_lowercase();
            // a two-digit year ("CVA in 94", "since '88") only after a temporal word and not
            // before a unit: "in 45 minutes" is a duration
            if y.as_str().trim_start_matches(['\'', '’']).len() == 2 {
                let temporal = matches!(
                    trig.as_str(),
                    "in" | "since" | "during" | "until" | "till" | "before" | "after" | "circa"
                );
                let after = word_after(text, y.end());
                if !temporal
                    || DURATION_UNITS.contains(&after.as_str())
                    || YEAR_UNITS.contains(&after.as_str())
                    || continues_number(text, y.end(), b".,/:%")
                    || matches!(char_at(text, y.end()), Some('-' | '\''))
                    || text[y.end()..].trim_start().starts_with('%')
                {
                    return None;
                }
            }
            if y.as_str().len() == 6 && !trig.starts_with("date") {
                return None;
            }
            // "(approximately 2004)", never a count: "approximately 2000 mg", "approx 1500 cells"
            if trig.starts_with("approx") && is_amount_or_unit(&word_after(text, y.end())) {
                return None;
            }
            let last = c.name("yr2").unwrap_or(y);
            if YEAR_UNITS.contains(&word_after(text, last.end()).as_str())
                || continues_number(text, last.end(), b".,/")
                || is_word(char_before(text, s))
            {
                return None;
            }
            return Some([
                Some((y.start(), y.end())),
                c.name("yr2").map(|y2| (y2.start(), y2.end())),
            ]);
        }
        if let Some(y) = c.name("py") {
            // a year in parentheses: "Squamous cell carcinoma (2013)", "(1996 & 2015)"
            return Some([
                Some((y.start(), y.end())),
                c.name("py2").map(|y2| (y2.start(), y2.end())),
            ]);
        }
        let o = c.name("ord")?;
        let before = word_before(text, s);
        let after = word_after(text, e);
        let weekday = WEEKDAYS.contains(&before.as_str());
        let ok = weekday
            || (matches!(
                before.as_str(),
                "on" | "since" | "until" | "by" | "before" | "after"
            ) && (!ORDINAL_NOUNS.contains(&after.as_str()) || date_follows_and(text, e))
                && o.as_str().len() <= 4);
        let day: u32 = o.as_str()[..o.as_str().len() - 2].parse().ok()?;
        // "Tuesday the 12th" is one date: "the" with it
        let start = if weekday { s } else { o.start() };
        (ok && (1..=31).contains(&day)).then_some([Some((start, o.end())), None])
    }
}

/// "on the 2nd and 1 februari", "on the 2nd and 02/07": after "and" comes a date, not the ordinal
/// of a count ("on the 1st and 2nd dose").
fn date_follows_and(text: &str, e: usize) -> bool {
    let rest = text[e..].trim_start_matches([' ', '\u{a0}']);
    let Some(rest) = rest
        .get(..3)
        .filter(|w| w.eq_ignore_ascii_case("and"))
        .map(|_| rest[3..].trim_start_matches([' ', '\u{a0}']))
    else {
        return false;
    };
    // "positive for covid on the 2nd and January 3rd": a month's name and its day
    let month = rest
        .find(|c: char| !c.is_ascii_alphabetic())
        .map_or(rest, |i| &rest[..i]);
    if is_english_month(month)
        && rest[month.len()..]
            .trim_start_matches([' ', '\u{a0}'])
            .starts_with(|c: char| c.is_ascii_digit())
        && rest[month.len()..].starts_with([' ', '\u{a0}'])
    {
        return true;
    }
    let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
    if digits == 0 || digits > 2 {
        return false;
    }
    let tail = &rest[digits..];
    // "1 februari", "02/07", "3 March": a month name or a date separator after the number
    // `get`: the two bytes after the digits may cut a character ("2ª", "3ºय")
    let ordinal = tail.get(..2).is_some_and(|t| {
        ["st", "nd", "rd", "th"]
            .iter()
            .any(|o| t.eq_ignore_ascii_case(o))
    });
    // ("on the 2nd and 03Dec.": or its month glued on)
    let glued_month = tail
        .find(|c: char| !c.is_ascii_alphabetic())
        .map_or(tail, |i| &tail[..i]);
    !ordinal
        && (tail.starts_with(['/', '.', '-'])
            || tail.starts_with(' ')
            || (glued_month.len() >= 3 && is_english_month(glued_month)))
        && !ORDINAL_NOUNS.contains(&word_after(text, text.len() - tail.len()).as_str())
}

/// The day of the month right after a weekday's abbreviation ending at byte `e` ("TUE 3", "fri
/// 12,"): one or two digits, 1 to 31, then no number, time or unit. Never after "sat", "sun" or
/// "mon" ("O2 sat 89", "sun 3 hours", the monocytes of a differential: "lym 27;sec mon 9").
fn day_after_weekday(text: &str, abbreviation: &str, e: usize) -> Option<(usize, usize)> {
    if matches!(
        abbreviation.to_ascii_lowercase().as_str(),
        "sat" | "sun" | "mon"
    ) {
        return None;
    }
    let rest = text[e..].strip_prefix(' ')?;
    let len = rest.bytes().take_while(u8::is_ascii_digit).count();
    let day: u32 = rest[..len].parse().ok()?;
    let end = e + 1 + len;
    let after = word_after(text, end);
    let ok = (1..=2).contains(&len)
        && (1..=31).contains(&day)
        && !continues_number(text, end, b".,/:-")
        && !is_word(char_at(text, end))
        && !is_amount_or_unit(&after)
        && !TIME_AFTER.contains(&after.as_str());
    ok.then_some((e + 1, end))
}
