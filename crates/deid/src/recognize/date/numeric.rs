//! The numeric dates of `DateRecognizer`: day, month and year with slashes, periods or hyphens
//! ("12/03/2021", "14.7.", "1979-04"), a day and month with a hyphen or a period and what makes
//! them a date rather than a count, a range or a lab value ("vaccine received 1-8", ";17-6 had
//! sz", "mild h/a;2.1 severe" in a narrative of dotted dates), their range ends ("2.8.-4") and a
//! bare day after "on the".

use super::*;

impl DateRecognizer {
    /// Whether the bare number at `s..e` after "on the" is a day of the month: a clause goes on
    /// after it ("confirmed positive on the 5 but in their mind", "on the 7 and 8-4.") and no
    /// unit, count or month follows ("on the 2 occasions", "on the 5 mg dose", "on the 3 of
    /// them", "on the 12 May": the month's own pattern reads that one).
    pub(super) fn is_day_on_the(&self, text: &str, s: usize, e: usize) -> bool {
        let day: u32 = text[s..e].parse().unwrap_or(0);
        let rest = &text[e..];
        let next = word_after(text, e);
        (1..=31).contains(&day)
            && (rest.starts_with([',', ';'])
                || rest.starts_with(". ")
                || rest == "."
                || (rest.starts_with(' ')
                    && matches!(next.as_str(), "but" | "and" | "or" | "when" | "which")))
            && !continues_number(text, e, b"./:-,")
            && !self.month_start.is_match(rest)
    }

    /// The end day of a range after a day and month written with periods that ends at byte `e`
    /// before its last period ("2.8.-4", "10.8.-13 continued"): a later day than `day`, no number
    /// going on, no amount or unit after it ("2.8.-4 mg" is no range of days).
    pub(super) fn dotted_range_end(
        &self,
        text: &str,
        e: usize,
        day: u32,
    ) -> Option<(usize, usize)> {
        let tail = text[e..].strip_prefix('.')?;
        if !tail.starts_with(['-', '–']) {
            return None;
        }
        let t = self.range_tail.captures(tail)?;
        let d2: u32 = t["d"].parse().ok()?;
        let start = e + 1 + t.name("d")?.start();
        let end = e + 1 + t[0].len();
        (d2 > day
            && d2 <= 31
            && !continues_number(text, end, b"./:,-")
            && !is_amount_or_unit(&word_after(text, end)))
        .then_some((start, end))
    }

    /// The end day of a range after a day and month without a year ("09/02-10 hospital
    /// admission", "18/09-27, 2020"): later than either number, not a count ("3/4-5 times").
    pub(super) fn numeric_range_end(&self, text: &str, c: &Captures) -> Option<(usize, usize)> {
        if c.name("hd").is_some() {
            return self.glued_range_end(text, c.get(0).unwrap().end());
        }
        let (a, b) = match (c.name("e"), c.name("f"), c.name("dd"), c.name("dm")) {
            (Some(a), Some(b), _, _) if b.as_str().len() <= 2 => (a, b),
            (_, _, Some(a), Some(b)) => (a, b),
            _ => return None,
        };
        let e = c.get(0).unwrap().end();
        let t = self.range_tail.captures(&text[e..])?;
        let d2: u32 = t["d"].parse().ok()?;
        let first: u32 = a.as_str().parse().ok()?;
        let second: u32 = b.as_str().parse().ok()?;
        let end = e + t[0].len();
        (d2 <= 31
            && d2 > first.min(second)
            && !continues_number(text, end, b"./:")
            && !is_amount_or_unit(&word_after(text, end)))
        .then(|| (e + t.name("d").unwrap().start(), end))
    }

    /// The end day hyphened right onto a day and month at `e` ("symptoms, 7-3-9 continued",
    /// "30-6-2 continued"): one or two digits, a day of a month, no number going on and no unit
    /// or count after it. The day and month before it are a date only where `check_numeric`
    /// says so; then the end is part of it whatever its size (a third part glued to a date
    /// dates something either way).
    pub(super) fn glued_range_end(&self, text: &str, e: usize) -> Option<(usize, usize)> {
        let tail = &text[e..];
        if !tail.starts_with('-') {
            return None;
        }
        let t = self.range_tail.captures(tail)?;
        let d2: u32 = t["d"].parse().ok()?;
        let end = e + t[0].len();
        let after = word_after(text, end);
        // (right after the hyphen, its ordinal glued on at most: "15-5-16th hospital")
        let glued = !t[0].contains([' ', '\t', '\u{a0}', ',']);
        ((1..=31).contains(&d2)
            && glued
            && !continues_number(text, end, b"./:,-")
            && !is_word(char_at(text, end))
            && !is_amount_or_unit(&after)
            && !AFTER_COUNT.contains(&after.as_str())
            && !TIME_AFTER.contains(&after.as_str()))
        .then(|| (e + t.name("d").unwrap().start(), end))
    }

