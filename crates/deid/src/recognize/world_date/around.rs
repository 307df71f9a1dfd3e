//! What the words around a day and its month-word say, for the forms the main pattern finds
//! but cannot trust alone: a month of another language named in full elsewhere in the text, a
//! weekday's abbreviation, a conjunction after another date ("25 agosto or 27"), a month's
//! name after the day, a word that announces a date ("on the 11 mag"), and the month-words that
//! are English words too ("ago", "sub", "mai"). Separate from `collect` because these are the
//! guards it asks, each a small question about the text before or after a match.

use super::*;
use std::sync::LazyLock;

impl WorldDateRecognizer {
    /// Whether the text names a month of another language in full ("18 luglio", "5 Mai"): a
    /// narrative that writes its dates so writes their abbreviations so too. Asked only of a
    /// month-word at a clause's start, which is rare.
    pub(super) fn names_a_month(&self, text: &str) -> bool {
        text.split(|ch: char| !ch.is_alphabetic())
            .filter(|w| w.chars().count() >= 4)
            .any(|w| self.is_month(w) && !is_english_month(&fold(w)))
    }

    /// Whether a weekday's abbreviation of three letters or more, of another language, ends the
    /// text before byte `i` without punctuation ("mer 21", "dom 27", "sob 11"): asked only before
    /// a day and a month-word, where the pair of words says a date.
    pub(super) fn weekday_word_before(&self, text: &str, i: usize) -> bool {
        let head = text[..i].trim_end_matches([' ', '\u{a0}']);
        if head.len() == text[..i].len() {
            return false;
        }
        let start = letters_start(head);
        let word = &head[start..];
        let folded = fold(word);
        word.chars().count() > 2
            && !is_word(char_before(head, start))
            && !is_english_weekday(&folded)
            && (self.weekday_abbreviations.contains(folded.as_ref())
                || self.weekday_words.contains(folded.as_ref()))
    }

    /// Whether the text before byte `i` is a month's name and a conjunction ("25 agosto or ",
    /// "3 Sept and "), or a month and its day ("EITHER Aug 27 OR "): the day at `i` is the second
    /// of two dates.
    pub(super) fn month_and_conjunction_before(&self, text: &str, i: usize) -> bool {
        const OR_AND: &[&str] = &[
            "and", "or", "y", "o", "e", "ou", "et", "und", "oder", "og", "eller",
        ];
        let Some(rest) = conjunction_before(text, i, OR_AND, true) else {
            return false;
        };
        let is_month =
            |word: &str| !word.is_empty() && (self.is_month(word) || is_english_month(&fold(word)));
        // "INJECT RECVD EITHER 16/08 OR 18 ago": or a day and month of numbers
        if ends_with_numeric_day_month(rest) {
            return true;
        }
        let day = rest.trim_end_matches(|ch: char| ch.is_ascii_digit());
        if day.len() < rest.len() && rest.len() - day.len() <= 2 {
            let head = day.trim_end_matches([' ', '\u{a0}']);
            return head.len() < day.len() && is_month(&head[letters_start(head)..]);
        }
        is_month(&rest[letters_start(rest)..])
    }

    /// Whether a month's name comes after byte `i` ("Tirsdag. 3. marts": the day belongs to the
    /// date the main pattern reads).
    pub(super) fn month_follows(&self, text: &str, i: usize) -> bool {
        let next = text[i..]
            .trim_start_matches(['.', ' ', '\u{a0}'])
            .split(|ch: char| !ch.is_alphabetic())
            .next()
            .unwrap_or("");
        let folded = fold(next);
        !next.is_empty()
            && (self.is_month(next)
                || self.month_abbreviations.contains(folded.as_ref())
                || self.month_words.contains(folded.as_ref())
                || is_english_month(&folded))
    }
}

/// Whether a year of two digits follows the month-word ending at byte `i` ("24 GEN 98"): a blank,
/// two digits, then a punctuation mark, the line's end or a word that goes on after a date
/// ("FROM", "and"); never a count's noun ("3 set 12 reps", "2 out 10 pain").
pub(super) fn two_digit_year_after(text: &str, i: usize) -> bool {
    let rest = &text[i..];
    let digits = rest.trim_start_matches([' ', '\u{a0}']);
    let b = digits.as_bytes();
    let next = word_after(digits, 2);
    digits.len() < rest.len()
        && b.len() >= 2
        && b[0].is_ascii_digit()
        && b[1].is_ascii_digit()
        && !b.get(2).is_some_and(|c| c.is_ascii_alphanumeric())
        && !continues_number(digits, 2, b"./:,")
        && (next.is_empty()
            || matches!(
                next.as_str(),
                "from"
                    | "to"
                    | "and"
                    | "at"
                    | "when"
                    | "with"
                    | "on"
                    | "in"
                    | "after"
                    | "until"
                    | "de"
                    | "em"
                    | "al"
                    | "by"
            ))
}

/// Dates written day, English month and a year of two digits ("17 FEB 98", "5 nov 96"), with a
/// month no English word is.
static SHORT_DATE: LazyLock<Regex> = LazyLock::new(|| {
    compile(r"(?i)\b\d{1,2}[ -]?(?:jan|feb|apr|jun|jul|aug|sep|oct|nov)[a-z]*\.?[ -]?'?\d{2}\b")
});

/// Whether the narrative writes another date so, not at byte `day` (its dates are shorthand,
/// and a month-word between a day and two digits is one of them).
pub(super) fn writes_short_dates(text: &str, day: usize) -> bool {
    SHORT_DATE.find_iter(text).any(|m| m.start() != day)
}

