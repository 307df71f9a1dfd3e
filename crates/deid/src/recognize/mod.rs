//! Regular-expression recognizers producing typed PHI spans.
//!
//! The structured identifiers of a case narrative (dates, ages, phone numbers, e-mail and web
//! addresses, report and record numbers, ZIP codes) have regular surface forms, so they are
//! found by patterns in the style of Sahlström (2015, tables 4-7), extended with the forms the
//! VAERS/VigiBase narratives actually use ("23Dec2020", "Jan 11, 2021@15:30", "Test Date:
//! 20201225", "US-PFIZER INC-2020503871"). Names and places are not here: they need lexicons
//! and context, not shapes. Professions are, found by the context that makes one the patient's
//! ("a contactable nurse (patient)", "works as a teacher"): `profession.rs`.
//!
//! The `regex` crate has no look-around, so each pattern is matched generously and then checked
//! in Rust (character before and after, a keyword in the few bytes before, value ranges). All
//! patterns use ASCII word boundaries and ASCII digits, which keeps the lazy DFA usable on
//! non-ASCII text.
//!
//! # Overlaps
//!
//! Every recognizer reports candidates independently; [`Recognizers::find`] then keeps a
//! non-overlapping subset, choosing by priority and then by length:
//!
//! 1. CONTACT (PHONE, FAX, EMAIL, URL, IPADDR) and ID (SSN, IDNUM, MEDICALRECORD, ...): the
//!    most specific shapes; a report number must not be cut into a "date" and a "ZIP".
//! 2. DATE
//! 3. AGE
//! 4. LOCATION/ZIP (a bare 5-digit number is the weakest evidence) and LOCATION/OTHER (a room
//!    number: "Rm 412-B").
//! 5. PROFESSION: a title in context, never inside a shape.
//!
//! Within one priority the longer candidate wins, then the earlier one.

mod age;
mod contact;
mod coordinates;
mod date;
mod flight;
mod gate;
mod glued;
mod ids;
mod profession;
mod world_date;

use crate::phi::{PhiType, Span};
use crate::tokenize::OffsetMap;
pub(crate) use date::{is_english_month, ENGLISH_MONTHS};
use regex::Regex;

/// Priority of CONTACT and ID candidates.
pub(crate) const PRIO_CONTACT_ID: u8 = 4;
/// Priority of DATE candidates.
pub(crate) const PRIO_DATE: u8 = 3;
/// Priority of AGE candidates.
pub(crate) const PRIO_AGE: u8 = 2;
/// Priority of ZIP candidates.
pub(crate) const PRIO_ZIP: u8 = 1;

/// A candidate span in byte offsets, before overlap resolution.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Cand {
    pub start: usize,
    pub end: usize,
    pub kind: PhiType,
    pub prio: u8,
}

/// All regular-expression recognizers, compiled once. `Send + Sync`: share one instance
/// (e.g. behind an `Arc` or a `static`) across threads.
#[derive(Debug, Clone)]
pub struct Recognizers {
    date: date::DateRecognizer,
    age: age::AgeRecognizer,
    contact: contact::ContactRecognizer,
    coordinates: coordinates::Coordinates,
    ids: ids::IdRecognizer,
    world_date: world_date::WorldDateRecognizer,
    profession: profession::ProfessionRecognizer,
}

impl Default for Recognizers {
    fn default() -> Self {
        Recognizers::new()
    }
}

impl Recognizers {
    /// Compile every pattern: about 15 ms of CPU, most of a rules-only run's start-up, so the
    /// recognizers are compiled side by side on the rayon pool (which the documents use next).
    /// Do it once.
    pub fn new() -> Recognizers {
        let ((date, profession), ((ids, world_date), (contact, age))) = rayon::join(
            || {
                rayon::join(
                    date::DateRecognizer::new,
                    profession::ProfessionRecognizer::new,
                )
            },
            || {
                rayon::join(
                    || rayon::join(ids::IdRecognizer::new, world_date::WorldDateRecognizer::new),
                    || rayon::join(contact::ContactRecognizer::new, age::AgeRecognizer::new),
                )
            },
        );
        Recognizers {
            date,
            age,
            contact,
            coordinates: coordinates::Coordinates::new(),
            ids,
            world_date,
            profession,
        }
    }

    /// A title set off right after a person's name that ends at byte `name_end` ("(Marisol
    /// Bird, bakery line supervisor)"), as a byte range: the rules, which know where names end,
    /// ask (`rules/apposition`).
    pub(crate) fn title_after_name(&self, text: &str, name_end: usize) -> Option<(usize, usize)> {
        self.profession.title_after_name(text, name_end)
    }

