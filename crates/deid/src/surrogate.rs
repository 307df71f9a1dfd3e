//! Surrogate output (Sahlström 2015's maskers): instead of `[DATE]`, every date of a document is
//! shifted by one random number of days, so intervals between dates (time to onset, dechallenge)
//! survive while the real dates do not; each date keeps its format and resolution ("Dec2020"
//! stays a month, "23Dec2020" a day). Ages above a threshold become `[AGE > 89]`, younger ages
//! stay (HIPAA Safe Harbor). Everything else, and any date the parser does not understand, is
//! replaced by its placeholder: a surrogate never leaks what it could not transform.

use crate::masking::placeholder;
use crate::phi::{PhiType, Span};
use crate::recognize::ENGLISH_MONTHS as MONTHS;
use crate::tokenize::OffsetMap;
use regex::Regex;
use std::sync::LazyLock;

/// How surrogate output replaces PHI: dates shifted by a per-document number of days, ages above
/// a threshold capped, the rest as placeholders.
#[derive(Debug, Clone, Copy)]
pub struct SurrogateOptions {
    /// With the document id, fixes each document's date shift: the same seed gives the same
    /// output, another seed other shifts.
    pub seed: u64,
    /// Ages above this are replaced by `[AGE > threshold]`.
    pub age_threshold: u32,
}

impl Default for SurrogateOptions {
    fn default() -> SurrogateOptions {
        SurrogateOptions {
            seed: 0,
            age_threshold: 89,
        }
    }
}

/// The document's shift in days: 30-365 days either way, fixed by the seed and the document id.
pub fn shift_days(seed: u64, doc_id: &str) -> i64 {
    let mut h = seed ^ 0x9E37_79B9_7F4A_7C15;
    for b in doc_id.bytes() {
        h = splitmix(h ^ b as u64);
    }
    let magnitude = 30 + (splitmix(h) % 336) as i64;
    if splitmix(h ^ 1) & 1 == 0 {
        magnitude
    } else {
        -magnitude
    }
}

fn splitmix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The text with spans replaced by surrogates (dates, ages) or placeholders (everything else).
pub fn surrogate_text(
    text: &str,
    map: &OffsetMap,
    spans: &[Span],
    doc_id: &str,
    opts: &SurrogateOptions,
) -> String {
    let shift = shift_days(opts.seed, doc_id);
    let mut out = String::with_capacity(text.len());
    let mut at = 0;
    for span in spans {
        out.push_str(&text[map.byte(at)..map.byte(span.start)]);
        let original = map.slice(text, span.start, span.end);
        let replacement = match span.kind {
            PhiType::Date => shift_date(original, shift),
            PhiType::Age => original
                .parse::<u32>()
                .ok()
                .filter(|&a| a <= opts.age_threshold)
                .map(|a| a.to_string())
                .or_else(|| {
                    original
                        .parse::<u32>()
                        .ok()
                        .map(|_| format!("[AGE > {}]", opts.age_threshold))
                }),
            _ => None,
        };
        out.push_str(replacement.as_deref().unwrap_or(placeholder(span.kind)));
        at = span.end;
    }
    out.push_str(&text[map.byte(at)..]);
    out
}

fn month_number(name: &str) -> Option<u32> {
    let n = name.to_ascii_lowercase();
    let n = n.trim_end_matches('.');
    if n.len() < 3 {
        return None;
    }
    MONTHS
        .iter()
        .position(|m| m.starts_with(n) || (n == "sept" && *m == "september"))
        .map(|i| i as u32 + 1)
}

/// Write a month name the way the original wrote it: "Dec", "DEC", "December", "dec".
fn month_like(original: &str, month: u32) -> String {
    let full = MONTHS[month as usize - 1];
    let written = original.trim_end_matches('.');
    let was_full = MONTHS.iter().any(|m| m.eq_ignore_ascii_case(written));
    let name = if was_full { full } else { &full[..3] };
    if original
        .bytes()
        .all(|b| !b.is_ascii_lowercase() || !b.is_ascii_alphabetic())
        && original.len() > 1
    {
        name.to_ascii_uppercase()
    } else if original.as_bytes()[0].is_ascii_uppercase() {
        let mut s = name.to_string();
        s[..1].make_ascii_uppercase();
        s
    } else {
        name.to_string()
    }
}

fn pad(n: u32, width: usize) -> String {
    format!("{n:0width$}")
}

