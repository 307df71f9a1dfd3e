//! Named facilities: the head nouns of hospitals, clinics and homes join the name or place
//! next to them ("Karolinska University Hospital", "Hôpital Lariboisière", "st mary hospital",
//! "Poliklinika No 34"), and a facility or home named after a person or place is masked whole
//! ("Miller Nursing Home", "toniside urgent care"). Applied after the other context rules
//! (`context`); like them it only ever turns safe words into PHI.

use super::context::{close, is_placelike, mark};
use super::place::CITY_PREFIXES;
use super::word_class::{WordClasses, CONNECTOR, FACILITY_HEAD};
use super::{Reason, TokenRule};
use crate::lexicon::{flag, LexFlags};
use crate::phi::PhiType;
use crate::tokenize::Tokenized;
use std::borrow::Cow;

mod care_homes;
mod completion;
mod continuations;
mod numbered;
mod practices;
pub use completion::complete_facility_heads;
mod words;
use continuations::{ampersand_continuation, for_tail, of_tail, HOMES, HOSPITAL_WORDS};
use words::*;
pub(super) use words::{CONNECTORS, HOSPITAL_NOUNS, OTHER_HEADS};

/// Mark the words of `range` a named facility's, never released.
fn mark_named(rules: &mut [TokenRule], range: std::ops::Range<usize>) {
    for k in range {
        mark(rules, k, PhiType::Hospital);
        rules[k].reason = Reason::NamedFacility;
    }
}

