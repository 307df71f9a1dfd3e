//! AGE: every age of the patient or a relative; the span is only the number or number word
//! ("53" in "53-year-old", "eleven" in "eleven months old", "30s" in "in her 30s").
//!
//! Why these patterns: a number followed by a time unit is usually a duration ("for 3 years",
//! "2 years ago", "a 3 month history"), so an age needs an explicit age marker: "old" after the
//! unit ("53-year-old", "a 2 month old", the Pfizer "6-decade-old"), "of age", the clinical
//! abbreviations "yo", "y/o", "y.o." (Sahlström 2015, table 7), a leading "age"/"aged"/"a.o."
//! (including the Pfizer "(Age: 50; Unit: Unknown)" and "Age-48"; a number word too: "aged
//! ninety-three"), "turned"/"turns" before a number that no unit follows ("she turned 90 last
//! week"; not "turned 2 days later", "turned 90/60"), an infant's age in the
//! shorthand "febrile sz at 9mo" ("at" and a month abbreviation), or a decade after a
//! possessive ("in her 30s"). Decades after "the" are left out: "sats in the 90s" is a
//! measurement.
//!
//! Clinical notes glue the age to the sex ("34F self-presented", "pt: tomasz nowak 56m, cb #",
//! "22m brought in by police"): the number is the age, and the i2b2 tag is the number alone (the
//! mask still covers the whole word). Only one or two digits followed by a space, a comma or the
//! end: "103F" and "100.5F" are temperatures, "10mg" a dose; an "F" only below 90, where no body
//! temperature in Fahrenheit lies, and an "m" never after a word that makes it minutes or metres
//! ("for 20m", "q15m", "ran 10m").

use super::{char_before, compile, is_word, Cand, PRIO_AGE};
use crate::phi::PhiType;
use regex::Regex;

const NUM_WORD: &str = r"(?:(?:twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)(?:\s*-\s*|\s+)(?:one|two|three|four|five|six|seven|eight|nine)|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|hundred)";
const UNIT: &str = r"(?:years?|yrs?|months?|mos?|weeks?|wks?|days?|decades?)";
/// What a child's age names in the vaccination schedule ("15 mos injections", "4 mo well baby
/// exam", "5yr WCC", "2 month shots"): the visit is the age of the patient. A booster only after
/// months: "15mo booster" is an age, "10 yr booster" the tetanus interval; so is a "check" ("saw
/// MD for 4mo check"), where "5 yr check" may be a follow-up's interval.
const VISIT: &str = r"(?:shots?|injections?|immuni[sz]ations?|imms|vaccines?|vaccinations?|well(?:\s*-\s*|\s+)?(?:baby|child|check)|wcc|visit|check(?:\s*-\s*)?ups?|physical|dtp|dpt|hib|mmr|opv|ipv)";
const DECADE_WORD: &str =
    r"(?:teens|twenties|thirties|forties|fifties|sixties|seventies|eighties|nineties)";

/// An AGE candidate over bytes `start..end`.
fn age(start: usize, end: usize) -> Cand {
    Cand {
        start,
        end,
        kind: PhiType::Age,
        prio: PRIO_AGE,
    }
}

/// Words before "20m" that make it a duration, a distance, a dose or a clock time ("@ 2M"), not an
/// age and a sex.
const NOT_AGE_SEX_BEFORE: &[&str] = &[
    "for",
    "x",
    "q",
    "every",
    "after",
    "in",
    "over",
    "within",
    "about",
    "approx",
    "approximately",
    "around",
    "ran",
    "run",
    "walked",
    "walk",
    "swam",
    "last",
    "lasting",
    "took",
    "of",
    "to",
    "up",
    "temp",
    "t",
    "fever",
    "-",
    "~",
    "a",
    "an",
    "the",
    "@",
    "at",
    "strength:",
    "dose:",
    "dose",
];

/// Whether the word at `start..end` ("5M") stands in a list of codes or counts: a white-cell
/// differential ("6L, 5M, 5 EOSIN", "55L,12M"), serotypes ("3, 7F, 9N", "7F & 9"), a potency
/// ("1m x 2").
fn in_code_list(text: &str, start: usize, end: usize) -> bool {
    let before = text[..start].trim_end_matches([' ', '\t', ',', ';']);
    let prev = before
        .rsplit([' ', '\t', ',', ';', '/'])
        .next()
        .unwrap_or("");
    let prev_is_code = prev.len() >= 2
        && prev.as_bytes()[0].is_ascii_digit()
        && prev.as_bytes()[prev.len() - 1].is_ascii_alphabetic()
        && prev.bytes().all(|b| b.is_ascii_alphanumeric());
    let after = text[end..].trim_start_matches([' ', '\t', ',', ';', '&']);
    let next_is_count = after.starts_with(|c: char| c.is_ascii_digit())
        || after.starts_with("x ")
        || after.starts_with("X ");
    prev_is_code || next_is_count
}

