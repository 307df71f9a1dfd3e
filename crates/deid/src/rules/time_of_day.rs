//! Times of day, which the guidelines call no PHI but which hold digits: "130am", "7pm",
//! "0230h", "07:30", and the four-digit clock times of nursing notes in context ("at 1400",
//! "1400 hrs", a shift "0700-1900"), told apart from years and house numbers. The rules keep them
//! masked (they hold digits); the combination releases them.

use crate::lexicon::{flag, fold, LexFlags};
use crate::tokenize::Tokenized;

/// Whether word `i` is (part of) a time of day: "130am", "830am", "7pm", "0230h", the hour or
/// minutes of "07:30" / "7:05 pm", or a four-digit clock time in context (`is_clock_time`).
pub(super) fn is_time_of_day(doc: &Tokenized, flags: &[LexFlags], i: usize) -> bool {
    // every time of day starts with a digit ("0800", "7a", "130am", "07" of "07:30"); asked of
    // every word, so the others are turned away before any work
    if !doc
        .token_text(i)
        .as_bytes()
        .first()
        .is_some_and(u8::is_ascii_digit)
    {
        return false;
    }
    // "28/02/1442 H": the year that ends a numeric date (here of the Hijri calendar), its day
    // and month before it, is no "14:42 h"
    let date_part = |k: usize| {
        let t = doc.token_text(k);
        (1..=2).contains(&t.len()) && t.bytes().all(|b| b.is_ascii_digit())
    };
    if i >= 2
        && matches!(doc.gap_before(i), "/" | "-" | ".")
        && doc.gap_before(i - 1) == doc.gap_before(i)
        && date_part(i - 1)
        && date_part(i - 2)
    {
        return false;
    }
    is_suffixed_or_colon_time(doc, flags, i) || is_clock_time(doc, flags, i)
}

/// Whether number `i` follows a numeric date on its line, a blank between: "3/18/21 1500",
/// "2021-04-12 1545", "14.06.21 1130" (day, month and year, or year, month and day).
fn after_a_date(doc: &Tokenized, i: usize) -> bool {
    let digits = |k: usize, lens: &[usize]| {
        let t = doc.token_text(k);
        lens.contains(&t.len()) && t.bytes().all(|b| b.is_ascii_digit())
    };
    let sep = |k: usize| matches!(doc.gap_before(k), "/" | "-" | ".");
    let gap = doc.gap_before(i);
    i >= 3
        && !gap.is_empty()
        && gap.chars().all(|c| c == ' ' || c == '\u{a0}')
        && digits(i - 1, &[1, 2, 4])
        && sep(i - 1)
        && digits(i - 2, &[1, 2])
        && sep(i - 2)
        && digits(i - 3, &[1, 2, 4])
        && !(doc.token_text(i - 1).len() == 4 && doc.token_text(i - 3).len() == 4)
        && doc.gap_before(i - 2) == doc.gap_before(i - 1)
}

/// Words before "1400" that make it a time: "at 1400", "by 1100", "~2100". Only "at" and "@"
/// for a number that could be a year ("approximately 2000" is one).
const CLOCK_BEFORE: &[&str] = &[
    "at",
    "@",
    "by",
    "approx",
    "approximately",
    "around",
    "about",
    "~",
];
const CLOCK_BEFORE_YEAR_LIKE: &[&str] = &["at", "@"];
/// The lexicons of places: a word on one of them after a line-start number may be the city after
/// a post code.
const PLACE: LexFlags = flag::CITY
    | flag::STATE
    | flag::STATE_ABBREVIATION
    | flag::COUNTRY
    | flag::COUNTRY_CODE
    | flag::STREET;