/// Days since 1970-01-01 of a civil date (Hinnant's algorithm).
fn days_from_civil(y: i64, m: u32, d: u32) -> i64 {
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let mp = (m as i64 + 9) % 12;
    let doy = (153 * mp + 2) / 5 + d as i64 - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

fn civil_from_days(z: i64) -> (i64, u32, u32) {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    (
        if m <= 2 {
            yoe + era * 400 + 1
        } else {
            yoe + era * 400
        },
        m,
        d,
    )
}

fn valid(y: i64, m: u32, d: u32) -> bool {
    (1..=12).contains(&m) && d >= 1 && civil_from_days(days_from_civil(y, m, d)) == (y, m, d)
}

/// A two-digit year as written in 2020s narratives.
fn full_year(y: &str) -> i64 {
    let n: i64 = y.parse().unwrap_or(0);
    if y.len() == 2 {
        if n <= 40 {
            2000 + n
        } else {
            1900 + n
        }
    } else {
        n
    }
}

fn year_like(original: &str, y: i64) -> String {
    if original.len() == 2 {
        pad((y.rem_euclid(100)) as u32, 2)
    } else {
        y.to_string()
    }
}

static NUMERIC: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"^(\d{1,2})([/.-])(\d{1,2})([/.-])(\d{2}|\d{4})$").unwrap());
static ISO: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"^(\d{4})-(\d{1,2})-(\d{1,2})$").unwrap());
static DAY_MON_YEAR: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"^(\d{1,2})([ -]?)([A-Za-z]{3,9}\.?)([ -]?)(\d{4}|\d{2})$").unwrap()
});
static MON_DAY_YEAR: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"^([A-Za-z]{3,9}\.?)( ?)(\d{1,2})(st|nd|rd|th)?(,? ?)(\d{4})$").unwrap()
});
static MON_DAY: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"^([A-Za-z]{3,9}\.?)( )(\d{1,2})(st|nd|rd|th)?$").unwrap());
static MON_YEAR: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"^([A-Za-z]{3,9}\.?)([ ,-]*)(\d{4})$").unwrap());
static YEAR: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"^(19|20)\d\d$").unwrap());
static NUMERIC_MD: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"^(\d{1,2})/(\d{1,2})$").unwrap());

/// Shift one date expression by `days`, in its own format and resolution; `None` when the
/// expression is not understood (the caller then masks it).
pub fn shift_date(original: &str, days: i64) -> Option<String> {
    let shift = |y: i64, m: u32, d: u32| civil_from_days(days_from_civil(y, m, d) + days);
    if let Some(c) = NUMERIC.captures(original) {
        let (m, d): (u32, u32) = (c[1].parse().ok()?, c[3].parse().ok()?);
        let y = full_year(&c[5]);
        valid(y, m, d).then_some(())?;
        let (ny, nm, nd) = shift(y, m, d);
        return Some(format!(
            "{}{}{}{}{}",
            pad(nm, c[1].len()),
            &c[2],
            pad(nd, c[3].len()),
            &c[4],
            year_like(&c[5], ny)
        ));
    }
    if let Some(c) = ISO.captures(original) {
        let (y, m, d) = (c[1].parse().ok()?, c[2].parse().ok()?, c[3].parse().ok()?);
        valid(y, m, d).then_some(())?;
        let (ny, nm, nd) = shift(y, m, d);
        return Some(format!(
            "{ny}-{}-{}",
            pad(nm, c[2].len()),
            pad(nd, c[3].len())
        ));
    }
    if let Some(c) = DAY_MON_YEAR.captures(original) {
        let m = month_number(&c[3])?;
        let (d, y) = (c[1].parse().ok()?, full_year(&c[5]));
        valid(y, m, d).then_some(())?;
        let (ny, nm, nd) = shift(y, m, d);
        return Some(format!(
            "{}{}{}{}{}",
            pad(nd, c[1].len()),
            &c[2],
            month_like(&c[3], nm),
            &c[4],
            year_like(&c[5], ny)
        ));
    }
    if let Some(c) = MON_DAY_YEAR.captures(original) {
        let m = month_number(&c[1])?;
        let (d, y) = (c[3].parse().ok()?, c[6].parse().ok()?);
        valid(y, m, d).then_some(())?;
        let (ny, nm, nd) = shift(y, m, d);
        let suffix = c.get(4).map(|_| ordinal_suffix(nd)).unwrap_or("");
        return Some(format!(
            "{}{}{nd}{suffix}{}{ny}",
            month_like(&c[1], nm),
            &c[2],
            &c[5]
        ));
    }
    if let Some(c) = MON_DAY.captures(original) {
        // no year: shift within a non-leap reference year, keep it yearless
        let m = month_number(&c[1])?;
        let d = c[3].parse().ok()?;
        valid(2021, m, d).then_some(())?;
        let (_, nm, nd) = shift(2021, m, d);
        let suffix = c.get(4).map(|_| ordinal_suffix(nd)).unwrap_or("");
        return Some(format!("{} {nd}{suffix}", month_like(&c[1], nm)));
    }
    if let Some(c) = NUMERIC_MD.captures(original) {
        let (m, d) = (c[1].parse().ok()?, c[2].parse().ok()?);
        valid(2021, m, d).then_some(())?;
        let (_, nm, nd) = shift(2021, m, d);
        return Some(format!("{}/{}", pad(nm, c[1].len()), pad(nd, c[2].len())));
    }
    if let Some(c) = MON_YEAR.captures(original) {
        // month resolution: shift the middle of the month
        let m = month_number(&c[1])?;
        let y = c[3].parse().ok()?;
        let (ny, nm, _) = shift(y, m, 15);
        return Some(format!("{}{}{ny}", month_like(&c[1], nm), &c[2]));
    }
    if YEAR.is_match(original) {
        let y: i64 = original.parse().ok()?;
        let (ny, _, _) = shift(y, 7, 2);
        return Some(ny.to_string());
    }
    if let Some(m) = month_number(original).filter(|_| {
        original
            .bytes()
            .all(|b| b.is_ascii_alphabetic() || b == b'.')
    }) {
        let (_, nm, _) = shift(2021, m, 15);
        return Some(month_like(original, nm));
    }
    None
}

