//! DATE: every calendar expression (guidelines: full dates, month+year, a year alone, a month
//! alone, weekdays, holidays, seasons tied to a year).
//!
//! Why these patterns:
//! - Numeric dates (Sahlström 2015, table 4): US `12/21/2020`, `12/21/20`, `1-5-21`, dotted
//!   European `12.21.2020`, ISO `2020-12-21`, and the compact `20201225` of the Pfizer "Test
//!   Date:" lines. VAERS writers very often drop the year (`on 1/17`, `12/30-headache`), so
//!   month/day is accepted too, but it shares its shape with blood pressures (`BP 120/80`),
//!   fractions (`1/2 tablet`, `2 1/2 weeks`), pain scales (`3/10 pain`) and muscle strength
//!   (`4/5 strength`): those are excluded by value ranges and by the words around them.
//!   Hyphenated month-day without a year (`2-3 hours`, `95-98%`) is a date only after a word of
//!   what happens on a date ("vaccine received 1-8", "her first COVID vaccine 10-1").
//! - Month names (table 5) in any case, in the orders the narratives use: `Dec 22`,
//!   `December 24, 2020`, `22 Dec 2020`, `Dec 29th`, `14th of jan`, the manufacturer forms
//!   `23Dec2020`, `15-DEC-2020`, `Dec2020`, and `Jan 11, 2021@15:30`. Words that are also
//!   months are guarded: `may` needs a day or year (and a plain lowercase `may 2` needs an
//!   ordinal, a year or a preposition before it), a month abbreviation standing alone must be
//!   title case (`Dec` is a month, `dec` is "decreased").
//! - Ranges are two spans (guidelines): `October-November 2013` gives `October` and
//!   `November 2013`; `Dec 27-29` gives `Dec 27` and `29`.
//! - A year alone is a date only with a temporal trigger before it (`in 2014`, `since 2003`,
//!   `from 2009 to 2012`, `Test Date: 2020`): a bare 4-digit number is usually a dose or count.
//! - Weekdays, holidays and seasons with a year (table 6); weekday abbreviations (`Sat`, `Sun`)
//!   are common words or "O2 Sat", so they need a date after them or a temporal word before.

use super::{
    char_at, char_before, compile, continues_number, is_word, preceded_by_number, word_after,
    word_before, word_before_word, Cand, PRIO_DATE,
};
use crate::phi::PhiType;
use regex::{Captures, Regex};

mod month_word;
mod numeric;
mod other;
mod words;
use month_word::needs_more_than_day;
use numeric::{
    compact_six_digit_dates, dotted_after_a_day_and, dotted_in_a_dotted_narrative,
    dotted_in_a_list, writes_day_period_month,
};
use words::*;
pub(crate) use words::{is_english_weekday, ENGLISH_MONTHS, EVENT_AFTER_DAY, VERB_AFTER_DAY};

const MONTH: &str = r"(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)";
const YEAR: &str = r"(?:19\d\d|20[0-3]\d)";
const ORD: &str = r"(?:st|nd|rd|th)";

#[derive(Debug, Clone)]
pub(crate) struct DateRecognizer {
    numeric: Regex,
    named: Regex,
    other: Regex,
    range_tail: Regex,
    /// "on the" and a bare day: "confirmed positive on the 5 but" (`on_the_day`)
    on_the_day: Regex,
    month_start: Regex,
    /// a month's number, a period and a year: "diagnosed 05.1985 s/p flu shot" (`month_dot_year`)
    month_dot_year: Regex,
    /// "either", a dotted day and month, "or" and another: "INJECT RECVD EITHER 28.5 OR 30.5."
    either_dotted: Regex,
}