/// What nursing notes do at a clock time, and the labels of one: "lasix 40 iv given 2200", "visited
/// 1400", "NGT removed 1100", "Dr. Tremblay notified 1440", "wife phoned 2200", "Time: 2215". Only
/// for a number that cannot be a year. Not "paged": a pager number follows it as often.
const CLOCK_AFTER_EVENT: &[&str] = &[
    "given",
    "administered",
    "notified",
    "assessed",
    "phoned",
    "rang",
    "called",
    "changed",
    "starting",
    "awake",
    "time",
    "eta",
    "triage",
    "handover",
    "visited",
    "removed",
    "started",
    "stopped",
    "held",
    "resumed",
    "restarted",
    "checked",
    "rechecked",
    "reviewed",
    "seen",
    "arrived",
    "discharged",
    "transferred",
    "updated",
    "inserted",
    "applied",
    "repositioned",
    "collected",
    "drawn",
    "taken",
    "done",
    "due",
    "until",
    "from",
    "since",
    // a note's header: "nsg note 2330", "Nursing Note: 0200"
    "note",
];
/// Words before "at 2215" that make it a house number: "lives with mother at 2215 Alder Creek Way".
const HOME_BEFORE_AT: &[&str] = &[
    "lives", "live", "living", "lived", "resides", "reside", "residing", "located", "address",
    "home", "mother", "father", "wife", "husband", "daughter", "son", "family", "parents",
];
/// Words after "1400" that make it a time: "1400 hrs", "0700 shift".
/// Labels of an identifier, after which a number is its digits, never a time of day.
const ID_LABELS: &[&str] = &[
    "id",
    "no",
    "nr",
    "number",
    "num",
    "mrn",
    "ref",
    "file",
    "record",
    "card",
    "folio",
    "case",
    // the world's cards, files and policies ("carte ARCH 0958-2217", "tarjeta 1130-2245")
    "carte",
    "carnet",
    "tarjeta",
    "cartao",
    "tessera",
    "karte",
    "kaart",
    "dossier",
    "expediente",
    "policy",
    "member",
];

const CLOCK_AFTER: &[&str] = &["hrs", "hr", "h", "hours", "shift", "hrs.", "uhr"];

