//! Weekdays of the world's narratives around a date: a weekday's abbreviation before a date
//! ("Do., 7. Okt. 2021") or after it ("(Do.)", ", dim.,"). The weekday phrases of their own (a
//! weekday before "den" and a day, after "last", before a part of the day; an abbreviated month
//! or weekday right before its day) are in `weekday_phrases`. The lists are
//! `WorldDateRecognizer`'s.

use super::*;

impl WorldDateRecognizer {
    /// A weekday's abbreviation that is an English word once folded, written with a letter no
    /// English word has: "søn", "sön", "mån", "pią" (never "man", "son", "mar").
    pub(super) fn is_foreign_weekday_word(&self, word: &str) -> bool {
        !word.is_ascii() && self.weekday_words.contains(fold(word).as_ref())
    }
    /// Whether the text before byte `i` ends with a weekday's name or abbreviation and its comma
    /// or period ("mar, 28 ago", "Do. 14.12."): the weekday says a date follows.
    pub(super) fn weekday_with_punctuation_before(&self, text: &str, i: usize) -> bool {
        let head = text[..i].trim_end_matches([' ', '\u{a0}']);
        // "mar, ", "sob., "
        let bare = head.trim_end_matches([',', '.']);
        if bare.len() == head.len() || head.len() - bare.len() > 2 {
            return false;
        }
        let head = bare;
        let start = letters_start(head);
        let word = &head[start..];
        let folded = fold(word);
        word.chars().count() > 2
            && !is_word(char_before(head, start))
            && (self.weekday_abbreviations.contains(folded.as_ref())
                || self.weekday_words.contains(folded.as_ref()))
    }
    /// A weekday's abbreviation right before a date joins it: "Do., 7. Okt. 2021", "So., 10.
    /// Okt. 2021", "mi., 16. apr." (alone, "Do" and "So" are words of many languages). Run after
    /// every date recognizer.
    pub(crate) fn extend_over_weekdays(&self, text: &str, cands: &mut [Cand]) {
        for c in cands.iter_mut().filter(|c| c.kind == PhiType::Date) {
            // the weekday after the date: "4. September 2008 (Do.) and", "(fre)", ", dim.,"
            if let Some(end) = self.weekday_after_date(text, c.end) {
                c.end = end;
            }
            // "Do., ", "Sel, ", "mi. ": a period or a comma after the abbreviation ("on 12 dez"
            // has none: "on" abbreviates a weekday somewhere too)
            let head = text[..c.start].trim_end_matches([' ', '\u{a0}']);
            let comma = head.strip_suffix(',');
            let head = comma.unwrap_or(head).trim_end_matches([' ', '\u{a0}']);
            let period = head.strip_suffix('.');
            let bare = comma.is_none() && period.is_none();
            let head = period.unwrap_or(head);
            let start = letters_start(head);
            let word = &head[start..];
            let whole = !head[..start].ends_with(|ch: char| ch.is_alphanumeric());
            // two letters ("Do", "on", "pt") only before a month of another language
            let foreign_month = || {
                text[c.start..c.end]
                    .split(|ch: char| !ch.is_alphabetic())
                    .any(|w| {
                        let f = fold(w);
                        (self.months.contains(f.as_ref())
                            || self.month_abbreviations.contains(f.as_ref())
                            || self.month_words.contains(f.as_ref()))
                            && !is_english_month(&f)
                    })
            };
            // without a period or comma ("through tis 29 april") only three letters or more and
            // no clinical abbreviation
            // "Di. 14.12.": two letters with their period before a date of numbers and periods
            let numeric_dotted = || {
                let date = text[c.start..c.end].trim_end_matches('.');
                date.contains('.') && date.chars().all(|ch| ch.is_ascii_digit() || ch == '.')
            };
            let dotted_date = || period.is_some() && numeric_dotted();
            let folded = fold(word);
            // "through DI 17 OKT", "TI 29.04.", "and wo 14 May", "wo, 28/09": two letters no
            // English word before a month of another language or a date that starts with its day
            // (not a year alone)
            let day_first = || {
                let date = &text[c.start..c.end];
                date.starts_with(|ch: char| ch.is_ascii_digit())
                    && !date.chars().all(|ch| ch.is_ascii_digit())
            };
            let two_letters_bare = || {
                TWO_LETTER_WEEKDAYS_UNDOTTED.contains(&folded.as_ref())
                    && (foreign_month() || numeric_dotted() || day_first())
            };
            // "received the first dose last do 12 februari 2009": a listed abbreviation of two
            // letters that is an English word too, announced by "last" or "next" before a month
            // of another language
            let announced = || {
                matches!(
                    word_before(text, start).as_str(),
                    "last" | "next" | "this" | "until" | "through" | "thru" | "since"
                ) && (foreign_month()
                    // "the first dose last do 16 jun 2016": or a day, a month and a year, which
                    // no English "last do" is followed by
                    || (day_first() && text[c.start..c.end].split(' ').count() >= 3))
            };
            // "RETURNED TO DR ON SO. 10DEC", "AND MI., 24APR": two letters with their period
            // after "on" or with a comma too, before a date that starts with its day
            // ("THROUGH WT. 08-OCT"; "cleared up by la, 28.8.": or a comma alone before a dotted
            // date after such a word)
            let when_before = || {
                matches!(
                    word_before(text, start).as_str(),
                    "on" | "until" | "by" | "through" | "thru" | "since"
                )
            };
            let dotted_before_day = || {
                ((period.is_some() && day_first() && (comma.is_some() || when_before()))
                    || (comma.is_some() && numeric_dotted() && when_before()))
                    && !matches!(folded.as_ref(), "pt" | "po" | "st")
            };
            // (a drug's shorthand too before a month of another language: "and mer 2 ott"; not
            // a lab count's, which lists numbers: "seg 3 mai")
            // ("and mer 16 apr.": or before a day and a month's name, which no dose has)
            let day_and_month = || {
                day_first()
                    && text[c.start..c.end]
                        .trim_start_matches(|ch: char| ch.is_ascii_digit())
                        .starts_with(' ')
                    && text[c.start..c.end].contains(|ch: char| ch.is_alphabetic())
            };
            // "mer 04/03/2026": a day, a month and a year of four digits, all numbers, which no
            // dose of meropenem or line of ventilation is written as
            let whole_numeric_date = || {
                let parts: Vec<&str> = text[c.start..c.end].split(['/', '.', '-']).collect();
                parts.len() == 3
                    && parts[..2].iter().all(|p| {
                        (1..=2).contains(&p.len()) && p.bytes().all(|b| b.is_ascii_digit())
                    })
                    && parts[2].len() == 4
                    && parts[2].bytes().all(|b| b.is_ascii_digit())
            };
            // "am So 29.09.2019", "bis Mo 4.10.": a German preposition before the weekday's
            // two letters and a day-first date (English writes no "am so 29.09")
            let german_on = || {
                matches!(
                    word_before(text, start).as_str(),
                    "am" | "vom" | "bis" | "ab" | "seit"
                ) && day_first()
                    && GERMAN_WEEKDAYS.contains(&folded.as_ref())
            };
            // "afebrile, cxr clear on pe 20.11.98", "fading by pe 17.12.": Finnish Friday, and
            // Latvian's ("D/c pk 26.9.97"), bare before a dotted day and month, after a word of
            // when or a discharge (a pulmonary embolism is no day's word there)
            let friday_dotted = || {
                bare && matches!(folded.as_ref(), "pe" | "pk")
                    && numeric_dotted()
                    && day_first()
                    && (when_before() || word_before(text, start) == "c")
            };
            let bare_ok = !bare
                || (word.chars().count() > 2
                    && (!CLINICAL_BEFORE_NUMBER.contains(&folded.as_ref())
                        || (matches!(folded.as_ref(), "mer" | "ven" | "ter")
                            && (foreign_month() || day_and_month() || whole_numeric_date()))
                        // ("sortie le sam 11 juil 98", "SEG 7 OUT 96": Saturday's and Monday's
                        // before a whole date of another language, day, month and year, which no
                        // count of segmented cells or malnutrition is followed by)
                        || (matches!(folded.as_ref(), "sam" | "seg")
                            && foreign_month()
                            && day_and_month()
                            && (text[c.start..c.end].split(' ').count() >= 3
                                || super::around::two_digit_year_after(text, c.end)))))
                || two_letters_bare()
                || announced()
                || german_on()
                || friday_dotted();
            let listed = self.weekday_abbreviations.contains(folded.as_ref())
                // "mar, 28 ago", "søn. 25. sep.": an English word once folded only with its
                // punctuation before a month of another language, or with a letter English has not,
                // or with both a period and a comma ("sex., 24 de jul. de 2020")
                || (!bare
                    && self.weekday_words.contains(folded.as_ref())
                    && (foreign_month() || !word.is_ascii() || (comma.is_some() && period.is_some())))
                // "last TORS 17 MAJ 2018": those no English sentence writes before a day
                || WEEKDAY_WORDS_BEFORE_A_DAY.contains(&folded.as_ref());
            // "So., 19. Feb.": two letters with a period and a comma before a day with its period
            let day_with_period = || {
                comma.is_some()
                    && period.is_some()
                    && text[c.start..]
                        .trim_start_matches(|ch: char| ch.is_ascii_digit())
                        .starts_with('.')
                    && text[c.start..].starts_with(|ch: char| ch.is_ascii_digit())
            };
            // "FR. 25. APRIL 2014": two letters with their period before a day with its own,
            // as German writes both (not "pt." or "po.": the patient, by mouth)
            let both_dotted = || {
                period.is_some()
                    && !matches!(folded.as_ref(), "pt" | "po" | "st")
                    && text[c.start..].starts_with(|ch: char| ch.is_ascii_digit())
                    && text[c.start..]
                        .trim_start_matches(|ch: char| ch.is_ascii_digit())
                        .starts_with(". ")
            };
            if !word.is_empty()
                && whole
                && bare_ok
                && listed
                && (word.chars().count() > 2
                    || foreign_month()
                    || dotted_date()
                    || day_with_period()
                    || both_dotted()
                    || dotted_before_day()
                    || two_letters_bare()
                    || announced()
                    || german_on()
                    || friday_dotted())
            {
                c.start = start;
            }
        }
    }
    /// The end of a weekday of another language right after the date that ends at byte `i`, in
    /// brackets ("4. September 2008 (Do.)", "05.09.2008 (fre)") or between commas with its
    /// period ("29 mai 2016, dim.,"): two letters or more ("11Jan2021 (H)" is a
    /// lab's flag); an English one ("21Dec2020 (Monday)") is a date of its own (`recognize/date`).
    fn weekday_after_date(&self, text: &str, i: usize) -> Option<usize> {
        // ... or between commas with its period: "On 29 mai 2016, dim., again with the fever"
        if let Some(rest) = text[i..].strip_prefix(", ") {
            let word_len = rest
                .char_indices()
                .find(|(_, ch)| !ch.is_alphabetic())
                .map_or(rest.len(), |(k, _)| k);
            let word = &rest[..word_len];
            let letters = word.chars().count();
            let folded = fold(word);
            // (or without its period where no English word is: "On 7 mars 2010, sön, again")
            let marked = !word.is_ascii() && rest[word_len..].starts_with(", ");
            // ("On 15. mars 2012, tor. (2 days after": or with its period before a bracket)
            let dotted_end =
                rest[word_len..].starts_with(".,") || rest[word_len..].starts_with(". (");
            if (dotted_end || marked)
                && (2..=12).contains(&letters)
                && (self.weekday_abbreviations.contains(folded.as_ref())
                    || self.weekday_words.contains(folded.as_ref()))
                && !is_english_weekday(&folded)
            {
                let period = usize::from(!marked);
                return Some(text.len() - rest.len() + word_len + period);
            }
            // ... or without its period before "and" or the clause's end, where it is one that
            // no English sentence writes ("Then on 2 juli 2020, tors and fre, 3 juli")
            let tail = &rest[word_len..];
            if WEEKDAY_WORDS_BEFORE_A_DAY.contains(&folded.as_ref())
                && (tail.starts_with([',', ';', '.'])
                    || tail.is_empty()
                    || tail
                        .get(..5)
                        .is_some_and(|t| t.eq_ignore_ascii_case(" and ")))
            {
                return Some(text.len() - rest.len() + word_len);
            }
        }
        // ... or bare after a date's year, before a bracket or the time ("On 6 Eki 2022 Per (2
        // days after", "last 28 Tem 2022 Per 17:00": Turkish Thursday), where English "per" has
        // nothing to take
        let year_end = text[..i]
            .bytes()
            .rev()
            .take_while(u8::is_ascii_digit)
            .count()
            == 4;
        // ... or with its comma after Hungarian's day and its period ("On 2012. febr. 9., Cs (2
        // days after", "2017. máj. 4., Cs 17:00": Thursday)
        let hungarian = text[..i].ends_with('.')
            && text[..i - 1].ends_with(|ch: char| ch.is_ascii_digit())
            && text[i..].starts_with(", ");
        let after_date = if hungarian {
            text[i..].strip_prefix(", ")
        } else {
            text[i..].strip_prefix(' ').filter(|_| year_end)
        };
        if let Some(rest) = after_date {
            let word_len = rest
                .char_indices()
                .find(|(_, ch)| !ch.is_alphabetic())
                .map_or(rest.len(), |(k, _)| k);
            let folded = fold(&rest[..word_len]);
            let after = &rest[word_len..];
            let time = after.len() > 3
                && after.starts_with(' ')
                && after[1..].bytes().take_while(u8::is_ascii_digit).count() <= 2
                && after[1..]
                    .trim_start_matches(|ch: char| ch.is_ascii_digit())
                    .starts_with(':');
            // (three letters or more: "on 22-JUN-1998 RA (deltoid)" is the right arm; one after
            // Hungarian's comma, whose abbreviations are one to three letters: "2014. jan. 31.,
            // P she had", "2019. okt. 31., Cs and Fri")
            let min = if hungarian { 1 } else { 3 };
            // ... or before "and" and the next date ("on 14 Haz 2018 Per and 15 Haz 2018 Cum")
            let and_date = after
                .get(..5)
                .is_some_and(|t| t.eq_ignore_ascii_case(" and "))
                && after[5..].starts_with(|ch: char| ch.is_ascii_digit());
            // ... or before the clause's comma ("On 23 Şub 2012 Per, patient did not")
            let comma = after.starts_with(", ");
            if (min..=12).contains(&rest[..word_len].chars().count())
                && (after.starts_with(" (") || time || hungarian || and_date || comma)
                && (self.weekday_abbreviations.contains(folded.as_ref())
                    || self.weekday_words.contains(folded.as_ref()))
                && !is_english_weekday(&folded)
            {
                return Some(text.len() - rest.len() + word_len);
            }
        }
        let rest = text[i..].strip_prefix(' ').unwrap_or(&text[i..]);
        let inner = rest.strip_prefix('(')?;
        let close = inner.find(')')?;
        let word = inner[..close].strip_suffix('.').unwrap_or(&inner[..close]);
        let letters = word.chars().count();
        if !(2..=12).contains(&letters) || !word.chars().all(char::is_alphabetic) {
            return None;
        }
        let folded = fold(word);
        let listed = (self.weekday_abbreviations.contains(folded.as_ref())
            || self.weekday_words.contains(folded.as_ref()))
            && !is_english_weekday(&folded);
        listed.then(|| text.len() - inner.len() + close + 1)
    }
}

