//! Address parts of fixed shapes that neither a street list nor a house-number word finds:
//! France's and francophone Africa's post-office box ("ADRESSE POSTALE: BP 3407 ANTANANARIVO"),
//! Indonesia's neighbourhood units ("rt 05/rw 12") and a floor named by its ordinal after another
//! address part ("bldg. abi nader, 3rd floor"). Each is an address's for certain: reason
//! `AddressWord`, never released (the model read "BP", "rt" and "floor" as ordinary words).

use super::{mark, Reason, TokenRule};
use crate::lexicon::{flag, LexFlags};
use crate::phi::PhiType;
use crate::rules::one_of;
use crate::tokenize::Tokenized;

/// Labels of a postal address before a post-office box ("adresse postale", "domicile", "B.P.").
const POSTAL_LABELS: &[&str] = &[
    "postale",
    "postal",
    "adresse",
    "address",
    "add",
    "domicile",
    "domicilié",
    "domiciliée",
    "boîte",
    "boite",
    "alamat",
    "endereço",
    "dirección",
];

/// Words of an address part after its ordinal: a floor ("3rd floor", "2nd fl."), and India's
/// cross and main roads and a layout's stage or phase ("no. 14, 3rd cross, jayanagar").
const ORDINAL_PARTS: &[&str] = &[
    "floor", "fl", "flr", "storey", "story", "cross", "main", "stage", "phase",
];

/// The country codes written before a postcode (Europe's and its neighbours' "LV-1010",
/// "MD-2001", "CH-8001", the old one-letter "D-10115", "A-1010"), lower case.
const POSTCODE_PREFIXES: &[&str] = &[
    "md", "lv", "lt", "ee", "hr", "si", "sk", "cz", "pl", "hu", "ro", "bg", "fi", "se", "no", "dk",
    "is", "ch", "at", "de", "fr", "be", "nl", "lu", "it", "es", "pt", "gr", "cy", "mt", "ie", "rs",
    "ba", "me", "mk", "al", "ua", "by", "ge", "am", "az", "li", "mc", "sm", "ad", "d", "a", "f",
    "b", "i", "l",
];

/// Words of a block or tower that its letter names ("block c", "TOWER B").
const BLOCK_WORDS: &[&str] = &["block", "blk", "tower", "wing", "bloco", "bloque"];

