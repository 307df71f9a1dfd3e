//! Places of several words the lexicon or the rules see in parts: a US state's code where one
//! lives ("went back home to TN"), a town's words hyphened around a connector ("ROSTOV-ON-DON"),
//! a listed town with a connector inside ("Frankfurt am Main"), Korea's places with their kind
//! hyphened after the name ("Gangwon-do"). Run by `place::apply` after a place's other mentions
//! are marked.

use super::mark_place;
use crate::lexicon::{flag, LexFlags};
use crate::phi::PhiType;
use crate::rules::{Reason, TokenRule};
use crate::tokenize::Tokenized;
use std::borrow::Cow;

/// US state codes that are no English word or clinical abbreviation, read after "home to",
/// "moved to", "lives in" in any document ("SHE WENT BACK HOME TO TN").
const SETTLED_STATE_CODES: &[&str] = &[
    "AK", "AZ", "AR", "CA", "CT", "FL", "IA", "KS", "KY", "MN", "MO", "MT", "NC", "NH", "NJ", "NM",
    "NV", "NY", "OH", "RI", "SD", "TN", "TX", "UT", "VT", "WA", "WI", "WV", "WY",
];

/// Mark the places of several words (see the module).
pub(super) fn apply(
    doc: &Tokenized,
    rules: &mut [TokenRule],
    flags: &[LexFlags],
    folded: &[Cow<'_, str>],
) {
    // a US state's code after "home to", "moved to", "lives in", "resides in" in any case ("She
    // went back home to TN and", "moved to ca"): only a place follows those
    for i in 2..rules.len() {
        let settled = matches!(
            (folded[i - 2].as_ref(), folded[i - 1].as_ref()),
            ("home" | "moved" | "relocated" | "trip", "to")
                | ("lives" | "living" | "resides", "in")
        );
        // (in ALL CAPS the lexicon flags no code: the codes that are no English or clinical
        // word, "OR", "IN", "MD", "PA", "MI")
        let code = doc.token_text(i);
        let listed = flags[i] & flag::STATE_ABBREVIATION != 0
            || SETTLED_STATE_CODES.contains(&code.to_ascii_uppercase().as_str());
        if settled
            && listed
            && doc.gap_before(i) == " "
            && doc.gap_before(i - 1) == " "
            && code.chars().count() == 2
            && code.chars().all(|ch| ch.is_ascii_uppercase())
            && !matches!(rules[i].reason, Reason::Pattern(_) | Reason::Digit)
        {
            mark_place(&mut rules[i], PhiType::State);
        }
    }
    // the words of a town's name hyphened around a connector ("ROSTOV-ON-DON", "stratford-upon-
    // avon", "Aix-en-Provence", "port-au-prince"): the model released the connector and a last
    // word that is a name or an English word ("don")
    for i in 1..rules.len().saturating_sub(1) {
        let town = |k: usize| {
            rules[k].phi
                && matches!(rules[k].kind, Some(PhiType::City | PhiType::State))
                && !matches!(rules[k].reason, Reason::Pattern(_) | Reason::Digit)
        };
        let word = |k: usize| {
            let w = doc.token_text(k);
            w.chars().count() >= 2 && w.chars().all(char::is_alphabetic)
        };
        // or the city list names the whole hyphened run, which is no everyday word
        // ("port-au-prince" where capitals say nothing and "port" alone is a word)
        let listed = |k: usize| word(k - 1) && (k - 1..=k + 1).all(|j| flags[j] & flag::CITY != 0);
        if matches!(
            folded[i].as_ref(),
            "on" | "upon"
                | "en"
                | "sur"
                | "am"
                | "an"
                | "der"
                | "de"
                | "la"
                | "le"
                | "les"
                | "lès"
                | "sous"
                | "au"
                | "aux"
                | "du"
                | "des"
                | "et"
                | "del"
                | "di"
                | "im"
                | "super"
        ) && doc.gap_before(i) == "-"
            && doc.gap_before(i + 1) == "-"
            && (town(i - 1) || listed(i))
            && word(i + 1)
        {
            let kind = rules[i - 1].kind.unwrap_or(PhiType::City);
            mark_place(&mut rules[i - 1], kind);
            mark_place(&mut rules[i], kind);
            mark_place(&mut rules[i + 1], kind);
        }
    }
    // a town the city list names with a connector inside ("Frankfurt am Main", "Kingston upon
    // Hull", "Port au Prince", "Rio de Janeiro": the lexicon flags the words only where the whole name stands),
    // whose connector the model released as a word of time or a preposition
    for i in 1..rules.len().saturating_sub(1) {
        let city = |k: usize| flags[k] & flag::CITY != 0 && doc.gap_before(k) == " ";
        if matches!(
            folded[i].as_ref(),
            "am" | "an"
                | "upon"
                | "on"
                | "der"
                | "di"
                | "de"
                | "la"
                | "le"
                | "les"
                | "lès"
                | "sur"
                | "sous"
                | "en"
                | "au"
                | "aux"
                | "du"
                | "des"
                | "da"
                | "do"
                | "dos"
                | "das"
                | "del"
                | "della"
                | "im"
                | "in"
                | "y"
        ) && city(i)
            && city(i + 1)
            && flags[i - 1] & flag::CITY != 0
            && rules[i - 1].phi
        {
            for rule in &mut rules[i - 1..=i + 1] {
                mark_place(rule, PhiType::City);
            }
        }
    }
    // "The" capitalised inside a sentence before a town, where capitals mean something: the
    // town's own article ("Villages Regional Hospital, The Villages, FL", "The Dalles", "The
    // Woodlands"; the lexicon flags the name's words but never "the", which the model released)
    if doc.case_informative {
        for i in 1..rules.len().saturating_sub(1) {
            let inside_sentence = !doc
                .gap_before(i)
                .trim_end_matches(' ')
                .ends_with(['.', '!', '?', '\n', ':', '"', '\u{201c}']);
            // (after a comma or where one is: not "as related per The Agency")
            let where_one_is = doc.gap_before(i).contains(',')
                || matches!(
                    folded[i - 1].as_ref(),
                    "in" | "at" | "from" | "to" | "of" | "near" | "outside"
                );
            if doc.token_text(i) == "The"
                && inside_sentence
                && where_one_is
                && doc.gap_after(i) == " "
                && flags[i + 1] & flag::CITY != 0
                && rules[i + 1].phi
                && rules[i + 1].kind == Some(PhiType::City)
            {
                mark_place(&mut rules[i], PhiType::City);
                mark_place(&mut rules[i + 1], PhiType::City);
            }
        }
    }
    // Korea's provinces, cities and districts with their kind hyphened after the name
    // ("vax in Gangwon-do", "Suwon-si", "Gangnam-gu": the model released "do")
    for i in 1..rules.len() {
        if matches!(folded[i].as_ref(), "do" | "si" | "gu" | "gun")
            && doc.gap_before(i) == "-"
            && rules[i - 1].phi
            && !matches!(rules[i - 1].reason, Reason::Pattern(_) | Reason::Digit)
            && flags[i - 1] & flag::SAFE == 0
            && doc.token_text(i - 1).chars().count() >= 3
            && doc.token_text(i - 1).chars().all(char::is_alphabetic)
            && (i + 1 >= rules.len() || !matches!(doc.gap_before(i + 1), "-" | "'" | "\u{2019}"))
        {
            let kind = if folded[i] == "do" {
                PhiType::State
            } else {
                PhiType::City
            };
            mark_place(&mut rules[i - 1], kind);
            mark_place(&mut rules[i], kind);
        }
    }
}
