//! The words that go on a facility's name after the run of its head and anchors: a second name
//! after "&" ("Jubilee Mission Medical College & Research Institute"), a name after "of" to
//! its phrase's end ("Hafez Institute of Art and Architecture,") and whom a home or hospital is
//! for ("Slovene Home for the Aged", "Bustamante Hospital for Children"). The facility rule marks
//! them.

use super::close;
use crate::tokenize::Tokenized;
use std::borrow::Cow;

/// The end of the words after a facility name that ends before word `j`, joined to it by " & "
/// and ending in a facility head within four words: words of letters only, capitalised where
/// capitals mean something (the head check says so), connectors inside.
pub(super) fn ampersand_continuation(
    doc: &Tokenized,
    folded: &[Cow<'_, str>],
    j: usize,
    is_head: &dyn Fn(usize) -> bool,
    is_connector: &dyn Fn(usize) -> bool,
) -> Option<usize> {
    let n = doc.len();
    if j == 0 || j >= n || doc.gap_before(j) != " & " {
        return None;
    }
    let capital_like =
        |k: usize| !doc.case_informative || doc.token_text(k).starts_with(char::is_uppercase);
    let mut k = j;
    while k < n && k < j + 4 {
        if k > j && !close(doc, k) {
            return None;
        }
        if is_head(k) {
            return Some(k + 1);
        }
        let letters = folded[k].chars().all(char::is_alphabetic);
        if !letters || !(capital_like(k) || (k > j && is_connector(k))) {
            return None;
        }
        k += 1;
    }
    None
}

/// The end of "of" and the words after a facility name that ends with its head before word `j`
/// ("Institute of Art and Architecture", "Hospital of Saint Raphael"): one to four words of
/// letters, capitalised where capitals mean something, "and" between them, closed by
/// punctuation, a line's or the text's end.
pub(super) fn of_tail(
    doc: &Tokenized,
    folded: &[Cow<'_, str>],
    j: usize,
    is_head: &dyn Fn(usize) -> bool,
    is_connector: &dyn Fn(usize) -> bool,
) -> Option<usize> {
    let n = doc.len();
    if j == 0 || j + 1 >= n || folded[j] != "of" || !close(doc, j) || !is_head(j - 1) {
        return None;
    }
    // (a possessive or a determiner starts no name: "university hospital of her choice")
    let determiner = |k: usize| {
        matches!(
            folded[k].as_ref(),
            "her"
                | "his"
                | "their"
                | "my"
                | "our"
                | "your"
                | "its"
                | "a"
                | "an"
                | "this"
                | "that"
                | "these"
                | "those"
                | "which"
                | "whose"
                | "each"
                | "every"
                | "any"
                | "some"
                | "no"
        )
    };
    let content = |k: usize| {
        !determiner(k)
            && !PHRASE_STARTS.contains(&folded[k].as_ref())
            && folded[k].chars().all(char::is_alphabetic)
            && !is_connector(k)
            && (!doc.case_informative || doc.token_text(k).starts_with(char::is_uppercase))
    };
    let mut last = None;
    let mut words = 0;
    // "of the" before the name ("University Hospital of the West Indies")
    let the = folded[j + 1] == "the" && j + 2 < n;
    let mut k = j + 1 + usize::from(the);
    // (a second "of" inside: "University Hospital of the West Indies School of Nursing")
    while k < n && k <= j + 6 + usize::from(the) && close(doc, k) && doc.gap_before(k) == " " {
        if content(k) {
            last = Some(k);
            words += 1;
        } else if !(matches!(folded[k].as_ref(), "and" | "of") && last.is_some()) {
            break;
        }
        k += 1;
    }
    let last = last?;
    // (where capitals say nothing, two words at least: "the rt-center of back;" is a body part;
    // one after a hospital word and "of the": "AT HOSPICE OF THE BLUEGRASS.", not a word that
    // names a kind of place: "TO HOSPITAL OF THE REGION.")
    let hospital_of_the = the
        && HOSPITAL_WORDS.contains(&folded[j - 1].as_ref())
        && !KINDS_OF_PLACE.contains(&folded[last].as_ref());
    if !doc.case_informative && words < 2 && !hospital_of_the {
        return None;
    }
    // (or a preposition that starts the next phrase, in lower case where capitals mean
    // something: "AT UNIVERSITY HOSPITAL OF THE WEST INDIES FOR PREVENTION OF LYME DISEASE")
    let next_phrase = last + 1 < n
        && doc.gap_after(last) == " "
        && PHRASE_STARTS.contains(&folded[last + 1].as_ref())
        && (!doc.case_informative || doc.token_text(last + 1).starts_with(char::is_lowercase));
    let closed = last + 1 >= n || next_phrase || {
        let gap = doc.gap_after(last);
        gap.contains([',', '.', ';', '(', ')', ':', '\n'])
    };
    closed.then_some(last + 1)
}

/// Hospital words that one name word after "of the" completes where capitals say nothing ("AT
/// HOSPICE OF THE BLUEGRASS."), not "center" ("at center of the chest") or "home".
pub(super) const HOSPITAL_WORDS: &[&str] = &["hospital", "hospice", "infirmary", "clinic"];

/// Homes and hospitals whose name says whom they are for ("HOME FOR THE AGED", `for_tail`).
pub(super) const HOMES: &[&str] = &["home", "hospital", "hospice", "house"];

/// Prepositions that start the phrase after a facility's name ("... OF THE WEST INDIES FOR
/// PREVENTION"): no word of the name after "of".
const PHRASE_STARTS: &[&str] = &[
    "for", "on", "in", "at", "with", "since", "from", "after", "until", "during",
];

/// Words that name a kind of place, not one: "the hospital of the city".
const KINDS_OF_PLACE: &[&str] = &[
    "city",
    "town",
    "region",
    "area",
    "district",
    "province",
    "state",
    "county",
    "village",
    "country",
    "capital",
    "university",
    "army",
    "navy",
    "community",
    "island",
    "valley",
];

/// Whom a home or a hospital is for, in its name.
const FOR_WHOM: &[&str] = &[
    "aged",
    "elderly",
    "children",
    "women",
    "sick",
    "incurables",
    "disabled",
    "blind",
    "deaf",
    "girls",
    "boys",
    "veterans",
    "poor",
];

/// The end of "for" ["the"] and whom, after a facility name that ends with its head before word
/// `j` ("SLOVENE HOME FOR THE AGED ON 2/23/21", "bustamante hospital for children a&e").
pub(super) fn for_tail(
    doc: &Tokenized,
    folded: &[Cow<'_, str>],
    j: usize,
    is_head: &dyn Fn(usize) -> bool,
) -> Option<usize> {
    let n = doc.len();
    if j == 0 || j + 1 >= n || folded[j] != "for" || !close(doc, j) || !is_head(j - 1) {
        return None;
    }
    let the = folded[j + 1] == "the";
    let whom = j + 1 + usize::from(the);
    (whom < n
        && close(doc, j + 1)
        && close(doc, whom)
        && FOR_WHOM.contains(&folded[whom].as_ref())
        && (!doc.case_informative || doc.token_text(whom).starts_with(char::is_uppercase)))
    .then_some(whom + 1)
}
