//! Byte scans that tell, before a regular expression runs, that it cannot match.
//!
//! Why: each recognizer's lazy DFA reads the whole narrative at about 2 ns a byte whether it
//! finds anything or not, and almost no narrative holds a phone number (1.4% of
//! `vaers-2021-01.csv` pass the phone gate), a web address (none), a ZIP code (5%) or a room
//! number. A scan for a piece every match must contain (four digits after a separator, five
//! digits in a row, "rm"/"room") is several times cheaper than the automaton. Each gate is
//! only ever a necessary condition of its pattern, written next to the pattern: when the gate
//! says no, the pattern has no match, so gating never changes an output.
//!
//! Tried and not kept: one `RegexSet` pass over the eight big patterns (dates, ids, age,
//! professions) to run only those that match (three per narrative on average). Alone it read
//! the corpus in 17 ms against 65 ms for the eight, but within `deid annotate` the whole run
//! took more CPU (min of 8 runs: 2.69 s against 2.54 s over the corpus 8 times): its automaton
//! is larger and pushes the others out of the caches.

/// Whether `text` holds `n` ASCII digits in a row.
pub(crate) fn has_digit_run(text: &str, n: usize) -> bool {
    let mut run = 0;
    for &b in text.as_bytes() {
        if b.is_ascii_digit() {
            run += 1;
            if run >= n {
                return true;
            }
        } else {
            run = 0;
        }
    }
    false
}

/// Whether `text` holds a digit, one of `seps`, then four digits ("555-1234", "123.4567"), or
/// a "+" before a digit: what every phone number the contact pattern accepts contains.
pub(crate) fn has_phone_shape(text: &str, seps: &[u8]) -> bool {
    let b = text.as_bytes();
    b.windows(6).any(|w| {
        w[0].is_ascii_digit() && seps.contains(&w[1]) && w[2..].iter().all(u8::is_ascii_digit)
    }) || b.windows(2).any(|w| w[0] == b'+' && w[1].is_ascii_digit())
}

/// Whether `text` holds one of `needles` (ASCII lower case), in any ASCII case.
pub(crate) fn contains_ascii_ci(text: &str, needles: &[&str]) -> bool {
    let b = text.as_bytes();
    needles.iter().any(|n| {
        let n = n.as_bytes();
        b.windows(n.len()).any(|w| w.eq_ignore_ascii_case(n))
    })
}

/// Whether a "." in `text` is followed by one of `suffixes` (ASCII lower case), in any ASCII
/// case: a necessary piece of every bare domain name ("mychart.org").
pub(crate) fn has_dot_then(text: &str, suffixes: &[&str]) -> bool {
    let b = text.as_bytes();
    memchr::memchr_iter(b'.', b).any(|i| {
        let rest = &b[i + 1..];
        suffixes
            .iter()
            .any(|s| rest.len() >= s.len() && rest[..s.len()].eq_ignore_ascii_case(s.as_bytes()))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gates_find_the_pieces_they_name() {
        assert!(has_digit_run("zip 90210.", 5));
        assert!(!has_digit_run("1234 5678", 5));
        assert!(has_phone_shape("call 555-1234", b" .-"));
        assert!(has_phone_shape("+4 ", b" .-"));
        assert!(!has_phone_shape("BP 120/80, 1234", b" .-"));
        assert!(contains_ascii_ci("Pt in RM 12", &["rm", "room"]));
        assert!(!contains_ascii_ci("no such thing", &["rm", "room"]));
        assert!(has_dot_then("see MyChart.ORG", &["org"]));
        assert!(!has_dot_then("q.d. dosing", &["org", "com"]));
    }
}
