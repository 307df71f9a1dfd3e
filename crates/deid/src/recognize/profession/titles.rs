//! Reading a title in the text: the longest listed title at a place ("certified nursing
//! assistant"), one written head first as Faker writes a fifth of them ("Engineer, water"), one
//! after words no list knows ("lorry driver", "route taxi operator") or after an acronym of where
//! one works ("FIFO electrician"), and one in brackets. `mod.rs` says where a title is someone's;
//! this module only says where one is.

use super::words::*;
use super::{word_at, ProfessionRecognizer};

/// Words of a listed title at most, connectors included: the longest entry of the occupation
/// list ("english as a second language teacher"; a test keeps them in step).
pub(super) const MAX_LISTED_TITLE_WORDS: usize = 6;

/// Words that describe a person or join a sentence, never the first words of a title no list
/// knows (`title_after_unlisted_words`).
const NEVER_SKIPPED: &[&str] = &[
    // (one under a physician's care: "pt was under MD cardiologist for", "pt is seeing
    // neurologist for")
    "under",
    "seeing",
    "seen",
    "being",
    "followed",
    "referred",
    "treated",
    "by",
    "to",
    "the",
    "and",
    "with",
    "from",
    "his",
    "her",
    "their",
    "our",
    "very",
    "known",
    "former",
    "current",
    "pleasant",
    "healthy",
    "heavy",
    "active",
    "full",
    "part",
    "time",
    "self",
    "who",
    "that",
    "which",
    "also",
    "not",
    "now",
    "still",
    "previously",
    "recently",
    "currently",
    "good",
    "poor",
    "young",
    "old",
    "elderly",
    "single",
    "married",
    "divorced",
    "widowed",
    "local",
    "female",
    "male",
    "woman",
    "man",
    "lady",
    "gentleman",
    "smoker",
    "diabetic",
    "obese",
    "pregnant",
    "patient",
    "mother",
    "father",
    "son",
    "daughter",
    "wife",
    "husband",
    "nurse",
    "doctor",
    "retired",
    "unemployed",
    "disabled",
    "student",
    "volunteer",
];

impl ProfessionRecognizer {
    /// A listed title after an acronym of two to four capitals that names where one works
    /// ("FIFO electrician", "GM assembly line worker", "ENT surgeon"), not a word ("was in MD
    /// office", "was a positive person", "mom was chronic carrier").
    pub(super) fn title_after_one_word(&self, text: &str, at: usize) -> Option<(usize, usize)> {
        let mut words = Words::new(text, at);
        let skipped = words.next()?;
        let original = &text[skipped.0..skipped.1];
        let acronym = (2..=4).contains(&original.len())
            && original.bytes().all(|b| b.is_ascii_uppercase())
            && !NOT_ACRONYMS.contains(&skipped.2.as_str());
        if !gap_ok(&text[at..skipped.0]) || self.is_title_word(&skipped.2) || !acronym {
            return None;
        }
        let next = words.next()?;
        if !gap_ok(&text[skipped.1..next.0]) {
            return None;
        }
        self.title_after(text, next.0, 0)
    }

    /// A listed title after one or two words of letters that no list knows ("lorry" of "lorry
    /// driver", "route" of "route taxi operator", "sugar" of "sugar worker"), where the title ends
    /// its phrase: a punctuation mark or "for", "at", "with" after it. The skipped words are the
    /// title's; a word of description or grammar is never skipped ("a pleasant bus driver" is
    /// read from "bus").
    pub(super) fn title_after_unlisted_words(
        &self,
        text: &str,
        at: usize,
    ) -> Option<(usize, usize)> {
        let mut words = Words::new(text, at);
        let first = words.next()?;
        if !gap_ok(&text[at..first.0]) {
            return None;
        }
        let mut skipped = first.clone();
        for _ in 0..2 {
            let original = &text[skipped.0..skipped.1];
            if original.chars().count() < 3
                || !original.chars().all(char::is_alphabetic)
                || NEVER_SKIPPED.contains(&skipped.2.as_str())
                // (an adverb: "completely different person")
                || skipped.2.ends_with("ly")
                || self.heads.contains(skipped.2.as_str())
            {
                return None;
            }
            let next = words.next()?;
            if !gap_ok(&text[skipped.1..next.0]) {
                return None;
            }
            if let Some((start, end)) = self.title_after(text, next.0, 0) {
                let rest = text[end..].trim_start_matches([' ', '\u{a0}']);
                let ends_phrase = rest.is_empty()
                    || rest.starts_with(['.', ',', ';', ':', '(', ')', '\n'])
                    // ("Retired Sinhala teacher of Dharmaraja College", "sugar worker on an
                    // estate", "a tribal school bus driver from Wanblee", "tobacco farmer near four
                    // oaks")
                    || matches!(
                        word_at(text, end).as_deref(),
                        Some("for" | "at" | "with" | "of" | "on" | "from" | "near" | "in")
                    )
                    // ("a shrimp boat deckhand out of delcambre")
                    || starts_with_any_ci(rest, &["out of "]);
                // ("a positive person for Covid", "a chronic carrier": a person, a state of
                // health, no occupation)
                let person = matches!(
                    words_back(&text[..end], 1).first().map(|w| w.2.as_str()),
                    Some(
                        "person"
                            | "people"
                            | "individual"
                            | "carrier"
                            | "user"
                            | "member"
                            | "contact"
                            | "case"
                            | "host"
                    )
                );
                if start == next.0 && ends_phrase && !person {
                    return Some((first.0, end));
                }
            }
            skipped = next;
        }
        None
    }