impl DateRecognizer {
    pub(crate) fn new() -> DateRecognizer {
        let numeric = compile(
            r"\b(?:(?P<iy>\d{4})(?P<is>[-/.])(?P<im>\d{1,2})(?P<is2>[-/.])(?P<id>\d{1,2})|(?P<a>\d{1,2})(?P<s1>[-/.])(?P<b>\d{1,2})(?P<s2>[-/.])(?P<c>\d{4}|\d{2})|(?P<cy>(?:19|20)\d\d)(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\d|3[01])|(?P<e>\d{1,2})/(?P<f>\d{4}|\d{1,2})|(?P<dd>\d{2})(?P<dsep>[.-])(?P<dm>\d{2})|(?P<hd>\d{1,2})(?P<hsep>[-.])(?P<hm>\d{1,2})|(?P<ym>(?:19|20)\d\d)-(?:0[1-9]|1[0-2]))\b",
        );
        let named = compile(&format!(
            r"(?i)\b(?:(?P<dd>\d{{1,2}})(?P<dord>{ORD})?(?P<dsep>\s+of\s+|\s*-\s*|\s*)(?P<dm>{MONTH})(?:(?:\.?,?\s*|\.?-|\s+of\s+)(?P<dy>{YEAR})\b|(?P<dy2>\d\d)\b|\b)|(?P<ym>{MONTH})(?:(?:\.?,?\s*|\.?-|\s+of\s+)(?P<yy>{YEAR}|'\d\d)|(?P<yy2>\d\d))\b|(?P<mm>{MONTH})(?:\.\s*|\s*-\s*|/|\s*)(?P<md>\d{{1,2}})(?P<mord>{ORD})?\b(?:(?:\s*,\s*|\s+|/)(?P<my>{YEAR})\b)?|(?P<m>{MONTH})\b)"
        ));
        let other = compile(&format!(
            r"(?i)(?:\b(?:(?P<wd>monday|tuesday|wednesday|thursday|friday|saturday|sunday)|(?P<wa>mon|tues?|wed|thu(?:rs?)?|fri|sat|sun)|(?P<hol>christmas(?:\s+(?:eve|day))?|x-?mas(?:\s+eve)?|thanksgiving(?:\s+day)?|new\s+year(?:'|’)?s(?:\s+(?:eve|day))?|easter(?:\s+(?:sunday|monday))?|halloween|hanukk?ah|ramadan|independence\s+day|memorial\s+day|labou?r\s+day|veterans\s+day|valentine(?:'|’)?s\s+day|mother(?:'|’)?s\s+day|father(?:'|’)?s\s+day|good\s+friday)|(?P<sea>(?:summer|winter|spring|fall|autumn)(?:\s+of)?(?:,\s*|\s+)(?:{YEAR}|'?\d\d\b))|(?P<sea5>{YEAR}\s+(?:summer|winter|spring|autumn))|(?P<sea3>summer|winter|spring|fall|autumn)(?:\s*[-–/]\s*|\s+(?:to|or|and|through|thru|into|until|till)\s+)(?:(?:early|late|mid)[\s-]+)?(?P<sea4>(?:summer|winter|spring|fall|autumn)(?:\s+of)?(?:,\s*|\s+)(?:{YEAR}|'?\d\d\b))|(?:last|this|next|past)\s+(?P<sea2>summer|winter|spring|autumn|fall|(?:dry|rainy|wet|monsoon)\s+season|monsoon|harmattan)|(?P<trig>in|since|from|year|during|until|till|before|after|early|late|mid|circa|approximately|approx\.?|between|date:?)(?:\s+|\s*-\s*)(?P<yr>{YEAR}(?:0[1-9]|1[0-2])?|(?:'|’)\d\d|[4-9]\d)(?:\s*(?:-|–|to|or|and|through|thru)\s*(?P<yr2>{YEAR}))?|the\s+(?P<ord>\d{{1,2}}{ORD}))\b|\((?P<py>{YEAR})(?:\s*(?:&|and|,|-|–|or)\s*(?P<py2>{YEAR}))?\))"
        ));
        let range_tail = compile(&format!(
            r"^\s*[-–]\s*(?P<d>\d{{1,2}})(?i:{ORD})?\b(?:\s*,\s*{YEAR}\b)?"
        ));
        let month_start = compile(&format!(r"(?i)^\.?,?\s*(?:\d{{1,2}}/\d|{MONTH}\b)"));
        let on_the_day = compile(r"(?i)\bon the (?P<d>\d{1,2})\b");
        let month_dot_year = compile(r"\b(?:0?[1-9]|1[0-2])\.(?:19\d\d|20[0-3]\d)\b");
        let either_dotted = compile(
            r"(?i)\beither\s+(?P<a>\d{1,2})\.(?P<am>\d{1,2})\.?\s+or\s+(?P<b>\d{1,2})\.(?P<bm>\d{1,2})\b",
        );
        DateRecognizer {
            either_dotted,
            month_dot_year,
            numeric,
            named,
            other,
            range_tail,
            month_start,
            on_the_day,
        }
    }

