//! Places the model released though the rules knew them, given the reason `place-name`, which
//! the combination never releases: a country or US state written out that is no English word
//! ("in the Philippines", "PENNSYLVANIA"), every letter of an abbreviated country ("u.s.a."),
//! and a US state's two-letter code where one goes or lives ("trip to FL", "moved from NY"),
//! with that code's other mentions in the document ("FL extremely warm").

use super::{Reason, TokenRule};
use crate::lexicon::{flag, LexFlags};
use crate::phi::PhiType;
use crate::tokenize::Tokenized;
use std::borrow::Cow;

/// State codes that are no clinical abbreviation. Not "OR" (operating room), "PA", "MD", "ME",
/// "IN", "OK", "HI", "DE", "ID", "LA", "MA", "CO", "GA", "CA", "VA", "MI", "MS", "CT", "MO",
/// "AL", "AR", "SC", "NC", "DC", "PR", "VT", "NE", nor what the 1990s shorthand and clinical
/// notes write with them: "MN" (midnight: "from 7PM to MN"), "NH" (nursing home, ammonia), "TX"
/// (treatment: "response to TX"), "ND" (not done), "SD", "IL" (interleukin), "IA", "KS", "NM",
/// "NV", "TN", "UT", "SD", "RI".
const PLAIN_STATE_CODES: &[&str] = &[
    "AK", "AZ", "FL", "KY", "MT", "NJ", "NY", "OH", "WA", "WI", "WV", "WY",
];

/// Words that begin a town's name ("North Jeremiah", "West Sheila", "Port Victor", "Lake
/// Charles"), folded: Faker's city prefixes and the common ones of real towns.
pub(super) const CITY_PREFIXES: &[&str] = &[
    "north", "south", "east", "west", "new", "lake", "port", "fort", "mount", "mt", "saint", "st",
    "san", "santa", "grand", "little", "upper", "lower", "old",
];

/// The prefixes of `CITY_PREFIXES` that name a town on their own before an unknown word where one
/// is ("in west davidborough"); not "upper", "lower", "new", "old" ("pain in upper rt arm", "in
/// lower extremeties").
const TOWN_PREFIXES: &[&str] = &[
    "north", "south", "east", "west", "lake", "port", "fort", "mount", "mt", "saint", "san",
    "santa",
];

/// Words after which a state code is where one goes or lives.
const PLACE_BEFORE: &[&str] = &["to", "in", "from", "visiting", "visited", "near"];

/// A verb and its preposition after which only a place stands, in any case ("ADOPTED FROM
/// TURKEY", "immigrated from chad", "born in jordan"; "allergic to turkey" is food).
const PLACE_AFTER_VERB: &[(&str, &str)] = &[
    ("adopted", "from"),
    ("immigrated", "from"),
    ("emigrated", "from"),
    ("emigrated", "to"),
    ("immigrated", "to"),
    ("born", "in"),
    ("relocated", "to"),
    ("relocated", "from"),
];

/// Countries written by their letters, in capitals.
const COUNTRY_LETTERS: &[&str] = &["US", "USA", "UK", "UAE"];

/// A journey's verb and its preposition, after which a country is where one went or came back
/// from ("started seeking tx after return to US", "DEPLOYED TO KUWAIT", "travelled to Chad").
/// Where case is informative the country must be written as a name: "returned to us for
/// follow-up" is the pronoun.
const JOURNEY_TO: &[(&str, &str)] = &[
    ("return", "to"),
    ("returned", "to"),
    ("returning", "to"),
    ("return", "from"),
    ("returned", "from"),
    ("returning", "from"),
    ("deployed", "to"),
    ("deployment", "to"),
    ("travel", "to"),
    ("travelled", "to"),
    ("traveled", "to"),
    ("travelling", "to"),
    ("traveling", "to"),
    ("trip", "to"),
    ("moved", "to"),
    ("moved", "from"),
    ("flew", "to"),
];

/// Make a word a place of `kind` that the model never releases.
fn mark_place(rule: &mut TokenRule, kind: PhiType) {
    rule.phi = true;
    rule.kind = Some(kind);
    rule.reason = Reason::PlaceName;
}