/// Abbreviated months that are English words too and name something else before a number of four
/// digits ("pro 2000", "sub 1995", "avg 2010", "mag 2000"): never read before a year.
pub(super) const MONTH_WORDS_NEVER_BEFORE_A_YEAR: [&str; 14] = [
    "pro", "sub", "out", "led", "mac", "vas", "avg", "dis", "des", "dub", "sty", "rugs", "lip",
    "mag",
];

/// Of those, the ones English writes after a number too ("the 3 sub q injections", "on 2 out of
/// 3"): no word that announces a date makes them a month.
pub(super) const MONTH_WORDS_AFTER_A_NUMBER: [&str; 12] = [
    "pro", "sub", "out", "led", "mac", "vas", "avg", "dis", "des", "dub", "sty", "rugs",
];

/// Whether the text before byte `i` is a number and a conjunction ("8/8 & ", "10 y ", "3 and "):
/// the day at `i` is the second of two dates.
pub(super) fn date_and_before(text: &str, i: usize) -> bool {
    const AND: &[&str] = &["&", "and", "y", "e", "et", "und", "og", "och", "i", "en"];
    conjunction_before(text, i, AND, false)
        .is_some_and(|r| r.ends_with(|ch: char| ch.is_ascii_digit()))
}

/// The text before byte `i` without the conjunction that ends it and the blanks around it
/// ("8/8 & " -> "8/8", "25 agosto or " -> "25 agosto"), or `None` when none of `conjunctions`
/// ends it as a word ("&" needs no blank before it). `caseless`: "OR" counts as "or".
pub(super) fn conjunction_before<'a>(
    text: &'a str,
    i: usize,
    conjunctions: &[&str],
    caseless: bool,
) -> Option<&'a str> {
    let head = text[..i].trim_end_matches([' ', '\u{a0}']);
    conjunctions.iter().find_map(|c| {
        let r = head.get(..head.len().checked_sub(c.len())?)?;
        let tail = &head[r.len()..];
        let same = if caseless {
            tail.eq_ignore_ascii_case(c)
        } else {
            tail == *c
        };
        (same && (*c == "&" || r.ends_with([' ', '\u{a0}'])))
            .then(|| r.trim_end_matches([' ', '\u{a0}']))
    })
}

/// May in French, German, Romanian and Norwegian ("mai"), Dutch and Indonesian ("mei"), Polish,
/// Swedish and Danish ("maj"): the month list keeps words of four letters or more (three-letter
/// words are English words and abbreviations too), so these count only after a day ("3 mei",
/// "am 3. Mai 2021"), where nothing else reads them.
pub(super) fn is_short_may(word: &str) -> bool {
    ["mai", "mei", "maj"]
        .iter()
        .any(|m| word.eq_ignore_ascii_case(m))
}

/// August in Spanish, Italian and Portuguese ("31 ago", "15 ago 2021", "10 de ago.") is the
/// English "ago": a date only with its year or connector (`certain`) or after a word that
/// announces a date ("on the 31 ago", "el 3 ago"), never in "3 days ago" (the unit comes
/// between).
pub(super) fn is_latin_ago(text: &str, day_start: usize, month: &str, certain: bool) -> bool {
    if !month.eq_ignore_ascii_case("ago") {
        return false;
    }
    certain || date_word_before(text, day_start)
}

/// Whether a word that announces a date comes right before byte `i` ("on the 11 mag", "el 3
/// ago", "the week of 7 mag", "vaccine 23 sty").
pub(super) fn date_word_before(text: &str, i: usize) -> bool {
    match word_before(text, i).as_str() {
        "on" | "the" | "el" | "il" | "em" | "le" | "dal" | "al" | "desde" | "since" | "until" => {
            true
        }
        // "her first COVID vaccine 23 sty.": what happened that day right before it
        "vaccine" | "vaccinated" | "vax" | "appointment" | "appt" | "visit" => true,
        // "DISCHARGED TO HOME 12 LUG WITH", "vaccine received 3 set"
        "home" | "received" => true,
        // "TESTED POSITIVE FOR COVID 14 SET IN CLINIC" (not the disease's "COVID 19")
        "covid" => !text[i..].starts_with("19"),
        "of" => word_before_word(text, i) == "week",
        _ => false,
    }
}

/// Whether `s` ends with a day and month of one or two digits each, joined by a slash, period or
/// hyphen, maybe with the period that ends them ("16/08", "16.08.", "3-9"), and no number before.
pub(super) fn ends_with_numeric_day_month(s: &str) -> bool {
    let b = s.trim_end_matches([' ', '\u{a0}']).as_bytes();
    let b = b.strip_suffix(b".").unwrap_or(b);
    let second = b.iter().rev().take_while(|c| c.is_ascii_digit()).count();
    if !(1..=2).contains(&second) || b.len() < second + 2 {
        return false;
    }
    let sep = b[b.len() - second - 1];
    let head = &b[..b.len() - second - 1];
    let first = head.iter().rev().take_while(|c| c.is_ascii_digit()).count();
    let before = head.len().checked_sub(first + 1).map(|k| head[k]);
    matches!(sep, b'/' | b'.' | b'-')
        && (1..=2).contains(&first)
        && !before.is_some_and(|c| c.is_ascii_alphanumeric() || matches!(c, b'.' | b'/' | b'-'))
}
