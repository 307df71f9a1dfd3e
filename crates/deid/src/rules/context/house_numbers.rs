//! Step 1b of `rules/context`: a house-number word before its number in an address ("Jl.
//! Diponegoro No. 71", "Naamsestraat 15 bus 2", "House 1187, Sector 14", "casa n.º 27"), and a
//! word between a house number and a street word ("9 elm grove"), the house number first after an
//! address's label ("Address: 2209 Unit L"), with the house-number words
//! and the verbs of residence that cue them. Separate because it is one sub-rule about addresses
//! among the name rules, with lists of its own.

use super::{close, mark, Reason, TokenRule};
use crate::lexicon::{flag, LexFlags};
use crate::phi::PhiType;
use crate::rules::word_class::{WordClasses, HOUSE_NUMBER_WORD};
use crate::tokenize::Tokenized;

/// Words that introduce a house, flat or sector number in an address (folded).
/// Verbs of residence before an address ("we live at room 1802"): the cue rule, which runs
/// after this one, names them `PhiCue` only later.
const RESIDENCE_VERBS: &[&str] = &[
    "lives", "live", "living", "lived", "resides", "reside", "residing", "resided",
];

pub(in crate::rules) const HOUSE_NUMBER_WORDS: &[&str] = &[
    "no", "nr", "nro", "num", "bus", "apt", "flat", "unit", "house", "sector", "block", "lot",
    "building", "bldg", "floor", "kv", "d", "dom",
    // Spanish and Portuguese: "casa n.º 27", "apto 302", "depto 4", "piso 3", "bloco B", "quadra 12"
    "n", "casa", "apto", "depto", "dpto", "piso", "bloco", "quadra",
    // French West Africa's sectors and plots ("secteur 22, lot 14 parcelle 07"), the plots and
    // stands of East and Southern Africa ("Plot 23, Kira Road", "Stand 4521, Kabulonga", "Erf
    // 1234"), Ghana's "HSE NO."
    "secteur", "parcelle", "plot", "stand", "erf", "hse",
    // Romania's staircases and flats ("BL. A3, SC. 2, AP. 14"), a flat's room ("we live at room
    // 1802, building 6", "zhongshan road 218, bldg 3, rm 502"): `STRICT_HOUSE_NUMBER_WORDS`
    "sc", "scara", "bl", "ap", "room", "rm",
    // Taiwan's and Hong Kong's lanes, alleys and road sections, Pakistan's and India's lanes
    // ("No. 8, Lane 12, Alley 3, Section 2, Heping E. Rd", "House 118, Gali 3"):
    // `STRICT_HOUSE_NUMBER_WORDS`
    "lane", "alley", "section", "sec", "gali",
    // France's and the Maghreb's buildings and flats ("RESIDENCE NAKHIL, IMM 14, APP 6"), the
    // Philippines' subdivision phases ("blk 12 lot 7, phase 2, camella homes"):
    // `STRICT_HOUSE_NUMBER_WORDS`
    "imm", "app", "appt", "phase",
];

/// House-number words that are more often something else ("Room 14" of a care home, "SC 70%",
/// "C-section 2"): only after a residence cue or another address part, the short ones with their
/// period.
const STRICT_HOUSE_NUMBER_WORDS: &[&str] = &[
    "sc", "scara", "bl", "ap", "room", "rm", "lane", "alley", "section", "sec", "gali", "imm",
    "app", "appt", "phase",
];