    /// A month's number, a period and a year, as much of the world writes a month ("initially
    /// diagnosed 05.1985 s/p flu shot", "in 6.2019"): no number or word glued on either side
    /// ("1.2.2019", "v1.2019"), no unit after it ("12.2019 mg" is an amount).
    pub(super) fn month_dot_year(&self, text: &str) -> Vec<(usize, usize)> {
        self.month_dot_year
            .find_iter(text)
            .filter(|m| {
                let (s, e) = (m.start(), m.end());
                !is_word(char_before(text, s))
                    && !matches!(char_before(text, s), Some('.' | '/' | '-' | ',' | '$'))
                    && !continues_number(text, e, b"./:,-")
                    && !is_word(char_at(text, e))
                    && !is_amount_or_unit(&word_after(text, e))
                    && !text[e..]
                        .trim_start_matches([' ', '\u{a0}'])
                        .starts_with(['%', 'x', 'X'])
            })
            .map(|m| (m.start(), m.end()))
            .collect()
    }

    pub(super) fn check_numeric(&self, text: &str, c: &Captures) -> bool {
        let m = c.get(0).unwrap();
        let (s, e) = (m.start(), m.end());
        let before = char_before(text, s);
        if is_word(before) || preceded_by_number(text, s, b"./") || before == Some('/') {
            return false;
        }
        if continues_number(text, e, b"./:") || is_word(char_at(text, e)) {
            return false;
        }
        // a half or a quarter of a duration is no date: "w/in 1/2 hr", "3/4 day"
        if matches!(m.as_str(), "1/2" | "1/3" | "2/3" | "1/4" | "3/4")
            && DURATION_UNITS.contains(&word_after(text, e).as_str())
        {
            return false;
        }
        let num = |name: &str| c.name(name).map(|m| m.as_str().parse::<u32>().unwrap_or(0));
        // (and the years of the Hijri calendars, lunar "11/12/1442" of the Gulf and solar
        // "1399/07/20" of Iran and Afghanistan, and of the Thai Buddhist era, "15/07/2564")
        let year_ok = |y: &str| match y.len() {
            2 => true,
            4 => {
                let y = y.parse::<u32>().unwrap_or(0);
                (1900..=2039).contains(&y)
                    || (1300..=1469).contains(&y)
                    || (2480..=2599).contains(&y)
            }
            _ => false,
        };
        if let Some(y) = c.name("iy") {
            return c["is"] == c["is2"]
                && year_ok(y.as_str())
                && (1..=12).contains(&num("im").unwrap())
                && (1..=31).contains(&num("id").unwrap());
        }
        if let Some(y) = c.name("c") {
            let (a, b) = (num("a").unwrap(), num("b").unwrap());
            let md = (1..=12).contains(&a) && (1..=31).contains(&b);
            let dm = (1..=31).contains(&a) && (1..=12).contains(&b);
            // "By 93.08.30", "As of 88.11.07": a two-digit year first (one no day can be), then
            // a zero-padded month and day, as East Asian and older European systems write them
            // (not the start of an id: "rijksregisternummer 91.10.17-284.23")
            let short_ymd = a > 31
                && !continues_number(text, e, b"-")
                && c["a"].len() == 2
                && c["b"].len() == 2
                && y.as_str().len() == 2
                && (1..=12).contains(&b)
                && (1..=31).contains(&y.as_str().parse::<u32>().unwrap_or(0));
            return c["s1"] == c["s2"] && (short_ymd || (year_ok(y.as_str()) && (md || dm)));
        }
        // ISO year and month: "diagnosed 1979-04" (a date's rest is no continuation of it: the
        // full "1979-04-12" is matched first)
        if c.name("ym").is_some() {
            return char_at(text, e) != Some('-') && before != Some('-');
        }
        if c.name("cy").is_some() {
            return true;
        }
        if let (Some(a), Some(b)) = (num("hd"), num("hm")) {
            // "vaccine received 1-8,", "her first COVID vaccine 10-1.": a day and month (or month
            // and day) with a hyphen and a single digit, only after a word of what happens on a
            // date ("2-3 hours", "x 1-2 days", "on 2-3 occasions" stay counts); with a period
            // only day and month, as the world writes them ("vaccine 26.2.", "GI appointment 24.5
            // with plan", "On Thursday evening 9.4 it became"; "received 0.5 mL" is an amount)
            let dotted = &c["hsep"] == ".";
            let valid = (!dotted && (1..=12).contains(&a) && (1..=31).contains(&b))
                || ((1..=31).contains(&a) && (1..=12).contains(&b));
            // the period that ends a day and month as German writes it ("3.7. repeat of")
            let ordinal_period = dotted && char_at(text, e) == Some('.');
            let after = word_after(text, if ordinal_period { e + 1 } else { e });
            // or at a clause's start before what happened that day: "symptoms, 15-3 repeat of
            // COVID swab", "vaccine. 9-7 virtual appointment with PCP"
            let clause_start = text[..s]
                .trim_end_matches([' ', '\u{a0}'])
                .ends_with(['.', ',', ';', '\n'])
                || text[..s].trim().is_empty();
            let before_word = word_before(text, s);
            // "the week of 19-7"
            let week_of = before_word == "of" && word_before_word(text, s) == "week";
            // "on the 11.9 and tested positive"
            let on_the = before_word == "the" && word_before_word(text, s) == "on";
            // "symptoms, 2.8.-4 continued": a day and month with the period that ends them, then
            // the end day of a range
            let dotted_range = ordinal_period && self.dotted_range_end(text, e, a).is_some();
            // ";17-6 had sz": a day before a smaller month (no count runs down) and a verb of
            // what happened that day
            // (";14.7. had sz": the period that ends a day and month says the same)
            // (";26.2 had sz", ";9.1 had sz": with a period too)
            let descending_event = (a > b || ordinal_period)
                && clause_start
                && VERB_AFTER_DAY.contains(&after.as_str());
            // "appetite, 23-3, fever 103", ";13-2 severe h/a", "; 10-1 abn EEG": a day before a
            // smaller month with its hyphen at a clause's start, whatever follows (a count or a
            // range there runs up: "2-3 hrs"; units, amounts and times are refused below)
            // ("appetite, 5.9., fever": the period that ends a day and month says the same)
            // ("negative, 4-4-5 hospital admission": a day of the month with its own number, only
            // before the end day of its range, as no count runs from a number to itself)
            let same_with_end = !dotted && a == b && self.glued_range_end(text, e).is_some();
            let descending_alone =
                ((!dotted && (a > b || same_with_end)) || ordinal_period) && clause_start;
            // "tested positive for COVID 11-8 in clinic" (not the disease's "COVID 19-8")
            let after_covid = before_word == "covid" && a != 19;
            // "EITHER 7.1 OR 9 JAN": the first of two dates, the second named by its month (not
            // after "&": "wbc 3.6 & 4.2" are lab values)
            let before_or_date = {
                let rest = text[e..].trim_start_matches([' ', '\u{a0}']);
                rest.get(..3).is_some_and(|w| w.eq_ignore_ascii_case("or "))
                    && self
                        .month_start
                        .is_match(rest[3..].trim_start_matches(|ch: char| ch.is_ascii_digit()))
                    && rest[3..].starts_with(|ch: char| ch.is_ascii_digit())
            };
            // "intermittent bleeding and 10-1.": a day before a smaller month with its hyphen
            // after "and", ending the sentence (a count's range runs up: "1 and 2-3.")
            // ("bleeding and 21.6.": with a period, the period that ends it ends the sentence)
            // ("bleeding and 8-8.": or a day of the month with its own number; no range of a
            // count runs from a number to itself)
            // ("bleeding and 21.5.. It": the sentence's own period after the day and month's)
            let sentence_end = |tail: &str| tail == "." || tail.starts_with(". ");
            let and_sentence_end = a >= b
                && before_word == "and"
                && (sentence_end(&text[e..]) || (ordinal_period && sentence_end(&text[e + 1..])));
            // "INJECT RECVD EITHER 6 septembre OR 8-9.": the second of two dates after "either"
            // (a count's choice has no date first: "either 2 or 3-4 days")
            let or_after_either_date = before_word == "or" && {
                let head = text[..s].trim_end_matches([' ', '\u{a0}']);
                let head = &head[..head.len().saturating_sub(2)];
                let from = head.char_indices().rev().nth(30).map_or(0, |(k, _)| k);
                let window = head[from..].to_ascii_lowercase();
                window.find("either ").is_some_and(|k| {
                    let chosen = &window[k + 7..];
                    chosen.starts_with(|ch: char| ch.is_ascii_digit())
                        && chosen.split_whitespace().nth(1).is_some_and(|w| {
                            w.chars().all(char::is_alphabetic)
                                && !is_amount_or_unit(w)
                                && !AFTER_COUNT.contains(&w)
                        })
                })
            };
            // "INJECT RECVD EITHER 30-4 OR 2 Mei": a day before a smaller month after "either",
            // "or" after it (a count's choice runs up: "either 2-3 or 4-5 days")
            let either_descending = !dotted
                && a > b
                && before_word == "either"
                && text[e..]
                    .trim_start_matches([' ', '\u{a0}'])
                    .get(..3)
                    .is_some_and(|w| w.eq_ignore_ascii_case("or "));
            let event = EVENT_BEFORE_DAY.contains(&before_word.as_str())
                || and_sentence_end
                || or_after_either_date
                || either_descending
                || (dotted && before_or_date)
                || week_of
                || on_the
                || dotted_range
                || descending_event
                || descending_alone
                || after_covid
                // (or "had fully cleared up by Sat 23-2.")
                || is_english_weekday(&before_word)
                || (clause_start && EVENT_AFTER_DAY.contains(&after.as_str()))
                // ("severe h/a dec;5-7 loss of vision": with a hyphen before a symptom's loss,
                // which no count has; with a period it may be a lab value's: "27.9 loss")
                || (clause_start && !dotted && after == "loss");
            // ("7-3-9 continued": the end day of a range glued on, only to a day and month that
            // a clause's start and their order make a date)
            let glued_end = !dotted && descending_alone && self.glued_range_end(text, e).is_some();
            return valid
                && before != Some('-')
                && (char_at(text, e) != Some('-') || glued_end)
                && !(dotted && (before == Some('.') || continues_number(text, e, b".,")))
                && event
                // ("COVID 11-8 in outpatient clinic": no inches, no count after the disease)
                && (after_covid && after == "in"
                    || !is_amount_or_unit(&after) && !AFTER_COUNT.contains(&after.as_str()))
                && !TIME_AFTER.contains(&after.as_str())
                && !text[e..]
                    .trim_start_matches([' ', '\u{a0}'])
                    .starts_with(['%', 'x', 'X']);
        }
        if c.name("dd").is_some() {
            // "14-03" as a day and month; "5-14-03" or "AB-14-03" is part of something else
            let hyphen = &c["dsep"] == "-";
            // "02-02-7 continued symptoms": a range's end day after it is no third part
            let range_follows = self
                .range_tail
                .captures(&text[e..])
                .is_some_and(|t| !continues_number(text, e + t[0].len(), b"-./:"));
            if hyphen && (before == Some('-') || (char_at(text, e) == Some('-') && !range_follows))
            {
                return false;
            }
            let (a, b) = (num("dd").unwrap(), num("dm").unwrap());
            // "04-27": with a hyphen, a month and a day where the second cannot be a month
            if hyphen && (1..=12).contains(&a) && (13..=31).contains(&b) {
                return is_day_month(text, s, e, b, a);
            }
            // "03.24", "01.25": a zero-padded month before a day that cannot be a month (a
            // decimal number is not written with a leading zero: "3.24", "0.25")
            if !hyphen && c["dd"].starts_with('0') && (13..=31).contains(&b) {
                return is_day_month(text, s, e, b, a);
            }
            return is_day_month(text, s, e, a, b);
        }
        // e/f: month/day without a year, day/month where the first number cannot be a month
        // ("18/09", as most of the world writes it), or month/4-digit year.
        let (e_, f) = (num("e").unwrap(), c.name("f").unwrap().as_str());
        let f_num = f.parse::<u32>().unwrap_or(0);
        // ("27/4" too: a day that cannot be a month before a one-digit month; not "24/7", round
        // the clock, nor "31/2''", three and a half inches)
        let round_the_clock = e_ == 24 && f_num == 7;
        let inches = matches!(char_at(text, e), Some('\'' | '"' | '’' | '”'));
        let one_digit_ok = f.len() == 2 || !(round_the_clock || inches);
        let day_first =
            one_digit_ok && (13..=31).contains(&e_) && (1..=12).contains(&f_num) && f.len() <= 2;
        if !(1..=12).contains(&e_) && !day_first {
            return false;
        }
        if f.len() == 4 {
            return year_ok(f);
        }
        // "initially diagnosed 01/99", "chicken pox in 05/00": a zero-padded month and a
        // two-digit year no day can be
        if f.len() == 2 && (f_num > 31 || f == "00") && c["e"].len() == 2 && c["e"].starts_with('0')
        {
            return !AMOUNT_WORDS.contains(&word_after(text, e).as_str())
                && !MEASURE_CONTEXT.contains(&word_before(text, s).as_str());
        }
        let day = if day_first { e_ } else { f_num };
        if !(1..=31).contains(&day) {
            return false;
        }
        // "2 1/2 weeks": a mixed number (a lab row "=11 1/13" is still a date).
        let head = text[..s].trim_end_matches([' ', '\t']);
        if head.len() < s
            && head.ends_with(|ch: char| ch.is_ascii_digit())
            && matches!(day, 2 | 3 | 4 | 8)
            && e_ < day
        {
            return false;
        }
        if AMOUNT_WORDS.contains(&word_after(text, e).as_str())
            || MEASURE_CONTEXT.contains(&word_before(text, s).as_str())
        {
            return false;
        }
        let window = crate::recognize::window_before(text, s, 24);
        if day == 10 {
            // pain scales: "pain 8/10", "was 10/10 on a pain scale"
            let mut end = (e + 24).min(text.len());
            while !text.is_char_boundary(end) {
                end -= 1;
            }
            let after = text[e..end].to_ascii_lowercase();
            let scale = ["pain", "scale", "rated", "rate", "level", "score"];
            // (not the next day of a dated list: "3/9 HIVES TRUNK + ARMS, 3/10 BILAT KNEE & WRIST
            // PAIN", where the day before was written just before)
            let next_day = earlier_day_of_month(text, s, e_, day);
            if !next_day
                && scale
                    .iter()
                    .any(|w| contains_word(&window, w) || contains_word(&after, w))
            {
                return false;
            }
        }
        let near = crate::recognize::window_before(text, s, 16);
        if ["bp", "pressure", "vitals", "vs"]
            .iter()
            .any(|w| contains_word(&near, w))
        {
            return false;
        }
        true
    }
}

