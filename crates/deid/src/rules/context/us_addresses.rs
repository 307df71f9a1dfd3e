//! US addresses of fixed shapes, read in any case: a county road by its letter or number ("county
//! rd k", "cr 113"), a road by its number ("on hwy 45 n", "route 9"), a town before its ZIP
//! ("Fort Fairfield 04742;") and a street line or a rural route's box ("340 e 93rd st apt 14c",
//! "RR 1 Box 44A"). Separate from `address_parts`, which holds the fixed shapes of other
//! countries' addresses ("BP 3407", "rt 05/rw 12", "3rd floor"); these read US street words,
//! compass points and ZIP codes. Each is an address's for certain: reason `AddressWord`, never
//! released.

use super::address_parts::mark_address;
use super::{mark, Reason, TokenRule};
use crate::lexicon::{flag, LexFlags};
use crate::phi::PhiType;
use crate::rules::one_of;
use crate::tokenize::Tokenized;

/// A county road by its letter or number, in any case: "w2287 county rd k", "COUNTY ROAD JJ",
/// "county hwy 12" (the rules read "rd" as safe and the model released it between "county" and
/// the road's letter). The designation is one to three letters or up to four digits, closing
/// the phrase. And "CR" with its number after a house number.
pub(super) fn county_roads(doc: &Tokenized, rules: &mut [TokenRule]) {
    let n = doc.len();
    for i in 0..n.saturating_sub(2) {
        if !doc.token_text(i).eq_ignore_ascii_case("county")
            || doc.gap_after(i) != " "
            || !one_of(
                doc.token_text(i + 1),
                &["rd", "road", "hwy", "highway", "trunk"],
            )
            || !matches!(doc.gap_after(i + 1), " " | ". ")
        {
            continue;
        }
        let d = doc.token_text(i + 2);
        let letters = (1..=3).contains(&d.chars().count()) && d.chars().all(char::is_alphabetic);
        let digits = (1..=4).contains(&d.len()) && d.bytes().all(|b| b.is_ascii_digit());
        let closed = i + 3 >= n || !doc.gap_after(i + 2).starts_with(' ') || {
            let gap = doc.gap_after(i + 2);
            gap.trim_start().starts_with([',', '.', ';', ')', '('])
        };
        // ("county road a few miles": a letter must close its phrase; a number names the road)
        if digits || (letters && closed) {
            mark_address(rules, i, i + 2);
        }
    }
    // "CR" for a county road after a house number of four digits or more, before the road's
    // number and a comma: "pt addr 60512 cr 113, middlebury 46540" (the rules read "cr 113" as
    // a creatinine; a lab's value never follows a number that long)
    for i in 1..n.saturating_sub(1) {
        let house = doc.token_text(i - 1);
        let road = doc.token_text(i + 1);
        if doc.token_text(i).eq_ignore_ascii_case("cr")
            && doc.gap_before(i) == " "
            && doc.gap_after(i) == " "
            && (4..=6).contains(&house.len())
            && house.bytes().all(|b| b.is_ascii_digit())
            && (1..=4).contains(&road.len())
            && road.bytes().all(|b| b.is_ascii_digit())
            && (i + 2 >= n || doc.gap_after(i + 1).trim_start().starts_with([',', ';']))
        {
            mark_address(rules, i - 1, i + 1);
        }
    }
}

/// Words that go on with the sentence after a road's compass point ("hwy 45 n to the er").
const AFTER_ROAD: &[&str] = &[
    "to", "at", "and", "near", "in", "on", "when", "then", "exit",
];

/// "rt" is a route only where one travels on it ("driving home on rt 91", "exit to rt 5"): it
/// is "right" too ("rt 5th finger", "rt arm").
fn abbreviated_route(doc: &Tokenized, i: usize) -> bool {
    i > 0
        && doc.token_text(i).eq_ignore_ascii_case("rt")
        && doc.gap_before(i) == " "
        && doc.gap_after(i) == " "
        && one_of(
            doc.token_text(i - 1),
            &[
                "on", "to", "off", "onto", "via", "along", "took", "take", "taking", "exit",
            ],
        )
}