/// Abbreviations of months and weekdays that are clinical abbreviations before a number too
/// ("seg 18" segmented neutrophils, "BAL 12" a lavage, "sal 2 puffs", "SAM 2", "mer 10"
/// meropenem, "ven 5", Portuguese "tem 5 anos", Spanish "uno 5").
pub(super) const CLINICAL_BEFORE_NUMBER: [&str; 9] = [
    "seg", "bal", "sal", "sam", "mer", "ven", "tem", "uno", "ter",
];

/// German weekday abbreviations, read as weekdays after a German preposition ("am So 29.09.").
const GERMAN_WEEKDAYS: [&str; 7] = ["mo", "di", "mi", "do", "fr", "sa", "so"];

/// Two-letter weekday abbreviations read before a part of the day without their period ("ke am":
/// Finnish Wednesday; "vr eve"; "su @ 12noon": Finnish Sunday): none is an English word or a
/// clinical abbreviation written before "am", "morning" or "@" ("so am I", "PE am", "MI
/// morning", "to am", "lump on LA @ site").
pub(super) const TWO_LETTER_WEEKDAYS_UNDOTTED: [&str; 8] =
    ["ke", "ti", "wo", "vr", "za", "zo", "di", "su"];

/// Weekday abbreviations that are English words too but never written before a number in English
/// ("vie 10": Spanish Friday; "tis 29", "tors 3": Swedish and Norwegian Tuesday and Thursday;
/// "pią": Polish Friday; not "sob", shortness of breath: "SOB 19FEB91").
pub(super) const WEEKDAY_WORDS_BEFORE_A_DAY: [&str; 4] = ["vie", "tis", "tors", "pia"];
