//! DATE in the forms of the world's narratives that name the month in another language:
//! "3. März 2021", "12 de marzo de 2021", "le 5 janvier 2021", "5 stycznia 2021", "marzo de 2021",
//! "März 2021". Numeric forms ("12.03.1957", "1957-03-12", "12/03/57") and English month names are
//! in `date.rs`.
//!
//! The month is any word whose folded form is in `lexicons/unsafe/months_world.txt` (CLDR month
//! names of 29 languages in Latin script) or `lexicons/context/months_scripts.txt` (15 languages
//! and regional forms of other scripts: Greek, Cyrillic, Arabic of the Gulf, the Maghreb and the
//! Levant, Hebrew with its one-letter prefixes, Devanagari, Bengali, Thai; see
//! `lexicons/SOURCES.md`), so no month list is written twice. The span
//! is the whole expression with its connectors ("de", "del") and the day's period.
//!
//! Chinese and Japanese write "2021年11月30日" or "11月30日", Korean "2021년 11월 30일": the
//! numbers with their unit characters. A range's end day after a date without a year ("11月30日-1",
//! "8 Σεπτεμβρίου-9") is a date of its own, as the guidelines tag a range.

use super::date::{is_amount_or_unit, is_english_month};
use super::{compile, word_after, Cand, PRIO_DATE};
use crate::lexicon::fold;
use crate::phi::PhiType;
use regex::Regex;
use rustc_hash::FxHashSet;

const MONTHS: &str = include_str!("../../../../lexicons/unsafe/months_world.txt");
/// Month names of other scripts (Greek, Cyrillic, Arabic, Hebrew, Devanagari, Bengali, Thai),
/// which the `[a-z0-9]` lexicons cannot hold.
const MONTHS_SCRIPTS: &str = include_str!("../../../../lexicons/context/months_scripts.txt");
/// Abbreviated month and weekday names of the same 29 languages ("month okt", "weekday do").
const ABBREVIATIONS: &str = include_str!("../../../../lexicons/context/abbreviations_world.txt");

#[derive(Debug, Clone)]
pub(crate) struct WorldDateRecognizer {
    /// day [.] [de] MONTH [[,] [de|del] YEAR], or MONTH [de|del] YEAR (no `\b` after the month:
    /// the ASCII boundary never falls after a Greek or Arabic word; `collect` checks the month is
    /// a whole word)
    re: Regex,
    /// Vietnamese, whose months are numbered: "21 tháng 8", "ngày 21 tháng 8 năm 2021",
    /// "tháng 9, 2021"
    numbered_month: Regex,
    /// "2021年11月30日", "11月30日", "2021年11月", "令和3年5月20日" (a Japanese era's year),
    /// "2021년 11월 30일"
    cjk: Regex,
    /// the end day of a range right after a date: "-9", "–12日", "~3일"
    range_end: Regex,
    /// a word of two to four letters (with its period) before a part of the day: "So. morning"
    day_part: Regex,
    months: FxHashSet<Box<str>>,
    /// Abbreviated months ("okt", "dez", "ene"), read only with a day ("7. Okt. 2021"; "Mai
    /// 2021" may be a name).
    month_abbreviations: FxHashSet<Box<str>>,
    /// Abbreviated weekdays ("do", "so", "lor", "sel"), read only right before a date.
    weekday_abbreviations: FxHashSet<Box<str>>,
}

