//! From per-token decisions to PHI spans, and from spans to the masked text that is shared.
//! This is the one place where token decisions become character ranges, for every engine mode.

use crate::phi::{PhiType, Span};
use crate::tokenize::{OffsetMap, Tokenized};

/// Build non-overlapping, sorted spans from the category of every word (`None` = safe).
///
/// A recognizer span (a date such as `12/26/20`, which is three words and two slashes) is kept
/// whole when any word it covers is PHI. Other PHI words become spans of their own, merged with
/// the previous span of the same category across a short gap such as the space in "John Smith"
/// or the apostrophe in "O'Brien".
///
/// **Invariant** (the inverse principle, enforced here for every engine mode): every word is
/// covered entirely or not at all. A recognizer hit inside a word ("46" in "46yo", "93" in
/// "93to95") keeps its exact extent, and the rest of the word gets spans of the same category,
/// so a mask never leaves part of a word, a digit or a letter of any script, visible, while the
/// i2b2 tags still say exactly what the recognizer found.
pub fn spans_from_tokens(
    doc: &Tokenized,
    kinds: &[Option<PhiType>],
    pattern_spans: &[Span],
) -> Vec<Span> {
    let groups = cover_whole_words(doc, pattern_spans.to_vec());
    let mut out: Vec<Span> = Vec::new();
    // the word that ends the last span in `out`, when that span came from words
    let mut last_word: Option<usize> = None;
    let mut g = 0;
    let mut i = 0;
    while i < doc.len() {
        let tok = doc.tokens[i];
        while g < groups.len() && group_end(&groups[g]) <= tok.start {
            g += 1;
        }
        if let Some(group) = groups.get(g).filter(|gr| gr[0].start < tok.end) {
            // words covered by this recognizer group (it covers them whole)
            let end = group_end(group);
            let mut j = i;
            let mut any_phi = false;
            while j < doc.len() && doc.tokens[j].start < end {
                any_phi |= kinds[j].is_some();
                j += 1;
            }
            if any_phi {
                out.extend(group.iter().cloned());
                last_word = None;
            }
            i = j;
            g += 1;
            continue;
        }
        if let Some(kind) = kinds[i] {
            let (start, end) = (tok.start, tok.end);
            match out.last_mut() {
                Some(last)
                    if last_word == Some(i.wrapping_sub(1))
                        && last.kind == kind
                        && joins(doc.gap_before(i)) =>
                {
                    last.end = end;
                }
                _ => out.push(Span::new(start, end, kind)),
            }
            last_word = Some(i);
        }
        i += 1;
    }
    out
}

/// The possessive "s" of a masked word takes the word's category: "[Charity]'s arm",
/// "[FRIDAY]'S REACTION". The apostrophe splits the Unicode word, but "Charity's" is one word
/// of the narrative, and gold tags it whole; a visible "'s" tells nothing, yet an unmasked piece
/// of a PHI word is what the inverse principle forbids. Returns the words it gave a category.
pub fn mask_possessives(doc: &Tokenized, kinds: &mut [Option<PhiType>]) -> Vec<usize> {
    let mut changed = Vec::new();
    for i in 1..doc.len().min(kinds.len()) {
        let Some(kind) = kinds[i - 1] else { continue };
        let possessive = kinds[i].is_none()
            && matches!(doc.token_text(i), "s" | "S")
            && matches!(doc.gap_before(i), "'" | "\u{2019}");
        if possessive {
            kinds[i] = Some(kind);
            changed.push(i);
        }
    }
    changed
}

fn group_end(group: &[Span]) -> usize {
    group.last().map_or(0, |s| s.end)
}

/// Recognizer spans as groups that cover whole words: each group is a run of adjacent spans
/// (sorted, non-overlapping) whose union starts and ends at word boundaries. A span that starts
/// or ends inside a word keeps its extent, and the rest of that word becomes a span of the same
/// category ("46yo": AGE "46" + AGE "yo"). Overlapping spans are cut (the earlier one keeps its
/// characters).
pub fn cover_whole_words(doc: &Tokenized, mut spans: Vec<Span>) -> Vec<Vec<Span>> {
    spans.retain(|s| s.end > s.start);
    spans.sort_by_key(|s| (s.start, s.end));
    let words = &doc.tokens;
    // non-overlapping, sorted
    let mut exact: Vec<Span> = Vec::with_capacity(spans.len());
    for mut s in spans {
        if let Some(last) = exact.last() {
            if s.start < last.end {
                if s.end <= last.end {
                    continue;
                }
                s.start = last.end;
            }
        }
        exact.push(s);
    }
    // the rest of each word a span touches, never over another recognizer span
    let mut all: Vec<Span> = Vec::with_capacity(exact.len() * 2);
    for (k, s) in exact.iter().enumerate() {
        // where the pieces pushed so far end (a previous span or its right remainder)
        let covered_to = all.last().map_or(0, |p: &Span| p.end);
        let next_start = exact.get(k + 1).map_or(usize::MAX, |n| n.start);
        let w = words.partition_point(|t| t.end <= s.start);
        if let Some(t) = words.get(w).filter(|t| t.start < s.start) {
            let from = t.start.max(covered_to);
            if from < s.start {
                all.push(Span::new(from, s.start, s.kind));
            }
        }
        all.push(s.clone());
        let w = words.partition_point(|t| t.end < s.end);
        if let Some(t) = words.get(w).filter(|t| t.start < s.end && t.end > s.end) {
            let to = t.end.min(next_start);
            if s.end < to {
                all.push(Span::new(s.end, to, s.kind));
            }
        }
    }
    // runs of touching spans
    let mut groups: Vec<Vec<Span>> = Vec::new();
    for piece in all {
        match groups.last_mut() {
            Some(group) if piece.start <= group_end(group) => group.push(piece),
            _ => groups.push(vec![piece]),
        }
    }
    groups
}

