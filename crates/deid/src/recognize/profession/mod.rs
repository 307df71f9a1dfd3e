//! PROFESSION: the occupation of the patient or a relative ("works as a teacher", "a 49-year-old
//! female nurse", "a contactable nurse (patient)"), and nobody else's: the reporting physician's
//! qualification is not PHI (`phi-guidelines.md`). An occupation is known from
//! `lexicons/context/occupations.txt` (Faker's job titles and the E2B reporter qualifications):
//! the last word of a title is an occupation ("nurse", "assistant"), its other words are the
//! modifiers that may come before one ("registered", "certified nursing").
//!
//! Being an occupation word is not enough ("the nurse gave the vaccine"): it counts only where
//! the narrative says it is the patient's or a relative's.
//!
//! - after a self-description: "I am a", "I work as", "she is a", "my husband who is a",
//!   "patient is a 46y/o male", "works as", "employed as", "occupation:";
//! - after an age and a sex: "a 49-year-old female nurse", "46 yo male CNA";
//! - the Pfizer form, when the reporter is the patient or a relative: "a contactable nurse
//!   (patient)", "a contactable physician (patient's husband)", "a contactable other health
//!   professional reporting for herself";
//! - before "(patient)" or ", who is the patient's …": "Registered nurse (patient) was calling", "a
//!   physician, who is the patient's mother".
//! - a title with a second one in brackets after a self-description with an age or a sex, whatever
//!   their words: "Patient is a 32y/o male employée administrative (MÉDECIN SPÉCIALISTE)." (the
//!   shape of the 2021 report "… male certified nursing assistant (CNA).", with titles of any
//!   language).
//!
//! - set off right after a patient's or relative's name: "(Marisol Bird, bakery line supervisor)"
//!   (`apposition`, asked by the rules, which know where a name ends).
//!
//! The span is the whole title: the occupation with the modifiers before it.

use super::{compile, Cand};
use crate::phi::PhiType;
use regex::Regex;
use std::collections::HashSet;

mod apposition;
mod described;
mod employer;
mod titles;
use employer::employer_follows;
mod words;
use words::*;

const OCCUPATIONS: &str = include_str!("../../../../../lexicons/context/occupations.txt");

/// A bracketed note of words that ends the text before byte `at` ("Scientist, research
/// (medical) (patient)": the note before "(patient)"), as the bytes of its opening bracket and
/// the end of its closing one.
fn note_before(text: &str, at: usize) -> Option<(usize, usize)> {
    let head = text[..at].trim_end_matches([' ', '\u{a0}']);
    let inner_end = head.len().checked_sub(1).filter(|_| head.ends_with(')'))?;
    let open = head[..inner_end].rfind('(')?;
    let note = &head[open + 1..inner_end];
    let words = note.split_whitespace().count();
    let n = note.trim().to_lowercase();
    ((1..=4).contains(&words)
        && note.chars().all(|ch| ch.is_alphabetic() || ch == ' ')
        && !matches!(n.as_str(), "patient" | "pt" | "the patient"))
    .then_some((open, head.len()))
}

/// The word right after byte `end` past one blank, lower-cased ("Professor de artes": "de").
fn word_at(text: &str, end: usize) -> Option<String> {
    let rest = text[end..].strip_prefix(' ')?;
    let len = rest
        .char_indices()
        .find(|(_, ch)| !ch.is_alphabetic())
        .map_or(rest.len(), |(k, _)| k);
    (len > 0).then(|| rest[..len].to_lowercase())
}

