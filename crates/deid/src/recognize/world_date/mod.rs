//! DATE in the forms of the world's narratives that name the month in another language:
//! "3. März 2021", "12 de marzo de 2021", "le 5 janvier 2021", "5 stycznia 2021", "marzo de 2021",
//! "März 2021". Numeric forms ("12.03.1957", "1957-03-12", "12/03/57") and English month names are
//! in `recognize/date`.
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

use super::date::{
    is_amount_or_unit, is_english_month, is_english_weekday, EVENT_AFTER_DAY, VERB_AFTER_DAY,
};
use super::{
    char_before, compile, continues_number, gate, is_word, letters_start, word_after, word_before,
    word_before_word, Cand, PRIO_DATE,
};
use crate::lexicon::fold;
use crate::phi::PhiType;
use regex::Regex;
use rustc_hash::FxHashSet;

mod around;
mod festival;
mod numeric;
mod season;
mod weekday_phrases;
mod weekdays;
use around::*;

const MONTHS: &str = include_str!("../../../../../lexicons/unsafe/months_world.txt");
/// Month names of other scripts (Greek, Cyrillic, Arabic, Hebrew, Devanagari, Bengali, Thai),
/// which the `[a-z0-9]` lexicons cannot hold.
const MONTHS_SCRIPTS: &str = include_str!("../../../../../lexicons/context/months_scripts.txt");
/// Abbreviated month and weekday names of the same 29 languages ("month okt", "weekday do").
const ABBREVIATIONS: &str = include_str!("../../../../../lexicons/context/abbreviations_world.txt");

/// Abbreviated months that are given names too (`unsafe/first_names.txt`): "Mai 2021", "Stu
/// 2019" may name a person, whom the name rules find; only with a day are they months here.
const ABBREVIATIONS_NAMES_TOO: &[&str] = &["ara", "ian", "mai", "paz", "stu", "tammi"];

#[derive(Debug, Clone)]
pub(crate) struct WorldDateRecognizer {
    /// day [.] [de] MONTH [[,] [de|del] YEAR] (a month of two letters only in another script:
    /// Hindi "19 मई"), MONTH [de|del] YEAR, or MONTH day, YEAR ("ago 17,
    /// 2012", "Hulyo 4, 2021"; no `\b` after the month:
    /// the ASCII boundary never falls after a Greek or Arabic word; `collect` checks the month is
    /// a whole word)
    re: Regex,
    /// Vietnamese, whose months are numbered: "21 tháng 8", "ngày 21 tháng 8 năm 2021",
    /// "tháng 9, 2021", and abbreviated "9 thg 12"; with the weekday before it, numbered too
    /// ("Th 7, 29 tháng 12", "Thứ 7", "thứ bảy", "Chủ nhật", "CN": CLDR vi)
    numbered_month: Regex,
    /// a Vietnamese weekday alone: "took to MD thứ bảy @ 12noon" (CLDR vi wide weekdays)
    vietnamese_weekday: Regex,
    /// a day without its month after "ngày", maybe with its numbered weekday: "Th 2, ngày 9"
    vietnamese_day: Regex,
    /// Vietnam's numbered weekday in Latin letters after a word of when: "starting on Th 6 the
    /// day after" (Thứ 6, Friday)
    vietnamese_numbered_weekday: Regex,
    /// a Japanese era's date in Latin letters: "H3.12.2" (Heisei 3), "S62.4.1", "R3.5.20"
    japanese_era: Regex,
    /// day, month and year with a period and a space after each of the first two, as Czech,
    /// Slovak, Slovene and Croatian write them: "8. 8. 2015", "19. 11. 2020"; or year first, as
    /// Korean and Hungarian write them: "1990. 9. 3.", "2021. 11. 30."
    spaced_dotted: Regex,
    /// a year and an abbreviated month, each with its period, maybe the day too: "2002. febr.",
    /// "2012. febr. 9." (`spaced_dotted_dates`)
    year_dot_month: Regex,
    /// day and month, each with its period and a blank between: "19. 4." (`spaced_dotted_dates`)
    spaced_day_month: Regex,
    /// "2021年11月30日", "11月30日", "2021年11月", "令和3年5月20日" (a Japanese era's year),
    /// "2021년 11월 30일"
    cjk: Regex,
    /// a weekday of Chinese, Japanese or Korean, and a day of the month before it: "星期五",
    /// "週五", "金曜日", "금요일", "Released 31 週五"
    cjk_weekday: Regex,
    /// the end day of a range right after a date: "-9", "-24th", "–12日", "~3일"
    range_end: Regex,
    /// day, month in Roman numerals and year, as Poland, Czechia, Slovakia, Hungary, Italy, Spain
    /// and Latin America write them by hand: "9-IX-96", "12.III.2021", "12. III. 2021", "3/xi/97"
    /// (`roman_month_dates`)
    roman_month: Regex,
    /// a part of the day, after which a weekday may stand: "So. morning", "quarta morning" (found
    /// first, the word before it read back: one search of literals, not one at every word)
    day_part: Regex,
    months: FxHashSet<Box<str>>,
    /// Abbreviated months ("okt", "dez", "ene"), read only with a day ("7. Okt. 2021"; "Mai
    /// 2021" may be a name).
    month_abbreviations: FxHashSet<Box<str>>,
    /// Abbreviated weekdays ("do", "so", "lor", "sel"), read only right before a date.
    weekday_abbreviations: FxHashSet<Box<str>>,
    /// Abbreviated months that are English words too ("gen", "set", "lug"): only with a full year
    /// (`month_word_with_year`) or after a day that a weekday or another date announces
    month_words: FxHashSet<Box<str>>,
    /// Abbreviated weekdays that are English words too, once folded ("søn", "sön", "mån", "mar"):
    /// only where the English word cannot be (`is_foreign_weekday_word`)
    weekday_words: FxHashSet<Box<str>>,
    /// a word, maybe a connector, and a year: "verano de 2020", "hiver 94" (`season.rs`)
    season_year: Regex,
    /// "last", "this", "next" or "past" and a word: "last herfst", "this automne" (`season.rs`),
    /// "last tis that was" (`weekdays.rs`)
    after_last: Regex,
    seasons: FxHashSet<Box<str>>,
    /// a word of three letters or more and a day: "Abr 5", "vie 30"; of two in another script
    /// with its period or comma ("пт, 13")
    word_day: Regex,
    /// a weekday, "den" and a day with its period: "tirs. den 9." (`weekdays.rs`)
    weekday_den_day: Regex,
}