/// The index of the word before word `i` (`i >= 1`), over a "the" between ("in the China": "in").
fn preposition_before(folded: &[Cow<'_, str>], i: usize) -> usize {
    if folded[i - 1] == "the" && i >= 2 {
        i - 2
    } else {
        i - 1
    }
}

/// Give the reason `place-name` to the places the model must not release (see the module).
pub(super) fn apply(
    doc: &Tokenized,
    rules: &mut [TokenRule],
    flags: &[LexFlags],
    folded: &[Cow<'_, str>],
) {
    for (rule, &f) in rules.iter_mut().zip(flags) {
        if rule.phi
            && matches!(rule.reason, Reason::Unsafe(_))
            && f & (flag::COUNTRY | flag::STATE) != 0
            // English words ("turkey", "chad"); the drug and medical lists are not asked:
            // they hold "Texas", "India" and "USA" from product and term names
            && f & (flag::STOPWORD | flag::COMMON_WORD | flag::CURATED_SAFE) == 0
        {
            rule.reason = Reason::PlaceName;
        }
    }
    // a town that only a town list holds, capitalised where capitals mean something ("to the
    // national polio lab, Harare:"): no word, name or anything else it could be; the model
    // released such a town where no preposition stood before it. Not before a number: a
    // medicine's brand that is a town too ("Norco 7.5/325")
    if doc.case_informative {
        let n = doc.len();
        for (i, rule) in rules.iter_mut().enumerate() {
            let dose_after = i + 1 < n
                && doc.gap_after(i).trim().is_empty()
                && doc
                    .token_text(i + 1)
                    .starts_with(|c: char| c.is_ascii_digit());
            if rule.phi
                && matches!(rule.reason, Reason::Unsafe(_))
                && flags[i] == flag::CITY
                && doc.token_text(i).chars().count() >= 4
                && super::features::is_capitalised(doc.token_text(i))
                && !dose_after
            {
                rule.reason = Reason::PlaceName;
            }
        }
    }
    // a country or state of two words, each an English word on its own ("the united states",
    // "new jersey", "north carolina"): the lexicon flags the words only where the whole name
    // stands, so the pair is the place
    for i in 1..rules.len() {
        let both = |k: usize| {
            rules[k].phi
                && matches!(rules[k].reason, Reason::Unsafe(_) | Reason::PlaceName)
                && flags[k] & (flag::COUNTRY | flag::STATE) != 0
        };
        if both(i - 1) && both(i) && doc.gap_before(i) == " " {
            rules[i - 1].reason = Reason::PlaceName;
            rules[i].reason = Reason::PlaceName;
        }
    }
    // a country that is also an English word, capitalised where a place goes in a document whose
    // capitals mean something ("in the China", "to Turkey", "from Jordan"); in lower case or ALL
    // CAPS "allergic to turkey" is food
    if doc.case_informative {
        for i in 1..rules.len() {
            if flags[i] & flag::COUNTRY == 0 {
                continue;
            }
            let text = doc.token_text(i);
            let capitalised = super::features::is_capitalised(text);
            let k = preposition_before(folded, i);
            // a possessive is a person's: "ate in Chad's diner"
            let possessive = i + 1 < rules.len()
                && matches!(doc.gap_before(i + 1), "'" | "\u{2019}")
                && folded[i + 1] == "s";
            if rules[i].phi
                && matches!(rules[i].reason, Reason::Unsafe(_))
                && flags[i] & flag::COUNTRY != 0
                && capitalised
                && !possessive
                && PLACE_BEFORE.contains(&folded[k].as_ref())
            {
                rules[i].reason = Reason::PlaceName;
            }
        }
    }
    // a town no SAFE list knows right after "in", "to", "from", "visiting" or "near", in any
    // case ("vax in Hampshire approx 2 hrs later", "trip to hampshire."): the model released
    // such towns at the edge of its threshold; a name there is PHI as well ("seen in Jackson's
    // office": a possessive is a person's and stays the model's)
    for i in 1..rules.len() {
        let possessive = i + 1 < rules.len()
            && matches!(doc.gap_before(i + 1), "'" | "\u{2019}")
            && folded[i + 1] == "s";
        // (where capitals mean something, a capitalised town that a SAFE list holds too: "vax
        // in Berlin approx", which the frequency lists hold as a word; not after "to", which
        // allergies take, "allergic to Mango", "to Ward 6G", nor before another capitalised word,
        // "in Mountain Cedar")
        // ("trip to Berlin.": after "to" only where a journey goes)
        let journey_to = folded[i - 1] == "to"
            && i >= 2
            && matches!(
                folded[i - 2].as_ref(),
                "trip" | "travel" | "traveled" | "travelled" | "flew" | "moved" | "relocated"
            );
        let capitalised_town = doc.case_informative
            && super::features::is_capitalised(doc.token_text(i))
            && flags[i] & (flag::STOPWORD | flag::CURATED_SAFE) == 0
            && (matches!(folded[i - 1].as_ref(), "in" | "from" | "visiting" | "near")
                || journey_to)
            && !(i + 1 < rules.len()
                && doc.gap_before(i + 1) == " "
                && super::features::is_capitalised(doc.token_text(i + 1)));
        if rules[i].phi
            && matches!(rules[i].reason, Reason::Unsafe(_))
            && flags[i] & flag::CITY != 0
            && (flags[i] & flag::SAFE == 0 || capitalised_town)
            && !possessive
            && doc.gap_before(i) == " "
            && PLACE_BEFORE.contains(&folded[i - 1].as_ref())
            // capitalised where capitals mean something ("in alot of pain"), and no half of a
            // pair ("presented to OB/GYN")
            && (!doc.case_informative || super::features::is_capitalised(doc.token_text(i)))
            && !doc.gap_after(i).starts_with('/')
        {
            rules[i].reason = Reason::PlaceName;
        }
    }
    // ... and after "in the" or "from the" before the sentence's or clause's end: a country in
    // lower case or ALL CAPS ("IN THE JAPAN.", "from the brazil, where": no food or dish stands
    // so), a town no SAFE list holds in any case ("vaccine during 7.7.-16, 2008, in the Norge.":
    // Norwegian for Norway, a town on the list)
    for i in 2..rules.len() {
        let in_the = folded[i - 1] == "the" && matches!(folded[i - 2].as_ref(), "in" | "from");
        if !in_the || !rules[i].phi || !matches!(rules[i].reason, Reason::Unsafe(_)) {
            continue;
        }
        let ends = {
            let gap = doc.gap_after(i).trim_start_matches(' ');
            i + 1 == rules.len() || gap.starts_with(['.', ',', ';', ':', ')'])
        };
        let country = !doc.case_informative && flags[i] & flag::COUNTRY != 0;
        let town = flags[i] & flag::CITY != 0
            && flags[i] & flag::SAFE == 0
            && (!doc.case_informative || super::features::is_capitalised(doc.token_text(i)));
        if ends && (country || town) {
            rules[i].reason = Reason::PlaceName;
        }
    }
    for i in 2..rules.len() {
        // (and the countries known by their letters, which the lexicon holds as English words:
        // "us"; never a two-letter code, "returned to the ER" is no Eritrea)
        if rules[i].phi
            && matches!(rules[i].reason, Reason::Unsafe(_))
            && (flags[i] & flag::COUNTRY != 0 || COUNTRY_LETTERS.contains(&doc.token_text(i)))
        {
            let p = preposition_before(folded, i);
            let after = |pairs: &[(&str, &str)]| {
                p >= 1
                    && pairs
                        .iter()
                        .any(|&(v, w)| folded[p - 1] == v && folded[p] == w)
            };
            let journey = after(JOURNEY_TO)
                && (!doc.case_informative
                    || super::features::starts_with_capital(doc.token_text(i)));
            if after(PLACE_AFTER_VERB) || journey {
                rules[i].reason = Reason::PlaceName;
            }
        }
    }
    // a capital district's "D.C." after its town ("Bogotá D.C.", "Washington D.C."): the model
    // released the "C" as a lone capital; never after a word that is no place ("d.c. meds")
    for i in 1..rules.len().saturating_sub(1) {
        let place_before = rules[i - 1].phi
            && (flags[i - 1] & (flag::CITY | flag::STATE) != 0
                || matches!(rules[i - 1].kind, Some(PhiType::City | PhiType::State)));
        if place_before
            && folded[i] == "d"
            && folded[i + 1] == "c"
            && doc.gap_after(i) == "."
            && doc.gap_after(i + 1).starts_with('.')
            && matches!(doc.gap_before(i), " " | ", ")
        {
            for k in [i, i + 1] {
                mark_place(&mut rules[k], PhiType::State);
            }
        }
    }
    // the words of a country's name before one never released ("in the People's Republic of
    // China": the lexicon matched the whole name, the rules kept "People" an English word)
    for i in (0..rules.len().saturating_sub(1)).rev() {
        if rules[i + 1].reason == Reason::PlaceName
            && rules[i + 1].kind == Some(PhiType::Country)
            && rules[i].phi
            && matches!(rules[i].reason, Reason::Unsafe(_))
            && flags[i] & flag::COUNTRY != 0
            && matches!(doc.gap_before(i + 1), " " | "'" | "\u{2019}")
        {
            rules[i].reason = Reason::PlaceName;
        }
    }
    // the letters of an abbreviated country are one name: the "a" of "u.s.a." is an English
    // word on its own, and the model released it; so are the words of a hyphened one
    // ("kwazulu-natal": "natal" is a medical word)
    for i in 1..rules.len() {
        if rules[i].phi
            && matches!(rules[i].reason, Reason::Unsafe(_))
            && flags[i] & (flag::COUNTRY | flag::STATE) != 0
            && rules[i - 1].reason == Reason::PlaceName
            && matches!(doc.gap_before(i), "." | "-")
        {
            rules[i].reason = Reason::PlaceName;
        }
    }
    // a town of a "Town, State" address with a prefix the model reads as a direction or an
    // adjective: "resides in west sheila, mississippi", "NORTH JEREMIAH, KY"
    for i in 0..rules.len().saturating_sub(2) {
        // (the cheap checks first: this runs at every word)
        let state =
            flags[i + 2] & (flag::STATE | flag::STATE_ABBREVIATION) != 0 && rules[i + 2].phi;
        if !state {
            continue;
        }
        // the town's own word may be an English word where a place goes ("resides in lake
        // christian, minnesota"; not "a new rash, florida")
        let town = rules[i + 1].phi
            || (i > 0
                && PLACE_BEFORE.contains(&folded[i - 1].as_ref())
                && doc.token_text(i + 1).chars().all(char::is_alphabetic));
        if CITY_PREFIXES.contains(&folded[i].as_ref())
            && doc.gap_before(i + 1) == " "
            && town
            && !matches!(rules[i + 1].reason, Reason::Pattern(_) | Reason::Digit)
            && doc.gap_before(i + 2).trim() == ","
            && state
        {
            for k in [i, i + 1] {
                mark_place(&mut rules[k], PhiType::City);
            }
        }
    }
    // a prefixed town where one is, goes or works, without its state: "works at Smith and Gross
    // in west davidborough", "IN NORTH JEREMIAH." (the town's word no list knows, or a city),
    // and a listed town's prefix anywhere
    for i in 1..rules.len().saturating_sub(1) {
        if rules[i].phi || !rules[i + 1].phi {
            continue;
        }
        let town = rules[i + 1].phi
            && (rules[i + 1].reason == Reason::Unknown
                || (flags[i + 1] & flag::CITY != 0
                    && matches!(rules[i + 1].reason, Reason::Unsafe(_))));
        // (a saint's town abbreviated: "flown to st. george's", "airlifted to st. john's")
        let saint = matches!(folded[i].as_ref(), "st" | "ste") && doc.gap_before(i + 1) == ". ";
        let prefix =
            (TOWN_PREFIXES.contains(&folded[i].as_ref()) && doc.gap_before(i + 1) == " ") || saint;
        let word = doc.token_text(i + 1);
        // (or wherever the town list holds the two words as one town's name, which flags the
        // prefix only then: "PHARMACOVIGILANCE UNIT, PORT LOUIS –", where capitals say nothing
        // and "port" is a word)
        // (not a saint's abbreviation, which names diseases too: "St. Louis encephalitis")
        let listed_town = flags[i] & flags[i + 1] & flag::CITY != 0
            && TOWN_PREFIXES.contains(&folded[i].as_ref())
            && doc.gap_before(i + 1) == " ";
        if prefix
            && word.chars().count() >= 4
            && word.chars().all(char::is_alphabetic)
            && ((PLACE_BEFORE.contains(&folded[i - 1].as_ref()) && doc.gap_before(i) == " ")
                || listed_town)
            && town
            && !rules[i].phi
        {
            for k in [i, i + 1] {
                mark_place(&mut rules[k], PhiType::City);
            }
        }
    }
    // a saint's hospital or town by its possessive, wherever it stands: "(st. luke's jerome",
    // "at st. mary's" (the model read "st" as a street's or a stone's); the saint's name masked
    for i in 0..rules.len().saturating_sub(2) {
        let possessive = matches!(doc.gap_after(i + 1), "'" | "\u{2019}")
            && folded[i + 2] == "s"
            && !(i + 3 < rules.len() && doc.gap_after(i + 2).is_empty());
        if matches!(folded[i].as_ref(), "st" | "ste")
            && !rules[i].phi
            && doc.gap_before(i + 1) == ". "
            && possessive
            && rules[i + 1].phi
            && !matches!(rules[i + 1].reason, Reason::Pattern(_) | Reason::Digit)
            && doc.token_text(i + 1).chars().count() >= 3
            && doc.token_text(i + 1).chars().all(char::is_alphabetic)
        {
            for rule in &mut rules[i..=i + 2] {
                mark_place(rule, PhiType::Hospital);
            }
        }
    }
    // a region named with its kind, before it, or by its direction ("in Ogun State", "trip to
    // Region Sjælland", "Región de Ñuble", "in Eastern Province")
    regions::apply(doc, rules, flags, folded);
    // a place named where one goes, then its other mentions in the document ("trip to
    // hampshire. ... cough.hampshire extremely warm"): no SAFE word, none the rules call safe
    let named: Vec<(&str, Option<PhiType>)> = (0..rules.len())
        .filter(|&i| {
            rules[i].reason == Reason::PlaceName
                && matches!(
                    rules[i].kind,
                    Some(PhiType::City | PhiType::State | PhiType::Country)
                )
                && flags[i] & flag::SAFE == 0
                && folded[i].chars().count() >= 4
        })
        .map(|i| (folded[i].as_ref(), rules[i].kind))
        .collect();
    if !named.is_empty() {
        for i in 0..rules.len() {
            if !rules[i].phi
                || rules[i].reason == Reason::PlaceName
                || matches!(rules[i].reason, Reason::Pattern(_) | Reason::Digit)
                || flags[i] & flag::SAFE != 0
            {
                continue;
            }
            // (a place's own kind stays, "Lagos" a city beside "Lagos State"; a facility's word
            // stays the facility's, "Lagos University Teaching Hospital")
            if let Some(&(_, kind)) = named.iter().find(|(w, _)| *w == folded[i].as_ref()) {
                match rules[i].kind {
                    Some(PhiType::City | PhiType::State | PhiType::Country) => {}
                    Some(PhiType::Patient | PhiType::Doctor) | None => rules[i].kind = kind,
                    _ => continue,
                }
                rules[i].reason = Reason::PlaceName;
            }
        }
    }
    joined::apply(doc, rules, flags, folded);
    // a town of a place and a place word: "TRAVERSE CITY MI", "iowa falls;"
    suffix::apply(doc, rules, flags, folded);
    // a state's code after a town: "richmond in;", "Orangeburg SC.", "DODGE CITY KS ("
    // a town of two ordinary words: "LITTLE ROCK,", "grand rapids, michigan"
    suffix::towns_of_two_words(doc, rules, flags, folded);
    suffix::state_codes_after_towns(doc, rules, flags, folded);
    suffix::codes_by_licences_and_city_names(doc, rules, folded);
    // a town after its postcode: "OF 1137 BUDAPEST,"
    suffix::towns_after_postcodes(doc, rules, flags);
    // a name alone in brackets before them: "(BATH IRON WORKS, BATH, ME)"
    suffix::names_before_town_and_state(doc, rules);
    italian_provinces(doc, rules, flags);
    // a state's code where one goes ("trip to FL"), in capitals, then its other mentions
    // (written in capitals, a code is one where capitals say nothing elsewhere too: the lexicon
    // keeps its flag only in an address there, but "visiting relative in AZ &" of a lower-case
    // report writes the code as codes are written)
    let code_at = |i: usize, r: &TokenRule| {
        (flags[i] & flag::STATE_ABBREVIATION != 0 || !doc.case_informative)
            && PLAIN_STATE_CODES.contains(&doc.token_text(i))
            && !matches!(r.reason, Reason::Pattern(_) | Reason::Digit)
    };
    let mut codes: Vec<&str> = Vec::new();
    for i in 1..rules.len() {
        if code_at(i, &rules[i])
            && doc.gap_before(i) == " "
            && PLACE_BEFORE.contains(&folded[i - 1].as_ref())
        {
            codes.push(doc.token_text(i));
        }
    }
    if codes.is_empty() {
        return;
    }
    for (i, r) in rules.iter_mut().enumerate() {
        if code_at(i, r) && codes.contains(&doc.token_text(i)) {
            mark_place(r, PhiType::State);
        }
    }
}

static PROVINCE_CODES_IT: std::sync::LazyLock<Vec<&'static str>> = std::sync::LazyLock::new(|| {
    include_str!("../../../../../lexicons/context/province_codes_it.txt")
        .lines()
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .collect()
});

