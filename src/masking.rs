//! From per-token decisions to PHI spans, and from spans to the masked text that is shared.
//! This is the one place where token decisions become character ranges, for every engine mode.

use crate::phi::{PhiType, Span};
use crate::tokenize::{OffsetMap, Tokenized};

/// Build non-overlapping, sorted spans from the category of every token (`None` = safe).
///
/// A recognizer span (a date such as `12/26/20`, which is three tokens and two slashes) is kept
/// whole when any token it covers is PHI. Other PHI tokens become spans of their own, widened over
/// adjacent non-ASCII letters (so "Zürich" is masked whole, not as "Z" and "rich"), and merged
/// with the previous span of the same category across a short gap such as the space in
/// "John Smith".
pub fn spans_from_tokens(
    doc: &Tokenized,
    map: &OffsetMap,
    kinds: &[Option<PhiType>],
    pattern_spans: &[Span],
) -> Vec<Span> {
    let mut out: Vec<Span> = Vec::new();
    let mut merged_tokens = false; // whether the last span in `out` came from tokens
    let mut p = 0;
    let mut i = 0;
    while i < doc.len() {
        let tok = doc.tokens[i];
        while p < pattern_spans.len() && pattern_spans[p].end <= tok.start {
            p += 1;
        }
        if let Some(span) = pattern_spans.get(p).filter(|s| s.start < tok.end) {
            // tokens covered by this recognizer span
            let mut j = i;
            let mut any_phi = false;
            while j < doc.len() && doc.tokens[j].start < span.end {
                any_phi |= kinds[j].is_some();
                j += 1;
            }
            if any_phi {
                out.push(span.clone());
                merged_tokens = false;
            }
            i = j;
            p += 1;
            continue;
        }
        if let Some(kind) = kinds[i] {
            let (start, end) = widen_over_non_ascii_letters(doc.text, map, tok.start, tok.end);
            let last = out.last().cloned();
            match last {
                Some(last)
                    if merged_tokens
                        && last.kind == kind
                        && (start <= last.end || joins(map.slice(doc.text, last.end, start))) =>
                {
                    out.last_mut().expect("non-empty").end = end;
                }
                // never overlap a recognizer span: start after it
                Some(last) if last.end > start => {
                    if end > last.end {
                        out.push(Span::new(last.end, end, kind));
                        merged_tokens = true;
                    }
                }
                _ => {
                    out.push(Span::new(start, end, kind));
                    merged_tokens = true;
                }
            }
        }
        i += 1;
    }
    out
}

/// Whether two PHI tokens of one category separated by `gap` are one expression.
fn joins(gap: &str) -> bool {
    gap.len() <= 2 && gap.chars().all(|c| matches!(c, ' ' | '-' | '.' | '\''))
}

fn widen_over_non_ascii_letters(
    text: &str,
    map: &OffsetMap,
    mut start: usize,
    mut end: usize,
) -> (usize, usize) {
    let is_letter = |c: char| !c.is_ascii() && c.is_alphanumeric();
    for c in text[..map.byte(start)].chars().rev() {
        if !is_letter(c) {
            break;
        }
        start -= 1;
    }
    for c in text[map.byte(end)..].chars() {
        if !is_letter(c) {
            break;
        }
        end += 1;
    }
    (start, end)
}

/// The placeholder written in place of a span in masked text: `[DATE]`, `[AGE]`, `[CITY]`.
pub fn placeholder(kind: PhiType) -> &'static str {
    use PhiType::*;
    match kind {
        Patient => "[PATIENT]",
        Doctor => "[DOCTOR]",
        Username => "[USERNAME]",
        Profession => "[PROFESSION]",
        Hospital => "[HOSPITAL]",
        Organization => "[ORGANIZATION]",
        Street => "[STREET]",
        City => "[CITY]",
        State => "[STATE]",
        Country => "[COUNTRY]",
        Zip => "[ZIP]",
        LocationOther => "[LOCATION]",
        Age => "[AGE]",
        Date => "[DATE]",
        Phone => "[PHONE]",
        Fax => "[FAX]",
        Email => "[EMAIL]",
        Url => "[URL]",
        Ipaddr => "[IPADDR]",
        Ssn => "[SSN]",
        MedicalRecord => "[MEDICALRECORD]",
        HealthPlan => "[HEALTHPLAN]",
        Account => "[ACCOUNT]",
        License => "[LICENSE]",
        Vehicle => "[VEHICLE]",
        Device => "[DEVICE]",
        Bioid => "[BIOID]",
        Idnum => "[IDNUM]",
    }
}

/// The text with every span replaced by its placeholder (spans sorted, non-overlapping).
pub fn mask_text(text: &str, map: &OffsetMap, spans: &[Span]) -> String {
    let mut out = String::with_capacity(text.len());
    let mut at = 0;
    for span in spans {
        out.push_str(&text[map.byte(at)..map.byte(span.start)]);
        out.push_str(placeholder(span.kind));
        at = span.end;
    }
    out.push_str(&text[map.byte(at)..]);
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use PhiType::*;

    fn run(text: &str, kinds: &[Option<PhiType>], patterns: &[Span]) -> Vec<(String, PhiType)> {
        let doc = Tokenized::new(text);
        let map = OffsetMap::new(text);
        spans_from_tokens(&doc, &map, kinds, patterns)
            .into_iter()
            .map(|s| (map.slice(text, s.start, s.end).to_string(), s.kind))
            .collect()
    }

    #[test]
    fn pattern_spans_are_kept_whole_and_names_merge() {
        let text = "John Smith seen 12/26/20, Boston";
        let k = [
            Some(Patient),
            Some(Patient),
            None,
            Some(Date),
            Some(Date),
            Some(Date),
            Some(City),
        ];
        let pats = [Span::new(16, 24, Date)];
        assert_eq!(
            run(text, &k, &pats),
            vec![
                ("John Smith".into(), Patient),
                ("12/26/20".into(), Date),
                ("Boston".into(), City)
            ]
        );
    }

    #[test]
    fn a_pattern_span_whose_tokens_are_all_safe_is_dropped() {
        let text = "on 12/26/20";
        let k = [None, None, None, None];
        assert!(run(text, &k, &[Span::new(3, 11, Date)]).is_empty());
    }

    #[test]
    fn different_categories_and_commas_do_not_merge() {
        let text = "Boston, MA Smith";
        let k = [Some(City), Some(State), Some(Patient)];
        assert_eq!(run(text, &k, &[]).len(), 3);
    }

    #[test]
    fn non_ascii_letters_are_masked_with_their_word() {
        let text = "in Zürich 😀";
        let k = [None, Some(City), Some(City)];
        assert_eq!(run(text, &k, &[]), vec![("Zürich".into(), City)]);
        let map = OffsetMap::new(text);
        let spans = spans_from_tokens(&Tokenized::new(text), &map, &k, &[]);
        assert_eq!(mask_text(text, &map, &spans), "in [CITY] 😀");
    }
}