/// A four-digit 24-hour clock time of the kind nursing notes use: "at 1400", "by 1100", "1400
/// hrs", a shift "0700-1900" or "1500-1510". Years look the same ("since 2015", "2000-2010"), so a
/// number in 1900-2039 needs "at"-like words or hours after it, and in a range the other end must
/// be a clock time that is no year ("0700-1900" is a shift, "1998-2001" is not).
fn is_clock_time(doc: &Tokenized, flags: &[LexFlags], i: usize) -> bool {
    let hhmm = |w: &str| -> Option<u32> {
        let v: u32 = w.parse().ok()?;
        (w.len() == 4 && w.bytes().all(|b| b.is_ascii_digit()) && v / 100 <= 23 && v % 100 < 60)
            .then_some(v)
    };
    let Some(v) = hhmm(doc.token_text(i)) else {
        return false;
    };
    // "lives at 1400 Elm Street": a house number
    if street_follows(doc, flags, i) {
        return false;
    }
    // "HOSPITAL ID 0048-1726", "file no. 1130": an identifier's digits after its label; "idul
    // fitri 1444 h", "Ramadan 1442": a year after a month or a festival (the Hijri year)
    let lo = if matches!(doc.gap_before(i).trim(), "-" | "–") && i > 0 {
        i - 1
    } else {
        i
    };
    // "nir lr-0639-0417-2", "REF AB-1130-2245": a pair glued into a longer code by hyphens on
    // its outer side is an identifier's digits, no shift ("0700-1900" stands alone)
    let hi = if lo < i { i } else { i + 1 };
    let glued_before = lo > 0 && doc.gap_before(lo) == "-";
    let glued_after = hi + 1 < doc.len()
        && doc.gap_after(hi) == "-"
        && doc
            .token_text(hi + 1)
            .bytes()
            .all(|b| b.is_ascii_alphanumeric());
    if hi < doc.len() && doc.gap_before(hi) == "-" && (glued_before || glued_after) {
        return false;
    }
    if lo > 0 && !doc.gap_before(lo).contains('\n') {
        let label = doc.token_text(lo - 1).to_ascii_lowercase();
        let gap = doc.gap_before(lo).trim();
        // (or the label, then the card's or scheme's acronym: "carte ARCH 0958-2217")
        let label_before_acronym = lo > 1
            && doc.gap_before(lo) == " "
            && doc.gap_before(lo - 1) == " "
            && (2..=6).contains(&label.len())
            && doc
                .token_text(lo - 1)
                .bytes()
                .all(|b| b.is_ascii_uppercase())
            && ID_LABELS.contains(&fold(doc.token_text(lo - 2)).as_ref());
        let id_label = (matches!(gap, "" | ":" | "." | ".:" | "#")
            && ID_LABELS.contains(&fold(&label).as_ref()))
            || label_before_acronym;
        let dated = matches!(gap, "" | ",") && flags[lo - 1] & (flag::HOLIDAY | flag::MONTH) != 0;
        if id_label || dated {
            return false;
        }
    }
    // "STARTED 1402/12/05": the year of a date of another calendar (Solar Hijri), its month and
    // day after it
    let date_part = |k: usize| {
        let t = doc.token_text(k);
        (1..=2).contains(&t.len()) && t.bytes().all(|b| b.is_ascii_digit())
    };
    if i + 2 < doc.len()
        && matches!(doc.gap_after(i), "/" | "-" | ".")
        && doc.gap_after(i + 1) == doc.gap_after(i)
        && date_part(i + 1)
        && date_part(i + 2)
    {
        return false;
    }
    let year_like = |v: u32| (1900..=2039).contains(&v);
    // a range of two clock times, at least one of which cannot be a year
    let other = |j: usize| hhmm(doc.token_text(j));
    let range_after = i + 1 < doc.len() && matches!(doc.gap_after(i).trim(), "-" | "–");
    let range_before = i > 0 && matches!(doc.gap_before(i).trim(), "-" | "–");
    let pair = if range_after {
        other(i + 1)
    } else if range_before {
        other(i - 1)
    } else {
        None
    };
    // an area code before the pair makes it a phone number: "011 2319-1108" (Buenos Aires),
    // "(11) 2319-1108"; not a date's year ("14/11/22 1400-1440") or a count ("shift 2
    // (1300-1700)")
    let lo = if range_after { i } else { i.saturating_sub(1) };
    let area_code = lo > 0 && {
        let code = doc.token_text(lo - 1);
        let bracketed = doc.gap_before(lo - 1).ends_with('(');
        (2..=4).contains(&code.len())
            && code.bytes().all(|b| b.is_ascii_digit())
            && (code.starts_with('0') || bracketed)
            && !doc.gap_before(lo - 1).ends_with(['/', '.', '-', ':'])
            && doc
                .gap_before(lo)
                .chars()
                .all(|c| matches!(c, ' ' | ')' | '-'))
    };
    if pair.is_some_and(|o| !(year_like(v) && year_like(o))) && !area_code {
        return true;
    }
    // the time of a nursing note's entry, starting its line: "0800 Assessment: A&Ox4", "1130 Pt
    // states ...". The next word must be a SAFE word that is no place or name: "0150 Oslo",
    // "1010 Wien" start a line of an address block too (post code, city)
    let line_start = i == 0 || doc.gap_before(i).contains('\n');
    if line_start && !year_like(v) && i + 1 < doc.len() && doc.gap_after(i) == " " {
        let next = doc.token_text(i + 1);
        let safe_word = flags[i + 1] & flag::SAFE != 0 && flags[i + 1] & PLACE == 0;
        // "0330 gcs 14", "0600 BP 150/90": a vital sign's or a lab's short name
        let vital = super::usage::is_vital_or_lab(next);
        // "1400 PT worked with pt": a service's abbreviation that a place list holds too
        // (Portugal's code), before a lower-case word of the note
        let service = next.len() <= 3
            && next.chars().all(|c| c.is_ascii_uppercase())
            && flags[i + 1] & flag::SAFE != 0
            && i + 2 < doc.len()
            && doc.gap_after(i + 1) == " "
            && flags[i + 2] & flag::SAFE != 0
            && doc.token_text(i + 2).chars().all(|c| c.is_lowercase());
        // "2215 inj metoclopramide": a lower-case word no name or place list holds, of three
        // letters or more ("3531 cl utrecht" is a Dutch post code in a lower-case address)
        let note_word = next.chars().count() >= 3
            && next.chars().all(|c| c.is_lowercase())
            && flags[i + 1] & (flag::FIRST_NAME | flag::SURNAME | PLACE) == 0;
        if safe_word || vital || service || note_word {
            return true;
        }
    }
    // the time of an entry and its colon, starting its line: "1418: Pt c/o itching", "0740:
    // mother shivering" (a year of a history list is year-like: "2019: appendectomy")
    if line_start
        && !year_like(v)
        && i + 1 < doc.len()
        && doc.gap_after(i).starts_with(':')
        && doc.gap_after(i).len() > 1
        && !doc.gap_after(i).contains('\n')
    {
        return true;
    }
    // a label's value: "Time 0312  Cat 2" (the capitalised word after it is no street's name)
    let labelled = i > 0
        && !year_like(v)
        && matches!(doc.gap_before(i).trim(), "" | ":")
        && matches!(
            doc.token_text(i - 1).to_ascii_lowercase().as_str(),
            "time" | "hora" | "heure" | "uhrzeit" | "ora" | "tijd"
        );
    if labelled {
        return true;
    }
    if name_after_or_home_before(doc, i) {
        return false;
    }
    // the time of a note after its date, on the date's line: "3/18/21 1500", "14/03/2021  1430",
    // "2021-04-12 1545" (a date's year is its last part, so the number after one is no year)
    if after_a_date(doc, i) {
        return true;
    }
    let cues = if year_like(v) {
        CLOCK_BEFORE_YEAR_LIKE
    } else {
        CLOCK_BEFORE
    };
    let before = (i > 0 && doc.gap_before(i).trim().is_empty())
        .then(|| doc.token_text(i - 1).to_ascii_lowercase());
    let glued_before = doc.gap_before(i).trim();
    if cues.contains(&glued_before) || before.as_deref().is_some_and(|b| cues.contains(&b)) {
        return true;
    }
    // after an event word, or a label and its colon ("Time: 2215")
    let event_before = i > 0
        && matches!(doc.gap_before(i).trim(), "" | ":")
        && CLOCK_AFTER_EVENT.contains(&doc.token_text(i - 1).to_ascii_lowercase().as_str());
    if !year_like(v) && event_before {
        return true;
    }
    i + 1 < doc.len()
        && doc.gap_after(i).trim().is_empty()
        && CLOCK_AFTER.contains(&doc.token_text(i + 1).to_ascii_lowercase().as_str())
}