    /// Non-overlapping PHI spans of `text`, sorted by start, in code point offsets.
    pub fn find(&self, text: &str) -> Vec<Span> {
        let cands = self.resolved(text, crate::tokenize::case_is_informative(text));
        if text.is_ascii() {
            return cands
                .into_iter()
                .map(|c| Span::new(c.start, c.end, c.kind))
                .collect();
        }
        // Count code points incrementally over the sorted byte offsets: no table needed.
        let mut out = Vec::with_capacity(cands.len());
        let (mut byte, mut cp) = (0usize, 0usize);
        let mut to_cp = |b: usize| {
            cp += text[byte..b].chars().count();
            byte = b;
            cp
        };
        for c in cands {
            let s = to_cp(c.start);
            let e = to_cp(c.end);
            out.push(Span::new(s, e, c.kind));
        }
        out
    }

    /// Like [`Recognizers::find`], for callers that already built the text's [`OffsetMap`].
    pub fn find_with(&self, text: &str, map: &OffsetMap) -> Vec<Span> {
        self.spans(text, crate::tokenize::case_is_informative(text), map)
    }

    /// Like [`Recognizers::find_with`], for a tokenized document: its
    /// [`case_is_informative`](crate::tokenize::case_is_informative), computed once, is reused.
    pub fn find_in(&self, doc: &crate::tokenize::Tokenized, map: &OffsetMap) -> Vec<Span> {
        self.spans(doc.text, doc.case_informative, map)
    }

    /// [`Recognizers::find_in`] for several documents, one recognizer at a time over all of
    /// them: a recognizer's automata stay in the CPU's caches from one document to the next.
    pub fn find_many(&self, docs: &[(&crate::tokenize::Tokenized, &OffsetMap)]) -> Vec<Vec<Span>> {
        let texts: Vec<(&str, bool)> = docs
            .iter()
            .map(|(d, _)| (d.text, d.case_informative))
            .collect();
        docs.iter()
            .zip(self.candidates(&texts))
            .map(|((_, map), c)| {
                resolve(c)
                    .into_iter()
                    .map(|c| Span::new(map.cp_from_byte(c.start), map.cp_from_byte(c.end), c.kind))
                    .collect()
            })
            .collect()
    }

    fn spans(&self, text: &str, case_informative: bool, map: &OffsetMap) -> Vec<Span> {
        self.resolved(text, case_informative)
            .into_iter()
            .map(|c| Span::new(map.cp_from_byte(c.start), map.cp_from_byte(c.end), c.kind))
            .collect()
    }

    /// Every candidate of every recognizer, overlaps resolved, sorted by byte start.
    /// `case_informative`: whether the text's case says something (lower-case ids are looked
    /// for only where it does not).
    fn resolved(&self, text: &str, case_informative: bool) -> Vec<Cand> {
        let cands = self.candidates(&[(text, case_informative)]).remove(0);
        resolve(cands)
    }

    /// Every recognizer's candidates for each of `texts` (a text and whether its case says
    /// something), one recognizer at a time over all of them: a recognizer's automata stay in
    /// the CPU's caches from one text to the next. The one list of stages, in their order, for
    /// one document and for a batch.
    fn candidates(&self, texts: &[(&str, bool)]) -> Vec<Vec<Cand>> {
        let mut cands: Vec<Vec<Cand>> = vec![Vec::new(); texts.len()];
        let mut each = |collect: &dyn Fn(&str, bool, &mut Vec<Cand>)| {
            for (&(text, informative), c) in texts.iter().zip(cands.iter_mut()) {
                collect(text, informative, c);
            }
        };
        each(&|t, _, c| self.contact.collect(t, c));
        each(&|t, _, c| self.coordinates.collect(t, c));
        each(&|t, informative, c| self.ids.collect(t, !informative, c));
        // (the dates read "9/23AND9/24" as two: `glued.rs`; the same byte offsets)
        let dates_texts: Vec<_> = texts.iter().map(|&(t, _)| glued::unglue_dates(t)).collect();
        let mut each_date = |collect: &dyn Fn(&str, &mut Vec<Cand>)| {
            for (text, c) in dates_texts.iter().zip(cands.iter_mut()) {
                collect(text, c);
            }
        };
        each_date(&|t, c| self.date.collect(t, c));
        each_date(&|t, c| self.world_date.collect(t, c));
        each_date(&|t, c| self.world_date.extend_over_weekdays(t, c));
        each_date(&|t, c| extend_over_eras(t, c));
        let mut each = |collect: &dyn Fn(&str, &mut Vec<Cand>)| {
            for (&(text, _), c) in texts.iter().zip(cands.iter_mut()) {
                collect(text, c);
            }
        };
        each(&|t, c| self.age.collect(t, c));
        each(&|t, c| self.profession.collect(t, c));
        cands
    }
}

