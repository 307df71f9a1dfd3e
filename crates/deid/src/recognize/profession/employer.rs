//! A title after a word and a comma that a named employer follows: "Naulivou (FNPF no.
//! 41927760), a customs officer at Fiji Revenue", "emeka eze, civil servant w/ fct water board",
//! "A MARSHRUTKA DRIVER FOR TBILISI TRANSPORT COMPANY", "(a phlebotomist with Quest Diagnostics",
//! "(34 YO WF, MEAT PACKER @ IBP STORM LAKE)". The employer after the title says the
//! title is someone's work; a reporter's qualification has none ("The reporter, a nurse, said").

use super::words::{cand, starts_with_any_ci};
use super::{Cand, ProfessionRecognizer};

impl ProfessionRecognizer {
    /// After a word and a comma, a title its employer follows: "Naulivou (FNPF no. 41927760), a
    /// customs officer at Fiji Revenue", "emeka eze, civil servant w/ fct water board", "a
    /// marshrutka driver for Tbilisi Transport Company".
    pub(super) fn collect_described_with_employer(&self, text: &str, out: &mut Vec<Cand>) {
        let b = text.as_bytes();
        // (or after an opening bracket: "(a phlebotomist with Quest Diagnostics at", "(34 YO WF,
        // MEAT PACKER @ IBP STORM LAKE)")
        for comma in memchr::memchr2_iter(b',', b'(', b) {
            let bracket = b[comma] == b'(';
            let after_word = text[..comma]
                .chars()
                .next_back()
                .is_some_and(|c| c.is_alphanumeric() || c == ')');
            if !bracket && (!after_word || !text[comma + 1..].starts_with(' ')) {
                continue;
            }
            let mut at = comma + 1;
            at += text[at..].len() - text[at..].trim_start_matches(' ').len();
            let rest = &text[at..];
            let mut article = false;
            for a in ["a ", "an ", "A ", "AN ", "An "] {
                if rest.starts_with(a) {
                    at += a.len();
                    article = true;
                    break;
                }
            }
            let title = self
                .title_after(text, at, 0)
                .or_else(|| self.title_after_unlisted_words(text, at))
                .filter(|&(start, end)| {
                    // (after a bracket, an article or a title of two words: not "(copy for the
                    // Department", "(agent for COVID-19)")
                    (!bracket || article || text[start..end].contains(' '))
                        && employer_follows(&text[end..])
                        && employer_named(&text[end..])
                        // (a clinician's letters: "911 initiated, MD at Bedside", "ambulance, RN
                        // at hosp", "visited MD for D&C")
                        && !text[start..end].split_whitespace().any(|w| {
                            matches!(
                                w.to_ascii_lowercase().as_str(),
                                "md" | "rn" | "np" | "pa" | "do" | "dr" | "lpn" | "cna" | "emt"
                            )
                        })
                });
            if let Some((start, end)) = title {
                out.push(cand(start, end));
            }
        }
    }
}

/// Whether an employer's preposition starts `rest` after a blank: " at ", " for ", " with ", " w/ ",
/// " @ ".
pub(super) fn employer_follows(rest: &str) -> bool {
    starts_with_any_ci(
        rest.trim_start_matches([' ', '\t']),
        &["at ", "for ", "with ", "w/ ", "@ "],
    )
}

/// Whether the employer after the preposition at the start of `rest` is named: "at Fiji Revenue",
/// "w/ fct water board", "WITH THE AUTORIDAD DEL CANAL"; not "at the desk", "for his family".
fn employer_named(rest: &str) -> bool {
    let mut words = rest
        .split(|c: char| c.is_whitespace())
        .filter(|w| !w.is_empty())
        .skip(1);
    let Some(first) = words.next() else {
        return false;
    };
    let lower = first.to_lowercase();
    if lower == "the" {
        // a capitalised name after "the" ("at the Charité"; in ALL CAPS any word)
        return words
            .next()
            .is_some_and(|w| w.starts_with(char::is_uppercase));
    }
    !matches!(
        lower.as_str(),
        "a" | "an"
            | "his"
            | "her"
            | "their"
            | "my"
            | "our"
            | "home"
            | "work"
            | "night"
            | "nights"
            | "least"
            | "once"
            | "this"
            | "that"
            | "it"
            | "him"
            | "them"
            | "me"
            | "us"
    ) && first.starts_with(char::is_alphabetic)
}