    /// A dotted day and month of a list, and its range's end, that another dotted date in the
    /// narrative makes dates (`dotted_in_a_list`), into `maybe`.
    fn dotted_of_a_list(&self, text: &str, c: &Captures, maybe: &mut Vec<(usize, usize)>) {
        let (Some(d), Some(mo), Some(".")) = (
            c.name("hd"),
            c.name("hm"),
            c.name("hsep").map(|s| s.as_str()),
        ) else {
            return;
        };
        let m = c.get(0).expect("the match");
        let day: u32 = d.as_str().parse().unwrap_or(0);
        let month: u32 = mo.as_str().parse().unwrap_or(0);
        let end_day = self.glued_range_end(text, m.end());
        if dotted_in_a_list(text, m.start(), m.end(), (day, month), end_day) {
            maybe.push((m.start(), m.end()));
            maybe.extend(end_day);
        }
    }

    pub(crate) fn collect(&self, text: &str, out: &mut Vec<Cand>) {
        let mut push = |s: usize, e: usize| {
            out.push(Cand {
                start: s,
                end: e,
                kind: PhiType::Date,
                prio: PRIO_DATE,
            })
        };
        if super::gate::has_digit_run(text, 6) {
            for (s, e) in compact_six_digit_dates(text) {
                push(s, e);
            }
        }
        // (a cheap gate: "either" is rare)
        if text.contains("ither") || text.contains("ITHER") {
            for c in self.either_dotted.captures_iter(text) {
                let num = |g: &str| c[g].parse::<u32>().unwrap_or(0);
                let end = c.get(0).expect("the match").end();
                let a = c.name("a").expect("a day");
                let b = c.name("b").expect("a day");
                let am = c.name("am").expect("a month");
                // two days and months, no number going on, no unit after them ("either 2.5 or
                // 3.5 mg" are doses; "either 12.5 or 13.5" a count's halves: no day)
                if (1..=31).contains(&num("a"))
                    && (1..=12).contains(&num("am"))
                    && (1..=31).contains(&num("b"))
                    && (1..=12).contains(&num("bm"))
                    && !continues_number(text, end, b"./:,-")
                    && !is_amount_or_unit(&word_after(text, end))
                    && !is_amount_or_unit(&word_after(text, am.end()))
                {
                    push(a.start(), am.end());
                    push(b.start(), end);
                }
            }
        }
        if text.contains(".19") || text.contains(".20") {
            for (s, e) in self.month_dot_year(text) {
                push(s, e);
            }
        }
        // dotted days and months at a clause's start that only another dotted date in the same
        // narrative makes dates (see `dotted_in_a_dotted_narrative`), and whether there is one
        let mut dotted_maybe = Vec::new();
        let mut dotted_seen = false;
        scan(&self.numeric, text, |c| {
            let m = c.get(0).unwrap();
            if self.check_numeric(text, c) {
                dotted_seen |= text[m.start()..m.end()].contains('.');
                push(m.start(), m.end());
                if let Some((s, e)) = self.numeric_range_end(text, c) {
                    push(s, e);
                }
                if let (Some(d), Some(".")) = (c.name("hd"), c.name("hsep").map(|s| s.as_str())) {
                    let day = d.as_str().parse().unwrap_or(0);
                    if let Some((s, e)) = self.dotted_range_end(text, m.end(), day) {
                        push(s, e);
                    }
                }
                return Some(());
            }
            if dotted_in_a_dotted_narrative(text, c) {
                dotted_maybe.push((m.start(), m.end()));
            }
            self.dotted_of_a_list(text, c, &mut dotted_maybe);
            if dotted_after_a_day_and(text, c) {
                push(m.start(), m.end());
                return Some(());
            }
            // "09/02-10", "09.05-10": not a date with two separators, but a day and month then
            // a range end; read the pattern again on the text cut before the second separator
            let cut = match (c.name("s1"), c.name("s2"), c.name("b")) {
                (Some(s1), Some(s2), Some(b))
                    if matches!(s1.as_str(), "/" | ".") && s2.as_str() != s1.as_str() =>
                {
                    b.end()
                }
                _ => return None,
            };
            let short = self.numeric.captures_at(&text[..cut], m.start())?;
            if short.get(0)?.start() != m.start() {
                return None;
            }
            if !self.check_numeric(text, &short) {
                // ("negative, 9.9-10 hospital admission": a list's date and its range's end)
                self.dotted_of_a_list(text, &short, &mut dotted_maybe);
                return None;
            }
            let whole = short.get(0)?;
            push(whole.start(), whole.end());
            if let Some((s, e)) = self.numeric_range_end(text, &short) {
                push(s, e);
            }
            // resume inside the rejected match: "12/21-12/27/20" holds a second date
            None
        });
        if !dotted_maybe.is_empty() && (dotted_seen || writes_day_period_month(text)) {
            for (s, e) in dotted_maybe {
                push(s, e);
            }
        }
        for c in self.on_the_day.captures_iter(text) {
            let d = c.name("d").expect("a day");
            if self.is_day_on_the(text, d.start(), d.end()) {
                push(d.start(), d.end());
            }
        }
        scan(&self.named, text, |c| {
            let spans = self.check_named(text, c)?;
            for (s, e) in spans.into_iter().flatten() {
                push(s, e);
            }
            // "the 2nd and 3rd of July", "7th, 8th and 9th May": the days listed before it
            if c.name("dord").is_some() {
                for (s, e) in ordinals_listed_before(text, c.get(0).unwrap().start()) {
                    push(s, e);
                }
            }
            Some(())
        });
        scan(&self.other, text, |c| {
            for (s, e) in self.check_other(text, c)?.into_iter().flatten() {
                push(s, e);
            }
            Some(())
        });
    }