/// Extend the rules' PHI over facility names. `flags`: each word's lexicon flags; `class`: the
/// lists each word is on; `case_informative`: whether capitals mean something in this document
/// (then a facility head must be capitalised).
pub(super) fn apply(
    doc: &Tokenized,
    rules: &mut [TokenRule],
    flags: &[LexFlags],
    folded: &[Cow<'_, str>],
    class: &WordClasses,
    case_informative: bool,
) {
    let n = doc.len();
    let on = |k: usize, list| class.on(k, list);
    let capitalised = |k: usize| doc.token_text(k).starts_with(char::is_uppercase);
    // where one goes, or a reporter's line: "brought to walker family clinic", "dr. stacy
    // payne, moore nursing home,", "discharged home from facility (port james urgent care)"
    let introduced = |k: usize| {
        k > 0
            && (matches!(
                folded[k - 1].as_ref(),
                "to" | "at" | "from" | "into" | "under" | "the" | "his" | "her" | "their" | "my"
                    | "our"
            ) || PLACE_PREPOSITIONS.contains(&folded[k - 1].as_ref())
                // ("the team called an ambulance: Middlemore Hospital ED")
                || doc.gap_before(k).trim_end().ends_with([',', ';', '(', ':']))
    };
    // a hospital word no English sentence uses otherwise
    let hospital_noun = |k: usize| {
        CASELESS_HEADS.contains(&folded[k].as_ref()) || HOSPITAL_NOUNS.contains(&folded[k].as_ref())
    };
    // 1. facility heads in a run of neighbouring words that also holds a name or place
    // ("Karolinska University Hospital", "Hospital de Clínicas", "st mary hospital")
    let is_head = |k: usize| {
        on(k, FACILITY_HEAD)
            && (!case_informative
                || doc
                    .token_text(k)
                    .chars()
                    .next()
                    .is_some_and(char::is_uppercase))
    };
    // a name or place, not an acronym ("ER", "ICU") where capitals mean something, and not a
    // facility word flagged on its own ("Center" is a town in Texas)
    let is_anchor = |k: usize, rules: &[TokenRule]| {
        let w = doc.token_text(k);
        // ("PHARMACIE ROUX": a surname of three or four capitals is no acronym)
        let named = w.chars().count() >= 3 && flags[k] & (flag::FIRST_NAME | flag::SURNAME) != 0;
        let acronym = w.chars().count() <= 4 && !w.chars().any(char::is_lowercase) && !named;
        is_placelike(&rules[k]) && !on(k, FACILITY_HEAD) && !(case_informative && acronym)
    };
    let is_connector = |k: usize| on(k, CONNECTOR);
    // a word no dictionary knows right after a hospital word of another language names it
    // ("dirujuk ke rsud wangaya": in lower case the model released both)
    // (asked of nearly every word: the cheap tests first)
    let unknown_after_noun = |k: usize, rules: &[TokenRule]| {
        k > 0
            && rules[k].reason == Reason::Unknown
            && rules[k].phi
            && on(k - 1, FACILITY_HEAD)
            && HOSPITAL_NOUNS.contains(&folded[k - 1].as_ref())
    };
    // a campus after its head: "Mercy Hospital West", "mercy hospital west fred"
    let is_campus = |k: usize| {
        k > 0
            && is_head(k - 1)
            && matches!(
                folded[k].as_ref(),
                "north"
                    | "south"
                    | "east"
                    | "west"
                    | "northeast"
                    | "northwest"
                    | "southeast"
                    | "southwest"
                    | "central"
                    | "downtown"
                    | "campus"
            )
    };
    let is_initial = |k: usize| {
        let w = doc.token_text(k);
        // (in lower case any letter: "policlinico universitario a. gemelli")
        w.chars().count() == 1
            && w.chars()
                .all(|c| c.is_uppercase() || (!case_informative && c.is_alphabetic()))
            && doc.gap_before(k) == " "
            && doc.gap_after(k).starts_with('.')
    };
    // where capitals mean something, the capitalised words between a name or place and its head
    // ("Nature Isle Diabetes and Endocrine Clinic", "Roseau Diabetes Clinic"; the model released
    // the specialty): "and" or a capitalised word no stopword, a head within three words after it
    let name_filler = |j: usize| {
        let word = |k: usize| {
            capitalised(k)
                && doc.token_text(k).chars().all(char::is_alphabetic)
                && flags[k] & flag::STOPWORD == 0
        };
        // (blanks only between: never across a sentence's end, "fontanelle. Admitted Hospital")
        let spaced = |k: usize| doc.gap_before(k) == " ";
        case_informative
            && spaced(j)
            && (word(j) || folded[j] == "and")
            && (j + 1..n.min(j + 4))
                .take_while(|&k| spaced(k) && (word(k) || folded[k] == "and"))
                .any(is_head)
    };
    let mut i = 0;
    while i < n {
        let mut j = i;
        let (mut heads, mut anchors) = (0, 0);
        while j < n && (j == i || close(doc, j)) {
            // a head in lower case right after one with its capital ("Centre hospitalier de
            // Versailles", "Cabinet médical du Dr Perrier"): French and Spanish capitalise only a
            // name's first word
            let inner_head = j > i && on(j, FACILITY_HEAD) && is_head(j - 1);
            if is_head(j) || inner_head {
                heads += 1;
            } else if is_anchor(j, rules) || unknown_after_noun(j, rules) {
                anchors += 1;
            } else if is_campus(j) || (anchors > 0 && heads == 0 && name_filler(j)) {
            } else if !(j > i
                && ((is_connector(j)
                    && (heads > 0 || !HEAD_FIRST_CONNECTORS.contains(&folded[j].as_ref())))
                    || flags[j] & flag::SALUTATION != 0
                    // a person's initial after the head: "Policlinico Universitario A. Gemelli"
                    || (heads > 0 && is_initial(j))
                    // "Royal" or a title inside the name: "BELFAST ROYAL INFIRMARY"
                    || NAMED_AFTER_TITLES.contains(&folded[j].as_ref())
                    // "Med" before a head: "Jacobi Med Ctr"; a public kind before one: "OUR LADY
                    // OF LOURDES REGIONAL MEDICAL CENTER" (in ALL CAPS no capital made "REGIONAL"
                    // a name's)
                    || ((folded[j] == "med"
                        || GENERIC_FACILITY_ADJECTIVES.contains(&folded[j].as_ref()))
                        && j + 1 < n
                        && is_head(j + 1)))
                && j + 1 < n
                && close(doc, j + 1)
                && (is_head(j + 1)
                    || is_anchor(j + 1, rules)
                    // ("du Dr Perrier": a title between the connector and the name)
                    || (flags[j + 1] & flag::SALUTATION != 0
                        && j + 2 < n
                        && close(doc, j + 2)
                        && is_anchor(j + 2, rules))))
            {
                break;
            }
            j += 1;
        }
        if heads > 0 && anchors > 0 {
            // a town's prefix before its name: "the West Carriechester Community Health Center"
            let town_prefix =
                |k: usize| CITY_PREFIXES.contains(&folded[k].as_ref()) && is_anchor(k + 1, rules);
            // ... or a public facility's kind where one goes: "referred to National Institute of
            // Child Health", "under Regional Hospice of Western CT services"
            let public_kind = |k: usize| {
                k > 0
                    && GENERIC_FACILITY_ADJECTIVES.contains(&folded[k].as_ref())
                    && matches!(
                        folded[k - 1].as_ref(),
                        "at" | "to" | "from" | "into" | "under"
                    )
            };
            let from = if i > 0
                && (town_prefix(i - 1) || public_kind(i - 1))
                && doc.gap_before(i) == " "
                && (!case_informative || capitalised(i - 1))
            {
                i - 1
            } else {
                i
            };
            // the title or "Our Lady of" before the person a hospital is named after: "Sir
            // Charles Gairdner Hospital", "Our Lady of Lourdes Hospital" (the model read "Sir" and
            // "Our" as safe, and released them in every case style)
            let spaced = |k: usize| doc.gap_before(k) == " ";
            let title_at = |k: usize| {
                NAMED_AFTER_TITLES.contains(&folded[k].as_ref())
                    && (!case_informative || capitalised(k))
            };
            let titled = if from >= 3
                && folded[from - 3] == "our"
                && folded[from - 2] == "lady"
                && folded[from - 1] == "of"
                && (from - 2..=from).all(spaced)
                && (!case_informative || capitalised(from - 3))
            {
                from - 3
            } else if from >= 1
                && spaced(from)
                && (title_at(from - 1) || (folded[from - 1] == "our" && folded[from] == "lady"))
            {
                from - 1
            } else {
                from
            };
            mark_named(rules, titled..from);
            for k in from..j {
                if !rules[k].phi || is_head(k) {
                    mark(rules, k, PhiType::Hospital);
                } else {
                    rules[k].kind = Some(PhiType::Hospital);
                }
                // the model reads "west" as a direction and released it; a hospital named where
                // one goes ("readmitted to the Praxis Dr. Trubin", "to the RS Melani") is never
                // released either
                let foreign = (i..j).any(|h| HOSPITAL_NOUNS.contains(&folded[h].as_ref()));
                // ... nor a connector inside a name where one goes ("airlifted to ROYAL INFIRMARY
                // OF EDINBURGH": the model released "OF" in ALL CAPS), never one that ends the run
                let inner_connector = (is_connector(k)
                    || NAMED_AFTER_TITLES.contains(&folded[k].as_ref()))
                    && k > i
                    && k + 1 < j;
                // ... nor the head of a name that comes first before a person's or place's two
                // words ("readmitted to the HOSPITAL PABLO TOBÓN URIBE", "hospital ángeles
                // tuxtla gutiérrez": the model released the head)
                // ("under Regional Hospice of Western CT services": or before "of" and its name,
                // with the public kind before it)
                let head_first =
                    k <= i && is_head(i) && (anchors >= 2 || (i + 1 < j && folded[i + 1] == "of"));
                // ... nor, wherever it stands, the title of the person it is named after between
                // its head and the name ("trasladada al HOSPITAL DR. RAFAEL ÁNGEL CALDERÓN
                // GUARDIA": the model released "DR" in ALL CAPS and lower case)
                let named_after_title = flags[k] & flag::SALUTATION != 0
                    && k > i
                    && is_head(k - 1)
                    && k + 1 < j
                    && is_anchor(k + 1, rules);
                // ... nor an abbreviated head ("Adm Jacobi Med Ctr 5/1/91", "seen unm hosp er":
                // the model released "Med", "Ctr" and "hosp")
                // after a name or place a dictionary knows, of three letters or more; not after a
                // word no dictionary knows ("to hlth ctr", "hosp w/encephalitis")
                let abbreviated = ABBREVIATED_HEADS.contains(&folded[k].as_ref())
                    && (i..k)
                        .rev()
                        .find(|&m| !ABBREVIATED_HEADS.contains(&folded[m].as_ref()))
                        .is_some_and(|m| {
                            is_anchor(m, rules)
                                && folded[m].chars().count() >= 3
                                && !matches!(
                                    rules[m].reason,
                                    Reason::Unknown | Reason::SingleCapital
                                )
                        });
                if is_campus(k)
                    || abbreviated
                    || named_after_title
                    || (introduced(titled) && (foreign || inner_connector || head_first))
                {
                    rules[k].reason = Reason::NamedFacility;
                }
            }
            // a second name joined by an ampersand: "Jubilee Mission Medical College & Research
            // Institute", "Kasturba Hospital & Research Centre" (the model released the words
            // after "&" in every case style)
            // ... or a name after "of" that no rule knows, up to the end of its phrase: "at
            // HAFEZ INSTITUTE OF ART AND ARCHITECTURE," (the model released the words after "OF"),
            // or whom a home is for ("SLOVENE HOME FOR THE AGED")
            if let Some(end) = of_tail(doc, folded, j, &is_head, &is_connector)
                .or_else(|| for_tail(doc, folded, j, &is_head))
            {
                // (where one goes, the whole name: the model released "INSTITUTE" too)
                let named = introduced(titled);
                for k in titled..end {
                    mark(rules, k, PhiType::Hospital);
                    if named {
                        rules[k].reason = Reason::NamedFacility;
                    }
                }
                i = end;
                continue;
            }
            if let Some(end) = ampersand_continuation(doc, folded, j, &is_head, &is_connector) {
                mark_named(rules, j..end);
                i = end;
                continue;
            }
        }
        // 1b. a name of facility words only, after where one goes, that "of" and a name close:
        // "AT NATIONAL INSTITUTE OF CHILD HEALTH", "AT UNIVERSITY HOSPITAL OF THE WEST INDIES"
        // (every word a dictionary's, so rule 1 finds no anchor; the model released them in ALL
        // CAPS)
        if heads > 0 && anchors == 0 && heads == j - i {
            let from = if i > 0
                && GENERIC_FACILITY_ADJECTIVES.contains(&folded[i - 1].as_ref())
                && doc.gap_before(i) == " "
                && (!case_informative || capitalised(i - 1))
            {
                i - 1
            } else {
                i
            };
            let after_where_one_goes = from > 0
                && doc.gap_before(from) == " "
                && matches!(folded[from - 1].as_ref(), "at" | "to" | "from" | "into");
            // (or one hospital word before "of the": "AT HOSPICE OF THE BLUEGRASS."; not "at
            // center of the chest", "at home of the neighbour")
            let one_before_the = j - from == 1
                && j + 1 < n
                && folded[j + 1] == "the"
                && HOSPITAL_WORDS.contains(&folded[from].as_ref());
            if after_where_one_goes && (j - from >= 2 || one_before_the) {
                if let Some(end) = of_tail(doc, folded, j, &is_head, &is_connector) {
                    mark_named(rules, from..end);
                    i = end;
                    continue;
                }
            }
        }
        i = j.max(i + 1);
    }
    // 1c. a home or hospital named for whom it cares, after a name or place: "SLOVENE HOME FOR
    // THE AGED", "GOLDEN REAPERS HOME FOR THE AGED" (the model released "FOR THE AGED")
    for k in 1..n.saturating_sub(2) {
        let home = HOMES.contains(&folded[k].as_ref());
        if home && close(doc, k) && is_anchor(k - 1, rules) {
            let head = |h: usize| h == k;
            if let Some(end) = for_tail(doc, folded, k + 1, &head) {
                mark_named(rules, k - 1..end);
            }
        }
    }
    // 2. to 2c. numbered facilities, one-word hospitals and China's people's hospitals
    numbered::apply(
        doc,
        rules,
        flags,
        folded,
        class,
        case_informative,
        &introduced,
        &is_head,
    );
    // 3. a facility or home named after a person: "Smith Nursing Home", "Walker Family
    // Clinic"; where capitals say nothing, a word on the name lexicons before up to three words
    // of the facility's kind ("SMITH NURSING HOME", "walker family clinic", "the long nursing
    // home"), never a plain word ("a local nursing home", "her family clinic")
    let kind_word = |k: usize| on(k, FACILITY_HEAD) || FACILITY_KINDS.contains(&folded[k].as_ref());
    let spaced = |k: usize| doc.gap_before(k) == " ";
    for h in 1..n {
        let head = on(h, FACILITY_HEAD)
            || (folded[h] == "home" && HOME_KINDS.contains(&folded[h - 1].as_ref()))
            // "Gregorybury Urgent Care", "MedExpress Urgent Care": the US walk-in clinic
            || (folded[h] == "care" && folded[h - 1] == "urgent");
        // the last head of a run ("Family Health Center")
        if !head || (h + 1 < n && spaced(h + 1) && kind_word(h + 1)) {
            continue;
        }
        let mut first = h;
        while first > 0 && h - first < 3 && spaced(first) && kind_word(first - 1) {
            first -= 1;
        }
        if first == 0 || !spaced(first) {
            continue;
        }
        let name = first - 1;
        let f = flags[name];
        // a place's two words: "to the port william urgent care", "at the Port William Clinic"
        let start = if !introduced(name)
            && name > 1
            && introduced(name - 1)
            && spaced(name)
            && !kind_word(name - 1)
            // "at his new marymouth urgent care": a town's prefix is a stopword too
            && (flags[name - 1] & flag::STOPWORD == 0
                || CITY_PREFIXES.contains(&folded[name - 1].as_ref()))
            && (!case_informative || capitalised(name - 1))
        {
            name - 1
        } else {
            name
        };
        // an English word naming a clinic of a named kind right after "the" where one goes
        // ("readmitted to the young family clinic", "the Young Family Clinic"), not a plain
        // qualifier ("the local family clinic", "the nearest urgent care", "the acute care clinic")
        let qualified = first < h
            && CASELESS_HEADS.contains(&folded[h].as_ref())
            && introduced(start)
            && start == name
            && folded[name - 1] == "the"
            // (the stopword list holds "young" and "long" too)
            && !QUALIFIERS.contains(&folded[name].as_ref())
            && doc.token_text(name).chars().all(char::is_alphabetic)
            && (!case_informative || (name..=h).all(capitalised));
        let named = !kind_word(name) && qualified
            || !kind_word(name)
                && if case_informative {
                    (name..=h).all(capitalised)
                        && f & flag::STOPWORD == 0
                        && (f & (flag::FIRST_NAME | flag::SURNAME) != 0 || f & flag::SAFE == 0)
                } else {
                    // the surname list holds "red", "left" and "regular" too: only a clinic,
                    // hospital or home of a named kind ("family clinic", "nursing home") that is
                    // introduced; never "w/a red center", "pt left clinic", "go to regular clinic".
                    // A word no dictionary knows names one too ("airlifted to gregorybury urgent
                    // care"): a misspelling is masked already, and only its facility words join it
                    // A town's name names one too, even one that is an everyday word ("patient
                    // sent to concord hospital"; right before the head only a hospital's, not "(ART
                    // CLINIC)"), never a qualifier ("the same hospital")
                    CASELESS_HEADS.contains(&folded[h].as_ref())
                        && (first < h
                            || (f & flag::CITY != 0
                                && matches!(folded[h].as_ref(), "hospital" | "infirmary")))
                        && introduced(start)
                        && (f & (flag::FIRST_NAME | flag::SURNAME | flag::CITY) != 0
                            || (rules[name].phi && rules[name].reason == Reason::Unknown))
                        && f & (flag::STOPWORD | flag::CURATED_SAFE) == 0
                        && !QUALIFIERS.contains(&folded[name].as_ref())
                };
        if !named {
            continue;
        }
        // Never released where a clinic, hospital or home is introduced as a place: in lower
        // case and ALL CAPS the model read "miller", "william" and "care" as safe. Elsewhere
        // (a heading "Wound Care Nurse Clinic", a title "(Field Medical Director)") the model
        // still decides.
        let certain = hospital_noun(h) && introduced(start);
        for k in start..=h {
            mark(rules, k, PhiType::Hospital);
            if certain && rules[k].reason == Reason::Context {
                rules[k].reason = Reason::NamedFacility;
            }
        }
    }
    // 4. a facility named after a saint: "St. Bell Medical Center", "brought to st. bell medical
    // center", "SAINT ROSE HOSPITAL" (a saint's name that is an English word was released in
    // lower case and ALL CAPS): "st", "saint", "ste", "sainte" or "sankt", one or two name words,
    // then up to four facility words ending in a head. Never released where one goes.
    for (s, word) in folded.iter().enumerate().take(n.saturating_sub(2)) {
        if !matches!(word.as_ref(), "st" | "saint" | "ste" | "sainte" | "sankt")
            || (case_informative && !capitalised(s))
        {
            continue;
        }
        let mut k = s + 1;
        while k < n
            && k - s <= 2
            && close(doc, k)
            && !kind_word(k)
            && doc.token_text(k).chars().all(char::is_alphabetic)
            && (!case_informative || capitalised(k))
        {
            k += 1;
        }
        if k == s + 1 {
            continue;
        }
        let mut head = None;
        let mut j = k;
        while j < n && j - k < 4 && spaced(j) && kind_word(j) {
            if on(j, FACILITY_HEAD) {
                head = Some(j);
            }
            j += 1;
        }
        let Some(h) = head else { continue };
        for k in s..=h {
            mark(rules, k, PhiType::Hospital);
            if introduced(s) && rules[k].reason == Reason::Context {
                rules[k].reason = Reason::NamedFacility;
            }
        }
    }
    // 5. a hospital by its acronym, which no dictionary knows: before its emergency department
    // ("seen in the GPHC emergency unit", "BROUGHT TO MSCH EMERGENCY ROOM") or right after a
    // transfer where capitals mean something ("referred to BMC: glucose ..."; "referred to ENT",
    // "transferred to ICU" are dictionary words)
    for k in 0..n {
        let w = doc.token_text(k);
        // (the doctor a patient is referred to, and Indonesia's emergency units, are no names:
        // "referred to PMD", "Brought to IGD")
        let acronym = (2..=6).contains(&w.len())
            && w.bytes().all(|b| b.is_ascii_uppercase())
            && rules[k].reason == Reason::Unknown
            && !matches!(w, "PMD" | "LMD" | "PCP" | "IGD" | "UGD" | "IRD");
        if !acronym {
            continue;
        }
        let before_emergency = k + 1 < n
            && close(doc, k + 1)
            && matches!(folded[k + 1].as_ref(), "emergency" | "casualty" | "a&e");
        let after_transfer = case_informative
            && k >= 2
            && close(doc, k)
            && matches!(folded[k - 1].as_ref(), "to")
            && matches!(
                folded[k - 2].as_ref(),
                "referred" | "transferred" | "admitted" | "brought" | "taken" | "airlifted"
            );
        if before_emergency || after_transfer {
            mark(rules, k, PhiType::Hospital);
            rules[k].reason = Reason::NamedFacility;
        }
    }
    // 6. a care home named in everyday words before its kind, where one lives or goes ("all
    // residents of PRAIRIE CROSSING SENIOR LIVING")
    care_homes::apply(doc, rules, flags, folded, case_informative);
    // 7. a practice named in everyday words before its specialty ("VESTIBULAR REHAB WITH GULF
    // COAST PHYSICAL THERAPY", "vax @ concord pediatrics")
    practices::apply(doc, rules, flags, folded, case_informative);
    // 8. a named facility's own article, capitalised inside a sentence where capitals mean
    // something ("immunization at The Miriam Hospital", "the ICU of The Medical City", "(The
    // Queen's Medical Center"): the name's first word is masked and a head ends the run
    if case_informative {
        for k in 0..n.saturating_sub(2) {
            let inside_sentence = k > 0
                && !doc
                    .gap_before(k)
                    .trim_end_matches(' ')
                    .ends_with(['.', '!', '?', '\n', ':', '"', '\u{201c}']);
            let named = || {
                let run = (k + 1..n.min(k + 7))
                    .take_while(|&j| rules[j].phi && !doc.gap_before(j).contains('\n'));
                run.clone().count() >= 2 && run.into_iter().any(|j| on(j, FACILITY_HEAD))
            };
            if doc.token_text(k) == "The"
                && inside_sentence
                && doc.gap_after(k) == " "
                && rules[k + 1].phi
                && capitalised(k + 1)
                && named()
            {
                mark_named(rules, k..k + 1);
            }
        }
    }
    // 9. a stadium, arena or fairground named after a name the rules hold, a mass vaccination
    // site ("VACCINATION CLINIC (M&T BANK STADIUM", "at Arrowhead Arena"): the head and the
    // words between, which the model released as everyday words
    for k in 1..n {
        if !VENUE_HEADS.contains(&folded[k].as_ref()) || rules[k].phi {
            continue;
        }
        let named = (k.saturating_sub(3)..k).rev().find(|&j| {
            rules[j].phi
                && !matches!(rules[j].reason, Reason::Pattern(_) | Reason::Digit)
                && (j + 1..=k).all(|m| {
                    matches!(doc.gap_before(m), " " | "&" | " & ")
                        && doc.token_text(m).chars().all(char::is_alphabetic)
                })
        });
        if let Some(j) = named {
            mark_named(rules, j + 1..k + 1);
            // (the name keeps its reason where it is already a facility's)
            if rules[j].kind != Some(PhiType::Hospital) {
                mark(rules, j, PhiType::Hospital);
            }
        }
    }
}

#[cfg(test)]
mod tests;