pub(super) fn apply(doc: &Tokenized, rules: &mut [TokenRule], flags: &[LexFlags]) {
    let n = doc.len();
    let word = |k: usize| doc.token_text(k);
    let digits = |k: usize, lens: std::ops::RangeInclusive<usize>| {
        lens.contains(&word(k).len()) && word(k).bytes().all(|b| b.is_ascii_digit())
    };
    let plain = |gap: &str| !gap.is_empty() && gap.chars().all(|c| c == ' ' || c == '\u{a0}');
    let address = mark_address;
    for i in 0..n {
        // "BP 3407", "B.P. 12417": a post-office box has four to six digits, a blood pressure
        // three at most, and no "/" follows the box
        let bp = word(i).eq_ignore_ascii_case("bp")
            || (word(i).eq_ignore_ascii_case("b")
                && i + 1 < n
                && doc.gap_after(i) == "."
                && word(i + 1).eq_ignore_ascii_case("p"));
        if bp {
            let last = if word(i).len() == 1 { i + 1 } else { i };
            let number = last + 1;
            if number < n
                && matches!(doc.gap_after(last).trim_start_matches('.'), " " | "\u{a0}")
                && digits(number, 4..=6)
                && !doc.gap_after(number).starts_with(['/', ':'])
                // (an address's label before it, or a town after it: "BP 9060, given epi" is a
                // 1990s blood pressure without its slash)
                && ((i.saturating_sub(4)..i).any(|k| {
                    POSTAL_LABELS.contains(&word(k).to_lowercase().as_str())
                }) || (number + 1 < n
                    && plain(doc.gap_after(number))
                    && rules[number + 1].phi
                    && matches!(rules[number + 1].kind, Some(PhiType::City))))
            {
                address(rules, i, number);
            }
        }
        // a postcode with its country's code, next to the town: "mun. chișinău md-2001", "LV-1010
        // Rīga", "D-10115 Berlin" (not a drug's code: "AZD-1222", "MK-0431" with no town)
        if i + 1 < n && doc.gap_after(i) == "-" && digits(i + 1, 4..=5) {
            let code = word(i);
            let country = one_of(code, POSTCODE_PREFIXES);
            let town = |k: usize| {
                rules[k].phi && matches!(rules[k].kind, Some(PhiType::City | PhiType::State))
            };
            let town_before = i > 0 && matches!(doc.gap_before(i), " " | ", ") && town(i - 1);
            let town_after = i + 2 < n && matches!(doc.gap_after(i + 1), " " | ", ") && town(i + 2);
            if country
                && code.chars().all(|c| c.is_ascii_alphabetic())
                && (town_before || town_after)
            {
                for k in [i, i + 1] {
                    mark(rules, k, PhiType::Zip);
                    rules[k].reason = Reason::AddressWord;
                }
            }
        }
        // "rt 05/rw 12", "RT 004 / RW 002"
        if i + 3 < n
            && word(i).eq_ignore_ascii_case("rt")
            && plain(doc.gap_after(i))
            && digits(i + 1, 1..=3)
            && doc.gap_after(i + 1).trim() == "/"
            && word(i + 2).eq_ignore_ascii_case("rw")
            && plain(doc.gap_after(i + 2))
            && digits(i + 3, 1..=3)
        {
            address(rules, i, i + 3);
        }
        // "bldg. abi nader, 3rd floor": an ordinal and a floor word after another address part
        // of the same line, which the rules already mask
        if i + 1 < n && i >= 1 {
            let w = word(i);
            let d = w.bytes().take_while(u8::is_ascii_digit).count();
            let ordinal = (1..=3).contains(&d) && matches!(&w[d..], "st" | "nd" | "rd" | "th");
            let floor = || one_of(word(i + 1), ORDINAL_PARTS) && plain(doc.gap_after(i));
            let after_address = || {
                doc.gap_before(i).trim() == ","
                    && rules[i - 1].phi
                    && (matches!(
                        rules[i - 1].kind,
                        Some(
                            PhiType::Street | PhiType::City | PhiType::Hospital | PhiType::Patient
                        )
                    ) || (i >= 3
                        // a house's number after its label: "at no. 14, 3rd cross"
                        && rules[i - 1].reason == Reason::Digit
                        && one_of(word(i - 2), &["no", "house", "h"])))
            };
            // (asked only of an ordinal before a floor word or of a block's word: this loop
            // sees every word)
            let block_word = one_of(w, BLOCK_WORDS);
            let after = (ordinal && floor() || block_word) && after_address();
            if ordinal && floor() && after {
                address(rules, i, i + 1);
            }
            // "flat 12, 23/f, block c, wah fu estate", "LABOUR CAMP BLOCK C, ROOM 117": a block
            // or tower named by its letter, after another address part or before a flat's or
            // room's number (not a heart block: no address on either side)
            let letter =
                |k: usize| word(k).len() == 1 && word(k).bytes().all(|b| b.is_ascii_alphabetic());
            if block_word
                && letter(i + 1)
                && plain(doc.gap_after(i))
                && (i + 2 >= n || doc.gap_after(i + 1).trim_start().starts_with([',', '.']))
            {
                let before_flat = i + 3 < n
                    && doc.gap_after(i + 1).trim() == ","
                    && one_of(
                        word(i + 2),
                        &["room", "flat", "apt", "unit", "floor", "street", "no"],
                    )
                    && word(i + 3).starts_with(|c: char| c.is_ascii_digit());
                if after || before_flat {
                    address(rules, i, i + 1);
                }
            }
        }
    }
    // India's renumbered houses: "at old no. 14, new no. 27, vembuli amman koil st" (both
    // numbers, each with its "old"/"new", where the other or an address part is on the line)
    for i in 0..n.saturating_sub(2) {
        let renumbered = |k: usize| {
            k + 2 < n
                && one_of(word(k), &["old", "new"])
                && word(k + 1).eq_ignore_ascii_case("no")
                && doc.gap_after(k) == " "
                && matches!(doc.gap_after(k + 1), ". " | " " | ".")
                && word(k + 2).starts_with(|c: char| c.is_ascii_digit())
        };
        if !renumbered(i) {
            continue;
        }
        let pair = (i + 3..(i + 8).min(n)).any(|k| {
            renumbered(k)
                && !word(k).eq_ignore_ascii_case(word(i))
                && !doc.gap_before(k).contains('\n')
        }) || (i.saturating_sub(5)..i).any(|k| {
            renumbered(k)
                && !word(k).eq_ignore_ascii_case(word(i))
                && !doc.gap_after(k).contains('\n')
        });
        if pair {
            address(rules, i, i + 2);
        }
    }
    // "no. 8, lane 12, alley 3, section 2, heping e. rd, taipei": after an address part and its
    // comma, up to three words that a street word ends before the next comma or period (in lower
    // case the model released the street's name and the rules' "rd" is also a stop word)
    for i in 0..n.saturating_sub(2) {
        if rules[i].reason != Reason::AddressWord || doc.gap_after(i) != ", " {
            continue;
        }
        let street_word =
            |k: usize| flags[k] & flag::STREET != 0 && flags[k] & flag::SALUTATION == 0;
        let mut k = i + 1;
        while k < n && k <= i + 4 {
            let word = doc.token_text(k);
            if !word.chars().all(char::is_alphabetic) {
                break;
            }
            let gap = doc.gap_after(k);
            let closes = k + 1 >= n || gap.starts_with([',', ';']) || gap.starts_with(". ");
            if k > i + 1 && street_word(k) && closes {
                address(rules, i + 1, k);
                break;
            }
            // only blanks, or an abbreviation's period, inside the street's name
            let inside = gap == " " || (gap == ". " && word.chars().count() <= 2);
            if !inside {
                break;
            }
            k += 1;
        }
    }
}

/// Mark words `from..=to` as an address's for certain: never released.
pub(super) fn mark_address(rules: &mut [TokenRule], from: usize, to: usize) {
    for k in from..=to {
        mark(rules, k, PhiType::Street);
        rules[k].reason = Reason::AddressWord;
    }
}