/// The length of a bracketed note at the start of `rest` that another bracket naming the patient
/// or the form's "reporting for herself" follows (" (contracting) (patient)", " (consulting)
/// reporting for herself"), if so.
fn note_before_patient(rest: &str) -> Option<usize> {
    let inner = rest.trim_start_matches([' ', '\u{a0}']).strip_prefix('(')?;
    let close = inner.find(')')?;
    let note = &inner[..close];
    let after = inner[close + 1..].trim_start_matches([' ', '\u{a0}']);
    // ... or the form's "reporting for herself", "reporting on himself"
    let lower = after.to_lowercase();
    // (a note that names the patient is none: "pharmacist (patient) reported for herself")
    let names_patient = {
        let n = note.trim().to_lowercase();
        n.starts_with("patient") || n.starts_with("the patient") || n == "pt"
    };
    if [
        "reporting for ",
        "reporting on ",
        "reporting about ",
        "reported for ",
    ]
    .iter()
    .any(|p| lower.starts_with(p))
    {
        let words_only = note.chars().all(|ch| ch.is_alphabetic() || ch == ' ');
        return (words_only && !names_patient).then(|| rest.len() - inner.len() + close + 1);
    }
    let patient = after.strip_prefix('(')?.trim_start().to_lowercase();
    let words_only = note
        .chars()
        .all(|ch| ch.is_alphabetic() || matches!(ch, ' ' | ',' | '\'' | '-'));
    (words_only
        && !names_patient
        && (patient.starts_with("patient")
            || patient.starts_with("the patient")
            || patient.starts_with("pt")))
    .then(|| rest.len() - inner.len() + close + 1)
}

/// Priority of PROFESSION candidates: below every shape (a date or an id is never a title).
pub(crate) const PRIO_PROFESSION: u8 = 0;
/// Words of a title no list knows at most, in "patient is a 32y/o male X (Y)".
const MAX_TITLE_WORDS: usize = 7;
/// Words of the title in the Pfizer form's "a contactable X (patient)" at most: "técnico en
/// operaciones de tecnología de la información y las comunicaciones (patient)" has twelve.
const MAX_FORM_TITLE_WORDS: usize = 12;
/// Words of a title between the form's "(within 4 weeks)." and "(patient)": ten ("Operador de
/// máquinas para elaborar alimentos y productos afines (patient) was calling" has nine); after
/// another bracket four; after any other sentence one ("RA (deltoid). Reportedly Mom called next
/// day - states (the patient's)" is no title).
const MAX_TITLE_WORDS_BEFORE: usize = 10;
/// Words between a self-description and the title ("46y/o male", "retired").
const MAX_SKIPPED: usize = 4;

/// Words after "pupil at/of" that name no school: the eye's pupil and its measures ("pupil of
/// the right eye", "PUPIL AT REST").
const PUPIL_NOT_A_SCHOOL: &[&str] = &[
    "the",
    "a",
    "an",
    "his",
    "her",
    "their",
    "its",
    "this",
    "that",
    "right",
    "left",
    "both",
    "each",
    "rest",
    "light",
    "baseline",
    "time",
    "least",
    "home",
    "school",
    "university",
    "college",
    "risk",
    "all",
    "same",
    "first",
    "last",
];

#[derive(Debug, Clone)]
pub(crate) struct ProfessionRecognizer {
    /// The contexts after which a title is the patient's or a relative's.
    before: Regex,
    /// "(patient" after a title.
    patient_after: Regex,
    /// What must follow a title after "contactable": the reporter is the patient or a relative.
    reporter_is_patient: Regex,
    heads: HashSet<&'static str>,
    modifiers: HashSet<&'static str>,
    /// Every listed title, whole ("water engineer"): Faker writes a fifth of them head first
    /// ("Engineer, water"), which `inverted_tail` reads back.
    titles: HashSet<&'static str>,
    /// "pupil at" / "student of" and the word after it (`collect_pupils`).
    pupil: Regex,
}