impl WorldDateRecognizer {
    pub(crate) fn new() -> WorldDateRecognizer {
        let re = compile(
            r"(?i)(?:\b(?P<d>\d{1,2})(?:\.|º|ª|er|e)?\s+(?:de\s+|di\s+|of\s+)?(?P<m1>[\p{L}\p{M}]{3,})\.?(?:,?\s+(?:de\s+|del\s+|di\s+)?(?P<y1>\d{4})\b)?|(?P<m2>[\p{L}\p{M}]{3,})\s+(?:de\s+|del\s+|di\s+)?(?P<y2>\d{4})\b)",
        );
        let numbered_month = compile(
            r"(?i)(?:\b(?:ngày\s+)?\d{1,2}\s+)?\btháng\s+(?:0?[1-9]|1[0-2])\b(?:,?\s+(?:năm\s+)?\d{4}\b)?",
        );
        let cjk = compile(
            r"(?:(?P<y>(?:令和|平成|昭和)\s*(?:\d{1,2}|元)|\d{4})\s*[年년]\s*)?(?P<m>\d{1,2})\s*[月월](?:\s*(?P<d>\d{1,2})\s*[日일])?",
        );
        let range_end = compile(r"^\s*[-–~〜]\s*(?P<d>\d{1,2})(?:\s*[日일])?");
        let day_part = compile(
            r"(?i)\b(?P<w>\p{L}{2,4})(?P<dot>\.)?\s*(?:morning|evening|eve|night|afternoon|am\b|pm\b|@)",
        );
        let entries = |list: &'static str| {
            list.lines()
                .map(str::trim)
                .filter(|l| !l.is_empty() && !l.starts_with('#'))
        };
        // an abbreviated month counts only with its day or year, as the patterns require
        let months = entries(MONTHS)
            .chain(entries(MONTHS_SCRIPTS))
            .map(Box::from)
            .collect();
        let month_abbreviations = entries(ABBREVIATIONS)
            .filter_map(|l| l.strip_prefix("month "))
            .map(Box::from)
            .collect();
        let weekday_abbreviations = entries(ABBREVIATIONS)
            .filter_map(|l| l.strip_prefix("weekday "))
            .map(Box::from)
            .collect();
        WorldDateRecognizer {
            re,
            numbered_month,
            cjk,
            range_end,
            day_part,
            months,
            month_abbreviations,
            weekday_abbreviations,
        }
    }

    fn is_month(&self, word: &str) -> bool {
        let folded = fold(word);
        if self.months.contains(folded.as_ref()) {
            return true;
        }
        if folded.is_ascii() {
            return false;
        }
        // Greek final sigma as the list writes it; Hebrew "in/of/to April": a one-letter prefix
        let sigma = folded.replace('ς', "σ");
        self.months.contains(sigma.as_str())
            || sigma
                .strip_prefix(['ב', 'ל', 'מ', 'ו', 'ה'])
                .is_some_and(|rest| self.months.contains(rest))
    }

    /// The end day of a range after a date ending at byte `end` whose day is `day`: a day of a
    /// month other than it (a range may cross into the next month: "11月30日-1"), no number going
    /// on, no amount or unit after it ("5 janvier-3 doses", "-2 weeks").
    fn range_end_after(&self, text: &str, end: usize, day: u32) -> Option<Cand> {
        let t = self.range_end.captures(&text[end..])?;
        let d = t.name("d").unwrap();
        let d2: u32 = d.as_str().parse().ok()?;
        let stop = end + t[0].len();
        let goes_on = text[stop..]
            .chars()
            .next()
            .is_some_and(|c| c.is_alphanumeric() || matches!(c, '.' | '/' | ':'))
            && !t[0].ends_with(['日', '일']);
        let unit = is_amount_or_unit(&word_after(text, stop));
        (d2 != day && (1..=31).contains(&d2) && !goes_on && !unit).then(|| Cand {
            start: end + d.start(),
            end: stop,
            kind: PhiType::Date,
            prio: PRIO_DATE,
        })
    }

    /// A weekday's abbreviation right before a date joins it: "Do., 7. Okt. 2021", "So., 10.
    /// Okt. 2021", "mi., 16. apr." (alone, "Do" and "So" are words of many languages). Run after
    /// every date recognizer.
    pub(crate) fn extend_over_weekdays(&self, text: &str, cands: &mut [Cand]) {
        for c in cands.iter_mut().filter(|c| c.kind == PhiType::Date) {
            // "Do., ", "Sel, ", "mi. ": a period or a comma after the abbreviation ("on 12 dez"
            // has none: "on" abbreviates a weekday somewhere too)
            let head = text[..c.start].trim_end_matches([' ', '\u{a0}']);
            let comma = head.strip_suffix(',');
            let head = comma.unwrap_or(head).trim_end_matches([' ', '\u{a0}']);
            let period = head.strip_suffix('.');
            if comma.is_none() && period.is_none() {
                continue;
            }
            let head = period.unwrap_or(head);
            let start = head
                .char_indices()
                .rev()
                .take_while(|(_, ch)| ch.is_alphabetic())
                .last()
                .map_or(head.len(), |(i, _)| i);
            let word = &head[start..];
            let whole = !head[..start].ends_with(|ch: char| ch.is_alphanumeric());
            // two letters ("Do", "on", "pt") only before a month of another language
            let foreign_month = || {
                text[c.start..c.end]
                    .split(|ch: char| !ch.is_alphabetic())
                    .any(|w| {
                        let f = fold(w);
                        (self.months.contains(f.as_ref())
                            || self.month_abbreviations.contains(f.as_ref()))
                            && !is_english_month(&f)
                    })
            };
            if !word.is_empty()
                && whole
                && self.weekday_abbreviations.contains(fold(word).as_ref())
                && (word.chars().count() > 2 || foreign_month())
            {
                c.start = start;
            }
        }
    }

    /// A weekday's abbreviation before a part of the day: "until So. morning", "mån am", "took to MD
    /// tis @ 12noon", "lør eve" (two letters only with their period: "so am I" is English).
    fn weekday_before_day_part(&self, text: &str, out: &mut Vec<Cand>) {
        for c in self.day_part.captures_iter(text) {
            let w = c.name("w").expect("weekday group");
            let word = w.as_str();
            let dotted = c.name("dot").is_some();
            let letters = word.chars().count();
            let folded = fold(word);
            if self.weekday_abbreviations.contains(folded.as_ref())
                && (letters > 2 || dotted)
                && !is_english_month(&folded)
            {
                out.push(Cand {
                    start: w.start(),
                    end: w.end(),
                    kind: PhiType::Date,
                    prio: PRIO_DATE,
                });
            }
        }
    }

    pub(crate) fn collect(&self, text: &str, out: &mut Vec<Cand>) {
        self.weekday_before_day_part(text, out);
        // CJK dates: the unit characters make them unambiguous
        if text.contains(['月', '월']) {
            for c in self.cjk.captures_iter(text) {
                let m = c.get(0).expect("whole match");
                let month: u32 = c["m"].parse().unwrap_or(0);
                let day: Option<u32> = c.name("d").and_then(|d| d.as_str().parse().ok());
                // a month alone ("3月") is a date only with its year
                let whole_number = !text[..m.start()]
                    .chars()
                    .next_back()
                    .is_some_and(|ch| ch.is_ascii_digit());
                if !(1..=12).contains(&month)
                    || day.is_some_and(|d| !(1..=31).contains(&d))
                    || (day.is_none() && c.name("y").is_none())
                    || !whole_number
                {
                    continue;
                }
                out.push(Cand {
                    start: m.start(),
                    end: m.end(),
                    kind: PhiType::Date,
                    prio: PRIO_DATE,
                });
                if let (Some(d), None) = (day, c.name("y")) {
                    out.extend(self.range_end_after(text, m.end(), d));
                }
            }
        }
        // "tháng" is rare outside Vietnamese text: skip the search where it cannot match
        if text.contains("háng") || text.contains("HÁNG") {
            for m in self.numbered_month.find_iter(text) {
                out.push(Cand {
                    start: m.start(),
                    end: m.end(),
                    kind: PhiType::Date,
                    prio: PRIO_DATE,
                });
            }
        }
        for c in self.re.captures_iter(text) {
            let m = c.get(0).expect("whole match");
            let month = c
                .name("m1")
                .or_else(|| c.name("m2"))
                .expect("one month group");
            // the month word must be a whole word, not the tail of a longer one
            let before = text[..month.start()].chars().next_back();
            let after = text[month.end()..].chars().next();
            let whole = !before.is_some_and(char::is_alphanumeric)
                && !after.is_some_and(char::is_alphanumeric);
            let day = c.name("d").is_some();
            let abbreviated = || {
                is_short_may(month.as_str())
                    || self
                        .month_abbreviations
                        .contains(fold(month.as_str()).as_ref())
            };
            let ago = || {
                let d = c.name("d").expect("a day");
                is_latin_ago(text, d.start(), month.as_str(), c.name("y1").is_some())
            };
            if !whole || !(self.is_month(month.as_str()) || (day && (abbreviated() || ago()))) {
                continue;
            }
            if let Some(d) = c.name("d") {
                if !(1..=31).contains(&d.as_str().parse::<u32>().unwrap_or(0)) {
                    continue;
                }
            }
            // without a day, only a full year makes a month word a date ("April 2021" is in
            // date.rs; "marzo de 2021" here); a period after the month without a year ends the
            // sentence ("25 באפריל.")
            let end = if m.as_str().ends_with('.') {
                m.end() - 1
            } else {
                m.end()
            };
            out.push(Cand {
                start: m.start(),
                end,
                kind: PhiType::Date,
                prio: PRIO_DATE,
            });
            let year = c.name("y1").is_some() || c.name("y2").is_some();
            if let (Some(d), false) = (c.name("d"), year) {
                let d: u32 = d.as_str().parse().unwrap_or(0);
                out.extend(self.range_end_after(text, end, d));
            }
        }
    }
}

