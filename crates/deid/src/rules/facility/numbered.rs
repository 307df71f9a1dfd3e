//! Step 2 of the facility rule: facilities named by a number ("Poliklinika No 34", "Unidad
//! de Medicina Familiar No. 31", "Changsha No. 7 Hospital", "CVS #4521") and, written among
//! them, a hospital named in one compound word ("RIKSHOSPITALET") and China's people's hospitals
//! by their town ("Nanjing First People's Hospital"). Separate from `facility` (mod.rs) because
//! these steps find a facility by a number or a fixed form of words, not by the run of heads
//! and names of step 1; `facility::apply` calls them at the same spot, in the same order.

use super::words::{COMPOUND_HEADS, PEOPLES_HOSPITAL_LEVELS};
use super::{close, mark, mark_named};
use crate::lexicon::{flag, LexFlags};
use crate::phi::PhiType;
use crate::rules::word_class::{WordClasses, CONNECTOR, FACILITY_HEAD};
use crate::rules::{Reason, TokenRule};
use crate::tokenize::Tokenized;
use std::borrow::Cow;

/// Steps 2 to 2c of `facility::apply`, with its inputs: `introduced` says a word stands where
/// one goes or on a reporter's line, `is_head` that it is a facility head (capitalised where
/// capitals mean something).
#[allow(clippy::too_many_arguments)]
pub(super) fn apply(
    doc: &Tokenized,
    rules: &mut [TokenRule],
    flags: &[LexFlags],
    folded: &[Cow<'_, str>],
    class: &WordClasses,
    case_informative: bool,
    introduced: &dyn Fn(usize) -> bool,
    is_head: &dyn Fn(usize) -> bool,
) {
    let n = doc.len();
    let on = |k: usize, list| class.on(k, list);
    let capitalised = |k: usize| doc.token_text(k).starts_with(char::is_uppercase);
    let is_connector = |k: usize| on(k, CONNECTOR);
    // 2. a numbered facility: a facility head or the last word of a named facility (rule 1),
    // "No"/"Nr", a number of up to three digits ("Poliklinika No 34", "City Hospital No. 5",
    // "Szpital Wojewódzki nr 4"; not the record label "hospital no. 34840090" or "hospital no.
    // 186-576-83")
    // a facility's number: up to three digits that do not go on ("no. 186-576-83", "no 12.5";
    // a sentence's period is no continuation)
    let small_number = |k: usize| {
        let digits = doc.token_text(k);
        let continues = k + 1 < n
            && matches!(doc.gap_after(k), "-" | "/" | ".")
            && doc
                .token_text(k + 1)
                .starts_with(|c: char| c.is_ascii_digit());
        digits.len() <= 3 && digits.bytes().all(|b| b.is_ascii_digit()) && !continues
    };
    // never released: the model, seeing "nr" and a small number, calls them safe
    for h in 0..n.saturating_sub(2) {
        // (a head in any case: "Miska likarnia No 7" names it by its number)
        // (and a numbered school: "A RETIRED CHEMISTRY TEACHER OF SCHOOL NO. 114")
        let facility = on(h, FACILITY_HEAD)
            || (rules[h].phi && rules[h].kind == Some(PhiType::Hospital))
            || matches!(
                folded[h].as_ref(),
                "school" | "gymnasium" | "lyceum" | "kindergarten"
            );
        // ("Centro de Atención Primaria N° 28": the number sign after "N")
        let number_sign = || matches!(doc.gap_before(h + 2), "° " | "º " | "°" | "º");
        if facility
            && matches!(folded[h + 1].as_ref(), "no" | "nr" | "n")
            && close(doc, h + 1)
            && (close(doc, h + 2) || number_sign())
            && small_number(h + 2)
        {
            mark_named(rules, h..h + 3);
            // ... with the words of its name before the head, up to three, back to a function
            // word ("readmitted to the CITY CLINICAL HOSPITAL NO. 1": in ALL CAPS the model
            // released "CITY CLINICAL"; "Regional Hospital No. 2")
            let mut from = h;
            while from > 0
                && h - from < 3
                && doc.gap_before(from) == " "
                && flags[from - 1] & flag::STOPWORD == 0
                && doc.token_text(from - 1).chars().all(char::is_alphabetic)
                && !matches!(rules[from - 1].reason, Reason::Pattern(_))
            {
                from -= 1;
            }
            if from < h {
                mark_named(rules, from..h);
            }
            // ... and the town after it ("Szpital Miejski nr 20 w Łodzi")
            let (c, town) = (h + 3, h + 4);
            if town < n
                && is_connector(c)
                && close(doc, c)
                && close(doc, town)
                && rules[town].phi
                && !matches!(rules[town].reason, Reason::Pattern(_) | Reason::Digit)
            {
                mark_named(rules, c..town + 1);
            }
        }
    }
    // 2a. a facility head, up to three words of its kind and its number, as Mexico names its
    // clinics ("Unidad de Medicina Familiar No. 31", "HOSPITAL GENERAL DE ZONA NO. 15 IMSS": the
    // model released the head or the "No"); no English preposition between
    for h in 0..n.saturating_sub(3) {
        if !on(h, FACILITY_HEAD) || (case_informative && !capitalised(h)) {
            continue;
        }
        let mut k = h + 1;
        while k < n
            && k - h <= 4
            && close(doc, k)
            && !matches!(folded[k].as_ref(), "no" | "nr")
            && doc.token_text(k).chars().all(char::is_alphabetic)
            // (the stopword lists of other languages hold "general" too)
            && (is_connector(k)
                || !matches!(
                    folded[k].as_ref(),
                    "on" | "in" | "at" | "for" | "with" | "to" | "from" | "day" | "the" | "a"
                ))
            && (!case_informative || capitalised(k) || is_connector(k))
        {
            k += 1;
        }
        // (a word no SAFE list holds among them, or another language's connector: not "hospital
        // record no. 12", "clinic visit no 2"; "de Zona": "zona" is a medical word too)
        let named = (h + 1..k).any(|w| {
            (flags[w] & flag::SAFE == 0 && !is_connector(w))
                || matches!(
                    folded[w].as_ref(),
                    "de" | "del" | "di" | "da" | "do" | "des" | "du"
                )
        });
        if !named
            || k + 1 >= n
            || !matches!(folded[k].as_ref(), "no" | "nr")
            || !close(doc, k)
            || !close(doc, k + 1)
            || !small_number(k + 1)
        {
            continue;
        }
        mark_named(rules, h..k + 2);
        // the institute's acronym after the number: "No. 15 IMSS", "no. 1 issste"
        if k + 2 < n
            && doc.gap_before(k + 2) == " "
            && matches!(
                folded[k + 2].as_ref(),
                "imss" | "issste" | "issfam" | "pemex"
            )
        {
            mark_named(rules, k + 2..k + 3);
        }
    }
    // 2a'. a hospital named in one word, its town or founder compounded with the head, where one
    // goes ("readmitted to the RIKSHOSPITALET", "to the Kreiskrankenhaus."): the model released
    // the word alone
    for k in 1..n {
        let compound = COMPOUND_HEADS.iter().any(|h| {
            folded[k].len() > h.len() + 2 && folded[k].ends_with(h) && !on(k, FACILITY_HEAD)
        });
        if compound && introduced(k) && rules[k].phi {
            mark_named(rules, k..k + 1);
        }
    }
    // 2b'. China's people's hospitals by their town, with an ordinal or the level between:
    // "Nanjing First People's Hospital", "hangzhou first people's hospital", "Guangdong
    // Provincial People's Hospital" (the model released the head and "first")
    for h in 3..n {
        if !matches!(folded[h].as_ref(), "hospital" | "hospitals")
            || folded[h - 1] != "s"
            || !matches!(doc.gap_before(h - 1), "'" | "\u{2019}")
            || folded[h - 2] != "people"
        {
            continue;
        }
        let mut start = h - 2;
        while start > 0
            && h - start < 5
            && close(doc, start)
            && PEOPLES_HOSPITAL_LEVELS.contains(&folded[start - 1].as_ref())
        {
            start -= 1;
        }
        // (the name's first word is the text's: no town before it)
        if start == 0 {
            continue;
        }
        let town = start - 1;
        if !close(doc, start)
            || !rules[town].phi
            || matches!(rules[town].reason, Reason::Pattern(_) | Reason::Digit)
            || !doc.token_text(town).chars().all(char::is_alphabetic)
        {
            continue;
        }
        mark_named(rules, town..h + 1);
    }
    // 2b. a city's numbered hospital: "Changsha No. 7 Hospital", "SHENYANG NO. 8 HOSPITAL" (a
    // word no SAFE list holds, "No"/"Nr", up to three digits, a facility head)
    for h in 1..n.saturating_sub(2) {
        if matches!(folded[h].as_ref(), "no" | "nr")
            && flags[h - 1] & flag::SAFE == 0
            && small_number(h + 1)
            && close(doc, h)
            && close(doc, h + 1)
            && close(doc, h + 2)
            && is_head(h + 2)
        {
            mark_named(rules, h - 1..h + 3);
        }
    }
    // 2c. a pharmacy or store by its number where one goes: "readmitted to the walgreens #17574",
    // "vaccinated at CVS #4521" (the number is masked as a number already; the model released
    // the chain's name in lower case)
    // ... with the word for its site between ("from the walgreens store #15620", "list from osco
    // drug #412")
    let numbered = |k: usize| {
        matches!(doc.gap_after(k), " #" | "#" | " # ")
            && k + 1 < n
            && doc.token_text(k + 1).bytes().all(|b| b.is_ascii_digit())
            && (2..=6).contains(&doc.token_text(k + 1).len())
    };
    for k in 1..n.saturating_sub(1) {
        let site = k + 2 < n
            && doc.gap_after(k) == " "
            && matches!(
                folded[k + 1].as_ref(),
                "store" | "pharmacy" | "location" | "branch" | "drug" | "drugs"
            )
            && numbered(k + 1);
        // a chain's name, not a label before a number ("NDC #", "cb #", "rm #"); before its
        // site's word a shorter one too ("osco drug #412")
        let chain = folded[k].chars().count() >= 5
            || (site && folded[k].chars().count() >= 4)
            || matches!(folded[k].as_ref(), "cvs" | "heb");
        if (numbered(k) || site)
            && chain
            && introduced(k)
            && flags[k] & (flag::STOPWORD | flag::COMMON_WORD) == 0
        {
            mark(rules, k, PhiType::Hospital);
            rules[k].reason = Reason::NamedFacility;
            if site {
                mark(rules, k + 1, PhiType::Hospital);
                rules[k + 1].reason = Reason::NamedFacility;
            }
        }
    }
}