/// Mark the house-number words before their number, and the word between a house number and a
/// street word, as a street's (step 1b of [`super::apply`]).
pub(super) fn apply(
    doc: &Tokenized,
    rules: &mut [TokenRule],
    flags: &[LexFlags],
    class: &WordClasses,
) {
    let n = doc.len();
    let on = |k: usize, list| class.on(k, list);
    // 1b. addresses: a house-number word before a number after a street or place ("Jl.
    // Diponegoro No. 71", "Naamsestraat 15 bus 2", "House 1187, Sector 14"), and a word between a
    // house number and a street word ("9 elm grove")
    for i in 1..n.saturating_sub(1) {
        // (a house-number word the rules masked as unknown or as a name may still be an
        // address's: "secteur", "lane 12, alley 3")
        if (rules[i].phi
            && !(on(i, HOUSE_NUMBER_WORD)
                && matches!(rules[i].reason, Reason::Unknown | Reason::Unsafe(_))
                && doc.token_text(i).chars().count() >= 3))
            // (Turkey writes the house's and the flat's number after a colon: "Sok. No:9 D:3")
            || !(close(doc, i + 1) || doc.gap_before(i + 1) == ":")
        {
            continue;
        }
        // a house number, maybe with its letter ("flat 3b", "no. 12a")
        // (the bound first: an ordinal indicator may be the text's last word, "GO'ª")
        let number_at = |k: usize| {
            k < n && {
                let t = doc.token_text(k);
                t.starts_with(|c: char| c.is_ascii_digit())
                    && t.len() <= 6
                    && t.bytes().filter(|b| !b.is_ascii_digit()).count() <= 1
                    && t.bytes().all(|b| b.is_ascii_alphanumeric())
            }
        };
        // "casa n.º 27", "nº 5": the ordinal indicator between the word and its number
        let indicator = matches!(doc.token_text(i + 1), "º" | "ª" | "°")
            && number_at(i + 2)
            && close(doc, i + 2);
        let number = if indicator { i + 2 } else { i + 1 };
        let number_next = number_at(i + 1) || indicator;
        let after_place = rules[i - 1].phi
            && !matches!(
                rules[i - 1].reason,
                Reason::TimeOfDay | Reason::RelativeTime
            );
        // "add: no. 27, jalan kenanga", "i live at unit 4/27 brunswick st": a street word after
        // the number on its line
        // (asked only of a house-number word before its number: this loop sees every word)
        let candidate = number_next && on(i, HOUSE_NUMBER_WORD);
        // (a block's number may start with its letter: "BL. A3, SC. 2"; or be its letter alone:
        // "BLOCK C, ROOM 117")
        let block_number = |k: usize| {
            let t = doc.token_text(k);
            t.len() <= 4
                && t.bytes().all(|b| b.is_ascii_alphanumeric())
                && (t.bytes().any(|b| b.is_ascii_digit())
                    || (t.len() == 1
                        && k > 0
                        && crate::rules::one_of(doc.token_text(k - 1), &["block", "blk", "bl"])))
        };
        let after_address_part_at = |i: usize| {
            i >= 2
                && on(i - 2, HOUSE_NUMBER_WORD)
                && (number_at(i - 1) || block_number(i - 1))
                && !doc.gap_before(i).contains('\n')
        };
        let street_after = candidate
            && (number + 1..(number + 5).min(n))
                // (on its line and in its sentence: "protocol no. 2023/918274. Address: Erzene
                // Mah." names no street after the number)
                .take_while(|&k| {
                    let gap = doc.gap_before(k);
                    !gap.contains(['\n', ':', ';']) && !gap.contains(". ")
                })
                .any(|k| {
                    rules[k].features.has(crate::rules::Feature::IsStreet)
                        || (flags[k] & flag::STREET != 0 && flags[k] & flag::SALUTATION == 0)
                });
        // right after "lives at", "address:", "domicile :" ("Address: Plot 23, Kira Road",
        // "Home: Lot 47 Sussex Street")
        let after_residence = candidate
            && (i.saturating_sub(2)..i).any(|k| {
                rules[k].reason == Reason::PhiCue
                    || crate::rules::cue::RESIDENCE_LABELS
                        .iter()
                        .chain(RESIDENCE_VERBS)
                        .any(|l| doc.token_text(k).eq_ignore_ascii_case(l))
                    // the shorthand label "add:" ("add: plot 1147 cadastral zone b06")
                    || (doc.token_text(k).eq_ignore_ascii_case("add")
                        && doc.gap_after(k).starts_with(':'))
            });
        let street_word = |k: usize| {
            rules[k].features.has(crate::rules::Feature::IsStreet)
                || (flags[k] & flag::STREET != 0 && flags[k] & flag::SALUTATION == 0)
        };
        let street_before = (i.saturating_sub(2)..i).any(street_word);
        // ... three words back, the street's name between ("JL. PANDANARAN II NO. 17": the
        // model released the numeral and "NO")
        // (up to five words back: "jl. tebet barat dalam iv no. 17")
        let named_street_back = if street_before {
            None
        } else {
            (3..=5).find(|&back| {
                i >= back
                    && street_word(i - back)
                    // (a period only after an abbreviation: "jl. kramat pulo gg. iv no. 17", not
                    // "Kelvin Grove State High School. Medicare no. 2318")
                    && (i - back + 1..=i).all(|k| {
                        let gap = doc.gap_before(k).trim_end_matches(' ');
                        gap.is_empty()
                            || (gap.len() == 1
                                && (gap != "." || doc.token_text(k - 1).chars().count() <= 3))
                    })
                    && !(i - back + 1..=i).any(|k| doc.gap_before(k).contains([',', ';', '\n']))
            })
        };
        let named_street_before = named_street_back.is_some();
        let street_before = street_before || named_street_before;
        // a room and Romania's short "sc.", "bl.", "ap." only in an address for certain, with
        // their period ("Resident: Edna Pickering  Room 14" is a care home's room; "SC 70%" a
        // veteran's service connection)
        let strict =
            candidate && crate::rules::one_of(doc.token_text(i), STRICT_HOUSE_NUMBER_WORDS);
        // ... or before another address part and its number ("room 1203, no. 88 lane 1255
        // hongqiao road": a Chinese flat's room first)
        let before_address_part = candidate
            && number + 2 < n
            && on(number + 1, HOUSE_NUMBER_WORD)
            && !crate::rules::one_of(doc.token_text(number + 1), STRICT_HOUSE_NUMBER_WORDS)
            && (number_at(number + 2) || block_number(number + 2))
            && !doc.gap_before(number + 1).contains('\n');
        let strict_ok = !strict
            || ((after_residence || after_address_part_at(i) || before_address_part)
                && (doc.token_text(i).chars().count() > 2
                    || doc.gap_after(i).starts_with('.')
                    // (a flat's "rm" after another address part: "bldg 3, rm 502")
                    || (doc.token_text(i).eq_ignore_ascii_case("rm") && after_address_part_at(i))));
        // ("gg. iv no. 17": an alley's numeral between the street word and "no")
        let house_number_word = candidate
            && strict_ok
            && (after_place
                || street_after
                || after_residence
                || street_before
                || before_address_part);
        if house_number_word && indicator {
            mark(rules, i + 1, PhiType::Street);
        }
        let between_number_and_street = doc.token_text(i - 1).chars().all(|c| c.is_ascii_digit())
            && rules[i + 1].features.has(crate::rules::Feature::IsStreet)
            && close(doc, i);
        if house_number_word || between_number_and_street {
            mark(rules, i, PhiType::Street);
        }
        // the model reads "No", "flat" and "lot" as ordinary words and released them when very
        // sure ("He lives at No. 12, Lane 34", "Jl. Merdeka No. 45"): where a street word stands
        // next to it, it is an address's for certain (after any other masked word it may be an
        // identifier's label, "IP no. 2021/045812", which the model may still release)
        // ... or after another address part and its number ("secteur 22, lot 14")
        let after_address_part = after_address_part_at(i);
        if house_number_word
            && (street_after
                || street_before
                || after_residence
                || after_address_part
                || before_address_part)
            && doc.token_text(i).chars().count() >= 2
        {
            rules[i].reason = Reason::AddressWord;
            // ... and its number, which the model released too ("Home: Lot 47 Sussex Street")
            rules[number].reason = Reason::AddressWord;
            rules[number].kind = Some(PhiType::Street);
            if let Some(back) = named_street_back {
                for k in i - back + 1..i {
                    mark(rules, k, PhiType::Street);
                    rules[k].reason = Reason::AddressWord;
                }
            }
        }
    }
    // the house's number first, then the house-number word and its letter or number, right
    // after an address's label: "Address: 2209 Unit L, Seke, Chitungwiza" (Zimbabwe's units)
    for i in 2..n.saturating_sub(1) {
        let t = doc.token_text(i - 1);
        let label =
            crate::rules::one_of(doc.token_text(i - 2), crate::rules::cue::RESIDENCE_LABELS)
                && doc.gap_before(i - 1).trim_end_matches(' ') == ":";
        let after = doc.token_text(i + 1);
        if label
            && !t.is_empty()
            && t.len() <= 6
            && t.bytes().all(|b| b.is_ascii_digit())
            && close(doc, i)
            && on(i, HOUSE_NUMBER_WORD)
            && !crate::rules::one_of(doc.token_text(i), STRICT_HOUSE_NUMBER_WORDS)
            && close(doc, i + 1)
            && after.chars().count() <= 4
            && after.chars().all(|c| c.is_ascii_alphanumeric())
            && (after.chars().count() == 1 || after.bytes().any(|b| b.is_ascii_digit()))
        {
            for k in i - 1..=i + 1 {
                mark(rules, k, PhiType::Street);
                rules[k].reason = Reason::AddressWord;
            }
        }
    }
}
