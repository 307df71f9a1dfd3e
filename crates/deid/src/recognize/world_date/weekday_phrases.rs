//! Weekday phrases of the world's narratives that make a date of their own: a weekday, "den" and
//! a day ("tirs. den 9."), a weekday after "last" that a date then names ("last tis that was
//! 20110523"), a weekday's abbreviation before a part of the day ("So. morning", "tors am"), and
//! an abbreviated month or weekday right before its day ("Abr 5", "vie 30"). Split from
//! `weekdays`, which joins a weekday to a date next to it.

use super::weekdays::{
    CLINICAL_BEFORE_NUMBER, TWO_LETTER_WEEKDAYS_UNDOTTED, WEEKDAY_WORDS_BEFORE_A_DAY,
};
use super::*;

impl WorldDateRecognizer {
    /// A weekday, "den" and the day with its period, as Danish, Norwegian and Swedish write a
    /// date without its month: "woke up tirs. den 9. with", "fre den 3." (the weekday listed, so
    /// that an English "den" is never read: "the den 9. ").
    pub(super) fn weekday_den_day(&self, text: &str, out: &mut Vec<Cand>) {
        // (a cheap gate: most narratives have no "den " at all)
        if !text
            .as_bytes()
            .windows(4)
            .any(|w| w[..3].eq_ignore_ascii_case(b"den") && w[3] == b' ')
        {
            return;
        }
        for c in self.weekday_den_day.captures_iter(text) {
            let (w, d) = (c.name("w").expect("weekday"), c.name("d").expect("day"));
            let folded = fold(w.as_str());
            let day: u32 = d.as_str().parse().unwrap_or(0);
            let listed = self.weekday_abbreviations.contains(folded.as_ref())
                || self.weekday_words.contains(folded.as_ref())
                || is_english_weekday(&folded);
            if listed
                && w.as_str().chars().count() > 2
                && (1..=31).contains(&day)
                && !is_word(char_before(text, w.start()))
                && !text[d.end() + 1..].starts_with(|ch: char| ch.is_ascii_digit())
            {
                out.push(date_cand(w.start(), d.end() + 1));
            }
        }
    }

    /// A weekday after "last", "this", "next" or "past" (the word at `start..end`) and before
    /// "that", "which" or "when", as a narrative writes one that a date then names: "the
    /// vaccination last tis that was 20110523", "last dim. that was", "LAST SUN THAT WAS"
    /// (English, in a document without capitals), "last Th 7 that was" (Vietnamese "Thứ 7",
    /// Saturday). Two letters only those no English word is ("last ti that"; not "this pt. that
    /// was", "last so that"); a weekday that is an English word too only with its period ("last
    /// dim. that"), or a letter English has not, or one never written so in English ("last tis").
    pub(super) fn announced_weekday(&self, text: &str, start: usize, end: usize) -> Option<Cand> {
        let word = &text[start..end];
        let folded = fold(word);
        let mut rest = &text[end..];
        let mut span_end = end;
        // "Th 7", "thứ 7": the weekday's number
        let vietnamese = matches!(folded.as_ref(), "th" | "thu")
            && rest
                .trim_start_matches(' ')
                .starts_with(|ch: char| ('2'..='7').contains(&ch));
        if vietnamese {
            let digit = rest.len() - rest.trim_start_matches(' ').len();
            span_end = end + digit + 1;
            rest = &text[span_end..];
            if rest.starts_with(|ch: char| ch.is_alphanumeric()) {
                return None;
            }
        }
        let dotted = rest.starts_with('.');
        let after = rest
            .trim_start_matches('.')
            .trim_start_matches(',')
            .trim_start_matches([' ', '\u{a0}']);
        let next = after
            .split(|ch: char| !ch.is_alphabetic())
            .next()
            .unwrap_or("");
        if !matches!(next.to_lowercase().as_str(), "that" | "which" | "when")
            || after.len() == rest.len()
        {
            return None;
        }
        let letters = word.chars().count();
        let listed = vietnamese
            || (letters == 2
                && (TWO_LETTER_WEEKDAYS_UNDOTTED.contains(&folded.as_ref())
                    || !word.is_ascii()
                    // "the vaccination last Do. that was": or with its period, which no English
                    // word of two letters takes there (not the patient, by mouth, a month: "this
                    // pt. that was", "last mo. that")
                    || (dotted && !matches!(folded.as_ref(), "pt" | "po" | "st" | "mo"))
                    // ("last Mo. that was": German Monday in a capital no month's abbreviation
                    // takes mid-sentence; in one case only with the date it names right after:
                    // "LAST MO. THAT WAS 31.10.2011")
                    || (dotted && folded == "mo" && (word == "Mo" || names_a_date(after))))
                && self.weekday_abbreviations.contains(folded.as_ref()))
            || (letters > 2
                && (self.weekday_abbreviations.contains(folded.as_ref())
                    || is_english_weekday(&folded)
                    || (self.weekday_words.contains(folded.as_ref())
                        && (!word.is_ascii()
                            || WEEKDAY_WORDS_BEFORE_A_DAY.contains(&folded.as_ref())
                            || (dotted && !ENGLISH_AFTER_LAST.contains(&folded.as_ref()))))));
        listed.then(|| date_cand(start, span_end))
    }