/// A Hijri or Buddhist year's era letters after any date ("11/12/1442 h", "2564 BE") join it.
/// `text` is the text the dates were read in (its byte offsets are the original's).
fn extend_over_eras(text: &str, cands: &mut [Cand]) {
    for c in cands.iter_mut().filter(|c| c.kind == PhiType::Date) {
        c.end += date::era_after_year(text, c.end);
    }
}

/// Keep a non-overlapping subset: higher priority first, then longer, then earlier.
fn resolve(mut cands: Vec<Cand>) -> Vec<Cand> {
    cands.retain(|c| c.end > c.start);
    cands.sort_by(|a, b| {
        b.prio
            .cmp(&a.prio)
            .then((b.end - b.start).cmp(&(a.end - a.start)))
            .then(a.start.cmp(&b.start))
    });
    let mut kept: Vec<Cand> = Vec::with_capacity(cands.len());
    for c in cands {
        // `kept` stays sorted by start; check the neighbours of the insertion point.
        let i = kept.partition_point(|k| k.start < c.start);
        let clash_prev = i > 0 && kept[i - 1].end > c.start;
        let clash_next = i < kept.len() && kept[i].start < c.end;
        if !clash_prev && !clash_next {
            kept.insert(i, c);
        }
    }
    kept
}

/// Compile a pattern written with `\b`, `\d` and `\s` meaning ASCII word boundary, ASCII digit
/// and horizontal blank (space, tab, no-break space). Narrative PHI never spans a line break,
/// and ASCII boundaries keep the DFA fast on non-ASCII text. Do not use these three escapes
/// inside a character class.
pub(crate) fn compile(pattern: &str) -> Regex {
    let p = pattern
        .replace(r"\b", r"(?-u:\b)")
        .replace(r"\d", "[0-9]")
        .replace(r"\s", r"[ \t\x{A0}]");
    Regex::new(&p).unwrap_or_else(|e| panic!("invalid recognizer pattern {pattern}: {e}"))
}

/// The largest character boundary at or before byte offset `i` (recognizers compute offsets
/// such as `start - 2` that may fall inside a multi-byte character: "José-45").
pub(crate) fn floor_boundary(text: &str, i: usize) -> usize {
    let mut i = i.min(text.len());
    while !text.is_char_boundary(i) {
        i -= 1;
    }
    i
}

/// Where the letters that end `head` start ("by sób" -> the byte of "s"); `head.len()` when it
/// ends with no letter. A char boundary always, whatever the letters' scripts.
pub(crate) fn letters_start(head: &str) -> usize {
    head.char_indices()
        .rev()
        .take_while(|(_, ch)| ch.is_alphabetic())
        .last()
        .map_or(head.len(), |(i, _)| i)
}

/// How many ASCII digits end `head` ("ref 2020-17" -> 2).
pub(crate) fn trailing_digits(head: &str) -> usize {
    head.bytes().rev().take_while(u8::is_ascii_digit).count()
}

/// The character just before byte offset `i`.
pub(crate) fn char_before(text: &str, i: usize) -> Option<char> {
    text[..floor_boundary(text, i)].chars().next_back()
}

/// The character at byte offset `i` (the one containing it, if `i` falls inside a character).
pub(crate) fn char_at(text: &str, i: usize) -> Option<char> {
    text[floor_boundary(text, i)..].chars().next()
}

/// Up to `n` bytes of text before byte offset `i` (shortened to a character boundary),
/// lower-cased, for keyword checks.
pub(crate) fn window_before(text: &str, i: usize, n: usize) -> String {
    let i = floor_boundary(text, i);
    let mut s = i.saturating_sub(n);
    while !text.is_char_boundary(s) {
        s += 1;
    }
    text[s..i].to_ascii_lowercase()
}

/// The last ASCII word (letters only) before byte offset `i`, skipping blanks and punctuation
/// other than a line break, lower-cased. Empty when there is none.
pub(crate) fn word_before(text: &str, i: usize) -> String {
    let (head, start) = last_word(text, i);
    head[start..].to_ascii_lowercase()
}

/// The word before the word that [`word_before`] reads at `i`, lower-cased: "on" in "on the 11.9",
/// "week" in "the week of 19-7".
pub(crate) fn word_before_word(text: &str, i: usize) -> String {
    let (head, start) = last_word(text, i);
    word_before(head, start)
}

/// The text before byte `i` without the blanks and punctuation [`word_before`] skips, and the
/// byte where its last ASCII word starts.
fn last_word(text: &str, i: usize) -> (&str, usize) {
    let head = &text[..floor_boundary(text, i)];
    let trimmed = head.trim_end_matches([' ', '\t', ',', '(', ':', '\u{a0}']);
    // the byte after the last non-letter: that character may be several bytes long ("Café")
    let start = trimmed
        .char_indices()
        .rev()
        .find(|(_, c)| !c.is_ascii_alphabetic())
        .map_or(0, |(p, c)| p + c.len_utf8());
    (trimmed, start)
}