    /// Month-name dates; returns up to two spans (a range `Dec 27-29`).
    fn check_named(&self, text: &str, c: &Captures) -> Option<[Option<(usize, usize)>; 2]> {
        let m = c.get(0).unwrap();
        let (s, e) = (m.start(), m.end());
        if let Some(month) = c.name("dm") {
            // day month [year]: "22 Dec 2020", "23Dec2020", "the 3rd of January".
            let day: u32 = c["dd"].parse().ok()?;
            let ord = c.name("dord").is_some();
            let year = c.name("dy").is_some() || c.name("dy2").is_some();
            let b = char_before(text, s);
            // ("8th of April-14Apr2024": a range's second date after a month's name and a hyphen)
            let after_month = b == Some('-') && {
                let head = &text[..s - 1];
                is_english_month(&head[super::letters_start(head)..])
            };
            // "X 3 DOSES 17-19 FEB 97", "fever 17-19 feb": a range of days before the month,
            // its first day a date of that month too
            let range_start = (b == Some('-') && !after_month)
                .then(|| day_before_hyphen(text, s - 1))
                .flatten()
                .filter(|&(_, _, first)| first < day);
            if !(1..=31).contains(&day)
                || (matches!(b, Some('-' | '/' | '.' | ':' | '+'))
                    && !after_month
                    && range_start.is_none())
            {
                return None;
            }
            if c["dsep"].to_ascii_lowercase().contains("of") && !ord {
                return None;
            }
            // "29-MAY", "14-mar": a day hyphened to a month word is the date, whatever its case
            let hyphened = c["dsep"].trim() == "-" && !c["dsep"].contains(' ');
            // "covid 07oct", "1oct": a day glued to a month word too ("2may" may be a dose)
            let glued = c["dsep"].is_empty() && !month.as_str().eq_ignore_ascii_case("may");
            if !year
                && !ord
                && !hyphened
                && !glued
                && needs_more_than_day(month.as_str(), false, text, s, e)
            {
                return None;
            }
            // "05Apr-8 continued symptoms", "1SEP-2 hospital admission": a range's later end day
            // (not an amount: "12 Dec - 3 mg")
            // "6-Jan-21": a two-digit year hyphened as the day is, one date
            let b = text.as_bytes();
            if hyphened
                && !year
                && b.get(e) == Some(&b'-')
                && b.get(e + 1..e + 3)
                    .is_some_and(|y| y.iter().all(u8::is_ascii_digit))
                && !b.get(e + 3).is_some_and(|ch| ch.is_ascii_alphanumeric())
                && !continues_number(text, e + 3, b"./:-")
            {
                return Some([Some((s, e + 3)), None]);
            }
            if let Some((first_start, first_end, _)) = range_start {
                return Some([Some((s, e)), Some((first_start, first_end))]);
            }
            let mut second = None;
            if !year {
                if let Some(t) = self.range_tail.captures(&text[e..]) {
                    let d2: u32 = t["d"].parse().unwrap_or(0);
                    let end = e + t[0].len();
                    if d2 > day
                        && d2 <= 31
                        && !continues_number(text, end, b"./:-")
                        && !is_amount_or_unit(&word_after(text, end))
                    {
                        let dm = t.name("d").expect("a day");
                        second = Some((e + dm.start(), end));
                    }
                }
            }
            return Some([Some((s, e)), second]);
        }
        if let Some(month) = c.name("ym") {
            let w = month.as_str();
            let apostrophe = c.name("yy").is_some_and(|y| y.as_str().starts_with('\''));
            // "may90" glued, or "May '90": "may" is a month only with a clearer year
            if (apostrophe || c.name("yy2").is_some()) && w.eq_ignore_ascii_case("may") {
                return None;
            }
            return Some([Some((s, e)), None]);
        }
        if let Some(month) = c.name("mm") {
            // month day [year]: "Dec 22", "December 24, 2020", "Dec 29th".
            let day: u32 = c["md"].parse().ok()?;
            if continues_number(text, e, b"./:") {
                return None;
            }
            // "initially diagnosed MAY-03": the verb is never glued to two digits by a hyphen
            // ("initially diagnosed mar-03": "mar" and "dec" too, which no verb or "decreased"
            // glues to two digits)
            let may_glued = matches!(
                month.as_str().to_ascii_lowercase().as_str(),
                "may" | "mar" | "dec"
            ) && c["md"].len() == 2
                && &text[month.end()..c.name("md").expect("a day").start()] == "-"
                && !text[e..].starts_with('%');
            // "diagnosed JUL-82", "seen Jul 82": two digits no day can be are the year (and
            // "diagnosed mar-90" in lower case, glued)
            // ("diagnosed MAR-00": the year 2000 too)
            if ((32..=99).contains(&day) || &c["md"] == "00")
                && c["md"].len() == 2
                && c.name("mord").is_none()
                && c.name("my").is_none()
                && (may_glued || !needs_more_than_day(month.as_str(), true, text, s, e))
            {
                return Some([Some((s, e)), None]);
            }
            if !(1..=31).contains(&day) {
                return None;
            }
            let ord = c.name("mord").is_some();
            let year = c.name("my").is_some();
            if !year && !ord && !may_glued && needs_more_than_day(month.as_str(), true, text, s, e)
            {
                return None;
            }
            let mut second = None;
            if !year {
                if let Some(t) = self.range_tail.captures(&text[e..]) {
                    let d2: u32 = t["d"].parse().unwrap_or(0);
                    if d2 > day && d2 <= 31 && !continues_number(text, e + t[0].len(), b"./:") {
                        let dm = t.name("d").unwrap();
                        second = Some((e + dm.start(), e + t[0].len()));
                    }
                }
            }
            return Some([Some((s, e)), second]);
        }
        // month alone
        let w = c.name("m")?.as_str();
        let lower = w.to_ascii_lowercase();
        let ok = match lower.as_str() {
            "may" => false,
            "january" | "february" | "march" | "april" | "june" | "july" | "august"
            | "september" | "october" | "november" | "december" => {
                // "MARCH" alone in capitals is fine too; "march" as a verb is rare in notes.
                true
            }
            _ => is_title_case(w),
        };
        ok.then_some([Some((s, e)), None])
    }
}