fn is_suffixed_or_colon_time(doc: &Tokenized, flags: &[LexFlags], i: usize) -> bool {
    let w = doc.token_text(i);
    let digits_end = w.find(|c: char| !c.is_ascii_digit()).unwrap_or(w.len());
    let (num, suffix) = w.split_at(digits_end);
    let valid = |n: &str| -> bool {
        let v: u32 = n.parse().unwrap_or(99_99);
        match n.len() {
            1 | 2 => v <= 24,
            3 | 4 => v / 100 <= 24 && v % 100 < 60,
            _ => false,
        }
    };
    let suffix_lower = suffix.to_ascii_lowercase();
    if !num.is_empty() && matches!(suffix_lower.as_str(), "am" | "pm" | "hrs" | "hr") {
        return valid(num);
    }
    // "12noon", "12midnight"; "18h50", as French and Portuguese write a time
    if num == "12" && matches!(suffix_lower.as_str(), "noon" | "midnight" | "n") {
        return true;
    }
    if let Some(minutes) = suffix_lower.strip_prefix('h') {
        if (1..=2).contains(&num.len())
            && minutes.len() == 2
            && minutes.bytes().all(|b| b.is_ascii_digit())
        {
            return valid(num) && minutes < "60";
        }
    }
    // "5p", "7a", "10h", "0230h": one letter, so also a flat, room or house number ("Apt 5A",
    // "flat 7h", "# 9H-34", "Apt 120A"), which the combination must not release. A time only
    // where something says so: a clock cue before it or a time range with it ("at 5p",
    // "7a-7p"); four digits before "h" ("0230h") say so themselves.
    if !num.is_empty() && matches!(suffix_lower.as_str(), "a" | "p" | "h") {
        return valid(num) && ((suffix_lower == "h" && num.len() == 4) || time_cue(doc, flags, i));
    }
    let two = |k: usize| {
        doc.token_text(k).len() == 2 && doc.token_text(k).bytes().all(|b| b.is_ascii_digit())
    };
    let hour = |k: usize| {
        let t = doc.token_text(k);
        (1..=2).contains(&t.len())
            && t.bytes().all(|b| b.is_ascii_digit())
            && t.parse::<u32>().is_ok_and(|h| h <= 24)
    };
    // "07:30": the hour before a colon and two digits, the minutes after
    (suffix.is_empty()
        && hour(i)
        && i + 1 < doc.len()
        && doc.gap_after(i) == ":"
        && two(i + 1)
        && doc.token_text(i + 1) < "60")
        || (suffix.is_empty()
            && two(i)
            && w < "60"
            && i > 0
            && doc.gap_before(i) == ":"
            && hour(i - 1))
}

