//! Clinical shorthand written with single letters, which the rules read as initials and the model
//! masks: "pt c/o h/a, n/v", "f/u 14NOV97", "d/c home", "seen by M.D.", "ampicillin I.V.", and a
//! vaccine's or a germ's letter ("hepta B", "Hep B", "Hepatitis A", "H. flu"). The 1990s reports
//! are full of them, and they carry the reaction ("h/a" is the headache) and the course ("f/u",
//! "d/c"). Reason `Shorthand`, released whatever the model says: none of them is anyone's initial
//! in the place it stands.
//!
//! Only whole forms are read: the letters of a listed slashed or dotted form with nothing glued
//! before or after it ("c/o", not the "c/o" of "c/o/d"), the letter after a listed vaccine word,
//! and the letter before a germ's word.

use super::{Reason, TokenRule};
use crate::tokenize::Tokenized;
use std::borrow::Cow;

/// Slashed forms, folded, letters only: "c/o" complains of, "h/a" headache, "n/v" nausea and
/// vomiting, "f/u" follow-up, "d/c" discharge or discontinue, "s/s" signs and symptoms, "s/p"
/// status post, "r/o" rule out, "w/o" without, "d/t" due to, "b/l" bilateral, "a/o" alert and
/// oriented, "n/v/d" with diarrhoea.
const SLASHED: &[&[&str]] = &[
    &["c", "o"],
    &["h", "a"],
    &["n", "v"],
    &["n", "v", "d"],
    &["f", "u"],
    &["d", "c"],
    &["s", "s"],
    &["s", "p"],
    &["r", "o"],
    &["w", "o"],
    &["d", "t"],
    &["b", "l"],
    &["a", "o"],
];

/// Dotted forms, folded: "M.D.", "I.V.", "E.R.", "a.m.", "p.m.", "D.O.", "R.N.".
const DOTTED: &[&[&str]] = &[
    &["m", "d"],
    &["i", "v"],
    &["e", "r"],
    &["a", "m"],
    &["p", "m"],
    &["d", "o"],
    &["r", "n"],
];

/// Words a vaccine's or a germ's letter follows: "hepta B", "Hep B", "Hepatitis A", "H. flu" is
/// read from the other side (`GERM_AFTER`).
const LETTER_AFTER: &[&str] = &[
    "hep",
    "hepta",
    "hepatitis",
    "heptavax",
    "engerix",
    "strep",
    "group",
];

/// The letter before a germ's word: "H. flu", "H flu", "E. coli".
const GERM_AFTER: &[(&str, &str)] = &[("h", "flu"), ("e", "coli")];

pub(super) fn apply(doc: &Tokenized, rules: &mut [TokenRule], folded: &[Cow<'_, str>]) {
    let n = doc.len();
    let one_letter = |k: usize| folded[k].chars().count() == 1;
    let mut k = 0;
    while k < n {
        if let Some(len) =
            form_at(doc, folded, k, SLASHED, "/").or_else(|| form_at(doc, folded, k, DOTTED, "."))
        {
            for m in k..k + len {
                mark(rules, m);
            }
            k += len;
            continue;
        }
        // a vaccine's letter: "hepta B", "Engerix-B", "strep A"; a germ's: "H. flu"
        let vaccine_letter = k > 0
            && one_letter(k)
            && matches!(doc.gap_before(k), " " | "-")
            && LETTER_AFTER.contains(&folded[k - 1].as_ref());
        let germ_letter = k + 1 < n
            && one_letter(k)
            && matches!(doc.gap_after(k), " " | ". ")
            && GERM_AFTER
                .iter()
                .any(|(l, w)| folded[k] == *l && folded[k + 1] == *w);
        if vaccine_letter || germ_letter {
            mark(rules, k);
        }
        k += 1;
    }
}

/// The number of words of a listed form (`sep` between its letters) starting at word `k`, with
/// nothing glued before or after it.
fn form_at(
    doc: &Tokenized,
    folded: &[Cow<'_, str>],
    k: usize,
    forms: &[&[&str]],
    sep: &str,
) -> Option<usize> {
    // nothing glued before it: a blank, a line's or a clause's start ("c/o/d" after a letter is no
    // "o/d", "Yeasterday1" no form)
    if k > 0 {
        let before = doc.gap_before(k);
        if !before.ends_with(|c: char| c.is_whitespace() || ";,(:".contains(c)) {
            return None;
        }
    }
    forms.iter().find_map(|form| {
        let len = form.len();
        let fits = k + len <= doc.len()
            && form
                .iter()
                .enumerate()
                .all(|(j, letter)| folded[k + j] == *letter)
            && (1..len).all(|j| doc.gap_before(k + j) == sep);
        if !fits {
            return None;
        }
        // what follows the form: a blank, a punctuation mark or the end ("M.D." keeps its dot;
        // "M.D.S" and "c/o/d" go on)
        let rest = doc.gap_after(k + len - 1).trim_start_matches(sep);
        let end = k + len >= doc.len()
            || rest.starts_with(|c: char| c.is_whitespace() || ",;:)".contains(c));
        end.then_some(len)
    })
}

fn mark(rules: &mut [TokenRule], k: usize) {
    let r = &mut rules[k];
    if matches!(r.reason, Reason::Pattern(_) | Reason::Digit) {
        return;
    }
    r.phi = false;
    r.kind = None;
    r.reason = Reason::Shorthand;
}

#[cfg(test)]
mod tests {
    use crate::rules::{words_with_reason, Reason};

    fn shorthand(text: &str) -> Vec<String> {
        words_with_reason(text, Reason::Shorthand)
    }

    #[test]
    fn slashed_and_dotted_shorthand_and_a_vaccines_letter() {
        assert_eq!(
            shorthand("pt c/o h/a, n/v; f/u 14NOV97; d/c home"),
            ["c", "o", "h", "a", "n", "v", "f", "u", "d", "c"]
        );
        assert_eq!(
            shorthand("Seen by M.D. on 12/13; tx w/ampicillin I.V. for 48hr"),
            ["M", "D", "I", "V"]
        );
        assert_eq!(
            shorthand(
                "04sep90 pt vax 2nd hepta B.  06sep90 Hep B & Engerix-B; H. flu B miningitis"
            ),
            ["B", "B", "B", "H"]
        );
    }

    #[test]
    fn never_letters_that_are_no_listed_form() {
        for text in [
            // initials, a name's letter, a form glued to more letters
            "Seen by Dr. J. M. Smith on 12/13 with the mother.",
            "pt J.D. recvd vax; c/o/d reported by M.D.S.",
            "Vaccinee Anna B. Kowalski, 34, nurse.",
        ] {
            assert!(shorthand(text).is_empty(), "{text}: {:?}", shorthand(text));
        }
    }
}
