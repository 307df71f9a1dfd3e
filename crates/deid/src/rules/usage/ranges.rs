//! Numbers that a measured neighbour makes measured too: the first number of a range whose
//! second is measured, and a count of hours joined to its unit by a hyphen.

use super::units::is_short_duration_unit;
use super::{is_number, Usage};
use crate::tokenize::Tokenized;

/// The first number of a range whose second is measured ("1-1.5 hours after", "2-150 minutes",
/// "5-10 mg"), and a count of hours, minutes or seconds joined to its unit by a hyphen ("a
/// 14-hour flight", "24-hour urine"; a newborn's "36-hour-old" is an age).
pub(super) fn measured_ranges_and_hour_compounds(
    doc: &Tokenized,
    claimed: &[bool],
    out: &mut [Option<Usage>],
) {
    let n = doc.len();
    for i in (0..n.saturating_sub(1)).rev() {
        let w = doc.token_text(i);
        if out[i].is_some() || claimed[i] || !is_number(w) || w.len() > 3 {
            continue;
        }
        let hyphen = matches!(doc.gap_after(i), "-" | "–");
        // (not a date's part before it: "12/5-10 min")
        let in_date = i >= 1 && matches!(doc.gap_before(i), "/" | "." | "-");
        if hyphen
            && !in_date
            && is_number(doc.token_text(i + 1))
            && out[i + 1] == Some(Usage::Measurement)
        {
            out[i] = Some(Usage::Measurement);
            continue;
        }
        let old_after = i + 2 < n
            && matches!(doc.gap_after(i + 1), "-" | " ")
            && doc.token_text(i + 2).eq_ignore_ascii_case("old");
        if doc.gap_after(i) == "-"
            && !in_date
            && is_short_duration_unit(doc.token_text(i + 1))
            && !claimed[i + 1]
            && !old_after
        {
            out[i] = Some(Usage::Measurement);
            out[i + 1] = Some(Usage::Measurement);
        }
    }
}