/// Words before a one-letter time ("5p", "7a", "10h") that make it one.
const ONE_LETTER_TIME_BEFORE: &[&str] = &[
    "at",
    "by",
    "approx",
    "approximately",
    "around",
    "about",
    "from",
    "until",
    "till",
    "til",
    "to",
    "since",
    "before",
    "after",
];

/// Whether a street word comes within three words after number `i` ("1400 Elm Street", "5A Main
/// Street"): a house number. "Dr" counts only when it is no title.
fn street_follows(doc: &Tokenized, flags: &[LexFlags], i: usize) -> bool {
    let street = |j: usize| flags[j] & flag::STREET != 0 && flags[j] & flag::SALUTATION == 0;
    (i + 1..(i + 4).min(doc.len())).any(street)
}

/// Whether number `i` is a house number by what stands next to it: a capitalised name right after
/// it ("2215 Alder", "5A Rue") where case says something, or a home before its "at" ("lives with
/// mother at 2215 ...").
fn name_after_or_home_before(doc: &Tokenized, i: usize) -> bool {
    let next_capitalized = doc.case_informative
        && i + 1 < doc.len()
        && doc.gap_after(i).trim_matches([' ', '\u{a0}']).is_empty()
        && doc
            .token_text(i + 1)
            .starts_with(|c: char| c.is_uppercase());
    let home_before = i >= 2
        && doc.token_text(i - 1).eq_ignore_ascii_case("at")
        && HOME_BEFORE_AT.contains(&doc.token_text(i - 2).to_ascii_lowercase().as_str());
    next_capitalized || home_before
}

/// Whether word `i`, a number with a one-letter suffix, reads as a time where it stands: after a
/// clock cue ("at 5p", "@ 7a", "~10h") or in a range with another time ("7a-7p", "7p to 7a");
/// never as a house number: a number glued after a hyphen ("9H-34"), a street word or a
/// capitalised name after it ("at 5A Main Street", "at 5A Rue Cler"), a home before "at"
/// ("lives at 5a").
fn time_cue(doc: &Tokenized, flags: &[LexFlags], i: usize) -> bool {
    let is_time_word = |k: usize| {
        let t = doc.token_text(k).to_ascii_lowercase();
        let d = t.find(|c: char| !c.is_ascii_digit()).unwrap_or(t.len());
        d > 0 && matches!(&t[d..], "a" | "p" | "h" | "am" | "pm")
    };
    let next_is_number = i + 1 < doc.len()
        && matches!(doc.gap_after(i), "-" | "–")
        && doc.token_text(i + 1).bytes().all(|b| b.is_ascii_digit());
    if next_is_number || name_after_or_home_before(doc, i) || street_follows(doc, flags, i) {
        return false;
    }
    let gap = doc.gap_before(i);
    let cue_before = i > 0
        && ONE_LETTER_TIME_BEFORE.contains(&doc.token_text(i - 1).to_ascii_lowercase().as_str());
    let range_before = i > 0
        && (matches!(gap.trim(), "-" | "–") || doc.token_text(i - 1).eq_ignore_ascii_case("to"))
        && (is_time_word(i - 1) || (i > 1 && is_time_word(i - 2)));
    let range_after =
        i + 1 < doc.len() && matches!(doc.gap_after(i).trim(), "-" | "–") && is_time_word(i + 1);
    gap.contains(['@', '~']) || cue_before || range_before || range_after
}