impl ProfessionRecognizer {
    pub(crate) fn new() -> ProfessionRecognizer {
        let mut heads = HashSet::new();
        let mut modifiers = HashSet::new();
        let mut titles = HashSet::new();
        for line in OCCUPATIONS.lines() {
            if line.starts_with('#') || line.trim().is_empty() {
                continue;
            }
            titles.insert(line);
            let words: Vec<&'static str> = line.split(' ').collect();
            let (head, mods) = words.split_last().expect("a non-empty entry");
            // Faker's film crew "best boy" and "ambulance person" would make any "16-year-old
            // boy" an occupation
            if matches!(*head, "boy" | "person") {
                continue;
            }
            heads.insert(*head);
            for m in mods {
                if !matches!(
                    *m,
                    "a" | "an" | "as" | "and" | "of" | "the" | "s" | "in" | "for" | "to"
                ) {
                    modifiers.insert(*m);
                }
            }
        }
        let before = compile(
            r"(?i)(?P<contactable>\bcontactable\s+)|(?P<self>\b(?:i\s+am|i'm|used\s+to\s+be|i\s+work(?:ed)?\s+as|(?:he|she|who|patient|pt|(?:husband|wife|partner|father|mother|dad|mom|mum|son|daughter|brother|sister|spouse|boyfriend|girlfriend)(?:'s)?)\s+(?:(?:and|who)\s+)?(?:is|was|used\s+to\s+be|works\s+as|worked\s+as)|works?\s+(?:(?:nights|days|\w+\s+shifts?|part[- ]time|full[- ]time)\s+)?as|working\s+as|worked\s+as|employed\s+as|(?:works?|worked|working|employed)\s+(?:(?:nights|days|\w+\s+shifts?|part[- ]time|full[- ]time)\s+)?(?:at|for|by|with)\s+[^.;,\n()]{1,60}?\s+as|(?:job|duties|role|position|career)(?:\s+(?:tasks|duties))?\s+as\s+an?|occupation\s*[:\-]?|occ\.?\s*[:\-]|profession\s*[:\-]?|(?:work|job|employment)\s*:)\s+(?:an?\s+)?)|(?P<age>\b\d{1,3}\s*-?\s*(?:y/o|yo|y\.o\.|(?:years?|yrs?)\s*-?\s*old)(?:\s+|\b))|(?P<appos>(?:,\s*\d{1,3}|\(\d{1,3}\)?|\b(?:is|aged|age:?)\s+\d{1,3}|\b\d{1,3}\s*(?:y/o|y\.o|yo|y|yrs?|years?|a|años|anos|ans|j|jahre)\.?\s*,\s*(?:m|f|male|female)|\b(?:male|female|man|woman|(?:patient's|pt's|his|her|my)\s+(?:husband|wife|partner|father|mother|dad|mom|mum|son|daughter|brother|sister|spouse)))\s*,\s*(?:an?\s+)?)|(?P<retired>\b(?:pt\s+an?\s+)?(?:retired|former)\s+)|(?P<idlist>\b\d[\d./-]{3,}\d\s*,\s*)",
        );
        // "Registered nurse (patient)", "a physician, who is the patient's mother"
        let patient_after = compile(
            r"(?i)(?:[*:_]in(?:nen)?)?(?:\s*\(\s*(?:the\s+)?(?:patient|pt)\b|,?\s+who\s+is\s+(?:also\s+)?the\s+(?:patient|pt)\b)",
        );
        let reporter_is_patient = compile(
            r"(?i)^(?:[*:_]in(?:nen)?)?(?:\s*\([\p{L}\p{M} ,'-]{2,40}\))?(?:\s*\(\s*(?:the\s+)?(?:patient|pt)\b|\s*\(?\s*report(?:ing|ed)\s+(?:for|on|about)\s+(?:(?:him|her|them)sel(?:f|ves)|self)\b)",
        );
        let pupil = compile(
            r"(?i)\b(pupil|schoolboy|schoolgirl|schoolchild|student)[ \u{a0}]+(?:at|of)[ \u{a0}]+(\p{L}+)",
        );
        ProfessionRecognizer {
            pupil,
            before,
            patient_after,
            reporter_is_patient,
            heads,
            modifiers,
            titles,
        }
    }

    pub(crate) fn collect(&self, text: &str, out: &mut Vec<Cand>) {
        let first = out.len();
        self.collect_titles(text, out);
        self.collect_described(text, out);
        self.collect_pupils(text, out);
        for c in &mut out[first..] {
            c.end += gender_suffix_len(&text[c.end..]);
        }
    }

