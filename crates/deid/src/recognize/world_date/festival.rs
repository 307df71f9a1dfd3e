//! Festivals of one word that an English word's letters spell once their marks are folded away,
//! so that the holiday lexicon (`lexicons/unsafe/holidays_world.txt`, matched folded) leaves them
//! out: "Noël" (French Christmas; "noel" is an English word), "Paște" (Romanian Easter; "paste"),
//! "Tết" (the Vietnamese new year; "tet"). With their marks no English word is written so, and a
//! festival is a date (the guidelines' holidays); "Noël" is a given name too, PHI either way.
//!
//! Portuguese "Natal" (Christmas) is the English adjective's letters without any mark ("natal
//! teeth", "pre natal care"): a festival only after a word of when and before no noun it could
//! qualify ("the day after Natal (15-FEB-2025)", "peaked on natal but", "came home/p Natal-").
//!
//! Hand-written: the `holidays` package names these feasts in longer forms only ("Tết Nguyên
//! Đán", "Paștele"), and the narratives write the short ones.

use super::{date_cand, Cand};
use crate::recognize::{word_after, word_before};

/// The festivals, in lower case with their marks (Romanian written with s-comma and with the
/// s-cedilla that older keyboards type), and Iceland's Christmas "jól", which the package names
/// only by its days ("Jóladagur").
const MARKED_FESTIVALS: &[&str] = &["noël", "paște", "paşte", "tết", "jól"];

/// Every festival of `MARKED_FESTIVALS` written as a whole word, in any case.
pub(super) fn marked_festivals(text: &str, out: &mut Vec<Cand>) {
    if text.is_ascii() {
        return;
    }
    let mut start = None;
    for (i, ch) in text
        .char_indices()
        .chain(std::iter::once((text.len(), ' ')))
    {
        match (ch.is_alphanumeric(), start) {
            (true, None) => start = Some(i),
            (false, Some(s)) => {
                let word = &text[s..i];
                if !word.is_ascii()
                    && word.chars().count() <= 5
                    && MARKED_FESTIVALS.contains(&word.to_lowercase().as_str())
                {
                    out.push(date_cand(s, i));
                }
                start = None;
            }
            _ => {}
        }
    }
}

/// Every "Natal" after a word of when that no noun follows (see the module).
pub(super) fn christmas_natal(text: &str, out: &mut Vec<Cand>) {
    // (asked of every narrative: two memchr searches for "atal"/"ATAL", no lower-cased copy)
    let b = text.as_bytes();
    let mut starts = memchr::memmem::find_iter(b, b"atal")
        .chain(memchr::memmem::find_iter(b, b"ATAL"))
        .filter(|&k| k > 0 && b[k - 1..k + 4].eq_ignore_ascii_case(b"natal"))
        .map(|k| k - 1)
        .collect::<Vec<_>>();
    starts.sort_unstable();
    for s in starts {
        let e = s + 5;
        let alone = !text[..s].ends_with(|ch: char| ch.is_alphanumeric())
            && !text[e..].starts_with(|ch: char| ch.is_alphanumeric());
        if !alone {
            continue;
        }
        let when = matches!(
            word_before(text, s).as_str(),
            "after" | "before" | "on" | "since" | "until" | "till" | "over" | "during" | "by" | "p"
        );
        let rest = text[e..].trim_start_matches([' ', '\u{a0}']);
        let ends = rest.is_empty()
            || rest.starts_with(['.', ',', ';', ':', '(', ')', '-', '/', '\n'])
            || matches!(
                word_after(text, e).as_str(),
                "but"
                    | "and"
                    | "or"
                    | "when"
                    | "that"
                    | "i"
                    | "he"
                    | "she"
                    | "we"
                    | "they"
                    | "it"
                    | "went"
                    | "was"
                    | "with"
                    | "the"
                    | "in"
            );
        if when && ends {
            out.push(date_cand(s, e));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn found(text: &str) -> Vec<&str> {
        let mut out = Vec::new();
        marked_festivals(text, &mut out);
        out.iter().map(|c| &text[c.start..c.end]).collect()
    }

    #[test]
    fn festivals_with_their_marks_in_any_case() {
        assert_eq!(
            found(
                "Came home/p Noël-feels tired; the day before PAȘTE; before Tết, paşte; over jól;"
            ),
            ["Noël", "PAȘTE", "Tết", "paşte", "jól"]
        );
        // the English words, a longer word
        assert!(found("a noel; paste it; TET spell; Noëlle; café").is_empty());
    }

    fn natal(text: &str) -> Vec<&str> {
        let mut out = Vec::new();
        christmas_natal(text, &mut out);
        out.iter().map(|c| &text[c.start..c.end]).collect()
    }

    #[test]
    fn natal_after_a_word_of_when_before_no_noun() {
        assert_eq!(
            natal("The day after Natal (15-FEB-2025), he; PEAKED ON NATAL BUT; home/p natal-feels"),
            ["Natal", "NATAL", "natal"]
        );
        // the adjective, a word of when before a noun, another word
        assert!(
            natal("natal teeth; pre natal care; focused on natal care; prenatal; Natalie")
                .is_empty()
        );
    }
}
