//! Laboratory tests and their results written in shorthand, as the 1990s reports and the lab
//! fields list them: "CBC, UA, Urine culture", "ANA pos", "+ANA", "LP-nl", "UA nl, CBC-nl", "SGOT
//! elev". The name and place lists hold many of these letters ("UA" and "OM" are the country codes
//! of Ukraine and Oman, "Ana" a given name, "nl" the Netherlands'), so the rules call them PHI and
//! the model, reading a list with no sentence, keeps them masked: the tests a causality
//! assessment turns on were lost ("[COUNTRY] nl"). Reason `Shorthand`, released whatever the
//! model says.
//!
//! A test's abbreviation is read as one only where the list shows it: next to another test's
//! (joined by a comma, a slash, a hyphen, "&" or "and") or with its result right after it (a
//! result word or a number) or a sign before it ("+ANA", "pos ANA"). Its result word goes with it.
//! Never a word another rule claimed (a pattern, a context rule, a named place). And "dec" and "inc"
//! for decreased and increased ("fever dec", "BP dec 70/50"), where no word of when or day
//! makes "dec" December.

use super::{Reason, TokenRule};
use crate::tokenize::Tokenized;
use std::borrow::Cow;

/// Laboratory tests and examinations by their abbreviation, folded: blood counts and chemistry,
/// serology, urine, spinal fluid, imaging and tracings.
const TESTS: &[&str] = &[
    "cbc", "ua", "ana", "esr", "sed", "crp", "lp", "csf", "sma", "smac", "bun", "lft", "lfts",
    "tsh", "ptt", "inr", "rf", "aso", "wbc", "rbc", "hgb", "hct", "plt", "cpk", "ldh", "sgot",
    "sgpt", "ggt", "ggtp", "alt", "ast", "bmp", "cmp", "abg", "uc", "bc", "ekg", "ecg", "eeg",
    "emg", "mri", "cxr", "kub", "ct", "hiv", "hbsag", "monospot", "elisa", "chem", "diff",
];

/// The tests measured in numbers ("SGOT 184", "ESR: 35", "ASO <65"): only after one of these is a
/// number its result. A number after another ("CT 31184", "ua-88213", "LP 47 Chootoo Road") is a
/// ZIP code, an id or a house.
const VALUE_TESTS: &[&str] = &[
    "esr", "sed", "crp", "bun", "tsh", "ptt", "inr", "aso", "wbc", "rbc", "hgb", "hct", "plt",
    "cpk", "ldh", "sgot", "sgpt", "ggt", "ggtp", "alt", "ast",
];

/// Results written after a test, folded: "nl" (normal), "wnl", "neg", "pos", "elev", "inc",
/// "dec", "abnl", "pending".
const RESULTS: &[&str] = &[
    "nl", "wnl", "nml", "neg", "pos", "normal", "negative", "positive", "elev", "elevated", "inc",
    "dec", "abnl", "abn", "abnormal", "high", "low", "pending", "done", "ok",
];

/// Words of when before a month ("late dec", "in dec", "mid-dec"), folded.
const WHEN_WORDS: &[&str] = &[
    "late",
    "early",
    "mid",
    "in",
    "on",
    "of",
    "since",
    "until",
    "till",
    "by",
    "from",
    "through",
    "last",
    "next",
    "this",
    "end",
    "beginning",
    "throughout",
    "between",
    "during",
    "before",
    "after",
    "and",
    "or",
    "to",
    "thru",
    "jan",
    "feb",
    "nov",
    "oct",
    "sep",
    "sept",
];

/// Whether word `k` is one of `TESTS` that no other rule claimed for a name, place or pattern.
fn open(rules: &[TokenRule], k: usize) -> bool {
    matches!(
        rules[k].reason,
        Reason::Safe | Reason::Unknown | Reason::Unsafe(_) | Reason::Shorthand
    )
}