/// A road by its number, in any case: "ON HWY 182 E", "drove on hwy 45 n", "lives off route 9",
/// "Highway 61", "Interstate 80", "RTE 17": the road word and its number, and a compass point of
/// one or two letters right after ("E", "nw"). The rules read "hwy" and "route" as safe words and
/// the number as a plain one, which the model released ("lives off route 9" left whole). Never a
/// number the rules read as a measurement or a count ("route 2 doses"), nor the route of a drug
/// ("route: IM", "route of administration": no number follows).
pub(super) fn numbered_roads(doc: &Tokenized, rules: &mut [TokenRule]) {
    let n = doc.len();
    for i in 0..n.saturating_sub(1) {
        if !one_of(
            doc.token_text(i),
            &[
                "hwy",
                "highway",
                "route",
                "rte",
                "interstate",
                "fwy",
                "freeway",
            ],
        ) && !abbreviated_route(doc, i)
            || !matches!(doc.gap_after(i), " " | "-" | " #")
        {
            continue;
        }
        let d = doc.token_text(i + 1);
        let digits = d.bytes().take_while(u8::is_ascii_digit).count();
        let numbered = (1..=4).contains(&digits)
            && d[digits..].chars().count() <= 1
            && d[digits..].chars().all(|c| c.is_ascii_alphabetic());
        if !numbered
            || matches!(
                rules[i + 1].reason,
                Reason::Measurement | Reason::RelativeTime
            )
        {
            continue;
        }
        // a compass point of one or two letters after the number ("HWY 182 E &", "hwy 45 n to
        // the er"), closing the phrase or before a word that goes on with the sentence
        let compass = i + 2 < n && doc.gap_after(i + 1) == " " && {
            let point = doc.token_text(i + 2);
            point.len() <= 2 && one_of(point, DIRECTIONS)
        };
        let closes = || {
            i + 3 >= n
                || !doc.token_text(i + 3).starts_with(char::is_alphabetic)
                || !doc.gap_after(i + 2).trim().is_empty()
                || one_of(doc.token_text(i + 3), AFTER_ROAD)
        };
        let end = if compass && closes() { i + 2 } else { i + 1 };
        mark_address(rules, i, end);
    }
}

/// A town right before a US ZIP code closing its phrase ("addr RR 1 Box 88A, Fort Fairfield
/// 04742;", "Sioux Falls 57105."): the town, with a town's prefix before it ("Fort", "Saint",
/// "New"), and the ZIP, never released (the model released "Fairfield" between a masked address
/// and its ZIP). The town is one a place list holds, capitalised where capitals mean something;
/// the ZIP five digits or ZIP+4, then a punctuation mark, a line's or the text's end. Right after
/// a street line, up to three words no list holds are the town too ("1442 addison ave e, twin
/// falls 83301;").
pub(super) fn towns_before_zips(doc: &Tokenized, rules: &mut [TokenRule]) {
    let n = doc.len();
    let zip = |k: usize| {
        let w = doc.token_text(k);
        w.len() == 5 && w.bytes().all(|b| b.is_ascii_digit())
    };
    for i in 0..n.saturating_sub(1) {
        let town = rules[i].features.has(crate::rules::Feature::IsPossiblyCity)
            && (!doc.case_informative || doc.token_text(i).starts_with(char::is_uppercase));
        if doc.gap_after(i) != " " || !zip(i + 1) {
            continue;
        }
        let unlisted = if town {
            None
        } else {
            unlisted_town(doc, rules, i)
        };
        if !town && unlisted.is_none() {
            continue;
        }
        // (ZIP+4: "04742-1234")
        let mut end = i + 1;
        if end + 1 < n
            && doc.gap_after(end) == "-"
            && doc.token_text(end + 1).len() == 4
            && doc.token_text(end + 1).bytes().all(|b| b.is_ascii_digit())
        {
            end += 1;
        }
        let closes = end + 1 >= n || {
            let gap = doc.gap_after(end);
            gap.contains('\n') || gap.trim_start().starts_with([';', ',', '.', ')', '('])
        };
        if !closes {
            continue;
        }
        let start = if let Some(first) = unlisted {
            first
        } else if i > 0
            && doc.gap_before(i) == " "
            && one_of(doc.token_text(i - 1), crate::rules::place::CITY_PREFIXES)
            && (!doc.case_informative || doc.token_text(i - 1).starts_with(char::is_uppercase))
        {
            i - 1
        } else {
            i
        };
        for k in start..=i {
            mark(rules, k, PhiType::City);
            rules[k].reason = Reason::PlaceName;
        }
        for k in i + 1..=end {
            mark(rules, k, PhiType::Zip);
            rules[k].reason = Reason::AddressWord;
        }
    }
}