#[cfg(test)]
mod tests {
    use crate::rules::{words_with_reason, Reason};

    /// The words of `text` the rules call a time of day.
    fn times(text: &str) -> Vec<String> {
        words_with_reason(text, Reason::TimeOfDay)
    }

    #[test]
    fn the_year_of_a_date_of_another_calendar_is_no_time() {
        assert!(times("LAMOTRIGINE 50 MG (STARTED 1402/12/05 = 24 FEB 2024)").is_empty());
        assert!(times("admitted to the hospital on 28/02/1442 h.").is_empty());
        assert!(times("ADMITTED ON 28/02/1442 H.").is_empty());
        // a Hijri year after its festival, an identifier's digits after their label
        assert!(times("on the first day of lebaran (idul fitri 1444 h, saturday)").is_empty());
        assert!(times("KYOTO. TEL 075-721-4836. HOSPITAL ID 0048-1726. MY NUMBER").is_empty());
        assert!(times("seen in clinic, file no. 1130 opened; seen again").is_empty());
        // a clock time after an event word stays one
        assert_eq!(times("lasix 40 iv given 2200, pt slept"), ["2200"]);
    }

    #[test]
    fn noon_and_the_hour_written_with_h() {
        assert_eq!(
            times("took to MD Sat @ 12noon. Seen at hosp on 28DEC90 at 18h50."),
            ["12noon", "18h50"]
        );
        // a flat or a code is no time: "9h75", "25h10", "3noon"
        assert!(times("flat 9h75, code 25h10, 3noon").is_empty());
    }

    #[test]
    fn a_phone_number_is_no_shift() {
        // "2319-1108" reads as a shift, but a number before it makes it a phone number
        assert!(times("contact him at felipe@example.com or 011 2319-1108.").is_empty());
        assert!(times("call (011) 2319-1108 today").is_empty());
        assert!(times("call (11) 2319-1108 today").is_empty());
        assert_eq!(times("worked 0700-1900 shift"), ["0700", "1900"]);
        // a card's number after its label, the scheme's acronym between
        assert!(times("dossier HZK-21-3881; carte ARCH 0958-2217.").is_empty());
        assert!(times("tarjeta 1130-2245; Carte 0958-2217").is_empty());
        assert!(times("f, 42, nir lr-0639-0417-2, cane juice distiller").is_empty());
        assert!(times("case AB-1130-2245 and 0700-1900-A").is_empty());
        assert_eq!(times("shift 0700-1900, then home"), ["0700", "1900"]);
        assert_eq!(times("ICU 0700-1900 shift"), ["0700", "1900"]);
        assert_eq!(times("14/11/22 1400-1440\npt: seen"), ["1400", "1440"]);
        assert_eq!(
            times("17/08/23  shift 2 (1300-1700)  m/c"),
            ["1300", "1700"]
        );
    }