    /// A title in brackets right after byte `at`: " (operational researcher)".
    pub(super) fn bracketed_title(&self, text: &str, at: usize) -> Option<(usize, usize)> {
        let rest = &text[at..];
        let open = rest.len() - rest.trim_start_matches([' ', '\u{a0}']).len();
        if !rest[open..].starts_with('(') {
            return None;
        }
        let (start, end) = self.title_after(text, at + open + 1, 0)?;
        text[end..].starts_with(')').then_some((start, end))
    }

    /// The longest title starting at the first word at or after byte `at` (after skipping up to
    /// `skip` words that describe the person: an age, a sex, "retired"), as a byte range.
    pub(super) fn title_after(&self, text: &str, at: usize, skip: usize) -> Option<(usize, usize)> {
        let mut words = Words::new(text, at);
        let mut first = words.next()?;
        // nothing but blanks (or a hyphen, a slash: "46y/o") between the context and the title:
        // "at 61-year-old. Medical history" is two sentences
        if !gap_ok(&text[at..first.0]) {
            return None;
        }
        for _ in 0..skip {
            if self.is_title_word(&first.2) || !is_description(&first.2) {
                break;
            }
            let next = words.next()?;
            let gap = &text[first.1..next.0];
            // "(she is 58, nurse at ukc)": an age and its comma
            let after_age = first.2.starts_with(|c: char| c.is_ascii_digit())
                && gap.trim_matches([' ', '\u{a0}']) == ",";
            if !gap_ok(gap) && gap != "/" && !after_age {
                return None;
            }
            first = next;
        }
        let mut best = None;
        let mut w = first.clone();
        for _ in 0..MAX_LISTED_TITLE_WORDS {
            if self.heads.contains(w.2.as_str()) {
                best = Some((first.0, w.1));
            }
            // "speech and language therapist", "chief of staff", "english as a second language
            // teacher": a connector inside a title (it counts only if a head follows)
            let connector = w.0 != first.0 && is_title_connector(&w.2);
            if !self.is_title_word(&w.2) && !connector {
                break;
            }
            match words.next() {
                // only a blank or a hyphen between the words of a title
                Some(next) if gap_ok(&text[w.1..next.0]) => w = next,
                _ => break,
            }
        }
        best.map(|(start, end)| (start, self.inverted_tail(text, end).unwrap_or(end)))
    }

    /// A title written head first, "Engineer, water" or "Librarian, public" (Faker's job list
    /// writes a fifth of its titles so): after a title ending at byte `end`, a comma and up to
    /// six words that, put before the title's last word, make a listed title ("Teacher, English as
    /// a foreign language"). The new end, if so.
    pub(super) fn inverted_tail(&self, text: &str, end: usize) -> Option<usize> {
        let rest = &text[end..];
        let after_comma = rest.strip_prefix(',')?;
        if !after_comma.starts_with([' ', '\u{a0}']) {
            return None;
        }
        // the head: the title's last word, or its last two ("Conservation officer, historic
        // buildings" is the listed "historic buildings conservation officer")
        let back = words_back(&text[..end], 2);
        let mut heads = vec![back.first()?.2.clone()];
        if let [last, before, ..] = back.as_slice() {
            if gap_ok(&text[before.1..last.0]) {
                heads.push(format!("{} {}", before.2, last.2));
            }
        }
        let mut words = Words::new(text, end + 1);
        let mut tail: Vec<Word> = Vec::new();
        let mut found = None;
        for _ in 0..6 {
            let Some(w) = words.next() else { break };
            let gap = &text[tail.last().map_or(end + 1, |t| t.1)..w.0];
            if !(gap_ok(gap) || (tail.is_empty() && gap.trim().is_empty())) {
                break;
            }
            tail.push(w);
            let modifier = tail
                .iter()
                .map(|t| t.2.as_str())
                .collect::<Vec<_>>()
                .join(" ");
            if heads
                .iter()
                .any(|h| self.titles.contains(format!("{modifier} {h}").as_str()))
            {
                found = tail.last().map(|t| t.1);
            }
        }
        found
    }

    /// A title as Faker writes a fifth of them, ending just before byte `at`: "a Surveyor, rural
    /// practice, who is the patient's mother" (the head, a comma, and words that put before it
    /// make a listed title; `inverted_tail`).
    pub(super) fn inverted_title_before(&self, text: &str, at: usize) -> Option<(usize, usize)> {
        let end = text[..at].trim_end().len();
        let comma = text[..end].rfind(',')?;
        let (start, head_end) = self.title_before(text, comma)?;
        (head_end == comma && self.inverted_tail(text, head_end) == Some(end))
            .then_some((start, end))
    }

    /// The title ending just before byte `at` (its last word an occupation), as a byte range.
    pub(super) fn title_before(&self, text: &str, at: usize) -> Option<(usize, usize)> {
        let head = &text[..at];
        let words = words_back(head, MAX_LISTED_TITLE_WORDS);
        let last = words.first()?;
        if last.1 != head.trim_end().len() || !self.heads.contains(last.2.as_str()) {
            return None;
        }
        let mut start = last.0;
        let mut after = last.0;
        for w in &words[1..] {
            if !gap_ok(&text[w.1..after]) {
                break;
            }
            // "logistics and distribution manager": a connector counts once a title word is
            // before it
            if self.is_title_word(&w.2) {
                start = w.0;
            } else if !is_title_connector(&w.2) {
                break;
            }
            after = w.0;
        }
        Some((start, last.1))
    }
}