    /// A weekday's abbreviation before a part of the day: "until So. morning", "mån am", "took to MD
    /// tis @ 12noon", "lør eve" (two letters only with their period: "so am I" is English).
    pub(super) fn weekday_before_day_part(&self, text: &str, out: &mut Vec<Cand>) {
        for part in self.day_part.find_iter(text) {
            // the word before: letters, then maybe its period, then blanks
            let head = text[..part.start()].trim_end_matches([' ', '\t', '\u{a0}']);
            let (dotted, head) = match head.strip_suffix('.') {
                Some(h) => (true, h),
                None => (false, head),
            };
            let start = letters_start(head);
            // Portuguese names its weekdays by an ordinal and "-feira" ("took to MD segunda-feira
            // @ 12noon", "quinta-feira eve"): the whole name
            if let Some(ordinal) = head[..start]
                .strip_suffix('-')
                .filter(|_| head[start..].eq_ignore_ascii_case("feira"))
            {
                let o = letters_start(ordinal);
                if matches!(
                    fold(&ordinal[o..]).as_ref(),
                    "segunda" | "terca" | "quarta" | "quinta" | "sexta"
                ) && !is_word(char_before(text, o))
                {
                    out.push(date_cand(o, head.len()));
                    continue;
                }
            }
            let word = &head[start..];
            let letters = word.chars().count();
            if !(2..=12).contains(&letters) || is_word(char_before(text, start)) {
                continue;
            }
            let w = start..head.len();
            let folded = fold(word);
            // two letters without a period only where no English word or clinical abbreviation
            // is written so ("ke am", "lö eve"; not "so am I", "PE am")
            let two_ok = dotted
                || !word.is_ascii()
                || TWO_LETTER_WEEKDAYS_UNDOTTED.contains(&folded.as_ref());
            // a whole word ("diam" is no "di am")
            if is_word(text[w.end..].chars().next()) {
                continue;
            }
            // ("tors am": those no English sentence writes before a number write none before a
            // part of the day either)
            // ... or one that is an English word too, announced by a word no English sentence
            // puts before it and a part of the day ("On sob. morning 15.6", "until Min morning")
            let announced = || {
                letters > 2
                    && self.weekday_words.contains(folded.as_ref())
                    && matches!(
                        word_before(text, w.start).as_str(),
                        "on" | "until" | "till" | "since" | "by"
                    )
                    && text[w.end..]
                        .trim_start_matches(['.', ' '])
                        .starts_with(|ch: char| ch.is_alphabetic())
            };
            // ... or with its period before "@" ("took to MD sex. @ 12noon", "man. @"), which
            // no English word takes so
            let before_at = dotted
                && letters > 2
                && part.as_str() == "@"
                && self.weekday_words.contains(folded.as_ref())
                // (not the units and prepositions: "10 min. @ 3pm")
                && !matches!(folded.as_ref(), "min" | "per" | "sub");
            let listed = self.weekday_abbreviations.contains(folded.as_ref())
                || self.is_foreign_weekday_word(word)
                || WEEKDAY_WORDS_BEFORE_A_DAY.contains(&folded.as_ref())
                || announced()
                || before_at;
            // "starting on So. the day after the vaccine": before "the day after" only with a
            // word of when before it ("told him so. The day after" is English)
            let day_named =
                part.as_str().len() > 4 && part.as_str()[..4].eq_ignore_ascii_case("the ");
            let when_before = || {
                matches!(
                    word_before(text, w.start).as_str(),
                    "on" | "until" | "till" | "since" | "by"
                )
            };
            if listed
                && (letters > 2 || two_ok)
                && !is_english_month(&folded)
                && (!day_named
                    || (dotted && when_before() && !matches!(folded.as_ref(), "pt" | "po" | "st"))
                    // ("starting on tors the day after": or one no English sentence writes)
                    || (when_before() && WEEKDAY_WORDS_BEFORE_A_DAY.contains(&folded.as_ref())))
            {
                out.push(date_cand(w.start, w.end));
            }
        }
    }
    /// An abbreviated month or weekday of another language before a day of the month: "Vaccine
    /// received Abr 5", "Released vie 30 around noon". Three letters or more (the lists hold no
    /// English word), never an English month ("Mar 5" is in `recognize/date`), and no amount, unit or
    /// further number after the day ("sep 3 mg" is no date).
    pub(super) fn abbreviation_before_day(&self, text: &str, out: &mut Vec<Cand>) {
        for c in self.word_day.captures_iter(text) {
            let (w, d) = (c.name("w").expect("word"), c.name("d").expect("day"));
            // two letters only in another script and with a period or comma ("пт, 13"), or
            // those no English word ("WOKE UP DI 18", "RELEASED VR 21")
            let folded = fold(w.as_str());
            let two = w.as_str().chars().count() < 3;
            // ... or of the Latin script with a letter English has not before a day with its
            // period ("RELEASED PÁ 4. AROUND NOON"; "số 12 phố" is a house number)
            // ... or with a period and a comma before a day with its period ("Released Fr., 28.
            // around noon"), which no English word takes
            // ... or a listed one with both ("Released pt., 4 around noon": Polish Friday), where
            // no number comes before it ("2 mo., 3 wks")
            let number_before = || {
                text[..w.start()]
                    .trim_end_matches([' ', '\u{a0}'])
                    .ends_with(|ch: char| ch.is_ascii_digit())
            };
            let listed_two = TWO_LETTER_WEEKDAYS_UNDOTTED.contains(&folded.as_ref())
                || (&c["p"] == ".," && text[d.end()..].starts_with('.'))
                || (&c["p"] == ".,"
                    && self.weekday_abbreviations.contains(folded.as_ref())
                    // ("Fr., 28 pts": a catheter's French gauge)
                    && folded != "fr"
                    && !number_before())
                || (!w.as_str().is_ascii()
                    && w.as_str().chars().any(|ch| ch.is_ascii_alphabetic())
                    && text[d.end()..].starts_with('.'));
            if two && !listed_two && (w.as_str().is_ascii() || c["p"].is_empty()) {
                continue;
            }
            if is_word(char_before(text, w.start())) || self.month_follows(text, d.end()) {
                continue;
            }
            // a weekday that is an English word too only with a letter English has not ("sön 5")
            // or where no English word is written before a number ("Released vie 10")
            // ... or with both a period and a comma, which no English word takes before a
            // number ("Released sex., 30 around noon": Portuguese Friday)
            // (";ABRIL 8 FEVER 106": a whole month of another language first, as Spanish and
            // Portuguese write a date in English word order)
            // "to local ER on man. 4. upon worsening": with its period after a word of when,
            // before a day with its own period, as Danish and Norwegian write it
            let dotted_after_when = || {
                &c["p"] == "."
                    && text[d.end()..].starts_with(". ")
                    && matches!(
                        word_before(text, w.start()).as_str(),
                        "on" | "until" | "since" | "by"
                    )
                    && !ENGLISH_AFTER_LAST[..3].contains(&folded.as_ref())
            };
            let listed = self.month_abbreviations.contains(folded.as_ref())
                || self.weekday_abbreviations.contains(folded.as_ref())
                || self.months.contains(folded.as_ref())
                || (self.weekday_words.contains(folded.as_ref()) && dotted_after_when())
                || (self.weekday_words.contains(folded.as_ref())
                    && (!w.as_str().is_ascii()
                        || &c["p"] == ".,"
                        || WEEKDAY_WORDS_BEFORE_A_DAY.contains(&folded.as_ref())))
                // "PRESENTED TO ED SET 18 WITH": a month that is an English word too after the
                // place or event a date follows, and before a clause's end or its preposition
                // ("the ED set 2 beds aside" stays)
                || (self.month_words.contains(folded.as_ref())
                    && matches!(
                        word_before(text, w.start()).as_str(),
                        "ed" | "er" | "admitted" | "discharged" | "seen" | "covid"
                    )
                    && (text[d.end()..].starts_with(['.', ',', ';', ')'])
                        || text[d.end()..].is_empty()
                        || matches!(
                            word_after(text, d.end()).as_str(),
                            "with" | "for" | "and" | "at" | "after" | "via" | "complaining"
                        )
                        // "tested positive for COVID Ago 15 in outpatient clinic"
                        || (word_before(text, w.start()) == "covid"
                            && word_after(text, d.end()) == "in")))
                // "the first dose on the nob 15 and": or after "on the", as a date's day is
                // ("on the 20 sty"; Filipino November)
                || (self.month_words.contains(folded.as_ref())
                    && word_before(text, w.start()) == "the"
                    && word_before_word(text, w.start()) == "on"
                    && !MONTH_WORDS_NEVER_BEFORE_A_YEAR.contains(&folded.as_ref())
                    && c["p"].is_empty());
            let day: u32 = d.as_str().parse().unwrap_or(0);
            // "continued through Di., 4.12 and": with its period and comma before a day and
            // month of numbers and periods, the date's month too
            // ("through tiistaina 11FEB and ke 12.2.": or a two-letter one that is no English
            // word before a day and month that end with their period, as Finnish writes them)
            let month_end = dotted_month_end(text, d.end());
            let bare_two = c["p"].is_empty()
                && TWO_LETTER_WEEKDAYS_UNDOTTED.contains(&folded.as_ref())
                && month_end.is_some_and(|e| text[e..].starts_with('.'));
            // ("continued through Di. 13.9 and": or one of those with its period alone)
            let dotted_two =
                &c["p"] == "." && TWO_LETTER_WEEKDAYS_UNDOTTED.contains(&folded.as_ref());
            let end = match month_end {
                Some(e) if &c["p"] == ".," || bare_two || dotted_two => e,
                _ => d.end(),
            };
            // "MARCHA CON FÉRULA EN DIC 97", "mejoría en ago 97": a month's abbreviation of
            // another language and a year of two digits, after a preposition of that language
            // or at a line's start before a colon
            // (no day is more than 31; "DIC" is a clinical abbreviation only where none stands)
            let month_year = (32..=99).contains(&day)
                && d.as_str().len() == 2
                && c["p"].len() <= 1
                && (self.month_abbreviations.contains(folded.as_ref())
                    || self.month_words.contains(folded.as_ref())
                    || self.months.contains(folded.as_ref()))
                && (MONTH_YEAR_PREPOSITIONS.contains(&word_before(text, w.start()).as_str())
                    // "methyldopa since Des 96", "SINCE ORDIBEHESHT 75": or an English word of
                    // since when, before a month that is no English word ("since out 96")
                    || (matches!(
                        word_before(text, w.start()).as_str(),
                        "since" | "from" | "until" | "till"
                    ) && !ENGLISH_MONTH_WORDS.contains(&folded.as_ref()))
                    // "\nDIC 97: ENCÍAS HIPERTRÓFICAS": or opening a line's entry before its
                    // colon, as a dated history writes it
                    || ((text[..w.start()].trim_end_matches([' ', '\u{a0}']).ends_with('\n')
                        || text[..w.start()].trim().is_empty())
                        && text[d.end()..].starts_with(':')));
            if month_year
                && !is_english_month(&folded)
                && !continues_number(text, d.end(), b"./:,")
                && !is_amount_or_unit(&word_after(text, d.end()))
            {
                out.push(date_cand(w.start(), d.end()));
                continue;
            }
            if !listed
                || is_english_month(&folded)
                // (no clinical abbreviation takes a period and a comma: "woke up ter., 10")
                || (CLINICAL_BEFORE_NUMBER.contains(&folded.as_ref()) && &c["p"] != ".,")
                || !(1..=31).contains(&day)
                || continues_number(text, end, b"./:,")
                || is_amount_or_unit(&word_after(text, end))
            {
                continue;
            }
            out.push(date_cand(w.start(), end));
        }
    }
}

