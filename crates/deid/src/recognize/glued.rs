//! Two dates glued by "AND", as the 1990s VAERS forms wrote a visit's days ("OFFICE VISIT
//! 9/23AND9/24"), and as they read once the days are written otherwise ("16th of DecemberAND21.12.",
//! "25 giuAND30 giu", "24SEPAND29 de set."). The date recognizers read a copy of the text with
//! such an "AND" written " & ": the same length in bytes, so every offset found in the copy is
//! the original's, and a date's mask then covers the whole glued word.

use std::borrow::Cow;

/// The text with each "AND"/"and" between two dates written " & " (see the module), or the
/// text itself when it has none.
pub(crate) fn unglue_dates(text: &str) -> Cow<'_, str> {
    let b = text.as_bytes();
    // (most narratives hold an "and", few a glued one: two memchr searches, one pass each)
    let at: Vec<usize> = memchr::memmem::find_iter(b, b"and")
        .chain(memchr::memmem::find_iter(b, b"AND"))
        .filter(|&i| {
            i > 0
                && match b.get(i + 3) {
                    // "9/23AND9/24"; "3 JunANDJune 8": a month's capital after a month's word
                    Some(c) if c.is_ascii_digit() => glued_after_date(b, i),
                    Some(c) if c.is_ascii_uppercase() => {
                        !b[i - 1].is_ascii_digit() && b[i - 1] != b'.' && glued_after_date(b, i)
                    }
                    // "20th octoberandoct 25": in lower case only before a month's abbreviation
                    Some(c) if c.is_ascii_lowercase() => {
                        b.get(i + 3..i + 6).is_some_and(is_month_abbreviation)
                            && !b[i - 1].is_ascii_digit()
                            && glued_after_date(b, i)
                    }
                    _ => false,
                }
        })
        .collect();
    if at.is_empty() {
        return Cow::Borrowed(text);
    }
    let mut out = text.as_bytes().to_vec();
    for i in at {
        out[i..i + 3].copy_from_slice(b" & ");
    }
    // only ASCII bytes were replaced by ASCII bytes
    Cow::Owned(String::from_utf8(out).expect("ASCII replaced by ASCII"))
}

/// Whether what ends right before byte `i` is a date's end: a digit or a period ("9/23AND",
/// "21.12.AND"), or a month's word of three to nine letters after a day ("24SEPAND", "25
/// giuAND", "16th of DecemberAND").
fn glued_after_date(b: &[u8], i: usize) -> bool {
    let prev = b[i - 1];
    if prev.is_ascii_digit() || prev == b'.' {
        return true;
    }
    let start = b[..i]
        .iter()
        .rposition(|c| !c.is_ascii_alphabetic())
        .map_or(0, |p| p + 1);
    let letters = i - start;
    if !(3..=9).contains(&letters) {
        return false;
    }
    let head = &b[..start];
    // ("20th OctoberAND": or a day's ordinal)
    let ordinal = |h: &[u8]| {
        h.len() >= 3
            && h[h.len() - 3].is_ascii_digit()
            && matches!(
                h[h.len() - 2..].to_ascii_lowercase().as_slice(),
                b"st" | b"nd" | b"rd" | b"th"
            )
    };
    head.last().is_some_and(u8::is_ascii_digit)
        || head.strip_suffix(b" ").is_some_and(|h| {
            h.last().is_some_and(u8::is_ascii_digit)
                // ("6TH OF MARCHANDMAR 11": "of" in capitals too)
                || h.len() >= 3 && h[h.len() - 3..].eq_ignore_ascii_case(b" of")
                || ordinal(h)
        })
}

/// Whether three letters are an English month's abbreviation, in any case.
fn is_month_abbreviation(w: &[u8]) -> bool {
    matches!(
        w.to_ascii_lowercase().as_slice(),
        b"jan"
            | b"feb"
            | b"mar"
            | b"apr"
            | b"may"
            | b"jun"
            | b"jul"
            | b"aug"
            | b"sep"
            | b"oct"
            | b"nov"
            | b"dec"
    )
}

#[cfg(test)]
mod tests {
    use super::unglue_dates;

    #[test]
    fn an_and_glued_between_two_dates_is_written_apart_with_the_same_offsets() {
        for (text, want) in [
            (
                "OFFICE VISIT 9/23AND9/24;INFANT",
                "OFFICE VISIT 9/23 & 9/24;INFANT",
            ),
            (
                "VISIT 16th of DecemberAND21.12.;",
                "VISIT 16th of December & 21.12.;",
            ),
            ("VISIT 25 giuAND30 giu;", "VISIT 25 giu & 30 giu;"),
            ("VISIT 24SEPAND29 de set.;", "VISIT 24SEP & 29 de set.;"),
            ("VISIT 3 JunANDJune 8;", "VISIT 3 Jun & June 8;"),
            (
                "VISIT 20th OctoberANDOct 25;",
                "VISIT 20th October & Oct 25;",
            ),
            (
                "VISIT 6TH OF MARCHANDMAR 11;",
                "VISIT 6TH OF MARCH & MAR 11;",
            ),
            (
                "visit 20th octoberandoct 25;",
                "visit 20th october & oct 25;",
            ),
        ] {
            let out = unglue_dates(text);
            assert_eq!(out, want);
            assert_eq!(out.len(), text.len());
        }
    }

    #[test]
    fn words_that_end_in_and_stay_whole() {
        for text in [
            "BRAND2 lot",
            "the hand3 view",
            "island 4",
            "STAND 12",
            "Ferdinand 5",
            "and 5",
            "GRANDMA",
            "3 sANDy",
            "LANDSAT",
            "20th octoberandy",
            "the 5th bandmar",
            "in maybandjan",
        ] {
            assert_eq!(unglue_dates(text), text);
        }
    }
}