fn ordinal_suffix(d: u32) -> &'static str {
    match (d % 10, d % 100) {
        (1, 11) | (2, 12) | (3, 13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_keep_their_format_and_resolution() {
        assert_eq!(shift_date("12/21/2020", 10).as_deref(), Some("12/31/2020"));
        assert_eq!(shift_date("12/26/20", 7).as_deref(), Some("01/02/21"));
        assert_eq!(shift_date("1-5-21", -5).as_deref(), Some("12-31-20"));
        assert_eq!(shift_date("2020-12-21", 11).as_deref(), Some("2021-01-01"));
        assert_eq!(shift_date("23Dec2020", 43).as_deref(), Some("04Feb2021"));
        assert_eq!(shift_date("15DEC2020", 30).as_deref(), Some("14JAN2021"));
        assert_eq!(
            shift_date("December 24, 2020", 8).as_deref(),
            Some("January 1, 2021")
        );
        assert_eq!(shift_date("Dec 29th", 3).as_deref(), Some("Jan 1st"));
        assert_eq!(shift_date("Dec2020", 40).as_deref(), Some("Jan2021"));
        assert_eq!(shift_date("Dec2020", 220).as_deref(), Some("Jul2021"));
        assert_eq!(shift_date("May 2020", 60).as_deref(), Some("July 2020"));
        assert_eq!(shift_date("2019", 200).as_deref(), Some("2020"));
        assert_eq!(
            shift_date("Thursday", 3),
            None,
            "weekdays are masked, not guessed"
        );
        assert_eq!(
            shift_date("13/45/2020", 3),
            None,
            "impossible dates are masked"
        );
    }

    #[test]
    fn intervals_between_dates_survive() {
        let shift = shift_days(7, "916741");
        let a = shift_date("12/21/2020", shift).unwrap();
        let b = shift_date("12/30/2020", shift).unwrap();
        let parse = |s: &str| {
            let p: Vec<i64> = s.split('/').map(|x| x.parse().unwrap()).collect();
            days_from_civil(p[2], p[0] as u32, p[1] as u32)
        };
        assert_eq!(parse(&b) - parse(&a), 9);
        assert_ne!(a, "12/21/2020");
        assert!((30..=365).contains(&shift.abs()));
        assert_eq!(shift, shift_days(7, "916741"), "reproducible");
    }

    #[test]
    fn old_ages_are_capped_and_others_masked() {
        let text = "A 93 year old and a 45 year old met Dr Smith on 12/21/2020.";
        let map = OffsetMap::new(text);
        let spans = [
            Span::new(2, 4, PhiType::Age),
            Span::new(20, 22, PhiType::Age),
            Span::new(39, 44, PhiType::Doctor),
            Span::new(48, 58, PhiType::Date),
        ];
        let out = surrogate_text(text, &map, &spans, "d1", &SurrogateOptions::default());
        assert!(
            out.starts_with("A [AGE > 89] year old and a 45 year old met Dr [DOCTOR] on "),
            "{out}"
        );
        assert!(!out.contains("12/21/2020"));
    }
}