/// Relatives whose age a history writes in brackets after the word ("MOTHER (60) DVT AFTER
/// SURGERY", "padre (58) hipertenso"): no dose, count or code is written so.
const KIN: &str = r"(?:mother|father|wife|husband|son|daughter|brother|sister|sib|sibling|mom|dad|mum|grandmother|grandfather|grandma|grandpa|aunt|uncle|cousin|madre|padre|esposa|esposo|hijo|hija|hermano|hermana|m[eè]re|p[eè]re|m[aã]e|pai|mutter|vater)";

/// Words after "when" that measure something rather than name a person: "when temp was 39".
const NOT_A_PERSON: &[&str] = &[
    "it",
    "this",
    "that",
    "there",
    "temp",
    "temperature",
    "fever",
    "bp",
    "pressure",
    "pulse",
    "hr",
    "rate",
    "sat",
    "sats",
    "o2",
    "spo2",
    "glucose",
    "sugar",
    "level",
    "levels",
    "count",
    "dose",
    "weight",
    "reading",
    "score",
    "inr",
    "wbc",
    "potassium",
    "sodium",
    "time",
    "pain",
];

/// Whether what follows the number after "turned" leaves it an age: no unit or second number
/// ("turned 90 last week", "turns ninety in May"; not "turned 2 days later", "turned 90/60",
/// "turned 38.5").
fn turned_age(after: &str) -> bool {
    let mut chars = after.chars();
    match (chars.next(), chars.next()) {
        (Some('%' | '°'), _) => return false,
        (Some('/' | '.' | ',' | ':'), Some(c)) if !c.is_whitespace() => return false,
        _ => {}
    }
    let next = after
        .trim_start()
        .split(|c: char| !c.is_alphanumeric())
        .next()
        .unwrap_or("")
        .to_ascii_lowercase();
    !matches!(
        next.as_str(),
        "day"
            | "days"
            | "week"
            | "weeks"
            | "hour"
            | "hours"
            | "hr"
            | "hrs"
            | "h"
            | "min"
            | "mins"
            | "minutes"
            | "minute"
            | "degrees"
            | "deg"
            | "c"
            | "f"
            | "percent"
            | "mg"
            | "times"
            | "x"
            | "am"
            | "pm"
    )
}

/// Whether the word before byte `at` says a duration follows ("for 2 weeks", "x 3 days"): the
/// word before, unless a comma, colon or bracket ends it ("cubicle 14, 22m").
fn after_duration_word(text: &str, at: usize) -> bool {
    let prev_word = text[..at]
        .trim_end_matches([' ', '\t'])
        .rsplit(|ch: char| ch.is_whitespace())
        .next()
        .unwrap_or("")
        .to_ascii_lowercase();
    NOT_AGE_SEX_BEFORE.contains(&prev_word.as_str())
}

#[derive(Debug, Clone)]
pub(crate) struct AgeRecognizer {
    re: Regex,
    age_sex: Regex,
}