/// The day of the month (1-31, one or two digits) right before the hyphen at byte `hyphen`, as
/// its byte range and value: "17" of "17-19 FEB". Never the end of a longer number or a date
/// ("2020-17", "3/17-19", "1.17-19").
fn day_before_hyphen(text: &str, hyphen: usize) -> Option<(usize, usize, u32)> {
    let head = &text[..hyphen];
    let digits = super::trailing_digits(head);
    if !(1..=2).contains(&digits) {
        return None;
    }
    let start = hyphen - digits;
    let day: u32 = head[start..].parse().ok()?;
    let before = head[..start].chars().next_back();
    let clean = before.is_none_or(|ch| !(ch.is_alphanumeric() || "./-:+".contains(ch)));
    (clean && (1..=31).contains(&day)).then_some((start, hyphen, day))
}

/// The length of an era's letters after a date ending at byte `end` in a year of that era: the
/// Hijri "11/12/1442 h", "1443 AH", "1442 A.H" and the Buddhist "2564 BE", "2564 B.E" (the
/// guidelines tag the whole date; the letters name no one, but left out they stood beside it).
/// 0 when none.
pub(super) fn era_after_year(text: &str, end: usize) -> usize {
    let head = &text[..end];
    let digits = super::trailing_digits(head);
    if digits != 4 {
        return 0;
    }
    let era: &[&str] = match &head[end - 4..end - 2] {
        "13" | "14" => &["h", "ah", "a.h"],
        "25" => &["be", "b.e"],
        _ => return 0,
    };
    let rest = &text[end..];
    let Some(after) = rest.strip_prefix(' ') else {
        return 0;
    };
    let word = after
        .char_indices()
        .find(|&(_, c)| !(c.is_ascii_alphabetic() || c == '.'))
        .map_or(after, |(k, _)| &after[..k])
        .trim_end_matches('.');
    let next = after[word.len()..].chars().next();
    if era.contains(&word.to_ascii_lowercase().as_str()) && !next.is_some_and(char::is_alphanumeric)
    {
        1 + word.len()
    } else {
        0
    }
}

