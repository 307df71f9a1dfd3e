//! The shape checks of identifiers that are chains of groups: a register's number in slashed
//! groups ("TNR/ED/24/3390"), a report's or register's number of letter and digit groups joined
//! by hyphens ("KE-22-0134", "IR-2026-0704-02"), and a chain of digit groups ("2012-483593-8").
//! Separate from the recognizer's regexes because each is a plain predicate over the matched
//! text that tells a serial from a date, a range of readings, a lot's or a drug code's number.

use crate::recognize::date::is_english_month;
use crate::recognize::{char_at, char_before, continues_number};

/// Whether `text[start..end]` (letters, then two to five slashed groups) is a register's number:
/// a group of four digits or more, no month first, nothing glued on either side
/// ("TNR/ED/24/3390"; not "HIV/AIDS", "BP/90/60", "Dec/18/2020", "a/b/c/1234/5" inside a path).
pub(super) fn is_slash_id(text: &str, start: usize, end: usize) -> bool {
    let v = &text[start..end];
    let digits = v.bytes().filter(u8::is_ascii_digit).count();
    // (a serial of four digits or more: "BP/90/60", "ABG 7 US/32/188/24/100" are values; or two
    // letter groups before two digit groups: "REF: MSCH/PHARM/ADR/99/031", "MPH/TB/98/112")
    let groups: Vec<&str> = v.split('/').collect();
    let all = |g: &&str, f: fn(&u8) -> bool| !g.is_empty() && g.bytes().all(|b| f(&b));
    let letters = groups
        .iter()
        .filter(|g| all(g, u8::is_ascii_alphabetic))
        .count();
    let numbers = groups.iter().filter(|g| all(g, u8::is_ascii_digit)).count();
    let serial = groups
        .iter()
        .any(|g| g.len() >= 4 && g.bytes().all(|b| b.is_ascii_digit()))
        || (letters >= 2 && numbers >= 2);
    // ("Dec/18/2020" is a date)
    let month_first = v.split('/').next().is_some_and(is_english_month);
    digits >= 4
        && serial
        && !month_first
        && !matches!(char_before(text, start), Some('/' | '.' | '-' | '\\'))
        && !matches!(char_at(text, end), Some('/' | '-' | '\\'))
        && !continues_number(text, end, b".")
}

/// Whether `text[start..end]`, groups of letters and digits joined by hyphens, is a report's or a
/// register's number: three groups or more, the last of two digits or more, two groups or more of
/// digits alone with four digits or more in all, a group of letters alone; with three groups only,
/// the letters first and five digits or more ("KE-22-0134"; "12-mar-2021" is a date, "il-6-174" a
/// gene's variant); no month's name anywhere, nothing
/// glued on either side. Not "covid-19-related" (one number), "25-oh-d3" (one group of digits
/// alone), "3-4-week" (letters last), "day-1-2" (three digits).
pub(super) fn is_mixed_chain(text: &str, start: usize, end: usize) -> bool {
    let parts: Vec<&str> = text[start..end].split('-').collect();
    let numeric = |p: &&str| p.bytes().all(|b| b.is_ascii_digit());
    let alphabetic = |p: &&str| p.len() >= 2 && p.bytes().all(|b| b.is_ascii_alphabetic());
    let digits: usize = parts.iter().filter(|p| numeric(p)).map(|p| p.len()).sum();
    let last = parts.last().expect("three groups");
    parts.len() >= 3
        && numeric(last)
        && last.len() >= 2
        && parts.iter().filter(|p| numeric(p)).count() >= 2
        && digits >= 4
        && parts.iter().any(alphabetic)
        && (parts.len() >= 4 || (alphabetic(&parts[0]) && digits >= 5))
        && !parts.iter().any(|p| alphabetic(p) && is_english_month(p))
        && !matches!(char_before(text, start), Some('-' | '.' | '/'))
        && !continues_number(text, end, b"-./")
        && !matches!(char_at(text, end), Some('-'))
        && !after_lot_label(text, start)
        && !ends_in_range(&parts)
        && !text[end..].starts_with('%')
}

/// Whether a chain's last two groups are a range of readings or of hours, not a serial:
/// "fever-103-104", "intermittent-99-100", "milk-1130-12" (11:30 to 12).
fn ends_in_range(parts: &[&str]) -> bool {
    let [.., a, b] = parts else {
        return false;
    };
    let (Ok(x), Ok(y)) = (a.parse::<u32>(), b.parse::<u32>()) else {
        return false;
    };
    // (a serial's group keeps its leading zero: "IR-2026-0704-02")
    if b.starts_with('0') {
        return false;
    }
    let ascending = y > x && y - x <= (x / 5).max(10);
    let clock = (3..=4).contains(&a.len()) && x <= 2359 && x % 100 <= 59 && b.len() <= 2 && y <= 24;
    ascending || clock
}

/// Whether a lot's or a batch's label stands right before byte `start` ("lot TD-944-02", "Lot #:
/// AB-12-345", "lote n° ..."): a product's number, no PHI.
fn after_lot_label(text: &str, start: usize) -> bool {
    let head = &text[..start];
    let from = head.char_indices().rev().nth(19).map_or(0, |(i, _)| i);
    let before = head[from..].to_lowercase();
    let mut label = before.trim_end_matches([' ', '#', ':', '.', '°', 'º']);
    for number in ["number", "no", "nr", "n"] {
        if let Some(rest) = label.strip_suffix(number) {
            if rest.ends_with([' ', '.']) {
                label = rest.trim_end_matches([' ', '.']);
                break;
            }
        }
    }
    // (and a study's protocol: "Protocol KBT-RA-2019-04")
    [
        "lot",
        "lote",
        "lotto",
        "batch",
        "serie",
        "série",
        "charge",
        "protocol",
        "protocolo",
        "protocole",
        "study",
        "trial",
    ]
    .iter()
    .any(|w| {
        label.ends_with(w)
            && !label[..label.len() - w.len()]
                .chars()
                .next_back()
                .is_some_and(char::is_alphanumeric)
    })
}

/// Whether the digit chain `text[start..end]` is a register's number (see `collect`).
pub(super) fn is_register_chain(text: &str, start: usize, end: usize) -> bool {
    let v = &text[start..end];
    let groups: Vec<usize> = v.split('-').map(str::len).collect();
    let digits: usize = groups.iter().sum();
    let date = matches!(groups.as_slice(), [4, 1 | 2, 1 | 2] | [1 | 2, 1 | 2, 4 | 2]);
    let phone_ssn = matches!(groups.as_slice(), [3, 3, 4] | [1, 3, 3, 4] | [3, 2, 4]);
    // the label's last 16 characters: "NDC", "NDC#", "NDC number: "
    let head = &text[..start];
    let from = head.char_indices().rev().nth(15).map_or(0, |(i, _)| i);
    let before = head[from..].to_ascii_lowercase();
    let label = before.trim_end_matches([' ', '#', ':']);
    let ndc = label.ends_with("ndc") || label.ends_with("ndc number");
    digits >= 8
        && !date
        && !phone_ssn
        && !ndc
        && !matches!(char_before(text, start), Some('-' | '.' | '/'))
        && !continues_number(text, end, b"-./")
}
