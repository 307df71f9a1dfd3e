//! A town's name of a place and a place word: "TRAVERSE CITY MI", "iowa falls;", "Colorado
//! Springs, CO". The place list flags the first word ("traverse", "iowa"); the second is an
//! everyday word ("city", "falls") that the model released. Both become a city the model never
//! releases, where the pair closes a phrase (a comma, a period, a state's code or a ZIP after
//! it), so that "pain in iowa falls within..." is no town.

use super::mark_place;
use crate::lexicon::{flag, LexFlags};
use crate::phi::PhiType;
use crate::rules::{Feature, Reason, TokenRule};
use crate::tokenize::Tokenized;
use rustc_hash::FxHashSet;
use std::borrow::Cow;
use std::sync::LazyLock;

/// Place words that end a town's name (folded).
const TOWN_SUFFIXES: &[&str] = &[
    "city", "falls", "springs", "beach", "heights", "island", "hills", "village", "junction",
];

/// The US Postal Service's two-letter codes (the lexicon's own list, lower-cased). The lexicon's
/// flag drops a code in a document without capitals outside an address ("fever, or", "in 2021");
/// after a town's name it is one ("traverse city mi", "TRAVERSE CITY MI").
static US_STATE_CODES: LazyLock<FxHashSet<String>> = LazyLock::new(|| {
    include_str!("../../../../../lexicons/unsafe/state_abbreviations.txt")
        .lines()
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(str::to_ascii_lowercase)
        .collect()
});

/// Whether word `k` closes its phrase: the text's end or a comma, semicolon, period, closing
/// bracket or line break after it (blanks before the mark allowed).
fn closes_phrase(doc: &Tokenized, k: usize) -> bool {
    k + 1 >= doc.len()
        || doc
            .gap_after(k)
            .trim_start_matches(' ')
            .starts_with([',', ';', '.', ')', '\n'])
}