/// The words of a town no list holds, between a street line and the ZIP after word `i` ("1442
/// addison ave e, twin falls 83301;"): up to three words of letters after a masked word (or a
/// street's compass point) and its comma; the first of them, or none.
fn unlisted_town(doc: &Tokenized, rules: &[TokenRule], i: usize) -> Option<usize> {
    (0..3).find_map(|d| {
        let first = i.checked_sub(d)?;
        let words_ok = (first..=i).all(|k| {
            doc.token_text(k).chars().all(char::is_alphabetic)
                && !one_of(
                    doc.token_text(k),
                    &["zip", "zipcode", "postcode", "cep", "cp", "plz"],
                )
                && (k == first || doc.gap_before(k) == " ")
                && !matches!(rules[k].reason, Reason::AddressWord | Reason::Pattern(_))
        });
        // a street's word, an address part or a flat's number before the comma, or the street's
        // compass point after its word, which the rules read as a letter ("ave e,"); not a
        // name before a label and its number ("dr lucía fernández quiroz, cmp 23481", "of
        // Oconee County, ZIP 30677")
        let street_end = |k: usize| {
            rules[k].phi
                && (rules[k].reason == Reason::AddressWord
                    || rules[k].features.has(crate::rules::Feature::IsStreet)
                    || doc.token_text(k).bytes().all(|b| b.is_ascii_digit()))
        };
        let masked_or_compass = |k: usize| {
            street_end(k)
                || (k > 0
                    && street_end(k - 1)
                    && doc.gap_before(k) == " "
                    && one_of(doc.token_text(k), DIRECTIONS))
        };
        let after_street =
            first > 0 && doc.gap_before(first) == ", " && masked_or_compass(first - 1);
        (words_ok && after_street).then_some(first)
    })
}

/// Compass points written inside a US street address ("340 e 93rd st", "2515 n inspiration rd").
const DIRECTIONS: &[&str] = &[
    "n", "s", "e", "w", "ne", "nw", "se", "sw", "north", "south", "east", "west",
];

/// Street words that the street list leaves out as everyday or clinical words ("way", "dr",
/// "ln"), safe to read as one only at the end of a numbered street line.
const EVERYDAY_STREET_WORDS: &[&str] = &[
    "way", "dr", "ln", "ct", "pl", "ter", "trl", "pkwy", "hwy", "cir", "loop", "run", "pass",
    "row", "path", "walk", "pike", "trace", "cove", "bend", "point",
];

/// The abbreviated street words of `EVERYDAY_STREET_WORDS` ("DR", "LN"): after a house's number
/// of three digits or more and a name, one is a street's even before a word other than a comma
/// ("1142 BUTTONWOOD DR CALLED"), where the whole words ("walk", "run") are not ("at 100 yard
/// walk daily").
const ABBREVIATED_STREET_WORDS: &[&str] =
    &["dr", "ln", "ct", "pl", "ter", "trl", "pkwy", "hwy", "cir"];

/// Words before a house's number that open an address ("lives at 4 Ballyhooly Road", "Home: Lot
/// 47 Sussex Street").
const ADDRESS_OPENERS: &[&str] = &[
    "at", "address", "addr", "home", "of", "on", "in", "lot", "no", "house", "to", "from",
];

/// Ordinals written out, which name streets ("Second Street", "FIFTH AVENUE").
const WRITTEN_ORDINALS: &[&str] = &[
    "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth",
    "eleventh", "twelfth",
];

/// Words after a street's name that begin the rest of an address line ("rd lot 47", "st apt 14c").
const UNIT_WORDS: &[&str] = &["apt", "unit", "lot", "suite", "ste", "trlr", "spc", "space"];