/// An Italian province's code in brackets after its town ("nato a Pinerolo (TO) il 07/04/1956",
/// "di San Bonifacio (VR)", "00161 Roma (RM)") or between its town and the postcode ("ROMA, RM
/// 00161"): the town a place the rules know or a capitalised word they took for a name or place,
/// after an Italian preposition or a postcode; the code one of
/// `lexicons/context/province_codes_it.txt`. Never released.
fn italian_provinces(doc: &Tokenized, rules: &mut [TokenRule], flags: &[LexFlags]) {
    let cap = |k: usize| {
        let t = doc.token_text(k);
        t.len() == 5 && t.bytes().all(|b| b.is_ascii_digit())
    };
    for i in 1..rules.len() {
        let code = doc.token_text(i);
        let bracketed = doc.gap_before(i).ends_with('(') && doc.gap_after(i).starts_with(')');
        // ("ROMA, RM 00161": or between the town's comma and the postcode, CAP)
        let before_cap = doc.gap_before(i) == ", "
            && doc.gap_after(i) == " "
            && i + 1 < rules.len()
            && cap(i + 1);
        if !(bracketed || before_cap)
            || code.len() != 2
            || !code.bytes().all(|b| b.is_ascii_uppercase())
            || !PROVINCE_CODES_IT.contains(&code)
        {
            continue;
        }
        // the town: up to three capitalised words after an Italian preposition ("nato a
        // Pinerolo", "di San Bonifacio", "residente in Via ... a Rho"); a name and its credential
        // ("Dr. A. Kiprotich (MO)", "Neema Mollel (RN)") has none before it
        let mut k = i - 1;
        while k > 0 && i - k < 3 && doc.token_text(k - 1).starts_with(char::is_uppercase) {
            k -= 1;
        }
        let town = &rules[i - 1];
        let placelike = flags[i - 1] & flag::CITY != 0
            || (town.phi && matches!(town.kind, Some(PhiType::City | PhiType::Patient)));
        let after_preposition = k > 0
            && matches!(
                doc.token_text(k - 1),
                "a" | "ad" | "di" | "da" | "in" | "presso"
            );
        // ("00161 Roma (RM)": or after the postcode, as an address writes it)
        let after_cap = k > 0 && bracketed && cap(k - 1);
        if placelike
            && (after_preposition || after_cap || before_cap)
            && doc.token_text(k).starts_with(char::is_uppercase)
        {
            mark_place(&mut rules[i], PhiType::State);
        }
    }
}

mod joined;
mod regions;
mod suffix;

#[cfg(test)]
mod suffix_tests;
#[cfg(test)]
mod tests;
