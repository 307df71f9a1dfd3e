//! Geographic coordinates (LOCATION/OTHER): "POSITION: 55 31N 166 02W", "53°20'N 6°15'W",
//! "lat 61.2181 N, long 149.9003 W". A ship's log, a remote-area nurse's note or a field
//! clinic's report gives where a patient was by a position, which names a place as finely as a
//! street does (a geographic subdivision smaller than a state).
//!
//! Why so narrow: a latitude and a longitude each end in their hemisphere's letter, one after
//! the other; numbers with a single "N" or "E" ("2+ N", "grade 3 E") are no position.

use super::{compile, gate, Cand, PRIO_CONTACT_ID};
use crate::phi::PhiType;
use regex::Regex;

#[derive(Debug, Clone)]
pub(super) struct Coordinates {
    re: Regex,
}

impl Coordinates {
    pub(super) fn new() -> Coordinates {
        // degrees, then minutes (and seconds) or a decimal fraction, then the hemisphere; the
        // latitude's N/S, then the longitude's E/W
        // (minutes or a fraction always: "2 S 3 E" is no position)
        let part = r"\d{1,3}(?:[.,]\d+\s?[°º]?\s?|\s?(?:[°º]\s?|\s)\d{1,2}(?:[.,]\d+)?\s?['′]?\s?(?:\d{1,2}(?:[.,]\d+)?\s?[\x22″]?\s?)?)";
        let re = compile(&format!(
            r"(?i)\b{part}[NS]\b[,;/]?\s{{0,3}}(?:and\s+|long(?:itude)?\.?\s*:?\s*)?{part}[EW]\b"
        ));
        Coordinates { re }
    }

    pub(super) fn collect(&self, text: &str, out: &mut Vec<Cand>) {
        // (the regex only where a latitude's letter follows a number, a minute's mark or a degree's:
        // "31N", "20'N", "2181 N"; most narratives have none)
        if !gate::has_digit_run(text, 2) || !has_hemisphere_after_number(text.as_bytes()) {
            return;
        }
        for m in self.re.find_iter(text) {
            out.push(Cand {
                start: m.start(),
                end: m.end(),
                kind: PhiType::LocationOther,
                prio: PRIO_CONTACT_ID,
            });
        }
    }
}

/// Whether an N or S (either case) stands right after a digit, a minute's or second's mark or a
/// degree sign, with one space at most between.
fn has_hemisphere_after_number(text: &[u8]) -> bool {
    text.iter().enumerate().any(|(i, &b)| {
        matches!(b, b'N' | b'S' | b'n' | b's') && {
            let before = text[..i].strip_suffix(b" ").unwrap_or(&text[..i]);
            // (the degree sign's UTF-8 ends in 0xB0 and 0xBA)
            matches!(before.last(), Some(c) if c.is_ascii_digit() || matches!(c, b'\'' | b'"' | 0xB0 | 0xBA | 0xB2 | 0xB3))
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn found(text: &str) -> Vec<&str> {
        let mut out = Vec::new();
        Coordinates::new().collect(text, &mut out);
        out.iter().map(|c| &text[c.start..c.end]).collect()
    }

    #[test]
    fn a_position_in_degrees_and_minutes_or_decimals() {
        assert_eq!(
            found("DATE: 02/12/2026   POSITION: 55 31N 166 02W, BERING SEA"),
            ["55 31N 166 02W"]
        );
        assert_eq!(
            found("picked up at 53°20'N 6°15'W by the lifeboat"),
            ["53°20'N 6°15'W"]
        );
        assert_eq!(
            found("gps 61.2181 N, 149.9003 W per the skipper"),
            ["61.2181 N, 149.9003 W"]
        );
    }

    #[test]
    fn numbers_with_one_letter_are_no_position() {
        for text in [
            "reflexes 2+ N, power 5/5; grade 3 E coli",
            "K 3.1 N 140 mmol/L; Cl 101 E 12",
            "BP 120/80, HR 88; 2 S 3 E",
        ] {
            assert!(found(text).is_empty(), "{text}: {:?}", found(text));
        }
    }
}
