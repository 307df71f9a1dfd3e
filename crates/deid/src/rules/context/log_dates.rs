//! The dates that open the lines of a dated log: "2/15 back at unit", "8/7 pm low-dose
//! rechallenge", "2/20 hr 64, walking" in a nursing or clinic note whose entries each begin with
//! their month and day. Alone such a pair reads as a fraction, a time ("7 pm") or a duration
//! ("20 hr"), and the model released half of it; in a log whose lines begin so, it is the
//! entry's date.
//!
//! Only a month and day of one or two digits each (month 1-12, day 1-31) at a line's start,
//! then a blank, in a text where two lines or more begin with such a pair or a full date; never
//! before a dose's or an examination's word ("1/2 tab", "5/5 strength", "2/3 of").

use super::mark;
use crate::phi::PhiType;
use crate::rules::{one_of, Reason, TokenRule};
use crate::tokenize::Tokenized;

/// Words after a fraction, a score or a ratio at a line's start: no date's.
const NOT_AFTER_A_DATE: &[&str] = &[
    "tab",
    "tabs",
    "tablet",
    "tablets",
    "cap",
    "caps",
    "of",
    "cup",
    "cups",
    "strength",
    "power",
    "dose",
    "doses",
    "ml",
    "mg",
    "x",
    "nl",
    "normal",
    "bilat",
    "bilateral",
    "ns",
    "teaspoon",
];

/// Whether word `k` opens a line (the text's start, or a line break with only blanks or a
/// bullet's dash after it).
fn opens_line(doc: &Tokenized, k: usize) -> bool {
    if k == 0 {
        return true;
    }
    let gap = doc.gap_before(k);
    gap.rfind('\n').is_some_and(|at| {
        gap[at + 1..]
            .chars()
            .all(|c| c == ' ' || c == '\t' || c == '-')
    })
}

pub(super) fn apply(doc: &Tokenized, rules: &mut [TokenRule]) {
    let n = doc.len();
    let number = |k: usize, max: u32| {
        let t = doc.token_text(k);
        (1..=2).contains(&t.len()) && t.parse::<u32>().is_ok_and(|v| (1..=max).contains(&v))
    };
    // a month and a day (or a full date) at a line's start: the index of the month
    let starts: Vec<usize> = (0..n.saturating_sub(1))
        .filter(|&k| {
            opens_line(doc, k) && number(k, 12) && doc.gap_after(k) == "/" && number(k + 1, 31)
        })
        .collect();
    if starts.len() < 2 {
        return;
    }
    for k in starts {
        // (a full date is the recognizers'; a pair only before a blank and a word of the entry)
        let pair = k + 2 < n
            && doc.gap_after(k + 1).starts_with(' ')
            && !one_of(doc.token_text(k + 2), NOT_AFTER_A_DATE);
        if pair && !matches!(rules[k + 1].reason, Reason::Pattern(_)) {
            for j in [k, k + 1] {
                mark(rules, j, PhiType::Date);
                rules[j].reason = Reason::Pattern(PhiType::Date);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::rules::words_where;
    use crate::rules::Reason;

    fn dates(text: &str) -> Vec<String> {
        words_where(text, |r| {
            r.reason == Reason::Pattern(crate::phi::PhiType::Date)
        })
    }

    #[test]
    fn the_month_and_day_that_open_a_logs_lines() {
        let d = dates(
            "2/14/26 (sat) 16:45 res found slumped in chair, hr 38.\n2/15 back at unit, hr 52-58 \
             off donepezil.\n2/18 dr. kettlewell - donepezil d/c'd.\n2/20 hr 64, walking w/ walker.",
        );
        for w in ["15", "18", "20"] {
            assert!(d.iter().any(|x| x == w), "{w}: {d:?}");
        }
        let d =
            dates("8/7 06:10 dizzy, bp 78/44.\n8/7 10:30 bp 104/62.\n8/7 pm low-dose rechallenge");
        assert_eq!(d.iter().filter(|w| *w == "7").count(), 3, "{d:?}");
    }

    #[test]
    fn no_fraction_score_or_lone_pair_is_a_logs_date() {
        assert!(dates("1/2 tab po bid\n1/4 tab po hs\n5/5 strength bilat").is_empty());
        // one line alone, and a reading at no line's start
        assert!(dates("2/20 hr 64, walking w/ walker; bp 120/80 at 3/4 of the dose").is_empty());
    }
}