/// May in French, German, Romanian and Norwegian ("mai"), Dutch and Indonesian ("mei"), Polish,
/// Swedish and Danish ("maj"): the month list keeps words of four letters or more (three-letter
/// words are English words and abbreviations too), so these count only after a day ("3 mei",
/// "am 3. Mai 2021"), where nothing else reads them.
fn is_short_may(word: &str) -> bool {
    ["mai", "mei", "maj"]
        .iter()
        .any(|m| word.eq_ignore_ascii_case(m))
}

/// August in Spanish, Italian and Portuguese ("31 ago", "15 ago 2021") is the English "ago":
/// a date only with its year or after a word that announces a date ("on the 31 ago", "el 3
/// ago"), never in "3 days ago" (the unit comes between).
fn is_latin_ago(text: &str, day_start: usize, month: &str, year: bool) -> bool {
    if !month.eq_ignore_ascii_case("ago") {
        return false;
    }
    let before = text[..day_start].trim_end();
    let word = before
        .rsplit(|c: char| !c.is_alphanumeric())
        .next()
        .unwrap_or("")
        .to_lowercase();
    year || matches!(
        word.as_str(),
        "on" | "the" | "el" | "il" | "em" | "le" | "dal" | "al" | "desde" | "since" | "until"
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dates(text: &str) -> Vec<&str> {
        let mut out = Vec::new();
        WorldDateRecognizer::new().collect(text, &mut out);
        out.iter().map(|c| &text[c.start..c.end]).collect()
    }

    /// Dates with a weekday's abbreviation before them joined, as the recognizers run them.
    fn dates_with_weekdays(text: &str) -> Vec<&str> {
        let r = WorldDateRecognizer::new();
        let mut out = Vec::new();
        r.collect(text, &mut out);
        r.extend_over_weekdays(text, &mut out);
        out.iter().map(|c| &text[c.start..c.end]).collect()
    }

    #[test]
    fn a_weekday_abbreviation_before_a_part_of_the_day() {
        assert_eq!(
            dates("until So. morning; Sel am eyes swollen; took to MD kam @ 12noon; lør eve"),
            ["So", "Sel", "kam", "lør"]
        );
        // English words ("mån" and "sön" fold to "man" and "son") and a two-letter word without
        // its period are no weekday
        assert!(dates("so am I; the son eve; do morning walks; mar am; man @ home").is_empty());
    }

    #[test]
    fn abbreviated_months_and_a_weekday_before_a_date() {
        assert_eq!(
            dates_with_weekdays(
                "first dose last Do., 7. Okt. 2021 17:00; On So., 10. Okt. 2021, fever"
            ),
            ["Do., 7. Okt. 2021", "So., 10. Okt. 2021"]
        );
        assert_eq!(
            dates_with_weekdays("on 12 dez 2020 and 3 ene"),
            ["12 dez 2020", "3 ene"]
        );
        // an English word is no abbreviated month, a word is no weekday without a date after it
        assert!(
            dates_with_weekdays("2 out of 3 had 5 set of vials; so I went to the ER").is_empty()
        );
        assert_eq!(dates_with_weekdays("also, 7. Okt. 2021"), ["7. Okt. 2021"]);
        // August's "ago" with its year or after "on the", never an English "ago"
        assert_eq!(
            dates_with_weekdays("first dose on the 31 ago and the second 15 ago 2021"),
            ["31 ago", "15 ago 2021"]
        );
        assert!(dates_with_weekdays("seen 3 days ago; 2 ago; about 10 ago").is_empty());
        assert_eq!(
            dates_with_weekdays("Tirsdag. 3. marts; lør., 5. marts 2022"),
            ["Tirsdag. 3. marts", "lør., 5. marts 2022"]
        );
    }

    #[test]
    fn month_names_of_other_languages() {
        for (t, want) in [
            ("am 3. März 2021 geimpft", "3. März 2021"),
            ("el 12 de marzo de 2021 presentó", "12 de marzo de 2021"),
            ("le 5 janvier 2021,", "5 janvier 2021"),
            ("dnia 5 stycznia 2021 r.", "5 stycznia 2021"),
            ("desde marzo de 2021", "marzo de 2021"),
            ("seit März 2021", "März 2021"),
            ("il 5 gennaio", "5 gennaio"),
            ("GI appointment 3 mei with plan", "3 mei"),
            ("am 3. Mai 2021 geimpft", "3. Mai 2021"),
            ("le 12 mai 2021,", "12 mai 2021"),
            ("zaszczepiony 3 maj 2021, potem", "3 maj 2021"),
            ("den 12 februari 2021", "12 februari 2021"),
            ("bleeding and 21 tháng 8. It", "21 tháng 8"),
            (
                "positive for COVID 14 Φεβρουαρίου in clinic",
                "14 Φεβρουαρίου",
            ),
            ("3 марта 2021 г.", "3 марта 2021"),
            ("loss of appetite, 2 أكتوبر, fever", "2 أكتوبر"),
            ("the following day 16 جويلية 2021 was", "16 جويلية 2021"),
            ("منذ 3 تموز 2021", "3 تموز 2021"),
            ("vaccine 25 באפריל.  She", "25 באפריל"),
            ("ได้รับวัคซีน 5 มีนาคม 2021", "5 มีนาคม 2021"),
            ("As of 27 tháng 9, 2021, a", "27 tháng 9, 2021"),
            ("vào ngày 5 tháng 3 năm 2021", "ngày 5 tháng 3 năm 2021"),
        ] {
            assert_eq!(dates(t), [want], "{t}");
        }
    }

    #[test]
    fn chinese_japanese_and_korean_dates_and_range_ends() {
        for (t, want) in [
            ("接种于2021年11月30日，", vec!["2021年11月30日"]),
            (
                "both negative, 11月30日-1 hospital admission",
                vec!["11月30日", "1"],
            ),
            ("2021년 11월 30일 접종", vec!["2021년 11월 30일"]),
            ("自2021年3月起", vec!["2021年3月"]),
            ("令和3年5月20日に接種", vec!["令和3年5月20日"]),
            (
                "negative, 8 Σεπτεμβρίου-9 hospital admission",
                vec!["8 Σεπτεμβρίου", "9"],
            ),
            ("le 5 janvier-7 à l'hôpital", vec!["5 janvier", "7"]),
        ] {
            assert_eq!(dates(t), want, "{t}");
        }
        // not a range: an earlier day, a dose, a month alone, a number going on
        for (t, want) in [
            ("le 5 janvier-3 doses", vec!["5 janvier"]),
            ("服用3月", vec![]),
            ("11月30日-12.5 mg", vec!["11月30日"]),
            ("13月5日", vec![]),
        ] {
            assert_eq!(dates(t), want, "{t}");
        }
    }

    #[test]
    fn the_other_scripts_list_is_folded_as_the_engine_folds() {
        // lexicons/world.py writes it; a word is looked up by `fold`, so an entry fold changes
        // could never match
        for line in MONTHS_SCRIPTS.lines().filter(|l| !l.starts_with('#')) {
            assert_eq!(fold(line).replace('ς', "σ"), line, "{line}");
        }
        assert!(MONTHS_SCRIPTS.lines().count() > 100);
    }

    #[test]
    fn ordinary_words_are_not_months() {
        for t in [
            "took 5 tablets 2021",
            "dose 2 of vaccine",
            "in Paris 2021",
            "the 12 patients",
            // "mai" without a day: a name, a drink
            "Mai 2021 was the month",
            "a mai tai",
        ] {
            assert!(dates(t).is_empty(), "{t}: {:?}", dates(t));
        }
    }
}