pub(super) fn apply(
    doc: &Tokenized,
    rules: &mut [TokenRule],
    flags: &[LexFlags],
    folded: &[Cow<'_, str>],
) {
    let n = doc.len();
    for k in 1..n {
        if !TOWN_SUFFIXES.contains(&folded[k].as_ref()) || doc.gap_before(k) != " " {
            continue;
        }
        let place = rules[k - 1].phi
            && flags[k - 1] & (flag::CITY | flag::STATE) != 0
            && matches!(
                rules[k - 1].reason,
                Reason::Unsafe(_) | Reason::PlaceName | Reason::Context
            );
        let capitals = !doc.case_informative
            || (doc.token_text(k - 1).starts_with(char::is_uppercase)
                && doc.token_text(k).starts_with(char::is_uppercase));
        let gap = doc.gap_after(k);
        // a state's two-letter code or a ZIP code after it ("TRAVERSE CITY MI", "Iowa Falls
        // 50126")
        let state_or_zip = k + 1 < n && gap == " " && {
            let next = doc.token_text(k + 1);
            (next.len() == 2 && US_STATE_CODES.contains(folded[k + 1].as_ref()))
                || (next.len() == 5 && next.bytes().all(|b| b.is_ascii_digit()))
        };
        let closed = closes_phrase(doc, k) || state_or_zip;
        if place && capitals && closed {
            mark_place(&mut rules[k - 1], PhiType::City);
            mark_place(&mut rules[k], PhiType::City);
            town_first_word(doc, rules, flags, k - 1);
        }
    }
}

/// The town's first word before the two words of a town found at `first` where the place list
/// holds the three as one (the lexicon flags a phrase's every word): "salt lake city, ut" in lower
/// case, where "salt" is an everyday word.
fn town_first_word(doc: &Tokenized, rules: &mut [TokenRule], flags: &[LexFlags], first: usize) {
    let Some(k) = first.checked_sub(1) else {
        return;
    };
    let w = doc.token_text(k);
    if doc.gap_after(k) == " "
        && flags[k] & flag::CITY != 0
        && flags[k] & flag::STOPWORD == 0
        && w.chars().count() >= 3
        && w.chars().all(char::is_alphabetic)
        && (!doc.case_informative || w.starts_with(char::is_uppercase))
    {
        mark_place(&mut rules[k], PhiType::City);
    }
}

/// A town right after its postcode, as Europe and much of the world write an address ("OF 1137
/// BUDAPEST, POZSONYI ÚT 38", "75011 Paris."): a town the city list holds and no English word, the
/// rules' name guess, after a number of four or five digits (or Poland's "00-950") and closing its
/// phrase; capitalised where capitals mean something. The model, reading ALL CAPS, released it.
/// Never released.
pub(super) fn towns_after_postcodes(doc: &Tokenized, rules: &mut [TokenRule], flags: &[LexFlags]) {
    let n = doc.len();
    let digits = |k: usize, len: std::ops::RangeInclusive<usize>| {
        let w = doc.token_text(k);
        len.contains(&w.len()) && w.bytes().all(|b| b.is_ascii_digit())
    };
    for k in 1..n {
        if !(rules[k].phi
            && matches!(rules[k].reason, Reason::Unsafe(_))
            && flags[k] & flag::CITY != 0
            // (no English word; the drug list holds "paris" from product names)
            && flags[k] & (flag::STOPWORD | flag::COMMON_WORD | flag::CURATED_SAFE) == 0
            && doc.gap_before(k) == " "
            && closes_phrase(doc, k))
        {
            continue;
        }
        let w = doc.token_text(k);
        let postcode = digits(k - 1, 4..=5)
            || (k >= 2
                && digits(k - 1, 3..=3)
                && doc.gap_before(k - 1) == "-"
                && digits(k - 2, 2..=2));
        if postcode
            && w.chars().count() >= 3
            && w.chars().all(char::is_alphabetic)
            && (!doc.case_informative || w.starts_with(char::is_uppercase))
        {
            mark_place(&mut rules[k], PhiType::City);
        }
    }
}

/// The US state codes that spell no English word and no clinical shorthand, folded (not "in",
/// "or", "me", "oh", "ms", "md", "pa", "mi", "ca", "co", "tx", "nh", "il", "mo", "al", "va", nor
/// "ct", "ga", "sc", "nc", "nd", "sd": "taken to Kettering, CT showed a bleed").
const UNWORDLIKE_CODES: &[&str] = &[
    "ak", "az", "fl", "ky", "nj", "nm", "nv", "ny", "tn", "ut", "vt", "wa", "wi", "wv", "wy",
];

/// A US state's two-letter code right after a town, closing the phrase: "richmond in;",
/// "Orangeburg SC. 10/28/96", "dodge city ks (", "Elkhart County IN:", "tupelo ms, for", "jackson
/// ms &". The
/// lexicon's flag leaves out a code in a document without capitals ("in", "ms" are words there)
/// and the label rule read "SC." before a date as a field's label; after a town that the rules
/// masked and before a punctuation mark (or a ZIP, or a date: "Dayton OH 11/8/99") it is the
/// town's state. A town's name of a
/// word and "city" before the code is one too ("DODGE CITY KS"). Never released.
pub(super) fn state_codes_after_towns(
    doc: &Tokenized,
    rules: &mut [TokenRule],
    flags: &[LexFlags],
    folded: &[Cow<'_, str>],
) {
    let n = doc.len();
    for k in 1..n {
        // (the length first: nearly every word has more than two letters)
        if doc.token_text(k).len() != 2
            || !matches!(doc.gap_before(k), " " | ", ")
            || !US_STATE_CODES.contains(folded[k].as_ref())
            || matches!(rules[k].reason, Reason::Pattern(_) | Reason::Digit)
        {
            continue;
        }
        // in a document with capitals the code is written in capitals ("Richmond, in the
        // morning" is no state)
        if doc.case_informative && !doc.token_text(k).bytes().all(|b| b.is_ascii_uppercase()) {
            continue;
        }
        let gap = doc.gap_after(k);
        let zip_after = k + 1 < n && gap == " " && {
            let next = doc.token_text(k + 1);
            next.len() == 5 && next.bytes().all(|b| b.is_ascii_digit())
        };
        let closed = k + 1 >= n
            || gap
                .trim_start_matches(' ')
                .starts_with([',', ';', '.', '(', ')', ':', '\n'])
            // ("&" only after a code that is no word: "jackson ms &", not "drifting in & out")
            || (gap.trim_start_matches(' ').starts_with('&')
                && !matches!(
                    folded[k].as_ref(),
                    "in" | "or" | "me" | "hi" | "ok" | "oh" | "de" | "la" | "pa" | "id"
                ))
            || zip_after
            // (or anything after a code after the town's comma that no word or shorthand is
            // spelled like: "employee health, chattanooga, tn 1-2 days post vaccine")
            || (doc.gap_before(k) == ", " && UNWORDLIKE_CODES.contains(&folded[k].as_ref()))
            // (or a date right after it, where capitals set the code apart: "Dayton OH 11/8/99";
            // not "DEPLOYED TO CHAD IN 2003", nor a clinician's degree before the date of a
            // signature: "L. Okafor-Briggs, MD 11/04/2025")
            || (doc.case_informative
                && doc.token_text(k - 1).chars().any(char::is_lowercase)
                && !matches!(folded[k].as_ref(), "md" | "pa")
                && k + 1 < n
                && gap == " "
                && rules[k + 1].reason == Reason::Pattern(PhiType::Date));
        if !closed {
            continue;
        }
        let town = &rules[k - 1];
        // (a town, or a county the rules took as a region: "Elkhart County IN"; no other
        // region: "NC VI" is a cranial nerve)
        // (or a word the city list holds that the rules masked as anything, a surname too:
        // "health dept jackson ms &", "griffin hospital derby ct;")
        let masked_town = town.phi
            && (town.kind == Some(PhiType::City)
                || (town.kind == Some(PhiType::State)
                    && matches!(folded[k - 1].as_ref(), "county" | "parish" | "borough"))
                || (flags[k - 1] & flag::CITY != 0
                    && doc.gap_before(k) == " "
                    && doc.token_text(k - 1).chars().count() >= 4))
            && !matches!(town.reason, Reason::Pattern(_) | Reason::Digit);
        // "DODGE CITY KS": a word that is no stopword and "city" before the code
        let named_city = !masked_town
            && k >= 2
            && folded[k - 1] == "city"
            && doc.gap_before(k - 1) == " "
            && flags[k - 2] & flag::STOPWORD == 0
            && doc.token_text(k - 2).chars().all(char::is_alphabetic)
            && (!doc.case_informative || doc.token_text(k - 2).starts_with(char::is_uppercase));
        if named_city {
            mark_place(&mut rules[k - 2], PhiType::City);
            mark_place(&mut rules[k - 1], PhiType::City);
        }
        // "from mobile, al.", "(BATH IRON WORKS, BATH, ME)": a town the city list holds that is
        // also an everyday word, which the rules left safe, then a comma and the code, after a
        // word of where one is or goes or after another comma or a bracket
        let listed_town = !masked_town
            && !named_city
            && k >= 2
            && doc.gap_before(k) == ", "
            && flags[k - 1] & flag::CITY != 0
            && doc.token_text(k - 1).chars().count() >= 3
            && doc.token_text(k - 1).chars().all(char::is_alphabetic)
            && (!doc.case_informative || doc.token_text(k - 1).starts_with(char::is_uppercase))
            && ((doc.gap_before(k - 1) == " "
                && matches!(folded[k - 2].as_ref(), "in" | "from" | "of" | "to" | "near"))
                || matches!(doc.gap_before(k - 1), ", " | " (" | "("));
        if listed_town {
            mark_place(&mut rules[k - 1], PhiType::City);
        }
        if masked_town || named_city || listed_town {
            mark_place(&mut rules[k], PhiType::State);
        }
    }
}

/// A US state's code beside a licence's label and its number, which names the board that
/// licensed a clinician: "(MI lic 5301006612)", "dpm lic vt 041.0097718" (the model read the
/// code as a word), or before "medicaid" ("nm medicaid"); and "city" after a masked town whose name it ends ("biopsy in belize city",
/// "seen in quezon city").
pub(super) fn codes_by_licences_and_city_names(
    doc: &Tokenized,
    rules: &mut [TokenRule],
    folded: &[Cow<'_, str>],
) {
    let n = doc.len();
    let licence = |k: usize| matches!(folded[k].as_ref(), "lic" | "license" | "licence" | "lisc");
    let number_at = |k: usize| k < n && doc.token_text(k).starts_with(|c: char| c.is_ascii_digit());
    for k in 0..n {
        let code = doc.token_text(k).len() == 2 && US_STATE_CODES.contains(folded[k].as_ref());
        if code && !matches!(rules[k].reason, Reason::Pattern(_) | Reason::Digit) {
            // "MI lic 5301006612": capitals where capitals mean something
            let before = k + 2 < n
                && doc.gap_after(k) == " "
                && licence(k + 1)
                && matches!(doc.gap_after(k + 1), " " | ". " | " # " | " #" | ": ")
                && number_at(k + 2)
                && (!doc.case_informative
                    || doc.token_text(k).bytes().all(|b| b.is_ascii_uppercase()));
            // "lic vt 041.0097718"
            let after = k > 0
                && k + 1 < n
                && licence(k - 1)
                && matches!(doc.gap_before(k), " " | ". " | ": ")
                && doc.gap_after(k) == " "
                && number_at(k + 1)
                && (!doc.case_informative
                    || doc.token_text(k).bytes().all(|b| b.is_ascii_uppercase()));
            // "nm medicaid 400782219", "AZ Medicaid": the state whose programme insures the
            // patient (capitals where capitals mean something; not the words of a sentence that
            // are codes too: "enrolled in medicaid", "medicare or medicaid", "tarjeta de
            // medicaid")
            let medicaid = k + 1 < n
                && folded[k + 1] == "medicaid"
                && doc.gap_after(k) == " "
                && !matches!(
                    folded[k].as_ref(),
                    "in" | "or" | "me" | "de" | "la" | "al" | "id" | "oh" | "ok" | "hi" | "co"
                )
                && (!doc.case_informative
                    || doc.token_text(k).bytes().all(|b| b.is_ascii_uppercase()));
            if before || after || medicaid {
                mark_place(&mut rules[k], PhiType::State);
            }
        }
        if folded[k] == "city"
            && k > 0
            && !rules[k].phi
            && doc.gap_before(k) == " "
            && rules[k - 1].phi
            // (a country's or a state's name too: "belize city", "kansas city", "kuwait city")
            && matches!(
                rules[k - 1].kind,
                Some(PhiType::City | PhiType::State | PhiType::Country)
            )
            && !matches!(rules[k - 1].reason, Reason::Pattern(_) | Reason::Digit)
            && (!doc.case_informative
                || doc.token_text(k).starts_with(char::is_uppercase)
                || doc.token_text(k - 1).chars().all(char::is_lowercase))
        {
            mark_place(&mut rules[k], PhiType::City);
        }
    }
}

/// Words of every sentence that begin no name in brackets before a town and its state.
const NO_NAME_WORDS: &[&str] = &[
    "the",
    "a",
    "an",
    "in",
    "at",
    "to",
    "from",
    "on",
    "for",
    "with",
    "by",
    "is",
    "was",
    "she",
    "he",
    "they",
    "we",
    "i",
    "it",
    "her",
    "his",
    "their",
    "my",
    "our",
    "lives",
    "living",
    "born",
    "moved",
    "near",
    "now",
    "then",
    "formerly",
    "previously",
    "currently",
    "home",
    "work",
];

/// A name alone in brackets before its town and state, which the town's and the state's code
/// rules found: "(BATH IRON WORKS, BATH, ME)", "(Hale Koa Hotel, Honolulu, HI)": an employer, a
/// school or a facility whose words the model, reading everyday words, released. One to five
/// words of letters right after the opening bracket ("&" or "and" or "of" between them), none
/// a word of every sentence; the town masked as a city and the state's code masked, then the
/// closing bracket. Never released.
pub(super) fn names_before_town_and_state(doc: &Tokenized, rules: &mut [TokenRule]) {
    let n = doc.len();
    for k in 2..n {
        let state = rules[k].phi && rules[k].kind == Some(PhiType::State);
        let closes = k + 1 >= n || doc.gap_after(k).trim_start().starts_with(')');
        if !state || !closes || doc.gap_before(k) != ", " {
            continue;
        }
        let town = k - 1;
        if !(rules[town].phi && rules[town].kind == Some(PhiType::City))
            || doc.gap_before(town) != ", "
        {
            continue;
        }
        // the name's words back to the opening bracket
        let last = town - 1;
        let mut first = last;
        let word = |m: usize| {
            let w = doc.token_text(m);
            w.chars().all(char::is_alphabetic)
                && !NO_NAME_WORDS.iter().any(|x| w.eq_ignore_ascii_case(x))
        };
        let joined = |m: usize| matches!(doc.gap_before(m), " " | "-" | " & ");
        while first > 0 && last - first < 4 && joined(first) && word(first - 1) {
            first -= 1;
        }
        let opened = doc.gap_before(first).trim_end().ends_with('(');
        if opened && word(first) && word(last) {
            for r in &mut rules[first..=last] {
                if !r.phi || !matches!(r.reason, Reason::Pattern(_) | Reason::Digit) {
                    r.phi = true;
                    r.kind = Some(PhiType::Organization);
                    r.reason = Reason::Company;
                }
            }
        }
    }
}

/// The last words of a facility's name, after which a comma and a town follow ("ARKANSAS
/// CHILDREN'S HOSPITAL, LITTLE ROCK"), folded.
const FACILITY_ENDS: &[&str] = &[
    "hospital",
    "hosp",
    "clinic",
    "center",
    "centre",
    "ctr",
    "pharmacy",
    "home",
    "dept",
    "department",
    "office",
    "school",
];

/// A town's name of two ordinary words that the place list holds as one ("LITTLE ROCK", "grand
/// rapids", "Battle Creek"): each word alone is an English word the rules call safe, and the
/// lexicon flags both only where the whole name stands. A town after a place or a facility and a
/// comma, after "near", or before a state, closing its phrase ("ARKANSAS CHILDREN'S HOSPITAL,
/// LITTLE ROCK, ON LIFE SUPPORT", "farmer near four oaks)", "grand rapids, michigan"); not
/// "numbness of left hand,". Never released.
pub(super) fn towns_of_two_words(
    doc: &Tokenized,
    rules: &mut [TokenRule],
    flags: &[LexFlags],
    folded: &[Cow<'_, str>],
) {
    let n = doc.len();
    let word = |rules: &[TokenRule], k: usize| {
        let w = doc.token_text(k);
        // (a stop word of four letters or more too: "LITTLE ROCK", "Many Farms")
        flags[k] & flag::CITY != 0
            && (flags[k] & flag::STOPWORD == 0 || w.chars().count() >= 4)
            && w.chars().count() >= 3
            && w.chars().all(char::is_alphabetic)
            && (!doc.case_informative || w.starts_with(char::is_uppercase))
            && !matches!(rules[k].reason, Reason::Pattern(_) | Reason::Digit)
    };
    for k in 1..n {
        let first = k - 1;
        // (the second word first: nearly no word is a town's)
        if !word(rules, k) || doc.gap_before(k) != " " || !word(rules, first) {
            continue;
        }
        // after a place or a facility and its comma ("HOSPITAL, LITTLE ROCK,"), or before a
        // state ("grand rapids, michigan"); after a preposition alone the words are too often a
        // body part or a thing ("numbness of left hand,", "size of golf ball;")
        let after_place = first > 0
            && doc.gap_before(first).trim_matches(' ') == ","
            && (FACILITY_ENDS.contains(&folded[first - 1].as_ref()) || rules[first - 1].phi)
            && (FACILITY_ENDS.contains(&folded[first - 1].as_ref())
                || matches!(
                    rules[first - 1].kind,
                    Some(
                        PhiType::Hospital
                            | PhiType::City
                            | PhiType::Street
                            | PhiType::Organization
                            | PhiType::Zip
                    )
                ));
        // a state written out, or its code closing the phrase ("grand rapids, michigan",
        // "LITTLE ROCK AR."; not "same day as vax", "call light in reach")
        let state_after = k + 1 < n
            && matches!(doc.gap_after(k), " " | ", ")
            && (flags[k + 1] & flag::STATE != 0 && doc.token_text(k + 1).len() > 2
                || (doc.token_text(k + 1).len() == 2
                    && US_STATE_CODES.contains(folded[k + 1].as_ref())
                    && closes_phrase(doc, k + 1)));
        // or "near" it, which no body part or thing follows ("tobacco farmer near four oaks)")
        // (not a body part: "near left hand,")
        let near = first > 0
            && folded[first - 1] == "near"
            && doc.gap_before(first) == " "
            && !rules[k].features.has(Feature::IsMedicalTerm);
        // (where capitals mean something, the name ends before a word without one: "born in
        // 1929 near Many Farms and herded sheep")
        let capitals_end = near
            && doc.case_informative
            && k + 1 < n
            && doc.gap_after(k) == " "
            && doc.token_text(k + 1).starts_with(char::is_lowercase);
        let closes = closes_phrase(doc, k) || state_after || capitals_end;
        let opens = after_place || state_after || near;
        if opens && closes && (!rules[first].phi || !rules[k].phi) {
            mark_place(&mut rules[first], PhiType::City);
            mark_place(&mut rules[k], PhiType::City);
            town_first_word(doc, rules, flags, first);
        }
    }
}