/// Whether `month`/d with an earlier day d of the same month is written in the 60 bytes before
/// `s` ("3/9 HIVES TRUNK + ARMS, 3/10 ...": a dated list, not a pain score).
fn earlier_day_of_month(text: &str, s: usize, month: u32, day: u32) -> bool {
    let mut from = s.saturating_sub(60);
    while !text.is_char_boundary(from) {
        from -= 1;
    }
    let before = &text[from..s];
    let prefix = format!("{month}/");
    before.match_indices(&prefix).any(|(i, _)| {
        let starts_word = !before[..i].ends_with(|c: char| c.is_ascii_alphanumeric() || c == '/');
        let digits: String = before[i + prefix.len()..]
            .chars()
            .take_while(char::is_ascii_digit)
            .collect();
        let ends_word = !before[i + prefix.len() + digits.len()..]
            .starts_with(|c: char| c.is_ascii_alphanumeric() || c == '/');
        starts_word && ends_word && digits.parse::<u32>().is_ok_and(|d| (1..day).contains(&d))
    })
}

fn is_day_month(text: &str, s: usize, e: usize, day: u32, month: u32) -> bool {
    if !(1..=31).contains(&day) || !(1..=12).contains(&month) {
        return false;
    }
    let (before, after) = (word_before(text, s), word_after(text, e));
    let percent = text[e..]
        .trim_start_matches([' ', '\u{a0}'])
        .starts_with('%');
    !(TIME_BEFORE.contains(&before.as_str())
        || TIME_AFTER.contains(&after.as_str())
        || MEASURE_CONTEXT.contains(&before.as_str())
        || is_amount_or_unit(&after)
        || percent)
}

