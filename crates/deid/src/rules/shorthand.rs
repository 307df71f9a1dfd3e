//! Clinical shorthand written with single letters, which the rules read as initials and the model
//! masks: "pt c/o h/a, n/v", "f/u 14NOV97", "d/c home", "seen by M.D.", "ampicillin I.V.", and a
//! vaccine's or a germ's letter ("hepta B", "Hep B", "Hepatitis A", "H. flu"). The 1990s reports
//! are full of them, and they carry the reaction ("h/a" is the headache) and the course ("f/u",
//! "d/c"); "MD" after "by" or "pvt" is the doctor, "AM" after "the" the morning, "eve" after
//! "early" the evening. Reason `Shorthand`, released whatever the model says: none of them is
//! anyone's initial in the place it stands.
//!
//! Only whole forms are read: the letters of a listed slashed or dotted form with nothing glued
//! before or after it ("c/o", not the "c/o" of "c/o/d"), the letter after a listed vaccine word,
//! the letter before a germ's word, and a field's null word ("UNK", "NA", "NKA") as a whole item
//! of the list or field.

use super::{Reason, TokenRule};
use crate::lexicon::{flag, LexFlags};
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
    &["n", "a"],
    &["h", "o"],
    &["n", "s"],
];

/// Words before "MD" that make it the doctor, not Maryland: "seen by MD", "called pvt MD", "to
/// the MD", "family MD", folded.
const BEFORE_MD: &[&str] = &[
    "by",
    "to",
    "saw",
    "see",
    "seen",
    "called",
    "call",
    "pvt",
    "private",
    "family",
    "the",
    "his",
    "her",
    "an",
    "a",
    "per",
    "local",
    "attending",
    "ped",
    "peds",
    "er",
    "treating",
];

/// Words before "AM" or "PM" that make it the part of the day: "in the AM", "early AM".
const BEFORE_AM: &[&str] = &[
    "the", "early", "late", "this", "next", "that", "each", "every",
];

/// Words before "eve" that make it the evening: "until eve of 18APR91", "fever in eve", "by eve".
const BEFORE_EVE: &[&str] = &["until", "til", "till", "in", "by", "during", "on", "that"];

/// The words a form's field holds when there is nothing to say, folded: "UNK", "NA", "NKA" (no
/// known allergies), "NKDA", "nil". Only as a whole item of a list or field ("NA", "asthma; NKA"):
/// "Na 137" is sodium and "KIM NA" a name.
const NULL_WORDS: &[&str] = &["unk", "na", "nka", "nkda", "nkma", "nil"];

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