/// Months of other languages that are English words, which an English preposition does not
/// make a month ("since out 96", "from sub 40").
const ENGLISH_MONTH_WORDS: &[&str] = &[
    "out", "sub", "pro", "led", "mac", "vas", "avg", "dub", "rugs", "lip", "mag", "set", "mar",
    "ago",
];

/// The prepositions of the other languages before a month and a year of two digits ("en dic
/// 97", "em ago 96", "dal giu 95", "depuis déc 94"), lower case as `word_before` gives them.
const MONTH_YEAR_PREPOSITIONS: &[&str] = &[
    "en", "em", "de", "desde", "hasta", "ate", "até", "dal", "nel", "del", "fino", "depuis", "au",
    "seit", "im", "ab", "bis", "sinds",
];

/// Whether "that was" and a number follow (`after` starts at "that"): the date a weekday
/// announced names ("last MO. that was 31.10.2011").
fn names_a_date(after: &str) -> bool {
    let mut words = after.split([' ', '\u{a0}']).filter(|w| !w.is_empty());
    words.next().is_some_and(|w| w.eq_ignore_ascii_case("that"))
        && words.next().is_some_and(|w| w.eq_ignore_ascii_case("was"))
        && words
            .next()
            .is_some_and(|w| w.starts_with(|ch: char| ch.is_ascii_digit()))
}

/// Weekday words of another language that are English words too and are no weekday even with
/// their period after "last" or "this" ("this min. that", "the last man. that", "per.", "sub.").
/// (The first three are a unit and prepositions, never a weekday before a day either: "on min.
/// 4.")
const ENGLISH_AFTER_LAST: [&str; 5] = ["min", "per", "sub", "sex", "man"];

/// The end of a month's number right after a day's at `i` (".12" of "4.12", and of "4.12."): a
/// real month and no number going on after it.
fn dotted_month_end(text: &str, i: usize) -> Option<usize> {
    let rest = text[i..].strip_prefix('.')?;
    let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
    let month: u32 = rest.get(..digits)?.parse().ok()?;
    if !(1..=2).contains(&digits) || !(1..=12).contains(&month) {
        return None;
    }
    let end = i + 1 + digits;
    (!continues_number(text, end, b"./:,-")).then_some(end)
}