    fn collect_titles(&self, text: &str, out: &mut Vec<Cand>) {
        self.collect_described_with_employer(text, out);
        for c in self.before.captures_iter(text) {
            let m = c.get(0).unwrap();
            let skip = if c.name("contactable").is_some() {
                0
            } else {
                MAX_SKIPPED
            };
            let contactable = c.name("contactable").is_some();
            let appos = c.name("appos").is_some();
            // an item of a list of identifiers and dates, closed by a comma or a period: "BORN
            // 02.06.1980, UNDERGROUND DRILLER, TABEL NO.", "employee no. hr-0731946, quality
            // inspector, workshop 3"
            if c.name("idlist").is_some() {
                let closed = |end: usize| {
                    text[end..]
                        .trim_start_matches([' ', '\t'])
                        .starts_with([',', '.', ';', '('])
                };
                let title = self
                    .title_after(text, m.end(), 0)
                    .or_else(|| self.title_after_unlisted_words(text, m.end()))
                    .filter(|&(_, end)| closed(end) || employer_follows(&text[end..]));
                if let Some((start, end)) = title {
                    out.push(cand(start, end));
                }
                continue;
            }
            // "The reporter was a retired nurse practitioner": the reporter's qualification
            if c.name("retired").is_some() && reporter_before(text, m.start()) {
                continue;
            }
            // "Patient is a 32y/o male employée administrative (MÉDECIN SPÉCIALISTE).": the whole
            // of both titles, even where a list knows a word of the first ("agent des impôts")
            if c.name("self").is_some() || c.name("age").is_some() {
                let aged = c.name("age").is_some();
                if let Some((first, second)) = self.described_title_and_bracket(text, m.end(), aged)
                {
                    out.push(cand(first.0, first.1));
                    out.push(cand(second.0, second.1));
                    continue;
                }
            }
            let title = self.title_after(text, m.end(), skip).filter(|&(_, end)| {
                (!contactable || self.reporter_is_patient.is_match(&text[end..]))
                    && (!appos || ends_apposition(&text[end..]))
            });
            // after an age, the sex and a comma, a title that ends the description: "39 yo f, icu
            // nurse at hospital fernández", "26 yo F, flight attendant w/ Kansai Skyways"
            let title = title.or_else(|| {
                let sex = c
                    .name("age")
                    .and_then(|_| sex_and_comma(&text[m.end()..]))?;
                let at = m.end() + sex;
                self.title_after(text, at, 0)
                    .or_else(|| self.title_after_unlisted_words(text, at))
                    .filter(|&(_, end)| ends_apposition(&text[end..]))
            });
            // after an age (and a sex), a title whose first words no list knows, ending its phrase:
            // "Mark 52 yo log truck driver for Roseburg Forest Products", "52 yo male log truck
            // driver;"
            let title = title.or_else(|| {
                c.name("age")?;
                let at = m.end() + sex_word(&text[m.end()..]);
                self.title_after_unlisted_words(text, at)
            });
            // a self-description or "retired" before a word that says where or how one works:
            // "work as FIFO electrician", "RETIRED GM ASSEMBLY LINE WORKER", "pt a retired school
            // cafeteria cook" (the title without that word)
            let title = title.or_else(|| {
                (c.name("self").is_some() || c.name("retired").is_some())
                    .then(|| self.title_after_one_word(text, m.end()))
                    .flatten()
            });
            // "Retired lorry driver.", "PT IS A ROUTE TAXI OPERATOR (", "Occupation: crane
            // operator, at": a title whose first words no list knows, ending its phrase
            // ("29 y, f, kindergarten teacher (vrtec)": after a person's age and sex too)
            let title = title.or_else(|| {
                (c.name("self").is_some() || c.name("retired").is_some() || appos)
                    .then(|| self.title_after_unlisted_words(text, m.end()))
                    .flatten()
            });
            // "works as a pintor y empapelador.": after "as" a title no list knows, up to the
            // end of the phrase
            let title = title.or_else(|| {
                let as_cue = c.name("self").is_some_and(|g| {
                    let g = g.as_str().trim_end().to_lowercase();
                    g.ends_with(" as") || g.ends_with(" as a") || g.ends_with(" as an")
                });
                as_cue
                    .then(|| title_to_phrase_end(text, m.end(), false))
                    .flatten()
            });
            // "employed as a Professor de artes visuais no ensino superior (...)": a listed head
            // that another language's connector follows is written head first; the title runs to
            // the end of its phrase
            let title = title.map(|(start, end)| {
                let connector = matches!(
                    word_at(text, end).as_deref(),
                    Some(
                        "de" | "do" | "da" | "em" | "en" | "y" | "e" | "di" | "del" | "des" | "du"
                    )
                );
                match connector
                    .then(|| title_to_phrase_end(text, start, true))
                    .flatten()
                {
                    Some((s, e)) if s == start && e > end => (start, e),
                    _ => (start, end),
                }
            });
            // "Occupation: site supervisor, Gulf Horizon", "Work: steel fixer for Al Dafna": after
            // a label of one's work, a title no list knows
            let title = title.or_else(|| {
                let label = c
                    .name("self")
                    .is_some_and(|g| g.as_str().trim_end().ends_with(':'));
                label.then(|| title_after_label(text, m.end())).flatten()
            });
            // the Pfizer form says whose it is, so there a title no list knows counts too
            // ("a contactable técnico em pecuária (patient)")
            let title = title.or_else(|| {
                contactable
                    .then(|| self.form_title_after(text, m.end()))
                    .flatten()
            });
            // "a contactable ENGINEER, CIVIL (CONTRACTING) (PATIENT)": Faker's note in brackets
            // between the title and the form's "(patient)" is the title's
            let title = title.map(|(start, end)| {
                let note = contactable
                    .then(|| note_before_patient(&text[end..]))
                    .flatten();
                (start, end + note.unwrap_or(0))
            });
            if let Some((start, end)) = title {
                out.push(cand(start, end));
                // a second title in brackets: "male video editor (operational researcher)"
                if let Some(second) = self.bracketed_title(text, end) {
                    out.push(cand(second.0, second.1));
                }
            }
        }
        for m in self.patient_after.find_iter(text) {
            // the longer reading: "DENTAL HYGIENIST" whole, where a list knows only the head
            let listed = self
                .title_before(text, m.start())
                .or_else(|| self.inverted_title_before(text, m.start()));
            // "(within 4 weeks). Scientist, research (medical) (patient)": Faker's note in
            // brackets between the title and "(patient)" is the title's
            let listed = listed.or_else(|| {
                let (open, close) = note_before(text, m.start())?;
                let (start, end) = self
                    .title_before(text, open)
                    .or_else(|| self.inverted_title_before(text, open))?;
                (end == text[..open].trim_end().len()).then_some((start, close))
            });
            let form = form_title_before(text, m.start());
            let longer = match (listed, form) {
                (Some(l), Some(f)) => Some(if f.0 < l.0 { f } else { l }),
                (l, f) => l.or(f),
            };
            if let Some((start, end)) = longer {
                out.push(cand(start, end));
            }
        }
    }