/// A US street line, whatever its case: a house number, a compass point if any, one to three
/// words of the street's name and its street word, then a comma, a period, the line's end or a
/// flat's word ("340 e 93rd st apt 14c", "2515 n inspiration rd lot 47", "1811 e olive way
/// #305"). In lower case the rules took "e" for the e-mail label and the model released "n" and
/// "inspiration". And a rural route's box ("RR 1 Box 44A", "HCR 62 BOX 19"), where "RR" is also
/// the respiratory rate.
pub(super) fn us_street_lines(doc: &Tokenized, rules: &mut [TokenRule], flags: &[LexFlags]) {
    let n = doc.len();
    let word = |k: usize| doc.token_text(k);
    let number = |k: usize, max: usize| {
        (1..=max).contains(&word(k).len()) && word(k).bytes().all(|b| b.is_ascii_digit())
    };
    let ordinal = |w: &str| {
        let d = w.bytes().take_while(u8::is_ascii_digit).count();
        (1..=3).contains(&d) && one_of(&w[d..], &["st", "nd", "rd", "th"])
    };
    let address = mark_address;
    for i in 0..n.saturating_sub(2) {
        // a numbered street named without a house, after its direction: "on w 95th st", "at E.
        // 42nd Street" (the rules took "95th" for a date and "w" for an initial)
        if one_of(word(i), DIRECTIONS)
            && matches!(doc.gap_after(i), " " | ". ")
            && ordinal(word(i + 1))
            && doc.gap_after(i + 1) == " "
            && (flags[i + 2] & flag::STREET != 0 || one_of(word(i + 2), ABBREVIATED_STREET_WORDS))
        {
            address(rules, i, i + 2);
            continue;
        }
        // (asked of every word: a digit or an "r"/"h"/"p" first)
        let first = word(i).as_bytes()[0];
        if !first.is_ascii_digit() && !matches!(first, b'r' | b'R' | b'h' | b'H' | b'p' | b'P') {
            continue;
        }
        // a post-office box: "PO Box 412", "p.o. box 77", "po box 9" ("po" alone is "by mouth")
        let po = if word(i).eq_ignore_ascii_case("po") && doc.gap_after(i) == " " {
            Some(i + 1)
        } else if word(i).eq_ignore_ascii_case("p")
            && doc.gap_after(i) == "."
            && i + 2 < n
            && word(i + 1).eq_ignore_ascii_case("o")
            && matches!(doc.gap_after(i + 1), ". " | " ")
        {
            Some(i + 2)
        } else {
            None
        };
        if let Some(b) = po.filter(|&b| {
            b + 1 < n
                && word(b).eq_ignore_ascii_case("box")
                && doc.gap_after(b) == " "
                && number(b + 1, 6)
        }) {
            address(rules, i, b + 1);
            continue;
        }
        // a rural route and its box: "RR 1 Box 44A", "rr 3 box 2270", "HCR 62 BOX 19", "rt 4 box
        // 119-a" (the box's letter after a hyphen is its own word)
        if one_of(word(i), &["rr", "hcr", "hc", "rt", "rte"])
            && doc.gap_after(i) == " "
            && i + 3 < n
            && number(i + 1, 4)
            && doc.gap_after(i + 1) == " "
            && word(i + 2).eq_ignore_ascii_case("box")
            && doc.gap_after(i + 2) == " "
            && word(i + 3).starts_with(|c: char| c.is_ascii_digit())
        {
            let letter = i + 4 < n
                && doc.gap_after(i + 3) == "-"
                && word(i + 4).chars().count() == 1
                && word(i + 4).chars().all(char::is_alphabetic);
            address(rules, i, if letter { i + 4 } else { i + 3 });
            continue;
        }
        // (a house's number, not a time's minutes or a decimal's part: "08.45 Lapor dr.")
        if !number(i, 6)
            || doc.gap_after(i) != " "
            || (i > 0 && doc.gap_before(i).ends_with(['/', '.', ':', ',']))
        {
            continue;
        }
        // where an address begins: the line's start, after a comma or a semicolon ("(dob
        // 05/09/1958; 1442 addison ave e, twin falls"), a label's colon, a "#", or
        // after "at", "address", "home", "of", "on" ("lives at 4 Ballyhooly Road"; not
        // "Lymphocytes- 2 atypical LN")
        let opens_at = |i: usize| {
            i == 0
                || matches!(doc.gap_before(i), ", " | ": " | "#" | " #" | ": #" | "; ")
                || doc.gap_before(i).contains('\n')
                || (doc.gap_before(i) == " " && one_of(word(i - 1), ADDRESS_OPENERS))
        };
        // ... or Hawaii's house number of two parts ("91-2135 fort weaver rd"), the address
        // opening before its first part
        let hawaiian = i >= 1 && doc.gap_before(i) == "-" && number(i - 1, 2) && opens_at(i - 1);
        if !opens_at(i) && !hawaiian {
            continue;
        }
        let house = if hawaiian { i - 1 } else { i };
        let mut k = i + 1;
        if one_of(word(k), DIRECTIONS) && matches!(doc.gap_after(k), " " | ". ") {
            k += 1;
        }
        let name_start = k;
        while k < n && k < name_start + 4 {
            let w = word(k);
            let gap = doc.gap_after(k);
            // (a closing bracket or a semicolon ends the line too: "staying at her sister's
            // (apt 5, 118 red river rd). oxytocin")
            // a quadrant's compass point after the street word, closing the line ("1100 Central
            // Ave SE)", "4410 14th St NW,")
            let direction_after = gap == " "
                && k + 1 < n
                && one_of(word(k + 1), DIRECTIONS)
                && (k + 2 >= n || doc.gap_after(k + 1).starts_with([',', '\n', ')', ';', '.']));
            let closes = k + 1 >= n
                || gap.starts_with([',', '\n', ')', ';'])
                || (gap == " " && k > name_start && one_of(w, ABBREVIATED_STREET_WORDS))
                || gap.starts_with(". ")
                || gap == "."
                || gap == " #"
                || (gap == " " && one_of(word(k + 1), UNIT_WORDS))
                || direction_after;
            // a street word that is also an everyday or clinical word or a title ("olive way",
            // "2 atypical LN;", "08.45 Lapor dr. Hendra") only before a comma or a flat's part
            let listed = one_of(w, EVERYDAY_STREET_WORDS);
            let street_word = flags[k] & flag::STREET != 0 || listed;
            let everyday = listed || flags[k] & (flag::SALUTATION | flag::SAFE) != 0;
            // (or a word that is no name and starts no name's capital: "1142 BUTTONWOOD DR
            // CALLED 352-555-0166", where "DR" before a name would be a title)
            let no_name_after = matches!(gap, " " | ". ")
                && k + 1 < n
                // (a street's name, not a sentence's words: "at 1400 the dr. called back")
                && (name_start..k).all(|m| flags[m] & flag::STOPWORD == 0)
                && word(i).len() >= 3
                && one_of(w, ABBREVIATED_STREET_WORDS)
                && flags[k + 1] & flag::SAFE != 0
                && flags[k + 1] & flag::STOPWORD == 0
                && flags[k + 1] & (flag::FIRST_NAME | flag::SURNAME) == 0
                && (!doc.case_informative || !word(k + 1).starts_with(char::is_uppercase));
            let closes_for_certain = k + 1 >= n
                || gap.starts_with([',', ')', ';'])
                || gap == " #"
                || (gap == " " && one_of(word(k + 1), UNIT_WORDS))
                || direction_after
                || no_name_after;
            if k > name_start && street_word && closes && (!everyday || closes_for_certain) {
                address(rules, house, if direction_after { k + 1 } else { k });
                // ... and the flat after it: "RD APT C,", "st apt 14c", "rd lot 47" (the rules
                // took "APT" for a word and the model released it)
                let unit_number = |m: usize| {
                    let w = word(m);
                    (1..=5).contains(&w.chars().count())
                        && w.chars().all(char::is_alphanumeric)
                        && (w.bytes().any(|b| b.is_ascii_digit()) || w.chars().count() == 1)
                };
                if k + 2 < n
                    && gap == " "
                    && one_of(word(k + 1), UNIT_WORDS)
                    && matches!(doc.gap_after(k + 1), " " | " #")
                    && unit_number(k + 2)
                {
                    address(rules, k + 1, k + 2);
                }
                break;
            }
            // the street's name: words (an ordinal too), no stopword, blanks between (after a
            // compass point a stopword that names streets too: "1275 S STATE ST;")
            let directed = name_start > i + 1;
            // (an ordinal written out is a stopword too: "LOT 47 SECOND STREET")
            let name_word = (w.chars().all(char::is_alphabetic) || ordinal(w))
                && (flags[k] & flag::STOPWORD == 0
                    || (directed && w.chars().count() >= 4)
                    || one_of(w, WRITTEN_ORDINALS));
            if !name_word || gap != " " {
                break;
            }
            k += 1;
        }
    }
}