/// Whether the narrative writes a day with its period before a month's English name ("22.
/// September severe h/a"), as those who write "27.9" for a day and month do: such a narrative
/// counts as one of dotted dates for `dotted_in_a_dotted_narrative`.
pub(super) fn writes_day_period_month(text: &str) -> bool {
    let b = text.as_bytes();
    text.match_indices(". ").any(|(i, _)| {
        let digits = b[..i].iter().rev().take_while(|c| c.is_ascii_digit()).count();
        let start = i - digits;
        (1..=2).contains(&digits)
            && !matches!(start.checked_sub(1).map(|j| b[j]), Some(c) if c.is_ascii_alphanumeric() || c == b'.')
            && {
                // (not "2. may cause": a list's item)
                let w = word_after(text, i + 2);
                is_english_month(&w) && !w.eq_ignore_ascii_case("may")
            }
    })
}

/// A day and a smaller month with a period at a clause's start before a word ("mild h/a;2.1
/// severe h/a", ";24.9 LOSS OF VISION"), which alone may be a lab value ("WBC 3.6;10.8 mono",
/// "; 12.5 benadryl given"): a date only in a narrative that writes another dotted date
/// ("dec;7.1. loss of vision"), as `collect` asks. No amount, unit, count or time after it.
pub(super) fn dotted_in_a_dotted_narrative(text: &str, c: &Captures) -> bool {
    let (Some(a), Some(b), Some(sep)) = (c.name("hd"), c.name("hm"), c.name("hsep")) else {
        return false;
    };
    let m = c.get(0).expect("the match");
    let (s, e) = (m.start(), m.end());
    let (a, b): (u32, u32) = (
        a.as_str().parse().unwrap_or(0),
        b.as_str().parse().unwrap_or(0),
    );
    let clause_start = text[..s]
        .trim_end_matches([' ', '\u{a0}'])
        .ends_with([';', '\n'])
        || text[..s].trim().is_empty();
    let after = word_after(text, e);
    sep.as_str() == "."
        && (1..=31).contains(&a)
        && (1..=12).contains(&b)
        && a > b
        && clause_start
        && !preceded_by_number(text, s, b"./")
        && !continues_number(text, e, b"./:,")
        && text[e..].starts_with(' ')
        && after.chars().all(|ch| ch.is_ascii_alphabetic())
        && !after.is_empty()
        && !is_amount_or_unit(&after)
        && !AFTER_COUNT.contains(&after.as_str())
        && !TIME_AFTER.contains(&after.as_str())
}