/// The ordinal days listed right before the day-and-month starting at `start`: "2nd" in "the 2nd
/// and 3rd of July", "7th" and "8th" in "7th, 8th and 9th May", "1st" in "1st-3rd of May". Each
/// is a date of that month (one tag per day, as the guidelines tag a range); the separators are
/// not. Nothing when a word other than a separator comes between ("the 1st dose and 3rd of May").
fn ordinals_listed_before(text: &str, start: usize) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut at = start;
    while out.len() < 6 {
        let head = text[..at].trim_end_matches([' ', '\u{a0}']);
        let lower = head.to_ascii_lowercase();
        let sep = [", and", ",", "and", "&", "to", "-", "–"]
            .into_iter()
            .find(|s| lower.ends_with(s));
        let Some(sep) = sep else { break };
        let cut = head.len() - sep.len();
        // a word separator must not end a longer word ("Brand 3rd")
        if sep.starts_with(|c: char| c.is_ascii_alphabetic())
            && head[..cut]
                .chars()
                .next_back()
                .is_some_and(char::is_alphanumeric)
        {
            break;
        }
        let before = head[..cut].trim_end_matches([' ', '\u{a0}']);
        let Some(ord) = ["st", "nd", "rd", "th"]
            .into_iter()
            // (`get`: the last two bytes may cut a letter of another script, "sáb, 15th of May")
            .find(|o| {
                before.len() >= 3
                    && before
                        .get(before.len() - 2..)
                        .is_some_and(|t| t.eq_ignore_ascii_case(o))
            })
        else {
            break;
        };
        let digits_end = before.len() - ord.len();
        let digits = before[..digits_end]
            .bytes()
            .rev()
            .take_while(u8::is_ascii_digit)
            .count();
        let s = digits_end - digits;
        let day: u32 = match before[s..digits_end].parse() {
            Ok(d) if (1..=2).contains(&digits) => d,
            _ => break,
        };
        if !(1..=31).contains(&day)
            || before[..s]
                .chars()
                .next_back()
                .is_some_and(char::is_alphanumeric)
        {
            break;
        }
        out.push((s, before.len()));
        at = s;
    }
    out
}