    #[test]
    fn clock_times_of_nursing_notes_but_not_years_or_house_numbers() {
        assert_eq!(
            times("MICU NURSING NOTE 0700-1900 Patient: A"),
            ["0700", "1900"]
        );
        assert_eq!(times("Lokelma 10 g PO given 1500-1510."), ["1500", "1510"]);
        assert_eq!(times("lasix 40 iv given at 2200 per dr w"), ["2200"]);
        assert_eq!(times("By 1100 flushing resolved"), ["1100"]);
        assert_eq!(times("went home ~2100, will call"), ["2100"]);
        assert_eq!(times("NGT removed 1100 hrs per team"), ["1100"]);
        assert_eq!(times("seen at 07:30 and 7pm"), ["07", "30", "7pm"]);
        assert_eq!(
            times("Ward 7 - Nursing Note\n0800 Assessment: A&Ox4.\n1130 Pt states pain."),
            ["0800", "1130"]
        );
        assert_eq!(
            times("lasix 40 iv given 2200, daughter visited 1400; NGT removed 1100"),
            ["2200", "1400", "1100"]
        );
        assert_eq!(
            times("Dr. Tremblay notified 1440. WIFE IRENE CALLED 0545. TIME: 2215"),
            ["1440", "0545", "2215"]
        );
        assert_eq!(
            times("fever at 3a, seen @ 5p, shift 7a-7p, from 10h to 12h"),
            ["3a", "5p", "7a", "7p", "10h", "12h"]
        );
        assert_eq!(times("ward 0230h check"), ["0230h"]);
        // a line's time before a vital sign or a service's abbreviation, a label's value
        assert_eq!(
            times("Triage\nTime 0312  Cat 2\n1400 PT worked with pt.\n0330 gcs 14, says"),
            ["0312", "1400", "0330"]
        );
        assert_eq!(
            times(
                "Stable.\n1418: Pt c/o itching\n2215 inj metoclopramide 10 mg\n2019: appendectomy"
            ),
            ["1418", "2215"]
        );
        // a post code and its town, an address line with a country code
        assert!(times("Storgata 5\n0150 Oslo\n1010 Wien").is_empty());
        assert!(times("Rua Augusta 12\n1100 PT Lisboa").is_empty());
        assert!(times("oudegracht 12\n3531 cl utrecht").is_empty());
        // a note's time after its date
        for (text, time) in [
            ("Mercy General   3/18/21 1500\nS: feels", "1500"),
            ("NURSING PROGRESS NOTE  14/03/2021  1430\nPt", "1430"),
            ("Date: 2021-04-12 1545\nPt: seen", "1545"),
            ("RM 322  03/14/21 0630\nPT: KOWALSKI", "0630"),
            ("mgh 5n tele - nsg note 2330\n\npt mr okafor", "2330"),
        ] {
            assert_eq!(times(text), [time], "{text}");
        }
        // flat, room and house numbers are spelled like one-letter times: never released as such
        for text in [
            "lives at 22 Main St Apt 5A in Springfield",
            "ward 4a, flat 7h, Apt 120A",
            "Av. carrera 109 # 9H-34 Este",
            "she lives at 5a with her son",
            "moved at 5A Main Street",
            "at 5A Rue Cler",
        ] {
            assert_eq!(times(text), Vec::<String>::new(), "{text}");
        }
        for text in [
            "in second grade (approximately 2000). The",
            "since 2015 she has had",
            "from 2000-2010 she lived",
            "lives with mother at 2215 Alder Creek Way",
            "she lives at 1400 elm street",
            "seen at 1400 Mercy Drive",
            "Rm 1204, buzz code 1204",
            "at 2575 mg daily",
            // a post code and its city start an address line
            "Storgata 5\n0150 Oslo",
            "Stephansplatz 1\n1010 Wien",
            // a year, after an event word
            "vaccine given 2021 in",
            "diabetes since 1998",
            // a pager number
            "paged 1400 for help",
            // not a date before it
            "ward 4 12 1400 beds",
            "room 12-4 1400 Elm",
        ] {
            assert!(
                times(text)
                    .iter()
                    .all(|t| !t.starts_with(char::is_numeric) || t.len() < 4),
                "{text}: {:?}",
                times(text)
            );
        }
    }
}
