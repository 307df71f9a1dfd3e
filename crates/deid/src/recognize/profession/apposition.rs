//! A title set off right after a person's name: "(Marisol Bird, bakery line supervisor)",
//! "GRANDSON WILL KING, A FIREFIGHTER, WERE PRESENT", "(yvette arcement-leblanc, a shrimp boat
//! deckhand out of delcambre)", "Craig Pennefather, patient, a fly-in fly-out haul truck operator
//! at BHP". Set off after a name, a title says what that person does; no self-description
//! is written there. Only the rules know where a name ends, so `rules/apposition` asks here with
//! the byte right after the name.

use super::words::{ends_apposition, starts_with_any_ci};
use super::ProfessionRecognizer;

/// The length of the first of `prefixes` (ASCII, lower case) that `rest` starts with in any
/// ASCII case; 0 where none does.
fn prefix_len(rest: &str, prefixes: &[&str]) -> usize {
    prefixes
        .iter()
        .find(|p| {
            rest.len() >= p.len()
                && rest.is_char_boundary(p.len())
                && rest[..p.len()].eq_ignore_ascii_case(p)
        })
        .map_or(0, |p| p.len())
}

/// The length of an age of one to three digits and the comma after it at the start of `rest`
/// ("64, "), or 0.
fn age_and_comma(rest: &str) -> usize {
    let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
    match rest[digits..].strip_prefix(", ") {
        Some(_) if (1..=3).contains(&digits) => digits + 2,
        _ => 0,
    }
}

impl ProfessionRecognizer {
    /// The title (a listed one, or one or two words no list knows before a listed head) set off
    /// by a comma or an opening bracket right after a name that ends at byte `name_end`, and
    /// ending its apposition ("," ")" "." or where the person works: "at", "for", "of", "out
    /// of"), as a byte range.
    pub(crate) fn title_after_name(&self, text: &str, name_end: usize) -> Option<(usize, usize)> {
        let rest = &text[name_end..];
        let opened = rest
            .strip_prefix(", ")
            .or_else(|| rest.strip_prefix(" ("))
            .or_else(|| rest.strip_prefix('('))?;
        let mut at = text.len() - opened.len();
        // the person's age between ("dwight honeycutt, 64, tobacco farmer near four oaks")
        at += age_and_comma(&text[at..]);
        // ("Craig Pennefather, patient, a fly-in fly-out haul truck operator")
        at += prefix_len(&text[at..], &["the patient, ", "patient, ", "pt, "]);
        at += prefix_len(&text[at..], &["a ", "an "]);
        let (start, end) = self
            .title_after(text, at, 0)
            .filter(|&(start, _)| start == at)
            .or_else(|| self.title_after_unlisted_words(text, at))?;
        let after = &text[end..];
        (ends_apposition(after)
            || starts_with_any_ci(after.trim_start(), &["of ", "out of ", "near "]))
        .then_some((start, end))
    }
}