impl WorldDateRecognizer {
    pub(crate) fn new() -> WorldDateRecognizer {
        let re = compile(
            r"(?i)(?:\b(?P<d>\d{1,2})(?:\.|º|ª|er|e)?\s+(?:de\s+|di\s+|of\s+)?(?P<m1>[\p{L}\p{M}]{3,}|[\p{L}\p{M}&&[^\x00-\x7F]]{2})[.\x{970}\x{5f3}]?(?:,?\s+(?:de\s+|del\s+|di\s+)?(?P<y1>\d{4})\b)?|(?P<m2>[\p{L}\p{M}]{3,})\.?\s+(?:de\s+|del\s+|di\s+)?(?P<y2>\d{4})\b|(?P<m3>[\p{L}\p{M}]{3,})\.?\s+(?P<d3>\d{1,2}),?\s+(?P<y3>\d{4})\b)",
        );
        let numbered_month = compile(
            r"(?i)(?:(?:\bth(?:ứ)?\s*[2-7]|\bthứ\s+(?:hai|ba|tư|năm|sáu|bảy)|\bchủ\s+nhật|\bcn)\.?,?\s+)?(?:\b(?:ngày\s+)?\d{1,2}\s+)?\b(?:tháng|thg\.?)\s+(?:0?[1-9]|1[0-2])\b(?:,?\s+(?:năm\s+)?\d{4}\b)?",
        );
        let vietnamese_weekday = compile(r"(?i)\bthứ\s+(?:hai|ba|tư|năm|sáu|bảy)|\bchủ\s+nhật");
        let japanese_era =
            compile(r"(?i)\b[MTSHR](?P<y>\d{1,2})\.(?P<m>\d{1,2})\.(?P<d>\d{1,2})\b");
        let spaced_dotted = compile(
            r"\b(?:(?P<d>\d{1,2})\.\s(?P<m>\d{1,2})\.\s?(?P<y>(?:19|20)\d\d)|(?P<y2>(?:19|20)\d\d)\.\s(?P<m2>\d{1,2})\.\s(?P<d2>\d{1,2}))\b",
        );
        let cjk = compile(
            r"(?:(?P<y>(?:令和|平成|昭和)\s*(?:\d{1,2}|元)|\d{4})\s*[年년]\s*)?(?P<m>\d{1,2})\s*[月월](?:\s*(?P<d>\d{1,2})\s*[日일])?",
        );
        let cjk_weekday = compile(
            r"(?:\b(?P<d>\d{1,2})\s*)?(?:(?:星期|禮拜|礼拜|週|周)[一二三四五六日天]|[月火水木金土日]曜日|[월화수목금토일]요일)",
        );
        // (after an abbreviated month's period too: "6 янв.-9 afebrile")
        let range_end = compile(r"^\.?\s*[-–~〜]\s*(?P<d>\d{1,2})(?i:st|nd|rd|th)?(?:\s*[日일])?");
        let day_part = compile(
            r"(?i)\b(?:morning|evening|eve|night|afternoon|am\b|pm\b|the day (?:after|before)\b)|@",
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
        // the abbreviations file's lines of one kind ("month okt", "weekday-word son")
        let kind = |prefix: &str| -> FxHashSet<Box<str>> {
            entries(ABBREVIATIONS)
                .filter_map(|l| l.strip_prefix(prefix))
                .map(Box::from)
                .collect()
        };
        let month_abbreviations = kind("month ");
        let weekday_abbreviations = kind("weekday ");
        let month_words = kind("month-word ");
        let weekday_words = kind("weekday-word ");
        let season_year = compile(
            r"(?i)(?P<s>[\p{L}\p{M}]{3,})(?:\s+(?:de|del|di|of|van|des|du|em|do|da|w|v|in))?\s+(?P<y>(?:19|20)\d{2}|'?\d{2})\b",
        );
        // (the Arabic comma too: "الجمعة، 6")
        let word_day = compile(r"(?P<w>[\p{L}\p{M}]{2,})(?P<p>\.?[,،]?)\s+(?P<d>\d{1,2})\b");
        let after_last = compile(r"(?i)\b(?:last|this|next|past)\s+(?P<s>[\p{L}\p{M}]{2,})");
        WorldDateRecognizer {
            season_year,
            after_last,
            seasons: season::seasons(),
            word_day,
            weekday_den_day: compile(r"(?i)(?P<w>[\p{L}\p{M}]{2,})\.?,?\s+den\s+(?P<d>\d{1,2})\."),
            re,
            numbered_month,
            vietnamese_weekday,
            vietnamese_day: compile(r"(?i)(?:\bth(?:ứ)?\s*[2-7],?\s+)?\bngày\s+(?P<d>\d{1,2})\b"),
            vietnamese_numbered_weekday: compile(
                r"(?i)\b(?:on|by|until|since|from)\s+(?P<w>th(?:ứ)?\s*[2-7])\b",
            ),
            japanese_era,
            spaced_dotted,
            year_dot_month: compile(
                r"\b(?:19|20)\d\d\.\s(?P<m>\p{L}{3,5})\.(?:\s(?P<d>\d{1,2})\.)?",
            ),
            spaced_day_month: compile(r"\b(?P<d>\d{1,2})\.\s(?P<m>\d{1,2})\."),
            roman_month: compile(
                r"(?i)\b(?P<d>\d{1,2})(?P<s1>[-./]\s?|\s)(?P<m>xii|xi|x|ix|viii|vii|vi|v|iv|iii|ii|i)(?P<s2>[-./]\s?|\s)(?P<y>(?:19|20)\d\d|\d\d)\b",
            ),
            cjk,
            cjk_weekday,
            range_end,
            day_part,
            months,
            month_abbreviations,
            weekday_abbreviations,
            month_words,
            weekday_words,
        }
    }

    /// Whether `word` is a month's abbreviation of the lists, Hebrew's after its one-letter
    /// prefix too ("6 באוק׳": in October).
    fn is_month_abbreviation(&self, word: &str) -> bool {
        let folded = fold(word);
        self.month_abbreviations.contains(folded.as_ref())
            || (!folded.is_ascii()
                && folded
                    .strip_prefix(['ב', 'ל', 'מ', 'ו', 'ה'])
                    .is_some_and(|rest| self.month_abbreviations.contains(rest)))
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
        (d2 != day && (1..=31).contains(&d2) && !goes_on && !unit)
            .then(|| date_cand(end + d.start(), stop))
    }

    /// A season of another language tied to a year (`season.rs`).
    /// A season of another language after "last", "this", "next" or "past" ("developed pouchitis
    /// last herfst", "this automne"): a date as "last summer" is (`recognize/date`).
    /// A season or a weekday after "last", "this", "next" or "past": "last herfst", "this
    /// automne", "the vaccination last tis that was" (one search serves both).
    fn after_last(&self, text: &str, out: &mut Vec<Cand>) {
        for c in self.after_last.captures_iter(text) {
            let s = c.name("s").expect("season");
            if let Some(weekday) = self.announced_weekday(text, s.start(), s.end()) {
                out.push(weekday);
                continue;
            }
            let folded = fold(s.as_str());
            // (not the English words the folding makes of "höst" and the Italian "estate":
            // "36hr p/last host", "last estate sale")
            // (... but "last estate, but": a clause's end after the Italian summer, as no
            // property ends one; "last host;" stays a host)
            let summer = folded == "estate" && text[s.end()..].starts_with([',', ';']);
            let english =
                s.as_str().is_ascii() && matches!(folded.as_ref(), "host" | "estate") && !summer;
            if s.as_str().chars().count() > 2
                && self.seasons.contains(folded.as_ref())
                && folded != "season"
                && !english
                && !is_word(text[s.end()..].chars().next())
            {
                out.push(date_cand(s.start(), s.end()));
            }
        }
    }

    fn season_with_year(&self, text: &str, out: &mut Vec<Cand>) {
        for c in self.season_year.captures_iter(text) {
            let (s, y) = (c.name("s").expect("season"), c.name("y").expect("year"));
            let folded = fold(s.as_str());
            // (the regex has no `\b` before the word: the ASCII one never falls before "été")
            if is_word(char_before(text, s.start()))
                || !self.seasons.contains(folded.as_ref())
                || (folded == "tel" && !s.as_str().contains(['é', 'É']))
                || continues_number(text, y.end(), b"./:")
            {
                continue;
            }
            // "'94" and "94" only after a season's name of five letters or more ("hiver 94"),
            // where no count reads it ("yaz 12" might be one)
            let short = y.as_str().len() == 2;
            if short && s.as_str().chars().count() < 5 {
                continue;
            }
            let mut start = s.start();
            if folded == "season" {
                let before = text[..start].trim_end_matches([' ', '\u{a0}']);
                let kind = before
                    .rsplit(|ch: char| !ch.is_alphabetic())
                    .next()
                    .unwrap_or("");
                if !season::is_season_kind(kind) {
                    continue;
                }
                start = before.len() - kind.len();
            }
            if is_amount_or_unit(&word_after(text, y.end())) {
                continue;
            }
            out.push(date_cand(start, y.end()));
        }
    }

    pub(crate) fn collect(&self, text: &str, out: &mut Vec<Cand>) {
        self.weekday_before_day_part(text, out);
        self.after_last(text, out);
        if gate::has_digit_run(text, 1) {
            self.season_with_year(text, out);
            self.abbreviation_before_day(text, out);
            self.weekday_den_day(text, out);
        }
        if gate::has_digit_run(text, 1) {
            self.japanese_era_dates(text, out);
            self.roman_month_dates(text, out);
        }
        // (a digit, a period and a blank: what every such date holds)
        if text
            .as_bytes()
            .windows(3)
            .any(|w| w[0].is_ascii_digit() && w[1] == b'.' && w[2] == b' ')
        {
            self.spaced_dotted_dates(text, out);
        }
        self.cjk_dates(text, out);
        if !text.is_ascii() {
            self.cjk_weekdays(text, out);
            festival::marked_festivals(text, out);
        }
        festival::christmas_natal(text, out);
        self.vietnamese_dates(text, out);
        for c in self.re.captures_iter(text) {
            let m = c.get(0).expect("whole match");
            let month = c
                .name("m1")
                .or_else(|| c.name("m2"))
                .or_else(|| c.name("m3"))
                .expect("one month group");
            // the month word must be a whole word, not the tail of a longer one
            let before = text[..month.start()].chars().next_back();
            let after = text[month.end()..].chars().next();
            let whole = !before.is_some_and(char::is_alphanumeric)
                && !after.is_some_and(char::is_alphanumeric);
            let day = c.name("d").is_some();
            let abbreviated =
                || is_short_may(month.as_str()) || self.is_month_abbreviation(month.as_str());
            // "10 de ago.", "4 de sept": the connector ("de", "di") before the month
            let connector = || {
                let d = c.name("d").expect("a day");
                text[d.end()..month.start()].trim().len() > 1
            };
            let ago = || {
                let d = c.name("d").expect("a day");
                // ";7 ago had sz": a verb of what happened that day after it ("3 ago" is no
                // English, "3 days ago had" has its unit between)
                // ("10 ago appointment made": or an event's noun)
                let after = word_after(text, month.end());
                let verb = VERB_AFTER_DAY.contains(&after.as_str())
                    || EVENT_AFTER_DAY.contains(&after.as_str());
                is_latin_ago(
                    text,
                    d.start(),
                    month.as_str(),
                    c.name("y1").is_some()
                        || connector()
                        || verb
                        || self.weekday_with_punctuation_before(text, d.start())
                        // "vaccine on mar 10 ago at work": a weekday's word before the day
                        || self.weekday_word_before(text, d.start())
                        || self.month_and_conjunction_before(text, d.start()),
                )
            };
            // "INJECT RECVD EITHER 4 DE SEPT OR 6 DE SEPT": an English month after the Romance
            // connector (recognize/date reads "4 sept", never "de" between)
            let english_after_connector = || {
                let Some(d) = c.name("d") else {
                    return false;
                };
                // (the connector first: most matches are "5 days", with none)
                let between = text[d.end()..month.start()].trim();
                if !(between.eq_ignore_ascii_case("de") || between.eq_ignore_ascii_case("di")) {
                    return false;
                }
                let folded = fold(month.as_str());
                is_english_month(&folded) || self.month_words.contains(folded.as_ref())
            };
            // "gen 2005", "14 lug 2003": a month that is an English word too, with its full year;
            // "records of Okt 2002", "dez 1999": an abbreviation no English word is, the same
            let month_word_with_year = || {
                let year = c
                    .name("y1")
                    .or_else(|| c.name("y2"))
                    .or_else(|| c.name("y3"));
                let folded = fold(month.as_str());
                // ("24 lip 2011", "3 mag 2019": Polish July and January, Italian May, read with
                // both their day and year)
                // "SINCE MAG 1996": or after a word of time that no amount follows
                // ("Admitted to Hosp 10 Des 1979": Malay, Indonesian and Norwegian December, and
                // "dis", with both their day and year, which no English word has around it)
                let day_and_year = ((c.name("y1").is_some()
                    || matches!(
                        word_before(text, month.start()).as_str(),
                        "since" | "until" | "till" | "in" | "from"
                    ))
                    && matches!(folded.as_ref(), "lip" | "mag" | "sty"))
                    || (c.name("y1").is_some() && matches!(folded.as_ref(), "des" | "dis"));
                ((self.month_words.contains(folded.as_ref())
                    && (!MONTH_WORDS_NEVER_BEFORE_A_YEAR.contains(&folded.as_ref())
                        || day_and_year))
                    || (self.month_abbreviations.contains(folded.as_ref())
                        && !ABBREVIATIONS_NAMES_TOO.contains(&folded.as_ref())))
                    && year.is_some_and(|y| {
                        matches!(&y.as_str()[..2], "19" | "20")
                            && !continues_number(text, y.end(), b"./:")
                            && !is_amount_or_unit(&word_after(text, y.end()))
                    })
            };
            // month first with its day and year ("ago 17, 2012", "okt 5, 2021"): an abbreviation
            // counts too, the day must be one
            let month_first = c.name("d3").map(|d| d.as_str().parse::<u32>().unwrap_or(0));
            // "sob., 11 lip", "on 8/8 & 9 ago": a month that is an English word too after a day
            // that a weekday or another date announces; "; 4 set rash,": or at a clause's start
            // before what happened that day (", 13 dic appointment made")
            let announced_month_word = || {
                let d = c.name("d").expect("a day");
                let clause_start = || {
                    text[..d.start()]
                        .trim_end_matches([' ', '\u{a0}'])
                        .ends_with([';', '.', ',', '\n'])
                        || text[..d.start()].trim().is_empty()
                };
                let event = || {
                    clause_start()
                        && EVENT_AFTER_DAY.contains(&word_after(text, month.end()).as_str())
                };
                // "ON THE 24. DES.": the day's period says a month follows
                let ordinal = text[d.end()..].starts_with('.');
                self.month_words.contains(fold(month.as_str()).as_ref())
                    && (self.weekday_with_punctuation_before(text, d.start())
                        // "and mer 21 mag.", "on dom 27 mag": a weekday's word of three letters
                        // bare before the day, which no English sentence writes before "21 mag"
                        || self.weekday_word_before(text, d.start())
                        || ordinal
                        || event()
                        || date_and_before(text, d.start())
                        || self.month_and_conjunction_before(text, d.start())
                        || (date_word_before(text, d.start())
                            && !MONTH_WORDS_AFTER_A_NUMBER
                                .contains(&fold(month.as_str()).as_ref()))
                        // "bleeding and 27 dic.": after "and" with the sentence's end right
                        // after the month (DIC, the coagulopathy, has no day before it)
                        || (word_before(text, d.start()) == "and"
                            && text[month.end()..].starts_with('.')
                            && !text[month.end() + 1..]
                                .starts_with(|ch: char| ch.is_alphanumeric()))
                        // "recovered, discharged 3 set. esposa": a discharge's or an
                        // admission's day, the clause ending with the month
                        || (matches!(
                            word_before(text, d.start()).as_str(),
                            "discharged" | "admitted"
                        ) && (text[month.end()..].starts_with(['.', ',', ';'])
                            || text[month.end()..].trim().is_empty()))
                        // "vaccine on the 20 sty and": "on the" before a day says a date
                        || (word_before(text, d.start()) == "the"
                            && word_before_word(text, d.start()) == "on")
                        // ";18 luglio severe h/a dec;23 lug loss": at a clause's start in a
                        // narrative that names a month of another language in full elsewhere
                        || (clause_start() && self.names_a_month(text))
                        // "FROM 24 GEN 98", "born 28 out 96": before a year of two digits in a
                        // narrative that writes its other dates so ("RCVD 17 FEB 98")
                        || (two_digit_year_after(text, month.end())
                            && writes_short_dates(text, d.start())))
                    && !is_amount_or_unit(&word_after(text, month.end()))
            };
            // "6 ago-9 afebrile", "23 dic-24th hospital admission": a month that is an English
            // word too between a day and a range's end day, which no English word is
            let before_range_end = || {
                let folded = fold(month.as_str());
                let d = c
                    .name("d")
                    .map_or(0, |d| d.as_str().parse::<u32>().unwrap_or(0));
                (self.month_words.contains(folded.as_ref()) || folded == "ago")
                    && text[month.end()..].starts_with(['-', '–'])
                    && self.range_end_after(text, month.end(), d).is_some()
            };
            // "8 Şub 2012": a month that is an English word once folded, written with a letter
            // English has not
            let foreign_letters = || {
                !month.as_str().is_ascii()
                    && self.month_words.contains(fold(month.as_str()).as_ref())
            };
            if !whole
                || !(self.is_month(month.as_str())
                    || (day
                        && (abbreviated()
                            || ago()
                            || announced_month_word()
                            || before_range_end()
                            || foreign_letters()))
                    || english_after_connector()
                    || (month_first.is_some() && abbreviated())
                    // "vaccinated Dis 17, 2008": a month that is an English word too, first,
                    // with its day, a comma and a full year (Malay and Filipino December)
                    || (month_first.is_some()
                        && c.name("y3").is_some()
                        && self.month_words.contains(fold(month.as_str()).as_ref())
                        // (not English before a count: "ruled out 5, 2012 cases")
                        && !matches!(
                            fold(month.as_str()).as_ref(),
                            "out" | "sub" | "pro" | "led" | "mac" | "vas" | "avg" | "dub" | "rugs"
                        )
                        && c.name("d3").is_some_and(|d| text[d.end()..].starts_with(',')))
                    || month_word_with_year())
                || month_first.is_some_and(|d| !(1..=31).contains(&d))
            {
                continue;
            }
            if let Some(d) = c.name("d") {
                if !(1..=31).contains(&d.as_str().parse::<u32>().unwrap_or(0)) {
                    continue;
                }
            }
            // without a day, only a full year makes a month word a date ("April 2021" is in
            // recognize/date; "marzo de 2021" here); a period after the month without a year ends the
            // sentence ("25 באפריל.")
            let end = if m.as_str().ends_with('.') {
                m.end() - 1
            } else {
                m.end()
            };
            out.push(date_cand(m.start(), end));
            let year = c.name("y1").is_some() || c.name("y2").is_some() || c.name("y3").is_some();
            if let (Some(d), false) = (c.name("d"), year) {
                let d: u32 = d.as_str().parse().unwrap_or(0);
                out.extend(self.range_end_after(text, end, d));
            }
        }
    }
}

/// A DATE candidate over bytes `start..end`.
fn date_cand(start: usize, end: usize) -> Cand {
    Cand {
        start,
        end,
        kind: PhiType::Date,
        prio: PRIO_DATE,
    }
}

#[cfg(test)]
mod tests;
