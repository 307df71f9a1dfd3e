//! Flight numbers (ID/IDNUM): "AIR MALTA KM 101", "flying to london on jet2 ls 866", "missed my
//! flight back (3f 702 on 25 september)". With the date of travel a flight number names the
//! handful of people on board, and the gold sets of travel reports tag it as an identifier.
//!
//! Why so narrow: a flight number is an airline's two-character code and one to four digits,
//! a shape that "on 22", "in 2" or "IM 1" also have; only within a phrase after a word of air
//! travel ("flight", "flew", "flying", an airline's "Air", "Airways") and never with a word of
//! two letters as its code.

use super::{compile, gate, Cand, PRIO_CONTACT_ID};
use crate::phi::PhiType;
use regex::Regex;

/// Two-letter words that a flight number's code never is (they start a phrase: "flew in 2
/// days", "flight on 22 November", "flying 10 hrs").
const NOT_CODES: &[&str] = &[
    "on", "in", "at", "to", "of", "by", "no", "or", "is", "it", "as", "am", "pm", "an", "be", "do",
    "go", "he", "me", "my", "so", "up", "us", "we", "hr", "mg", "ml", "iv", "im", "po", "x1", "x2",
    "x3", "d1", "d2",
];

#[derive(Debug, Clone)]
pub(super) struct FlightNumbers {
    re: Regex,
}

impl FlightNumbers {
    pub(super) fn new() -> FlightNumbers {
        let re = compile(
            r"(?i)\b(?:flights?|flt|flew|flying|fly|air|airways|airlines?)\b[^.\n;:]{0,40}?(?:\b|\()(?P<code>[a-z][a-z0-9]|[0-9][a-z])\s?(?P<num>\d{1,4})\b",
        );
        FlightNumbers { re }
    }

    pub(super) fn collect(&self, text: &str, out: &mut Vec<Cand>) {
        if !gate::contains_ascii_ci(text, &["fl", "air"]) {
            return;
        }
        let mut at = 0;
        while let Some(c) = self.re.captures_at(text, at) {
            let (code, num) = (c.name("code").unwrap(), c.name("num").unwrap());
            at = code.end();
            let glued_on = text[num.end()..].starts_with(|ch: char| {
                ch.is_alphanumeric()
                    || matches!(ch, '/' | '.' | ',' | '-') && {
                        // ("3f 702 on", "KM 101 FROM"; not "ls 8.5", "AB 12/3")
                        text[num.end() + 1..].starts_with(|d: char| d.is_ascii_digit())
                    }
            });
            // (glued to its number only a code of two letters: "EK334", not a temperature "t104")
            let glued_code = code.end() == num.start()
                && !code.as_str().bytes().all(|b| b.is_ascii_alphabetic());
            if NOT_CODES.contains(&code.as_str().to_ascii_lowercase().as_str())
                || glued_on
                || glued_code
            {
                continue;
            }
            out.push(Cand {
                start: code.start(),
                end: num.end(),
                kind: PhiType::Idnum,
                prio: PRIO_CONTACT_ID,
            });
            at = num.end();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn flights(text: &str) -> Vec<&str> {
        let mut out = Vec::new();
        FlightNumbers::new().collect(text, &mut out);
        out.iter().map(|c| &text[c.start..c.end]).collect()
    }

    #[test]
    fn a_flight_number_after_a_word_of_air_travel() {
        assert_eq!(
            flights("HAD ARRIVED ON 02 NOVEMBER ON AIR MALTA KM 101 FROM HEATHROW"),
            ["KM 101"]
        );
        assert_eq!(
            flights("i was flying to london on jet2 ls 866 on 22 november"),
            ["ls 866"]
        );
        assert_eq!(
            flights("i missed my flight back (3f 702 on 25 september) and flew on 3 october"),
            ["3f 702"]
        );
        assert_eq!(flights("Flight EK334 to Dubai, seat 42K."), ["EK334"]);
    }

    #[test]
    fn no_flight_number_without_one() {
        for text in [
            "She flew in 2 days later and the flight on 22 November was delayed.",
            "He had a long flight of 14 hours; fatigue x2 days.",
            "The air conditioning was at 22 C; BP 120/80.",
            "gag & gasp for air was taken to ER w/t104;",
        ] {
            assert!(flights(text).is_empty(), "{text}: {:?}", flights(text));
        }
    }
}
