//! AGE: every age of the patient or a relative; the span is only the number or number word
//! ("53" in "53-year-old", "eleven" in "eleven months old", "30s" in "in her 30s").
//!
//! Why these patterns: a number followed by a time unit is usually a duration ("for 3 years",
//! "2 years ago", "a 3 month history"), so an age needs an explicit age marker: "old" after the
//! unit ("53-year-old", "a 2 month old", the Pfizer "6-decade-old"), "of age", the clinical
//! abbreviations "yo", "y/o", "y.o." (Sahlström 2015, table 7), a leading "age"/"aged"/"a.o."
//! (including the Pfizer "(Age: 50; Unit: Unknown)" and "Age-48"), an infant's age in the
//! shorthand "febrile sz at 9mo" ("at" and a month abbreviation), or a decade after a
//! possessive ("in her 30s"). Decades after "the" are left out: "sats in the 90s" is a
//! measurement.

use super::{char_before, compile, is_word, Cand, PRIO_AGE};
use crate::phi::PhiType;
use regex::Regex;

const NUM_WORD: &str = r"(?:(?:twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)(?:\s*-\s*|\s+)(?:one|two|three|four|five|six|seven|eight|nine)|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|hundred)";
const UNIT: &str = r"(?:years?|yrs?|months?|mos?|weeks?|wks?|days?|decades?)";
const DECADE_WORD: &str =
    r"(?:teens|twenties|thirties|forties|fifties|sixties|seventies|eighties|nineties)";

#[derive(Debug, Clone)]
pub(crate) struct AgeRecognizer {
    re: Regex,
}

impl AgeRecognizer {
    pub(crate) fn new() -> AgeRecognizer {
        let re = compile(&format!(
            r"(?i)\b(?:(?P<n1>\d{{1,3}}|{NUM_WORD})(?:\s*-\s*|\s*){UNIT}(?:\s*-\s*|\s+)old\b|(?P<n2>\d{{1,3}}|{NUM_WORD})(?:\s*-\s*|\s*){UNIT}\s+of\s+age\b|(?P<n3>\d{{1,3}})\s*(?:(?:yo|y/o|yoa)\b|y\.\s?o\b\.?)|(?:age[ds]?(?:\s+at\s+(?:the\s+)?(?:time\s+of\s+)?(?:vaccination|onset|death|diagnosis|exposure))?|a\.o\.)(?:\s*,\s*|\s*[:=]\s*|\s*-\s*|\s+of\s+|\s+)(?P<n4>\d{{1,3}})(?:\s*(?:-|–|to|or|and)\s*(?P<n5>\d{{1,3}}))?\b|(?:his|her|their|my)(?:\s+|\s*-\s*)(?:(?:late|early|mid)(?:\s+|\s*-\s*))?(?P<dec>\d0'?s|{DECADE_WORD})\b|\bat\s+(?P<n6>\d{{1,2}})\s*(?:mos?|m/o|mths?)\b)"
        ));
        AgeRecognizer { re }
    }

    pub(crate) fn collect(&self, text: &str, out: &mut Vec<Cand>) {
        for c in self.re.captures_iter(text) {
            let m = c.get(0).unwrap();
            // "1.53 years old", "x-53 yo": part of a bigger number or code.
            if m.start() > 0 {
                let b = text.as_bytes()[m.start() - 1];
                if b == b'.'
                    || b == b'/'
                    || (b == b'-' && is_word(char_before(text, m.start() - 1)))
                {
                    continue;
                }
            }
            for name in ["n1", "n2", "n3", "n4", "n5", "n6", "dec"] {
                let Some(n) = c.name(name) else { continue };
                let v = n.as_str();
                if let Ok(x) = v.parse::<u32>() {
                    if x > 125 {
                        continue;
                    }
                }
                out.push(Cand {
                    start: n.start(),
                    end: n.end(),
                    kind: PhiType::Age,
                    prio: PRIO_AGE,
                });
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ages(text: &str) -> Vec<&str> {
        let mut out = Vec::new();
        AgeRecognizer::new().collect(text, &mut out);
        out.iter().map(|c| &text[c.start..c.end]).collect()
    }

    #[test]
    fn age_forms() {
        for (t, want) in [
            ("A 53-year-old female", "53"),
            ("a 53 year old", "53"),
            ("53 yo F", "53"),
            ("53 y/o", "53"),
            ("53 y.o. male", "53"),
            ("a 9 y.o.", "9"),
            ("aged 32", "32"),
            ("Age: 50; Unit: Unknown", "50"),
            ("Age-48, Unit-Unknown", "48"),
            ("a.o. 85", "85"),
            ("85 years old", "85"),
            ("eleven months old", "eleven"),
            ("in her 30s", "30s"),
            ("a 49yo", "49"),
            ("62 years of age", "62"),
            ("a 2 month old", "2"),
            ("A 6-decade-old female", "6"),
            ("of 99-years-old", "99"),
            ("twenty-five years old", "twenty-five"),
            ("in his late 60's", "60's"),
            ("Age at time of vaccination, 46 years 6 months", "46"),
            ("wore braces until 13yr of age", "13"),
            ("febrile sz x 3 at 9mo;szs", "9"),
            ("seen at 4 mos for shots", "4"),
        ] {
            assert_eq!(ages(t), [want], "{t}");
        }
        assert_eq!(ages("age 8 or 9"), ["8", "9"]);
    }

    #[test]
    fn durations_are_not_ages() {
        for t in [
            "for 3 years",
            "2 years ago",
            "3 months later",
            "a 3 month history",
            "sats in the 90s",
            "stage 2",
            "dosage 32",
            "you 53 you",
            "10-day isolation",
            "at 9 months after the dose",
            "at 2 mg",
        ] {
            assert!(ages(t).is_empty(), "{t}: {:?}", ages(t));
        }
    }
}
