//! Weekdays of the world's narratives around a date: a weekday's abbreviation before a date
//! ("Do., 7. Okt. 2021"), before a part of the day ("So. morning", "tors am"), or an abbreviated
//! month or weekday right before its day ("Abr 5", "vie 30"). The lists are `WorldDateRecognizer`'s.

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
            // "am So 29.09.2019", "bis Mo 4.10.": a German preposition before the weekday's
            // two letters and a day-first date (English writes no "am so 29.09")
            let german_on = || {
                matches!(
                    word_before(text, start).as_str(),
                    "am" | "vom" | "bis" | "ab" | "seit"
                ) && day_first()
                    && GERMAN_WEEKDAYS.contains(&folded.as_ref())
            };
            let bare_ok = !bare
                || (word.chars().count() > 2
                    && (!CLINICAL_BEFORE_NUMBER.contains(&folded.as_ref())
                        || (matches!(folded.as_ref(), "mer" | "ven" | "ter")
                            && (foreign_month() || day_and_month()))
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
                || german_on();
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
                    || german_on())
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
            // (no day is more than 31; "DIC" is a clinical abbreviation only where none stands)
            let month_year = (32..=99).contains(&day)
                && d.as_str().len() == 2
                && c["p"].len() <= 1
                && (self.month_abbreviations.contains(folded.as_ref())
                    || self.month_words.contains(folded.as_ref())
                    || self.months.contains(folded.as_ref()))
                && MONTH_YEAR_PREPOSITIONS.contains(&word_before(text, w.start()).as_str());
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

/// Abbreviations of months and weekdays that are clinical abbreviations before a number too
/// ("seg 18" segmented neutrophils, "BAL 12" a lavage, "sal 2 puffs", "SAM 2", "mer 10"
/// meropenem, "ven 5", Portuguese "tem 5 anos", Spanish "uno 5").
const CLINICAL_BEFORE_NUMBER: [&str; 9] = [
    "seg", "bal", "sal", "sam", "mer", "ven", "tem", "uno", "ter",
];

/// Two-letter weekday abbreviations read before a part of the day without their period ("ke am":
/// Finnish Wednesday; "vr eve"; "su @ 12noon": Finnish Sunday): none is an English word or a
/// clinical abbreviation written before "am", "morning" or "@" ("so am I", "PE am", "MI
/// morning", "to am", "lump on LA @ site").
/// German weekday abbreviations, read as weekdays after a German preposition ("am So 29.09.").
const GERMAN_WEEKDAYS: [&str; 7] = ["mo", "di", "mi", "do", "fr", "sa", "so"];

pub(super) const TWO_LETTER_WEEKDAYS_UNDOTTED: [&str; 8] =
    ["ke", "ti", "wo", "vr", "za", "zo", "di", "su"];

/// Weekday abbreviations that are English words too but never written before a number in English
/// ("vie 10": Spanish Friday; "tis 29", "tors 3": Swedish and Norwegian Tuesday and Thursday;
/// "pią": Polish Friday; not "sob", shortness of breath: "SOB 19FEB91").
pub(super) const WEEKDAY_WORDS_BEFORE_A_DAY: [&str; 4] = ["vie", "tis", "tors", "pia"];

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