impl AgeRecognizer {
    pub(crate) fn new() -> AgeRecognizer {
        let re = compile(&format!(
            r"(?i)\b(?:(?:(?P<n0>\d{{1,3}})\s*(?:-|–|to)\s*)?(?P<n1>\d{{1,3}}|{NUM_WORD})(?:\s*-\s*|\s*){UNIT}(?:\s*-\s*|\s+)old\b|(?P<n2>\d{{1,3}}|{NUM_WORD})(?:\s*-\s*|\s*){UNIT}\s+of\s+age\b|(?P<n3>\d{{1,3}})\s*(?:(?:yo|y/o|yoa)\b|y\.\s?o\b\.?)|(?:age[ds]?(?:\s+at\s+(?:the\s+)?(?:time\s+of\s+)?(?:vaccination|onset|death|diagnosis|exposure))?|a\.o\.)(?:\s*,\s*|\s*[:=]\s*|\s*-\s*|\s+of\s+|\s+)(?P<n4>\d{{1,3}}|{NUM_WORD}\b)(?:\s*(?:-|–|to|or|and)\s*(?P<n5>\d{{1,3}}))?\b|(?:his|her|their|my)(?:\s+|\s*-\s*)(?:(?:late|early|mid)(?:\s+|\s*-\s*))?(?P<dec>\d0'?s|{DECADE_WORD})\b|\bat\s+(?P<n6>\d{{1,2}})\s*(?:mos?|m/o|mths?)\b|\b(?P<n7>\d{{1,2}})(?:\s*-\s*|\s*)(?:months?|mos?|mths?)(?:\s*-?\s*old)?(?:\s+|\s*-\s*)(?:{VISIT}|boosters?|check)\b|\b(?P<n8>\d{{1,2}})(?:\s*-\s*|\s*)(?:years?|yrs?)(?:\s*-?\s*old)?(?:\s+|\s*-\s*){VISIT}\b|\b{KIN}(?:\s+\p{{L}}+){{0,3}}\s*\((?P<n9>\d{{1,3}})\)|\b(?:turned|turns|turning)\s+(?P<n10>\d{{1,3}}|{NUM_WORD})\b|\b(?:when|since|until|till)\s+(?P<who>i|he|she|we|they|you|\p{{L}}{{2,}})\s+(?:was|were)\s+(?P<n11>\d{{1,2}}|{NUM_WORD})\b|\b(?P<n12>\d{{1,3}})\s*(?:mos?|mths?|months?|yrs?|years?|wks?|weeks?)\s*,?\s+(?:m|f|male|female)\b)"
        ));
        let age_sex = compile(r"(?:^|[\s\r\n,:;(])(?P<n>\d{1,2})(?P<sex>[mMfF])(?:[\s\r\n,;)]|$)");
        AgeRecognizer { re, age_sex }
    }

    /// "34F", "56m,": the age glued to the sex (see the module comment).
    fn collect_age_sex(&self, text: &str, out: &mut Vec<Cand>) {
        // overlapping matches share the separator: walk with `captures_at`
        let mut at = 0;
        while let Some(c) = self.age_sex.captures_at(text, at) {
            let (n, sex) = (c.name("n").unwrap(), c.name("sex").unwrap());
            at = sex.end();
            let value: u32 = n.as_str().parse().unwrap_or(0);
            let female = sex.as_str().eq_ignore_ascii_case("f");
            let duration = after_duration_word(text, n.start());
            if value == 0
                || (female && value >= 90)
                || (!female && duration)
                || in_code_list(text, n.start(), sex.end())
            {
                continue;
            }
            out.push(age(n.start(), n.end()));
        }
    }