pub(super) fn apply(
    doc: &Tokenized,
    rules: &mut [TokenRule],
    flags: &[LexFlags],
    folded: &[Cow<'_, str>],
) {
    let n = doc.len();
    let one_letter = |k: usize| folded[k].chars().count() == 1;
    let mut k = 0;
    while k < n {
        // (asked of every word: every form here is a word of one to four letters, and the
        // letter forms start with a word of one)
        let len = folded[k].len();
        if len > 4 {
            k += 1;
            continue;
        }
        let form = if len == 1 {
            form_at(doc, folded, k, SLASHED, "/").or_else(|| form_at(doc, folded, k, DOTTED, "."))
        } else {
            None
        };
        if let Some(len) = form {
            for m in k..k + len {
                mark(rules, m);
            }
            k += len;
            continue;
        }
        // the doctor ("seen by MD"), the part of the day ("in the AM")
        let before = |words: &[&str]| {
            k > 0 && doc.gap_before(k) == " " && words.contains(&folded[k - 1].as_ref())
        };
        let doctor = folded[k] == "md" && before(BEFORE_MD);
        let part_of_day = (matches!(folded[k].as_ref(), "am" | "pm")
            && doc.token_text(k).chars().all(char::is_uppercase)
            && before(BEFORE_AM))
            // "early eve", "Thurs eve": the evening, where capitals do not make it Eve
            || (folded[k] == "eve"
                && !(doc.case_informative && doc.token_text(k).starts_with(char::is_uppercase))
                && (before(BEFORE_AM)
                    || before(BEFORE_EVE)
                    || (k > 0 && doc.gap_before(k) == " " && flags[k - 1] & flag::WEEKDAY != 0)
                    // "(eve) pt felt hot", "eve of 18APR91"
                    || (doc.gap_before(k).ends_with('(') && doc.gap_after(k).starts_with(')'))
                    || (k + 2 < n
                        && folded[k + 1] == "of"
                        && doc.gap_after(k) == " "
                        && doc.token_text(k + 2).bytes().any(|b| b.is_ascii_digit()))));
        if doctor || part_of_day {
            mark(rules, k);
            k += 1;
            continue;
        }
        // (not in brackets after a place or a name: "80134 Napoli (NA)" is the province's code)
        let after_name = k > 0 && doc.gap_before(k).contains('(') && rules[k - 1].phi;
        // ("unk" is no name anywhere: "condition of the pt is unk;", "MFR UNK")
        let unknown = folded[k] == "unk" && !doc.gap_before(k).ends_with('-');
        if NULL_WORDS.contains(&folded[k].as_ref()) && (list_item(doc, k) || unknown) && !after_name
        {
            mark(rules, k);
            k += 1;
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

/// Whether word `k` is a whole item of a list or field: the text's start, a line's or a list
/// separator before it, the text's end, a line's or a separator (or a full stop) after it.
fn list_item(doc: &Tokenized, k: usize) -> bool {
    let opens = |g: &str| {
        g.trim_end_matches([' ', '\t'])
            .ends_with([';', ',', '\n', '(', ':'])
    };
    let closes = |g: &str| {
        g.trim_start_matches([' ', '\t'])
            .starts_with([';', ',', '\n', ')', '.'])
    };
    // (the text's start and end may hold blanks, quotes or a full stop: "\"UNK\"", "None.")
    let blank = |t: &str| {
        t.trim_matches([' ', '"', '\'', '.', '\t', '\r', '\n'])
            .is_empty()
    };
    let before =
        (k > 0 && opens(doc.gap_before(k))) || blank(&doc.text[..doc.tokens[k].byte_start]);
    let after = (k + 1 < doc.len() && closes(doc.gap_after(k)))
        || blank(&doc.text[doc.tokens[k].byte_end..]);
    before && after
}

fn mark(rules: &mut [TokenRule], k: usize) {
    let r = &mut rules[k];
    // (what a pattern or a context rule found stays: the province's code of "80134 Napoli (NA)")
    if matches!(
        r.reason,
        Reason::Pattern(_)
            | Reason::Digit
            | Reason::Context
            | Reason::PlaceName
            | Reason::NamedFacility
            | Reason::RelationName
            | Reason::AddressWord
    ) {
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
    fn the_doctor_and_the_part_of_the_day() {
        assert_eq!(
            shorthand("2JUN97 devel rash reported by MD; called pvt MD; fine in the AM."),
            ["MD", "MD", "AM"]
        );
        assert_eq!(
            shorthand("p/vax pt exp fever early eve. Thurs eve felt warm; seen by Eve Hall."),
            ["eve", "eve"]
        );
        // the evening after "until", "in", in brackets, before "of" and a date
        assert_eq!(
            shorthand("asymptomatic until eve of 18APR91 constant crying; 16APR91 pm (eve) pt felt hot; fever in eve"),
            ["eve", "eve", "eve"]
        );
        // the state after its town
        assert!(shorthand("She lives in Baltimore, MD 21201 with her son.").is_empty());
    }

    #[test]
    fn a_fields_null_word_as_a_whole_item() {
        assert_eq!(shorthand("UNK"), ["UNK"]);
        assert_eq!(shorthand("\"UNK\""), ["UNK"]);
        assert_eq!(shorthand("NA"), ["NA"]);
        assert_eq!(shorthand("N/A"), ["N", "A"]);
        assert_eq!(shorthand("Asthma; NKA."), ["NKA"]);
        // "unk" anywhere: no name
        assert_eq!(
            shorthand("pt improved & as of 8NOV90, condition of the pt is unk; MFR UNK"),
            ["unk", "UNK"]
        );
        assert_eq!(shorthand("h/o prostate CA"), ["h", "o"]);
        // sodium, a name
        assert!(shorthand("Na 137, K 4.1").is_empty());
        assert!(shorthand("PT KIM NA, 45, RECVD VAX").is_empty());
        // a province's code
        assert!(
            shorthand("Residente in Via Roma 45, 80134 Napoli (NA), cell. 333 418 2790.")
                .is_empty()
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