/// A day and month with a period, alone between two commas of a list of what happened ("loss of
/// appetite, 1.9, fever 103", "chills, 23.3, fever") or at a clause's start before the end day of
/// its range ("both negative, 9.9-10 hospital admission", "review symptoms, 1.8-3. continued",
/// "worsening labs. 27.2-1 afebrile"), at `s..e`: a date only in a narrative that writes another
/// dotted date, as `collect` asks (a lab value's list runs from a number: "WBC 3.6, 1.9, 2.5";
/// and no list of values goes on with a word).
pub(super) fn dotted_in_a_list(
    text: &str,
    s: usize,
    e: usize,
    (a, b): (u32, u32),
    range_end: Option<(usize, usize)>,
) -> bool {
    let head = text[..s].trim_end_matches([' ', '\u{a0}']);
    let after_comma = text[e..]
        .strip_prefix([',', ';'])
        .map(|rest| rest.trim_start_matches([' ', '\u{a0}']));
    let clause_end = if range_end.is_some() {
        head.ends_with([',', ';', '.'])
    } else {
        head.ends_with([',', ';'])
    };
    (1..=31).contains(&a)
        && (1..=12).contains(&b)
        && clause_end
        && head[..head.len() - 1]
            .trim_end_matches([' ', '\u{a0}'])
            .ends_with(|ch: char| ch.is_alphabetic())
        && !preceded_by_number(text, s, b"./")
        && match range_end {
            Some(_) => true,
            None => after_comma.is_some_and(|rest| {
                let word = word_after(rest, 0);
                rest.starts_with(|ch: char| ch.is_alphabetic())
                    && !is_amount_or_unit(&word)
                    && !AFTER_COUNT.contains(&word.as_str())
                    && !TIME_AFTER.contains(&word.as_str())
            }),
        }
}