/// An English month's name or its three-letter abbreviation, any case ("JAN", "sept", "December").
pub(crate) fn is_english_month(word: &str) -> bool {
    let w = word.to_ascii_lowercase();
    w == "sept"
        || ENGLISH_MONTHS
            .iter()
            .any(|m| *m == w || (w.len() == 3 && m.starts_with(w.as_str())))
}

/// Whether a number before `word` counts something or measures a time ("3 doses", "5 days", "2
/// years"), so it is no day of a date.
pub(crate) fn is_amount_or_unit(word: &str) -> bool {
    AMOUNT_WORDS.contains(&word) || DURATION_UNITS.contains(&word) || YEAR_UNITS.contains(&word)
}

/// Run `re` over `text`; `check` accepts (Some) or rejects (None) each match. After a
/// rejection the search resumes one character after the match start, so a shorter reading
/// (e.g. "January 5" inside a rejected "19 January 5") can still be found.
fn scan<F: FnMut(&Captures) -> Option<()>>(re: &Regex, text: &str, mut check: F) {
    let mut pos = 0;
    while pos <= text.len() {
        let Some(c) = re.captures_at(text, pos) else {
            break;
        };
        let m = c.get(0).unwrap();
        if check(&c).is_some() && m.end() > m.start() {
            pos = m.end();
        } else {
            pos = m.start() + char_at(text, m.start()).map_or(1, char::len_utf8);
        }
    }
}

fn is_title_case(w: &str) -> bool {
    let mut cs = w.chars();
    cs.next().is_some_and(|c| c.is_ascii_uppercase()) && cs.all(|c| c.is_ascii_lowercase())
}

/// Whether `hay` (lower case) contains `word` delimited by non-letters.
fn contains_word(hay: &str, word: &str) -> bool {
    hay.match_indices(word).any(|(i, _)| {
        let b = hay.as_bytes();
        let left = i == 0 || !b[i - 1].is_ascii_alphabetic();
        let right = i + word.len() >= b.len() || !b[i + word.len()].is_ascii_alphabetic();
        left && right
    })
}

#[cfg(test)]
mod tests;