    /// In "a contactable X (patient)" / "a contactable X reporting for herself", the words X
    /// (up to twelve, letters of any script) whatever they are, unless X is a role rather than an
    /// occupation ("a contactable consumer (patient)").
    fn form_title_after(&self, text: &str, at: usize) -> Option<(usize, usize)> {
        let mut words = Words::new(text, at);
        let first = words.next()?;
        if !gap_ok(&text[at..first.0]) || !is_form_title_word(&first.2) || is_role(&first.2) {
            return None;
        }
        unlisted_title_with_commas(
            text,
            &mut words,
            first,
            MAX_FORM_TITLE_WORDS,
            1,
            is_form_title_word,
            |rest| self.reporter_is_patient.is_match(rest),
        )
    }

    /// After a self-description, the person's age or sex and then a title with a second one in
    /// brackets closing the phrase, each of up to seven words of letters of any script: "32y/o male
    /// employée administrative (MÉDECIN SPÉCIALISTE)." Both titles as byte ranges. The age or sex
    /// must be there, and no word may be one that starts a clinical phrase ("46y/o male with no
    /// history (see below)", "presenting to the ER (walk-in)").
    fn described_title_and_bracket(
        &self,
        text: &str,
        at: usize,
        aged: bool,
    ) -> Option<((usize, usize), (usize, usize))> {
        let mut words = Words::new(text, at);
        let mut w = words.next()?;
        if !gap_ok(&text[at..w.0]) && &text[at..w.0] != "/" {
            return None;
        }
        let mut described = false;
        for _ in 0..MAX_SKIPPED {
            if !is_description(&w.2) {
                break;
            }
            described |= matches!(w.2.as_str(), "male" | "female" | "man" | "woman");
            let next = words.next()?;
            if !gap_ok(&text[w.1..next.0]) && &text[w.1..next.0] != "/" {
                return None;
            }
            w = next;
        }
        // after "46 yo" the age is said; after "patient is a" the sex must follow
        if !described && !aged {
            return None;
        }
        let allowed = |w: &str| is_form_title_word(w) && !starts_clinical_phrase(w);
        // (a German title's gender suffix first: "Agrartechniker*in (Tierproduktion)")
        let bracket = |rest: &str| {
            rest[gender_suffix_len(rest)..]
                .trim_start_matches([' ', '\u{a0}'])
                .starts_with(['(', ')'])
        };
        let title = |words: &mut Words, w: Word| {
            // (one comma: "19y/o male Conservation officer, historic buildings (Heritage manager)")
            unlisted_title_with_commas(text, words, w, MAX_TITLE_WORDS, 1, allowed, bracket)
                .map(|(s, e)| (s, e + gender_suffix_len(&text[e..])))
        };
        // a title in brackets right after byte `from`, and the byte after its closing bracket
        let bracketed = |from: usize| {
            let open = from + text[from..].find('(')?;
            if !text[from..open].trim_matches([' ', '\u{a0}']).is_empty() {
                return None;
            }
            let mut words = Words::new(text, open + 1);
            let inner_first = words.next()?;
            if !text[open + 1..inner_first.0].trim().is_empty() {
                return None;
            }
            let inner = title(&mut words, inner_first)?;
            let close = text[inner.1..].trim_start_matches([' ', '\u{a0}']);
            let after = close.strip_prefix(')')?;
            Some((inner, text.len() - after.len()))
        };
        let closes_phrase = |r: &str| {
            r.is_empty() || r.starts_with(['.', ',', ';', '\n', '\r']) || r.starts_with(". ")
        };
        let first = title(&mut words, w)?;
        let (second, after) = bracketed(first.1)?;
        if closes_phrase(&text[after..]) {
            return Some((first, second));
        }
        // "male Agrartechniker*in (Tierproduktion) (Hausarzt).": the first title's own note in
        // brackets, as Faker's Austrian titles write a specialty, then the second title
        let (third, end) = bracketed(after)?;
        closes_phrase(&text[end..]).then_some(((first.0, after), third))
    }