/// A day and month with a period after a day or a month and "and"/"or" ("tested positive for
/// covid on the 8th and 9.3.", "on the 9. and 10.7.", "EITHER 11th June OR 13.6."): the second of
/// two dates, where a lab value's number has a number before "and" ("between 2.5 and 3.5"),
/// never a day's ordinal or a month.
pub(super) fn dotted_after_a_day_and(text: &str, c: &Captures) -> bool {
    let (Some(a), Some(b), Some(sep)) = (c.name("hd"), c.name("hm"), c.name("hsep")) else {
        return false;
    };
    let m = c.get(0).expect("the match");
    let (a, b): (u32, u32) = (
        a.as_str().parse().unwrap_or(0),
        b.as_str().parse().unwrap_or(0),
    );
    if sep.as_str() != "." || !(1..=31).contains(&a) || !(1..=12).contains(&b) {
        return false;
    }
    if continues_number(text, m.end(), b"/:,") || is_amount_or_unit(&word_after(text, m.end())) {
        return false;
    }
    let head = text[..m.start()].trim_end_matches([' ', '\u{a0}']);
    // ("OR" in capitals too)
    let Some(rest) = ["and", "or", "&"].iter().find_map(|w| {
        let cut = head.len().checked_sub(w.len())?;
        let r = head.get(..cut)?;
        (head[cut..].eq_ignore_ascii_case(w) && r.ends_with([' ', '\u{a0}']))
            .then(|| r.trim_end_matches([' ', '\u{a0}']))
    }) else {
        return false;
    };
    // a month's name before: "EITHER 11th June OR 13.6."
    // (with its day before it: "11th June", "5 may"; not "hb in may or 13.6 g/dl")
    let at = super::super::letters_start(rest);
    let last = &rest[at..];
    let day_before = rest[..at]
        .trim_end_matches([' ', '\u{a0}'])
        .trim_end_matches(|ch: char| ch.is_ascii_alphabetic())
        .ends_with(|ch: char| ch.is_ascii_digit());
    if !last.is_empty() && is_english_month(&last.to_ascii_lowercase()) && day_before {
        return true;
    }
    // the day before: "8th", "21st", "9." (its period), after "on the" or a date word
    let lower = rest.to_ascii_lowercase();
    let day = lower
        .strip_suffix("st")
        .or_else(|| lower.strip_suffix("nd"))
        .or_else(|| lower.strip_suffix("rd"))
        .or_else(|| lower.strip_suffix("th"))
        .or_else(|| lower.strip_suffix('.'));
    let Some(day) = day else { return false };
    let digits = day.len() - day.trim_end_matches(|ch: char| ch.is_ascii_digit()).len();
    (1..=2).contains(&digits)
        && !day[..day.len() - digits].ends_with(|ch: char| ch.is_ascii_digit() || ch == '.')
        && day[..day.len() - digits]
            .to_ascii_lowercase()
            .ends_with("the ")
}