pub(super) fn apply(doc: &Tokenized, rules: &mut [TokenRule], folded: &[Cow<'_, str>]) {
    let n = doc.len();
    let test = |k: usize| TESTS.contains(&folded[k].as_ref());
    let result = |k: usize| RESULTS.contains(&folded[k].as_ref());
    let joins = |gap: &str| {
        matches!(
            gap.trim_matches([' ', '\u{a0}']),
            "," | "/" | "-" | "&" | ";" | ""
        ) && !gap.contains('\n')
            && !gap.is_empty()
    };
    let number = |k: usize| doc.token_text(k).starts_with(|c: char| c.is_ascii_digit());
    let mut release = vec![false; n];
    for k in 0..n {
        if !test(k) || !open(rules, k) {
            continue;
        }
        let listed = (k > 0 && test(k - 1) && joins(doc.gap_before(k)))
            || (k + 1 < n && test(k + 1) && joins(doc.gap_after(k)))
            || (k >= 2 && test(k - 2) && folded[k - 1] == "and" && doc.gap_before(k) == " ");
        let gap = doc.gap_after(k);
        let with_result = k + 1 < n
            && !gap.contains('\n')
            && ((matches!(gap.trim_end(), "" | "-" | ":" | "=") && result(k + 1))
                || (matches!(gap.trim_end(), "" | ":" | "=" | "<" | ">")
                    && VALUE_TESTS.contains(&folded[k].as_ref())
                    && number(k + 1)));
        let signed = k > 0
            && (doc.gap_before(k).trim_start().ends_with('+')
                || (matches!(folded[k - 1].as_ref(), "pos" | "neg") && doc.gap_before(k) == " "));
        if listed || with_result || signed {
            release[k] = true;
            if with_result && result(k + 1) && open(rules, k + 1) {
                release[k + 1] = true;
            }
        }
    }
    // "dec" and "inc" for decreased and increased ("fever dec", "T dec.", "BP dec 70/50", "swelling
    // had dec", "dec appetite"): the month list holds "dec", and the rules never release a month
    // next to a number. Not after a word of when or a day ("late dec", "12 dec", "on dec"), not
    // before a day or a year ("dec 3", "dec 2021"), and in lower case only ("Dec", "DEC" may be
    // December)
    for k in 0..n {
        // (in lower case only, whatever the narrative: "hosp DEC or JAN" is December; and no
        // company's "inc" after its name, "george's inc")
        let company = folded[k] == "inc"
            && k > 0
            && (rules[k - 1].phi
                || (folded[k - 1] == "s" && matches!(doc.gap_before(k - 1), "'" | "\u{2019}")));
        if !matches!(folded[k].as_ref(), "dec" | "inc")
            || !doc.token_text(k).chars().all(char::is_lowercase)
            || company
            || !open(rules, k)
            || !matches!(
                rules[k].reason,
                Reason::Unsafe(_) | Reason::Safe | Reason::Unknown
            )
        {
            continue;
        }
        let prev = (k > 0).then(|| folded[k - 1].as_ref());
        let when = prev.is_some_and(|p| {
            WHEN_WORDS.contains(&p)
                || (p.len() <= 2 && p.bytes().all(|b| b.is_ascii_digit()))
                || ["st", "nd", "rd", "th"].iter().any(|o| {
                    p.strip_suffix(o)
                        .is_some_and(|d| !d.is_empty() && d.bytes().all(|b| b.is_ascii_digit()))
                })
        });
        let day_or_year_after =
            k + 1 < n && matches!(doc.gap_after(k), " " | "-" | "/" | ", ") && {
                let w = doc.token_text(k + 1);
                // (a value goes on: "BP dec 70/50", "dec 8.1")
                w.bytes().all(|b| b.is_ascii_digit())
                    && matches!(w.len(), 1 | 2 | 4)
                    && !(k + 2 < n && matches!(doc.gap_after(k + 1), "/" | "." | ","))
            };
        // (nor beside another month by a hyphen or a slash: "nutcracker season (dec-jan)",
        // "nov/dec")
        let month = |m: usize| crate::recognize::is_english_month(&folded[m]);
        let month_beside = (k + 1 < n && matches!(doc.gap_after(k), "-" | "/") && month(k + 1))
            || (k > 0 && matches!(doc.gap_before(k), "-" | "/") && month(k - 1));
        if prev.is_some()
            && !when
            && !day_or_year_after
            && !month_beside
            && !doc.gap_before(k).contains('\n')
        {
            release[k] = true;
        }
    }
    for (rule, _) in rules.iter_mut().zip(&release).filter(|(_, r)| **r) {
        rule.phi = false;
        rule.kind = None;
        rule.reason = Reason::Shorthand;
    }
}

#[cfg(test)]
mod tests {
    use crate::rules::{words_with_reason, Reason};

    fn lab(text: &str) -> Vec<String> {
        words_with_reason(text, Reason::Shorthand)
    }

    #[test]
    fn tests_in_a_list_or_with_their_results() {
        for (text, words) in [
            (
                "seen in ER; CBC, UA, Urine culture done",
                &["CBC", "UA"][..],
            ),
            ("trigeminal neuralgia, migraine; ANA pos;", &["ANA", "pos"]),
            ("glomerulonephritis; +ANA; pos DSDNA antibody", &["ANA"]),
            (
                "EEG nl;UA nl;spinal tap nl;CBC & SMA nl;",
                &["EEG", "nl", "UA", "CBC", "SMA"],
            ),
            ("LP-nl; Myelogram-nl; MRI-cervical", &["LP", "nl"]),
            (
                "varicelliform rash; CBC/UA-normal",
                &["CBC", "UA", "normal"],
            ),
        ] {
            let found = lab(text);
            for w in words {
                assert!(found.iter().any(|x| x == w), "{w} in {text}: {found:?}");
            }
        }
    }

    #[test]
    fn decreased_and_increased_in_shorthand() {
        assert_eq!(
            lab("APAP given fever then dec 103.0 R; when T dec. BP dec 70/50 from 116/74; swelling had dec; sx inc at night"),
            ["dec", "dec", "dec", "dec", "inc"]
        );
        // December: after a word of when or a day, before a day or a year, capitalised
        for text in [
            "28nov89 pt vax hepta B. late dec pt ex flu-like illness",
            "seen on 12 dec with a rash and a fever of 102",
            "rash began dec 3 and lasted a week, mom reports",
            "pt recvd vax in Dec and had a fever the next day",
            "sx worsened over the next couple of months;hosp DEC or JAN for a while",
            "worried about costume exposure for nutcracker season (dec-jan). f/u 3/2/26",
            "flares every winter, worst in nov/dec, mom reports",
        ] {
            let found = lab(text);
            assert!(
                !found.iter().any(|w| w.eq_ignore_ascii_case("dec")),
                "{text}: {found:?}"
            );
        }
        // a company's legal form after its name
        let found = lab("a poultry plant supervisor at george's inc received the first dose");
        assert!(!found.iter().any(|w| w == "inc"), "{found:?}");
    }

    #[test]
    fn no_list_and_no_result_no_test() {
        for text in [
            // a name, a country, a state alone
            "her sister Ana called the office",
            "travelled to the UA in May",
            "seen at the clinic in CT last week",
            // a state before its ZIP code, an id's prefix, a house's
            "she lives at 5418 Williams Walk, Coryborough, CT 31184.",
            "employee id ua-88213. husband rodney",
            "LIVES LP 47 CHOOTOO ROAD, EL SOCORRO",
        ] {
            assert!(lab(text).is_empty(), "{text}: {:?}", lab(text));
        }
    }
}