/// Whether two PHI words of one category separated by `gap` are one expression.
fn joins(gap: &str) -> bool {
    gap.chars().count() <= 2
        && gap
            .chars()
            .all(|c| matches!(c, ' ' | '-' | '.' | '\'' | '\u{2019}'))
}

/// The placeholder written in place of a span in masked text: `[DATE]`, `[AGE]`, `[CITY]`
/// (from `definitions/definitions.toml`).
pub fn placeholder(kind: PhiType) -> &'static str {
    kind.placeholder()
}

/// Placeholder of a word masked because nothing annotated its narrative.
pub const UNANNOTATED: &str = "[MASKED]";

/// The text with every word masked: what the inverse principle makes of a narrative that has no
/// annotation at all (an import interrupted in an old version, a pre-annotation that failed).
pub fn mask_every_word(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut at = 0;
    for w in crate::tokenize::tokenize(text) {
        out.push_str(&text[at..w.byte_start]);
        out.push_str(UNANNOTATED);
        at = w.byte_end;
    }
    out.push_str(&text[at..]);
    out
}

/// The text with every span replaced by its placeholder (spans sorted, non-overlapping).
pub fn mask_text(text: &str, map: &OffsetMap, spans: &[Span]) -> String {
    let mut out = String::with_capacity(text.len());
    let mut at = 0;
    let mut last_kind = None;
    for span in spans {
        // pieces of one word ("46" + "yo") are one placeholder
        if span.start == at && at > 0 && last_kind == Some(span.kind) {
            at = span.end;
            continue;
        }
        out.push_str(&text[map.byte(at)..map.byte(span.start)]);
        out.push_str(placeholder(span.kind));
        at = span.end;
        last_kind = Some(span.kind);
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
        spans_from_tokens(&doc, kinds, patterns)
            .into_iter()
            .map(|s| (map.slice(text, s.start, s.end).to_string(), s.kind))
            .collect()
    }

    #[test]
    fn a_possessive_s_is_masked_with_its_word_and_nowhere_else() {
        let text = "Charity's arm, FRIDAY\u{2019}S shift, Parkinson's disease, it's";
        let doc = Tokenized::new(text);
        let words: Vec<&str> = (0..doc.len()).map(|i| doc.token_text(i)).collect();
        let mut kinds: Vec<Option<PhiType>> = words
            .iter()
            .map(|w| match *w {
                "Charity" => Some(Patient),
                "FRIDAY" => Some(Date),
                _ => None,
            })
            .collect();
        let changed = mask_possessives(&doc, &mut kinds);
        let masked: Vec<&str> = changed.iter().map(|&i| words[i - 1]).collect();
        assert_eq!(masked, ["Charity", "FRIDAY"]);
        assert_eq!(
            run(text, &kinds, &[]),
            vec![
                ("Charity's".into(), Patient),
                ("FRIDAY\u{2019}S".into(), Date)
            ]
        );
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
        let _ = OffsetMap::new(text);
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
        let k = [None, Some(City)];
        assert_eq!(run(text, &k, &[]), vec![("Zürich".into(), City)]);
        let map = OffsetMap::new(text);
        let spans = spans_from_tokens(&Tokenized::new(text), &k, &[]);
        assert_eq!(mask_text(text, &map, &spans), "in [CITY] 😀");
    }

    #[test]
    fn an_unannotated_text_is_all_masked() {
        assert_eq!(
            mask_every_word("Zoë (53) 😀 ok."),
            "[MASKED] ([MASKED]) 😀 [MASKED]."
        );
    }

    #[test]
    fn a_recognizer_hit_inside_a_word_masks_the_whole_word() {
        // "93" is an AGE inside the word "93to95": the digits after it must not stay visible
        let text = "age 93to95 and 45to12/26/2020 x";
        let k = [
            None,
            Some(Age),
            None,
            Some(Age),
            Some(Date),
            Some(Date),
            None,
        ];
        let pats = [
            Span::new(4, 6, Age),
            Span::new(15, 17, Age),
            Span::new(19, 29, Date),
        ];
        // the recognizers' exact extents stay (i2b2 tags), the rest of each word is covered too
        assert_eq!(
            run(text, &k, &pats),
            vec![
                ("93".into(), Age),
                ("to95".into(), Age),
                ("45".into(), Age),
                ("to".into(), Age),
                ("12/26/2020".into(), Date)
            ]
        );
        let map = OffsetMap::new(text);
        let spans = spans_from_tokens(&Tokenized::new(text), &k, &pats);
        assert_eq!(mask_text(text, &map, &spans), "age [AGE] and [AGE][DATE] x");
    }

    #[test]
    fn names_join_over_apostrophes_and_hyphens() {
        let text = "Seen by O'Brien and Jean-Pierre";
        let k = [
            None,
            None,
            Some(Doctor),
            Some(Doctor),
            None,
            Some(Doctor),
            Some(Doctor),
        ];
        assert_eq!(
            run(text, &k, &[]),
            vec![("O'Brien".into(), Doctor), ("Jean-Pierre".into(), Doctor)]
        );
    }
}
