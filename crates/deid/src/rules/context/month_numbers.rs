//! After the combination: the day or the year written beside a month the combination masked
//! ("loss of appetite, [3] dec, fever 103", "dec [3]", "Dec. [2021]"). The rules read a month
//! word only where a number is near it and never release it; the number itself is a plain digit
//! to them, and the model, reading a lower-case "dec" as "decreased", released it, leaving the
//! day of the date visible.
//!
//! Only ever masks more: a day (1 to 31, with or without its ordinal's letters) or a year (two
//! digits, or four from 1900 to 2099) that the rules read as a plain number (no measurement, time
//! of day or count), joined to the masked month by one blank, a hyphen, a slash or a full stop;
//! before the month only where no word follows it ("breathing rate 20 dec irregular" counts).

use crate::phi::PhiType;
use crate::rules::{Feature, Reason, TokenRule};
use crate::tokenize::Tokenized;

/// Whether a word is a day of a month or a year: "3", "03", "3rd", "21", "2021".
fn day_or_year(word: &str) -> bool {
    let digits = word.bytes().take_while(u8::is_ascii_digit).count();
    let (number, rest) = word.split_at(digits);
    let ordinal = matches!(
        rest.to_ascii_lowercase().as_str(),
        "st" | "nd" | "rd" | "th"
    );
    match (number.len(), rest.is_empty()) {
        // (a bare one- or two-digit number: a day, or a year "dec 21", either way the date's)
        (1 | 2, true) => true,
        (1 | 2, false) => ordinal && (1..=31).contains(&number.parse::<u32>().unwrap_or(0)),
        (4, true) => (1900..=2099).contains(&number.parse::<u32>().unwrap_or(0)),
        _ => false,
    }
}

/// The words (indices) to mask after the combination, with their kind. `kinds[i]` is the
/// combination's verdict on word `i`, `rules[i]` the rules'.
pub fn complete_month_numbers(
    doc: &Tokenized,
    rules: &[TokenRule],
    kinds: &[Option<PhiType>],
) -> Vec<(usize, PhiType)> {
    let n = doc.len();
    let month = |k: usize| rules[k].features.has(Feature::IsMonth) && kinds[k].is_some();
    let joins = |gap: &str| matches!(gap, " " | "-" | "/" | "." | ". ");
    // a number before a month that a word follows may count what the word abbreviates
    // ("breathing rate 20 dec irregular": decreased); a date's month ends its clause or stands
    // before its year ("3 dec, fever", "3 dec 2021")
    let word_follows = |k: usize| {
        k + 1 < n
            && doc.gap_after(k) == " "
            && doc
                .token_text(k + 1)
                .starts_with(|c: char| c.is_alphabetic())
    };
    (0..n)
        .filter(|&i| {
            kinds[i].is_none()
                && rules[i].reason == Reason::Digit
                && day_or_year(doc.token_text(i))
                && ((i > 0 && month(i - 1) && joins(doc.gap_before(i)))
                    || (i + 1 < n
                        && month(i + 1)
                        && joins(doc.gap_after(i))
                        && !word_follows(i + 1)))
        })
        .map(|i| (i, PhiType::Date))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The numbers masked when the words of `months` are months the combination masked and
    /// every number is a plain digit to the rules (`measured`: a measurement instead).
    fn numbers(text: &str, months: &[&str], measured: &[&str]) -> Vec<String> {
        let doc = Tokenized::new(text);
        let is_month = |i: usize| months.contains(&doc.token_text(i));
        let kinds: Vec<_> = (0..doc.len())
            .map(|i| is_month(i).then_some(PhiType::Date))
            .collect();
        let rules: Vec<_> = (0..doc.len())
            .map(|i| {
                let w = doc.token_text(i);
                let reason = if measured.contains(&w) {
                    Reason::Measurement
                } else if w.starts_with(|c: char| c.is_ascii_digit()) {
                    Reason::Digit
                } else {
                    Reason::Safe
                };
                let mut r = TokenRule {
                    phi: is_month(i),
                    kind: is_month(i).then_some(PhiType::Date),
                    reason,
                    features: Default::default(),
                };
                r.features.set(Feature::IsMonth, is_month(i));
                r
            })
            .collect();
        complete_month_numbers(&doc, &rules, &kinds)
            .into_iter()
            .map(|(k, _)| doc.token_text(k).to_string())
            .collect()
    }

    #[test]
    fn the_day_and_year_beside_a_masked_month_are_masked_with_it() {
        assert_eq!(
            numbers(
                "loss of appetite, 3 dec, fever 103 and chills",
                &["dec"],
                &[]
            ),
            ["3"]
        );
        assert_eq!(
            numbers("seen dec 3rd and dec. 2021", &["dec"], &[]),
            ["3rd", "2021"]
        );
        assert_eq!(numbers("rash on 14-mar", &["mar"], &[]), ["14"]);
    }

    #[test]
    fn other_numbers_near_a_month_stay_released() {
        // a measurement, a count that is no day, a number a word away, an unmasked month
        assert!(numbers("dec 5 mg daily", &["dec"], &["5"]).is_empty());
        assert!(numbers("in dec 150 units", &["dec"], &[]).is_empty());
        assert!(numbers("dec, then 3 doses", &["dec"], &[]).is_empty());
        assert!(numbers("dec 3", &[], &[]).is_empty());
        assert!(numbers("by dec 45th", &["dec"], &[]).is_empty());
        assert!(numbers("breathing rate 20 dec irregular", &["dec"], &[]).is_empty());
    }
}