    /// A pupil or student of a named school: "pupil of Tallinna Reaalkool", "JHS 2 pupil at
    /// Abura Presby Junior High School", "medical student at Makerere University" (with the
    /// title's listed modifiers). A school's pupil is the patient or a relative; the eye's pupil
    /// is "of the right eye", "at 3 mm", never before a name.
    fn collect_pupils(&self, text: &str, out: &mut Vec<Cand>) {
        // (read once, and only for a text that has a pupil or student at all)
        let mut caseless = None;
        for c in self.pupil.captures_iter(text) {
            let (title, name) = (c.get(1).unwrap(), c.get(2).unwrap());
            let next = name.as_str();
            // no word that starts an anatomical or clinical phrase, and where capitals mean
            // something the school's name has one
            let caseless = *caseless.get_or_insert_with(|| {
                !text.chars().any(char::is_lowercase) || !text.chars().any(char::is_uppercase)
            });
            let named = !PUPIL_NOT_A_SCHOOL.contains(&next.to_lowercase().as_str())
                && (caseless || next.starts_with(char::is_uppercase));
            if named {
                let (start, end) = self
                    .title_before(text, title.end())
                    .unwrap_or((title.start(), title.end()));
                out.push(cand(start, end));
            }
        }
    }

    fn is_title_word(&self, w: &str) -> bool {
        self.heads.contains(w) || self.modifiers.contains(w)
    }
}

#[cfg(test)]
mod tests;