    pub(crate) fn collect(&self, text: &str, out: &mut Vec<Cand>) {
        for c in self.re.captures_iter(text) {
            let m = c.get(0).unwrap();
            // "1.53 years old", "x-53 yo": part of a bigger number or code.
            if m.start() > 0 {
                let b = text.as_bytes()[m.start() - 1];
                // "p/4mo DTP" (post), "w/": shorthand for a word, not part of a number
                let head = &text[..m.start()];
                let shorthand = head.ends_with("p/") || head.ends_with("w/");
                if b == b'.'
                    || (b == b'/' && !shorthand)
                    || (b == b'-' && is_word(char_before(text, m.start() - 1)))
                {
                    continue;
                }
            }
            for name in [
                "n0", "n1", "n2", "n3", "n4", "n5", "n6", "n7", "n8", "n9", "n10", "n11", "n12",
                "dec",
            ] {
                let Some(n) = c.name(name) else { continue };
                // "pt 3 mo f rcvd", "18 MO M, DOB": an age and a sex; not "3 mo f/u" (follow-up)
                // nor a duration ("for 2 weeks, m")
                if name == "n12"
                    && (text[m.end()..].starts_with('/') || after_duration_word(text, n.start()))
                {
                    continue;
                }
                // "turned 90" is an age, "turned 2 days later", "BP turned 90/60" are not; so
                // "when I was 12", not "when she was 6 weeks pregnant"
                if matches!(name, "n10" | "n11") && !turned_age(&text[n.end()..]) {
                    continue;
                }
                // "when Sienna was 6": a name said by a word, but no measure ("when temp was
                // 39", "when her bp was 90")
                if name == "n11"
                    && c.name("who").is_some_and(|w| {
                        NOT_A_PERSON
                            .iter()
                            .any(|x| x.eq_ignore_ascii_case(w.as_str()))
                    })
                {
                    continue;
                }
                let v = n.as_str();
                if let Ok(x) = v.parse::<u32>() {
                    if x > 125 {
                        continue;
                    }
                }
                out.push(age(n.start(), n.end()));
            }
        }
        if text.bytes().any(|b| matches!(b, b'm' | b'M' | b'f' | b'F')) {
            self.collect_age_sex(text, out);
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
            ("FAMILY HISTORY: MOTHER (60) DVT", "60"),
            ("padre (58) hipertenso", "58"),
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
            ("via mfr pt-inf-1997-00094: pt 3 mo f rcvd bcg", "3"),
            ("PT TRAVIS 18 MO M, DOB 7/5/90", "18"),
            ("45 yrs, female, seen for rash", "45"),
            ("seen at 4 mos for shots", "4"),
            ("coming in for 15 mos injections.DTP not given", "15"),
            ("norm 4 mo well baby exam", "4"),
            ("p/4mo DTP; Had apnea alarms", "4"),
            ("pt never recvd 15mo booster", "15"),
            ("saw MD for 4mo check, MD had x-ray done", "4"),
            ("didn't notify clinic until 4 mo check;", "4"),
            ("2 month shots given--6 days later", "2"),
            ("NONE,5yr WCC", "5"),
            ("for 15-month well child check up", "15"),
            (
                "w/ mild fever; sib jefferson (2) no rxn. tx: acetaminophen",
                "2",
            ),
            (
                "only to dipirona when I was 12. I lost a week of work",
                "12",
            ),
            (
                "a history of non-epileptic seizures since she was 14 and has been on",
                "14",
            ),
            ("She was aged ninety-three.", "ninety-three"),
            ("age ninety", "ninety"),
            ("She turned 90 last week.", "90"),
            ("he turns ninety-one in May", "ninety-one"),
            ("turned 90.", "90"),
            (
                "VACCINATED AT CVS, WHEN SIENNA WAS 6. SHE DIDN'T REACT",
                "6",
            ),
        ] {
            assert_eq!(ages(t), [want], "{t}");
        }
        for t in [
            "pt was receiving 10 yr booster following a laceration",
            "a 6 month history of shots",
            "the rash turned 2 days later into blisters",
            "BP turned 90/60 on standing",
            "temp turned 38.5 overnight",
            "turned 3 times in bed",
            "when she was 6 weeks pregnant the rash began",
            "called when temp was 39. gave tylenol",
            "WHEN HER BP WAS 90, SHE FELT FAINT",
            "no fever since it was 3 pm",
            "worse since it was 3:30 yesterday",
            "since she was 2 days post-op",
        ] {
            assert!(ages(t).is_empty(), "{t}: {:?}", ages(t));
        }
        assert_eq!(ages("age 8 or 9"), ["8", "9"]);
        // a range of ages before "old" ("pt recvd vax @ approx 20 to 30 yrs old")
        assert_eq!(ages("vax @ approx 20 to 30 yrs old w/2 dose"), ["20", "30"]);
        assert_eq!(ages("children 10-15 years old"), ["10", "15"]);
    }

    #[test]
    fn age_glued_to_sex_in_clinical_notes() {
        for (t, want) in [
            ("RPH ED - Triage\n34F self-presented with partner.", "34"),
            ("pt: tomasz nowak 56m, cb # 773-555-0169", "56"),
            ("pt in cubicle 14, 22m brought in by police", "22"),
            ("40m pt c/o back pain", "40"),
            ("pt (61f) hd reg no.", "61"),
        ] {
            assert_eq!(ages(t), [want], "{t}");
        }
    }

    #[test]
    fn temperatures_minutes_and_doses_are_not_age_and_sex() {
        for t in [
            "Temp up to 103F within 48 hrs",
            "fever 100.5F",
            "fever of 99F, then 101F",
            "temp 98F",
            "walked for 20m then rested",
            "obs q15m",
            "ran 10m",
            "took 10mg",
            "a 10m run",
            "Foley 16-18F",
            "WBC - 7,000 w/64S, 20 BANDS, 6L, 5M, 5 EOSIN's",
            "WBC 13.8,w/ 21S,8B,55L,12M; blood",
            "antibody types 3, 14, 7F & 9; pt tested neg",
            "serotypes 3, 7F, 9N and 14",
            "temp to 103 @ 2M on 1DEC90",
            "LEXAPRO, strength: 10m); omeprazole",
            "w/Chamomilla 1m x 2 in office",
        ] {
            assert!(ages(t).is_empty(), "{t}: {:?}", ages(t));
        }
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
            "son (2 doses)",
            "mother (G2P1)",
            "seen again 3 mo f/u visit",
            "for 2 weeks, m",
        ] {
            assert!(ages(t).is_empty(), "{t}: {:?}", ages(t));
        }
    }
}