/// The next ASCII word (letters only) after byte offset `i`, skipping blanks, lower-cased.
pub(crate) fn word_after(text: &str, i: usize) -> String {
    let tail = text[floor_boundary(text, i)..].trim_start_matches([' ', '\t', '\u{a0}']);
    let end = tail
        .find(|c: char| !c.is_ascii_alphabetic())
        .unwrap_or(tail.len());
    tail[..end].to_ascii_lowercase()
}

/// Whether `c` continues a number or a word (so a match next to it is part of something else).
pub(crate) fn is_word(c: Option<char>) -> bool {
    c.is_some_and(|c| c.is_alphanumeric())
}

/// Whether the text at byte offset `i` starts with `sep` (one of `.`, `/`, `-`) followed by
/// an ASCII digit: a match followed by this continues into a longer number.
pub(crate) fn continues_number(text: &str, i: usize, seps: &[u8]) -> bool {
    let b = text.as_bytes();
    i + 1 < b.len() && seps.contains(&b[i]) && b[i + 1].is_ascii_digit()
}

/// Whether a `prefix` separator plus digit (`1.`, `1/`) ends just before byte offset `i`.
pub(crate) fn preceded_by_number(text: &str, i: usize, seps: &[u8]) -> bool {
    let b = text.as_bytes();
    i >= 2 && seps.contains(&b[i - 1]) && b[i - 2].is_ascii_digit()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spans(text: &str) -> Vec<(String, PhiType)> {
        let r = Recognizers::new();
        r.find(text)
            .into_iter()
            .map(|s| {
                (
                    text.chars().skip(s.start).take(s.end - s.start).collect(),
                    s.kind,
                )
            })
            .collect()
    }

    #[test]
    fn a_hijri_or_buddhist_year_with_its_eras_letters() {
        let dates = |text: &str| -> Vec<String> {
            spans(text)
                .into_iter()
                .filter(|(_, k)| *k == PhiType::Date)
                .map(|(s, _)| s)
                .collect()
        };
        assert_eq!(
            dates("received spikevax dose 1 on 11/12/1442 h (21jul2021) at qassim"),
            ["11/12/1442 h", "21jul2021"]
        );
        assert_eq!(
            dates("dose 2 on 16/01/1443 AH without event"),
            ["16/01/1443 AH"]
        );
        assert_eq!(
            dates("ON RHZE SINCE 1399/07/20 FROM THE DOTS CENTRE; discharged 15/07/2564 BE"),
            ["1399/07/20", "15/07/2564 BE"]
        );
        assert_eq!(
            dates("history: none. dose 2 given as comirnaty on 16/01/1443 h without event."),
            ["16/01/1443 h"]
        );
        // (never a word after a Gregorian year: "on 12/03/2020 he said")
        assert_eq!(dates("seen on 12/03/2020 he said"), ["12/03/2020"]);
    }

    #[test]
    fn recognizers_are_send_and_sync() {
        fn assert_send_sync<T: Send + Sync>() {}
        assert_send_sync::<Recognizers>();
    }

    #[test]
    fn resolve_prefers_priority_then_length() {
        let c = |start, end, prio| Cand {
            start,
            end,
            kind: PhiType::Date,
            prio,
        };
        // the priority-3 span wins over both lower-priority spans it overlaps
        let kept = resolve(vec![c(0, 5, 1), c(3, 9, 2), c(7, 20, 3), c(20, 22, 2)]);
        assert_eq!(kept, vec![c(0, 5, 1), c(7, 20, 3), c(20, 22, 2)]);
        let kept = resolve(vec![c(0, 4, 2), c(2, 6, 2), c(10, 12, 1)]);
        assert_eq!(kept, vec![c(0, 4, 2), c(10, 12, 1)]);
    }

    #[test]
    fn helpers_respect_char_boundaries() {
        let t = "é😀 on BP 12/21";
        let i = t.find("12").unwrap();
        assert_eq!(word_before(t, i), "bp");
        assert_eq!(window_before(t, i, 9), " on bp ");
        assert_eq!(word_after(t, 0), "");
        assert_eq!(char_before(t, t.find(" on").unwrap()), Some('😀'));
    }

    #[test]
    fn non_ascii_offsets_are_code_points() {
        let text = "Patiënt 😀 vacciné le 23Dec2020, 53 yo";
        let got = spans(text);
        assert_eq!(
            got,
            vec![
                ("23Dec2020".to_string(), PhiType::Date),
                ("53".to_string(), PhiType::Age)
            ]
        );
        let r = Recognizers::new();
        let map = OffsetMap::new(text);
        assert_eq!(r.find_with(text, &map), r.find(text));
        let doc = crate::tokenize::Tokenized::new(text);
        assert_eq!(r.find_in(&doc, &map), r.find(text));
    }
}