/// A date of six digits, year, month and day without separators, after a word that says a date
/// follows ("sz occurred 810309 PM", "the vaccination last Fri that was 100705,"): a real month
/// and day, and the whole number alone (not "lot 100705", not a count "150000"). Byte ranges.
pub(super) fn compact_six_digit_dates(text: &str) -> Vec<(usize, usize)> {
    let bytes = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        if !bytes[i].is_ascii_digit() {
            i += 1;
            continue;
        }
        let start = i;
        while i < bytes.len() && bytes[i].is_ascii_digit() {
            i += 1;
        }
        if i - start != 6 {
            continue;
        }
        let num = |k: usize| u32::from(bytes[k] - b'0') * 10 + u32::from(bytes[k + 1] - b'0');
        let (month, day) = (num(start + 2), num(start + 4));
        // a whole number: no letter, digit or separator of a longer number around it
        let alone = !text[..start]
            .ends_with(|ch: char| ch.is_alphanumeric() || "#./-:".contains(ch))
            && !text[i..].starts_with(|ch: char| ch.is_alphanumeric())
            && !continues_number(text, i, b"./-:");
        let announced = matches!(
            word_before(text, start).as_str(),
            "was" | "occurred" | "on" | "dated" | "date" | "since" | "until" | "from"
        );
        if (1..=12).contains(&month) && (1..=31).contains(&day) && alone && announced {
            out.push((start, i));
        }
    }
    out
}
