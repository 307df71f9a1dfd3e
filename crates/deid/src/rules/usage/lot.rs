//! The lot number of a vaccine or a drug after its label ("Lot EK5730", "lote 210032", "Lot
//! #608318/0403B"): kept apart from the measurements because it is the one usage that marks a word
//! as PHI-like rather than releasing it, and its shape checks (a house plot's "Lot 12, Block 4", a
//! quantity's "a lot") are its own.

use super::Usage;
use crate::tokenize::Tokenized;

/// Labels of a vaccine or drug lot number (English and French, Spanish and Portuguese, Italian).
const LOT_LABELS: &[&str] = &["lot", "lote", "lotto", "batch"];

/// Whether word `i` is a lot number: right after a lot label (with "#", "no", "number", ":"
/// between), or after "/" in a two-part lot ("Lot #608318/0403B"). Only values that look like a
/// product lot: letters and digits ("EK5730", "0403B") or five digits or more ("210032"); "Lot
/// 12, Block 4" is an address (lots and blocks number house plots).
pub(super) fn is_lot_number(doc: &Tokenized, out: &[Option<Usage>], i: usize) -> bool {
    let w = doc.token_text(i);
    let has_digit = w.bytes().any(|b| b.is_ascii_digit());
    let has_letter = w.chars().any(char::is_alphabetic);
    if i == 0 || w.len() > 14 {
        return false;
    }
    // the later parts of a lot joined by "/" or "-" ("Lot #608318/0403B", "LOT M-0342", "lot
    // TD-944-02")
    if out[i - 1] == Some(Usage::LotNumber)
        && matches!(doc.gap_before(i), "/" | "-")
        && w.bytes().all(|b| b.is_ascii_alphanumeric())
    {
        return true;
    }
    // a lot's letters before its hyphen and digits ("LOT M-0342", "lot DT-5512")
    let prefix = !has_digit
        && (1..=3).contains(&w.len())
        && w.bytes().all(|b| b.is_ascii_alphabetic())
        && i + 1 < doc.len()
        && doc.gap_after(i) == "-"
        && doc
            .token_text(i + 1)
            .starts_with(|c: char| c.is_ascii_digit());
    // ... or its first group of digits before a hyphen ("LOT 471-118", "LOT 93-BMR-17")
    let grouped = has_digit
        && i + 1 < doc.len()
        && doc.gap_after(i) == "-"
        && doc
            .token_text(i + 1)
            .bytes()
            .all(|b| b.is_ascii_alphanumeric());
    if !(prefix || grouped || (has_digit && (has_letter || w.len() >= 5))) {
        return false;
    }
    let plot = i + 1 < doc.len()
        && matches!(
            doc.token_text(i + 1).to_ascii_lowercase().as_str(),
            "block" | "blk" | "phase"
        );
    let mut j = i - 1;
    // "Lot no. 123456", "Lot number: AB123"
    if matches!(
        doc.token_text(j).to_ascii_lowercase().as_str(),
        "no" | "number" | "nr" | "num"
    ) && j > 0
    {
        j -= 1;
    }
    let gap_ok = |k: usize| {
        doc.gap_after(k)
            .chars()
            .all(|c| matches!(c, ' ' | '\u{a0}' | '#' | ':' | '.' | '-'))
    };
    // "pt cried a lot 23MAY-27MAY": a quantity, no label
    let quantity = j > 0 && doc.token_text(j - 1).eq_ignore_ascii_case("a");
    !plot
        && !quantity
        && LOT_LABELS.contains(&doc.token_text(j).to_ascii_lowercase().as_str())
        && (j..i).all(gap_ok)
}
